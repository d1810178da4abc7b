//! What a search thread learns about moves as it goes, for move ordering and reductions:
//! - the butterfly history of quiet moves (side, from, to);
//! - continuation histories: how a quiet move (piece, to) fared after the move one ply and
//!   two plies before it (piece, to), so that replies are ordered by what they answer;
//! - the counter move: the quiet move that last refuted the previous move;
//! - the capture history (piece, to, captured kind), which orders captures of equal value;
//! - the correction history: how far the search's results have come out from the static
//!   evaluation in positions of the same pawn structure (or, in games without pawns, the same
//!   material), which corrects the static evaluation the pruning margins compare with.
//!
//! All are sized by the game's kinds and kept between searches (a thread that searches the
//! next move starts with what it learnt); `clear` forgets them for a new game.

use tinman_core::square::SQUARE_COUNT;
use tinman_core::{Move, Position, Special, Variant};

/// History values stay within ±`STAT_MAX` (the update ages them toward zero, so they fit
/// an `i16`).
pub const STAT_MAX: i32 = 1 << 14;

/// A move as the continuation tables see it: who moved (colour and kind) and where to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u32);

/// The moves made one and two plies before a node (`None` after a null move or at the root).
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    pub before: [Option<PieceTo>; 2],
}

pub struct Histories {
    /// The game these tables are sized for (kinds).
    kinds: usize,
    butterfly: Vec<i16>,
    /// [mover piece-to][victim kind, or `kinds` for en passant and multi-captures' first].
    capture: Vec<i16>,
    /// [earlier move's piece-to][this move's kind * squares + to], one table per distance.
    continuation: [Vec<i16>; 2],
    /// [previous move's piece-to].
    counter: Vec<Move>,
    /// [side to move][structure key % CORRECTION_SIZE].
    correction: Vec<i16>,
}

/// Slots of the correction history per side.
const CORRECTION_SIZE: usize = 1 << 14;
/// Correction entries stay within ±`CORRECTION_LIMIT`; an entry `e` corrects by
/// `e * |e| / CORRECTION_SQUARE` centipawns (at most 64), so that a structure needs a
/// consistent record before it moves the evaluation much.
const CORRECTION_LIMIT: i32 = 1024;
const CORRECTION_SQUARE: i32 = 16384;
/// A result moves its entry by `(result - eval) * depth / CORRECTION_DEPTH_DIVISOR`, at most
/// a quarter of the limit at once.
const CORRECTION_DEPTH_DIVISOR: i32 = 8;

/// A key for what the static evaluation tends to misjudge alike: the pawn structure, or in a
/// game without pawns the material of both sides.
fn structure_key(pos: &Position) -> u64 {
    const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut key = 0u64;
    let v = pos.variant();
    match v.pawn {
        Some(pawn) => {
            for colour in [tinman_core::Color::White, tinman_core::Color::Black] {
                for sq in pos.pieces(colour, pawn) {
                    let code = (sq.index() as u64 + 1) | ((colour.index() as u64) << 8);
                    key = (key ^ code).wrapping_mul(MIX).rotate_left(29);
                }
            }
        }
        None => {
            for kind in v.kinds() {
                for colour in [tinman_core::Color::White, tinman_core::Color::Black] {
                    let code = pos.pieces(colour, kind).count() as u64
                        | ((kind.index() as u64) << 8)
                        | ((colour.index() as u64) << 16);
                    key = (key ^ code).wrapping_mul(MIX).rotate_left(29);
                }
            }
        }
    }
    key
}

impl Default for Histories {
    fn default() -> Self {
        Histories::new()
    }
}

fn gravity(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-STAT_MAX, STAT_MAX);
    let e = *entry as i32;
    *entry = (e + bonus - e * bonus.abs() / STAT_MAX) as i16;
}

impl Histories {
    pub fn new() -> Histories {
        Histories {
            kinds: 0,
            butterfly: Vec::new(),
            capture: Vec::new(),
            continuation: [Vec::new(), Vec::new()],
            counter: Vec::new(),
            correction: vec![0; 2 * CORRECTION_SIZE],
        }
    }

    /// Sizes the tables for `variant`'s kinds (clearing them if the size changes).
    pub fn prepare(&mut self, variant: &Variant) {
        let kinds = variant.kinds().count();
        if kinds == self.kinds && !self.butterfly.is_empty() {
            return;
        }
        self.kinds = kinds;
        let piece_tos = 2 * kinds * SQUARE_COUNT;
        self.butterfly = vec![0; 2 * SQUARE_COUNT * SQUARE_COUNT];
        self.capture = vec![0; piece_tos * (kinds + 1)];
        self.continuation =
            [vec![0; piece_tos * kinds * SQUARE_COUNT], vec![0; piece_tos * kinds * SQUARE_COUNT]];
        self.counter = vec![Move::NONE; piece_tos];
        // Another game's structures mean nothing here.
        self.correction.iter_mut().for_each(|h| *h = 0);
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.butterfly.iter_mut().for_each(|h| *h = 0);
        self.capture.iter_mut().for_each(|h| *h = 0);
        self.continuation.iter_mut().for_each(|t| t.iter_mut().for_each(|h| *h = 0));
        self.counter.iter_mut().for_each(|m| *m = Move::NONE);
        self.correction.iter_mut().for_each(|h| *h = 0);
    }

