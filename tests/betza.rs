//! The Betza reader: every piece of the five games reads, the Falcon from H. G. Muller's
//! multi-path notation gives the paths of an independent enumeration, directions and modes
//! select what they should, and malformed strings give typed errors.

use std::collections::BTreeSet;
use tinman_core::betza::{parse, BetzaError, Movement, Offset};
use tinman_core::piece::Mode;
use tinman_core::variants;

/// Every shortest path of King steps to `t` that never steps away from it along either axis,
/// as the squares passed: written here from the rule, not taken from the core.
fn king_paths(t: Offset) -> BTreeSet<Vec<Offset>> {
    let n = t.0.abs().max(t.1.abs());
    let mut out = BTreeSet::new();
    let mut stack = vec![((0i8, 0i8), Vec::new())];
    while let Some((at, passed)) = stack.pop() {
        let left = n - passed.len() as i8;
        if at == t {
            out.insert(passed[..passed.len() - 1].to_vec());
            continue;
        }
        for dx in -1i8..=1 {
            for dy in -1i8..=1 {
                let next = (at.0 + dx, at.1 + dy);
                let away = dx * t.0 < 0 || dy * t.1 < 0 || (dx, dy) == (0, 0);
                if !away && (t.0 - next.0).abs().max((t.1 - next.1).abs()) < left {
                    let mut p = passed.clone();
                    p.push(next);
                    stack.push((next, p));
                }
            }
        }
    }
    out
}

/// The Falcon as Muller writes it (bend early, bend late, bend twice each way).
const FALCON: &str = "afsafKafafsKaflafrKafraflK";

/// Every piece of the five games reads (the variants are built from these strings; the
/// commit that introduced the reader checked each against the hand-written atoms it replaced,
/// and the perft suites and the bench signature are unchanged by the switch).
#[test]
fn every_piece_of_every_game_reads() {
    let mut checked = 0;
    for name in variants::NAMES {
        let v = variants::by_name(name).unwrap();
        for p in v.pieces {
            let moves = parse(p.betza).unwrap_or_else(|e| panic!("{name} {}: {e}", p.name));
            let castles = moves.contains(&Movement::Castling);
            assert_eq!(castles, p.royal && !v.castlings.is_empty(), "{name} {}", p.name);
            checked += 1;
        }
    }
    assert_eq!(checked, 6 + 7 + 10 + 2 + 6);
    let falcon = variants::by_name("wizardoz").unwrap().pieces.iter().find(|p| p.letter == 'F').unwrap();
    assert_eq!(falcon.betza, FALCON);
}

#[test]
fn the_falcon_reaches_sixteen_targets_by_three_paths_each() {
    let moves = parse(FALCON).unwrap();
    let [Movement::Routed { targets, ends: Mode::Both, initial: false }] = &moves[..] else {
        panic!("{moves:?}")
    };
    assert_eq!(targets.len(), 16);
    for (t, routes) in targets {
        assert_eq!(routes.len(), 3, "{t:?}");
        assert_eq!(routes.iter().cloned().collect::<BTreeSet<_>>(), king_paths(*t), "{t:?}");
    }
}

#[test]
fn directions_modes_and_compounds() {
    let leap = |text: &str| match &parse(text).unwrap()[..] {
        [Movement::Leap { offsets, ends, initial, en_passant }] => {
            (offsets.iter().copied().collect::<BTreeSet<_>>(), *ends, *initial, *en_passant)
        }
        other => panic!("{text}: {other:?}"),
    };
    let set = |v: &[Offset]| v.iter().copied().collect::<BTreeSet<_>>();
    assert_eq!(leap("fmW"), (set(&[(0, 1)]), Mode::MoveOnly, false, false));
    assert_eq!(leap("fceF"), (set(&[(1, 1), (-1, 1)]), Mode::CaptureOnly, false, true));
    assert_eq!(leap("flF").0, set(&[(-1, 1)]));
    assert_eq!(leap("sW").0, set(&[(1, 0), (-1, 0)]));
    assert_eq!(leap("vW").0, set(&[(0, 1), (0, -1)]));
    assert_eq!(leap("bN").0, set(&[(1, -2), (2, -1), (-1, -2), (-2, -1)]));
    assert_eq!(leap("ffN").0, set(&[(1, 2), (-1, 2)]));
    assert_eq!(leap("fsN").0, set(&[(2, 1), (-2, 1)]));
    assert_eq!(leap("frN").0, set(&[(1, 2), (2, 1)]));
    assert_eq!(
        leap("iC"),
        (
            set(&[(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)]),
            Mode::Both,
            true,
            false
        )
    );
    // Q is R and B; NN rides.
    assert_eq!(parse("Q").unwrap().len(), 2);
    assert!(matches!(&parse("WW").unwrap()[..], [Movement::Slide { steps, .. }] if steps.len() == 4));
    // Multi-leg moves that capture or hop on the way are the games' own rules.
    assert_eq!(parse("mWcafmW").unwrap()[1], Movement::Locust);
    assert_eq!(parse("cWmpafmW").unwrap()[1], Movement::Locust);
    // The Xiangqi horse: one orthogonal step, then outward diagonally: eight targets, one path.
    let [Movement::Routed { targets, .. }] = &parse("afsW").unwrap()[..] else { panic!() };
    assert_eq!(targets.len(), 8);
    assert!(targets.iter().all(|(t, r)| r.len() == 1 && r[0].len() == 1 && (t.0.abs() + t.1.abs()) == 3));
}

#[test]
fn malformed_strings_give_typed_errors() {
    assert_eq!(parse(""), Err(BetzaError::Empty));
    assert_eq!(parse("fm"), Err(BetzaError::MissingAtom { at: 0 }));
    assert_eq!(parse("Nfm"), Err(BetzaError::MissingAtom { at: 1 }));
    assert_eq!(parse("X"), Err(BetzaError::UnknownCharacter { at: 0, found: 'X' }));
    assert_eq!(parse("fxW"), Err(BetzaError::UnknownCharacter { at: 1, found: 'x' }));
    assert_eq!(parse("N!"), Err(BetzaError::UnknownCharacter { at: 1, found: '!' }));
    assert_eq!(parse("flW"), Err(BetzaError::NoDirection { at: 2, atom: 'W' }));
    assert_eq!(parse("R4"), Err(BetzaError::Unsupported { at: 0, what: "a limited range" }));
    assert_eq!(parse("aR"), Err(BetzaError::Unsupported { at: 1, what: "a slide in a multi-leg move" }));
    assert!(parse("N99999999999999999999").is_err());
    assert_eq!(parse("fsW").unwrap_err().to_string(), "the directions at 2 select no move of the atom W");
}
