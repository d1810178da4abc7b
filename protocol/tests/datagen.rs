//! `tinman datagen`, run as a user would: the file it writes decodes into whole games with
//! consistent results, reruns resume, shards split the same games, and bad input is refused
//! without touching the file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tinman_core::{variants, Color};
use tinman_search::data::{self, GameResult, Record, DECIDED_SCORE};

/// Nodes per search: enough for real games, few enough for a test.
const NODES: &str = "300";

fn tinman(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tinman")).args(args).output().expect("tinman runs")
}

/// A fresh path for one test's file.
fn temp(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("datagen-{name}.bin"));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs datagen into `file` and returns its summary line.
fn datagen(variant: &str, games: u32, extra: &[&str], file: &Path) -> String {
    let games = games.to_string();
    let mut args = vec!["datagen", "--variant", variant, "--nodes", NODES, "--games", &games, "-o"];
    args.push(file.to_str().unwrap());
    args.extend_from_slice(extra);
    let o = tinman(&args);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{args:?}: {stderr}");
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    stdout
}

fn read(file: &Path) -> Vec<u8> {
    std::fs::read(file).expect("the data file")
}

/// The records of each game, by game index.
fn games(bytes: &[u8]) -> std::collections::BTreeMap<u32, Vec<Record>> {
    let mut games = std::collections::BTreeMap::<u32, Vec<Record>>::new();
    for r in data::decode_all(bytes).unwrap_or_else(|e| panic!("{e}")) {
        games.entry(r.game).or_default().push(r);
    }
    games
}

#[test]
fn every_game_writes_whole_games_with_consistent_results() {
    for name in variants::NAMES {
        let file = temp(&format!("all-{name}"));
        let summary = datagen(name, 2, &[], &file);
        let games = games(&read(&file));
        assert_eq!(games.keys().copied().collect::<Vec<_>>(), [0, 1], "{name}");
        let positions: usize = games.values().map(Vec::len).sum();
        assert!(
            summary.starts_with(&format!("datagen: 2 games, {positions} positions, W/D/L ")),
            "{summary}"
        );
        for (g, records) in &games {
            let result = records[0].result;
            assert!(records.iter().all(|r| r.result == result && r.position.variant().name == *name));
            // One end per game, at its end; plies go up one at a time after the random opening.
            let ends: Vec<bool> = records.iter().map(|r| r.game_end).collect();
            assert_eq!(ends.iter().filter(|&&e| e).count(), 1, "{name} game {g}");
            assert!(*ends.last().unwrap(), "{name} game {g}");
            assert!(records[0].ply >= 8, "{name} game {g}: the opening's random plies are not recorded");
            assert!(records.windows(2).all(|w| w[1].ply == w[0].ply + 1), "{name} game {g}");
            for r in records {
                assert_eq!(r.in_check, r.position.in_check());
            }
            // A win ends on a search that saw it: a mate score, or a decided score for the winner.
            let last = records.last().unwrap();
            let winner = match result {
                GameResult::WhiteWin => Some(Color::White),
                GameResult::BlackWin => Some(Color::Black),
                GameResult::Draw => None,
            };
            if let Some(winner) = winner {
                let for_winner =
                    if last.position.side_to_move() == winner { last.score } else { -last.score };
                assert!(for_winner >= DECIDED_SCORE, "{name} game {g}: {result:?} after {}", last.score);
            }
        }
    }
}

#[test]
fn the_same_arguments_give_the_same_file_on_any_thread_count() {
    let (one, two) = (temp("threads-1"), temp("threads-2"));
    datagen("wedgie", 4, &["--seed", "9"], &one);
    datagen("wedgie", 4, &["--seed", "9", "--threads", "2"], &two);
    assert_eq!(read(&one), read(&two));
    let other = temp("threads-seed");
    datagen("wedgie", 4, &["--seed", "10"], &other);
    assert_ne!(read(&one), read(&other));
}

#[test]
fn a_rerun_appends_only_the_missing_games() {
    let (full, grown) = (temp("resume-full"), temp("resume-grown"));
    datagen("normal", 4, &[], &full);
    datagen("normal", 2, &[], &grown);
    let before = read(&grown);
    let summary = datagen("normal", 4, &[], &grown);
    assert!(summary.starts_with("datagen: 2 games, "), "{summary}");
    assert!(summary.contains("has 4/4 games of shard 1/1"), "{summary}");
    let after = read(&grown);
    assert_eq!(&after[..before.len()], &before[..]);
    assert_eq!(after, read(&full));
    // Nothing left to do: nothing written.
    assert!(datagen("normal", 4, &[], &grown).starts_with("datagen: 0 games, 0 positions"));
    assert_eq!(read(&grown), after);
}

