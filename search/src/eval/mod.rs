//! Static evaluation for every game, in centipawns from the side to move's view.
//!
//! - `values`: piece values (and where they come from) and the per-variant tables.
//! - `pieces`: placement, mobility, King safety (attacks on the King's zone, pawn shield, the
//!   King's own square by game phase).
//! - `pawns`: passed, doubled and isolated pawns.
//! - `explain`: the evaluation term by term (`tinman eval`).
//! - `games`: each game's own ideas, a module per game (road, Wazir race, jump exposure,
//!   extinction).

mod explain;
mod games;
mod hand_set;
mod pawns;
mod pieces;
mod sink;
pub mod tables;
mod values;
pub mod weights;

pub use explain::{breakdown, Breakdown, TermShare};
pub use sink::{Packed, Sink, Sum, Trace, TraceSink};
pub use values::Values;
pub use weights::{Pair, Weights};

use tinman_core::{Color, Position};

/// Bonus for the side to move (it can improve its position first).
const TEMPO: i32 = 10;
/// The game phase is counted in 256ths: 256 with all pieces on the board, 0 with none.
const PHASE_SCALE: i32 = 256;

/// What the evaluation counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalMode {
    /// Every term: material, placement and each game's own ideas.
    #[default]
    Full,
    /// Material only: a deliberately weak player (the match runner's "weak self").
    MaterialOnly,
    /// Every term, with the hand-set weights instead of the game's tuned table: the same
    /// search with the evaluation before tuning, to measure what the learned weights gain.
    HandSet,
}

/// The evaluation of `pos` for the side to move under `mode`.
pub fn evaluate_with(pos: &Position, values: &Values, mode: EvalMode) -> i32 {
    match mode {
        EvalMode::Full | EvalMode::HandSet => evaluate(pos, values),
        EvalMode::MaterialOnly => material(pos, values),
    }
}

/// The part of [`evaluate`] for the side to move that the 50-move fade leaves whole.
pub fn unfaded(pos: &Position, values: &Values) -> i32 {
    let score = games::unfaded(pos, values);
    if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    }
}

/// Material balance for the side to move.
pub fn material(pos: &Position, values: &Values) -> i32 {
    material_balance(pos, values, pos.side_to_move())
}

/// Material balance for `us`.
fn material_balance(pos: &Position, values: &Values, us: Color) -> i32 {
    pos.variant()
        .kinds()
        .map(|k| values.of(k) * (pos.pieces(us, k).count() as i32 - pos.pieces(!us, k).count() as i32))
        .sum()
}

/// The full evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position, values: &Values) -> i32 {
    let score = unscaled(pos, values);
    let score = score * games::scale(pos, values, score) / games::SCALE_ONE;
    TEMPO + if pos.side_to_move() == Color::White { score } else { -score }
}

/// The terms of the evaluation of `pos`, for the tuner: the same function as [`evaluate`]
/// (White's view: `constant + scale · Σ coefficient · taper(weight)`).
pub fn trace(pos: &Position, values: &Values) -> Trace {
    let phase = phase(pos, values);
    let mut sink = TraceSink::default();
    terms(pos, values, &mut sink);
    let scale = games::scale(pos, values, unscaled(pos, values));
    let sign = if pos.side_to_move() == Color::White { 1.0 } else { -1.0 };
    Trace {
        terms: sink.terms(),
        phase: phase as f32 / PHASE_SCALE as f32,
        scale: scale as f32 / games::SCALE_ONE as f32,
        constant: sign * TEMPO as f32,
    }
}

/// White's score before the drawishness scale.
fn unscaled(pos: &Position, values: &Values) -> i32 {
    let mut sum = Sum::new(&values.packed);
    terms(pos, values, &mut sum);
    let (mg, eg) = sum.totals();
    taper(mg, eg, phase(pos, values))
}

/// Every term of both sides, White's counting up and Black's down.
fn terms<S: Sink>(pos: &Position, values: &Values, sink: &mut S) {
    let pawn_attacks = [Color::White, Color::Black].map(|c| pieces::pawn_attacks(pos, c));
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        sink.set_sign(sign);
        pieces::side_terms(pos, values, color, &pawn_attacks, sink);
        pawns::pawn_terms(pos, values, color, sink);
        games::game_terms(pos, values, color, sink);
    }
}

/// How much of the pieces (not pawns, not Kings) is still on the board, in 256ths.
fn phase(pos: &Position, values: &Values) -> i32 {
    if values.start_phase == 0 {
        return PHASE_SCALE;
    }
    let v = pos.variant();
    let left: i32 = v
        .kinds()
        .filter(|&k| !v.piece_type(k).pawn && !v.piece_type(k).royal)
        .map(|k| values.of(k) * pos.kind_set(k).count() as i32)
        .sum();
    (left * PHASE_SCALE / values.start_phase).min(PHASE_SCALE)
}

/// `middlegame` and `endgame` mixed by the phase.
fn taper(middlegame: i32, endgame: i32, phase: i32) -> i32 {
    (middlegame * phase + endgame * (PHASE_SCALE - phase)) / PHASE_SCALE
}
