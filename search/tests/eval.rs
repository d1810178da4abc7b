//! Evaluation terms whose effect is a direction: drawish endgames count less, threats on
//! greater pieces count, and the 50-move count fades an advantage.

use tinman_core::{variants, Position};
use tinman_search::eval::{evaluate, Values};
use tinman_search::{Limits, Score, Searcher};

fn eval(variant: &str, fen: &str) -> i32 {
    let v = variants::by_name(variant).unwrap();
    evaluate(&Position::from_fen(v, fen).unwrap(), &Values::for_variant(v))
}

#[test]
fn a_rook_against_a_knight_without_pawns_is_drawish() {
    let rook_vs_knight = eval("normal", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1");
    let rook_vs_pawn = eval("normal", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
    let rook_alone = eval("normal", "4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert!(rook_vs_knight < 100, "{rook_vs_knight}");
    assert!(rook_vs_pawn > 250, "{rook_vs_pawn}");
    assert!(rook_alone > 400, "{rook_alone}");
    // Games without a King to mate keep the whole advantage.
    let desert = eval("desertoasis", "12/12/12/12/12/12/5n6/12/12/5N6/12/4M7 w - - 0 1");
    assert!(desert > 250, "{desert}");
}

#[test]
fn a_piece_attacked_by_a_pawn_is_a_threat() {
    // The same pieces on the same squares; only whether the pawn's diagonal hits the Knight
    // (a pawn on e5 or h5: both passed, isolated and as far advanced) differs.
    let threatened = eval("normal", "4k3/p7/3n4/4P3/8/8/8/4K3 w - - 0 1");
    let safe = eval("normal", "4k3/p7/3n4/7P/8/8/8/4K3 w - - 0 1");
    assert!(threatened > safe + 20, "{threatened} vs {safe}");
}

/// The score of a depth-1 search of `fen` in `variant`, in centipawns.
fn depth_one_score(variant: &str, fen: &str) -> i32 {
    let p = Position::from_fen(variants::by_name(variant).unwrap(), fen).unwrap();
    let limits = Limits { depth: Some(1), ..Limits::default() };
    match Searcher::new(8).search(&p, &limits, &mut |_| {}).score {
        Score::Centipawns(cp) => cp,
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_fifty_move_count_fades_an_advantage() {
    let score =
        |halfmoves: u32| depth_one_score("normal", &format!("4k3/8/8/8/8/8/8/3QK3 w - - {halfmoves} 60"));
    let (fresh, late) = (score(0), score(80));
    assert!(fresh > 800 && late < fresh * 3 / 4, "{fresh} then {late}");
}

/// A depth-1 score `fresh` at a 50-move count of 0 and `late` at 80: only what is above
/// `kept` fades, to 120/200 (within a few centipawns for a different best leaf).
fn assert_faded_but(kept: i32, fresh: i32, late: i32) {
    assert!(fresh > kept, "{fresh}");
    let expected = kept + (fresh - kept) * 120 / 200;
    assert!((late - expected).abs() <= 20, "{fresh} then {late}, expected {expected}");
    assert!(late > fresh * 120 / 200 + kept / 4, "{fresh} then {late}");
}

#[test]
fn the_fifty_move_count_leaves_the_hunted_units_taken_whole() {
    // Eleven of the hunted side's thirteen units are taken: 11 x `HUNT_TAKEN` stand for progress that
    // no capture gives back, so the fade leaves them whole and scales only the rest. No
    // capture is in reach, so the depth-1 search scores much the same quiet line at both
    // counts (its best leaf may differ by a few centipawns); faded whole, it would keep 60%.
    use tinman_search::eval::{unfaded, weights::param};
    let v = variants::by_name("desertoasis").unwrap();
    let values = Values::for_variant(v);
    let taken = values.weights().get(param::HUNT_TAKEN).eg;
    let fen = |halfmoves: u32| format!("d10d/12/12/12/12/12/12/12/12/12/1NN9/DDWWFFMC4 w - - {halfmoves} 80");
    let searched = |halfmoves: u32| {
        let p = Position::from_fen(v, &fen(halfmoves)).unwrap();
        assert_eq!(unfaded(&p, &values), 11 * taken);
        depth_one_score("desertoasis", &fen(halfmoves))
    };
    let (fresh, late) = (searched(0), searched(80));
    let kept = 11 * taken;
    assert_faded_but(kept, fresh, late);
    // Black to move sees the same bookkeeping against it; other games keep nothing out.
    let black = Position::from_fen(v, "d10d/12/12/12/12/12/12/12/12/12/1NN9/DDWWFFMC4 b - - 0 80").unwrap();
    assert_eq!(unfaded(&black, &values), -kept);
    let normal = variants::by_name("normal").unwrap();
    let start = Position::from_fen(normal, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    assert_eq!(unfaded(&start, &Values::for_variant(normal)), 0);
}

#[test]
fn the_fifty_move_count_leaves_the_material_of_a_wazir_race_whole() {
    // Three Wazirs against one, far apart: the two extra Wazirs are progress no quiet move
    // gives back, so the fade scales only the rest. Faded whole, a siege score could pay for
    // a Wazir given away to restart the count.
    use tinman_search::eval::{material, unfaded};
    let v = variants::by_name("imawazir").unwrap();
    let values = Values::for_variant(v);
    let fen = |halfmoves: u32| format!("7w/8/8/8/8/8/8/WW5W w - - {halfmoves} 80");
    let searched = |halfmoves: u32| depth_one_score("imawazir", &fen(halfmoves));
    let white = Position::from_fen(v, &fen(0)).unwrap();
    let kept = unfaded(&white, &values);
    assert_eq!(kept, material(&white, &values));
    assert!(kept >= 2 * 200, "{kept}");
    let (fresh, late) = (searched(0), searched(80));
    assert_faded_but(kept, fresh, late);
    let black = Position::from_fen(v, "7w/8/8/8/8/8/8/WW5W b - - 0 80").unwrap();
    assert_eq!(unfaded(&black, &values), -kept);
}

/// White's coefficients of the hunt's flight and trapped terms in a `desertoasis` position.
fn hunt_net(fen: &str) -> (f32, f32) {
    use tinman_search::eval::{trace, weights::param};
    let v = variants::by_name("desertoasis").unwrap();
    let t = trace(&Position::from_fen(v, fen).unwrap(), &Values::for_variant(v));
    let coefficient =
        |slot: usize| t.terms.iter().find(|&&(s, _)| s as usize == slot).map_or(0.0, |&(_, c)| c);
    (coefficient(param::HUNT_FLIGHT), coefficient(param::HUNT_TRAPPED))
}

#[test]
fn the_hunt_counts_the_hunted_units_safe_squares() {
    // A lone Prince in the corner: a2, b1 and b2 are free, a1 is hit by the Knight on c2.
    assert_eq!(hunt_net("12/12/12/12/12/12/12/12/12/11P/2N9/m11 w - - 0 1"), (3.0, 0.0));
    // The Knight on d2 takes b1 away and the Prince on b3 a2 and b2: the Prince is trapped.
    assert_eq!(hunt_net("12/12/12/12/12/12/12/12/12/1M9P/2NN8/m11 w - - 0 1"), (0.0, 1.0));
    // In the open the Prince has eight steps and its square; only e4 is lost, to the Desert
    // Wazir on e3 jumping onto e5, the square the Prince has just left.
    assert_eq!(hunt_net("12/12/12/12/12/12/12/4m7/12/4W5PP/12/12 w - - 0 1"), (8.0, 0.0));
}

/// White's coefficients (White's count minus Black's) of the connected-pawn slots, by steps
/// to promotion, in a standard-chess position.
fn connected(fen: &str) -> Vec<(usize, f32)> {
    use tinman_search::eval::{trace, weights::param};
    let v = variants::by_name("normal").unwrap();
    let t = trace(&Position::from_fen(v, fen).unwrap(), &Values::for_variant(v));
    let mut found: Vec<(usize, f32)> = t
        .terms
        .iter()
        .filter(|&&(s, _)| (s as usize) >= param::CONNECTED && (s as usize) < param::COUNT)
        .map(|&(s, c)| (s as usize - param::CONNECTED, c))
        .filter(|&(_, c)| c != 0.0)
        .collect();
    found.sort_by_key(|&(steps, _)| steps);
    found
}

#[test]
fn connected_pawns_are_defended_by_a_pawn_or_beside_one() {
    // b3 is defended by a2 (five steps to go), d4 and e4 stand side by side (four); a2 and h2
    // are neither.
    assert_eq!(connected("4k3/8/8/8/3PP3/1P6/P6P/4K3 w - - 0 1"), vec![(4, 2.0), (5, 1.0)]);
    // The same for Black, whose pawns are defended from above and count against White.
    assert_eq!(connected("4k3/p6p/1p6/3pp3/8/8/8/4K3 w - - 0 1"), vec![(4, -2.0), (5, -1.0)]);
    // b3 defends a4 but not the other way round; d3 and f3, two files apart, are not beside.
    assert_eq!(connected("4k3/8/8/8/P7/1P1P1P2/8/4K3 w - - 0 1"), vec![(4, 1.0)]);
}

/// White's coefficient of evaluation slot `slot` in an `imawazir` position.
fn imawazir_coefficient(fen: &str, slot: usize) -> f32 {
    use tinman_search::eval::trace;
    let v = variants::by_name("imawazir").unwrap();
    let t = trace(&Position::from_fen(v, fen).unwrap(), &Values::for_variant(v));
    t.terms.iter().find(|&&(s, _)| s as usize == slot).map_or(0.0, |&(_, c)| c)
}

/// White's coefficient of the Wazir hunter term in an `imawazir` position (1 when White
/// hunts, -1 when Black does, 0 when neither).
fn wazir_hunter(fen: &str) -> f32 {
    imawazir_coefficient(fen, tinman_search::eval::weights::param::WAZIR_HUNTER)
}

#[test]
fn one_wazir_against_one_without_pawns_is_won_by_the_hunter() {
    // c4 and a1 are of different colours: the side to move steps next to the other and hunts
    // (White mates from here, tests/tactics.rs has the line).
    assert_eq!(wazir_hunter("8/8/8/8/2W5/8/8/w7 w - - 0 1"), 1.0);
    assert_eq!(wazir_hunter("8/8/8/8/2W5/8/8/w7 b - - 0 1"), -1.0);
    // c4 and b1 are of one colour: the side to move must step away from the opposition.
    assert_eq!(wazir_hunter("8/8/8/8/2W5/8/8/1w6 w - - 0 1"), -1.0);
    assert_eq!(wazir_hunter("8/8/8/8/2W5/8/8/1w6 b - - 0 1"), 1.0);
    // Either side's pawn could spend a tempo, and two Wazirs against one is the race's.
    assert_eq!(wazir_hunter("8/p7/8/8/2W5/8/8/w7 w - - 0 1"), 0.0);
    assert_eq!(wazir_hunter("8/8/8/8/2W5/8/7P/w7 w - - 0 1"), 0.0);
    assert_eq!(wazir_hunter("8/8/8/8/2W5/8/8/wW6 w - - 0 1"), 0.0);
    // The hunter's side to move sees it, whichever colour it is.
    for (fen, hunter_to_move) in [
        ("8/8/8/8/2W5/8/8/w7 w - - 0 1", true),
        ("8/8/8/8/2W5/8/8/w7 b - - 0 1", true),
        ("8/8/8/8/2W5/8/8/1w6 w - - 0 1", false),
        ("8/8/8/8/2W5/8/8/1w6 b - - 0 1", false),
    ] {
        let score = eval("imawazir", fen);
        assert!(if hunter_to_move { score > 300 } else { score < -300 }, "{fen}: {score}");
    }
}

#[test]
fn hunters_are_placed_by_the_hunt_not_by_rank() {
    // Three Desert units against a lone Desert King in the far corner: the Wazir one rank
    // nearer is better, whatever the fitted weights say about a Desert Wazir's rank.
    let home = eval("desertoasis", "11d/12/12/12/12/12/12/12/12/12/11W/WF10 w - - 0 1");
    let nearer = eval("desertoasis", "11d/12/12/12/12/12/12/12/12/11W/12/WF10 w - - 0 1");
    assert!(nearer > home, "{nearer} vs {home}");
    // Without a hunt (three units against two is no majority of two to one) rank and centre
    // count instead of the closeness: the same step gains less (the first table even
    // scored it a loss; the second, whose endgame rank weight rose, a small gain).
    let home_free = eval("desertoasis", "11d/11w/12/12/12/12/12/12/12/12/11W/WF10 w - - 0 1");
    let nearer_free = eval("desertoasis", "11d/11w/12/12/12/12/12/12/12/11W/12/WF10 w - - 0 1");
    assert!(nearer_free - home_free < nearer - home, "{nearer_free} - {home_free} vs {nearer} - {home}");
}

#[test]
fn taking_a_hunted_unit_raises_the_hunters_score() {
    // Three hunted units; an Oasis Ferz beside three Knights is taken by one of them. Its
    // closeness to three free hunters and its trap were worth more than its material, so
    // before `HUNT_TAKEN` the capture lowered White's score (+3648 → +3413).
    let before = eval("desertoasis", "d10d/12/12/12/12/12/5x6/4N1N5/5N6/12/12/DDWWFFMC4 w - - 0 80");
    let after = eval("desertoasis", "d10d/12/12/12/12/12/5N6/4N1N5/12/12/12/DDWWFFMC4 w - - 0 80");
    assert!(after > before + 300, "{after} vs {before}");
}

#[test]
fn taking_the_unit_that_starts_the_hunt_does_not_cost_the_hunters() {
    // From a game against the gauge (Black's 25 units against 7), with seven White units and
    // one Black unit added so that it is 26 against 14: a Desert King jumps the Desert Ferz
    // on c5, which starts the hunt. Placement and mobility stop counting there; before
    // `HUNT_ARMY` that cost Black some 1,200 cp and it never took the unit, drawing by the
    // 50-move rule. White's view, White to move in both.
    let before = eval(
        "desertoasis",
        "3w4w3/1x1f4fwxv/3w7w/3fvvf5/6vm4/3m1d6/5d1d4/2Fd1d1d4/7d4/W8d2/WW2MD4WW/FFVW2WX3o w - - 0 244",
    );
    let after = eval(
        "desertoasis",
        "3w4w3/1x1f4fwxv/3w7w/3fvvf5/6vm4/3m1d6/5d1d4/1d3d1d4/7d4/W8d2/WW2MD4WW/FFVW2WX3o w - - 0 244",
    );
    assert!(after < before, "{after} vs {before}");
}

/// White's coefficient of the siege term in an `imawazir` position (White's count minus
/// Black's).
fn wazir_siege(fen: &str) -> f32 {
    imawazir_coefficient(fen, tinman_search::eval::weights::param::WAZIR_SIEGE)
}

#[test]
fn wazirs_besiege_locked_pawns_and_wazirs_at_home() {
    // The coefficient is pressure × ranks ahead × 8 / the larger army, each side's.
    // Neither a locked pair nor enemy Wazirs on their back rank: nothing, however far the
    // Wazir stands; one enemy Wazir at home is not yet half a pair.
    assert_eq!(wazir_siege("8/w7/8/p7/8/W7/P7/8 w - - 0 1"), 0.0);
    assert_eq!(wazir_siege("w7/8/8/p7/8/W7/P7/8 w - - 0 1"), 0.0);
    // Two enemy Wazirs at home press like a locked pair: two ranks ahead, over two Wazirs.
    assert_eq!(wazir_siege("ww6/8/8/p7/8/W7/P7/8 w - - 0 1"), 8.0);
    // One locked pair: ranks ahead of the own back rank, each side's (16 − 8).
    assert_eq!(wazir_siege("8/w7/8/p7/P7/W7/8/8 w - - 0 1"), 8.0);
    assert_eq!(wazir_siege("w7/8/8/p7/P7/8/8/W7 w - - 0 1"), 0.0);
    assert_eq!(wazir_siege("8/8/w7/p7/P7/W7/8/8 b - - 0 1"), 0.0);
    // Two Wazirs (on ranks 3 and 2), two pairs and two enemy Wazirs at home: 3 × 3 × 8 / 2.
    assert_eq!(wazir_siege("ww6/8/8/pp6/PP6/W7/1W6/8 w - - 0 1"), 36.0);
    // Five locked pairs count as four: (4 + 1) × 2 × 8 / 2.
    assert_eq!(wazir_siege("ww6/8/8/ppppp3/PPPPP3/W7/8/8 w - - 0 1"), 40.0);
}

#[test]
fn the_siege_costs_nothing_in_an_even_trade_and_gains_nothing_from_a_lost_wazir() {
    // h5 traded for g7 behind one locked pair: White 4 + 4 ranks over two Wazirs before and
    // 4 over one after (32), Black 1 + 1 over two and 1 over one (8). Counted Wazir by
    // Wazir, White would lose 4 and Black 1 in the trade.
    let before = wazir_siege("8/1w4w1/8/W1p4W/2P5/8/8/8 w - - 0 1");
    let after = wazir_siege("8/1w6/8/W1p5/2P5/8/8/8 w - - 0 1");
    assert_eq!((before, after), (24.0, 24.0));
    // White's Wazir at home lost against two at home: still 4 ranks over an army of two.
    let whole = wazir_siege("ww6/8/8/W7/8/8/8/W7 w - - 0 1");
    let lost = wazir_siege("ww6/8/8/W7/8/8/8/8 w - - 0 1");
    assert_eq!((whole, lost), (16.0, 16.0));
}

#[test]
fn a_passed_pawn_no_enemy_wazir_catches_is_a_runaway() {
    use tinman_search::eval::weights::param::RUNAWAY_PAWN;
    // White's count minus Black's, with why.
    let cases = [
        (
            "w7/8/8/4P3/8/8/8/W7 w - - 0 1",
            1.0,
            "e5 to e8 takes three moves; a8 needs four to stand next to e8",
        ),
        ("w7/8/8/4P3/8/8/8/W7 b - - 0 1", 0.0, "with Black to move the Wazir gets there in time"),
        ("1w6/8/8/4P3/8/8/8/W7 w - - 0 1", 0.0, "so does a Wazir one file nearer"),
        ("w7/3p4/8/4P3/8/8/8/W7 w - - 0 1", 0.0, "an enemy pawn ahead on a neighbouring file: not passed"),
        ("w7/8/4W3/4P3/8/8/8/8 w - - 0 1", 0.0, "its own Wazir in the way: not (yet) a runaway"),
        ("7W/8/8/8/3p4/8/8/w7 b - - 0 1", -1.0, "Black's pawn runs from d4 to d1, White's Wazir is on h8"),
        ("8/8/8/1w6/8/8/4P3/W7 w - - 0 1", 1.0, "the double step: five moves from e2, b5 needs six"),
        ("8/8/8/2w5/8/8/4P3/W7 w - - 0 1", 0.0, "and from c5 five"),
    ];
    for (fen, expected, why) in cases {
        assert_eq!(imawazir_coefficient(fen, RUNAWAY_PAWN), expected, "{why}: {fen}");
    }
}
