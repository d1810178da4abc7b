//! `Bitboard`: a set of squares of the 12x12 board (144 bits, bit `i` is square `i`).
//!
//! Read bitboards as sets: `a & b` is the intersection, `a | b` the union, `a - b` the
//! difference, `a ^ b` the symmetric difference. There is no complement operator: the
//! complement only makes sense relative to a board, so write `board.playable() - set`.
//!
//! The storage is chosen at build time; the default (three `u64` words) won the benchmark in
//! `docs/bitboard-storage.md`. The features `board-wide` (`u128` + `u64`) and `board-bitvec`
//! (`bitvec::BitArray`) select the alternatives so that the benchmark can be re-run.

#[cfg(all(not(feature = "board-wide"), not(feature = "board-bitvec")))]
mod words;
#[cfg(all(not(feature = "board-wide"), not(feature = "board-bitvec")))]
pub use words::Bitboard;

#[cfg(feature = "board-wide")]
mod wide;
#[cfg(feature = "board-wide")]
pub use wide::Bitboard;

#[cfg(all(feature = "board-bitvec", not(feature = "board-wide")))]
mod bitarray;
#[cfg(all(feature = "board-bitvec", not(feature = "board-wide")))]
pub use bitarray::Bitboard;

use crate::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Sub, SubAssign};

/// The name of the storage this build uses, for benchmark reports.
pub const STORAGE: &str = Bitboard::STORAGE;

impl Bitboard {
    /// The set holding one square.
    #[inline]
    pub fn from_square(sq: Square) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        b.insert(sq);
        b
    }

    /// Whether the set has more than one square.
    #[inline]
    pub fn has_several(self) -> bool {
        let mut rest = self;
        rest.pop_first().is_some() && !rest.is_empty()
    }

    /// The only square of a one-square set.
    #[inline]
    pub fn single(self) -> Option<Square> {
        if self.has_several() {
            None
        } else {
            self.first()
        }
    }

    #[inline]
    pub fn intersects(self, other: Bitboard) -> bool {
        !(self & other).is_empty()
    }

    /// Iterates over the squares, lowest index first.
    #[inline]
    pub fn squares(self) -> Squares {
        Squares(self)
    }
}

/// Iterator over the squares of a bitboard, lowest index first.
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for sq in iter {
            b.insert(sq);
        }
        b
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $raw:ident) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                self.$raw(rhs)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                *self = self.$raw(rhs);
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, intersection);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, union);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, symmetric_difference);
set_operator!(Sub, sub, SubAssign, sub_assign, difference);

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares().map(|s| s.to_string())).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn set_operations() {
        let a: Bitboard = [sq("a1"), sq("e5"), sq("l12")].into_iter().collect();
        let b: Bitboard = [sq("e5"), sq("f6"), sq("a11")].into_iter().collect();
        assert_eq!((a & b).squares().collect::<Vec<_>>(), vec![sq("e5")]);
        assert_eq!((a | b).count(), 5);
        assert_eq!((a - b).count(), 2);
        assert_eq!((a ^ b).count(), 4);
        assert!(a.intersects(b));
        assert!(!(a - b).intersects(b));
    }

    #[test]
    fn first_last_and_iteration_cover_every_word() {
        for s in Square::all() {
            let b = Bitboard::from_square(s);
            assert_eq!(b.first(), Some(s));
            assert_eq!(b.last(), Some(s));
            assert_eq!(b.count(), 1);
            assert!(b.contains(s));
            assert_eq!(b.single(), Some(s));
        }
        let all: Bitboard = Square::all().collect();
        assert_eq!(all.count(), 144);
        assert_eq!(all.first(), Some(sq("a1")));
        assert_eq!(all.last(), Some(sq("l12")));
        assert_eq!(all.squares().collect::<Vec<_>>(), Square::all().collect::<Vec<_>>());
        assert!(Bitboard::EMPTY.is_empty());
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert_eq!(Bitboard::EMPTY.last(), None);
        assert!(all.has_several());
        assert_eq!(all.single(), None);
    }

    #[test]
    fn insert_and_remove() {
        let mut b = Bitboard::EMPTY;
        b.insert(sq("k11"));
        b.insert(sq("b2"));
        assert_eq!(b.count(), 2);
        b.remove(sq("k11"));
        assert_eq!(b.squares().collect::<Vec<_>>(), vec![sq("b2")]);
        b.toggle(sq("b2"));
        assert!(b.is_empty());
    }
}
