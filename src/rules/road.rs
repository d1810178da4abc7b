//! A double-move road (the Yellow Brick Road of Wizard of Oz chess).
//!
//! Moving onto the road is ordinary. A unit that starts its move on a road square moves only
//! by the road's rules:
//! - **Double move** (every unit but the road-line mover): leg 1 is a move of its own kind
//!   onto a square occupied by another unit, the Tornado (of either colour for moves, of the
//!   enemy for capture-only moves; never a King), capturing nothing; leg 2 is an ordinary move
//!   of its own kind from the Tornado, to an empty square or capturing an enemy unit, with the
//!   start square counting as empty, never back to the start square and never itself a
//!   double move. No initial-only moves (double steps) and no en passant on either leg.
//! - **Road-line mover** (the Queen): steps to a neighbouring road square, then stops or goes
//!   on in the same direction as a slider; she may capture on her first step.
//! - **Road-bound royal piece** (the King): steps to a neighbouring road square (empty or
//!   capturing) or makes a double move; never steps directly off the road.
//! - A unit with no way to move cannot move.
//!
//! A unit on the road attacks exactly the squares its road moves could capture on, so check,
//! pins and King safety follow from [`DoubleMoveRoad::adjust_attackers`]. Double moves are
//! written as plain from-to: the result does not depend on the Tornado used.

use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::moves::{Move, MoveList, Special};
use crate::piece::{Color, Kind};
use crate::position::{zobrist, Position};
use crate::rules::{GameRules, GameSetting};
use crate::square::{Direction, Square};

/// The rules of a game whose one odd rule is a double-move road the players choose: the
/// `Road` setting, written in the FEN as an extra field `road:c4,d5,e6,f5,g4` (any playable
/// squares; the default road when the field is absent). The road is the rules state's set.
pub struct RoadGame {
    road: DoubleMoveRoad,
    default_text: &'static str,
    default_road: Bitboard,
}

impl RoadGame {
    /// `default` names the default road's squares, comma-separated (`c4,d5,e6,f5,g4`).
    pub fn new(road: DoubleMoveRoad, default: &'static str) -> RoadGame {
        let default_road =
            default.split(',').map(|n| Square::parse(n).expect("a square of the default road")).collect();
        RoadGame { road, default_text: default, default_road }
    }
}

impl GameRules for RoadGame {
    fn extra_moves(&self, pos: &Position, list: &mut MoveList) {
        self.road.generate(pos, list);
    }

    fn ruled_units(&self, pos: &Position) -> Bitboard {
        self.road.ruled_units(pos)
    }

    /// Only the road units in `movers` are generated: a single move's legality test asks
    /// for one unit.
    fn extra_moves_part(&self, pos: &Position, movers: Bitboard, tactical: bool, list: &mut MoveList) {
        let mut moves = MoveList::new();
        self.road.generate_from(pos, movers, &mut moves);
        for &m in &moves {
            if pos.is_tactical(m) == tactical {
                list.push(m);
            }
        }
    }

    fn adjust_attackers(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        table: Bitboard,
    ) -> Bitboard {
        self.road.adjust_attackers(pos, sq, by, occupied, table)
    }

    fn road(&self, pos: &Position) -> Bitboard {
        pos.rules_state.squares
    }

    fn tornadoes(&self, pos: &Position, mv: Move) -> Bitboard {
        self.road.tornadoes(pos, mv)
    }

    fn setting(&self) -> Option<GameSetting> {
        Some(GameSetting { name: "Road", fen_prefix: "road:", default: self.default_text })
    }

    fn state_hash(&self, pos: &Position) -> u64 {
        pos.rules_state.squares.squares().fold(0, |h, s| h ^ zobrist::square_value(s, 1))
    }

    fn read_extra_fields(&self, pos: &mut Position, fields: &[String]) -> Result<(), FenError> {
        pos.rules_state.squares = self.default_road;
        let Some(field) = fields.first() else { return Ok(()) };
        if let Some(extra) = fields.get(1) {
            return Err(FenError::UnexpectedField(extra.clone()));
        }
        let bad = |why: &str| FenError::BadVariantField {
            field: "road",
            text: field.clone(),
            why: why.to_string(),
        };
        let list = field.strip_prefix("road:").ok_or_else(|| bad("expected road:SQUARE,SQUARE,..."))?;
        let mut road = Bitboard::EMPTY;
        for name in list.split(',') {
            let square = Square::parse(name)
                .filter(|s| pos.variant().geometry.playable().contains(*s))
                .ok_or_else(|| bad("not a square of the board"))?;
            if road.contains(square) {
                return Err(bad("a square is named twice"));
            }
            road.insert(square);
        }
        pos.rules_state.squares = road;
        Ok(())
    }

