//! Iterative deepening principal-variation search with aspiration windows, a transposition
//! table, quiescence search, check extension, null move, late-move reductions and futility
//! pruning, generic over the games: one search thread (`Worker`); `searcher` runs one or
//! several. It reports through a callback and never prints.

use crate::eval::{evaluate_with, EvalMode, Values};
use crate::game_params::{self, GameParams};
use crate::history::{Context, Histories, PieceTo};
use crate::limits::{Limits, Stability, TimePlan};
use crate::picker::{gain, MoveOrder, MovePicker, NodeLists, StagedPicker};
use crate::score::{from_table, outcome_score, to_table, Score, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use crate::see::{loses_material, see};
use crate::tt::{Bound, Entry, Table};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tinman_core::{Color, Move, MoveList, Outcome, Position};

/// Half-width of the first aspiration window around the previous iteration's score.
const ASPIRATION_WINDOW: i32 = 30;
/// Aspiration windows start from this depth.
const ASPIRATION_MIN_DEPTH: i32 = 4;
/// Null move: minimum depth, and the reduction `NULL_BASE + depth / NULL_DIVISOR`, plus a
/// ply per `NULL_EVAL_DIVISOR` of static evaluation above beta (at most `NULL_EVAL_MAX`).
const NULL_MIN_DEPTH: i32 = 3;
const NULL_BASE: i32 = 3;
const NULL_DIVISOR: i32 = 3;
const NULL_EVAL_DIVISOR: i32 = 200;
const NULL_EVAL_MAX: i32 = 3;
/// From this depth a null-move cutoff is verified by a search without null moves for the
/// side to move (zugzwang: the deep cutoffs are the expensive ones to get wrong).
const NULL_VERIFY_DEPTH: i32 = 12;
/// Reverse futility: at depth up to this, a static eval this far above beta per ply cuts.
const REVERSE_FUTILITY_DEPTH: i32 = 8;
const REVERSE_FUTILITY_MARGIN: i32 = 90;
/// Futility: quiet moves at depth up to this are skipped when eval + margin * depth < alpha.
const FUTILITY_DEPTH: i32 = 5;
const FUTILITY_BASE: i32 = 60;
const FUTILITY_MARGIN: i32 = 110;
/// Late-move pruning: at depth up to this, after `LMP_BASE + depth²` quiet moves, the rest
/// are skipped (ordering puts the moves that matter first).
const LMP_DEPTH: i32 = 5;
const LMP_BASE: usize = 3;
/// History pruning: at depth up to this, a quiet move whose history (the average of its
/// three tables) is below `-HISTORY_PRUNE_MARGIN * depth` is skipped.
const HISTORY_PRUNE_DEPTH: i32 = 4;
const HISTORY_PRUNE_MARGIN: i32 = 2500;
/// Late-move reductions: from this depth, after the first move (the first two in a
/// principal-variation node), reduce quiet moves.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_MIN_MOVES: usize = 1;
/// ...by a ply less per this much history: the sum of three tables (butterfly and two
/// continuations, each within ±16384) counts as their average.
const LMR_HISTORY_DIVISOR: i32 = 8192;
const LMR_HISTORY_SHARE: i32 = 3;
/// A reduced move that fails high by this much over the node's best score so far is
/// re-searched a ply deeper (Stockfish's `doDeeperSearch`)...
const LMR_DEEPER_MARGIN: i32 = 50;
/// ...and by less than this a ply shallower.
const LMR_SHALLOWER_MARGIN: i32 = 10;
/// A cutoff's history bonus (and the malus of the moves tried before it):
/// `SLOPE * depth - OFFSET`, at most `MAX`.
const HISTORY_BONUS_SLOPE: i32 = 170;
const HISTORY_BONUS_OFFSET: i32 = 100;
const HISTORY_BONUS_MAX: i32 = 1600;
/// Internal iterative reduction: from this depth, a node with no table move is searched a
/// ply shallower.
const IIR_MIN_DEPTH: i32 = 4;
/// Quiescence: a capture that cannot lift the score above alpha by this much is skipped.
const DELTA_MARGIN: i32 = 200;
/// Quiescence looks for a position without any move (it generates captures only) when the
/// side to move has this many units or fewer: only then is it likely, and cheap to test.
const STALEMATE_WATCH_UNITS: u32 = 6;
/// The evaluation shrinks toward a draw as the 50-move count grows: at `n` reversible plies it
/// is scaled by `(FIFTY_MOVE_FADE - n) / FIFTY_MOVE_FADE`, so the side that is ahead prefers
/// the capture or pawn move that makes progress to shuffling into the draw. The part that
/// stands for progress already made ([`crate::eval::unfaded`]) is not scaled.
const FIFTY_MOVE_FADE: i32 = 200;
/// Slots of each thread's evaluation cache (a power of two; 16 bytes each).
const EVAL_CACHE_SIZE: usize = 1 << 16;
/// Nodes between looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;
/// ...or fewer nodes, once they have generated this many moves: a node's cost grows with its
/// move list, and a Desert King inside a crowd has tens of thousands of jump chains (about a
/// millisecond each node), so 1024 such nodes would overrun a fast clock by seconds.
const CHECK_MOVES: u64 = 16_384;

/// Whether a node looks at the clock: every `CHECK_INTERVAL` nodes, or sooner once the nodes
/// since the last look have generated `CHECK_MOVES` moves.
fn poll_due(nodes: u64, moves_since_poll: u64) -> bool {
    nodes.is_multiple_of(CHECK_INTERVAL) || moves_since_poll >= CHECK_MOVES
}

/// What the search reports: after each iteration one report per line, `multipv` 1, 2, ...
/// in order, best first, every line a different root move. A line the search did not reach
/// again before it was stopped keeps the previous iteration's depth and score.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub nps: u64,
    pub pv: Vec<Move>,
    /// Which of the best lines this is (1 for the best).
    pub multipv: u32,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
}

