//! `Position`: the pieces, side to move, castling rights, en passant, clocks and hash, with
//! make/unmake.

mod cycle;
mod make;
mod movegen;

pub(crate) use cycle::CycleMoves;
pub(crate) mod zobrist;

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::piece::{Color, Kind, Piece, MAX_KINDS};
use crate::square::{Direction, Square, SQUARE_COUNT};
use crate::variant::Variant;

/// An en-passant opportunity: the square a pawn skipped and the square it landed on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct EnPassant {
    pub skipped: Square,
    pub victim: Square,
}

/// What `unmake` needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    captured: Option<Piece>,
    castling: u8,
    en_passant: Option<EnPassant>,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
    checkers: Bitboard,
}

/// A position of any variant, with the moves made since it was set up (for unmake and
/// repetition).
#[derive(Clone)]
pub struct Position {
    pub(crate) variant: &'static Variant,
    pub(crate) board: [Option<Piece>; SQUARE_COUNT],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_kind: [Bitboard; MAX_KINDS],
    pub(crate) side: Color,
    /// Bit `i` set: castling `variant.castlings[i]` is still allowed.
    pub(crate) castling: u8,
    pub(crate) en_passant: Option<EnPassant>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
    /// The game's own state (see [`crate::rules::RulesState`]); empty in games without one.
    pub(crate) rules_state: crate::rules::RulesState,
    history: Vec<Undo>,
    rules_history: Vec<crate::rules::RulesUndo>,
    /// Units captured on the way by multi-leg moves, in capture order, for unmake.
    leg_captures: Vec<Piece>,
    /// The enemy units attacking the side to move's royal piece: found once per position,
    /// when a move is made (as Stockfish's `StateInfo` does), and read by the search's check
    /// tests and by every stage of move generation, which asked for them up to seven times a
    /// node before. Kept current by make, unmake and the FEN reader.
    checkers: Bitboard,
}

