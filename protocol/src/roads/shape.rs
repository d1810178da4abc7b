//! Which five squares make a Yellow Brick Road: the seed's rules as docs/roads.md reads them,
//! the region they live in, and the enumeration. Pure logic, no I/O.

use tinman_core::Square;

/// Squares of a road on the 9x9 board (the seed: four on 8x8, five on 9x9, six on 10x10).
pub const ROAD_SQUARES: usize = 5;
/// Files and ranks of the `wizardoz` board.
pub const BOARD_SIZE: u8 = 9;
/// The seed's preferred area: files b to h, ranks 3 to 7 ("a 7 by 5 area").
pub const DEFAULT_REGION: &str = "b3-h7";
/// The road the seed recommends, as `tinman roads list` writes it.
pub const DEFAULT_ROAD: &str = "c4,d5,e6,f5,g4";

/// A square of the board as (file, rank), both from 0; ordered file first, so that a road
/// written in order reads like the seed's `c4,d5,e6,f5,g4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub file: u8,
    pub rank: u8,
}

impl Cell {
    /// A square name (`c4`) on the 9x9 board.
    pub fn parse(text: &str) -> Result<Cell, String> {
        let square = Square::parse(text).ok_or_else(|| format!("'{text}' is not a square name"))?;
        if square.file() >= BOARD_SIZE || square.rank() >= BOARD_SIZE {
            return Err(format!("{text} is not a square of the 9x9 board"));
        }
        Ok(Cell { file: square.file(), rank: square.rank() })
    }

    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.file) as char, self.rank + 1)
    }

    /// Neighbours as a King steps (the seed's roads join diagonally as well as orthogonally).
    pub fn touches(self, other: Cell) -> bool {
        self != other && self.file.abs_diff(other.file) <= 1 && self.rank.abs_diff(other.rank) <= 1
    }
}

/// A road: distinct squares of the board in `Cell` order (the set is what matters; the
/// order only makes one spelling per road).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Road(Vec<Cell>);

impl Road {
    /// `c4,d5,e6,f5,g4`, optionally with the FEN field's `road:` prefix; any order.
    pub fn parse(text: &str) -> Result<Road, String> {
        let list = text.trim();
        let list = list.strip_prefix("road:").unwrap_or(list);
        let mut cells = Vec::new();
        for name in list.split(',').map(str::trim) {
            if name.is_empty() {
                return Err(format!("road '{text}': an empty square name (expected e.g. {DEFAULT_ROAD})"));
            }
            let cell = Cell::parse(name).map_err(|e| format!("road '{text}': {e}"))?;
            if cells.contains(&cell) {
                return Err(format!("road '{text}': {name} is named twice"));
            }
            cells.push(cell);
        }
        cells.sort();
        Ok(Road(cells))
    }

    pub fn cells(&self) -> &[Cell] {
        &self.0
    }

    /// The road as the `road:` field and the `Road` option take it, without the prefix.
    pub fn text(&self) -> String {
        self.0.iter().map(|c| c.name()).collect::<Vec<_>>().join(",")
    }
}

/// A rectangle of the board, `b3-h7`: the corner with the lowest file and rank first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    low: Cell,
    high: Cell,
}

impl Region {
    pub fn parse(text: &str) -> Result<Region, String> {
        let bad = |why: String| format!("--region '{text}': {why} (expected e.g. {DEFAULT_REGION})");
        let (a, b) = text.split_once('-').ok_or_else(|| bad("not two squares joined by '-'".into()))?;
        let (low, high) = (Cell::parse(a.trim()).map_err(bad)?, Cell::parse(b.trim()).map_err(bad)?);
        if low.file > high.file || low.rank > high.rank {
            return Err(bad(format!("{} is not below and left of {}", low.name(), high.name())));
        }
        Ok(Region { low, high })
    }

    pub fn contains(&self, c: Cell) -> bool {
        (self.low.file..=self.high.file).contains(&c.file)
            && (self.low.rank..=self.high.rank).contains(&c.rank)
    }

    /// Its squares in `Cell` order.
    pub fn cells(&self) -> Vec<Cell> {
        let mut cells = Vec::new();
        for file in self.low.file..=self.high.file {
            for rank in self.low.rank..=self.high.rank {
                cells.push(Cell { file, rank });
            }
        }
        cells
    }

    pub fn text(&self) -> String {
        format!("{}-{}", self.low.name(), self.high.name())
    }
}

/// Which roads count (docs/roads.md says why each rule is read as it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// The seed page's roads: connected (no "no adjacency"), no three squares touching each
    /// other (no "double adjacency"), and a chain, each square touching at most two others,
    /// or one of the page's near-diamonds (four squares around an empty centre and a tail).
    Seed,
    /// Only the page's two named exclusions: connected and without three touching squares.
    Exclusions,
    /// Connected only.
    Connected,
    /// Any five squares of the board, anywhere (for `--roads FILE` experiments).
    Any,
}

