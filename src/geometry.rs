//! Board geometry: which squares of the 12x12 grid a variant plays on, and slider rays.

use crate::bitboard::Bitboard;
use crate::square::{Direction, Square, MAX_FILES, MAX_RANKS, SQUARE_COUNT};

/// The playable squares of a board and its precomputed slider rays.
///
/// Rays stop at the board edge and before the first hole, so sliders never cross holes; a
/// leaper's table is built from [`Geometry::leap`], which may jump over holes.
#[derive(Clone)]
pub struct Geometry {
    width: u8,
    height: u8,
    playable: Bitboard,
    holes: Bitboard,
    /// `rays[d][s]`: the squares a slider on `s` passes in direction `d` on an empty board.
    rays: Box<[[Bitboard; SQUARE_COUNT]; 8]>,
    /// `lines[0][s]`, `lines[1][s]`: the union of the orthogonal, the diagonal rays from `s`.
    lines: Box<[[Bitboard; SQUARE_COUNT]; 2]>,
}

impl Geometry {
    /// A `width` x `height` board (at most 12 x 12) without the given holes.
    pub fn new(width: u8, height: u8, holes: &[Square]) -> Geometry {
        assert!(width >= 1 && height >= 1 && width <= MAX_FILES && height <= MAX_RANKS);
        let mut playable = Bitboard::EMPTY;
        for sq in Square::all() {
            if sq.file() < width && sq.rank() < height && !holes.contains(&sq) {
                playable.insert(sq);
            }
        }
        let holes: Bitboard = holes.iter().copied().collect();
        let mut rays = Box::new([[Bitboard::EMPTY; SQUARE_COUNT]; 8]);
        for dir in Direction::ALL {
            let (df, dr) = dir.step();
            for from in playable {
                let mut ray = Bitboard::EMPTY;
                let mut cur = from;
                while let Some(next) = cur.offset(df, dr).filter(|s| playable.contains(*s)) {
                    ray.insert(next);
                    cur = next;
                }
                rays[dir as usize][from.index()] = ray;
            }
        }
        let mut lines = Box::new([[Bitboard::EMPTY; SQUARE_COUNT]; 2]);
        for (i, set) in [Direction::ORTHOGONAL, Direction::DIAGONAL].into_iter().enumerate() {
            for dir in Direction::ALL.into_iter().filter(|&d| set & (1 << d as u8) != 0) {
                for sq in Square::all() {
                    lines[i][sq.index()] |= rays[dir as usize][sq.index()];
                }
            }
        }
        Geometry { width, height, playable, holes, rays, lines }
    }

    #[inline]
    pub fn width(&self) -> u8 {
        self.width
    }

    #[inline]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Squares pieces may stand on.
    #[inline]
    pub fn playable(&self) -> Bitboard {
        self.playable
    }

    /// Squares inside the width x height rectangle that are not playable.
    #[inline]
    pub fn holes(&self) -> Bitboard {
        self.holes
    }

    /// Whether `sq` is inside the width x height rectangle (playable or hole).
    #[inline]
    pub fn in_rectangle(&self, sq: Square) -> bool {
        sq.file() < self.width && sq.rank() < self.height
    }

    /// The playable square `df` files and `dr` ranks from `sq`, ignoring what lies between.
    #[inline]
    pub fn leap(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        sq.offset(df, dr).filter(|s| self.playable.contains(*s))
    }

    #[inline(always)]
    pub fn ray(&self, dir: Direction, sq: Square) -> Bitboard {
        self.rays[dir as usize][sq.index()]
    }

    /// The squares of the orthogonal lines through `sq` (the rays of all four directions).
    #[inline(always)]
    pub fn orthogonal_lines(&self, sq: Square) -> Bitboard {
        self.lines[0][sq.index()]
    }

    /// The squares of the diagonal lines through `sq`.
    #[inline(always)]
    pub fn diagonal_lines(&self, sq: Square) -> Bitboard {
        self.lines[1][sq.index()]
    }

    /// Squares a slider on `sq` reaches in one direction: up to and including the first
    /// occupied square.
    #[inline(always)]
    pub fn ray_attacks(&self, sq: Square, dir: Direction, occupied: Bitboard) -> Bitboard {
        if dir.is_increasing() {
            self.reach::<true>(sq, dir as usize, occupied)
        } else {
            self.reach::<false>(sq, dir as usize, occupied)
        }
    }

