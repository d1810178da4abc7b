//! The training-data codec: every game's positions survive encode and decode exactly, files
//! merge by concatenation, and bad bytes give the matching error.

use tinman_core::{variants, Color, Position, Variant};
use tinman_search::data::{self, DataError, GameResult, Record, HEADER_BYTES, MAGIC, VERSION};

/// Plies of each random walk, and walks per starting point.
const WALK_PLIES: usize = 120;
const WALKS: u64 = 6;

/// A small deterministic generator (splitmix64), so that a failure repeats.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn game(name: &str) -> &'static Variant {
    variants::by_name(name).expect("a built-in game")
}

fn record(position: Position, n: usize) -> Record {
    let results = [GameResult::WhiteWin, GameResult::Draw, GameResult::BlackWin];
    Record {
        in_check: position.in_check(),
        position,
        score: (n as i16 % 700) * if n.is_multiple_of(2) { 1 } else { -1 },
        result: results[n % 3],
        game: n as u32 * 7,
        ply: n as u16,
        best_tactical: n.is_multiple_of(5),
        game_end: n.is_multiple_of(4),
    }
}

/// Every position of random walks from `fen`, the start included (a walk stops at a game's
/// end).
fn walk_positions(variant: &'static Variant, fen: &str, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..WALKS {
        let mut pos = Position::from_fen(variant, fen).expect("a valid FEN");
        out.push(pos.clone());
        for _ in 0..WALK_PLIES {
            if pos.outcome().is_some() {
                break;
            }
            let moves = pos.legal_moves();
            let mv = moves.as_slice()[rng.below(moves.len())];
            pos.make(mv);
            out.push(pos.clone());
        }
    }
    out
}

