//! `tinman roads`: the Yellow Brick Roads of `wizardoz` (Wizard of Oz Nonal Chess) — which
//! roads the seed page counts, and self-play surveys of White's score on each of them.
//! See docs/roads.md.

mod merge;
mod pick;
mod report;
mod results;
mod shape;
mod spread;
mod survey;
mod svg;
mod tally;

use shape::{Region, Road, Rules, DEFAULT_REGION, DEFAULT_ROAD};
use std::io::Write;

pub const USAGE: &str = "usage:
  tinman roads list [--rules seed|exclusions|connected] [--region b3-h7]
  tinman roads survey (--all | --roads FILE | --sample N) --games-per-road G --each KEY=VALUE...
               [--rules seed|exclusions|connected|any] [--region b3-h7] [--concurrency C]
               [--shard K/N] [--seed S] [--pgnout FILE] -o RESULTS.jsonl
               (--each takes the match runner's engine keys: tc=10+0.1, nodes=5000, depth=N, ...)
  tinman roads merge A.jsonl B.jsonl ... -o ALL.jsonl
  tinman roads report RESULTS.jsonl [--top N] [--svg FILE]";

/// Runs `tinman roads ARGS`; results go to `out`, notes and counts to standard error.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let Some((command, rest)) = args.split_first() else {
        return Err(format!("roads needs a command\n{USAGE}"));
    };
    match command.as_str() {
        "list" => list(rest, out),
        "survey" => survey::run(rest, out),
        "merge" => merge::run(rest, out),
        "report" => report::run(rest, out),
        "help" | "--help" | "-h" => writeln!(out, "{USAGE}").map_err(|e| e.to_string()),
        other => Err(format!("roads: unknown command '{other}' (tinman roads --help shows the usage)")),
    }
}

/// The road set's options, shared by `list` and `survey`.
struct RoadSet {
    rules: Rules,
    region: Region,
}

impl RoadSet {
    fn new() -> RoadSet {
        RoadSet { rules: Rules::Seed, region: Region::parse(DEFAULT_REGION).expect("the default region") }
    }

    /// Takes `--rules` and `--region` with their value; false for any other option.
    fn take(
        &mut self,
        arg: &str,
        value: &mut dyn FnMut(&str) -> Result<String, String>,
    ) -> Result<bool, String> {
        match arg {
            "--rules" => self.rules = Rules::parse(&value("--rules")?)?,
            "--region" => self.region = Region::parse(&value("--region")?)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// `tinman roads list`: one road per line on `out`, the count on standard error.
fn list(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let mut set = RoadSet::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        if !set.take(arg, &mut value)? {
            return Err(format!("roads list: unknown option '{arg}' (tinman roads --help shows the usage)"));
        }
    }
    let roads = shape::enumerate(set.rules, &set.region)?;
    let mut text = String::new();
    for road in &roads {
        text.push_str(&road.text());
        text.push('\n');
    }
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    let default = Road::parse(DEFAULT_ROAD).expect("the default road");
    let mark = match roads.binary_search(&default) {
        Ok(i) => format!("the default road {DEFAULT_ROAD} is line {}", i + 1),
        Err(_) => format!("the default road {DEFAULT_ROAD} is not among them"),
    };
    eprintln!(
        "roads list: {} roads (--rules {}, --region {}); {mark}",
        roads.len(),
        set.rules.name(),
        set.region.text()
    );
    Ok(())
}