    /// The ray from `sq` in direction number `d` cut after its nearest occupied square, which
    /// is the lowest one when `INCREASING` (the direction's square indices grow).
    #[inline(always)]
    fn reach<const INCREASING: bool>(&self, sq: Square, d: usize, occupied: Bitboard) -> Bitboard {
        let ray = self.rays[d][sq.index()];
        let blockers = ray & occupied;
        match if INCREASING { blockers.first() } else { blockers.last() } {
            Some(b) => ray - self.rays[d][b.index()],
            None => ray,
        }
    }

    /// `slide(sq, dirs, occupied) & targets`, with each direction's blocker looked for only
    /// when its ray holds a target (finding attackers: most rays hold no enemy slider).
    #[inline(always)]
    pub fn slide_hits(&self, sq: Square, dirs: u8, occupied: Bitboard, targets: Bitboard) -> Bitboard {
        let mut hits = Bitboard::EMPTY;
        let aimed = |d: &usize| self.rays[*d][sq.index()].intersects(targets);
        for d in direction_numbers(dirs & Direction::INCREASING).filter(aimed) {
            hits |= self.reach::<true>(sq, d, occupied) & targets;
        }
        for d in direction_numbers(dirs & !Direction::INCREASING).filter(aimed) {
            hits |= self.reach::<false>(sq, d, occupied) & targets;
        }
        hits
    }

    /// Squares a slider on `sq` reaches in the directions of the set `dirs` (bit `d` for
    /// [`Direction`] `d`; see [`Direction::ORTHOGONAL`] and [`Direction::DIAGONAL`]).
    /// Only the set's directions are visited, the increasing ones (whose nearest blocker is
    /// the lowest square) apart from the decreasing ones, so the loops carry no test.
    #[inline(always)]
    pub fn slide(&self, sq: Square, dirs: u8, occupied: Bitboard) -> Bitboard {
        let mut attacks = Bitboard::EMPTY;
        for d in direction_numbers(dirs & Direction::INCREASING) {
            attacks |= self.reach::<true>(sq, d, occupied);
        }
        for d in direction_numbers(dirs & !Direction::INCREASING) {
            attacks |= self.reach::<false>(sq, d, occupied);
        }
        attacks
    }

    /// The squares strictly between `a` and `b` when a slider could pass from one to the
    /// other (same line, no hole between); empty otherwise.
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        match Direction::between(a, b) {
            Some(d) if self.ray(d, a).contains(b) => self.ray(d, a) & self.ray(d.opposite(), b),
            _ => Bitboard::EMPTY,
        }
    }

    /// The whole line through `a` and `b` (both included) as far as the rays from `a` go;
    /// empty if they are not aligned.
    #[inline]
    pub fn line(&self, a: Square, b: Square) -> Bitboard {
        match Direction::between(a, b) {
            Some(d) => self.ray(d, a) | self.ray(d.opposite(), a) | Bitboard::from_square(a),
            None => Bitboard::EMPTY,
        }
    }
}

