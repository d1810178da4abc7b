//! `Position::can_repeat` (a move of the side to move brings back a position of the game)
//! against trying every legal move, in every game, along playouts that shuffle pieces.

use tinman_core::variants;
use tinman_core::{Move, Position};

/// Whether some legal move leads to a position that occurred before.
fn repeats_by_trying(pos: &mut Position) -> bool {
    pos.legal_moves().iter().any(|&m| {
        pos.make(m);
        let repeated = pos.repetitions() >= 1;
        pos.unmake();
        repeated
    })
}

/// A small fixed generator, so that every run plays the same games.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Playouts that mostly move pieces back and forth (quiet moves of non-pawns), so that
/// positions come back; returns how often each answer was seen.
fn check(name: &str, games: usize, plies: usize) -> (usize, usize) {
    let v = variants::by_name(name).expect("a known game");
    let mut rng = Lcg(0x5EED ^ name.len() as u64);
    let (mut yes, mut no) = (0, 0);
    for _ in 0..games {
        let mut pos = Position::start(v);
        for _ in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            let fast = pos.can_repeat();
            let tried = repeats_by_trying(&mut pos);
            // A hit is confirmed by making the move, so it is never wrong; where every move is
            // a plain one (normal chess) nothing is missed either.
            assert!(!fast || tried, "{name}: can_repeat without a repeating move in {}", pos.to_fen());
            if name == "normal" {
                assert_eq!(fast, tried, "{name}: {}", pos.to_fen());
            }
            if fast {
                yes += 1;
            } else {
                no += 1;
            }
            let moves = pos.legal_moves();
            let quiet: Vec<Move> = moves.iter().copied().filter(|&m| !pos.is_tactical(m)).collect();
            let m = if !quiet.is_empty() && rng.below(8) != 0 {
                quiet[rng.below(quiet.len())]
            } else {
                moves.as_slice()[rng.below(moves.len())]
            };
            pos.make(m);
        }
    }
    (yes, no)
}

#[test]
fn a_reachable_repetition_is_found_and_never_imagined() {
    for name in ["normal", "wedgie", "wizardoz", "desertoasis", "imawazir"] {
        let (yes, no) = check(name, 12, 160);
        assert!(no > 0, "{name}: no position without a repetition in reach");
        if name != "imawazir" {
            // The Wazirs' heights change with every move in the centre, so a repetition in
            // reach is rarer there; elsewhere the shuffling brings many.
            assert!(yes > 20, "{name}: only {yes} positions with a repetition in reach");
        }
    }
}

#[test]
fn a_knight_that_can_go_back_repeats() {
    let v = variants::by_name("normal").expect("normal chess");
    let mut pos = Position::start(v);
    for text in ["g1f3", "g8f6", "f3g1"] {
        let m = pos.parse_move(text).expect("legal");
        pos.make(m);
    }
    // Black's Ng8 brings back the start position.
    assert!(pos.can_repeat());
    let mut pos = Position::start(v);
    for text in ["g1f3", "g8f6", "b1c3"] {
        let m = pos.parse_move(text).expect("legal");
        pos.make(m);
    }
    assert!(!pos.can_repeat());
}
