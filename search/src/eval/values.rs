//! The tables the evaluation derives from a variant once per search. Piece values are part of
//! each game's definition (`PieceType::value`, with the reasons beside each game's pieces):
//! textbook values in `normal`, the other games placed relative to those by each piece's
//! mobility on an empty board and what it can capture (estimates; no self-play tuning yet).

use super::hand_set;
use super::sink::Packed;
use super::weights::Weights;
use tinman_core::piece::MAX_KINDS;
use tinman_core::square::Direction;
use tinman_core::square::{MAX_FILES, SQUARE_COUNT};
use tinman_core::{Bitboard, Color, Kind, Position, Square, Variant};

/// Piece values indexed by kind, the evaluation's per-variant tables and its weights.
pub struct Values {
    values: [i32; MAX_KINDS],
    /// The kinds from the least valuable to the royal one (exchanges take cheapest first).
    cheapest_first: Vec<Kind>,
    /// The weights: the game's tuned table over the hand-set values (private, so that they
    /// never part from their packed copy)...
    weights: Weights,
    /// ...and packed for the evaluation's sums.
    pub(super) packed: Packed,
    /// Steps of closeness to the centre of each square for pieces (0 where pieces vanish: the
    /// centre of `imawazir` is no place to stand) and for the King.
    pub(super) centrality: [i32; SQUARE_COUNT],
    pub(super) king_centrality: [i32; SQUARE_COUNT],
    /// Ranks a pawn of each colour on each square still has to go to its promotion zone.
    pub(super) steps: [[i32; SQUARE_COUNT]; 2],
    /// Squares ahead of a pawn on its own and the neighbouring files (toward promotion): no
    /// enemy pawn there means the pawn is passed.
    pub(super) front_span: [Box<[Bitboard; SQUARE_COUNT]>; 2],
    /// Squares around a King on each square, plus one rank further toward the enemy.
    pub(super) king_zone: [Box<[Bitboard; SQUARE_COUNT]>; 2],
    /// Per kind: the reach counted as average (half the squares it reaches from the centre
    /// of an empty board); mobility counts the squares above it.
    pub(super) mobility_average: [i32; MAX_KINDS],
    /// Per kind: how well a unit catches a lone enemy unit ([`CATCHES_ANYWHERE`] for one that
    /// moves and captures by its table moves; [`CATCHES_WHERE_IT_HOPS`] for one that only
    /// captures by them, moving by other means, like the Oasis pieces' hops; 1 for one that
    /// only moves by them, capturing by jump chains that need an empty square beyond, never
    /// against the edge; 0 for pawns, which cannot turn back, and the royal piece).
    pub(super) catching: [i32; MAX_KINDS],
    /// Per kind: the lines it slides along, if only one kind.
    pub(super) line_slider: [LineSlider; MAX_KINDS],
    /// Per kind: whether it captures exactly where it moves (same leaps, same slides), so
    /// that its reach is its captures and the evaluation finds its slides once.
    pub(super) captures_as_it_moves: [bool; MAX_KINDS],
    /// Non-pawn, non-royal material of both sides at the start: the opening's phase.
    pub(super) start_phase: i32,
    /// Whether pawns step straight ahead (files make sense for pawn structure).
    pub(super) straight_pawns: bool,
    /// The playable squares of each file, and of the files on either side of it (open files,
    /// doubled and isolated pawns, as set operations rather than loops over the pawns).
    pub(super) file: [Bitboard; MAX_FILES as usize],
    pub(super) adjacent_files: [Bitboard; MAX_FILES as usize],
    /// The road of the start position (empty in games without one), and per colour and kind
    /// the squares from which a unit's table moves reach it on an empty board: only units
    /// there can control it, so road control looks at no others.
    pub(super) road: Bitboard,
    pub(super) road_sources: [[Bitboard; MAX_KINDS]; 2],
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
/// The catching weight of a unit that captures by its table moves but moves only by hopping
/// over a neighbour: it cannot walk to a lone unit by itself.
pub(super) const CATCHES_WHERE_IT_HOPS: i32 = 2;

impl Values {
    /// The tables of `variant` with its tuned weights (the hand-set ones where it has none).
    pub fn for_variant(variant: &'static Variant) -> Values {
        let mut weights = hand_set::weights(variant);
        if let Some(table) = super::tables::tuned(variant) {
            weights.read_table(variant, table).expect("the committed tables are checked by a test");
        }
        Values::with_weights(variant, weights)
    }

    /// The tables `mode` evaluates `variant` with: the hand-set weights for
    /// [`EvalMode::HandSet`], the tuned ones otherwise (material counts the same values).
    pub fn for_mode(variant: &'static Variant, mode: super::EvalMode) -> Values {
        match mode {
            super::EvalMode::HandSet => Values::hand_set(variant),
            super::EvalMode::Full | super::EvalMode::MaterialOnly => Values::for_variant(variant),
        }
    }

    /// The tables of `variant` with the hand-set weights only (the starting point of tuning).
    pub fn hand_set(variant: &'static Variant) -> Values {
        Values::with_weights(variant, hand_set::weights(variant))
    }

