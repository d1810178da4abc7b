//! Scripted UCI dialogues with the `tinman` binary, for every game.

use std::time::Duration;
use tinman_core::{variants, Position};

mod common;
use common::Engine;

#[test]
fn handshake_lists_every_game() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name Tinman"));
    for option in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Clear Hash",
        "Move Overhead",
        "Contempt",
        "UCI_AnalyseMode",
        "Road",
        "Evaluation",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {option} type "))), "{option}");
    }
    let variant = lines.iter().find(|l| l.starts_with("option name UCI_Variant")).unwrap();
    for name in variants::NAMES {
        assert!(variant.contains(&format!("var {name}")), "{variant}");
    }
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.quit();
}

#[test]
fn every_game_answers_go_with_a_legal_move() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    for name in variants::NAMES {
        e.send(&format!("setoption name UCI_Variant value {name}"));
        e.send("ucinewgame");
        e.send("position startpos");
        e.send("go depth 3");
        let lines = e.until("bestmove");
        assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{name}: {lines:?}");
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
        let pos = Position::start(variants::by_name(name).unwrap());
        assert!(pos.parse_move(&best).is_ok(), "{name}: {best}");
    }
    e.quit();
}

#[test]
fn positions_with_moves_extra_fields_and_chains() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value desertoasis");
    // White's Desert Wazir can take both black units with one chain: the win.
    e.send("position fen 12/12/12/12/12/12/2n9/12/2n9/2W9/12/12 w - - 0 1");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove c3c4,c4c5,c5c6,c6c7");
    e.send("setoption name UCI_Variant value imawazir");
    e.send("position fen 7w/8/8/8/8/2W5/8/W7 w - - 0 1 c3=4 moves c3d3 h8h7");
    e.send("go depth 1");
    e.until("bestmove");
    e.send("setoption name UCI_Variant value chess");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 2");
    e.until("bestmove");
    e.quit();
}

#[test]
fn no_legal_move_answers_0000() {
    let mut e = Engine::start();
    e.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    e.send("go depth 3");
    assert_eq!(e.until("bestmove").last().unwrap(), "bestmove 0000");
    e.quit();
}

#[test]
fn bad_input_gets_info_string_errors_and_the_engine_goes_on() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    for (command, error) in [
        ("foo", "info string error: unknown command 'foo' (type 'help')"),
        (
            "position fen 8/8/8 w - - 0 1",
            "info string error: bad FEN: board: normal is played on 8x8, the FEN has 8x3",
        ),
        ("position startpos moves e2e5", "info string error: illegal move 'e2e5'"),
        ("setoption name UCI_Variant value nosuch", "info string error: unknown variant 'nosuch' (known: normal, wizardoz, desertoasis, imawazir, wedgie)"),
        ("setoption name Hash value 0", "info string error: Hash (MB) must be a whole number from 1 to 4096, not '0'"),
        ("setoption name Contempt value 900", "info string error: Contempt must be a whole number from -500 to 500, not '900'"),
        ("go depth x", "info string error: depth must be a whole number from 1 to 127, not 'x'"),
        ("go nodes 0", "info string error: nodes must be a whole number from 1 to 18446744073709551615, not '0'"),
        ("go movetime 0", "info string error: movetime (ms) must be a whole number from 1 to 86400000, not '0'"),
        ("go depth 99999999999", "info string error: depth must be a whole number from 1 to 127, not '99999999999'"),
        ("go wtime ten", "info string error: wtime must be a whole number, not 'ten'"),
    ] {
        e.send(command);
        assert_eq!(e.until("info string"), [error], "{command}");
    }
    // More threads than the machine has cores are refused, as on the command line and in XBoard.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    e.send("setoption name Threads value 1000");
    assert_eq!(
        e.until("info string"),
        [format!("info string error: Threads must be a whole number from 1 to {cores}, not '1000'")]
    );
    // The position is unchanged by the failed commands: still the start.
    e.send("go depth 1");
    let best = e.until("bestmove").last().unwrap().clone();
    let start = Position::start(variants::by_name("normal").unwrap());
    assert!(start.parse_move(best.split_whitespace().nth(1).unwrap()).is_ok());
    e.quit();
}

#[test]
fn stop_ends_an_infinite_search_and_clock_search_stays_in_time() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    assert!(e.until("bestmove").last().unwrap().starts_with("bestmove "));
    let start = std::time::Instant::now();
    e.send("go wtime 1000 btime 1000 winc 0 binc 0");
    e.until("bestmove");
    assert!(start.elapsed() < Duration::from_millis(500), "{:?}", start.elapsed());
    e.quit();
}

