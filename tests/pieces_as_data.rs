//! Pieces described only by data: a custom variant with unusual atoms gets correct moves and
//! attacks with no code of its own. Exercises the general paths that standard chess does not:
//! colour-dependent sliders, capturing lame leaps, holes.

use tinman_core::piece::{Picture, PieceType};
use tinman_core::variant::{Variant, VariantSpec};
use tinman_core::{Bitboard, Position, Square};

const PIECES: &[PieceType] = &[
    PieceType {
        name: "king",
        letter: 'K',
        betza: "K",
        value: 0,
        picture: Picture::Knight,
        royal: true,
        pawn: false,
    },
    PieceType {
        name: "forward rook",
        letter: 'U',
        // Slides straight forward only (forward is colour-dependent).
        betza: "fR",
        value: 300,
        picture: Picture::Knight,
        royal: false,
        pawn: false,
    },
    PieceType {
        name: "lame capturer",
        letter: 'L',
        // Steps one square orthogonally without capturing; captures two squares away
        // orthogonally, but only over an empty square (lame).
        betza: "mWcnD",
        value: 300,
        picture: Picture::Knight,
        royal: false,
        pawn: false,
    },
    PieceType {
        name: "knight",
        letter: 'N',
        betza: "N",
        value: 300,
        picture: Picture::Knight,
        royal: false,
        pawn: false,
    },
];

fn variant() -> &'static Variant {
    let sq = |n: &str| Square::parse(n).unwrap();
    Box::leak(Box::new(Variant::new(VariantSpec {
        name: "testdata",
        title: "A test game",
        width: 8,
        height: 8,
        holes: vec![sq("d4"), sq("e4")],
        pieces: PIECES,
        start_fen: "4k3/8/8/8/3**3/8/8/4K3 w - - 0 1",
        promotion_zone: [Bitboard::EMPTY; 2],
        promotion_letters: &[],
        initial_zone: [Bitboard::EMPTY; 2],
        castlings: Vec::new(),
        en_passant_names_landing: false,
        insufficient_material: |_| false,
        known_to_guis: false,
        bench_fens: &[],
    })))
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn forward_slider_depends_on_colour_and_stops_at_holes() {
    let v = variant();
    let p = Position::from_fen(v, "k7/8/8/8/3**3/8/3U4/K7 w - - 0 1").unwrap();
    // d2 slides up to d3 and stops before the hole on d4; it never goes backwards.
    assert_eq!(moves(&p).into_iter().filter(|m| m.starts_with("d2")).collect::<Vec<_>>(), ["d2d3"]);
    let p = Position::from_fen(v, "k7/3u4/8/8/3**3/8/8/K7 b - - 0 1").unwrap();
    assert_eq!(moves(&p).into_iter().filter(|m| m.starts_with("d7")).collect::<Vec<_>>(), ["d7d5", "d7d6"]);
}

#[test]
fn forward_slider_gives_check_only_forwards() {
    let v = variant();
    let p = Position::from_fen(v, "3k4/8/8/3U4/3**3/8/8/K7 b - - 0 1").unwrap();
    assert!(p.in_check());
    let p = Position::from_fen(v, "K7/8/8/3U4/3**3/8/8/3k4 b - - 0 1").unwrap();
    assert!(!p.in_check());
    // The King may not step into the forward rook's line.
    let p = Position::from_fen(v, "8/2k5/8/3U4/3**3/8/8/K7 b - - 0 1").unwrap();
    let king: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("c7")).collect();
    assert_eq!(king, ["c7b6", "c7b7", "c7b8", "c7c6", "c7c8"]);
}

#[test]
fn lame_capture_needs_an_empty_middle_square_and_pins_count() {
    let v = variant();
    let p = Position::from_fen(v, "k7/8/8/8/3**3/8/3n4/3L3K w - - 0 1").unwrap();
    // d1 steps to c1 and e1 but not onto the knight (steps never capture), and cannot capture
    // it either (captures are two squares away).
    assert_eq!(moves(&p).into_iter().filter(|m| m.starts_with("d1")).collect::<Vec<_>>(), ["d1c1", "d1e1"]);
    // With d2 empty, d1 steps there and captures the knight on d3.
    let p = Position::from_fen(v, "k7/8/8/8/3**3/3n4/8/3L3K w - - 0 1").unwrap();
    assert_eq!(
        moves(&p).into_iter().filter(|m| m.starts_with("d1")).collect::<Vec<_>>(),
        ["d1c1", "d1d2", "d1d3", "d1e1"]
    );
    // A hole is not an empty square: the knight on d5 is out of reach across the d4 hole.
    let p = Position::from_fen(v, "k7/8/8/3n4/3**3/3L4/8/7K w - - 0 1").unwrap();
    assert_eq!(
        moves(&p).into_iter().filter(|m| m.starts_with("d3")).collect::<Vec<_>>(),
        ["d3c3", "d3d2", "d3e3"]
    );
    // A lame capturer gives check over an empty square, not over an occupied one.
    assert!(Position::from_fen(v, "8/8/8/8/3**3/8/8/1k1L3K b - - 0 1").unwrap().in_check());
    assert!(!Position::from_fen(v, "8/8/8/8/3**3/8/8/1kNL3K b - - 0 1").unwrap().in_check());
    // So a Black piece standing between is pinned against its King.
    let p = Position::from_fen(v, "8/8/8/8/3**3/8/8/1knL3K b - - 0 1").unwrap();
    assert!(moves(&p).iter().all(|m| !m.starts_with("c1")), "{:?}", moves(&p));
}

#[test]
fn knights_leap_over_holes() {
    let v = variant();
    let p = Position::from_fen(v, "k7/8/8/8/3**3/3N4/8/K7 w - - 0 1").unwrap();
    let knight: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("d3")).collect();
    assert_eq!(knight, ["d3b2", "d3b4", "d3c1", "d3c5", "d3e1", "d3e5", "d3f2", "d3f4"]);
}

#[test]
fn general_and_filter_generators_agree_on_custom_pieces() {
    let v = variant();
    for fen in [
        "3k4/8/8/3U4/3**3/8/8/K7 b - - 0 1",
        "8/2k5/8/3U4/3**3/8/8/K7 b - - 0 1",
        "8/8/8/8/3**3/8/8/1knL3K b - - 0 1",
        "k7/1l6/8/u7/3**3/3N4/2L5/K3U3 w - - 0 1",
    ] {
        let mut p = Position::from_fen(v, fen).unwrap();
        let mut a: Vec<u64> = p.legal_moves().iter().map(|m| m.bits()).collect();
        let mut b: Vec<u64> = p.legal_moves_by_filter().iter().map(|m| m.bits()).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{fen}");
    }
}
