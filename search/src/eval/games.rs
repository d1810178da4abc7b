//! Each game's own ideas.

use super::values::{reach, Values};
use tinman_core::square::Direction;
use tinman_core::variants::imawazir_rules;
use tinman_core::{Bitboard, Color, Position};

/// `imawazir`: penalty per height above 2 of a Wazir in the centre (it is closer to vanishing).
const WAZIR_HEIGHT_PENALTY: i32 = 40;
/// `imawazir`: bonus per own Wazir when the opponent has few (the race for the last one).
const WAZIR_RACE: i32 = 150;
/// `desertoasis`: penalty per own unit that an enemy Desert piece can jump right now...
const JUMP_EXPOSURE: i32 = 30;
/// ...plus this share (1 / n) of the unit's value: losing the Desert King hurts more than a pawn.
const JUMP_EXPOSURE_VALUE_DIVISOR: i32 = 10;
/// `desertoasis`: below this many units a side is near extinction (the game's loss)...
const EXTINCTION_UNITS: i32 = 6;
/// ...and each unit it lacks below that costs this much on top of its material.
const EXTINCTION_DANGER: i32 = 40;
/// `wizardoz`: bonus per own unit standing on the road (double moves, hard to attack).
const ROAD_OCCUPATION: i32 = 12;
/// `wizardoz`: bonus per road square our pieces or pawns attack (who may step onto it).
const ROAD_CONTROL: i32 = 6;

pub(super) fn game_terms(pos: &Position, values: &Values, color: Color) -> i32 {
    let v = pos.variant();
    match v.name {
        "imawazir" => {
            let wazir = v.kind_by_letter('W').expect("imawazir has Wazirs");
            let rules = imawazir_rules();
            let ours = pos.pieces(color, wazir);
            let theirs = pos.pieces(!color, wazir).count() as i32;
            let decay: i32 =
                ours.squares().map(|s| (rules.height(pos, s) as i32 - 2) * WAZIR_HEIGHT_PENALTY).sum();
            let race = if theirs <= 3 { WAZIR_RACE * ours.count() as i32 / theirs.max(1) } else { 0 };
            race - decay
        }
        "desertoasis" => {
            let units = pos.color_set(color).count() as i32;
            let extinction = EXTINCTION_DANGER * (EXTINCTION_UNITS - units).max(0);
            -exposed_to_jumps(pos, values, color) - extinction
        }
        "wizardoz" => {
            let road = tinman_core::variants::road(pos);
            ROAD_OCCUPATION * (road & pos.color_set(color)).count() as i32
                + ROAD_CONTROL * (road & attacked_by(pos, color)).count() as i32
        }
        _ => 0,
    }
}

/// Squares the units of `color` reach by their table moves (pawns: their captures).
fn attacked_by(pos: &Position, color: Color) -> Bitboard {
    let v = pos.variant();
    let occupied = pos.occupied();
    let mut attacked = Bitboard::EMPTY;
    for kind in v.kinds() {
        let pawn = v.piece_type(kind).pawn;
        for sq in pos.pieces(color, kind) {
            attacked |= if pawn {
                v.tables(kind).capture[color.index()][sq.index()]
            } else {
                reach(v, kind, color, sq, occupied)
            };
        }
    }
    attacked
}

/// What it costs `color` that enemy Desert pieces could jump (capture) its units at once.
fn exposed_to_jumps(pos: &Position, values: &Values, color: Color) -> i32 {
    let v = pos.variant();
    let empty = v.geometry.playable() - pos.occupied();
    let ours = pos.color_set(color);
    let mut exposed = Bitboard::EMPTY;
    for (letter, dirs) in [
        ('W', Direction::ORTHOGONAL),
        ('F', Direction::DIAGONAL),
        ('D', Direction::ORTHOGONAL | Direction::DIAGONAL),
    ] {
        let Some(kind) = v.kind_by_letter(letter) else { continue };
        for from in pos.pieces(!color, kind) {
            for dir in Direction::ALL {
                if dirs & (1 << dir as u8) == 0 {
                    continue;
                }
                let (df, dr) = dir.step();
                let Some(over) = from.offset(df, dr) else { continue };
                if ours.contains(over) && over.offset(df, dr).is_some_and(|l| empty.contains(l)) {
                    exposed.insert(over);
                }
            }
        }
    }
    exposed
        .squares()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| JUMP_EXPOSURE + values.of(p.kind()) / JUMP_EXPOSURE_VALUE_DIVISOR)
        .sum()
}
