//! The protocol fuzzer: generated command sessions fed to the `tinman` binary's UCI or
//! XBoard loop, each checked by `protocol/tests/fuzz/session.rs` (ends by itself, status 0,
//! no panic, within the time limit; every UCI `bestmove` legal). Runs on stable.
//!
//! ```text
//! cargo build --release -p tinman
//! cargo run --release -p tinman --example fuzz_protocol -- --loop uci --minutes 10
//! cargo run --release -p tinman --example fuzz_protocol -- --loop xboard --minutes 10 --seed 7
//! ```
//!
//! Options: `--loop uci|xboard`, `--minutes M` (or `--sessions N`), `--seed S`, `--engine PATH`
//! (default `target/release/tinman`), `--out DIR` (default `fuzz/protocol/<loop>`: `corpus/`
//! gets every session that gave a new kind of answer, `failures/` every failing one).
//!
//! Sessions come from a grammar of each protocol's real commands with mutated arguments (FENs
//! of every game from the perft suites, mutated; legal and garbage moves; huge, negative and
//! non-numeric numbers; unknown options and variants; commands in the wrong order), plus
//! whole-line garbage: 1 MB lines, NUL bytes, bytes that are not UTF-8, CR LF endings. Half of
//! the sessions are mutations of earlier sessions that produced a new kind of output line
//! (feedback through the output, since the binary is not instrumented).

#[path = "../tests/fuzz/session.rs"]
mod session;

use std::path::PathBuf;
use std::time::{Duration, Instant};
use tinman_core::{variants, Position};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Loop {
    Uci,
    Xboard,
}

/// Everything the grammar draws from.
struct Material {
    /// (game, FEN) of every game's start and perft-suite positions.
    fens: Vec<(&'static str, String)>,
}

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "-1",
    "10",
    "100",
    "1000",
    "65535",
    "4294967295",
    "4294967296",
    "99999999999",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999",
    "-99999999999999999999",
    "1e9",
    "0x10",
    "+5",
    "3.5",
    "1:30",
    "0:00",
    "abc",
    "",
];

const GAMES: &[&str] = &[
    "normal",
    "wizardoz",
    "desertoasis",
    "imawazir",
    "wedgie",
    "chess",
    "standard",
    "NORMAL",
    "xiangqi",
    "",
];

const SQUARES: &[&str] = &["a1", "e2", "e4", "h8", "i9", "l12", "a10", "m13", "z0", "c4", "d5", "e7"];

impl Material {
    fn load() -> Material {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/perft");
        let mut fens = Vec::new();
        for &game in variants::NAMES {
            let v = variants::by_name(game).expect("a game");
            fens.push((game, v.start_fen.to_string()));
            let text = std::fs::read_to_string(root.join(format!("{game}.perft"))).unwrap_or_default();
            for line in text.lines() {
                if let Some(fen) = line.strip_prefix("epd ") {
                    fens.push((game, fen.trim().to_string()));
                }
            }
        }
        Material { fens }
    }

    fn number(&self, rng: &mut Rng) -> String {
        if rng.chance(70) {
            return rng.pick(NUMBERS).to_string();
        }
        let digits = 1 + rng.below(40);
        (0..digits).map(|_| (b'0' + rng.below(10) as u8) as char).collect()
    }

    /// A small number for search limits, so that most sessions end quickly.
    fn small(&self, rng: &mut Rng) -> String {
        if rng.chance(10) {
            self.number(rng)
        } else {
            rng.below(4).to_string()
        }
    }

    fn game(&self, rng: &mut Rng) -> String {
        if rng.chance(85) {
            rng.pick(variants::NAMES).to_string()
        } else {
            rng.pick(GAMES).to_string()
        }
    }

    /// A FEN of any game, often mutated.
    fn fen(&self, rng: &mut Rng) -> String {
        let (_, fen) = rng.pick(&self.fens);
        let mut fen = fen.clone();
        if rng.chance(40) {
            fen = mutate_text(rng, &fen);
        }
        fen
    }

