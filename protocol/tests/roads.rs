//! `tinman roads`, run as a user would: the road list, surveys (tiny node limits), resume,
//! shards and merge, the report, and bad input.

use std::collections::HashSet;
use std::process::{Command, Output};

fn tinman(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tinman")).args(args).output().expect("tinman runs")
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
