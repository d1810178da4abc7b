//! What a whole survey says beyond its ranking: White's score over all roads, and whether
//! the roads' scores differ more than their games alone would make them differ by chance.
//! With a few games a road, the ranking is mostly chance; this test is not: it pools every
//! road (docs/roads.md, "What all roads say together").

use super::results::RoadResult;
use super::tally::{Counts, Z95};

/// z of a one-sided 95% bound.
const Z95_ONE_SIDED: f64 = 1.644_854;

#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    /// Every game of every road, from White's side.
    pub total: Counts,
    /// The observed variance of the road scores over what chance alone gives them (1 when
    /// every road has the same true score).
    pub ratio: f64,
    /// Half the 95% range of `ratio` when every road has the same true score.
    pub ratio_chance: f64,
    /// A one-sided 95% bound on the standard deviation of the roads' true White scores.
    pub true_spread_bound: f64,
}

impl Spread {
    /// `None` without two roads of two games or more, or when every game had one result
    /// (no variance to compare with).
    pub fn of(results: &[RoadResult]) -> Option<Spread> {
        let mut total = Counts::default();
        for r in results {
            total.white_wins += r.counts.white_wins;
            total.draws += r.counts.draws;
            total.black_wins += r.counts.black_wins;
        }
        let p = total.score();
        let n = f64::from(total.games());
        // One game's result x in {1, 1/2, 0}: its variance and fourth central moment.
        let moment = |k: i32| {
            (f64::from(total.white_wins) * (1.0 - p).powi(k)
                + f64::from(total.draws) * (0.5 - p).powi(k)
                + f64::from(total.black_wins) * p.powi(k))
                / n
        };
        let (var, m4) = (moment(2), moment(4));
        let roads: Vec<&RoadResult> = results.iter().filter(|r| r.counts.games() >= 2).collect();
        if roads.len() < 2 || var <= 0.0 {
            return None;
        }
        // Each road's squared distance from the pooled score in units of its chance
        // variance var/g has mean about 1 and variance 2 + (kurtosis - 3)/g under chance
        // (the fourth moment of a mean of g results).
        let kurtosis = m4 / (var * var);
        let m = roads.len() as f64;
        let (mut z2, mut z2_var, mut chance_var) = (0.0, 0.0, 0.0);
        for r in &roads {
            let g = f64::from(r.counts.games());
            z2 += (r.counts.score() - p).powi(2) * g / var;
            z2_var += 2.0 + (kurtosis - 3.0) / g;
            chance_var += var / g;
        }
        // Estimating p takes one degree of freedom.
        let ratio = z2 / (m - 1.0);
        let sd = z2_var.sqrt() / (m - 1.0);
        let mean_chance_var = chance_var / m;
        let bound = ((ratio + Z95_ONE_SIDED * sd - 1.0) * mean_chance_var).max(0.0).sqrt();
        Some(Spread { total, ratio, ratio_chance: Z95 * sd, true_spread_bound: bound })
    }

    /// One line for the picture.
    pub fn headline(&self) -> String {
        let (s, low, high) = self.total.interval();
        format!(
            "All {} games: White {s:.3} [{low:.3}, {high:.3}]; road scores spread {:.2} x chance (1 +- {:.2}); true spread at most {:.3}",
            self.total.games(),
            self.ratio,
            self.ratio_chance,
            self.true_spread_bound
        )
    }

    /// The report's lines about it.
    pub fn describe(&self) -> String {
        let t = &self.total;
        let (s, low, high) = t.interval();
        format!(
            "Over all roads: {} games, White {s:.3} [{low:.3}, {high:.3}] ({} wins, {} draws, {} losses)\n\
             Spread of the road scores: {:.2} x chance (chance alone: 1 +- {:.2}, 95%); \
             the roads' true White scores differ by at most {:.3} (one sd, 95% bound)\n",
            t.games(),
            t.white_wins,
            t.draws,
            t.black_wins,
            self.ratio,
            self.ratio_chance,
            self.true_spread_bound
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::roads::results::Settings;
    use crate::cli::roads::shape::Road;

    fn road(i: usize, w: u32, d: u32, l: u32) -> RoadResult {
        let file = b"bcdefgh"[i % 7] as char;
        let rank = 3 + (i / 7) % 5;
        let text = format!("{file}{rank},a1,a2,a3,a4");
        RoadResult {
            road: Road::parse(&text).unwrap(),
            counts: Counts { white_wins: w, draws: d, black_wins: l },
            forfeits: 0,
            stopped_early: false,
            settings: Settings { games_per_road: 8, each: "nodes=1000".into(), seed: 1 },
        }
    }

    /// Roads whose results are exactly as alike as they can be have no spread beyond
    /// chance; roads split into sweeps for White and for Black have a large one.
    #[test]
    fn alike_roads_show_no_spread_and_split_roads_do() {
        let alike: Vec<_> = (0..30).map(|i| road(i, 4, 0, 4)).collect();
        let s = Spread::of(&alike).unwrap();
        assert_eq!(s.total, Counts { white_wins: 120, draws: 0, black_wins: 120 });
        assert!(s.ratio == 0.0 && s.true_spread_bound < 0.2, "{s:?}");
        let split: Vec<_> =
            (0..30).map(|i| if i % 2 == 0 { road(i, 8, 0, 0) } else { road(i, 0, 0, 8) }).collect();
        let s = Spread::of(&split).unwrap();
        // Every road sits a half from the pooled 0.5, where chance gives it 1/32.
        assert!((s.ratio - 8.0 * 30.0 / 29.0).abs() < 1e-9, "{s:?}");
        assert!(s.ratio - s.ratio_chance > 1.0 && s.true_spread_bound > 0.45, "{s:?}");
        assert!(s.describe().contains("Over all roads: 240 games, White 0.500"));
    }

    /// Binomial-like roads drawn as chance draws them show a ratio near 1: a
    /// deterministic sequence of results stands in for the dice.
    #[test]
    fn chance_alone_gives_a_ratio_near_one() {
        let mut state = 12345u64;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) % 100
        };
        let roads: Vec<_> = (0..2000)
            .map(|i| {
                let mut c = (0, 0, 0);
                for _ in 0..8 {
                    match next() {
                        0..=43 => c.0 += 1,
                        44..=55 => c.1 += 1,
                        _ => c.2 += 1,
                    }
                }
                road(i, c.0, c.1, c.2)
            })
            .collect();
        let s = Spread::of(&roads).unwrap();
        assert!((s.ratio - 1.0).abs() < s.ratio_chance, "{s:?}");
        assert!(s.ratio_chance > 0.05 && s.ratio_chance < 0.1, "{s:?}");
        assert!(s.true_spread_bound < 0.06, "{s:?}");
    }

    #[test]
    fn too_little_to_compare_gives_none() {
        assert_eq!(Spread::of(&[road(0, 4, 0, 4)]), None);
        assert_eq!(Spread::of(&[road(0, 1, 0, 0), road(1, 0, 0, 0)]), None);
        assert_eq!(Spread::of(&[road(0, 0, 5, 0), road(1, 0, 3, 0)]), None);
    }
}
