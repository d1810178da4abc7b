//! A variant: board geometry, piece types, promotion, castling, and the move tables derived
//! from all of that once at start-up.

use crate::betza::{self, Movement, Offset};
use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::piece::{Color, Kind, Mode, PieceType, MAX_KINDS};
use crate::position::Position;
use crate::rules::GameRules;
use crate::square::{Direction, Square, SQUARE_COUNT};

/// One castling move: where King and Rook start and end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    pub color: Color,
    /// FEN letter for White (`K` or `Q`); Black's is lower case.
    pub letter: char,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
}

/// Most alternative paths a special leap may have (the Falcon has three).
pub const MAX_PATHS: usize = 3;

/// A leap that needs more than a table lookup: lame (a path must be empty) or allowed only
/// from a start square. Precomputed per square, so a square that is not a start square simply
/// has no initial-only entries.
#[derive(Clone, Copy, Debug)]
pub struct SpecialLeap {
    pub to: Square,
    /// Alternative paths; the leap is open when every square of at least one is empty.
    paths: [Bitboard; MAX_PATHS],
    path_count: u8,
    pub mode: Mode,
    /// Allowed only because the piece stands on a start square (a pawn's double step).
    pub initial: bool,
}

impl SpecialLeap {
    /// Whether some path is free of `occupied` squares.
    #[inline]
    pub fn open(&self, occupied: Bitboard) -> bool {
        self.paths[..self.path_count as usize].iter().any(|p| !p.intersects(occupied))
    }

    /// The path, when there is exactly one.
    pub fn only_path(&self) -> Option<Bitboard> {
        (self.path_count == 1).then_some(self.paths[0])
    }

    /// Whether some path passes over `sq`.
    pub fn passes(&self, sq: Square) -> bool {
        self.paths[..self.path_count as usize].iter().any(|p| p.contains(sq))
    }
}

/// The move tables of one piece type, per colour and square.
pub struct KindTables {
    /// Leaps onto empty squares.
    pub quiet: [Box<[Bitboard; SQUARE_COUNT]>; 2],
    /// Leaps that capture.
    pub capture: [Box<[Bitboard; SQUARE_COUNT]>; 2],
    /// Squares from which a piece of this kind and colour captures onto the square by a leap.
    pub captured_from: [Box<[Bitboard; SQUARE_COUNT]>; 2],
    /// Slider directions (bit sets of [`Direction`]) per colour, for moving and for capturing.
    pub slide_quiet: [u8; 2],
    pub slide_capture: [u8; 2],
    /// Lame and initial-only leaps, per colour and square.
    pub special: [Vec<Vec<SpecialLeap>>; 2],
    /// Squares from which a piece of this kind and colour has a special leap that captures
    /// onto the square (whether its paths are open or not).
    pub special_captured_from: [Box<[Bitboard; SQUARE_COUNT]>; 2],
}

/// Draw by insufficient material, decided by each variant.
pub type MaterialRule = fn(&Position) -> bool;

