//! The `tinman match` command line, in cutechess-cli's style: `-engine KEY=VALUE ...`,
//! `-each KEY=VALUE ...`, `-variant`, `-games`, `-rounds`, `-repeat`, `-concurrency`,
//! `-openings`, `-pgnout`, `-draw`, `-resign`, `-maxmoves`, `-tournament`, `-sprt`, `-srand`,
//! `-debug`, and `--selfplay`.

use super::timecontrol::{seconds, TimeControl};
use std::path::Path;
use std::time::Duration;
use tinman_core::{variants, Variant};

pub const USAGE: &str = "usage:
  tinman match -engine cmd=CMD [proto=uci|xboard] [name=NAME] [arg=ARG] [dir=DIR] [option.NAME=VALUE]
                       [tc=[MOVES/]SECONDS[+INC]|inf] [st=SECONDS] [depth=N] [nodes=N] [timemargin=MS]
                       [initstr=TEXT] [variant=NAME] [transpose=1] [restart=on|off]
               -engine ... [-engine ...] [-each KEY=VALUE ...]
               [-variant NAME] [-games N] [-rounds N] [-repeat [N]] [-concurrency N]
               [-tournament round-robin|gauntlet]
               [-openings file=FILE [format=epd|fen|pgn] [order=random|sequential] [start=N] [plies=N] | -openings random=PLIES [balance=CP]]
               [-pgnout FILE] [-draw movenumber=N movecount=N score=CP] [-resign movecount=N score=CP]
               [-maxmoves N] [-sprt elo0=E elo1=E alpha=A beta=B] [-srand N] [-debug]
  tinman match --selfplay [-variant NAME] [-games N] [-each ...] [other options as above]";

/// Plies of a random opening for `--selfplay` unless `-openings` says otherwise.
pub const SELFPLAY_OPENING_PLIES: usize = 8;
/// Time control of `--selfplay` unless `-each` says otherwise.
pub const SELFPLAY_TC: &str = "5+0.05";
/// Games of `--selfplay` unless `-games` says otherwise.
pub const SELFPLAY_GAMES: u32 = 20;
/// A random opening is kept when a short search scores it within this many centipawns.
pub const DEFAULT_BALANCE_CP: i32 = 100;
/// Default allowance over an engine's remaining time before the flag falls.
pub const DEFAULT_MARGIN_MS: u64 = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    Uci,
    Xboard,
}

/// One engine of the tournament.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<String>,
    pub proto: Proto,
    /// `option.NAME=VALUE`: UCI `setoption`, XBoard `option NAME=VALUE`.
    pub options: Vec<(String, String)>,
    /// None: no clock (`tc=inf`, or only `st`/`depth`/`nodes`).
    pub tc: Option<TimeControl>,
    pub st: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// How far past its time an engine may go before it loses on time.
    pub margin: Duration,
    /// Lines sent to the engine right after the handshake.
    pub initstr: Vec<String>,
    /// The name this engine knows the game by (default: Tinman's name).
    pub variant: Option<String>,
    /// Reflect the board over the a1 diagonal for this engine (files <-> ranks).
    pub transpose: bool,
    /// A new process for every game (`restart=on`, the default); with `restart=off` each of
    /// the runner's game threads keeps its process from game to game until it fails.
    pub restart: bool,
}

