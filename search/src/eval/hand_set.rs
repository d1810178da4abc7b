//! The hand-set weights: what the evaluation used before any tuning, and where tuning starts.
//! Each value's reason is beside it; the game's definition supplies the rest (piece values,
//! each piece's reach, the board's height).

use super::values::empty_board_reach;
use super::weights::{param, Pair, Weights, FINE, PASSED_SLOTS, PAWN_STEP_SLOTS};
use tinman_core::Variant;

/// Bonus per step of closeness to the centre for pieces (not pawns or Kings).
const CENTRE_BONUS: i32 = 4;
/// Bonus per rank a pawn has advanced toward its promotion zone.
const PAWN_ADVANCE: i32 = 6;
/// Extra bonus for a pawn one or two steps from promotion.
const PAWN_NEAR_PROMOTION: [i32; 2] = [60, 25];
/// Mobility: tenths of a centipawn per square are this divided by the piece's reach on an
/// empty board, so short-range pieces gain more per square (Knight 5, Bishop 3, Queen 1.4).
const MOBILITY_SCALE: i32 = 400;
/// Bounds of the per-square mobility weight, in tenths of a centipawn.
const MOBILITY_WEIGHT_RANGE: (i32, i32) = (10, 50);

/// Passed-pawn bonus by steps still to go (index 1 = one step from promoting), middlegame
/// and endgame: a passer is worth little while pieces can stop it, much in the endgame.
const PASSED_MIDDLEGAME: [i32; PASSED_SLOTS] = [0, 60, 40, 25, 15, 10, 5];
const PASSED_ENDGAME: [i32; PASSED_SLOTS] = [0, 140, 95, 60, 35, 20, 10];
/// Connected pawns (defended by or beside an own pawn), by steps still to go: none by default,
/// because the passed and advance terms were set (and the tables fitted) without them; a game
/// that needs them weighs them in its table (`imawazir`, where pawns advancing together are
/// how a fortress is broken).
const CONNECTED: [i32; PASSED_SLOTS] = [0; PASSED_SLOTS];
/// Pawn behind an own pawn on the same file (it blocks and is blocked).
const DOUBLED: i32 = -12;
/// Pawn without own pawns on the neighbouring files (no pawn can defend it).
const ISOLATED: i32 = -10;

/// Danger is attack units² divided by this, in centipawns (middlegame only: without pieces
/// there is no attack).
const KING_DANGER_DIVISOR: i32 = 4;
/// Pawn shield: bonus per own pawn one and two ranks in front of a King on its back two
/// ranks, on its file or the neighbouring ones (middlegame only; every game with a King).
const PAWN_SHIELD: [i32; 2] = [14, 7];
/// A King leaving its back rank in the middlegame loses this much per rank.
const KING_ADVANCE_MIDDLEGAME: i32 = -15;
/// In the endgame the King gains this per step toward the centre.
const KING_CENTRE_ENDGAME: i32 = 8;
/// Bonus for two or more Bishops (they cover both colours).
const BISHOP_PAIR: i32 = 30;
/// Rook on a file without pawns / without own pawns.
const ROOK_OPEN_FILE: i32 = 20;
const ROOK_HALF_OPEN_FILE: i32 = 10;
/// A piece attacked by a less valuable enemy (pawns included) must move or be lost: a bonus
/// to the attacker per such piece.
const THREAT_ON_GREATER: i32 = 35;