    /// Moves from `fen` (legal ones while the game lets us), sometimes garbage.
    fn moves(&self, rng: &mut Rng, fen: Option<&str>, game: &str) -> Vec<String> {
        let v = variants::by_name(game)
            .unwrap_or_else(|| variants::by_name(variants::DEFAULT).expect("the default game"));
        let mut pos = match fen {
            Some(f) => Position::from_fen(v, f).ok(),
            None => Some(Position::start(v)),
        };
        let count = rng.below(12);
        let mut out = Vec::new();
        for _ in 0..count {
            let legal = pos.as_ref().map(|p| p.legal_moves()).unwrap_or_default();
            if legal.is_empty() || rng.chance(8) {
                out.push(self.garbage_move(rng));
                pos = None;
                continue;
            }
            let p = pos.as_mut().expect("a position");
            let mv = *rng.pick(legal.as_slice());
            out.push(p.move_text(mv));
            p.make(mv);
        }
        out
    }

    fn garbage_move(&self, rng: &mut Rng) -> String {
        match rng.below(6) {
            0 => format!("{}{}", rng.pick(SQUARES), rng.pick(SQUARES)),
            1 => format!("{}{}q", rng.pick(SQUARES), rng.pick(SQUARES)),
            2 => (0..1 + rng.below(8))
                .map(|_| format!("{}{}", rng.pick(SQUARES), rng.pick(SQUARES)))
                .collect::<Vec<_>>()
                .join(","),
            3 => "0000".into(),
            4 => mutate_text(rng, "e2e4"),
            _ => self.number(rng),
        }
    }

    fn position(&self, rng: &mut Rng) -> (Option<String>, String) {
        let (game, fen) = rng.pick(&self.fens);
        if rng.chance(50) {
            (None, game.to_string())
        } else if rng.chance(85) {
            (Some(fen.clone()), game.to_string())
        } else {
            (Some(mutate_text(rng, fen)), game.to_string())
        }
    }

    fn uci_command(&self, rng: &mut Rng) -> String {
        match rng.below(20) {
            0 => "uci".into(),
            1 => "isready".into(),
            2 => "ucinewgame".into(),
            3 | 4 => format!("setoption name UCI_Variant value {}", self.game(rng)),
            5 => {
                let (name, value) = match rng.below(11) {
                    0 => ("Hash", self.number(rng)),
                    1 => ("Threads", self.number(rng)),
                    2 => ("Clear Hash", String::new()),
                    3 => ("MultiPV", self.number(rng)),
                    4 => ("Ponder", rng.pick(&["true", "false", "x"]).to_string()),
                    5 => ("Move Overhead", self.number(rng)),
                    6 => ("UCI_AnalyseMode", "true".into()),
                    7 => ("Road", self.road(rng)),
                    8 => ("Evaluation", rng.pick(&["full", "material", "MATERIAL", "x"]).to_string()),
                    9 => ("Nonsense", self.number(rng)),
                    _ => ("", String::new()),
                };
                match rng.below(4) {
                    0 => format!("setoption name {name}"),
                    1 => format!("setoption {name} {value}"),
                    _ => format!("setoption name {name} value {value}"),
                }
            }
            6..=9 => {
                let (fen, game) = self.position(rng);
                let moves = self.moves(rng, fen.as_deref(), &game);
                let mut line = match &fen {
                    None => "position startpos".to_string(),
                    Some(f) => format!("position fen {f}"),
                };
                if !moves.is_empty() || rng.chance(10) {
                    line.push_str(" moves ");
                    line.push_str(&moves.join(" "));
                }
                line
            }
            10..=13 => {
                let mut line = "go".to_string();
                for _ in 0..rng.below(4) {
                    let word = *rng.pick(&[
                        "wtime",
                        "btime",
                        "winc",
                        "binc",
                        "movestogo",
                        "depth",
                        "nodes",
                        "movetime",
                        "mate",
                        "ponder",
                        "infinite",
                        "searchmoves",
                        "perft",
                        "x",
                    ]);
                    line.push(' ');
                    line.push_str(word);
                    match word {
                        "ponder" | "infinite" => {}
                        "searchmoves" => {
                            for m in self.moves(rng, None, variants::DEFAULT).iter().take(3) {
                                line.push(' ');
                                line.push_str(m);
                            }
                        }
                        "depth" | "nodes" | "movetime" | "mate" => {
                            line.push(' ');
                            line.push_str(&self.small(rng));
                        }
                        _ => {
                            line.push(' ');
                            line.push_str(&self.number(rng));
                        }
                    }
                }
                if rng.chance(60) && !line.contains("depth") {
                    line.push_str(&format!(" depth {}", 1 + rng.below(3)));
                }
                line
            }
            14 => "stop".into(),
            15 => "ponderhit".into(),
            16 => rng
                .pick(&["debug on", "register later", "quit", "xboard", "new", "usermove e2e4"])
                .to_string(),
            _ => self.garbage_line(rng),
        }
    }

