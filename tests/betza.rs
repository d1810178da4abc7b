//! The Betza reader: every piece of the five games parsed from its Betza string gives the same
//! moves as its hand-written atoms (the Falcon from H. G. Muller's multi-path notation against
//! an independent enumeration of its paths), and malformed strings give typed errors.

use std::collections::BTreeSet;
use tinman_core::betza::{parse, BetzaError, Ends, Movement, Offset};
use tinman_core::piece::{Atom, Mode, Reach};
use tinman_core::variants;

/// A move of a piece as a comparable entry: target, the set of routes (squares passed that
/// must be empty; one empty route for a plain leap), what it may do there, first move only.
type Entry = (Offset, BTreeSet<Vec<Offset>>, Ends, bool);

fn ends(mode: Mode) -> Ends {
    match mode {
        Mode::Both => Ends::Both,
        Mode::MoveOnly => Ends::MoveOnly,
        Mode::CaptureOnly => Ends::CaptureOnly,
    }
}

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

fn lame(t: Offset) -> BTreeSet<Vec<Offset>> {
    let n = t.0.abs().max(t.1.abs());
    BTreeSet::from([(1..n).map(|i| (t.0 / n * i, t.1 / n * i)).collect()])
}

/// Leaps (plain or routed) and slides of hand-written atoms.
fn from_atoms(atoms: &[Atom]) -> (BTreeSet<Entry>, BTreeSet<(Offset, Ends)>) {
    let (mut leaps, mut slides) = (BTreeSet::new(), BTreeSet::new());
    for a in atoms {
        for &o in a.steps {
            match a.reach {
                Reach::Slide => {
                    slides.insert((o, ends(a.mode)));
                }
                Reach::Leap => {
                    leaps.insert((o, BTreeSet::from([Vec::new()]), ends(a.mode), a.initial_only));
                }
                Reach::LameLeap => {
                    leaps.insert((o, lame(o), ends(a.mode), a.initial_only));
                }
                Reach::ShortestPaths => {
                    leaps.insert((o, king_paths(o), ends(a.mode), a.initial_only));
                }
            }
        }
    }
    (leaps, slides)
}

fn from_betza(moves: &[Movement]) -> (BTreeSet<Entry>, BTreeSet<(Offset, Ends)>) {
    let (mut leaps, mut slides) = (BTreeSet::new(), BTreeSet::new());
    for m in moves {
        match m {
            Movement::Leap { offsets, ends, initial, .. } => {
                for &o in offsets {
                    leaps.insert((o, BTreeSet::from([Vec::new()]), *ends, *initial));
                }
            }
            Movement::Routed { targets, ends, initial } => {
                for (o, routes) in targets {
                    leaps.insert((*o, routes.iter().cloned().collect(), *ends, *initial));
                }
            }
            Movement::Slide { steps, ends } => {
                for &o in steps {
                    slides.insert((o, *ends));
                }
            }
            Movement::Locust | Movement::Castling => {}
        }
    }
    (leaps, slides)
}

/// The Falcon as Muller writes it (bend early, bend late, bend twice each way).
const FALCON: &str = "afsafKafafsKaflafrKafraflK";

#[test]
fn every_piece_of_every_game_reads_as_its_atoms() {
    let mut checked = 0;
    for name in variants::NAMES {
        let v = variants::by_name(name).unwrap();
        for p in v.pieces {
            let betza = if p.betza.is_empty() { FALCON } else { p.betza };
            let moves = parse(betza).unwrap_or_else(|e| panic!("{name} {}: {e}", p.name));
            assert_eq!(from_betza(&moves), from_atoms(p.atoms), "{name} {} ({betza})", p.name);
            let castles = moves.contains(&Movement::Castling);
            assert_eq!(castles, p.royal && !v.castlings.is_empty(), "{name} {}", p.name);
            checked += 1;
        }
    }
    assert_eq!(checked, 6 + 7 + 10 + 2 + 6);
}

#[test]
fn the_falcon_reaches_sixteen_targets_by_three_paths_each() {
    let moves = parse(FALCON).unwrap();
    let [Movement::Routed { targets, ends: Ends::Both, initial: false }] = &moves[..] else {
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
    assert_eq!(leap("fmW"), (set(&[(0, 1)]), Ends::MoveOnly, false, false));
    assert_eq!(leap("fceF"), (set(&[(1, 1), (-1, 1)]), Ends::CaptureOnly, false, true));
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
            Ends::Both,
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
