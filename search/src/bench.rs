//! `bench`: fixed positions of every game searched to a fixed depth. The total node count is
//! a signature of the search (any change in its behaviour changes it); nps measures speed.

use crate::limits::Limits;
use crate::searcher::Searcher;
use std::time::{Duration, Instant};
use tinman_core::{variants, Position};

/// (variant, FEN or "startpos"): six positions of every game, from the start and from the
/// perft suites' middlegames.
pub const POSITIONS: &[(&str, &str)] = &[
    ("normal", "startpos"),
    ("normal", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("normal", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("normal", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    ("normal", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
    ("normal", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    ("wizardoz", "startpos"),
    ("wizardoz", "rnf1bkqnr/pp1p2pp1/2p6/4p3p/3B1p3/2P6/P8/1P1PPP1PP/RNQKB1FNR w KQkq - 0 8"),
    ("wizardoz", "r1fbbkqnr/pppp1p1pp/6p2/4F4/9/1PP3p2/9/P2PPP1PP/RNQKnB1NR w KQkq - 0 8"),
    ("wizardoz", "r1f1bkqnr/ppp2pppp/3p5/4P4/3n1b3/P1Q3PPB/9/1P1PPP2P/RN1KB1FNR w KQkq - 3 8"),
    ("wizardoz", "rnf1bkq1r/ppp2pppp/5b3/3pp4/3P1n3/5P3/NPP3P1P/P3P2P1/R1QKBBFNR b KQkq - 0 8"),
    ("wizardoz", "rnfbbkqnr/2p2p1pp/p2p5/1p7/5F3/1PP3p2/9/P2PPP1PP/RN1KBB1NR w KQkq - 0 8"),
    ("desertoasis", "startpos"),
    ("desertoasis", "cn1wm1omw1nc/vxwf1xxvfwxv/pp5pp2p/2pfpdp2fp1/1p1W1F1nD3/2P1PWP2P2/PD1p1p2F2P/3P3P4/2N2XV5/PP8P1/VXWFV1XV1WXV/C1FWM1OMWFNC w - - 0 1"),
    ("desertoasis", "12/9NW1/9dW1/7v2N1/2w3c5/4x2v4/4fDc1v3/3f2xw4/2n1v1f1f3/3x1n6/12/V11 w - - 0 1"),
    ("desertoasis", "N8D2/10w1/11V/12/4x1w5/3f1f1w4/4mWf5/3x1x1m4/4v1v5/2n9/1D10/2w9 w - - 0 1"),
    ("desertoasis", "12/12/12/2vnNx1NW3/2f1x2X4/2fVPfoNpP2/3w2VP1N2/3VO2FFv2/2w2XPv4/12/12/12 w - - 0 1"),
    ("desertoasis", "4m7/12/12/12/1n2w7/P1P2P6/7p1p2/6W1N3/12/12/12/4D7 w - - 0 1"),
    ("imawazir", "startpos"),
    ("imawazir", "ww1w1ww1/pp3ppp/2wp4/3WwW2/2W1P3/2P2w2/PP3PPP/WW3WW1 w - - 0 1 c6=4,d5=5,e5=6,f5=3,c4=2,f3=5"),
    ("imawazir", "3w4/1p3p2/2w5/3WwW2/2W5/5w2/2P3P1/1W6 w - - 0 1 c4=3,d5=5,e5=6,f5=2,c6=4,f3=4"),
    ("imawazir", "w7/p3p3/3W4/2w2w2/3Ww3/8/1P3P2/6W1 b - - 0 1 d6=6,c5=5,f5=3,d4=4,e4=2"),
    ("imawazir", "8/3w4/1w4w1/2W5/5W2/1W6/2w5/8 w - - 0 1 c5=5,f4=3"),
    ("imawazir", "w1w5/1P4P1/3w4/4W3/3W4/8/2p4p/1W4W1 w - - 0 1 d6=4,e5=3,d4=5"),
    ("wedgie", "startpos"),
    ("wedgie", "****k****/***3***/**3nb**/*2q2P1*/p1b2rp2/1p1pN1P2/B2p4P/1NP1PnPR1/*P6*/**4R**/***1QB***/****K**** w - - 0 26"),
    ("wedgie", "****1****/***1kb***/**1R3**/*2pp2p*/B2q2pr1/2pp5/P1N2n3/P4P3/*2PRPpP*/**BN3**/***2Q***/****K**** b - - 1 24"),
    ("wedgie", "****k****/***bqb***/**rn1nr**/*pp2p1p*/9/2p1p4/PR1PpPP2/P4p3/*2PP2R*/**1NPN1**/***BQB***/****K**** b - e5d6 0 9"),
    ("wedgie", "****k****/***q2***/**2rn1**/*np1b2b*/PPp1p4/1P1Ppp3/4pP2P/3p4P/*3QB1p*/**RN3**/***R1K***/****N**** b - - 0 25"),
    ("wedgie", "****k****/***bqb***/**r1pn1**/*p3r1p*/3pn1p2/2P2p3/4PPppP/2P5P/*4P2*/**RNBNR**/***1QB***/****K**** b - h5i6 0 11"),
];

/// One bench run's totals.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub nodes: u64,
    pub elapsed: Duration,
    /// Per position: variant, nodes, best move text.
    pub positions: Vec<(String, u64, String)>,
}

impl BenchReport {
    pub fn nps(&self) -> u64 {
        (self.nodes as u128 * 1_000_000 / self.elapsed.as_micros().max(1)) as u64
    }
}

/// Searches the bench positions of one game (`Some(name)`) or of all games to `depth`, one
/// thread, a fresh 16 MB table each.
pub fn run(depth: u32, game: Option<&str>) -> BenchReport {
    let start = Instant::now();
    let mut positions = Vec::new();
    let mut nodes = 0;
    for &(name, fen) in POSITIONS.iter().filter(|(name, _)| game.is_none_or(|g| g == *name)) {
        let variant = variants::by_name(name).expect("bench variant exists");
        let pos = if fen == "startpos" {
            Position::start(variant)
        } else {
            Position::from_fen(variant, fen).expect("bench FEN is valid")
        };
        let mut searcher = Searcher::new(16);
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let result = searcher.search(&pos, &limits, &mut |_| {});
        nodes += result.nodes;
        let best = result.best.map_or("(none)".to_string(), |m| pos.move_text(m));
        positions.push((name.to_string(), result.nodes, best));
    }
    BenchReport { nodes, elapsed: start.elapsed(), positions }
}