    fn road(&self, rng: &mut Rng) -> String {
        let roads = ["c4,d5,e6,f5,g4", "c4, d5, e6", "a1,b2", "-", "", "e5", "c4,c4,c4", "i9,a1,e5,d4,f6,b3"];
        let road = rng.pick(&roads).to_string();
        if rng.chance(30) {
            mutate_text(rng, &road)
        } else {
            road
        }
    }

    fn xboard_command(&self, rng: &mut Rng) -> String {
        match rng.below(30) {
            0 => "xboard".into(),
            1 => format!("protover {}", self.number(rng)),
            2 | 3 => "new".into(),
            4 | 5 => format!("variant {}", self.game(rng)),
            6 | 7 => format!("setboard {}", self.fen(rng)),
            8..=10 => {
                let (fen, game) = self.position(rng);
                let moves = self.moves(rng, fen.as_deref(), &game);
                let mv = moves.first().cloned().unwrap_or_else(|| self.garbage_move(rng));
                if rng.chance(50) {
                    format!("usermove {mv}")
                } else {
                    mv
                }
            }
            11 => "go".into(),
            12 => rng
                .pick(&[
                    "force",
                    "playother",
                    "white",
                    "black",
                    "random",
                    "computer",
                    "hard",
                    "easy",
                    "post",
                    "nopost",
                    "hint",
                    "draw",
                    ".",
                    "?",
                ])
                .to_string(),
            13 => format!(
                "level {} {} {}",
                self.small(rng),
                rng.pick(&["0", "1:30", "5", "0:00", "x"]),
                self.small(rng)
            ),
            14 => format!("st {}", self.small(rng)),
            15 => format!("sd {}", self.small(rng)),
            16 => format!("nps {}", self.number(rng)),
            17 => format!("{} {}", rng.pick(&["time", "otim"]), self.number(rng)),
            18 => rng.pick(&["undo", "remove"]).to_string(),
            19 => format!("{} {}", rng.pick(&["memory", "cores"]), self.number(rng)),
            20 => {
                let name = *rng.pick(&[
                    "Hash",
                    "Threads",
                    "MultiPV",
                    "Clear Hash",
                    "Evaluation",
                    "Road",
                    "Nonsense",
                    "",
                ]);
                let value = match name {
                    "Evaluation" => rng.pick(&["full", "material", "x"]).to_string(),
                    "Road" => self.road(rng),
                    _ => self.number(rng),
                };
                if rng.chance(80) {
                    format!("option {name}={value}")
                } else {
                    format!("option {name}")
                }
            }
            21 => {
                let what = if rng.chance(30) {
                    "all".to_string()
                } else {
                    self.moves(rng, None, variants::DEFAULT).first().cloned().unwrap_or_default()
                };
                format!("{} {what}", rng.pick(&["exclude", "include"]))
            }
            22 => format!("{} {}", rng.pick(&["lift", "put", "hover"]), rng.pick(SQUARES)),
            23 => rng.pick(&["analyze", "exit"]).to_string(),
            24 => format!("ping {}", self.number(rng)),
            25 => format!("result {} {{{}}}", rng.pick(&["1-0", "0-1", "1/2-1/2", "*", "x"]), "by fuzzing"),
            26 => format!(
                "{} {}",
                rng.pick(&["accepted", "rejected", "name", "rating", "ics", "egtpath", "bk"]),
                self.number(rng)
            ),
            27 => rng.pick(&["quit", "uci", "isready", "position startpos", "stop"]).to_string(),
            _ => self.garbage_line(rng),
        }
    }

    /// A line that is no command at all.
    fn garbage_line(&self, rng: &mut Rng) -> String {
        match rng.below(5) {
            0 => String::new(),
            1 => "   \t  ".into(),
            2 => self.number(rng),
            3 => (0..rng.below(60)).map(|_| (b' ' + rng.below(95) as u8) as char).collect(),
            _ => "\0\0\0".into(),
        }
    }
}

