//! Extinction (`desertoasis`: the win is taking every enemy unit): exposure to capturing jump
//! chains, the count toward extinction, and the hunt of the last enemy units.

use crate::eval::values::Values;
use tinman_core::square::Direction;
use tinman_core::{Bitboard, Color, Position, Square};

/// Penalty per own unit that an enemy Desert piece can jump right now...
const JUMP_EXPOSURE: i32 = 30;
/// ...plus this share (1 / n) of the unit's value: losing the Desert King hurts more than a pawn.
const JUMP_EXPOSURE_VALUE_DIVISOR: i32 = 10;
/// Below this many units a side is near extinction (the game's loss)...
const EXTINCTION_UNITS: i32 = 6;
/// ...and each unit it lacks below that costs this much on top of its material.
const EXTINCTION_DANGER: i32 = 40;
/// A side with this many units or fewer is hunted, when the other side has at least
/// `HUNT_MAJORITY` times as many: the hunters are drawn toward each hunted unit. Without it a
/// big army shuffles beside a lone unit it cannot see how to catch, into the 50-move draw.
const HUNT_UNITS: u32 = 4;
const HUNT_MAJORITY: u32 = 2;
/// So many of the nearest hunters count for each hunted unit: one piece rarely corners a
/// unit that moves like a King, a few together do.
const HUNTERS: usize = 3;
/// Bonus per step of closeness (Chebyshev distance; 11 is across the board) of a hunter of
/// weight 1 (see `hunter_weight`).
const HUNT_CLOSENESS: i32 = 2;
const BOARD_SPAN: i32 = 11;
/// In the hunt, each free hunter (Knight, Camel, Prince: they move and capture anywhere) is
/// worth this much more, up to `FREE_HUNTERS_COUNTED` of them, so that pawns promote to
/// them and not to the Desert or Oasis Kings, strong in a crowd but poor catchers in the open
/// (both sides' 50-move draws ended with a lone unit beside many Oasis Kings).
const FREE_HUNTER: i32 = 150;
const FREE_HUNTERS_COUNTED: i32 = 4;

pub(super) fn terms(pos: &Position, values: &Values, color: Color) -> i32 {
    let units = pos.color_set(color).count() as i32;
    let extinction = EXTINCTION_DANGER * (EXTINCTION_UNITS - units).max(0);
    -exposed_to_jumps(pos, values, color) - extinction + hunt(pos, values, color)
}

/// Closeness of the units of `color` (but pawns, which cannot turn back) to the enemy's last
/// few units, and the free hunters it has.
fn hunt(pos: &Position, values: &Values, color: Color) -> i32 {
    let hunted = pos.color_set(!color);
    let ours = pos.color_set(color);
    let n = hunted.count();
    if n == 0 || n > HUNT_UNITS || ours.count() < HUNT_MAJORITY * n {
        return 0;
    }
    let hunters: Vec<(Square, i32)> = ours
        .squares()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, values.catching[p.kind().index()])))
        .filter(|&(_, w)| w > 0)
        .collect();
    let free = hunters.iter().filter(|&&(_, w)| w == FREE_WEIGHT).count() as i32;
    let mut bonus = FREE_HUNTER * free.min(FREE_HUNTERS_COUNTED);
    for target in hunted.squares() {
        let mut closeness: Vec<i32> =
            hunters.iter().map(|&(h, w)| w * (BOARD_SPAN - distance(h, target))).collect();
        closeness.sort_unstable_by(|a, b| b.cmp(a));
        bonus += HUNT_CLOSENESS * closeness.iter().take(HUNTERS).sum::<i32>();
    }
    bonus
}

/// Weight of a free hunter (see `Values::catching`).
const FREE_WEIGHT: i32 = crate::eval::values::CATCHES_ANYWHERE;

/// King steps between two squares.
fn distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs().max((a.rank() as i32 - b.rank() as i32).abs())
}

/// What it costs `color` that enemy Desert pieces could jump (capture) its units at once.
fn exposed_to_jumps(pos: &Position, values: &Values, color: Color) -> i32 {
    let v = pos.variant();
    let empty = v.geometry.playable() - pos.occupied();
    let ours = pos.color_set(color);
    let mut exposed = Bitboard::EMPTY;
    let jumpers = v.jump_chains().map_or(&[][..], |c| c.jumpers());
    for jumper in jumpers.iter().filter(|j| j.captures) {
        let dirs = jumper.directions;
        for from in pos.pieces(!color, jumper.kind) {
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
