//! `tinman roads report`: a survey's roads ranked by balance (White's score nearest 0.5
//! first), as a table and, with `--svg`, a picture (`svg.rs`).

use super::results::{self, RoadResult};
use super::shape::{Road, DEFAULT_ROAD};
use super::spread::Spread;
use crate::session::rules;
use std::io::Write;
use std::path::PathBuf;

/// Roads in the table unless `--top` says otherwise.
const DEFAULT_TOP: usize = 20;

/// Most balanced first: distance of White's score from 0.5, then the narrower interval
/// (the surer result), then the road, so that the order is total and reproducible.
pub fn ranked(mut all: Vec<RoadResult>) -> Vec<RoadResult> {
    let key = |r: &RoadResult| {
        let (s, low, high) = r.counts.interval();
        ((s - 0.5).abs(), high - low)
    };
    all.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        ka.0.total_cmp(&kb.0).then(ka.1.total_cmp(&kb.1)).then_with(|| a.road.cmp(&b.road))
    });
    all
}

pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let (mut input, mut top, mut svg) = (None, DEFAULT_TOP, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--top" => top = rules::whole_number("--top", &value("--top")?, 1, u32::MAX as u64)? as usize,
            "--svg" => svg = Some(PathBuf::from(value("--svg")?)),
            other if other.starts_with('-') => {
                return Err(format!(
                    "roads report: unknown option '{other}' (tinman roads --help shows the usage)"
                ))
            }
            file if input.is_none() => input = Some(PathBuf::from(file)),
            file => {
                return Err(format!(
                    "roads report takes one results file, not also '{file}' (merge them first)"
                ))
            }
        }
    }
    let input = input.ok_or("roads report needs a results file")?;
    let all = results::read_whole(&input)?;
    let Some(first) = all.first() else {
        return Err(format!("{} has no road results yet", input.display()));
    };
    let settings = first.settings.clone();
    let ranked = ranked(all);
    let games: u32 = ranked.iter().map(|r| r.counts.games()).sum();
    let mut text = format!(
        "Roads by balance: {} roads, {games} games ({}; {})\n",
        ranked.len(),
        input.display(),
        settings.describe()
    );
    let spread = Spread::of(&ranked);
    if let Some(spread) = &spread {
        text.push_str(&spread.describe());
    }
    text.push_str(&format!(
        "{:>4}  {:<15} {:>6}  {:<15} {:>7} {:>6} {:>5} {:>5} {:>5}  {}\n",
        "Rank", "Road", "White", "95% interval", "|W-.5|", "Games", "W", "D", "L", "Note"
    ));
    let default = Road::parse(DEFAULT_ROAD).expect("the default road");
    for (rank, r) in ranked.iter().enumerate().take(top) {
        text.push_str(&row(rank, r, &default));
    }
    match ranked.iter().position(|r| r.road == default) {
        Some(rank) if rank >= top => {
            text.push_str("  ...\n");
            text.push_str(&row(rank, &ranked[rank], &default));
        }
        Some(_) => {}
        None => text.push_str(&format!("(the default road {DEFAULT_ROAD} is not in this survey)\n")),
    }
    if let Some(path) = &svg {
        results::write_new(
            path,
            &super::svg::picture(
                &ranked,
                top,
                &settings.describe(),
                spread.as_ref().map(Spread::headline).as_deref(),
            ),
        )?;
        text.push_str(&format!("picture: {}\n", path.display()));
    }
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())
}

fn row(rank: usize, r: &RoadResult, default: &Road) -> String {
    let (s, low, high) = r.counts.interval();
    let mut notes = Vec::new();
    if &r.road == default {
        notes.push("default road");
    }
    if r.stopped_early {
        notes.push("stopped early");
    }
    if r.forfeits > 0 {
        notes.push("has forfeits");
    }
    let line = format!(
        "{:>4}  {:<15} {s:>6.3}  [{low:.3}, {high:.3}]  {:>7.3} {:>6} {:>5} {:>5} {:>5}  {}",
        rank + 1,
        r.road.text(),
        (s - 0.5).abs(),
        r.counts.games(),
        r.counts.white_wins,
        r.counts.draws,
        r.counts.black_wins,
        notes.join(", ")
    );
    format!("{}\n", line.trim_end())
}
