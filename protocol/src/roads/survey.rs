//! `tinman roads survey`: Tinman against itself on every road of a set, refereed by the match
//! runner (`matches::referee`, engines as subprocesses of this binary as in `tinman match
//! --selfplay`). Each road's line goes to the results file when the road is done; a rerun
//! skips the roads the file has. Options, the stopping rule and the file: docs/roads.md.

use super::super::matches::openings::{random_opening, Opening, Rng};
use super::super::matches::options::{self, Config};
use super::super::matches::pgn;
use super::super::matches::referee::{self, Termination};
use super::pick::{pick_roads, Pick};
use super::results::{self, RoadResult, Settings};
use super::shape::Road;
use super::tally::RoadTally;
use super::RoadSet;
use crate::session::rules;
use indicatif::{ProgressBar, ProgressStyle};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};
use tinman_core::{variants, Color, Variant};
use tinman_search::searcher::SEARCH_STACK_BYTES;
use tinman_search::Searcher;

/// Random plies before the engines take over: even, so that White still moves first and the
/// survey measures White's first move; two moves each vary the games without deciding them.
const OPENING_PLIES: usize = 4;
/// A random opening is kept when a short search scores it within this (centipawns); wider
/// than the match runner's 100, so that a road's own advantage is filtered out as little as
/// possible while openings that drop a piece are still refused.
const OPENING_BALANCE_CP: i32 = 150;
/// Games that reach this many moves are drawn (bounds a survey's time).
const MAX_MOVES: u32 = 200;
/// A side whose engine scores itself this far behind for `RESIGN_MOVES` moves in a row loses.
const RESIGN_SCORE_CP: u32 = 1000;
const RESIGN_MOVES: u32 = 5;
/// Most games per road (a survey of one road at 10^6 games runs for weeks already).
const MAX_GAMES_PER_ROAD: u64 = 1_000_000;
/// Redraws of the progress bar per second.
const PROGRESS_HZ: u64 = 4;

struct Survey {
    roads: Vec<Road>,
    settings: Settings,
    /// The match runner's configuration (two Tinman engines), the road not yet set.
    config: Config,
    concurrency: usize,
    /// Shard K of N as (K-1, N).
    shard: (usize, usize),
    output: PathBuf,
    /// Every game played, appended as PGN (its `FEN` tag names the road).
    pgnout: Option<PathBuf>,
}

fn parse(args: &[String]) -> Result<Survey, String> {
    let mut set = RoadSet::new();
    let (mut picks, mut games, mut each, mut output) = (Vec::new(), None, Vec::new(), None);
    let (mut concurrency, mut shard, mut seed, mut pgnout) = (1, (0, 1), 1, None);
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        let mut value = |name: &str| {
            let v = args.get(i).cloned().ok_or(format!("{name} needs a value"));
            i += 1;
            v
        };
        if set.take(arg, &mut value)? {
            continue;
        }
        match arg {
            "--all" => picks.push(Pick::All),
            "--roads" => picks.push(Pick::File(PathBuf::from(value("--roads")?))),
            "--sample" => {
                let n = rules::whole_number("--sample", &value("--sample")?, 1, u32::MAX as u64)?;
                picks.push(Pick::Sample(n as usize));
            }
            "--games-per-road" => {
                let n = rules::whole_number(
                    "--games-per-road",
                    &value("--games-per-road")?,
                    1,
                    MAX_GAMES_PER_ROAD,
                )?;
                games = Some(n as u32);
            }
            "--each" => {
                while let Some(token) = args.get(i).filter(|a| !a.starts_with('-') && a.contains('=')) {
                    each.push(token.clone());
                    i += 1;
                }
                if each.is_empty() {
                    return Err("--each needs KEY=VALUE tokens (tc=10+0.1, nodes=5000, ...)".into());
                }
            }
            "--concurrency" => {
                concurrency =
                    rules::whole_number("--concurrency", &value("--concurrency")?, 1, 1024)? as usize
            }
            "--shard" => {
                let (k, n) =
                    crate::datagen::parse_shard(&value("--shard")?).map_err(|e| format!("--shard: {e}"))?;
                shard = (k as usize, n as usize);
            }
            "--seed" => seed = rules::whole_number("--seed", &value("--seed")?, 0, u64::MAX)?,
            "-o" | "--output" => output = Some(PathBuf::from(value("-o")?)),
            "--pgnout" => pgnout = Some(PathBuf::from(value("--pgnout")?)),
            other => {
                return Err(format!(
                    "roads survey: unknown option '{other}' (tinman roads --help shows the usage)"
                ))
            }
        }
    }
    let games = games.ok_or("roads survey needs --games-per-road G")?;
    if each.is_empty() {
        return Err("roads survey needs --each with tc=..., st=..., depth=... or nodes=...".into());
    }
    let output = output.ok_or("roads survey needs -o FILE")?;
    let pick = match picks.len() {
        1 => picks.pop().expect("one pick"),
        _ => return Err("roads survey needs exactly one of --all, --roads FILE and --sample N".into()),
    };
    let roads = pick_roads(&set, pick, seed)?;
    let config = match_config(&each)?;
    let settings = Settings { games_per_road: games, each: each.join(" "), seed };
    Ok(Survey { roads, settings, config, concurrency, shard, output, pgnout })
}

