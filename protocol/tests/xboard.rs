//! Scripted XBoard (CECP protover 2) dialogues with the `tinman` binary, for every game.

mod common;
use common::Engine;
use std::time::{Duration, Instant};
use tinman_core::{variants, Position};

/// An engine after the protover 2 handshake.
fn xboard() -> Engine {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.until("feature done=1");
    e
}

/// Sends `ping n` and returns the lines before `pong n`.
fn sync(e: &mut Engine, n: u32) -> Vec<String> {
    e.send(&format!("ping {n}"));
    let mut lines = e.until(&format!("pong {n}"));
    lines.pop();
    lines
}

/// Switches to `game` and returns the `setup` and `piece` lines.
fn set_variant(e: &mut Engine, game: &str) -> Vec<String> {
    e.send(&format!("variant {game}"));
    sync(e, 98)
}

/// Plays `moves` in force mode and returns the engine's lines after the last one.
fn force_moves(e: &mut Engine, moves: &[&str]) -> Vec<String> {
    e.send("force");
    for m in moves {
        e.send(&format!("usermove {m}"));
    }
    sync(e, 99)
}

#[test]
fn handshake_announces_features_games_and_options() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.until("feature done=1");
    assert_eq!(lines[0], "feature done=0");
    let features = &lines[1];
    for f in ["ping=1", "setboard=1", "usermove=1", "analyze=1", "san=0", "time=1", "memory=1", "smp=1"] {
        assert!(features.contains(f), "{f} in {features}");
    }
    assert!(features.contains(&format!("variants=\"{}\"", variants::NAMES.join(","))), "{features}");
    for option in [
        "Threads -spin",
        "Hash -spin",
        "MultiPV -spin",
        "Contempt -spin 0 -500 500",
        "Road -string c4,d5,e6,f5,g4",
        "Evaluation -combo full /// material /// hand",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("feature option=\"{option}"))), "{option}");
    }
    assert_eq!(sync(&mut e, 1), Vec::<String>::new());
    e.quit();
}

#[test]
fn every_game_sends_its_setup_and_pieces() {
    let expected = [
        ("wizardoz", "setup (PNBRQ............FKpnbrq............fk) 9x9+0_fairy rnfbbkqnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNQKBBFNR w KQkq - 0 1", 7),
        ("desertoasis", "setup (PN..OFX..WMV.........D..C.pn..ofx..wmv.........d..c.) 12x12+0_fairy cnfwmdomwfnc/vxwfvxxvfwxv/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/VXWFVXXVFWXV/CNFWMDOMWFNC w - - 0 1", 10),
        ("imawazir", "setup (P........W.p........w.) 8x8+0_fairy wwwwwwww/pppppppp/8/8/8/8/PPPPPPPP/WWWWWWWW w - - 0 1", 2),
        ("wedgie", "setup (PN..Q........BRKpn..q........brk) 9x12+0_fairy ****k****/***bqb***/**rnpnr**/*ppppppp*/9/9/9/9/*PPPPPPP*/**RNPNR**/***BQB***/****K**** w - - 0 1", 6),
    ];
    let mut e = xboard();
    for (n, (game, setup, pieces)) in expected.iter().enumerate() {
        e.send("new");
        e.send(&format!("variant {game}"));
        let lines = sync(&mut e, n as u32);
        assert_eq!(lines[0], *setup);
        assert_eq!(lines.len(), 1 + pieces, "{lines:?}");
        assert!(lines[1..].iter().all(|l| l.starts_with("piece ") && l.contains("& ")), "{lines:?}");
    }
    e.send("new");
    e.send("variant normal");
    assert_eq!(sync(&mut e, 9), Vec::<String>::new(), "standard chess needs no setup");
    e.send("variant wizardoz");
    let lines = sync(&mut e, 10);
    assert!(lines.contains(&"piece K& KisO2".to_string()), "{lines:?}");
    // The Falcon's three paths in XBetza's multi-leg form (H. G. Muller's notation).
    assert!(lines.contains(&"piece F& afsafKafafsKaflafrKafraflK".to_string()), "{lines:?}");
    e.quit();
}