/// The numbers of the directions in the set `dirs`, lowest first.
#[inline(always)]
fn direction_numbers(mut dirs: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (dirs != 0).then(|| {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            d
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn names(b: Bitboard) -> Vec<String> {
        b.squares().map(|s| s.to_string()).collect()
    }

    #[test]
    fn rays_stop_at_edges_and_holes() {
        let g = Geometry::new(9, 12, &[sq("e6")]);
        assert_eq!(names(g.ray(Direction::North, sq("e1"))), ["e2", "e3", "e4", "e5"]);
        assert_eq!(names(g.ray(Direction::South, sq("e8"))), ["e7"]);
        assert_eq!(g.ray(Direction::East, sq("i1")), Bitboard::EMPTY);
        assert!(!g.playable().contains(sq("j1")));
        assert!(g.playable().contains(sq("e12")));
        assert_eq!(g.playable().count(), 9 * 12 - 1);
    }

    #[test]
    fn slides_stop_at_pieces_and_include_them() {
        let g = Geometry::new(12, 12, &[]);
        let occ: Bitboard = [sq("d4"), sq("d10"), sq("h8")].into_iter().collect();
        let rook = g.slide(sq("d6"), Direction::ORTHOGONAL, occ);
        assert_eq!(rook.count(), 4 + 2 + 11); // d7-d10, d5-d4, the rank
        assert!(rook.contains(sq("d10")) && !rook.contains(sq("d11")));
        let bishop = g.slide(sq("d4"), Direction::DIAGONAL, occ);
        assert!(bishop.contains(sq("h8")) && !bishop.contains(sq("i9")));
        assert!(bishop.contains(sq("a1")) && bishop.contains(sq("a7")) && bishop.contains(sq("g1")));
    }

    #[test]
    fn lines_are_the_rays_of_their_directions() {
        let g = Geometry::new(9, 12, &[sq("e6")]);
        let rook = g.slide(sq("e3"), Direction::ORTHOGONAL, Bitboard::EMPTY);
        assert_eq!(g.orthogonal_lines(sq("e3")), rook);
        assert_eq!(rook.count(), 8 + 4); // the rank; e4-e5 up to the hole, e2-e1
        assert!(!rook.contains(sq("e7")));
        let bishop = g.slide(sq("c1"), Direction::DIAGONAL, Bitboard::EMPTY);
        assert_eq!(g.diagonal_lines(sq("c1")), bishop);
        assert_eq!(names(bishop), ["b2", "d2", "a3", "e3", "f4", "g5", "h6", "i7"]);
    }

    /// A slider's reach found one step at a time: up to and including the first occupied
    /// square, never onto a hole or off the board.
    fn walk(g: &Geometry, from: Square, dirs: u8, occupied: Bitboard) -> Bitboard {
        let mut reach = Bitboard::EMPTY;
        for dir in Direction::ALL.into_iter().filter(|&d| dirs & (1 << d as u8) != 0) {
            let (df, dr) = dir.step();
            let mut cur = from;
            while let Some(next) = g.leap(cur, df, dr) {
                reach.insert(next);
                if occupied.contains(next) {
                    break;
                }
                cur = next;
            }
        }
        reach
    }

    #[test]
    fn slides_equal_a_step_by_step_walk_on_every_board() {
        let holed: Vec<Square> = ["a1", "b1", "h1", "i1", "a12", "i12", "e6"].into_iter().map(sq).collect();
        let boards = [
            Geometry::new(8, 8, &[]),
            Geometry::new(9, 9, &[]),
            Geometry::new(12, 12, &[]),
            Geometry::new(9, 12, &holed),
        ];
        let mut state = 0x51DE_u64;
        let mut random = move || {
            let (next, out) = crate::position::zobrist::splitmix(state);
            state = next;
            out
        };
        let dir_sets = [Direction::ORTHOGONAL, Direction::DIAGONAL, 0xff, 1 << 2, 1 << 5, 0b1001_0110];
        for g in &boards {
            for _ in 0..50 {
                // About one square in four occupied, another random set as the targets.
                let (mut occupied, mut targets) = (Bitboard::EMPTY, Bitboard::EMPTY);
                for s in g.playable() {
                    let r = random();
                    if r % 4 == 0 {
                        occupied.insert(s);
                    }
                    if (r >> 8) % 3 == 0 {
                        targets.insert(s);
                    }
                }
                for from in g.playable() {
                    for dirs in dir_sets {
                        let expected = walk(g, from, dirs, occupied);
                        assert_eq!(g.slide(from, dirs, occupied), expected, "{from} {dirs:#x}");
                        assert_eq!(
                            g.slide_hits(from, dirs, occupied, targets),
                            expected & targets,
                            "{from} {dirs:#x}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn between_and_line() {
        let g = Geometry::new(8, 8, &[]);
        assert_eq!(names(g.between(sq("a1"), sq("d4"))), ["b2", "c3"]);
        assert_eq!(names(g.between(sq("d4"), sq("a1"))), ["b2", "c3"]);
        assert!(g.between(sq("a1"), sq("b3")).is_empty());
        assert_eq!(g.line(sq("c3"), sq("e5")).count(), 8);
        let holed = Geometry::new(8, 8, &[sq("c3")]);
        assert!(holed.between(sq("a1"), sq("d4")).is_empty());
    }
}
