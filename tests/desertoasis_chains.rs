//! Desert Oasis Chess: the engine's move generation against an independent, deliberately
//! simple one written from the rules (spec section 3), compared at every node of perft trees.
//!
//! The reference ([`naive`]) shares nothing with the engine but the FEN text: its own board
//! (an array of letters), its own FEN reader, its own make. Capturing chains are found by a
//! plain recursive search over every path (no memoisation); paths are merged into moves only
//! at the end, by (start, end, set of captured units), keeping the smallest text. Oasis
//! (non-capturing) chains are a flood fill of the squares reachable by jumps.
//!
//! Engine conventions the reference follows on purpose:
//! - a capturing chain holds at most 12 jumps: the engine's `Move` stores the path as 12
//!   directions of 3 bits in 64 bits (`MAX_JUMPS`), so a 13th jump cannot be written;
//! - a position where either side has no units has no legal moves (the game is decided).
//!
//! The perft trees are walked with both generators side by side: at each node the reference
//! board is compared square by square with the engine's, the two move sets are compared as
//! sets of (from, to, sorted captured squares, promotion letter, chain or not), and for every
//! chain the engine's text must be the smallest text of all paths the reference found for it.
//! The heavier depths are `#[ignore]`d; run them with
//! `cargo test --release --test desertoasis_chains -- --include-ignored`.

use std::collections::BTreeMap;
use std::time::Instant;
use tinman_core::{
    perft::perft, variants, Color, DrawReason, Move, Outcome, Position, Special, Square, WinReason,
};

/// A move as both generators can describe it.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Key {
    from: usize,
    to: usize,
    /// Captured squares, sorted.
    captured: Vec<usize>,
    /// Lower-case promotion letter.
    promotion: Option<char>,
    /// A capturing jump chain (written as legs).
    chain: bool,
}

mod naive {
    //! The reference generator, from the rules text only.

    use super::Key;
    use std::collections::{BTreeMap, HashMap};

    pub const SIZE: i32 = 12;
    /// Most jumps of a capturing chain (the engine's `Move` layout; see the file comment).
    pub const MAX_JUMPS: usize = 12;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Unit {
        pub white: bool,
        /// Upper-case FEN letter.
        pub letter: char,
    }

    #[derive(Clone)]
    pub struct Board {
        pub cells: [Option<Unit>; 144],
        pub white_to_move: bool,
    }

    pub fn name(sq: usize) -> String {
        format!("{}{}", (b'a' + (sq % 12) as u8) as char, sq / 12 + 1)
    }

    fn at(sq: usize, df: i32, dr: i32) -> Option<usize> {
        let f = (sq % 12) as i32 + df;
        let r = (sq / 12) as i32 + dr;
        if (0..SIZE).contains(&f) && (0..SIZE).contains(&r) {
            Some((r * SIZE + f) as usize)
        } else {
            None
        }
    }

