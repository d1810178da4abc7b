//! Move generation: pseudo-legal moves from the piece tables, and legal moves either by the
//! fast pin-and-check method (when every capture is a plain leap or slide) or by filtering.

use super::Position;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList, Special};
use crate::piece::{Color, Kind};
use crate::square::{Direction, Square};

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Appends every legal move to `list`.
    pub fn generate_legal(&self, list: &mut MoveList) {
        if self.is_decided() {
            return;
        }
        let Some(king) = self.king(self.side) else {
            // No royal piece: nothing can be illegal by exposure.
            self.generate_pseudo_legal(list);
            return;
        };
        if !self.variant.lines_decide_legality() {
            let mut scratch = self.clone();
            let mut pseudo = MoveList::new();
            self.generate_pseudo_legal(&mut pseudo);
            for &m in &pseudo {
                if scratch.leaves_king_safe(m) {
                    list.push(m);
                }
            }
            return;
        }
        self.generate_legal_fast(king, list);
    }

    /// The legal captures (en passant and multi-captures included) and promotions: what
    /// quiescence searches. Quiet moves are not generated where the piece tables allow it, and
    /// never tested for legality.
    pub fn tactical_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_decided() {
            return list;
        }
        match self.king(self.side) {
            Some(king) if self.variant.lines_decide_legality() => {
                let enemies = self.color_set(!self.side);
                let promotions = self.variant.promotion_zone[self.side.index()];
                self.generate_legal_masked(king, enemies | promotions, &mut list);
                list.retain(|m| self.is_tactical(m));
            }
            king => {
                self.generate_pseudo_legal(&mut list);
                list.retain(|m| self.is_tactical(m));
                if king.is_some() {
                    let mut scratch = self.clone();
                    list.retain(|m| scratch.leaves_king_safe(m));
                }
            }
        }
        list
    }

    /// Whether `m` captures: directly, en passant or along a multi-capture path.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        match m.special() {
            Special::EnPassant | Special::MultiCapture => true,
            Special::Castle => false,
            _ => self.board[m.to().index()].is_some_and(|p| p.color() != self.side),
        }
    }

    /// Whether `m` captures or promotes.
    #[inline]
    pub fn is_tactical(&self, m: Move) -> bool {
        m.promoted().is_some() || self.is_capture(m)
    }

    /// Appends every pseudo-legal move: legal except that the mover's royal piece may be left
    /// attacked. Castling is only generated when it is fully legal.
    pub fn generate_pseudo_legal(&self, list: &mut MoveList) {
        let v = self.variant;
        let us = self.side;
        let everywhere = v.geometry.playable();
        // Units whose moves the game's rules make entirely (e.g. units on a road).
        let ruled = v.rules.map_or(Bitboard::EMPTY, |r| r.ruled_units(self));
        for kind in v.kinds() {
            for from in self.pieces(us, kind) - ruled {
                self.generate_piece(from, kind, everywhere, list);
            }
        }
        if let Some(ep) = self.en_passant {
            for from in self.en_passant_capturers() - ruled {
                list.push(Move::new(from, ep.skipped, Special::EnPassant));
            }
        }
        if self.king(us).is_some_and(|k| !ruled.contains(k) && !self.is_attacked(k, !us)) {
            self.generate_castling(list);
        }
        if let Some(rules) = v.rules {
            rules.extra_moves(self, list);
        }
    }

    /// The legal moves found by making every pseudo-legal move and testing the King: slow,
    /// but independent of the pin logic, so tests compare the two.
    pub fn legal_moves_by_filter(&mut self) -> MoveList {
        let mut pseudo = MoveList::new();
        if self.is_decided() {
            return pseudo;
        }
        self.generate_pseudo_legal(&mut pseudo);
        pseudo.retain(|m| self.leaves_king_safe(m));
        pseudo
    }

    /// Whether the game's rules say the board has already decided the game (then there are
    /// no legal moves).
    #[inline]
    pub fn is_decided(&self) -> bool {
        self.variant.rules.is_some_and(|r| r.decided(self).is_some())
    }

    /// Makes `m`, checks the mover's royal piece, and unmakes it.
    fn leaves_king_safe(&mut self, m: Move) -> bool {
        self.make(m);
        let safe = !self.mover_in_check();
        self.unmake();
        safe
    }

    fn generate_legal_fast(&self, king: Square, list: &mut MoveList) {
        self.generate_legal_masked(king, self.variant.geometry.playable(), list);
    }

    /// The number of legal moves, counted without writing them where the fast generator
    /// applies (perft's last ply).
    pub fn count_legal(&self) -> usize {
        if self.is_decided() {
            return 0;
        }
        match self.king(self.side) {
            Some(king) if self.variant.lines_decide_legality() => {
                let mut count = MoveCount(0);
                self.generate_legal_masked(king, self.variant.geometry.playable(), &mut count);
                count.0
            }
            _ => self.legal_moves().len(),
        }
    }

    /// The legal moves whose destination is in `only` (castling only when that is every
    /// square; en passant whenever the skipped square is in it).
    fn generate_legal_masked<S: MoveSink>(&self, king: Square, only: Bitboard, list: &mut S) {
        let v = self.variant;
        let (us, them) = (self.side, !self.side);
        let occupied = self.occupied();
        let checkers = self.attackers(king, them, occupied);
        let royal = v.royal.expect("a game with a King");

        // King steps: the destination must be safe with the King lifted off its square.
        let (quiet, captures) = self.targets(king, royal);
        let lifted = occupied - Bitboard::from_square(king);
        for to in (quiet | captures) & only {
            if self.attackers(to, them, lifted).is_empty() {
                list.push(Move::new(king, to, Special::Normal));
            }
        }
        if checkers.has_several() {
            return;
        }

        let allowed = only
            & match checkers.first() {
                None => v.geometry.playable(),
                Some(checker) => {
                    let kind = self.board[checker.index()].expect("checker").kind();
                    let leaps_onto_king =
                        v.tables[kind.index()].capture[them.index()][checker.index()].contains(king);
                    if leaps_onto_king {
                        checkers
                    } else {
                        checkers | v.geometry.between(king, checker)
                    }
                }
            };
        let pinned = self.pinned(king);
        for kind in v.kinds().filter(|&k| k != royal) {
            for from in self.pieces(us, kind) {
                let mask =
                    if pinned.contains(from) { allowed & v.geometry.line(king, from) } else { allowed };
                self.generate_piece(from, kind, mask, list);
            }
        }

        if let Some(ep) = self.en_passant.filter(|ep| only.contains(ep.skipped) || only.contains(ep.victim)) {
            for from in self.en_passant_capturers() {
                // Rare: test directly that the King is safe after both pawns leave their squares.
                let after = (occupied - Bitboard::from_square(from) - Bitboard::from_square(ep.victim))
                    | Bitboard::from_square(ep.skipped);
                if (self.attackers(king, them, after) - Bitboard::from_square(ep.victim)).is_empty() {
                    list.push(Move::new(from, ep.skipped, Special::EnPassant));
                }
            }
        }
        if checkers.is_empty() && only == v.geometry.playable() {
            self.generate_castling(list);
        }
    }

    /// Pieces of the side to move pinned to `king` by an enemy slider.
    fn pinned(&self, king: Square) -> Bitboard {
        let v = self.variant;
        let them = self.color_set(!self.side);
        let orthogonal = self.kinds_union(v.orthogonal_sliders) & them;
        let diagonal = self.kinds_union(v.diagonal_sliders) & them;
        let mut snipers = Bitboard::EMPTY;
        if !orthogonal.is_empty() {
            snipers |= v.geometry.slide(king, Direction::ORTHOGONAL, Bitboard::EMPTY) & orthogonal;
        }
        if !diagonal.is_empty() {
            snipers |= v.geometry.slide(king, Direction::DIAGONAL, Bitboard::EMPTY) & diagonal;
        }
        let occupied = self.occupied();
        let ours = self.color_set(self.side);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = v.geometry.between(king, sniper) & occupied;
            if !blockers.has_several() && blockers.intersects(ours) {
                pinned |= blockers;
            }
        }
        pinned
    }

    /// Squares a piece of `kind` on `from` (of the side to move) can move to without and with
    /// capturing, from its leaps and slides (not its special leaps).
    #[inline(always)]
    fn targets(&self, from: Square, kind: Kind) -> (Bitboard, Bitboard) {
        let v = self.variant;
        let t = &v.tables[kind.index()];
        let (c, f) = (self.side.index(), from.index());
        let occupied = self.occupied();
        let empty = v.geometry.playable() - occupied;
        let enemies = self.color_set(!self.side);
        let mut quiet = t.quiet[c][f] & empty;
        let mut captures = t.capture[c][f] & enemies;
        let (slide_quiet, slide_capture) = (t.slide_quiet[c], t.slide_capture[c]);
        if slide_quiet == slide_capture {
            if slide_quiet != 0 {
                let slides = v.geometry.slide(from, slide_quiet, occupied);
                quiet |= slides & empty;
                captures |= slides & enemies;
            }
        } else {
            quiet |= v.geometry.slide(from, slide_quiet, occupied) & empty;
            captures |= v.geometry.slide(from, slide_capture, occupied) & enemies;
        }
        (quiet, captures)
    }

    /// Moves of the piece of `kind` on `from` whose destination is in `mask`.
    #[inline(always)]
    fn generate_piece<S: MoveSink>(&self, from: Square, kind: Kind, mask: Bitboard, list: &mut S) {
        let v = self.variant;
        let (quiet, captures) = self.targets(from, kind);
        let pawn = v.pieces[kind.index()].pawn;
        self.push_moves(from, (quiet | captures) & mask, pawn, Special::Normal, list);
        let special = &v.tables[kind.index()].special[self.side.index()][from.index()];
        if special.is_empty() {
            return;
        }
        let occupied = self.occupied();
        let enemies = self.color_set(!self.side);
        for leap in special {
            if !leap.open(occupied) || !mask.contains(leap.to) {
                continue;
            }
            let ok = if occupied.contains(leap.to) {
                leap.mode.captures() && enemies.contains(leap.to)
            } else {
                leap.mode.moves()
            };
            if ok {
                let special =
                    if pawn && !occupied.contains(leap.to) { Special::DoubleStep } else { Special::Normal };
                self.push_moves(from, Bitboard::from_square(leap.to), pawn, special, list);
            }
        }
    }

    /// Pushes a move to every square of `targets`; a pawn entering its promotion zone pushes
    /// one move per promotion choice instead.
    #[inline(always)]
    fn push_moves<S: MoveSink>(
        &self,
        from: Square,
        targets: Bitboard,
        pawn: bool,
        special: Special,
        list: &mut S,
    ) {
        let v = self.variant;
        let mut plain = targets;
        if pawn {
            let promoting = targets & v.promotion_zone[self.side.index()];
            plain -= promoting;
            if !promoting.is_empty() {
                list.push_promotions(from, promoting, &v.promotion_kinds, special);
            }
        }
        list.push_each(from, plain, special);
    }

    /// Pawns of the side to move that can capture en passant (ignoring pins).
    fn en_passant_capturers(&self) -> Bitboard {
        let Some(ep) = self.en_passant else {
            return Bitboard::EMPTY;
        };
        let Some(victim) = self.board[ep.victim.index()] else {
            return Bitboard::EMPTY;
        };
        let kind = victim.kind();
        self.variant.tables[kind.index()].captured_from[self.side.index()][ep.skipped.index()]
            & self.pieces(self.side, kind)
    }

    /// Castling moves of the side to move; the caller has checked it is not in check.
    fn generate_castling<S: MoveSink>(&self, list: &mut S) {
        let v = self.variant;
        let us: Color = self.side;
        let occupied = self.occupied();
        for (i, c) in v.castlings.iter().enumerate() {
            if c.color != us || self.castling & (1 << i) == 0 {
                continue;
            }
            let (must_be_empty, king_path) = v.castling_paths[i];
            if must_be_empty.intersects(occupied) {
                continue;
            }
            if king_path.squares().all(|s| self.attackers(s, !us, occupied).is_empty()) {
                list.push(Move::new(c.king_from, c.king_to, Special::Castle));
            }
        }
    }
}

