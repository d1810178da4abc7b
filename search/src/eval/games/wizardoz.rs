//! `wizardoz`: who occupies and who controls the Yellow Brick Road.

use super::attacked_by;
use tinman_core::{Color, Position};

/// Bonus per own unit standing on the road (double moves, hard to attack).
const ROAD_OCCUPATION: i32 = 12;
/// Bonus per road square our pieces or pawns attack (who may step onto it).
const ROAD_CONTROL: i32 = 6;

pub(super) fn terms(pos: &Position, color: Color) -> i32 {
    let road = tinman_core::variants::road(pos);
    ROAD_OCCUPATION * (road & pos.color_set(color)).count() as i32
        + ROAD_CONTROL * (road & attacked_by(pos, color)).count() as i32
}
