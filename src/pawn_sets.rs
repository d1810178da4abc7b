//! Pawns whose moves are counted as sets: a pawn that moves as in chess (one step ahead, a
//! double step from its start squares, a capture one step diagonally ahead) has all its
//! steps in one shift of the set of pawns, so perft's last ply counts them without a loop
//! over the pawns. Found from the move tables, so a game whose pawns move otherwise
//! (Berolina pawns) simply has none.

use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::piece::{Kind, Mode};
use crate::square::{Square, MAX_FILES};
use crate::variant::KindTables;

/// How a chess-like pawn kind steps, per colour (0 White, 1 Black).
#[derive(Clone, Copy, Debug)]
pub struct SetPawns {
    pub kind: Kind,
    /// The square index one rank ahead.
    pub ahead: [i32; 2],
    /// The squares with a double step (two ranks ahead, over an empty square, onto an
    /// empty one).
    pub double_from: [Bitboard; 2],
    /// Squares off the first and off the last file of the 12-file grid: a diagonal step from
    /// the other ones would wrap onto the next row.
    pub not_first_file: Bitboard,
    pub not_last_file: Bitboard,
}

impl SetPawns {
    /// The pawn kind's steps as sets, if its tables are exactly a chess pawn's on this board.
    pub fn detect(geometry: &Geometry, tables: &KindTables, kind: Kind) -> Option<SetPawns> {
        let mut double_from = [Bitboard::EMPTY; 2];
        for (c, forward) in [(0, 1i8), (1, -1i8)] {
            if tables.slide_quiet[c] != 0 || tables.slide_capture[c] != 0 {
                return None;
            }
            for sq in geometry.playable() {
                let leap = |df: i8, dr: i8| -> Bitboard {
                    geometry.leap(sq, df, dr).map_or(Bitboard::EMPTY, Bitboard::from_square)
                };
                if tables.quiet[c][sq.index()] != leap(0, forward)
                    || tables.capture[c][sq.index()] != (leap(-1, forward) | leap(1, forward))
                {
                    return None;
                }
                match tables.special[c][sq.index()].as_slice() {
                    [] => {}
                    [double] if is_double_step(geometry, sq, forward, double) => double_from[c].insert(sq),
                    _ => return None,
                }
            }
        }
        let file_set = |file: u8| -> Bitboard { Square::all().filter(|s| s.file() == file).collect() };
        let all: Bitboard = Square::all().collect();
        Some(SetPawns {
            kind,
            ahead: [MAX_FILES as i32, -(MAX_FILES as i32)],
            double_from,
            not_first_file: all - file_set(0),
            not_last_file: all - file_set(MAX_FILES - 1),
        })
    }
}

/// Whether `leap` from `sq` is a move-only step two ranks ahead over the square between.
fn is_double_step(geometry: &Geometry, sq: Square, forward: i8, leap: &crate::variant::SpecialLeap) -> bool {
    let (Some(over), Some(to)) = (geometry.leap(sq, 0, forward), geometry.leap(sq, 0, 2 * forward)) else {
        return false;
    };
    leap.to == to && leap.mode == Mode::MoveOnly && leap.only_path() == Some(Bitboard::from_square(over))
}

#[cfg(test)]
mod tests {
    use crate::bitboard::Bitboard;
    use crate::square::Square;
    use crate::variants;

    fn set(names: &[&str]) -> Bitboard {
        names.iter().map(|n| Square::parse(n).unwrap()).collect()
    }

    #[test]
    fn a_shift_moves_every_square_by_the_same_step_and_drops_what_leaves_the_grid() {
        // a1 is index 0, l12 index 143; one rank is 12 indices.
        assert_eq!(set(&["a1", "c5", "l11"]).shifted(12), set(&["a2", "c6", "l12"]));
        assert_eq!(set(&["a1", "c5", "l12"]).shifted(12), set(&["a2", "c6"]));
        assert_eq!(set(&["a1", "c5", "l12"]).shifted(-12), set(&["c4", "l11"]));
        // Across the words' borders (squares 63/64 and 127/128) and back.
        let wide = set(&["d6", "e6", "h11", "i11"]);
        assert_eq!(wide.shifted(13).shifted(-13), wide);
        assert_eq!(wide.shifted(-25).shifted(25), wide);
        assert_eq!(set(&["b1"]).shifted(-1), set(&["a1"]));
        assert_eq!(set(&["a1"]).shifted(-1), Bitboard::EMPTY);
    }

    #[test]
    fn chess_pawns_are_counted_as_sets_and_berolina_pawns_are_not() {
        let normal = variants::by_name("normal").unwrap();
        let pawns = normal.set_pawns.expect("chess pawns");
        assert_eq!(pawns.double_from[0], set(&["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]));
        assert_eq!(pawns.double_from[1], set(&["a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7"]));
        assert_eq!(pawns.ahead, [12, -12]);
        assert!(variants::by_name("wedgie").unwrap().set_pawns.is_none());
    }
}
