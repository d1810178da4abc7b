//! The tables the evaluation derives from a variant once per search. Piece values are part of
//! each game's definition (`PieceType::value`, with the reasons beside each game's pieces):
//! textbook values in `normal`, the other games placed relative to those by each piece's
//! mobility on an empty board and what it can capture (estimates; no self-play tuning yet).

use tinman_core::piece::MAX_KINDS;
use tinman_core::square::Direction;
use tinman_core::square::SQUARE_COUNT;
use tinman_core::{Bitboard, Color, Kind, Position, Square, Variant};

/// Bonus per step of closeness to the centre for pieces (not pawns or Kings).
const CENTRE_BONUS: i32 = 4;
/// Bonus per rank a pawn has advanced toward its promotion zone.
const PAWN_ADVANCE: i32 = 6;
/// Extra bonus for a pawn one or two steps from promotion.
const PAWN_NEAR_PROMOTION: [i32; 2] = [60, 25];

/// Piece values indexed by kind, and the evaluation's per-variant tables.
pub struct Values {
    values: [i32; MAX_KINDS],
    /// The kinds from the least valuable to the royal one (exchanges take cheapest first).
    cheapest_first: Vec<Kind>,
    /// Placement bonus per colour, kind and square: centralisation of pieces, pawn advance.
    pub(super) placement: [Vec<[i32; SQUARE_COUNT]>; 2],
    /// Ranks a pawn of each colour on each square still has to go to its promotion zone.
    pub(super) steps: [[i32; SQUARE_COUNT]; 2],
    /// Squares ahead of a pawn on its own and the neighbouring files (toward promotion): no
    /// enemy pawn there means the pawn is passed.
    pub(super) front_span: [Box<[Bitboard; SQUARE_COUNT]>; 2],
    /// Squares around a King on each square, plus one rank further toward the enemy.
    pub(super) king_zone: [Box<[Bitboard; SQUARE_COUNT]>; 2],
    /// Per kind: tenths of a centipawn per reachable square, and the reach counted as
    /// average (half the squares it reaches from the centre of an empty board).
    pub(super) mobility: [(i32, i32); MAX_KINDS],
    /// Per kind: how well a unit catches a lone enemy unit ([`CATCHES_ANYWHERE`] for one that
    /// moves and captures by its table moves; 2 for one that only captures by them, moving by
    /// other means, like the Oasis pieces' hops; 1 for one that only moves by them, capturing
    /// by jump chains that need an empty square beyond, never against the edge; 0 for pawns,
    /// which cannot turn back, and the royal piece).
    pub(super) catching: [i32; MAX_KINDS],
    /// Per kind: the lines it slides along, if only one kind.
    pub(super) line_slider: [LineSlider; MAX_KINDS],
    /// Non-pawn, non-royal material of both sides at the start: the opening's phase.
    pub(super) start_phase: i32,
    /// Whether pawns step straight ahead (files make sense for pawn structure).
    pub(super) straight_pawns: bool,
}

/// Which full line a piece captures along by sliding, when it is one kind of line only (the
/// Rook's open files, the Bishop pair are about such pieces, whatever their letter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LineSlider {
    None,
    /// Orthogonal lines only.
    Rook,
    /// Diagonal lines only.
    Bishop,
}

/// The catching weight of a unit that moves and captures anywhere by its table moves.
pub(super) const CATCHES_ANYWHERE: i32 = 4;

/// Mobility: tenths of a centipawn per square are this divided by the piece's reach on an
/// empty board, so short-range pieces gain more per square (Knight 5, Bishop 3, Queen 1.5).
const MOBILITY_SCALE: i32 = 400;
/// Bounds of the per-square mobility weight, in tenths of a centipawn.
const MOBILITY_WEIGHT_RANGE: (i32, i32) = (10, 50);