#[test]
fn force_mode_games_end_with_each_games_result() {
    let cases: [(&str, Option<&str>, &[&str], &str); 9] = [
        ("normal", None, &["f2f3", "e7e5", "g2g4", "d8h4"], "0-1 {Black mates}"),
        (
            "normal",
            None,
            &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"],
            "1/2-1/2 {Threefold repetition}",
        ),
        ("normal", Some("6k1/8/8/8/8/8/8/K6R w - - 99 80"), &["h1h2"], "1/2-1/2 {50-move rule}"),
        ("normal", Some("7k/8/6Q1/8/8/8/8/K7 w - - 0 1"), &["g6f7"], "1/2-1/2 {Stalemate}"),
        ("wizardoz", Some("7rk/7p1/9/9/3R5/9/3P5/9/K8 w - - 0 1"), &["d5i3"], "1-0 {White mates}"),
        (
            "desertoasis",
            Some("12/12/12/12/12/12/2n9/12/2n9/2W9/12/12 w - - 0 1"),
            &["c3c4,c4c5,c5c6,c6c7"],
            "1-0 {Black has no units left}",
        ),
        (
            "imawazir",
            Some("w7/8/8/8/3W4/8/8/7w b - - 0 1 d4=6"),
            &["a8d4,d4b8"],
            "0-1 {Black is the only player with Wazirs}",
        ),
        ("imawazir", Some("8/7p/8/8/8/p7/P7/8 b - - 0 1 -"), &["h7h6"], "0-1 {White has no legal move}"),
        (
            "wedgie",
            Some("****1****/***3***/**5**/*7*/k1K6/9/9/4R4/*7*/**5**/***3***/****1**** w - - 0 1"),
            &["e5a5"],
            "1-0 {White mates}",
        ),
    ];
    let mut e = xboard();
    for (game, fen, moves, result) in cases {
        e.send("new");
        set_variant(&mut e, game);
        if let Some(fen) = fen {
            e.send(&format!("setboard {fen}"));
        }
        let lines = force_moves(&mut e, moves);
        let claims: Vec<&String> = lines.iter().filter(|l| l.contains('{')).collect();
        assert_eq!(claims, [result], "{game} {moves:?}: {lines:?}");
    }
    e.quit();
}

#[test]
fn the_engine_moves_claims_mate_and_answers_ping_after_its_move() {
    let mut e = xboard();
    e.send("new");
    set_variant(&mut e, "wizardoz");
    e.send("setboard 7rk/7p1/9/9/3R5/9/3P5/9/K8 w - - 0 1");
    e.send("st 1");
    e.send("go");
    e.send("ping 5");
    let lines = e.until("pong 5");
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves, ["move d5i3"], "{lines:?}");
    let at = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix)).unwrap();
    assert!(at("move ") < at("1-0 {White mates}") && at("1-0") < at("pong 5"), "{lines:?}");
    let mate = lines.iter().find(|l| l.starts_with("1 ") || l.starts_with("2 ")).unwrap();
    assert!(mate.split(' ').nth(1) == Some("100001"), "XBoard's mate-in-1 score: {mate}");
    e.quit();
}

#[test]
fn go_in_a_finished_game_states_the_result() {
    let mut e = xboard();
    e.send("new");
    e.send("setboard 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go");
    assert_eq!(sync(&mut e, 1), ["1-0 {White mates}"]);
    e.quit();
}

