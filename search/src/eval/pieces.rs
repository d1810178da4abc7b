//! Material, placement, mobility and King safety.

use super::sink::Sink;
use super::values::{captures, reach, LineSlider, Values};
use super::weights::{param, PAWN_STEP_SLOTS};
use tinman_core::{Bitboard, Color, Position};

/// King safety counts attacks on the King's zone only from this many attacking pieces on:
/// one piece alone rarely mates.
const KING_ATTACKERS_MIN: i32 = 2;
/// Attack units per zone square hit are the attacker's value divided by this (Knight and
/// Bishop 2, Rook 3, Queen 5).
const KING_ATTACK_UNIT_VALUE: i32 = 160;
/// Danger counts attack units² up to this (beyond it the search has to see the mate itself).
const KING_DANGER_UNITS_MAX: i32 = 2000;
/// A side with fewer moves than this (steps of its units to squares not its own, pawn
/// pushes) is cramped, by the number it lacks.
const CRAMPED_BELOW: i32 = 8;

/// Material, placement, mobility and King safety of `color`'s pieces; `pawn_attacks`: the
/// squares each colour's pawns attack ([`pawn_attacks`], found once for both sides).
pub(super) fn side_terms<S: Sink>(
    pos: &Position,
    values: &Values,
    color: Color,
    pawn_attacks: &[Bitboard; 2],
    sink: &mut S,
) {
    let v = pos.variant();
    let occupied = pos.occupied();
    let own = pos.color_set(color);
    let enemy_king_zone = pos.king(!color).map(|k| values.king_zone[(!color).index()][k.index()]);
    let enemy_pawn_attacks = pawn_attacks[(!color).index()];
    let pawns = v.pawn.map_or(Bitboard::EMPTY, |p| pos.kind_set(p));
    let (mut attackers, mut units) = (0, 0);
    let enemy = pos.color_set(!color);
    let mut threatened = pawn_attacks[color.index()] & (enemy - pawns);
    let back_rank = if color == Color::White { 0 } else { v.geometry.height() as i32 - 1 };
    let mut moves = 0;
    let placement = super::games::placement_counts(pos, color);
    for kind in v.kinds() {
        let piece = v.piece_type(kind);
        let set = pos.pieces(color, kind);
        if set.is_empty() {
            continue;
        }
        sink.add(param::MATERIAL + kind.index(), set.count() as i32);
        if piece.pawn {
            let pushes = &v.tables(kind).quiet[color.index()];
            for sq in set {
                let steps = values.steps[color.index()][sq.index()] as usize;
                sink.add(param::PAWN_STEPS + steps.min(PAWN_STEP_SLOTS - 1), 1);
                moves += (pushes[sq.index()] - occupied).count() as i32;
            }
            continue;
        }
        if piece.royal {
            for sq in set {
                moves += (reach(v, kind, color, sq, occupied) - own).count() as i32;
            }
            continue;
        }
        let average = values.mobility_average[kind.index()];
        let greater = v
            .kinds()
            .filter(|&k| values.of(k) > values.of(kind) && !v.piece_type(k).royal)
            .fold(Bitboard::EMPTY, |b, k| b | pos.pieces(!color, k));
        let rook_like = values.line_slider[kind.index()] == LineSlider::Rook && values.straight_pawns;
        let (mut centre, mut mobility, mut advance) = (0, 0, 0);
        for sq in set {
            centre += values.centrality[sq.index()];
            advance += (sq.rank() as i32 - back_rank).abs();
            let squares = reach(v, kind, color, sq, occupied);
            moves += (squares - own).count() as i32;
            let hits = if values.captures_as_it_moves[kind.index()] {
                squares
            } else {
                captures(v, kind, color, sq, occupied)
            };
            threatened |= hits & greater;
            mobility += (squares - own - enemy_pawn_attacks).count() as i32 - average;
            if let Some(zone) = enemy_king_zone {
                let hits = (squares & zone).count() as i32;
                if hits > 0 {
                    attackers += 1;
                    units += hits * (values.of(kind) / KING_ATTACK_UNIT_VALUE).max(1);
                }
            }
            if rook_like {
                let file = values.file[sq.file() as usize];
                if (file & pawns).is_empty() {
                    sink.add(param::ROOK_OPEN_FILE, 1);
                } else if (file & pawns & own).is_empty() {
                    sink.add(param::ROOK_HALF_OPEN_FILE, 1);
                }
            }
        }
        if placement {
            sink.add(param::CENTRE + kind.index(), centre);
            sink.add(param::ADVANCE + kind.index(), advance);
            sink.add_fine(param::MOBILITY + kind.index(), mobility);
        }
        if values.line_slider[kind.index()] == LineSlider::Bishop && set.count() >= 2 {
            sink.add(param::BISHOP_PAIR, 1);
        }
    }
    sink.add(param::THREAT, threatened.count() as i32);
    sink.add(param::CRAMPED, (CRAMPED_BELOW - moves).max(0));
    if attackers >= KING_ATTACKERS_MIN {
        sink.add_fine(param::KING_DANGER, (units * units).min(KING_DANGER_UNITS_MAX));
    }
    king_terms(pos, values, color, sink);
}

/// Squares the pawns of `color` attack.
pub(super) fn pawn_attacks(pos: &Position, color: Color) -> Bitboard {
    let v = pos.variant();
    let Some(pawn) = v.pawn else { return Bitboard::EMPTY };
    let table = &v.tables(pawn).capture[color.index()];
    let mut attacks = Bitboard::EMPTY;
    for sq in pos.pieces(color, pawn) {
        attacks |= table[sq.index()];
    }
    attacks
}

/// The King's square (its rank, its closeness to the centre) and its pawn shield.
fn king_terms<S: Sink>(pos: &Position, values: &Values, color: Color, sink: &mut S) {
    let Some(king) = pos.king(color) else { return };
    let v = pos.variant();
    let g = &v.geometry;
    let h = g.height() as i32;
    let rank = king.rank() as i32;
    let relative_rank = if color == Color::White { rank } else { h - 1 - rank };
    sink.add(param::KING_RANK, relative_rank);
    sink.add(param::KING_CENTRE, values.king_centrality[king.index()]);
    // Any pawn in front shields the King (Berolina pawns too: they capture straight ahead).
    if relative_rank <= 1 {
        let pawns = v.pawn.map_or(Bitboard::EMPTY, |p| pos.pieces(color, p));
        let forward = if color == Color::White { 1 } else { -1 };
        for i in 0..2 {
            let shield = (-1..=1)
                .filter_map(|df| g.leap(king, df, forward * (i as i8 + 1)))
                .filter(|&s| pawns.contains(s))
                .count() as i32;
            sink.add(param::SHIELD + i, shield);
        }
    }
}
