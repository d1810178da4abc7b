//! Move ordering: the transposition-table move, then captures by victim value (then capture
//! history and attacker value), then killer moves and the counter move, then quiet moves by
//! history (butterfly and continuation), then captures that lose material.

use crate::eval::Values;
use crate::history::{Context, Histories};
use crate::see::loses_material;
use tinman_core::{Move, MoveList, Position, Special};

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: [i32; 2] = [(1 << 24) - 1, (1 << 24) - 2];
const COUNTER: i32 = (1 << 24) - 3;
/// Captures that lose material (negative SEE) go after every quiet move (histories stay
/// within a few times ±`STAT_MAX`).
const BAD_CAPTURE: i32 = -(1 << 24);
/// Capture history counts this fraction of its value beside 16 x the victim's value, so it
/// orders captures of one victim class without lifting a pawn capture over a piece capture.
const CAPTURE_HISTORY_DIVISOR: i32 = 8;

/// What orders the quiet moves and captures of one node.
pub struct MoveOrder<'a> {
    pub histories: &'a Histories,
    pub context: Context,
    pub killers: [Move; 2],
    pub counter: Move,
}

/// Value gained by a capture or promotion (0 for quiet moves).
pub fn gain(pos: &Position, m: Move, values: &Values) -> i32 {
    let captured = match m.special() {
        Special::MultiCapture => {
            m.jump_squares().filter_map(|(over, _)| pos.piece_at(over)).map(|p| values.of(p.kind())).sum()
        }
        Special::EnPassant => pos.variant().pawn.map_or(0, |k| values.of(k)),
        Special::Castle => 0,
        _ => pos
            .piece_at(m.to())
            .filter(|p| p.color() != pos.side_to_move())
            .map_or(0, |p| values.of(p.kind())),
    };
    let promotion = m.promoted().map_or(0, |k| values.of(k) - pos.variant().pawn.map_or(0, |p| values.of(p)));
    captured + promotion
}

/// Hands out the moves of a list best first (selection by score, one at a time).
pub struct MovePicker {
    moves: Vec<(Move, i32)>,
    next: usize,
}

impl MovePicker {
    pub fn new(
        pos: &Position,
        moves: &MoveList,
        tt_move: Move,
        order: &MoveOrder,
        values: &Values,
    ) -> MovePicker {
        let scored = moves
            .iter()
            .map(|&m| {
                let score = if m == tt_move {
                    TT_MOVE
                } else if pos.is_tactical(m) {
                    let won = gain(pos, m, values);
                    let attacker = pos.piece_at(m.from()).map_or(0, |p| values.of(p.kind()));
                    let base = if loses_material(pos, m, won, values) { BAD_CAPTURE } else { CAPTURE };
                    base + 16 * won + order.histories.capture(pos, m) / CAPTURE_HISTORY_DIVISOR
                        - attacker / 16
                } else if m == order.killers[0] {
                    KILLER[0]
                } else if m == order.killers[1] {
                    KILLER[1]
                } else if m == order.counter {
                    COUNTER
                } else {
                    order.histories.quiet(pos, m, &order.context)
                };
                (m, score)
            })
            .collect();
        MovePicker { moves: scored, next: 0 }
    }
}

impl MovePicker {
    /// Captures and promotions already known not to lose material, by victim then attacker
    /// value (quiescence: no SEE again).
    pub fn tactical(pos: &Position, moves: &MoveList, values: &Values) -> MovePicker {
        let scored = moves
            .iter()
            .map(|&m| {
                (
                    m,
                    16 * gain(pos, m, values)
                        - pos.piece_at(m.from()).map_or(0, |p| values.of(p.kind())) / 16,
                )
            })
            .collect();
        MovePicker { moves: scored, next: 0 }
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if self.next >= self.moves.len() {
            return None;
        }
        let best = (self.next..self.moves.len()).max_by_key(|&i| self.moves[i].1).expect("a move left");
        self.moves.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1].0)
    }
}
