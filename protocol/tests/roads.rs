//! `tinman roads`, run as a user would: the road list, surveys (tiny node limits), resume,
//! shards and merge, the report, and bad input.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The survey's engines search this many nodes a move: real games, quickly.
const NODES: &str = "nodes=150";
/// Two roads: the default and its neighbour with c6 for c4.
const TWO_ROADS: &str = "c4,d5,e6,f5,g4\n# a comment\ng4,f5,e6,d5,c6\n";

fn tinman(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tinman")).args(args).output().expect("tinman runs")
}

/// A fresh path for one test's file.
fn temp(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("roads-{name}"));
    let _ = std::fs::remove_file(&path);
    path
}

/// A file holding `text`.
fn file_with(name: &str, text: &str) -> PathBuf {
    let path = temp(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// The lines of a results file, sorted.
fn sorted_lines(path: &Path) -> Vec<String> {
    let mut lines: Vec<String> = text(path).lines().map(str::to_string).collect();
    lines.sort();
    lines
}

/// `tinman roads survey ... -o out` with the two roads at `NODES`, `games` per road; its
/// summary line.
fn survey(roads: &Path, games: u32, extra: &[&str], out: &Path) -> String {
    let games = games.to_string();
    let mut args = vec!["roads", "survey", "--roads", roads.to_str().unwrap(), "--games-per-road", &games];
    args.extend(["--each", NODES, "-o", out.to_str().unwrap()]);
    args.extend_from_slice(extra);
    let o = tinman(&args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// The roads `tinman roads list ARGS` prints, and its count line.
fn list(args: &[&str]) -> (Vec<String>, String) {
    let o = tinman(&[&["roads", "list"], args].concat());
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    let roads = String::from_utf8(o.stdout).unwrap().lines().map(str::to_string).collect();
    (roads, String::from_utf8(o.stderr).unwrap())
}

/// Exit status 2 and exactly one `tinman: ` line containing `words`.
fn refused(o: &Output, words: &str) {
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].starts_with("tinman: ") && lines[0].contains(words), "{stderr}");
}

#[test]
fn the_seed_list_counts_its_roads_once_each_with_the_default_road() {
    let (roads, count) = list(&[]);
    assert_eq!(roads.len(), 2256);
    assert_eq!(
        count.trim(),
        "roads list: 2256 roads (--rules seed, --region b3-h7); the default road c4,d5,e6,f5,g4 is line 824"
    );
    assert_eq!(roads[823], "c4,d5,e6,f5,g4");
    assert_eq!(roads.iter().collect::<HashSet<_>>().len(), roads.len(), "no duplicates");
    for road in &roads {
        let squares: Vec<&str> = road.split(',').collect();
        assert_eq!(squares.len(), 5, "{road}");
        // Every line is a valid `road:` field of the game.
        let fen = format!("rnfbbkqnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNQKBBFNR w KQkq - 0 1 road:{road}");
        if road.starts_with("b3,") {
            let o = tinman(&["fen", "--variant", "wizardoz", "--fen", &fen]);
            assert!(o.status.success(), "{road}");
        }
        for s in squares {
            let (file, rank) = (s.as_bytes()[0], s[1..].parse::<u8>().unwrap());
            assert!((b'b'..=b'h').contains(&file) && (3..=7).contains(&rank), "{road}");
        }
    }
}

#[test]
fn every_shape_rule_keeps_and_drops_hand_made_roads() {
    let seed: HashSet<String> = list(&[]).0.into_iter().collect();
    let exclusions: HashSet<String> = list(&["--rules", "exclusions"]).0.into_iter().collect();
    let connected: HashSet<String> = list(&["--rules", "connected"]).0.into_iter().collect();
    let wide: HashSet<String> = list(&["--region", "a3-i7"]).0.into_iter().collect();
    assert_eq!((exclusions.len(), connected.len(), wide.len()), (3179, 6846, 3424));
    assert!(seed.is_subset(&exclusions) && exclusions.is_subset(&connected) && seed.is_subset(&wide));
    // (road, in seed, in exclusions, in connected), squares in the list's order.
    for (road, s, e, c) in [
        ("c4,d5,e6,f5,g4", true, true, true),   // the default road: diagonal steps
        ("b3,b4,b5,b6,b7", true, true, true),   // straight
        ("c4,d4,e5,f6,g7", true, true, true),   // a gentle bend (135 degrees inside) is no triangle
        ("e4,f3,f5,g4,g6", true, true, true),   // the page's near-diamond e4-f5-g4-f3-g6
        ("c4,d4,d5,e6,f7", false, false, true), // two orthogonals at a right angle
        ("b6,b7,c4,c5,d4", false, false, true), // a 135-degree turn: c4, d4, c5 touch
        ("d4,e5,e6,e7,f4", false, true, true),  // a branch at e5
        ("c4,d5,e6,f5,h3", false, false, false), // h3 alone
        ("c4,d5,e6,g4,h3", false, false, false), // two apart from three
    ] {
        assert_eq!(
            (seed.contains(road), exclusions.contains(road), connected.contains(road)),
            (s, e, c),
            "{road}"
        );
    }
    // The a- and i-files only with a wider region.
    assert!(!seed.contains("a4,b5,c6,d5,e4") && wide.contains("a4,b5,c6,d5,e4"));
}

#[test]
fn bad_list_options_are_refused() {
    refused(&tinman(&["roads", "list", "--rules", "any"]), "--rules any has no list");
    refused(&tinman(&["roads", "list", "--rules", "pretty"]), "--rules 'pretty'");
    refused(&tinman(&["roads", "list", "--region", "h7-b3"]), "h7 is not below and left of b3");
    refused(&tinman(&["roads", "list", "--region", "b3-j7"]), "j7 is not a square of the 9x9 board");
    refused(&tinman(&["roads", "list", "--bogus"]), "unknown option '--bogus'");
    refused(&tinman(&["roads", "nosuch"]), "unknown command 'nosuch'");
}

#[test]
fn a_survey_of_two_roads_writes_one_line_per_road() {
    let roads = file_with("two.txt", TWO_ROADS);
    let out = temp("two.jsonl");
    let games = temp("two.pgn");
    let summary = survey(&roads, 2, &["--concurrency", "2", "--pgnout", games.to_str().unwrap()], &out);
    // Every game in the PGN file, its road in its FEN.
    let pgn = text(&games);
    assert_eq!(pgn.matches("[Event ").count(), 4);
    assert_eq!(pgn.matches("road:c4,d5,e6,f5,g4\"]").count(), 2, "{pgn}");
    assert_eq!(pgn.matches("road:c6,d5,e6,f5,g4\"]").count(), 2, "{pgn}");
    assert!(summary.starts_with("roads survey: 2 roads (0 stopped early), 4 games, "), "{summary}");
    assert!(summary.trim_end().ends_with("has 2/2 roads of shard 1/1"), "{summary}");
    let lines: Vec<serde_json::Value> =
        text(&out).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let mut names: Vec<&str> = lines.iter().map(|l| l["road"].as_str().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["c4,d5,e6,f5,g4", "c6,d5,e6,f5,g4"]);
    for l in &lines {
        let (w, d, b) = (
            l["white_wins"].as_u64().unwrap(),
            l["draws"].as_u64().unwrap(),
            l["black_wins"].as_u64().unwrap(),
        );
        assert_eq!((w + d + b, l["games"].as_u64()), (2, Some(2)), "{l}");
        let score = (w as f64 + d as f64 / 2.0) / 2.0;
        assert!((l["white_score"].as_f64().unwrap() - score).abs() < 1e-9, "{l}");
        let (low, high) = (l["low"].as_f64().unwrap(), l["high"].as_f64().unwrap());
        assert!(low <= score && score <= high && low >= 0.0 && high <= 1.0, "{l}");
        assert_eq!((l["stopped_early"].as_bool(), l["forfeits"].as_u64()), (Some(false), Some(0)), "{l}");
        assert_eq!(
            (l["each"].as_str(), l["games_per_road"].as_u64(), l["seed"].as_u64()),
            (Some(NODES), Some(2), Some(1))
        );
    }
    // The same games on one worker: the results do not depend on the scheduling.
    let again = temp("two-again.jsonl");
    survey(&roads, 2, &[], &again);
    assert_eq!(sorted_lines(&again), sorted_lines(&out));
}

#[test]
fn a_rerun_resumes_after_an_interruption() {
    let roads = file_with("resume.txt", TWO_ROADS);
    let whole = temp("resume-whole.jsonl");
    survey(&roads, 2, &[], &whole);
    // Finished: nothing to do.
    let summary = survey(&roads, 2, &[], &whole);
    assert!(summary.starts_with("roads survey: 0 roads (0 stopped early), 0 games,"), "{summary}");
    // A run killed while writing its second line: the cut line is dropped and replayed.
    let full = text(&whole);
    let first = full.lines().next().unwrap();
    let cut = temp("resume-cut.jsonl");
    std::fs::write(&cut, format!("{first}\n{}", &full[first.len() + 1..first.len() + 30])).unwrap();
    let args =
        ["roads", "survey", "--roads", roads.to_str().unwrap(), "--games-per-road", "2", "--each", NODES];
    let o = tinman(&[&args[..], &["-o", cut.to_str().unwrap()]].concat());
    assert!(o.status.success());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("ended in a cut line") && stderr.contains("played again"), "{stderr}");
    assert!(
        String::from_utf8_lossy(&o.stdout).starts_with("roads survey: 1 roads (0 stopped early), 2 games")
    );
    assert_eq!(text(&cut), full);
    // A run killed in the middle of its games: whole lines only, and a rerun completes it.
    let killed = temp("resume-killed.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tinman"))
        .args([&args[..], &["-o", killed.to_str().unwrap()]].concat())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while text(&killed).lines().count() == 0 && start.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(text(&killed).ends_with('\n'));
    survey(&roads, 2, &[], &killed);
    assert_eq!(sorted_lines(&killed), sorted_lines(&whole));
}

