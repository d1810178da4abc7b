//! The checks behind the fuzz targets, shared by the libFuzzer targets in `fuzz/` (which
//! include this file with `#[path]`) and the corpus replay tests (`tests/fuzz_replay.rs`,
//! `protocol/tests/fuzz_replay.rs`). Each check panics on a broken invariant; a rejected input
//! (a FEN or move that does not read) is fine and simply returns.
//!
//! Input layout (so that corpus files stay readable text):
//! - `fen`: first byte chooses the game (`'0'` normal, `'1'` wizardoz, `'2'` desertoasis,
//!   `'3'` imawazir, `'4'` wedgie; every byte maps to one), the rest is the FEN text.
//! - `parse_move` and `xboard_move`: first byte chooses the game as above, second byte one of
//!   that game's positions (its start position, then the `epd` lines of
//!   `tests/perft/<game>.perft`), the rest is the move text.
//!
//! Bytes that are not UTF-8 are replaced (`U+FFFD`), as a protocol's line reader would have
//! to, so every input reaches the readers.

#![allow(dead_code)]

use tinman_core::{variants, Move, MoveError, Position, Variant};

/// Legal moves made and unmade per accepted FEN (the largest move lists have tens of
/// thousands of chains; the first ones are enough to exercise make/unmake).
const MAX_MOVES_CHECKED: usize = 300;

/// The game a selector byte chooses.
pub fn variant_of(byte: u8) -> &'static Variant {
    let names = variants::NAMES;
    variants::by_name(names[(byte as usize + 2) % names.len()]).expect("a built-in game")
}

/// The text of an input after its selector bytes.
pub fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `fen` target: read a FEN; when accepted, check everything that can be done with it.
pub fn check_fen(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else { return };
    let variant = variant_of(selector);
    let text = text_of(rest);
    let Ok(pos) = Position::from_fen(variant, &text) else { return };
    check_position(&pos);
}

/// Every invariant of an accepted position: FEN round trip, hash, move generators, move
/// text both ways, SAN, make/unmake of each move (FEN and hash restored), results.
pub fn check_position(pos: &Position) {
    let variant = pos.variant();
    let fen = pos.to_fen();
    let again = Position::from_fen(variant, &fen)
        .unwrap_or_else(|e| panic!("{}: own FEN '{fen}' does not read back: {e}", variant.name));
    assert_eq!(again.to_fen(), fen, "{}: FEN round trip", variant.name);
    assert_eq!(again.hash(), pos.hash(), "{}: hash after FEN round trip of '{fen}'", variant.name);
    assert_eq!(pos.hash(), pos.compute_hash(), "{}: incremental hash of '{fen}'", variant.name);
    let _ = pos.outcome();
    let _ = pos.in_check();
    let _ = pos.is_decided();

    let legal = pos.legal_moves();
    let mut by_filter = pos.clone();
    let filtered = by_filter.legal_moves_by_filter();
    assert_eq!(legal.len(), filtered.len(), "{}: legal generator vs filter in '{fen}'", variant.name);
    for &mv in legal.iter() {
        assert!(filtered.contains(mv), "{}: {mv:?} missing from the filter in '{fen}'", variant.name);
    }

    let mut p = pos.clone();
    for &mv in legal.iter().take(MAX_MOVES_CHECKED) {
        let text = p.move_text(mv);
        assert_eq!(p.parse_move(&text), Ok(mv), "{}: '{text}' does not parse back in '{fen}'", variant.name);
        let _ = p.san(mv);
        p.make(mv);
        assert_eq!(p.hash(), p.compute_hash(), "{}: hash after {text} in '{fen}'", variant.name);
        assert_eq!(
            p.checkers(),
            p.checkers_from_scratch(),
            "{}: checkers after {text} in '{fen}'",
            variant.name
        );
        let after = p.to_fen();
        let reread = Position::from_fen(variant, &after).unwrap_or_else(|e| {
            panic!("{}: FEN '{after}' after {text} in '{fen}' does not read: {e}", variant.name)
        });
        assert_eq!(reread.to_fen(), after, "{}: FEN round trip after {text} in '{fen}'", variant.name);
        let _ = p.outcome();
        let _ = p.legal_moves();
        p.unmake();
        assert_eq!(p.to_fen(), fen, "{}: unmake of {text} in '{fen}'", variant.name);
        assert_eq!(p.hash(), pos.hash(), "{}: hash after unmake of {text} in '{fen}'", variant.name);
    }
}

