//! The real program: Debian's XBoard 4.9.1 under a virtual X server runs Tinman against
//! itself in every game, and its own debug log and PGN must show a game that ran and ended
//! without an illegal move, a forfeit or a protocol error; and from set positions, that
//! XBoard shows jump chains and vanishing Wazirs and accepts each game's result claims.
//! `tests/run.sh` installs `xboard` and `xvfb` when they are missing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const XBOARD: &str = "/usr/games/xboard";
/// Full moves after which XBoard adjudicates the game a draw ("long game").
const MOVES: usize = 12;
/// Wall-clock limit of one XBoard run.
const RUN_LIMIT: Duration = Duration::from_secs(180);

/// Runs one engine-vs-engine game, from `start` if given (a position file in standard chess;
/// in the other games the first engine goes through tests/xboard/start_position_proxy.py,
/// which makes XBoard start there); returns (debug log, PGN).
fn xboard_game(game: &str, start: Option<&str>, dir: &Path) -> (String, String) {
    assert!(Path::new(XBOARD).exists(), "{XBOARD} is missing: apt-get install xboard xvfb");
    std::fs::create_dir_all(dir).unwrap();
    let engine = env!("CARGO_BIN_EXE_tinman");
    let proxy = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/xboard/start_position_proxy.py");
    let (debug, pgn) = (dir.join("debug.txt"), dir.join("game.pgn"));
    let mut args: Vec<String> = vec!["-a".into(), XBOARD.into()];
    for (flag, value) in [
        ("-fcp", if start.is_some() && game != "normal" { proxy } else { engine }),
        ("-scp", engine),
        ("-variant", game),
        ("-tc", "0:06"),
        ("-inc", "0.05"),
        ("-mg", "1"),
        ("-testLegality", if game == "normal" { "true" } else { "false" }),
        ("-adjudicateDrawMoves", &MOVES.to_string()),
        ("-nameOfDebugFile", debug.to_str().unwrap()),
        ("-saveGameFile", pgn.to_str().unwrap()),
        ("-popupExitMessage", "false"),
        ("-soundProgram", ""),
    ] {
        args.push(flag.into());
        args.push(value.into());
    }
    args.extend(["-debug", "-mm", "-xponder"].map(String::from));
    if let (Some(fen), "normal") = (start, game) {
        let file = dir.join("start.fen");
        std::fs::write(&file, fen).unwrap();
        args.extend(["-loadPositionFile".to_string(), file.to_str().unwrap().to_string()]);
    }
    let mut child = Command::new("xvfb-run")
        .args(&args)
        .env("TINMAN", engine)
        .env("START_FEN", start.unwrap_or(""))
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("xvfb-run starts (apt-get install xvfb)");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            panic!("{game}: XBoard did not finish in {RUN_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let read = |p: &PathBuf| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    (read(&debug), read(&pgn))
}

/// XBoard's log must hold no complaint about either engine.
fn assert_clean(game: &str, debug: &str, dir: &Path) {
    for bad in ["Illegal move", "Error (", "Forfeit", "False", "illegal", "xboard exit"] {
        let hit = debug.lines().find(|l| l.contains(bad));
        assert!(hit.is_none(), "{game}: '{}' in XBoard's log {dir:?}", hit.unwrap_or_default());
    }
}

/// From `start` the first engine's move ends the game: XBoard must show `shown` as the move
/// and record the engine's `claim`.
fn check_finish(game: &str, start: &str, sent: &str, shown: &str, claim: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("xboard-{game}-finish"));
    let (debug, pgn) = xboard_game(game, Some(start), &dir);
    assert!(debug.contains(&format!("<first : move {sent}\n")), "{game}: no 'move {sent}' in {dir:?}");
    assert!(pgn.contains(&format!("1. {shown} ")), "{game}: {pgn}");
    assert!(pgn.contains(&format!("{{{claim}}} 1-0")), "{game}: {pgn}");
    assert_clean(game, &debug, &dir);
}

fn check_game(game: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("xboard-{game}"));
    let (debug, pgn) = xboard_game(game, None, &dir);
    let moves = |who: &str| debug.lines().filter(|l| l.contains(&format!("<{who}: move "))).count();
    let (first, second) = (moves("first "), moves("second"));
    assert_clean(game, &debug, &dir);
    if game != "normal" {
        assert!(debug.contains(&format!("variant {game}")) && debug.contains("<first : setup ("), "{game}");
    }
    assert!(pgn.contains("[Result \""), "{game}: no finished game in the PGN: {pgn}");
    // Self-play from the start position may repeat before XBoard's limit (both sides see the
    // same 0.00): a true threefold claim is a correct end; anything else must be the limit.
    if pgn.contains("{Draw claim: 3-fold repetition} 1/2-1/2") {
        assert!(first + second >= 8, "{game}: a repetition claimed after {first} and {second} moves");
        assert_threefold(game, &pgn);
    } else {
        assert!(first >= MOVES && second >= MOVES - 1, "{game}: {first} and {second} moves; see {dir:?}");
        assert!(pgn.contains("{Xboard adjudication: long game} 1/2-1/2"), "{game}: {pgn}");
    }
}

