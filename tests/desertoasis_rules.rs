//! Desert Oasis Chess (`desertoasis`): hand-made positions with their exact legal-move lists.
//!
//! Every list below was worked out by hand from the rules (docs: spec section 3, "Jump
//! chains [decided]") before the engine was run; the comments show the working. Positions are
//! written as piece lists (see [`fen`]) so that they can be read at a glance.
//!
//! Conventions the lists rely on:
//! - A capturing chain (Desert Wazir / Ferz / King) is written as legs, each jump as two legs
//!   (onto the captured unit, then onto the landing square). Chains with the same start, end
//!   and set of captured units are one move, written with the path whose text sorts first.
//! - A non-capturing chain (Oasis pieces) is a plain from-to move, one per destination.
//! - A capturing chain holds at most 12 jumps: `Move` stores a chain's path in 64 bits (12
//!   directions of 3 bits), so a 13th jump cannot be written (`MAX_JUMPS`).

use tinman_core::{variants, Color, DrawReason, Move, Outcome, Position, Special, Square, WinReason};

fn desertoasis() -> &'static tinman_core::Variant {
    variants::by_name("desertoasis").unwrap()
}

/// The FEN of a 12x12 board holding `pieces` (square, FEN letter), `side` to move.
fn fen(pieces: &[(&str, char)], side: char) -> String {
    let mut board = [[None::<char>; 12]; 12];
    for &(name, letter) in pieces {
        let b = name.as_bytes();
        let file = (b[0] - b'a') as usize;
        let rank: usize = name[1..].parse().unwrap();
        assert!(board[rank - 1][file].is_none(), "{name} twice");
        board[rank - 1][file] = Some(letter);
    }
    let mut rows = Vec::new();
    for rank in (0..12).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in board[rank] {
            match cell {
                Some(c) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    format!("{} {side} - - 0 1", rows.join("/"))
}

fn pos(pieces: &[(&str, char)], side: char) -> Position {
    let f = fen(pieces, side);
    let p = Position::from_fen(desertoasis(), &f).unwrap_or_else(|e| panic!("{f}: {e}"));
    assert_eq!(p.to_fen(), f, "FEN round trip");
    p
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Asserts the exact legal-move list (order free), and that every move round-trips through
/// make/unmake. (Reading the texts back is [`parse_move_reads_back_every_move_text`].)
fn assert_moves(p: &Position, expected: &[&str]) {
    assert_eq!(moves(p), sorted(expected), "legal moves of {}", p.to_fen());
    let mut q = p.clone();
    for &m in p.legal_moves().iter() {
        let text = p.move_text(m);
        let (before, hash) = (q.to_fen(), q.hash());
        q.make(m);
        assert_eq!(q.hash(), q.compute_hash(), "hash after {text}");
        q.unmake();
        assert_eq!((q.to_fen(), q.hash()), (before, hash), "unmake {text}");
    }
}

/// The board and side-to-move fields of a FEN (the clocks left out).
fn placement(fen: &str) -> String {
    fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// Asserts the board and side to move of `p`.
fn assert_board(p: &Position, pieces: &[(&str, char)], side: char) {
    assert_eq!(placement(&p.to_fen()), placement(&fen(pieces, side)));
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// The legal move whose text is `text` (found among the legal moves, not by parse_move).
fn find(p: &Position, text: &str) -> Move {
    let found = p.legal_moves().iter().copied().find(|&m| p.move_text(m) == text);
    found.unwrap_or_else(|| panic!("no legal move {text} in {}", p.to_fen()))
}

fn after(p: &Position, text: &str) -> Position {
    let mut q = p.clone();
    let m = find(p, text);
    q.make(m);
    assert_eq!(q.hash(), q.compute_hash());
    q
}

#[test]
fn start_position() {
    let p = Position::start(desertoasis());
    assert_eq!(
        p.to_fen(),
        "cnfwmdomwfnc/vxwfvxxvfwxv/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/VXWFVXXVFWXV/CNFWMDOMWFNC w - - 0 1"
    );
    // Twelve single pawn steps (no double step). Knights: every target is an own unit.
    // Camels: a1b4 and l1k4 (d2 and i2 are own units). Desert pieces and Princes: no empty
    // neighbour, no enemy. Oasis Wazirs a2 e2 h2 l2 jump the pawn ahead onto rank 4 (from
    // there the only unit next to them is that pawn, leading back to the start). Oasis
    // Ferzes: b2 over c3 -> d4 (over a3 leaves the board); f2 -> d4, h4; g2 -> e4, i4; k2 ->
    // i4 (over l3 leaves the board); from rank 4 the jumps back land on rank 2, occupied or
    // the start square. The Oasis King g1: rank 2 and 3 full, no landing square.
    // 12 + 2 + 4 + 6 = 24.
    let expected = [
        "a3a4", "b3b4", "c3c4", "d3d4", "e3e4", "f3f4", "g3g4", "h3h4", "i3i4", "j3j4", "k3k4", "l3l4",
        "a2a4", "b2d4", "e2e4", "f2d4", "f2h4", "g2e4", "g2i4", "h2h4", "k2i4", "l2l4", "a1b4", "l1k4",
    ];
    assert_moves(&p, &expected);
    assert_eq!(p.outcome(), None);
}

/// A Desert Wazir on c3 among Black pawns: a double jump with a branch (north or east at c5),
/// and the east branch going on to a triple jump.
///
/// c3: steps b3, c2, d3 (c4 is taken; steps never capture). Jumps: only c4 (enemy) with c5
/// empty beyond. c5 {c4}: over c6 -> c7; over d5 -> e5; b5 empty; c4 already jumped.
/// c7 {c4,c6}: nothing adjacent but c6. e5 {c4,d5}: over e6 -> e7. e7: nothing more.
#[test]
fn desert_wazir_double_and_triple_jump_with_a_branch() {
    let p = pos(&[("c3", 'W'), ("c4", 'n'), ("d5", 'x'), ("c6", 'p'), ("e6", 'p')], 'w');
    assert_moves(
        &p,
        &[
            "c3b3",
            "c3c2",
            "c3d3",
            "c3c4,c4c5",
            "c3c4,c4c5,c5c6,c6c7",
            "c3c4,c4c5,c5d5,d5e5",
            "c3c4,c4c5,c5d5,d5e5,e5e6,e6e7",
        ],
    );
    let m = find(&p, "c3c4,c4c5,c5d5,d5e5,e5e6,e6e7");
    assert_eq!(m.special(), Special::MultiCapture);
    let jumps: Vec<(Square, Square)> = m.jump_squares().collect();
    assert_eq!(jumps, [(sq("c4"), sq("c5")), (sq("d5"), sq("e5")), (sq("e6"), sq("e7"))]);
    let q = after(&p, "c3c4,c4c5,c5d5,d5e5,e5e6,e6e7");
    assert_board(&q, &[("e7", 'W'), ("c6", 'p')], 'b');
}

/// Four Black units around the empty d4; a Desert Wazir on c3 can run the loop either way
/// round and come back to c3 (its start square counts as empty). It must not jump c4 (or any
/// unit) a second time: from c5 back over c4 to c3, or, after the loop, over c4 again.
///
/// c3 -> c5 (c4) -> e5 (d5) -> e3 (e4) -> c3 (d3): 4 states;
/// c3 -> e3 (d3) -> e5 (e4) -> c5 (d5) -> c3 (c4): 4 states, the last the same move as the
/// first loop (same end c3, same four units): written with the first path, whose text sorts
/// first ("c3c4..." < "c3d3..."). Steps: b3, c2. Total 2 + 7.
#[test]
fn a_loop_back_to_the_start_square_jumps_no_unit_twice() {
    let p = pos(&[("c3", 'W'), ("c4", 'n'), ("d5", 'w'), ("e4", 'o'), ("d3", 'm'), ("l12", 'n')], 'w');
    let loop_first = "c3c4,c4c5,c5d5,d5e5,e5e4,e4e3,e3d3,d3c3";
    let loop_other = "c3d3,d3e3,e3e4,e4e5,e5d5,d5c5,c5c4,c4c3";
    assert_moves(
        &p,
        &[
            "c3b3",
            "c3c2",
            "c3c4,c4c5",
            "c3c4,c4c5,c5d5,d5e5",
            "c3c4,c4c5,c5d5,d5e5,e5e4,e4e3",
            loop_first,
            "c3d3,d3e3",
            "c3d3,d3e3,e3e4,e4e5",
            "c3d3,d3e3,e3e4,e4e5,e5d5,d5c5",
        ],
    );
    // Both directions round the loop make the one move; it ends on its start square. (That
    // parse_move reads both is checked in parse_move_reads_every_valid_path.)
    let m = find(&p, loop_first);
    assert_eq!((m.from(), m.to(), m.special()), (sq("c3"), sq("c3"), Special::MultiCapture));
    assert_eq!(p.move_text(m), loop_first);
    let _ = loop_other;
    let q = after(&p, loop_first);
    assert_board(&q, &[("c3", 'W'), ("l12", 'n')], 'b');
}

/// The same loop with a Black unit on b3 as well: the chain may pass through its start square
/// c3 and go on over b3 to a3, after either direction round the loop, or at once.
///
/// As above, plus (a3, {b3}) and (a3, {b3 + the four}); the step c3b3 is gone (b3 taken).
/// After coming round to c3 the only fresh neighbour is b3; a3 has nothing adjacent but b3.
#[test]
fn a_chain_may_pass_through_its_start_square() {
    let p = pos(
        &[("c3", 'W'), ("c4", 'n'), ("d5", 'w'), ("e4", 'o'), ("d3", 'm'), ("b3", 'n'), ("l12", 'n')],
        'w',
    );
    let through = "c3c4,c4c5,c5d5,d5e5,e5e4,e4e3,e3d3,d3c3,c3b3,b3a3";
    assert_moves(
        &p,
        &[
            "c3b3,b3a3",
            "c3c2",
            "c3c4,c4c5",
            "c3c4,c4c5,c5d5,d5e5",
            "c3c4,c4c5,c5d5,d5e5,e5e4,e4e3",
            "c3c4,c4c5,c5d5,d5e5,e5e4,e4e3,e3d3,d3c3",
            through,
            "c3d3,d3e3",
            "c3d3,d3e3,e3e4,e4e5",
            "c3d3,d3e3,e3e4,e4e5,e5d5,d5c5",
        ],
    );
    let m = find(&p, through);
    assert_eq!(m.jump_squares().count(), 5);
    assert_board(&after(&p, through), &[("a3", 'W'), ("l12", 'n')], 'b');
}

/// A Desert King on c3 jumps diagonally over d4 to e5, orthogonally over e6 to e7, and
/// diagonally again over f8 to g9. Its steps go to the seven empty neighbours (d4 is taken).
/// A Desert Wazir or Ferz in its place could make only the orthogonal / diagonal part.
#[test]
fn desert_king_switches_between_orthogonal_and_diagonal_jumps() {
    let pieces = [("c3", 'D'), ("d4", 'v'), ("e6", 'p'), ("f8", 'n')];
    let p = pos(&pieces, 'w');
    assert_moves(
        &p,
        &[
            "c3b2",
            "c3b3",
            "c3b4",
            "c3c2",
            "c3c4",
            "c3d2",
            "c3d3",
            "c3d4,d4e5",
            "c3d4,d4e5,e5e6,e6e7",
            "c3d4,d4e5,e5e6,e6e7,e7f8,f8g9",
        ],
    );
    assert_board(&after(&p, "c3d4,d4e5,e5e6,e6e7,e7f8,f8g9"), &[("g9", 'D')], 'b');
    // The Ferz gets the first jump only (e6 is orthogonal from e5), the Wazir none.
    let ferz = pos(&[("c3", 'F'), ("d4", 'v'), ("e6", 'p'), ("f8", 'n')], 'w');
    assert_moves(&ferz, &["c3b2", "c3b4", "c3d2", "c3d4,d4e5"]);
    let wazir = pos(&[("c3", 'W'), ("d4", 'v'), ("e6", 'p'), ("f8", 'n')], 'w');
    assert_moves(&wazir, &["c3b3", "c3c2", "c3c4", "c3d3"]);
}

/// Desert pieces jump only enemy units, only onto an empty square, and step (without
/// capturing) only onto empty squares.
///
/// W c3: c4 own pawn (no step, no jump), d3 enemy with e3 empty (jump; then e4, f3, e2 are
/// empty), b3 enemy but a3 own (no jump, no step), c2 empty (step only; an empty square is
/// never jumped, so no c3c1). F h3: g4 own (nothing), i4 enemy with j5 empty (jump), g2 and
/// i2 empty (steps). Pawns: a3a4 (b4 empty), c4c5 (b5, d5 empty), g4g5 (f5, h5 empty).
#[test]
fn desert_pieces_jump_only_enemies_onto_empty_squares() {
    let p = pos(
        &[
            ("c3", 'W'),
            ("c4", 'P'),
            ("a3", 'P'),
            ("h3", 'F'),
            ("g4", 'P'),
            ("d3", 'd'),
            ("b3", 'n'),
            ("i4", 'n'),
        ],
        'w',
    );
    assert_moves(&p, &["a3a4", "c3c2", "c3d3,d3e3", "c4c5", "g4g5", "h3g2", "h3i2", "h3i4,i4j5"]);
    // Jumping an own unit, or an empty square, is no move.
    for text in ["c3c4,c4c5", "c3c2,c2c1", "h3g4,g4f5", "c3b3,b3a3", "c3c1", "c3d3"] {
        assert!(p.parse_move(text).is_err(), "{text} accepted");
    }
    // A unit on the edge cannot be jumped (no square beyond).
    let edge = pos(&[("b11", 'W'), ("b12", 'n'), ("a11", 'n'), ("c11", 'n'), ("b10", 'n')], 'w');
    assert_moves(&edge, &["b11b10,b10b9", "b11c11,c11d11"]);
}

/// An Oasis King on c3 next to one Black unit (d4) with a White pawn on e4. It captures d4 by
/// stepping onto it; it moves without capturing by jumping units of either colour:
/// c3 -> e5 (over d4), e5 -> e3 (over the own pawn e4), e3 -> c5 (over d4 again, the other
/// diagonal) -- c5 is reachable only by jumping d4 twice. From e5 over d4 the chain passes
/// through c3 (allowed, but c3 is no destination). Pawn e4: e5 is empty, d5/f5 hold nothing.
#[test]
fn oasis_chain_over_both_colours_may_rejump_and_never_captures() {
    let p = pos(&[("c3", 'O'), ("e4", 'P'), ("d4", 'f')], 'w');
    assert_moves(&p, &["c3c5", "c3d4", "c3e3", "c3e5", "e4e5"]);
    for text in ["c3c5", "c3e3", "c3e5"] {
        let m = p.parse_move(text).unwrap();
        assert_eq!(m.special(), Special::Normal, "{text}");
    }
    // Nothing is captured by the jumps.
    assert_board(&after(&p, "c3c5"), &[("c5", 'O'), ("e4", 'P'), ("d4", 'f')], 'b');
    assert_board(&after(&p, "c3e3"), &[("e3", 'O'), ("e4", 'P'), ("d4", 'f')], 'b');
    // The displacement capture.
    assert_board(&after(&p, "c3d4"), &[("d4", 'O'), ("e4", 'P')], 'b');
    // The chain text form is not how Oasis moves are written.
    assert!(p.parse_move("c3d4,d4e5").is_err());
}

/// A snake of units that an Oasis Wazir needs 13 jumps to follow to its end: non-capturing
/// chains are plain from-to moves, one per reachable square, with no length limit.
///
/// Units (Black, and one White pawn on d3) on b1 d1 f1 h1 j1 k2 j3 h3 f3 d3 b3 a4 b5; the
/// wazir on a1 lands on c1 e1 g1 i1 k1 k3 i3 g3 e3 c3 a3 a5 c5 and nowhere else (c2, e2, g2,
/// i2, a2, ... are empty, so there are no other jumps). It also captures b1 by stepping onto
/// it. The pawn d3 steps to d4 (c4, e4 empty).
#[test]
fn oasis_chains_have_no_length_limit() {
    let units = ["b1", "d1", "f1", "h1", "j1", "k2", "j3", "h3", "f3", "d3", "b3", "a4", "b5"];
    let mut pieces = vec![("a1", 'V')];
    for (i, &u) in units.iter().enumerate() {
        pieces.push((
            u,
            if u == "d3" {
                'P'
            } else if i % 2 == 0 {
                'n'
            } else {
                'w'
            },
        ));
    }
    let p = pos(&pieces, 'w');
    let expected = [
        "a1b1", "a1c1", "a1e1", "a1g1", "a1i1", "a1k1", "a1k3", "a1i3", "a1g3", "a1e3", "a1c3", "a1a3",
        "a1a5", "a1c5", "d3d4",
    ];
    assert_moves(&p, &expected);
}

/// Oasis Wazir / Ferz capture by displacement onto an adjacent enemy in their directions,
/// never step onto an empty square, and jump (without capturing) over units.
///
/// V c3: c4 enemy (capture), b4 enemy but diagonal (nothing); jump over c4 to c5. From c5
/// only c4 is adjacent (back to the start). X h3: i4 and g2 enemies (captures); jumps over
/// i4 to j5 and over g2 to f1; from those only the jumped unit is adjacent.
#[test]
fn oasis_pieces_capture_by_displacement() {
    let p = pos(&[("c3", 'V'), ("h3", 'X'), ("c4", 'w'), ("b4", 'f'), ("i4", 'n'), ("g2", 'n')], 'w');
    assert_moves(&p, &["c3c4", "c3c5", "h3f1", "h3g2", "h3i4", "h3j5"]);
    assert_board(&after(&p, "c3c4"), &[("c4", 'V'), ("h3", 'X'), ("b4", 'f'), ("i4", 'n'), ("g2", 'n')], 'b');
    assert_board(
        &after(&p, "h3j5"),
        &[("c3", 'V'), ("j5", 'X'), ("c4", 'w'), ("b4", 'f'), ("i4", 'n'), ("g2", 'n')],
        'b',
    );
}

/// Two paths making the same move are one move, written with the path whose text sorts first;
/// parse_move reads every valid path of it and rejects paths that are not jumps.
///
/// Desert King on c3, Black units on c4, d3, d4: the triangle c3 -> e3 (over d3) -> c5
/// (over d4) -> c3 (over c4) and its reverse c3 -> c5 (over c4) -> e3 (over d4)
/// -> c3 (over d3) capture the same three units and end on c3.
///
/// Enumeration: enemies d3 (E), d4 (NE), c4 (N) of c3.
///   c3 -> e3 {d3}: from e3: d4 (NW) -> c5; d3 done; e4, f4, f3, f2, e2, d2 empty.
///     c5 {d3,d4}: c4 (S) -> c3 (start) ; d4 done; b4 b5 b6 c6 d5 d6 empty.
///       c3 {d3,d4,c4}: all three done -> end.
///   c3 -> e5 {d4}: from e5: d4 done; d5 d6 e6 f6 f5 f4 e4 empty -> end.
///   c3 -> c5 {c4}: from c5: d4 (SE) -> e3; c4 done.
///     e3 {c4,d4}: d3 (W) -> c3.  c3 {c4,d4,d3}: the same move as above.
/// Moves: (e3,{d3}) (c5,{d3,d4}) (c3,{all}) (e5,{d4}) (c5,{c4}) (e3,{c4,d4}); steps to b2 b3
/// b4 c2 d2.
#[test]
fn two_paths_are_one_move_written_with_the_first_text() {
    let p = pos(&[("c3", 'D'), ("d3", 'c'), ("d4", 'x'), ("c4", 'v')], 'w');
    let first = "c3c4,c4c5,c5d4,d4e3,e3d3,d3c3";
    let second = "c3d3,d3e3,e3d4,d4c5,c5c4,c4c3";
    assert!(first < second);
    assert_moves(
        &p,
        &[
            "c3b2",
            "c3b3",
            "c3b4",
            "c3c2",
            "c3d2",
            "c3c4,c4c5",
            "c3c4,c4c5,c5d4,d4e3",
            first,
            "c3d3,d3e3",
            "c3d3,d3e3,e3d4,d4c5",
            "c3d4,d4e5",
        ],
    );
    let m = find(&p, first);
    assert_eq!((m.from(), m.to(), m.jump_squares().count()), (sq("c3"), sq("c3"), 3));
    assert_board(&after(&p, first), &[("c3", 'D')], 'b');
}

/// Most positions of this file (White to move unless noted).
fn all_positions() -> Vec<Position> {
    let lists: &[&[(&str, char)]] = &[
        &[
            ("c3", 'W'),
            ("c4", 'P'),
            ("a3", 'P'),
            ("h3", 'F'),
            ("g4", 'P'),
            ("d3", 'd'),
            ("b3", 'n'),
            ("i4", 'n'),
        ],
        &[("b11", 'W'), ("b12", 'n'), ("a11", 'n'), ("c11", 'n'), ("b10", 'n')],
        &[("c3", 'V'), ("h3", 'X'), ("c4", 'w'), ("b4", 'f'), ("i4", 'n'), ("g2", 'n')],
        &[("e5", 'N'), ("g4", 'M'), ("a1", 'C'), ("h5", 'c'), ("d2", 'n'), ("d7", 'p'), ("b2", 'n')],
        &[("c3", 'W'), ("c4", 'n'), ("d5", 'x'), ("c6", 'p'), ("e6", 'p')],
        &[("c3", 'W'), ("c4", 'n'), ("d5", 'w'), ("e4", 'o'), ("d3", 'm'), ("l12", 'n')],
        &[("c3", 'W'), ("c4", 'n'), ("d5", 'w'), ("e4", 'o'), ("d3", 'm'), ("b3", 'n'), ("l12", 'n')],
        &[("c3", 'D'), ("d4", 'v'), ("e6", 'p'), ("f8", 'n')],
        &[("c3", 'D'), ("d3", 'c'), ("d4", 'x'), ("c4", 'v')],
        &[("c3", 'W'), ("c4", 'P'), ("d3", 'n'), ("e4", 'n')],
        &[("c3", 'O'), ("e4", 'P'), ("d4", 'f')],
        &[("c7", 'P'), ("a4", 'P'), ("d8", 'n')],
        &[
            ("a1", 'W'),
            ("b1", 'n'),
            ("d1", 'n'),
            ("f1", 'n'),
            ("h1", 'n'),
            ("j1", 'n'),
            ("k2", 'n'),
            ("j3", 'n'),
            ("h3", 'n'),
            ("f3", 'n'),
            ("d3", 'n'),
            ("b3", 'n'),
            ("a4", 'n'),
            ("b5", 'n'),
        ],
    ];
    let mut v: Vec<Position> = lists.iter().map(|l| pos(l, 'w')).collect();
    v.push(pos(&[("f6", 'p'), ("k9", 'p'), ("e5", 'N')], 'b'));
    v.push(Position::start(desertoasis()));
    v
}

/// parse_move reads back the text of every legal move as that move.
#[test]

fn parse_move_reads_back_every_move_text() {
    let mut wrong = Vec::new();
    for p in all_positions() {
        for &m in p.legal_moves().iter() {
            let text = p.move_text(m);
            if p.parse_move(&text) != Ok(m) {
                wrong.push(format!("{text} in {}", p.to_fen()));
            }
        }
    }
    assert!(wrong.is_empty(), "not read back: {wrong:#?}");
}

/// Every valid path of a move names it, not only the one the engine writes.
#[test]

fn parse_move_reads_every_valid_path() {
    type Case = (&'static [(&'static str, char)], &'static [&'static str]);
    let cases: &[Case] = &[
        (
            &[("c3", 'W'), ("c4", 'n'), ("d5", 'w'), ("e4", 'o'), ("d3", 'm'), ("l12", 'n')],
            &["c3c4,c4c5,c5d5,d5e5,e5e4,e4e3,e3d3,d3c3", "c3d3,d3e3,e3e4,e4e5,e5d5,d5c5,c5c4,c4c3"],
        ),
        (
            &[("c3", 'W'), ("c4", 'n'), ("d5", 'w'), ("e4", 'o'), ("d3", 'm'), ("b3", 'n'), ("l12", 'n')],
            &[
                "c3c4,c4c5,c5d5,d5e5,e5e4,e4e3,e3d3,d3c3,c3b3,b3a3",
                "c3d3,d3e3,e3e4,e4e5,e5d5,d5c5,c5c4,c4c3,c3b3,b3a3",
            ],
        ),
        (
            &[("c3", 'D'), ("d3", 'c'), ("d4", 'x'), ("c4", 'v')],
            &["c3c4,c4c5,c5d4,d4e3,e3d3,d3c3", "c3d3,d3e3,e3d4,d4c5,c5c4,c4c3"],
        ),
    ];
    for &(pieces, paths) in cases {
        let p = pos(pieces, 'w');
        let m = find(&p, paths[0]);
        for &path in paths {
            assert_eq!(p.parse_move(path), Ok(m), "{path}");
        }
    }
}

/// parse_move rejects multi-leg texts that are not a path of jumps, even when they name the
/// start, end and captured units of a legal chain: legs that do not step onto an adjacent
/// unit, a leg that lands on a unit, a unit named twice, an odd number of legs, legs that do
/// not join, own units.
#[test]

fn parse_move_rejects_paths_that_are_not_jumps() {
    let mut accepted: Vec<String> = Vec::new();
    // The triangle position: the legal chain c3 -> c3 captures c4, d3, d4.
    let p = pos(&[("c3", 'D'), ("d3", 'c'), ("d4", 'x'), ("c4", 'v')], 'w');
    for text in [
        "c3d4,d4c4,c4d3,d3c3",
        "c3d3,d3d4,d4c4,c4c3",
        "c3c4,c4c5,c5d4,d4e3,e3d4,d4c3",
        "c3d4,d4e5,e5c4,c4c5,c5d3,d3c3",
        "c3c4,c4c5,c5d4,d4e3,e3d3",
        "c3c4,c4c5,c5d4,d4e3,e3d3,c3c3",
        "c3c4,c4c5,c5d4,d4e3,e3d3,d3c3,",
        "c3c3",
    ] {
        if p.parse_move(text).is_ok() {
            accepted.push(format!("{text} in {}", p.to_fen()));
        }
    }
    // W c3; own pawn c4 (c5 empty); enemy d3 with e3 empty; enemy e4 beyond e3 -> e5.
    let p = pos(&[("c3", 'W'), ("c4", 'P'), ("d3", 'n'), ("e4", 'n')], 'w');
    assert_moves(&p, &["c3b3", "c3c2", "c3d3,d3e3", "c3d3,d3e3,e3e4,e4e5", "c4c5"]);
    for text in [
        // own unit
        "c3c4,c4c5",
        // non-adjacent squares: c3 -> e3 is two files away, e3 -> e5 likewise
        "c3e3,e3e4,e4e5",
        "c3d3,d3e3,e3e5,e5e5",
        // the right start, end and captured units, but the legs are not jumps
        "c3e4,e4e3,e3d3,d3e5",
        "c3d3,d3e4,e4e3,e3e5",
        "c3e4,e4e5",
        // jumps e4 twice
        "c3d3,d3e3,e3e4,e4e5,e5e4,e4e3",
    ] {
        if p.parse_move(text).is_ok() {
            accepted.push(format!("{text} in {}", p.to_fen()));
        }
    }
    assert!(accepted.is_empty(), "accepted: {accepted:#?}");
}

/// White promotes on rank 8 (and not on rank 5), Black on rank 5 (and not on rank 8), to any
/// of the nine non-pawn pieces, by stepping or by capturing.
#[test]
fn promotion_on_rank_8_for_white_and_rank_5_for_black() {
    let letters = ["n", "c", "m", "w", "f", "d", "v", "x", "o"];
    let white = pos(&[("c7", 'P'), ("a4", 'P'), ("d8", 'n')], 'w');
    let mut expected: Vec<String> = vec!["a4a5".into()];
    for l in letters {
        expected.push(format!("c7c8{l}"));
        expected.push(format!("c7d8{l}"));
    }
    let e: Vec<&str> = expected.iter().map(|s| s.as_str()).collect();
    assert_moves(&white, &e);
    assert!(white.parse_move("c7c8").is_err(), "promotion is compulsory");
    assert!(white.parse_move("c7c8p").is_err(), "no promotion to a pawn");
    // The new Desert Wazir does not move again this turn.
    let q = after(&white, "c7c8w");
    assert_board(&q, &[("c8", 'W'), ("a4", 'P'), ("d8", 'n')], 'b');
    assert_board(&after(&white, "c7d8o"), &[("d8", 'O'), ("a4", 'P')], 'b');

    let black = pos(&[("f6", 'p'), ("k9", 'p'), ("e5", 'N')], 'b');
    let mut expected: Vec<String> = vec!["k9k8".into()];
    for l in letters {
        expected.push(format!("f6f5{l}"));
        expected.push(format!("f6e5{l}"));
    }
    let e: Vec<&str> = expected.iter().map(|s| s.as_str()).collect();
    assert_moves(&black, &e);
    assert_board(&after(&black, "f6f5x"), &[("f5", 'x'), ("k9", 'p'), ("e5", 'N')], 'w');
}

/// Capturing the last enemy unit wins at once; the loser has no legal move.
#[test]
fn capturing_the_last_unit_wins() {
    let p = pos(&[("c3", 'W'), ("c4", 'n')], 'w');
    assert_moves(&p, &["c3b3", "c3c2", "c3d3", "c3c4,c4c5"]);
    assert_eq!(p.outcome(), None);
    let q = after(&p, "c3c4,c4c5");
    assert_board(&q, &[("c5", 'W')], 'b');
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Extinction }));
    // The same when the side without units would not even be to move.
    let r = pos(&[("c5", 'W')], 'w');
    assert!(r.legal_moves().is_empty());
    assert_eq!(r.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Extinction }));
    // A multi-capture taking the last units (Oasis displacement, pawn capture likewise).
    let s = pos(&[("c3", 'X'), ("d4", 'w')], 'w');
    let s = after(&s, "c3d4");
    assert_eq!(s.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Extinction }));
    assert!(s.legal_moves().is_empty());
}