impl Position {
    /// An empty board of `variant` with White to move; filled by the FEN reader.
    pub(crate) fn empty(variant: &'static Variant) -> Position {
        Position {
            variant,
            board: [None; SQUARE_COUNT],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; MAX_KINDS],
            side: Color::White,
            castling: 0,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
            rules_state: crate::rules::RulesState::default(),
            history: Vec::with_capacity(256),
            rules_history: Vec::new(),
            leg_captures: Vec::new(),
            checkers: Bitboard::EMPTY,
        }
    }

    /// A copy for trying moves on (the legality filter): the board and state without the
    /// moves made before, which only unmake and repetition need, so it costs no more however
    /// long the game is.
    pub(crate) fn scratch(&self) -> Position {
        Position {
            variant: self.variant,
            board: self.board,
            by_color: self.by_color,
            by_kind: self.by_kind,
            side: self.side,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash,
            rules_state: self.rules_state,
            history: Vec::with_capacity(2),
            rules_history: Vec::new(),
            leg_captures: Vec::new(),
            checkers: self.checkers,
        }
    }

    /// The variant's start position.
    pub fn start(variant: &'static Variant) -> Position {
        Position::from_fen(variant, variant.start_fen).expect("a variant's start FEN is valid")
    }

    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn color_set(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Squares holding a piece of `kind`, both colours.
    #[inline]
    pub fn kind_set(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Castling rights: bit `i` means `variant().castlings[i]` is still allowed.
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    #[inline]
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.en_passant
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Zobrist hash, updated incrementally.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of moves made since the position was set up.
    #[inline]
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The moves made since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Forgets the moves made so far: they can no longer be unmade or count for repetition.
    pub fn clear_history(&mut self) {
        self.history.clear();
        self.rules_history.clear();
        self.leg_captures.clear();
    }

    /// The royal piece of `color`, if the game has one and it is on the board.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.variant.royal.and_then(|k| self.pieces(color, k).first())
    }

    /// Pieces of `by` that attack `sq` when the board holds `occupied`.
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let v = self.variant;
        let ours = self.by_color[by.index()];
        let mut attackers = Bitboard::EMPTY;
        let mut leapers = v.leapers;
        while leapers != 0 {
            let k = leapers.trailing_zeros() as usize;
            leapers &= leapers - 1;
            attackers |= v.tables[k].captured_from[by.index()][sq.index()] & self.by_kind[k];
        }
        let orthogonal = self.kinds_union(v.orthogonal_sliders) & ours;
        if orthogonal.intersects(v.geometry.orthogonal_lines(sq)) {
            attackers |= v.geometry.slide_hits(sq, Direction::ORTHOGONAL, occupied, orthogonal);
        }
        let diagonal = self.kinds_union(v.diagonal_sliders) & ours;
        if diagonal.intersects(v.geometry.diagonal_lines(sq)) {
            attackers |= v.geometry.slide_hits(sq, Direction::DIAGONAL, occupied, diagonal);
        }
        if v.other_sliders | v.special_capturers != 0 {
            attackers |= self.unusual_attackers(sq, by, occupied);
        }
        if let Some(rules) = v.rules {
            attackers = rules.adjust_attackers(self, sq, by, occupied, attackers & ours);
        }
        attackers & ours
    }

    /// Attackers among pieces that slide along only part of a line set, or capture by lame or
    /// initial-only leaps: found piece by piece (no game of ours has them yet).
    fn unusual_attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let v = self.variant;
        let c = by.index();
        let mut attackers = Bitboard::EMPTY;
        let mut kinds = v.other_sliders;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            for dir in Direction::ALL {
                if v.tables[k].slide_capture[c] & (1 << dir as u8) != 0 {
                    attackers |= v.geometry.ray_attacks(sq, dir.opposite(), occupied) & self.by_kind[k];
                }
            }
        }
        let mut kinds = v.special_capturers;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            // Only pieces standing where such a leap lands on `sq` are tried.
            for from in self.by_kind[k] & self.by_color[c] & v.tables[k].special_captured_from[c][sq.index()]
            {
                let reaches = v.tables[k].special[c][from.index()]
                    .iter()
                    .any(|l| l.to == sq && l.mode.captures() && l.open(occupied));
                if reaches {
                    attackers.insert(from);
                }
            }
        }
        attackers
    }

    /// Whether any piece of `by` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_with(sq, by, self.occupied())
    }

    /// Whether any piece of `by` attacks `sq` when the board holds `occupied`: the test of
    /// [`Position::attackers`] that stops at the first attacker found, leapers first (the King's
    /// steps ask it once per destination, and most are safe or attacked by a leaper).
    #[inline]
    pub(crate) fn attacked_with(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let v = self.variant;
        if v.rules.is_some() || v.other_sliders | v.special_capturers != 0 {
            return !self.attackers(sq, by, occupied).is_empty();
        }
        let ours = self.by_color[by.index()];
        let mut leapers = v.leapers;
        while leapers != 0 {
            let k = leapers.trailing_zeros() as usize;
            leapers &= leapers - 1;
            if v.tables[k].captured_from[by.index()][sq.index()].intersects(self.by_kind[k] & ours) {
                return true;
            }
        }
        let orthogonal = self.kinds_union(v.orthogonal_sliders) & ours;
        if orthogonal.intersects(v.geometry.orthogonal_lines(sq))
            && !v.geometry.slide_hits(sq, Direction::ORTHOGONAL, occupied, orthogonal).is_empty()
        {
            return true;
        }
        let diagonal = self.kinds_union(v.diagonal_sliders) & ours;
        diagonal.intersects(v.geometry.diagonal_lines(sq))
            && !v.geometry.slide_hits(sq, Direction::DIAGONAL, occupied, diagonal).is_empty()
    }

    /// Enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// The checkers found from the board alone; equal to [`Position::checkers`] (kept by make
    /// and unmake) unless there is a bug.
    pub fn checkers_from_scratch(&self) -> Bitboard {
        match self.king(self.side) {
            Some(k) => self.attackers(k, !self.side, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Finds the checkers of the position as it now stands.
    #[inline]
    pub(crate) fn refresh_checkers(&mut self) {
        self.checkers = self.checkers_from_scratch();
    }

    /// Whether the side that just moved left its royal piece attacked.
    pub(crate) fn mover_in_check(&self) -> bool {
        match self.king(!self.side) {
            Some(k) => self.is_attacked(k, self.side),
            None => false,
        }
    }

    /// Union of the piece sets of the kinds in the bit set `kinds`.
    #[inline(always)]
    fn kinds_union(&self, mut kinds: u16) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        while kinds != 0 {
            set |= self.by_kind[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        set
    }

    /// The hash computed from scratch; equal to [`Position::hash`] unless there is a bug.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            h ^= zobrist::piece(self.board[sq.index()].expect("occupied square"), sq);
        }
        if self.side == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h ^= zobrist::castling(self.castling);
        if let Some(ep) = self.en_passant {
            h ^= zobrist::en_passant(ep.skipped, ep.victim);
        }
        if let Some(rules) = self.variant.rules {
            h ^= rules.state_hash(self);
        }
        h
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color().index()].insert(sq);
        self.by_kind[piece.kind().index()].insert(sq);
        self.hash ^= zobrist::piece(piece, sq);
    }

    #[inline(always)]
    pub(crate) fn take(&mut self, sq: Square) -> Piece {
        let piece = self.board[sq.index()].take().expect("a piece to remove");
        self.by_color[piece.color().index()].remove(sq);
        self.by_kind[piece.kind().index()].remove(sq);
        self.hash ^= zobrist::piece(piece, sq);
        piece
    }

    /// En passant after a double step to `victim` over `skipped`, kept only if an enemy pawn
    /// can legally capture there (as FIDE's repetition rule counts it), so that equal
    /// positions hash equally. Games whose attacks need the filter generator keep it when a
    /// pawn is merely placed to capture.
    fn en_passant_if_capturable(&self, skipped: Square, victim: Square) -> Option<EnPassant> {
        let mover = self.board[victim.index()]?;
        let them = !mover.color();
        let kind = mover.kind();
        let capturers = self.variant.tables[kind.index()].captured_from[them.index()][skipped.index()]
            & self.pieces(them, kind);
        let king = self.king(them).filter(|_| self.variant.lines_decide_legality());
        let legal = |from: Square| match king {
            None => true,
            Some(k) => {
                let after = (self.occupied() - Bitboard::from_square(from) - Bitboard::from_square(victim))
                    | Bitboard::from_square(skipped);
                (self.attackers(k, mover.color(), after) - Bitboard::from_square(victim)).is_empty()
            }
        };
        capturers.squares().any(legal).then_some(EnPassant { skipped, victim })
    }

    /// How many times the current position occurred before (same hash, same side to move),
    /// looking back no further than the last irreversible move.
    pub fn repetitions(&self) -> usize {
        let window = (self.halfmove_clock as usize).min(self.history.len());
        self.history[self.history.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|u| u.hash == self.hash)
            .count()
    }
}

impl PartialEq for Position {
    /// Positions are equal when the board, side, rights, en passant and clocks are; the moves
    /// that led there do not matter.
    fn eq(&self, other: &Position) -> bool {
        std::ptr::eq(self.variant, other.variant)
            && self.board == other.board
            && self.side == other.side
            && self.castling == other.castling
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
            && self.rules_state == other.rules_state
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}
