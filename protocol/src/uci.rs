//! The UCI protocol (`tinman` with no arguments): every game through `UCI_Variant`.
//!
//! The search runs on its own thread so that `stop`, `isready` and `quit` are answered while it
//! thinks; it prints its own `info` lines and `bestmove`.

use crate::game;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use tinman_core::{variants, Color, Position, Variant};
use tinman_search::searcher::SEARCH_STACK_BYTES;
use tinman_search::{Clock, EvalMode, Limits, Score, SearchInfo, Searcher};

const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 4096;
const MAX_MULTI_PV: usize = 256;
const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// One line to the GUI, flushed at once.
fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

struct Engine {
    variant: &'static Variant,
    position: Position,
    hash_mb: usize,
    threads: usize,
    multi_pv: usize,
    move_overhead: Duration,
    /// The `wizardoz` road chosen with the `Road` option (`None`: the default road).
    road: Option<String>,
    /// The searcher while idle; during a search it lives on the search thread.
    searcher: Option<Searcher>,
    search: Option<Running>,
}

/// A search on its thread.
struct Running {
    handle: JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
    /// Set to keep a ponder search from announcing a move when `ponderhit` replaces it.
    silent: Arc<AtomicBool>,
    /// For a ponder search: the limits to search with once the opponent plays the move.
    on_ponderhit: Option<Limits>,
}

/// Runs the UCI loop: `first` (the GUI's first command, already read), then standard input
/// until `quit` or end of input.
pub fn run(first: &str) {
    let normal = variants::by_name("normal").expect("standard chess");
    let mut engine = Engine {
        variant: normal,
        position: Position::start(normal),
        hash_mb: DEFAULT_HASH_MB,
        threads: 1,
        multi_pv: 1,
        move_overhead: tinman_search::limits::DEFAULT_MOVE_OVERHEAD,
        road: None,
        searcher: Some(Searcher::new(DEFAULT_HASH_MB)),
        search: None,
    };
    let stdin = std::io::stdin();
    let mut lines = std::iter::once(Ok(first.to_string())).chain(stdin.lock().lines());
    while let Some(Ok(line)) = lines.next() {
        if !engine.command(line.trim()) {
            break;
        }
    }
    engine.finish_search();
}

