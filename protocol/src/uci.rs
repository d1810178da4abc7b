//! The UCI protocol (`tinman` with no arguments): every game through `UCI_Variant`.
//!
//! The search runs on its own thread so that `stop`, `isready` and `quit` are answered while it
//! thinks; it prints its own `info` lines and `bestmove`.

use crate::io::Output;
use crate::session::{rules, EngineOption, Game, Session, EVALUATION_VALUES};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tinman_core::{variants, Color, Position};
use tinman_search::{Clock, Limits, Score, SearchInfo};

/// Most moves to the next time control a GUI can give.
const MAX_MOVES_TO_GO: u64 = 10_000;

/// What `help` (or an unknown command) tells a person typing at the engine.
const HELP: &[&str] = &[
    "Tinman speaks UCI here: uci, isready, setoption name N value V, ucinewgame,",
    "position startpos|fen FEN [moves M...], go [depth N|nodes N|movetime MS|wtime MS btime MS",
    "winc MS binc MS movestogo N|infinite|ponder|searchmoves M...], stop, ponderhit, quit;",
    "eval (the static evaluation term by term).",
    "Command-line tools: tinman perft|moves|fen|eval|go|bench|match (tinman help).",
];

struct Engine {
    out: Output,
    session: Session,
    position: Position,
    /// How `position` was last set by a `position` command, while nothing else changed it.
    line: Option<PositionLine>,
    search: Option<Running>,
}

/// A `position` command's setup (`startpos` or `fen ...`) and moves. GUIs resend the whole
/// game every move; a command that extends the last one only plays its new moves, so that a
/// long game's replay (a legal-move generation per move, thousands of jump chains in
/// `desertoasis`) does not eat the clock outside the search.
struct PositionLine {
    setup: String,
    moves: Vec<String>,
}

/// What the UCI side keeps of a running search.
struct Running {
    /// Set to keep a ponder search from announcing a move when `ponderhit` replaces it.
    silent: Arc<AtomicBool>,
    /// For a ponder search: the limits to search with once the opponent plays the move.
    on_ponderhit: Option<Limits>,
}

/// Runs the UCI loop: `first` (the GUI's first command, already read), then standard input
/// until `quit` or end of input.
pub fn run(first: &str, mut input: Box<dyn BufRead + Send>, out: Output) {
    let session = Session::new();
    let position = session.game.start_position();
    let mut engine = Engine { out, session, position, line: None, search: None };
    let mut line = first.to_string();
    loop {
        if !engine.command(line.trim()) {
            break;
        }
        match crate::read_line(&mut input) {
            Some(next) => line = next,
            None => break,
        }
    }
    engine.finish_search();
}

impl Engine {
    /// One line to the GUI, flushed at once.
    fn send(&self, line: &str) {
        self.out.line(line);
    }

