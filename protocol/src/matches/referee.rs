//! One game between two engines, refereed by Tinman's rules core: every move is checked,
//! the clocks are the runner's, and every way a game can end gets a result and a reason.

use super::engine::{self, Clocks, Engine, Failure, GameStart, Reply, UNCLOCKED_MOVE_LIMIT};
use super::openings::Opening;
use super::options::{Config, EngineSpec};
use super::pgn::castling;
use super::timecontrol::Clock;
use std::time::Instant;
use tinman_core::{Color, Outcome, Position};

/// PGN's `Termination` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Normal,
    TimeForfeit,
    RulesInfraction,
    Adjudication,
    Abandoned,
}

impl Termination {
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Adjudication => "adjudication",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based number in the tournament's schedule.
    pub number: usize,
    pub round: u32,
    /// Engine indexes.
    pub white: usize,
    pub black: usize,
    /// The setup FEN, None for the game's standard start.
    pub fen: Option<String>,
    /// Every move in Tinman's coordinate text, the opening's first.
    pub moves: Vec<String>,
    /// A comment per move: `book`, or the engine's score and time.
    pub comments: Vec<String>,
    /// None: a draw.
    pub winner: Option<Color>,
    pub reason: String,
    pub termination: Termination,
}

impl GameRecord {
    pub fn result(&self) -> &'static str {
        result_text(self.winner)
    }
}

