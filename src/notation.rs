//! Move text as XBoard and UCI write it: from-square, to-square, a lower-case promotion
//! letter (`e7e8q`, `a10a11n`), multi-leg moves as comma-joined legs.

use crate::moves::{Move, Special};
use crate::position::Position;
use crate::square::Square;
use std::fmt;

/// Why a move text was rejected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// Not a move in coordinate notation at all.
    Malformed(String),
    /// A well-formed move that is not legal here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(m) => write!(f, "malformed move '{m}'"),
            MoveError::Illegal(m) => write!(f, "illegal move '{m}'"),
        }
    }
}

impl std::error::Error for MoveError {}

impl Position {
    /// The coordinate text of `mv` in this position.
    pub fn move_text(&self, mv: Move) -> String {
        if mv.special() == Special::JumpChain {
            // Each jump is two legs: onto the captured unit, then onto the landing square.
            let mut at = mv.from();
            let mut legs = Vec::new();
            for (over, land) in mv.jump_squares() {
                legs.push(format!("{at}{over}"));
                legs.push(format!("{over}{land}"));
                at = land;
            }
            return legs.join(",");
        }
        let mut text = format!("{}{}", mv.from(), mv.to());
        if let Some(kind) = mv.promoted() {
            text.push(self.variant().piece_type(kind).letter.to_ascii_lowercase());
        }
        text
    }

    /// Reads a move in coordinate notation and returns the legal move it names.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(text.to_string());
        let mut legs = Vec::new();
        for leg in text.split(',') {
            let (from, rest) = Square::parse_prefix(leg).ok_or_else(malformed)?;
            let (to, rest) = Square::parse_prefix(rest).ok_or_else(malformed)?;
            if rest.len() > 1 || !rest.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(malformed());
            }
            legs.push((from, to));
        }
        let illegal = || MoveError::Illegal(text.to_string());
        let moves = self.legal_moves();
        if legs.len() == 1 {
            let wanted = text.to_ascii_lowercase();
            return moves.iter().copied().find(|&m| self.move_text(m) == wanted).ok_or_else(illegal);
        }
        // Multi-leg: the end square of every leg but the last is a captured unit. Any path
        // with the same start, end and captured units names the same move.
        let joined = legs.windows(2).all(|w| w[0].1 == w[1].0);
        let from = legs[0].0;
        let to = legs[legs.len() - 1].1;
        let mut captured: Vec<Square> = legs[..legs.len() - 1].iter().map(|l| l.1).collect();
        captured.sort();
        let distinct = captured.windows(2).all(|w| w[0] != w[1]);
        if !joined || !distinct {
            return Err(illegal());
        }
        moves
            .iter()
            .copied()
            .filter(|m| m.special() == Special::JumpChain && m.from() == from && m.to() == to)
            .find(|m| {
                let mut victims: Vec<Square> = m.jump_squares().map(|(over, _)| over).collect();
                victims.sort();
                victims == captured
            })
            .ok_or_else(illegal)
    }
}
