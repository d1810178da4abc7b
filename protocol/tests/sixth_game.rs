//! Adding a game is local: `decima`, a 10x10 game that exists only in this file, with a piece
//! no built-in game has (the Archbishop, Bishop + Knight) and an existing mechanic (a
//! double-move road, as in `wizardoz`). It is defined here the way docs/design.md ("How to add
//! a game") tells, registered, and then played by perft, `go`, UCI and XBoard in this process.
//! Nothing outside this file knows it.

use std::io::{BufRead, BufReader, Read, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tinman::{cli, serve, Output};
use tinman_core::rules::road::{DoubleMoveRoad, RoadGame};
use tinman_core::variant::VariantSpec;
use tinman_core::{variants, Bitboard, Kind, Move, MoveList, Picture, PieceType, Position, Square, Variant};

/// How long a protocol reply may take before the test gives up (a depth-4 search is instant).
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);

const PIECES: &[PieceType] = &[
    PieceType::pawn("pawn", "fmWfceFifmnD", 100),
    PieceType::new("knight", 'N', "N", 300, Picture::Knight),
    PieceType::new("bishop", 'B', "B", 330, Picture::Bishop),
    PieceType::new("rook", 'R', "R", 500, Picture::Rook),
    PieceType::new("queen", 'Q', "Q", 950, Picture::Queen),
    PieceType::royal("king", 'K', "K", Picture::King),
    PieceType::new("archbishop", 'A', "BN", 750, Picture::Archbishop),
];
const QUEEN: Kind = Kind(4);
const KING: Kind = Kind(5);
const DEFAULT_ROAD: &str = "d5,e6,f6,g5";

fn rank(r: u8) -> Bitboard {
    (0..10).filter_map(|f| Square::from_coords(f, r)).collect()
}

/// The definition: board, pieces, setup, promotion.
fn spec() -> VariantSpec {
    VariantSpec {
        name: "decima",
        title: "A sixth game",
        width: 10,
        height: 10,
        holes: Vec::new(),
        pieces: PIECES,
        start_fen: "rnbakqabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAKQABNR w - - 0 1",
        promotion_zone: [rank(9), rank(0)],
        promotion_letters: &['Q', 'A', 'R', 'B', 'N'],
        initial_zone: [rank(1), rank(8)],
        castlings: Vec::new(),
        en_passant_names_landing: false,
        insufficient_material: |pos| pos.occupied().count() == 2,
        known_to_guis: false,
        bench_fens: &["startpos"],
    }
}

/// The game with its road rules, registered once for the whole test binary.
fn decima() -> &'static Variant {
    static GAME: OnceLock<&'static Variant> = OnceLock::new();
    GAME.get_or_init(|| {
        static RULES: OnceLock<RoadGame> = OnceLock::new();
        let mut v = Variant::new(spec());
        v.rules =
            Some(RULES.get_or_init(|| {
                RoadGame::new(DoubleMoveRoad { line_mover: QUEEN, royal: KING }, DEFAULT_ROAD)
            }));
        variants::register(v).expect("decima is a new name")
    })
}

fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
    moves.sort();
    moves
}

fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    let mut nodes = 0;
    for &m in moves.iter() {
        pos.make(m);
        nodes += perft(pos, depth - 1);
        pos.unmake();
    }
    nodes
}

/// Perft by a different route: pseudo-legal moves, kept when no reply captures the King.
fn perft_by_king_capture(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut pseudo = MoveList::new();
    pos.generate_pseudo_legal(&mut pseudo);
    let mover = pos.side_to_move();
    let mut nodes = 0;
    for &m in pseudo.iter() {
        pos.make(m);
        let king = pos.king(mover).expect("a King");
        let mut replies = MoveList::new();
        pos.generate_pseudo_legal(&mut replies);
        if !replies.iter().any(|r: &Move| r.to() == king) {
            nodes += perft_by_king_capture(pos, depth - 1);
        }
        pos.unmake();
    }
    nodes
}

