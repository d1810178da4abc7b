//! `tinman datagen`: self-play games for training data, written as `tinman_search::data`
//! records. Each worker thread plays whole games with its own single-threaded searcher; a
//! game's records go to the file in one write once it is over, in game order, so the file
//! depends only on the arguments. Format, filters, adjudication, resume and shards:
//! `docs/data-format.md`.

use crate::session::rules;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::{BTreeMap, HashSet};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tinman_core::{variants, Color, Outcome, Position, Variant};
use tinman_search::data::{self, DataError, GameResult, Record};
use tinman_search::score::{MATE, MATE_BOUND};
use tinman_search::searcher::SEARCH_STACK_BYTES;
use tinman_search::{EvalMode, Limits, Score, Searcher};

/// Random plies before the searched part of a game unless `--random-plies` says otherwise.
const DEFAULT_RANDOM_PLIES: u32 = 8;
/// Most random plies: beyond this the games are noise, not openings.
const MAX_RANDOM_PLIES: u64 = 100;
/// Transposition table per worker unless `--hash` says otherwise: the searches are small.
const DEFAULT_HASH_MB: usize = 8;
/// A random opening whose search score is beyond this (centipawns, either side) is decided
/// before it starts, and is replaced by the next random one...
const OPENING_MAX_SCORE: i32 = 400;
/// ...up to this many times; then the game starts from the start position.
const OPENING_TRIES: u32 = 100;
/// A side whose search score is at least this for `WIN_PLIES` plies in a row (both sides'
/// searches agreeing) has won; a mate score wins at once.
const WIN_SCORE: i32 = 2000;
const WIN_PLIES: u32 = 4;
/// From this ply on, `DRAW_PLIES` plies in a row scored within `DRAW_SCORE` of zero are a draw.
const DRAW_MIN_PLY: usize = 80;
const DRAW_SCORE: i32 = 10;
const DRAW_PLIES: u32 = 12;
/// A game still going after this many plies is a draw, so that no game runs forever.
const MAX_GAME_PLIES: usize = 500;
/// Redraws of the progress bar per second.
const PROGRESS_HZ: u8 = 4;

/// A `datagen` command line, checked.
struct Config {
    variant: &'static Variant,
    limits: Limits,
    games: u32,
    threads: usize,
    random_plies: u32,
    seed: u64,
    /// Shard K of N, as K-1 and N: this shard plays the games whose index is K-1 modulo N.
    shard: (u32, u32),
    hash_mb: usize,
    output: PathBuf,
    /// `--against material`: one side (Black in even games, White in odd ones) is the
    /// depth-1 material gauge, and only the other side's positions are written. Self-play
    /// of a drawish game (`imawazir`) is all draws; games against the gauge are mostly
    /// decided, and their results say which positions the engine wins from.
    against_gauge: bool,
}

/// The gauge's search: one ply and quiescence, material only (as `tinman match --selfplay`).
const GAUGE_DEPTH: u32 = 1;

