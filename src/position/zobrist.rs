//! Zobrist keys, generated at compile time from a fixed seed so hashes are stable across runs.

use crate::piece::{Piece, MAX_KINDS};
use crate::square::{Square, SQUARE_COUNT};

/// One step of splitmix64: the next state and a well-mixed output (also the tests' random
/// numbers).
pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const PIECE_KEYS: usize = 2 * MAX_KINDS * SQUARE_COUNT;
const STATE_BASE: usize = PIECE_KEYS + 1 + 256 + 2 * SQUARE_COUNT;
/// Keys for a game's own state: a value from 0 to 15 attached to a square.
const STATE_KEYS: usize = 16 * SQUARE_COUNT;
const KEY_COUNT: usize = STATE_BASE + STATE_KEYS;

static KEYS: [u64; KEY_COUNT] = {
    let mut keys = [0u64; KEY_COUNT];
    let mut state = 0x7153_A5E1_u64;
    let mut i = 0;
    while i < KEY_COUNT {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
};

#[inline(always)]
pub fn piece(p: Piece, sq: Square) -> u64 {
    let i = (p.color() as usize * MAX_KINDS + p.kind().index()) * SQUARE_COUNT + sq.index();
    KEYS[i]
}

/// Mixed in when Black is to move.
#[inline(always)]
pub fn black_to_move() -> u64 {
    KEYS[PIECE_KEYS]
}

/// Key of a set of castling rights (a bit set over the variant's castlings).
#[inline(always)]
pub fn castling(rights: u8) -> u64 {
    if rights == 0 {
        0
    } else {
        KEYS[PIECE_KEYS + 1 + rights as usize]
    }
}

/// Key of an en-passant opportunity: the skipped square and the pawn that can be taken.
#[inline(always)]
pub fn en_passant(skipped: Square, victim: Square) -> u64 {
    KEYS[PIECE_KEYS + 257 + skipped.index()] ^ KEYS[PIECE_KEYS + 257 + SQUARE_COUNT + victim.index()]
}

/// Key of a game's own per-square value (`value` below 16), e.g. a Wazir's height.
#[inline(always)]
pub fn square_value(sq: Square, value: u8) -> u64 {
    KEYS[STATE_BASE + sq.index() * 16 + (value as usize & 15)]
}