#[test]
fn thinking_output_has_xboards_form_and_legal_moves_in_every_game() {
    let mut e = xboard();
    for game in variants::NAMES {
        e.send("new");
        set_variant(&mut e, game);
        e.send("post");
        e.send("sd 3");
        e.send("go");
        let lines = e.until("move ");
        let text = lines.last().unwrap().strip_prefix("move ").unwrap().to_string();
        let pos = Position::start(variants::by_name(game).unwrap());
        assert!(pos.parse_move(&text).is_ok(), "{game}: {text}");
        for line in &lines[..lines.len() - 1] {
            let (numbers, pv) = line.split_once('\t').expect("a tab before the PV");
            let numbers: Vec<&str> = numbers.split(' ').collect();
            assert_eq!(numbers.len(), 7, "{line}");
            assert!(numbers.iter().all(|n| n.parse::<i64>().is_ok()), "{line}");
            assert!(!pv.is_empty(), "{line}");
        }
        let deepest = lines.iter().rev().find(|l| l.contains('\t')).expect("thinking output");
        assert!(deepest.starts_with("3 "), "{game}: {lines:?}");
    }
    e.quit();
}

#[test]
fn multi_leg_moves_both_ways() {
    let mut e = xboard();
    set_variant(&mut e, "desertoasis");
    e.send("setboard 12/12/12/12/12/12/12/2w9/12/2w9/2W9/12 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    let lines = e.until("move ");
    assert_eq!(lines.last().unwrap(), "move c2c3,c3c4,c4c5,c5c6");
    assert_eq!(e.until("1-0"), ["1-0 {Black has no units left}"]);
    e.send("new");
    set_variant(&mut e, "desertoasis");
    e.send("setboard 12/12/12/12/12/12/12/12/2n9/2W9/12/1n10 w - - 0 1");
    e.send("force");
    e.send("usermove c3c4,c4c6");
    e.send("usermove c3c5");
    e.send("usermove c3c4,c4c5");
    assert_eq!(sync(&mut e, 1), ["Illegal move: c3c4,c4c6", "Illegal move: c3c5"]);
    e.quit();
}

#[test]
fn lifted_pieces_show_their_moves_and_chains() {
    let mut e = xboard();
    set_variant(&mut e, "desertoasis");
    e.send("setboard 12/12/12/12/12/12/12/12/2n9/2W9/12/1n10 w - - 0 1");
    e.send("lift c3");
    e.send("put c4");
    let lines = sync(&mut e, 1);
    assert_eq!(
        lines,
        [
            "highlight 12/12/12/12/12/12/12/12/2C9/1Y1Y8/2Y9/12",
            "highlight 12/12/12/12/12/12/12/2Y9/12/12/12/12",
        ]
    );
    e.send("new");
    e.send("setboard 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    e.send("lift b7");
    assert_eq!(sync(&mut e, 2), ["highlight 1M6/8/8/8/8/8/8/8"]);
    e.quit();
}

#[test]
fn analyze_follows_moves_undo_and_setboard() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("analyze");
    let first = e.until("1 ");
    assert!(first.last().unwrap().contains('\t'));
    e.send("usermove e2e4");
    // After e2e4 the PV is Black's: it starts with a move from ranks 7 or 8.
    let black = wait_for_pv(&mut e, |mv| mv.as_bytes()[1] >= b'7');
    assert!(!black.is_empty());
    e.send("undo");
    let white = wait_for_pv(&mut e, |mv| mv.as_bytes()[1] <= b'2');
    assert!(!white.is_empty());
    e.send("setboard 6k1/8/8/8/8/8/8/K6R w - - 0 1");
    let rook = wait_for_pv(&mut e, |mv| mv.starts_with("h1") || mv.starts_with("a1"));
    assert!(!rook.is_empty());
    e.send(".");
    let stat = e.until("stat01:");
    let fields: Vec<&str> = stat.last().unwrap().split(' ').collect();
    assert!(fields.len() >= 6 && fields[5] == "16", "{fields:?}");
    e.send("exit");
    e.send("ping 3");
    let rest = e.until("pong 3");
    assert!(rest.iter().all(|l| !l.starts_with("move ")), "analysis never moves: {rest:?}");
    e.quit();
}

/// Reads thinking lines until one's PV starts with a move `wanted` accepts.
fn wait_for_pv(e: &mut Engine, wanted: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        let line = e.until("");
        let line = line.last().unwrap();
        if let Some((_, pv)) = line.split_once('\t') {
            let mv = pv.split(' ').next().unwrap_or("");
            if wanted(mv) {
                return mv.to_string();
            }
        }
    }
    panic!("no such PV");
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    assert_eq!(force_moves(&mut e, &["e2e4", "e7e5"]), Vec::<String>::new());
    e.send("remove");
    e.send("usermove e2e4");
    e.send("undo");
    e.send("usermove d2d4");
    e.send("undo");
    e.send("undo");
    assert_eq!(sync(&mut e, 1), ["Error (command not legal now): undo"]);
    e.quit();
}