/// Penalty per own unit that an enemy Desert piece can jump right now...
const JUMP_EXPOSURE: i32 = -30;
/// ...plus this share (1 / n) of the unit's value: losing the Desert King hurts more than a pawn.
const JUMP_EXPOSURE_VALUE_DIVISOR: i32 = 10;
/// Each unit a side lacks below the extinction threshold costs this much on top of its material.
const EXTINCTION_DANGER: i32 = -40;
/// Bonus per step of closeness of a hunter of weight 1 to a hunted unit.
const HUNT_CLOSENESS: i32 = 2;
/// In the hunt, each free hunter (Knight, Camel, Prince: they move and capture anywhere) is
/// worth this much more, so that pawns promote to them and not to the Desert or Oasis Kings,
/// strong in a crowd but poor catchers in the open (both sides' 50-move draws ended with a
/// lone unit beside many Oasis Kings).
const FREE_HUNTER: i32 = 150;
/// Each safe square left to a hunted unit costs the hunters this much: a unit that steps like
/// a King has nine in the open, so closing the net is worth a few pawns. Chosen against the
/// depth-1 gauge (−12, −24, −36, −48, −64 with the trapped bonus at 20/3 times it: −36 and
/// −48 best, docs/tuning.md).
const HUNT_FLIGHT: i32 = -36;
/// A hunted unit attacked with no safe square is all but taken (its side to move may still
/// take an attacker that stands unguarded, which counts as a safe square).
const HUNT_TRAPPED: i32 = 240;
/// A hunted side without any move is stalemated on its turn, a draw (the net drawn too tight:
/// Oasis pieces move only by hopping over a neighbour, so a lone one stands frozen): it
/// costs the hunters this much, about what they gain by the net.
const HUNT_STALEMATE: i32 = -400;
/// In the hunt, each of the hunters' units but pawns is worth this much, for the placement
/// and mobility that the hunt stops counting: the big side's came to about 100 a unit (the
/// median over 199 gauge games just before the hunt; docs/tuning.md). Without it, taking the
/// unit that starts the hunt cost the hunters thousands of centipawns, so they shuffled beside
/// seven enemy units into the 50-move draw.
const HUNT_ARMY: i32 = 100;
/// Each hunted unit taken (down to two left) is worth this much to the hunters, more than
/// its presence gave them: three free hunters beside it (closeness 3 · 4 · 10 steps at 6 cp)
/// and its trap (240) make 960. Without it, taking a cheap hunted unit lowered the hunters'
/// evaluation (an Oasis Ferz taken by one of three Knights: +3648 → +3413, the test
/// `taking_a_hunted_unit_raises_the_hunters_score`), so they circled it instead.
const HUNT_TAKEN: i32 = 1000;

/// Penalty per height above 2 of a Wazir in the centre (it is closer to vanishing).
const WAZIR_HEIGHT_PENALTY: i32 = -40;
/// The race: each side gains this times its Wazirs over the opponent's Wazirs + 1. Equal
/// counts cancel; for the side ahead every even exchange gains (8 v 7: +67, 3 v 2: +150,
/// 2 v 1: +200), so it trades down toward the win and the side behind avoids trades.
const WAZIR_RACE: i32 = 300;
/// With more Wazirs than the opponent: bonus per own Wazir per step it is closer to the
/// nearest enemy Wazir than the board's longest Wazir distance (the mop-up that corners them).
const MOP_UP: i32 = 3;
/// One Wazir against one without pawns: the hunter's forced win (docs/tuning.md, "Fifteenth
/// session"). Less than a 2 v 1 lead (a Wazir and the race, some 550), a surer win: the hunt
/// takes up to some twenty moves, and the 50-move rule stands over it.
const WAZIR_HUNTER: i32 = 400;
/// Per rank of a full army's advance (the own Wazirs' ranks ahead of their back rank, times 8
/// over the larger side's count), per locked pawn pair (up to four) and per two enemy Wazirs
/// still on their own back rank: behind a locked chain, or against Wazirs that stay home, the
/// Wazirs that go forward make progress, those at home only shuffle until the 50-move rule
/// (by hand against the depth-1 gauge, docs/tuning.md: locked pairs, "Twentieth session",
/// 72.8% → 83.9% over two seeds; Wazirs at home, "Thirty-sixth session"; 6 rather than 4,
/// 87.7% → 89.9% over three seeds, "Thirty-seventh session"; the army's advance, "Thirty-ninth
/// session").
const WAZIR_SIEGE: i32 = 6;
/// Per passed pawn that no enemy Wazir catches: it becomes a Wazir (300) for a pawn (100).
const RUNAWAY_PAWN: i32 = 200;

/// Bonus per own unit standing on the road (double moves, hard to attack).
const ROAD_OCCUPATION: i32 = 12;
/// Bonus per road square our pieces or pawns attack (who may step onto it).
const ROAD_CONTROL: i32 = 6;

