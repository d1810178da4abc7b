//! The XBoard/WinBoard protocol (CECP, protover 2): every game as an engine-defined variant.
//!
//! One loop handles events in order: lines from the GUI (read on their own thread) and the
//! end of a search (which runs on its own thread, so `?`, `force`, `ping` and analysis
//! commands are answered while it thinks). Only this loop changes the game.

mod announce;
mod clock;
pub(crate) mod moves;
mod output;

use crate::io::Output;
use crate::session::{rules, EngineOption, Game, Session};
use clock::TimeControl;
use std::io::BufRead;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tinman_core::{Color, DrawReason, Move, Outcome, Position, Square};
use tinman_search::{Limits, Score, SearchInfo, SearchResult};

/// What `help` tells a person typing at the engine (XBoard ignores lines starting with `#`).
const HELP: &[&str] = &[
    "# Tinman speaks the XBoard protocol here (protover 2): new, variant NAME, setboard FEN,",
    "# usermove MOVE, go, force, level MPS BASE INC, st S, sd N, time CS, analyze, exit, undo,",
    "# option NAME=VALUE, memory MB, cores N, ping N, quit.",
    "# Command-line tools: tinman perft|moves|fen|go|bench|match.",
];
/// A draw offer is accepted when the engine's last score is this bad or worse (it is losing
/// clearly enough that half a point is a gain).
const ACCEPT_DRAW_BELOW_CP: i32 = -150;

enum Event {
    Command(String),
    /// The search of this generation has finished on its own (or was told to stop).
    SearchDone(u64),
    InputClosed,
}

/// Why a search runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Purpose {
    /// The engine's move: played when the search ends.
    Move,
    /// Thinking on the opponent's time, after the move the engine expects.
    Ponder(Move),
    /// `analyze` mode: runs until the position changes or the GUI leaves.
    Analyze,
}

/// What the XBoard side keeps of a running search.
struct Running {
    purpose: Purpose,
    generation: u64,
}

/// The last report of the running search, for the `.` command.
#[derive(Default, Clone)]
struct Progress {
    time: Duration,
    nodes: u64,
    depth: u32,
    best: Option<String>,
}

struct Engine {
    out: Output,
    events: Sender<Event>,
    session: Session,
    position: Position,
    /// The GUI sent a position the engine cannot read: moves are refused until a new one.
    position_invalid: bool,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    analyzing: bool,
    post: bool,
    ponder: bool,
    time: TimeControl,
    /// Root moves the GUI excluded from analysis.
    excluded: Vec<Move>,
    /// The score of the engine's last move, from its own side.
    last_score: Option<Score>,
    /// `ping`s that arrived while the engine was thinking about its move: answered after it.
    pending_pongs: Vec<String>,
    /// The square of the piece the GUI lifted, for the second leg of a multi-leg move.
    lifted: Option<Square>,
    search: Option<Running>,
    generation: u64,
    progress: Arc<Mutex<Progress>>,
}

