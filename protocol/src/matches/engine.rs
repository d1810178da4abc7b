//! What the referee needs from an engine, whatever its protocol.

use super::engine_uci::UciEngine;
use super::engine_xboard::XboardEngine;
use super::options::{EngineSpec, Proto};
use super::process::Process;
use super::timecontrol::Clock;
use std::time::{Duration, Instant};

/// The name XBoard's `variant` command and the UCI_Variant option give standard chess, the
/// one game an engine plays without being told: our registry uses the same name.
pub(super) const STANDARD_CHESS: &str = tinman_core::variants::DEFAULT;

/// Time an engine gets to start up and to answer `isready`/`ping` or the feature handshake.
pub const START_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a move without a clock (`depth=`, `nodes=`, `tc=inf`) may take before the engine
/// is taken to hang and loses on time.
pub const UNCLOCKED_MOVE_LIMIT: Duration = Duration::from_secs(60);

/// Why an engine lost a game by its own doing (other than an illegal move, which the referee
/// finds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process ended (or stopped reading) during the game.
    Crash,
    /// It did not move within its time plus the margin.
    Timeout,
    /// It said something the protocol does not allow, or nothing when it had to answer.
    Protocol(String),
}

/// An engine's answer when asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move in the engine's text, and its last score (centipawns, its own view), if any.
    Move { text: String, score: Option<i32> },
    /// It resigned.
    Resign,
    /// It claimed a result instead of moving (XBoard `1-0 {...}` and the like).
    Claim(String),
}

/// The start of a game as an engine is told it.
pub struct GameStart<'a> {
    /// Tinman's name of the game.
    pub variant: &'static str,
    /// The setup position's FEN, or None for the game's standard start.
    pub fen: Option<&'a str>,
}

/// The clocks when an engine is asked to move.
pub struct Clocks<'a> {
    pub own: Option<&'a Clock>,
    pub other: Option<&'a Clock>,
    /// Whether the engine to move plays White.
    pub white: bool,
}

pub trait Engine {
    /// Whether the engine said in its handshake that it plays `variant` (the name it knows
    /// the game by); Err says what it offered instead.
    fn check_variant(&self, variant: &str) -> Result<(), String>;
    /// Starts a game: `moves` (engine text) were already played from the setup.
    fn new_game(&mut self, start: &GameStart, moves: &[String]) -> Result<(), Failure>;
    /// Asks for a move after `moves` (every move of the game so far, engine text); answers by
    /// `deadline`.
    fn play(&mut self, moves: &[String], clocks: &Clocks, deadline: Instant) -> Result<Reply, Failure>;
    /// Tells the engine the game is over (`1-0`, `0-1`, `1/2-1/2`).
    fn game_over(&mut self, result: &str, reason: &str);
    /// Ends the process.
    fn quit(&mut self);
    /// How the process ended and its last standard-error lines, to explain a failure.
    fn last_words(&mut self) -> Option<String>;
}

/// Starts the engine `spec` and does its protocol's handshake.
pub fn start_engine(spec: &EngineSpec, trace: bool) -> Result<Box<dyn Engine>, Failure> {
    let label = trace.then(|| spec.name.clone());
    let process =
        Process::spawn(&spec.cmd, &spec.args, spec.dir.as_deref(), label).map_err(Failure::Protocol)?;
    Ok(match spec.proto {
        Proto::Uci => Box::new(UciEngine::start(spec.clone(), process)?),
        Proto::Xboard => Box::new(XboardEngine::start(spec.clone(), process)?),
    })
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Crash => write!(f, "it exited (or closed its standard input)"),
            Failure::Timeout => write!(f, "it did not answer in time"),
            Failure::Protocol(why) => write!(f, "{why}"),
        }
    }
}

/// Starts the engine `spec` once, as before a tournament: the handshake must succeed, the
/// engine must list the game (UCI `UCI_Variant`, XBoard `feature variants=`) and take the
/// first game's start (`start`, `moves`: variant, `ucinewgame`/`new`, position, `isready`/
/// `ping`). Err is one line saying what went wrong.
pub fn check(spec: &EngineSpec, start: &GameStart, moves: &[String], trace: bool) -> Result<(), String> {
    let command: Vec<&str> =
        std::iter::once(spec.cmd.as_str()).chain(spec.args.iter().map(String::as_str)).collect();
    let who = format!("engine '{}' ({})", spec.name, command.join(" "));
    let variant = spec.variant.as_deref().unwrap_or(start.variant);
    let mut engine = start_engine(spec, trace).map_err(|f| format!("{who} failed its handshake: {f}"))?;
    let result = engine
        .check_variant(variant)
        .map_err(|why| format!("{who} does not play {variant}: {why}"))
        .and_then(|()| {
            engine
                .new_game(start, moves)
                .map_err(|f| format!("{who} failed to set up a game of {variant}: {f}"))
        });
    engine.quit();
    result
}

/// A list of game names for a message: all of them, or the first six and how many more.
pub fn some_names(list: &[String]) -> String {
    if list.len() <= 8 {
        return list.join(", ");
    }
    format!("{} and {} more", list[..6].join(", "), list.len() - 6)
}