#[test]
fn bad_input_gets_errors_and_the_engine_keeps_its_position() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    for (command, reply) in [
        ("usermove e2e5", "Illegal move: e2e5"),
        ("usermove zz9", "Illegal move: zz9"),
        ("frobnicate", "Error (unknown command; type 'help'): frobnicate"),
        ("level 40 x 0", "Error (bad minutes 'x'): level 40 x 0"),
        ("sd deep", "Error (depth must be a whole number from 1 to 127, not 'deep'): sd deep"),
        ("sd 0", "Error (depth must be a whole number from 1 to 127, not '0'): sd 0"),
        ("st 0", "Error (st 0: movetime (ms) must be a whole number from 1 to 86400000, not '0'): st 0"),
        (
            "variant nosuch",
            "Error (unknown variant 'nosuch' (known: normal, wizardoz, desertoasis, imawazir, wedgie)): variant nosuch",
        ),
        (
            "option Road=z9,a1",
            "Error (Road: road: 'road:z9,a1': not a square of the board): option Road=z9,a1",
        ),
        ("option Nonsense=1", "Error (unknown option): option Nonsense=1"),
        ("option Contempt=-501", "Error (Contempt must be a whole number from -500 to 500, not '-501'): option Contempt=-501"),
        ("memory 0", "Error (Hash (MB) must be a whole number from 1 to 4096, not '0'): memory 0"),
        ("cores 0", "Error (cores must be a whole number from 1 to 18446744073709551615, not '0'): cores 0"),
        ("lift q77", "Error (bad square): lift q77"),
    ] {
        e.send(command);
        assert_eq!(sync(&mut e, 1), [reply], "{command}");
    }
    e.send("setboard 8/8/8 w - - 0 1");
    e.send("usermove e2e4");
    e.send("go");
    let lines = sync(&mut e, 2);
    assert!(lines[0].starts_with("tellusererror Illegal position: "), "{lines:?}");
    assert_eq!(lines[1..], ["Illegal move (no valid position): e2e4", "Error (command not legal now): go"]);
    // The old position is still there once a valid one is set again.
    e.send("new");
    e.send("force");
    assert_eq!(force_moves(&mut e, &["e2e4"]), Vec::<String>::new());
    e.quit();
}

#[test]
fn move_now_pondering_and_options() {
    let mut e = xboard();
    e.send("new");
    e.send("memory 32");
    e.send("cores 64");
    e.send("option Threads=1");
    e.send("option MultiPV=2");
    e.send("option Clear Hash");
    e.send("option Road=c4,d5,e6,f5,g4");
    e.send("option Evaluation=material");
    e.send("option Evaluation=hand");
    e.send("option Evaluation=full");
    assert_eq!(sync(&mut e, 1), Vec::<String>::new());
    e.send("option Evaluation=clever");
    assert_eq!(
        sync(&mut e, 4),
        ["Error (Evaluation must be full, material or hand, not 'clever'): option Evaluation=clever"]
    );
    e.send("st 60");
    e.send("go");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    e.send("?");
    let lines = e.until("move ");
    assert!(asked.elapsed() < Duration::from_secs(5), "{:?}", asked.elapsed());
    let first = lines.last().unwrap().strip_prefix("move ").unwrap().to_string();
    // Pondering: the engine thinks on the opponent's time and still answers ping at once.
    e.send("hard");
    e.send("st 1");
    let mut pos = Position::start(variants::by_name("normal").unwrap());
    pos.make(pos.parse_move(&first).unwrap());
    let reply = pos.legal_moves().as_slice()[0];
    e.send(&format!("usermove {}", pos.move_text(reply)));
    let lines = e.until("move ");
    pos.make(reply);
    let second = lines.last().unwrap().strip_prefix("move ").unwrap();
    assert!(pos.parse_move(second).is_ok(), "{second}");
    e.send("ping 2");
    e.until("pong 2");
    e.send("easy");
    e.send("hint");
    let rest = sync(&mut e, 3);
    assert!(rest.iter().all(|l| l.contains('\t')), "only the ponder search's thinking: {rest:?}");
    e.quit();
}