impl Rules {
    pub fn parse(text: &str) -> Result<Rules, String> {
        match text {
            "seed" => Ok(Rules::Seed),
            "exclusions" => Ok(Rules::Exclusions),
            "connected" => Ok(Rules::Connected),
            "any" => Ok(Rules::Any),
            _ => Err(format!("--rules '{text}': expected seed, exclusions, connected or any")),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rules::Seed => "seed",
            Rules::Exclusions => "exclusions",
            Rules::Connected => "connected",
            Rules::Any => "any",
        }
    }

    /// Ok if `road` is a road of these rules in `region` (`Any` ignores the region), else
    /// why not, in the seed's words where it has them.
    pub fn check(self, road: &Road, region: &Region) -> Result<(), String> {
        let cells = road.cells();
        let name = self.name();
        if cells.len() != ROAD_SQUARES {
            return Err(format!(
                "road {} has {} squares; --rules {name} roads have {ROAD_SQUARES}",
                road.text(),
                cells.len()
            ));
        }
        if self == Rules::Any {
            return Ok(());
        }
        if let Some(out) = cells.iter().find(|c| !region.contains(**c)) {
            return Err(format!(
                "road {}: {} is outside the region {}",
                road.text(),
                out.name(),
                region.text()
            ));
        }
        if let Some(cut) = cut_off(cells) {
            return Err(format!(
                "road {}: {} not joined to the rest (the seed's \"no adjacency\")",
                road.text(),
                names(&cut)
            ));
        }
        if self == Rules::Connected {
            return Ok(());
        }
        if let Some(t) = triangle(cells) {
            return Err(format!(
                "road {}: {} all touch each other (the seed's \"double adjacency\": a 135-degree turn or two orthogonal steps at a right angle)",
                road.text(),
                names(&t)
            ));
        }
        if self == Rules::Exclusions || chain(cells) || diamond(cells).is_some() {
            return Ok(());
        }
        let branch =
            cells.iter().find(|c| neighbours(cells, **c) > 2).expect("a road that is not a chain branches");
        Err(format!(
            "road {}: {} touches three road squares, a branch rather than a road (only the seed's near-diamonds may)",
            road.text(),
            branch.name()
        ))
    }
}

fn names(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
}

fn neighbours(cells: &[Cell], c: Cell) -> usize {
    cells.iter().filter(|o| c.touches(**o)).count()
}

/// The squares not reached from the first one by steps between touching road squares, if any.
fn cut_off(cells: &[Cell]) -> Option<Vec<Cell>> {
    let mut reached = vec![cells[0]];
    let mut i = 0;
    while i < reached.len() {
        let from = reached[i];
        for &c in cells {
            if from.touches(c) && !reached.contains(&c) {
                reached.push(c);
            }
        }
        i += 1;
    }
    let rest: Vec<Cell> = cells.iter().copied().filter(|c| !reached.contains(c)).collect();
    (!rest.is_empty()).then_some(rest)
}

/// Three road squares that all touch each other (three squares of one 2x2 block).
fn triangle(cells: &[Cell]) -> Option<[Cell; 3]> {
    for (i, &a) in cells.iter().enumerate() {
        for (j, &b) in cells.iter().enumerate().skip(i + 1) {
            for &c in &cells[j + 1..] {
                if a.touches(b) && b.touches(c) && a.touches(c) {
                    return Some([a, b, c]);
                }
            }
        }
    }
    None
}

/// Every square touches at most two others: with the road connected and five squares long,
/// a path one walks from end to end.
fn chain(cells: &[Cell]) -> bool {
    cells.iter().all(|&c| neighbours(cells, c) <= 2)
}

/// The centre of a diamond in the road: four road squares one step orthogonally around an
/// empty square (`f4` in the seed's near-diamond `e4-f5-g4-f3-g6`).
fn diamond(cells: &[Cell]) -> Option<Cell> {
    cells.iter().find_map(|&west| {
        let centre = Cell { file: west.file + 1, rank: west.rank };
        let at = |df: i8, dr: i8| {
            let (f, r) = (centre.file as i8 + df, centre.rank as i8 + dr);
            cells.iter().any(|c| c.file as i8 == f && c.rank as i8 == r)
        };
        (at(1, 0) && at(0, 1) && at(0, -1) && !at(0, 0)).then_some(centre)
    })
}

/// Every road of `rules` in `region`, in order, each once.
pub fn enumerate(rules: Rules, region: &Region) -> Result<Vec<Road>, String> {
    if rules == Rules::Any {
        return Err("--rules any has no list (any five squares of the board); it is for --roads FILE".into());
    }
    let cells = region.cells();
    let mut roads = Vec::new();
    let mut pick = Vec::with_capacity(ROAD_SQUARES);
    choose(&cells, 0, &mut pick, &mut |chosen| {
        let road = Road(chosen.to_vec());
        if rules.check(&road, region).is_ok() {
            roads.push(road);
        }
    });
    Ok(roads)
}

