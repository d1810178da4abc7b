//! A vanishing zone: pieces of one kind that stay in a zone grow a timer each time their
//! owner moves, and vanish when it reaches a limit (the Wazir "stacks" of I'm a Wazir).
//!
//! A timed piece has a height: `base` outside the zone or on arrival. At the end of every move,
//! first every timed piece of height `limit` is removed, then every timed piece of the player
//! who just moved that stands in the zone and did not just enter it gains 1. Leaving the zone
//! resets the height; moving inside it does not.
//!
//! Heights live in the word of the position's rules state: 4 bits per zone square (at most 16 squares),
//! in the zone's square order, 0 where no timed piece stands.

use crate::bitboard::Bitboard;
use crate::piece::{Color, Kind, Piece};
use crate::position::{zobrist, Position};
use crate::rules::RulesUndo;
use crate::square::{Square, SQUARE_COUNT};

/// Settings of a vanishing zone.
pub struct VanishingZone {
    zone: Bitboard,
    kind: Kind,
    base: u8,
    limit: u8,
    /// Zone index of each square (meaningful for zone squares only)...
    index: [u8; SQUARE_COUNT],
    /// ...and the square of each zone index.
    squares: Vec<Square>,
}

impl VanishingZone {
    pub fn new(zone: Bitboard, kind: Kind, base: u8, limit: u8) -> VanishingZone {
        assert!(zone.count() <= 16 && base >= 1 && limit > base && limit < 16);
        let mut index = [0; SQUARE_COUNT];
        for (i, sq) in zone.squares().enumerate() {
            index[sq.index()] = i as u8;
        }
        VanishingZone { zone, kind, base, limit, index, squares: zone.squares().collect() }
    }

    pub fn zone(&self) -> Bitboard {
        self.zone
    }

    /// The kind of the timed pieces.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The stored timer of a zone square (0 when no timed piece stands there).
    #[inline]
    fn get(&self, timers: u64, sq: Square) -> u8 {
        ((timers >> (4 * self.index[sq.index()] as u32)) & 15) as u8
    }

    #[inline]
    fn set(&self, timers: u64, sq: Square, value: u8) -> u64 {
        let shift = 4 * self.index[sq.index()] as u32;
        (timers & !(15 << shift)) | ((value as u64) << shift)
    }

    /// The height of the timed piece on `sq` (the base height outside the zone).
    pub fn height(&self, pos: &Position, sq: Square) -> u8 {
        if self.zone.contains(sq) {
            self.get(pos.rules_state.word, sq)
        } else {
            self.base
        }
    }

    /// Timers with every timed piece in the zone at its base height.
    pub fn fresh_timers(&self, pos: &Position) -> u64 {
        (pos.kind_set(self.kind) & self.zone).squares().fold(0, |t, sq| self.set(t, sq, self.base))
    }

    /// Sets the height of the timed piece on zone square `sq`.
    pub fn set_height(&self, pos: &mut Position, sq: Square, height: u8) {
        pos.rules_state.word = self.set(pos.rules_state.word, sq, height);
    }

    /// Hash of the timers.
    pub fn hash(&self, timers: u64) -> u64 {
        self.zone
            .squares()
            .map(|sq| match self.get(timers, sq) {
                0 => 0,
                h => zobrist::square_value(sq, h),
            })
            .fold(0, |a, b| a ^ b)
    }

    /// What the hash of the timers changes by from `old` to `new`: only the squares whose
    /// timer changed are visited (a move changes a few; the whole zone is 16 squares).
    fn hash_change(&self, old: u64, new: u64) -> u64 {
        let mut changed = old ^ new;
        let mut change = 0;
        while changed != 0 {
            let i = changed.trailing_zeros() / 4;
            changed &= !(15 << (4 * i));
            let sq = self.squares[i as usize];
            for timers in [old, new] {
                let h = self.get(timers, sq);
                if h != 0 {
                    change ^= zobrist::square_value(sq, h);
                }
            }
        }
        change
    }

    /// The end-of-move step: carry the moved piece's height, remove pieces at the limit, grow
    /// the mover's pieces. `from` and `to` are the squares of the move just made.
    pub fn after_move(&self, pos: &mut Position, from: Square, to: Square) -> RulesUndo {
        let old = pos.rules_state.word;
        let mut undo = RulesUndo { state: pos.rules_state, removed: [Bitboard::EMPTY; 2] };
        let mover = !pos.side_to_move();
        let mut timers = old;
        // Whatever stood on `to` was captured or was nothing: its timer goes.
        let carried = if self.zone.contains(from) { self.get(timers, from) } else { 0 };
        if self.zone.contains(from) {
            timers = self.set(timers, from, 0);
        }
        let moved_timed = pos.piece_at(to).is_some_and(|p| p.kind() == self.kind);
        let mut just_entered = None;
        if self.zone.contains(to) {
            let value = match (moved_timed, carried) {
                (false, _) => 0,
                (true, 0) => {
                    just_entered = Some(to);
                    self.base
                }
                (true, h) => h,
            };
            timers = self.set(timers, to, value);
        }
        for sq in self.zone & pos.kind_set(self.kind) {
            if self.get(timers, sq) >= self.limit {
                let piece = pos.take(sq);
                undo.removed[piece.color().index()].insert(sq);
                timers = self.set(timers, sq, 0);
            }
        }
        for sq in self.zone & pos.pieces(mover, self.kind) {
            if Some(sq) != just_entered {
                timers = self.set(timers, sq, self.get(timers, sq) + 1);
            }
        }
        if undo.removed != [Bitboard::EMPTY; 2] {
            pos.halfmove_clock = 0;
        }
        pos.hash ^= self.hash_change(old, timers);
        pos.rules_state.word = timers;
        undo
    }

    /// Puts back removed pieces and the old timers.
    pub fn undo(&self, pos: &mut Position, undo: &RulesUndo) {
        for color in Color::BOTH {
            for sq in undo.removed[color.index()] {
                pos.put(Piece::new(color, self.kind), sq);
            }
        }
        pos.rules_state.word = undo.state.word;
    }
}
