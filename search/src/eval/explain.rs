//! The evaluation term by term, each side's share apart (what `tinman eval` prints): the same
//! terms the search sums, weighed by the game's table and mixed by the game phase.

use super::sink::Sink;
use super::weights::{param, Weights, FINE};
use super::{games, phase, terms, unscaled, Values, PHASE_SCALE, TEMPO};
use tinman_core::{Color, Position};

/// One parameter's share: each side's centipawns (Black's counted as its own gain, so that
/// `total = white - black`), middlegame and endgame mixed by the phase.
#[derive(Clone, Debug, PartialEq)]
pub struct TermShare {
    pub name: String,
    pub white: f32,
    pub black: f32,
}

impl TermShare {
    /// White's view.
    pub fn total(&self) -> f32 {
        self.white - self.black
    }
}

/// A position's evaluation laid out.
#[derive(Clone, Debug, PartialEq)]
pub struct Breakdown {
    /// Every parameter that counts for either side, largest net share first.
    pub terms: Vec<TermShare>,
    /// The middlegame's share, 0 to 1.
    pub phase: f32,
    /// How much of White's sum counts (1 but in drawish positions).
    pub scale: f32,
    /// The side to move's bonus.
    pub tempo: i32,
    /// White's sum before the scale, as the search computes it (integer centipawns).
    pub unscaled: i32,
    /// The evaluation from the side to move's view, exactly [`super::evaluate`].
    pub side_to_move: i32,
}

/// The terms of `pos`, each side apart.
pub fn breakdown(pos: &Position, values: &Values) -> Breakdown {
    let mut sink = SideSink { side: 0, counts: [[0; param::COUNT]; 2], fine: [[0; param::COUNT]; 2] };
    terms(pos, values, &mut sink);
    let variant = pos.variant();
    let weights = values.weights();
    let phase = phase(pos, values);
    let share = |side: usize, slot: usize| -> f32 {
        let w = weights.get(slot);
        let mixed =
            (w.mg as f32 * phase as f32 + w.eg as f32 * (PHASE_SCALE - phase) as f32) / PHASE_SCALE as f32;
        mixed * (sink.counts[side][slot] as f32 + sink.fine[side][slot] as f32 / FINE as f32)
    };
    let mut shares: Vec<TermShare> = (0..param::COUNT)
        .filter(|&slot| (0..2).any(|side| sink.counts[side][slot] != 0 || sink.fine[side][slot] != 0))
        .map(|slot| TermShare {
            name: Weights::name(variant, slot).unwrap_or_else(|| format!("slot {slot}")),
            white: share(Color::White.index(), slot),
            black: share(Color::Black.index(), slot),
        })
        .filter(|t| t.white != 0.0 || t.black != 0.0)
        .collect();
    shares.sort_by(|a, b| b.total().abs().total_cmp(&a.total().abs()).then(a.name.cmp(&b.name)));
    let unscaled = unscaled(pos, values);
    let scale = games::scale(pos, values, unscaled);
    Breakdown {
        terms: shares,
        phase: phase as f32 / PHASE_SCALE as f32,
        scale: scale as f32 / games::SCALE_ONE as f32,
        tempo: TEMPO,
        unscaled,
        side_to_move: super::evaluate(pos, values),
    }
}

/// Counts each side's terms apart, both as positive counts (the evaluation's sign says whose
/// terms come: 1 for White's, -1 for Black's).
struct SideSink {
    side: usize,
    counts: [[i32; param::COUNT]; 2],
    fine: [[i32; param::COUNT]; 2],
}

impl Sink for SideSink {
    fn set_sign(&mut self, sign: i32) {
        self.side = if sign > 0 { Color::White.index() } else { Color::Black.index() };
    }

    fn add(&mut self, slot: usize, count: i32) {
        self.counts[self.side][slot] += count;
    }

    fn add_fine(&mut self, slot: usize, count: i32) {
        self.fine[self.side][slot] += count;
    }
}
