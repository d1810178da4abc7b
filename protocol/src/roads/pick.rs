//! Which roads a survey plays: the whole set, a seeded sample of it, or a file's roads,
//! each checked against the rules and as the game's `road:` field.

use super::super::matches::openings::Rng;
use super::shape::{self, Road};
use super::RoadSet;
use std::path::PathBuf;

/// Which roads to survey.
pub enum Pick {
    All,
    File(PathBuf),
    Sample(usize),
}

/// The survey's roads, in order: the set, a file's roads (each checked against `--rules`
/// and as the game's `road:` field), or a sample of the set drawn with the seed.
pub fn pick_roads(set: &RoadSet, pick: Pick, seed: u64) -> Result<Vec<Road>, String> {
    match pick {
        Pick::All => shape::enumerate(set.rules, &set.region),
        Pick::Sample(n) => {
            let mut roads = shape::enumerate(set.rules, &set.region)?;
            if n > roads.len() {
                return Err(format!("--sample {n}: the set has only {} roads", roads.len()));
            }
            let mut rng = Rng::new(seed);
            for i in (1..roads.len()).rev() {
                roads.swap(i, rng.below(i + 1));
            }
            roads.truncate(n);
            roads.sort();
            Ok(roads)
        }
        Pick::File(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("--roads: cannot read {}: {e}", path.display()))?;
            let mut roads: Vec<Road> = Vec::new();
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let at = |why: String| format!("--roads {} line {}: {why}", path.display(), n + 1);
                let road = Road::parse(line).map_err(at)?;
                set.rules.check(&road, &set.region).map_err(at)?;
                crate::game::checked_setting("Road", &road.text()).map_err(|e| at(e.to_string()))?;
                if roads.contains(&road) {
                    return Err(at(format!("road {} is listed twice", road.text())));
                }
                roads.push(road);
            }
            if roads.is_empty() {
                return Err(format!("--roads: no roads in {}", path.display()));
            }
            Ok(roads)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_is_drawn_from_the_set_by_the_seed() {
        let set = RoadSet::new();
        let a = pick_roads(&set, Pick::Sample(5), 1).unwrap();
        assert_eq!(a, pick_roads(&set, Pick::Sample(5), 1).unwrap());
        assert_ne!(a, pick_roads(&set, Pick::Sample(5), 2).unwrap());
        assert!(a.windows(2).all(|w| w[0] < w[1]));
        assert!(pick_roads(&set, Pick::Sample(3000), 1).is_err());
    }
}
