//! Storage: three `u64` words (bits 0-63, 64-127, 128-143).
use crate::square::Square;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard([u64; 3]);

impl Bitboard {
    pub const STORAGE: &'static str = "3 x u64";
    pub const EMPTY: Bitboard = Bitboard([0; 3]);

    #[inline(always)]
    pub fn intersection(self, o: Bitboard) -> Bitboard {
        Bitboard([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
    #[inline(always)]
    pub fn union(self, o: Bitboard) -> Bitboard {
        Bitboard([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
    #[inline(always)]
    pub fn symmetric_difference(self, o: Bitboard) -> Bitboard {
        Bitboard([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1], self.0[2] ^ o.0[2]])
    }
    #[inline(always)]
    pub fn difference(self, o: Bitboard) -> Bitboard {
        Bitboard([self.0[0] & !o.0[0], self.0[1] & !o.0[1], self.0[2] & !o.0[2]])
    }
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }
    #[inline(always)]
    pub fn contains(self, sq: Square) -> bool {
        let i = sq.index();
        (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] ^= 1 << (i & 63);
    }
    /// The set moved `by` square indices (up when positive; `|by| < 64`): squares moved past
    /// either end of the 144 are dropped. Squares of a row's end land on the next row, so
    /// callers remove those first (a set of whole steps on a board, as pawn pushes).
    #[inline(always)]
    pub fn shifted(self, by: i32) -> Bitboard {
        /// Bits of the last word that are squares (144 - 128).
        const TOP: u64 = (1 << 16) - 1;
        let [a, b, c] = self.0;
        let n = by.unsigned_abs();
        debug_assert!(n < 64);
        if n == 0 {
            self
        } else if by > 0 {
            Bitboard([a << n, (b << n) | (a >> (64 - n)), ((c << n) | (b >> (64 - n))) & TOP])
        } else {
            Bitboard([(a >> n) | (b << (64 - n)), (b >> n) | (c << (64 - n)), c >> n])
        }
    }
    /// The lowest square.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        let i = if self.0[0] != 0 {
            self.0[0].trailing_zeros()
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros()
        } else if self.0[2] != 0 {
            128 + self.0[2].trailing_zeros()
        } else {
            return None;
        };
        Some(Square::from_index_unchecked(i as u8))
    }
    /// The highest square.
    #[inline(always)]
    pub fn last(self) -> Option<Square> {
        let i = if self.0[2] != 0 {
            128 + 63 - self.0[2].leading_zeros()
        } else if self.0[1] != 0 {
            64 + 63 - self.0[1].leading_zeros()
        } else if self.0[0] != 0 {
            63 - self.0[0].leading_zeros()
        } else {
            return None;
        };
        Some(Square::from_index_unchecked(i as u8))
    }
    /// Removes and returns the lowest square.
    #[inline(always)]
    pub fn pop_first(&mut self) -> Option<Square> {
        for w in 0..3 {
            let word = self.0[w];
            if word != 0 {
                self.0[w] = word & (word - 1);
                return Some(Square::from_index_unchecked((w as u32 * 64 + word.trailing_zeros()) as u8));
            }
        }
        None
    }
}
