//! Texel tuning: fit one game's evaluation weights to game results.
//!
//! The evaluation of a position is `constant + scale · Σ c · taper(w)` over its trace (see
//! [`crate::eval::trace`]), linear in the weights. The tuner first fits the scale `K` that turns
//! scores into expected results (`sigmoid(K · e / 400)`), then minimises the mean squared
//! error between that and the games' results over every weight the game names, by gradient
//! descent (Adam, full batch, the gradient summed in parallel with `rayon`).

use crate::eval::weights::{param, Pair, Weights};
use crate::eval::Trace;
use rayon::prelude::*;
use tinman_core::Variant;

/// One training position: its evaluation's terms and its game's result (White's score: 1,
/// 0.5 or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    pub trace: Trace,
    pub result: f32,
}

/// How the tuner steps.
#[derive(Clone, Copy, Debug)]
pub struct TuneConfig {
    pub epochs: usize,
    /// Adam's step size: each weight steps about as far as moves a typical evaluation that
    /// counts it by this many centipawns.
    pub learning_rate: f64,
    /// The weight of the pull toward the starting weights: the loss counts this times the
    /// sum of each weight's squared distance from its start, measured by what it does to a
    /// typical evaluation that counts it, in units of `REGULARIZATION_CP`. Adam steps every weight about as far whatever the size of its
    /// gradient, so weights the data hardly constrains would drift as fast as the others;
    /// this holds them near their start unless the data says otherwise.
    pub regularization: f64,
}

/// The distance from the start that the regularization counts as one unit.
pub const REGULARIZATION_CP: f64 = 100.0;

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig { epochs: 300, learning_rate: 1.0, regularization: 1e-5 }
    }
}

/// What the tuner reports after each epoch.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    /// The loss on the training samples...
    pub loss: f64,
    /// ...and on the held-out ones (the training loss again when none are held out).
    pub validation: f64,
}

/// Adam's decay rates and the guard against division by zero (the paper's values).
const ADAM_BETA1: f64 = 0.9;
const ADAM_BETA2: f64 = 0.999;
const ADAM_EPSILON: f64 = 1e-8;
/// Range and precision of the search for `K`.
const K_RANGE: (f64, f64) = (0.01, 20.0);
const K_STEPS: usize = 80;
/// Centipawns per unit of `K · e` in the sigmoid: `K` = 1 means +400 cp wins 91%.
const SIGMOID_CP: f64 = 400.0;

/// The weights laid out as the tuner's vector: for each slot the game names, its middlegame
/// and its endgame value, and how much a unit of the slot's weight typically moves an
/// evaluation.
struct Layout {
    slots: Vec<usize>,
    /// Per slot: the mean absolute coefficient over the samples that count it (centipawns
    /// per unit of weight; 1 for a slot no sample counts). Steps, Adam's guard and the
    /// regularization are measured in what they do to an evaluation, so that a weight counted
    /// in hundreds of units (King danger, per squared attack unit in 1/640 cp) steps as
    /// gently as one counted once (a piece's value).
    typical: [f64; param::COUNT],
}

impl Layout {
    fn new(variant: &'static Variant, samples: &[Sample]) -> Layout {
        let slots = Weights::named_slots(variant).into_iter().map(|(s, _)| s).collect();
        let mut sum = [0.0; param::COUNT];
        let mut count = [0usize; param::COUNT];
        for s in samples {
            for &(slot, c) in &s.trace.terms {
                sum[slot as usize] += (c as f64).abs();
                count[slot as usize] += 1;
            }
        }
        let mut typical = [1.0; param::COUNT];
        for slot in 0..param::COUNT {
            if count[slot] > 0 && sum[slot] > 0.0 {
                typical[slot] = sum[slot] / count[slot] as f64;
            }
        }
        Layout { slots, typical }
    }
}

/// White's evaluation of a sample under the weights `w` (dense, per slot).
fn evaluation(trace: &Trace, w: &[(f64, f64)]) -> f64 {
    let rho = trace.phase as f64;
    let sum: f64 = trace
        .terms
        .iter()
        .map(|&(slot, c)| {
            let (mg, eg) = w[slot as usize];
            c as f64 * (rho * mg + (1.0 - rho) * eg)
        })
        .sum();
    trace.constant as f64 + trace.scale as f64 * sum
}

/// White's evaluation of `trace` under `weights`, as the tuner computes it (the engine's
/// evaluation up to its integer rounding).
pub fn evaluation_of(trace: &Trace, weights: &Weights) -> f64 {
    evaluation(trace, &dense(weights))
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e / SIGMOID_CP).exp())
}

/// The mean squared error of the samples under `w` with scale `k`.
pub fn loss(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    let w = dense(weights);
    mean_error(samples, &w, k)
}

fn mean_error(samples: &[Sample], w: &[(f64, f64)], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .par_iter()
        .map(|s| {
            let d = s.result as f64 - sigmoid(k, evaluation(&s.trace, w));
            d * d
        })
        .sum();
    total / samples.len() as f64
}

