//! The terms of each way to win and of each odd mechanic, a module each, chosen by what the
//! game's definition says (its goal, its road), never by its name; and how drawish a
//! position is (one scale per goal).

mod hunt;
mod race;
mod road;

use super::values::{reach, Values};
use tinman_core::rules::Goal;
use tinman_core::{Bitboard, Color, Position};

pub(super) fn game_terms(pos: &Position, values: &Values, color: Color) -> i32 {
    let v = pos.variant();
    let goal = match v.goal() {
        Goal::LastOwner(kind) => race::terms(pos, kind, color),
        Goal::Extinction => hunt::terms(pos, values, color),
        Goal::Checkmate => 0,
    };
    let road = v.road(pos);
    goal + if road.is_empty() { 0 } else { road::terms(pos, road, color) }
}

/// The evaluation `score` (White's view) scaled by how drawish the position is: locked pawns
/// in a race for the last units of a kind, too little material to mate where a King must be
/// mated.
pub(super) fn scale(pos: &Position, values: &Values, score: i32) -> i32 {
    match pos.variant().goal() {
        Goal::LastOwner(_) => race::scale(pos, score),
        _ => score * drawish_percent(pos, values, score) / 100,
    }
}

/// In a game won by mating a King, a side ahead without pawns needs more than a minor
/// piece's worth of extra material to mate (Rook against Knight, Bishop against nothing are
/// draws): below that its advantage counts for `DRAWISH_PERCENT`.
const DRAWISH_MATERIAL: i32 = 350;
const DRAWISH_PERCENT: i32 = 25;

/// How much of the advantage of the side that is ahead (by White's `score`) counts.
fn drawish_percent(pos: &Position, values: &Values, score: i32) -> i32 {
    let v = pos.variant();
    let (Some(royal), Some(pawn)) = (v.royal, v.pawn) else { return 100 };
    let strong = if score > 0 { Color::White } else { Color::Black };
    if !pos.pieces(strong, pawn).is_empty() {
        return 100;
    }
    let pieces = |c: Color| -> i32 {
        v.kinds()
            .filter(|&k| k != royal && k != pawn)
            .map(|k| values.of(k) * pos.pieces(c, k).count() as i32)
            .sum()
    };
    if pieces(strong) - pieces(!strong) <= DRAWISH_MATERIAL {
        DRAWISH_PERCENT
    } else {
        100
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
