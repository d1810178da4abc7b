//! Cross-checks that cannot agree by accident, along every path of a perft tree:
//! fast legal generator vs pseudo-legal + make/test filter, the captures-and-promotions
//! generator vs the legal moves that capture or promote, the quiet-moves generator vs the
//! rest, one move's legality test vs the legal list (for every pseudo-legal move and every
//! move of the position before), incremental vs recomputed hash, the first-attacker test vs
//! the set of attackers, unmake vs the position before, FEN written and read back, move text
//! read back.

mod common;

use common::{legal_by_king_capture, normal, perft_cases};
use std::collections::BTreeSet;
use tinman_core::{Color, Move, Position};

fn walk(pos: &mut Position, depth: u32, nodes: &mut u64) {
    walk_from(pos, depth, nodes, &[]);
}

/// `before`: the legal moves of the position this one came from (mostly not legal here: the
/// legality test must refuse them, as it must refuse a stale table move or killer).
fn walk_from(pos: &mut Position, depth: u32, nodes: &mut u64, before: &[Move]) {
    *nodes += 1;
    assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash differs in {}", pos.to_fen());
    // Kept by make and unmake, found again from the board alone.
    assert_eq!(pos.checkers(), pos.checkers_from_scratch(), "checkers differ in {}", pos.to_fen());
    // The attack test that stops at the first attacker, against the full set of attackers.
    for sq in pos.variant().geometry.playable() {
        for by in [Color::White, Color::Black] {
            let attackers = pos.attackers(sq, by, pos.occupied());
            assert_eq!(pos.is_attacked(sq, by), !attackers.is_empty(), "{sq} attacked in {}", pos.to_fen());
        }
    }
    let fen = pos.to_fen();
    let reread = Position::from_fen(pos.variant(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert!(reread == *pos && reread.hash() == pos.hash(), "FEN round trip changed {fen}");

    let fast: BTreeSet<u64> = pos.legal_moves().iter().map(|m| m.bits()).collect();
    let filtered: BTreeSet<u64> = pos.legal_moves_by_filter().iter().map(|m| m.bits()).collect();
    assert_eq!(fast, filtered, "legal generators disagree in {fen}");
    let tactical: BTreeSet<u64> = pos.tactical_moves().iter().map(|m| m.bits()).collect();
    let tactical_of_all: BTreeSet<u64> =
        pos.legal_moves().iter().filter(|&&m| pos.is_tactical(m)).map(|m| m.bits()).collect();
    assert_eq!(tactical, tactical_of_all, "tactical generator differs from the legal moves in {fen}");
    let quiet: BTreeSet<u64> = pos.quiet_moves().iter().map(|m| m.bits()).collect();
    let rest: BTreeSet<u64> = fast.difference(&tactical).copied().collect();
    assert_eq!(quiet, rest, "quiet generator differs from the non-tactical legal moves in {fen}");
    let mut candidates = tinman_core::MoveList::new();
    pos.generate_pseudo_legal(&mut candidates);
    for &m in candidates.iter().chain(before) {
        assert_eq!(pos.is_legal(m), fast.contains(&m.bits()), "is_legal({}) in {fen}", pos.move_text(m));
    }
    assert!(!pos.is_legal(Move::NONE));
    if depth == 0 {
        return;
    }
    let by_capture: BTreeSet<u64> = legal_by_king_capture(pos).iter().map(|m| m.bits()).collect();
    assert_eq!(fast, by_capture, "legal moves differ from the king-capture test in {fen}");
    let hash = pos.hash();
    let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
    for &m in &legal {
        assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m), "move text of {m:?} in {fen}");
        pos.make(m);
        walk_from(pos, depth - 1, nodes, &legal);
        pos.unmake();
        assert!(
            pos.to_fen() == fen && pos.hash() == hash && pos.checkers() == pos.checkers_from_scratch(),
            "unmake of {} broke {fen}",
            pos.move_text(m)
        );
    }
}

#[test]
fn every_suite_position_to_depth_two() {
    let mut nodes = 0;
    for case in perft_cases() {
        walk(&mut case.position(), 2, &mut nodes);
    }
    assert!(nodes > 20_000, "{nodes}");
}

#[test]
fn tactical_positions_to_depth_three() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];
    let mut nodes = 0;
    for fen in fens {
        walk(&mut Position::from_fen(normal(), fen).unwrap(), 3, &mut nodes);
    }
    assert!(nodes > 100_000, "{nodes}");
}

#[test]
#[ignore = "long: run in release with --include-ignored"]
fn every_suite_position_to_depth_three() {
    let mut nodes = 0;
    for case in perft_cases() {
        walk(&mut case.position(), 3, &mut nodes);
    }
    assert!(nodes > 500_000, "{nodes}");
}

#[test]
fn moves_made_and_unmade_leave_no_trace_in_a_long_game() {
    // A fixed pseudo-random game: every position's hash matches a fresh one from its FEN.
    let mut pos = Position::start(normal());
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut played: Vec<Move> = Vec::new();
    for _ in 0..300 {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = moves.as_slice()[(seed % moves.len() as u64) as usize];
        pos.make(m);
        played.push(m);
        let fresh = Position::from_fen(normal(), &pos.to_fen()).unwrap();
        assert_eq!(fresh.hash(), pos.hash(), "{}", pos.to_fen());
    }
    assert_eq!(pos.moves_played().collect::<Vec<_>>(), played);
    for _ in 0..played.len() {
        pos.unmake();
    }
    assert_eq!(pos, Position::start(normal()));
    assert_eq!(pos.hash(), Position::start(normal()).hash());
}
