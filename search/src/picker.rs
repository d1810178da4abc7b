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
    /// Scores `moves` into `list` (emptied first: a list lent by the caller, see
    /// [`NodeLists`]).
    pub fn new(
        pos: &Position,
        moves: &MoveList,
        tt_move: Move,
        order: &MoveOrder,
        values: &Values,
        list: Vec<(Move, i32)>,
    ) -> MovePicker {
        MovePicker::scored(moves, list, |m| {
            if m == tt_move {
                TT_MOVE
            } else if pos.is_tactical(m) {
                capture_score(pos, m, order.histories, values)
            } else {
                quiet_score(pos, m, order.histories, &order.context, order.killers, order.counter)
            }
        })
    }

    /// `moves` with their scores in `list` (emptied first).
    fn scored(moves: &MoveList, mut list: Vec<(Move, i32)>, score: impl Fn(Move) -> i32) -> MovePicker {
        list.clear();
        list.extend(moves.iter().map(|&m| (m, score(m))));
        MovePicker { moves: list, next: 0 }
    }

    /// The list, for the caller to lend again.
    pub fn into_list(self) -> Vec<(Move, i32)> {
        self.moves
    }
}

/// A capture's or promotion's place: by victim, then capture history and attacker; below
/// every quiet move if it loses material.
fn capture_score(pos: &Position, m: Move, histories: &Histories, values: &Values) -> i32 {
    let won = gain(pos, m, values);
    let attacker = pos.piece_at(m.from()).map_or(0, |p| values.of(p.kind()));
    let base = if loses_material(pos, m, won, values) { BAD_CAPTURE } else { CAPTURE };
    base + 16 * won + histories.capture(pos, m) / CAPTURE_HISTORY_DIVISOR - attacker / 16
}

/// A quiet move's place: killers, then the counter move, then by history.
fn quiet_score(
    pos: &Position,
    m: Move,
    histories: &Histories,
    context: &Context,
    killers: [Move; 2],
    counter: Move,
) -> i32 {
    if m == killers[0] {
        KILLER[0]
    } else if m == killers[1] {
        KILLER[1]
    } else if m == counter {
        COUNTER
    } else {
        histories.quiet(pos, m, context)
    }
}

/// Takes the best-scored move of `moves[*next..]` (selection: most nodes use few moves).
fn select(moves: &mut [(Move, i32)], next: &mut usize) -> Option<Move> {
    if *next >= moves.len() {
        return None;
    }
    let best = (*next..moves.len()).max_by_key(|&i| moves[i].1).expect("a move left");
    moves.swap(*next, best);
    *next += 1;
    Some(moves[*next - 1].0)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Table,
    GenerateCaptures,
    GoodCaptures,
    GenerateQuiets,
    Quiets,
    BadCaptures,
    Done,
}

/// The heap lists of one node: its picker's scored moves and losing captures, and the
/// quiet moves and captures it tried (for the cut-off's history malus); or a quiescence
/// node's scored moves. The search keeps a set per ply and lends it to each node, so that
/// nodes stop allocating once the lists have grown (a fresh list per node was about 1.3% of
/// a bench profile in malloc and free).
#[derive(Default)]
pub struct NodeLists {
    moves: Vec<(Move, i32)>,
    bad_captures: Vec<(Move, i32)>,
    pub quiets_tried: Vec<Move>,
    pub captures_tried: Vec<Move>,
    /// Quiescence's scored moves (a quiescence node at this ply has its own).
    pub quiescence: Vec<(Move, i32)>,
}

/// The main search's move picker, in stages: the table move (tested for legality, nothing
/// generated), the captures and promotions that do not lose material, the killers and the
/// counter move and the other quiet moves by history, then the losing captures. The quiet
/// moves are generated only when the captures did not cut off, and the captures only when the
/// table move did not; at the root every move is already generated and they are handed out
/// in the same order.
pub struct StagedPicker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    context: Context,
    /// The current stage's moves and scores, handed out best first from `next`.
    moves: Vec<(Move, i32)>,
    next: usize,
    bad_captures: Vec<(Move, i32)>,
    /// Every legal move, where they are generated at once (boxed: a list is 2 KB, and the
    /// picker is made at every node and moved).
    all: Option<Box<MoveList>>,
    /// Moves generated since the last [`StagedPicker::take_generated`].
    generated: u64,
}

impl StagedPicker {
    /// A picker for a position, which the caller leaves as it is between calls to `next`.
    pub fn new(tt_move: Move, killers: [Move; 2], counter: Move, context: Context) -> Self {
        StagedPicker::with(None, tt_move, killers, counter, context)
    }

