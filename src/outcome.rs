//! Game results: every variant's end conditions behind one function, [`Position::outcome`].

use crate::piece::Color;
use crate::position::Position;
use std::fmt;

/// Plies without capture or pawn move after which the game is drawn.
pub const FIFTY_MOVE_PLIES: u32 = 100;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WinReason {
    Checkmate,
    /// The winner ended a move as the only player with Wazirs (`imawazir`).
    OnlyWazirs,
    /// The loser had no legal move, in a game where that loses (`imawazir`).
    NoMoves,
    /// The loser has no units left (`desertoasis`).
    Extinction,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DrawReason {
    Stalemate,
    FiftyMoves,
    Repetition,
    /// Neither side can win with the material left.
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
            Outcome::Win { winner, reason } => {
                let (score, side, loser) = match winner {
                    Color::White => ("1-0", "White", "Black"),
                    Color::Black => ("0-1", "Black", "White"),
                };
                match reason {
                    WinReason::Checkmate => write!(f, "{score} {{{side} mates}}"),
                    WinReason::OnlyWazirs => {
                        write!(f, "{score} {{{side} is the only player with Wazirs}}")
                    }
                    WinReason::NoMoves => write!(f, "{score} {{{loser} has no legal move}}"),
                    WinReason::Extinction => write!(f, "{score} {{{loser} has no units left}}"),
                }
            }
            Outcome::Draw(reason) => {
                let why = match reason {
                    DrawReason::Stalemate => "Stalemate",
                    DrawReason::FiftyMoves => "50-move rule",
                    DrawReason::Repetition => "Threefold repetition",
                    DrawReason::InsufficientMaterial => "Insufficient material",
                };
                write!(f, "1/2-1/2 {{{why}}}")
            }
        }
    }
}

impl Position {
    /// The result if the game is over, counting the moves made since setup for repetition.
    /// A result the board decides comes first; then no legal move (mate, stalemate, or the
    /// game's own rule); then the draw rules, as in FIDE's laws.
    pub fn outcome(&self) -> Option<Outcome> {
        let rules = self.variant().rules;
        if let Some(decided) = rules.and_then(|r| r.decided(self)) {
            return Some(decided);
        }
        if self.legal_moves().is_empty() {
            return Some(match rules {
                Some(r) => r.no_moves(self),
                None if self.in_check() => {
                    Outcome::Win { winner: !self.side_to_move(), reason: WinReason::Checkmate }
                }
                None => Outcome::Draw(DrawReason::Stalemate),
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