#[test]
fn the_registry_knows_it_and_refuses_a_second_game_of_that_name() {
    let v = decima();
    assert!(variants::names().contains(&"decima"));
    assert!(std::ptr::eq(variants::by_name("decima").unwrap(), v));
    let again = Variant::new(spec());
    assert_eq!(variants::register(again).err(), Some(variants::RegisterError::NameTaken("decima")));
}

#[test]
fn perft_from_the_start_and_on_the_road() {
    let v = decima();
    let mut pos = Position::start(v);
    // Ten pawns with one or two steps, two Knights and two Archbishops (by their Knight
    // leaps) with two squares each; the diagonals are closed.
    let mut expected: Vec<String> = "abcdefghij"
        .chars()
        .flat_map(|f| [format!("{f}2{f}3"), format!("{f}2{f}4")])
        .chain(["b1a3", "b1c3", "i1h3", "i1j3", "d1c3", "d1e3", "g1f3", "g1h3"].map(String::from))
        .collect();
    expected.sort();
    assert_eq!(sorted_moves(&pos), expected);
    // No move of either side can touch the other's at depth 2.
    assert_eq!(perft(&mut pos, 2), 28 * 28);
    assert_eq!(perft(&mut pos, 3), perft_by_king_capture(&mut pos, 3));
    assert_eq!(tinman_search::perft::run(&pos, 3, 2).nodes, perft(&mut pos, 3));

    // On the road: the Archbishop on d5 moves only by double moves over the pawn on e6 (its
    // Bishop step onto the Tornado, then any Archbishop move from there, d5 counting as
    // empty): d5-d4 by the Knight leap e6-d4, but not d5-b4, a Knight leap from d5 only.
    let fen = "4k5/10/10/10/4p5/3A6/10/10/10/4K5 w - - 0 1 road:d5,e6";
    let mut road = Position::from_fen(v, fen).unwrap();
    let moves = sorted_moves(&road);
    assert!(moves.iter().all(|m| m.starts_with("e1") || m.starts_with("d5")), "{moves:?}");
    assert!(moves.contains(&"d5d4".to_string()) && !moves.contains(&"d5b4".to_string()), "{moves:?}");
    assert_eq!(perft(&mut road, 3), perft_by_king_capture(&mut road, 3));
    assert_eq!(road.to_fen(), fen);
}

/// Runs `tinman ARGS` in this process and returns its output and exit status.
fn tinman(args: &[&str]) -> (String, i32) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = cli::run_with(&args, &mut out, &mut err);
    (String::from_utf8(out).unwrap() + &String::from_utf8(err).unwrap(), status)
}

#[test]
fn the_command_line_tools_play_it() {
    decima();
    let (out, status) = tinman(&["perft", "--variant", "decima", "--depth", "2"]);
    assert_eq!(status, 0, "{out}");
    assert!(out.starts_with("nodes 784 "), "{out}");
    let (out, status) = tinman(&["moves", "--variant", "decima", "--moves", "e2e4 f9f7"]);
    assert_eq!(status, 0, "{out}");
    assert!(out.lines().any(|l| l == "d1j7"), "the Archbishop's diagonal opened: {out}");
    let (out, status) = tinman(&["go", "--variant", "decima", "--depth", "4"]);
    assert_eq!(status, 0, "{out}");
    let best = out.lines().last().unwrap().strip_prefix("bestmove ").expect("a bestmove line");
    assert!(sorted_moves(&Position::start(decima())).contains(&best.to_string()), "{out}");
}

/// A protocol session on its own thread, fed line by line, its output read line by line.
struct Session {
    commands: Sender<String>,
    lines: Receiver<String>,
}

/// Input for [`serve`] from a channel of lines.
struct ChannelInput(Receiver<String>, Vec<u8>);

impl Read for ChannelInput {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.1.is_empty() {
            match self.0.recv() {
                Ok(line) => self.1 = format!("{line}\n").into_bytes(),
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.1.len());
        buf[..n].copy_from_slice(&self.1[..n]);
        self.1.drain(..n);
        Ok(n)
    }
}

