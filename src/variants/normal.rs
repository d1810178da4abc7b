//! `normal`: standard chess under FIDE rules.

use super::{castling, rank};
use crate::piece::{Color, Picture, PieceType};
use crate::position::Position;
use crate::variant::{Variant, VariantSpec};

/// Pawn, Knight, Bishop, Rook, Queen, King, in generation order.
pub(crate) const PIECES: &[PieceType] = &[
    // Values: the usual textbook 100/320/330/500/900 (Kaufman-style, Bishop a shade over Knight).
    PieceType::pawn("pawn", "fmWfceFifmnD", 100),
    PieceType::new("knight", 'N', "N", 320, Picture::Knight),
    PieceType::new("bishop", 'B', "B", 330, Picture::Bishop),
    PieceType::new("rook", 'R', "R", 500, Picture::Rook),
    PieceType::new("queen", 'Q', "Q", 900, Picture::Queen),
    PieceType::royal("king", 'K', "KisO2", Picture::King),
];

pub(crate) fn variant() -> Variant {
    Variant::new(VariantSpec {
        name: "normal",
        title: "Chess",
        width: 8,
        height: 8,
        holes: Vec::new(),
        pieces: PIECES,
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        promotion_zone: [rank(7, 8), rank(0, 8)],
        promotion_letters: &['Q', 'R', 'B', 'N'],
        initial_zone: [rank(1, 8), rank(6, 8)],
        castlings: vec![
            castling(Color::White, 'K', ["e1", "g1"], ["h1", "f1"]),
            castling(Color::White, 'Q', ["e1", "c1"], ["a1", "d1"]),
            castling(Color::Black, 'K', ["e8", "g8"], ["h8", "f8"]),
            castling(Color::Black, 'Q', ["e8", "c8"], ["a8", "d8"]),
        ],
        en_passant_names_landing: false,
        insufficient_material,
        known_to_guis: true,
        bench_fens: &[
            "startpos",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ],
    })
}

/// FIDE's dead positions by material alone: King against King with at most one minor piece,
/// or only Bishops besides the Kings, all on squares of one colour.
fn insufficient_material(pos: &Position) -> bool {
    let v = pos.variant();
    let k = |letter| v.kind_by_letter(letter).expect("standard piece");
    let heavy = pos.kind_set(k('P')) | pos.kind_set(k('R')) | pos.kind_set(k('Q'));
    if !heavy.is_empty() {
        return false;
    }
    let knights = pos.kind_set(k('N'));
    let bishops = pos.kind_set(k('B'));
    if (knights | bishops).count() <= 1 {
        return true;
    }
    if !knights.is_empty() {
        return false;
    }
    let on_light = bishops.squares().filter(|s| (s.file() + s.rank()) % 2 == 1).count();
    on_light == 0 || on_light == bishops.count() as usize
}