/// Encodes the positions one after another, decodes the buffer, and checks every field.
fn assert_round_trip(positions: Vec<Position>) {
    let records: Vec<Record> = positions.into_iter().enumerate().map(|(n, p)| record(p, n)).collect();
    let mut bytes = Vec::new();
    for r in &records {
        data::encode(r, &mut bytes);
    }
    let decoded = data::decode_all(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(decoded.len(), records.len());
    for (d, r) in decoded.iter().zip(&records) {
        assert_eq!(d.position.to_fen(), r.position.to_fen());
        assert_eq!(d.position.hash(), r.position.hash(), "{}", r.position.to_fen());
        assert_eq!(d.position.hash(), d.position.compute_hash());
        assert_eq!(d.position, r.position);
        assert_eq!(
            (d.score, d.result, d.game, d.ply, d.in_check, d.best_tactical, d.game_end),
            (r.score, r.result, r.game, r.ply, r.in_check, r.best_tactical, r.game_end)
        );
    }
}

#[test]
fn every_game_round_trips_along_random_walks() {
    for (i, name) in variants::NAMES.iter().enumerate() {
        let v = game(name);
        assert_round_trip(walk_positions(v, v.start_fen, 1000 + i as u64));
    }
}

#[test]
fn the_bench_positions_of_every_game_round_trip() {
    for name in variants::NAMES {
        let v = game(name);
        let fens = v.bench_fens.iter().map(|&f| if f == "startpos" { v.start_fen } else { f });
        assert_round_trip(fens.map(|f| Position::from_fen(v, f).expect("a bench FEN")).collect());
    }
}

#[test]
fn game_states_round_trip() {
    // A road of the players' choosing, kept along a walk.
    let v = game("wizardoz");
    let road = "rnfbbkqnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNQKBBFNR w KQkq - 0 1 road:b3,c4,d5,e5,f5,g6";
    let walk = walk_positions(v, road, 7);
    assert!(walk.iter().all(|p| p.to_fen().ends_with("road:b3,c4,d5,e5,f5,g6")));
    assert_round_trip(walk);
    // Wazirs raised in the centre.
    let v = game("imawazir");
    let raised =
        "ww1w1ww1/pp3ppp/2wp4/3WwW2/2W1P3/2P2w2/PP3PPP/WW3WW1 w - - 0 1 c6=4,d5=5,e5=6,f5=3,c4=2,f3=5";
    let walk = walk_positions(v, raised, 8);
    assert!(walk.iter().any(|p| p.to_fen().contains('=')));
    assert_round_trip(walk);
}

#[test]
fn en_passant_states_round_trip() {
    let normal = game("normal");
    let wedgie = game("wedgie");
    let mut positions =
        vec![Position::from_fen(normal, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
            .unwrap()];
    // Double steps on a walk give Berolina en passant in wedgie (and plenty in normal).
    for (v, seed) in [(normal, 11), (wedgie, 12)] {
        positions.extend(walk_positions(v, v.start_fen, seed));
    }
    assert!(positions.iter().filter(|p| p.variant().name == "wedgie").any(|p| p.en_passant().is_some()));
    assert!(positions[0].en_passant().is_some());
    assert_round_trip(positions);
}

#[test]
fn desertoasis_round_trips_after_chains() {
    let v = game("desertoasis");
    let positions = walk_positions(v, v.start_fen, 13);
    // The walks capture, and with jump chains several units at once.
    assert!(positions.iter().any(|p| p.occupied().count() < 140));
    assert_round_trip(positions);
}

#[test]
fn concatenated_buffers_decode_as_one() {
    let v = game("normal");
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for (n, p) in walk_positions(v, v.start_fen, 21).into_iter().take(30).enumerate() {
        data::encode(&record(p, n), if n < 10 { &mut a } else { &mut b });
    }
    let (da, db) = (data::decode_all(&a).unwrap(), data::decode_all(&b).unwrap());
    let both = data::decode_all(&[a.clone(), b.clone()].concat()).unwrap();
    assert_eq!(both.len(), 30);
    assert_eq!(both, [da, db].concat());
    // Records of different games may share a file.
    let w = game("wedgie");
    data::encode(&record(Position::start(w), 3), &mut a);
    let mixed = data::decode_all(&a).unwrap();
    assert_eq!(mixed.last().unwrap().position.variant().name, "wedgie");
    assert_eq!(data::headers(&a).count(), 11);
}

#[test]
fn an_empty_buffer_holds_no_records() {
    assert_eq!(data::decode_all(&[]), Ok(Vec::new()));
    assert_eq!(data::headers(&[]).count(), 0);
}

fn one_record() -> Vec<u8> {
    let mut bytes = Vec::new();
    data::encode(&record(Position::start(game("normal")), 1), &mut bytes);
    bytes
}

#[test]
fn bad_bytes_give_the_matching_error() {
    let good = one_record();
    assert_eq!(&good[..2], &MAGIC);
    assert_eq!(good[2], VERSION);
    // Truncated anywhere after the magic, also at the second record's start.
    for cut in [2, 3, HEADER_BYTES - 1, HEADER_BYTES, good.len() - 1] {
        let e = data::decode_all(&good[..cut]).unwrap_err();
        assert!(matches!(e, DataError::Truncated { offset: 0, .. }), "{cut}: {e}");
        assert!(e.to_string().contains("truncated"), "{e}");
    }
    let two = [good.clone(), good[..5].to_vec()].concat();
    let e = data::decode_all(&two).unwrap_err();
    assert_eq!(e, DataError::Truncated { offset: good.len(), needed: HEADER_BYTES, available: 5 });
    // Foreign bytes: text, a single stray byte, a FEN.
    for foreign in [&b"hello, world"[..], &[0u8], b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"] {
        let e = data::decode_all(foreign).unwrap_err();
        assert_eq!(e, DataError::BadMagic { offset: 0 });
        assert!(e.to_string().contains("not a Tinman data record"), "{e}");
    }
    let mut newer = good.clone();
    newer[2] = VERSION + 1;
    let e = data::decode_all(&newer).unwrap_err();
    assert_eq!(e, DataError::UnsupportedVersion { offset: 0, version: VERSION + 1 });
    assert!(e.to_string().contains("not supported"), "{e}");
    let mut unknown = good.clone();
    unknown[5] = variants::NAMES.len() as u8;
    let e = data::decode_all(&unknown).unwrap_err();
    assert_eq!(e, DataError::UnknownGame { offset: 0, id: variants::NAMES.len() as u8 });
    assert!(e.to_string().contains("unknown game id 5"), "{e}");
}

#[test]
fn bad_fields_and_positions_are_refused() {
    let good = one_record();
    let corrupt = |at: usize, value: u8| {
        let mut b = good.clone();
        b[at] = value;
        data::decode_all(&b).unwrap_err()
    };
    assert_eq!(corrupt(7, 3), DataError::BadField { offset: 0, field: "result" });
    assert_eq!(corrupt(6, 0x80), DataError::BadField { offset: 0, field: "flags" });
    assert_eq!(corrupt(3, 200), DataError::BadField { offset: 0, field: "record length" });
    // The same bytes under another game's id: normal's pieces stand on wedgie's holes.
    assert_eq!(corrupt(5, 4), DataError::BadField { offset: 0, field: "occupancy" });
    // ...and on desertoasis's board, normal's Kings are no Kings.
    let e = corrupt(5, 2);
    assert!(matches!(e, DataError::InvalidPosition { game: "desertoasis", .. }), "{e}");
    // Two White Kings (the piece bytes follow the header in square order: a1 Rook, b1 Knight...).
    let e = corrupt(HEADER_BYTES + 1, 5);
    assert!(e.to_string().starts_with("byte 0: invalid normal position: board: white has 2 kings"), "{e}");
    // A castling right whose Rook is gone is refused as a FEN would be.
    let mut b = good.clone();
    b[HEADER_BYTES] = 4; // a1: a White Queen instead of the Rook
    assert!(matches!(data::decode_all(&b), Err(DataError::InvalidPosition { .. })));
}

#[test]
fn results_score_for_white() {
    assert_eq!(GameResult::WhiteWin.white_score(), 1.0);
    assert_eq!(GameResult::Draw.white_score(), 0.5);
    assert_eq!(GameResult::BlackWin.white_score(), 0.0);
    assert_eq!(GameResult::won_by(Some(Color::Black)), GameResult::BlackWin);
    assert_eq!(GameResult::won_by(None), GameResult::Draw);
}