/// Where generated moves go: a move list, or a count (perft's last ply needs only that).
pub(crate) trait MoveSink {
    fn push(&mut self, m: Move);
    /// One move from `from` to each square of `targets`.
    fn push_each(&mut self, from: Square, targets: Bitboard, special: Special);
    /// For each square of `targets`, one move per promotion choice.
    fn push_promotions(&mut self, from: Square, targets: Bitboard, kinds: &[Kind], special: Special);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }

    #[inline(always)]
    fn push_each(&mut self, from: Square, targets: Bitboard, special: Special) {
        for to in targets {
            MoveList::push(self, Move::new(from, to, special));
        }
    }

    #[inline(always)]
    fn push_promotions(&mut self, from: Square, targets: Bitboard, kinds: &[Kind], special: Special) {
        for to in targets {
            for &kind in kinds {
                MoveList::push(self, Move::promotion(from, to, kind, special));
            }
        }
    }
}

/// Counts moves instead of listing them.
pub(crate) struct MoveCount(pub usize);

impl MoveSink for MoveCount {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_each(&mut self, _: Square, targets: Bitboard, _: Special) {
        self.0 += targets.count() as usize;
    }

    #[inline(always)]
    fn push_promotions(&mut self, _: Square, targets: Bitboard, kinds: &[Kind], _: Special) {
        self.0 += targets.count() as usize * kinds.len();
    }
}