/// One of the best lines of an iteration.
#[derive(Clone)]
struct Line {
    depth: u32,
    seldepth: u32,
    score: i32,
    pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Best move found; `None` when the side to move has no legal move.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    pub nodes: u64,
    pub depth: u32,
}

/// One search thread: its own ordering tables and principal variations, sharing the
/// transposition table, the stop flag and the node count with the others.
pub(crate) struct Worker {
    pub(crate) tt: Arc<Table>,
    /// Nodes of all threads, added in steps of `CHECK_INTERVAL`.
    shared_nodes: Arc<AtomicU64>,
    /// This worker's nodes already added to `shared_nodes`.
    flushed: u64,
    /// Only the main thread keeps time, reports and decides the move.
    main: bool,
    pub(crate) histories: Histories,
    killers: Vec<[Move; 2]>,
    /// The move made at each ply of the current line (`None` for a null move).
    line: Vec<Option<PieceTo>>,
    /// Per ply, the static evaluation of the current line's node (`-INFINITE` in check).
    evals: Vec<i32>,
    stop: Arc<AtomicBool>,
    nodes: u64,
    /// Moves generated since the last look at the clock.
    moves_since_poll: u64,
    seldepth: usize,
    start: Instant,
    plan: TimePlan,
    node_limit: Option<u64>,
    values: Option<(&'static str, EvalMode, Values)>,
    pub(crate) eval_mode: EvalMode,
    /// The game's own search parameters, set at each search's start.
    params: GameParams,
    /// Evaluations by position key (a slot per key, overwritten): the same leaf is reached by
    /// many move orders, and the evaluation is the most expensive part of a node.
    eval_cache: Vec<(u64, i32)>,
    pv: Vec<Vec<Move>>,
    /// Per ply, the lists its nodes lend to their pickers and fill with the moves tried.
    node_lists: Vec<NodeLists>,
    /// Root moves this search may play (`searchmoves` minus lines already reported).
    root_moves: Vec<Move>,
    /// Plies this worker searches beyond the iteration's depth (helpers: depth diversity).
    pub(crate) depth_offset: i32,
    /// Null moves are not tried before this ply (a null-move verification search runs).
    null_min_ply: usize,
    /// A draw's score for the side to move at the root (`-Limits::contempt`); the other side
    /// scores it the opposite.
    root_draw: i32,
    root_side: Color,
}

impl Worker {
    pub(crate) fn new(
        tt: Arc<Table>,
        stop: Arc<AtomicBool>,
        shared_nodes: Arc<AtomicU64>,
        main: bool,
    ) -> Worker {
        Worker {
            tt,
            shared_nodes,
            flushed: 0,
            main,
            histories: Histories::new(),
            killers: vec![[Move::NONE; 2]; MAX_PLY + 1],
            line: vec![None; MAX_PLY + 1],
            evals: vec![-INFINITE; MAX_PLY + 1],
            stop,
            nodes: 0,
            moves_since_poll: 0,
            seldepth: 0,
            start: Instant::now(),
            plan: TimePlan { soft: None, hard: None },
            node_limit: None,
            values: None,
            eval_mode: EvalMode::Full,
            params: GameParams::default(),
            eval_cache: vec![(0, 0); EVAL_CACHE_SIZE],
            pv: vec![Vec::new(); MAX_PLY + 1],
            node_lists: (0..=MAX_PLY).map(|_| NodeLists::default()).collect(),
            root_moves: Vec::new(),
            null_min_ply: 0,
            depth_offset: 0,
            root_draw: 0,
            root_side: Color::White,
        }
    }

