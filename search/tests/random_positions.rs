//! The search never returns an illegal move, nor no move when one exists: thousands of
//! positions from random games of every game, each searched briefly.

use tinman_core::{variants, Position};
use tinman_search::{Limits, Searcher};

/// Positions per game.
const POSITIONS: usize = 1000;
/// Nodes per search (a few milliseconds).
const NODES: u64 = 2_000;

#[test]
#[ignore = "slow in debug: run in release with --include-ignored"]
fn searched_moves_are_always_legal() {
    let mut seed = 0x5EED_CAFE_F00Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut searcher = Searcher::new(4);
    for name in variants::NAMES {
        let variant = variants::by_name(name).unwrap();
        let (mut searched, mut without_moves) = (0, 0);
        while searched < POSITIONS {
            let mut pos = Position::start(variant);
            let plies = next() % 120;
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[(next() % moves.len() as u64) as usize];
                pos.make(m);
            }
            let legal = pos.legal_moves();
            let result =
                searcher.search(&pos, &Limits { nodes: Some(NODES), ..Limits::default() }, &mut |_| {});
            match result.best {
                Some(m) => {
                    assert!(legal.contains(m), "{name}: illegal {} in {}", pos.move_text(m), pos.to_fen())
                }
                None => {
                    assert!(legal.is_empty(), "{name}: no move in {}", pos.to_fen());
                    without_moves += 1;
                }
            }
            searched += 1;
        }
        eprintln!("{name}: {searched} positions searched, {without_moves} without a legal move");
    }
}
