//! Storage: one `u128` (bits 0-127) and one `u64` (bits 128-143).
use crate::square::Square;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(u128, u64);

impl Bitboard {
    pub const STORAGE: &'static str = "u128 + u64";
    pub const EMPTY: Bitboard = Bitboard(0, 0);

    #[inline(always)]
    pub fn intersection(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0, self.1 & o.1)
    }
    #[inline(always)]
    pub fn union(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0, self.1 | o.1)
    }
    #[inline(always)]
    pub fn symmetric_difference(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ o.0, self.1 ^ o.1)
    }
    #[inline(always)]
    pub fn difference(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & !o.0, self.1 & !o.1)
    }
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0 && self.1 == 0
    }
    /// The set moved `by` square indices (up when positive; `|by| < 64`): squares moved past
    /// either end of the 144 are dropped. Squares of a row's end land on the next row, so
    /// callers remove those first (a set of whole steps on a board, as pawn pushes).
    #[inline(always)]
    pub fn shifted(self, by: i32) -> Bitboard {
        /// Bits of the `u64` that are squares (144 - 128).
        const TOP: u64 = (1 << 16) - 1;
        let n = by.unsigned_abs();
        debug_assert!(n < 64);
        if n == 0 {
            self
        } else if by > 0 {
            Bitboard(self.0 << n, ((self.1 << n) | (self.0 >> (128 - n)) as u64) & TOP)
        } else {
            Bitboard((self.0 >> n) | ((self.1 as u128) << (128 - n)), self.1 >> n)
        }
    }
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.count_ones() + self.1.count_ones()
    }
    #[inline(always)]
    pub fn contains(self, sq: Square) -> bool {
        let i = sq.index();
        if i < 128 {
            (self.0 >> i) & 1 != 0
        } else {
            (self.1 >> (i - 128)) & 1 != 0
        }
    }
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        if i < 128 {
            self.0 |= 1 << i
        } else {
            self.1 |= 1 << (i - 128)
        }
    }
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        if i < 128 {
            self.0 &= !(1 << i)
        } else {
            self.1 &= !(1 << (i - 128))
        }
    }
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        let i = sq.index();
        if i < 128 {
            self.0 ^= 1 << i
        } else {
            self.1 ^= 1 << (i - 128)
        }
    }
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        let i = if self.0 != 0 {
            self.0.trailing_zeros()
        } else if self.1 != 0 {
            128 + self.1.trailing_zeros()
        } else {
            return None;
        };
        Some(Square::from_index_unchecked(i as u8))
    }
    #[inline(always)]
    pub fn last(self) -> Option<Square> {
        let i = if self.1 != 0 {
            128 + 63 - self.1.leading_zeros()
        } else if self.0 != 0 {
            127 - self.0.leading_zeros()
        } else {
            return None;
        };
        Some(Square::from_index_unchecked(i as u8))
    }
    #[inline(always)]
    pub fn pop_first(&mut self) -> Option<Square> {
        if self.0 != 0 {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(Square::from_index_unchecked(i as u8))
        } else if self.1 != 0 {
            let i = self.1.trailing_zeros();
            self.1 &= self.1 - 1;
            Some(Square::from_index_unchecked(128 + i as u8))
        } else {
            None
        }
    }
}
