//! Extinction (`desertoasis`: the win is taking every enemy unit): exposure to capturing jump
//! chains, the count toward extinction, and the hunt of the last enemy units.

use crate::eval::sink::Sink;
use crate::eval::values::{Values, CATCHES_WHERE_IT_HOPS};
use crate::eval::weights::param;
use tinman_core::rules::jump_chains::ChainJumper;
use tinman_core::square::Direction;
use tinman_core::{Bitboard, Color, Position, Square};

/// Below this many units a side is near extinction (the game's loss), and each unit it lacks
/// below that costs extra.
const EXTINCTION_UNITS: i32 = 6;
/// A side with this many units or fewer is hunted, when the other side has at least
/// `HUNT_MAJORITY` times as many: the hunters are drawn toward each hunted unit. Without it a
/// big army shuffles beside a lone unit it cannot see how to catch, into the 50-move draw.
/// 6 rather than 4 (with the closeness weight tripled): 74.8% against the depth-1 gauge
/// instead of 59.0% (docs/tuning.md). 13 rather than 6: a big army facing 7 to 13 units on
/// their home ranks stayed home by the fitted placement weights and drew (docs/tuning.md,
/// "Thirty-fifth session").
const HUNT_UNITS: u32 = 13;
const HUNT_MAJORITY: u32 = 2;
/// Taking a hunted unit earns `HUNT_TAKEN` down to this many left. The last two are taken
/// when the search sees fit: with the bonus for every unit Tinman took one of them at once,
/// which restarts the 50-move count with the hunters far from the other (126 of 150 hunt
/// entries converted against main's 134; docs/tuning.md, "Thirty-third session").
const TAKEN_UNTIL: u32 = 2;
/// So many of the nearest hunters count for each hunted unit: one piece rarely corners a
/// unit that moves like a King, a few together do.
const HUNTERS: usize = 3;
/// Closeness is counted in Chebyshev distance: 11 is across the board.
const BOARD_SPAN: i32 = 11;
/// Free hunters (Knight, Camel, Prince: they move and capture anywhere) earn a bonus each,
/// up to this many of them. 8 rather than 4: promotions then choose the Prince more often
/// (473 of Tinman's promotions against 116 in 200 games against the gauge), more hunters are
/// left for the end, and the gauge drew 19 games of 400 instead of 32 (docs/tuning.md).
const FREE_HUNTERS_COUNTED: i32 = 8;

pub(super) fn terms<S: Sink>(pos: &Position, values: &Values, color: Color, sink: &mut S) {
    let units = pos.color_set(color).count() as i32;
    sink.add(param::EXTINCTION, (EXTINCTION_UNITS - units).max(0));
    exposed_to_jumps(pos, values, color, sink);
    hunt(pos, values, color, sink);
}

/// Whether `color` hunts the enemy's last few units (it has `HUNT_MAJORITY` times as many).
pub(super) fn hunts(pos: &Position, color: Color) -> bool {
    let n = pos.color_set(!color).count();
    n > 0 && n <= HUNT_UNITS && pos.color_set(color).count() >= HUNT_MAJORITY * n
}

/// How many hunted units `color` has taken and is paid `HUNT_TAKEN` for (0 outside the hunt).
pub(super) fn hunted_taken(pos: &Position, color: Color) -> i32 {
    if !hunts(pos, color) {
        return 0;
    }
    (HUNT_UNITS - pos.color_set(!color).count().max(TAKEN_UNTIL)) as i32
}

/// The free hunters of `color`, and the closeness of its units (but pawns, which cannot turn
/// back) to the enemy's last few units.
fn hunt<S: Sink>(pos: &Position, values: &Values, color: Color, sink: &mut S) {
    let v = pos.variant();
    // Counted all game, not only in the hunt: by the time the hunt starts the free hunters
    // have been traded. Counted in the hunt only, Tinman ended 12 of its 18 drawn games
    // against the gauge without one, its Desert pieces unable to take a unit on the edge
    // (docs/tuning.md, "Twelfth session"). Counted by kind: this runs at every node.
    let free: i32 = v
        .kinds()
        .filter(|k| values.catching[k.index()] == FREE_WEIGHT)
        .map(|k| pos.pieces(color, k).count() as i32)
        .sum();
    sink.add(param::FREE_HUNTER, free.min(FREE_HUNTERS_COUNTED));
    if !hunts(pos, color) {
        return;
    }
    let pawns = v.pawn.map_or(Bitboard::EMPTY, |p| pos.pieces(color, p));
    sink.add(param::HUNT_ARMY, (pos.color_set(color) - pawns).count() as i32);
    let hunted = pos.color_set(!color);
    sink.add(param::HUNT_TAKEN, hunted_taken(pos, color));
    let hunters: Vec<(Square, i32)> = pos
        .color_set(color)
        .squares()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, values.catching[p.kind().index()])))
        // Only units that walk are drawn in: a hopper near the hunted unit would fill a
        // nearest-hunter slot and leave the walkers far away with nothing pulling them.
        .filter(|&(_, w)| w > 0 && w != CATCHES_WHERE_IT_HOPS)
        .collect();
    let mut total = 0;
    for target in hunted.squares() {
        let mut closeness: Vec<i32> =
            hunters.iter().map(|&(h, w)| w * (BOARD_SPAN - distance(h, target))).collect();
        closeness.sort_unstable_by(|a, b| b.cmp(a));
        total += closeness.iter().take(HUNTERS).sum::<i32>();
    }
    sink.add(param::HUNT_CLOSENESS, total);
    flights(pos, color, sink);
}