    fn write_extra_fields(&self, pos: &Position) -> Vec<String> {
        if pos.rules_state.squares == self.default_road {
            return Vec::new();
        }
        let names: Vec<String> = pos.rules_state.squares.squares().map(|s| s.to_string()).collect();
        vec![format!("road:{}", names.join(","))]
    }
}

/// Settings of a double-move road.
pub struct DoubleMoveRoad {
    /// The unit that moves along the road instead of double-moving.
    pub line_mover: Kind,
    /// The royal unit, which may step along the road or double-move but not step off it.
    pub royal: Kind,
}

impl DoubleMoveRoad {
    /// Own units on the road: their moves are all made here.
    pub fn ruled_units(&self, pos: &Position) -> Bitboard {
        pos.rules_state.squares & pos.color_set(pos.side_to_move())
    }

    /// Appends the road moves of the side to move (each from-to-promotion once).
    pub fn generate(&self, pos: &Position, list: &mut MoveList) {
        self.generate_from(pos, pos.color_set(pos.side_to_move()), list);
    }

    /// Appends the road moves of the side to move's units in `movers`.
    pub fn generate_from(&self, pos: &Position, movers: Bitboard, list: &mut MoveList) {
        let us = pos.side_to_move();
        let promotion_zone = pos.variant().promotion_zone[us.index()];
        for from in pos.rules_state.squares & pos.color_set(us) & movers {
            let piece = pos.piece_at(from).expect("a unit on the road");
            let targets = self.destinations(pos, from, piece.kind(), us, pos.occupied()) - pos.color_set(us);
            let pawn = pos.variant().piece_type(piece.kind()).pawn;
            for to in targets {
                if pawn && promotion_zone.contains(to) {
                    for &kind in &pos.variant().promotion_kinds {
                        list.push(Move::promotion(from, to, kind, Special::Normal));
                    }
                } else {
                    list.push(Move::new(from, to, Special::Normal));
                }
            }
        }
    }

    /// The Tornados a double move `mv` of the side to move could use: leg 1's ends from which
    /// leg 2 reaches `mv`'s destination (empty for moves that are not double moves).
    pub fn tornadoes(&self, pos: &Position, mv: Move) -> Bitboard {
        let from = mv.from();
        let Some(piece) = pos.piece_at(from) else { return Bitboard::EMPTY };
        if !pos.rules_state.squares.contains(from) || piece.kind() == self.line_mover {
            return Bitboard::EMPTY;
        }
        let (color, occupied) = (piece.color(), pos.occupied());
        let lifted = occupied - Bitboard::from_square(from);
        let enemies = pos.color_set(!color);
        self.tornados(pos, from, piece.kind(), color, occupied)
            .squares()
            .filter(|&tornado| {
                let (quiet, captures) = reach(pos, tornado, piece.kind(), color, lifted);
                ((quiet - lifted) | (captures & enemies)).contains(mv.to())
            })
            .collect()
    }

    /// Replaces the table attacks of `by`'s road units by their road attacks.
    pub fn adjust_attackers(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        table: Bitboard,
    ) -> Bitboard {
        let road_units = pos.rules_state.squares & pos.color_set(by) & occupied;
        let mut attackers = table - road_units;
        for from in road_units {
            let kind = pos.piece_at(from).expect("a unit on the road").kind();
            if self.attacks_square(pos, from, kind, by, occupied, sq) {
                attackers.insert(from);
            }
        }
        attackers
    }