#[derive(Clone, Debug)]
pub enum Openings {
    /// Every game from the variant's start position.
    Start,
    /// Positions from a file: `fen` lines, `epd` (first four fields) or `pgn` games (the
    /// setup and the first `plies` moves, all by default).
    File { path: String, format: FileFormat, random_order: bool, start: usize, plies: Option<usize> },
    /// Random legal plies from the start, kept if a short search finds the position balanced.
    Random { plies: usize, balance: i32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFormat {
    Fen,
    Epd,
    Pgn,
}

#[derive(Clone, Copy, Debug)]
pub struct DrawAdjudication {
    pub move_number: u32,
    pub move_count: u32,
    pub score: i32,
}

#[derive(Clone, Copy, Debug)]
pub struct ResignAdjudication {
    pub move_count: u32,
    pub score: i32,
}

#[derive(Clone, Copy, Debug)]
pub struct SprtSpec {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tournament {
    RoundRobin,
    Gauntlet,
}

#[derive(Clone)]
pub struct Config {
    pub engines: Vec<EngineSpec>,
    pub variant: &'static Variant,
    pub games: u32,
    pub rounds: u32,
    /// Games played from each opening (colours alternate from game to game).
    pub repeat: u32,
    pub concurrency: usize,
    pub tournament: Tournament,
    pub openings: Openings,
    pub pgnout: Option<String>,
    pub draw: Option<DrawAdjudication>,
    pub resign: Option<ResignAdjudication>,
    pub max_moves: Option<u32>,
    pub sprt: Option<SprtSpec>,
    pub seed: u64,
    pub debug: bool,
}

/// Parses the arguments after `match`.
pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut engine_tokens: Vec<Vec<String>> = Vec::new();
    let mut each: Vec<String> = Vec::new();
    let mut selfplay = false;
    let mut variant_name = variants::DEFAULT.to_string();
    let mut games = None;
    let mut rounds = 1;
    let mut repeat = 2;
    let mut concurrency = 1;
    let mut tournament = Tournament::RoundRobin;
    let mut openings = None;
    let mut pgnout = None;
    let mut draw = None;
    let mut resign = None;
    let mut max_moves = None;
    let mut sprt = None;
    let mut seed = None;
    let mut debug = false;

    let mut i = 0;
    // The KEY=VALUE tokens after an option, up to the next `-option`.
    let tokens = |i: &mut usize| -> Vec<String> {
        let mut out = Vec::new();
        while *i < args.len() && !args[*i].starts_with('-') {
            out.push(args[*i].clone());
            *i += 1;
        }
        out
    };
    while i < args.len() {
        let arg = args[i].clone();
        i += 1;
        let value = |i: &mut usize| -> Result<String, String> {
            let v = args.get(*i).cloned().ok_or(format!("{arg} needs a value"))?;
            *i += 1;
            Ok(v)
        };
        match arg.as_str() {
            "-engine" => engine_tokens.push(tokens(&mut i)),
            "-each" => each.extend(tokens(&mut i)),
            "--selfplay" | "-selfplay" => selfplay = true,
            "-variant" => variant_name = value(&mut i)?,
            "-games" => games = Some(positive(&arg, &value(&mut i)?)?),
            "-rounds" => rounds = positive(&arg, &value(&mut i)?)?,
            "-repeat" => {
                repeat = match args.get(i).filter(|a| !a.starts_with('-')) {
                    Some(n) => {
                        i += 1;
                        positive(&arg, n)?
                    }
                    None => 2,
                }
            }
            "-concurrency" => concurrency = positive(&arg, &value(&mut i)?)? as usize,
            "-tournament" => {
                tournament = match value(&mut i)?.as_str() {
                    "round-robin" => Tournament::RoundRobin,
                    "gauntlet" => Tournament::Gauntlet,
                    other => {
                        return Err(format!("-tournament: unknown type '{other}' (round-robin, gauntlet)"))
                    }
                }
            }
            "-openings" => openings = Some(parse_openings(&tokens(&mut i))?),
            "-pgnout" => pgnout = Some(value(&mut i)?),
            "-draw" => draw = Some(parse_draw(&tokens(&mut i))?),
            "-resign" => resign = Some(parse_resign(&tokens(&mut i))?),
            "-maxmoves" => max_moves = Some(positive(&arg, &value(&mut i)?)?),
            "-sprt" => sprt = Some(parse_sprt(&tokens(&mut i))?),
            "-srand" => {
                let v = value(&mut i)?;
                seed = Some(v.parse().map_err(|_| format!("-srand: '{v}' is not a number"))?);
            }
            "-debug" => debug = true,
            other => return Err(format!("match: unknown option '{other}'\n{USAGE}")),
        }
    }

    let variant = variants::by_name(&variant_name).ok_or_else(|| {
        format!("unknown variant '{variant_name}' (known: {})", variants::names().join(", "))
    })?;
    if selfplay {
        if !engine_tokens.is_empty() {
            return Err("--selfplay picks its own two engines; do not give -engine".into());
        }
        let me = std::env::current_exe().map_err(|e| format!("cannot find the tinman binary: {e}"))?;
        let me = me.to_string_lossy().to_string();
        let mut defaults = vec![format!("tc={SELFPLAY_TC}")];
        defaults.append(&mut each);
        each = defaults;
        engine_tokens.push(vec![format!("cmd={me}"), "name=Tinman".into()]);
        engine_tokens.push(vec![
            format!("cmd={me}"),
            "name=Tinman-d1-material".into(),
            "option.Evaluation=material".into(),
            "depth=1".into(),
        ]);
        games.get_or_insert(SELFPLAY_GAMES);
        openings
            .get_or_insert(Openings::Random { plies: SELFPLAY_OPENING_PLIES, balance: DEFAULT_BALANCE_CP });
    }
    if engine_tokens.len() < 2 {
        return Err(format!("a match needs at least two engines (-engine ...) or --selfplay\n{USAGE}"));
    }
    let mut engines = Vec::new();
    for tokens in &engine_tokens {
        let mut spec = engine_spec(each.iter().chain(tokens))?;
        let base = spec.name.clone();
        let mut n = 2;
        while engines.iter().any(|e: &EngineSpec| e.name == spec.name) {
            spec.name = format!("{base}-{n}");
            n += 1;
        }
        engines.push(spec);
    }
    if sprt.is_some() && engines.len() != 2 {
        return Err("-sprt needs exactly two engines".into());
    }
    if let Some(Openings::File { path, .. }) = &openings {
        if !Path::new(path).is_file() {
            return Err(format!("-openings: no such file '{path}'"));
        }
    }
    Ok(Config {
        engines,
        variant,
        games: games.unwrap_or(1),
        rounds,
        repeat,
        concurrency,
        tournament,
        openings: openings.unwrap_or(Openings::Start),
        pgnout,
        draw,
        resign,
        max_moves,
        sprt,
        seed: seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        }),
        debug,
    })
}

