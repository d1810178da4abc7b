//! A double-move road (`wizardoz`'s Yellow Brick Road): who occupies and who controls it.

use super::attacked_by;
use crate::eval::sink::Sink;
use crate::eval::values::Values;
use crate::eval::weights::param;
use tinman_core::piece::MAX_KINDS;
use tinman_core::{Bitboard, Color, Position};

/// Own units on the road (double moves, hard to attack) and road squares our pieces or
/// pawns attack (who may step onto it).
pub(super) fn terms<S: Sink>(pos: &Position, values: &Values, road: Bitboard, color: Color, sink: &mut S) {
    sink.add(param::ROAD_OCCUPATION, (road & pos.color_set(color)).count() as i32);
    // The sources were found for the start position's road; a road that moved is looked at
    // from everywhere.
    let everywhere;
    let sources = if road == values.road {
        &values.road_sources[color.index()]
    } else {
        everywhere = [pos.variant().geometry.playable(); MAX_KINDS];
        &everywhere
    };
    sink.add(param::ROAD_CONTROL, attacked_by(pos, color, road, sources).count() as i32);
}
