//! The runner's side of XBoard (CECP, protover 2): the feature handshake (`done=0` ...
//! `done=1`, with a timeout for protover-1 engines), `new`, `variant`, `level`/`st`/`sd`,
//! `setboard`, `force`, `usermove`, `time`/`otim`, `go`, `move` replies, `ping`/`pong`,
//! `result`, `quit`.

use super::engine::{Clocks, Engine, Failure, GameStart, Reply, STANDARD_CHESS, START_TIMEOUT};
use super::options::EngineSpec;
use super::process::{Process, Silence};
use super::timecontrol::Clock;
use super::transpose;
use std::time::{Duration, Instant};

/// How long to wait for `feature` lines from an engine that does not send `done=0`.
const FEATURE_WAIT: Duration = Duration::from_secs(2);
/// Seconds given to an engine without a clock (it is stopped by `sd` or the hang limit).
const UNCLOCKED_LEVEL: &str = "level 0 600 0";

pub struct XboardEngine {
    spec: EngineSpec,
    process: Process,
    features: Features,
    /// Moves of the current game the engine has been told or has played.
    known: usize,
    /// Whether the engine is out of force mode, playing its side.
    playing: bool,
    next_ping: u32,
}

#[derive(Default)]
struct Features {
    ping: bool,
    setboard: bool,
    usermove: bool,
    /// The engine's `variants` list, if it sent one.
    variants: Option<Vec<String>>,
}

/// `name=value` pairs of a `feature` line; values may be quoted.
fn feature_pairs(line: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = line.trim_start_matches("feature").trim();
    while let Some((name, after)) = rest.split_once('=') {
        let name = name.trim().to_string();
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.split_once('"') {
                Some((v, n)) => (v.to_string(), n),
                None => (quoted.to_string(), ""),
            }
        } else {
            match after.split_once(char::is_whitespace) {
                Some((v, n)) => (v.to_string(), n),
                None => (after.to_string(), ""),
            }
        };
        pairs.push((name, value));
        rest = next.trim();
    }
    pairs
}

/// The score of a thinking-output line `PLY SCORE TIME NODES PV`.
pub fn thinking_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().take(4).collect();
    if words.len() < 4 || words[0].parse::<u32>().is_err() {
        return None;
    }
    if words[2].parse::<u64>().is_err() || words[3].parse::<u64>().is_err() {
        return None;
    }
    words[1].parse().ok()
}

impl XboardEngine {
    pub fn start(spec: EngineSpec, mut process: Process) -> Result<XboardEngine, Failure> {
        if !process.send("xboard") || !process.send("protover 2") {
            return Err(Failure::Crash);
        }
        let mut features = Features::default();
        let mut deadline = Instant::now() + FEATURE_WAIT;
        loop {
            let line = match process.recv(deadline) {
                Ok(line) => line,
                Err(Silence::Closed) => return Err(Failure::Crash),
                // A protover-1 engine sends no features; one that sent done=0 must finish.
                Err(Silence::Timeout) => break,
            };
            if !line.starts_with("feature") {
                continue;
            }
            let mut done = false;
            for (name, value) in feature_pairs(&line) {
                match name.as_str() {
                    "done" if value == "0" => deadline = Instant::now() + START_TIMEOUT,
                    "done" => done = true,
                    "ping" => features.ping = value == "1",
                    "setboard" => features.setboard = value == "1",
                    "usermove" => features.usermove = value == "1",
                    "variants" => {
                        features.variants = Some(value.split(',').map(|v| v.trim().to_string()).collect())
                    }
                    _ => {}
                }
                if name != "done" {
                    let answer = if name == "san" && value == "1" { "rejected" } else { "accepted" };
                    process.send(&format!("{answer} {name}"));
                }
            }
            if done {
                break;
            }
        }
        for line in &spec.initstr {
            process.send(line);
        }
        for (name, value) in &spec.options {
            process.send(&format!("option {name}={value}"));
        }
        let mut engine = XboardEngine { spec, process, features, known: 0, playing: false, next_ping: 1 };
        engine.sync()?;
        Ok(engine)
    }

    /// `ping N` and wait for `pong N` (if the engine has `ping`).
    fn sync(&mut self) -> Result<(), Failure> {
        if !self.features.ping {
            return Ok(());
        }
        let n = self.next_ping;
        self.next_ping += 1;
        if !self.process.send(&format!("ping {n}")) {
            return Err(Failure::Crash);
        }
        let want = format!("pong {n}");
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            match self.process.recv(deadline) {
                Ok(line) if line.trim() == want => return Ok(()),
                Ok(line) if line.starts_with("Illegal move") => {
                    return Err(Failure::Protocol(format!("rejected a legal move: {line}")))
                }
                Ok(_) => {}
                Err(Silence::Closed) => return Err(Failure::Crash),
                Err(Silence::Timeout) => {
                    return Err(Failure::Protocol(format!(
                        "no '{want}' within {} s",
                        START_TIMEOUT.as_secs()
                    )))
                }
            }
        }
    }

    /// A move in the engine's coordinates.
    fn outgoing(&self, text: &str) -> String {
        let text =
            if self.spec.transpose { transpose::move_text(text).unwrap_or_default() } else { text.into() };
        if self.features.usermove {
            format!("usermove {text}")
        } else {
            text
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        if self.process.send(line) {
            Ok(())
        } else {
            Err(Failure::Crash)
        }
    }

    fn send_clocks(&mut self, clocks: &Clocks) -> Result<(), Failure> {
        let cs = |c: &Clock| c.remaining.as_millis() / 10;
        match clocks.own {
            Some(own) => {
                // An opponent without a clock is shown as having as much time as this engine.
                let other = clocks.other.unwrap_or(own);
                self.send(&format!("time {}", cs(own)))?;
                self.send(&format!("otim {}", cs(other)))
            }
            None => Ok(()),
        }
    }
}

