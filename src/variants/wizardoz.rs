//! `wizardoz`: Wizard of Oz Nonal Chess (George Duke), 9x9, with the Falcon and the Yellow
//! Brick Road, a double-move road (see `rules::road`) that is part of the position.

use super::{castling, normal, sq};
use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::moves::MoveList;
use crate::piece::{Color, Kind, Picture, PieceType};
use crate::position::{zobrist, Position};
use crate::rules::road::DoubleMoveRoad;
use crate::rules::{GameRules, GameSetting};
use crate::square::Square;
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
    PieceType {
        name: "king",
        letter: 'K',
        betza: "KisO2",
        value: 0,
        picture: Picture::King,
        royal: true,
        pawn: false,
    },
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

/// The road's settings plus the FEN field that names the road.
pub struct WizardOfOz {
    road: DoubleMoveRoad,
}

fn rules() -> &'static WizardOfOz {
    static RULES: OnceLock<WizardOfOz> = OnceLock::new();
    RULES.get_or_init(|| WizardOfOz { road: DoubleMoveRoad { line_mover: QUEEN, royal: KING } })
}

fn default_road() -> Bitboard {
    DEFAULT_ROAD.iter().map(|n| sq(n)).collect()
}

/// Kings alone, or with one Knight or Bishop: a lone minor piece cannot mate, and on the road
/// it cannot even move (no Tornado but the Kings, which never serve).
fn insufficient_material(pos: &Position) -> bool {
    let minors = pos.kind_set(Kind(1)) | pos.kind_set(Kind(2));
    let others = pos.occupied() - pos.kind_set(KING) - minors;
    others.is_empty() && minors.count() <= 1
}

impl GameRules for WizardOfOz {
    fn extra_moves(&self, pos: &Position, list: &mut MoveList) {
        self.road.generate(pos, list);
    }

    fn ruled_units(&self, pos: &Position) -> Bitboard {
        self.road.ruled_units(pos)
    }

    fn adjust_attackers(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        table: Bitboard,
    ) -> Bitboard {
        self.road.adjust_attackers(pos, sq, by, occupied, table)
    }

    fn road(&self, pos: &Position) -> Bitboard {
        pos.rules_state.squares
    }

    fn setting(&self) -> Option<GameSetting> {
        Some(GameSetting { name: "Road", fen_prefix: "road:", default: DEFAULT_ROAD_TEXT })
    }

    fn state_hash(&self, pos: &Position) -> u64 {
        pos.rules_state.squares.squares().fold(0, |h, s| h ^ zobrist::square_value(s, 1))
    }

    /// One optional field, `road:c4,d5,e6,f5,g4` (any playable squares); the default road when
    /// absent.
    fn read_extra_fields(&self, pos: &mut Position, fields: &[String]) -> Result<(), FenError> {
        pos.rules_state.squares = default_road();
        let Some(field) = fields.first() else { return Ok(()) };
        if let Some(extra) = fields.get(1) {
            return Err(FenError::UnexpectedField(extra.clone()));
        }
        let bad = |why: &str| FenError::BadVariantField {
            field: "road",
            text: field.clone(),
            why: why.to_string(),
        };
        let list = field.strip_prefix("road:").ok_or_else(|| bad("expected road:SQUARE,SQUARE,..."))?;
        let mut road = Bitboard::EMPTY;
        for name in list.split(',') {
            let square = Square::parse(name)
                .filter(|s| pos.variant().geometry.playable().contains(*s))
                .ok_or_else(|| bad("not a square of the board"))?;
            if road.contains(square) {
                return Err(bad("a square is named twice"));
            }
            road.insert(square);
        }
        pos.rules_state.squares = road;
        Ok(())
    }

    fn write_extra_fields(&self, pos: &Position) -> Vec<String> {
        if pos.rules_state.squares == default_road() {
            return Vec::new();
        }
        let names: Vec<String> = pos.rules_state.squares.squares().map(|s| s.to_string()).collect();
        vec![format!("road:{}", names.join(","))]
    }
}

/// The road of a position (the squares of its double-move road).
pub fn road(pos: &Position) -> Bitboard {
    pos.rules_state.squares
}
