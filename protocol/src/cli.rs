//! Command-line tools: `perft`, `moves`, `fen`, `eval`, `go`, `bench`, `match`, `datagen`, `tune`,
//! `serve` and `roads`.

#[path = "matches/mod.rs"]
mod matches;
#[path = "roads/mod.rs"]
mod roads;

use crate::session::rules;
use crate::uci::info_line;
use std::io::Write;
use std::time::Duration;
use tinman_core::{variants, Position};
use tinman_search::{Limits, Searcher};

/// Depth of `tinman bench` unless `--depth` says otherwise.
const BENCH_DEPTH: u32 = 6;

const USAGE: &str = "usage:
  tinman perft --variant NAME --depth N [--fen FEN] [--moves \"M1 M2 ...\"] [--divide] [--threads N]
  tinman moves --variant NAME [--fen FEN] [--moves \"M1 M2 ...\"]
  tinman fen   --variant NAME [--fen FEN] [--moves \"M1 M2 ...\"]
  tinman eval  --variant NAME [--fen FEN] [--moves \"M1 M2 ...\"]
  tinman go    --variant NAME [--fen FEN] [--moves \"M1 M2 ...\"] [--depth N] [--movetime MS] [--nodes N]
               [--threads N] [--hash MB] [--multipv N]
  tinman bench [--variant NAME] [--depth N]
  tinman match -engine cmd=CMD [proto=uci|xboard] ... -engine ... [options]   (tinman match --help)
  tinman match --selfplay [-variant NAME] [-games N] [options]
  tinman datagen --variant NAME (--nodes N | --depth N) --games N [--threads N] [--random-plies N]
               [--seed N] [--shard K/N] [--hash MB] [--against material] -o FILE
  tinman tune --variant NAME --data FILE [--data FILE ...] -o TABLE [--epochs N] [--learning-rate CP]
              [--threads N] [--lambda L] [--from hand|tuned]   (tinman tune --help)
  tinman serve [--host 127.0.0.1] [--port 8080] [--open] [--hash MB] [--threads N]   (tinman serve --help)
  tinman roads list|survey|merge|report ...   (tinman roads --help; docs/roads.md)";

/// Exit status for bad input (unknown variant, bad FEN, bad option).
const EXIT_BAD_INPUT: i32 = 2;

/// Runs a command line and returns the exit status.
pub fn run(args: &[String]) -> i32 {
    run_with(args, &mut std::io::stdout().lock(), &mut std::io::stderr())
}

/// Runs a command line writing its output to `out` and its error line to `err`; returns the
/// exit status.
pub fn run_with(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match execute(args, out) {
        Ok(()) => 0,
        Err(message) => {
            let _ = writeln!(err, "tinman: {message}");
            EXIT_BAD_INPUT
        }
    }
}

/// Options shared by the tools.
struct Options {
    variant: String,
    fen: Option<String>,
    /// Moves to play from the FEN before the command runs.
    moves: Vec<String>,
    depth: Option<u32>,
    divide: bool,
    threads: usize,
    movetime: Option<Duration>,
    nodes: Option<u64>,
    hash_mb: usize,
    multi_pv: usize,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        variant: variants::DEFAULT.into(),
        fen: None,
        moves: Vec::new(),
        depth: None,
        divide: false,
        threads: 1,
        movetime: None,
        nodes: None,
        hash_mb: rules::DEFAULT_HASH_MB,
        multi_pv: 1,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--variant" => o.variant = value("--variant")?,
            "--fen" => o.fen = Some(value("--fen")?),
            "--moves" => o.moves = value("--moves")?.split_whitespace().map(str::to_string).collect(),
            // The same rules and messages as the UCI and XBoard options and limits.
            "--depth" => {
                o.depth = Some(rules::depth(&value("--depth")?).map_err(|e| format!("--depth: {e}"))?)
            }
            "--threads" => {
                o.threads = rules::threads(&value("--threads")?).map_err(|e| format!("--threads: {e}"))?
            }
            "--divide" => o.divide = true,
            "--movetime" => {
                o.movetime =
                    Some(rules::move_time_ms(&value("--movetime")?).map_err(|e| format!("--movetime: {e}"))?)
            }
            "--nodes" => {
                o.nodes = Some(rules::nodes(&value("--nodes")?).map_err(|e| format!("--nodes: {e}"))?)
            }
            "--hash" => o.hash_mb = rules::hash_mb(&value("--hash")?).map_err(|e| format!("--hash: {e}"))?,
            "--multipv" => {
                o.multi_pv = rules::multi_pv(&value("--multipv")?).map_err(|e| format!("--multipv: {e}"))?
            }
            other => return Err(format!("unknown option '{other}'\n{USAGE}")),
        }
    }
    Ok(o)
}

fn position(o: &Options) -> Result<Position, String> {
    let variant = variants::by_name(&o.variant).ok_or_else(|| {
        format!("unknown variant '{}' (known: {})", o.variant, variants::names().join(", "))
    })?;
    let mut pos = match &o.fen {
        None => Position::start(variant),
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| format!("bad FEN: {e}"))?,
    };
    for text in &o.moves {
        // Coordinate text or SAN, so that moves pasted from a PGN replay too.
        let m = matches::pgn::read_move(&pos, text).map_err(|e| format!("--moves: {e}"))?;
        pos.make(m);
    }
    Ok(pos)
}

fn execute(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let Some((command, rest)) = args.split_first() else {
        return Err(format!("no command given\n{USAGE}"));
    };
    if command == "match" {
        if rest.iter().any(|a| a == "--help" || a == "-help" || a == "-h") {
            let _ = writeln!(out, "{}", matches::USAGE);
            return Ok(());
        }
        return matches::run(rest);
    }
    match command.as_str() {
        "perft" => {
            let o = parse_options(rest)?;
            let depth = o.depth.ok_or("perft needs --depth N")?;
            let pos = position(&o)?;
            let report = tinman_search::perft::run(&pos, depth, o.threads);
            if o.divide {
                let mut lines: Vec<String> =
                    report.divide.iter().map(|&(m, n)| format!("{}: {n}", pos.move_text(m))).collect();
                lines.sort();
                for line in lines {
                    writeln!(out, "{line}").map_err(|e| e.to_string())?;
                }
            }
            writeln!(out, "nodes {} time {} nps {}", report.nodes, report.elapsed.as_millis(), report.nps())
                .map_err(|e| e.to_string())
        }
        "moves" => {
            let o = parse_options(rest)?;
            let pos = position(&o)?;
            let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
            moves.sort();
            for m in moves {
                writeln!(out, "{m}").map_err(|e| e.to_string())?;
            }
            Ok(())
        }
        "fen" => {
            let o = parse_options(rest)?;
            let pos = position(&o)?;
            writeln!(out, "{}", pos.to_fen()).map_err(|e| e.to_string())
        }
        "eval" => {
            let o = parse_options(rest)?;
            let pos = position(&o)?;
            crate::explain::breakdown_lines(&pos, tinman_search::EvalMode::Full)
                .iter()
                .try_for_each(|l| writeln!(out, "{l}"))
                .map_err(|e| e.to_string())
        }
        "go" => {
            let o = parse_options(rest)?;
            let pos = position(&o)?;
            let limits = Limits {
                depth: o.depth,
                nodes: o.nodes,
                move_time: o.movetime,
                multi_pv: o.multi_pv,
                ..Limits::default()
            };
            if limits.depth.is_none() && limits.nodes.is_none() && limits.move_time.is_none() {
                return Err("go needs --depth, --movetime or --nodes".into());
            }
            let mut searcher = Searcher::new(o.hash_mb);
            searcher.set_threads(o.threads);
            // Each iteration's lines as they are found: a deep search shows its progress.
            let result = searcher.search(&pos, &limits, &mut |info| {
                let _ = writeln!(out, "{}", info_line(&pos, info));
                let _ = out.flush();
            });
            let best = result.best.map_or("(none)".to_string(), |m| pos.move_text(m));
            writeln!(out, "bestmove {best}").map_err(|e| e.to_string())
        }
        "bench" => {
            let o = parse_options(rest)?;
            let depth = o.depth.unwrap_or(BENCH_DEPTH);
            let game = rest.iter().any(|a| a == "--variant").then_some(o.variant.as_str());
            if game.is_some_and(|g| variants::by_name(g).is_none()) {
                return Err(format!(
                    "unknown variant '{}' (known: {})",
                    o.variant,
                    variants::names().join(", ")
                ));
            }
            let report = tinman_search::bench::run(depth, game);
            for (variant, nodes, best) in &report.positions {
                writeln!(out, "{variant:<12} {nodes:>10} {best}").map_err(|e| e.to_string())?;
            }
            writeln!(out, "bench {} nodes {} nps", report.nodes, report.nps()).map_err(|e| e.to_string())
        }
        "datagen" => crate::datagen::run(rest, out),
        "tune" if rest.iter().any(|a| a == "--help" || a == "-h") => {
            writeln!(out, "{}", crate::tune::USAGE).map_err(|e| e.to_string())
        }
        "tune" => crate::tune::run(rest, out),
        "serve" => crate::serve::run(rest, out),
        "roads" => roads::run(rest, out),
        "help" | "--help" | "-h" => writeln!(out, "{USAGE}").map_err(|e| e.to_string()),
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}
