//! One protocol session against the `tinman` binary, as the protocol fuzzer
//! (`protocol/examples/fuzz_protocol.rs`) and the corpus replay (`protocol/tests/fuzz_replay.rs`)
//! run it: the bytes go to standard input (then it is closed), and the session must end by
//! itself within the time limit, with exit status 0 and no panic message. In UCI sessions
//! every `bestmove` (and its `ponder` move) must also be legal: the session's commands are
//! replayed on a model of the engine's position (the same reading of `position`, `ucinewgame`
//! and the `UCI_Variant` and `Road` options as protocol/src/uci.rs and game.rs), and each
//! `bestmove` must be legal in the position of one of the searches started so far, in order.

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tinman_core::{variants, Position, Variant};

/// What a session that passed showed.
#[derive(Default)]
pub struct Report {
    /// Normalised output lines (numbers and quoted text blanked): the fuzzer's feedback.
    pub signatures: BTreeSet<String>,
    pub bestmoves_checked: usize,
    pub elapsed: Duration,
}

/// Runs one session; `Err` says what went wrong (panic, hang, status, illegal move).
pub fn run(engine: &Path, input: &[u8], limit: Duration) -> Result<Report, String> {
    let start = Instant::now();
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", engine.display()))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        // The engine may quit before reading everything: a broken pipe is fine.
        let _ = stdin.write_all(&data);
    });
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("hang: still running after {limit:?}"));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    let out = String::from_utf8_lossy(&out_reader.join().unwrap_or_default()).into_owned();
    let err = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    if err.contains("panicked") {
        return Err(format!("panic: {}", err.trim()));
    }
    if !status.success() {
        return Err(format!("exit status {status}; stderr: {}", err.trim()));
    }
    let mut report = Report { elapsed: start.elapsed(), ..Report::default() };
    for line in out.lines() {
        report.signatures.insert(signature(line));
    }
    if is_uci(input) {
        check_uci(input, &out, &mut report)?;
    }
    Ok(report)
}

/// Whether the binary reads this session as UCI: as in protocol/src/main.rs, the first line
/// that starts with a UCI or an XBoard word decides (`quit` ends it; any other line only gets
/// the prompt's help).
pub fn is_uci(input: &[u8]) -> bool {
    const XBOARD: [&str; 11] = [
        "xboard", "protover", "new", "variant", "setboard", "force", "go", "usermove", "ping", "analyze",
        "quit",
    ];
    for line in input.split(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        let word = text.split_whitespace().next().unwrap_or("");
        if ["uci", "isready", "setoption", "position", "ucinewgame"].contains(&word) {
            return true;
        }
        if XBOARD.contains(&word) {
            return false;
        }
    }
    false
}

/// An output line with its numbers and quoted text blanked, so that new kinds of answer,
/// not new values, count as new.
pub fn signature(line: &str) -> String {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    match first {
        "info" if line.starts_with("info depth") => return "info depth".into(),
        "bestmove" | "move" | "pong" | "hint:" => return first.into(),
        _ => {}
    }
    if let Some(head) = line.strip_prefix("Error (") {
        return format!("Error ({}", head.split(')').next().unwrap_or(""));
    }
    let mut sig = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                sig.push('\'');
            }
            _ if quoted => {}
            '0'..='9' => {
                if !sig.ends_with('9') {
                    sig.push('9');
                }
            }
            c => sig.push(c),
        }
        if sig.len() >= 80 {
            break;
        }
    }
    sig
}

/// The UCI engine's position as the session's commands set it.
struct Model {
    variant: &'static Variant,
    road: Option<String>,
    position: Position,
}

impl Model {
    fn start(&self) -> Position {
        let fen = with_road(self.variant, self.road.as_deref(), self.variant.start_fen);
        Position::from_fen(self.variant, &fen).unwrap_or_else(|_| Position::start(self.variant))
    }
}

/// protocol/src/game.rs's `with_road`: a `wizardoz` FEN of at most six fields gets the road.
fn with_road(variant: &Variant, road: Option<&str>, fen: &str) -> String {
    match road {
        Some(road) if variant.name == "wizardoz" && fen.split_whitespace().count() <= 6 => {
            let mut fields: Vec<&str> = fen.split_whitespace().collect();
            while fields.len() < 6 {
                fields.push(if fields.len() == 4 { "0" } else { "1" });
            }
            format!("{} road:{road}", fields.join(" "))
        }
        _ => fen.to_string(),
    }
}