/// Everything the rules core needs to know about a game.
pub struct Variant {
    pub name: &'static str,
    /// The game's full name, for people (a GUI's title).
    pub title: &'static str,
    pub geometry: Geometry,
    pub pieces: &'static [PieceType],
    pub start_fen: &'static str,
    /// Squares where a pawn of each colour must promote.
    pub promotion_zone: [Bitboard; 2],
    /// The kinds a pawn may promote to, in the order moves are generated.
    pub promotion_kinds: Vec<Kind>,
    /// Squares from which each colour's initial-only atoms apply (pawns' start squares).
    pub initial_zone: [Bitboard; 2],
    pub castlings: Vec<Castling>,
    /// The royal kind, if the game has check.
    pub royal: Option<Kind>,
    /// The FEN en-passant field names the skipped square and the landing square (`d5e6`),
    /// because the skipped square alone does not say which pawn moved.
    pub en_passant_names_landing: bool,
    pub insufficient_material: MaterialRule,
    /// GUIs know this game's rules and pieces themselves (standard chess): nothing to
    /// describe to them.
    pub known_to_guis: bool,
    /// Positions `tinman bench` searches (`startpos` for the start): its node count is the
    /// search's signature, so these never change.
    pub bench_fens: &'static [&'static str],
    /// The game's odd rules, if it has any.
    pub rules: Option<&'static dyn GameRules>,
    pub(crate) tables: Vec<KindTables>,
    /// The pawn kind, if any (what a promoted piece was before).
    pub pawn: Option<Kind>,
    /// Per castling: squares that must be empty, and squares the King passes or lands on,
    /// which must not be attacked.
    pub(crate) castling_paths: Vec<(Bitboard, Bitboard)>,
    /// Castling rights kept when a move touches a square (rook or king start squares clear).
    pub(crate) castling_keep: [u8; SQUARE_COUNT],
    /// Kinds that capture by orthogonal / diagonal slides, and kinds that capture by leaps,
    /// as bit sets over kind indices.
    pub(crate) orthogonal_sliders: u16,
    pub(crate) diagonal_sliders: u16,
    pub(crate) leapers: u16,
    /// Kinds that capture by sliding in some but not all of a line set (like `fR`), and kinds
    /// with capturing lame or initial-only leaps: their attacks are found piece by piece.
    pub(crate) other_sliders: u16,
    pub(crate) special_capturers: u16,
    /// Every capture is a plain leap or a full slide, so pins and checks follow the usual
    /// bitboard rules and the fast legal generator applies.
    pub(crate) simple_attacks: bool,
    /// The pawn kind, when it moves as in chess: perft's last ply counts its moves as sets.
    pub(crate) set_pawns: Option<crate::pawn_sets::SetPawns>,
    /// Plain moves by hash key, for finding a repetition the side to move can reach
    /// (built on first use).
    pub(crate) cycle_moves: std::sync::OnceLock<crate::position::CycleMoves>,
}

/// What a variant definition gives; [`Variant::new`] derives the rest.
pub struct VariantSpec {
    pub name: &'static str,
    /// The game's full name, for people (a GUI's title).
    pub title: &'static str,
    pub width: u8,
    pub height: u8,
    pub holes: Vec<Square>,
    pub pieces: &'static [PieceType],
    pub start_fen: &'static str,
    pub promotion_zone: [Bitboard; 2],
    pub promotion_letters: &'static [char],
    pub initial_zone: [Bitboard; 2],
    pub castlings: Vec<Castling>,
    pub en_passant_names_landing: bool,
    pub insufficient_material: MaterialRule,
    pub known_to_guis: bool,
    pub bench_fens: &'static [&'static str],
}

impl Variant {
    pub fn new(spec: VariantSpec) -> Variant {
        assert!(spec.pieces.len() <= MAX_KINDS);
        let geometry = Geometry::new(spec.width, spec.height, &spec.holes);
        let kind_of = |letter: char| {
            Kind(spec.pieces.iter().position(|p| p.letter == letter).expect("promotion letter") as u8)
        };
        let promotion_kinds = spec.promotion_letters.iter().map(|&c| kind_of(c)).collect();
        let royal = spec.pieces.iter().position(|p| p.royal).map(|i| Kind(i as u8));
        let movements: Vec<Vec<Movement>> = spec
            .pieces
            .iter()
            .map(|p| {
                betza::parse(p.betza)
                    .unwrap_or_else(|e| panic!("{}: the {}'s Betza '{}': {e}", spec.name, p.name, p.betza))
            })
            .collect();
        let tables: Vec<KindTables> =
            movements.iter().map(|m| build_tables(m, &geometry, &spec.initial_zone)).collect();

        let pawn = spec.pieces.iter().position(|p| p.pawn).map(|i| Kind(i as u8));
        let castling_paths = spec
            .castlings
            .iter()
            .map(|c| {
                let through = |a: Square, b: Square| geometry.between(a, b) | Bitboard::from_square(b);
                let king_path = through(c.king_from, c.king_to);
                let empty = (king_path | through(c.rook_from, c.rook_to))
                    - Bitboard::from_square(c.king_from)
                    - Bitboard::from_square(c.rook_from);
                (empty, king_path)
            })
            .collect();
        let mut castling_keep = [u8::MAX; SQUARE_COUNT];
        for (i, c) in spec.castlings.iter().enumerate() {
            castling_keep[c.king_from.index()] &= !(1 << i);
            castling_keep[c.rook_from.index()] &= !(1 << i);
        }

        let (mut orthogonal_sliders, mut diagonal_sliders, mut leapers) = (0u16, 0u16, 0u16);
        let (mut other_sliders, mut special_capturers) = (0u16, 0u16);
        let all_lines = Direction::ORTHOGONAL | Direction::DIAGONAL;
        for (i, (moves, t)) in movements.iter().zip(&tables).enumerate() {
            let [white, black] = t.slide_capture;
            match white {
                0 if black == 0 => {}
                Direction::ORTHOGONAL if black == white => orthogonal_sliders |= 1 << i,
                Direction::DIAGONAL if black == white => diagonal_sliders |= 1 << i,
                d if d == all_lines && black == white => {
                    orthogonal_sliders |= 1 << i;
                    diagonal_sliders |= 1 << i;
                }
                _ => other_sliders |= 1 << i,
            }
            for m in moves {
                match m {
                    Movement::Leap { ends, initial: false, .. } if ends.captures() => leapers |= 1 << i,
                    Movement::Leap { ends, initial: true, .. } | Movement::Routed { ends, .. }
                        if ends.captures() =>
                    {
                        special_capturers |= 1 << i
                    }
                    _ => {}
                }
            }
        }
        // Pins and check blocks are only worked out for full rook and bishop lines.
        let simple_attacks = other_sliders == 0 && special_capturers == 0;
        let set_pawns =
            pawn.and_then(|k| crate::pawn_sets::SetPawns::detect(&geometry, &tables[k.index()], k));

        Variant {
            name: spec.name,
            title: spec.title,
            geometry,
            pieces: spec.pieces,
            start_fen: spec.start_fen,
            promotion_zone: spec.promotion_zone,
            promotion_kinds,
            initial_zone: spec.initial_zone,
            castlings: spec.castlings,
            royal,
            en_passant_names_landing: spec.en_passant_names_landing,
            insufficient_material: spec.insufficient_material,
            known_to_guis: spec.known_to_guis,
            bench_fens: spec.bench_fens,
            rules: None,
            tables,
            pawn,
            castling_paths,
            castling_keep,
            orthogonal_sliders,
            diagonal_sliders,
            leapers,
            other_sliders,
            special_capturers,
            simple_attacks,
            set_pawns,
            cycle_moves: std::sync::OnceLock::new(),
        }
    }

