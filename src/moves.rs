//! `Move` and `MoveList`.

use crate::piece::Kind;
use crate::square::{Direction, Square};
use std::fmt;
use std::mem::MaybeUninit;

/// What a move does beyond lifting a piece from `from` and putting it on `to`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Special {
    Normal = 0,
    /// A pawn's lame leap from its start square; may open en passant.
    DoubleStep = 1,
    /// Captures the pawn that just double-stepped; `to` is the skipped square.
    EnPassant = 2,
    /// King move of a castling; `to` is the King's destination.
    Castle = 3,
    /// A move along a path of jumps that captures every unit it jumps: each jump passes over
    /// the adjacent square in its direction (the captured unit) and lands on the square
    /// beyond. Its text is the game's ([`crate::rules::GameRules::move_text`]).
    MultiCapture = 4,
}

/// Most jumps one [`Special::MultiCapture`] move can hold.
pub const MAX_JUMPS: usize = 12;

/// A move in 64 bits.
///
/// ```text
///  bits  0..8   from square (0..144, index rank * 12 + file)
///  bits  8..16  to square
///  bits 16..21  promotion: 0 for none, else 1 + the kind promoted to
///  bits 21..24  Special
///  bits 24..28  number of jumps of a jump chain (0..=12)
///  bits 28..64  the jumps' directions, 3 bits each (`Direction` values), first jump lowest
/// ```
/// The all-zero value (a1a1) is never a legal move and serves as "no move". A jump chain is
/// fully described by its start and its directions, so the move needs no position to be made,
/// unmade or written, and equal moves from the same position are equal values (killer and
/// transposition-table moves).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(u64);

impl Move {
    pub const NONE: Move = Move(0);

    #[inline]
    pub const fn new(from: Square, to: Square, special: Special) -> Move {
        Move(from.index() as u64 | (to.index() as u64) << 8 | (special as u64) << 21)
    }

    #[inline]
    pub const fn promotion(from: Square, to: Square, kind: Kind, special: Special) -> Move {
        Move(Move::new(from, to, special).0 | (kind.0 as u64 + 1) << 16)
    }

    /// A jump chain from `from` ending on `to`, jumping in the given directions (at most
    /// [`MAX_JUMPS`]).
    pub fn multi_capture(from: Square, to: Square, jumps: &[Direction]) -> Move {
        assert!(!jumps.is_empty() && jumps.len() <= MAX_JUMPS);
        let mut bits = Move::new(from, to, Special::MultiCapture).0 | (jumps.len() as u64) << 24;
        for (i, &d) in jumps.iter().enumerate() {
            bits |= (d as u64) << (28 + 3 * i);
        }
        Move(bits)
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_unchecked(self.0 as u8)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 >> 8) as u8)
    }

    #[inline]
    pub const fn promoted(self) -> Option<Kind> {
        match (self.0 >> 16) & 0x1f {
            0 => None,
            k => Some(Kind(k as u8 - 1)),
        }
    }

    #[inline]
    pub const fn special(self) -> Special {
        match (self.0 >> 21) & 7 {
            1 => Special::DoubleStep,
            2 => Special::EnPassant,
            3 => Special::Castle,
            4 => Special::MultiCapture,
            _ => Special::Normal,
        }
    }

    /// The directions of a jump chain's jumps, in order (none for other moves).
    #[inline]
    pub fn jumps(self) -> impl Iterator<Item = Direction> {
        let count = ((self.0 >> 24) & 15) as usize;
        let bits = self.0 >> 28;
        (0..count).map(move |i| Direction::ALL[((bits >> (3 * i)) & 7) as usize])
    }

    /// The (captured square, landing square) of each jump of a jump chain.
    pub fn jump_squares(self) -> impl Iterator<Item = (Square, Square)> {
        let mut at = self.from();
        self.jumps().map(move |d| {
            let (df, dr) = d.step();
            let over = at.offset(df, dr).expect("jump stays on the board");
            let land = over.offset(df, dr).expect("jump stays on the board");
            at = land;
            (over, land)
        })
    }

    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The move with these bits (as stored by [`Move::bits`]). Only for bits that came from a
    /// real move, such as a transposition-table entry; a search checks the move against the
    /// legal moves before playing it.
    #[inline]
    pub const fn from_bits(bits: u64) -> Move {
        let on_board = (bits & 0xff) < 144 && ((bits >> 8) & 0xff) < 144;
        if on_board {
            Move(bits)
        } else {
            Move::NONE
        }
    }

    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}{} {:?}", self.from(), self.to(), self.special())?;
        if let Some(k) = self.promoted() {
            write!(f, " ={}", k.0)?;
        }
        write!(f, ")")
    }
}

/// Moves a list holds on the stack. Standard chess needs at most 218; a crowded 12x12
/// position with jump chains can need more, and then the list moves to the heap.
pub const INLINE_MOVES: usize = 256;

