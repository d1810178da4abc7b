//! The terms of each way to win and of each odd mechanic, a module each, chosen by what the
//! game's definition says (its goal, its road), never by its name; and how drawish a
//! position is (one scale per goal).

mod hunt;
mod race;
mod road;
mod runaway;

use super::sink::Sink;
use super::values::{table_reach, Values};
use tinman_core::rules::Goal;
use tinman_core::{Bitboard, Color, Position};

pub(super) fn game_terms<S: Sink>(pos: &Position, values: &Values, color: Color, sink: &mut S) {
    let v = pos.variant();
    match v.goal() {
        Goal::LastOwner(kind) => race::terms(pos, values, kind, color, sink),
        Goal::Extinction => hunt::terms(pos, values, color, sink),
        Goal::Checkmate => {}
    }
    let road = v.road(pos);
    if !road.is_empty() {
        road::terms(pos, values, road, color, sink);
    }
}

/// Whether where `color`'s pieces stand and how freely they move are measured by the game's
/// own terms rather than by rank, centre and mobility: a side hunting the last enemy units
/// must go where they are. With the fitted placement weights (a Desert Wazir loses 20 cp a
/// rank forward) and a closeness of 6 cp a step, the hunters stayed home (docs/tuning.md,
/// "Eighteenth session"); with the fitted endgame mobility weights (a Knight loses 31 cp a
/// square it reaches) they hid in the corners (the thirty-second session). Nor for the
/// hunted side: its fitted mobility would pay the hunters for every square it can flee to,
/// against the hunt's own count of its flights.
pub(super) fn placement_counts(pos: &Position, color: Color) -> bool {
    match pos.variant().goal() {
        Goal::Extinction => !hunt::hunts(pos, color) && !hunt::hunts(pos, !color),
        _ => true,
    }
}

/// White's part of the evaluation that stands for progress already made and that no capture
/// gives back: the 50-move fade leaves it whole. In a hunt, the hunted units taken: faded, a
/// constant 4000 made any capture that restarts the count look like a gain, the opponent's
/// capture of a hunter included (docs/tuning.md, "Thirty-fourth session"). In a race for
/// the last units of a kind, the material: faded, a siege score of +4 behind locked pawns
/// paid a Wazir given to a pawn near the 100th ply, to restart the count (thirty-eighth
/// session).
pub(super) fn unfaded(pos: &Position, values: &Values) -> i32 {
    match pos.variant().goal() {
        Goal::Extinction => {
            let taken = values.weights().get(super::weights::param::HUNT_TAKEN).eg;
            taken * (hunt::hunted_taken(pos, Color::White) - hunt::hunted_taken(pos, Color::Black))
        }
        Goal::LastOwner(_) => super::material_balance(pos, values, Color::White),
        Goal::Checkmate => 0,
    }
}

/// The share of an evaluation that counts, in `SCALE_ONE`ths.
pub(super) const SCALE_ONE: i32 = 64;

/// How much of the evaluation `score` (White's view) counts, in `SCALE_ONE`ths, by how
/// drawish the position is: locked pawns in a race for the last units of a kind, too little
/// material to mate where a King must be mated.
pub(super) fn scale(pos: &Position, values: &Values, score: i32) -> i32 {
    match pos.variant().goal() {
        Goal::LastOwner(_) => race::scale(pos),
        _ => drawish_scale(pos, values, score),
    }
}

/// In a game won by mating a King, a side ahead without pawns needs more than a minor
/// piece's worth of extra material to mate (Rook against Knight, Bishop against nothing are
/// draws): below that a quarter of its advantage counts.
const DRAWISH_MATERIAL: i32 = 350;
const DRAWISH_SCALE: i32 = SCALE_ONE / 4;

/// How much of the advantage of the side that is ahead (by White's `score`) counts.
fn drawish_scale(pos: &Position, values: &Values, score: i32) -> i32 {
    let v = pos.variant();
    let (Some(royal), Some(pawn)) = (v.royal, v.pawn) else { return SCALE_ONE };
    let strong = if score > 0 { Color::White } else { Color::Black };
    if !pos.pieces(strong, pawn).is_empty() {
        return SCALE_ONE;
    }
    let pieces = |c: Color| -> i32 {
        v.kinds()
            .filter(|&k| k != royal && k != pawn)
            .map(|k| values.of(k) * pos.pieces(c, k).count() as i32)
            .sum()
    };
    if pieces(strong) - pieces(!strong) <= DRAWISH_MATERIAL {
        DRAWISH_SCALE
    } else {
        SCALE_ONE
    }
}

/// Squares of `targets` the units of `color` reach by their table moves (pawns: their
/// captures); only units on `sources` (per kind) are looked at.
fn attacked_by(
    pos: &Position,
    color: Color,
    targets: Bitboard,
    sources: &[Bitboard; tinman_core::piece::MAX_KINDS],
) -> Bitboard {
    let v = pos.variant();
    let occupied = pos.occupied();
    let mut attacked = Bitboard::EMPTY;
    for kind in v.kinds() {
        for sq in pos.pieces(color, kind) & sources[kind.index()] {
            attacked |= table_reach(v, kind, color, sq, occupied);
        }
    }
    attacked & targets
}
