//! `desertoasis`: Desert Oasis Chess (Gary K. Gifford), 12x12. Desert pieces step without
//! capturing and capture by jump chains; Oasis pieces capture by stepping and move by jump
//! chains over any unit. No royalty: a player with no units left loses.

use crate::bitboard::Bitboard;
use crate::moves::MoveList;
use crate::outcome::{Outcome, WinReason};
use crate::piece::{Color, Kind, Picture, PieceType};
use crate::position::Position;
use crate::rules::jump_chains::{ChainJumper, JumpChains};
use crate::rules::{GameRules, Goal};
use crate::square::Direction;
use crate::variant::{Variant, VariantSpec};
use std::sync::OnceLock;

/// Pawn, Knight, Camel, Prince, the Desert pieces, the Oasis pieces. The Betza strings say
/// one jump only (XBoard's `cafmW`: capture the adjacent unit, then move on in the same
/// direction; `mpafmW`: hop over a unit without capturing); longer chains need the engine's
/// own rules. The Oasis hop form is not yet checked against XBoard (the protocol issue does).
pub(crate) const PIECES: &[PieceType] = &[
    // Values: the leapers as in chess; the Desert and Oasis pieces move one step but chain.
    // Pictures suggest the movement: the Desert Wazir and Ferz (steppers that capture by
    // jumping) the Wazir and Ferz, the Desert King (eight directions, several units in one
    // chain) the Lion, the Prince (a non-royal King) the Man; the Oasis pieces (capture by a
    // step, move by hopping) hoppers and leapers in their directions: the Oasis Wazir the
    // Cannon, the Oasis Ferz the Elephant (one hop is the Alfil's leap), the Oasis King the
    // Queen (eight directions, and far by a chain of hops; the game has no Queen).
    PieceType::pawn("pawn", "fmWfcF", 100),
    PieceType::new("knight", 'N', "N", 300, Picture::Knight),
    PieceType::new("camel", 'C', "C", 270, Picture::Camel),
    PieceType::new("prince", 'M', "K", 320, Picture::Man),
    PieceType::new("desert wazir", 'W', "mWcafmW", 220, Picture::Wazir),
    PieceType::new("desert ferz", 'F', "mFcafmF", 200, Picture::Ferz),
    PieceType::new("desert king", 'D', "mKcafmK", 420, Picture::Lion),
    PieceType::new("oasis wazir", 'V', "cWmpafmW", 220, Picture::Cannon),
    PieceType::new("oasis ferz", 'X', "cFmpafmF", 200, Picture::Alfil),
    PieceType::new("oasis king", 'O', "cKmpafmK", 420, Picture::Queen),
];

const fn kind(index: u8) -> Kind {
    Kind(index)
}

pub(crate) fn variant() -> Variant {
    let mut v = Variant::new(VariantSpec {
        name: "desertoasis",
        title: "Desert Oasis Chess",
        width: 12,
        height: 12,
        holes: Vec::new(),
        pieces: PIECES,
        start_fen: "cnfwmdomwfnc/vxwfvxxvfwxv/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/VXWFVXXVFWXV/CNFWMDOMWFNC w - - 0 1",
        promotion_zone: [super::rank(7, 12), super::rank(4, 12)],
        promotion_letters: &['N', 'C', 'M', 'W', 'F', 'D', 'V', 'X', 'O'],
        initial_zone: [crate::Bitboard::EMPTY; 2],
        castlings: Vec::new(),
        en_passant_names_landing: false,
        insufficient_material: |_| false,
        known_to_guis: false,
        bench_fens: &[
        "startpos",
        "cn1wm1omw1nc/vxwf1xxvfwxv/pp5pp2p/2pfpdp2fp1/1p1W1F1nD3/2P1PWP2P2/PD1p1p2F2P/3P3P4/2N2XV5/PP8P1/VXWFV1XV1WXV/C1FWM1OMWFNC w - - 0 1",
        "12/9NW1/9dW1/7v2N1/2w3c5/4x2v4/4fDc1v3/3f2xw4/2n1v1f1f3/3x1n6/12/V11 w - - 0 1",
        "N8D2/10w1/11V/12/4x1w5/3f1f1w4/4mWf5/3x1x1m4/4v1v5/2n9/1D10/2w9 w - - 0 1",
        "12/12/12/2vnNx1NW3/2f1x2X4/2fVPfoNpP2/3w2VP1N2/3VO2FFv2/2w2XPv4/12/12/12 w - - 0 1",
        "4m7/12/12/12/1n2w7/P1P2P6/7p1p2/6W1N3/12/12/12/4D7 w - - 0 1",
        ],
    });
    v.rules = Some(rules());
    v
}

/// The jump chains of the six Desert and Oasis pieces, and extinction as the win.
pub struct DesertOasis {
    chains: JumpChains,
}

fn rules() -> &'static DesertOasis {
    static RULES: OnceLock<DesertOasis> = OnceLock::new();
    RULES.get_or_init(|| {
        let (orth, diag) = (Direction::ORTHOGONAL, Direction::DIAGONAL);
        let jumper = |k, directions, captures| ChainJumper { kind: kind(k), directions, captures };
        DesertOasis {
            chains: JumpChains::new(vec![
                jumper(4, orth, true),
                jumper(5, diag, true),
                jumper(6, orth | diag, true),
                jumper(7, orth, false),
                jumper(8, diag, false),
                jumper(9, orth | diag, false),
            ]),
        }
    })
}

impl GameRules for DesertOasis {
    fn goal(&self) -> Goal {
        Goal::Extinction
    }

    fn jump_chains(&self) -> Option<&JumpChains> {
        Some(&self.chains)
    }

    fn extra_moves(&self, pos: &Position, list: &mut MoveList) {
        self.chains.generate(pos, list);
    }

    /// Capturing chains capture and moving chains do not, and no chain is a pawn's: each part
    /// is one kind of chain.
    fn extra_moves_part(&self, pos: &Position, movers: Bitboard, tactical: bool, list: &mut MoveList) {
        self.chains.generate_part(pos, movers, tactical, list);
    }

    /// A player with no units left has lost.
    fn decided(&self, pos: &Position) -> Option<Outcome> {
        for loser in Color::BOTH {
            if pos.color_set(loser).is_empty() {
                return Some(Outcome::Win { winner: !loser, reason: WinReason::Extinction });
            }
        }
        None
    }
}
