//! `wizardoz`: Wizard of Oz Nonal Chess (George Duke), 9x9, with the Falcon and the Yellow
//! Brick Road, a double-move road (see `rules::road`) that is part of the position.

use super::{castling, normal};
use crate::bitboard::Bitboard;
use crate::piece::{Color, Kind, Picture, PieceType};
use crate::position::Position;
use crate::rules::road::{DoubleMoveRoad, RoadGame};
use crate::variant::{Variant, VariantSpec};
use std::sync::OnceLock;

/// Pawn, Knight, Bishop, Rook, Queen, King as in chess (Pawn promotes to Q R B N F), and the
/// Falcon.
pub(crate) const PIECES: &[PieceType] = &[
    // Values: a Knight that jumps over the road's units; sliders lose a little on the 9x9
    // board; the Falcon reaches 16 squares (Fairy-Max values it at 1.5 Knights).
    normal::PIECES[0],
    normal::PIECES[1].valued(300),
    normal::PIECES[2].valued(320),
    normal::PIECES[3].valued(480),
    normal::PIECES[4].valued(880),
    normal::PIECES[5],
    // Reaches each of its 16 targets ((1,3) and (2,3) leaps) along any of the three shortest
    // paths of one orthogonal and two diagonal King steps or two orthogonal and one diagonal,
    // blocked only when all three are: H. G. Muller's multi-leg notation, bend early, bend
    // late, bend twice each way.
    PieceType::new("falcon", 'F', "afsafKafafsKaflafrKafraflK", 450, Picture::Falcon),
];

/// The default road as the `Road` setting writes it.
const DEFAULT_ROAD_TEXT: &str = "c4,d5,e6,f5,g4";

const QUEEN: Kind = Kind(4);
const KING: Kind = Kind(5);

/// The road the seed recommends.
pub const DEFAULT_ROAD: [&str; 5] = ["c4", "d5", "e6", "f5", "g4"];

pub(crate) fn variant() -> Variant {
    let mut v = Variant::new(VariantSpec {
        name: "wizardoz",
        title: "Wizard of Oz Nonal Chess",
        width: 9,
        height: 9,
        holes: Vec::new(),
        pieces: PIECES,
        start_fen: "rnfbbkqnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNQKBBFNR w KQkq - 0 1",
        promotion_zone: [super::rank(8, 9), super::rank(0, 9)],
        promotion_letters: &['Q', 'R', 'B', 'N', 'F'],
        initial_zone: [super::rank(1, 9), super::rank(7, 9)],
        // `K`/`k` castles with the i-file Rook, `Q`/`q` with the a-file Rook; the King goes two
        // squares toward the Rook, which lands on the square the King crossed.
        castlings: vec![
            castling(Color::White, 'K', ["d1", "f1"], ["i1", "e1"]),
            castling(Color::White, 'Q', ["d1", "b1"], ["a1", "c1"]),
            castling(Color::Black, 'K', ["f9", "h9"], ["i9", "g9"]),
            castling(Color::Black, 'Q', ["f9", "d9"], ["a9", "e9"]),
        ],
        en_passant_names_landing: false,
        insufficient_material,
        known_to_guis: false,
        bench_fens: &[
            "startpos",
            "rnf1bkqnr/pp1p2pp1/2p6/4p3p/3B1p3/2P6/P8/1P1PPP1PP/RNQKB1FNR w KQkq - 0 8",
            "r1fbbkqnr/pppp1p1pp/6p2/4F4/9/1PP3p2/9/P2PPP1PP/RNQKnB1NR w KQkq - 0 8",
            "r1f1bkqnr/ppp2pppp/3p5/4P4/3n1b3/P1Q3PPB/9/1P1PPP2P/RN1KB1FNR w KQkq - 3 8",
            "rnf1bkq1r/ppp2pppp/5b3/3pp4/3P1n3/5P3/NPP3P1P/P3P2P1/R1QKBBFNR b KQkq - 0 8",
            "rnfbbkqnr/2p2p1pp/p2p5/1p7/5F3/1PP3p2/9/P2PPP1PP/RN1KBB1NR w KQkq - 0 8",
        ],
    });
    v.rules = Some(rules());
    v
}

fn rules() -> &'static RoadGame {
    static RULES: OnceLock<RoadGame> = OnceLock::new();
    RULES.get_or_init(|| RoadGame::new(DoubleMoveRoad { line_mover: QUEEN, royal: KING }, DEFAULT_ROAD_TEXT))
}

/// Kings alone, or with one Knight or Bishop: a lone minor piece cannot mate, and on the road
/// it cannot even move (no Tornado but the Kings, which never serve).
fn insufficient_material(pos: &Position) -> bool {
    let minors = pos.kind_set(Kind(1)) | pos.kind_set(Kind(2));
    let others = pos.occupied() - pos.kind_set(KING) - minors;
    others.is_empty() && minors.count() <= 1
}

/// The road of a position (the squares of its double-move road).
pub fn road(pos: &Position) -> Bitboard {
    pos.rules_state.squares
}