fn dense(weights: &Weights) -> Vec<(f64, f64)> {
    weights.slots.iter().map(|p| (p.mg as f64, p.eg as f64)).collect()
}

/// The `K` that makes the weights' scores predict the results best (golden-section search).
pub fn fit_k(samples: &[Sample], weights: &Weights) -> f64 {
    let w = dense(weights);
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = K_RANGE;
    let mut c = b - golden * (b - a);
    let mut d = a + golden * (b - a);
    let (mut fc, mut fd) = (mean_error(samples, &w, c), mean_error(samples, &w, d));
    for _ in 0..K_STEPS {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - golden * (b - a);
            fc = mean_error(samples, &w, c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + golden * (b - a);
            fd = mean_error(samples, &w, d);
        }
    }
    (a + b) / 2.0
}

/// The gradient of the mean squared error with respect to every slot's (mg, eg).
fn gradient(samples: &[Sample], w: &[(f64, f64)], k: f64) -> Vec<(f64, f64)> {
    let zero = || vec![(0.0, 0.0); param::COUNT];
    let mut g = samples
        .par_iter()
        .fold(zero, |mut g, s| {
            let p = sigmoid(k, evaluation(&s.trace, w));
            // d/de (r - p)² = -2 (r - p) p (1 - p) k / SIGMOID_CP
            let de = -2.0 * (s.result as f64 - p) * p * (1.0 - p) * k / SIGMOID_CP;
            let rho = s.trace.phase as f64;
            let scale = s.trace.scale as f64;
            for &(slot, c) in &s.trace.terms {
                let x = de * scale * c as f64;
                let e = &mut g[slot as usize];
                e.0 += x * rho;
                e.1 += x * (1.0 - rho);
            }
            g
        })
        .reduce(zero, |mut a, b| {
            for (x, y) in a.iter_mut().zip(b) {
                x.0 += y.0;
                x.1 += y.1;
            }
            a
        });
    let n = samples.len().max(1) as f64;
    for x in &mut g {
        x.0 /= n;
        x.1 /= n;
    }
    g
}

/// Tunes `start` on `samples` with the scale `k` (see [`fit_k`]), calling `report` after
/// every epoch. Returns the weights, rounded, of the epoch with the lowest loss on
/// `validation` (positions of other games, held out: positions of one game are alike, so
/// the training loss alone keeps falling long after the weights stop generalising); with no
/// validation samples, the last epoch's.
pub fn tune(
    variant: &'static Variant,
    samples: &[Sample],
    validation: &[Sample],
    start: &Weights,
    k: f64,
    config: TuneConfig,
    report: &mut dyn FnMut(EpochReport),
) -> Weights {
    let layout = Layout::new(variant, samples);
    let origin = dense(start);
    let mut w = origin.clone();
    let mut best =
        (if validation.is_empty() { f64::INFINITY } else { mean_error(validation, &w, k) }, w.clone());
    let mut m = vec![(0.0, 0.0); param::COUNT];
    let mut v = vec![(0.0, 0.0); param::COUNT];
    for epoch in 1..=config.epochs {
        let mut g = gradient(samples, &w, k);
        for &slot in &layout.slots {
            // d/dw r (Δ · typical / u)²: Δ in the weight's own units, counted by what it
            // does to a typical evaluation.
            let scale = REGULARIZATION_CP / layout.typical[slot];
            let pull = 2.0 * config.regularization / (scale * scale);
            g[slot].0 += pull * (w[slot].0 - origin[slot].0);
            g[slot].1 += pull * (w[slot].1 - origin[slot].1);
        }
        let t = epoch as i32;
        let (c1, c2) = (1.0 - ADAM_BETA1.powi(t), 1.0 - ADAM_BETA2.powi(t));
        for &slot in &layout.slots {
            let rate = config.learning_rate / layout.typical[slot];
            let epsilon = ADAM_EPSILON * layout.typical[slot];
            let step = |w: &mut f64, m: &mut f64, v: &mut f64, g: f64| {
                *m = ADAM_BETA1 * *m + (1.0 - ADAM_BETA1) * g;
                *v = ADAM_BETA2 * *v + (1.0 - ADAM_BETA2) * g * g;
                *w -= rate * (*m / c1) / ((*v / c2).sqrt() + epsilon);
            };
            step(&mut w[slot].0, &mut m[slot].0, &mut v[slot].0, g[slot].0);
            step(&mut w[slot].1, &mut m[slot].1, &mut v[slot].1, g[slot].1);
        }
        let loss = mean_error(samples, &w, k);
        let held_out = if validation.is_empty() { loss } else { mean_error(validation, &w, k) };
        if validation.is_empty() || held_out < best.0 {
            best = (held_out, w.clone());
        }
        report(EpochReport { epoch, loss, validation: held_out });
    }
    let w = best.1;
    let mut tuned = start.clone();
    for &slot in &layout.slots {
        tuned.slots[slot] = Pair::new(w[slot].0.round() as i32, w[slot].1.round() as i32);
    }
    tuned
}