impl Engine {
    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" => {}
            "uci" => self.identify(),
            "isready" => send("readyok"),
            "ucinewgame" => {
                self.finish_search();
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                self.position = self.start_position();
            }
            "setoption" => self.set_option(rest),
            "position" => self.set_position(rest),
            "go" => self.go(rest),
            "stop" => self.finish_search(),
            "ponderhit" => self.ponderhit(),
            "quit" => return false,
            _ => send(&format!("info string error: unknown command '{word}'")),
        }
        true
    }

    fn identify(&self) {
        send(&format!("id name Tinman {}", env!("CARGO_PKG_VERSION")));
        send("id author the Tinman developers");
        // `chess` is listed too: python-chess and Fairy-Stockfish-style GUIs name standard chess so.
        let games: Vec<String> =
            variants::NAMES.iter().chain(&["chess"]).map(|n| format!("var {n}")).collect();
        send(&format!("option name UCI_Variant type combo default normal {}", games.join(" ")));
        send(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
        send(&format!("option name Threads type spin default 1 min 1 max {}", game::max_threads()));
        send("option name Clear Hash type button");
        send(&format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"));
        send("option name Ponder type check default false");
        send(&format!(
            "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
            tinman_search::limits::DEFAULT_MOVE_OVERHEAD.as_millis()
        ));
        send("option name UCI_AnalyseMode type check default false");
        send("option name Road type string default c4,d5,e6,f5,g4");
        send("option name Evaluation type combo default full var full var material");
        send("uciok");
    }

    fn set_option(&mut self, rest: &str) {
        let Some(rest) = rest.strip_prefix("name ") else {
            return send("info string error: setoption needs 'name'");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        self.finish_search();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let wanted = match value {
                    "chess" | "standard" => "normal",
                    other => other,
                };
                match variants::by_name(wanted) {
                    Some(v) => {
                        self.variant = v;
                        self.position = self.start_position();
                    }
                    None => send(&format!("info string error: unknown variant '{value}'")),
                }
            }
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.hash_mb = mb;
                    if let Some(s) = self.searcher.as_mut() {
                        s.set_hash(mb);
                    }
                }
                _ => send(&format!("info string error: Hash must be 1 to {MAX_HASH_MB}, not '{value}'")),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=game::max_threads()).contains(&n) => {
                    self.threads = n;
                    if let Some(s) = self.searcher.as_mut() {
                        s.set_threads(n);
                    }
                }
                _ => send(&format!(
                    "info string error: Threads must be 1 to {}, not '{value}'",
                    game::max_threads()
                )),
            },
            "clear hash" => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
            }
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTI_PV).contains(&n) => self.multi_pv = n,
                _ => send(&format!("info string error: MultiPV must be 1 to {MAX_MULTI_PV}, not '{value}'")),
            },
            "move overhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= MAX_MOVE_OVERHEAD_MS => self.move_overhead = Duration::from_millis(ms),
                _ => send(&format!("info string error: Move Overhead must be 0 to {MAX_MOVE_OVERHEAD_MS}")),
            },
            // The GUI's pondering switch and analysis flag change nothing in how we search.
            "ponder" | "uci_analysemode" => {}
            "road" => match game::checked_road(value) {
                Ok(road) => {
                    self.road = Some(road);
                    if self.variant.name == "wizardoz" {
                        self.position = self.start_position();
                    }
                }
                Err(e) => send(&format!("info string error: Road: {e}")),
            },
            "evaluation" => match (value.to_ascii_lowercase().as_str(), self.searcher.as_mut()) {
                ("full", Some(s)) => s.set_eval_mode(EvalMode::Full),
                ("material", Some(s)) => s.set_eval_mode(EvalMode::MaterialOnly),
                _ => send(&format!("info string error: Evaluation must be full or material, not '{value}'")),
            },
            _ => send(&format!("info string error: unknown option '{name}'")),
        }
    }

    /// `position startpos|fen FEN [moves M...]`; on any error the old position stays.
    fn set_position(&mut self, rest: &str) {
        let (setup, moves) = match rest.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.trim()),
            None => (rest.trim(), ""),
        };
        let mut pos = if setup == "startpos" {
            self.start_position()
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            match game::position_from_fen(self.variant, self.road.as_deref(), fen.trim()) {
                Ok(p) => p,
                Err(e) => return send(&format!("info string error: bad FEN: {e}")),
            }
        } else {
            return send("info string error: position needs 'startpos' or 'fen'");
        };
        for text in moves.split_whitespace() {
            match pos.parse_move(text) {
                Ok(m) => pos.make(m),
                Err(e) => return send(&format!("info string error: {e}")),
            }
        }
        self.finish_search();
        self.position = pos;
    }

    fn go(&mut self, rest: &str) {
        self.finish_search();
        let (mut limits, ponder) = match parse_go(rest, &self.position) {
            Ok(l) => l,
            Err(e) => return send(&format!("info string error: {e}")),
        };
        limits.multi_pv = self.multi_pv;
        limits.move_overhead = Some(self.move_overhead);
        if ponder {
            // Think on the opponent's time without a budget until `ponderhit` or `stop`.
            let thinking = Limits { clock: None, move_time: None, ..limits.clone() };
            self.start_search(thinking, Some(limits));
        } else {
            self.start_search(limits, None);
        }
    }

    fn start_search(&mut self, limits: Limits, on_ponderhit: Option<Limits>) {
        let mut searcher = self.searcher.take().unwrap_or_else(|| {
            let mut s = Searcher::new(self.hash_mb);
            s.set_threads(self.threads);
            s
        });
        let stop = searcher.stop_flag();
        let silent = Arc::new(AtomicBool::new(false));
        let quiet = silent.clone();
        let position = self.position.clone();
        let thread = std::thread::Builder::new().name("search".into()).stack_size(SEARCH_STACK_BYTES);
        let handle = thread.spawn(move || {
            let result = searcher.search(&position, &limits, &mut |info| send(&info_line(&position, info)));
            if quiet.load(Ordering::Relaxed) {
                return searcher;
            }
            match result.best {
                None => send("bestmove 0000"),
                Some(best) => {
                    let mut line = format!("bestmove {}", position.move_text(best));
                    if let Some(ponder) = result.ponder {
                        let mut after = position.clone();
                        after.make(best);
                        line.push_str(&format!(" ponder {}", after.move_text(ponder)));
                    }
                    send(&line);
                }
            }
            searcher
        });
        let handle = handle.expect("the search thread starts");
        self.search = Some(Running { handle, stop, silent, on_ponderhit });
    }

    /// The opponent played the expected move: search it for real, with the `go ponder` clock.
    fn ponderhit(&mut self) {
        let Some(limits) = self.search.as_mut().and_then(|r| r.on_ponderhit.take()) else { return };
        if let Some(running) = self.search.as_ref() {
            running.silent.store(true, Ordering::Relaxed);
        }
        self.finish_search();
        self.start_search(limits, None);
    }

    /// The start position of the current game (with the chosen road in `wizardoz`).
    fn start_position(&self) -> Position {
        game::start_position(self.variant, self.road.as_deref())
    }

    /// Stops a running search (it still sends its `bestmove`) and takes the searcher back.
    fn finish_search(&mut self) {
        if let Some(running) = self.search.take() {
            running.stop.store(true, Ordering::Relaxed);
            if let Ok(searcher) = running.handle.join() {
                self.searcher = Some(searcher);
            }
            // The search may have ended before the flag was set: clear it for the next one.
            running.stop.store(false, Ordering::Relaxed);
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
        let mut number = || -> Result<u64, String> {
            let v = words.next().ok_or(format!("go {word} needs a number"))?;
            v.parse().map_err(|_| format!("go {word}: '{v}' is not a number"))
        };
        let ms = |n: u64| Duration::from_millis(n);
        match (word, side) {
            ("wtime", Color::White) | ("btime", Color::Black) => {
                clock.remaining = ms(number()?);
                has_clock = true;
            }
            ("winc", Color::White) | ("binc", Color::Black) => clock.increment = ms(number()?),
            ("wtime" | "btime" | "winc" | "binc", _) => {
                number()?;
            }
            ("movestogo", _) => clock.moves_to_go = Some(number()? as u32),
            ("depth", _) => limits.depth = Some(number()? as u32),
            ("nodes", _) => limits.nodes = Some(number()?),
            ("movetime", _) => limits.move_time = Some(ms(number()?)),
            ("mate", _) => limits.mate = Some(number()? as u32),
            ("ponder", _) => ponder = true,
            ("infinite", _) => {}
            _ => return Err(format!("go: unknown word '{word}'")),
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