fn positive(option: &str, text: &str) -> Result<u32, String> {
    text.parse::<u32>().ok().filter(|&n| n > 0).ok_or(format!("{option}: '{text}' is not a positive number"))
}

fn key_value<'a>(option: &str, token: &'a str) -> Result<(&'a str, &'a str), String> {
    token.split_once('=').ok_or(format!("{option}: expected KEY=VALUE, got '{token}'"))
}

fn number<T: std::str::FromStr>(option: &str, key: &str, v: &str) -> Result<T, String> {
    v.parse().map_err(|_| format!("{option}: {key}='{v}' is not a number"))
}

/// One engine from its `KEY=VALUE` tokens (`-each` tokens first, its own after).
fn engine_spec<'a>(tokens: impl Iterator<Item = &'a String>) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec {
        name: String::new(),
        cmd: String::new(),
        args: Vec::new(),
        dir: None,
        proto: Proto::Uci,
        options: Vec::new(),
        tc: None,
        st: None,
        depth: None,
        nodes: None,
        margin: Duration::from_millis(DEFAULT_MARGIN_MS),
        initstr: Vec::new(),
        variant: None,
        transpose: false,
        restart: true,
    };
    let o = "-engine";
    for token in tokens {
        let (key, v) = key_value(o, token)?;
        if let Some(name) = key.strip_prefix("option.") {
            spec.options.retain(|(n, _)| n != name);
            spec.options.push((name.to_string(), v.to_string()));
            continue;
        }
        match key {
            "cmd" => {
                let mut words = v.split_whitespace().map(str::to_string);
                spec.cmd = words.next().ok_or("-engine: cmd= is empty")?;
                spec.args = words.collect();
            }
            "arg" => spec.args.push(v.to_string()),
            "name" => spec.name = v.to_string(),
            "dir" => spec.dir = Some(v.to_string()),
            "proto" => {
                spec.proto = match v {
                    "uci" => Proto::Uci,
                    "xboard" => Proto::Xboard,
                    _ => return Err(format!("-engine: unknown protocol '{v}' (uci, xboard)")),
                }
            }
            "tc" if v == "inf" || v == "infinite" => spec.tc = None,
            "tc" => spec.tc = Some(TimeControl::parse(v)?),
            "st" => {
                spec.st = Some(
                    seconds(v).filter(|d| !d.is_zero()).ok_or(format!("-engine: bad st='{v}' (seconds)"))?,
                )
            }
            "depth" => spec.depth = Some(number(o, key, v)?),
            "nodes" => spec.nodes = Some(number(o, key, v)?),
            "timemargin" => spec.margin = Duration::from_millis(number(o, key, v)?),
            "initstr" => spec.initstr.extend(v.split("\\n").map(str::to_string)),
            "variant" => spec.variant = Some(v.to_string()),
            "transpose" => {
                spec.transpose = match v {
                    "1" | "true" | "on" => true,
                    "0" | "false" | "off" => false,
                    _ => return Err(format!("-engine: transpose='{v}' (expected 1 or 0)")),
                }
            }
            "restart" => {
                spec.restart = match v {
                    "on" | "1" | "true" => true,
                    "off" | "0" | "false" => false,
                    _ => return Err(format!("-engine: restart='{v}' (expected on or off)")),
                }
            }
            _ => return Err(format!("-engine: unknown key '{key}'")),
        }
    }
    if spec.cmd.is_empty() {
        return Err("-engine: cmd= is missing".into());
    }
    check_command(&spec.cmd, spec.dir.as_deref())?;
    if spec.name.is_empty() {
        spec.name =
            Path::new(&spec.cmd).file_name().map_or(spec.cmd.clone(), |n| n.to_string_lossy().to_string());
    }
    if spec.tc.is_some() && spec.st.is_some() {
        return Err(format!("engine '{}': give tc= or st=, not both", spec.name));
    }
    if spec.tc.is_none() && spec.st.is_none() && spec.depth.is_none() && spec.nodes.is_none() {
        return Err(format!("engine '{}' has no time control: give tc=, st=, depth= or nodes=", spec.name));
    }
    if spec.nodes.is_some() && spec.proto == Proto::Xboard {
        return Err(format!("engine '{}': nodes= needs a UCI engine (XBoard has no node limit)", spec.name));
    }
    if spec.st.is_some_and(|st| st.subsec_nanos() != 0) && spec.proto == Proto::Xboard {
        return Err(format!("engine '{}': st= must be whole seconds for an XBoard engine", spec.name));
    }
    if spec.transpose && spec.proto == Proto::Uci {
        return Err(format!("engine '{}': transpose=1 is for XBoard engines", spec.name));
    }
    Ok(spec)
}