    /// Nodes searched by all threads so far.
    fn total_nodes(&self) -> u64 {
        self.shared_nodes.load(Ordering::Relaxed) + self.nodes - self.flushed
    }

    /// Searches `pos` within `limits`, calling `report` after every completed iteration.
    pub(crate) fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.start = Instant::now();
        let (plan, node_limit) = (limits.time_plan(), limits.nodes);
        (self.plan, self.node_limit) =
            if self.main { (plan, node_limit) } else { (TimePlan { soft: None, hard: None }, None) };
        self.nodes = 0;
        self.root_draw = -limits.contempt;
        self.root_side = pos.side_to_move();
        self.moves_since_poll = 0;
        self.flushed = 0;
        self.killers.iter_mut().for_each(|k| *k = [Move::NONE; 2]);
        self.histories.prepare(pos.variant());
        self.params = game_params::for_variant(pos.variant());
        // The mode or the game may have changed since the last search.
        self.eval_cache.iter_mut().for_each(|e| *e = (0, 0));
        if self
            .values
            .as_ref()
            .is_none_or(|(name, mode, _)| *name != pos.variant().name || *mode != self.eval_mode)
        {
            self.values =
                Some((pos.variant().name, self.eval_mode, Values::for_mode(pos.variant(), self.eval_mode)));
        }
        let mut pos = pos.clone();
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        let allowed: Vec<Move> = if limits.search_moves.is_empty() {
            legal
        } else {
            legal.into_iter().filter(|m| limits.search_moves.contains(m)).collect()
        };
        let mut result = SearchResult {
            best: allowed.first().copied(),
            ponder: None,
            score: Score::Centipawns(0),
            nodes: 0,
            depth: 0,
        };
        if allowed.is_empty() {
            return result;
        }
        let lines = limits.multi_pv.clamp(1, allowed.len());
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1) as i32;
        // The last complete set of lines, best first.
        let mut best_lines: Vec<Line> = Vec::new();
        let mut stability = Stability::default();
        for iteration in 1..=max_depth {
            let depth = (iteration + self.depth_offset).min(max_depth);
            let mut found: Vec<Line> = Vec::new();
            let mut interrupted = false;
            for slot in 0..lines {
                self.seldepth = 0;
                self.root_moves =
                    allowed.iter().copied().filter(|&m| found.iter().all(|l| l.pv[0] != m)).collect();
                let guess = best_lines.get(slot).map_or(0, |l| l.score);
                let score = self.aspiration(&mut pos, depth, guess);
                // A stopped depth 1 keeps the root moves it finished (the first legal move
                // when none), so there is always a move to play.
                if self.stopped() && depth > 1 {
                    interrupted = true;
                    break;
                }
                let pv = self.pv[0].clone();
                if pv.is_empty() {
                    break;
                }
                found.push(Line { depth: depth as u32, seldepth: self.seldepth as u32, score, pv });
            }
            if found.is_empty() {
                break;
            }
            // One consistent set, as GUIs show it: this depth's lines by score (a later line
            // can come out above an earlier one: the searches differ in their move sets), and
            // after a stop the previous depth's lines for the moves not reached again.
            found.sort_by_key(|l| std::cmp::Reverse(l.score));
            for old in &best_lines {
                if found.len() < lines && found.iter().all(|l| l.pv[0] != old.pv[0]) {
                    found.push(old.clone());
                }
            }
            best_lines = found;
            let best = &best_lines[0];
            if !interrupted {
                stability.record(best.pv[0], best.score);
            }
            result.best = Some(best.pv[0]);
            result.ponder = best.pv.get(1).copied();
            result.score = Score::from_internal(best.score);
            result.depth = best.depth;
            let time = self.start.elapsed();
            let (nodes, hashfull) = (self.total_nodes(), self.tt.hashfull());
            for (i, line) in best_lines.iter().enumerate() {
                report(&SearchInfo {
                    depth: line.depth,
                    seldepth: line.seldepth,
                    score: Score::from_internal(line.score),
                    nodes,
                    time,
                    nps: (nodes as u128 * 1_000_000 / time.as_micros().max(1)) as u64,
                    pv: line.pv.clone(),
                    multipv: i as u32 + 1,
                    hashfull,
                });
            }
            if interrupted {
                break;
            }
            if let (Some(mate), Score::Mate(m)) = (limits.mate, result.score) {
                if m > 0 && m as u32 <= mate {
                    break;
                }
            }
            // Under a clock the planned time stretches while the best move is unsettled or the
            // score falls, and shrinks while it stays the same (a fixed time is used as given).
            let soft = match (self.plan.soft, limits.clock.is_some()) {
                (Some(soft), true) => Some(stability.scaled(soft).min(self.plan.hard.unwrap_or(soft))),
                (soft, _) => soft,
            };
            if soft.is_some_and(|soft| self.start.elapsed() >= soft) {
                break;
            }
            // A forced move needs no more thought under a clock.
            if allowed.len() == 1 && limits.clock.is_some() {
                break;
            }
        }
        self.flush_nodes();
        result.nodes = self.total_nodes();
        result
    }

    fn aspiration(&mut self, pos: &mut Position, depth: i32, previous: i32) -> i32 {
        if depth < ASPIRATION_MIN_DEPTH || previous.abs() > MATE_BOUND {
            return self.pvs(pos, depth, 0, -INFINITE, INFINITE, true, false);
        }
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let score = self.pvs(pos, depth, 0, alpha, beta, true, false);
            if self.stopped() {
                return score;
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (beta + delta).min(INFINITE);
            } else {
                return score;
            }
            delta *= 2;
        }
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Looks at the clock, node limit and stop flag now and then.
    fn poll(&mut self) {
        // A node limit is met exactly (one thread) so that small limits (`go nodes 100`)
        // mean what they say, not the next multiple of `CHECK_INTERVAL`.
        if self.node_limit.is_some_and(|n| self.total_nodes() >= n) {
            self.stop.store(true, Ordering::Relaxed);
        }
        if !poll_due(self.nodes, self.moves_since_poll) {
            return;
        }
        self.moves_since_poll = 0;
        self.flush_nodes();
        let over_time = self.plan.hard.is_some_and(|hard| self.start.elapsed() >= hard);
        let over_nodes = self.node_limit.is_some_and(|n| self.total_nodes() >= n);
        if over_time || over_nodes {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    fn flush_nodes(&mut self) {
        self.shared_nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    fn values(&self) -> &Values {
        &self.values.as_ref().expect("values set at search start").2
    }

    fn evaluate(&mut self, pos: &Position) -> i32 {
        let key = pos.hash();
        let slot = (key as usize) & (EVAL_CACHE_SIZE - 1);
        let (cached_key, cached) = self.eval_cache[slot];
        let eval = if cached_key == key && key != 0 {
            cached
        } else {
            let eval = evaluate_with(pos, self.values(), self.eval_mode);
            self.eval_cache[slot] = (key, eval);
            eval
        };
        match self.eval_mode {
            EvalMode::Full | EvalMode::HandSet => {
                let kept = crate::eval::unfaded(pos, self.values());
                kept + (eval - kept) * (FIFTY_MOVE_FADE - pos.halfmove_clock() as i32).max(0)
                    / FIFTY_MOVE_FADE
            }
            EvalMode::MaterialOnly => eval,
        }
    }

    /// The static evaluation plus what the correction history learned about such positions.
    fn corrected_evaluation(&mut self, pos: &Position) -> i32 {
        let eval = self.evaluate(pos);
        (eval + self.histories.correction(pos)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A draw's score for the side to move in `pos` (0 without contempt).
    fn draw_score(&self, pos: &Position) -> i32 {
        if pos.side_to_move() == self.root_side {
            self.root_draw
        } else {
            -self.root_draw
        }
    }

    /// A game's end scored for the side to move (a draw with the contempt).
    fn outcome(&self, outcome: Outcome, pos: &Position, ply: usize) -> i32 {
        match outcome {
            Outcome::Draw(_) => self.draw_score(pos),
            win => outcome_score(win, pos.side_to_move(), ply),
        }
    }

    /// Score of a node whose game the rules or the draw rules have ended, if so.
    fn terminal(&self, pos: &Position, ply: usize) -> Option<i32> {
        if let Some(outcome) = pos.variant().rules.and_then(|r| r.decided(pos)) {
            return Some(self.outcome(outcome, pos, ply));
        }
        if ply > 0 && (pos.halfmove_clock() >= 100 || pos.repetitions() >= 1) {
            return Some(self.draw_score(pos));
        }
        None
    }

    /// A side that can repeat a position of the game with its next move holds at least the
    /// draw: `alpha` rises to it, and the draw is returned as the floor of the node's score
    /// (the caller returns it at once when it reaches `beta`, and never returns less).
    /// Without it a table score or a static cut-off below the draw hides the repetition (a
    /// +7 ending against Sjaak II drawn by a check that let the King back, docs/search.md).
    fn repetition_floor(&self, pos: &mut Position, ply: usize, alpha: &mut i32) -> Option<i32> {
        if ply == 0 {
            return None;
        }
        let draw = self.draw_score(pos);
        if *alpha < draw && pos.can_repeat() {
            *alpha = draw;
            return Some(draw);
        }
        None
    }

    /// Score when the side to move has no legal move.
    fn no_moves(&self, pos: &Position, ply: usize) -> i32 {
        match pos.variant().rules {
            Some(rules) => self.outcome(rules.no_moves(pos), pos, ply),
            None if pos.in_check() => -(MATE - ply as i32),
            None => self.draw_score(pos),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn pvs(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        let floor = self.repetition_floor(pos, ply, &mut alpha);
        if let Some(draw) = floor.filter(|&draw| draw >= beta) {
            return draw;
        }
        // No line from here can win faster than a win now, or lose slower than a loss now.
        if ply > 0 {
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = pos.in_check();
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiescence(pos, ply, alpha, beta);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.poll();
        if self.stopped() && ply > 0 {
            return 0;
        }

        let key = pos.hash();
        let entry = self.tt.probe(key);
        let tt_move = entry.map_or(Move::NONE, |e| e.mv);
        if let Some(e) = entry {
            let score = from_table(e.score, ply);
            if !pv_node && e.depth >= depth && bound_decides(e.bound, score, alpha, beta) {
                return at_least(score, floor);
            }
        }

        // In check nothing prunes, so no static evaluation is needed.
        let static_eval = if in_check { -INFINITE } else { self.corrected_evaluation(pos) };
        // Improving: the static evaluation is above the one of our previous move (two plies
        // up). Where it is not, a position is less likely to come good: prune and reduce more.
        self.evals[ply] = static_eval;
        let improving =
            !in_check && ply >= 2 && self.evals[ply - 2] != -INFINITE && static_eval > self.evals[ply - 2];
        // The pruning decisions take the table's score where its bound says the position is
        // better (a lower bound above) or worse (an upper bound below) than it looks: a
        // searched score is a better estimate than a static one.
        let eval = if in_check { static_eval } else { sharpened(static_eval, entry, ply) };
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            if depth <= REVERSE_FUTILITY_DEPTH
                && eval - REVERSE_FUTILITY_MARGIN * (depth - improving as i32) >= beta
            {
                return eval;
            }
            if depth >= NULL_MIN_DEPTH && eval >= beta && ply >= self.null_min_ply && null_move_safe(pos) {
                self.line[ply] = None;
                pos.make_null();
                let reduction =
                    NULL_BASE + depth / NULL_DIVISOR + ((eval - beta) / NULL_EVAL_DIVISOR).min(NULL_EVAL_MAX);
                let null_depth = depth - 1 - reduction;
                let score = -self.pvs(pos, null_depth, ply + 1, -beta, -beta + 1, false, !cut_node);
                pos.unmake_null();
                if self.stopped() {
                    return 0;
                }
                if score >= beta {
                    let score = if score > MATE_BOUND { beta } else { score };
                    if depth < NULL_VERIFY_DEPTH || self.null_min_ply > 0 {
                        return score;
                    }
                    // Verified by the same depth in which neither side may pass for a while.
                    self.null_min_ply = ply + (3 * null_depth.max(0) / 4) as usize;
                    let verified = self.pvs(pos, null_depth, ply, beta - 1, beta, false, false);
                    self.null_min_ply = 0;
                    if verified >= beta {
                        return score;
                    }
                }
            }
        }

        // A node the table knows no move for is searched a ply shallower: without a good first
        // move the full depth is mostly wasted, and the next iteration will have one.
        let depth = if tt_move.is_none() && depth >= IIR_MIN_DEPTH && !in_check { depth - 1 } else { depth };

        let killers = self.killers[ply];
        let context = self.context(ply);
        let counter = self.histories.counter(&context);
        // The root searches only the moves it is given (MultiPV, searchmoves).
        let mut restricted = false;
        let mut picker = if ply == 0 {
            let mut moves = pos.legal_moves();
            let all = moves.len();
            let root = &self.root_moves;
            moves.retain(|m| root.contains(&m));
            restricted = moves.len() < all;
            StagedPicker::from_moves(moves, tt_move, killers, counter, context)
        } else {
            StagedPicker::new(tt_move, killers, counter, context)
        };
        let mut lists = std::mem::take(&mut self.node_lists[ply]);
        picker.lend(&mut lists);
        let futile = !pv_node
            && !in_check
            && depth <= FUTILITY_DEPTH
            && eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha;
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        // Moves handed out so far (pruned ones included).
        let mut handed = 0;
        while let Some(m) = picker.next(pos, &self.histories, self.values()) {
            self.moves_since_poll += picker.take_generated();
            let index = handed;
            handed += 1;
            let capture = pos.is_capture(m);
            let quiet = !capture && m.promoted().is_none();
            let history = if quiet { self.histories.quiet(pos, m, &context) / LMR_HISTORY_SHARE } else { 0 };
            self.line[ply] = Some(self.histories.piece_to(pos, m));
            pos.make(m);
            self.tt.prefetch(pos.hash());
            let gives_check = pos.in_check();
            // Check extension: a check that does not lose material is searched a ply deeper
            // (a losing check, a sacrifice, is not: most are just losing).
            let extension = if gives_check {
                pos.unmake();
                let sound = see(pos, m, self.values()) >= 0;
                pos.make(m);
                sound as i32
            } else {
                0
            };
            let new_depth = depth - 1 + extension;
            // A quiet move that gives check may start a combination: never pruned.
            let late = !pv_node
                && !in_check
                && depth <= LMP_DEPTH
                && lists.quiets_tried.len()
                    >= (LMP_BASE + (depth * depth) as usize) / (2 - improving as usize);
            let unpromising = !pv_node
                && !in_check
                && depth <= HISTORY_PRUNE_DEPTH
                && history < -HISTORY_PRUNE_MARGIN * depth;
            if (futile || late || unpromising) && quiet && !gives_check && index > 0 && best > -MATE_BOUND {
                pos.unmake();
                continue;
            }
            let mut score;
            if index == 0 {
                score = -self.pvs(pos, new_depth, ply + 1, -beta, -alpha, pv_node, !pv_node && !cut_node);
            } else {
                let reduce = depth >= LMR_MIN_DEPTH
                    && index >= LMR_MIN_MOVES + pv_node as usize
                    && quiet
                    && !in_check
                    && !gives_check
                    && !killers.contains(&m);
                // Principal-variation nodes reduce one ply less: their moves matter most.
                // ...and moves that often cut elsewhere (history) one ply less, or more if not.
                let reduction = if reduce {
                    (lmr_reduction(depth, index, self.params.lmr_divisor) - pv_node as i32
                        + !improving as i32
                        + cut_node as i32
                        - history / LMR_HISTORY_DIVISOR)
                        .clamp(1, (depth - 2).max(1))
                } else {
                    0
                };
                score = -self.pvs(pos, new_depth - reduction, ply + 1, -alpha - 1, -alpha, false, true);
                if score > alpha && reduction > 0 {
                    // How far the reduced search beat the best so far sets the re-search's
                    // depth: well above it a ply deeper, barely above it a ply shallower.
                    let deeper = score > best + LMR_DEEPER_MARGIN;
                    let shallower = score < best + LMR_SHALLOWER_MARGIN;
                    let research_depth = new_depth + deeper as i32 - shallower as i32;
                    if research_depth > new_depth - reduction {
                        score = -self.pvs(pos, research_depth, ply + 1, -alpha - 1, -alpha, false, !cut_node);
                    }
                }
                if score > alpha && score < beta && pv_node {
                    score = -self.pvs(pos, new_depth, ply + 1, -beta, -alpha, true, false);
                }
            }
            pos.unmake();
            if self.stopped() {
                if ply > 0 {
                    return 0;
                }
                // At the root the interrupted move's score is no score (its subtree returned
                // zeros): the moves searched before it decide, as in every later iteration.
                break;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    let child = std::mem::take(&mut self.pv[ply + 1]);
                    self.pv[ply].clear();
                    self.pv[ply].push(m);
                    self.pv[ply].extend_from_slice(&child);
                    self.pv[ply + 1] = child;
                    if alpha >= beta {
                        self.reward_cutoff(
                            pos,
                            m,
                            depth,
                            ply,
                            quiet,
                            &lists.quiets_tried,
                            &lists.captures_tried,
                        );
                        break;
                    }
                }
            }
            if quiet {
                lists.quiets_tried.push(m);
            } else if capture {
                lists.captures_tried.push(m);
            }
        }
        picker.give_back(&mut lists);
        self.node_lists[ply] = lists;
        if handed == 0 {
            return self.no_moves(pos, ply);
        }
        // Moves pruned against the raised alpha leave a fail-low score below the draw the
        // repetition holds (a 1 v 1 Wazir race scored as lost in 27).
        let below_floor = floor.is_some_and(|draw| best < draw);
        let best = at_least(best, floor);
        // A root searched without some moves (MultiPV, searchmoves, or a stop) must not teach
        // the table.
        if !self.stopped() && !restricted {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, best_move, to_table(best, ply), depth, bound);
            // The result teaches the correction history where it is a better estimate than
            // the static evaluation: not in check, not after a capture (the gain explains
            // it), and a bound only on its own side of the evaluation.
            let informative = match bound {
                Bound::Exact => true,
                Bound::Lower => best > static_eval,
                Bound::Upper => best < static_eval,
            };
            if !in_check
                && !self.stopped()
                && informative
                && !below_floor
                && best.abs() < MATE_BOUND
                && (best_move.is_none() || !pos.is_tactical(best_move))
            {
                self.histories.update_correction(pos, best, static_eval, depth);
            }
        }
        best
    }

    /// The moves made one and two plies before `ply`.
    fn context(&self, ply: usize) -> Context {
        let at = |back: usize| if ply >= back { self.line[ply - back] } else { None };
        Context { before: [at(1), at(2)] }
    }

    /// `m` cut off: it is rewarded (as a killer and counter move too, if quiet), and the
    /// moves tried before it without success are punished.
    #[allow(clippy::too_many_arguments)]
    fn reward_cutoff(
        &mut self,
        pos: &Position,
        m: Move,
        depth: i32,
        ply: usize,
        quiet: bool,
        quiets_tried: &[Move],
        captures_tried: &[Move],
    ) {
        let bonus = (HISTORY_BONUS_SLOPE * depth - HISTORY_BONUS_OFFSET).clamp(0, HISTORY_BONUS_MAX);
        let context = self.context(ply);
        if quiet {
            let killers = &mut self.killers[ply];
            if killers[0] != m {
                killers[1] = killers[0];
                killers[0] = m;
            }
            self.histories.set_counter(&context, m);
            self.histories.update_quiet(pos, m, &context, bonus);
            for &other in quiets_tried {
                self.histories.update_quiet(pos, other, &context, -bonus);
            }
        } else if pos.is_capture(m) {
            self.histories.update_capture(pos, m, bonus);
        }
        for &other in captures_tried {
            self.histories.update_capture(pos, other, -bonus);
        }
    }

    /// Captures (and promotions) until the position is quiet; all moves when in check.
    fn quiescence(&mut self, pos: &mut Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.poll();
        if self.stopped() {
            return 0;
        }
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        let floor = self.repetition_floor(pos, ply, &mut alpha);
        if let Some(draw) = floor.filter(|&draw| draw >= beta) {
            return draw;
        }
        // The main search's verdicts hold here too: quiescence is its depth 0.
        let entry = self.tt.probe(pos.hash());
        if let Some(e) = entry {
            let score = from_table(e.score, ply);
            if bound_decides(e.bound, score, alpha, beta) {
                return at_least(score, floor);
            }
        }
        let in_check = pos.in_check();
        // With a few units left a side may have no move at all, which decides the game
        // (`imawazir`: a loss; `desertoasis`: a draw) whatever the evaluation says: a
        // quiescence that stood pat there let Tinman, 21 units to 2, take the unit that left
        // the other side without a move (a draw against the depth-1 gauge, docs/search.md).
        if !in_check
            && pos.color_set(pos.side_to_move()).count() <= STALEMATE_WATCH_UNITS
            && pos.legal_moves().is_empty()
        {
            return self.no_moves(pos, ply);
        }
        let static_eval = self.corrected_evaluation(pos);
        // Standing pat, a searched score is a better guess too.
        let stand_pat = if in_check { static_eval } else { sharpened(static_eval, entry, ply) };
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        if ply >= MAX_PLY - 1 {
            return at_least(stand_pat, floor);
        }
        // In check every evasion; else only captures and promotions are generated (a side
        // without any move is seen above only when it has few units; the main search sees
        // every such position).
        let mut moves = MoveList::new();
        if in_check {
            pos.generate_legal(&mut moves);
        } else {
            pos.generate_tactical(&mut moves);
        }
        self.moves_since_poll += moves.len() as u64;
        if moves.is_empty() && in_check {
            return self.no_moves(pos, ply);
        }
        let mut tactical = MoveList::new();
        for &m in &moves {
            let won = gain(pos, m, self.values());
            if !in_check && stand_pat + won + DELTA_MARGIN <= alpha {
                continue;
            }
            // A capture that loses material in the exchange cannot help a quiet position.
            // (unless it gives check: sacrifices on the King are how combinations start).
            if !in_check && loses_material(pos, m, won, self.values()) && !gives_check(pos, m) {
                continue;
            }
            tactical.push(m);
        }
        let list = std::mem::take(&mut self.node_lists[ply].quiescence);
        let mut picker = if in_check {
            let order = MoveOrder {
                histories: &self.histories,
                context: self.context(ply),
                killers: [Move::NONE; 2],
                counter: Move::NONE,
            };
            MovePicker::new(pos, &tactical, Move::NONE, &order, self.values(), list)
        } else {
            MovePicker::tactical(pos, &tactical, self.values(), list)
        };
        let mut best = if in_check { -INFINITE } else { stand_pat };
        let mut best_move = Move::NONE;
        for m in picker.by_ref() {
            self.line[ply] = Some(self.histories.piece_to(pos, m));
            pos.make(m);
            self.tt.prefetch(pos.hash());
            let score = -self.quiescence(pos, ply + 1, -beta, -alpha);
            pos.unmake();
            if self.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.node_lists[ply].quiescence = picker.into_list();
        let best = at_least(best, floor);
        // Stored as depth 0, and only as a bound: an exact store would overwrite a deeper
        // entry of the same position.
        let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
        self.tt.store(pos.hash(), best_move, to_table(best, ply), 0, bound);
        best
    }
}

/// `eval`, or the table's score where the entry's bound says the position is better (a
/// lower bound above) or worse (an upper bound below) than `eval`: a searched score is a
/// better estimate than a static one.
fn sharpened(eval: i32, entry: Option<Entry>, ply: usize) -> i32 {
    let Some(e) = entry else { return eval };
    let score = from_table(e.score, ply);
    let sharper = match e.bound {
        Bound::Exact => true,
        Bound::Lower => score > eval,
        Bound::Upper => score < eval,
    };
    if sharper && score.abs() < MATE_BOUND {
        score
    } else {
        eval
    }
}

/// `score`, but not below the repetition floor if the node has one.
fn at_least(score: i32, floor: Option<i32>) -> i32 {
    floor.map_or(score, |draw| score.max(draw))
}

/// Whether a table score with this bound settles a node searched with window (alpha, beta).
fn bound_decides(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

/// Whether `m` checks the opponent.
fn gives_check(pos: &mut Position, m: Move) -> bool {
    pos.make(m);
    let check = pos.in_check();
    pos.unmake();
    check
}

/// Plies to reduce a late quiet move: ln(depth) · ln(index) / `divisor` (the game's).
fn lmr_reduction(depth: i32, index: usize, divisor: f32) -> i32 {
    let r = ((depth as f32).ln() * (index as f32).ln() / divisor) as i32;
    r.clamp(1, depth - 2)
}

/// Null move only where zugzwang is rare: a game with a King, and the side to move has a piece
/// besides King and pawns. Games without a King (`imawazir`, `desertoasis`) are full of
/// zugzwang-like races, so they never pass.
fn null_move_safe(pos: &Position) -> bool {
    let v = pos.variant();
    let Some(royal) = v.royal else { return false };
    let us = pos.side_to_move();
    let pawns = v.pawn.map_or(tinman_core::Bitboard::EMPTY, |p| pos.pieces(us, p));
    !(pos.color_set(us) - pawns - pos.pieces(us, royal)).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_read_every_interval_or_after_many_generated_moves() {
        assert!(poll_due(CHECK_INTERVAL, 0));
        assert!(poll_due(3 * CHECK_INTERVAL, 0));
        assert!(!poll_due(CHECK_INTERVAL + 1, 0));
        // A Desert King in a crowd: a few nodes with tens of thousands of chains each.
        assert!(!poll_due(5, CHECK_MOVES - 1));
        assert!(poll_due(5, CHECK_MOVES));
    }
}