fn parse(args: &[String]) -> Result<Config, String> {
    let mut variant = None;
    let (mut nodes, mut depth, mut games, mut output) = (None, None, None, None);
    let (mut threads, mut random_plies, mut seed, mut shard, mut hash_mb) =
        (1, DEFAULT_RANDOM_PLIES, 1, (0, 1), DEFAULT_HASH_MB);
    let mut against_gauge = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--against" => match value("--against")?.as_str() {
                "material" => against_gauge = true,
                other => return Err(format!("--against: unknown opponent '{other}' (known: material)")),
            },
            "--variant" => {
                let name = value("--variant")?;
                let v = variants::by_name(&name).ok_or_else(|| {
                    format!("unknown variant '{name}' (known: {})", variants::names().join(", "))
                })?;
                if data::game_id(v).is_none() {
                    return Err(format!(
                        "datagen: '{name}' is not a built-in game; records can hold only those"
                    ));
                }
                variant = Some(v);
            }
            "--nodes" => nodes = Some(rules::nodes(&value("--nodes")?).map_err(|e| format!("--nodes: {e}"))?),
            "--depth" => depth = Some(rules::depth(&value("--depth")?).map_err(|e| format!("--depth: {e}"))?),
            "--games" => {
                let n = rules::whole_number("games", &value("--games")?, 1, u32::MAX as u64);
                games = Some(n.map_err(|e| format!("--games: {e}"))? as u32);
            }
            "--threads" => {
                threads = rules::threads(&value("--threads")?).map_err(|e| format!("--threads: {e}"))?
            }
            "--random-plies" => {
                let n = rules::whole_number("random plies", &value("--random-plies")?, 0, MAX_RANDOM_PLIES);
                random_plies = n.map_err(|e| format!("--random-plies: {e}"))? as u32;
            }
            "--seed" => {
                seed = rules::whole_number("seed", &value("--seed")?, 0, u64::MAX)
                    .map_err(|e| format!("--seed: {e}"))?
            }
            "--shard" => shard = parse_shard(&value("--shard")?).map_err(|e| format!("--shard: {e}"))?,
            "--hash" => hash_mb = rules::hash_mb(&value("--hash")?).map_err(|e| format!("--hash: {e}"))?,
            "-o" | "--output" => output = Some(PathBuf::from(value("-o")?)),
            other => return Err(format!("datagen: unknown option '{other}' (tinman help shows the usage)")),
        }
    }
    let variant = variant.ok_or("datagen needs --variant V")?;
    let limits = match (nodes, depth) {
        (Some(n), None) => Limits { nodes: Some(n), ..Limits::default() },
        (None, Some(d)) => Limits { depth: Some(d), ..Limits::default() },
        _ => return Err("datagen needs exactly one of --nodes N and --depth D".into()),
    };
    let games = games.ok_or("datagen needs --games G")?;
    let output = output.ok_or("datagen needs -o FILE")?;
    Ok(Config { variant, limits, games, threads, random_plies, seed, shard, hash_mb, output, against_gauge })
}

/// `K/N` with 1 <= K <= N, as (K-1, N).
pub(crate) fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("expected K/N with 1 <= K <= N, not '{}'", rules::shorten(text));
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k = rules::whole_number("K", k, 1, u32::MAX as u64).map_err(|_| bad())?;
    let n = rules::whole_number("N", n, 1, u32::MAX as u64).map_err(|_| bad())?;
    if k > n {
        return Err(bad());
    }
    Ok((k as u32 - 1, n as u32))
}

/// One step of splitmix64: a good 64-bit mix, so that nearby seeds give unrelated streams.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The random numbers of one game, from the run's seed and the game's index alone: a game
/// is the same whichever shard or thread plays it.
struct Rng(u64);

impl Rng {
    fn for_game(seed: u64, game: u32) -> Rng {
        Rng(splitmix(seed) ^ splitmix(u64::from(game) << 1 | 1))
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 = splitmix(self.0);
        (self.0 % n as u64) as usize
    }
}

/// A search score as the search counts it (centipawns, or `±(MATE - plies)`).
fn internal_score(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(moves) if moves > 0 => MATE - (2 * moves - 1),
        Score::Mate(moves) => -(MATE + 2 * moves),
    }
}

/// Ends games that the search has decided (see the constants above).
#[derive(Default)]
struct Adjudicator {
    /// The side whose searches have scored a win, and for how many plies in a row.
    winning: Option<(Color, u32)>,
    /// Plies in a row scored as a draw.
    drawn: u32,
}

