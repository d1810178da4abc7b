//! Every weight of the evaluation, one flat table per game: a middlegame and an endgame value
//! per parameter, mixed by the game phase. The hand-set values (the starting point of tuning,
//! with the reason for each beside its constant) are built here from the game's definition;
//! a tuned table, text in `tables/<game>.txt` written by `tinman tune`, overrides them name by
//! name.
//!
//! The parameters are laid out as fixed slots (per-kind ones take `MAX_KINDS` slots, unused
//! kinds of a game stay zero and are never written), so the evaluation indexes them with
//! constants and the tuner sees one vector.

use std::fmt;
use tinman_core::piece::MAX_KINDS;
use tinman_core::{Kind, Variant};

/// A weight's middlegame and endgame values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    pub mg: i32,
    pub eg: i32,
}

impl Pair {
    pub const fn new(mg: i32, eg: i32) -> Pair {
        Pair { mg, eg }
    }

    /// The same value in both phases.
    pub const fn flat(v: i32) -> Pair {
        Pair { mg: v, eg: v }
    }
}

/// Weights counted in `1 / FINE` centipawns (mobility, King danger and jump exposure by
/// value), so that small per-unit weights have room to be tuned. The Wazir race's weight is
/// in centipawns but its count, a ratio, in `FINE`ths.
pub const FINE: i32 = 640;

/// Slots for the pawn's placement by steps still to go to promotion (more steps count as the
/// last slot).
pub const PAWN_STEP_SLOTS: usize = 12;
/// Slots for passed pawns by steps still to go (index 1 = one step from promoting).
pub const PASSED_SLOTS: usize = 7;

/// The parameter slots.
pub mod param {
    use super::{MAX_KINDS, PASSED_SLOTS, PAWN_STEP_SLOTS};

    /// Material, per kind.
    pub const MATERIAL: usize = 0;
    /// Per step of closeness to the centre, per kind (pieces; not pawns or the royal one).
    pub const CENTRE: usize = MATERIAL + MAX_KINDS;
    /// Per reachable square over the kind's average, per kind (`FINE`).
    pub const MOBILITY: usize = CENTRE + MAX_KINDS;
    /// Per rank a piece stands ahead of its own back rank, per kind (pieces; not pawns or the
    /// royal one): a piece in the enemy camp attacks, one at home defends.
    pub const ADVANCE: usize = MOBILITY + MAX_KINDS;
    /// A pawn by steps still to go to promotion.
    pub const PAWN_STEPS: usize = ADVANCE + MAX_KINDS;
    /// A passed pawn by steps still to go.
    pub const PASSED: usize = PAWN_STEPS + PAWN_STEP_SLOTS;
    pub const DOUBLED: usize = PASSED + PASSED_SLOTS;
    pub const ISOLATED: usize = DOUBLED + 1;
    /// Pawn shield one and two ranks in front of the King.
    pub const SHIELD: usize = ISOLATED + 1;
    /// Per rank the King has left its back rank.
    pub const KING_RANK: usize = SHIELD + 2;
    /// Per step of the King's closeness to the centre.
    pub const KING_CENTRE: usize = KING_RANK + 1;
    /// Per squared attack unit on the enemy King's zone (`FINE`).
    pub const KING_DANGER: usize = KING_CENTRE + 1;
    pub const BISHOP_PAIR: usize = KING_DANGER + 1;
    pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
    pub const ROOK_HALF_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
    /// Per enemy piece attacked by a less valuable unit.
    pub const THREAT: usize = ROOK_HALF_OPEN_FILE + 1;
    /// Per own unit an enemy Desert piece can jump now...
    pub const JUMP_EXPOSURE: usize = THREAT + 1;
    /// ...and per centipawn of its value (`FINE`).
    pub const JUMP_EXPOSURE_VALUE: usize = JUMP_EXPOSURE + 1;
    /// Per unit missing below the extinction threshold.
    pub const EXTINCTION: usize = JUMP_EXPOSURE_VALUE + 1;
    /// Per step of closeness of a hunter to a hunted unit.
    pub const HUNT_CLOSENESS: usize = EXTINCTION + 1;
    /// Per free hunter in the hunt.
    pub const FREE_HUNTER: usize = HUNT_CLOSENESS + 1;
    /// Per safe square a hunted unit can move to or stay on (a penalty to the hunter)...
    pub const HUNT_FLIGHT: usize = FREE_HUNTER + 1;
    /// ...and per hunted unit attacked with none left.
    pub const HUNT_TRAPPED: usize = HUNT_FLIGHT + 1;
    /// When the hunted side has no move at all (a stalemate on its turn: a draw).
    pub const HUNT_STALEMATE: usize = HUNT_TRAPPED + 1;
    /// Per unit of the hunters but pawns, in the hunt: it stands for the placement and
    /// mobility the hunt no longer counts.
    pub const HUNT_ARMY: usize = HUNT_STALEMATE + 1;
    /// Per enemy unit taken since the hunt began (below `HUNT_UNITS`, down to two left).
    pub const HUNT_TAKEN: usize = HUNT_ARMY + 1;
    /// Per height above 2 of a Wazir in the vanishing zone (a penalty).
    pub const WAZIR_HEIGHT: usize = HUNT_TAKEN + 1;
    /// Times own Wazirs over enemy Wazirs + 1 (a ratio, counted in `FINE`ths).
    pub const WAZIR_RACE: usize = WAZIR_HEIGHT + 1;
    /// Per step the Wazirs of the side with more close in on the enemy's.
    pub const MOP_UP: usize = WAZIR_RACE + 1;
    /// For the hunter when one Wazir stands against one and no pawn is left (the colours of
    /// their squares and the side to move decide who hunts, and the hunter wins).
    pub const WAZIR_HUNTER: usize = MOP_UP + 1;
    /// Per rank a Wazir stands ahead of its own back rank, times the locked pawn pairs (at
    /// most `race::SIEGE_LOCKS_MAX`) plus half the enemy Wazirs still on their back rank:
    /// behind a locked chain, or against Wazirs that stay home, only Wazirs that go forward
    /// make progress.
    pub const WAZIR_SIEGE: usize = WAZIR_HUNTER + 1;
    /// Per passed pawn no enemy unit of the race's kind reaches before it promotes.
    pub const RUNAWAY_PAWN: usize = WAZIR_SIEGE + 1;
    /// Per own unit on the road.
    pub const ROAD_OCCUPATION: usize = RUNAWAY_PAWN + 1;
    /// Per road square attacked.
    pub const ROAD_CONTROL: usize = ROAD_OCCUPATION + 1;
    /// Per move a side has fewer than the cramped threshold (where having no move loses, as
    /// in `imawazir`, a squeeze wins; elsewhere it is the eve of zugzwang or mate).
    pub const CRAMPED: usize = ROAD_CONTROL + 1;
    /// A pawn defended by an own pawn or beside one on its rank, by steps still to go: pawns
    /// that advance together break through where single ones are traded off.
    pub const CONNECTED: usize = CRAMPED + 1;
    pub const COUNT: usize = CONNECTED + PASSED_SLOTS;
}