impl Engine for XboardEngine {
    fn check_variant(&self, variant: &str) -> Result<(), String> {
        match &self.features.variants {
            Some(list) if list.iter().any(|v| v == variant) => Ok(()),
            // An engine told the name with `variant=` may know it from a file loaded later
            // (Sjaak II's configuration file, sent as an option after the handshake).
            Some(_) if self.spec.variant.is_some() => Ok(()),
            Some(list) => {
                Err(format!("its feature variants= lists only {}", super::engine::some_names(list)))
            }
            None if variant == STANDARD_CHESS => Ok(()),
            None => Err("it sends no feature variants= (a chess-only engine)".into()),
        }
    }

    fn new_game(&mut self, start: &GameStart, moves: &[String]) -> Result<(), Failure> {
        let variant = self.spec.variant.clone().unwrap_or_else(|| start.variant.to_string());
        // An engine told the name with `variant=` may know it from a file loaded later.
        if let (Some(list), None) = (&self.features.variants, &self.spec.variant) {
            if !list.contains(&variant) {
                return Err(Failure::Protocol(format!("does not play the variant '{variant}'")));
            }
        }
        self.send("new")?;
        if variant != STANDARD_CHESS {
            self.send(&format!("variant {variant}"))?;
        }
        self.send("force")?;
        match (self.spec.tc, self.spec.st) {
            (Some(tc), _) => self.send(&tc.xboard_level())?,
            (None, Some(st)) => self.send(&format!("st {}", st.as_secs()))?,
            (None, None) => self.send(UNCLOCKED_LEVEL)?,
        }
        if let Some(d) = self.spec.depth {
            self.send(&format!("sd {d}"))?;
        }
        self.send("post")?;
        self.send("easy")?;
        let fen = match (start.fen, self.spec.transpose) {
            (Some(fen), _) => Some(fen.to_string()),
            (None, true) => {
                Some(tinman_core::variants::by_name(start.variant).map_or("", |v| v.start_fen).to_string())
            }
            (None, false) => None,
        };
        if let Some(fen) = fen {
            if !self.features.setboard {
                return Err(Failure::Protocol("cannot take a position: no 'setboard' feature".into()));
            }
            let fen = if self.spec.transpose {
                transpose::fen(&fen).ok_or_else(|| Failure::Protocol(format!("cannot transpose '{fen}'")))?
            } else {
                fen
            };
            self.send(&format!("setboard {fen}"))?;
        }
        for m in moves {
            let line = self.outgoing(m);
            self.send(&line)?;
        }
        self.known = moves.len();
        self.playing = false;
        self.sync()
    }

    fn play(&mut self, moves: &[String], clocks: &Clocks, deadline: Instant) -> Result<Reply, Failure> {
        let new = &moves[self.known.min(moves.len())..];
        if self.playing && new.len() == 1 {
            // Playing its side: the opponent's move makes it think.
            self.send_clocks(clocks)?;
            let line = self.outgoing(&new[0]);
            self.send(&line)?;
        } else {
            if self.playing {
                self.send("force")?;
            }
            for m in new {
                let line = self.outgoing(m);
                self.send(&line)?;
            }
            self.send_clocks(clocks)?;
            self.send("go")?;
            self.playing = true;
        }
        self.known = moves.len();
        let mut score = None;
        loop {
            let line = match self.process.recv(deadline) {
                Ok(line) => line,
                Err(Silence::Closed) => return Err(Failure::Crash),
                Err(Silence::Timeout) => return Err(Failure::Timeout),
            };
            let line = line.trim();
            let first = line.split_whitespace().next().unwrap_or("");
            if let Some(s) = thinking_score(line) {
                score = Some(s);
            } else if first == "move" {
                let text = line.split_whitespace().nth(1).unwrap_or("");
                let text = if self.spec.transpose {
                    transpose::move_text(text).unwrap_or_else(|| text.to_string())
                } else {
                    text.to_string()
                };
                self.known += 1;
                return Ok(Reply::Move { text, score });
            } else if first == "resign" {
                return Ok(Reply::Resign);
            } else if ["1-0", "0-1", "1/2-1/2"].contains(&first) {
                return Ok(Reply::Claim(line.to_string()));
            } else if line.starts_with("Illegal move") {
                return Err(Failure::Protocol(format!("rejected a legal move: {line}")));
            }
        }
    }

    fn game_over(&mut self, result: &str, reason: &str) {
        self.process.send(&format!("result {result} {{{reason}}}"));
    }

    fn quit(&mut self) {
        self.process.stop(Some("quit"));
    }

    fn last_words(&mut self) -> Option<String> {
        self.process.last_words()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_features_and_thinking() {
        let pairs =
            feature_pairs("feature ping=1 myname=\"Fairy-Max 5.0b\" variants=\"normal,shatranj\" done=0");
        assert_eq!(pairs[0], ("ping".into(), "1".into()));
        assert_eq!(pairs[1], ("myname".into(), "Fairy-Max 5.0b".into()));
        assert_eq!(pairs[2], ("variants".into(), "normal,shatranj".into()));
        assert_eq!(pairs[3], ("done".into(), "0".into()));
        assert_eq!(thinking_score(" 5   -31     12     3456 e2e4 e7e5"), Some(-31));
        assert_eq!(thinking_score("5\t12\t3\t100\te2e4"), Some(12));
        assert_eq!(thinking_score("move e2e4"), None);
    }
}
