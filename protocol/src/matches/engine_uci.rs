//! The runner's side of UCI: `uci`/`uciok`, options, `UCI_Variant`, `isready`, `ucinewgame`,
//! `position ... moves ...`, `go` with the runner's clocks, `bestmove`.

use super::engine::{Clocks, Engine, Failure, GameStart, Reply, STANDARD_CHESS, START_TIMEOUT};
use super::options::EngineSpec;
use super::process::{Process, Silence};
use std::time::Instant;

pub struct UciEngine {
    spec: EngineSpec,
    process: Process,
    /// `position` prefix of the current game: `startpos` or `fen FEN`.
    setup: String,
    /// The values of the engine's `UCI_Variant` combo option, if it has one.
    variants: Option<Vec<String>>,
}

impl UciEngine {
    pub fn start(spec: EngineSpec, mut process: Process) -> Result<UciEngine, Failure> {
        if !process.send("uci") {
            return Err(Failure::Crash);
        }
        let deadline = Instant::now() + START_TIMEOUT;
        let mut variants = None;
        loop {
            match process.recv(deadline) {
                Ok(line) if line.split_whitespace().next() == Some("uciok") => break,
                Ok(line) => {
                    if let Some(list) = variant_option(&line) {
                        variants = Some(list);
                    }
                }
                Err(Silence::Closed) => return Err(Failure::Crash),
                Err(Silence::Timeout) => {
                    return Err(Failure::Protocol(format!("no 'uciok' within {} s", START_TIMEOUT.as_secs())))
                }
            }
        }
        for (name, value) in &spec.options {
            process.send(&format!("setoption name {name} value {value}"));
        }
        for line in &spec.initstr {
            process.send(line);
        }
        Ok(UciEngine { spec, process, setup: "startpos".into(), variants })
    }

    fn sync(&mut self) -> Result<(), Failure> {
        if !self.process.send("isready") {
            return Err(Failure::Crash);
        }
        wait_for(&mut self.process, "readyok", Instant::now() + START_TIMEOUT)
    }
}

/// Reads lines until one whose first word is `word`.
fn wait_for(process: &mut Process, word: &str, deadline: Instant) -> Result<(), Failure> {
    loop {
        match process.recv(deadline) {
            Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(()),
            Ok(_) => {}
            Err(Silence::Closed) => return Err(Failure::Crash),
            Err(Silence::Timeout) => {
                return Err(Failure::Protocol(format!("no '{word}' within {} s", START_TIMEOUT.as_secs())))
            }
        }
    }
}

/// The values of a `UCI_Variant` combo option line (`option name UCI_Variant type combo
/// default chess var chess var wizardoz ...`); None for any other line.
pub fn variant_option(line: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let name_at = words.iter().position(|&w| w == "name")?;
    let type_at = words.iter().position(|&w| w == "type")?;
    if words.first() != Some(&"option") || words[name_at + 1..type_at].join(" ") != "UCI_Variant" {
        return None;
    }
    Some(words.windows(2).filter(|w| w[0] == "var").map(|w| w[1].to_string()).collect())
}

/// The score of an `info` line, in centipawns (mates as +-(30000 - plies)).
pub fn info_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == "score" {
            let kind = words.next()?;
            let n: i32 = words.next()?.parse().ok()?;
            return match kind {
                "cp" => Some(n),
                "mate" if n > 0 => Some(30_000 - 2 * n),
                "mate" => Some(-30_000 - 2 * n),
                _ => None,
            };
        }
    }
    None
}

impl Engine for UciEngine {
    fn check_variant(&self, variant: &str) -> Result<(), String> {
        match &self.variants {
            Some(list) if list.iter().any(|v| v == variant) => Ok(()),
            Some(list) => {
                Err(format!("its UCI_Variant option lists only {}", super::engine::some_names(list)))
            }
            // Without the option a UCI engine plays standard chess only.
            None if variant == STANDARD_CHESS && self.spec.variant.is_none() => Ok(()),
            None => Err("it has no UCI_Variant option".into()),
        }
    }

    fn new_game(&mut self, start: &GameStart, _moves: &[String]) -> Result<(), Failure> {
        let variant = self.spec.variant.as_deref().unwrap_or(start.variant);
        if variant != STANDARD_CHESS || self.spec.variant.is_some() {
            self.process.send(&format!("setoption name UCI_Variant value {variant}"));
        }
        self.process.send("ucinewgame");
        self.setup = match start.fen {
            Some(fen) => format!("fen {fen}"),
            None => "startpos".into(),
        };
        self.sync()
    }

    fn play(&mut self, moves: &[String], clocks: &Clocks, deadline: Instant) -> Result<Reply, Failure> {
        let mut position = format!("position {}", self.setup);
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        let mut go = String::from("go");
        if let Some(own) = clocks.own {
            // An opponent without a clock is shown as having as much time as this engine.
            let other = clocks.other.unwrap_or(own);
            let (white, black) = if clocks.white { (own, other) } else { (other, own) };
            go.push_str(&format!(
                " wtime {} btime {}",
                white.remaining.as_millis(),
                black.remaining.as_millis()
            ));
            if !own.tc.increment.is_zero() || !other.tc.increment.is_zero() {
                go.push_str(&format!(
                    " winc {} binc {}",
                    white.tc.increment.as_millis(),
                    black.tc.increment.as_millis()
                ));
            }
            if let Some(n) = own.moves_to_go() {
                go.push_str(&format!(" movestogo {n}"));
            }
        }
        if let Some(st) = self.spec.st {
            go.push_str(&format!(" movetime {}", st.as_millis()));
        }
        if let Some(d) = self.spec.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = self.spec.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if !self.process.send(&position) || !self.process.send(&go) {
            return Err(Failure::Crash);
        }
        let mut score = None;
        loop {
            let line = match self.process.recv(deadline) {
                Ok(line) => line,
                Err(Silence::Closed) => return Err(Failure::Crash),
                Err(Silence::Timeout) => {
                    self.process.send("stop");
                    return Err(Failure::Timeout);
                }
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    if let Some(s) = info_score(&line) {
                        score = Some(s);
                    }
                }
                Some("bestmove") => {
                    let text =
                        words.next().ok_or_else(|| Failure::Protocol("'bestmove' without a move".into()))?;
                    return Ok(Reply::Move { text: text.to_string(), score });
                }
                _ => {}
            }
        }
    }

    fn game_over(&mut self, _result: &str, _reason: &str) {}

    fn quit(&mut self) {
        self.process.stop(Some("quit"));
    }

    fn last_words(&mut self) -> Option<String> {
        self.process.last_words()
    }
}

#[cfg(test)]
mod tests {
    use super::{info_score, variant_option};

    #[test]
    fn reads_the_variant_option() {
        let line = "option name UCI_Variant type combo default normal var normal var wizardoz var wedgie";
        assert_eq!(variant_option(line), Some(vec!["normal".into(), "wizardoz".into(), "wedgie".into()]));
        assert_eq!(variant_option("option name Hash type spin default 16 min 1 max 1024"), None);
        assert_eq!(variant_option("info string var x"), None);
    }

    #[test]
    fn reads_scores() {
        assert_eq!(info_score("info depth 3 score cp -25 nodes 10 pv e2e4"), Some(-25));
        assert_eq!(info_score("info depth 9 score mate 2 pv a1a8"), Some(29_996));
        assert_eq!(info_score("info depth 9 score mate -1"), Some(-29_998));
        assert_eq!(info_score("info string hello"), None);
    }
}
