//! Opening positions: from an EPD or FEN file, or random balanced openings (random legal
//! plies from the start, kept when a short search finds the position level).

use super::options::{Config, FileFormat, Openings};
use tinman_core::{Position, Variant};
use tinman_search::{Limits, Score, Searcher};

/// Nodes of the search that judges a random opening.
const BALANCE_NODES: u64 = 20_000;
/// Random openings tried before the best one found so far is taken.
const RANDOM_TRIES: usize = 200;

/// Where a game starts: a setup FEN (None: the game's start) and moves played from there.
#[derive(Clone, Debug, Default)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// Mixed into a seed so that small seeds start from a state with many bits set.
const RNG_MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// A small deterministic random generator (xorshift64*), seeded by `-srand`.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // Xorshift needs a state other than zero; only the seed equal to the constant gives
        // it. (Setting the low bit instead gave each odd seed the openings of the even seed
        // below it.)
        let state = seed ^ RNG_MIX;
        Rng(if state == 0 { RNG_MIX } else { state })
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// The `count` openings of the tournament, in order.
pub fn prepare(config: &Config, count: usize) -> Result<Vec<Opening>, String> {
    let mut rng = Rng::new(config.seed);
    match &config.openings {
        Openings::Start => Ok(vec![Opening::default(); count]),
        Openings::File { path, format, random_order, start, plies } => {
            let mut list = match format {
                FileFormat::Pgn => read_pgn(config.variant, path, *plies)?,
                _ => read_file(config.variant, path, *format == FileFormat::Epd)?,
            };
            if *random_order {
                for i in (1..list.len()).rev() {
                    list.swap(i, rng.below(i + 1));
                }
            }
            Ok((0..count).map(|i| list[(start + i) % list.len()].clone()).collect())
        }
        Openings::Random { plies, balance } => {
            let mut searcher = Searcher::new(4);
            Ok((0..count)
                .map(|_| random_opening(config.variant, None, *plies, *balance, &mut rng, &mut searcher))
                .collect())
        }
    }
}

/// Reads `path`: one position per line (blank lines and `#` comments skipped); EPD lines
/// give the first four fields.
fn read_file(variant: &'static Variant, path: &str, epd: bool) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("-openings: cannot read '{path}': {e}"))?;
    let mut list = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = if epd {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            format!("{} 0 1", fields.join(" "))
        } else {
            line.to_string()
        };
        let pos = Position::from_fen(variant, &fen)
            .map_err(|e| format!("-openings: {path} line {}: bad {} position: {e}", n + 1, variant.name))?;
        if pos.outcome().is_some() {
            return Err(format!("-openings: {path} line {}: the game is already over", n + 1));
        }
        list.push(Opening { fen: Some(fen), moves: Vec::new() });
    }
    if list.is_empty() {
        return Err(format!("-openings: no positions in '{path}'"));
    }
    Ok(list)
}

/// Reads the games of a PGN file as openings: each game's setup (`FEN` tag, or the start)
/// and its first `plies` moves (all if None), in SAN or coordinate text.
fn read_pgn(variant: &'static Variant, path: &str, plies: Option<usize>) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("-openings: cannot read '{path}': {e}"))?;
    let mut list = Vec::new();
    for (n, game) in super::pgn::read(&text).into_iter().enumerate() {
        let at = |why: String| format!("-openings: {path} game {}: {why}", n + 1);
        if let Some(name) = game.tag("Variant") {
            if name != variant.name {
                return Err(at(format!("a game of '{name}', not of {}", variant.name)));
            }
        }
        let fen = game.tag("FEN").map(str::to_string);
        let mut pos = match &fen {
            Some(f) => Position::from_fen(variant, f).map_err(|e| at(format!("bad FEN: {e}")))?,
            None => Position::start(variant),
        };
        let mut moves = Vec::new();
        for text in game.moves.iter().take(plies.unwrap_or(usize::MAX)) {
            if pos.outcome().is_some() {
                break;
            }
            let m = super::pgn::read_move(&pos, text)
                .map_err(|e| at(format!("move {}: {e}", moves.len() + 1)))?;
            moves.push(pos.move_text(m));
            pos.make(m);
        }
        if pos.outcome().is_some() {
            return Err(at("the game is already over after its opening moves".into()));
        }
        list.push(Opening { fen, moves });
    }
    if list.is_empty() {
        return Err(format!("-openings: no games in '{path}'"));
    }
    Ok(list)
}

/// `plies` random legal moves from the start (the game's, or the setup `fen`), tried until a
/// short search scores the position within `balance` centipawns (or the most level one
/// after `RANDOM_TRIES`).
pub fn random_opening(
    variant: &'static Variant,
    fen: Option<&str>,
    plies: usize,
    balance: i32,
    rng: &mut Rng,
    s: &mut Searcher,
) -> Opening {
    let start = match fen {
        Some(fen) => Position::from_fen(variant, fen).expect("a setup checked by the caller"),
        None => Position::start(variant),
    };
    let mut best: Option<(i32, Vec<String>)> = None;
    for _ in 0..RANDOM_TRIES {
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() || pos.outcome().is_some() {
                break;
            }
            let m = legal.as_slice()[rng.below(legal.len())];
            moves.push(pos.move_text(m));
            pos.make(m);
        }
        if moves.len() < plies || pos.outcome().is_some() {
            continue;
        }
        s.clear();
        let limits = Limits { nodes: Some(BALANCE_NODES), ..Limits::default() };
        let result = s.search(&pos, &limits, &mut |_| {});
        let score = match result.score {
            Score::Centipawns(cp) => cp.abs(),
            Score::Mate(_) => i32::MAX,
        };
        if score <= balance {
            return Opening { fen: fen.map(str::to_string), moves };
        }
        if best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, moves));
        }
    }
    Opening { fen: fen.map(str::to_string), moves: best.map(|(_, m)| m).unwrap_or_default() }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    fn draws(seed: u64) -> Vec<usize> {
        let mut rng = Rng::new(seed);
        (0..8).map(|_| rng.below(1 << 30)).collect()
    }

    /// Neighbouring seeds give their own sequences (14 and 15 once gave the same openings),
    /// and the seed that cancels the mixing constant still draws (it shares seed 0's).
    #[test]
    fn every_seed_draws_its_own_numbers() {
        let seeds: Vec<u64> = (0..64).chain([super::RNG_MIX ^ 1]).collect();
        let all: std::collections::HashSet<Vec<usize>> = seeds.iter().map(|&s| draws(s)).collect();
        assert_eq!(all.len(), seeds.len());
        assert_eq!(draws(super::RNG_MIX), draws(0));
        // Even seeds keep the sequences of the runs documented before the fix.
        let mut old = Rng(14 ^ super::RNG_MIX | 1);
        assert_eq!(draws(14), (0..8).map(|_| old.below(1 << 30)).collect::<Vec<_>>());
    }
}
