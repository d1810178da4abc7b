//! Jump chains, as in draughts: a piece jumps over an adjacent unit onto the empty square
//! directly beyond, and may go on jumping from there.
//!
//! - **Capturing chains** jump only enemy units and capture them all at the end of the move.
//!   Continuing is optional, every landing square must be empty (jumped units stay on the
//!   board until the move ends), the mover's start square counts as empty, and no unit is
//!   jumped twice. Chains that end on the same square and capture the same units are one
//!   move, written with the path whose text sorts first.
//! - **Non-capturing chains** jump units of either colour, may jump a unit more than once and
//!   pass through the start square; one move per reachable destination other than the start.
//!
//! Capturing chains are found by a depth-first search over states (square, captured units):
//! a state reached a second time has nothing new to offer, because every continuation was
//! already found from the first visit, whose path sorts earlier (children are tried in the
//! order of their leg text). So the work is bounded by the number of distinct moves.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList, Special, MAX_JUMPS};
use crate::piece::Kind;
use crate::position::Position;
use crate::square::{Direction, Square, SQUARE_COUNT};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// One piece type's jumping.
#[derive(Clone, Copy, Debug)]
pub struct ChainJumper {
    pub kind: Kind,
    /// Directions it may jump in (bit set of [`Direction`]).
    pub directions: u8,
    /// Capturing chains (over enemy units) or non-capturing chains (over any unit).
    pub captures: bool,
}

/// The jumping pieces of a game.
pub struct JumpChains {
    jumpers: Vec<ChainJumper>,
    /// Per square, the eight directions ordered by the name of the neighbouring square, so
    /// that a search tries jumps in the order of their text.
    text_order: Box<[[Direction; 8]; SQUARE_COUNT]>,
}

impl JumpChains {
    pub fn new(jumpers: Vec<ChainJumper>) -> JumpChains {
        let mut text_order = Box::new([[Direction::North; 8]; SQUARE_COUNT]);
        for sq in Square::all() {
            let mut dirs = Direction::ALL;
            dirs.sort_by_key(|d| {
                let (df, dr) = d.step();
                sq.offset(df, dr).map_or(String::from("~"), |n| n.to_string())
            });
            text_order[sq.index()] = dirs;
        }
        JumpChains { jumpers, text_order }
    }

    /// The jumping pieces.
    pub fn jumpers(&self) -> &[ChainJumper] {
        &self.jumpers
    }

    /// Appends every chain move of the side to move.
    pub fn generate(&self, pos: &Position, list: &mut MoveList) {
        self.generate_chains(pos, pos.color_set(pos.side_to_move()), None, list);
    }

    /// Appends the capturing chains (`captures`) or the moving chains of the side to move's
    /// units in `movers`, in the order [`JumpChains::generate`] gives them.
    pub fn generate_part(&self, pos: &Position, movers: Bitboard, captures: bool, list: &mut MoveList) {
        self.generate_chains(pos, movers, Some(captures), list);
    }

    fn generate_chains(&self, pos: &Position, movers: Bitboard, captures: Option<bool>, list: &mut MoveList) {
        let us = pos.side_to_move();
        for jumper in self.jumpers.iter().filter(|j| captures.is_none_or(|c| c == j.captures)) {
            for from in pos.pieces(us, jumper.kind) & movers {
                if jumper.captures {
                    self.capturing_chains(pos, from, jumper.directions, list);
                } else {
                    self.moving_chains(pos, from, jumper.directions, list);
                }
            }
        }
    }

    fn capturing_chains(&self, pos: &Position, from: Square, directions: u8, list: &mut MoveList) {
        let enemies = pos.color_set(!pos.side_to_move());
        let playable = pos.variant().geometry.playable();
        let occupied = pos.occupied() - Bitboard::from_square(from);
        let mut search = ChainSearch {
            chains: self,
            from,
            directions,
            enemies,
            landable: playable - occupied,
            visited: Visited::default(),
            path: [Direction::North; MAX_JUMPS],
        };
        search.extend(from, Bitboard::EMPTY, 0, list);
    }

    fn moving_chains(&self, pos: &Position, from: Square, directions: u8, list: &mut MoveList) {
        let g = &pos.variant().geometry;
        let occupied = pos.occupied() - Bitboard::from_square(from);
        let landable = g.playable() - occupied;
        let mut reached = Bitboard::from_square(from);
        let mut frontier = vec![from];
        while let Some(at) = frontier.pop() {
            for dir in Direction::ALL {
                if directions & (1 << dir as u8) == 0 {
                    continue;
                }
                let (df, dr) = dir.step();
                let Some(over) = at.offset(df, dr) else { continue };
                let Some(land) = over.offset(df, dr) else { continue };
                if occupied.contains(over) && landable.contains(land) && !reached.contains(land) {
                    reached.insert(land);
                    frontier.push(land);
                }
            }
        }
        for to in reached - Bitboard::from_square(from) {
            list.push(Move::new(from, to, Special::Normal));
        }
    }
}

/// The state of one capturing-chain search.
struct ChainSearch<'a> {
    chains: &'a JumpChains,
    from: Square,
    directions: u8,
    enemies: Bitboard,
    landable: Bitboard,
    /// States (square, captured units) already reached; each is one move.
    visited: Visited,
    path: [Direction; MAX_JUMPS],
}

impl ChainSearch<'_> {
    fn extend(&mut self, at: Square, captured: Bitboard, depth: usize, list: &mut MoveList) {
        if depth == MAX_JUMPS {
            return;
        }
        for dir in self.chains.text_order[at.index()] {
            if self.directions & (1 << dir as u8) == 0 {
                continue;
            }
            let (df, dr) = dir.step();
            let Some(over) = at.offset(df, dr) else { continue };
            if !self.enemies.contains(over) || captured.contains(over) {
                continue;
            }
            let Some(land) = over.offset(df, dr) else { continue };
            if !self.landable.contains(land) {
                continue;
            }
            let mut now = captured;
            now.insert(over);
            if !self.visited.insert((land, now)) {
                continue;
            }
            self.path[depth] = dir;
            list.push(Move::multi_capture(self.from, land, &self.path[..=depth]));
            self.extend(land, now, depth + 1, list);
        }
    }
}

/// The chain search's visited states. A chain search makes thousands of lookups per move
/// list in a crowded position, and the keys are a few machine words that need no protection
/// against chosen collisions, so a multiply-and-rotate hash serves instead of SipHash.
type Visited = HashSet<(Square, Bitboard), BuildHasherDefault<WordHasher>>;

/// A hasher for keys made of whole machine words (Fx-style: rotate, xor, multiply).
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }

    #[inline]
    fn write_u8(&mut self, word: u8) {
        self.write_u64(word as u64);
    }

    #[inline]
    fn write_u16(&mut self, word: u16) {
        self.write_u64(word as u64);
    }

    #[inline]
    fn write_u32(&mut self, word: u32) {
        self.write_u64(word as u64);
    }

    #[inline]
    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}