/// Calls `found` with `pick` completed to `ROAD_SQUARES` squares from `cells[start..]` in
/// every way, in order. No pruning: the default region has C(35, 5) = 324,632 subsets, and
/// the whole board's 25 million take seconds.
fn choose(cells: &[Cell], start: usize, pick: &mut Vec<Cell>, found: &mut dyn FnMut(&[Cell])) {
    if pick.len() == ROAD_SQUARES {
        found(pick);
        return;
    }
    let needed = ROAD_SQUARES - pick.len();
    for i in start..cells.len().saturating_sub(needed - 1) {
        pick.push(cells[i]);
        choose(cells, i + 1, pick, found);
        pick.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_road_reads_and_writes_back() {
        let road = Road::parse("g4,f5, e6,d5,c4").unwrap();
        assert_eq!(road.text(), DEFAULT_ROAD);
        assert_eq!(Road::parse("road:c4,d5,e6,f5,g4").unwrap(), road);
    }

    #[test]
    fn regions_read_their_corners() {
        let r = Region::parse(DEFAULT_REGION).unwrap();
        assert_eq!(r.cells().len(), 35);
        assert_eq!(r.text(), "b3-h7");
        for bad in ["h7-b3", "b3", "b3-j7", "b3-h10", ""] {
            assert!(Region::parse(bad).is_err(), "{bad}");
        }
    }

    /// Why `text` is refused under `rules` in the default region ("" if it is a road).
    fn why(rules: Rules, text: &str) -> String {
        let region = Region::parse(DEFAULT_REGION).unwrap();
        rules.check(&Road::parse(text).unwrap(), &region).err().unwrap_or_default()
    }

    #[test]
    fn each_rule_refuses_its_shapes_and_says_why() {
        // A gentle bend (an orthogonal step, then a diagonal one going on): not a triangle.
        assert_eq!(why(Rules::Seed, "c4,d4,e5,f6,g7"), "");
        // Two orthogonal steps at a right angle: c4, d4 and d5 all touch.
        assert!(why(Rules::Seed, "c4,d4,d5,e6,f7").contains("c4, d4, d5 all touch"));
        assert!(why(Rules::Exclusions, "c4,d4,d5,e6,f7").contains("double adjacency"));
        assert_eq!(why(Rules::Connected, "c4,d4,d5,e6,f7"), "");
        // An orthogonal step and a diagonal one turning back (135 degrees): c4, c5, d4.
        assert!(why(Rules::Exclusions, "b6,b7,c4,c5,d4").contains("c4, c5, d4 all touch"));
        // A branch: e5 touches d4, f4 and e6.
        assert!(why(Rules::Seed, "d4,e5,f4,e6,e7").contains("e5 touches three"));
        assert_eq!(why(Rules::Exclusions, "d4,e5,f4,e6,e7"), "");
        // The page's near-diamond.
        assert_eq!(why(Rules::Seed, "e4,f5,g4,f3,g6"), "");
        // No adjacency: one square alone, or two apart from three.
        assert!(why(Rules::Connected, "c4,d5,e6,f5,h3").contains("h3 not joined"));
        assert!(why(Rules::Connected, "c4,d5,e6,g4,h3").contains("g4, h3 not joined"));
        // The region, and the length.
        assert!(why(Rules::Seed, "a4,b5,c6,d5,e4").contains("a4 is outside the region b3-h7"));
        assert_eq!(why(Rules::Any, "a4,b5,c6,d5,e4"), "");
        assert!(why(Rules::Seed, "c4,d5,e6,f5").contains("has 4 squares; --rules seed roads have 5"));
        assert!(why(Rules::Any, "c4,d5,e6,f5,g4,h3").contains("has 6 squares"));
    }

    #[test]
    fn bad_road_text_is_refused() {
        for (text, words) in [
            ("c4,d5,,f5,g4", "empty square name"),
            ("c4,d5,e6,f5,j4", "j4 is not a square of the 9x9 board"),
            ("c4,d5,e6,f5,g10", "g10 is not a square"),
            ("c4,d5,e6,f5,c4", "c4 is named twice"),
            ("c4;d5", "'c4;d5' is not a square name"),
            ("", "empty square name"),
        ] {
            let e = Road::parse(text).err().unwrap_or_default();
            assert!(e.contains(words), "{text}: {e}");
        }
    }

    #[test]
    fn the_seed_set_counts_and_contains_the_default_road() {
        let region = Region::parse(DEFAULT_REGION).unwrap();
        let roads = enumerate(Rules::Seed, &region).unwrap();
        assert_eq!(roads.len(), 2256);
        assert!(roads.windows(2).all(|w| w[0] < w[1]), "sorted, so no duplicates");
        assert!(roads.contains(&Road::parse(DEFAULT_ROAD).unwrap()));
        assert_eq!(enumerate(Rules::Exclusions, &region).unwrap().len(), 3179);
        assert_eq!(enumerate(Rules::Connected, &region).unwrap().len(), 6846);
    }
}
