//! The survey's results file: one JSON line per finished road (docs/roads.md), read back for
//! resuming, merging and reporting. A line is written in one piece once its road is done,
//! so only a crash in the middle of that write can leave a cut line, and only at the end.

use super::shape::Road;
use super::tally::Counts;
use serde_json::Value;
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;

/// What the games of a survey were played with: roads of different settings do not mix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub games_per_road: u32,
    /// The engines' `--each` keys as given (`nodes=300`).
    pub each: String,
    pub seed: u64,
}

impl Settings {
    pub fn describe(&self) -> String {
        format!("--games-per-road {} --each {} --seed {}", self.games_per_road, self.each, self.seed)
    }
}

/// One finished road.
#[derive(Clone, Debug, PartialEq)]
pub struct RoadResult {
    pub road: Road,
    pub counts: Counts,
    pub forfeits: u32,
    pub stopped_early: bool,
    pub settings: Settings,
}

impl RoadResult {
    /// The JSON line, with its newline.
    pub fn line(&self) -> String {
        let (score, low, high) = self.counts.interval();
        let round = |x: f64| (x * 10_000.0).round() / 10_000.0;
        // Fields in a fixed, readable order (road first); the strings through serde_json for
        // their quoting.
        let text = |t: &str| serde_json::to_string(t).expect("a string serialises");
        let c = &self.counts;
        format!(
            concat!(
                "{{\"road\":{},\"games\":{},\"white_wins\":{},\"draws\":{},\"black_wins\":{},",
                "\"white_score\":{},\"low\":{},\"high\":{},\"stopped_early\":{},\"forfeits\":{},",
                "\"games_per_road\":{},\"each\":{},\"seed\":{}}}\n"
            ),
            text(&self.road.text()),
            c.games(),
            c.white_wins,
            c.draws,
            c.black_wins,
            Value::from(round(score)),
            Value::from(round(low)),
            Value::from(round(high)),
            self.stopped_early,
            self.forfeits,
            self.settings.games_per_road,
            text(&self.settings.each),
            self.settings.seed,
        )
    }

    /// Reads a line written by `line` (the score and interval are recomputed from the counts).
    fn parse(text: &str) -> Result<RoadResult, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
        let field = |name: &str| v.get(name).ok_or(format!("no \"{name}\""));
        let number = |name: &str| -> Result<u64, String> {
            field(name)?.as_u64().ok_or(format!("\"{name}\" is not a whole number"))
        };
        let small = |name: &str| -> Result<u32, String> {
            u32::try_from(number(name)?).map_err(|_| format!("\"{name}\" is too large"))
        };
        let road = Road::parse(field("road")?.as_str().ok_or("\"road\" is not a string")?)?;
        let counts = Counts {
            white_wins: small("white_wins")?,
            draws: small("draws")?,
            black_wins: small("black_wins")?,
        };
        let sum = u64::from(counts.white_wins) + u64::from(counts.draws) + u64::from(counts.black_wins);
        if sum != number("games")? || sum > u64::from(u32::MAX) {
            return Err("\"games\" is not the sum of the results".into());
        }
        Ok(RoadResult {
            road,
            counts,
            forfeits: small("forfeits")?,
            stopped_early: field("stopped_early")?
                .as_bool()
                .ok_or("\"stopped_early\" is not true or false")?,
            settings: Settings {
                games_per_road: small("games_per_road")?,
                each: field("each")?.as_str().ok_or("\"each\" is not a string")?.to_string(),
                seed: number("seed")?,
            },
        })
    }
}

/// A results file as read.
pub struct ResultsFile {
    pub results: Vec<RoadResult>,
    /// Bytes up to the end of the last whole line; less than the file's length when a crash
    /// cut the last line short.
    pub whole_bytes: u64,
    pub cut: bool,
}

/// Reads `path` (a missing file has no results). Every whole line must be a road result, each
/// road once, all of one survey's settings; a cut last line is reported in `cut`.
pub fn read(path: &Path) -> Result<ResultsFile, String> {
    let name = path.display();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("cannot read {name}: {e}")),
    };
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let text = std::str::from_utf8(&bytes[..whole])
        .map_err(|_| format!("{name} is not a text file of road results"))?;
    let mut results: Vec<RoadResult> = Vec::new();
    let mut seen = HashSet::new();
    for (n, line) in text.lines().enumerate() {
        let r = RoadResult::parse(line)
            .map_err(|why| format!("{name} line {}: not a road result: {why}", n + 1))?;
        if !seen.insert(r.road.clone()) {
            return Err(format!("{name} line {}: road {} is there twice", n + 1, r.road.text()));
        }
        if let Some(first) = results.first().filter(|f| f.settings != r.settings) {
            return Err(format!(
                "{name} line {}: the results of two surveys ({} and {})",
                n + 1,
                first.settings.describe(),
                r.settings.describe()
            ));
        }
        results.push(r);
    }
    Ok(ResultsFile { results, whole_bytes: whole as u64, cut: whole < bytes.len() })
}

/// Reads `path` for merging and reporting, which take whole files only.
pub fn read_whole(path: &Path) -> Result<Vec<RoadResult>, String> {
    if !path.is_file() {
        return Err(format!("no results file {}", path.display()));
    }
    let file = read(path)?;
    if file.cut {
        return Err(format!(
            "{} ends in a cut line (a survey killed while writing it); rerun the survey with the same -o to repair it",
            path.display()
        ));
    }
    Ok(file.results)
}

/// Writes `text` to `path` whole or not at all: into a temporary file beside it, renamed.
pub fn write_new(path: &Path, text: &str) -> Result<(), String> {
    let name = path.display();
    let mut temp = path.as_os_str().to_owned();
    temp.push(".partial");
    let temp = std::path::PathBuf::from(temp);
    let written = std::fs::File::create(&temp)
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&temp, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        format!("cannot write {name}: {e}")
    })
}
