//! A double-move road (`wizardoz`'s Yellow Brick Road): who occupies and who controls it.

use super::attacked_by;
use crate::eval::sink::Sink;
use crate::eval::weights::param;
use tinman_core::{Bitboard, Color, Position};

/// Own units on the road (double moves, hard to attack) and road squares our pieces or
/// pawns attack (who may step onto it).
pub(super) fn terms<S: Sink>(pos: &Position, road: Bitboard, color: Color, sink: &mut S) {
    sink.add(param::ROAD_OCCUPATION, (road & pos.color_set(color)).count() as i32);
    sink.add(param::ROAD_CONTROL, (road & attacked_by(pos, color)).count() as i32);
}