impl Adjudicator {
    /// Notes the score of the search at `ply` (side to move `side`); the result if the game
    /// is decided.
    fn after_search(&mut self, side: Color, score: i32, ply: usize) -> Option<GameResult> {
        let leader = if score > 0 { side } else { !side };
        if score.abs() > MATE_BOUND {
            return Some(GameResult::won_by(Some(leader)));
        }
        self.winning = match self.winning {
            _ if score.abs() < WIN_SCORE => None,
            Some((c, n)) if c == leader => Some((c, n + 1)),
            _ => Some((leader, 1)),
        };
        if let Some((c, _)) = self.winning.filter(|&(_, n)| n >= WIN_PLIES) {
            return Some(GameResult::won_by(Some(c)));
        }
        self.drawn = if ply >= DRAW_MIN_PLY && score.abs() <= DRAW_SCORE { self.drawn + 1 } else { 0 };
        (self.drawn >= DRAW_PLIES).then_some(GameResult::Draw)
    }
}

fn result_of(outcome: Outcome) -> GameResult {
    match outcome {
        Outcome::Win { winner, .. } => GameResult::won_by(Some(winner)),
        Outcome::Draw(_) => GameResult::Draw,
    }
}

/// A finished game, encoded.
struct Played {
    bytes: Vec<u8>,
    positions: usize,
    result: GameResult,
}

/// The position after `plies` random legal plies, if the game is still open then.
fn random_opening(variant: &'static Variant, plies: u32, rng: &mut Rng) -> Option<Position> {
    let mut pos = Position::start(variant);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.make(moves.as_slice()[rng.below(moves.len())]);
    }
    pos.outcome().is_none().then_some(pos)
}

/// A balanced random opening: open, and scored within `OPENING_MAX_SCORE` by a search.
fn opening(config: &Config, searcher: &mut Searcher, rng: &mut Rng) -> Position {
    for _ in 0..OPENING_TRIES {
        let Some(pos) = random_opening(config.variant, config.random_plies, rng) else { continue };
        searcher.clear();
        let score = internal_score(searcher.search(&pos, &config.limits, &mut |_| {}).score);
        if score.abs() <= OPENING_MAX_SCORE {
            return pos;
        }
    }
    Position::start(config.variant)
}

/// Plays game `index` to its end and encodes its records.
fn play(config: &Config, searcher: &mut Searcher, gauge: &mut Searcher, index: u32) -> Played {
    let mut rng = Rng::for_game(config.seed, index);
    let mut pos = opening(config, searcher, &mut rng);
    searcher.clear();
    let gauge_side =
        config.against_gauge.then_some(if index.is_multiple_of(2) { Color::Black } else { Color::White });
    let mut adjudicator = Adjudicator::default();
    let mut records = Vec::new();
    let result = loop {
        if let Some(outcome) = pos.outcome() {
            break result_of(outcome);
        }
        if pos.ply() >= MAX_GAME_PLIES {
            break GameResult::Draw;
        }
        if gauge_side == Some(pos.side_to_move()) {
            let limits = Limits { depth: Some(GAUGE_DEPTH), ..Limits::default() };
            let found = gauge.search(&pos, &limits, &mut |_| {});
            pos.make(found.best.expect("an open position has a legal move"));
            continue;
        }
        let found = searcher.search(&pos, &config.limits, &mut |_| {});
        let best = found.best.expect("an open position has a legal move");
        let score = internal_score(found.score);
        let mut position = pos.clone();
        position.clear_history();
        records.push(Record {
            in_check: pos.in_check(),
            best_tactical: pos.is_tactical(best),
            position,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            result: GameResult::Draw,
            game: index,
            ply: pos.ply().min(u16::MAX as usize) as u16,
            game_end: false,
        });
        if let Some(result) = adjudicator.after_search(pos.side_to_move(), score, pos.ply()) {
            break result;
        }
        pos.make(best);
    };
    let mut bytes = Vec::new();
    let positions = records.len();
    for (i, mut record) in records.into_iter().enumerate() {
        record.result = result;
        record.game_end = i + 1 == positions;
        data::encode(&record, &mut bytes);
    }
    Played { bytes, positions, result }
}

/// What the output file holds already: the games finished in it, and how many of its bytes
/// to keep (the tail of a game whose end is missing, left by a killed run, goes).
struct Existing {
    finished: HashSet<u32>,
    keep: u64,
    len: u64,
}

