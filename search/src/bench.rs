//! `bench`: fixed positions of every game searched to a fixed depth. The total node count is
//! a signature of the search (any change in its behaviour changes it); nps measures speed.

use crate::limits::Limits;
use crate::search::Searcher;
use std::time::{Duration, Instant};
use tinman_core::{variants, Position};

/// (variant, FEN or "startpos").
pub const POSITIONS: &[(&str, &str)] = &[
    ("normal", "startpos"),
    ("normal", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("normal", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    ("wizardoz", "startpos"),
    ("wizardoz", "rnf1bkqnr/pp1p2pp1/2p6/4p3p/3B1p3/2P6/P8/1P1PPP1PP/RNQKB1FNR w KQkq - 0 8"),
    ("desertoasis", "startpos"),
    ("desertoasis", "cn1wm1omw1nc/vxwf1xxvfwxv/pp5pp2p/2pfpdp2fp1/1p1W1F1nD3/2P1PWP2P2/PD1p1p2F2P/3P3P4/2N2XV5/PP8P1/VXWFV1XV1WXV/C1FWM1OMWFNC w - - 0 1"),
    ("imawazir", "startpos"),
    ("imawazir", "ww1w1ww1/pp3ppp/2wp4/3WwW2/2W1P3/2P2w2/PP3PPP/WW3WW1 w - - 0 1 c6=4,d5=5,e5=6,f5=3,c4=2,f3=5"),
    ("wedgie", "startpos"),
    ("wedgie", "****k****/***3***/**3nb**/*2q2P1*/p1b2rp2/1p1pN1P2/B2p4P/1NP1PnPR1/*P6*/**4R**/***1QB***/****K**** w - - 0 26"),
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

/// Searches every bench position to `depth` with a fresh 16 MB table each.
pub fn run(depth: u32) -> BenchReport {
    let start = Instant::now();
    let mut positions = Vec::new();
    let mut nodes = 0;
    for &(name, fen) in POSITIONS {
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
