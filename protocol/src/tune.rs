//! `tinman tune`: Texel tuning of one game's evaluation weights on `tinman datagen` files.
//! Reads the data, keeps the quiet positions of the chosen game, fits the score scale `K`,
//! runs the tuner (search/src/tune.rs) and writes the game's weight table, the form the
//! engine reads (search/src/eval/tables/).

use rayon::prelude::*;
use std::io::Write;
use std::path::Path;
use std::time::Instant;
use tinman_core::{variants, Variant};
use tinman_search::data::{decode_all, GameResult, Record};
use tinman_search::eval::{trace, Values};
use tinman_search::tune::{fit_k, loss, tune, Sample, TuneConfig};

pub const USAGE: &str = "usage:
  tinman tune --variant NAME --data FILE [--data FILE ...] -o TABLE
              [--epochs N] [--learning-rate CP] [--threads N] [--lambda L] [--from hand|tuned]

Fits every evaluation weight of the game to the results of the games in the data files
(Texel tuning) and writes the game's weight table to TABLE (search/src/eval/tables/NAME.txt
is the committed one). --lambda mixes the target: L times the game's result plus (1 - L)
times the search score's predicted result (default 1: results only). --from says where the
weights start: the committed table (default) or the hand-set values.";

/// Where an error line sends the user (an error is one line; the usage is `--help`'s).
const SEE_HELP: &str = "tinman tune --help shows the usage";

/// Defaults of the options.
const DEFAULT_EPOCHS: usize = 300;
const DEFAULT_LEARNING_RATE: f64 = 1.0;
/// The loss is printed every this many epochs (and after the last).
const REPORT_EVERY: usize = 10;

struct TuneOptions {
    variant: &'static Variant,
    data: Vec<String>,
    output: String,
    epochs: usize,
    learning_rate: f64,
    threads: Option<usize>,
    lambda: f64,
    from_hand_set: bool,
}

fn parse(args: &[String]) -> Result<TuneOptions, String> {
    let mut variant = None;
    let (mut data, mut output) = (Vec::new(), None);
    let (mut epochs, mut learning_rate, mut threads) = (DEFAULT_EPOCHS, DEFAULT_LEARNING_RATE, None);
    let (mut lambda, mut from_hand_set) = (1.0, false);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--variant" => {
                let name = value("--variant")?;
                variant = Some(variants::by_name(&name).ok_or_else(|| {
                    format!("unknown variant '{name}' (known: {})", variants::names().join(", "))
                })?);
            }
            "--data" => data.push(value("--data")?),
            "-o" | "--output" => output = Some(value("-o")?),
            "--epochs" => {
                epochs = value("--epochs")?
                    .parse()
                    .ok()
                    .filter(|&e| e >= 1)
                    .ok_or("--epochs needs a whole number of at least 1")?
            }
            "--learning-rate" => {
                learning_rate = value("--learning-rate")?
                    .parse()
                    .ok()
                    .filter(|&r: &f64| r > 0.0 && r.is_finite())
                    .ok_or("--learning-rate needs a positive number")?
            }
            "--threads" => {
                threads = Some(
                    value("--threads")?
                        .parse()
                        .ok()
                        .filter(|&t| t >= 1)
                        .ok_or("--threads needs a whole number of at least 1")?,
                )
            }
            "--lambda" => {
                lambda = value("--lambda")?
                    .parse()
                    .ok()
                    .filter(|l: &f64| (0.0..=1.0).contains(l))
                    .ok_or("--lambda needs a number from 0 to 1")?
            }
            "--from" => {
                from_hand_set = match value("--from")?.as_str() {
                    "hand" => true,
                    "tuned" => false,
                    other => return Err(format!("--from: '{other}' is neither 'hand' nor 'tuned'")),
                }
            }
            other => return Err(format!("tune: unknown option '{other}' ({SEE_HELP})")),
        }
    }
    let variant = variant.ok_or(format!("tune needs --variant NAME ({SEE_HELP})"))?;
    if data.is_empty() {
        return Err(format!("tune needs at least one --data FILE ({SEE_HELP})"));
    }
    let output = output.ok_or(format!("tune needs -o TABLE ({SEE_HELP})"))?;
    Ok(TuneOptions { variant, data, output, epochs, learning_rate, threads, lambda, from_hand_set })
}

/// Refuses an output the table could never be written to, or one that is a data file, before
/// the work: a directory, a path in a directory that does not exist, one of the `--data` files.
fn check_output(output: &str, data: &[String]) -> Result<(), String> {
    let path = Path::new(output);
    if path.is_dir() {
        return Err(format!("-o {output} is a directory"));
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty() && !d.is_dir()) {
        return Err(format!("-o {output}: no directory {}", dir.display()));
    }
    let same = |d: &String| match (std::fs::canonicalize(d), std::fs::canonicalize(path)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if data.iter().any(same) {
        return Err(format!("-o {output} is a --data file; not writing over the data"));
    }
    Ok(())
}

/// The records of `path`, all of `variant`'s game.
fn read_records(path: &str, variant: &Variant) -> Result<Vec<Record>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let records = decode_all(&bytes).map_err(|e| format!("{path}: {e}"))?;
    if let Some((i, r)) = records.iter().enumerate().find(|(_, r)| r.position.variant().name != variant.name)
    {
        return Err(format!(
            "{path}: record {} is a position of '{}', not of '{}'",
            i + 1,
            r.position.variant().name,
            variant.name
        ));
    }
    Ok(records)
}

