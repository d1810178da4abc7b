//! Game results: every variant's end conditions behind one function.

use crate::piece::Color;
use crate::position::Position;
use std::fmt;

/// Plies without capture or pawn move after which the game is drawn.
pub const FIFTY_MOVE_PLIES: u32 = 100;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WinReason {
    Checkmate,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DrawReason {
    Stalemate,
    FiftyMoves,
    Repetition,
    InsufficientMaterial,
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw(DrawReason),
}

impl fmt::Display for Outcome {
    /// In PGN's result-comment style: `1-0 {White mates}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win {
                winner: Color::White,
                reason: WinReason::Checkmate,
            } => write!(f, "1-0 {{White mates}}"),
            Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Checkmate,
            } => write!(f, "0-1 {{Black mates}}"),
            Outcome::Draw(DrawReason::Stalemate) => write!(f, "1/2-1/2 {{Stalemate}}"),
            Outcome::Draw(DrawReason::FiftyMoves) => write!(f, "1/2-1/2 {{50-move rule}}"),
            Outcome::Draw(DrawReason::Repetition) => write!(f, "1/2-1/2 {{Threefold repetition}}"),
            Outcome::Draw(DrawReason::InsufficientMaterial) => {
                write!(f, "1/2-1/2 {{Insufficient material}}")
            }
        }
    }
}

impl Position {
    /// The result if the game is over, counting the moves made since setup for repetition.
    /// Mate and stalemate take precedence over the draw rules, as in FIDE's laws.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(if self.in_check() {
                Outcome::Win {
                    winner: !self.side_to_move(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        if self.halfmove_clock() >= FIFTY_MOVE_PLIES {
            return Some(Outcome::Draw(DrawReason::FiftyMoves));
        }
        if self.repetitions() >= 2 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if (self.variant().insufficient_material)(self) {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        None
    }
}