/// A few character-level edits: delete, insert, replace, duplicate a slice, truncate.
fn mutate_text(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    const EXTRA: &[char] =
        &['/', '*', ' ', '-', ',', '=', '0', '1', '9', 'k', 'K', 'w', 'b', 'W', 'P', 'x', '\u{e9}', '\0'];
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(6) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => chars.insert(at, *rng.pick(EXTRA)),
            2 if at < chars.len() => chars[at] = *rng.pick(EXTRA),
            3 if at < chars.len() => {
                let end = (at + rng.below(20)).min(chars.len());
                let slice: Vec<char> = chars[at..end].to_vec();
                for (i, c) in slice.into_iter().enumerate() {
                    chars.insert(end + i, c);
                }
            }
            4 => chars.truncate(at),
            _ => chars.insert(at, (b'0' + rng.below(10) as u8) as char),
        }
    }
    chars.into_iter().collect()
}

/// A session: its lines (bytes, without the line ends).
type Session = Vec<Vec<u8>>;

fn fresh(rng: &mut Rng, m: &Material, which: Loop) -> Session {
    let mut lines: Session = Vec::new();
    lines.push(match which {
        Loop::Uci => rng
            .pick(&[
                "uci",
                "uci",
                "isready",
                "position startpos",
                "ucinewgame",
                "setoption name Hash value 1",
            ])
            .as_bytes()
            .to_vec(),
        Loop::Xboard => {
            rng.pick(&["xboard", "xboard", "protover 2", "new", "go", "undo", "hello"]).as_bytes().to_vec()
        }
    });
    for _ in 0..1 + rng.below(25) {
        let line = match which {
            Loop::Uci => m.uci_command(rng),
            Loop::Xboard => m.xboard_command(rng),
        };
        lines.push(line.into_bytes());
    }
    lines
}

/// Whole-line and byte-level damage, now and then.
fn damage(rng: &mut Rng, lines: &mut Session) {
    if lines.is_empty() {
        return;
    }
    let at = 1 + rng.below(lines.len());
    match rng.below(8) {
        // A very long line: a real command with a long tail, or one long word.
        0 => {
            let size = if rng.chance(20) { 1 << 20 } else { 1 + rng.below(100_000) };
            let mut line = lines[rng.below(lines.len())].clone();
            let filler = *rng.pick(&[b"a".as_slice(), b"1", b" ", b"e2e4 ", b"/8", b"\0"]);
            while line.len() < size {
                line.extend_from_slice(filler);
            }
            lines.insert(at, line);
        }
        // Bytes that are not UTF-8.
        1 => lines.insert(at, vec![0xff, 0xfe, b'u', b'c', b'i', 0xc3]),
        2 => {
            let i = rng.below(lines.len());
            let pos = rng.below(lines[i].len() + 1);
            lines[i].insert(pos, *rng.pick(&[0x80, 0xc0, 0xff, 0]));
        }
        // CR LF ending.
        3 => {
            let i = rng.below(lines.len());
            lines[i].push(b'\r');
        }
        // NUL bytes.
        4 => lines.insert(at, vec![0; 1 + rng.below(100)]),
        // Random bytes.
        _ => lines.insert(at, (0..rng.below(200)).map(|_| rng.next() as u8).collect()),
    }
}

fn mutate(rng: &mut Rng, m: &Material, which: Loop, parent: &Session, other: &Session) -> Session {
    let mut lines = parent.clone();
    for _ in 0..1 + rng.below(4) {
        let at = if lines.len() > 1 { 1 + rng.below(lines.len() - 1) } else { lines.len() };
        match rng.below(6) {
            0 if lines.len() > 2 => {
                lines.remove(at.min(lines.len() - 1));
            }
            1 => {
                let line = match which {
                    Loop::Uci => m.uci_command(rng),
                    Loop::Xboard => m.xboard_command(rng),
                };
                lines.insert(at.min(lines.len()), line.into_bytes());
            }
            2 if !other.is_empty() => {
                // Splice: a run of the other session's lines.
                let from = rng.below(other.len());
                let to = (from + 1 + rng.below(8)).min(other.len());
                for (i, l) in other[from..to].iter().enumerate() {
                    lines.insert((at + i).min(lines.len()), l.clone());
                }
            }
            3 if at < lines.len() => {
                let text = String::from_utf8_lossy(&lines[at]).into_owned();
                lines[at] = mutate_text(rng, &text).into_bytes();
            }
            4 if at < lines.len() => {
                let l = lines[at].clone();
                lines.insert(at, l);
            }
            _ => damage(rng, &mut lines),
        }
    }
    lines.truncate(200);
    lines
}