/// Fails unless `cmd` names an executable file (a path, or a name found on PATH).
fn check_command(cmd: &str, dir: Option<&str>) -> Result<(), String> {
    let found = if cmd.contains('/') {
        let path = match dir {
            Some(d) if !Path::new(cmd).is_absolute() => Path::new(d).join(cmd),
            _ => Path::new(cmd).to_path_buf(),
        };
        path.is_file()
    } else {
        std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|p| p.join(cmd).is_file()))
    };
    if found {
        Ok(())
    } else {
        Err(format!("engine command '{cmd}' not found"))
    }
}

fn parse_openings(tokens: &[String]) -> Result<Openings, String> {
    let o = "-openings";
    let (mut path, mut format, mut random_order, mut start, mut file_plies) = (None, None, false, 0, None);
    let (mut plies, mut balance) = (None, DEFAULT_BALANCE_CP);
    for token in tokens {
        let (key, v) = key_value(o, token)?;
        match key {
            "file" => path = Some(v.to_string()),
            "format" => {
                format = Some(match v {
                    "epd" => FileFormat::Epd,
                    "fen" => FileFormat::Fen,
                    "pgn" => FileFormat::Pgn,
                    _ => return Err(format!("-openings: format='{v}' (epd, fen or pgn)")),
                })
            }
            "plies" => file_plies = Some(number(o, key, v)?),
            "order" => {
                random_order = match v {
                    "random" => true,
                    "sequential" => false,
                    _ => return Err(format!("-openings: order='{v}' (random or sequential)")),
                }
            }
            "start" => start = number::<usize>(o, key, v)?.saturating_sub(1),
            "random" => plies = Some(number(o, key, v)?),
            "balance" => balance = number(o, key, v)?,
            _ => return Err(format!("-openings: unknown key '{key}'")),
        }
    }
    match (path, plies) {
        (Some(path), None) => {
            let format = format.unwrap_or(if path.ends_with(".epd") {
                FileFormat::Epd
            } else if path.ends_with(".pgn") {
                FileFormat::Pgn
            } else {
                FileFormat::Fen
            });
            Ok(Openings::File { path, format, random_order, start, plies: file_plies })
        }
        (None, Some(plies)) => Ok(Openings::Random { plies, balance }),
        _ => Err("-openings: give file=FILE or random=PLIES".into()),
    }
}

fn parse_draw(tokens: &[String]) -> Result<DrawAdjudication, String> {
    let o = "-draw";
    let mut d = DrawAdjudication { move_number: 0, move_count: 0, score: 0 };
    let mut seen = 0;
    for token in tokens {
        let (key, v) = key_value(o, token)?;
        match key {
            "movenumber" => d.move_number = number(o, key, v)?,
            "movecount" => d.move_count = number(o, key, v)?,
            "score" => d.score = number(o, key, v)?,
            _ => return Err(format!("-draw: unknown key '{key}'")),
        }
        seen += 1;
    }
    if seen == 0 || d.move_count == 0 {
        return Err("-draw needs movenumber=N movecount=N score=CP".into());
    }
    Ok(d)
}

fn parse_resign(tokens: &[String]) -> Result<ResignAdjudication, String> {
    let o = "-resign";
    let mut r = ResignAdjudication { move_count: 0, score: 0 };
    for token in tokens {
        let (key, v) = key_value(o, token)?;
        match key {
            "movecount" => r.move_count = number(o, key, v)?,
            "score" => r.score = number(o, key, v)?,
            _ => return Err(format!("-resign: unknown key '{key}'")),
        }
    }
    if r.move_count == 0 || r.score <= 0 {
        return Err("-resign needs movecount=N score=CP (both above zero)".into());
    }
    Ok(r)
}

fn parse_sprt(tokens: &[String]) -> Result<SprtSpec, String> {
    let o = "-sprt";
    let mut s = SprtSpec { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
    for token in tokens {
        let (key, v) = key_value(o, token)?;
        let x: f64 = number(o, key, v)?;
        match key {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => return Err(format!("-sprt: unknown key '{key}'")),
        }
    }
    let unit = |p: f64| p > 0.0 && p < 0.5;
    if s.elo1 <= s.elo0 || !unit(s.alpha) || !unit(s.beta) {
        return Err("-sprt: need elo0 < elo1 and 0 < alpha, beta < 0.5".into());
    }
    Ok(s)
}