    fn error(&self, message: &str) {
        self.send(&format!("info string error: {message}"));
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" => {}
            "uci" => self.identify(),
            "isready" => self.send("readyok"),
            "ucinewgame" => {
                self.finish_search();
                self.session.new_game();
                self.position = self.session.game.start_position();
                self.line = None;
            }
            "setoption" => self.set_option(rest),
            "position" => self.set_position(rest),
            "go" => self.go(rest),
            "stop" => self.finish_search(),
            // As Stockfish's `eval`: the static evaluation of the current position.
            "eval" => crate::explain::breakdown_lines(&self.position, self.session.settings.eval_mode)
                .iter()
                .for_each(|l| self.send(&format!("info string {l}"))),
            "ponderhit" => self.ponderhit(),
            "quit" => return false,
            "help" => HELP.iter().for_each(|l| self.send(&format!("info string {l}"))),
            _ => self.error(&format!("unknown command '{}' (type 'help')", rules::shorten(word))),
        }
        true
    }

    fn identify(&self) {
        self.send(&format!("id name Tinman {}", env!("CARGO_PKG_VERSION")));
        self.send("id author the Tinman developers");
        // `chess` is listed too: python-chess and Fairy-Stockfish-style GUIs name standard chess so.
        let games: Vec<String> =
            variants::names().into_iter().chain(["chess"]).map(|n| format!("var {n}")).collect();
        self.send(&format!(
            "option name UCI_Variant type combo default {} {}",
            variants::DEFAULT,
            games.join(" ")
        ));
        for option in EngineOption::ALL {
            self.send(&option_line(option));
        }
        self.send("option name Ponder type check default false");
        self.send("option name UCI_AnalyseMode type check default false");
        self.send("uciok");
    }

    fn set_option(&mut self, rest: &str) {
        let Some(rest) = rest.strip_prefix("name ") else {
            return self.error("setoption needs 'name'");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        self.finish_search();
        // Any option may change what `startpos` is (the game, the road, a setting).
        self.line = None;
        if name.eq_ignore_ascii_case("UCI_Variant") {
            match Game::variant_by_name(value) {
                Ok(v) => {
                    self.session.game.variant = v;
                    self.position = self.session.game.start_position();
                }
                Err(e) => self.error(&e),
            }
            return;
        }
        // The GUI's pondering switch and analysis flag change nothing in how we search.
        if name.eq_ignore_ascii_case("Ponder") || name.eq_ignore_ascii_case("UCI_AnalyseMode") {
            return;
        }
        let Some(option) = EngineOption::by_name(name) else {
            return self.error(&format!("unknown option '{}'", rules::shorten(name)));
        };
        match self.session.set_option(option, value) {
            Ok(()) if option == EngineOption::Road && self.session.game.has_road() => {
                self.position = self.session.game.start_position();
            }
            Ok(()) => {}
            Err(e) => self.error(&e),
        }
    }

    /// `position startpos|fen FEN [moves M...]`; on any error the old position stays.
    fn set_position(&mut self, rest: &str) {
        let (setup, moves) = match rest.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.trim()),
            None => (rest.trim(), ""),
        };
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let extends = self.line.as_ref().is_some_and(|l| {
            l.setup == setup
                && l.moves.len() <= moves.len()
                && l.moves.iter().zip(&moves).all(|(a, b)| a == b)
        });
        let (mut pos, played) = if extends {
            (self.position.clone(), self.line.as_ref().map_or(0, |l| l.moves.len()))
        } else if setup == "startpos" {
            (self.session.game.start_position(), 0)
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            match self.session.game.position_from_fen(fen.trim()) {
                Ok(p) => (p, 0),
                Err(e) => return self.error(&format!("bad FEN: {e}")),
            }
        } else {
            return self.error("position needs 'startpos' or 'fen'");
        };
        for text in &moves[played..] {
            match pos.parse_move(text) {
                Ok(m) => pos.make(m),
                Err(e) => return self.error(&e.to_string()),
            }
        }
        self.finish_search();
        self.position = pos;
        self.line = Some(PositionLine {
            setup: setup.to_string(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
        });
    }

    fn go(&mut self, rest: &str) {
        self.finish_search();
        let (mut limits, ponder) = match parse_go(rest, &self.position) {
            Ok(l) => l,
            Err(e) => return self.error(&e),
        };
        limits.multi_pv = self.session.settings.multi_pv;
        if ponder {
            // Think on the opponent's time without a budget until `ponderhit` or `stop`.
            let thinking = Limits { clock: None, move_time: None, ..limits.clone() };
            self.start_search(thinking, Some(limits));
        } else {
            self.start_search(limits, None);
        }
    }

    fn start_search(&mut self, limits: Limits, on_ponderhit: Option<Limits>) {
        let silent = Arc::new(AtomicBool::new(false));
        let quiet = silent.clone();
        let (info_out, done_out) = (self.out.clone(), self.out.clone());
        self.session.start(
            self.position.clone(),
            limits,
            move |root, info| info_out.line(&info_line(root, info)),
            move |root, result| {
                if quiet.load(Ordering::Relaxed) {
                    return;
                }
                match result.best {
                    None => done_out.line("bestmove 0000"),
                    Some(best) => {
                        let mut line = format!("bestmove {}", root.move_text(best));
                        if let Some(ponder) = result.ponder {
                            let mut after = root.clone();
                            after.make(best);
                            line.push_str(&format!(" ponder {}", after.move_text(ponder)));
                        }
                        done_out.line(&line);
                    }
                }
            },
        );
        self.search = Some(Running { silent, on_ponderhit });
    }

    /// The opponent played the expected move: search it for real, with the `go ponder` clock.
    fn ponderhit(&mut self) {
        let Some(running) = self.search.as_mut() else { return };
        let Some(limits) = running.on_ponderhit.take() else { return };
        running.silent.store(true, Ordering::Relaxed);
        self.finish_search();
        self.start_search(limits, None);
    }

    /// Stops a running search (it still sends its `bestmove`) and takes the searcher back.
    fn finish_search(&mut self) {
        self.search = None;
        self.session.stop();
    }
}