/// The moves of a PGN game as XBoard writes them (headers, comments, numbers and the result
/// left out).
fn pgn_moves(pgn: &str) -> Vec<String> {
    let text: String = pgn.lines().filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join(" ");
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let is_number = |t: &str| t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit());
    let results = ["1-0", "0-1", "1/2-1/2", "*"];
    plain.split_whitespace().filter(|t| !is_number(t) && !results.contains(t)).map(String::from).collect()
}

/// The game's last position must have stood on the board three times (the engine's own
/// `tinman fen` replays the moves; the clocks are left out of the comparison).
fn assert_threefold(game: &str, pgn: &str) {
    let moves = pgn_moves(pgn);
    let key = |plies: usize| {
        let out = Command::new(env!("CARGO_BIN_EXE_tinman"))
            .args(["fen", "--variant", game, "--moves", &moves[..plies].join(" ")])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{game}: {} replaying {:?}",
            String::from_utf8_lossy(&out.stderr),
            &moves[..plies]
        );
        let fen = String::from_utf8(out.stdout).unwrap();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        [&fields[..4], &fields[6..]].concat().join(" ")
    };
    let last = key(moves.len());
    let seen = (0..=moves.len()).filter(|&plies| key(plies) == last).count();
    assert!(seen >= 3, "{game}: the claimed repetition stood {seen} times: {pgn}");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_normal() {
    check_game("normal");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_wizardoz() {
    check_game("wizardoz");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_desertoasis() {
    check_game("desertoasis");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_imawazir() {
    check_game("imawazir");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_wedgie() {
    check_game("wedgie");
}

#[test]
#[ignore = "starts XBoard under Xvfb: run with --include-ignored"]
fn xboard_shows_chains_vanishing_wazirs_and_accepts_result_claims() {
    // With legality testing on, XBoard sees the mate itself before the engine's claim.
    check_finish(
        "normal",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "a1a8",
        "Ra8#",
        "Xboard adjudication: Checkmate",
    );
    check_finish("wizardoz", "7rk/7p1/9/9/3R5/9/3P5/9/K8 w - - 0 1", "d5i3", "Ri3#", "White mates");
    check_finish(
        "wedgie",
        "****1****/***3***/**5**/*7*/k1K6/9/9/4R4/*7*/**5**/***3***/****1**** w - - 0 1",
        "e5a5",
        "Ra5#",
        "White mates",
    );
    // One jump: two legs, which XBoard 4.9.1 shows (it mangles longer chains).
    check_finish(
        "desertoasis",
        "12/12/12/12/12/12/12/12/2n9/2W9/12/12 w - - 0 1",
        "c3c4,c4c5",
        "Wxc4-c5",
        "Black has no units left",
    );
    // The Wazir on d5 vanishes at the end of White's move: an extra leg through d5.
    check_finish(
        "imawazir",
        "8/8/8/3w4/8/8/8/W6W w - - 0 1 d5=6",
        "h1d5,d5h2",
        "Wh1xd5-h2",
        "White is the only player with Wazirs",
    );
}

/// The PGN XBoard saved when CI's self-play game ended by repetition on move 12 (2026-12-03).
const REPEATED: &str = r#"[Event "Computer Chess Game"]
[Result "1/2-1/2"]

1. Nf3 {+0.07/12} Nf6 {-0.09/12 0.5} 2. h3 {+0.05/11 0.2} Nc6
{-0.05/12 0.2} 3. Nc3 {+0.02/11 0.2} d5 {-0.11/12 0.2} 4. d4 {+0.06/11 0.2}
h6 {-0.12/12 0.2} 5. a3 {+0.09/12 0.4} Be6 {-0.16/12 0.4} 6. Qd3
{+0.17/11 0.1} a6 {+0.08/10 0.3} 7. g4 {+0.00/11 0.3} Qd6 {-0.01/11 0.3} 8.
Bg2 {+0.11/10 0.3} g6 {+0.04/10 0.2} 9. Qe3 {+0.00/10 0.3} Nd7
{+0.00/11 0.2} 10. Qd3 {+0.00/10 0.2} Nf6 {+0.00/11 0.2} 11. Qe3
{+0.00/13 0.1} Nd7 {+0.00/14 0.2} 12. Qd3 {+0.00/13 0.5} Nf6 {+0.00/13 0.3}
{Draw claim: 3-fold repetition} 1/2-1/2
"#;

#[test]
fn a_repetition_claim_is_checked_by_replaying_the_game() {
    let moves = pgn_moves(REPEATED);
    assert_eq!(moves.len(), 24);
    assert_eq!((moves[0].as_str(), moves[23].as_str()), ("Nf3", "Nf6"));
    assert_threefold("normal", REPEATED);
    // One move earlier the position had stood there only twice.
    let short = REPEATED.replace("Nf6 {+0.00/13 0.3}", "");
    let caught = std::panic::catch_unwind(|| assert_threefold("normal", &short));
    assert!(caught.is_err(), "a position seen twice passed as a threefold repetition");
}