/// Runs the XBoard loop: `first` (the GUI's first command, already read), then standard input
/// until `quit` or end of input.
pub fn run(first: &str, mut input: Box<dyn BufRead + Send>, out: Output) {
    let (events, inbox) = channel();
    let reader = events.clone();
    std::thread::spawn(move || {
        while let Some(line) = crate::read_line(&mut input) {
            if reader.send(Event::Command(line)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::InputClosed);
    });
    let session = Session::new();
    let position = session.game.start_position();
    let mut engine = Engine {
        out,
        events,
        session,
        position,
        position_invalid: false,
        engine_side: Some(Color::Black),
        analyzing: false,
        post: true,
        ponder: false,
        time: TimeControl::default(),
        excluded: Vec::new(),
        last_score: None,
        pending_pongs: Vec::new(),
        lifted: None,
        search: None,
        generation: 0,
        progress: Arc::default(),
    };
    if engine.command(first) {
        engine.serve(inbox);
    }
    engine.abort_search();
}

impl Engine {
    /// One line to the GUI, flushed at once.
    fn send(&self, line: &str) {
        self.out.line(line);
    }

    fn serve(&mut self, inbox: Receiver<Event>) {
        while let Ok(event) = inbox.recv() {
            match event {
                Event::Command(line) => {
                    if !self.command(line.trim()) {
                        return;
                    }
                }
                Event::SearchDone(generation) => {
                    if self.search.as_ref().is_some_and(|s| s.generation == generation) {
                        self.finish_search();
                    }
                }
                Event::InputClosed => return,
            }
        }
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "quit" => return false,
            "" | "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics"
            | "egtpath" | "bk" | "hover" | "otim" => {}
            "protover" => announce::features().iter().for_each(|l| self.send(l)),
            "ping" => self.ping(rest),
            "new" => self.new_game(),
            "setboard" => self.set_board(rest),
            "force" => {
                self.abort_search();
                self.engine_side = None;
            }
            "playother" => {
                self.abort_search();
                self.engine_side = Some(!self.position.side_to_move());
            }
            "usermove" => self.user_move(rest),
            "?" => self.move_now(),
            "draw" => self.draw_offered(),
            "result" => {
                self.abort_search();
                self.engine_side = None;
            }
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                self.abort_ponder();
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "hint" => self.hint(),
            "analyze" => {
                self.analyzing = true;
                self.restart_analysis();
            }
            "exit" => {
                self.analyzing = false;
                self.abort_search();
            }
            "." => self.status(),
            "help" => {
                HELP.iter().for_each(|l| self.send(l));
                self.send(&format!("# Variants: {}.", tinman_core::variants::names().join(", ")));
            }
            // A bare move (from a GUI that did not accept `usermove=1`).
            _ if rest.is_empty() && moves::from_xboard(&self.position, word).is_ok() => self.user_move(word),
            _ => {
                if let Err(reason) = self.checked_command(word, rest) {
                    self.send(&format!("Error ({reason}): {}", rules::shorten(line)));
                }
            }
        }
        true
    }

    /// The commands whose arguments can be wrong; `Err` is the reason for XBoard's `Error`.
    fn checked_command(&mut self, word: &str, rest: &str) -> Result<(), String> {
        match word {
            "variant" => self.set_variant(rest),
            "go" => self.go(),
            "white" | "black" => self.set_colors(word),
            "level" => self.time.set_level(rest),
            "st" => self.time.set_move_time(rest),
            "sd" => rules::depth(rest).map(|d| self.time.depth = Some(d)),
            "nps" => self.time.set_nps(rest),
            "time" => rules::clock_reading("time", rest, 10).map(|t| self.time.own_time = Some(t)),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "memory" => self.set_engine_option(EngineOption::Hash, rest),
            // GUIs send their own idea of the core count: more than the machine has is clamped.
            "cores" => {
                let n = rules::whole_number("cores", rest, 1, u64::MAX)?;
                self.set_engine_option(EngineOption::Threads, &n.min(rules::max_threads() as u64).to_string())
            }
            "option" => self.set_option(rest),
            "exclude" | "include" => self.exclude(word == "exclude", rest),
            "lift" => self.lift(rest),
            "put" => self.put(rest),
            _ => Err("unknown command; type 'help'".into()),
        }
    }

    fn ping(&mut self, rest: &str) {
        let pong = format!("pong {rest}");
        if self.search.as_ref().is_some_and(|s| s.purpose == Purpose::Move) {
            self.pending_pongs.push(pong);
        } else {
            self.send(&pong);
        }
    }

    fn new_game(&mut self) {
        self.abort_search();
        self.session.game.variant = Game::standard().variant;
        self.reset_position(self.session.game.start_position());
        self.engine_side = Some(Color::Black);
        self.time.new_game();
        self.last_score = None;
        self.session.new_game();
        self.restart_analysis();
    }

    fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let variant = Game::variant_by_name(name)?;
        self.abort_search();
        self.session.game.variant = variant;
        self.reset_position(self.session.game.start_position());
        announce::variant_lines(variant, self.session.game.road.as_deref()).iter().for_each(|l| self.send(l));
        self.restart_analysis();
        Ok(())
    }

    fn set_board(&mut self, fen: &str) {
        self.abort_search();
        match self.session.game.position_from_fen(fen) {
            Ok(pos) => self.reset_position(pos),
            Err(e) => {
                self.position_invalid = true;
                self.send(&format!("tellusererror Illegal position: {e}"));
                return;
            }
        }
        self.restart_analysis();
    }

    fn reset_position(&mut self, pos: Position) {
        self.position = pos;
        self.position_invalid = false;
        self.excluded.clear();
    }

    /// Protocol 1's `white` / `black`: that side is to move, the engine plays the other.
    fn set_colors(&mut self, word: &str) -> Result<(), String> {
        self.abort_search();
        let side = if word == "white" { Color::White } else { Color::Black };
        self.engine_side = Some(!side);
        if self.position.side_to_move() != side {
            let fen = self.position.to_fen();
            let mut fields: Vec<&str> = fen.split_whitespace().collect();
            fields[1] = if side == Color::White { "w" } else { "b" };
            fields[3] = "-";
            let pos = Position::from_fen(self.session.game.variant, &fields.join(" "))
                .map_err(|e| e.to_string())?;
            self.reset_position(pos);
        }
        Ok(())
    }

    fn go(&mut self) -> Result<(), String> {
        if self.position_invalid {
            return Err("command not legal now".into());
        }
        self.abort_search();
        self.engine_side = Some(self.position.side_to_move());
        self.think();
        Ok(())
    }

    /// Starts the engine's move search if it is the engine's turn and the game goes on.
    fn think(&mut self) {
        if self.analyzing || self.engine_side != Some(self.position.side_to_move()) {
            return;
        }
        if let Some(outcome) = self.position.outcome() {
            // Asked to move in a finished game (say, after `setboard`): say why not.
            self.send(&outcome.to_string());
            return;
        }
        let mut limits = self.time.limits(self.position.ply() / 2);
        limits.search_moves = self.search_moves();
        self.start_search(Purpose::Move, self.position.clone(), limits);
    }

    fn user_move(&mut self, text: &str) {
        if self.position_invalid {
            return self.send(&format!("Illegal move (no valid position): {text}"));
        }
        let mv = match moves::from_xboard(&self.position, text) {
            Ok(m) => m,
            Err(_) => return self.send(&format!("Illegal move: {text}")),
        };
        self.lifted = None;
        match self.search.as_ref().map(|s| s.purpose) {
            // The expected move or not, the ponder search only warmed the hash table.
            Some(Purpose::Ponder(_) | Purpose::Move) => self.abort_search(),
            Some(Purpose::Analyze) | None => {}
        }
        self.play(mv);
        if self.analyzing {
            self.restart_analysis();
        } else {
            self.think();
        }
    }

    /// Makes a move in the game and claims the result if it ended the game.
    fn play(&mut self, mv: Move) {
        self.position.make(mv);
        self.excluded.clear();
        if let Some(outcome) = self.position.outcome() {
            self.send(&outcome.to_string());
        }
    }

    /// `?`: play the best move found so far.
    fn move_now(&mut self) {
        if self.search.as_ref().is_some_and(|s| s.purpose == Purpose::Move) {
            self.finish_search();
        }
    }

    fn draw_offered(&mut self) {
        let losing = match self.last_score {
            Some(Score::Centipawns(cp)) => cp <= ACCEPT_DRAW_BELOW_CP,
            Some(Score::Mate(n)) => n < 0,
            None => false,
        };
        if losing {
            self.send("offer draw");
        }
    }

    fn take_back(&mut self, plies: usize) -> Result<(), String> {
        if self.position.ply() < plies || self.position_invalid {
            return Err("command not legal now".into());
        }
        self.abort_search();
        for _ in 0..plies {
            self.position.unmake();
        }
        self.excluded.clear();
        self.restart_analysis();
        Ok(())
    }

    fn hint(&self) {
        if let Some(Purpose::Ponder(expected)) = self.search.as_ref().map(|s| s.purpose) {
            self.send(&format!("Hint: {}", self.position.move_text(expected)));
        }
    }

    /// `.` in analysis: `stat01: time nodes ply mvleft mvtot mvname`.
    fn status(&self) {
        if !self.analyzing {
            return;
        }
        let p = self.progress.lock().map(|p| p.clone()).unwrap_or_default();
        let total = self.position.legal_moves().len();
        self.send(&format!(
            "stat01: {} {} {} 0 {total} {}",
            p.time.as_millis() / 10,
            p.nodes,
            p.depth,
            p.best.unwrap_or_default()
        ));
    }

    /// `option NAME=VALUE` (or `option NAME` for a button).
    fn set_option(&mut self, rest: &str) -> Result<(), String> {
        let (name, value) = rest.split_once('=').unwrap_or((rest, ""));
        let option = EngineOption::by_name(name).ok_or("unknown option")?;
        self.set_engine_option(option, value)
    }

    /// Sets an option (from `option`, `memory` or `cores`): it applies from the next search,
    /// and a running analysis restarts with it.
    fn set_engine_option(&mut self, option: EngineOption, value: &str) -> Result<(), String> {
        self.session.set_option(option, value)?;
        if option == EngineOption::Road && self.session.game.has_road() && self.position.ply() == 0 {
            self.abort_search();
            self.reset_position(self.session.game.start_position());
        }
        self.restart_analysis();
        Ok(())
    }

    /// `exclude MOVE|all` / `include MOVE|all`.
    fn exclude(&mut self, exclude: bool, what: &str) -> Result<(), String> {
        let moves: Vec<Move> = if what == "all" {
            self.position.legal_moves().iter().copied().collect()
        } else {
            vec![moves::from_xboard(&self.position, what).map_err(|e| e.to_string())?]
        };
        self.excluded.retain(|m| !moves.contains(m));
        if exclude {
            self.excluded.extend(moves);
        }
        self.restart_analysis();
        Ok(())
    }

    /// The root moves to search: all when nothing is excluded.
    fn search_moves(&self) -> Vec<Move> {
        if self.excluded.is_empty() {
            return Vec::new();
        }
        self.position.legal_moves().iter().copied().filter(|m| !self.excluded.contains(m)).collect()
    }

    fn lift(&mut self, square: &str) -> Result<(), String> {
        let sq = parse_square(square)?;
        self.lifted = Some(sq);
        if let Some(marks) = output::lift_highlight(&self.position, sq) {
            self.send(&marks);
        }
        Ok(())
    }

    /// After the first leg of a multi-leg move (onto a victim): show where the jump lands.
    fn put(&mut self, square: &str) -> Result<(), String> {
        let sq = parse_square(square)?;
        if let Some(from) = self.lifted.filter(|&f| f != sq) {
            if let Some(marks) = output::landing_highlight(&self.position, from, sq) {
                self.send(&marks);
            }
        }
        Ok(())
    }

    /// Restarts the analysis on the current position (if analysing).
    fn restart_analysis(&mut self) {
        if !self.analyzing {
            return;
        }
        self.abort_search();
        if self.position_invalid || self.position.outcome().is_some() {
            return;
        }
        let search_moves = self.search_moves();
        if !self.excluded.is_empty() && search_moves.is_empty() {
            return;
        }
        let limits = Limits { multi_pv: self.session.settings.multi_pv, search_moves, ..Limits::default() };
        self.start_search(Purpose::Analyze, self.position.clone(), limits);
    }

    fn start_search(&mut self, purpose: Purpose, root: Position, limits: Limits) {
        self.stop_search();
        self.generation += 1;
        let generation = self.generation;
        let events = self.events.clone();
        let post = self.post || purpose == Purpose::Analyze;
        let progress = self.progress.clone();
        if let Ok(mut p) = progress.lock() {
            *p = Progress::default();
        }
        let out = self.out.clone();
        let on_info = move |root: &Position, info: &SearchInfo| {
            if post {
                out.line(&output::thinking_line(root, info));
            }
            if let Ok(mut p) = progress.lock() {
                *p = Progress {
                    time: info.time,
                    nodes: info.nodes,
                    depth: info.depth,
                    best: info.pv.first().map(|&m| root.move_text(m)),
                };
            }
        };
        let on_done = move |_: &Position, _: &SearchResult| {
            let _ = events.send(Event::SearchDone(generation));
        };
        self.session.start(root, limits, on_info, on_done);
        self.search = Some(Running { purpose, generation });
    }

    /// Stops the running search and takes the searcher back; returns what it found.
    fn stop_search(&mut self) -> Option<(Purpose, SearchResult)> {
        let running = self.search.take()?;
        let result = self.session.stop()?;
        Some((running.purpose, result))
    }

    /// Stops the running search and throws its result away.
    fn abort_search(&mut self) {
        self.stop_search();
        self.send_pending_pongs();
    }

    /// `ping`s held back while the engine thought about its move.
    fn send_pending_pongs(&mut self) {
        for pong in std::mem::take(&mut self.pending_pongs) {
            self.send(&pong);
        }
    }

    fn abort_ponder(&mut self) {
        if matches!(self.search.as_ref().map(|s| s.purpose), Some(Purpose::Ponder(_))) {
            self.abort_search();
        }
    }

    /// A search has ended (by its limits, or `?`): a move search plays its move.
    fn finish_search(&mut self) {
        if let Some((Purpose::Move, result)) = self.stop_search() {
            self.play_engine_move(result);
        }
    }

    fn play_engine_move(&mut self, result: SearchResult) {
        if let Some(best) = result.best {
            let mut after = self.position.clone();
            after.make(best);
            if matches!(after.outcome(), Some(Outcome::Draw(DrawReason::Repetition | DrawReason::FiftyMoves)))
            {
                // The protocol's way to claim a draw that the move brings about.
                self.send("offer draw");
            }
            self.send(&format!("move {}", moves::to_xboard(&self.position, best)));
            self.last_score = Some(result.score);
            self.play(best);
        }
        self.send_pending_pongs();
        if let (true, Some(expected)) = (self.ponder, result.ponder) {
            if result.best.is_some() && self.position.outcome().is_none() {
                let mut root = self.position.clone();
                root.make(expected);
                self.start_search(Purpose::Ponder(expected), root, Limits::default());
            }
        }
    }
}

fn parse_square(text: &str) -> Result<Square, String> {
    match Square::parse_prefix(text.trim()) {
        Some((sq, "")) => Ok(sq),
        _ => Err("bad square".into()),
    }
}
