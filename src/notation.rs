//! Move text as XBoard and UCI write it: from-square, to-square, a lower-case promotion
//! letter (`e7e8q`, `a10a11n`), multi-leg moves as comma-joined legs.

use crate::moves::Move;
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
        let mut text = format!("{}{}", mv.from(), mv.to());
        if let Some(kind) = mv.promoted() {
            text.push(self.variant().piece_type(kind).letter.to_ascii_lowercase());
        }
        text
    }

    /// Reads a move in coordinate notation and returns the legal move it names.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(text.to_string());
        for leg in text.split(',') {
            let (_, rest) = Square::parse_prefix(leg).ok_or_else(malformed)?;
            let (_, rest) = Square::parse_prefix(rest).ok_or_else(malformed)?;
            if rest.len() > 1 || !rest.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(malformed());
            }
        }
        let wanted = text.to_ascii_lowercase();
        self.legal_moves()
            .iter()
            .copied()
            .find(|&m| self.move_text(m) == wanted)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}
