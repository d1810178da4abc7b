//! `imawazir`: I'm a Wazir, Get Me Out of Here (Charles Gilman), 8x8. Pawns and Wazirs, no
//! King; Wazirs vanish after staying in the central quarter (a vanishing zone); the first
//! player to end a move as the only one with Wazirs wins; a player with no move loses.

use super::{normal, squares};
use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::moves::Move;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::{Color, Kind, Picture, PieceType};
use crate::position::Position;
use crate::rules::vanishing::VanishingZone;
use crate::rules::{GameRules, Goal, RulesUndo};
use crate::square::Square;
use crate::variant::{Variant, VariantSpec};
use std::sync::OnceLock;

/// The Wazirs are what the game is about.
const WAZIR_VALUE: i32 = 300;

const PAWN: Kind = Kind(0);
const WAZIR: Kind = Kind(1);

pub(crate) const PIECES: &[PieceType] =
    &[normal::PIECES[0], PieceType::new("wazir", 'W', "W", WAZIR_VALUE, Picture::Wazir)];

/// Height of a Wazir outside the centre or just arrived there, and the height at which it
/// vanishes.
const BASE_HEIGHT: u8 = 2;
const VANISHING_HEIGHT: u8 = 6;

pub(crate) fn variant() -> Variant {
    let mut v = Variant::new(VariantSpec {
        name: "imawazir",
        title: "I'm a Wazir, Get Me Out of Here",
        width: 8,
        height: 8,
        holes: Vec::new(),
        pieces: PIECES,
        start_fen: "wwwwwwww/pppppppp/8/8/8/8/PPPPPPPP/WWWWWWWW w - - 0 1 -",
        promotion_zone: [super::rank(7, 8), super::rank(0, 8)],
        promotion_letters: &['W'],
        initial_zone: [super::rank(1, 8), super::rank(6, 8)],
        castlings: Vec::new(),
        en_passant_names_landing: false,
        insufficient_material: |_| false,
        known_to_guis: false,
        bench_fens: &[
            "startpos",
            "ww1w1ww1/pp3ppp/2wp4/3WwW2/2W1P3/2P2w2/PP3PPP/WW3WW1 w - - 0 1 c6=4,d5=5,e5=6,f5=3,c4=2,f3=5",
            "3w4/1p3p2/2w5/3WwW2/2W5/5w2/2P3P1/1W6 w - - 0 1 c4=3,d5=5,e5=6,f5=2,c6=4,f3=4",
            "w7/p3p3/3W4/2w2w2/3Ww3/8/1P3P2/6W1 b - - 0 1 d6=6,c5=5,f5=3,d4=4,e4=2",
            "8/3w4/1w4w1/2W5/5W2/1W6/2w5/8 w - - 0 1 c5=5,f4=3",
            "w1w5/1P4P1/3w4/4W3/3W4/8/2p4p/1W4W1 w - - 0 1 d6=4,e5=3,d4=5",
        ],
    });
    v.rules = Some(rules());
    v
}

fn rules() -> &'static ImAWazir {
    static RULES: OnceLock<ImAWazir> = OnceLock::new();
    RULES.get_or_init(|| {
        let centre = (2..6u8)
            .flat_map(|r| (2..6u8).filter_map(move |f| Square::from_coords(f, r)))
            .map(|s| s.to_string())
            .collect::<Vec<_>>();
        let names: Vec<&str> = centre.iter().map(String::as_str).collect();
        ImAWazir { zone: VanishingZone::new(squares(&names), WAZIR, BASE_HEIGHT, VANISHING_HEIGHT) }
    })
}

/// The vanishing central quarter (c3-f6) plus the extinction result rules.
pub struct ImAWazir {
    zone: VanishingZone,
}

impl ImAWazir {
    /// Height of the Wazir on `sq` (2 outside the central quarter).
    pub fn height(&self, pos: &Position, sq: Square) -> u8 {
        self.zone.height(pos, sq)
    }

    /// The squares where Wazirs vanish.
    pub fn vanishing_zone(&self) -> Bitboard {
        self.zone.zone()
    }
}

/// The imawazir rules, for tests and evaluation that need Wazir heights.
pub fn imawazir_rules() -> &'static ImAWazir {
    rules()
}

impl GameRules for ImAWazir {
    fn goal(&self) -> Goal {
        Goal::LastOwner(WAZIR)
    }

    fn vanishing(&self) -> Option<&VanishingZone> {
        Some(&self.zone)
    }

    fn after_move(&self, pos: &mut Position, mv: Move) -> RulesUndo {
        self.zone.after_move(pos, mv.from(), mv.to())
    }

    fn undo(&self, pos: &mut Position, undo: &RulesUndo) {
        self.zone.undo(pos, undo)
    }

    fn decided(&self, pos: &Position) -> Option<Outcome> {
        let white = !pos.pieces(Color::White, WAZIR).is_empty();
        let black = !pos.pieces(Color::Black, WAZIR).is_empty();
        match (white, black) {
            (true, false) => Some(Outcome::Win { winner: Color::White, reason: WinReason::OnlyWazirs }),
            (false, true) => Some(Outcome::Win { winner: Color::Black, reason: WinReason::OnlyWazirs }),
            (false, false) if pos.kind_set(PAWN).is_empty() => {
                Some(Outcome::Draw(DrawReason::InsufficientMaterial))
            }
            _ => None,
        }
    }

    fn no_moves(&self, pos: &Position) -> Outcome {
        Outcome::Win { winner: !pos.side_to_move(), reason: WinReason::NoMoves }
    }

    fn state_hash(&self, pos: &Position) -> u64 {
        self.zone.hash(pos.rules_state.word)
    }

    /// One optional field: the heights that differ from 2, as `c4=3,f5=6`, or `-`.
    fn read_extra_fields(&self, pos: &mut Position, fields: &[String]) -> Result<(), FenError> {
        pos.rules_state.word = self.zone.fresh_timers(pos);
        let Some(field) = fields.first() else { return Ok(()) };
        if let Some(extra) = fields.get(1) {
            return Err(FenError::UnexpectedField(extra.clone()));
        }
        let bad = |why: &str| FenError::BadVariantField {
            field: "wazir heights",
            text: field.clone(),
            why: why.to_string(),
        };
        if field != "-" {
            for entry in field.split(',') {
                let (name, height) = entry.split_once('=').ok_or_else(|| bad("expected SQUARE=HEIGHT"))?;
                let sq = Square::parse(name).ok_or_else(|| bad("not a square"))?;
                let height: u8 = height.parse().map_err(|_| bad("height is not a number"))?;
                if !(BASE_HEIGHT..=VANISHING_HEIGHT).contains(&height) {
                    return Err(bad("heights go from 2 to 6"));
                }
                if !self.zone.zone().contains(sq) || !pos.kind_set(WAZIR).contains(sq) {
                    return Err(bad("heights belong to Wazirs in the central quarter c3-f6"));
                }
                self.zone.set_height(pos, sq, height);
            }
        }
        Ok(())
    }

    fn write_extra_fields(&self, pos: &Position) -> Vec<String> {
        let entries: Vec<String> = (self.zone.zone() & pos.kind_set(WAZIR))
            .squares()
            .filter_map(|sq| {
                let h = self.zone.height(pos, sq);
                (h != BASE_HEIGHT).then(|| format!("{sq}={h}"))
            })
            .collect();
        vec![if entries.is_empty() { "-".to_string() } else { entries.join(",") }]
    }
}
