//! The `tinman perft` and `tinman moves` command lines, run as a user would.

use std::process::{Command, Output};

fn tinman(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tinman")).args(args).output().expect("tinman runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

#[test]
fn perft_ends_with_the_summary_line() {
    let o = tinman(&["perft", "--variant", "normal", "--depth", "3"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let last: Vec<&str> = out.lines().last().unwrap().split(' ').collect();
    assert_eq!(out.lines().count(), 1);
    assert_eq!((last[0], last[1], last[2], last[4]), ("nodes", "8902", "time", "nps"));
    assert!(last[3].parse::<u64>().is_ok() && last[5].parse::<u64>().is_ok());
}

#[test]
fn divide_lists_every_root_move_sorted() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = tinman(&[
        "perft",
        "--variant",
        "normal",
        "--depth",
        "2",
        "--fen",
        kiwipete,
        "--divide",
        "--threads",
        "2",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 49);
    let moves: Vec<&str> = lines[..48].iter().map(|l| l.split(':').next().unwrap()).collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(lines.contains(&"e1g1: 43") && lines.contains(&"e1c1: 43"), "{out}");
    let sum: u64 = lines[..48].iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 2039);
    assert!(lines[48].starts_with("nodes 2039 time "));
}

#[test]
fn moves_prints_sorted_legal_moves() {
    let o = tinman(&["moves", "--variant", "normal", "--fen", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "e1d2\ne1f1\n");
    let o = tinman(&["moves", "--variant", "normal"]);
    assert_eq!(stdout(&o).lines().count(), 20);
}

#[test]
fn bad_input_gives_one_line_and_status_2() {
    for args in [
        vec!["perft", "--variant", "nosuch", "--depth", "1"],
        vec!["perft", "--variant", "normal", "--depth", "1", "--fen", "8/8/8 w - - 0 1"],
        vec![
            "moves",
            "--variant",
            "normal",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        ],
        vec!["perft", "--variant", "normal"],
        vec!["perft", "--depth", "x"],
        vec!["moves", "--bogus"],
    ] {
        let o = tinman(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.starts_with("tinman: "), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
        if !args.contains(&"--bogus") {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
    let err = String::from_utf8(tinman(&["moves", "--variant", "nosuch"]).stderr).unwrap();
    assert!(err.contains("unknown variant 'nosuch'"), "{err}");
    let err = String::from_utf8(tinman(&["moves", "--fen", "8/8/8 w - - 0 1"]).stderr).unwrap();
    assert!(err.contains("bad FEN: board:"), "{err}");
}

#[test]
fn fen_and_moves_option_play_moves_first() {
    let o = tinman(&["fen", "--variant", "normal", "--moves", "e2e4 c7c5 g1f3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n");
    // SAN as a PGN has it (move numbers stripped by the user), mixed with coordinates.
    let o = tinman(&["fen", "--variant", "normal", "--moves", "e4 c7c5 Nf3"]);
    assert_eq!(stdout(&o), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n");
    let o = tinman(&["fen", "--variant", "imawazir", "--moves", "d4 e5 dxe5 We7"]);
    assert_eq!(stdout(&o), "wwww1www/ppppwppp/8/4P3/8/8/PPP1PPPP/WWWWWWWW w - - 1 3 -\n");
    let o = tinman(&["perft", "--variant", "wedgie", "--depth", "1", "--moves", "c4e6"]);
    assert!(stdout(&o).starts_with("nodes 30 "), "{}", stdout(&o));
    let o = tinman(&["moves", "--variant", "normal", "--moves", "e2e4 e2e4"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err, "tinman: --moves: 'e2e4' is not a legal move here\n");
}

#[test]
fn go_prints_info_lines_and_a_best_move() {
    let o =
        tinman(&["go", "--variant", "normal", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--depth", "3"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("info depth 1 seldepth "), "{out}");
    assert!(lines[2].contains(" score mate 1 ") && lines[2].ends_with(" pv a1a8"), "{out}");
    assert_eq!(lines[3], "bestmove a1a8");
    let o = tinman(&["go", "--variant", "normal"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn bench_ends_with_its_signature() {
    let o = tinman(&["bench", "--depth", "2"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    let fields: Vec<&str> = last.split(' ').collect();
    assert_eq!((fields.len(), fields[0], fields[2], fields[4]), (5, "bench", "nodes", "nps"), "{last}");
    assert!(fields[1].parse::<u64>().unwrap() > 0 && fields[3].parse::<u64>().is_ok());
    assert_eq!(out.lines().count(), tinman_search::bench::positions().len() + 1);
    // The same signature every run; one game alone gives its six positions.
    let again = stdout(&tinman(&["bench", "--depth", "2"]));
    assert_eq!(again.lines().last().unwrap().split(' ').nth(1), Some(fields[1]));
    let wedgie = stdout(&tinman(&["bench", "--variant", "wedgie", "--depth", "2"]));
    assert_eq!(wedgie.lines().count(), 7);
    assert_eq!(tinman(&["bench", "--variant", "nosuch"]).status.code(), Some(2));
}

/// The limits follow the same rules as over UCI and XBoard: zero nodes or milliseconds, a
/// depth beyond the search's stack and more threads than cores are refused, each with its
/// range.
#[test]
fn limits_follow_the_protocols_rules() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (args, message) in [
        (
            vec!["go", "--nodes", "0"],
            format!("tinman: --nodes: nodes must be a whole number from 1 to {}, not '0'", u64::MAX),
        ),
        (
            vec!["go", "--movetime", "0"],
            "tinman: --movetime: movetime (ms) must be a whole number from 1 to 86400000, not '0'"
                .to_string(),
        ),
        (
            vec!["go", "--depth", "99999999999"],
            "tinman: --depth: depth must be a whole number from 1 to 127, not '99999999999'".to_string(),
        ),
        (
            vec!["go", "--depth", "3", "--threads", "1000"],
            format!("tinman: --threads: Threads must be a whole number from 1 to {cores}, not '1000'"),
        ),
        (
            vec!["perft", "--depth", "3", "--threads", "1000"],
            format!("tinman: --threads: Threads must be a whole number from 1 to {cores}, not '1000'"),
        ),
        (
            vec!["go", "--depth", "3", "--multipv", "0"],
            "tinman: --multipv: MultiPV must be a whole number from 1 to 256, not '0'".to_string(),
        ),
    ] {
        let o = tinman(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8(o.stderr).unwrap().trim_end(), message, "{args:?}");
    }
}

/// `go` prints each iteration as it is found: the first line arrives while the search goes on.
#[test]
fn go_streams_its_iterations() {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tinman"))
        .args(["go", "--variant", "normal", "--movetime", "60000"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("tinman runs");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("info depth 1 "), "{first}");
    assert!(child.try_wait().unwrap().is_none(), "still searching after its first line");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn go_with_multipv_prints_sets_of_lines() {
    let o = tinman(&["go", "--variant", "normal", "--depth", "4", "--multipv", "3"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let depth4: Vec<&str> = out.lines().filter(|l| l.starts_with("info depth 4 ")).collect();
    assert_eq!(depth4.len(), 3, "{out}");
    for (i, line) in depth4.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} ", i + 1)), "{line}");
    }
}

/// At the bare protocol prompt, `help` (or anything neither protocol starts with) says what
/// the engine waits for, and the engine goes on waiting.
#[test]
fn help_at_the_protocol_prompt() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tinman"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("tinman runs");
    child.stdin.take().unwrap().write_all(b"help\nhello there\nuci\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("Tinman is waiting for a chess GUI").count(), 2, "{text}");
    assert!(text.contains("tinman perft|moves|fen|go|bench|match"), "{text}");
    assert!(text.contains("uciok"), "after the help it still speaks UCI: {text}");
}

#[test]
fn eval_lists_the_terms_and_ends_with_the_search_score() {
    let o = tinman(&["eval", "--variant", "normal", "--fen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("term (centipawns)"), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("material.Q")), "{out}");
    let last = lines.last().unwrap();
    assert!(last.starts_with("evaluation for the side to move (White): +"), "{out}");
    // The same score as a depth-1 search's static evaluation would start from.
    let score: i32 = last.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(score > 800, "{out}");
    let o = tinman(&["eval", "--variant", "normal", "--moves", "e2e5"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
}
