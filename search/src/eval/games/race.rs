//! The race to be the last side with units of a kind (`imawazir`: Wazirs): their heights in a
//! vanishing zone (closer to vanishing), the race itself, and how the side with more closes in.
//!
//! The game is won by being the only side with such units, so one is worth more the fewer
//! the opponent has: one Wazir cannot catch another on the open board, two can.

use tinman_core::{Bitboard, Color, Kind, Position};

/// Penalty per height above 2 of a Wazir in the centre (it is closer to vanishing).
const WAZIR_HEIGHT_PENALTY: i32 = 40;
/// The race: each side gains this times its Wazirs over the opponent's Wazirs + 1. Equal
/// counts cancel; for the side ahead every even exchange gains (8 v 7: +67, 3 v 2: +150,
/// 2 v 1: +200), so it trades down toward the win and the side behind avoids trades.
const WAZIR_RACE: i32 = 300;
/// With more Wazirs than the opponent: bonus per own Wazir per step it is closer to the
/// nearest enemy Wazir than the board's longest Wazir distance (the mop-up that corners them).
const MOP_UP: i32 = 3;
/// Longest Wazir (Manhattan) distance on the 8x8 board.
const MAX_DISTANCE: i32 = 14;
/// Locked pawns: each pair of pawns rammed head to head takes this many 64ths off the
/// evaluation (toward a draw), down to `LOCKED_FLOOR` 64ths. Locked chains build the
/// fortress behind which the enemy Wazirs are safe and the game ends by the 50-move rule, so
/// the side ahead keeps the position open and the side behind would lock it.
const LOCKED_STEP: i32 = 8;
const LOCKED_FLOOR: i32 = 16;
const SCALE_ONE: i32 = 64;

pub(super) fn terms(pos: &Position, wazir: Kind, color: Color) -> i32 {
    let ours = pos.pieces(color, wazir);
    let enemies = pos.pieces(!color, wazir);
    let (count, theirs) = (ours.count() as i32, enemies.count() as i32);
    let decay: i32 = match pos.variant().vanishing() {
        Some(zone) => ours.squares().map(|s| (zone.height(pos, s) as i32 - 2) * WAZIR_HEIGHT_PENALTY).sum(),
        None => 0,
    };
    let race = WAZIR_RACE * count / (theirs + 1);
    let mop_up = if count > theirs && theirs > 0 { MOP_UP * closeness(ours, enemies) } else { 0 };
    race + mop_up - decay
}

/// The evaluation `score` scaled toward a draw by the locked pawn pairs.
pub(super) fn scale(pos: &Position, score: i32) -> i32 {
    let factor = (SCALE_ONE - LOCKED_STEP * rammed(pos, Color::White)).max(LOCKED_FLOOR);
    score * factor / SCALE_ONE
}

/// Sum over `ours` of how much closer each is to the nearest of `enemies` than the longest
/// distance.
fn closeness(ours: Bitboard, enemies: Bitboard) -> i32 {
    ours.squares()
        .map(|a| {
            let nearest = enemies
                .squares()
                .map(|b| {
                    (a.file() as i32 - b.file() as i32).abs() + (a.rank() as i32 - b.rank() as i32).abs()
                })
                .min()
                .unwrap_or(MAX_DISTANCE);
            MAX_DISTANCE - nearest
        })
        .sum()
}

/// Pawns of `color` with an enemy pawn straight ahead (each such pair counts once).
fn rammed(pos: &Position, color: Color) -> i32 {
    let Some(pawn) = pos.variant().pawn else { return 0 };
    let forward = if color == Color::White { 1 } else { -1 };
    let theirs = pos.pieces(!color, pawn);
    pos.pieces(color, pawn)
        .squares()
        .filter(|s| s.offset(0, forward as i8).is_some_and(|a| theirs.contains(a)))
        .count() as i32
}