    /// Empties the node's `lists` and takes the scored-move ones for this picker.
    pub fn lend(&mut self, lists: &mut NodeLists) {
        lists.quiets_tried.clear();
        lists.captures_tried.clear();
        self.moves = std::mem::take(&mut lists.moves);
        self.moves.clear();
        self.bad_captures = std::mem::take(&mut lists.bad_captures);
        self.bad_captures.clear();
    }

    /// Gives the lists back for the next node at this ply.
    pub fn give_back(self, lists: &mut NodeLists) {
        lists.moves = self.moves;
        lists.bad_captures = self.bad_captures;
    }

    /// A picker over the given legal moves only (the root: all of them, or those left after
    /// MultiPV and `searchmoves` took some out).
    pub fn from_moves(
        moves: MoveList,
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
        context: Context,
    ) -> Self {
        StagedPicker::with(Some(Box::new(moves)), tt_move, killers, counter, context)
    }

    fn with(
        all: Option<Box<MoveList>>,
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
        context: Context,
    ) -> Self {
        StagedPicker {
            stage: Stage::Table,
            tt_move,
            killers,
            counter,
            context,
            moves: Vec::new(),
            next: 0,
            bad_captures: Vec::new(),
            generated: all.as_ref().map_or(0, |list| list.len() as u64),
            all,
        }
    }

    /// How many moves were generated since the last call (the search's clock polling counts
    /// them).
    pub fn take_generated(&mut self) -> u64 {
        std::mem::take(&mut self.generated)
    }

    /// Calls `each` with every move of one stage but the table move: the moves `generate`
    /// makes where the position generates by parts, or else those of the moves generated
    /// at once that `belongs` to the stage.
    fn for_each_of_stage(
        &mut self,
        pos: &Position,
        generate: fn(&Position, &mut MoveList),
        belongs: fn(&Position, Move) -> bool,
        mut each: impl FnMut(&mut Self, Move),
    ) {
        let all = self.all.take();
        let mut generated = MoveList::new();
        if all.is_none() {
            generate(pos, &mut generated);
            self.generated += generated.len() as u64;
        }
        let tt_move = self.tt_move;
        let moves = all.as_deref().unwrap_or(&generated);
        for &m in moves.iter().filter(|&&m| m != tt_move && belongs(pos, m)) {
            each(self, m);
        }
        self.all = all;
    }

    /// The next move, or `None` when every legal move was handed out.
    pub fn next(&mut self, pos: &Position, histories: &Histories, values: &Values) -> Option<Move> {
        loop {
            match self.stage {
                Stage::Table => {
                    self.stage = Stage::GenerateCaptures;
                    let legal = match &self.all {
                        Some(all) => all.contains(self.tt_move),
                        None => pos.is_legal(self.tt_move),
                    };
                    if legal {
                        return Some(self.tt_move);
                    }
                    self.tt_move = Move::NONE;
                }
                Stage::GenerateCaptures => {
                    self.for_each_of_stage(
                        pos,
                        Position::generate_tactical,
                        Position::is_tactical,
                        |p, m| {
                            let score = capture_score(pos, m, histories, values);
                            // Losing captures score near BAD_CAPTURE, the others near CAPTURE.
                            if score < 0 {
                                p.bad_captures.push((m, score))
                            } else {
                                p.moves.push((m, score))
                            }
                        },
                    );
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    if let Some(m) = select(&mut self.moves, &mut self.next) {
                        return Some(m);
                    }
                    self.stage = Stage::GenerateQuiets;
                }
                Stage::GenerateQuiets => {
                    self.moves.clear();
                    self.next = 0;
                    let quiet = |pos: &Position, m: Move| !pos.is_tactical(m);
                    self.for_each_of_stage(pos, Position::generate_quiet, quiet, |p, m| {
                        let score = quiet_score(pos, m, histories, &p.context, p.killers, p.counter);
                        p.moves.push((m, score));
                    });
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if let Some(m) = select(&mut self.moves, &mut self.next) {
                        return Some(m);
                    }
                    // Swapped, not taken: both lists go back to the search for reuse.
                    std::mem::swap(&mut self.moves, &mut self.bad_captures);
                    self.next = 0;
                    self.stage = Stage::BadCaptures;
                }
                Stage::BadCaptures => {
                    if let Some(m) = select(&mut self.moves, &mut self.next) {
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

impl MovePicker {
    /// Captures and promotions already known not to lose material, by victim then attacker
    /// value (quiescence: no SEE again).
    pub fn tactical(pos: &Position, moves: &MoveList, values: &Values, list: Vec<(Move, i32)>) -> MovePicker {
        MovePicker::scored(moves, list, |m| {
            16 * gain(pos, m, values) - pos.piece_at(m.from()).map_or(0, |p| values.of(p.kind())) / 16
        })
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        select(&mut self.moves, &mut self.next)
    }
}
