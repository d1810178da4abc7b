//! Where the evaluation's terms go. The evaluation is written once, as counts of parameters
//! ("two Knights", "five squares of mobility"); a [`Sink`] turns them into a score (the
//! search's [`Sum`]) or records them (the tuner's [`Trace`]), so the tuner fits exactly the
//! function the engine plays with.

use super::weights::{param, Weights, FINE};

/// Receives the evaluation's terms for one side at a time (`sign` 1 for White, -1 for Black).
pub trait Sink {
    fn set_sign(&mut self, sign: i32);
    /// `count` times the weight of `slot` (centipawns).
    fn add(&mut self, slot: usize, count: i32);
    /// `count` times the weight of `slot`, in `1 / FINE` centipawns.
    fn add_fine(&mut self, slot: usize, count: i32);
}

/// A table's weights packed for summing: a weight's endgame value in the high half of an
/// `i64` and its middlegame value in the low half, so that one multiply-add serves both
/// phases (each half's total stays far inside 32 bits).
#[derive(Clone, Debug)]
pub struct Packed(Box<[i64; param::COUNT]>);

impl Packed {
    pub fn new(weights: &Weights) -> Packed {
        let mut packed = Box::new([0; param::COUNT]);
        for (p, w) in packed.iter_mut().zip(weights.slots.iter()) {
            *p = pack(w.mg, w.eg);
        }
        Packed(packed)
    }
}

fn pack(mg: i32, eg: i32) -> i64 {
    ((eg as i64) << 32) + mg as i64
}

fn unpack(v: i64) -> (i32, i32) {
    let mg = v as i32;
    (mg, ((v - mg as i64) >> 32) as i32)
}

/// Sums the terms with a table's weights, both phases at once.
pub struct Sum<'a> {
    weights: &'a Packed,
    sign: i64,
    total: i64,
    fine: i64,
}

impl<'a> Sum<'a> {
    pub fn new(weights: &'a Packed) -> Sum<'a> {
        Sum { weights, sign: 1, total: 0, fine: 0 }
    }

    /// White's middlegame and endgame totals.
    pub fn totals(&self) -> (i32, i32) {
        let (mg, eg) = unpack(self.total);
        let (mg_fine, eg_fine) = unpack(self.fine);
        (mg + mg_fine / FINE, eg + eg_fine / FINE)
    }
}

impl Sink for Sum<'_> {
    #[inline]
    fn set_sign(&mut self, sign: i32) {
        self.sign = sign as i64;
    }

    #[inline]
    fn add(&mut self, slot: usize, count: i32) {
        self.total += self.sign * self.weights.0[slot] * count as i64;
    }

    #[inline]
    fn add_fine(&mut self, slot: usize, count: i32) {
        self.fine += self.sign * self.weights.0[slot] * count as i64;
    }
}

/// The terms of one position, as the tuner needs them: White's coefficient of each slot (in
/// centipawns per unit of weight), the phase and the drawishness scale.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// Slot and coefficient, each slot once, slots that cancelled left out.
    pub terms: Vec<(u16, f32)>,
    /// The middlegame's share (1 with every piece on the board, 0 with none).
    pub phase: f32,
    /// The share of the score that counts (1 normally; less in drawish positions).
    pub scale: f32,
    /// What does not depend on the weights (the tempo bonus), White's view.
    pub constant: f32,
}

/// Collects a [`Trace`] (dense while the evaluation runs).
pub struct TraceSink {
    sign: i32,
    dense: [f32; param::COUNT],
}

impl Default for TraceSink {
    fn default() -> Self {
        TraceSink { sign: 1, dense: [0.0; param::COUNT] }
    }
}

impl TraceSink {
    /// The collected terms, without the slots that summed to zero.
    pub fn terms(&self) -> Vec<(u16, f32)> {
        self.dense.iter().enumerate().filter(|(_, &c)| c != 0.0).map(|(s, &c)| (s as u16, c)).collect()
    }
}

impl Sink for TraceSink {
    fn set_sign(&mut self, sign: i32) {
        self.sign = sign;
    }

    fn add(&mut self, slot: usize, count: i32) {
        self.dense[slot] += (self.sign * count) as f32;
    }

    fn add_fine(&mut self, slot: usize, count: i32) {
        self.dense[slot] += (self.sign * count) as f32 / FINE as f32;
    }
}