#[test]
fn multipv_and_searchmoves() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    let last_depth: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 3 ")).collect();
    assert_eq!(last_depth.len(), 3, "{lines:?}");
    for (i, line) in last_depth.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} ", i + 1)), "{line}");
    }
    let firsts: Vec<&str> =
        last_depth.iter().map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap()).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
    e.send("setoption name MultiPV value 1");
    e.send("setoption name Threads value 2");
    e.send("go depth 4 searchmoves a2a3 h2h3");
    let best = e.until("bestmove").last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    e.quit();
}

#[test]
fn ponder_then_ponderhit_plays_with_the_clock() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("ponderhit");
    let start = std::time::Instant::now();
    let lines = e.until("bestmove");
    assert_eq!(lines.iter().filter(|l| l.starts_with("bestmove")).count(), 1);
    assert!(start.elapsed() < Duration::from_millis(1000), "{:?}", start.elapsed());
    // A ponder search stopped by `stop` still answers.
    e.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    assert!(e.until("bestmove").last().unwrap().starts_with("bestmove "));
    e.quit();
}

#[test]
fn the_road_option_sets_the_wizardoz_road() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value wizardoz");
    e.send("setoption name Road value c3,d4,e4,e5,f6");
    // On this road White's e-pawn double-steps onto e4 and then may only double-move: the
    // engine must still find legal moves from it.
    e.send("position startpos moves e2e4 e8e6");
    e.send("go depth 3");
    let best = e.until("bestmove").last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    let v = variants::by_name("wizardoz").unwrap();
    let mut p = Position::from_fen(v, &format!("{} road:c3,d4,e4,e5,f6", v.start_fen)).unwrap();
    for m in ["e2e4", "e8e6"] {
        let mv = p.parse_move(m).unwrap();
        p.make(mv);
    }
    assert!(p.parse_move(&best).is_ok(), "{best}");
    e.send("setoption name Road value z9");
    assert!(e.until("info string").last().unwrap().starts_with("info string error: Road: "));
    e.quit();
}

#[test]
fn the_evaluation_option_switches_to_material_only_or_hand_set() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(
        lines.contains(
            &"option name Evaluation type combo default full var full var material var hand".to_string()
        ),
        "{lines:?}"
    );
    // A Knight and a pawn up, nothing to capture: material alone says exactly 420; the full
    // evaluation counts the passed pawn two steps from promotion too.
    let score_at_depth_1 = |e: &mut Engine| {
        e.send("position fen k7/8/4P3/8/8/8/8/4K1N1 w - - 0 1");
        e.send("go depth 1");
        let lines = e.until("bestmove");
        let info = lines.iter().find(|l| l.starts_with("info depth 1 ")).unwrap().clone();
        info.split(" score cp ").nth(1).unwrap().split(' ').next().unwrap().parse::<i32>().unwrap()
    };
    e.send("setoption name Evaluation value material");
    assert_eq!(score_at_depth_1(&mut e), 420);
    e.send("setoption name Evaluation value full");
    let full = score_at_depth_1(&mut e);
    assert_ne!(full, 420);
    // The hand-set weights: the full evaluation before tuning, which scores differently.
    e.send("setoption name Evaluation value hand");
    let hand = score_at_depth_1(&mut e);
    assert!(hand != full && hand != 420, "hand-set {hand}, full {full}");
    e.send("setoption name Evaluation value clever");
    assert_eq!(
        e.until("info string"),
        ["info string error: Evaluation must be full, material or hand, not 'clever'"]
    );
    e.quit();
}

