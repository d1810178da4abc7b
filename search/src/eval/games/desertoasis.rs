//! `desertoasis`: exposure to jump chains and the count toward extinction.

use crate::eval::values::Values;
use tinman_core::square::Direction;
use tinman_core::{Bitboard, Color, Position};

/// Penalty per own unit that an enemy Desert piece can jump right now...
const JUMP_EXPOSURE: i32 = 30;
/// ...plus this share (1 / n) of the unit's value: losing the Desert King hurts more than a pawn.
const JUMP_EXPOSURE_VALUE_DIVISOR: i32 = 10;
/// Below this many units a side is near extinction (the game's loss)...
const EXTINCTION_UNITS: i32 = 6;
/// ...and each unit it lacks below that costs this much on top of its material.
const EXTINCTION_DANGER: i32 = 40;

pub(super) fn terms(pos: &Position, values: &Values, color: Color) -> i32 {
    let units = pos.color_set(color).count() as i32;
    let extinction = EXTINCTION_DANGER * (EXTINCTION_UNITS - units).max(0);
    -exposed_to_jumps(pos, values, color) - extinction
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
