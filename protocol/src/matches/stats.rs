//! Scores, Elo differences with a 95% interval, and the sequential probability ratio test.

/// Wins, draws and losses from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, 0 to 1.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games())
    }

    /// Variance of one game's points around the mean score.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n
    }

    /// Elo difference and the half-width of its 95% interval (infinite at 0% or 100%).
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        let s = self.score();
        let elo = elo_from_score(s);
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let margin = 1.959_964 * (self.variance() / n).sqrt();
        let (lo, hi) = (elo_from_score(s - margin), elo_from_score(s + margin));
        let half = (hi - lo) / 2.0;
        (elo, if half.is_finite() { half } else { f64::INFINITY })
    }

    /// Likelihood of superiority: the chance that the side is stronger, from wins and losses.
    pub fn los(&self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    pub fn draw_ratio(&self) -> f64 {
        if self.games() == 0 {
            return 0.0;
        }
        f64::from(self.draws) / f64::from(self.games())
    }
}

/// Elo difference of an expected score (logistic model).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtState {
    Continue,
    /// H0 (elo <= elo0) accepted.
    AcceptH0,
    /// H1 (elo >= elo1) accepted.
    AcceptH1,
}

/// The log-likelihood ratio of H1 against H0 and the state, with the normal approximation of
/// the generalised SPRT (as fishtest computes it for trinomial results).
pub fn sprt(t: &Tally, elo0: f64, elo1: f64, alpha: f64, beta: f64) -> (f64, f64, f64, SprtState) {
    let lower = (beta / (1.0 - alpha)).ln();
    let upper = ((1.0 - beta) / alpha).ln();
    let n = f64::from(t.games());
    // The variance of one game's points, with half a win, half a draw and half a loss added
    // so that a run of equal results (variance 0) does not decide at once.
    let s = t.score();
    let var = (f64::from(t.wins) * (1.0 - s).powi(2)
        + f64::from(t.draws) * (0.5 - s).powi(2)
        + f64::from(t.losses) * s.powi(2)
        + 0.5 * ((1.0 - s).powi(2) + (0.5 - s).powi(2) + s.powi(2)))
        / (n + 1.5);
    if n == 0.0 {
        return (0.0, lower, upper, SprtState::Continue);
    }
    let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
    let llr = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
    let state = if llr >= upper {
        SprtState::AcceptH1
    } else if llr <= lower {
        SprtState::AcceptH0
    } else {
        SprtState::Continue
    };
    (llr, lower, upper, state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_interval() {
        let even = Tally { wins: 10, draws: 0, losses: 10 };
        assert!(even.elo().0.abs() < 1e-9);
        assert!((even.los() - 0.5).abs() < 1e-9);
        let t = Tally { wins: 60, draws: 20, losses: 20 };
        let (elo, margin) = t.elo();
        assert!((elo - 147.19).abs() < 0.1, "{elo}");
        assert!(margin > 40.0 && margin < 90.0, "{margin}");
        assert!(t.los() > 0.99);
        assert_eq!(Tally { wins: 5, draws: 0, losses: 0 }.elo().0, f64::INFINITY);
    }

    #[test]
    fn sprt_decides() {
        let strong = Tally { wins: 300, draws: 100, losses: 100 };
        assert_eq!(sprt(&strong, 0.0, 5.0, 0.05, 0.05).3, SprtState::AcceptH1);
        let weak = Tally { wins: 100, draws: 100, losses: 300 };
        assert_eq!(sprt(&weak, 0.0, 5.0, 0.05, 0.05).3, SprtState::AcceptH0);
        let few = Tally { wins: 3, draws: 1, losses: 2 };
        assert_eq!(sprt(&few, 0.0, 5.0, 0.05, 0.05).3, SprtState::Continue);
        let (_, lower, upper, _) = sprt(&few, 0.0, 5.0, 0.05, 0.05);
        assert!((lower + 2.944).abs() < 0.01 && (upper - 2.944).abs() < 0.01);
    }
}