    /// The table of plain moves by hash key ([`Position::can_repeat`]).
    pub(crate) fn cycle_moves(&self) -> &crate::position::CycleMoves {
        self.cycle_moves.get_or_init(|| crate::position::CycleMoves::new(self))
    }

    /// The choice the game leaves to the players, if any.
    pub fn setting(&self) -> Option<crate::rules::GameSetting> {
        self.rules.and_then(|r| r.setting())
    }

    /// How the game is won.
    pub fn goal(&self) -> crate::rules::Goal {
        self.rules.map_or(crate::rules::Goal::Checkmate, |r| r.goal())
    }

    /// The game's jump chains, if it has them.
    /// Pins and checks follow the usual bitboard rules, so the fast legal generator applies:
    /// every capture is a plain leap or a full slide, and no rules of the game change what
    /// units move or attack (a road's units move by its rules, whatever their tables say).
    pub fn lines_decide_legality(&self) -> bool {
        self.simple_attacks && self.rules.is_none()
    }

    pub fn jump_chains(&self) -> Option<&crate::rules::jump_chains::JumpChains> {
        self.rules.and_then(|r| r.jump_chains())
    }

    /// The game's vanishing zone, if it has one.
    pub fn vanishing(&self) -> Option<&crate::rules::vanishing::VanishingZone> {
        self.rules.and_then(|r| r.vanishing())
    }

    /// The Tornado squares a double move `mv` of `pos` could pass through (empty for other
    /// moves and in games without a road).
    pub fn tornadoes(&self, pos: &crate::Position, mv: crate::Move) -> Bitboard {
        self.rules.map_or(Bitboard::EMPTY, |r| r.tornadoes(pos, mv))
    }

    /// The squares of `pos`'s double-move road (empty in games without one).
    pub fn road(&self, pos: &Position) -> Bitboard {
        self.rules.map_or(Bitboard::EMPTY, |r| r.road(pos))
    }

