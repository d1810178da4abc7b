//! Wizard of Oz Nonal Chess (`wizardoz`) on hand-made positions.
//!
//! Every expected move list here was worked out by hand from the rules text
//! (`spec/rules.md` section 2 and the seed page), not taken from the engine.
//! Default Yellow Brick Road: c4, d5, e6, f5, g4. Board 9x9, files a..i, ranks 1..9.
//!
//! Falcon geometry used below: a target at (1,3) has the three paths
//! {(0,1),(0,2)}, {(0,1),(1,2)}, {(1,1),(1,2)}; at (2,3): {(0,1),(1,2)}, {(1,1),(1,2)},
//! {(1,1),(2,2)}; (3,1) and (3,2) are the same with the axes swapped; other targets by symmetry.

use tinman_core::{variants, Color, Outcome, Position, WinReason};

fn wizardoz() -> &'static tinman_core::Variant {
    variants::by_name("wizardoz").unwrap()
}

fn pos(fen: &str) -> Position {
    Position::from_fen(wizardoz(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

/// The legal moves whose text starts on `square` (all squares of a 9x9 board have two characters).
fn moves_from(p: &Position, square: &str) -> Vec<String> {
    moves(p).into_iter().filter(|t| t.starts_with(square)).collect()
}

fn list(texts: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// `from` followed by each destination.
fn from(square: &str, targets: &str) -> Vec<String> {
    let mut v: Vec<String> = targets.split_whitespace().map(|t| format!("{square}{t}")).collect();
    v.sort();
    v
}

fn play(p: &mut Position, line: &str) {
    for text in line.split_whitespace() {
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{e}: {text} in {}", p.to_fen()));
        p.make(m);
        assert_eq!(p.hash(), p.compute_hash(), "hash after {text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Start position and the Falcon off the road
// ---------------------------------------------------------------------------------------------

/// 9 pawns x 2 + Knights b1 (a3, c3) and h1 (g3, i3) = 22; the Falcon on g1 is boxed in
/// (every path starts on f1, f2, g2 or h2, h1).
#[test]
fn start_position_has_22_moves() {
    let p = Position::start(wizardoz());
    assert_eq!(p.to_fen(), "rnfbbkqnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNQKBBFNR w KQkq - 0 1");
    let expected = list(&[
        "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "f2f4",
        "g2g3", "g2g4", "h2h3", "h2h4", "i2i3", "i2i4", "b1a3", "b1c3", "h1g3", "h1i3",
    ]);
    assert_eq!(moves(&p), expected);
    assert_eq!(p.outcome(), None);
}

/// The seed's note: once the d-pawn has left d8, Black's Falcon on c9 reaches the road square
/// e6 (path d8, e7; the paths over c8 and d7 are blocked), and also f7 (path d8, e7; d9 and
/// e8 block the others). b6, d6, a6 stay unreachable, f8 holds its own pawn.
#[test]
fn black_falcon_reaches_the_road_after_a_pawn_move() {
    let mut p = Position::start(wizardoz());
    play(&mut p, "a2a3");
    assert_eq!(moves_from(&p, "c9"), Vec::<String>::new());
    assert!(moves(&p).contains(&"e8e6".to_string()), "Black's e-pawn double-steps onto the road");
    play(&mut p, "d8d7 a3a4");
    assert_eq!(moves_from(&p, "c9"), list(&["c9e6", "c9f7"]));
}

/// White's c-pawn double-steps onto c4; from the road it then needs a Tornado (c5 straight,
/// or an enemy on b5/d5) and has none, so it cannot move.
#[test]
fn pawn_on_the_road_without_tornado_is_stuck() {
    let mut p = Position::start(wizardoz());
    play(&mut p, "c2c4 e8e6");
    assert_eq!(moves_from(&p, "c4"), Vec::<String>::new());
    // Black's e6 pawn likewise has nothing on e5/d5/f5.
    play(&mut p, "a2a3");
    assert_eq!(moves_from(&p, "e6"), Vec::<String>::new());
}

/// Falcon on h2 (off the road). Targets: g5, i5, e3, e1, f5, e4.
/// - g5 (black knight): paths {h3,h4} and {h3,g4} blocked by h3, {g3,g4} open -> capture.
/// - i5: {h3,h4}, {h3,i4}, {i3,i4} all blocked (h3, i4) -> no.
/// - e3: {g2,f2} (f2), {g2,f3} (f3), {g3,f3} (f3) all blocked -> no.
/// - e4: {g2,f3}, {g3,f3} blocked, {g3,f4} open -> yes.
/// - e1: {g2,f2} blocked, {g2,f1} open -> yes.  f5: {g3,g4} open -> yes.
#[test]
fn falcon_three_paths_off_the_road() {
    let p = pos("k8/9/9/9/6n2/8P/5p1P1/5P1F1/K8 w - - 0 1");
    assert_eq!(moves_from(&p, "h2"), from("h2", "g5 f5 e4 e1"));
}

// ---------------------------------------------------------------------------------------------
// Double moves from the road
// ---------------------------------------------------------------------------------------------

/// White Rook on d5. Tornados: d7 (own pawn), d2 (black knight, not captured on leg 1), f5
/// (own Bishop standing on the road: leg 2 from it is an ordinary rook move). c5 holds the
/// own King: never a Tornado (so no c6, c8, c4, b5, a5 ...). Leg 2, d5 counting empty:
/// from d7: d8 d9 / d6 d4 d3 d2x (over d5) / e7..i7 / c7 b7 a7;
/// from d2: d3 d4 d6 (over d5, stops at d7) / d1 / e2..i2 / c2 b2 a2;
/// from f5: f6..f9 / f4..f1 / g5 h5 i5 / e5 (d5 is passed, c5 is own).
/// d5 itself is never a destination.
#[test]
fn rook_on_the_road_double_moves() {
    let p = pos("8k/9/3P5/9/2KR1B3/9/9/3n5/9 w - - 0 1");
    let expected = from(
        "d5",
        "d8 d9 d6 d4 d3 d2 e7 f7 g7 h7 i7 c7 b7 a7 d1 e2 f2 g2 h2 i2 c2 b2 a2 \
         f6 f7 f8 f9 f4 f3 f2 f1 g5 h5 i5 e5",
    );
    let mut expected = expected;
    expected.dedup();
    assert_eq!(expected.len(), 33);
    assert_eq!(moves_from(&p, "d5"), expected);
}

/// Make/unmake of double moves restores FEN and hash; the capture goes over the start square.
#[test]
fn double_move_make_unmake() {
    let fen = "8k/9/3P5/9/2KR1B3/9/9/3n5/9 w - - 0 1";
    let mut p = pos(fen);
    let h = p.hash();
    assert_eq!(h, p.compute_hash());
    play(&mut p, "d5d2");
    assert_eq!(p.to_fen(), "8k/9/3P5/9/2K2B3/9/9/3R5/9 b - - 0 1");
    p.unmake();
    assert_eq!(p.to_fen(), fen);
    assert_eq!(p.hash(), h);
    assert_eq!(p.hash(), p.compute_hash());
    play(&mut p, "d5f9");
    assert_eq!(p.to_fen(), "5R2k/9/3P5/9/2K2B3/9/9/3n5/9 b - - 1 1");
    assert!(p.in_check(), "the Rook on f9 is off the road and checks along rank 9");
    p.unmake();
    assert_eq!(p.to_fen(), fen);
    assert_eq!(p.hash(), h);
    assert_eq!(p, pos(fen));
}

/// White Knight on e6. Tornados: c7 (own pawn), g5 (black pawn), d4 (own Bishop); f8 is the
/// black King and is not a Tornado (so no d7, g6, h9). Leg 2 never returns to e6:
/// from c7: a8 e8 a6 b9 d9 b5 d5; from g5: i6 e4 i4 f7 h7 f3 h3; from d4: b5 f5 b3 f3 c6 c2 e2.
#[test]
fn knight_on_the_road_double_moves() {
    let p = pos("9/5k3/2P6/4N4/6p2/3B5/9/9/K8 w - - 0 1");
    assert_eq!(moves_from(&p, "e6"), from("e6", "a8 e8 a6 b9 d9 b5 d5 i6 e4 i4 f7 h7 f3 h3 f5 b3 c6 c2 e2"));
}

/// Same board, Black to move: the Knight on e6 would attack f8 as an ordinary Knight, but on
/// the road it attacks only its leg-2 squares, so Black is not in check. Black King: e8 (leg 2
/// from c7), f7 (leg 2 from g5), g7 (Bishop d4) are attacked; e7 e9 f9 g8 g9 are free. The
/// g-pawn steps onto g4.
#[test]
fn road_knight_does_not_check_with_ordinary_geometry() {
    let p = pos("9/5k3/2P6/4N4/6p2/3B5/9/9/K8 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves(&p), list(&["f8e7", "f8e9", "f8f9", "f8g8", "f8g9", "g5g4"]));
}

/// White Bishop on e6. Tornados: g8 (black pawn), f5 (own Knight on the road), c4 (black pawn
/// on the road); d7 is the own King (no Tornado). Leg 2, e6 counting empty:
/// from g8: h9 f9 h7 i6 / f7 d5 c4x (over e6);
/// from f5: g6 h7 i8 / g4 h3 i2 / e4 d3 c2 b1 (north-west stops at the King on d7);
/// from c4: d5 f7 g8x (over e6) / b5 a6 / d3 e2 f1 / b3 a2.
#[test]
fn bishop_on_the_road_double_moves() {
    let p = pos("k8/6p2/3K5/4B4/5N3/2p6/9/9/9 w - - 0 1");
    assert_eq!(
        moves_from(&p, "e6"),
        from("e6", "a2 a6 b1 b3 b5 c2 c4 d3 d5 e2 e4 f1 f7 f9 g4 g6 g8 h3 h7 h9 i2 i6 i8")
    );
}

/// White Falcon on c4. Targets: b7 d7 b1 d1 f5 f3 a7 e7 a1 e1 f6 f2.
/// Tornados: a1 (own Rook, path c3,b2), a7 (black pawn: paths over c5 and b6 blocked, third
/// path b5,a6 open), f5 (black Knight on the road, path d4,e4). b7 is occupied but all three
/// paths (c5; c5,b6; b5,b6) are blocked; d1 is the own King (no Tornado).
/// Leg 2 from a1: b4 d2 d3. From a7: b4, d8 and d9x (both via b8,c8); d6 (paths {b7,c7}
/// {b7,c6} {b6,c6}) and d5 (paths {b7,c6} {b6,c6} {b6,c5}) are blocked by b7 and b6.
/// From f5 (all paths open): e8 g8 e2 g2 c6 i6 i4 d8 h8 d2 h2 c7 i7 c3 i3 (c4 excluded).
#[test]
fn falcon_on_the_road_double_moves() {
    let p = pos("3b4k/9/pP7/1P7/2P2n3/2F6/9/9/R2K5 w - - 0 1");
    assert_eq!(moves_from(&p, "c4"), from("c4", "b4 d2 d3 d8 d9 e8 g8 e2 g2 c6 i6 i4 h8 h2 c7 i7 c3 i3"));
}

/// White Pawn on d5. Leg 1: straight onto d6 (own Knight: allowed); diagonal onto c6 (black
/// pawn: allowed); diagonal onto e6 (own Bishop: not allowed). Leg 2 from d6: d7, c7x
/// (e7 empty); from c6: c7 is blocked straight ahead, b7x (d7 empty: no capture).
#[test]
fn pawn_on_the_road_double_moves() {
    let p = pos("8k/9/1bn6/2pNB4/3P5/9/9/9/K8 w - - 0 1");
    assert_eq!(moves_from(&p, "d5"), list(&["d5b7", "d5c7", "d5d7"]));
}

/// Black Pawn on e6 (Black to move). Straight onto e5 (white Knight: any unit will do),
/// diagonal onto d5 (white pawn on the road: enemy, allowed), not onto f5 (white King).
/// Leg 2 from e5: e4, f4x; from d5: d4, c4x. The white King on f5 is next to the pawn but
/// not attacked by it (it attacks only d4 f4 c4 e4). Black's King: a8 is attacked by the
/// Bishop c4's double move (Tornado d5, leg 2 c6 b7 a8); b8, b9 are free.
#[test]
fn black_pawn_on_the_road_and_the_king_next_to_it() {
    let p = pos("k8/9/9/4p4/3PNK3/2B2R3/9/9/9 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves(&p), list(&["a9b8", "a9b9", "e6c4", "e6d4", "e6e4", "e6f4"]));
}

/// Promotion on leg 2 (custom road c5,d6,e7,f6,g5). White Pawn e7: Tornados e8 (own Knight,
/// straight) and d8 (black Bishop, diagonal); f8 is the black King (no Tornado, and not in
/// check). Leg 2 from e8: e9, d9x; from d8: c9x (d9 is blocked straight ahead, e9 empty).
/// Each with the five promotion choices Q R B N F.
#[test]
fn pawn_promotes_on_leg_two() {
    let p = pos("2nr5/3bNk3/4P4/9/9/9/9/9/K8 w - - 0 1 road:c5,d6,e7,f6,g5");
    let mut expected = Vec::new();
    for to in ["c9", "d9", "e9"] {
        for k in ["q", "r", "b", "n", "f"] {
            expected.push(format!("e7{to}{k}"));
        }
    }
    expected.sort();
    assert_eq!(moves_from(&p, "e7"), expected);
    let mut q = p.clone();
    play(&mut q, "e7d9f");
    // The FEN writes the road squares rank by rank.
    assert_eq!(q.to_fen(), "2nF5/3bNk3/9/9/9/9/9/9/K8 b - - 0 1 road:c5,g5,d6,f6,e7");
    q.unmake();
    assert_eq!(q.to_fen(), p.to_fen());
    assert_eq!(q.hash(), p.hash());
}

/// Custom road c2,d3,e4,f5,g6: a white pawn on c2 stands on its second rank but on the road;
/// it may not double-step (nor single-step) without a Tornado. With a Knight on c3 it goes
/// c2-c3-c4 (one step on leg 2, never two: no c5), and no en-passant square is set.
#[test]
fn no_double_step_from_the_road() {
    let road = "road:c2,d3,e4,f5,g6";
    let p = pos(&format!("8k/9/9/9/9/9/9/2P6/K8 w - - 0 1 {road}"));
    assert_eq!(moves(&p), list(&["a1a2", "a1b1", "a1b2"]));
    let mut p = pos(&format!("8k/9/9/9/9/9/2N6/2P6/K8 w - - 0 1 {road}"));
    assert_eq!(moves_from(&p, "c2"), list(&["c2c4"]));
    play(&mut p, "c2c4");
    assert_eq!(p.to_fen(), format!("8k/9/9/9/9/2P6/2N6/9/K8 b - - 0 1 {road}"));
}

/// Rook f5, Knight c4 and Pawn g4 on the road with nothing to step onto: none can move
/// (f5's lines are empty, c4's knight squares are empty, g4's pawn has g5 empty and only the
/// own Rook diagonally). Only the King moves.
#[test]
fn road_units_without_tornado_cannot_move() {
    let p = pos("8k/9/9/9/5R3/2N3P2/9/9/K8 w - - 0 1");
    assert_eq!(moves(&p), list(&["a1a2", "a1b1", "a1b2"]));
}

// ---------------------------------------------------------------------------------------------
// Queen (Witch) and King (Wizard) on the road
// ---------------------------------------------------------------------------------------------

/// The Queen on each road square on an otherwise empty board: one step along the road, then
/// on in the same direction (off the road too).
#[test]
fn queen_on_each_road_square() {
    let cases = [
        ("k7K/9/9/9/9/2Q6/9/9/9 w - - 0 1", "c4", "d5 e6 f7 g8 h9"),
        ("k7K/9/9/9/3Q5/9/9/9/9 w - - 0 1", "d5", "c4 b3 a2 e6 f7 g8 h9"),
        ("k7K/9/9/4Q4/9/9/9/9/9 w - - 0 1", "e6", "d5 c4 b3 a2 f5 g4 h3 i2"),
        ("k7K/9/9/9/5Q3/9/9/9/9 w - - 0 1", "f5", "e6 d7 c8 b9 g4 h3 i2"),
        ("k7K/9/9/9/9/6Q2/9/9/9 w - - 0 1", "g4", "f5 e6 d7 c8 b9"),
    ];
    for (fen, sq, targets) in cases {
        let p = pos(fen);
        assert_eq!(moves_from(&p, sq), from(sq, targets), "{fen}");
    }
}

/// Queen e6: own pawn on f5 blocks the south-east road step, the black Knight on d5 is
/// captured on the first step (and she cannot go on past it). She never double-moves.
/// The pawn on f5 has no Tornado (f6, g6 empty; e6 is own).
#[test]
fn queen_blocked_and_capturing_on_first_step() {
    let p = pos("8k/9/9/4Q4/3n1P3/9/9/9/K8 w - - 0 1");
    assert_eq!(moves(&p), list(&["a1a2", "a1b1", "a1b2", "e6d5"]));
}

/// Queen d5: own pawn on c4 blocks south-west; north-east e6, f7 and the capture on g8.
#[test]
fn queen_continues_off_the_road_and_captures() {
    let p = pos("8k/6r2/9/9/3Q5/2P6/9/9/K8 w - - 0 1");
    assert_eq!(moves(&p), list(&["a1a2", "a1b1", "a1b2", "d5e6", "d5f7", "d5g8"]));
}

/// King d5 alone: only the road steps c4 and e6, never c5 d6 e5 d4 c6 e4.
#[test]
fn king_on_the_road_without_tornado() {
    let p = pos("8k/9/9/9/3K5/9/9/9/9 w - - 0 1");
    assert_eq!(moves(&p), list(&["d5c4", "d5e6"]));
}

/// King d5 with Tornados d6 (own pawn) and e4 (black Knight, not captured). Road steps c4, e6;
/// leg 2 from d6: c6 c7 d7 e5 e6 e7 (c5 is attacked by the Knight); from e4: d3 e3 f3 d4 f4
/// e5 f5. Never d5 itself, never d5xe4.
#[test]
fn king_on_the_road_with_tornados() {
    let p = pos("8k/9/9/3P5/3K5/4n4/9/9/9 w - - 0 1");
    assert_eq!(moves_from(&p, "d5"), from("d5", "c4 e6 c6 c7 d7 e5 e7 d3 e3 f3 d4 f4 f5"));
}

// ---------------------------------------------------------------------------------------------
// Check, pins and mate through road moves
// ---------------------------------------------------------------------------------------------

/// Rook d5 with Tornado d7 (own pawn): leg 2 along rank 7 reaches h7, so the black King is in
/// check though an ordinary Rook on d5 would not attack it. Escapes: g7, i7 stay on rank 7
/// (the King does not shield i7); g6 g8 h6 h8 i6 i8 are free.
#[test]
fn check_only_by_a_road_double_move() {
    let p = pos("9/9/3P3k1/9/3R5/9/9/9/K8 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), list(&["h7g6", "h7g8", "h7h6", "h7h8", "h7i6", "h7i8"]));
}

/// Queen e6: the road line e6-f5-g4-h3 checks the King on h3; i2 behind him and g4 stay
/// attacked.
#[test]
fn check_by_the_queens_road_line() {
    let p = pos("K8/9/9/4Q4/9/9/7k1/9/9 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), list(&["h3g2", "h3g3", "h3h2", "h3h4", "h3i3", "h3i4"]));
}

/// Queen e6 on the road does not attack along the e-file: the King on e9 is not in check and
/// may go to e8.
#[test]
fn queen_on_the_road_attacks_only_her_road_lines() {
    let p = pos("4k4/9/9/4Q4/9/9/9/9/K8 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves(&p), list(&["e9d8", "e9d9", "e9e8", "e9f8", "e9f9"]));
}

/// Rook d5 aimed up the d-file at the black King on d9 with nothing to use as Tornado (the
/// King never is one): no check, and every King step is free.
#[test]
fn road_rook_aimed_at_king_without_tornado_gives_no_check() {
    let p = pos("3k5/9/9/9/3R5/9/9/9/K8 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves(&p), list(&["d9c8", "d9c9", "d9d8", "d9e8", "d9e9"]));
}

/// Pin only through the road: Rook d5, Tornado d7, leg 2 along rank 7 is stopped by the
/// black Knight f7 in front of the King h7. The Knight may only go to d6, where it becomes
/// the first unit on the Rook's north line and cuts the Rook off from d7. (e5 opens a new
/// Tornado but d7 is still reachable.) The King's steps are all free.
#[test]
fn pin_through_a_road_piece() {
    let p = pos("9/9/3P1n1k1/9/3R5/9/9/9/K8 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves(&p), list(&["f7d6", "h7g6", "h7g7", "h7g8", "h7h6", "h7h8", "h7i6", "h7i7", "h7i8"]));
}

/// Rook d5 -> Tornado d3 (own pawn) -> i3: check along the i-file; h9 and h8 are own units,
/// i8 is on the file, nothing can block or capture: mate by a double move.
#[test]
fn checkmate_by_a_double_move() {
    let mut p = pos("7rk/7p1/9/9/3R5/9/3P5/9/K8 w - - 0 1");
    assert!(moves(&p).contains(&"d5i3".to_string()));
    play(&mut p, "d5i3");
    assert_eq!(p.to_fen(), "7rk/7p1/9/9/9/9/3P4R/9/K8 b - - 1 1");
    assert!(p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
}

// ---------------------------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------------------------

#[test]
fn castling_both_ways_for_both_colours() {
    let fen = "r4k2r/9/9/9/9/9/9/9/R2K4R w KQkq - 0 1";
    let mut p = pos(fen);
    assert_eq!(moves_from(&p, "d1"), from("d1", "b1 c1 c2 d2 e1 e2 f1"));
    play(&mut p, "d1b1");
    assert_eq!(p.to_fen(), "r4k2r/9/9/9/9/9/9/9/1KR5R b kq - 1 1");
    p.unmake();
    assert_eq!(p.to_fen(), fen);
    play(&mut p, "d1f1");
    assert_eq!(p.to_fen(), "r4k2r/9/9/9/9/9/9/9/R3RK3 b kq - 1 1");
    p.unmake();
    assert_eq!(p.to_fen(), fen);

    let fen = "r4k2r/9/9/9/9/9/9/9/R2K4R b KQkq - 0 1";
    let mut p = pos(fen);
    assert_eq!(moves_from(&p, "f9"), from("f9", "d9 e8 e9 f8 g8 g9 h9"));
    play(&mut p, "f9d9");
    assert_eq!(p.to_fen(), "3kr3r/9/9/9/9/9/9/9/R2K4R w KQ - 1 2");
    p.unmake();
    play(&mut p, "f9h9");
    assert_eq!(p.to_fen(), "r5rk1/9/9/9/9/9/9/9/R2K4R w KQ - 1 2");
    p.unmake();
    assert_eq!(p.to_fen(), fen);
    assert_eq!(p.hash(), p.compute_hash());
}

/// Black Bishop g5 attacks c1 and d2: White may not castle d1-b1 through c1; d1-f1 is fine.
#[test]
fn castling_refused_through_attacked_square() {
    let p = pos("r4k2r/9/9/9/6b2/9/9/9/R2K4R w KQkq - 0 1");
    assert_eq!(moves_from(&p, "d1"), from("d1", "c2 e1 e2 f1"));
}

/// The attacker is a road Rook: g4 with Tornado g6 (black pawn) reaches g7 g8 g9 on leg 2.
/// Black may not castle f9-h9 across g9; f9-d9 is fine.
#[test]
fn castling_refused_through_square_attacked_by_road_double_move() {
    let p = pos("r4k2r/9/9/6p2/9/6R2/9/9/3K5 b kq - 0 1");
    assert_eq!(moves_from(&p, "f9"), from("f9", "d9 e8 e9 f8"));
}

// ---------------------------------------------------------------------------------------------
// Custom roads
// ---------------------------------------------------------------------------------------------

/// Road c3,d4,e4,e5,f6: the Queen on e4 has road neighbours d4 (west, orthogonal) and e5
/// (north, orthogonal). The Knight on g4 is no longer on a road and moves normally.
#[test]
fn custom_road_queen_steps_orthogonally() {
    let fen = "8k/9/9/9/9/4Q1N2/9/9/K8 w - - 0 1 road:c3,d4,e4,e5,f6";
    let p = pos(fen);
    assert_eq!(p.to_fen(), fen);
    assert_eq!(moves_from(&p, "e4"), from("e4", "d4 c4 b4 a4 e5 e6 e7 e8 e9"));
    assert_eq!(moves_from(&p, "g4"), from("g4", "e5 i5 e3 i3 f6 h6 f2 h2"));
}

/// Same road: the King on e5 steps to e4 (orthogonal), d4 and f6, nowhere else.
#[test]
fn custom_road_king_steps() {
    let p = pos("8k/9/9/9/4K4/9/9/9/9 w - - 0 1 road:c3,d4,e4,e5,f6");
    assert_eq!(moves(&p), list(&["e5d4", "e5e4", "e5f6"]));
}

/// The default road is not written in the FEN; a custom one round-trips.
#[test]
fn road_field_round_trip() {
    let default = "8k/9/9/9/3K5/9/9/9/9 w - - 0 1";
    assert_eq!(pos(default).to_fen(), default);
    assert_eq!(pos(&format!("{default} road:c4,d5,e6,f5,g4")).to_fen(), default);
    let custom = format!("{default} road:c3,d4,e4,e5,f6");
    let p = pos(&custom);
    assert_eq!(p.to_fen(), custom);
    assert_ne!(p.hash(), pos(default).hash());
}