fn scan(config: &Config) -> Result<Existing, String> {
    let path = config.output.display();
    let bytes = match std::fs::read(&config.output) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("cannot read {path}: {e}")),
    };
    let mut existing = Existing { finished: HashSet::new(), keep: 0, len: bytes.len() as u64 };
    for header in data::headers(&bytes) {
        match header {
            Ok(h) if h.variant != config.variant.name => {
                return Err(format!("{path} holds {} records, not {}", h.variant, config.variant.name))
            }
            Ok(h) => {
                if h.game_end {
                    existing.finished.insert(h.game);
                    existing.keep = (h.offset + h.length) as u64;
                }
            }
            // Only the file's last record can be cut short by a kill.
            Err(DataError::Truncated { .. }) => break,
            Err(DataError::BadMagic { offset: 0 }) => {
                return Err(format!("{path} is not a Tinman data file; not writing to it"))
            }
            Err(e) => return Err(format!("{path}: {e}; not writing to it")),
        }
    }
    Ok(existing)
}

/// Runs `tinman datagen` with its arguments; the summary line goes to `out`, the progress
/// bar to the terminal's standard error.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let config = parse(args)?;
    let existing = scan(&config)?;
    let path = config.output.display();
    let (shard, shards) = config.shard;
    let mine: Vec<u32> = (shard..config.games).step_by(shards as usize).collect();
    let todo: Vec<u32> = mine.iter().copied().filter(|g| !existing.finished.contains(g)).collect();
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&config.output)
        .map_err(|e| format!("cannot open {path}: {e}"))?;
    if existing.keep < existing.len {
        file.set_len(existing.keep).map_err(|e| format!("cannot truncate {path}: {e}"))?;
    }

    let bar = ProgressBar::new(mine.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  {elapsed_precise} eta {eta}")
            .expect("a valid progress template"),
    );
    bar.set_position((mine.len() - todo.len()) as u64);
    bar.enable_steady_tick(Duration::from_millis(1000 / PROGRESS_HZ as u64));

    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (sender, inbox) = mpsc::channel::<(usize, Played)>();
    let (mut positions, mut counts) = (0usize, [0u32; 3]);
    let written = std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..config.threads.min(todo.len()) {
            let (config, todo, next, failed, sender) = (&config, &todo, &next, &failed, sender.clone());
            std::thread::Builder::new()
                .name("tinman-datagen".into())
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let mut searcher = Searcher::new(config.hash_mb);
                    let mut gauge = Searcher::new(1);
                    gauge.set_eval_mode(EvalMode::MaterialOnly);
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= todo.len() || failed.load(Ordering::Relaxed) {
                            return;
                        }
                        if sender.send((k, play(config, &mut searcher, &mut gauge, todo[k]))).is_err() {
                            return;
                        }
                    }
                })
                .map_err(|e| format!("cannot start a worker thread: {e}"))?;
        }
        drop(sender);
        // Games are written in index order, whatever order the workers finish them in.
        let mut pending = BTreeMap::new();
        let mut due = 0;
        for (k, played) in inbox {
            pending.insert(k, played);
            while let Some(played) = pending.remove(&due) {
                if let Err(e) = file.write_all(&played.bytes) {
                    failed.store(true, Ordering::Relaxed);
                    return Err(format!("cannot write {path}: {e}"));
                }
                due += 1;
                positions += played.positions;
                counts[match played.result {
                    GameResult::WhiteWin => 0,
                    GameResult::Draw => 1,
                    GameResult::BlackWin => 2,
                }] += 1;
                let rate = positions as f64 / start.elapsed().as_secs_f64().max(1e-3);
                bar.inc(1);
                bar.set_message(format!("{positions} positions  {rate:.0} positions/s"));
            }
        }
        Ok(())
    });
    bar.finish_and_clear();
    written?;
    let games = counts.iter().sum::<u32>();
    let seconds = start.elapsed().as_secs_f64();
    writeln!(
        out,
        "datagen: {games} games, {positions} positions, W/D/L {}/{}/{}, {seconds:.1} s; {path} has {}/{} games of shard {}/{shards}",
        counts[0],
        counts[1],
        counts[2],
        mine.len() - todo.len() + games as usize,
        mine.len(),
        shard + 1,
    )
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn shards_are_k_of_n() {
        assert_eq!(parse_shard("1/1"), Ok((0, 1)));
        assert_eq!(parse_shard("3/4"), Ok((2, 4)));
        for bad in ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "-1/2", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_command_line_needs_one_limit_and_an_output() {
        assert!(parse(&args("--variant normal --nodes 100 --games 2 -o f")).is_ok());
        let err = |a: &str| parse(&args(a)).err().expect("refused");
        assert!(err("--variant normal --nodes 100 --depth 3 --games 2 -o f").contains("exactly one"));
        assert!(err("--variant normal --games 2 -o f").contains("exactly one"));
        assert!(err("--variant normal --nodes 100 --games 2").contains("-o FILE"));
        assert!(err("--variant nosuch --nodes 100 --games 2 -o f").contains("unknown variant"));
        assert!(err("--variant normal --nodes 100 --games 0 -o f").contains("--games"));
        assert!(err("--variant normal --nodes 100 --games 2 --random-plies 101 -o f").contains("random"));
    }

    #[test]
    fn game_seeds_differ_by_seed_and_index() {
        let draws = |seed, game| {
            let mut r = Rng::for_game(seed, game);
            (0..8).map(|_| r.below(1000)).collect::<Vec<_>>()
        };
        assert_eq!(draws(1, 5), draws(1, 5));
        assert_ne!(draws(1, 5), draws(1, 6));
        assert_ne!(draws(1, 5), draws(2, 5));
    }

    #[test]
    fn scores_convert_back_to_the_search_scale() {
        // Wins are found at odd plies from the root, losses at even ones.
        for internal in [0, 35, -700, MATE - 1, MATE - 5, -(MATE - 2), -(MATE - 10)] {
            assert_eq!(internal_score(Score::from_internal(internal)), internal, "{internal}");
        }
    }

    #[test]
    fn decided_searches_end_the_game() {
        // A mate score at once.
        let mut a = Adjudicator::default();
        assert_eq!(a.after_search(Color::Black, MATE - 5, 10), Some(GameResult::BlackWin));
        // WIN_PLIES plies in a row past WIN_SCORE, both sides' searches agreeing.
        let mut a = Adjudicator::default();
        let mut side = Color::White;
        for ply in 0..WIN_PLIES as usize - 1 {
            let score = if side == Color::White { WIN_SCORE } else { -WIN_SCORE };
            assert_eq!(a.after_search(side, score, ply), None);
            side = !side;
        }
        let last = if side == Color::White { WIN_SCORE } else { -WIN_SCORE };
        assert_eq!(a.after_search(side, last, 9), Some(GameResult::WhiteWin));
        // A break in the streak starts it again.
        let mut a = Adjudicator::default();
        for ply in 0..WIN_PLIES as usize * 2 {
            let score = if ply % 3 == 2 { 0 } else { WIN_SCORE + 1 };
            assert_eq!(a.after_search(Color::White, score, ply), None, "{ply}");
        }
        // Quiet scores late in the game draw; early ones do not.
        let mut a = Adjudicator::default();
        for ply in 0..DRAW_MIN_PLY {
            assert_eq!(a.after_search(Color::White, 0, ply), None);
        }
        let ends: Vec<_> = (0..DRAW_PLIES as usize)
            .map(|i| a.after_search(Color::White, DRAW_SCORE, DRAW_MIN_PLY + i))
            .collect();
        assert_eq!(ends.last(), Some(&Some(GameResult::Draw)));
        assert!(ends[..ends.len() - 1].iter().all(Option::is_none));
    }
}
