//! Move ordering: the transposition-table move, then captures by victim and attacker value,
//! then killer moves, then quiet moves by history.

use crate::eval::Values;
use crate::see::loses_material;
use tinman_core::{Move, MoveList, Position, Special};

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: [i32; 2] = [(1 << 24) - 1, (1 << 24) - 2];
/// Captures that lose material (negative SEE) go after every quiet move (history stays within
/// ±`HISTORY_MAX`).
const BAD_CAPTURE: i32 = -(1 << 24);

/// Whether a move captures (directly, en passant or by a jump chain).
pub fn is_capture(pos: &Position, m: Move) -> bool {
    match m.special() {
        Special::EnPassant | Special::MultiCapture => true,
        Special::Castle => false,
        _ => pos.piece_at(m.to()).is_some_and(|p| p.color() != pos.side_to_move()),
    }
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

/// History scores of quiet moves, by side, from and to square.
pub struct History(Vec<i32>);

/// History values stay within this bound (the update ages them toward zero).
const HISTORY_MAX: i32 = 1 << 14;

impl History {
    pub fn new() -> History {
        History(vec![0; 2 * 144 * 144])
    }

    fn index(pos: &Position, m: Move) -> usize {
        (pos.side_to_move().index() * 144 + m.from().index()) * 144 + m.to().index()
    }

    pub fn get(&self, pos: &Position, m: Move) -> i32 {
        self.0[History::index(pos, m)]
    }

    /// Rewards (`bonus` > 0) or punishes a quiet move, with gravity toward zero.
    pub fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        let entry = &mut self.0[History::index(pos, m)];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }

    pub fn clear(&mut self) {
        self.0.iter_mut().for_each(|h| *h = 0);
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
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
        killers: [Move; 2],
        history: &History,
        values: &Values,
    ) -> MovePicker {
        let scored = moves
            .iter()
            .map(|&m| {
                let score = if m == tt_move {
                    TT_MOVE
                } else if is_capture(pos, m) || m.promoted().is_some() {
                    let won = gain(pos, m, values);
                    let attacker = pos.piece_at(m.from()).map_or(0, |p| values.of(p.kind()));
                    let base = if loses_material(pos, m, won, values) { BAD_CAPTURE } else { CAPTURE };
                    base + 16 * won - attacker / 16
                } else if m == killers[0] {
                    KILLER[0]
                } else if m == killers[1] {
                    KILLER[1]
                } else {
                    history.get(pos, m)
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