#[test]
fn the_road_option_changes_the_wizardoz_road() {
    let mut e = xboard();
    e.send("option Road=c3,d4,e4,e5,f6");
    e.send("new");
    set_variant(&mut e, "wizardoz");
    e.send("force");
    // On this road e2e4 lands on the road, so the pawn then moves only by double moves.
    assert_eq!(force_moves(&mut e, &["e2e4", "e8e6"]), Vec::<String>::new());
    e.send("usermove e4e5");
    assert_eq!(sync(&mut e, 2), ["Illegal move: e4e5"]);
    e.quit();
}

#[test]
fn excluded_moves_are_not_analysed() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("exclude all");
    e.send("include g1h3");
    e.send("analyze");
    let mv = wait_for_pv(&mut e, |_| true);
    assert_eq!(mv, "g1h3");
    e.send("exit");
    e.quit();
}

/// Thousands of random commands (known words with random arguments, half-valid moves and
/// FENs, garbage): the engine must answer `ping` at the end and never die.
#[test]
fn random_command_storm_never_kills_the_engine() {
    let words = [
        "new",
        "variant",
        "setboard",
        "usermove",
        "force",
        "go",
        "playother",
        "white",
        "black",
        "level",
        "st",
        "sd",
        "nps",
        "time",
        "otim",
        "?",
        "draw",
        "result",
        "undo",
        "remove",
        "hard",
        "easy",
        "post",
        "nopost",
        "analyze",
        "exit",
        ".",
        "memory",
        "cores",
        "option",
        "exclude",
        "include",
        "lift",
        "put",
        "hint",
        "bk",
        "ping",
        "edit",
        "protover",
        "xyzzy",
        "",
    ];
    let args = [
        "",
        "0",
        "-1",
        "99999999999999999999",
        "1.5",
        "2:30",
        "40 5 0",
        "0 0 0",
        "a",
        "e2e4",
        "e2e4,e4e5",
        "c3c4,c4c5",
        "h1h2",
        "a1",
        "z99",
        "wizardoz",
        "desertoasis",
        "imawazir",
        "wedgie",
        "normal",
        "nosuch",
        "8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "****k****/9 w",
        "all",
        "Hash=1",
        "Threads=0",
        "Road=",
        "MultiPV=300",
        "Evaluation=material",
        "1-0 {x}",
        "\u{e9}\u{1f600}",
        "12/12 w - - 0 1 extra fields here",
    ];
    let mut e = xboard();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for i in 0..3000 {
        let word = words[next(words.len())];
        let arg = args[next(args.len())];
        // Keep the engine from thinking long: a fixed small depth before every `go`.
        if word == "go" || word == "analyze" {
            e.send("sd 2");
        }
        if word == "ping" {
            // A move search may have a long clock: `?` makes the engine move first.
            e.send("?");
            e.send(&format!("ping {i}"));
            e.until(&format!("pong {i}"));
            continue;
        }
        e.send(&format!("{word} {arg}"));
        if i % 100 == 0 {
            e.send("exit");
            e.send("force");
        }
    }
    e.send("exit");
    e.send("?");
    e.send("force");
    e.send("ping 123456");
    e.until("pong 123456");
    e.quit();
}
