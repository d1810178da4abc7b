//! Time controls (`tc=40/60+0.5`, `tc=inf`) and the clocks the runner keeps for each side.

use std::time::Duration;

/// A time control as cutechess-cli writes it: `[MOVES/]TIME[+INC]`, TIME in seconds or
/// `MIN:SEC`; `inf` for none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Moves per period (the clock gets `base` again after each period); None: whole game.
    pub moves: Option<u32>,
    pub base: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `40/60+0.5`, `10+0.1`, `2:30`, `60`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad =
            || format!("bad time control '{text}' (expected [MOVES/]SECONDS[+INCREMENT], e.g. 40/60+0.5)");
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (Some(m.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(bad)?), rest),
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base = match base.split_once(':') {
            Some((min, sec)) => {
                let min: u64 = min.parse().map_err(|_| bad())?;
                seconds(sec).ok_or_else(bad)? + Duration::from_secs(min * 60)
            }
            None => seconds(base).ok_or_else(bad)?,
        };
        let increment = match inc {
            Some(i) => seconds(i).ok_or_else(bad)?,
            None => Duration::ZERO,
        };
        if base.is_zero() && increment.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl { moves, base, increment })
    }

    /// The XBoard `level MPS BASE INC` command (BASE as minutes or MIN:SEC).
    pub fn xboard_level(&self) -> String {
        let secs = self.base.as_secs();
        let base = if secs.is_multiple_of(60) && self.base.subsec_millis() == 0 {
            format!("{}", secs / 60)
        } else {
            format!("{}:{:02}", secs / 60, secs % 60)
        };
        let inc = self.increment.as_secs_f64();
        let inc = if inc.fract() == 0.0 { format!("{}", inc as u64) } else { format!("{inc}") };
        format!("level {} {base} {inc}", self.moves.unwrap_or(0))
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        write!(f, "{}", self.base.as_secs_f64())?;
        if !self.increment.is_zero() {
            write!(f, "+{}", self.increment.as_secs_f64())?;
        }
        Ok(())
    }
}

/// A non-negative number of seconds with an optional fraction.
pub fn seconds(text: &str) -> Option<Duration> {
    let v: f64 = text.parse().ok()?;
    (v.is_finite() && v >= 0.0).then(|| Duration::from_secs_f64(v))
}

/// One side's clock, kept by the runner.
#[derive(Clone, Debug)]
pub struct Clock {
    pub tc: TimeControl,
    /// Time left (may go below zero only by the margin; then the game is lost).
    pub remaining: Duration,
    /// Moves this side has made.
    pub moves_made: u32,
}

impl Clock {
    pub fn new(tc: TimeControl) -> Clock {
        Clock { tc, remaining: tc.base, moves_made: 0 }
    }

    /// Moves until the next time period, for `movestogo`.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.tc.moves.map(|m| m - self.moves_made % m)
    }

    /// Charges one move that took `used`; false if the flag fell (more than `margin` over).
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        if used > self.remaining + margin {
            self.remaining = Duration::ZERO;
            return false;
        }
        self.remaining = self.remaining.saturating_sub(used) + self.tc.increment;
        self.moves_made += 1;
        if let Some(m) = self.tc.moves {
            if self.moves_made.is_multiple_of(m) {
                self.remaining += self.tc.base;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_cutechess_forms() {
        let tc = TimeControl::parse("40/60+0.5").unwrap();
        assert_eq!(tc.moves, Some(40));
        assert_eq!(tc.base, Duration::from_secs(60));
        assert_eq!(tc.increment, Duration::from_millis(500));
        assert_eq!(TimeControl::parse("1:30").unwrap().base, Duration::from_secs(90));
        assert_eq!(TimeControl::parse("10+0.1").unwrap().xboard_level(), "level 0 0:10 0.1");
        assert_eq!(TimeControl::parse("40/120+1").unwrap().xboard_level(), "level 40 2 1");
        assert!(TimeControl::parse("abc").is_err());
        assert!(TimeControl::parse("0/10").is_err());
        assert!(TimeControl::parse("0").is_err());
    }

    #[test]
    fn clock_adds_increment_and_periods() {
        let mut c = Clock::new(TimeControl::parse("2/10+1").unwrap());
        assert_eq!(c.moves_to_go(), Some(2));
        assert!(c.charge(Duration::from_secs(3), Duration::ZERO));
        assert_eq!(c.remaining, Duration::from_secs(8));
        assert_eq!(c.moves_to_go(), Some(1));
        assert!(c.charge(Duration::from_secs(3), Duration::ZERO));
        assert_eq!(c.remaining, Duration::from_secs(16));
        assert!(!c.charge(Duration::from_secs(17), Duration::from_millis(500)));
    }
}
