//! The UCI protocol (`tinman` with no arguments): every game through `UCI_Variant`.
//!
//! The search runs on its own thread so that `stop`, `isready` and `quit` are answered while it
//! thinks; it prints its own `info` lines and `bestmove`.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use tinman_core::{variants, Color, Position, Variant};
use tinman_search::{Clock, Limits, Score, SearchInfo, Searcher};

const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 4096;

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
    /// The searcher while idle; during a search it lives on the search thread.
    searcher: Option<Searcher>,
    search: Option<(JoinHandle<Searcher>, Arc<AtomicBool>)>,
}

/// Runs the UCI loop on standard input until `quit` or end of input.
pub fn run() {
    let normal = variants::by_name("normal").expect("standard chess");
    let mut engine = Engine {
        variant: normal,
        position: Position::start(normal),
        hash_mb: DEFAULT_HASH_MB,
        searcher: Some(Searcher::new(DEFAULT_HASH_MB)),
        search: None,
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
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
                self.position = Position::start(self.variant);
            }
            "setoption" => self.set_option(rest),
            "position" => self.set_position(rest),
            "go" => self.go(rest),
            "stop" => self.finish_search(),
            "ponderhit" => {}
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
        send("option name Clear Hash type button");
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
                        self.position = Position::start(v);
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
            "clear hash" => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
            }
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
            Position::start(self.variant)
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            match Position::from_fen(self.variant, fen.trim()) {
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
        let limits = match parse_go(rest, self.position.side_to_move()) {
            Ok(l) => l,
            Err(e) => return send(&format!("info string error: {e}")),
        };
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(self.hash_mb));
        let stop = searcher.stop_flag();
        let position = self.position.clone();
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&position, &limits, &mut |info| send(&info_line(&position, info)));
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
        self.search = Some((handle, stop));
    }

    /// Stops a running search (it still sends its `bestmove`) and takes the searcher back.
    fn finish_search(&mut self) {
        if let Some((handle, stop)) = self.search.take() {
            stop.store(true, Ordering::Relaxed);
            if let Ok(searcher) = handle.join() {
                self.searcher = Some(searcher);
            }
        }
    }
}

/// The limits of a `go` command for the side to move.
fn parse_go(rest: &str, side: Color) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut clock = Clock::default();
    let mut has_clock = false;
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
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
            ("infinite" | "ponder", _) => {}
            _ => return Err(format!("go: unknown word '{word}'")),
        }
    }
    if has_clock {
        limits.clock = Some(clock);
    }
    Ok(limits)
}

/// A search report as a UCI `info` line.
pub fn info_line(pos: &Position, info: &SearchInfo) -> String {
    let score = match info.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} hashfull {} time {} pv",
        info.depth,
        info.seldepth,
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