/// The match runner's configuration for two copies of this binary playing `wizardoz` with
/// the `--each` keys; its own checks refuse bad keys with the runner's words.
fn match_config(each: &[String]) -> Result<Config, String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot find the tinman binary: {e}"))?;
    let me = format!("cmd={}", me.to_string_lossy());
    let mut args: Vec<String> =
        ["-variant", "wizardoz", "-srand", "1", "-maxmoves"].map(String::from).to_vec();
    args.push(MAX_MOVES.to_string());
    args.extend(["-resign".into(), format!("movecount={RESIGN_MOVES}"), format!("score={RESIGN_SCORE_CP}")]);
    for name in ["Tinman-1", "Tinman-2"] {
        args.extend(["-engine".into(), me.clone(), format!("name={name}")]);
    }
    args.push("-each".into());
    args.extend(each.iter().cloned());
    options::parse(&args)
}

/// The start of `road`'s games: the start position with the road as its FEN field.
fn start_fen(variant: &Variant, road: &Road) -> String {
    format!("{} road:{}", variant.start_fen, road.text())
}

/// The opening of game `game` on `road`: random plies drawn from the seed and the game's
/// number alone, so that roads whose first moves agree share their openings.
fn opening(
    variant: &'static Variant,
    road: &Road,
    settings: &Settings,
    game: u32,
    s: &mut Searcher,
) -> Opening {
    let mut rng =
        Rng::new(settings.seed.rotate_left(17) ^ u64::from(game).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    random_opening(variant, Some(&start_fen(variant, road)), OPENING_PLIES, OPENING_BALANCE_CP, &mut rng, s)
}

/// Which game the workers play next: per road of the run, the next game to hand out and
/// whether the road is closed (done, or stopped early).
struct Dispatch {
    next: Vec<u32>,
    closed: Vec<bool>,
}

impl Dispatch {
    /// The next (road, game), roads in order: a worker helps with the earliest open road, so
    /// roads finish nearly in order and a stopped road wastes at most the games in flight.
    fn take(&mut self, games: u32) -> Option<(usize, u32)> {
        let road = (0..self.next.len()).find(|&r| !self.closed[r] && self.next[r] < games)?;
        self.next[road] += 1;
        Some((road, self.next[road] - 1))
    }
}

/// A finished game: road index in the run, game number, winner, whether an engine failed,
/// and its PGN if `--pgnout` asks for it.
type Finished = (usize, u32, Option<Color>, bool, Option<String>);

/// Runs `tinman roads survey`; the summary goes to `out`, the progress bar to the terminal.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let survey = parse(args)?;
    let variant = variants::by_name("wizardoz").expect("wizardoz is built in");
    let path = survey.output.display();
    let existing = results::read(&survey.output)?;
    if let Some(other) = existing.results.iter().find(|r| r.settings != survey.settings) {
        return Err(format!(
            "{path} holds results of other settings ({}), not {}; give another -o",
            other.settings.describe(),
            survey.settings.describe()
        ));
    }
    let (shard, shards) = survey.shard;
    let mine: Vec<&Road> = survey.roads.iter().skip(shard).step_by(shards).collect();
    let todo: Vec<Road> = mine
        .iter()
        .filter(|r| !existing.results.iter().any(|e| &e.road == **r))
        .map(|r| (*r).clone())
        .collect();
    // The engines first, so that a broken engine leaves no file behind.
    if let Some(first) = todo.first() {
        let probe = Opening { fen: Some(start_fen(variant, first)), moves: Vec::new() };
        super::super::matches::check_engines(&survey.config, &probe)?;
    }
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&survey.output)
        .map_err(|e| format!("cannot open {path}: {e}"))?;
    if existing.cut {
        file.set_len(existing.whole_bytes).map_err(|e| format!("cannot repair {path}: {e}"))?;
        eprintln!("roads survey: {path} ended in a cut line (a run killed while writing it); dropped, that road is played again");
    }
    let mut pgn_file = match &survey.pgnout {
        Some(p) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("--pgnout: cannot open {}: {e}", p.display()))?,
        ),
        None => None,
    };

    let bar = ProgressBar::new(mine.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} roads  {msg}  {elapsed_precise} eta {eta}")
            .expect("a valid progress template"),
    );
    bar.set_position((mine.len() - todo.len()) as u64);
    bar.enable_steady_tick(Duration::from_millis(1000 / PROGRESS_HZ));

    let start = Instant::now();
    let games = survey.settings.games_per_road;
    let dispatch =
        Arc::new(Mutex::new(Dispatch { next: vec![0; todo.len()], closed: vec![false; todo.len()] }));
    let (sender, inbox) = mpsc::channel::<Finished>();
    let mut tallies: Vec<RoadTally> = todo.iter().map(|_| RoadTally::default()).collect();
    let (mut played, mut done, mut stopped) = (0u64, 0usize, 0usize);
    let written = std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..survey.concurrency.min(todo.len()) {
            let (survey, todo, dispatch, sender) = (&survey, &todo, dispatch.clone(), sender.clone());
            std::thread::Builder::new()
                .name("tinman-roads".into())
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || worker(survey, variant, todo, &dispatch, &sender))
                .map_err(|e| format!("cannot start a worker thread: {e}"))?;
        }
        drop(sender);
        // On a write error the workers stop after their games in progress.
        let stop_all = || {
            if let Ok(mut d) = dispatch.lock() {
                d.closed.iter_mut().for_each(|c| *c = true);
            }
        };
        for (road, game, winner, forfeit, game_pgn) in inbox {
            played += 1;
            if let (Some(f), Some(text)) = (pgn_file.as_mut(), game_pgn) {
                if let Err(e) = f.write_all(text.as_bytes()) {
                    stop_all();
                    return Err(format!("--pgnout: cannot write: {e}"));
                }
            }
            if tallies[road].done(games) || !tallies[road].add(game, winner, forfeit, games) {
                continue;
            }
            let t = &tallies[road];
            if let Ok(mut d) = dispatch.lock() {
                d.closed[road] = true;
            }
            let result = RoadResult {
                road: todo[road].clone(),
                counts: t.counts,
                forfeits: t.forfeits,
                stopped_early: t.stopped_early,
                settings: survey.settings.clone(),
            };
            // One write per road, so that a kill leaves whole lines.
            if let Err(e) = file.write_all(result.line().as_bytes()).and_then(|()| file.flush()) {
                stop_all();
                return Err(format!("cannot write {path}: {e}"));
            }
            done += 1;
            stopped += usize::from(t.stopped_early);
            bar.inc(1);
            bar.set_message(format!("{played} games, {stopped} roads stopped early"));
        }
        Ok(())
    });
    bar.finish_and_clear();
    written?;
    writeln!(
        out,
        "roads survey: {done} roads ({stopped} stopped early), {played} games, {:.1} s; {path} has {}/{} roads of shard {}/{shards}",
        start.elapsed().as_secs_f64(),
        mine.len() - todo.len() + done,
        mine.len(),
        shard + 1,
    )
    .map_err(|e| e.to_string())
}

