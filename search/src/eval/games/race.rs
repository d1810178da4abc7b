//! The race to be the last side with units of a kind (`imawazir`: Wazirs): their heights in a
//! vanishing zone (closer to vanishing), the race itself, and how the side with more closes in.
//!
//! The game is won by being the only side with such units, so one is worth more the fewer
//! the opponent has. Without pawns, one Wazir against one is won by the hunter: the side to
//! move when the two stand on squares of different colours (it can step next to the other),
//! else the other side. The centre, where a Wazir may stay only four moves, gives the hunted
//! no endless flight (docs/tuning.md, "Fifteenth session"). With pawns either side may spend
//! a tempo, and two against two showed no such rule, so the term stops there.

use super::runaway::runaways;
use super::{Values, SCALE_ONE};
use crate::eval::sink::Sink;
use crate::eval::weights::{param, FINE};
use tinman_core::{Bitboard, Color, Kind, Position, Square};

/// Longest Wazir (Manhattan) distance on the 8x8 board.
const MAX_DISTANCE: i32 = 14;
/// Locked pawns: each pair of pawns rammed head to head takes this many 64ths off the
/// evaluation (toward a draw), down to `LOCKED_FLOOR` 64ths. Locked chains build the
/// fortress behind which the enemy Wazirs are safe and the game ends by the 50-move rule, so
/// the side ahead keeps the position open and the side behind would lock it.
const LOCKED_STEP: i32 = 8;
const LOCKED_FLOOR: i32 = 16;
/// The siege term counts locked pawn pairs up to this many.
const SIEGE_LOCKS_MAX: i32 = 4;
/// This many enemy Wazirs still on their own back rank press like one locked pair: Wazirs at
/// home defend nothing ahead of them, so own Wazirs that go forward gain there, and an
/// opponent that brings its Wazirs out turns the term off. One a pair gained more against the
/// gauge and lost head to head (docs/tuning.md, "Thirty-sixth session").
const SIEGE_IDLE_PER_LOCK: i32 = 2;
/// The siege counts the advance of a full army of this many Wazirs: the own Wazirs' ranks
/// ahead, over the larger of the two sides' counts. Summed Wazir by Wazir, a forward Wazir
/// traded for one at home took its ranks along, so the besieger refused the even trades
/// that open the way in; over the own count alone, a Wazir left behind would gain by being
/// lost (docs/tuning.md, "Thirty-ninth session").
const SIEGE_ARMY: i32 = 8;

/// The Wazirs' heights in the vanishing zone, the race (own Wazirs over the opponent's + 1:
/// equal counts cancel, and for the side ahead every even exchange gains, 8 v 7 by a sixth of
/// the weight, 2 v 1 by two thirds), and the mop-up of the side with more.
pub(super) fn terms<S: Sink>(pos: &Position, values: &Values, wazir: Kind, color: Color, sink: &mut S) {
    let ours = pos.pieces(color, wazir);
    let enemies = pos.pieces(!color, wazir);
    let (count, theirs) = (ours.count() as i32, enemies.count() as i32);
    if let Some(zone) = pos.variant().vanishing() {
        sink.add(param::WAZIR_HEIGHT, ours.squares().map(|s| zone.height(pos, s) as i32 - 2).sum());
    }
    sink.add_fine(param::WAZIR_RACE, FINE * count / (theirs + 1));
    let hunter = matches!((ours.single(), enemies.single()), (Some(a), Some(b)) if hunts(pos, a, b, color));
    if hunter {
        sink.add(param::WAZIR_HUNTER, 1);
    }
    if (count > theirs && theirs > 0) || hunter {
        sink.add(param::MOP_UP, closeness(ours, enemies));
    }
    let runaway = runaways(pos, values, wazir, color);
    if runaway > 0 {
        sink.add(param::RUNAWAY_PAWN, runaway);
    }
    let last_rank = pos.variant().geometry.height() as i32 - 1;
    let (back_rank, enemy_back_rank) = if color == Color::White { (0, last_rank) } else { (last_rank, 0) };
    let idle = enemies.squares().filter(|s| s.rank() as i32 == enemy_back_rank).count() as i32;
    let pressure = rammed(pos, Color::White).min(SIEGE_LOCKS_MAX) + idle / SIEGE_IDLE_PER_LOCK;
    if pressure > 0 && count > 0 {
        let advance: i32 = ours.squares().map(|s| (s.rank() as i32 - back_rank).abs()).sum();
        let army = count.max(theirs);
        sink.add_fine(param::WAZIR_SIEGE, FINE * advance * pressure * SIEGE_ARMY / army);
    }
}

/// Whether `color`, with its only Wazir on `ours` against the only enemy one on `enemy`, is
/// the hunter: only without pawns, which could spend a tempo.
fn hunts(pos: &Position, ours: Square, enemy: Square, color: Color) -> bool {
    if pos.variant().pawn.is_some_and(|p| !pos.kind_set(p).is_empty()) {
        return false;
    }
    let shade = |s: Square| (s.file() + s.rank()) % 2;
    (pos.side_to_move() == color) == (shade(ours) != shade(enemy))
}

/// How much of the evaluation counts, in `SCALE_ONE`ths, by the locked pawn pairs.
pub(super) fn scale(pos: &Position) -> i32 {
    (SCALE_ONE - LOCKED_STEP * rammed(pos, Color::White)).max(LOCKED_FLOOR)
}

/// Sum over `ours` of how much closer each is to the nearest of `enemies` than the longest
/// distance.
fn closeness(ours: Bitboard, enemies: Bitboard) -> i32 {
    ours.squares()
        .map(|a| {
            let nearest = enemies.squares().map(|b| wazir_distance(a, b)).min().unwrap_or(MAX_DISTANCE);
            MAX_DISTANCE - nearest
        })
        .sum()
}

/// The number of Wazir steps from `a` to `b` on an empty board.
pub(super) fn wazir_distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs() + (a.rank() as i32 - b.rank() as i32).abs()
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
