//! What the GUI's clock says about the time a move costs beyond the search.
//!
//! The search sees only its own time. Between two of our moves the GUI's clock also loses the
//! round trip: reading the position, starting the search, writing the move, and waiting for a
//! core on a loaded machine. Playing on a small increment that loss decides whether the clock
//! holds, so it is measured from the clocks the GUI sends and handed to the time plan.

use std::time::Duration;
use tinman_core::{Color, Position};
use tinman_search::limits::Clock;

/// How fast an old measurement is forgotten: the estimate falls to this many eighths of
/// itself at every move that lost less. A fading maximum, not a mean: under heavy load the
/// mean let stalls through (5 time losses in 200 gauge games against 0, docs/search.md).
const DECAY_EIGHTHS: u32 = 7;

/// Our previous clocked move: when it was played, the clock it had, and how long its search
/// took by our own measure (`None` while it runs).
struct Clocked {
    ply: u64,
    clock: Clock,
    searched: Option<Duration>,
}

#[derive(Default)]
pub struct ClockWatch {
    last: Option<Clocked>,
    estimate: Duration,
}

/// The position's ply in the game, whatever the setup: two per full move (a FEN may give
/// any full-move number).
fn game_ply(pos: &Position) -> u64 {
    2 * u64::from(pos.fullmove_number().saturating_sub(1)) + u64::from(pos.side_to_move() == Color::Black)
}

impl ClockWatch {
    /// A clocked search of `root` starts: returns the time lost per move beyond the search,
    /// as the GUI's clocks show it (zero until two moves in a row were clocked).
    pub fn starting(&mut self, root: &Position, clock: Clock) -> Duration {
        let ply = game_ply(root);
        if let Some(Clocked { ply: last_ply, clock: before, searched: Some(searched) }) = self.last.take() {
            if ply == last_ply + 2 {
                let spent = (before.remaining + before.increment).saturating_sub(clock.remaining);
                let lost = spent.saturating_sub(searched);
                self.estimate = lost.max(self.estimate * DECAY_EIGHTHS / 8);
            }
        }
        self.last = Some(Clocked { ply, clock, searched: None });
        self.estimate
    }

    /// The search that started last took `searched` by our own measure (nothing is kept
    /// when it had no clock: `forget` left no move to time).
    pub fn searched(&mut self, searched: Duration) {
        if let Some(last) = self.last.as_mut() {
            last.searched.get_or_insert(searched);
        }
    }

    /// A search without a clock, or a new game: the next clocked move starts afresh.
    pub fn forget(&mut self) {
        *self = ClockWatch::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tinman_core::variants;

    fn clock(ms: u64) -> Clock {
        Clock {
            remaining: Duration::from_millis(ms),
            increment: Duration::from_millis(10),
            moves_to_go: None,
        }
    }

    #[test]
    fn the_loss_beyond_the_search_is_measured_and_fades() {
        let v = variants::by_name("normal").unwrap();
        let mut p = Position::start(v);
        let mut w = ClockWatch::default();
        let play = |p: &mut Position| {
            for _ in 0..2 {
                let m = p.legal_moves().as_slice()[0];
                p.make(m);
            }
        };
        assert_eq!(w.starting(&p, clock(1000)), Duration::ZERO);
        w.searched(Duration::from_millis(20));
        play(&mut p);
        // 1000 + 10 - 982 = 28 ms spent, 20 of them searching: 8 ms lost.
        assert_eq!(w.starting(&p, clock(982)), Duration::from_millis(8));
        w.searched(Duration::from_millis(5));
        play(&mut p);
        // 982 + 10 - 986 = 6 ms spent: 1 ms lost; the estimate fades to 7 ms.
        assert_eq!(w.starting(&p, clock(986)), Duration::from_millis(7));
        w.searched(Duration::from_millis(5));
        play(&mut p);
        // 986 + 10 - 979 = 17 ms spent: 12 lost, more than the faded 7: the new maximum.
        assert_eq!(w.starting(&p, clock(979)), Duration::from_millis(12));
        // A move not two plies later (a new game, a take-back) measures nothing.
        w.searched(Duration::from_millis(5));
        assert_eq!(w.starting(&p, clock(900)), Duration::from_millis(12));
        w.forget();
        assert_eq!(w.starting(&p, clock(900)), Duration::ZERO);
    }
}
