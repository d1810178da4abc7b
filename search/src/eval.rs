//! Static evaluation for every game, in centipawns from the side to move's view.
//!
//! Piece values are first estimates, to be tuned by self-play (issue 7): standard chess uses
//! the usual 100/320/330/500/900; the other games' pieces are placed relative to those by their
//! mobility on an empty board and what they can capture (see docs/search.md).

use tinman_core::piece::MAX_KINDS;
use tinman_core::square::Direction;
use tinman_core::variants::imawazir_rules;
use tinman_core::{Bitboard, Color, Position, Square, Variant};

/// Bonus per step of closeness to the centre for pieces (not pawns or Kings).
const CENTRE_BONUS: i32 = 4;
/// Bonus per rank a pawn has advanced toward its promotion zone.
const PAWN_ADVANCE: i32 = 6;
/// Extra bonus for a pawn one or two steps from promotion.
const PAWN_NEAR_PROMOTION: [i32; 2] = [60, 25];
/// `imawazir`: penalty per height above 2 of a Wazir in the centre (it is closer to vanishing).
const WAZIR_HEIGHT_PENALTY: i32 = 40;
/// `imawazir`: bonus per own Wazir when the opponent has few (the race for the last one).
const WAZIR_RACE: i32 = 150;
/// `desertoasis`: penalty per own unit that an enemy Desert piece can jump right now.
const JUMP_EXPOSURE: i32 = 30;
/// `wizardoz`: bonus per own unit standing on the road (double moves, hard to attack).
const ROAD_OCCUPATION: i32 = 12;

/// Piece values by White FEN letter, per game.
fn value_of(variant: &str, letter: char) -> i32 {
    match (variant, letter) {
        (_, 'P') => 100,
        (_, 'K') => 0,
        ("normal", 'N') => 320,
        ("normal", 'B') => 330,
        ("normal", 'R') => 500,
        ("normal", 'Q') => 900,
        // A Knight that jumps over the road's units; the Falcon reaches 16 squares (Fairy-Max
        // values it at 1.5 Knights).
        ("wizardoz", 'N') => 300,
        ("wizardoz", 'B') => 320,
        ("wizardoz", 'R') => 480,
        ("wizardoz", 'Q') => 880,
        ("wizardoz", 'F') => 450,
        // The holes shorten lines; the extra non-capturing steps let B change colour.
        ("wedgie", 'N') => 290,
        ("wedgie", 'B') => 360,
        ("wedgie", 'R') => 520,
        ("wedgie", 'Q') => 900,
        // The Wazirs are what the game is about.
        ("imawazir", 'W') => 300,
        // Desert Oasis: leapers as in chess; Desert/Oasis pieces move one step but can chain.
        ("desertoasis", 'N') => 300,
        ("desertoasis", 'C') => 270,
        ("desertoasis", 'M') => 320,
        ("desertoasis", 'W') | ("desertoasis", 'V') => 220,
        ("desertoasis", 'F') | ("desertoasis", 'X') => 200,
        ("desertoasis", 'D') | ("desertoasis", 'O') => 420,
        _ => 300,
    }
}

/// Piece values indexed by kind.
pub struct Values {
    values: [i32; MAX_KINDS],
    /// The kinds from the least valuable to the royal one (exchanges take cheapest first).
    cheapest_first: Vec<tinman_core::Kind>,
}

impl Values {
    pub fn for_variant(variant: &Variant) -> Values {
        let mut values = [0; MAX_KINDS];
        for kind in variant.kinds() {
            values[kind.index()] = value_of(variant.name, variant.piece_type(kind).letter);
        }
        let mut cheapest_first: Vec<_> = variant.kinds().collect();
        cheapest_first.sort_by_key(|&k| (Some(k) == variant.royal, values[k.index()]));
        Values { values, cheapest_first }
    }

    /// The kinds from the least valuable to the royal one.
    pub fn cheapest_first(&self) -> &[tinman_core::Kind] {
        &self.cheapest_first
    }

    #[inline]
    pub fn of(&self, kind: tinman_core::Kind) -> i32 {
        self.values[kind.index()]
    }
}

/// What the evaluation counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalMode {
    /// Every term: material, placement and each game's own ideas.
    #[default]
    Full,
    /// Material only: a deliberately weak player (the match runner's "weak self").
    MaterialOnly,
}