/// How free the hunted units are: each square a hunted unit could move to (or stay on)
/// where no hunter could take it next, and each hunted unit attacked with no such square
/// left (it is as good as caught). Closeness alone brings the hunters near; this teaches
/// them to close the net, as a mop-up does, instead of circling a unit that steps away; and
/// whether the hunted side has no move at all (a net so tight that it stalemates).
fn flights<S: Sink>(pos: &Position, color: Color, sink: &mut S) {
    let v = pos.variant();
    let empty = v.geometry.playable() - pos.occupied();
    let ours = pos.color_set(color);
    let jumpers = v.jump_chains().map_or(&[][..], |c| c.jumpers());
    let side = (!color).index();
    let (mut free, mut trapped, mut any_move) = (0, 0, false);
    // The hunted unit's table leaps and jumps (no game won by extinction has sliders).
    for target in pos.color_set(!color).squares() {
        let Some(piece) = pos.piece_at(target) else { continue };
        let tables = v.tables(piece.kind());
        // The unit's own square is empty once it moves.
        let vacated = empty | Bitboard::from_square(target);
        let mut moves =
            (tables.quiet[side][target.index()] & empty) | (tables.capture[side][target.index()] & ours);
        for jumper in jumpers.iter().filter(|j| j.kind == piece.kind()) {
            for dir in directions(jumper.directions) {
                let (df, dr) = dir.step();
                let Some(over) = target.offset(df, dr) else { continue };
                let jumpable =
                    if jumper.captures { ours.contains(over) } else { pos.occupied().contains(over) };
                if let Some(land) = over.offset(df, dr).filter(|&l| jumpable && vacated.contains(l)) {
                    moves.insert(land);
                }
            }
        }
        any_move |= !moves.is_empty();
        let safe =
            moves.squares().filter(|&to| !caught_on(pos, color, to, target, vacated, jumpers)).count() as i32;
        let stays = !caught_on(pos, color, target, target, vacated, jumpers);
        free += safe + stays as i32;
        trapped += (!stays && safe == 0) as i32;
    }
    sink.add(param::HUNT_FLIGHT, free);
    sink.add(param::HUNT_TRAPPED, trapped);
    sink.add(param::HUNT_STALEMATE, !any_move as i32);
}

/// Whether a unit of `!color` that left `from` for `to` could be taken there by `color`: by a
/// displacement capture (table leaps and slides) or by one jump of a capturing jumper onto an
/// empty square beyond (`vacated`: the empty squares once `from` is left).
fn caught_on(
    pos: &Position,
    color: Color,
    to: Square,
    from: Square,
    vacated: Bitboard,
    jumpers: &[ChainJumper],
) -> bool {
    let occupied = pos.occupied() - Bitboard::from_square(from);
    !pos.attackers(to, color, occupied).is_empty() || jumpable(pos, color, to, vacated, jumpers)
}

/// Whether a capturing jumper of `by` stands next to `sq` with a square of `empty` directly
/// beyond, so that it could jump a unit on `sq`.
fn jumpable(pos: &Position, by: Color, sq: Square, empty: Bitboard, jumpers: &[ChainJumper]) -> bool {
    jumpers.iter().filter(|j| j.captures).any(|jumper| {
        let ours = pos.pieces(by, jumper.kind);
        directions(jumper.directions).any(|dir| {
            let (df, dr) = dir.step();
            sq.offset(-df, -dr).is_some_and(|b| ours.contains(b))
                && sq.offset(df, dr).is_some_and(|l| empty.contains(l))
        })
    })
}

/// The directions in a bit set of [`Direction`]s.
fn directions(set: u8) -> impl Iterator<Item = Direction> {
    Direction::ALL.into_iter().filter(move |&d| set & (1 << d as u8) != 0)
}

/// Weight of a free hunter (see `Values::catching`).
const FREE_WEIGHT: i32 = crate::eval::values::CATCHES_ANYWHERE;

/// King steps between two squares.
fn distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs().max((a.rank() as i32 - b.rank() as i32).abs())
}

/// The units of `color` that enemy Desert pieces could jump (capture) at once, by count and
/// by value (losing the Desert King hurts more than a pawn).
fn exposed_to_jumps<S: Sink>(pos: &Position, values: &Values, color: Color, sink: &mut S) {
    let v = pos.variant();
    let empty = v.geometry.playable() - pos.occupied();
    let ours = pos.color_set(color);
    // Walked from the few enemy jumpers rather than from each of our many units (this runs
    // at every node, `jumpable` only in the hunt).
    let mut exposed = Bitboard::EMPTY;
    let jumpers = v.jump_chains().map_or(&[][..], |c| c.jumpers());
    for jumper in jumpers.iter().filter(|j| j.captures) {
        for from in pos.pieces(!color, jumper.kind) {
            for dir in directions(jumper.directions) {
                let (df, dr) = dir.step();
                let Some(over) = from.offset(df, dr) else { continue };
                if ours.contains(over) && over.offset(df, dr).is_some_and(|l| empty.contains(l)) {
                    exposed.insert(over);
                }
            }
        }
    }
    let value: i32 = exposed.squares().filter_map(|sq| pos.piece_at(sq)).map(|p| values.of(p.kind())).sum();
    sink.add(param::JUMP_EXPOSURE, exposed.count() as i32);
    sink.add_fine(param::JUMP_EXPOSURE_VALUE, value);
}
