//! White's score on one road: the 95% interval, the rule that ends a road early, and the
//! count of a road's games in game order (so that a road's result does not depend on which
//! worker finished which game first).

use std::collections::BTreeMap;
use tinman_core::Color;

/// z of a two-sided 95% interval.
pub const Z95: f64 = 1.959_964;
/// No road is stopped before this many games: fewer say little, whatever their interval.
pub const STOP_MIN_GAMES: u32 = 16;
/// A road is stopped once its whole 95% interval lies farther than this from 0.5: it is
/// clearly not balanced, and its remaining games are better spent on roads that may be.
pub const STOP_MARGIN: f64 = 0.05;

/// Results from White's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub white_wins: u32,
    pub draws: u32,
    pub black_wins: u32,
}

impl Counts {
    pub fn games(&self) -> u32 {
        self.white_wins + self.draws + self.black_wins
    }

    pub fn add(&mut self, winner: Option<Color>) {
        match winner {
            Some(Color::White) => self.white_wins += 1,
            Some(Color::Black) => self.black_wins += 1,
            None => self.draws += 1,
        }
    }

    /// White's points per game (0.5 before any game).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (f64::from(self.white_wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games())
    }

    /// White's score with a 95% interval, `(score, low, high)`: the normal approximation with
    /// the trinomial variance, which has half a win, half a draw and half a loss added (as
    /// the match runner's SPRT) so that a short run of equal results still has a width.
    pub fn interval(&self) -> (f64, f64, f64) {
        let s = self.score();
        let n = f64::from(self.games());
        if n == 0.0 {
            return (s, 0.0, 1.0);
        }
        let (w, d, l) = (f64::from(self.white_wins), f64::from(self.draws), f64::from(self.black_wins));
        let spread =
            |s: f64| (1.0 - s).powi(2) * (w + 0.5) + (0.5 - s).powi(2) * (d + 0.5) + s.powi(2) * (l + 0.5);
        let variance = spread(s) / (n + 1.5);
        let half = Z95 * (variance / n).sqrt();
        (s, (s - half).max(0.0), (s + half).min(1.0))
    }

    /// Whether the road is settled as unbalanced (see `STOP_MIN_GAMES`, `STOP_MARGIN`).
    pub fn clearly_unbalanced(&self) -> bool {
        let (_, low, high) = self.interval();
        self.games() >= STOP_MIN_GAMES && (low > 0.5 + STOP_MARGIN || high < 0.5 - STOP_MARGIN)
    }
}

/// One road's games as they come in, counted in game order.
#[derive(Debug, Default)]
pub struct RoadTally {
    pub counts: Counts,
    /// Games lost by an engine's fault (crash, time, protocol): counted, but worth knowing.
    pub forfeits: u32,
    /// Finished games not yet counted because an earlier one is still being played.
    waiting: BTreeMap<u32, (Option<Color>, bool)>,
    pub stopped_early: bool,
}

impl RoadTally {
    /// Game `game` (0-based) ended with `winner` (`forfeit`: by an engine's fault). True once
    /// the road is done: stopped early, or all `games` counted. Games after the stop are
    /// ignored, so the result is the same whatever order the games finish in.
    pub fn add(&mut self, game: u32, winner: Option<Color>, forfeit: bool, games: u32) -> bool {
        if self.done(games) {
            return true;
        }
        self.waiting.insert(game, (winner, forfeit));
        while let Some((winner, forfeit)) = self.waiting.remove(&self.counts.games()) {
            self.counts.add(winner);
            self.forfeits += u32::from(forfeit);
            if self.counts.clearly_unbalanced() && self.counts.games() < games {
                self.stopped_early = true;
                self.waiting.clear();
            }
            if self.done(games) {
                break;
            }
        }
        self.done(games)
    }

    pub fn done(&self, games: u32) -> bool {
        self.stopped_early || self.counts.games() >= games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_narrows_with_games_and_keeps_a_width() {
        let even = Counts { white_wins: 10, draws: 20, black_wins: 10 };
        let (s, low, high) = even.interval();
        assert_eq!(s, 0.5);
        assert!((high - s - (s - low)).abs() < 1e-12 && high - low < 0.3, "{low} {high}");
        let more = Counts { white_wins: 100, draws: 200, black_wins: 100 }.interval();
        assert!(more.2 - more.1 < (high - low) / 2.0);
        let sweep = Counts { white_wins: 3, draws: 0, black_wins: 0 }.interval();
        assert!(sweep.0 == 1.0 && sweep.1 < 0.8 && sweep.2 == 1.0, "{sweep:?}");
    }

    #[test]
    fn only_clearly_unbalanced_roads_stop_and_only_after_the_minimum() {
        let sweep = |n| Counts { white_wins: n, draws: 0, black_wins: 0 };
        assert!(!sweep(STOP_MIN_GAMES - 1).clearly_unbalanced());
        assert!(sweep(STOP_MIN_GAMES).clearly_unbalanced());
        assert!(Counts { white_wins: 0, draws: 2, black_wins: STOP_MIN_GAMES }.clearly_unbalanced());
        // 60% for White in 40 games: the interval still reaches 0.55.
        assert!(!Counts { white_wins: 20, draws: 8, black_wins: 12 }.clearly_unbalanced());
        assert!(!Counts { white_wins: 200, draws: 400, black_wins: 200 }.clearly_unbalanced());
    }

    #[test]
    fn games_count_in_order_and_none_after_the_stop() {
        let games = 40;
        let mut t = RoadTally::default();
        // Game 0 comes last: nothing is counted before it.
        for g in (1..STOP_MIN_GAMES + 5).rev() {
            assert!(!t.add(g, Some(Color::White), false, games));
            assert_eq!(t.counts.games(), 0);
        }
        assert!(t.add(0, Some(Color::White), false, games), "stopped");
        assert!(t.stopped_early);
        assert_eq!(t.counts, Counts { white_wins: STOP_MIN_GAMES, draws: 0, black_wins: 0 });
        assert!(t.add(STOP_MIN_GAMES + 7, None, true, games));
        assert_eq!((t.counts.games(), t.forfeits), (STOP_MIN_GAMES, 0));
        // A balanced road plays all its games.
        let mut t = RoadTally::default();
        for g in 0..games {
            let winner = [Some(Color::White), None, Some(Color::Black), None][g as usize % 4];
            assert_eq!(t.add(g, winner, g == 3, games), g + 1 == games);
        }
        assert_eq!((t.counts.draws, t.forfeits, t.stopped_early), (20, 1, false));
    }
}
