//! Static evaluation for every game, in centipawns from the side to move's view.
//!
//! - `values`: piece values (and where they come from) and the per-variant tables.
//! - `pieces`: placement, mobility, King safety (attacks on the King's zone, pawn shield, the
//!   King's own square by game phase).
//! - `pawns`: passed, doubled and isolated pawns.
//! - `games`: each game's own ideas, a module per game (road, Wazir race, jump exposure,
//!   extinction).

mod games;
mod pawns;
mod pieces;
mod values;

pub use values::Values;

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
}

/// The evaluation of `pos` for the side to move under `mode`.
pub fn evaluate_with(pos: &Position, values: &Values, mode: EvalMode) -> i32 {
    match mode {
        EvalMode::Full => evaluate(pos, values),
        EvalMode::MaterialOnly => material(pos, values),
    }
}

/// Material balance for the side to move.
pub fn material(pos: &Position, values: &Values) -> i32 {
    let us = pos.side_to_move();
    pos.variant()
        .kinds()
        .map(|k| values.of(k) * (pos.pieces(us, k).count() as i32 - pos.pieces(!us, k).count() as i32))
        .sum()
}

/// The full evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position, values: &Values) -> i32 {
    let phase = phase(pos, values);
    let mut score = 0;
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let side = pieces::side_score(pos, values, color, phase)
            + pawns::pawn_score(pos, values, color, phase)
            + games::game_terms(pos, values, color);
        score += sign * side;
    }
    let score = games::scale(pos, values, score);
    TEMPO + if pos.side_to_move() == Color::White { score } else { -score }
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