/// One worker: takes games until none is left, plays each with fresh engines on its road.
fn worker(
    survey: &Survey,
    variant: &'static Variant,
    todo: &[Road],
    dispatch: &Mutex<Dispatch>,
    sender: &mpsc::Sender<Finished>,
) {
    let mut searcher = Searcher::new(4);
    let date = pgn::today();
    let mut config = survey.config.clone();
    let mut current = None;
    let mut pool: referee::Pool = config.engines.iter().map(|_| None).collect();
    loop {
        let job = dispatch.lock().ok().and_then(|mut d| d.take(survey.settings.games_per_road));
        let Some((road, game)) = job else { break };
        if current != Some(road) {
            // Kept engines (`restart=off`) were set up for another road.
            pool.iter_mut().flatten().for_each(|e| e.quit());
            pool = config.engines.iter().map(|_| None).collect();
            for e in &mut config.engines {
                e.options.retain(|(name, _)| name != "Road");
                e.options.push(("Road".into(), todo[road].text()));
            }
            current = Some(road);
        }
        let opening = opening(variant, &todo[road], &survey.settings, game, &mut searcher);
        // The two engines alternate colours from game to game.
        let (white, black) = if game % 2 == 0 { (0, 1) } else { (1, 0) };
        let record = referee::play(&config, &mut pool, game as usize + 1, 1, white, black, &opening);
        let forfeit = matches!(
            record.termination,
            Termination::TimeForfeit | Termination::Abandoned | Termination::RulesInfraction
        );
        let text = survey.pgnout.as_ref().map(|_| pgn::game(&config, &record, &date));
        if sender.send((road, game, record.winner, forfeit, text)).is_err() {
            break;
        }
    }
    pool.iter_mut().flatten().for_each(|e| e.quit());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workers_help_the_earliest_open_road() {
        let mut d = Dispatch { next: vec![0; 3], closed: vec![false; 3] };
        assert_eq!(d.take(2), Some((0, 0)));
        assert_eq!(d.take(2), Some((0, 1)));
        assert_eq!(d.take(2), Some((1, 0)));
        d.closed[1] = true;
        assert_eq!(d.take(2), Some((2, 0)));
        assert_eq!(d.take(2), Some((2, 1)));
        assert_eq!(d.take(2), None);
    }
}