    const ORTHOGONAL: &[(i32, i32)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
    const DIAGONAL: &[(i32, i32)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const KING: &[(i32, i32)] = &[(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];
    const KNIGHT: &[(i32, i32)] = &[(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
    const CAMEL: &[(i32, i32)] = &[(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)];
    const PROMOTIONS: &[char] = &['n', 'c', 'm', 'w', 'f', 'd', 'v', 'x', 'o'];

    impl Board {
        /// Reads the board and side-to-move fields of a 12x12 FEN.
        pub fn from_fen(fen: &str) -> Board {
            let mut fields = fen.split_whitespace();
            let rows: Vec<&str> = fields.next().unwrap().split('/').collect();
            assert_eq!(rows.len(), 12, "{fen}");
            let mut cells = [None; 144];
            for (i, row) in rows.iter().enumerate() {
                let rank = 11 - i;
                let mut file = 0;
                let mut run = 0;
                for c in row.chars() {
                    if let Some(d) = c.to_digit(10) {
                        run = run * 10 + d as usize;
                        continue;
                    }
                    file += run;
                    run = 0;
                    cells[rank * 12 + file] =
                        Some(Unit { white: c.is_ascii_uppercase(), letter: c.to_ascii_uppercase() });
                    file += 1;
                }
                assert_eq!(file + run, 12, "row {row} of {fen}");
            }
            let white_to_move = fields.next() == Some("w");
            Board { cells, white_to_move }
        }

        fn is_enemy(&self, sq: usize) -> bool {
            matches!(self.cells[sq], Some(u) if u.white != self.white_to_move)
        }

        /// Every legal move, with its text (for chains the smallest text of all its paths).
        pub fn moves(&self) -> BTreeMap<Key, String> {
            let mut out = BTreeMap::new();
            let has = |white: bool| self.cells.iter().flatten().any(|u| u.white == white);
            if !has(true) || !has(false) {
                return out; // decided: someone has no units left
            }
            for from in 0..144 {
                let Some(u) = self.cells[from] else { continue };
                if u.white != self.white_to_move {
                    continue;
                }
                match u.letter {
                    'P' => self.pawn(from, &mut out),
                    'N' => self.leaper(from, KNIGHT, &mut out),
                    'C' => self.leaper(from, CAMEL, &mut out),
                    'M' => self.leaper(from, KING, &mut out),
                    'W' => self.desert(from, ORTHOGONAL, &mut out),
                    'F' => self.desert(from, DIAGONAL, &mut out),
                    'D' => self.desert(from, KING, &mut out),
                    'V' => self.oasis(from, ORTHOGONAL, &mut out),
                    'X' => self.oasis(from, DIAGONAL, &mut out),
                    'O' => self.oasis(from, KING, &mut out),
                    other => panic!("unknown piece {other}"),
                }
            }
            out
        }

        fn simple(
            out: &mut BTreeMap<Key, String>,
            from: usize,
            to: usize,
            capture: bool,
            promotion: Option<char>,
        ) {
            let key =
                Key { from, to, captured: if capture { vec![to] } else { vec![] }, promotion, chain: false };
            let mut text = format!("{}{}", name(from), name(to));
            text.extend(promotion);
            assert!(out.insert(key, text).is_none());
        }

        fn pawn(&self, from: usize, out: &mut BTreeMap<Key, String>) {
            let dir = if self.white_to_move { 1 } else { -1 };
            // White promotes on rank 8, Black on rank 5 (0-based 7 and 4).
            let zone = if self.white_to_move { 7 } else { 4 };
            let mut add = |to: usize, capture: bool| {
                if to / 12 == zone {
                    for &p in PROMOTIONS {
                        Self::simple(out, from, to, capture, Some(p));
                    }
                } else {
                    Self::simple(out, from, to, capture, None);
                }
            };
            if let Some(to) = at(from, 0, dir) {
                if self.cells[to].is_none() {
                    add(to, false);
                }
            }
            for df in [-1, 1] {
                if let Some(to) = at(from, df, dir) {
                    if self.is_enemy(to) {
                        add(to, true);
                    }
                }
            }
        }

        fn leaper(&self, from: usize, offsets: &[(i32, i32)], out: &mut BTreeMap<Key, String>) {
            for &(df, dr) in offsets {
                if let Some(to) = at(from, df, dr) {
                    if self.cells[to].is_none() || self.is_enemy(to) {
                        Self::simple(out, from, to, self.cells[to].is_some(), None);
                    }
                }
            }
        }

        /// Desert piece: steps without capturing; captures by chains of jumps over enemies.
        fn desert(&self, from: usize, dirs: &[(i32, i32)], out: &mut BTreeMap<Key, String>) {
            for &(df, dr) in dirs {
                if let Some(to) = at(from, df, dr) {
                    if self.cells[to].is_none() {
                        Self::simple(out, from, to, false, None);
                    }
                }
            }
            // Every path, recorded as (end, captured set) -> smallest text.
            let mut found: HashMap<(usize, [bool; 144]), String> = HashMap::new();
            let mut captured = [false; 144];
            let mut text = String::new();
            self.jumps(from, from, dirs, 0, &mut captured, &mut text, &mut found);
            for ((to, set), text) in found {
                let captured: Vec<usize> = (0..144).filter(|&s| set[s]).collect();
                let key = Key { from, to, captured, promotion: None, chain: true };
                assert!(out.insert(key, text).is_none());
            }
        }

        #[allow(clippy::too_many_arguments)]
        fn jumps(
            &self,
            start: usize,
            here: usize,
            dirs: &[(i32, i32)],
            count: usize,
            captured: &mut [bool; 144],
            text: &mut String,
            found: &mut HashMap<(usize, [bool; 144]), String>,
        ) {
            if count == MAX_JUMPS {
                return;
            }
            for &(df, dr) in dirs {
                let (Some(over), Some(land)) = (at(here, df, dr), at(here, 2 * df, 2 * dr)) else { continue };
                // Over an enemy not yet jumped, onto an empty square (the start counts as
                // empty; jumped units stay on the board until the move ends).
                if !self.is_enemy(over) || captured[over] {
                    continue;
                }
                if self.cells[land].is_some() && land != start {
                    continue;
                }
                let len = text.len();
                if len > 0 {
                    text.push(',');
                }
                text.push_str(&format!("{}{},{}{}", name(here), name(over), name(over), name(land)));
                captured[over] = true;
                let entry = found.entry((land, *captured)).or_insert_with(|| text.clone());
                if *text < *entry {
                    *entry = text.clone();
                }
                self.jumps(start, land, dirs, count + 1, captured, text, found);
                captured[over] = false;
                text.truncate(len);
            }
        }

        /// Oasis piece: captures by stepping onto an enemy; moves by chains of jumps over any
        /// units, never capturing, to any square it can reach other than its start.
        fn oasis(&self, from: usize, dirs: &[(i32, i32)], out: &mut BTreeMap<Key, String>) {
            for &(df, dr) in dirs {
                if let Some(to) = at(from, df, dr) {
                    if self.is_enemy(to) {
                        Self::simple(out, from, to, true, None);
                    }
                }
            }
            let occupied = |s: usize| s != from && self.cells[s].is_some();
            let mut reached = [false; 144];
            reached[from] = true;
            let mut todo = vec![from];
            while let Some(here) = todo.pop() {
                for &(df, dr) in dirs {
                    let (Some(over), Some(land)) = (at(here, df, dr), at(here, 2 * df, 2 * dr)) else {
                        continue;
                    };
                    if occupied(over) && !occupied(land) && !reached[land] {
                        reached[land] = true;
                        todo.push(land);
                    }
                }
            }
            for to in (0..144).filter(|&s| reached[s] && s != from) {
                Self::simple(out, from, to, false, None);
            }
        }

        /// The board after `key` (which must be one of [`Board::moves`]).
        pub fn after(&self, key: &Key) -> Board {
            let mut b = self.clone();
            let mut unit = b.cells[key.from].take().unwrap();
            for &c in &key.captured {
                b.cells[c] = None;
            }
            if let Some(p) = key.promotion {
                unit.letter = p.to_ascii_uppercase();
            }
            b.cells[key.to] = Some(unit);
            b.white_to_move = !b.white_to_move;
            b
        }
    }
}

fn desertoasis() -> &'static tinman_core::Variant {
    variants::by_name("desertoasis").unwrap()
}

fn engine_key(p: &Position, m: Move) -> Key {
    let chain = m.special() == Special::MultiCapture;
    assert!(chain || m.special() == Special::Normal, "{m:?}");
    let mut captured: Vec<usize> = if chain {
        m.jump_squares().map(|(over, _)| over.index()).collect()
    } else {
        match p.piece_at(m.to()) {
            Some(x) if x.color() != p.side_to_move() => vec![m.to().index()],
            _ => vec![],
        }
    };
    captured.sort();
    let promotion = m.promoted().map(|k| p.variant().piece_type(k).letter.to_ascii_lowercase());
    Key { from: m.from().index(), to: m.to().index(), captured, promotion, chain }
}

fn describe(k: &Key) -> String {
    let caps: Vec<String> = k.captured.iter().map(|&s| naive::name(s)).collect();
    format!(
        "{}->{} x[{}] {:?}{}",
        naive::name(k.from),
        naive::name(k.to),
        caps.join(" "),
        k.promotion,
        if k.chain { " chain" } else { "" }
    )
}

/// Asserts the engine's board equals the reference board.
fn same_board(p: &Position, b: &naive::Board) {
    assert_eq!(p.side_to_move() == Color::White, b.white_to_move, "side to move in {}", p.to_fen());
    for i in 0..144u8 {
        let engine = p.piece_at(Square::new(i).unwrap()).map(|x| naive::Unit {
            white: x.color() == Color::White,
            letter: p.variant().piece_type(x.kind()).letter,
        });
        assert_eq!(engine, b.cells[i as usize], "square {} in {}", naive::name(i as usize), p.to_fen());
    }
}

#[derive(Default, Debug)]
struct Stats {
    nodes: u64,
    chains: u64,
    max_moves: usize,
    longest_chain: usize,
    ended: u64,
}

/// The result the rules give: a side without units has lost; a side to move without a legal
/// move is stalemated (the trees here are too short for repetition or the 50-move rule).
fn reference_outcome(b: &naive::Board, no_moves: bool) -> Option<Outcome> {
    for white in [true, false] {
        if !b.cells.iter().flatten().any(|u| u.white == white) {
            let winner = if white { Color::Black } else { Color::White };
            return Some(Outcome::Win { winner, reason: WinReason::Extinction });
        }
    }
    no_moves.then_some(Outcome::Draw(DrawReason::Stalemate))
}

/// Walks the perft tree of `depth` with both generators, comparing at every node that has
/// moves counted (plies 0..depth-1), and returns the reference's leaf count.
fn walk(p: &mut Position, b: &naive::Board, depth: u32, stats: &mut Stats) -> u64 {
    same_board(p, b);
    let reference = b.moves();
    let list = p.legal_moves();
    let mut engine: BTreeMap<Key, Move> = BTreeMap::new();
    for &m in list.iter() {
        let k = engine_key(p, m);
        if let Some(old) = engine.insert(k.clone(), m) {
            panic!("engine lists {} twice ({old:?}, {m:?}) in {}", describe(&k), p.to_fen());
        }
    }
    let missing: Vec<String> = reference.keys().filter(|k| !engine.contains_key(*k)).map(describe).collect();
    let extra: Vec<String> = engine.keys().filter(|k| !reference.contains_key(*k)).map(describe).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "in {}\n missing from the engine: {missing:?}\n extra in the engine: {extra:?}",
        p.to_fen()
    );
    for (k, &m) in &engine {
        assert_eq!(p.move_text(m), reference[k], "text of {} in {}", describe(k), p.to_fen());
    }
    assert_eq!(p.outcome(), reference_outcome(b, reference.is_empty()), "outcome of {}", p.to_fen());
    stats.nodes += 1;
    stats.ended += reference.is_empty() as u64;
    stats.chains += engine.keys().filter(|k| k.chain).count() as u64;
    stats.max_moves = stats.max_moves.max(engine.len());
    stats.longest_chain = stats
        .longest_chain
        .max(engine.keys().map(|k| if k.chain { k.captured.len() } else { 0 }).max().unwrap_or(0));
    if depth <= 1 {
        return reference.len() as u64;
    }
    let mut leaves = 0;
    let hash = p.hash();
    for (k, &m) in &engine {
        let next = b.after(k);
        p.make(m);
        assert_eq!(p.hash(), p.compute_hash(), "hash after {} in {}", describe(k), p.to_fen());
        leaves += walk(p, &next, depth - 1, stats);
        p.unmake();
        assert_eq!(p.hash(), hash, "hash after unmaking {}", describe(k));
    }
    leaves
}

/// Compares the two generators on the perft tree of `fen` to `depth` and the two perft
/// counts; returns the engine's counts for depths 1..=depth.
fn check(label: &str, fen: &str, depth: u32) -> Vec<u64> {
    let mut p = Position::from_fen(desertoasis(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(p.to_fen(), fen);
    let b = naive::Board::from_fen(fen);
    let t = Instant::now();
    let mut stats = Stats::default();
    let reference = walk(&mut p, &b, depth, &mut stats);
    let compared = t.elapsed();
    let t = Instant::now();
    let counts: Vec<u64> = (1..=depth).map(|d| perft(&mut p, d)).collect();
    let engine_time = t.elapsed();
    assert_eq!(p.to_fen(), fen, "perft left the position changed");
    assert_eq!(reference, counts[depth as usize - 1], "perft {depth} of {label}: reference vs engine");
    eprintln!(
        "{label}: {fen}\n  perft 1..{depth} = {counts:?}; compared at {} nodes ({} chains, longest {} jumps, \
         at most {} moves, {} ended games) in {compared:?}; engine perft in {engine_time:?}",
        stats.nodes, stats.chains, stats.longest_chain, stats.max_moves, stats.ended
    );
    counts
}

const START: &str = "cnfwmdomwfnc/vxwfvxxvfwxv/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/VXWFVXXVFWXV/CNFWMDOMWFNC w - - 0 1";

/// Crowded positions built to have many branching chains; see each comment. (Generated as
/// random lattices around a Desert King and then kept as FEN; every count here was checked by
/// the reference above.)
const CROWDED: &[(&str, &str)] = &[
    // White Desert King f6 on a checkerboard of Black units (orthogonal jumps), with units on
    // e7 and g5 to switch to diagonal jumps; a Black Desert King j10 among White units.
    ("king lattice A", "12/9X2/8CdW1/3p1n2F1C1/4f1m1v3/3xxw1p4/2p1fD2f3/5cx5/2v1v1n1f3/3n8/12/V11 w - - 0 1"),
    ("king lattice B", "12/9NW1/9dW1/7v2N1/2w3c5/4x2v4/4fDc1v3/3f2xw4/2n1v1f1f3/3x1n6/12/V11 w - - 0 1"),
    // White Desert Ferz e5 and Desert King i5 in a diagonal lattice of Black units (on
    // squares with odd file and rank), a Black Desert Ferz f10 among White units.
    ("ferz lattice", "12/4X1W1C3/5f6/2V1X1N5/1n1m1m1w1w2/12/1w1w1n1mwx2/4F3Dw2/1n1n1w1m4/12/1w3v1w1v2/12 w - - 0 1"),
    // White Desert Wazir f6 in the middle of a 3x3 grid of landing squares whose twelve edges
    // are all Black units: loops, chains back through f6, many paths per move.
    ("wazir grid", "N8D2/10w1/11V/12/4x1w5/3f1f1w4/4mWf5/3x1x1m4/4v1v5/2n9/1D10/2w9 w - - 0 1"),
    // Oasis Kings, Wazirs and Ferzes of both sides in a dense mixed crowd.
    ("oasis crowd", "12/12/12/2vnNx1NW3/2f1x2X4/2fVPfoNpP2/3w2VP1N2/3VO2FFv2/2w2XPv4/12/12/12 w - - 0 1"),
    // A Desert King lattice against the top edge (two-digit ranks, jumps off the board) and a
    // Black Desert King lattice against the bottom edge.
    ("edge lattices", "8x1f1/4xw1m1w2/2c1mDp1n1f1/1v3vxm4/4m3f3/1x5x1c2/12/2W1F3F3/7W4/2X1XdX5/3F1N1C1X2/4M1W3C1 w - - 0 1"),
    // Both armies advanced into contact, Desert pieces of both sides next to enemy units.
    ("midgame", "cn1wm1omw1nc/vxwf1xxvfwxv/pp5pp2p/2pfpdp2fp1/1p1W1F1nD3/2P1PWP2P2/PD1p1p2F2P/3P3P4/2N2XV5/PP8P1/VXWFV1XV1WXV/C1FWM1OMWFNC w - - 0 1"),
    // Pawns about to promote for both sides (by step and by capture), so promoted Desert and
    // Oasis pieces act later in the tree.
    ("promotions", "4m7/12/12/12/1n2w7/P1P2P6/7p1p2/6W1N3/12/12/12/4D7 w - - 0 1"),
    // Each side can capture all enemy units in one chain: games end inside the tree.
    ("extinction", "12/12/12/12/12/12/3w1d6/4P7/2n9/2D9/12/12 w - - 0 1"),
];

/// A dense lattice with 1,010 moves (a White Desert King among 30 Black units): the
/// generation time printed by `dense_lattice_generation_time`.
const DENSE: &str =
    "12/3f1n6/2x1w3p1v1/1p3f1c1c2/2m3p5/3mx1x5/2n2Dw1n3/1f2xvx5/6m1x1w1/1c3n1f1n2/6m5/V11 w - - 0 1";

/// A Desert King among 30 Black units with 3,012 distinct capturing chains (moves).
const OVERFLOW: &str =
    "12/9x2/2f3p1f1x1/1w1w1f6/2w1c7/1f1vxwxx1x2/2n2Dv5/4xcx5/4f3v1w1/5w3c2/4v3v1f1/V11 w - - 0 1";

#[test]
fn start_position_depth_3() {
    assert_eq!(check("start", START, 3), [24, 576, 14328]);
}

#[test]
#[ignore = "slow in debug; run with --release --include-ignored"]
fn start_position_depth_4() {
    assert_eq!(check("start", START, 4), [24, 576, 14328, 356410]);
}

#[test]
fn crowded_positions_depth_2() {
    for &(label, fen) in CROWDED {
        check(label, fen, 2);
    }
}

/// The crowded positions light enough for depth 3 in a debug build.
const LIGHT: &[&str] = &["wazir grid", "oasis crowd", "promotions", "extinction"];

fn crowded(label: &str) -> &'static str {
    CROWDED.iter().find(|(l, _)| *l == label).unwrap().1
}

#[test]
fn light_crowded_positions_depth_3() {
    for &label in LIGHT {
        check(label, crowded(label), 3);
    }
}

macro_rules! depth_3 {
    ($($name:ident: $label:literal),* $(,)?) => {$(
        #[test]
        #[ignore = "slow in debug; run with --release --include-ignored"]
        fn $name() {
            check($label, crowded($label), 3);
        }
    )*};
}

depth_3! {
    king_lattice_a_depth_3: "king lattice A",
    king_lattice_b_depth_3: "king lattice B",
    ferz_lattice_depth_3: "ferz lattice",
    edge_lattices_depth_3: "edge lattices",
    midgame_depth_3: "midgame",
}

/// Times the engine's move generation in the worst position it can hold, and compares it with
/// the reference there.
#[test]
fn dense_lattice_generation_time() {
    let p = Position::from_fen(desertoasis(), DENSE).unwrap();
    let runs = 20;
    let t = Instant::now();
    let mut n = 0;
    for _ in 0..runs {
        n = p.legal_moves().len();
    }
    let engine = t.elapsed() / runs;
    let b = naive::Board::from_fen(DENSE);
    let t = Instant::now();
    let reference = b.moves().len();
    let naive_time = t.elapsed();
    eprintln!("dense lattice {DENSE}: engine {n} moves in {engine:?} per generation; reference {reference} in {naive_time:?}");
    assert_eq!(n, 1010);
    check("dense lattice", DENSE, 1);
}

#[test]
#[ignore = "slow in debug; run with --release --include-ignored"]
fn dense_lattice_depth_2() {
    check("dense lattice", DENSE, 2);
}

/// More distinct chains than the old fixed `MoveList` held (1024; that overflowed with a
/// panic until commit 5918035 let the list spill to the heap): all 3,012 moves, compared.
#[test]
fn more_chains_than_a_move_list_holds() {
    assert_eq!(naive::Board::from_fen(OVERFLOW).moves().len(), 3012);
    check("overflow", OVERFLOW, 1);
}

/// A Desert King among 36 Black units (a full army's worth): 22,375 distinct chains. Times
/// the engine's generation there (it grows with the square of the number of chains: the
/// search looks each state up in a list) and compares it with the reference.
const FULL_ARMY: &str = "12/5v1x4/2v3w1w3/3v1c3p2/2w3w5/1f2x1xx1x2/2p1vDn1p3/1m2xfxx1m2/2c1m1w5/1c1n1f1f1x2/4c1v1x3/V11 w - - 0 1";

#[test]
#[ignore = "heavy in debug (the engine needs about 0.6 s for this one generation)"]
fn full_army_lattice_generation_time() {
    let p = Position::from_fen(desertoasis(), FULL_ARMY).unwrap();
    let t = Instant::now();
    let n = p.legal_moves().len();
    let engine = t.elapsed();
    let t = Instant::now();
    let reference = naive::Board::from_fen(FULL_ARMY).moves().len();
    eprintln!(
        "full army lattice {FULL_ARMY}: engine {n} moves in {engine:?}; reference {reference} in {:?}",
        t.elapsed()
    );
    assert_eq!(n, 22375);
    check("full army lattice", FULL_ARMY, 1);
}