/// The name of each scalar slot in a table file (the per-kind and indexed ones are named by
/// `Weights::name`).
const SCALAR_NAMES: [(usize, &str); 30] = [
    (param::DOUBLED, "doubled"),
    (param::ISOLATED, "isolated"),
    (param::SHIELD, "shield.1"),
    (param::SHIELD + 1, "shield.2"),
    (param::KING_RANK, "king_rank"),
    (param::KING_CENTRE, "king_centre"),
    (param::KING_DANGER, "king_danger"),
    (param::BISHOP_PAIR, "bishop_pair"),
    (param::ROOK_OPEN_FILE, "rook_open_file"),
    (param::ROOK_HALF_OPEN_FILE, "rook_half_open_file"),
    (param::THREAT, "threat"),
    (param::JUMP_EXPOSURE, "jump_exposure"),
    (param::JUMP_EXPOSURE_VALUE, "jump_exposure_value"),
    (param::EXTINCTION, "extinction"),
    (param::HUNT_CLOSENESS, "hunt_closeness"),
    (param::FREE_HUNTER, "free_hunter"),
    (param::HUNT_FLIGHT, "hunt_flight"),
    (param::HUNT_TRAPPED, "hunt_trapped"),
    (param::HUNT_STALEMATE, "hunt_stalemate"),
    (param::HUNT_ARMY, "hunt_army"),
    (param::HUNT_TAKEN, "hunt_taken"),
    (param::WAZIR_HEIGHT, "wazir_height"),
    (param::WAZIR_RACE, "wazir_race"),
    (param::MOP_UP, "mop_up"),
    (param::WAZIR_HUNTER, "wazir_hunter"),
    (param::WAZIR_SIEGE, "wazir_siege"),
    (param::RUNAWAY_PAWN, "runaway_pawn"),
    (param::ROAD_OCCUPATION, "road_occupation"),
    (param::ROAD_CONTROL, "road_control"),
    (param::CRAMPED, "cramped"),
];

/// Whether the game's evaluation can count scalar `slot` at all: King terms need a King,
/// file terms straight pawns, each game's own terms its mechanic.
fn uses(variant: &'static Variant, slot: usize) -> bool {
    use tinman_core::rules::Goal;
    use tinman_core::square::Direction;
    let slides = |dirs: u8| variant.kinds().any(|k| variant.tables(k).slide_capture[0] == dirs);
    let straight = super::values::straight_pawns(variant);
    match slot {
        param::DOUBLED | param::ISOLATED => straight,
        s if s == param::SHIELD || s == param::SHIELD + 1 => {
            variant.royal.is_some() && variant.pawn.is_some()
        }
        param::KING_RANK | param::KING_CENTRE | param::KING_DANGER => variant.royal.is_some(),
        param::BISHOP_PAIR => slides(Direction::DIAGONAL),
        param::ROOK_OPEN_FILE | param::ROOK_HALF_OPEN_FILE => straight && slides(Direction::ORTHOGONAL),
        param::JUMP_EXPOSURE | param::JUMP_EXPOSURE_VALUE => variant.jump_chains().is_some(),
        param::EXTINCTION
        | param::HUNT_CLOSENESS
        | param::FREE_HUNTER
        | param::HUNT_FLIGHT
        | param::HUNT_TRAPPED
        | param::HUNT_STALEMATE
        | param::HUNT_ARMY
        | param::HUNT_TAKEN => variant.goal() == Goal::Extinction,
        param::WAZIR_HEIGHT => variant.vanishing().is_some(),
        param::WAZIR_RACE
        | param::MOP_UP
        | param::WAZIR_HUNTER
        | param::WAZIR_SIEGE
        | param::RUNAWAY_PAWN => {
            matches!(variant.goal(), Goal::LastOwner(_))
        }
        param::ROAD_OCCUPATION | param::ROAD_CONTROL => {
            !variant.road(&tinman_core::Position::start(variant)).is_empty()
        }
        _ => true,
    }
}