#[test]
fn shards_merge_into_the_unsharded_survey() {
    let roads = file_with("shards.txt", "c4,d5,e6,f5,g4\nc6,d5,e6,f5,g4\nc4,d5,e6,f5,g6\n");
    let whole = temp("shards-whole.jsonl");
    survey(&roads, 2, &["--concurrency", "2"], &whole);
    let (a, b) = (temp("shard-1.jsonl"), temp("shard-2.jsonl"));
    assert!(survey(&roads, 2, &["--shard", "1/2"], &a).trim_end().ends_with("has 2/2 roads of shard 1/2"));
    assert!(survey(&roads, 2, &["--shard", "2/2"], &b).trim_end().ends_with("has 1/1 roads of shard 2/2"));
    let merged = temp("shards-merged.jsonl");
    let o =
        tinman(&["roads", "merge", a.to_str().unwrap(), b.to_str().unwrap(), "-o", merged.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("roads merge: 3 roads from 2 files"));
    assert_eq!(
        text(&merged).lines().collect::<Vec<_>>(),
        sorted_lines(&whole),
        "sorted by road, the same lines"
    );
    // A road in two files, an existing output, files of other settings.
    let twice = temp("shards-twice.jsonl");
    refused(
        &tinman(&[
            "roads",
            "merge",
            a.to_str().unwrap(),
            whole.to_str().unwrap(),
            "-o",
            twice.to_str().unwrap(),
        ]),
        "is in both",
    );
    assert!(!twice.exists());
    refused(
        &tinman(&["roads", "merge", a.to_str().unwrap(), "-o", merged.to_str().unwrap()]),
        "exists; roads merge writes a new file",
    );
    let other = file_with("shards-other.jsonl", &text(&b).replace("\"seed\":1}", "\"seed\":2}"));
    refused(
        &tinman(&[
            "roads",
            "merge",
            a.to_str().unwrap(),
            other.to_str().unwrap(),
            "-o",
            twice.to_str().unwrap(),
        ]),
        "different settings",
    );
    assert!(!twice.exists());
}

#[test]
fn bad_survey_input_is_refused_before_any_game() {
    let out = temp("bad.jsonl");
    let o = out.to_str().unwrap();
    let run = |roads: &str, extra: &[&str]| {
        let file = file_with("bad-roads.txt", roads);
        let mut args = vec!["roads", "survey", "--roads", file.to_str().unwrap(), "--games-per-road", "2"];
        args.extend(["--each", NODES, "-o", o]);
        args.extend_from_slice(extra);
        tinman(&args)
    };
    refused(&run("c4,d5,e6;f5,g4\n", &[]), "line 1: road 'c4,d5,e6;f5,g4': 'e6;f5' is not a square name");
    refused(
        &run("c4,d5,e6,f5,g4\nc4,d5,e6,f5,j4\n", &[]),
        "line 2: road 'c4,d5,e6,f5,j4': j4 is not a square of the 9x9 board",
    );
    refused(&run("c4,d5,e6,f5\n", &[]), "road c4,d5,e6,f5 has 4 squares; --rules seed roads have 5");
    refused(&run("c4,d5,e6,f5,g4,h3\n", &["--rules", "any"]), "has 6 squares; --rules any roads have 5");
    refused(&run("c4,d4,d5,e6,f7\n", &[]), "double adjacency");
    refused(&run("a4,b5,c6,d5,e4\n", &[]), "a4 is outside the region b3-h7");
    refused(&run("c4,d5,e6,f5,g4\ng4,f5,e6,d5,c4\n", &[]), "listed twice");
    refused(&run("# nothing\n", &[]), "no roads in");
    refused(&run("c4,d5,e6,f5,g4\n", &["--all"]), "exactly one of --all, --roads FILE and --sample N");
    refused(&run("c4,d5,e6,f5,g4\n", &["--each", "hash=3"]), "unknown key 'hash'");
    refused(&run("c4,d5,e6,f5,g4\n", &["--shard", "3/2"]), "--shard");
    refused(&tinman(&["roads", "survey", "--all", "--games-per-road", "2", "-o", o]), "needs --each");
    refused(&tinman(&["roads", "survey", "--all", "--each", NODES, "-o", o]), "needs --games-per-road");
    refused(
        &tinman(&["roads", "survey", "--sample", "0", "--games-per-road", "2", "--each", NODES, "-o", o]),
        "--sample",
    );
    assert!(!out.exists(), "no results file for refused input");
    // A results file of other settings, or not one at all, is left alone.
    let foreign = file_with("bad-foreign.jsonl", "not json\n");
    let roads = file_with("bad-good.txt", "c4,d5,e6,f5,g4\n");
    let args = [
        "roads",
        "survey",
        "--roads",
        roads.to_str().unwrap(),
        "--games-per-road",
        "2",
        "--each",
        NODES,
        "-o",
    ];
    refused(&tinman(&[&args[..], &[foreign.to_str().unwrap()]].concat()), "line 1: not a road result");
    assert_eq!(text(&foreign), "not json\n");
    let line = "{\"road\":\"c4,d5,e6,f5,g4\",\"games\":2,\"white_wins\":1,\"draws\":1,\"black_wins\":0,\"white_score\":0.75,\"low\":0.1,\"high\":1.0,\"stopped_early\":false,\"forfeits\":0,\"games_per_road\":8,\"each\":\"nodes=150\",\"seed\":1}\n";
    let other = file_with("bad-other.jsonl", line);
    refused(&tinman(&[&args[..], &[other.to_str().unwrap()]].concat()), "holds results of other settings");
    assert_eq!(text(&other), line);
}

/// A results line as the survey writes it (the report recomputes the score from the counts).
fn result_line(road: &str, w: u32, d: u32, b: u32) -> String {
    format!(
        "{{\"road\":\"{road}\",\"games\":{},\"white_wins\":{w},\"draws\":{d},\"black_wins\":{b},\"white_score\":0,\"low\":0,\"high\":1,\"stopped_early\":false,\"forfeits\":0,\"games_per_road\":8,\"each\":\"nodes=150\",\"seed\":1}}\n",
        w + d + b
    )
}

#[test]
fn the_report_ranks_roads_by_balance_and_draws_them() {
    let file = file_with(
        "report.jsonl",
        &[
            result_line("c4,d5,e6,f5,g4", 5, 0, 3),
            result_line("b3,b4,b5,b6,b7", 2, 4, 2),
            result_line("c4,d4,e5,f6,g7", 1, 2, 5),
            result_line("e4,f3,f5,g4,g6", 3, 2, 3),
        ]
        .concat(),
    );
    let svg = temp("report.svg");
    let o =
        tinman(&["roads", "report", file.to_str().unwrap(), "--top", "2", "--svg", svg.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let table = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("Roads by balance: 4 roads, 32 games ("), "{table}");
    // What the roads say together: 11 wins, 8 draws, 13 losses for White.
    assert!(lines[1].starts_with("Over all roads: 32 games, White 0.469 ["), "{table}");
    assert!(lines[1].ends_with("(11 wins, 8 draws, 13 losses)"), "{table}");
    assert!(lines[2].starts_with("Spread of the road scores: ") && lines[2].contains(" x chance"), "{table}");
    assert!(lines[3].starts_with("Rank  Road") && lines[3].contains("95% interval"), "{table}");
    // Equal scores: the narrower interval (more draws) first; the default road after the top.
    let words = |l: &str| l.split_whitespace().take(3).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(words(lines[4]), ["1", "b3,b4,b5,b6,b7", "0.500"], "{table}");
    assert_eq!(words(lines[5]), ["2", "e4,f3,f5,g4,g6", "0.500"], "{table}");
    assert_eq!(lines[6].trim(), "...");
    assert_eq!(words(lines[7]), ["3", "c4,d5,e6,f5,g4", "0.625"], "{table}");
    assert!(lines[7].ends_with("default road"), "{table}");
    assert_eq!(lines[8], format!("picture: {}", svg.display()));
    assert_eq!(lines.len(), 9, "{table}");
    // The picture: two boards of five road squares each, every road in the chart, the
    // default road marked.
    let picture = text(&svg);
    assert!(picture.starts_with("<svg ") && picture.trim_end().ends_with("</svg>"));
    assert_eq!(picture.matches("fill=\"#f7d33c\"").count(), 10, "two boards' road squares");
    assert!(picture.contains("#1  b3,b4,b5,b6,b7") && picture.contains("#2  e4,f3,f5,g4,g6"));
    assert_eq!(picture.matches("<circle ").count(), 4);
    assert!(picture.contains("default road c4,d5,e6,f5,g4: 0.625"));
    assert!(!PathBuf::from(format!("{}.partial", svg.display())).exists());
    // Without the default road, the report says so.
    let other = file_with("report-other.jsonl", &result_line("b3,b4,b5,b6,b7", 2, 4, 2));
    let o = tinman(&["roads", "report", other.to_str().unwrap()]);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("the default road c4,d5,e6,f5,g4 is not in this survey")
    );
}

#[test]
fn bad_report_and_merge_input_is_refused() {
    let line = result_line("b3,b4,b5,b6,b7", 2, 4, 2);
    let cut = file_with("report-cut.jsonl", &format!("{line}{}", &line[..40]));
    let c = cut.to_str().unwrap();
    refused(&tinman(&["roads", "report", c]), "ends in a cut line");
    let out = temp("report-cut-merged.jsonl");
    refused(&tinman(&["roads", "merge", c, "-o", out.to_str().unwrap()]), "ends in a cut line");
    assert!(!out.exists());
    let missing = temp("report-missing.jsonl");
    refused(&tinman(&["roads", "report", missing.to_str().unwrap()]), "no results file");
    let empty = file_with("report-empty.jsonl", "");
    refused(&tinman(&["roads", "report", empty.to_str().unwrap()]), "has no road results yet");
    let bad = file_with("report-bad.jsonl", &line.replace("\"games\":8", "\"games\":9"));
    refused(
        &tinman(&["roads", "report", bad.to_str().unwrap()]),
        "line 1: not a road result: \"games\" is not the sum",
    );
    let huge = line.replace(
        "\"games\":8,\"white_wins\":2,\"draws\":4",
        "\"games\":4294967299,\"white_wins\":4294967295,\"draws\":2",
    );
    let huge = file_with("report-huge.jsonl", &huge);
    refused(&tinman(&["roads", "report", huge.to_str().unwrap()]), "\"games\" is not the sum");
    let off = file_with("report-off.jsonl", &line.replace("b3,b4", "b3,j4"));
    refused(&tinman(&["roads", "report", off.to_str().unwrap()]), "j4 is not a square of the 9x9 board");
    let good = file_with("report-good.jsonl", &line);
    refused(&tinman(&["roads", "report", good.to_str().unwrap(), "--top", "0"]), "--top");
    refused(&tinman(&["roads", "report", good.to_str().unwrap(), c]), "one results file");
    let svg = temp("report-nodir.svg");
    let nowhere = svg.with_file_name("no-such-dir").join("x.svg");
    refused(
        &tinman(&["roads", "report", good.to_str().unwrap(), "--svg", nowhere.to_str().unwrap()]),
        "cannot write",
    );
}

/// A Python with dask.distributed: `TINMAN_PYTHON`, else the venv `target/pyenv` that
/// tests/run.sh fills, else `python3`; None if none has it.
fn dask_python() -> Option<PathBuf> {
    let venv = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("../pyenv/bin/python");
    let candidates =
        std::env::var_os("TINMAN_PYTHON").map(PathBuf::from).into_iter().chain([venv, "python3".into()]);
    candidates.into_iter().find(|p| {
        Command::new(p).args(["-c", "import distributed"]).output().is_ok_and(|o| o.status.success())
    })
}

#[test]
fn the_dask_driver_runs_the_shards_on_a_local_cluster() {
    let Some(python) = dask_python() else {
        eprintln!("note: no Python with dask.distributed (pip install 'dask[distributed]'); the driver's test is skipped");
        return;
    };
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/roads_dask.py");
    let roads = file_with("dask.txt", "c4,d5,e6,f5,g4\nc6,d5,e6,f5,g4\nc4,d5,e6,f5,g6\n");
    let whole = temp("dask-whole.jsonl");
    survey(&roads, 2, &[], &whole);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("roads-dask");
    let _ = std::fs::remove_dir_all(&dir);
    let driver = |survey_options: &[&str]| {
        let mut args = vec![script.to_str().unwrap(), "--local-workers", "2", "--shards", "2"];
        args.extend(["--tinman", env!("CARGO_BIN_EXE_tinman"), "--out", dir.to_str().unwrap(), "--"]);
        args.extend_from_slice(survey_options);
        Command::new(&python).args(&args).output().expect("the driver runs")
    };
    let options = ["--roads", roads.to_str().unwrap(), "--games-per-road", "2", "--each", NODES];
    let o = driver(&options);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout.contains("shard 1/2: roads survey: 2 roads")
            && stdout.contains("shard 2/2: roads survey: 1 roads")
    );
    assert!(stdout.contains("roads merge: 3 roads from 2 files"), "{stdout}");
    let merged = dir.join("all.jsonl");
    assert_eq!(text(&merged).lines().collect::<Vec<_>>(), sorted_lines(&whole));
    // A rerun resumes: every shard is complete, nothing is played, the merge is the same.
    let o = driver(&options);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    assert_eq!(stdout.matches("roads survey: 0 roads (0 stopped early), 0 games").count(), 2, "{stdout}");
    assert_eq!(text(&merged).lines().collect::<Vec<_>>(), sorted_lines(&whole));
    // The survey's refusal comes back as the driver's.
    let bad = file_with("dask-bad.txt", "c4,d5,e6,f5\n");
    let o = driver(&["--roads", bad.to_str().unwrap(), "--games-per-road", "2", "--each", NODES]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("has 4 squares"));
}