    /// The kind whose White FEN letter is `letter` (upper case).
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        self.pieces.iter().position(|p| p.letter == letter).map(|i| Kind(i as u8))
    }

    #[inline]
    pub fn piece_type(&self, kind: Kind) -> &PieceType {
        &self.pieces[kind.index()]
    }

    #[inline]
    pub fn tables(&self, kind: Kind) -> &KindTables {
        &self.tables[kind.index()]
    }

    /// All kinds of this variant.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        (0..self.pieces.len() as u8).map(Kind)
    }

    /// FEN letter of a piece (lower case for Black).
    pub fn letter(&self, color: Color, kind: Kind) -> char {
        let c = self.pieces[kind.index()].letter;
        match color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// A special leap's target and its alternative routes.
type Target = (Offset, Vec<Vec<Offset>>);

fn build_tables(moves: &[Movement], geometry: &Geometry, initial_zone: &[Bitboard; 2]) -> KindTables {
    let empty = || Box::new([Bitboard::EMPTY; SQUARE_COUNT]);
    let mut t = KindTables {
        quiet: [empty(), empty()],
        capture: [empty(), empty()],
        captured_from: [empty(), empty()],
        special_captured_from: [empty(), empty()],
        slide_quiet: [0; 2],
        slide_capture: [0; 2],
        special: [vec![Vec::new(); SQUARE_COUNT], vec![Vec::new(); SQUARE_COUNT]],
    };
    for m in moves {
        // Special leaps: each target with its routes (a plain leap from start squares only has
        // one empty route), in a fixed order: rings outward, each clockwise from forward.
        let (mut special, mode, initial): (Vec<Target>, Mode, bool) = match m {
            Movement::Slide { steps, ends } => {
                for color in Color::BOTH {
                    for &(df, dr) in steps {
                        let dir = Direction::from_step(df, dr * color.forward())
                            .expect("slider steps are unit steps");
                        if ends.moves() {
                            t.slide_quiet[color.index()] |= 1 << dir as u8;
                        }
                        if ends.captures() {
                            t.slide_capture[color.index()] |= 1 << dir as u8;
                        }
                    }
                }
                continue;
            }
            Movement::Leap { offsets, ends, initial: false, .. } => {
                for color in Color::BOTH {
                    let c = color.index();
                    for from in geometry.playable() {
                        for &(df, dr) in offsets {
                            let Some(to) = geometry.leap(from, df, dr * color.forward()) else { continue };
                            if ends.moves() {
                                t.quiet[c][from.index()].insert(to);
                            }
                            if ends.captures() {
                                t.capture[c][from.index()].insert(to);
                                t.captured_from[c][to.index()].insert(from);
                            }
                        }
                    }
                }
                continue;
            }
            Movement::Leap { offsets, ends, initial: true, .. } => {
                (offsets.iter().map(|&o| (o, vec![Vec::new()])).collect(), *ends, true)
            }
            Movement::Routed { targets, ends, initial } => (targets.clone(), *ends, *initial),
            // Captures on the way are the games' rules; castling is the variant's.
            Movement::Locust | Movement::Castling => continue,
        };
        special.sort_by_key(|&(o, _)| special_order(o));
        for color in Color::BOTH {
            let c = color.index();
            for from in geometry.playable() {
                if initial && !initial_zone[c].contains(from) {
                    continue;
                }
                for (o, routes) in &special {
                    let f = color.forward();
                    let Some(to) = geometry.leap(from, o.0, o.1 * f) else { continue };
                    // A path over a hole or off the board is blocked for good.
                    let paths: Vec<Bitboard> = routes
                        .iter()
                        .filter_map(|r| r.iter().map(|&(x, y)| geometry.leap(from, x, y * f)).collect())
                        .collect();
                    if paths.is_empty() {
                        continue;
                    }
                    assert!(paths.len() <= MAX_PATHS, "too many paths for a special leap");
                    let mut leap =
                        SpecialLeap { to, paths: [Bitboard::EMPTY; MAX_PATHS], path_count: 0, mode, initial };
                    for p in paths {
                        leap.paths[leap.path_count as usize] = p;
                        leap.path_count += 1;
                    }
                    if mode.captures() {
                        t.special_captured_from[c][to.index()].insert(from);
                    }
                    t.special[c][from.index()].push(leap);
                }
            }
        }
    }
    t
}

/// Sort key of a special leap's target: by its shorter then its longer coordinate, then
/// clockwise from straight forward.
fn special_order((x, y): Offset) -> (i8, i8, i64) {
    let angle = (x as f64).atan2(y as f64).rem_euclid(std::f64::consts::TAU);
    (x.abs().min(y.abs()), x.abs().max(y.abs()), (angle * 1e6) as i64)
}
