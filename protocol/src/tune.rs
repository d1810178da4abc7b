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
              [--regularization R] [--hold-out N]

Fits every evaluation weight of the game to the results of the games in the data files
(Texel tuning) and writes the game's weight table to TABLE (search/src/eval/tables/NAME.txt
is the committed one). --lambda mixes the target: L times the game's result plus (1 - L)
times the search score's predicted result (default 1: results only). --from says where the
weights start: the committed table (default) or the hand-set values. --regularization
(default 1e-5) pulls every weight toward its start: the loss counts R times the sum of the
squared distances in units of 100 cp. --hold-out N (default 10) keeps one game in N out of
the fit and writes the weights of the epoch that predicts those games best (0: none held
out, the last epoch's weights).";

/// Where an error line sends the user (an error is one line; the usage is `--help`'s).
const SEE_HELP: &str = "tinman tune --help shows the usage";

/// Defaults of the options.
const DEFAULT_EPOCHS: usize = 300;
const DEFAULT_LEARNING_RATE: f64 = 1.0;
/// The loss is printed every this many epochs (and after the last).
const REPORT_EVERY: usize = 10;
/// Below this share of positions from decisive games, the scores' scale is not fitted.
const MIN_DECISIVE_SHARE: f64 = 0.05;
/// The standard scale: +400 cp predicts 91% (`sigmoid(K · cp / 400)` with `K` = 1).
const STANDARD_K: f64 = 1.0;
/// One game in this many is held out of the fit, unless `--hold-out` says otherwise, to
/// measure how the weights generalise.
const DEFAULT_HOLD_OUT: usize = 10;

struct TuneOptions {
    variant: &'static Variant,
    data: Vec<String>,
    output: String,
    epochs: usize,
    learning_rate: f64,
    threads: Option<usize>,
    lambda: f64,
    from_hand_set: bool,
    regularization: f64,
    /// One game in this many is held out (none when 0).
    hold_out: usize,
}

fn parse(args: &[String]) -> Result<TuneOptions, String> {
    let mut variant = None;
    let (mut data, mut output) = (Vec::new(), None);
    let (mut epochs, mut learning_rate, mut threads) = (DEFAULT_EPOCHS, DEFAULT_LEARNING_RATE, None);
    let (mut lambda, mut from_hand_set) = (1.0, false);
    let mut regularization = TuneConfig::default().regularization;
    let mut hold_out = DEFAULT_HOLD_OUT;
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
            "--regularization" => {
                regularization = value("--regularization")?
                    .parse()
                    .ok()
                    .filter(|r: &f64| *r >= 0.0 && r.is_finite())
                    .ok_or("--regularization needs a number of at least 0")?
            }
            "--hold-out" => {
                hold_out = value("--hold-out")?
                    .parse()
                    .ok()
                    .filter(|&n| n != 1)
                    .ok_or("--hold-out needs a whole number: 0 (none) or 2 and more")?
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
    Ok(TuneOptions {
        variant,
        data,
        output,
        epochs,
        learning_rate,
        threads,
        lambda,
        from_hand_set,
        regularization,
        hold_out,
    })
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
    for (file, path) in o.data.iter().enumerate() {
        records.extend(read_records(path, o.variant)?.into_iter().map(|r| (file, r)));
    }
    let total = records.len();
    records.retain(|(_, r)| quiet(r));
    let count = |r: GameResult| records.iter().filter(|(_, x)| x.result == r).count();
    let (wins, draws, losses) =
        (count(GameResult::WhiteWin), count(GameResult::Draw), count(GameResult::BlackWin));
    if records.is_empty() {
        return Err(format!("no quiet positions of '{}' in the data ({total} records)", o.variant.name));
    }
    let values = if o.from_hand_set { Values::hand_set(o.variant) } else { Values::for_variant(o.variant) };
    let start = values.weights().clone();
    // Results of almost only drawn games say nothing about how scores turn into wins: the
    // search scores' own scale is then taken as the standard one.
    let decisive = wins + losses;
    let k_scores = if (decisive as f64) < MIN_DECISIVE_SHARE * records.len() as f64 {
        STANDARD_K
    } else {
        fit_k_on_scores(records.iter().map(|(_, r)| r))
    };
    let sample = |r: &Record| {
        let result = r.result.white_score() as f32;
        let predicted = predicted_from_score(r, k_scores) as f32;
        let target = o.lambda as f32 * result + (1.0 - o.lambda as f32) * predicted;
        Sample { trace: trace(&r.position, &values), result: target }
    };
    let held_out =
        |file: usize, r: &Record| o.hold_out > 0 && (r.game as usize + file).is_multiple_of(o.hold_out);
    let (validation, training): (Vec<_>, Vec<_>) =
        records.into_par_iter().partition(|(f, r)| held_out(*f, r));
    let samples: Vec<Sample> = training.par_iter().map(|(_, r)| sample(r)).collect();
    let validation: Vec<Sample> = validation.par_iter().map(|(_, r)| sample(r)).collect();
    drop(training);
    if samples.is_empty() {
        return Err("every position is of a held-out game: the data needs more games".into());
    }
    let k = fit_k(&samples, &start);
    let before = loss(&samples, &start, k);
    // With nothing held out the training loss stands in, and the last epoch is kept.
    let holding_out = !validation.is_empty();
    let validation_before = if holding_out { loss(&validation, &start, k) } else { before };
    let say = |out: &mut dyn Write, line: String| writeln!(out, "{line}").map_err(|e| e.to_string());
    say(
        out,
        format!(
            "{}: {} quiet positions of {total} records (from games White won {wins}, drawn {draws}, \
             lost {losses}), {} of them held out; K = {k:.4}, loss {before:.6}, held out \
             {validation_before:.6} ({:.1} s)",
            o.variant.name,
            samples.len() + validation.len(),
            validation.len(),
            started.elapsed().as_secs_f64()
        ),
    )?;
    let config =
        TuneConfig { epochs: o.epochs, learning_rate: o.learning_rate, regularization: o.regularization };
    let mut best_epoch = (0, validation_before);
    let tuned = tune(o.variant, &samples, &validation, &start, k, config, &mut |r| {
        if !holding_out || r.validation < best_epoch.1 {
            best_epoch = (r.epoch, r.validation);
        }
        if r.epoch % REPORT_EVERY == 0 || r.epoch == o.epochs {
            let _ = writeln!(out, "epoch {:>5} loss {:.6} held out {:.6}", r.epoch, r.loss, r.validation);
            let _ = out.flush();
        }
    });
    let after = loss(&samples, &tuned, k);
    let validation_after = if holding_out { loss(&validation, &tuned, k) } else { after };
    let header = format!(
        "Tinman evaluation weights for {}: name, middlegame, endgame (centipawns; mobility,\n\
         king_danger and jump_exposure_value in 1/640 cp).\n\
         Written by: tinman tune --variant {} --epochs {} --learning-rate {} --lambda {} --regularization {}{}\n\
         on {} quiet positions ({}), K = {k:.4}, loss {before:.6} -> {after:.6},\n\
         held out {validation_before:.6} -> {validation_after:.6} (the weights of epoch {}).",
        o.variant.name,
        o.variant.name,
        o.epochs,
        o.learning_rate,
        o.lambda,
        o.regularization,
        if o.from_hand_set { " --from hand" } else { "" },
        samples.len(),
        o.data.iter().map(|p| file_name(p)).collect::<Vec<_>>().join(", "),
        best_epoch.0,
    );
    write_atomically(&o.output, &tuned.write_table(o.variant, &header))?;
    say(
        out,
        format!(
            "loss {before:.6} -> {after:.6}, held out {validation_before:.6} -> {validation_after:.6} \
             (the weights of epoch {}); wrote {} ({:.1} s)",
            best_epoch.0,
            o.output,
            started.elapsed().as_secs_f64()
        ),
    )
}

/// The scale that turns the search scores into predicted results (for `--lambda`): the same
/// fit as for the evaluation, on the scores.
fn fit_k_on_scores<'a>(records: impl Iterator<Item = &'a Record> + Clone) -> f64 {
    // A crude but sufficient fit: the least squared error over a grid.
    let error = |k: f64| -> f64 {
        records
            .clone()
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
