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
        // Multi-leg: a capturing jump chain, two legs per jump (onto the captured unit, then
        // onto the square directly beyond). Any valid path with the same start, end and
        // captured units names the same move.
        let joined = legs.windows(2).all(|w| w[0].1 == w[1].0);
        if !joined || legs.len() % 2 != 0 {
            return Err(illegal());
        }
        let mut captured = Vec::new();
        for jump in legs.chunks(2) {
            let (at, over, land) = (jump[0].0, jump[0].1, jump[1].1);
            let (df, dr) = (over.file() as i8 - at.file() as i8, over.rank() as i8 - at.rank() as i8);
            let adjacent = df.abs() <= 1 && dr.abs() <= 1;
            let mover = self.piece_at(legs[0].0).map(|p| p.color());
            let victim = self.piece_at(over).map(|p| p.color());
            let lands_free = land == legs[0].0 || self.piece_at(land).is_none();
            if !adjacent
                || over.offset(df, dr) != Some(land)
                || victim.is_none()
                || victim == mover
                || !lands_free
            {
                return Err(illegal());
            }
            captured.push(over);
        }
        let (from, to) = (legs[0].0, legs[legs.len() - 1].1);
        captured.sort();
        if captured.windows(2).any(|w| w[0] == w[1]) {
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
