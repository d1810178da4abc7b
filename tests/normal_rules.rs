//! Standard chess rules on hand-made positions, with exact expected move lists.

mod common;

use common::normal;
use tinman_core::{Color, DrawReason, MoveError, Outcome, Position, WinReason};

fn pos(fen: &str) -> Position {
    Position::from_fen(normal(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

fn moves_from(p: &Position, square: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.starts_with(square)).collect()
}

fn play(p: &mut Position, line: &str) {
    for text in line.split_whitespace() {
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{e} in {}", p.to_fen()));
        p.make(m);
    }
}

#[test]
fn castling_both_ways_with_every_other_move() {
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let expected = [
        "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", //
        "e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", //
        "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
    ];
    assert_eq!(moves(&p), expected);
}

#[test]
fn castling_needs_safe_king_path_but_not_safe_rook_path() {
    // The f2-rook covers f1: no short castling. Queenside only d1 and c1 must be safe.
    let p = pos("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert_eq!(moves_from(&p, "e1"), ["e1c1", "e1d1", "e1f2"]);
    // b1 attacked does not matter for long castling.
    let p = pos("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1");
    assert!(moves(&p).contains(&"e1c1".to_string()));
    // A piece on b1 blocks it.
    let p = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert!(!moves(&p).contains(&"e1c1".to_string()));
    assert!(moves(&p).contains(&"e1g1".to_string()));
}

#[test]
fn no_castling_out_of_check() {
    let p = pos("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert_eq!(moves_from(&p, "e1"), ["e1d1", "e1e2", "e1f1"]);
}

#[test]
fn castling_rights_follow_king_rook_and_captures() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, "h1h2");
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1");
    play(&mut p, "a8a1");
    assert_eq!(p.to_fen(), "4k2r/8/8/8/8/8/7R/r3K3 w k - 0 2");
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    play(&mut p, "e8d8");
    assert_eq!(p.to_fen(), "r2k3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
}

#[test]
fn castling_moves_the_rook() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, "e1g1 e8c8");
    assert_eq!(p.to_fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut p, "d7d5");
    assert_eq!(p.to_fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(moves_from(&p, "e5"), ["e5d6", "e5e6"]);
    play(&mut p, "e5d6");
    assert_eq!(p.to_fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut p, "d7d5 e1d1 e8d8");
    assert_eq!(moves_from(&p, "e5"), ["e5e6"]);
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_illegal() {
    let p = pos("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert_eq!(moves_from(&p, "e5"), ["e5e6"]);
}

#[test]
fn en_passant_removes_a_checking_pawn() {
    // The d5 pawn gives check after its double step; taking it en passant is one answer.
    let p = pos("8/8/8/3pP3/4K3/8/8/7k w - d6 0 1");
    assert!(p.in_check());
    assert!(moves(&p).contains(&"e5d6".to_string()));
}

#[test]
fn promotion_offers_every_piece() {
    let p = pos("3r4/4P3/8/8/8/8/8/k6K w - - 0 1");
    assert_eq!(
        moves_from(&p, "e7"),
        ["e7d8b", "e7d8n", "e7d8q", "e7d8r", "e7e8b", "e7e8n", "e7e8q", "e7e8r"]
    );
    let mut p = p;
    play(&mut p, "e7d8n");
    assert_eq!(p.to_fen(), "3N4/8/8/8/8/8/8/k6K b - - 0 1");
    p.unmake();
    assert_eq!(p.to_fen(), "3r4/4P3/8/8/8/8/8/k6K w - - 0 1");
}

#[test]
fn check_evasions_and_pins() {
    assert_eq!(moves(&pos("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1")), ["e1d2", "e1f1"]);
    assert_eq!(moves(&pos("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")), ["e1d1", "e1d2", "e1f1", "e1f2"]);
    // A pinned rook may still slide along the pin line and take the pinner.
    assert_eq!(
        moves_from(&pos("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1"), "e2"),
        ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7"]
    );
    // Double check: only the King moves.
    let p = pos("4k3/8/8/8/1b6/8/4r3/3NK3 w - - 0 1");
    assert!(p.checkers().has_several());
    assert!(moves(&p).iter().all(|m| m.starts_with("e1")));
    // Knight check: block impossible, capture or move.
    assert_eq!(moves(&pos("4k3/8/8/8/8/5n2/8/R3K3 w - - 0 1")), ["e1d1", "e1e2", "e1f1", "e1f2"]);
}

#[test]
fn checkmate_and_stalemate() {
    let mate = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(moves(&mate).is_empty());
    assert_eq!(mate.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }));
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(moves(&stalemate).is_empty());
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    assert_eq!(pos("7k/8/5QK1/8/8/8/8/8 b - - 0 1").outcome(), None);
}

#[test]
fn fifty_move_rule_and_mate_precedence() {
    assert_eq!(pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").outcome(), None);
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").outcome(),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
    // Mate delivered on the hundredth ply is mate.
    let mut p = pos("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut p, "a1a8");
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
}

#[test]
fn threefold_repetition() {
    let mut p = Position::start(normal());
    play(&mut p, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(p.repetitions(), 1);
    assert_eq!(p.outcome(), None);
    play(&mut p, "g1f3 g8f6 f3g1");
    assert_eq!(p.outcome(), None);
    play(&mut p, "f6g8");
    assert_eq!(p.repetitions(), 2);
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn repetition_needs_the_same_castling_rights() {
    // The King's trip loses castling rights, so the first position does not count again.
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8");
    assert_eq!(p.repetitions(), 1);
    play(&mut p, "e1f1 e8f8 f1e1 f8e8");
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn insufficient_material() {
    let draw = Some(Outcome::Draw(DrawReason::InsufficientMaterial));
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").outcome(), draw);
    assert_eq!(pos("4k3/8/8/8/8/8/8/3BK3 w - - 0 1").outcome(), draw);
    assert_eq!(pos("4k3/8/8/8/8/8/8/3NK3 b - - 0 1").outcome(), draw);
    // Bishops on squares of one colour (d1 and c8 are both light).
    assert_eq!(pos("2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1").outcome(), draw);
    // Bishops on both colours, two knights, or a pawn can still mate.
    assert_eq!(pos("3bk3/8/8/8/8/8/8/3BK3 w - - 0 1").outcome(), None);
    assert_eq!(pos("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1").outcome(), None);
    assert_eq!(pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").outcome(), None);
}

#[test]
fn move_text_errors() {
    let p = Position::start(normal());
    assert!(p.parse_move("e2e4").is_ok());
    assert_eq!(p.parse_move("e2e5"), Err(MoveError::Illegal("e2e5".into())));
    assert_eq!(p.parse_move("e7e5"), Err(MoveError::Illegal("e7e5".into())));
    assert_eq!(p.parse_move("e2e4,e4e5"), Err(MoveError::Illegal("e2e4,e4e5".into())));
    for bad in ["", "e2", "e2e", "e2e4qq", "z9z9", "e2-e4", "E2E4x1", "e0e4", "e2e13"] {
        assert_eq!(p.parse_move(bad), Err(MoveError::Malformed(bad.into())), "{bad}");
    }
}

#[test]
fn en_passant_is_recorded_only_when_legal() {
    // After d7d5 the e5 pawn could take on d6 but would expose its King on g5 to the a5 rook:
    // no en passant in the position (FIDE's repetition rule), so the FEN shows '-'.
    let mut p = pos("4k3/3p4/8/r3P1K1/8/8/8/8 b - - 0 1");
    play(&mut p, "d7d5");
    assert_eq!(p.to_fen(), "4k3/8/8/r2pP1K1/8/8/8/8 w - - 0 2");
    assert_eq!(p.en_passant(), None);
    assert_eq!(pos("4k3/8/8/r2pP1K1/8/8/8/8 w - d6 0 2").en_passant(), None);
    // With the King elsewhere it is kept.
    let mut p = pos("4k3/3p4/8/r3P3/8/8/8/6K1 b - - 0 1");
    play(&mut p, "d7d5");
    assert_eq!(p.to_fen(), "4k3/8/8/r2pP3/8/8/8/6K1 w - d6 0 2");
}

#[test]
fn standard_algebraic_notation() {
    let san = |fen: &str, text: &str| {
        let p = pos(fen);
        p.san(p.parse_move(text).unwrap())
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(san(start, "g1f3"), "Nf3");
    assert_eq!(san(start, "e2e4"), "e4");
    // Knights on b1 and f3 can both go to d2: file disambiguation.
    assert_eq!(san("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2"), "Nbd2");
    // Rooks on a1 and a5 can both go to a3: rank disambiguation.
    assert_eq!(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    assert_eq!(san("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
    assert_eq!(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "exd6");
    assert_eq!(san("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q");
    assert_eq!(san("6k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
    assert_eq!(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
}