/// One game's weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub slots: [Pair; param::COUNT],
}

/// Why a table file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    pub line: usize,
    pub why: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for TableError {}

impl Weights {
    /// A table of zeros (a base for tests and the tuner's gradient).
    pub fn zero() -> Weights {
        Weights { slots: [Pair::default(); param::COUNT] }
    }

    #[inline]
    pub fn get(&self, slot: usize) -> Pair {
        self.slots[slot]
    }

    /// Whether `slot` is counted in `1 / FINE` centipawns.
    pub fn is_fine(slot: usize) -> bool {
        (param::MOBILITY..param::MOBILITY + MAX_KINDS).contains(&slot)
            || [param::KING_DANGER, param::JUMP_EXPOSURE_VALUE].contains(&slot)
    }

    /// The name of `slot` in `variant`'s table file, if the game uses it.
    pub fn name(variant: &'static Variant, slot: usize) -> Option<String> {
        let kind_slot = |base: usize| -> Option<Kind> {
            let i = slot.checked_sub(base).filter(|&i| i < MAX_KINDS)?;
            variant.kinds().find(|k| k.index() == i)
        };
        let letter = |k: Kind| variant.piece_type(k).letter.to_ascii_uppercase();
        if let Some(k) = kind_slot(param::MATERIAL).filter(|_| slot < param::CENTRE) {
            return Some(format!("material.{}", letter(k)));
        }
        if slot < param::PAWN_STEPS {
            let (base, what) = match slot {
                s if s < param::MOBILITY => (param::CENTRE, "centre"),
                s if s < param::ADVANCE => (param::MOBILITY, "mobility"),
                _ => (param::ADVANCE, "advance"),
            };
            let k = kind_slot(base)?;
            let p = variant.piece_type(k);
            return (!p.pawn && !p.royal).then(|| format!("{what}.{}", letter(k)));
        }
        if slot < param::PASSED {
            variant.pawn?;
            // A pawn is never more steps from promotion than the board has ranks.
            let steps = slot - param::PAWN_STEPS;
            return (steps < variant.geometry.height() as usize).then(|| format!("pawn_steps.{steps}"));
        }
        if slot < param::DOUBLED {
            variant.pawn?;
            return Some(format!("passed.{}", slot - param::PASSED));
        }
        if slot >= param::CONNECTED {
            variant.pawn?;
            return Some(format!("connected.{}", slot - param::CONNECTED));
        }
        let name = SCALAR_NAMES.iter().find(|(s, _)| *s == slot).map(|(_, n)| n.to_string())?;
        uses(variant, slot).then_some(name)
    }

    /// Every slot `variant` names, in slot order.
    pub fn named_slots(variant: &'static Variant) -> Vec<(usize, String)> {
        (0..param::COUNT).filter_map(|s| Weights::name(variant, s).map(|n| (s, n))).collect()
    }

    /// Reads a table file over `self`: lines `name mg eg`, `#` comments and blank lines.
    pub fn read_table(&mut self, variant: &'static Variant, text: &str) -> Result<(), TableError> {
        let named = Weights::named_slots(variant);
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |why: String| TableError { line: n + 1, why };
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [name, mg, eg] = fields[..] else {
                return Err(err(format!("'{line}': expected 'name mg eg'")));
            };
            let slot = named
                .iter()
                .find(|(_, s)| s == name)
                .map(|&(slot, _)| slot)
                .ok_or_else(|| err(format!("'{name}' is not a weight of {}", variant.name)))?;
            let number = |t: &str| t.parse::<i32>().map_err(|_| err(format!("'{t}' is not a whole number")));
            self.slots[slot] = Pair::new(number(mg)?, number(eg)?);
        }
        Ok(())
    }

    /// The table file of these weights for `variant`, with `header` as its comment lines.
    pub fn write_table(&self, variant: &'static Variant, header: &str) -> String {
        let mut text: String = header.lines().map(|l| format!("# {l}\n")).collect();
        for (slot, name) in Weights::named_slots(variant) {
            let p = self.slots[slot];
            text.push_str(&format!("{name} {} {}\n", p.mg, p.eg));
        }
        text
    }
}
