//! FEN reading and writing: exact round trips on every board size from 1x1 to 12x12 (with
//! and without holes), the `normal` variant's usual positions, and one test per way a FEN can
//! be wrong, each asserting the exact `FenError` and that its text names the field.

use std::collections::BTreeSet;

use tinman_core::bitboard::Bitboard;
use tinman_core::fen::{Cell, FenError, Setup};
use tinman_core::piece::{Color, Picture, PieceType};
use tinman_core::square::Square;
use tinman_core::variant::{Variant, VariantSpec};
use tinman_core::variants;
use tinman_core::{EnPassant, Position};

// ---------------------------------------------------------------------------------------------
// Test variants
// ---------------------------------------------------------------------------------------------

/// King, Rook, Knight and an orthodox Pawn: enough for every FEN feature but castling.
const TEST_PIECES: &[PieceType] = &[
    PieceType {
        name: "king",
        letter: 'K',
        betza: "K",
        value: 0,
        picture: Picture::Knight,
        royal: true,
        pawn: false,
    },
    PieceType {
        name: "rook",
        letter: 'R',
        betza: "R",
        value: 300,
        picture: Picture::Knight,
        royal: false,
        pawn: false,
    },
    PieceType {
        name: "knight",
        letter: 'N',
        betza: "N",
        value: 300,
        picture: Picture::Knight,
        royal: false,
        pawn: false,
    },
    PieceType {
        name: "pawn",
        letter: 'P',
        betza: "fmWfceFifmnD",
        value: 100,
        picture: Picture::Knight,
        royal: false,
        pawn: true,
    },
];

/// Like `TEST_PIECES` but with a Berolina pawn (moves diagonally, captures straight, double
/// steps diagonally), so that one skipped square can belong to two different double steps.
const BEROLINA_PIECES: &[PieceType] = &[
    TEST_PIECES[0],
    TEST_PIECES[1],
    TEST_PIECES[2],
    PieceType {
        name: "berolina",
        letter: 'P',
        betza: "mfFcfWimfnA",
        value: 100,
        picture: Picture::Knight,
        royal: false,
        pawn: true,
    },
];

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square name {name}"))
}

fn rank_set(rank: u8, width: u8) -> Bitboard {
    (0..width).filter_map(|f| Square::from_coords(f, rank)).collect()
}

fn normal() -> &'static Variant {
    variants::by_name("normal").expect("normal variant")
}

/// A `width` x `height` variant with the test pieces, no castling, promotion on the last rank
/// (rank 1 for Black), double steps from the second rank when the board has at least 4 ranks.
fn make_variant(
    name: String,
    pieces: &'static [PieceType],
    width: u8,
    height: u8,
    holes: Vec<Square>,
    en_passant_names_landing: bool,
) -> &'static Variant {
    let name: &'static str = Box::leak(name.into_boxed_str());
    let initial_zone =
        if height >= 4 { [rank_set(1, width), rank_set(height - 2, width)] } else { [Bitboard::EMPTY; 2] };
    Box::leak(Box::new(Variant::new(VariantSpec {
        name,
        title: "A test game",
        width,
        height,
        holes,
        pieces,
        // Never read by these tests (Position::start is not called on test variants).
        start_fen: "(no start position)",
        promotion_zone: [rank_set(height - 1, width), rank_set(0, width)],
        promotion_letters: &['R', 'N'],
        initial_zone,
        castlings: Vec::new(),
        en_passant_names_landing,
        insufficient_material: |_| false,
        known_to_guis: false,
        bench_fens: &[],
    })))
}

fn test_variant(width: u8, height: u8, holes: &[&str]) -> &'static Variant {
    let holes: Vec<Square> = holes.iter().map(|h| sq(h)).collect();
    let name =
        if holes.is_empty() { format!("test{width}x{height}") } else { format!("test{width}x{height}holed") };
    make_variant(name, TEST_PIECES, width, height, holes, false)
}

/// A 9x12 board whose top three ranks narrow like a wedge.
const WEDGE_HOLES: &[&str] =
    &["a12", "b12", "c12", "g12", "h12", "i12", "a11", "b11", "h11", "i11", "a10", "i10"];

fn wedge() -> &'static Variant {
    test_variant(9, 12, WEDGE_HOLES)
}

/// A 12x12 board with holes scattered about, one in a corner.
const SCATTERED_HOLES: &[&str] = &["c3", "j3", "f6", "g7", "b9", "k10", "e12", "l1"];

fn scattered() -> &'static Variant {
    test_variant(12, 12, SCATTERED_HOLES)
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// xorshift64, fixed seeds: the "random" positions are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn percent(&mut self, p: u64) -> bool {
        self.below(100) < p
    }
}

/// Parses `fen`, checks that `to_fen` gives exactly `expected`, and that reading that back
/// gives an equal position with an equal (and correct) hash.
fn assert_round_trip(v: &'static Variant, fen: &str, expected: &str) -> Position {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e:?} ({e})"));
    let written = pos.to_fen();
    assert_eq!(written, expected, "to_fen of {fen}");
    let again = Position::from_fen(v, &written).unwrap_or_else(|e| panic!("{written}: {e:?}"));
    assert_eq!(again, pos, "reading back {written}");
    assert_eq!(again.hash(), pos.hash(), "hash after reading back {written}");
    assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash of {fen}");
    assert_eq!(again.to_fen(), expected);
    pos
}

fn assert_exact_round_trip(v: &'static Variant, fen: &str) -> Position {
    assert_round_trip(v, fen, fen)
}

