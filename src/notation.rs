//! Move text as XBoard and UCI write it: from-square, to-square, a lower-case promotion
//! letter (`e7e8q`, `a10a11n`); multi-capture moves as their game writes them, by default
//! comma-joined legs.

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
    /// The coordinate text of `mv` in this position (a multi-capture move's as its game
    /// writes it).
    pub fn move_text(&self, mv: Move) -> String {
        if mv.special() == Special::MultiCapture {
            return match self.variant().rules {
                Some(rules) => rules.move_text(self, mv),
                None => leg_text(mv),
            };
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
        if legs.len() == 1 {
            let wanted = text.to_ascii_lowercase();
            return self
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| self.move_text(m) == wanted)
                .ok_or_else(illegal);
        }
        let found = match self.variant().rules {
            Some(rules) => rules.read_move(self, &legs),
            None => read_legs(self, &legs),
        };
        found.ok_or_else(illegal)
    }
}

/// A multi-capture move as XBoard writes multi-leg moves: two legs per jump, onto the
/// captured unit and then onto the landing square, joined by commas (`c3d4,d4e5,e5e6,e6e7`).
pub fn leg_text(mv: Move) -> String {
    let mut at = mv.from();
    let mut legs = Vec::new();
    for (over, land) in mv.jump_squares() {
        legs.push(format!("{at}{over}"));
        legs.push(format!("{over}{land}"));
        at = land;
    }
    legs.join(",")
}

/// The legal multi-capture move that the legs of [`leg_text`]'s form name, `None` if there is
/// none. Any valid path with the same start, end and captured units names the same move.
pub fn read_legs(pos: &Position, legs: &[(Square, Square)]) -> Option<Move> {
    let joined = legs.windows(2).all(|w| w[0].1 == w[1].0);
    if legs.is_empty() || !joined || !legs.len().is_multiple_of(2) {
        return None;
    }
    let mover = pos.piece_at(legs[0].0).map(|p| p.color());
    let mut captured = Vec::new();
    for jump in legs.chunks(2) {
        let (at, over, land) = (jump[0].0, jump[0].1, jump[1].1);
        let (df, dr) = (over.file() as i8 - at.file() as i8, over.rank() as i8 - at.rank() as i8);
        let adjacent = df.abs() <= 1 && dr.abs() <= 1;
        let victim = pos.piece_at(over).map(|p| p.color());
        let lands_free = land == legs[0].0 || pos.piece_at(land).is_none();
        if !adjacent
            || over.offset(df, dr) != Some(land)
            || victim.is_none()
            || victim == mover
            || !lands_free
        {
            return None;
        }
        captured.push(over);
    }
    let (from, to) = (legs[0].0, legs[legs.len() - 1].1);
    captured.sort();
    if captured.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|m| m.special() == Special::MultiCapture && m.from() == from && m.to() == to)
        .find(|m| {
            let mut victims: Vec<Square> = m.jump_squares().map(|(over, _)| over).collect();
            victims.sort();
            victims == captured
        })
}

impl Position {
    /// The move in Standard Algebraic Notation (`Nf3`, `exd5`, `e8=Q+`, `O-O`, `Qxf7#`), as
    /// PGN uses it. Two kinds of move that SAN has no form for are written in the same style
    /// with their whole path: a jump chain (`desertoasis`) as the piece letter, the start
    /// square and every landing square after an `x` (`Dc3xc5xe7`: the units on d4 and d6 are
    /// captured), and a move that starts on a double-move road (`wizardoz`), which need not
    /// look like a move of its piece, with its start square in full (`Nc4f5`, `Bc4xe8`,
    /// `c4c6`). Check `+` and mate `#` follow as usual.
    pub fn san(&self, mv: Move) -> String {
        let v = self.variant();
        let Some(piece) = self.piece_at(mv.from()) else { return self.move_text(mv) };
        let piece_type = v.piece_type(piece.kind());
        let from_road = v.road(self).contains(mv.from());
        let mut san = match mv.special() {
            Special::MultiCapture => {
                let mut text = String::new();
                if !piece_type.pawn {
                    text.push(piece_type.letter);
                }
                text.push_str(&mv.from().to_string());
                for (_, land) in mv.jump_squares() {
                    text.push('x');
                    text.push_str(&land.to_string());
                }
                text
            }
            Special::Castle => {
                let castling = v.castlings.iter().find(|c| c.color == piece.color() && c.king_to == mv.to());
                if castling.is_some_and(|c| c.letter == 'Q') {
                    "O-O-O".to_string()
                } else {
                    "O-O".to_string()
                }
            }
            _ => {
                let capture = match mv.special() {
                    Special::EnPassant => true,
                    _ => self.piece_at(mv.to()).is_some_and(|p| p.color() != piece.color()),
                };
                let mut text = String::new();
                if from_road {
                    if !piece_type.pawn {
                        text.push(piece_type.letter);
                    }
                    text.push_str(&mv.from().to_string());
                } else if piece_type.pawn {
                    if capture || mv.from().file() != mv.to().file() {
                        text.push((b'a' + mv.from().file()) as char);
                    }
                } else {
                    text.push(piece_type.letter);
                    // Disambiguate among other pieces of the kind that can go to the same square.
                    let rivals: Vec<Square> = self
                        .legal_moves()
                        .iter()
                        .filter(|m| m.to() == mv.to() && m.from() != mv.from())
                        .filter(|m| self.piece_at(m.from()) == Some(piece))
                        .map(|m| m.from())
                        .collect();
                    if !rivals.is_empty() {
                        let file_unique = rivals.iter().all(|s| s.file() != mv.from().file());
                        let rank_unique = rivals.iter().all(|s| s.rank() != mv.from().rank());
                        if file_unique {
                            text.push((b'a' + mv.from().file()) as char);
                        } else if rank_unique {
                            text.push_str(&(mv.from().rank() + 1).to_string());
                        } else {
                            text.push_str(&mv.from().to_string());
                        }
                    }
                }
                if capture {
                    text.push('x');
                }
                text.push_str(&mv.to().to_string());
                if let Some(kind) = mv.promoted() {
                    text.push('=');
                    text.push(v.piece_type(kind).letter);
                }
                text
            }
        };
        let mut after = self.clone();
        after.make(mv);
        if after.in_check() {
            san.push(if after.legal_moves().is_empty() { '#' } else { '+' });
        }
        san
    }
}
