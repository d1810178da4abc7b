//! SAN in every game, as `tinman match` writes it to PGN: in positions of random games, the
//! SAN of every legal move is distinct (so a reader can find the move it names), jump chains
//! are written with their landing squares (`Dc3xc5xe7`), and moves from the double-move road
//! with their start square (`Nc4f5`).

use tinman_core::{variants, Move, Position, Special};

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn check_position(pos: &Position, seen: &mut [usize; 2]) {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let sans: Vec<String> = moves.iter().map(|&m| pos.san(m)).collect();
    for (i, (&m, san)) in moves.iter().zip(&sans).enumerate() {
        assert!(!sans[..i].contains(san), "{pos:?}: two moves are '{san}'");
        let from = m.from().to_string();
        if m.special() == Special::MultiCapture {
            seen[0] += 1;
            let mut want =
                pos.variant().piece_type(pos.piece_at(m.from()).unwrap().kind()).letter.to_string();
            want.push_str(&from);
            for (_, land) in m.jump_squares() {
                want.push_str(&format!("x{land}"));
            }
            assert_eq!(san.trim_end_matches(['+', '#']), want, "{pos:?}");
        } else if pos.variant().name == "wizardoz" && ["c4", "d5", "e6", "f5", "g4"].contains(&from.as_str())
        {
            seen[1] += 1;
            assert!(san.contains(&from), "{pos:?}: road move {} written {san}", pos.move_text(m));
        }
    }
}

#[test]
fn san_names_one_move_in_every_game() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut seen = [0, 0];
    for name in variants::NAMES {
        let variant = variants::by_name(name).unwrap();
        for _ in 0..12 {
            let mut pos = Position::start(variant);
            for _ in 0..70 {
                if pos.outcome().is_some() {
                    break;
                }
                check_position(&pos, &mut seen);
                let legal = pos.legal_moves();
                let m = legal.as_slice()[rng.below(legal.len())];
                pos.make(m);
            }
        }
    }
    assert!(seen[0] > 10 && seen[1] > 100, "jump chains and road moves were met: {seen:?}");
}

#[test]
fn chain_and_road_examples() {
    let desert = variants::by_name("desertoasis").unwrap();
    let pos = Position::from_fen(desert, "11c/12/12/12/12/12/3p8/12/3p8/2D9/12/12 w - - 0 1").unwrap();
    let chain = pos.parse_move("c3d4,d4e5,e5d6,d6c7").expect("a two-jump chain");
    assert_eq!(pos.san(chain), "Dc3xe5xc7");
    let wizard = variants::by_name("wizardoz").unwrap();
    // The pawn on c4 (a road square) double-moves over the Knight on c5; the Knight's own
    // moves are ordinary SAN.
    let pos = Position::from_fen(wizard, "5k3/9/9/9/2N6/2P6/9/9/3K5 w - - 0 1").unwrap();
    assert_eq!(pos.san(pos.parse_move("c4c6").unwrap()), "c4c6");
    assert_eq!(pos.san(pos.parse_move("c5e6").unwrap()), "Ne6");
    let pos = Position::from_fen(wizard, "k8/9/9/9/1N7/2B6/9/9/3K5 w - - 0 1").unwrap();
    let bishop: Vec<String> =
        pos.legal_moves().iter().filter(|m| m.from().to_string() == "c4").map(|&m| pos.san(m)).collect();
    assert!(!bishop.is_empty() && bishop.iter().all(|s| s.starts_with("Bc4")), "{bishop:?}");
}