/// Every line the engine writes during standard-chess games and analysis, read by
/// vampirc-uci (an independent UCI parser that knows only standard chess).
#[test]
fn vampirc_reads_every_line_of_standard_chess_games() {
    use vampirc_uci::{parse_one, UciMessage};
    let mut e = Engine::start();
    let mut lines = Vec::new();
    e.send("uci");
    lines.extend(e.until("uciok"));
    e.send("setoption name MultiPV value 2");
    e.send("isready");
    lines.extend(e.until("readyok"));
    e.send("position startpos");
    e.send("go depth 4");
    lines.extend(e.until("bestmove"));
    e.send("setoption name MultiPV value 1");
    // A short game by the engine against itself, each move played from the returned bestmove.
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..16 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go depth 3 wtime 5000 btime 5000");
        let reply = e.until("bestmove");
        let best = reply.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
        lines.extend(reply);
        if best == "0000" {
            break;
        }
        moves.push(best);
    }
    // Mate scores and a promotion.
    e.send("position fen 6k1/4P3/8/8/8/8/5PPP/6K1 w - - 0 1");
    e.send("go depth 4");
    lines.extend(e.until("bestmove"));
    e.quit();
    let (mut unknown, mut best_moves, mut infos) = (Vec::new(), 0, 0);
    for line in &lines {
        match parse_one(line) {
            UciMessage::Unknown(text, _) => unknown.push(text),
            UciMessage::BestMove { .. } => best_moves += 1,
            UciMessage::Info(_) => infos += 1,
            _ => {}
        }
    }
    assert!(unknown.is_empty(), "vampirc-uci could not read: {unknown:#?}");
    assert!(best_moves >= 17 && infos >= 50, "{best_moves} bestmoves, {infos} infos");
    assert!(lines.len() > 50, "{}", lines.len());
}

/// Plays `plies` moves of `variant` from its start, each picked from the legal moves by a
/// small fixed generator: a long, varied game with captures, chains and vanished Wazirs.
fn random_game(variant: &'static tinman_core::Variant, plies: usize, seed: u64) -> Vec<String> {
    let mut p = Position::start(variant);
    let mut state = seed;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = p.legal_moves();
        if legal.is_empty() || p.outcome().is_some() {
            break;
        }
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let m = legal.as_slice()[(state >> 33) as usize % legal.len()];
        moves.push(p.move_text(m));
        p.make(m);
    }
    moves
}

/// The search's report lines without their clock-dependent fields.
fn search_lines(e: &mut Engine) -> Vec<String> {
    e.until("bestmove")
        .into_iter()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let mut kept = Vec::new();
            let mut i = 0;
            while i < words.len() {
                if matches!(words[i], "time" | "nps" | "hashfull") {
                    i += 2;
                } else {
                    kept.push(words[i]);
                    i += 1;
                }
            }
            kept.join(" ")
        })
        .collect()
}

#[test]
fn a_game_resent_move_by_move_is_the_game_sent_once() {
    // The engine plays only the new moves of a `position` command that extends the last one:
    // after a game sent move by move (with a take-back, a side line and a FEN start among
    // them) its search must be the search of the same game sent in one command.
    for name in ["desertoasis", "imawazir", "wizardoz", "normal"] {
        let variant = variants::by_name(name).unwrap();
        let game = random_game(variant, 90, 7);
        let side = random_game(variant, 45, 8);
        let mut stepwise = Engine::start();
        stepwise.send(&format!("setoption name UCI_Variant value {name}"));
        let sent = |e: &mut Engine, moves: &[String]| {
            e.send(&format!("position startpos moves {}", moves.join(" ")));
        };
        for n in 0..=game.len() {
            sent(&mut stepwise, &game[..n]);
            if n == 30 {
                // A take-back, another game, and a FEN start, then back to this game.
                sent(&mut stepwise, &game[..n - 2]);
                sent(&mut stepwise, &side);
                stepwise.send(&format!("position fen {} moves {}", variant.start_fen, game[..n].join(" ")));
                sent(&mut stepwise, &game[..n]);
            }
            if n == 60 {
                // An illegal extension is refused and leaves the position as it was.
                stepwise.send(&format!("position startpos moves {} a1a1", game[..n].join(" ")));
                assert!(stepwise.until("info string").last().unwrap().contains("error"), "{name}");
            }
        }
        stepwise.send("go depth 6");
        let mut once = Engine::start();
        once.send(&format!("setoption name UCI_Variant value {name}"));
        once.send(&format!("position startpos moves {}", game.join(" ")));
        once.send("go depth 6");
        assert_eq!(search_lines(&mut stepwise), search_lines(&mut once), "{name} after {} plies", game.len());
        stepwise.quit();
        once.quit();
    }
}

#[test]
fn eval_shows_the_static_evaluation_of_the_current_position() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name UCI_Variant value desertoasis");
    e.send("position startpos moves e3e4");
    e.send("eval");
    let lines = e.until("info string evaluation for the side to move");
    assert!(lines.iter().all(|l| l.starts_with("info string ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info string material.D ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info string pawn_steps.")), "{lines:?}");
    assert!(lines.last().unwrap().starts_with("info string evaluation for the side to move (Black): "));
    e.quit();
}