/// Whether the tuner should see a record: a quiet position (the static evaluation is about
/// quiet positions; the search's score of the others is about the exchange in progress).
fn quiet(record: &Record) -> bool {
    record.quiet()
}

pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let o = parse(args)?;
    check_output(&o.output, &o.data)?;
    if let Some(threads) = o.threads {
        // The pool can only be set once per process; a second `tune` in one process (tests)
        // keeps the first one's.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(threads).build_global();
    }
    let started = Instant::now();
    let mut records = Vec::new();
    for path in &o.data {
        records.extend(read_records(path, o.variant)?);
    }
    let total = records.len();
    records.retain(quiet);
    let count = |r: GameResult| records.iter().filter(|x| x.result == r).count();
    let (wins, draws, losses) =
        (count(GameResult::WhiteWin), count(GameResult::Draw), count(GameResult::BlackWin));
    if records.is_empty() {
        return Err(format!("no quiet positions of '{}' in the data ({total} records)", o.variant.name));
    }
    let values = if o.from_hand_set { Values::hand_set(o.variant) } else { Values::for_variant(o.variant) };
    let start = values.weights.clone();
    let k_scores = fit_k_on_scores(&records);
    let samples: Vec<Sample> = records
        .par_iter()
        .map(|r| {
            let result = r.result.white_score() as f32;
            let predicted = predicted_from_score(r, k_scores) as f32;
            let target = o.lambda as f32 * result + (1.0 - o.lambda as f32) * predicted;
            Sample { trace: trace(&r.position, &values), result: target }
        })
        .collect();
    drop(records);
    let k = fit_k(&samples, &start);
    let before = loss(&samples, &start, k);
    let say = |out: &mut dyn Write, line: String| writeln!(out, "{line}").map_err(|e| e.to_string());
    say(
        out,
        format!(
            "{}: {} quiet positions of {total} records (from games White won {wins}, drawn {draws}, \
             lost {losses}), K = {k:.4}, loss {before:.6} ({:.1} s)",
            o.variant.name,
            samples.len(),
            started.elapsed().as_secs_f64()
        ),
    )?;
    let config = TuneConfig { epochs: o.epochs, learning_rate: o.learning_rate };
    let mut last = before;
    let tuned = tune(o.variant, &samples, &start, k, config, &mut |r| {
        last = r.loss;
        if r.epoch % REPORT_EVERY == 0 || r.epoch == o.epochs {
            let _ = writeln!(out, "epoch {:>5} loss {:.6}", r.epoch, r.loss);
            let _ = out.flush();
        }
    });
    let after = loss(&samples, &tuned, k);
    let header = format!(
        "Tinman evaluation weights for {}: name, middlegame, endgame (centipawns; mobility,\n\
         king_danger, jump_exposure_value and wazir_race in 1/640 cp).\n\
         Written by: tinman tune --variant {} --epochs {} --learning-rate {} --lambda {}{} on {} quiet\n\
         positions ({}), K = {k:.4}, loss {before:.6} -> {after:.6}.",
        o.variant.name,
        o.variant.name,
        o.epochs,
        o.learning_rate,
        o.lambda,
        if o.from_hand_set { " --from hand" } else { "" },
        samples.len(),
        o.data.iter().map(|p| file_name(p)).collect::<Vec<_>>().join(", "),
    );
    write_atomically(&o.output, &tuned.write_table(o.variant, &header))?;
    say(
        out,
        format!(
            "loss {before:.6} -> {after:.6} (last epoch {last:.6}); wrote {} ({:.1} s)",
            o.output,
            started.elapsed().as_secs_f64()
        ),
    )
}

/// The scale that turns the search scores into predicted results (for `--lambda`): the same
/// fit as for the evaluation, on the scores.
fn fit_k_on_scores(records: &[Record]) -> f64 {
    // A crude but sufficient fit: the least squared error over a grid.
    let error = |k: f64| -> f64 {
        records
            .iter()
            .map(|r| {
                let d = r.result.white_score() - predicted(white_score(r), k);
                d * d
            })
            .sum()
    };
    (1..=100).map(|i| i as f64 * 0.05).min_by(|&a, &b| error(a).total_cmp(&error(b))).unwrap_or(1.0)
}

fn white_score(r: &Record) -> f64 {
    let s = r.score as f64;
    if r.position.side_to_move() == tinman_core::Color::White {
        s
    } else {
        -s
    }
}

fn predicted(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * score / 400.0).exp())
}

fn predicted_from_score(r: &Record, k: f64) -> f64 {
    predicted(white_score(r), k)
}

fn file_name(path: &str) -> String {
    Path::new(path).file_name().map_or(path.to_string(), |n| n.to_string_lossy().into_owned())
}

/// Writes `text` to `path` through a temporary file beside it, so that a failure never leaves
/// a half-written table.
fn write_atomically(path: &str, text: &str) -> Result<(), String> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{path}: {e}")
    })
}