/// The start position and every `epd` position of the perft suite of each game.
pub fn positions(variant: &'static Variant) -> Vec<Position> {
    let suite = match variant.name {
        "normal" => include_str!("../perft/normal.perft"),
        "wizardoz" => include_str!("../perft/wizardoz.perft"),
        "desertoasis" => include_str!("../perft/desertoasis.perft"),
        "imawazir" => include_str!("../perft/imawazir.perft"),
        "wedgie" => include_str!("../perft/wedgie.perft"),
        _ => "",
    };
    let mut list = vec![Position::start(variant)];
    for line in suite.lines() {
        if let Some(fen) = line.strip_prefix("epd ") {
            list.push(Position::from_fen(variant, fen.trim()).expect("a perft suite FEN"));
        }
    }
    list
}

/// The positions of all five games, built once.
fn all_positions() -> &'static [Vec<Position>] {
    static ALL: std::sync::OnceLock<Vec<Vec<Position>>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        (0..variants::NAMES.len() as u8).map(|i| positions(variant_of(i.wrapping_add(b'0')))).collect()
    })
}

/// The position two selector bytes choose, and the rest of the input as text.
pub fn position_and_text(data: &[u8]) -> Option<(&'static Position, String)> {
    let [game, index, rest @ ..] = data else { return None };
    let name = variant_of(*game).name;
    let list = &all_positions()[variants::NAMES.iter().position(|&n| n == name)?];
    Some((&list[*index as usize % list.len()], text_of(rest)))
}

/// `parse_move` target: read a move; an accepted one is legal, writes back to a text that
/// names it, and make/unmake restores the position.
pub fn check_parse_move(data: &[u8]) {
    let Some((pos, text)) = position_and_text(data) else { return };
    match pos.parse_move(&text) {
        Ok(mv) => check_accepted_move(pos, mv, &text),
        Err(MoveError::Malformed(t) | MoveError::Illegal(t)) => assert_eq!(t, text),
    }
}

/// `xboard_move` target: the XBoard reader and writer of `protocol/src/xboard/moves.rs`,
/// passed in (it lives in the binary): an accepted move is legal, its XBoard text reads back
/// to it, make/unmake restores the position.
pub fn check_xboard_move(
    data: &[u8],
    from_xboard: fn(&Position, &str) -> Result<Move, MoveError>,
    to_xboard: fn(&Position, Move) -> String,
) {
    let Some((pos, text)) = position_and_text(data) else { return };
    if let Ok(mv) = from_xboard(pos, &text) {
        check_accepted_move(pos, mv, &text);
        let written = to_xboard(pos, mv);
        assert_eq!(from_xboard(pos, &written), Ok(mv), "XBoard text '{written}' of '{text}' reads back");
    }
}

fn check_accepted_move(pos: &Position, mv: Move, text: &str) {
    let fen = pos.to_fen();
    assert!(pos.legal_moves().contains(mv), "'{text}' gave a move that is not legal in '{fen}'");
    let written = pos.move_text(mv);
    assert_eq!(pos.parse_move(&written), Ok(mv), "'{text}' written as '{written}' in '{fen}'");
    let mut p = pos.clone();
    p.make(mv);
    assert_eq!(p.hash(), p.compute_hash(), "hash after '{text}' in '{fen}'");
    let _ = p.outcome();
    p.unmake();
    assert_eq!(p.to_fen(), fen, "unmake of '{text}'");
    assert_eq!(p.hash(), pos.hash(), "hash after unmake of '{text}'");
}