/// `1-0`, `0-1` or `1/2-1/2`.
pub fn result_text(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// How a game ended.
struct End {
    winner: Option<Color>,
    reason: String,
    termination: Termination,
    /// The side whose engine misbehaved (crash, time, protocol, illegal move, false claim):
    /// its process is not kept for another game.
    faulty: Option<Color>,
}

impl End {
    fn loss(loser: Color, reason: String, termination: Termination) -> End {
        End { winner: Some(!loser), reason, termination, faulty: None }
    }

    /// A loss by the engine's own fault.
    fn fault(loser: Color, reason: String, termination: Termination) -> End {
        End { faulty: Some(loser), ..End::loss(loser, reason, termination) }
    }

    fn failure(side: Color, failure: Failure) -> End {
        let who = side_name(side);
        match failure {
            Failure::Crash => End::fault(side, format!("{who}'s engine crashed"), Termination::Abandoned),
            Failure::Timeout => End::fault(side, format!("{who} loses on time"), Termination::TimeForfeit),
            Failure::Protocol(why) => {
                End::fault(side, format!("{who} breaks the protocol: {why}"), Termination::RulesInfraction)
            }
        }
    }

    /// The failure's reason with what the engine left to explain it (exit status, stderr),
    /// for a crash or a loss on time: `Black's engine crashed (killed by signal 6 ...)`.
    fn explained(side: Color, failure: Failure, engine: Option<&mut Box<dyn Engine>>) -> End {
        let explain = matches!(failure, Failure::Crash | Failure::Timeout);
        let mut end = End::failure(side, failure);
        if let Some(words) = engine.filter(|_| explain).and_then(|e| e.last_words()) {
            end.reason = format!("{} ({words})", end.reason);
        }
        end
    }

    fn outcome(o: Outcome) -> End {
        let text = o.to_string();
        // `1-0 {White mates}`: keep the words inside the braces.
        let reason = text.split_once('{').map_or(text.as_str(), |(_, r)| r.trim_end_matches('}')).to_string();
        let winner = match o {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        };
        End { winner, reason, termination: Termination::Normal, faulty: None }
    }
}

/// Consecutive-score counters for adjudication.
#[derive(Default)]
struct Adjudicator {
    /// Plies in a row whose mover reported a score within the draw band.
    quiet_plies: u32,
    /// Per side: own moves in a row with a score at or below -resign score.
    losing: [u32; 2],
}

/// Engine processes kept between games (`restart=off`), by engine index.
pub type Pool = Vec<Option<Box<dyn Engine>>>;

/// Plays game `number` of the schedule: `white` and `black` are engine indexes; engines with
/// `restart=off` are taken from `pool` (started if not there) and put back unless they failed.
pub fn play(
    config: &Config,
    pool: &mut Pool,
    number: usize,
    round: u32,
    white: usize,
    black: usize,
    opening: &Opening,
) -> GameRecord {
    let specs = [&config.engines[white], &config.engines[black]];
    let mut pos = match &opening.fen {
        Some(fen) => Position::from_fen(config.variant, fen).expect("openings are checked when loaded"),
        None => Position::start(config.variant),
    };
    let mut moves = Vec::new();
    let mut comments = Vec::new();
    for text in &opening.moves {
        let m = pos.parse_move(text).expect("openings are checked when loaded");
        moves.push(pos.move_text(m));
        comments.push("book".to_string());
        pos.make(m);
    }
    let mut record = GameRecord {
        number,
        round,
        white,
        black,
        fen: opening.fen.clone(),
        moves: Vec::new(),
        comments: Vec::new(),
        winner: None,
        reason: String::new(),
        termination: Termination::Normal,
    };
    let start = GameStart { variant: config.variant.name, fen: opening.fen.as_deref() };
    let mut engines: Vec<Box<dyn Engine>> = Vec::new();
    let mut end = None;
    for (i, spec) in specs.iter().enumerate() {
        let side = if i == 0 { Color::White } else { Color::Black };
        let kept = if spec.restart { None } else { pool[[white, black][i]].take() };
        let mut engine = match kept.map_or_else(|| engine::start_engine(spec, config.debug), Ok) {
            Ok(e) => e,
            Err(f) => {
                end = Some(End::failure(side, f));
                break;
            }
        };
        match engine.new_game(&start, &moves) {
            Ok(()) => engines.push(engine),
            Err(f) => {
                end = Some(End::explained(side, f, Some(&mut engine)));
                break;
            }
        }
    }
    let end = match end {
        Some(end) => end,
        None => run(config, specs, &mut engines, &mut pos, &mut moves, &mut comments),
    };
    for (i, mut e) in engines.into_iter().enumerate() {
        e.game_over(result_text(end.winner), &end.reason);
        let side = if i == 0 { Color::White } else { Color::Black };
        if specs[i].restart || end.faulty == Some(side) {
            e.quit();
        } else {
            pool[[white, black][i]] = Some(e);
        }
    }
    record.moves = moves;
    record.comments = comments;
    record.winner = end.winner;
    record.reason = end.reason;
    record.termination = end.termination;
    record
}

/// The move loop, from the position after the opening to the end.
fn run(
    config: &Config,
    specs: [&EngineSpec; 2],
    engines: &mut [Box<dyn Engine>],
    pos: &mut Position,
    moves: &mut Vec<String>,
    comments: &mut Vec<String>,
) -> End {
    let mut clocks: [Option<Clock>; 2] = [specs[0].tc.map(Clock::new), specs[1].tc.map(Clock::new)];
    let mut adjudicator = Adjudicator::default();
    loop {
        if let Some(o) = pos.outcome() {
            return End::outcome(o);
        }
        let side = pos.side_to_move();
        let who = side_name(side);
        let me = side.index();
        if let Some(max) = config.max_moves {
            if moves.len() >= 2 * max as usize {
                return End {
                    winner: None,
                    reason: format!("Draw by adjudication: {max} moves played"),
                    termination: Termination::Adjudication,
                    faulty: None,
                };
            }
        }
        let spec = specs[me];
        let now = Instant::now();
        let deadline = match (&clocks[me], spec.st) {
            (Some(c), _) => now + c.remaining + spec.margin,
            (None, Some(st)) => now + st + spec.margin,
            (None, None) => now + UNCLOCKED_MOVE_LIMIT,
        };
        let reply = {
            let view = Clocks {
                own: clocks[me].as_ref(),
                other: clocks[1 - me].as_ref(),
                white: side == Color::White,
            };
            engines[me].play(moves, &view, deadline)
        };
        let used = now.elapsed();
        let (text, score) = match reply {
            Err(f) => return End::explained(side, f, engines.get_mut(me)),
            Ok(Reply::Resign) => return End::loss(side, format!("{who} resigns"), Termination::Normal),
            Ok(Reply::Claim(claim)) => {
                return End::fault(
                    side,
                    format!("{who} makes a false claim: {claim}"),
                    Termination::RulesInfraction,
                )
            }
            Ok(Reply::Move { text, score }) => (text, score),
        };
        let in_time = match (&mut clocks[me], spec.st) {
            (Some(c), _) => c.charge(used, spec.margin),
            (None, Some(st)) => used <= st + spec.margin,
            (None, None) => true,
        };
        if !in_time {
            return End::fault(side, format!("{who} loses on time"), Termination::TimeForfeit);
        }
        // The engine's notation, XBoard's castling, or XBoard's kill-square legs for units a
        // move removes (a vanishing Wazir).
        let m = match castling(pos, &text).map_or_else(|| crate::xboard::moves::from_xboard(pos, &text), Ok) {
            Ok(m) => m,
            Err(_) => {
                return End::fault(
                    side,
                    format!("{who} makes an illegal move: {text}"),
                    Termination::RulesInfraction,
                )
            }
        };
        moves.push(pos.move_text(m));
        comments.push(match score {
            Some(s) => format!("{:+.2} {:.3}s", f64::from(s) / 100.0, used.as_secs_f64()),
            None => format!("{:.3}s", used.as_secs_f64()),
        });
        pos.make(m);
        if let Some(end) = adjudicate(config, &mut adjudicator, side, score, pos.fullmove_number()) {
            if pos.outcome().is_none() {
                return end;
            }
        }
    }
}

/// Draw and resign adjudication after `side` moved reporting `score`.
fn adjudicate(
    config: &Config,
    a: &mut Adjudicator,
    side: Color,
    score: Option<i32>,
    move_number: u32,
) -> Option<End> {
    if let Some(r) = config.resign {
        let losing = score.is_some_and(|s| s <= -r.score);
        a.losing[side.index()] = if losing { a.losing[side.index()] + 1 } else { 0 };
        if a.losing[side.index()] >= r.move_count {
            return Some(End::loss(
                side,
                format!("{} resigns by adjudication (score {} or worse)", side_name(side), -r.score),
                Termination::Adjudication,
            ));
        }
    }
    if let Some(d) = config.draw {
        let quiet = score.is_some_and(|s| s.abs() <= d.score);
        a.quiet_plies = if quiet { a.quiet_plies + 1 } else { 0 };
        if move_number > d.move_number && a.quiet_plies >= 2 * d.move_count {
            return Some(End {
                winner: None,
                reason: "Draw by adjudication".into(),
                termination: Termination::Adjudication,
                faulty: None,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::pgn::castling;
    use tinman_core::{variants, Position};

    #[test]
    fn reads_castling_in_letters() {
        let normal = variants::by_name("normal").unwrap();
        let pos = Position::from_fen(normal, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(castling(&pos, "O-O").map(|m| pos.move_text(m)).as_deref(), Some("e1g1"));
        assert_eq!(castling(&pos, "0-0-0+").map(|m| pos.move_text(m)).as_deref(), Some("e1c1"));
        let black = Position::from_fen(normal, "r3k2r/8/8/8/8/8/8/R3K2R b Kk - 0 1").unwrap();
        assert_eq!(castling(&black, "O-O").map(|m| black.move_text(m)).as_deref(), Some("e8g8"));
        assert_eq!(castling(&black, "O-O-O"), None, "no right to castle long");
        assert_eq!(castling(&pos, "e1g1"), None);
    }
}
