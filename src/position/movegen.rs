//! Move generation: pseudo-legal moves from the piece tables, and legal moves either by the
//! fast pin-and-check method (when every capture is a plain leap or slide) or by filtering.
//! Either way the captures and promotions, the quiet moves and one unit's moves can be
//! generated apart, for the search's staged move picker.

use super::Position;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList, Special};
use crate::pawn_sets::SetPawns;
use crate::piece::{Color, Kind};
use crate::square::Square;

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
            let mut scratch = self.scratch();
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
    /// never tested for legality; a game's own moves are asked for by part too.
    pub fn tactical_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_tactical(&mut list);
        list
    }

    /// [`Position::tactical_moves`] into `list`, which is cleared first (the search's lists
    /// live on its stack: a list is 2 KB, and returning one copies it).
    pub fn generate_tactical(&self, list: &mut MoveList) {
        list.clear();
        if self.is_decided() {
            return;
        }
        match self.king(self.side) {
            Some(king) if self.variant.lines_decide_legality() => {
                let enemies = self.color_set(!self.side);
                let promotions = self.variant.promotion_zone[self.side.index()];
                self.generate_legal_masked(king, Movers::All, enemies | promotions, false, list);
                list.retain(|m| self.is_tactical(m));
            }
            _ => self.generate_part_by_filter(self.color_set(self.side), true, list),
        }
    }

    /// The legal moves that neither capture nor promote (castling included): with
    /// [`Position::tactical_moves`], every legal move once.
    pub fn quiet_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_quiet(&mut list);
        list
    }

    /// [`Position::quiet_moves`] into `list`, which is cleared first.
    pub fn generate_quiet(&self, list: &mut MoveList) {
        list.clear();
        if self.is_decided() {
            return;
        }
        match self.king(self.side) {
            Some(king) if self.variant.lines_decide_legality() => {
                let empty = self.variant.geometry.playable() - self.occupied();
                self.generate_legal_masked(king, Movers::All, empty, true, list);
                list.retain(|m| !self.is_tactical(m));
            }
            _ => self.generate_part_by_filter(self.color_set(self.side), false, list),
        }
    }

    /// Whether `m` is a legal move here (a table move, a killer): only the moving piece's
    /// moves to that square are generated where the fast generator applies.
    pub fn is_legal(&self, m: Move) -> bool {
        if m.is_none() || self.is_decided() {
            return false;
        }
        if !self.color_set(self.side).contains(m.from()) {
            return false;
        }
        match self.king(self.side) {
            Some(king) if self.variant.lines_decide_legality() => {
                let mut list = MoveList::new();
                let castling = m.special() == Special::Castle;
                let to =
                    if castling { self.variant.geometry.playable() } else { Bitboard::from_square(m.to()) };
                self.generate_legal_masked(king, Movers::Only(m.from()), to, castling, &mut list);
                list.contains(m)
            }
            king => {
                let mut list = MoveList::new();
                self.generate_pseudo_part(Bitboard::from_square(m.from()), self.is_tactical(m), &mut list);
                list.contains(m) && (king.is_none() || self.scratch().leaves_king_safe(m))
            }
        }
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

    /// The pseudo-legal moves of the units in `movers` that capture or promote (`tactical`)
    /// or do neither, in the order [`Position::generate_pseudo_legal`] gives them.
    fn generate_pseudo_part(&self, movers: Bitboard, tactical: bool, list: &mut MoveList) {
        let v = self.variant;
        let us = self.side;
        let ruled = v.rules.map_or(Bitboard::EMPTY, |r| r.ruled_units(self));
        let targets = if tactical {
            self.color_set(!us) | v.promotion_zone[us.index()]
        } else {
            v.geometry.playable() - self.occupied()
        };
        // Moves to those squares that are of the other part (a pawn's quiet push onto the
        // last rank promotes) are left out when copied over.
        let mut moves = MoveList::new();
        for kind in v.kinds() {
            for from in (self.pieces(us, kind) & movers) - ruled {
                self.generate_piece(from, kind, targets, &mut moves);
            }
        }
        if tactical {
            if let Some(ep) = self.en_passant {
                for from in (self.en_passant_capturers() & movers) - ruled {
                    moves.push(Move::new(from, ep.skipped, Special::EnPassant));
                }
            }
        } else if self
            .king(us)
            .is_some_and(|k| movers.contains(k) && !ruled.contains(k) && !self.is_attacked(k, !us))
        {
            self.generate_castling(&mut moves);
        }
        for &m in &moves {
            if self.is_tactical(m) == tactical {
                list.push(m);
            }
        }
        if let Some(rules) = v.rules {
            rules.extra_moves_part(self, movers, tactical, list);
        }
    }

    /// The legal moves of one part where the fast generator does not apply: the pseudo-legal
    /// ones, each made to test the King if there is one.
    fn generate_part_by_filter(&self, movers: Bitboard, tactical: bool, list: &mut MoveList) {
        if self.king(self.side).is_none() {
            self.generate_pseudo_part(movers, tactical, list);
            return;
        }
        let mut pseudo = MoveList::new();
        self.generate_pseudo_part(movers, tactical, &mut pseudo);
        let mut scratch = self.scratch();
        for &m in &pseudo {
            if scratch.leaves_king_safe(m) {
                list.push(m);
            }
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
        self.make_board(m);
        let safe = !self.mover_in_check();
        self.unmake();
        safe
    }

    fn generate_legal_fast(&self, king: Square, list: &mut MoveList) {
        self.generate_legal_masked(king, Movers::All, self.variant.geometry.playable(), true, list);
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
                self.generate_legal_masked(
                    king,
                    Movers::All,
                    self.variant.geometry.playable(),
                    true,
                    &mut count,
                );
                count.0
            }
            _ => self.legal_moves().len(),
        }
    }

    /// The legal moves of `movers` whose destination is in `only` (en passant whenever the
    /// skipped square is in it; castling when asked, whatever `only` is).
    fn generate_legal_masked<S: MoveSink>(
        &self,
        king: Square,
        movers: Movers,
        only: Bitboard,
        castling: bool,
        list: &mut S,
    ) {
        let v = self.variant;
        let (us, them) = (self.side, !self.side);
        let occupied = self.occupied();
        let checkers = self.checkers;
        let royal = v.royal.expect("a game with a King");

        // King steps: the destination must be safe with the King lifted off its square.
        if movers.includes(king) {
            let (quiet, captures) = self.targets(king, royal);
            let lifted = occupied - Bitboard::from_square(king);
            for to in (quiet | captures) & only {
                if !self.attacked_with(to, them, lifted) {
                    list.push(Move::new(king, to, Special::Normal));
                }
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
        match movers {
            Movers::All => {
                // Counting only: the unpinned pawns' moves are counted as sets.
                let set_pawns = v.set_pawns.filter(|_| S::COUNTS_ONLY);
                if let Some(p) = set_pawns {
                    list.add_count(self.count_pawn_moves(&p, self.pieces(us, p.kind) - pinned, allowed));
                }
                for kind in v.kinds().filter(|&k| k != royal) {
                    let mut movers = self.pieces(us, kind);
                    if set_pawns.is_some_and(|p| p.kind == kind) {
                        movers &= pinned;
                    }
                    for from in movers {
                        let mask = if pinned.contains(from) {
                            allowed & v.geometry.line(king, from)
                        } else {
                            allowed
                        };
                        self.generate_piece(from, kind, mask, list);
                    }
                }
            }
            Movers::Only(from) => {
                if let Some(piece) = self.board[from.index()].filter(|p| p.color() == us && p.kind() != royal)
                {
                    let mask =
                        if pinned.contains(from) { allowed & v.geometry.line(king, from) } else { allowed };
                    self.generate_piece(from, piece.kind(), mask, list);
                }
            }
        }

        if let Some(ep) = self.en_passant.filter(|ep| only.contains(ep.skipped) || only.contains(ep.victim)) {
            for from in self.en_passant_capturers().squares().filter(|&sq| movers.includes(sq)) {
                // Rare: test directly that the King is safe after both pawns leave their squares.
                let after = (occupied - Bitboard::from_square(from) - Bitboard::from_square(ep.victim))
                    | Bitboard::from_square(ep.skipped);
                if (self.attackers(king, them, after) - Bitboard::from_square(ep.victim)).is_empty() {
                    list.push(Move::new(from, ep.skipped, Special::EnPassant));
                }
            }
        }
        if checkers.is_empty() && castling && movers.includes(king) {
            self.generate_castling(list);
        }
    }

    /// The number of moves of the side to move's `pawns` (of a chess-like kind, none of them
    /// pinned) onto squares of `allowed`, promotions counted once per choice.
    #[inline(always)]
    fn count_pawn_moves(&self, p: &SetPawns, pawns: Bitboard, allowed: Bitboard) -> usize {
        let v = self.variant;
        let c = self.side.index();
        let ahead = p.ahead[c];
        let empty = v.geometry.playable() - self.occupied();
        let enemies = self.color_set(!self.side);
        let single = pawns.shifted(ahead) & empty;
        let double = ((pawns & p.double_from[c]).shifted(ahead) & empty).shifted(ahead) & empty;
        let left = (pawns & p.not_first_file).shifted(ahead - 1) & enemies;
        let right = (pawns & p.not_last_file).shifted(ahead + 1) & enemies;
        let zone = v.promotion_zone[c];
        let choices = v.promotion_kinds.len();
        [single, double, left, right]
            .into_iter()
            .map(|s| s & allowed)
            .map(|s| (s - zone).count() as usize + (s & zone).count() as usize * choices)
            .sum()
    }

    /// Pieces of the side to move pinned to `king` by an enemy slider.
    fn pinned(&self, king: Square) -> Bitboard {
        let v = self.variant;
        let them = self.color_set(!self.side);
        let orthogonal = self.kinds_union(v.orthogonal_sliders) & them;
        let diagonal = self.kinds_union(v.diagonal_sliders) & them;
        let snipers =
            (v.geometry.orthogonal_lines(king) & orthogonal) | (v.geometry.diagonal_lines(king) & diagonal);
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
            if king_path.squares().all(|s| !self.attacked_with(s, !us, occupied)) {
                list.push(Move::new(c.king_from, c.king_to, Special::Castle));
            }
        }
    }
}

/// Where generated moves go: a move list, or a count (perft's last ply needs only that).
pub(crate) trait MoveSink {
    /// Whether the sink only counts moves, so that a generator may hand it a number.
    const COUNTS_ONLY: bool = false;
    /// `n` moves found without being listed (only for sinks that count only).
    fn add_count(&mut self, n: usize) {
        unreachable!("{n} moves handed to a sink that lists moves")
    }
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
    const COUNTS_ONLY: bool = true;

    #[inline(always)]
    fn add_count(&mut self, n: usize) {
        self.0 += n;
    }

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

/// Whose moves the fast generator generates.
#[derive(Clone, Copy)]
enum Movers {
    All,
    /// Only the piece on this square (a single move's legality).
    Only(Square),
}

impl Movers {
    #[inline]
    fn includes(self, sq: Square) -> bool {
        match self {
            Movers::All => true,
            Movers::Only(from) => from == sq,
        }
    }
}