/// Replays the session's commands on a model and checks every `bestmove` printed.
fn check_uci(input: &[u8], out: &str, report: &mut Report) -> Result<(), String> {
    let normal = variants::by_name("normal").expect("standard chess");
    let mut model = Model { variant: normal, road: None, position: Position::start(normal) };
    // The position of every search started, in order (a `go` that is refused starts none,
    // which the in-order matching below tolerates).
    let mut searches: Vec<Position> = Vec::new();
    let mut seen_first = false;
    for raw in input.split(|&b| b == b'\n') {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        // Bytes that are not UTF-8 make a command the engine refuses, like any other.
        let line = String::from_utf8_lossy(raw);
        let line = line.trim();
        if !seen_first && line.is_empty() {
            continue;
        }
        seen_first = true;
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "quit" => break,
            "ucinewgame" => model.position = model.start(),
            "go" => searches.push(model.position.clone()),
            "ponderhit" => searches.push(model.position.clone()),
            "position" => {
                if let Some(pos) = position_command(&model, rest) {
                    model.position = pos;
                }
            }
            "setoption" => {
                let Some(rest) = rest.strip_prefix("name ") else { continue };
                let (name, value) = match rest.split_once(" value ") {
                    Some((n, v)) => (n.trim(), v.trim()),
                    None => (rest.trim(), ""),
                };
                match name.to_ascii_lowercase().as_str() {
                    "uci_variant" => {
                        let wanted = if matches!(value, "chess" | "standard") { "normal" } else { value };
                        if let Some(v) = variants::by_name(wanted) {
                            model.variant = v;
                            model.position = model.start();
                        }
                    }
                    "road" => {
                        let road = value.replace(' ', "");
                        let wizardoz = variants::by_name("wizardoz").expect("wizardoz");
                        if Position::from_fen(wizardoz, &format!("{} road:{road}", wizardoz.start_fen))
                            .is_ok()
                        {
                            model.road = Some(road);
                            if model.variant.name == "wizardoz" {
                                model.position = model.start();
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let mut next = 0;
    for line in out.lines().filter(|l| l.starts_with("bestmove")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let best = words.get(1).copied().unwrap_or("");
        let ponder = match words.get(2..) {
            Some(["ponder", p]) => Some(*p),
            Some([]) | None => None,
            _ => return Err(format!("malformed bestmove line '{line}'")),
        };
        let found = (next..searches.len()).find(|&i| legal_answer(&searches[i], best, ponder));
        match found {
            Some(i) => next = i + 1,
            None => {
                let fens: Vec<String> =
                    searches[next.min(searches.len())..].iter().map(|p| p.to_fen()).collect();
                return Err(format!("'{line}' is legal in no pending search position: {fens:?}"));
            }
        }
        report.bestmoves_checked += 1;
    }
    Ok(())
}

/// `bestmove BEST [ponder PONDER]` fits `pos`: `0000` only where there is no legal move.
fn legal_answer(pos: &Position, best: &str, ponder: Option<&str>) -> bool {
    if best == "0000" {
        return pos.legal_moves().is_empty() || pos.is_decided();
    }
    let Ok(mv) = pos.parse_move(best) else { return false };
    match ponder {
        None => true,
        Some(p) => {
            let mut after = pos.clone();
            after.make(mv);
            after.parse_move(p).is_ok()
        }
    }
}

/// protocol/src/uci.rs's `set_position`: the new position, `None` if the command is refused.
fn position_command(model: &Model, rest: &str) -> Option<Position> {
    let (setup, moves) = match rest.split_once(" moves") {
        Some((s, m)) => (s.trim(), m.trim()),
        None => (rest.trim(), ""),
    };
    let mut pos = if setup == "startpos" {
        model.start()
    } else {
        let fen = setup.strip_prefix("fen ")?;
        Position::from_fen(model.variant, &with_road(model.variant, model.road.as_deref(), fen.trim()))
            .ok()?
    };
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).ok()?;
        pos.make(m);
    }
    Some(pos)
}