#[test]
fn a_killed_run_loses_only_its_unfinished_game() {
    let full = temp("killed-full");
    datagen("imawazir", 3, &[], &full);
    let bytes = read(&full);
    let ends: Vec<usize> = data::headers(&bytes)
        .map(Result::unwrap)
        .filter(|h| h.game_end)
        .map(|h| h.offset + h.length)
        .collect();
    // Cut inside the second game's records, in the middle of a record.
    let cut = (ends[0] + ends[1]) / 2 + 1;
    let killed = temp("killed");
    std::fs::write(&killed, &bytes[..cut]).unwrap();
    let summary = datagen("imawazir", 3, &[], &killed);
    assert!(summary.starts_with("datagen: 2 games, "), "{summary}");
    assert_eq!(read(&killed), bytes);
}

#[test]
fn shards_play_the_unsharded_games_between_them() {
    let (all, first, second) = (temp("shard-all"), temp("shard-1"), temp("shard-2"));
    datagen("wizardoz", 4, &["--seed", "3"], &all);
    datagen("wizardoz", 4, &["--seed", "3", "--shard", "1/2"], &first);
    let summary = datagen("wizardoz", 4, &["--seed", "3", "--shard", "2/2"], &second);
    assert!(summary.contains("has 2/2 games of shard 2/2"), "{summary}");
    let (a, b) = (read(&first), read(&second));
    assert_ne!(a, b);
    assert_eq!(games(&a).keys().copied().collect::<Vec<_>>(), [0, 2]);
    assert_eq!(games(&b).keys().copied().collect::<Vec<_>>(), [1, 3]);
    // Merged by concatenation, the shards hold exactly the unsharded run's games.
    let merged = games(&[a, b].concat());
    assert_eq!(merged, games(&read(&all)));
    // ...and a rerun on the merged file as one shard finds nothing to do.
    let cat = temp("shard-cat");
    std::fs::write(&cat, [read(&first), read(&second)].concat()).unwrap();
    assert!(datagen("wizardoz", 4, &["--seed", "3"], &cat).starts_with("datagen: 0 games, "));
}

#[test]
fn games_against_the_gauge_record_only_the_engines_moves() {
    let file = temp("against-gauge");
    datagen("imawazir", 2, &["--against", "material", "--seed", "5"], &file);
    let games = games(&read(&file));
    assert_eq!(games.keys().copied().collect::<Vec<_>>(), [0, 1]);
    // The gauge is Black in even games and White in odd ones; only the engine's positions
    // are written, so their plies go up two at a time and one side is always to move.
    for (g, engine) in [(0, Color::White), (1, Color::Black)] {
        let records = &games[&g];
        assert!(!records.is_empty(), "game {g}");
        assert!(records.iter().all(|r| r.position.side_to_move() == engine), "game {g}");
        assert!(records.windows(2).all(|w| w[1].ply == w[0].ply + 2), "game {g}");
        assert!(records.last().unwrap().game_end);
    }
}

#[test]
fn bad_input_gives_one_line_and_status_2_and_leaves_files_alone() {
    let foreign = temp("foreign");
    std::fs::write(&foreign, "not data\n").unwrap();
    let other_game = temp("other-game");
    datagen("wedgie", 1, &[], &other_game);
    let other_bytes = read(&other_game);
    let fresh = temp("never-written");
    let (f, o, n) = (foreign.to_str().unwrap(), other_game.to_str().unwrap(), fresh.to_str().unwrap());
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--variant", "nosuch", "--nodes", "9", "--games", "1", "-o", n], "unknown variant 'nosuch'"),
        (vec!["--variant", "normal", "--nodes", "9", "--games", "1"], "-o FILE"),
        (vec!["--variant", "normal", "--nodes", "9", "--depth", "2", "--games", "1", "-o", n], "exactly one"),
        (vec!["--variant", "normal", "--games", "1", "-o", n], "exactly one"),
        (vec!["--variant", "normal", "--nodes", "9", "--games", "1", "--shard", "3/2", "-o", n], "--shard"),
        (vec!["--variant", "normal", "--nodes", "9", "--games", "1", "--shard", "0/2", "-o", n], "--shard"),
        (vec!["--variant", "normal", "--nodes", "9", "--games", "0", "-o", n], "--games"),
        (vec!["--variant", "normal", "--nodes", "9", "--games", "1", "--bogus", "-o", n], "'--bogus'"),
        (
            vec!["--variant", "normal", "--nodes", "9", "--games", "1", "--against", "sjaak", "-o", n],
            "'sjaak'",
        ),
        (vec!["--variant", "normal", "--nodes", "9", "--games", "1", "-o", f], "not a Tinman data file"),
        (
            vec!["--variant", "normal", "--nodes", "9", "--games", "1", "-o", o],
            "holds wedgie records, not normal",
        ),
    ];
    for (args, expected) in cases {
        let o = tinman(&[&["datagen"], &args[..]].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.starts_with("tinman: ") && err.contains(expected), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(std::fs::read_to_string(&foreign).unwrap(), "not data\n");
    assert_eq!(read(&other_game), other_bytes);
    assert!(!fresh.exists());
}