/// The board field of a grid indexed `[rank][file]`, rank 1 first; `.` empty, `*` hole.
/// Written independently of the engine, with multi-digit runs of empty squares.
fn board_field(grid: &[Vec<char>]) -> String {
    let mut ranks = Vec::new();
    for row in grid.iter().rev() {
        let mut text = String::new();
        let mut run = 0;
        for &c in row {
            if c == '.' {
                run += 1;
                continue;
            }
            if run > 0 {
                text += &run.to_string();
                run = 0;
            }
            text.push(c);
        }
        if run > 0 {
            text += &run.to_string();
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// A grid for `v` with one King each and other pieces on about `density` percent of the
/// free squares; pawns only where their side need not have promoted.
fn random_grid(rng: &mut Rng, v: &Variant, density: u64) -> Option<Vec<Vec<char>>> {
    let g = &v.geometry;
    let mut grid = vec![vec!['.'; g.width() as usize]; g.height() as usize];
    for hole in g.holes().squares().filter(|s| g.in_rectangle(*s)) {
        grid[hole.rank() as usize][hole.file() as usize] = '*';
    }
    let playable: Vec<Square> = g.playable().squares().collect();
    if playable.len() < 2 {
        return None;
    }
    let white_king = playable[rng.below(playable.len() as u64) as usize];
    let black_king = loop {
        let s = playable[rng.below(playable.len() as u64) as usize];
        if s != white_king {
            break s;
        }
    };
    grid[white_king.rank() as usize][white_king.file() as usize] = 'K';
    grid[black_king.rank() as usize][black_king.file() as usize] = 'k';
    for &s in &playable {
        let cell = &mut grid[s.rank() as usize][s.file() as usize];
        if *cell != '.' || !rng.percent(density) {
            continue;
        }
        let letter = b"RNPrnp"[rng.below(6) as usize] as char;
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        if letter.eq_ignore_ascii_case(&'p') && v.promotion_zone[color.index()].contains(s) {
            continue;
        }
        *cell = letter;
    }
    Some(grid)
}

/// What the random round trips have exercised, to check the coverage claims.
#[derive(Default)]
struct Stats {
    positions: usize,
    black_to_move: usize,
    short_fens: usize,
    with_holes: usize,
    empty_runs: BTreeSet<usize>,
}

/// Writes `count` random FENs for `v` (retrying those whose side not to move is in check),
/// and checks each reads as written and round-trips. Returns false if no legal placement was
/// found for some FEN.
fn random_round_trips(v: &'static Variant, rng: &mut Rng, count: usize, stats: &mut Stats) -> bool {
    const DENSITIES: [u64; 6] = [0, 8, 25, 50, 90, 15];
    let g = &v.geometry;
    for i in 0..count {
        let density = DENSITIES[i % DENSITIES.len()];
        let mut done = false;
        for _attempt in 0..400 {
            let Some(grid) = random_grid(rng, v, density) else {
                return false;
            };
            let side = if rng.percent(50) { "w" } else { "b" };
            let halfmove = rng.below(150);
            let fullmove = 1 + rng.below(500);
            let board = board_field(&grid);
            // Every third FEN leaves out both clocks, every third the full-move number only.
            let (fen, expected) = match i % 3 {
                0 => {
                    let fen = format!("{board} {side} - - {halfmove} {fullmove}");
                    (fen.clone(), fen)
                }
                1 => (format!("{board} {side} - -"), format!("{board} {side} - - 0 1")),
                _ => (format!("{board} {side} - - {halfmove}"), format!("{board} {side} - - {halfmove} 1")),
            };
            let pos = match Position::from_fen(v, &fen) {
                Err(FenError::OpponentInCheck) => continue,
                Err(e) => panic!("{} rejects {fen}: {e:?}", v.name),
                Ok(pos) => pos,
            };
            // The position holds exactly what the FEN says.
            for (r, row) in grid.iter().enumerate() {
                for (f, &c) in row.iter().enumerate() {
                    let s = Square::from_coords(f as u8, r as u8).unwrap();
                    let found = pos.piece_at(s).map(|p| v.letter(p.color(), p.kind()));
                    let wanted = if c == '.' || c == '*' { None } else { Some(c) };
                    assert_eq!(found, wanted, "{s} in {fen}");
                    assert_eq!(g.holes().contains(s), c == '*', "{s} in {fen}");
                }
            }
            let setup = Setup::parse(&fen).unwrap();
            assert_eq!((setup.width(), setup.height()), (row_len(&grid), grid.len()));
            for (r, row) in grid.iter().enumerate() {
                let cells: Vec<Cell> = row
                    .iter()
                    .map(|&c| match c {
                        '.' => Cell::Empty,
                        '*' => Cell::Hole,
                        c => Cell::Piece(c),
                    })
                    .collect();
                assert_eq!(setup.ranks[r], cells, "rank {} of {fen}", r + 1);
            }
            let side_color = if side == "w" { Color::White } else { Color::Black };
            assert_eq!(pos.side_to_move(), side_color);
            assert_eq!(pos.en_passant(), None);
            assert_eq!(pos.castling_rights(), 0);
            assert_round_trip(v, &fen, &expected);

            stats.positions += 1;
            stats.black_to_move += usize::from(side == "b");
            stats.short_fens += usize::from(i % 3 != 0);
            stats.with_holes += usize::from(board.contains('*'));
            for run in board.split(|c: char| !c.is_ascii_digit()) {
                if !run.is_empty() {
                    stats.empty_runs.insert(run.parse().unwrap());
                }
            }
            done = true;
            break;
        }
        if !done {
            return false;
        }
    }
    true
}

fn row_len(grid: &[Vec<char>]) -> usize {
    grid.first().map_or(0, Vec::len)
}

/// Whether two Kings fit on a full `width` x `height` board without touching.
fn kings_fit(width: u8, height: u8) -> bool {
    width >= 3 || height >= 3
}

// ---------------------------------------------------------------------------------------------
// Round trips on every board size
// ---------------------------------------------------------------------------------------------

#[test]
fn round_trip_on_every_board_size() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut stats = Stats::default();
    for width in 1..=12 {
        for height in 1..=12 {
            let v = test_variant(width, height, &[]);
            let ok = random_round_trips(v, &mut rng, 6, &mut stats);
            assert_eq!(ok, kings_fit(width, height), "{width}x{height}: legal placement found = {ok}");
        }
    }
    // 144 - 4 boards (1x1, 1x2, 2x1, 2x2) where the Kings cannot stand apart.
    assert_eq!(stats.positions, 140 * 6);
    assert!(stats.black_to_move > 100, "{}", stats.black_to_move);
    assert!(stats.short_fens > 100);
    for run in [1, 2, 9, 10, 11, 12] {
        assert!(stats.empty_runs.contains(&run), "no run of {run} empty squares");
    }
}

#[test]
fn round_trip_with_random_holes_on_every_board_size() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let mut stats = Stats::default();
    let mut boards = 0;
    for width in 1..=12u8 {
        for height in 1..=12u8 {
            let area = width as u64 * height as u64;
            if area < 6 {
                continue;
            }
            // About one square in six is a hole.
            let mut holes = BTreeSet::new();
            while (holes.len() as u64) < area / 6 {
                let s = Square::from_coords(rng.below(width as u64) as u8, rng.below(height as u64) as u8)
                    .unwrap();
                holes.insert(s);
            }
            let holes: Vec<Square> = holes.into_iter().collect();
            let v = make_variant(format!("holes{width}x{height}"), TEST_PIECES, width, height, holes, false);
            assert!(random_round_trips(v, &mut rng, 4, &mut stats), "{width}x{height} with holes");
            boards += 1;
        }
    }
    assert_eq!(stats.positions, boards * 4);
    assert_eq!(stats.with_holes, stats.positions);
    assert!(stats.empty_runs.contains(&10) && stats.empty_runs.contains(&11));
}

#[test]
fn round_trip_on_wedge_and_scattered_hole_boards() {
    let mut rng = Rng(0xDEAD_BEEF_CAFE_F00D);
    let mut stats = Stats::default();
    assert!(random_round_trips(wedge(), &mut rng, 60, &mut stats));
    assert!(random_round_trips(scattered(), &mut rng, 60, &mut stats));
    assert_eq!(stats.with_holes, 120);
    assert!(stats.black_to_move > 20);

    // Written by hand, holes and all.
    assert_exact_round_trip(wedge(), "***1k1***/**5**/*7*/9/2n6/9/9/4P4/9/9/9/R3K4 w - - 3 20");
    assert_round_trip(
        wedge(),
        "***1k1***/**5**/*7*/9/9/9/9/9/9/9/9/4K4 b - -",
        "***1k1***/**5**/*7*/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
    );
    assert_exact_round_trip(scattered(), "k3*7/11n/10*1/1*10/3R8/6*5/5*6/2p9/12/2*6*2/12/K10* b - - 17 42");
}

#[test]
fn holes_block_sliders_when_checking_the_side_not_to_move() {
    // Rook f1 against King f12: the hole on f6 is in the way.
    let fen = "4*k6/12/10*1/1*10/12/6*5/5*6/12/12/2*6*2/12/K4R5* w - - 0 1";
    assert_exact_round_trip(scattered(), fen);
    // The same position without holes leaves the side not to move in check.
    let open = test_variant(12, 12, &[]);
    assert_eq!(
        Position::from_fen(open, "5k6/12/12/12/12/12/12/12/12/12/12/K4R6 w - - 0 1"),
        Err(FenError::OpponentInCheck)
    );
}

#[test]
fn boards_too_small_for_two_separate_kings() {
    let one = test_variant(1, 1, &[]);
    assert_eq!(
        Position::from_fen(one, "K w - -"),
        Err(FenError::KingCount { color: Color::Black, found: 0 })
    );
    assert_eq!(
        Position::from_fen(one, "k b - -"),
        Err(FenError::KingCount { color: Color::White, found: 0 })
    );
    // On 2x1, 1x2 and 2x2 the Kings always touch, so the side not to move is in check.
    for (w, h, fens) in [
        (2, 1, vec!["Kk w - -", "kK b - - 0 1"]),
        (1, 2, vec!["k/K w - -", "K/k b - - 4 5"]),
        (2, 2, vec!["Kk/2 w - -", "K1/1k b - -", "2/kK w - -", "1K/k1 b - -"]),
    ] {
        let v = test_variant(w, h, &[]);
        for fen in fens {
            assert_eq!(Position::from_fen(v, fen), Err(FenError::OpponentInCheck), "{fen}");
        }
    }
    // 3x1 and 1x3 fit them.
    let row = test_variant(3, 1, &[]);
    assert_round_trip(row, "K1k w - -", "K1k w - - 0 1");
    assert_exact_round_trip(row, "KRk b - - 5 3");
    assert_eq!(Position::from_fen(row, "KRk w - - 0 1"), Err(FenError::OpponentInCheck));
    let column = test_variant(1, 3, &[]);
    assert_exact_round_trip(column, "k/1/K b - - 7 9");
    assert_exact_round_trip(column, "k/N/K w - - 0 1");
}

#[test]
fn clocks_side_to_move_and_omitted_fields() {
    let v = normal();
    let board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
    for (fen, expected) in [
        (format!("{board} w KQkq -"), format!("{board} w KQkq - 0 1")),
        (format!("{board} w KQkq - 7"), format!("{board} w KQkq - 7 1")),
        (format!("{board} w KQkq - 0 2"), format!("{board} w KQkq - 0 2")),
        (format!("{board} b KQkq - 99 4000"), format!("{board} b KQkq - 99 4000")),
        (
            format!("{board} b KQkq - 4294967295 4294967295"),
            format!("{board} b KQkq - 4294967295 4294967295"),
        ),
        // Any whitespace separates fields.
        (format!("  {board}\tw  KQkq\n-   3 12  "), format!("{board} w KQkq - 3 12")),
    ] {
        let pos = assert_round_trip(v, &fen, &expected);
        let fields: Vec<&str> = expected.split(' ').collect();
        assert_eq!(pos.halfmove_clock().to_string(), fields[4]);
        assert_eq!(pos.fullmove_number().to_string(), fields[5]);
        let side = if fields[1] == "w" { Color::White } else { Color::Black };
        assert_eq!(pos.side_to_move(), side);
    }
    // Side to move is part of the hash.
    let w = Position::from_fen(v, &format!("{board} w KQkq - 0 1")).unwrap();
    let b = Position::from_fen(v, &format!("{board} b KQkq - 0 1")).unwrap();
    assert_ne!(w, b);
    assert_ne!(w.hash(), b.hash());
    // Clocks are not.
    let late = Position::from_fen(v, &format!("{board} w KQkq - 30 40")).unwrap();
    assert_ne!(w, late);
    assert_eq!(w.hash(), late.hash());
}

#[test]
fn setup_parse_reads_every_field() {
    let setup = Setup::parse("K1k/3/*2 b Kq e3e4 5 7 foo bar").unwrap();
    assert_eq!(
        setup.ranks,
        vec![
            vec![Cell::Hole, Cell::Empty, Cell::Empty],
            vec![Cell::Empty; 3],
            vec![Cell::Piece('K'), Cell::Empty, Cell::Piece('k')],
        ]
    );
    assert_eq!((setup.width(), setup.height()), (3, 3));
    assert_eq!(setup.side, Color::Black);
    assert_eq!(setup.castling, vec!['K', 'q']);
    assert_eq!(setup.en_passant, Some((sq("e3"), Some(sq("e4")))));
    assert_eq!((setup.halfmove_clock, setup.fullmove_number), (5, 7));
    assert_eq!(setup.extra, vec!["foo".to_string(), "bar".to_string()]);

    let setup = Setup::parse("12/12 w - a10a9").unwrap();
    assert_eq!(setup.ranks, vec![vec![Cell::Empty; 12]; 2]);
    assert_eq!(setup.en_passant, Some((sq("a10"), Some(sq("a9")))));
    assert_eq!((setup.halfmove_clock, setup.fullmove_number), (0, 1));
    assert!(setup.castling.is_empty() && setup.extra.is_empty());
}

// ---------------------------------------------------------------------------------------------
// The normal variant
// ---------------------------------------------------------------------------------------------

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn normal_start_position_round_trips() {
    let v = normal();
    assert_eq!(v.start_fen, START);
    let start = Position::start(v);
    assert_eq!(start.to_fen(), START);
    assert_eq!(assert_exact_round_trip(v, START), start);
    assert_eq!(start.castling_rights(), 0b1111);
}

#[test]
fn normal_kiwipete_round_trips() {
    let pos = assert_exact_round_trip(normal(), KIWIPETE);
    assert_eq!(pos.castling_rights(), 0b1111);
    assert_exact_round_trip(normal(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 12 40");
}

#[test]
fn normal_castling_rights_are_written_in_variant_order() {
    let v = normal();
    let board = "r3k2r/8/8/8/8/8/8/R3K2R";
    for (field, written) in [("qkQK", "KQkq"), ("kK", "Kk"), ("q", "q"), ("Qk", "Qk"), ("-", "-")] {
        assert_round_trip(v, &format!("{board} w {field} - 0 1"), &format!("{board} w {written} - 0 1"));
    }
    // Castling rights are part of the hash.
    let all = Position::from_fen(v, &format!("{board} w KQkq - 0 1")).unwrap();
    let none = Position::from_fen(v, &format!("{board} w - - 0 1")).unwrap();
    assert_ne!(all.hash(), none.hash());
}

#[test]
fn normal_en_passant_round_trips() {
    let v = normal();
    let pos = assert_exact_round_trip(v, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(pos.en_passant(), Some(EnPassant { skipped: sq("f6"), victim: sq("f5") }));
    // The same board without the right is a different position with a different hash.
    let without =
        Position::from_fen(v, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").unwrap();
    assert_ne!(pos, without);
    assert_ne!(pos.hash(), without.hash());
    // Black capturing en passant, on the other wing.
    assert_exact_round_trip(v, "rnbqkbnr/p1p1pppp/8/8/Pp1p4/8/1PPPPPPP/RNBQKBNR b KQkq a3 0 4");
}

#[test]
fn normal_en_passant_without_a_capturer_is_written_as_dash() {
    // After 1.e4 no Black pawn can take on e3. The reader accepts the square (it is behind a
    // pawn that just double-stepped) but keeps en passant only when a capture is possible, so
    // that equal positions are equal and hash equally; to_fen then writes `-`.
    let v = normal();
    let with = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let dash = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let pos = assert_round_trip(v, with, dash);
    assert_eq!(pos.en_passant(), None);
    let plain = Position::from_fen(v, dash).unwrap();
    assert_eq!(pos, plain);
    assert_eq!(pos.hash(), plain.hash());
    // The landing square may be given as well (`e3e4`) even though normal FENs do not.
    assert_round_trip(v, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 1", dash);
    let capturable = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 1";
    assert_round_trip(v, capturable, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

#[test]
fn en_passant_with_a_two_digit_rank() {
    // 12x12: Black just played f11-f9, the White pawn on e9 may take on f10.
    let v = test_variant(12, 12, &[]);
    let pos = assert_exact_round_trip(v, "k11/12/12/4Pp6/12/12/12/12/12/12/12/K11 w - f10 0 1");
    assert_eq!(pos.en_passant(), Some(EnPassant { skipped: sq("f10"), victim: sq("f9") }));
}

fn berolina() -> &'static Variant {
    make_variant("berolina".into(), BEROLINA_PIECES, 8, 8, Vec::new(), true)
}

#[test]
fn en_passant_landing_square_when_the_skipped_square_is_ambiguous() {
    let v = berolina();
    // Berolina pawns on c4 and e4: either may have come over d3 (from e2 or from c2).
    assert_eq!(
        Position::from_fen(v, "4k3/8/8/8/2PpP3/8/8/4K3 b - d3 0 1"),
        Err(FenError::EnPassantAmbiguous(sq("d3")))
    );
    // Naming the landing square settles it; this variant writes both squares.
    let pos = assert_exact_round_trip(v, "4k3/8/8/8/2PpP3/8/8/4K3 b - d3e4 0 1");
    assert_eq!(pos.en_passant(), Some(EnPassant { skipped: sq("d3"), victim: sq("e4") }));
    assert_exact_round_trip(v, "4k3/8/8/8/2PpP3/8/8/4K3 b - d3c4 0 1");
    // One candidate: the skipped square alone is enough, and the landing square is added.
    assert_round_trip(v, "4k3/8/8/8/3pP3/8/8/4K3 b - d3 0 1", "4k3/8/8/8/3pP3/8/8/4K3 b - d3e4 0 1");
    assert_eq!(
        Position::from_fen(v, "4k3/8/8/8/2PpP3/8/8/4K3 b - d3d4 0 1"),
        Err(FenError::EnPassantImpossible("d3d4".into()))
    );
}

#[test]
fn pawns_on_their_own_first_rank_are_accepted() {
    // Only the promotion zone is checked: a White pawn on rank 1 or a Black pawn on rank 8
    // (impossible in real chess) is accepted and written back.
    let v = normal();
    assert_exact_round_trip(v, "rnbqkbnp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w Qq - 0 1");
}

#[test]
fn check_detection_follows_pawn_direction_and_blockers() {
    let v = normal();
    // Pawns do not attack backwards or straight ahead.
    assert_exact_round_trip(v, "4K3/3p4/8/8/8/8/8/4k3 b - - 0 1");
    assert_exact_round_trip(v, "4k3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_exact_round_trip(v, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
    // A blocked slider gives no check.
    assert_exact_round_trip(v, "4k3/4p3/8/8/8/8/8/4R1K1 w - - 0 1");
    // The side to move may be in check (and even in double check).
    assert_exact_round_trip(v, "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1");
}

/// Clocks are plain decimal numbers: no sign, no leading zero (as in the board field).
#[test]
fn clocks_accept_only_plain_digits() {
    let n = normal();
    for (rest, expected) in [
        (" w KQkq - +3 2", FenError::BadHalfmoveClock("+3".into())),
        (" w KQkq - 03 2", FenError::BadHalfmoveClock("03".into())),
        (" w KQkq - 3 +2", FenError::BadFullmoveNumber("+2".into())),
        (" w KQkq - 3 01", FenError::BadFullmoveNumber("01".into())),
    ] {
        let fen = start_with(rest);
        assert_eq!(Position::from_fen(n, &fen).err(), Some(expected), "{fen}");
    }
}

// ---------------------------------------------------------------------------------------------
// Malformed FENs
// ---------------------------------------------------------------------------------------------

/// The field an error's text must start with.
fn field_prefix(e: &FenError) -> &'static str {
    if let FenError::BadVariantField { field, .. } = e {
        return field;
    }
    use FenError::*;
    match e {
        Empty => "empty FEN",
        TooManyRanks(_)
        | RankTooWide { .. }
        | EmptyRank { .. }
        | BadEmptyCount { .. }
        | BadBoardCharacter { .. }
        | RaggedRanks { .. }
        | WrongBoardSize { .. }
        | HoleMismatch { .. }
        | UnknownPiece { .. }
        | KingCount { .. }
        | PawnOnPromotionSquare(_) => "board: ",
        MissingSideToMove | BadSideToMove(_) | OpponentInCheck => "side to move: ",
        MissingCastling | BadCastling(_) | UnknownCastling(_) | CastlingPiecesMissing(_) => "castling: ",
        MissingEnPassant | BadEnPassant(_) | EnPassantImpossible(_) | EnPassantAmbiguous(_) => "en passant: ",
        BadHalfmoveClock(_) => "half-move clock: ",
        BadFullmoveNumber(_) => "full-move number: ",
        UnexpectedField(_) => "extra field: ",
        BadVariantField { .. } => unreachable!(),
    }
}

/// Text the message must contain besides the field: the culprit.
fn culprit(e: &FenError) -> Option<String> {
    use FenError::*;
    Some(match e {
        Empty | MissingSideToMove | MissingCastling | MissingEnPassant | OpponentInCheck => return None,
        TooManyRanks(n) => format!("{n} ranks"),
        RankTooWide { rank } | EmptyRank { rank } | RaggedRanks { rank, .. } => {
            format!("rank {rank}")
        }
        BadEmptyCount { count, .. } => format!("'{count}'"),
        BadBoardCharacter { character, .. } => format!("'{character}'"),
        BadSideToMove(s) | BadCastling(s) | BadEnPassant(s) | BadHalfmoveClock(s) | BadFullmoveNumber(s)
        | UnexpectedField(s) => format!("'{s}'"),
        BadVariantField { text, why, .. } => format!("'{text}': {why}"),
        EnPassantImpossible(s) => s.clone(),
        WrongBoardSize { variant, expected, found } => format!(
            "{variant} is played on {}x{}, the FEN has {}x{}",
            expected.0, expected.1, found.0, found.1
        ),
        HoleMismatch { square, .. } | UnknownPiece { square, .. } => square.to_string(),
        KingCount { color, found } => format!("{color} has {found} kings"),
        PawnOnPromotionSquare(s) | EnPassantAmbiguous(s) => s.to_string(),
        UnknownCastling(c) | CastlingPiecesMissing(c) => format!("'{c}'"),
    })
}

/// Position of each variant in the enum, to check that every one is exercised.
fn ordinal(e: &FenError) -> usize {
    use FenError::*;
    match e {
        Empty => 0,
        TooManyRanks(_) => 1,
        RankTooWide { .. } => 2,
        EmptyRank { .. } => 3,
        BadEmptyCount { .. } => 4,
        BadBoardCharacter { .. } => 5,
        RaggedRanks { .. } => 6,
        MissingSideToMove => 7,
        BadSideToMove(_) => 8,
        MissingCastling => 9,
        BadCastling(_) => 10,
        MissingEnPassant => 11,
        BadEnPassant(_) => 12,
        BadHalfmoveClock(_) => 13,
        BadFullmoveNumber(_) => 14,
        WrongBoardSize { .. } => 15,
        HoleMismatch { .. } => 16,
        UnknownPiece { .. } => 17,
        KingCount { .. } => 18,
        PawnOnPromotionSquare(_) => 19,
        OpponentInCheck => 20,
        UnknownCastling(_) => 21,
        CastlingPiecesMissing(_) => 22,
        EnPassantImpossible(_) => 23,
        EnPassantAmbiguous(_) => 24,
        UnexpectedField(_) => 25,
        BadVariantField { .. } => 26,
    }
}
const ERROR_KINDS: usize = 27;

type Case = (&'static Variant, String, FenError);

/// Asserts each FEN is rejected with exactly the expected error, and that the error's text
/// names the field and the culprit.
fn check_cases(cases: &[Case]) {
    for (v, fen, expected) in cases {
        let v: &'static Variant = v;
        let got = Position::from_fen(v, fen);
        assert_eq!(got.as_ref().err(), Some(expected), "{} FEN {fen:?}", v.name);
        let text = expected.to_string();
        assert!(!text.is_empty());
        assert!(text.starts_with(field_prefix(expected)), "{text:?} does not name its field");
        if let Some(c) = culprit(expected) {
            assert!(text.contains(&c), "{text:?} does not mention {c:?}");
        }
    }
}

/// `START` with its fields after the board replaced by `rest`.
fn start_with(rest: &str) -> String {
    format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR{rest}")
}

fn syntax_cases() -> Vec<Case> {
    use FenError::*;
    let n = normal();
    let s = |x: &str| x.to_string();
    vec![
        (n, s(""), Empty),
        (n, s("  \t \n"), Empty),
        (n, s("8/8/8/8/8/8/8/8/8/8/8/8/8 w - - 0 1"), TooManyRanks(13)),
        (n, start_with("/8/8/8/8/8 w KQkq - 0 1"), TooManyRanks(13)),
        (n, s("13/8/8/8/8/8/8/8 w - - 0 1"), RankTooWide { rank: 8 }),
        (n, s("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRRRRRR w KQkq - 0 1"), RankTooWide { rank: 1 }),
        (n, s("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR5 w KQkq - 0 1"), RankTooWide { rank: 1 }),
        (
            n,
            s("rnbqkbnr/99999999999999999999999/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            RankTooWide { rank: 7 },
        ),
        (n, s("rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), EmptyRank { rank: 6 }),
        (n, start_with("/ w KQkq - 0 1"), EmptyRank { rank: 1 }),
        (
            n,
            s("rnbqkbnr/pppppppp/8/0/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            BadEmptyCount { rank: 5, count: s("0") },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/01P6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            BadEmptyCount { rank: 4, count: s("01") },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/3#4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            BadBoardCharacter { rank: 4, character: '#' },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/8/8/PPPP?PPP/RNBQKBNR w KQkq - 0 1"),
            BadBoardCharacter { rank: 2, character: '?' },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNé w KQkq - 0 1"),
            BadBoardCharacter { rank: 1, character: 'é' },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            RaggedRanks { rank: 4, width: 7, expected: 8 },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            RaggedRanks { rank: 6, width: 9, expected: 8 },
        ),
        (n, start_with(""), MissingSideToMove),
        (n, start_with(" x KQkq - 0 1"), BadSideToMove(s("x"))),
        (n, start_with(" W KQkq - 0 1"), BadSideToMove(s("W"))),
        (n, start_with(" w"), MissingCastling),
        (n, start_with(" w K1 - 0 1"), BadCastling(s("K1"))),
        (n, start_with(" w -KQ - 0 1"), BadCastling(s("-KQ"))),
        (n, start_with(" w KQkq"), MissingEnPassant),
        (n, start_with(" w KQkq z3 0 1"), BadEnPassant(s("z3"))),
        (n, start_with(" w KQkq e 0 1"), BadEnPassant(s("e"))),
        (n, start_with(" w KQkq e0 0 1"), BadEnPassant(s("e0"))),
        (n, start_with(" w KQkq E3 0 1"), BadEnPassant(s("E3"))),
        (n, start_with(" w KQkq e13 0 1"), BadEnPassant(s("e13"))),
        (n, start_with(" w KQkq e3e 0 1"), BadEnPassant(s("e3e"))),
        (n, start_with(" w KQkq - -1 1"), BadHalfmoveClock(s("-1"))),
        (n, start_with(" w KQkq - x 1"), BadHalfmoveClock(s("x"))),
        (n, start_with(" w KQkq - 4294967296 1"), BadHalfmoveClock(s("4294967296"))),
        (n, start_with(" w KQkq - 0 0"), BadFullmoveNumber(s("0"))),
        (n, start_with(" w KQkq - 0 abc"), BadFullmoveNumber(s("abc"))),
        (n, start_with(" w KQkq - 0 -3"), BadFullmoveNumber(s("-3"))),
    ]
}

#[test]
fn malformed_syntax_is_rejected_with_the_exact_error() {
    let cases = syntax_cases();
    check_cases(&cases);
    // These are syntax errors: Setup::parse gives them without any variant.
    for (_, fen, expected) in &cases {
        assert_eq!(Setup::parse(fen).as_ref().err(), Some(expected), "{fen:?}");
    }
}

fn normal_board_cases() -> Vec<Case> {
    use FenError::*;
    let n = normal();
    let s = |x: &str| x.to_string();
    vec![
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            WrongBoardSize { variant: "normal", expected: (8, 8), found: (8, 7) },
        ),
        (
            n,
            s("rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KQkq - 0 1"),
            WrongBoardSize { variant: "normal", expected: (8, 8), found: (9, 8) },
        ),
        (
            n,
            s("k11/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1"),
            WrongBoardSize { variant: "normal", expected: (8, 8), found: (12, 12) },
        ),
        // The size is checked before the extra fields.
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x"),
            WrongBoardSize { variant: "normal", expected: (8, 8), found: (8, 7) },
        ),
        (n, format!("{START} x"), UnexpectedField(s("x"))),
        (n, format!("{START} 3+3 more"), UnexpectedField(s("3+3"))),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            HoleMismatch { square: sq("d4"), hole_expected: false },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            UnknownPiece { square: sq("e4"), letter: 'X' },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/2z5/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            UnknownPiece { square: sq("c5"), letter: 'z' },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            KingCount { color: Color::White, found: 2 },
        ),
        (
            n,
            s("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"),
            KingCount { color: Color::Black, found: 0 },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"),
            KingCount { color: Color::White, found: 0 },
        ),
        (
            n,
            s("rnbqkbnr/pppppppp/8/8/8/3k4/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            KingCount { color: Color::Black, found: 2 },
        ),
        (n, s("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1"), PawnOnPromotionSquare(sq("h8"))),
        // Black promotes on rank 1.
        (n, s("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w kq - 0 1"), PawnOnPromotionSquare(sq("h1"))),
        (n, s("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), OpponentInCheck),
        (n, s("4k3/8/8/8/8/8/8/r5K1 b - - 0 1"), OpponentInCheck),
        (n, s("8/8/8/3kK3/8/8/8/8 w - - 0 1"), OpponentInCheck),
        (n, s("4k3/8/3N4/8/8/8/8/4K3 w - - 0 1"), OpponentInCheck),
        // Pawns attack forwards: White's up the board, Black's down.
        (n, s("4k3/3P4/8/8/8/8/8/4K3 w - - 0 1"), OpponentInCheck),
        (n, s("4k3/8/8/8/8/8/5p2/4K3 b - - 0 1"), OpponentInCheck),
        (n, s("rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1 2"), OpponentInCheck),
    ]
}

#[test]
fn malformed_boards_are_rejected_with_the_exact_error() {
    check_cases(&normal_board_cases());
}

fn castling_cases() -> Vec<Case> {
    use FenError::*;
    let n = normal();
    let s = |x: &str| x.to_string();
    vec![
        (n, s("r3k2r/8/8/8/8/8/8/R3K2R w A - 0 1"), UnknownCastling('A')),
        (n, s("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1"), UnknownCastling('K')),
        (n, s("r3k2r/8/8/8/8/8/8/R3K2R w KQkqq - 0 1"), UnknownCastling('q')),
        (n, s("r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1"), CastlingPiecesMissing('K')),
        (n, s("r3k2r/8/8/8/8/8/8/R4K1R w Q - 0 1"), CastlingPiecesMissing('Q')),
        (n, s("r3k3/8/8/8/8/8/8/R3K2R w KQk - 0 1"), CastlingPiecesMissing('k')),
        (n, s("1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), CastlingPiecesMissing('q')),
        // A rook of the wrong colour does not count (White to move may be in check).
        (n, s("r3k2r/8/8/8/8/8/8/R3K2r w K - 0 1"), CastlingPiecesMissing('K')),
        // The test variants have no castling at all.
        (test_variant(8, 8, &[]), s("r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1"), UnknownCastling('K')),
    ]
}

#[test]
fn malformed_castling_is_rejected_with_the_exact_error() {
    check_cases(&castling_cases());
}

fn en_passant_cases() -> Vec<Case> {
    use FenError::*;
    let n = normal();
    let s = |x: &str| x.to_string();
    let after_e4 = |ep: &str| format!("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq {ep} 0 1");
    vec![
        // No pawn in front of e3 at all.
        (n, start_with(" b KQkq e3 0 1"), EnPassantImpossible(s("e3"))),
        // A pawn on e4 but another on e2 again: e4 did not come from e2.
        (n, s("rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1"), EnPassantImpossible(s("e3"))),
        // The right belongs to the side to move's own pawn: White to move after 1.e4.
        (n, s("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1"), EnPassantImpossible(s("e3"))),
        (n, after_e4("e6"), EnPassantImpossible(s("e6"))),
        (n, after_e4("d3"), EnPassantImpossible(s("d3"))),
        // The skipped square is occupied.
        (n, s("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1"), EnPassantImpossible(s("e3"))),
        // A landing square that does not match the pawn.
        (n, after_e4("e3e5"), EnPassantImpossible(s("e3e5"))),
        // e9 is a square of the 12x12 grid, so the syntax is fine; it is off the 8x8 board,
        // so no pawn can have skipped it.
        (n, after_e4("e9"), EnPassantImpossible(s("e9"))),
        (n, after_e4("l12"), EnPassantImpossible(s("l12"))),
        (berolina(), s("4k3/8/8/8/2PpP3/8/8/4K3 b - d3 0 1"), EnPassantAmbiguous(sq("d3"))),
    ]
}

#[test]
fn impossible_en_passant_is_rejected_with_the_exact_error() {
    check_cases(&en_passant_cases());
}

fn holed_cases() -> Vec<Case> {
    use FenError::*;
    let w = wedge();
    let sc = scattered();
    let s = |x: &str| x.to_string();
    vec![
        // A piece on a hole (a12).
        (
            w,
            s("K**1k1***/**5**/*7*/9/9/9/9/9/9/9/9/9 w - - 0 1"),
            HoleMismatch { square: sq("a12"), hole_expected: true },
        ),
        // An empty square where a10 is a hole.
        (
            w,
            s("***1k1***/**5**/8*/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
            HoleMismatch { square: sq("a10"), hole_expected: true },
        ),
        // A hole where the variant has a square.
        (
            w,
            s("***1k1***/**5**/*7*/9/9/9/9/9/9/9/9/4*4 w - - 0 1"),
            HoleMismatch { square: sq("e1"), hole_expected: false },
        ),
        // All holes forgotten: the lowest one (rank 10) is reported.
        (
            w,
            s("4k4/9/9/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
            HoleMismatch { square: sq("a10"), hole_expected: true },
        ),
        (w, START.to_string(), WrongBoardSize { variant: "test9x12holed", expected: (9, 12), found: (8, 8) }),
        (
            w,
            s("**5**/*7*/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
            WrongBoardSize { variant: "test9x12holed", expected: (9, 12), found: (9, 11) },
        ),
        (w, s("***1k1***/**5**/*7*/9/9/9/9/9/9/9/9/4K4 w - - 0 1 extra"), UnexpectedField(s("extra"))),
        (
            sc,
            s("k3*7/12/10*1/1*10/12/6*5/5*6/12/12/2*6*2/12/K11 w - - 0 1"),
            HoleMismatch { square: sq("l1"), hole_expected: true },
        ),
        (
            sc,
            s("k3*7/12/10*1/1*10/12/6*5/5*6/12/12/3*5*2/12/K10* w - - 0 1"),
            HoleMismatch { square: sq("c3"), hole_expected: true },
        ),
        (sc, s("k3*7/12/10*1/1*10/12/6*5/5*6/12/12/2*6*2/12/K10* w - f6 0 1"), EnPassantImpossible(s("f6"))),
        (sc, s("k3*7/12/10*1/1*10/12/6*5/5*6/12/12/2*6*2/12/K10* w - - 0 1 x"), UnexpectedField(s("x"))),
        (sc, s("k3*7/12/10*1/1*10/12/6*5/5*6/12/12/2*6*2/12/K10*/12 w - - 0 1"), TooManyRanks(13)),
        // On a 12-file board 12 is the widest run, 13 squares is too many.
        (sc, s("k3*7/12/10*1/1*10/12/6*5/5*6/12/12/2*6*2/12/K10*1 w - - 0 1"), RankTooWide { rank: 1 }),
    ]
}

#[test]
fn malformed_fens_for_boards_with_holes() {
    check_cases(&holed_cases());
}

/// The `imawazir` heights field (`c4=3,f5=6`, `-` when none).
fn variant_field_cases() -> Vec<Case> {
    use FenError::*;
    let v = tinman_core::variants::by_name("imawazir").unwrap();
    let s = |x: &str| x.to_string();
    let board = "wwwwwwww/pppppppp/8/3W4/8/8/PPPPPPPP/WWWWWWWW w - - 0 1";
    let bad = |text: &str, why: &str| BadVariantField { field: "wazir heights", text: s(text), why: s(why) };
    vec![
        (v, format!("{board} d5"), bad("d5", "expected SQUARE=HEIGHT")),
        (v, format!("{board} x9=3"), bad("x9=3", "not a square")),
        (v, format!("{board} d5=three"), bad("d5=three", "height is not a number")),
        (v, format!("{board} d5=7"), bad("d5=7", "heights go from 2 to 6")),
        (v, format!("{board} d5=1"), bad("d5=1", "heights go from 2 to 6")),
        (v, format!("{board} e5=3"), bad("e5=3", "heights belong to Wazirs in the central quarter c3-f6")),
        (v, format!("{board} a1=3"), bad("a1=3", "heights belong to Wazirs in the central quarter c3-f6")),
        (v, format!("{board} d5=3 more"), UnexpectedField(s("more"))),
    ]
}

#[test]
fn malformed_variant_fields() {
    check_cases(&variant_field_cases());
}

#[test]
fn every_fen_error_is_exercised() {
    let mut seen = [false; ERROR_KINDS];
    let mut total = 0;
    for cases in [
        syntax_cases(),
        normal_board_cases(),
        castling_cases(),
        en_passant_cases(),
        holed_cases(),
        variant_field_cases(),
    ] {
        total += cases.len();
        for (_, _, e) in &cases {
            seen[ordinal(e)] = true;
        }
    }
    let missing: Vec<usize> = (0..ERROR_KINDS).filter(|&i| !seen[i]).collect();
    assert!(missing.is_empty(), "FenError variants never produced: {missing:?}");
    assert!(total >= 30, "{total}");
}
