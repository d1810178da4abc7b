//! Storage: `bitvec::BitArray<[u64; 3]>` (the crate's word-backed fixed bit array).
use crate::square::Square;
use bitvec::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(BitArray<[u64; 3], Lsb0>);

impl Bitboard {
    pub const STORAGE: &'static str = "bitvec BitArray<[u64; 3]>";
    pub const EMPTY: Bitboard = Bitboard(BitArray::ZERO);

    #[inline(always)]
    pub fn intersection(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
    #[inline(always)]
    pub fn union(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
    #[inline(always)]
    pub fn symmetric_difference(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ o.0)
    }
    #[inline(always)]
    pub fn difference(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & !o.0)
    }
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0.not_any()
    }
    /// The set moved `by` square indices (up when positive; `|by| < 64`): squares moved past
    /// either end of the 144 are dropped. Squares of a row's end land on the next row, so
    /// callers remove those first (a set of whole steps on a board, as pawn pushes).
    #[inline(always)]
    pub fn shifted(self, by: i32) -> Bitboard {
        let mut bits = self.0;
        let n = by.unsigned_abs() as usize;
        debug_assert!(n < 64);
        if by > 0 {
            bits.shift_right(n);
        } else {
            bits.shift_left(n);
        }
        // Bits 144-191 are not squares.
        bits[crate::square::SQUARE_COUNT..].fill(false);
        Bitboard(bits)
    }
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.count_ones() as u32
    }
    #[inline(always)]
    pub fn contains(self, sq: Square) -> bool {
        self.0[sq.index()]
    }
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        self.0.set(sq.index(), true)
    }
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        self.0.set(sq.index(), false)
    }
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        let i = sq.index();
        let v = self.0[i];
        self.0.set(i, !v)
    }
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        self.0.first_one().map(|i| Square::from_index_unchecked(i as u8))
    }
    #[inline(always)]
    pub fn last(self) -> Option<Square> {
        self.0.last_one().map(|i| Square::from_index_unchecked(i as u8))
    }
    #[inline(always)]
    pub fn pop_first(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.remove(sq);
        Some(sq)
    }
}
