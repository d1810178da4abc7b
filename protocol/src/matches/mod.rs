//! `tinman match`: engine-against-engine tournaments in any of the five games, refereed by
//! Tinman's own rules core. See docs/match.md.

mod engine;
mod engine_uci;
mod engine_xboard;
pub(super) mod openings;
pub(super) mod options;
pub(super) mod pgn;
mod process;
pub(super) mod referee;
mod schedule;
mod stats;
mod timecontrol;
mod transpose;

use options::Config;
use referee::GameRecord;
use schedule::Job;
use stats::{SprtState, Tally};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use tinman_core::Color;

pub use options::USAGE;

/// A line on standard output; a closed output (`| head`) is not an error worth a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// Text on standard output, as `say!` without the newline.
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        let _ = write!(std::io::stdout(), $($arg)*);
    }};
}

/// Runs `tinman match ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    let config = Arc::new(options::parse(args)?);
    let (jobs, opening_count) = schedule::jobs(&config);
    let mut pgn_file = match &config.pgnout {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("-pgnout: cannot open '{path}': {e}"))?,
        ),
        None => None,
    };
    // Random openings are moves from the start, which every engine takes, and preparing
    // them takes a while: check the engines first. Openings from a file are read at once,
    // and the check then includes the first one's setup (`setboard`).
    let random = matches!(config.openings, options::Openings::Random { .. });
    if random {
        check_engines(&config, &openings::Opening::default())?;
    }
    let openings = Arc::new(openings::prepare(&config, opening_count)?);
    if !random {
        check_engines(&config, &openings[0])?;
    }
    let names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
    say!(
        "Tournament: {} games of {} between {} (seed {})",
        jobs.len(),
        config.variant.name,
        names.join(", "),
        config.seed
    );

    let total = jobs.len();
    let queue = Arc::new(Mutex::new(jobs.into_iter().collect::<VecDeque<Job>>()));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<(Job, GameRecord)>();
    let mut workers = Vec::new();
    for _ in 0..config.concurrency.min(total.max(1)) {
        let (config, openings, queue, stop, tx) =
            (config.clone(), openings.clone(), queue.clone(), stop.clone(), tx.clone());
        workers.push(std::thread::spawn(move || {
            // This thread's engine processes kept between games (`restart=off`).
            let mut pool: referee::Pool = config.engines.iter().map(|_| None).collect();
            loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let Some(job) = queue.lock().ok().and_then(|mut q| q.pop_front()) else { break };
                let opening = &openings[job.opening];
                let record =
                    referee::play(&config, &mut pool, job.number, job.round, job.white, job.black, opening);
                if tx.send((job, record)).is_err() {
                    break;
                }
            }
            for e in pool.iter_mut().flatten() {
                e.quit();
            }
        }));
    }
    drop(tx);

    let date = pgn::today();
    let n = config.engines.len();
    let mut tallies = vec![Tally::default(); n];
    // pair_tallies[a][b]: a's results against b.
    let mut pair_tallies = vec![vec![Tally::default(); n]; n];
    let mut finished = 0;
    let mut sprt_verdict = None;
    for (job, record) in rx {
        finished += 1;
        if let Some(file) = pgn_file.as_mut() {
            file.write_all(pgn::game(&config, &record, &date).as_bytes())
                .map_err(|e| format!("-pgnout: cannot write: {e}"))?;
        }
        let (w, b) = (job.white, job.black);
        let add = |t: &mut Tally, winner: Option<Color>, me: Color| match winner {
            None => t.draws += 1,
            Some(c) if c == me => t.wins += 1,
            Some(_) => t.losses += 1,
        };
        add(&mut tallies[w], record.winner, Color::White);
        add(&mut tallies[b], record.winner, Color::Black);
        add(&mut pair_tallies[w][b], record.winner, Color::White);
        add(&mut pair_tallies[b][w], record.winner, Color::Black);
        say!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            record.number,
            names[w],
            names[b],
            record.result(),
            record.reason
        );
        let (a, c) = (w.min(b), w.max(b));
        let t = pair_tallies[a][c];
        let (elo, margin) = t.elo();
        say!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}   ({finished}/{total} games)",
            names[a],
            names[c],
            t.wins,
            t.losses,
            t.draws,
            t.score(),
            t.games()
        );
        say!(
            "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {:.1} %",
            fmt_elo(elo),
            fmt_elo(margin),
            100.0 * t.los(),
            100.0 * t.draw_ratio()
        );
        if let Some(s) = config.sprt {
            let (llr, lower, upper, state) =
                stats::sprt(&pair_tallies[0][1], s.elo0, s.elo1, s.alpha, s.beta);
            say!("SPRT: llr {llr:.3}, lbound {lower:.3}, ubound {upper:.3}");
            if state != SprtState::Continue && sprt_verdict.is_none() {
                sprt_verdict = Some(state);
                stop.store(true, Ordering::Relaxed);
                say!(
                    "SPRT: {} was accepted; stopping after the games in progress",
                    if state == SprtState::AcceptH1 { "H1" } else { "H0" }
                );
            }
        }
        let _ = std::io::stdout().flush();
    }
    for w in workers {
        let _ = w.join();
    }
    say_raw!("{}", final_table(&config, &tallies, &pair_tallies));
    if let (Some(s), Some(state)) = (config.sprt, sprt_verdict) {
        say!(
            "SPRT (elo0={}, elo1={}, alpha={}, beta={}): {}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            if state == SprtState::AcceptH1 { "H1 accepted" } else { "H0 accepted" }
        );
    }
    Ok(())
}