impl Values {
    pub fn for_variant(variant: &'static Variant) -> Values {
        let mut values = [0; MAX_KINDS];
        for kind in variant.kinds() {
            values[kind.index()] = variant.piece_type(kind).value;
        }
        let mut cheapest_first: Vec<_> = variant.kinds().collect();
        cheapest_first.sort_by_key(|&k| (Some(k) == variant.royal, values[k.index()]));
        let g = &variant.geometry;
        let (w, h) = (g.width() as i32, g.height() as i32);
        let mut steps = [[0; SQUARE_COUNT]; 2];
        for color in [Color::White, Color::Black] {
            let zone = variant.promotion_zone[color.index()];
            for sq in g.playable().squares() {
                steps[color.index()][sq.index()] =
                    zone.squares().map(|z| (z.rank() as i32 - sq.rank() as i32).abs()).min().unwrap_or(0);
            }
        }
        // Where pieces vanish (the centre of `imawazir`), standing there earns no centre bonus.
        let vanishing = variant.vanishing().map_or(Bitboard::EMPTY, |z| z.zone());
        let placement = [Color::White, Color::Black].map(|color| {
            variant
                .kinds()
                .map(|kind| {
                    let piece = variant.piece_type(kind);
                    let mut table = [0; SQUARE_COUNT];
                    for sq in g.playable().squares() {
                        table[sq.index()] = if piece.pawn {
                            let s = steps[color.index()][sq.index()];
                            let near =
                                if (1..=2).contains(&s) { PAWN_NEAR_PROMOTION[s as usize - 1] } else { 0 };
                            PAWN_ADVANCE * (h - s).max(0) + near
                        } else if piece.royal || vanishing.contains(sq) {
                            0
                        } else {
                            let df = (2 * sq.file() as i32 - (w - 1)).abs();
                            let dr = (2 * sq.rank() as i32 - (h - 1)).abs();
                            CENTRE_BONUS * ((w.max(h) - df.max(dr)) / 2)
                        };
                    }
                    table
                })
                .collect()
        });
        let centre = Square::from_coords((w / 2) as u8, (h / 2) as u8).expect("a centre square");
        let mut mobility = [(0, 0); MAX_KINDS];
        for kind in variant.kinds() {
            let reach = reach(variant, kind, Color::White, centre, Bitboard::EMPTY).count() as i32;
            let weight =
                (MOBILITY_SCALE / reach.max(1)).clamp(MOBILITY_WEIGHT_RANGE.0, MOBILITY_WEIGHT_RANGE.1);
            mobility[kind.index()] = (weight, reach / 2);
        }
        let mut catching = [0; MAX_KINDS];
        for kind in variant.kinds() {
            let piece = variant.piece_type(kind);
            let t = variant.tables(kind);
            let moves = t.slide_quiet[0] != 0 || t.quiet[0].iter().any(|b| !b.is_empty());
            let captures = t.slide_capture[0] != 0 || t.capture[0].iter().any(|b| !b.is_empty());
            catching[kind.index()] = match (moves, captures) {
                _ if piece.pawn || piece.royal => 0,
                (true, true) => CATCHES_ANYWHERE,
                (false, true) => 2,
                (true, false) => 1,
                (false, false) => 0,
            };
        }
        let mut line_slider = [LineSlider::None; MAX_KINDS];
        for kind in variant.kinds() {
            line_slider[kind.index()] = match variant.tables(kind).slide_capture[0] {
                d if d == Direction::ORTHOGONAL => LineSlider::Rook,
                d if d == Direction::DIAGONAL => LineSlider::Bishop,
                _ => LineSlider::None,
            };
        }
        let start = Position::start(variant);
        let start_phase = variant
            .kinds()
            .filter(|&k| !variant.piece_type(k).pawn && !variant.piece_type(k).royal)
            .map(|k| values[k.index()] * start.kind_set(k).count() as i32)
            .sum();
        let straight_pawns = variant.pawn.is_some_and(|p| {
            let from = Square::from_coords((w / 2) as u8, 2).expect("a square");
            let ahead = Square::from_coords((w / 2) as u8, 3).expect("a square");
            variant.tables(p).quiet[0][from.index()].contains(ahead)
        });
        Values {
            values,
            cheapest_first,
            placement,
            steps,
            front_span: [Color::White, Color::Black].map(|c| front_spans(variant, c)),
            king_zone: [Color::White, Color::Black].map(|c| king_zones(variant, c)),
            mobility,
            catching,
            line_slider,
            start_phase,
            straight_pawns,
        }
    }

    #[inline]
    pub fn of(&self, kind: Kind) -> i32 {
        self.values[kind.index()]
    }

    /// The kinds from the least valuable to the royal one.
    pub fn cheapest_first(&self) -> &[Kind] {
        &self.cheapest_first
    }
}

/// Squares a piece of `kind` and `color` on `sq` moves to or attacks by its table moves (leaps
/// and slides; the road's double moves and special leaps are left out).
#[inline]
pub(super) fn reach(variant: &Variant, kind: Kind, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let t = variant.tables(kind);
    let c = color.index();
    let mut squares = t.quiet[c][sq.index()] | t.capture[c][sq.index()];
    let dirs = t.slide_quiet[c] | t.slide_capture[c];
    if dirs != 0 {
        squares |= variant.geometry.slide(sq, dirs, occupied);
    }
    squares
}

/// Squares a piece of `kind` and `color` on `sq` captures on by its table moves.
#[inline]
pub(super) fn captures(
    variant: &Variant,
    kind: Kind,
    color: Color,
    sq: Square,
    occupied: Bitboard,
) -> Bitboard {
    let t = variant.tables(kind);
    let mut squares = t.capture[color.index()][sq.index()];
    if t.slide_capture[color.index()] != 0 {
        squares |= variant.geometry.slide(sq, t.slide_capture[color.index()], occupied);
    }
    squares
}

/// Whether `b` is ahead of `a` for `color` (toward its promotion zone: up for White).
fn ahead(color: Color, a: Square, b: Square) -> bool {
    match color {
        Color::White => b.rank() > a.rank(),
        Color::Black => b.rank() < a.rank(),
    }
}

fn front_spans(variant: &Variant, color: Color) -> Box<[Bitboard; SQUARE_COUNT]> {
    let playable = variant.geometry.playable();
    let mut spans = Box::new([Bitboard::EMPTY; SQUARE_COUNT]);
    for sq in playable.squares() {
        for other in playable.squares() {
            if ahead(color, sq, other) && (other.file() as i32 - sq.file() as i32).abs() <= 1 {
                spans[sq.index()].insert(other);
            }
        }
    }
    spans
}

fn king_zones(variant: &Variant, color: Color) -> Box<[Bitboard; SQUARE_COUNT]> {
    let mut zones = Box::new([Bitboard::EMPTY; SQUARE_COUNT]);
    let Some(royal) = variant.royal else { return zones };
    let forward = if color == Color::White { 1 } else { -1 };
    for sq in variant.geometry.playable().squares() {
        let mut zone = reach(variant, royal, color, sq, Bitboard::EMPTY) | Bitboard::from_square(sq);
        for z in zone.squares() {
            if let Some(f) = variant.geometry.leap(z, 0, forward) {
                zone.insert(f);
            }
        }
        zones[sq.index()] = zone & variant.geometry.playable();
    }
    zones
}
