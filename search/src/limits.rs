//! What bounds a search, and the time manager that turns a clock into a budget.

use std::time::Duration;
use tinman_core::Move;

/// A chess clock for the side to move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// Limits of one search; with none set the search runs until stopped.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub move_time: Option<Duration>,
    pub clock: Option<Clock>,
    /// Stop once a mate in this many moves is found.
    pub mate: Option<u32>,
    /// Search only these root moves (all when empty).
    pub search_moves: Vec<tinman_core::Move>,
    /// Number of best lines to find and report (1 when 0).
    pub multi_pv: usize,
    /// Time kept back from every budget for the GUI round trip (the default when `None`).
    pub move_overhead: Option<Duration>,
    /// Time the clock has lately lost per move beyond the search (measured by the protocol
    /// layer from the GUI's clocks): on a small increment it is not there to spend.
    pub lost_per_move: Duration,
    /// What a draw costs the side to move at the root, in centipawns (and gives its
    /// opponent): above zero the engine plays on rather than repeat or shuffle into a draw
    /// it could avoid, below zero it takes draws more readily. 0: a draw is worth 0.
    pub contempt: i32,
}

/// Time kept back from every budget for the protocol round trip and process scheduling,
/// unless the limits say otherwise.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(30);
/// Moves assumed left when the clock does not say.
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// Under a clock this many move overheads (300 ms by default) are never planned, or half the
/// remaining time when that is less: playing on the increment, a clock kept at the overhead
/// alone is lost to one scheduling hiccup of a loaded machine (two forfeits in 200 games at
/// 5+0.05 while a test run shared the cores, one by each build).
const RESERVE_OVERHEADS: u32 = 10;
/// With an increment, a clock below this many reserves is rebuilt: the search plans
/// `LOW_CLOCK_SOFT_PERCENT` of the increment and stops by the increment itself.
const FLOOR_RESERVES: u32 = 2;
const LOW_CLOCK_SOFT_PERCENT: u32 = 50;
/// The hard limit may reach this many times the planned time...
const HARD_LIMIT_FACTOR: u32 = 4;
/// ...but never more than this fraction of the remaining time (1 / n).
const MAX_SHARE_OF_CLOCK: u32 = 3;

/// The time plan of one search: `soft` ends iterative deepening between iterations,
/// `hard` stops the search wherever it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl Limits {
    pub fn time_plan(&self) -> TimePlan {
        let overhead = self.move_overhead.unwrap_or(DEFAULT_MOVE_OVERHEAD);
        if let Some(t) = self.move_time {
            let t = t.saturating_sub(overhead).max(Duration::from_millis(1));
            return TimePlan { soft: Some(t), hard: Some(t) };
        }
        let Some(clock) = self.clock else { return TimePlan { soft: None, hard: None } };
        let reserve = (overhead * RESERVE_OVERHEADS).min(clock.remaining / 2);
        let usable = clock.remaining.saturating_sub(overhead).saturating_sub(reserve);
        let moves = clock.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
        let mut planned = usable / moves + clock.increment * 3 / 4;
        let cap = usable / MAX_SHARE_OF_CLOCK;
        let mut hard_cap = cap;
        // Playing on the increment below the floor, the search spends less than what is left
        // of the increment after a move's loss outside the search, so that the clock climbs
        // back: otherwise it settles where the cap meets the increment (60-150 ms at 1+0.01),
        // and one hiccup of a loaded machine loses on time.
        if !clock.increment.is_zero() && clock.remaining < overhead * RESERVE_OVERHEADS * FLOOR_RESERVES {
            let spare = clock.increment.saturating_sub(self.lost_per_move);
            planned = planned.min(spare * LOW_CLOCK_SOFT_PERCENT / 100);
            hard_cap = hard_cap.min(spare);
        }
        let soft = planned.min(cap).max(Duration::from_millis(1));
        let hard = (planned * HARD_LIMIT_FACTOR).min(hard_cap).max(soft);
        TimePlan { soft: Some(soft), hard: Some(hard) }
    }
}

/// How settled iterative deepening is: iterations in a row with the same best move, and the
/// last score against the one before.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stability {
    best: Option<Move>,
    same_best: u32,
    last_score: Option<i32>,
    score_drop: i32,
}

/// Planned time in percent by iterations with an unchanged best move: 0 (it just changed), 1,
/// 2-3, 4 or more.
const STABILITY_PERCENT: [u32; 4] = [150, 100, 85, 70];
/// A score this much below the last iteration's (centipawns) means trouble...
const SCORE_DROP: i32 = 30;
/// ...and the planned time is scaled by this (percent) on top.
const SCORE_DROP_PERCENT: u32 = 130;

impl Stability {
    /// Notes an iteration's best move and score.
    pub fn record(&mut self, best: Move, score: i32) {
        self.same_best = if self.best == Some(best) { self.same_best + 1 } else { 0 };
        self.best = Some(best);
        self.score_drop = self.last_score.map_or(0, |last| last - score);
        self.last_score = Some(score);
    }