/// Starts every engine once before the first game (all at once, so that hanging engines
/// cost one timeout in all): the handshake, the variant, the first game's setup. Err is the
/// first engine's problem, as one line.
pub(super) fn check_engines(config: &Config, first: &openings::Opening) -> Result<(), String> {
    let start = engine::GameStart { variant: config.variant.name, fen: first.fen.as_deref() };
    let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = config
            .engines
            .iter()
            .map(|spec| scope.spawn(|| engine::check(spec, &start, &first.moves, config.debug)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("engine check panicked".into())))
            .collect()
    });
    results.into_iter().collect()
}

fn fmt_elo(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else if x > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

/// The final table: for two engines, the first one's results; for more, every engine
/// against the field, best score first.
fn final_table(config: &Config, tallies: &[Tally], pairs: &[Vec<Tally>]) -> String {
    let mut out = String::from("\nFinal results");
    let mut order: Vec<usize> = (0..tallies.len()).collect();
    let rows: Vec<(String, Tally)> = if tallies.len() == 2 {
        out.push_str(&format!(" ({} against {}):\n", config.engines[0].name, config.engines[1].name));
        vec![(config.engines[0].name.clone(), pairs[0][1])]
    } else {
        out.push_str(" (each engine against the field):\n");
        order.sort_by(|&a, &b| tallies[b].score().total_cmp(&tallies[a].score()));
        order.iter().map(|&i| (config.engines[i].name.clone(), tallies[i])).collect()
    };
    out.push_str(&format!(
        "{:<4} {:<24} {:>6} {:>5} {:>5} {:>5} {:>7} {:>8} {:>8}\n",
        "Rank", "Name", "Games", "W", "D", "L", "Score", "Elo", "+/-95%"
    ));
    for (rank, (name, t)) in rows.iter().enumerate() {
        let (elo, margin) = t.elo();
        out.push_str(&format!(
            "{:<4} {:<24} {:>6} {:>5} {:>5} {:>5} {:>6.1}% {:>8} {:>8}\n",
            rank + 1,
            name,
            t.games(),
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            fmt_elo(elo),
            fmt_elo(margin)
        ));
    }
    out
}
