//! The tuner fits the function the engine plays with: traces reproduce the evaluation, the
//! weight tables round-trip, and tuning recovers a weight planted in the results.

use tinman_core::{variants, Color, Position, Variant};
use tinman_search::eval::weights::param;
use tinman_search::eval::{evaluate, tables, trace, Values, Weights};
use tinman_search::tune::{evaluation_of, fit_k, loss, tune, Sample, TuneConfig};

/// xorshift64*: the tests' own deterministic random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Positions along random games of `variant` (the start position excluded).
fn random_positions(variant: &'static Variant, games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(variant);
        for _ in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make(moves.as_slice()[(rng.next() % moves.len() as u64) as usize]);
            let mut copy = Position::from_fen(variant, &pos.to_fen()).unwrap();
            copy.clear_history();
            out.push(copy);
        }
    }
    out
}

#[test]
fn a_trace_reproduces_the_evaluation_in_every_game() {
    for v in variants::all().into_iter().take(variants::NAMES.len()) {
        let values = Values::for_variant(v);
        for pos in random_positions(v, 20, 120, 7) {
            let t = trace(&pos, &values);
            let engine = evaluate(&pos, &values) as f64;
            let white = if pos.side_to_move() == Color::White { engine } else { -engine };
            let traced = evaluation_of(&t, values.weights());
            // The engine rounds each phase's sum and the fine weights' total.
            assert!(
                (white - traced).abs() <= 3.0,
                "{}: {} engine {white} trace {traced}",
                v.name,
                pos.to_fen()
            );
        }
    }
}

#[test]
fn weight_tables_round_trip_and_bad_tables_are_refused() {
    for v in variants::all().into_iter().take(variants::NAMES.len()) {
        let hand = Values::hand_set(v).weights().clone();
        let text = hand.write_table(v, "hand-set");
        let mut read = Weights::zero();
        read.read_table(v, &text).unwrap();
        for (slot, _) in Weights::named_slots(v) {
            assert_eq!(read.slots[slot], hand.slots[slot], "{}", v.name);
        }
        let mut w = hand.clone();
        let err = w.read_table(v, "material.P 100\n").unwrap_err();
        assert_eq!((err.line, err.why.contains("name mg eg")), (1, true), "{err}");
        let err = w.read_table(v, "# fine\n\nno_such_weight 1 2\n").unwrap_err();
        assert_eq!(err.line, 3, "{err}");
        let err = w.read_table(v, "threat 1 x\n").unwrap_err();
        assert!(err.why.contains("'x'"), "{err}");
    }
}

#[test]
fn every_committed_table_loads() {
    for (name, text) in tables::all() {
        let v = variants::by_name(name).expect("a built-in game");
        let mut w = Values::hand_set(v).weights().clone();
        w.read_table(v, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(*Values::for_variant(v).weights(), w, "{name}");
    }
}

#[test]
fn tuning_recovers_a_planted_weight() {
    let v = variants::by_name("normal").unwrap();
    let hand = Values::hand_set(v);
    let knight = v.kinds().find(|&k| v.piece_type(k).letter.eq_ignore_ascii_case(&'n')).unwrap();
    let slot = param::MATERIAL + knight.index();
    // The "truth": Knights are worth 150 more than the hand-set weights say. Results are
    // drawn from the truth's predicted score, so the fit can only lower the loss by moving
    // toward it.
    let mut truth = hand.weights().clone();
    truth.slots[slot].mg += 150;
    truth.slots[slot].eg += 150;
    let mut rng = Rng(99);
    let samples: Vec<Sample> = random_positions(v, 150, 60, 3)
        .iter()
        .map(|pos| {
            let t = trace(pos, &hand);
            let p = 1.0 / (1.0 + (-evaluation_of(&t, &truth) / 400.0).exp());
            let r = (rng.next() % 1_000_000) as f64 / 1_000_000.0;
            Sample { trace: t, result: if r < p { 1.0 } else { 0.0 } }
        })
        .collect();
    let k = fit_k(&samples, hand.weights());
    let before = loss(&samples, hand.weights(), k);
    let mut losses = Vec::new();
    let config = TuneConfig { epochs: 200, learning_rate: 2.0, regularization: 0.0 };
    let tuned = tune(v, &samples, &[], hand.weights(), k, config, &mut |r| losses.push(r.loss));
    let after = loss(&samples, &tuned, k);
    assert!(after < before, "loss {before} -> {after}");
    assert_eq!(losses.len(), 200);
    let gained = tuned.slots[slot].mg + tuned.slots[slot].eg - 2 * hand.weights().slots[slot].mg;
    assert!(gained > 100, "Knight moved by {gained} (mg + eg) toward +300");
}