    /// Whether a road unit could capture on `sq` by a road move.
    /// A double move reaches `sq` through a Tornado from which a move of the unit's kind
    /// captures there, so the Tornados are met with the squares that capture onto `sq`
    /// (table leaps backwards, slides from `sq` the other way, routed leaps such as the
    /// Falcon's tried from each Tornado) instead of the unit's whole reach from each Tornado.
    fn attacks_square(
        &self,
        pos: &Position,
        from: Square,
        kind: Kind,
        color: Color,
        occupied: Bitboard,
        sq: Square,
    ) -> bool {
        if kind == self.line_mover {
            return self.road_lines(pos, from, occupied).contains(sq) && sq != from;
        }
        if sq == from {
            return false;
        }
        if kind == self.royal && self.road_steps(pos, from).contains(sq) {
            return true;
        }
        let v = pos.variant();
        let t = v.tables(kind);
        let c = color.index();
        let backwards = Direction::ALL
            .into_iter()
            .filter(|&d| t.slide_capture[c] & (1 << d as u8) != 0)
            .fold(0u8, |dirs, d| dirs | 1 << d.opposite() as u8);
        let lifted = occupied - Bitboard::from_square(from);
        let capturing_from = t.captured_from[c][sq.index()] | v.geometry.slide(sq, backwards, lifted);
        let routed = v.special_capturers & (1 << kind.index()) != 0;
        // A Tornado is an occupied square: where none captures onto `sq` by table or slide
        // (the usual case), the unit's own reach is not needed.
        if !routed && !capturing_from.intersects(lifted) {
            return false;
        }
        let tornados = self.tornados(pos, from, kind, color, occupied);
        if tornados.intersects(capturing_from) {
            return true;
        }
        routed
            && (tornados & t.special_captured_from[c][sq.index()]).squares().any(|tornado| {
                t.special[c][tornado.index()]
                    .iter()
                    .any(|l| l.to == sq && !l.initial && l.mode.captures() && l.open(lifted))
            })
    }

    /// Squares a road unit of `color` on `from` may end its move on, whatever stands there
    /// (the caller removes its own units): road lines for the line mover; otherwise road
    /// steps for the royal unit plus, from every Tornado, the unit's reach there (computed
    /// with the start square empty) onto empty squares or enemy units.
    fn destinations(
        &self,
        pos: &Position,
        from: Square,
        kind: Kind,
        color: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        if kind == self.line_mover {
            return self.road_lines(pos, from, occupied);
        }
        let enemies = pos.color_set(!color);
        let mut squares = if kind == self.royal { self.road_steps(pos, from) } else { Bitboard::EMPTY };
        let lifted = occupied - Bitboard::from_square(from);
        for tornado in self.tornados(pos, from, kind, color, occupied) {
            let (quiet, captures) = reach(pos, tornado, kind, color, lifted);
            squares |= (quiet - lifted) | (captures & enemies);
        }
        squares - Bitboard::from_square(from)
    }

    /// Leg 1: squares holding a unit (not a King) that the unit reaches by a move of its kind,
    /// or holding an enemy unit it reaches by a capture of its kind.
    fn tornados(
        &self,
        pos: &Position,
        from: Square,
        kind: Kind,
        color: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let (quiet, captures) = reach(pos, from, kind, color, occupied);
        let kings = pos.variant().royal.map_or(Bitboard::EMPTY, |k| pos.kind_set(k));
        ((quiet & occupied) | (captures & pos.color_set(!color) & occupied)) - kings
    }

    /// The road-line mover's moves: a first step onto a neighbouring road square, then on in
    /// the same direction as a slider.
    fn road_lines(&self, pos: &Position, from: Square, occupied: Bitboard) -> Bitboard {
        let g = &pos.variant().geometry;
        let mut lines = Bitboard::EMPTY;
        for dir in Direction::ALL {
            let (df, dr) = dir.step();
            if from.offset(df, dr).is_some_and(|n| pos.rules_state.squares.contains(n)) {
                lines |= g.ray_attacks(from, dir, occupied);
            }
        }
        lines
    }

    /// Neighbouring road squares.
    fn road_steps(&self, pos: &Position, from: Square) -> Bitboard {
        const KING_STEPS: [(i8, i8); 8] =
            [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
        KING_STEPS
            .iter()
            .filter_map(|&(df, dr)| from.offset(df, dr))
            .filter(|s| pos.rules_state.squares.contains(*s))
            .collect()
    }
}

/// Squares a unit of `kind` and `color` on `from` reaches by one ordinary move of its kind,
/// ignoring what stands on the destination, as (move squares, capture squares). Sliders stop
/// on the first occupied square (included); initial-only moves are left out.
fn reach(pos: &Position, from: Square, kind: Kind, color: Color, occupied: Bitboard) -> (Bitboard, Bitboard) {
    let v = pos.variant();
    let t = v.tables(kind);
    let (c, f) = (color.index(), from.index());
    let mut quiet = t.quiet[c][f] | v.geometry.slide(from, t.slide_quiet[c], occupied);
    let mut captures = t.capture[c][f] | v.geometry.slide(from, t.slide_capture[c], occupied);
    for leap in &t.special[c][f] {
        if leap.initial || !leap.open(occupied) {
            continue;
        }
        if leap.mode.moves() {
            quiet.insert(leap.to);
        }
        if leap.mode.captures() {
            captures.insert(leap.to);
        }
    }
    (quiet, captures)
}