/// A list of moves that lives on the stack and spills to the heap only when it grows past
/// [`INLINE_MOVES`].
pub struct MoveList {
    len: usize,
    inline: [MaybeUninit<Move>; INLINE_MOVES],
    /// Every move, once the list has spilled (then `inline` is unused).
    spilled: Vec<Move>,
    on_heap: bool,
}

impl MoveList {
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            inline: [MaybeUninit::uninit(); INLINE_MOVES],
            spilled: Vec::new(),
            on_heap: false,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if self.len < INLINE_MOVES {
            self.inline[self.len] = MaybeUninit::new(m);
        } else {
            self.push_on_heap(m);
        }
        self.len += 1;
    }

    #[cold]
    fn push_on_heap(&mut self, m: Move) {
        if !self.on_heap {
            self.spilled = self.as_slice().to_vec();
            self.on_heap = true;
        }
        self.spilled.push(m);
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spilled.clear();
        self.on_heap = false;
    }

    /// Keeps only the moves for which `keep` is true (order is not kept).
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut i = 0;
        while i < self.len {
            if keep(self.as_slice()[i]) {
                i += 1;
            } else {
                let last = self.as_slice()[self.len - 1];
                self.as_mut_slice()[i] = last;
                self.len -= 1;
                if self.on_heap {
                    self.spilled.truncate(self.len);
                }
            }
        }
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        if self.on_heap {
            return &self.spilled;
        }
        // SAFETY: the first `len` inline entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.inline.as_ptr() as *const Move, self.len) }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        if self.on_heap {
            return &mut self.spilled;
        }
        // SAFETY: the first `len` inline entries were written by `push`.
        unsafe { std::slice::from_raw_parts_mut(self.inline.as_mut_ptr() as *mut Move, self.len) }
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let a = Square::parse("l11").unwrap();
        let b = Square::parse("l12").unwrap();
        let m = Move::promotion(a, b, Kind(9), Special::Normal);
        assert_eq!((m.from(), m.to(), m.promoted(), m.special()), (a, b, Some(Kind(9)), Special::Normal));
        let c = Move::new(b, a, Special::EnPassant);
        assert_eq!((c.from(), c.to(), c.promoted(), c.special()), (b, a, None, Special::EnPassant));
        assert!(Move::NONE.is_none() && !c.is_none());
    }

    #[test]
    fn jump_chains_keep_their_path() {
        let sq = |n| Square::parse(n).unwrap();
        let jumps = [Direction::North, Direction::East, Direction::SouthWest];
        let m = Move::multi_capture(sq("c3"), sq("e5"), &jumps);
        assert_eq!(m.special(), Special::MultiCapture);
        assert_eq!(m.jumps().collect::<Vec<_>>(), jumps);
        let legs: Vec<String> = m.jump_squares().map(|(a, b)| format!("{a}{b}")).collect();
        assert_eq!(legs, ["c4c5", "d5e5", "d4c3"]);
        let long = [Direction::SouthEast; MAX_JUMPS];
        let m = Move::multi_capture(sq("a12"), sq("a1"), &long);
        assert_eq!(m.jumps().count(), MAX_JUMPS);
        assert!(m.jumps().all(|d| d == Direction::SouthEast));
        assert_eq!((m.from(), m.to()), (sq("a12"), sq("a1")));
    }

    #[test]
    fn long_lists_spill_to_the_heap_and_back() {
        let mut list = MoveList::new();
        let sq = |i: usize| Square::new((i % 144) as u8).unwrap();
        for i in 0..1000 {
            list.push(Move::new(sq(i), sq(i + 1), Special::Normal));
        }
        assert_eq!(list.len(), 1000);
        assert_eq!(list.as_slice()[999].from(), sq(999));
        assert_eq!(list.as_slice()[0].from(), sq(0));
        list.retain(|m| m.from().index() < 10);
        let mut froms: Vec<usize> = list.iter().map(|m| m.from().index()).collect();
        froms.sort();
        assert_eq!(froms.len(), 70, "every square index below 10 appears 7 times in 0..1000 mod 144");
        list.clear();
        assert!(list.is_empty());
        list.push(Move::new(sq(3), sq(4), Special::Normal));
        assert_eq!(list.as_slice().len(), 1);
    }

    #[test]
    fn retain_keeps_the_right_moves() {
        let mut list = MoveList::new();
        for i in 0..10u8 {
            list.push(Move::new(Square::new(i).unwrap(), Square::new(i + 1).unwrap(), Special::Normal));
        }
        list.retain(|m| m.from().index() % 2 == 0);
        let mut froms: Vec<usize> = list.iter().map(|m| m.from().index()).collect();
        froms.sort();
        assert_eq!(froms, vec![0, 2, 4, 6, 8]);
    }
}