/// The evaluation of `pos` for the side to move under `mode`.
pub fn evaluate_with(pos: &Position, values: &Values, mode: EvalMode) -> i32 {
    match mode {
        EvalMode::Full => evaluate(pos, values),
        EvalMode::MaterialOnly => material(pos, values),
    }
}

/// Material balance for the side to move.
pub fn material(pos: &Position, values: &Values) -> i32 {
    let us = pos.side_to_move();
    pos.variant()
        .kinds()
        .map(|k| values.of(k) * (pos.pieces(us, k).count() as i32 - pos.pieces(!us, k).count() as i32))
        .sum()
}

/// The full evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position, values: &Values) -> i32 {
    let white = side_score(pos, values, Color::White) - side_score(pos, values, Color::Black);
    let game = game_terms(pos, Color::White) - game_terms(pos, Color::Black);
    let score = white + game;
    if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    }
}

fn side_score(pos: &Position, values: &Values, color: Color) -> i32 {
    let v = pos.variant();
    let g = &v.geometry;
    let (w, h) = (g.width() as i32, g.height() as i32);
    let mut score = 0;
    for kind in v.kinds() {
        let piece = v.piece_type(kind);
        for sq in pos.pieces(color, kind) {
            score += values.of(kind);
            if piece.pawn {
                let steps = steps_to_promotion(pos, sq, color);
                score += PAWN_ADVANCE * (h - steps).max(0);
                if (1..=2).contains(&steps) {
                    score += PAWN_NEAR_PROMOTION[steps as usize - 1];
                }
            } else if !piece.royal {
                let df = (2 * sq.file() as i32 - (w - 1)).abs();
                let dr = (2 * sq.rank() as i32 - (h - 1)).abs();
                score += CENTRE_BONUS * ((w.max(h) - df.max(dr)) / 2);
            }
        }
    }
    score
}

/// Ranks a pawn of `color` on `sq` still has to go to reach its promotion zone.
fn steps_to_promotion(pos: &Position, sq: Square, color: Color) -> i32 {
    let zone = pos.variant().promotion_zone[color.index()];
    zone.squares().map(|z| (z.rank() as i32 - sq.rank() as i32).abs()).min().unwrap_or(0)
}

/// Each game's own ideas.
fn game_terms(pos: &Position, color: Color) -> i32 {
    let v = pos.variant();
    match v.name {
        "imawazir" => {
            let wazir = v.kind_by_letter('W').expect("imawazir has Wazirs");
            let rules = imawazir_rules();
            let ours = pos.pieces(color, wazir);
            let theirs = pos.pieces(!color, wazir).count() as i32;
            let decay: i32 =
                ours.squares().map(|s| (rules.height(pos, s) as i32 - 2) * WAZIR_HEIGHT_PENALTY).sum();
            let race = if theirs <= 3 { WAZIR_RACE * ours.count() as i32 / theirs.max(1) } else { 0 };
            race - decay
        }
        "desertoasis" => -JUMP_EXPOSURE * exposed_to_jumps(pos, color),
        "wizardoz" => {
            ROAD_OCCUPATION * (tinman_core::variants::road(pos) & pos.color_set(color)).count() as i32
        }
        _ => 0,
    }
}

/// Units of `color` that an enemy Desert piece could jump (capture) at once.
fn exposed_to_jumps(pos: &Position, color: Color) -> i32 {
    let v = pos.variant();
    let empty = v.geometry.playable() - pos.occupied();
    let ours = pos.color_set(color);
    let mut exposed = Bitboard::EMPTY;
    for (letter, dirs) in [
        ('W', Direction::ORTHOGONAL),
        ('F', Direction::DIAGONAL),
        ('D', Direction::ORTHOGONAL | Direction::DIAGONAL),
    ] {
        let Some(kind) = v.kind_by_letter(letter) else { continue };
        for from in pos.pieces(!color, kind) {
            for dir in Direction::ALL {
                if dirs & (1 << dir as u8) == 0 {
                    continue;
                }
                let (df, dr) = dir.step();
                let Some(over) = from.offset(df, dr) else { continue };
                if ours.contains(over) && over.offset(df, dr).is_some_and(|l| empty.contains(l)) {
                    exposed.insert(over);
                }
            }
        }
    }
    exposed.count() as i32
}