/// The bytes sent: the lines, then usually `quit` (otherwise just the end of input).
fn encode(rng: &mut Rng, lines: &Session) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l);
        out.push(b'\n');
    }
    if rng.chance(80) {
        out.extend_from_slice(b"quit\n");
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let which = match value("--loop").as_deref() {
        Some("xboard") => Loop::Xboard,
        Some("uci") | None => Loop::Uci,
        Some(other) => panic!("--loop uci|xboard, not {other}"),
    };
    let name = if which == Loop::Uci { "uci" } else { "xboard" };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let engine = value("--engine").map(PathBuf::from).unwrap_or_else(|| root.join("target/release/tinman"));
    let out = value("--out").map(PathBuf::from).unwrap_or_else(|| root.join("fuzz/protocol").join(name));
    let seed: u64 = value("--seed").map_or(1, |s| s.parse().expect("--seed N"));
    let minutes: f64 = value("--minutes").map_or(1.0, |s| s.parse().expect("--minutes M"));
    let max_sessions: usize = value("--sessions").map_or(usize::MAX, |s| s.parse().expect("--sessions N"));
    let limit = Duration::from_secs(30);
    std::fs::create_dir_all(out.join("corpus")).expect("corpus dir");
    std::fs::create_dir_all(out.join("failures")).expect("failures dir");

    let m = Material::load();
    let mut rng = Rng(seed);
    let mut corpus: Vec<Session> = Vec::new();
    let mut known = std::collections::BTreeSet::new();
    let (mut sessions, mut failures, mut bytes, mut lines_sent, mut bestmoves) = (0, 0, 0usize, 0, 0);
    let mut slowest = Duration::ZERO;
    let start = Instant::now();
    let deadline = Duration::from_secs_f64(minutes * 60.0);
    while start.elapsed() < deadline && sessions < max_sessions {
        let mut lines = if corpus.len() > 4 && rng.chance(50) {
            let parent = corpus[rng.below(corpus.len())].clone();
            let other = corpus[rng.below(corpus.len())].clone();
            mutate(&mut rng, &m, which, &parent, &other)
        } else {
            fresh(&mut rng, &m, which)
        };
        if rng.chance(25) {
            damage(&mut rng, &mut lines);
        }
        let input = encode(&mut rng, &lines);
        sessions += 1;
        bytes += input.len();
        lines_sent += lines.len();
        match session::run(&engine, &input, limit) {
            Ok(report) => {
                bestmoves += report.bestmoves_checked;
                slowest = slowest.max(report.elapsed);
                let new: Vec<String> = report.signatures.into_iter().filter(|s| !known.contains(s)).collect();
                if !new.is_empty() {
                    let file = out.join("corpus").join(format!("{sessions:06}-{seed}"));
                    std::fs::write(&file, &input).expect("write a corpus file");
                    known.extend(new);
                    corpus.push(lines);
                }
            }
            Err(why) => {
                failures += 1;
                let file = out.join("failures").join(format!("{sessions:06}-{seed}"));
                std::fs::write(&file, &input).expect("write a failure");
                let short: String = why.chars().take(400).collect();
                println!("FAILURE {} ({} bytes): {short}", file.display(), input.len());
            }
        }
        if sessions % 500 == 0 {
            println!(
                "{sessions} sessions, {:.0} s, corpus {}, kinds of answer {}, bestmoves checked {bestmoves}, failures {failures}",
                start.elapsed().as_secs_f64(),
                corpus.len(),
                known.len()
            );
        }
    }
    println!(
        "done: loop {name}, seed {seed}, {sessions} sessions ({lines_sent} lines, {:.1} MB) in {:.0} s; corpus {} sessions, {} kinds of answer; {bestmoves} bestmoves checked; slowest passing session {:.2} s; failures {failures}",
        bytes as f64 / 1e6,
        start.elapsed().as_secs_f64(),
        corpus.len(),
        known.len(),
        slowest.as_secs_f64()
    );
}