/// The hand-set weights of `variant`.
pub fn weights(variant: &'static Variant) -> Weights {
    let mut w = Weights::zero();
    let height = variant.geometry.height() as i32;
    for kind in variant.kinds() {
        let piece = variant.piece_type(kind);
        w.slots[param::MATERIAL + kind.index()] = Pair::flat(piece.value);
        if !piece.pawn && !piece.royal {
            w.slots[param::CENTRE + kind.index()] = Pair::flat(CENTRE_BONUS);
            let reach = empty_board_reach(variant, kind);
            let tenths =
                (MOBILITY_SCALE / reach.max(1)).clamp(MOBILITY_WEIGHT_RANGE.0, MOBILITY_WEIGHT_RANGE.1);
            w.slots[param::MOBILITY + kind.index()] = Pair::flat(tenths * FINE / 10);
        }
    }
    for steps in 0..PAWN_STEP_SLOTS {
        let near = match steps {
            1 | 2 => PAWN_NEAR_PROMOTION[steps - 1],
            _ => 0,
        };
        w.slots[param::PAWN_STEPS + steps] = Pair::flat(PAWN_ADVANCE * (height - steps as i32).max(0) + near);
    }
    for steps in 0..PASSED_SLOTS {
        w.slots[param::PASSED + steps] = Pair::new(PASSED_MIDDLEGAME[steps], PASSED_ENDGAME[steps]);
        w.slots[param::CONNECTED + steps] = Pair::flat(CONNECTED[steps]);
    }
    let set = |w: &mut Weights, slot: usize, p: Pair| w.slots[slot] = p;
    set(&mut w, param::DOUBLED, Pair::flat(DOUBLED));
    set(&mut w, param::ISOLATED, Pair::flat(ISOLATED));
    set(&mut w, param::SHIELD, Pair::new(PAWN_SHIELD[0], 0));
    set(&mut w, param::SHIELD + 1, Pair::new(PAWN_SHIELD[1], 0));
    set(&mut w, param::KING_RANK, Pair::new(KING_ADVANCE_MIDDLEGAME, 0));
    set(&mut w, param::KING_CENTRE, Pair::new(0, KING_CENTRE_ENDGAME));
    set(&mut w, param::KING_DANGER, Pair::new(FINE / KING_DANGER_DIVISOR, 0));
    set(&mut w, param::BISHOP_PAIR, Pair::flat(BISHOP_PAIR));
    set(&mut w, param::ROOK_OPEN_FILE, Pair::flat(ROOK_OPEN_FILE));
    set(&mut w, param::ROOK_HALF_OPEN_FILE, Pair::flat(ROOK_HALF_OPEN_FILE));
    set(&mut w, param::THREAT, Pair::flat(THREAT_ON_GREATER));
    set(&mut w, param::JUMP_EXPOSURE, Pair::flat(JUMP_EXPOSURE));
    set(&mut w, param::JUMP_EXPOSURE_VALUE, Pair::flat(-FINE / JUMP_EXPOSURE_VALUE_DIVISOR));
    set(&mut w, param::EXTINCTION, Pair::flat(EXTINCTION_DANGER));
    set(&mut w, param::HUNT_CLOSENESS, Pair::flat(HUNT_CLOSENESS));
    set(&mut w, param::FREE_HUNTER, Pair::flat(FREE_HUNTER));
    set(&mut w, param::HUNT_FLIGHT, Pair::flat(HUNT_FLIGHT));
    set(&mut w, param::HUNT_TRAPPED, Pair::flat(HUNT_TRAPPED));
    set(&mut w, param::HUNT_STALEMATE, Pair::flat(HUNT_STALEMATE));
    set(&mut w, param::HUNT_ARMY, Pair::flat(HUNT_ARMY));
    set(&mut w, param::HUNT_TAKEN, Pair::flat(HUNT_TAKEN));
    set(&mut w, param::WAZIR_HEIGHT, Pair::flat(WAZIR_HEIGHT_PENALTY));
    set(&mut w, param::WAZIR_RACE, Pair::flat(WAZIR_RACE));
    set(&mut w, param::MOP_UP, Pair::flat(MOP_UP));
    set(&mut w, param::WAZIR_HUNTER, Pair::flat(WAZIR_HUNTER));
    set(&mut w, param::WAZIR_SIEGE, Pair::flat(WAZIR_SIEGE));
    set(&mut w, param::RUNAWAY_PAWN, Pair::flat(RUNAWAY_PAWN));
    set(&mut w, param::ROAD_OCCUPATION, Pair::flat(ROAD_OCCUPATION));
    set(&mut w, param::ROAD_CONTROL, Pair::flat(ROAD_CONTROL));
    w
}