    /// The piece-to of `m` in `pos`, before it is made.
    pub fn piece_to(&self, pos: &Position, m: Move) -> PieceTo {
        let piece = pos.piece_at(m.from()).expect("a piece on the move's start square");
        let colour = piece.color().index();
        PieceTo((((colour * self.kinds) + piece.kind().index()) * SQUARE_COUNT + m.to().index()) as u32)
    }

    fn butterfly_index(pos: &Position, m: Move) -> usize {
        (pos.side_to_move().index() * SQUARE_COUNT + m.from().index()) * SQUARE_COUNT + m.to().index()
    }

    /// This move's column in a continuation table.
    fn follow_index(&self, pos: &Position, m: Move) -> usize {
        let kind = pos.piece_at(m.from()).map_or(0, |p| p.kind().index());
        kind * SQUARE_COUNT + m.to().index()
    }

    fn continuation_index(&self, earlier: PieceTo, follow: usize) -> usize {
        earlier.0 as usize * self.kinds * SQUARE_COUNT + follow
    }

    fn capture_index(&self, pos: &Position, m: Move) -> usize {
        let victim = match m.special() {
            Special::Normal | Special::DoubleStep => {
                pos.piece_at(m.to()).map_or(self.kinds, |p| p.kind().index())
            }
            _ => self.kinds,
        };
        self.piece_to(pos, m).0 as usize * (self.kinds + 1) + victim
    }

    /// The butterfly history of a quiet move alone.
    pub fn butterfly(&self, pos: &Position, m: Move) -> i32 {
        self.butterfly[Histories::butterfly_index(pos, m)] as i32
    }

    /// Everything known about a quiet move here: butterfly plus both continuations.
    pub fn quiet(&self, pos: &Position, m: Move, context: &Context) -> i32 {
        let follow = self.follow_index(pos, m);
        let mut score = self.butterfly(pos, m);
        for (table, earlier) in self.continuation.iter().zip(context.before) {
            if let Some(earlier) = earlier {
                score += table[self.continuation_index(earlier, follow)] as i32;
            }
        }
        score
    }

    pub fn capture(&self, pos: &Position, m: Move) -> i32 {
        self.capture[self.capture_index(pos, m)] as i32
    }

    /// The quiet move that last refuted the previous move.
    pub fn counter(&self, context: &Context) -> Move {
        context.before[0].map_or(Move::NONE, |p| self.counter[p.0 as usize])
    }

    /// A quiet move changed the node (bonus > 0) or failed to (bonus < 0).
    pub fn update_quiet(&mut self, pos: &Position, m: Move, context: &Context, bonus: i32) {
        gravity(&mut self.butterfly[Histories::butterfly_index(pos, m)], bonus);
        let follow = self.follow_index(pos, m);
        for distance in 0..2 {
            if let Some(earlier) = context.before[distance] {
                let index = self.continuation_index(earlier, follow);
                gravity(&mut self.continuation[distance][index], bonus);
            }
        }
    }

    /// The quiet move `m` refuted the previous move.
    pub fn set_counter(&mut self, context: &Context, m: Move) {
        if let Some(previous) = context.before[0] {
            self.counter[previous.0 as usize] = m;
        }
    }

    pub fn update_capture(&mut self, pos: &Position, m: Move, bonus: i32) {
        let index = self.capture_index(pos, m);
        gravity(&mut self.capture[index], bonus);
    }

    fn correction_index(pos: &Position) -> usize {
        pos.side_to_move().index() * CORRECTION_SIZE + (structure_key(pos) as usize & (CORRECTION_SIZE - 1))
    }

    /// The correction (centipawns) to add to the static evaluation of `pos`.
    pub fn correction(&self, pos: &Position) -> i32 {
        let e = self.correction[Histories::correction_index(pos)] as i32;
        e * e.abs() / CORRECTION_SQUARE
    }

    /// A search of `depth` found `result` where the corrected static evaluation said `eval`.
    pub fn update_correction(&mut self, pos: &Position, result: i32, eval: i32, depth: i32) {
        let bonus = ((result - eval) * depth / CORRECTION_DEPTH_DIVISOR)
            .clamp(-CORRECTION_LIMIT / 4, CORRECTION_LIMIT / 4);
        let entry = &mut self.correction[Histories::correction_index(pos)];
        let e = *entry as i32;
        *entry = (e + bonus - e * bonus.abs() / CORRECTION_LIMIT) as i16;
    }
}
