//! XBoard's time commands (`level`, `st`, `sd`, `nps`, `time`, `otim`) turned into search limits.

use std::time::Duration;
use tinman_search::{Clock, Limits};

/// Thinking time per move when the GUI has sent no time control at all.
const FALLBACK_MOVE_TIME: Duration = Duration::from_secs(2);

/// The time control as the GUI set it.
#[derive(Clone, Debug, Default)]
pub struct TimeControl {
    /// `level MPS BASE INC`: moves per session (0: the whole game), base time, increment.
    level: Option<(u32, Duration, Duration)>,
    /// `st SECONDS`: a fixed time per move (overrides `level`).
    move_time: Option<Duration>,
    /// `sd DEPTH`.
    pub depth: Option<u32>,
    /// `nps N`: think in nodes, counting N nodes as one second.
    nps: Option<u64>,
    /// The engine's clock as `time` last said.
    pub own_time: Option<Duration>,
}

impl TimeControl {
    /// `level MPS BASE INC`, BASE in minutes or `minutes:seconds`, INC in seconds.
    pub fn set_level(&mut self, args: &str) -> Result<(), String> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let [mps, base, inc] = words[..] else { return Err("level needs MPS BASE INC".into()) };
        let mps = mps.parse::<u32>().map_err(|_| format!("bad moves per session '{mps}'"))?;
        let base = match base.split_once(':') {
            Some((min, sec)) => minutes(min)? + seconds(sec)?,
            None => minutes(base)?,
        };
        self.level = Some((mps, base, seconds(inc)?));
        self.move_time = None;
        Ok(())
    }

    /// `st SECONDS`: the same range as every other fixed move time (at least a millisecond).
    pub fn set_move_time(&mut self, args: &str) -> Result<(), String> {
        let t = seconds(args.trim())?;
        let ms = t.as_millis().to_string();
        self.move_time =
            Some(crate::session::rules::move_time_ms(&ms).map_err(|e| format!("st {}: {e}", args.trim()))?);
        Ok(())
    }

    /// `nps N` (0 switches node counting off).
    pub fn set_nps(&mut self, args: &str) -> Result<(), String> {
        let n = crate::session::rules::whole_number("nps", args, 0, u64::MAX)?;
        self.nps = (n > 0).then_some(n);
        Ok(())
    }

    /// `new`: the time control stays, the clock restarts, and `sd` and `nps` are forgotten.
    pub fn new_game(&mut self) {
        self.depth = None;
        self.nps = None;
        self.own_time = None;
    }

    /// The limits for the engine's next move, `moves_made` of its own moves into the game.
    pub fn limits(&self, moves_made: usize) -> Limits {
        let mut limits = Limits { depth: self.depth, ..Limits::default() };
        if let Some(t) = self.move_time {
            limits.move_time = Some(t);
        } else if let Some((mps, base, increment)) = self.level {
            let moves_to_go = (mps > 0).then(|| mps - (moves_made as u32 % mps));
            let remaining = self.own_time.unwrap_or(base);
            limits.clock = Some(Clock { remaining, increment, moves_to_go });
        } else if self.depth.is_none() {
            limits.move_time = Some(FALLBACK_MOVE_TIME);
        }
        if let Some(nps) = self.nps {
            // The clock counts nodes: the planned time at `nps` nodes per second.
            if let Some(planned) = limits.time_plan().soft {
                limits.nodes = Some(((planned.as_secs_f64() * nps as f64) as u64).max(1));
            }
            limits.clock = None;
            limits.move_time = None;
        }
        limits
    }
}

fn minutes(text: &str) -> Result<Duration, String> {
    let m = text.parse::<f64>().map_err(|_| format!("bad minutes '{text}'"))?;
    if !(0.0..=1e6).contains(&m) {
        return Err(format!("bad minutes '{text}'"));
    }
    Ok(Duration::from_secs_f64(m * 60.0))
}

fn seconds(text: &str) -> Result<Duration, String> {
    let s = text.parse::<f64>().map_err(|_| format!("bad seconds '{text}'"))?;
    if !(0.0..=1e8).contains(&s) {
        return Err(format!("bad seconds '{text}'"));
    }
    Ok(Duration::from_secs_f64(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_with_moves_per_session_counts_down() {
        let mut tc = TimeControl::default();
        tc.set_level("40 5 0").unwrap();
        tc.own_time = Some(Duration::from_secs(100));
        let clock = tc.limits(0).clock.unwrap();
        assert_eq!((clock.remaining, clock.moves_to_go), (Duration::from_secs(100), Some(40)));
        assert_eq!(tc.limits(39).clock.unwrap().moves_to_go, Some(1));
        assert_eq!(tc.limits(40).clock.unwrap().moves_to_go, Some(40));
    }

    #[test]
    fn base_in_minutes_and_seconds_and_fractional_increment() {
        let mut tc = TimeControl::default();
        tc.set_level("0 2:30 0.5").unwrap();
        let clock = tc.limits(3).clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_secs(150));
        assert_eq!(clock.increment, Duration::from_millis(500));
        assert_eq!(clock.moves_to_go, None);
        assert!(tc.set_level("0 x 1").is_err() && tc.set_level("40 5").is_err());
    }

    #[test]
    fn a_new_game_keeps_the_time_control_only() {
        let mut tc =
            TimeControl { depth: Some(3), own_time: Some(Duration::from_secs(1)), ..Default::default() };
        tc.set_level("0 1 0").unwrap();
        tc.set_nps("100").unwrap();
        tc.new_game();
        let limits = tc.limits(0);
        assert_eq!((limits.depth, limits.nodes), (None, None));
        assert_eq!(limits.clock.unwrap().remaining, Duration::from_secs(60));
    }

    #[test]
    fn fixed_time_depth_and_nodes() {
        let mut tc = TimeControl::default();
        tc.set_move_time("3").unwrap();
        assert_eq!(tc.limits(0).move_time, Some(Duration::from_secs(3)));
        tc.set_nps("1000").unwrap();
        let limits = tc.limits(0);
        assert_eq!((limits.move_time, limits.nodes.map(|n| n / 100)), (None, Some(29)));
        let mut depth_only = TimeControl { depth: Some(4), ..TimeControl::default() };
        assert_eq!(depth_only.limits(0).move_time, None);
        depth_only.depth = None;
        assert_eq!(depth_only.limits(0).move_time, Some(FALLBACK_MOVE_TIME));
    }
}
