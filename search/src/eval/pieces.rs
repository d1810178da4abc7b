//! Material, placement, mobility and King safety.

use super::taper;
use super::values::{captures, reach, LineSlider, Values};
use tinman_core::{Bitboard, Color, Position};

/// King safety counts attacks on the King's zone only from this many attacking pieces on:
/// one piece alone rarely mates.
const KING_ATTACKERS_MIN: i32 = 2;
/// Attack units per zone square hit are the attacker's value divided by this (Knight and
/// Bishop 2, Rook 3, Queen 5).
const KING_ATTACK_UNIT_VALUE: i32 = 160;
/// Danger is units² divided by this, in centipawns...
const KING_DANGER_DIVISOR: i32 = 4;
/// ...and at most this (beyond it the search has to see the mate itself).
const KING_DANGER_MAX: i32 = 500;
/// Pawn shield: bonus per own pawn one and two ranks in front of a King on its back two
/// ranks, on its file or the neighbouring ones (middlegame only; every game with a King).
const PAWN_SHIELD: [i32; 2] = [14, 7];
/// A King leaving its back rank in the middlegame loses this much per rank.
const KING_ADVANCE_MIDDLEGAME: i32 = 15;
/// In the endgame the King gains this per step toward the centre.
const KING_CENTRE_ENDGAME: i32 = 8;
/// Bonus for two or more Bishops (they cover both colours).
const BISHOP_PAIR: i32 = 30;
/// Rook on a file without pawns / without own pawns.
const ROOK_OPEN_FILE: i32 = 20;
const ROOK_HALF_OPEN_FILE: i32 = 10;

/// A piece attacked by a less valuable enemy (pawns included) must move or be lost: a bonus
/// to the attacker per such piece (by captures only: a Desert piece's steps threaten nothing).
const THREAT_ON_GREATER: i32 = 35;

/// Material, placement, mobility and King safety of `color`'s pieces.
pub(super) fn side_score(pos: &Position, values: &Values, color: Color, phase: i32) -> i32 {
    let v = pos.variant();
    let occupied = pos.occupied();
    let own = pos.color_set(color);
    let enemy_king_zone = pos.king(!color).map(|k| values.king_zone[(!color).index()][k.index()]);
    let enemy_pawn_attacks = pawn_attacks(pos, !color);
    let pawns = v.pawn.map_or(Bitboard::EMPTY, |p| pos.kind_set(p));
    let (mut score, mut mobility_tenths) = (0, 0);
    let (mut attackers, mut units) = (0, 0);
    let enemy = pos.color_set(!color);
    let mut threatened = pawn_attacks(pos, color) & (enemy - pawns);
    for kind in v.kinds() {
        let piece = v.piece_type(kind);
        let placement = &values.placement[color.index()][kind.index()];
        let set = pos.pieces(color, kind);
        score += values.of(kind) * set.count() as i32;
        if piece.pawn || piece.royal {
            score += set.squares().map(|sq| placement[sq.index()]).sum::<i32>();
            continue;
        }
        let (weight, average) = values.mobility[kind.index()];
        let greater = if set.is_empty() || piece.royal {
            Bitboard::EMPTY
        } else {
            v.kinds()
                .filter(|&k| values.of(k) > values.of(kind) && !v.piece_type(k).royal)
                .fold(Bitboard::EMPTY, |b, k| b | pos.pieces(!color, k))
        };
        let rook_like = values.line_slider[kind.index()] == LineSlider::Rook && values.straight_pawns;
        for sq in set {
            score += placement[sq.index()];
            let squares = reach(v, kind, color, sq, occupied);
            threatened |= captures(v, kind, color, sq, occupied) & greater;
            let free = (squares - own - enemy_pawn_attacks).count() as i32;
            mobility_tenths += weight * (free - average);
            if let Some(zone) = enemy_king_zone {
                let hits = (squares & zone).count() as i32;
                if hits > 0 {
                    attackers += 1;
                    units += hits * (values.of(kind) / KING_ATTACK_UNIT_VALUE).max(1);
                }
            }
            if rook_like {
                let file = file_of(pos, sq);
                if (file & pawns).is_empty() {
                    score += ROOK_OPEN_FILE;
                } else if (file & pawns & own).is_empty() {
                    score += ROOK_HALF_OPEN_FILE;
                }
            }
        }
        if values.line_slider[kind.index()] == LineSlider::Bishop && set.count() >= 2 {
            score += BISHOP_PAIR;
        }
    }
    score += mobility_tenths / 10 + THREAT_ON_GREATER * threatened.count() as i32;
    if attackers >= KING_ATTACKERS_MIN {
        let danger = (units * units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX);
        score += danger * phase / super::PHASE_SCALE;
    }
    score + king_placement(pos, color, phase)
}

/// Squares the pawns of `color` attack.
fn pawn_attacks(pos: &Position, color: Color) -> Bitboard {
    let v = pos.variant();
    let Some(pawn) = v.pawn else { return Bitboard::EMPTY };
    let table = &v.tables(pawn).capture[color.index()];
    let mut attacks = Bitboard::EMPTY;
    for sq in pos.pieces(color, pawn) {
        attacks |= table[sq.index()];
    }
    attacks
}

/// Every square of the file of `sq`.
fn file_of(pos: &Position, sq: tinman_core::Square) -> Bitboard {
    let g = &pos.variant().geometry;
    let f = tinman_core::square::Direction::from_step(0, 1).expect("north");
    g.ray(f, sq) | g.ray(f.opposite(), sq) | Bitboard::from_square(sq)
}

/// The King's square by phase, and its pawn shield.
fn king_placement(pos: &Position, color: Color, phase: i32) -> i32 {
    let Some(king) = pos.king(color) else { return 0 };
    let v = pos.variant();
    let g = &v.geometry;
    let (w, h) = (g.width() as i32, g.height() as i32);
    let (file, rank) = (king.file() as i32, king.rank() as i32);
    let relative_rank = if color == Color::White { rank } else { h - 1 - rank };
    let df = (2 * file - (w - 1)).abs();
    let dr = (2 * rank - (h - 1)).abs();
    let centrality = (w.max(h) - df.max(dr)) / 2;
    let mut middlegame = -KING_ADVANCE_MIDDLEGAME * relative_rank;
    // Any pawn in front shields the King (Berolina pawns too: they capture straight ahead).
    if relative_rank <= 1 {
        let pawns = v.pawn.map_or(Bitboard::EMPTY, |p| pos.pieces(color, p));
        let forward = if color == Color::White { 1 } else { -1 };
        for (i, bonus) in PAWN_SHIELD.iter().enumerate() {
            for df in -1..=1 {
                if let Some(s) = g.leap(king, df, forward * (i as i8 + 1)) {
                    if pawns.contains(s) {
                        middlegame += bonus;
                    }
                }
            }
        }
    }
    taper(middlegame, KING_CENTRE_ENDGAME * centrality, phase)
}