/// A player with units but no legal move is stalemated: a draw.
#[test]
fn no_legal_move_is_stalemate() {
    // White pawn a3 blocked by a Black Knight on a4; nothing on b4 to capture.
    let p = pos(&[("a3", 'P'), ("a4", 'n')], 'w');
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // Desert Ferz in the corner with its only diagonal neighbour an own (blocked) pawn, and
    // an Oasis Wazir that has no enemy beside it and nothing to jump into.
    let p = pos(&[("a1", 'F'), ("b2", 'P'), ("b3", 'n'), ("l1", 'V'), ("l2", 'P'), ("l3", 'n')], 'w');
    // V l1 jumps over l2 onto l3? l3 is taken. Over k1: k1 empty. So no move; F a1 -> b2 own.
    assert!(p.legal_moves().is_empty(), "{:?}", moves(&p));
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

/// Knights, Camels and Princes move and capture as usual; leapers ignore what is between.
///
/// N e5: c4 c6 d3 d7(capture) f3 f7 g6, not g4 (own Prince). M g4: f3 f4 f5 g3 g5 h3 h4 and
/// h5 (capture). C a1 (a (1,3) leaper): b4, d2 (capture), over the Black Knight on b2.
#[test]
fn knights_camels_and_princes() {
    let p = pos(
        &[("e5", 'N'), ("g4", 'M'), ("a1", 'C'), ("h5", 'c'), ("d2", 'n'), ("d7", 'p'), ("b2", 'n')],
        'w',
    );
    assert_moves(
        &p,
        &[
            "a1b4", "a1d2", "e5c4", "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g6", "g4f3", "g4f4", "g4f5",
            "g4g3", "g4g5", "g4h3", "g4h4", "g4h5",
        ],
    );
}

/// A snake of 13 enemy units that a Desert Wazir could jump one after the other: the engine
/// stops chains at 12 jumps, because a `Move` holds at most 12 jump directions (`MAX_JUMPS`).
/// The rules set no limit; this is the engine's documented convention.
#[test]
fn capturing_chains_stop_at_twelve_jumps() {
    let units = ["b1", "d1", "f1", "h1", "j1", "k2", "j3", "h3", "f3", "d3", "b3", "a4", "b5"];
    let landings = ["c1", "e1", "g1", "i1", "k1", "k3", "i3", "g3", "e3", "c3", "a3", "a5", "c5"];
    let mut pieces = vec![("a1", 'W')];
    pieces.extend(units.iter().map(|&u| (u, 'n')));
    let p = pos(&pieces, 'w');
    let mut expected = vec!["a1a2".to_string()];
    let mut at = "a1";
    let mut text = String::new();
    for (over, land) in units.iter().zip(landings).take(12) {
        if !text.is_empty() {
            text.push(',');
        }
        text += &format!("{at}{over},{over}{land}");
        expected.push(text.clone());
        at = land;
    }
    let e: Vec<&str> = expected.iter().map(|s| s.as_str()).collect();
    assert_moves(&p, &e);
    let longest = find(&p, &text);
    assert_eq!(longest.jump_squares().count(), 12);
    assert_eq!(longest.to(), sq("a5"));
}

/// Make and unmake of a multi-capture chain restore the position, FEN and hash exactly.
#[test]
fn make_unmake_of_a_multi_capture_chain() {
    let pieces =
        [("c3", 'D'), ("d3", 'f'), ("d4", 'w'), ("c4", 'x'), ("a1", 'V'), ("l12", 'c'), ("k10", 'N')];
    let mut p = pos(&pieces, 'w');
    let (fen0, hash0) = (p.to_fen(), p.hash());
    let m = find(&p, "c3c4,c4c5,c5d4,d4e3,e3d3,d3c3");
    p.make(m);
    assert_eq!(p.to_fen(), fen(&[("c3", 'D'), ("a1", 'V'), ("l12", 'c'), ("k10", 'N')], 'b'));
    assert_eq!(p.hash(), p.compute_hash());
    // Black replies and White plays again, then everything is taken back.
    let reply = p.legal_moves().iter().copied().next().unwrap();
    p.make(reply);
    let again = p.legal_moves().iter().copied().next().unwrap();
    p.make(again);
    assert_eq!(p.hash(), p.compute_hash());
    p.unmake();
    p.unmake();
    p.unmake();
    assert_eq!((p.to_fen(), p.hash()), (fen0, hash0));
    assert_eq!(p.piece_at(sq("d4")).map(|x| p.variant().piece_type(x.kind()).letter), Some('W'));
    assert_eq!(p.piece_at(sq("d4")).map(|x| x.color()), Some(Color::Black));
}
