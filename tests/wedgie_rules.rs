//! Wedgie Chess on hand-made positions, with exact expected move lists.
//!
//! Board (ranks 12 to 1): e12 / d-f11 / c-g10 / b-h9 / a-i 8..5 / b-h4 / c-g3 / d-f2 / e1;
//! every other square of the 9x12 rectangle is a hole.

use tinman_core::{variants, Color, DrawReason, FenError, Outcome, Position, Square, WinReason};

fn wedgie() -> &'static tinman_core::Variant {
    variants::by_name("wedgie").unwrap()
}

fn pos(fen: &str) -> Position {
    Position::from_fen(wedgie(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves_from(p: &Position, square: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Square::parse(square).unwrap())
        .map(|&m| p.move_text(m))
        .collect();
    v.sort();
    v
}

fn play(p: &mut Position, line: &str) {
    for text in line.split_whitespace() {
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{e} in {}", p.to_fen()));
        p.make(m);
    }
}

/// A board with the two Kings on the wedge tips and `rows` (ranks 9 to 4, top first) between.
fn with_kings(rows: [&str; 6], side: &str) -> Position {
    pos(&format!("****k****/***3***/**5**/{}/**5**/***3***/****K**** {side} - - 0 1", rows.join("/")))
}

#[test]
fn start_position() {
    let p = Position::start(wedgie());
    assert_eq!(
        p.to_fen(),
        "****k****/***bqb***/**rnpnr**/*ppppppp*/9/9/9/9/*PPPPPPP*/**RNPNR**/***BQB***/****K**** w - - 0 1"
    );
    assert_eq!(p.legal_moves().len(), 30);
    // The e3 pawn is hemmed in; only pawns on rank 4 and the knights move.
    assert!(moves_from(&p, "e3").is_empty());
    assert_eq!(moves_from(&p, "d3"), ["d3c5", "d3e5"]);
    assert_eq!(moves_from(&p, "b4"), ["b4a5", "b4c5", "b4d6"]);
}

#[test]
fn sliders_stop_at_holes() {
    let p = with_kings(["*7*", "9", "9", "1R7", "9", "*7*"], "w");
    assert_eq!(
        moves_from(&p, "b6"),
        [
            "b6a5", "b6a6", "b6a7", "b6b4", "b6b5", "b6b7", "b6b8", "b6b9", "b6c5", "b6c6", "b6c7", "b6d6",
            "b6e6", "b6f6", "b6g6", "b6h6", "b6i6"
        ]
    );
    let p = with_kings(["*7*", "9", "9", "9", "2B6", "*7*"], "w");
    assert_eq!(
        moves_from(&p, "c5"),
        [
            "c5a7", "c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d4", "c5d5", "c5d6", "c5e3", "c5e7", "c5f2",
            "c5f8", "c5g9"
        ]
    );
}

#[test]
fn knight_leaps_over_holes_to_the_wedge_tip() {
    let p = pos("****1****/***3***/**1N3**/*7*/9/9/9/k8/*7*/**5**/***3***/****K**** w - - 0 1");
    assert_eq!(moves_from(&p, "d10"), ["d10b9", "d10c8", "d10e12", "d10e8", "d10f11", "d10f9"]);
    // From the tip itself the knight has only the two squares two ranks away.
    let p = pos("****N****/***3***/**5**/*7*/9/9/9/k8/*7*/**5**/***K2***/****1**** w - - 0 1");
    assert_eq!(moves_from(&p, "e12"), ["e12d10", "e12f10"]);
}

#[test]
fn double_step_needs_a_start_square_and_an_empty_middle_square() {
    let p = with_kings(["*7*", "9", "9", "9", "9", "*P1P3P*"], "w");
    // b4 and d4 double-step; b4 has no second diagonal (the board ends at the a-file).
    assert_eq!(moves_from(&p, "b4"), ["b4a5", "b4c5", "b4d6"]);
    assert_eq!(moves_from(&p, "d4"), ["d4b6", "d4c5", "d4e5", "d4f6"]);
    // A piece on the middle square blocks the double step on that side only.
    let p = with_kings(["*7*", "9", "9", "9", "4n4", "*2P4*"], "w");
    assert_eq!(moves_from(&p, "d4"), ["d4b6", "d4c5"]);
    // Off its start squares a pawn steps once.
    let p = with_kings(["*7*", "9", "9", "9", "3P5", "*7*"], "w");
    assert_eq!(moves_from(&p, "d5"), ["d5c6", "d5e6"]);
    // No start square has a hole as its middle square (the wedges only narrow), so holes
    // never decide a double step on this board; the core's rule that a hole blocks a lame
    // leap is tested in tests/pieces_as_data.rs.
}

#[test]
fn en_passant_only_next_move_and_only_for_the_pawn_that_could_capture_there() {
    // c4-e6 skips d5. Black's d6 pawn captures straight down onto d5; the f6 pawn cannot.
    let start = with_kings(["*7*", "9", "9", "3p1p3", "9", "*1P5*"], "w");
    let mut p = start.clone();
    play(&mut p, "c4e6");
    assert_eq!(
        p.to_fen(),
        "****k****/***3***/**5**/*7*/9/9/3pPp3/9/*7*/**5**/***3***/****K**** b - d5e6 0 1"
    );
    assert_eq!(moves_from(&p, "d6"), ["d6c5", "d6d5", "d6e5"]);
    assert_eq!(moves_from(&p, "f6"), ["f6e5", "f6g5"]);
    play(&mut p, "d6d5");
    assert_eq!(p.to_fen(), "****k****/***3***/**5**/*7*/9/9/5p3/3p5/*7*/**5**/***3***/****K**** w - - 0 2");
    // One move later it is gone.
    let mut p = start;
    play(&mut p, "c4e6 e12d11 e1d2");
    assert_eq!(moves_from(&p, "d6"), ["d6c5", "d6e5"]);
}

#[test]
fn en_passant_field_names_the_landing_square_when_the_skipped_square_is_ambiguous() {
    // Pawns on c6 and e6 could both have skipped d5 (from e4 and from c4).
    let fen =
        |ep| format!("****k****/***3***/**5**/*7*/9/9/2PpP4/9/*7*/**5**/***3***/****K**** b - {ep} 0 1");
    assert_eq!(
        Position::from_fen(wedgie(), &fen("d5")).err(),
        Some(FenError::EnPassantAmbiguous(Square::parse("d5").unwrap()))
    );
    let p = pos(&fen("d5e6"));
    assert_eq!(p.en_passant().map(|e| e.victim.to_string()), Some("e6".to_string()));
    assert_eq!(p.to_fen(), fen("d5e6"));
    let mut p = pos(&fen("d5c6"));
    play(&mut p, "d6d5");
    assert!(p.piece_at(Square::parse("c6").unwrap()).is_none());
    assert!(p.piece_at(Square::parse("e6").unwrap()).is_some());
}

#[test]
fn promotion_on_rank_ten_and_rank_three_to_four_pieces() {
    let p = pos("****k****/***3***/**1n3**/*2P4*/9/9/9/9/*7*/**5**/***3***/****K**** w - - 0 1");
    assert_eq!(
        moves_from(&p, "d9"),
        [
            "d9c10b", "d9c10n", "d9c10q", "d9c10r", "d9d10b", "d9d10n", "d9d10q", "d9d10r", "d9e10b",
            "d9e10n", "d9e10q", "d9e10r"
        ]
    );
    let p = pos("****k****/***3***/**5**/*7*/9/9/9/9/*2p4*/**5**/***3***/****K**** b - - 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        ["d4c3b", "d4c3n", "d4c3q", "d4c3r", "d4e3b", "d4e3n", "d4e3q", "d4e3r"]
    );
}

#[test]
fn non_capturing_steps_of_bishop_and_rook() {
    // Enemy knights beside the Bishop (orthogonally) and the Rook (diagonally) cannot be taken
    // by the extra step; empty neighbours can be stepped to.
    let p = with_kings(["*7*", "9", "4n4", "3nB4", "9", "*7*"], "w");
    assert_eq!(
        moves_from(&p, "e6"),
        ["e6b9", "e6c4", "e6c8", "e6d5", "e6d7", "e6e5", "e6f5", "e6f6", "e6f7", "e6g4", "e6g8", "e6h9"]
    );
    let p = with_kings(["*7*", "9", "2n6", "3R5", "4n4", "*7*"], "w");
    assert_eq!(
        moves_from(&p, "d6"),
        [
            "d6a6", "d6b6", "d6c5", "d6c6", "d6d10", "d6d11", "d6d2", "d6d3", "d6d4", "d6d5", "d6d7", "d6d8",
            "d6d9", "d6e6", "d6e7", "d6f6", "d6g6", "d6h6", "d6i6"
        ]
    );
}

#[test]
fn pinned_pawns() {
    // Pinned on a file: only the straight capture of the pinner.
    let p = pos("****k****/***3***/**5**/*7*/9/4r4/4P4/4K4/*7*/**5**/***3***/****1**** w - - 0 1");
    assert_eq!(moves_from(&p, "e6"), ["e6e7"]);
    // Pinned on a diagonal: the diagonal step along the pin line stays legal.
    let p = pos("****k****/***3***/**5**/*7*/9/5b3/9/3P5/*1K5*/**5**/***3***/****1**** w - - 0 1");
    assert_eq!(moves_from(&p, "d5"), ["d5e6"]);
}

#[test]
fn checkmate_and_stalemate_on_the_wedge_tip() {
    let mate = pos("****k****/***3***/**1NK2**/*7*/9/9/9/9/*7*/**5**/***3***/****1**** b - - 0 1");
    assert!(mate.in_check());
    assert_eq!(mate.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
    let stalemate = pos("****k****/***3***/**2K2**/*7*/9/9/9/P8/*7*/**5**/***3***/****1**** b - - 0 1");
    assert!(!stalemate.in_check());
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn only_bare_kings_is_insufficient_material() {
    let draw = Some(Outcome::Draw(DrawReason::InsufficientMaterial));
    assert_eq!(
        pos("****k****/***3***/**5**/*7*/9/9/9/9/*7*/**5**/***3***/****K**** w - - 0 1").outcome(),
        draw
    );
    // A lone Knight or Bishop can still mate on a wedge tip.
    assert_eq!(
        pos("****k****/***3***/**5**/*7*/9/9/9/9/*7*/**N4**/***3***/****K**** w - - 0 1").outcome(),
        None
    );
    assert_eq!(
        pos("****k****/***3***/**5**/*7*/9/9/9/9/*7*/**B4**/***3***/****K**** w - - 0 1").outcome(),
        None
    );
}

#[test]
fn holes_in_the_fen_must_match_the_board() {
    let err = Position::from_fen(
        wedgie(),
        "****k****/***3***/**5**/*7*/9/9/9/9/*7*/**5**/***3***/***1K**** w - - 0 1",
    );
    assert_eq!(
        err.err(),
        Some(FenError::HoleMismatch { square: Square::parse("d1").unwrap(), hole_expected: true })
    );
    let err = Position::from_fen(
        wedgie(),
        "****k****/***3***/**5**/*7*/9/9/9/9/*7*/**5**/****1****/****K**** w - - 0 1",
    );
    assert_eq!(
        err.err(),
        Some(FenError::HoleMismatch { square: Square::parse("d2").unwrap(), hole_expected: false })
    );
}