    /// The tables of `variant` with `weights`.
    pub fn with_weights(variant: &'static Variant, weights: Weights) -> Values {
        let mut values = [0; MAX_KINDS];
        for kind in variant.kinds() {
            values[kind.index()] = variant.piece_type(kind).value;
        }
        let mut cheapest_first: Vec<_> = variant.kinds().collect();
        cheapest_first.sort_by_key(|&k| (Some(k) == variant.royal, values[k.index()]));
        let g = &variant.geometry;
        let mut steps = [[0; SQUARE_COUNT]; 2];
        for color in [Color::White, Color::Black] {
            let zone = variant.promotion_zone[color.index()];
            for sq in g.playable().squares() {
                steps[color.index()][sq.index()] =
                    zone.squares().map(|z| (z.rank() as i32 - sq.rank() as i32).abs()).min().unwrap_or(0);
            }
        }
        let vanishing = variant.vanishing().map_or(Bitboard::EMPTY, |z| z.zone());
        let mut centrality = [0; SQUARE_COUNT];
        let mut king_centrality = [0; SQUARE_COUNT];
        for sq in g.playable().squares() {
            king_centrality[sq.index()] = centre_steps(variant, sq);
            if !vanishing.contains(sq) {
                centrality[sq.index()] = centre_steps(variant, sq);
            }
        }
        let mut mobility_average = [0; MAX_KINDS];
        for kind in variant.kinds() {
            mobility_average[kind.index()] = empty_board_reach(variant, kind) / 2;
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
                (false, true) => CATCHES_WHERE_IT_HOPS,
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
        let mut captures_as_it_moves = [false; MAX_KINDS];
        for kind in variant.kinds() {
            let t = variant.tables(kind);
            captures_as_it_moves[kind.index()] = t.slide_quiet == t.slide_capture && t.quiet == t.capture;
        }
        let start = Position::start(variant);
        let road = variant.road(&start);
        let mut road_sources = [[Bitboard::EMPTY; MAX_KINDS]; 2];
        for color in Color::BOTH {
            for kind in variant.kinds() {
                for sq in variant.geometry.playable().squares() {
                    if table_reach(variant, kind, color, sq, Bitboard::EMPTY).intersects(road) {
                        road_sources[color.index()][kind.index()].insert(sq);
                    }
                }
            }
        }
        let start_phase = variant
            .kinds()
            .filter(|&k| !variant.piece_type(k).pawn && !variant.piece_type(k).royal)
            .map(|k| values[k.index()] * start.kind_set(k).count() as i32)
            .sum();
        let straight_pawns = straight_pawns(variant);
        let mut file = [Bitboard::EMPTY; MAX_FILES as usize];
        for sq in variant.geometry.playable().squares() {
            file[sq.file() as usize].insert(sq);
        }
        let adjacent_files = std::array::from_fn(|f| {
            let left = if f > 0 { file[f - 1] } else { Bitboard::EMPTY };
            left | file.get(f + 1).copied().unwrap_or(Bitboard::EMPTY)
        });
        Values {
            values,
            cheapest_first,
            packed: Packed::new(&weights),
            weights,
            centrality,
            king_centrality,
            steps,
            front_span: [Color::White, Color::Black].map(|c| front_spans(variant, c)),
            king_zone: [Color::White, Color::Black].map(|c| king_zones(variant, c)),
            mobility_average,
            catching,
            line_slider,
            captures_as_it_moves,
            start_phase,
            straight_pawns,
            file,
            adjacent_files,
            road,
            road_sources,
        }
    }

    /// The weights the evaluation uses.
    pub fn weights(&self) -> &Weights {
        &self.weights
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

/// Whether pawns step straight ahead (files make sense for pawn structure).
pub(super) fn straight_pawns(variant: &Variant) -> bool {
    let w = variant.geometry.width();
    variant.pawn.is_some_and(|p| {
        let from = Square::from_coords(w / 2, 2).expect("a square");
        let ahead = Square::from_coords(w / 2, 3).expect("a square");
        variant.tables(p).quiet[0][from.index()].contains(ahead)
    })
}

/// Steps from the edge toward the centre of `sq` (0 on the edge ring of a square board).
pub(super) fn centre_steps(variant: &Variant, sq: Square) -> i32 {
    let g = &variant.geometry;
    let (w, h) = (g.width() as i32, g.height() as i32);
    let df = (2 * sq.file() as i32 - (w - 1)).abs();
    let dr = (2 * sq.rank() as i32 - (h - 1)).abs();
    (w.max(h) - df.max(dr)) / 2
}

/// How many squares a `kind` reaches from the centre of the empty board.
pub(super) fn empty_board_reach(variant: &Variant, kind: Kind) -> i32 {
    let g = &variant.geometry;
    let centre = Square::from_coords(g.width() / 2, g.height() / 2).expect("a centre square");
    reach(variant, kind, Color::White, centre, Bitboard::EMPTY).count() as i32
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

/// Squares a unit of `kind` on `sq` reaches by its table moves (pawns: their captures).
#[inline]
pub(super) fn table_reach(
    variant: &Variant,
    kind: Kind,
    color: Color,
    sq: Square,
    occupied: Bitboard,
) -> Bitboard {
    if variant.piece_type(kind).pawn {
        captures(variant, kind, color, sq, occupied)
    } else {
        reach(variant, kind, color, sq, occupied)
    }
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
