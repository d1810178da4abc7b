//! Who plays whom: round-robin or gauntlet pairings, colours alternating from game to game
//! within each encounter, each opening used for `repeat` consecutive games.

use super::options::{Config, Tournament};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// 1-based game number.
    pub number: usize,
    pub round: u32,
    pub white: usize,
    pub black: usize,
    /// Index into the tournament's openings.
    pub opening: usize,
}

/// The engine pairs that meet.
pub fn pairs(engines: usize, tournament: Tournament) -> Vec<(usize, usize)> {
    match tournament {
        Tournament::RoundRobin => (0..engines).flat_map(|i| (i + 1..engines).map(move |j| (i, j))).collect(),
        Tournament::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
    }
}

/// Every game of the tournament in playing order, and the number of openings it needs.
pub fn jobs(config: &Config) -> (Vec<Job>, usize) {
    let pairs = pairs(config.engines.len(), config.tournament);
    let mut jobs = Vec::new();
    let mut openings = 0;
    for round in 0..config.rounds {
        for &(a, b) in &pairs {
            for g in 0..config.games {
                // n: the game's index within this encounter over all rounds.
                let n = (round * config.games + g) as usize;
                let (white, black) = if n.is_multiple_of(2) { (a, b) } else { (b, a) };
                let opening = n / config.repeat as usize;
                openings = openings.max(opening + 1);
                jobs.push(Job { number: jobs.len() + 1, round: round + 1, white, black, opening });
            }
        }
    }
    (jobs, openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairings() {
        assert_eq!(pairs(3, Tournament::RoundRobin), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(pairs(4, Tournament::Gauntlet), vec![(0, 1), (0, 2), (0, 3)]);
    }
}