    /// The planned (soft) time stretched or shrunk by how settled the search is.
    pub fn scaled(&self, planned: Duration) -> Duration {
        let index = match self.same_best {
            0 => 0,
            1 => 1,
            2 | 3 => 2,
            _ => 3,
        };
        let drop = if self.score_drop >= SCORE_DROP { SCORE_DROP_PERCENT } else { 100 };
        planned * STABILITY_PERCENT[index] / 100 * drop / 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_never_exceed_a_third_of_the_clock() {
        for ms in [5u64, 50, 1_000, 60_000, 3_600_000] {
            for inc in [0u64, 100, 5_000] {
                let limits = Limits {
                    clock: Some(Clock {
                        remaining: Duration::from_millis(ms),
                        increment: Duration::from_millis(inc),
                        moves_to_go: None,
                    }),
                    ..Limits::default()
                };
                let plan = limits.time_plan();
                let hard = plan.hard.unwrap();
                assert!(plan.soft.unwrap() <= hard);
                assert!(
                    hard <= Duration::from_millis(ms / 3).max(Duration::from_millis(1)),
                    "{ms} {inc}: {hard:?}"
                );
            }
        }
    }

    #[test]
    fn a_low_clock_keeps_a_reserve() {
        for ms in [100u64, 400, 700, 2_000] {
            let limits = Limits {
                clock: Some(Clock {
                    remaining: Duration::from_millis(ms),
                    increment: Duration::from_millis(50),
                    moves_to_go: None,
                }),
                ..Limits::default()
            };
            let hard = limits.time_plan().hard.unwrap().as_millis() as u64;
            let reserve = (DEFAULT_MOVE_OVERHEAD.as_millis() as u64 * RESERVE_OVERHEADS as u64).min(ms / 2);
            assert!(ms - hard >= reserve, "{ms}: {hard}");
            // ...and the plan still uses the increment's worth once the clock holds more.
            if ms >= 2_000 {
                assert!(hard >= 50, "{ms}: {hard}");
            }
        }
    }

    #[test]
    fn unsettled_searches_get_more_time() {
        let (a, b) = (Move::from_bits(1), Move::from_bits(2));
        let planned = Duration::from_millis(1000);
        let mut s = Stability::default();
        s.record(a, 10);
        assert_eq!(s.scaled(planned), Duration::from_millis(1500));
        for _ in 0..4 {
            s.record(a, 10);
        }
        assert_eq!(s.scaled(planned), Duration::from_millis(700));
        s.record(b, -50);
        assert_eq!(s.scaled(planned), Duration::from_millis(1950));
    }

    /// The lowest clock (ms) over a game of `moves` moves at `base`+`inc` ms in which every
    /// search ends halfway between its soft and hard limits and `lost` ms more go by outside
    /// the search (protocol, scheduling), after the first `settle` moves; the plan is told
    /// that `told` ms are lost a move.
    fn lowest_clock(base: u64, inc: u64, lost: u64, told: u64, moves: usize, settle: usize) -> i64 {
        let mut clock = base as i64;
        let mut lowest = i64::MAX;
        for n in 0..moves {
            let limits = Limits {
                clock: Some(Clock {
                    remaining: Duration::from_millis(clock.max(0) as u64),
                    increment: Duration::from_millis(inc),
                    moves_to_go: None,
                }),
                lost_per_move: Duration::from_millis(told),
                ..Limits::default()
            };
            let plan = limits.time_plan();
            let spent = (plan.soft.unwrap() + plan.hard.unwrap()).as_millis() as i64 / 2 + lost as i64;
            clock = clock - spent + inc as i64;
            if n >= settle {
                lowest = lowest.min(clock);
            }
        }
        lowest
    }

    #[test]
    fn playing_on_the_increment_keeps_a_cushion() {
        // 1+0.01 with 3 ms lost a move (as desertoasis games on a loaded machine): the clock
        // used to settle near 100 ms, where one 90 ms hiccup lost the game.
        for (base, inc, lost) in [(1_000, 10, 3), (1_000, 10, 0), (5_000, 50, 5), (60_000, 600, 10)] {
            let lowest = lowest_clock(base, inc, lost, 0, 600, 100);
            let reserve = (DEFAULT_MOVE_OVERHEAD * RESERVE_OVERHEADS).as_millis() as i64;
            assert!(lowest >= reserve, "{base}+{inc}, {lost} ms lost a move: clock down to {lowest} ms");
        }
    }

    #[test]
    fn a_loaded_machine_told_its_loss_keeps_a_cushion() {
        // 8 of the 10 ms increment lost outside the search: told so, the plan still holds a
        // reserve; not told, the clock runs down to a few milliseconds.
        let reserve = (DEFAULT_MOVE_OVERHEAD * RESERVE_OVERHEADS).as_millis() as i64;
        let told = lowest_clock(1_000, 10, 8, 8, 1_000, 100);
        assert!(told >= reserve, "told: clock down to {told} ms");
        let untold = lowest_clock(1_000, 10, 8, 0, 1_000, 100);
        assert!(untold < reserve, "untold: clock down to {untold} ms");
    }

    #[test]
    fn fixed_move_time_keeps_the_overhead() {
        let limits = Limits { move_time: Some(Duration::from_millis(1000)), ..Limits::default() };
        assert_eq!(limits.time_plan().hard, Some(Duration::from_millis(970)));
    }
}
