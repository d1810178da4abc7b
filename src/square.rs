//! Squares of the largest board, 12 files x 12 ranks, with a fixed 12-file stride.
//!
//! Every variant uses the same numbering: `index = rank * 12 + file`, so `a1` is 0, `l1` is 11,
//! `a2` is 12 and `l12` is 143. Smaller boards use the lower-left corner; which squares a game
//! actually plays on is the variant's mask (see [`crate::Geometry`]).

use std::fmt;

/// Files and ranks of the largest board.
pub const MAX_FILES: u8 = 12;
pub const MAX_RANKS: u8 = 12;
/// Number of squares of the largest board.
pub const SQUARE_COUNT: usize = (MAX_FILES as usize) * (MAX_RANKS as usize);

/// A square of the 12x12 board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square at `index` (rank * 12 + file), if it is on the 12x12 board.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < SQUARE_COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `index` without a bounds check; `index` must be below 144.
    #[inline]
    pub const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!((index as usize) < SQUARE_COUNT);
        Square(index)
    }

    /// The square on `file` and `rank` (both 0-based), if on the 12x12 board.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_FILES && rank < MAX_RANKS {
            Some(Square(rank * MAX_FILES + file))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        // SAFETY: every constructor keeps the index below 144 (`new` and `from_coords` check
        // it, `from_index_unchecked` is only fed bit positions of square sets). Telling the
        // compiler lets it drop bounds checks on per-square tables.
        unsafe { std::hint::assert_unchecked((self.0 as usize) < SQUARE_COUNT) };
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % MAX_FILES
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / MAX_FILES
    }

    /// The square `df` files and `dr` ranks away, if it is on the 12x12 board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i16 + df as i16;
        let r = self.rank() as i16 + dr as i16;
        if f < 0 || r < 0 || f >= MAX_FILES as i16 || r >= MAX_RANKS as i16 {
            None
        } else {
            Some(Square((r * MAX_FILES as i16 + f) as u8))
        }
    }

    /// Every square of the 12x12 board, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARE_COUNT as u8).map(Square)
    }

    /// Parses a square name such as `e4` or `l12` (ranks are 1-based decimal).
    pub fn parse(text: &str) -> Option<Square> {
        let (square, rest) = Square::parse_prefix(text)?;
        if rest.is_empty() {
            Some(square)
        } else {
            None
        }
    }

    /// Parses a square name at the start of `text` and returns it with the rest of the text.
    /// A rank is read greedily but never as more than two digits, so `a10a9` reads `a10`.
    pub fn parse_prefix(text: &str) -> Option<(Square, &str)> {
        let bytes = text.as_bytes();
        let file = *bytes.first()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let file = file - b'a';
        let digits = bytes[1..].iter().take(2).take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || bytes[1] == b'0' {
            return None;
        }
        // A two-digit rank above 12 cannot be a square: read one digit then.
        let mut len = digits;
        let mut rank: u32 = text[1..1 + len].parse().ok()?;
        if len == 2 && rank > MAX_RANKS as u32 {
            len = 1;
            rank /= 10;
        }
        let square = Square::from_coords(file, (rank - 1) as u8)?;
        Some((square, &text[1 + len..]))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The eight line directions of sliders, as (file, rank) steps.
///
/// The first four increase the square index (a slider's nearest blocker is the lowest set
/// bit), the last four decrease it (nearest blocker is the highest set bit).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    North = 0,
    East = 1,
    NorthEast = 2,
    NorthWest = 3,
    South = 4,
    West = 5,
    SouthWest = 6,
    SouthEast = 7,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::South,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// Bit set of the orthogonal directions (rook lines).
    pub const ORTHOGONAL: u8 = 1 << 0 | 1 << 1 | 1 << 4 | 1 << 5;
    /// Bit set of the diagonal directions (bishop lines).
    pub const DIAGONAL: u8 = 1 << 2 | 1 << 3 | 1 << 6 | 1 << 7;
    /// Bit set of the directions in which square indices grow (North, East, NorthEast,
    /// NorthWest, those that [`Direction::is_increasing`]): a ray's nearest square is its lowest.
    pub const INCREASING: u8 = 0x0f;

    #[inline]
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::SouthWest => (-1, -1),
            Direction::SouthEast => (1, -1),
        }
    }

    /// Whether moving this way increases the square index.
    #[inline]
    pub const fn is_increasing(self) -> bool {
        (self as u8) < 4
    }

    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// The direction whose step is exactly (df, dr), if any.
    pub fn from_step(df: i8, dr: i8) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.step() == (df, dr))
    }

    /// The direction from `a` towards `b` if they share a rank, file or diagonal.
    pub fn between(a: Square, b: Square) -> Option<Direction> {
        let df = b.file() as i8 - a.file() as i8;
        let dr = b.rank() as i8 - a.rank() as i8;
        if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return None;
        }
        Direction::from_step(df.signum(), dr.signum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_the_whole_board() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("l12").unwrap().index(), 143);
        assert_eq!(Square::parse("a10").unwrap().index(), 108);
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in ["", "a", "a0", "m1", "a13", "A1", "a1x", "1a", "a01"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn prefix_parsing_reads_multi_digit_ranks() {
        let (sq, rest) = Square::parse_prefix("a10a9").unwrap();
        assert_eq!((sq.to_string().as_str(), rest), ("a10", "a9"));
        let (sq, rest) = Square::parse_prefix("a1a2").unwrap();
        assert_eq!((sq.to_string().as_str(), rest), ("a1", "a2"));
        let (sq, rest) = Square::parse_prefix("b12c11").unwrap();
        assert_eq!((sq.to_string().as_str(), rest), ("b12", "c11"));
    }
}
