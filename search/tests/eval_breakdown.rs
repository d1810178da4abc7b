//! `tinman eval`'s breakdown against the evaluation the search uses: the shares add up to the
//! same sum, and a symmetric start position gives each side the same share of every term.

use tinman_core::{variants, Position};
use tinman_search::eval::{breakdown, evaluate, Values};

/// Positions along a fixed playout of `plies` moves from the start (move `(7 · ply + 3) mod n`).
fn playout(variant: &str, plies: usize) -> Vec<Position> {
    let v = variants::by_name(variant).unwrap();
    let mut pos = Position::start(v);
    let mut seen = vec![pos.clone()];
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves.iter().nth((7 * ply + 3) % moves.len()).copied().unwrap();
        pos.make(m);
        seen.push(pos.clone());
    }
    seen
}

#[test]
fn the_shares_add_up_to_the_searchs_sum() {
    for name in variants::names() {
        let values = Values::for_variant(variants::by_name(name).unwrap());
        for pos in playout(name, 120) {
            let b = breakdown(&pos, &values);
            let sum: f32 = b.terms.iter().map(|t| t.total()).sum();
            // The search rounds each phase's fine terms and the phase mix down: under 3 cp.
            assert!(
                (sum - b.unscaled as f32).abs() < 3.0,
                "{name} {}: {sum} vs {}",
                pos.to_fen(),
                b.unscaled
            );
            assert_eq!(b.side_to_move, evaluate(&pos, &values), "{name} {}", pos.to_fen());
            assert!(b.terms.windows(2).all(|w| w[0].total().abs() >= w[1].total().abs()));
        }
    }
}

#[test]
fn a_symmetric_start_gives_both_sides_the_same_share() {
    // Every start array but `wizardoz`'s is symmetric (its road is not).
    for name in ["normal", "desertoasis", "imawazir", "wedgie"] {
        let v = variants::by_name(name).unwrap();
        let b = breakdown(&Position::start(v), &Values::for_variant(v));
        assert!(b.terms.iter().any(|t| t.name.starts_with("material.")), "{name}");
        for t in &b.terms {
            assert!((t.white - t.black).abs() < 1e-3, "{name} {}: {} vs {}", t.name, t.white, t.black);
        }
        assert_eq!(b.unscaled, 0, "{name}");
    }
}

#[test]
fn a_lone_queen_counts_for_white_only() {
    let v = variants::by_name("normal").unwrap();
    let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    let b = breakdown(&pos, &Values::for_variant(v));
    let queen = b.terms.iter().find(|t| t.name == "material.Q").expect("the Queen's material");
    assert!(queen.white > 800.0 && queen.black == 0.0, "{queen:?}");
    assert!(b.terms.iter().all(|t| !t.name.starts_with("material.") || t.name == "material.Q"));
    assert!(b.side_to_move > 800, "{}", b.side_to_move);
}
