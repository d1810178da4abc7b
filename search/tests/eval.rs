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

#[test]
fn the_fifty_move_count_fades_an_advantage() {
    let v = variants::by_name("normal").unwrap();
    let score = |halfmoves: u32| {
        let fen = format!("4k3/8/8/8/8/8/8/3QK3 w - - {halfmoves} 60");
        let p = Position::from_fen(v, &fen).unwrap();
        let limits = Limits { depth: Some(1), ..Limits::default() };
        match Searcher::new(8).search(&p, &limits, &mut |_| {}).score {
            Score::Centipawns(cp) => cp,
            other => panic!("{other:?}"),
        }
    };
    let (fresh, late) = (score(0), score(80));
    assert!(fresh > 800 && late < fresh * 3 / 4, "{fresh} then {late}");
}