/// The `option name ...` line of an engine option.
fn option_line(option: EngineOption) -> String {
    let name = option.name();
    if let Some((default, min, max)) = option.spin() {
        return format!("option name {name} type spin default {default} min {min} max {max}");
    }
    match option {
        EngineOption::ClearHash => format!("option name {name} type button"),
        EngineOption::Road => {
            format!("option name {name} type string default {}", crate::game::setting_default(name))
        }
        _ => {
            let vars: Vec<String> = EVALUATION_VALUES.iter().map(|v| format!("var {v}")).collect();
            format!("option name {name} type combo default {} {}", EVALUATION_VALUES[0], vars.join(" "))
        }
    }
}

/// The limits of a `go` command for the side to move in `pos`, and whether it is `go ponder`.
fn parse_go(rest: &str, pos: &Position) -> Result<(Limits, bool), String> {
    let side = pos.side_to_move();
    let mut limits = Limits::default();
    let mut clock = Clock::default();
    let (mut has_clock, mut ponder) = (false, false);
    let mut words = rest.split_whitespace().peekable();
    while let Some(word) = words.next() {
        if word == "searchmoves" {
            while let Some(m) = words.peek().and_then(|text| pos.parse_move(text).ok()) {
                limits.search_moves.push(m);
                words.next();
            }
            continue;
        }
        let mut value = || words.next().ok_or(format!("go {word} needs a number"));
        let reading = |text: &str| rules::clock_reading(word, text, 1);
        match (word, side) {
            ("wtime", Color::White) | ("btime", Color::Black) => {
                clock.remaining = reading(value()?)?;
                has_clock = true;
            }
            ("winc", Color::White) | ("binc", Color::Black) => clock.increment = reading(value()?)?,
            ("wtime" | "btime" | "winc" | "binc", _) => {
                reading(value()?)?;
            }
            ("movestogo", _) => {
                let n = rules::whole_number("movestogo", value()?, 0, MAX_MOVES_TO_GO)?;
                clock.moves_to_go = Some(n.max(1) as u32);
            }
            ("depth", _) => limits.depth = Some(rules::depth(value()?)?),
            ("nodes", _) => limits.nodes = Some(rules::nodes(value()?)?),
            ("movetime", _) => limits.move_time = Some(rules::move_time_ms(value()?)?),
            ("mate", _) => {
                limits.mate = Some(rules::whole_number("mate", value()?, 1, rules::MAX_DEPTH)? as u32)
            }
            ("ponder", _) => ponder = true,
            ("infinite", _) => {}
            _ => return Err(format!("go: unknown word '{}'", rules::shorten(word))),
        }
    }
    if has_clock {
        limits.clock = Some(clock);
    }
    Ok((limits, ponder))
}

/// A search report as a UCI `info` line.
pub fn info_line(pos: &Position, info: &SearchInfo) -> String {
    let score = match info.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {} pv",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    let mut p = pos.clone();
    for &m in &info.pv {
        line.push(' ');
        line.push_str(&p.move_text(m));
        p.make(m);
    }
    line
}