/// Output for [`serve`] into a channel of lines.
struct ChannelOutput(Sender<String>, Vec<u8>);

impl Write for ChannelOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.1.extend_from_slice(buf);
        while let Some(end) = self.1.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.1.drain(..=end).collect();
            let _ = self.0.send(String::from_utf8_lossy(&line).trim_end().to_string());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Session {
    fn start() -> Session {
        let (commands, inbox) = channel();
        let (outbox, lines) = channel();
        std::thread::spawn(move || {
            let input: Box<dyn BufRead + Send> = Box::new(BufReader::new(ChannelInput(inbox, Vec::new())));
            serve(input, Output::new(ChannelOutput(outbox, Vec::new())));
        });
        Session { commands, lines }
    }

    fn send(&self, line: &str) {
        self.commands.send(line.to_string()).expect("the session is running");
    }

    /// Lines up to and including the first that satisfies `done`.
    fn until(&self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + REPLY_TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let last = done(&line);
                    seen.push(line);
                    if last {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no expected line in time; got {seen:#?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the session ended; got {seen:#?}"),
            }
        }
    }
}

#[test]
fn uci_plays_it() {
    decima();
    let s = Session::start();
    s.send("uci");
    let hello = s.until(|l| l == "uciok");
    let variant = hello.iter().find(|l| l.contains("name UCI_Variant")).expect("the UCI_Variant option");
    assert!(variant.split_whitespace().any(|w| w == "decima"), "{variant}");
    s.send("setoption name UCI_Variant value decima");
    s.send("position startpos moves e2e4 f9f7");
    s.send("go depth 5");
    let lines = s.until(|l| l.starts_with("bestmove "));
    assert!(lines.iter().any(|l| l.starts_with("info depth 5 ")), "{lines:#?}");
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    let mut pos = Position::start(decima());
    for m in ["e2e4", "f9f7"] {
        let m = pos.parse_move(m).unwrap();
        pos.make(m);
    }
    assert!(sorted_moves(&pos).contains(&best), "{best}");
    // A bad move in the list is refused in UCI's own form, and the session goes on.
    s.send("position startpos moves e2e5");
    s.send("isready");
    let reply = s.until(|l| l == "readyok");
    assert!(reply.iter().any(|l| l.starts_with("info string error")), "{reply:#?}");
    s.send("quit");
}

#[test]
fn xboard_plays_it() {
    decima();
    let s = Session::start();
    s.send("xboard");
    s.send("protover 2");
    let features = s.until(|l| l == "feature done=1");
    let variants = features.iter().find(|l| l.contains("variants=")).expect("feature variants=");
    assert!(variants.contains(",decima\""), "{variants}");
    s.send("new");
    s.send("variant decima");
    s.send("ping 1");
    let setup = s.until(|l| l == "pong 1");
    // The pictures (Archbishop in XBoard's Archbishop slot), the board size and the start.
    assert!(
        setup.iter().any(|l| l.starts_with("setup (PNBRQ..A")
            && l.contains(") 10x10+0_fairy rnbakqabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAKQABNR w")),
        "{setup:#?}"
    );
    assert!(setup.iter().any(|l| l == "piece A& BN"), "{setup:#?}");
    s.send("force");
    s.send("usermove e2e4");
    s.send("usermove e9e10");
    s.send("sd 4");
    s.send("go");
    let reply = s.until(|l| l.starts_with("move "));
    assert!(reply.iter().any(|l| l.starts_with("Illegal move")), "e9e10 is refused: {reply:#?}");
    let best = reply.last().unwrap().strip_prefix("move ").unwrap().to_string();
    let mut pos = Position::start(decima());
    let m = pos.parse_move("e2e4").unwrap();
    pos.make(m);
    assert!(sorted_moves(&pos).contains(&best), "{best}");
    s.send("quit");
}
