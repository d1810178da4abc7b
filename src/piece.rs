//! Colours, pieces, and piece movement described as data.
//!
//! A piece type is a list of [`Atom`]s: leaper offsets or slider directions, each with a mode
//! (move, capture or both), optionally only from the side's start squares, optionally lame
//! (every square strictly between must be empty). Offsets are written for White, with "forward"
//! meaning up the board; Black's are mirrored. Everything the ordinary pieces of our games do
//! fits this; the odd rules of a game live in that game's module.

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

/// Whether an atom moves to empty squares, captures, or both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

/// How an atom's offsets are travelled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reach {
    /// Jumps straight to the target, over holes and pieces.
    Leap,
    /// Jumps along a straight line; every square strictly between must be playable and empty.
    LameLeap,
    /// Goes to the target along any shortest path of King steps that never steps away from it
    /// along either axis; blocked only when every such path has an occupied square (the
    /// Falcon: three paths to each of its targets).
    ShortestPaths,
    /// Slides any distance in the offset's direction (a unit step) until the board edge, a hole
    /// or a piece.
    Slide,
}

/// One movement component of a piece.
#[derive(Clone, Copy, Debug)]
pub struct Atom {
    pub reach: Reach,
    /// (file, rank) offsets as seen by White.
    pub steps: &'static [(i8, i8)],
    pub mode: Mode,
    /// Only from one of the side's start squares (the variant's initial zone).
    pub initial_only: bool,
}

impl Atom {
    pub const fn leap(steps: &'static [(i8, i8)], mode: Mode) -> Atom {
        Atom { reach: Reach::Leap, steps, mode, initial_only: false }
    }

    pub const fn slide(steps: &'static [(i8, i8)], mode: Mode) -> Atom {
        Atom { reach: Reach::Slide, steps, mode, initial_only: false }
    }

    /// A lame leap allowed only from the side's start squares (a pawn's double step).
    pub const fn initial_lame(steps: &'static [(i8, i8)], mode: Mode) -> Atom {
        Atom { reach: Reach::LameLeap, steps, mode, initial_only: true }
    }
}

/// A piece type of a variant.
#[derive(Clone, Copy, Debug)]
pub struct PieceType {
    pub name: &'static str,
    /// FEN letter of the White piece (upper case); Black's is the lower-case letter.
    pub letter: char,
    /// Betza notation as XBoard 4.9 parses it (`piece` command).
    pub betza: &'static str,
    pub atoms: &'static [Atom],
    /// Must not be left attacked (chess King).
    pub royal: bool,
    /// Promotes, may double-step and capture en passant, resets the 50-move count.
    pub pawn: bool,
}

/// Common step sets, as seen by White.
pub mod steps {
    /// Wazir: one step orthogonally.
    pub const WAZIR: &[(i8, i8)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
    /// Ferz: one step diagonally.
    pub const FERZ: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, -1), (-1, 1)];
    /// Man / King: one step in any direction.
    pub const KING: &[(i8, i8)] = &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    /// Knight: (1,2) leaper.
    pub const KNIGHT: &[(i8, i8)] = &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    /// Camel: (1,3) leaper.
    pub const CAMEL: &[(i8, i8)] = &[(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)];
    /// One step straight forward.
    pub const FORWARD: &[(i8, i8)] = &[(0, 1)];
    /// Two steps straight forward.
    pub const FORWARD_TWO: &[(i8, i8)] = &[(0, 2)];
    /// One step diagonally forward.
    pub const FORWARD_DIAGONAL: &[(i8, i8)] = &[(1, 1), (-1, 1)];
    /// Two steps diagonally forward.
    pub const FORWARD_DIAGONAL_TWO: &[(i8, i8)] = &[(2, 2), (-2, 2)];
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
