//! Colours, pieces, and piece types: a piece type's moves are data, its Betza string
//! ([`crate::betza`]), written for White with "forward" up the board (Black's are mirrored).
//! Everything the ordinary pieces of our games do fits this; the odd rules of a game live in
//! that game's module.

use std::fmt;
use std::num::NonZeroU8;

/// Most piece types a variant may define (pieces are packed into four bits).
pub const MAX_KINDS: usize = 16;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank step that is "forward" for this colour.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// Index of a piece type in its variant's piece table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece on the board: colour and kind, packed as `1 + colour * 16 + kind` so that
/// `Option<Piece>` is one byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece(NonZeroU8);

impl Piece {
    #[inline]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        match NonZeroU8::new(1 + (color as u8) * MAX_KINDS as u8 + kind.0) {
            Some(n) => Piece(n),
            None => unreachable!(),
        }
    }

    #[inline]
    pub const fn color(self) -> Color {
        if (self.0.get() - 1) as usize >= MAX_KINDS {
            Color::Black
        } else {
            Color::White
        }
    }

    #[inline]
    pub const fn kind(self) -> Kind {
        Kind((self.0.get() - 1) % MAX_KINDS as u8)
    }
}

/// Whether a movement moves to empty squares, captures, or both.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Mode {
    Both,
    MoveOnly,
    CaptureOnly,
}

impl Mode {
    #[inline]
    pub const fn moves(self) -> bool {
        !matches!(self, Mode::CaptureOnly)
    }

    #[inline]
    pub const fn captures(self) -> bool {
        !matches!(self, Mode::MoveOnly)
    }
}

/// What a piece looks like on a board: the picture a GUI should draw, chosen so that it
/// suggests how the piece moves (XBoard maps each to one of its slots; a browser board to
/// its own drawing).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Picture {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// A one-square diagonal stepper (the Advisor).
    Ferz,
    /// A two-square diagonal leaper, or a diagonal hopper (the Elephant).
    Alfil,
    /// A one-square orthogonal stepper.
    Wazir,
    /// A non-royal King (the Commoner).
    Man,
    /// An orthogonal hopper.
    Cannon,
    /// A Bishop with extra orthogonal steps (the Dragon Horse's crowned Bishop).
    CrownedBishop,
    /// A Rook with extra diagonal steps (the Dragon King's crowned Rook).
    CrownedRook,
    /// The Falcon (a hawk).
    Falcon,
    /// A King-like piece that captures several units in one move.
    Lion,
    Camel,
    /// Bishop and Knight in one (the Archbishop, Cardinal or Princess).
    Archbishop,
    /// Rook and Knight in one (the Chancellor, Marshal or Empress).
    Chancellor,
}

/// A piece type of a variant. Its moves are its Betza string, read by [`crate::betza`] when
/// the variant is built; the same string tells XBoard how the piece moves.
#[derive(Clone, Copy, Debug)]
pub struct PieceType {
    pub name: &'static str,
    /// FEN letter of the White piece (upper case); Black's is the lower-case letter.
    pub letter: char,
    /// The moves in XBetza notation (see [`crate::betza`]).
    pub betza: &'static str,
    /// What the evaluation counts the piece as, in centipawns (a pawn is 100; the royal
    /// piece 0). Part of the game's evaluation profile; the reasoning is beside each game's
    /// pieces.
    pub value: i32,
    /// What a GUI should draw for it.
    pub picture: Picture,
    /// Must not be left attacked (chess King).
    pub royal: bool,
    /// Promotes, may double-step and capture en passant, resets the 50-move count.
    pub pawn: bool,
}

impl PieceType {
    /// A piece that is neither royal nor a pawn.
    pub const fn new(
        name: &'static str,
        letter: char,
        betza: &'static str,
        value: i32,
        picture: Picture,
    ) -> PieceType {
        PieceType { name, letter, betza, value, picture, royal: false, pawn: false }
    }

    /// The royal piece (no value: it is never traded).
    pub const fn royal(name: &'static str, letter: char, betza: &'static str, picture: Picture) -> PieceType {
        PieceType { name, letter, betza, value: 0, picture, royal: true, pawn: false }
    }

    /// A pawn: promotes, double-steps where its Betza says, resets the 50-move count.
    pub const fn pawn(name: &'static str, betza: &'static str, value: i32) -> PieceType {
        PieceType { name, letter: 'P', betza, value, picture: Picture::Pawn, royal: false, pawn: true }
    }

    /// The same piece drawn differently.
    pub const fn drawn_as(self, picture: Picture) -> PieceType {
        PieceType { picture, ..self }
    }

    /// The same piece valued differently (a game that shares another's piece).
    pub const fn valued(self, value: i32) -> PieceType {
        PieceType { value, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_pack_colour_and_kind() {
        for color in Color::BOTH {
            for k in 0..MAX_KINDS as u8 {
                let p = Piece::new(color, Kind(k));
                assert_eq!((p.color(), p.kind()), (color, Kind(k)));
            }
        }
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
    }
}
