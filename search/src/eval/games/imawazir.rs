//! `imawazir`: Wazir heights (closer to vanishing) and the race for the last Wazir.

use tinman_core::variants::imawazir_rules;
use tinman_core::{Color, Position};

/// Penalty per height above 2 of a Wazir in the centre (it is closer to vanishing).
const WAZIR_HEIGHT_PENALTY: i32 = 40;
/// Bonus per own Wazir when the opponent has few (the race for the last one).
const WAZIR_RACE: i32 = 150;

pub(super) fn terms(pos: &Position, color: Color) -> i32 {
    let v = pos.variant();
    let wazir = v.kind_by_letter('W').expect("imawazir has Wazirs");
    let rules = imawazir_rules();
    let ours = pos.pieces(color, wazir);
    let theirs = pos.pieces(!color, wazir).count() as i32;
    let decay: i32 = ours.squares().map(|s| (rules.height(pos, s) as i32 - 2) * WAZIR_HEIGHT_PENALTY).sum();
    let race = if theirs <= 3 { WAZIR_RACE * ours.count() as i32 / theirs.max(1) } else { 0 };
    race - decay
}
