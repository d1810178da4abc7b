//! Each game's own ideas.

use super::values::Values;
use tinman_core::square::Direction;
use tinman_core::variants::imawazir_rules;
use tinman_core::{Bitboard, Color, Position};

/// `imawazir`: penalty per height above 2 of a Wazir in the centre (it is closer to vanishing).
const WAZIR_HEIGHT_PENALTY: i32 = 40;
/// `imawazir`: bonus per own Wazir when the opponent has few (the race for the last one).
const WAZIR_RACE: i32 = 150;
/// `desertoasis`: penalty per own unit that an enemy Desert piece can jump right now.
const JUMP_EXPOSURE: i32 = 30;
/// `wizardoz`: bonus per own unit standing on the road (double moves, hard to attack).
const ROAD_OCCUPATION: i32 = 12;

pub(super) fn game_terms(pos: &Position, _values: &Values, color: Color) -> i32 {
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
        "desertoasis" => -JUMP_EXPOSURE * exposed_to_jumps(pos, color),
        "wizardoz" => {
            ROAD_OCCUPATION * (tinman_core::variants::road(pos) & pos.color_set(color)).count() as i32
        }
        _ => 0,
    }
}

/// Units of `color` that an enemy Desert piece could jump (capture) at once.
fn exposed_to_jumps(pos: &Position, color: Color) -> i32 {
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
    exposed.count() as i32
}
