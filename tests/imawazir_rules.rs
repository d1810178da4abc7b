//! I'm a Wazir, Get Me Out of Here: Wazir heights, vanishing, and the result rules.

use tinman_core::variants::imawazir_rules;
use tinman_core::{variants, Color, DrawReason, Outcome, Position, Square, WinReason};

fn imawazir() -> &'static tinman_core::Variant {
    variants::by_name("imawazir").unwrap()
}

fn pos(fen: &str) -> Position {
    Position::from_fen(imawazir(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(p: &mut Position, text: &str) {
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{e} in {}", p.to_fen()));
    p.make(m);
    assert_eq!(p.hash(), p.compute_hash(), "hash after {text}");
}

fn height(p: &Position, square: &str) -> Option<u8> {
    let sq = Square::parse(square).unwrap();
    p.piece_at(sq).map(|_| imawazir_rules().height(p, sq))
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn start_position() {
    let p = Position::start(imawazir());
    assert_eq!(p.to_fen(), "wwwwwwww/pppppppp/8/8/8/8/PPPPPPPP/WWWWWWWW w - - 0 1 -");
    assert_eq!(p.legal_moves().len(), 16);
    assert_eq!(p.outcome(), None);
}

/// White's wazir enters c3 and stays while both sides shuffle elsewhere: heights 2, 2, 3, 3,
/// 4, 4, 5, 5, 6, and it vanishes at the end of Black's fifth move after it arrived.
#[test]
fn a_wazir_in_the_centre_vanishes_after_five_moves_by_each_player() {
    let mut p = pos("7w/8/8/8/8/1W6/8/W7 w - - 0 1 -");
    let plies = [
        ("b3c3", Some(2)),
        ("h8h7", Some(2)),
        ("a1a2", Some(3)),
        ("h7h8", Some(3)),
        ("a2a1", Some(4)),
        ("h8h7", Some(4)),
        ("a1a2", Some(5)),
        ("h7h8", Some(5)),
        ("a2a1", Some(6)),
        ("h8h7", None),
    ];
    for (text, expected) in plies {
        play(&mut p, text);
        assert_eq!(height(&p, "c3"), expected, "after {text}: {}", p.to_fen());
    }
    assert_eq!(p.to_fen(), "8/7w/8/8/8/8/8/W7 w - - 0 6 -");
    assert_eq!(p.outcome(), None, "both still have a Wazir");
    // Undo restores the vanished Wazir and every height exactly.
    for (text, expected) in plies.iter().rev() {
        assert_eq!(height(&p, "c3"), *expected, "before undoing {text}");
        p.unmake();
        assert_eq!(p.hash(), p.compute_hash());
    }
    assert_eq!(p.to_fen(), "7w/8/8/8/8/1W6/8/W7 w - - 0 1 -");
}

#[test]
fn heights_appear_in_the_fen_and_the_hash() {
    let mut p = pos("7w/8/8/8/8/1W6/8/W7 w - - 0 1 -");
    for text in ["b3c3", "h8h7", "a1a2"] {
        play(&mut p, text);
    }
    assert_eq!(p.to_fen(), "8/7w/8/8/8/2W5/W7/8 b - - 3 2 c3=3");
    let same_board_fresh = pos("8/7w/8/8/8/2W5/W7/8 b - - 3 2 -");
    assert_ne!(same_board_fresh.hash(), p.hash());
    assert_eq!(pos(&p.to_fen()), p);
    assert_eq!(pos(&p.to_fen()).hash(), p.hash());
}

#[test]
fn leaving_resets_and_moving_inside_does_not() {
    let mut p = pos("7w/8/8/8/8/2W5/8/W7 w - - 0 1 c3=4");
    // Moving inside the centre keeps the height, and it still grows at the end of the move.
    play(&mut p, "c3d3");
    assert_eq!(height(&p, "d3"), Some(5));
    play(&mut p, "h8h7");
    // Leaving resets it; coming back starts again from 2.
    play(&mut p, "d3d2");
    assert_eq!(height(&p, "d2"), Some(2));
    assert_eq!(p.to_fen(), "8/7w/8/8/8/8/3W4/W7 b - - 3 2 -");
    play(&mut p, "h7h8");
    play(&mut p, "d2d3");
    assert_eq!(height(&p, "d3"), Some(2));
}

#[test]
fn removal_resets_the_no_progress_count() {
    let mut p = pos("7w/8/8/8/8/2W5/8/W7 b - - 40 1 c3=6");
    play(&mut p, "h8h7");
    assert_eq!(height(&p, "c3"), None);
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn capturing_the_last_enemy_wazir_wins_at_once() {
    let mut p = pos("8/pppp4/8/3w4/3W4/8/8/8 w - - 0 1 -");
    play(&mut p, "d4d5");
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::OnlyWazirs }));
    assert!(moves(&p).is_empty(), "a decided position has no moves");
}

#[test]
fn a_vanishing_wazir_leaves_the_opponent_as_the_only_holder() {
    // White's only Wazir has height 6: it vanishes at the end of Black's move.
    let mut p = pos("7w/8/8/8/3W4/8/8/8 b - - 0 1 d4=6");
    assert_eq!(p.outcome(), None);
    play(&mut p, "h8g8");
    assert_eq!(p.to_fen(), "6w1/8/8/8/8/8/8/8 w - - 0 2 -");
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::OnlyWazirs }));
}

#[test]
fn promotion_to_the_only_wazir_wins() {
    let mut p = pos("8/1P6/8/8/8/8/6p1/8 w - - 0 1 -");
    assert_eq!(p.outcome(), None, "neither has a Wazir: the game goes on");
    assert_eq!(moves(&p), ["b7b8w"]);
    play(&mut p, "b7b8w");
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::OnlyWazirs }));
}

#[test]
fn no_legal_move_loses() {
    let p = pos("8/8/8/4p3/4P3/8/8/8 w - - 0 1 -");
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::NoMoves }));
}

#[test]
fn neither_wazirs_nor_pawns_is_a_draw() {
    assert_eq!(
        pos("8/8/8/8/8/8/8/8 w - - 0 1 -").outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
}

#[test]
fn pawns_promote_only_to_wazirs_and_take_en_passant() {
    let mut p = pos("w7/3p4/8/4P3/8/8/8/7W b - - 0 1 -");
    play(&mut p, "d7d5");
    assert_eq!(p.to_fen(), "w7/8/8/3pP3/8/8/8/7W w - d6 0 2 -");
    let from_e5: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("e5")).collect();
    assert_eq!(from_e5, ["e5d6", "e5e6"]);
    let p = pos("w7/3P4/8/8/8/8/8/7W w - - 0 1 -");
    let from_d7: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("d7")).collect();
    assert_eq!(from_d7, ["d7d8w"]);
}
