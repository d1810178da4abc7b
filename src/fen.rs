//! FEN for boards up to 12x12: parse into an unchecked [`Setup`], then validate into a
//! [`Position`] against a variant. Every error names the field and what is wrong.
//!
//! Board field: ranks from the top, `/` between them; a piece letter (upper case White),
//! a decimal run of empty squares (`12` is one run), or `*` for a hole. Then side to move,
//! castling (`KQkq` letters of the variant, or `-`), en passant (`-`, the skipped square, or
//! skipped square then landing square as in `d5e6`), half-move clock and full-move number
//! (both optional), then any extra fields a variant defines.

use crate::piece::{Color, Piece};
use crate::position::{EnPassant, Position};
use crate::rules::RulesState;
use crate::square::{Square, MAX_FILES, MAX_RANKS};
use crate::variant::Variant;
use std::fmt;

/// One square of a FEN board field.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Hole,
    /// A piece letter as written (case gives the colour).
    Piece(char),
}

/// A FEN read for its syntax only: nothing is checked against a variant yet.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// Cells by rank, bottom rank (rank 1) first; every rank has the same width.
    pub ranks: Vec<Vec<Cell>>,
    pub side: Color,
    pub castling: Vec<char>,
    /// Skipped square, and the landing square if the field gives it.
    pub en_passant: Option<(Square, Option<Square>)>,
    pub halfmove_clock: u32,
    pub fullmove_number: u32,
    /// Fields after the full-move number, for the variant to read.
    pub extra: Vec<String>,
}

/// A position as plain data, for binary formats: what a FEN says, with the castling rights as
/// the position's bits and the game's own state as it is held rather than as text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Parts {
    /// The pieces, in any order.
    pub pieces: Vec<(Square, Piece)>,
    pub side: Color,
    /// Bit `i` set: castling `variant.castlings[i]` is still allowed.
    pub castling: u8,
    pub en_passant: Option<EnPassant>,
    pub halfmove_clock: u32,
    pub fullmove_number: u32,
    pub rules_state: RulesState,
}

/// Why a FEN was rejected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    Empty,
    /// Board field: more than 12 ranks.
    TooManyRanks(usize),
    /// Board field: a rank (numbered from the bottom) wider than 12 files.
    RankTooWide {
        rank: usize,
    },
    /// Board field: a rank with no squares (`//`).
    EmptyRank {
        rank: usize,
    },
    /// Board field: an empty-square count of zero or with a leading zero.
    BadEmptyCount {
        rank: usize,
        count: String,
    },
    /// Board field: a character that is neither a letter, a digit nor `*`.
    BadBoardCharacter {
        rank: usize,
        character: char,
    },
    /// Board field: ranks of different widths.
    RaggedRanks {
        rank: usize,
        width: usize,
        expected: usize,
    },
    MissingSideToMove,
    BadSideToMove(String),
    MissingCastling,
    BadCastling(String),
    MissingEnPassant,
    BadEnPassant(String),
    BadHalfmoveClock(String),
    BadFullmoveNumber(String),
    /// The board is not the variant's size.
    WrongBoardSize {
        variant: &'static str,
        expected: (u8, u8),
        found: (usize, usize),
    },
    /// A hole where the variant has a square, or a square where it has a hole.
    HoleMismatch {
        square: Square,
        hole_expected: bool,
    },
    UnknownPiece {
        square: Square,
        letter: char,
    },
    KingCount {
        color: Color,
        found: u32,
    },
    PawnOnPromotionSquare(Square),
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// A castling letter the variant does not have, or given twice.
    UnknownCastling(char),
    /// A castling right whose King or Rook is not on its start square.
    CastlingPiecesMissing(char),
    /// The en-passant square is not behind a pawn that just double-stepped.
    EnPassantImpossible(String),
    /// The skipped square alone fits more than one double step; give the landing square.
    EnPassantAmbiguous(Square),
    /// A field after the full-move number that the variant does not define.
    UnexpectedField(String),
    /// A variant's own field that does not read.
    BadVariantField {
        field: &'static str,
        text: String,
        why: String,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenError::*;
        match self {
            Empty => write!(f, "empty FEN"),
            TooManyRanks(n) => write!(f, "board: {n} ranks, at most {MAX_RANKS} allowed"),
            RankTooWide { rank } => write!(f, "board: rank {rank} is wider than {MAX_FILES} files"),
            EmptyRank { rank } => write!(f, "board: rank {rank} is empty"),
            BadEmptyCount { rank, count } => {
                write!(f, "board: rank {rank} has a bad empty-square count '{count}'")
            }
            BadBoardCharacter { rank, character } => {
                write!(f, "board: rank {rank} has an unexpected character '{character}'")
            }
            RaggedRanks { rank, width, expected } => {
                write!(f, "board: rank {rank} is {width} files wide, rank above is {expected}")
            }
            MissingSideToMove => write!(f, "side to move: missing"),
            BadSideToMove(s) => write!(f, "side to move: expected 'w' or 'b', found '{s}'"),
            MissingCastling => write!(f, "castling: missing"),
            BadCastling(s) => write!(f, "castling: expected '-' or castling letters, found '{s}'"),
            MissingEnPassant => write!(f, "en passant: missing"),
            BadEnPassant(s) => write!(f, "en passant: expected '-' or a square, found '{s}'"),
            BadHalfmoveClock(s) => write!(f, "half-move clock: expected a number, found '{s}'"),
            BadFullmoveNumber(s) => {
                write!(f, "full-move number: expected a number from 1, found '{s}'")
            }
            WrongBoardSize { variant, expected, found } => write!(
                f,
                "board: {variant} is played on {}x{}, the FEN has {}x{}",
                expected.0, expected.1, found.0, found.1
            ),
            HoleMismatch { square, hole_expected: true } => write!(f, "board: {square} must be a hole ('*')"),
            HoleMismatch { square, hole_expected: false } => {
                write!(f, "board: {square} is a square, not a hole")
            }
            UnknownPiece { square, letter } => {
                write!(f, "board: unknown piece '{letter}' on {square}")
            }
            KingCount { color, found } => {
                write!(f, "board: {color} has {found} kings, needs exactly 1")
            }
            PawnOnPromotionSquare(sq) => write!(f, "board: pawn on {sq} should have promoted"),
            OpponentInCheck => write!(f, "side to move: the side not to move is in check"),
            UnknownCastling(c) => {
                write!(f, "castling: '{c}' is not a castling of this variant or is repeated")
            }
            CastlingPiecesMissing(c) => {
                write!(f, "castling: '{c}' needs King and Rook on their start squares")
            }
            EnPassantImpossible(s) => write!(f, "en passant: no pawn just double-stepped over {s}"),
            EnPassantAmbiguous(s) => {
                write!(f, "en passant: several pawns may have skipped {s}; add the landing square")
            }
            UnexpectedField(s) => write!(f, "extra field: '{s}' is not a field of this variant"),
            BadVariantField { field, text, why } => write!(f, "{field}: '{text}': {why}"),
        }
    }
}

impl std::error::Error for FenError {}

impl Setup {
    /// Reads the syntax of a FEN.
    pub fn parse(text: &str) -> Result<Setup, FenError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let ranks = parse_board(board)?;
        let side = match fields.next() {
            None => return Err(FenError::MissingSideToMove),
            Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(s) => return Err(FenError::BadSideToMove(s.to_string())),
        };
        let castling = match fields.next() {
            None => return Err(FenError::MissingCastling),
            Some("-") => Vec::new(),
            Some(s) if s.chars().all(|c| c.is_ascii_alphabetic()) => s.chars().collect(),
            Some(s) => return Err(FenError::BadCastling(s.to_string())),
        };
        let en_passant = match fields.next() {
            None => return Err(FenError::MissingEnPassant),
            Some("-") => None,
            Some(s) => {
                let bad = || FenError::BadEnPassant(s.to_string());
                let (skipped, rest) = Square::parse_prefix(s).ok_or_else(bad)?;
                let landing = if rest.is_empty() { None } else { Some(Square::parse(rest).ok_or_else(bad)?) };
                Some((skipped, landing))
            }
        };
        let halfmove_clock = match fields.next() {
            None => 0,
            Some(s) => plain_number(s).ok_or_else(|| FenError::BadHalfmoveClock(s.to_string()))?,
        };
        let fullmove_number = match fields.next() {
            None => 1,
            Some(s) => plain_number(s)
                .filter(|&n| n >= 1)
                .ok_or_else(|| FenError::BadFullmoveNumber(s.to_string()))?,
        };
        let extra = fields.map(str::to_string).collect();
        Ok(Setup { ranks, side, castling, en_passant, halfmove_clock, fullmove_number, extra })
    }

    pub fn width(&self) -> usize {
        self.ranks.first().map_or(0, Vec::len)
    }

    pub fn height(&self) -> usize {
        self.ranks.len()
    }
}

/// A decimal number written with digits only and no leading zero (`0` itself is fine).
fn plain_number(text: &str) -> Option<u32> {
    let digits_only = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if !digits_only || (text.len() > 1 && text.starts_with('0')) {
        return None;
    }
    text.parse().ok()
}

fn parse_board(board: &str) -> Result<Vec<Vec<Cell>>, FenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() > MAX_RANKS as usize {
        return Err(FenError::TooManyRanks(rows.len()));
    }
    let height = rows.len();
    let mut ranks = Vec::with_capacity(height);
    for (i, row) in rows.iter().enumerate() {
        let rank = height - i;
        let mut cells = Vec::new();
        let mut chars = row.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            match c {
                '0'..='9' => {
                    let mut end = start + 1;
                    while let Some(&(j, d)) = chars.peek() {
                        if !d.is_ascii_digit() {
                            break;
                        }
                        end = j + 1;
                        chars.next();
                    }
                    let count = &row[start..end];
                    let n: usize = count.parse().unwrap_or(usize::MAX);
                    if count.starts_with('0') || n == 0 {
                        return Err(FenError::BadEmptyCount { rank, count: count.to_string() });
                    }
                    if n > MAX_FILES as usize {
                        return Err(FenError::RankTooWide { rank });
                    }
                    cells.extend(std::iter::repeat_n(Cell::Empty, n));
                }
                '*' => cells.push(Cell::Hole),
                c if c.is_ascii_alphabetic() => cells.push(Cell::Piece(c)),
                c => return Err(FenError::BadBoardCharacter { rank, character: c }),
            }
            if cells.len() > MAX_FILES as usize {
                return Err(FenError::RankTooWide { rank });
            }
        }
        if cells.is_empty() {
            return Err(FenError::EmptyRank { rank });
        }
        if let Some(above) = ranks.last().map(Vec::len) {
            if cells.len() != above {
                return Err(FenError::RaggedRanks { rank, width: cells.len(), expected: above });
            }
        }
        ranks.push(cells);
    }
    ranks.reverse();
    Ok(ranks)
}

impl Position {
    /// Reads and validates a FEN for `variant`.
    pub fn from_fen(variant: &'static Variant, fen: &str) -> Result<Position, FenError> {
        Position::from_setup(variant, &Setup::parse(fen)?)
    }

    /// Validates a setup against `variant`.
    pub fn from_setup(variant: &'static Variant, setup: &Setup) -> Result<Position, FenError> {
        Position::validate(variant, setup, None)
    }

    /// The position as plain data; [`Position::from_parts`] gives it back.
    pub fn parts(&self) -> Parts {
        Parts {
            pieces: self
                .occupied()
                .squares()
                .map(|sq| (sq, self.board[sq.index()].expect("occupied")))
                .collect(),
            side: self.side,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            rules_state: self.rules_state,
        }
    }

    /// Validates a position given as plain data against `variant`, as strictly as a FEN: the
    /// same checks, and a game state is taken only if the game's FEN fields can express it
    /// (written and read back, it is the same), so no position arises that no FEN gives.
    pub fn from_parts(variant: &'static Variant, parts: &Parts) -> Result<Position, FenError> {
        let g = &variant.geometry;
        let mut ranks = vec![vec![Cell::Empty; g.width() as usize]; g.height() as usize];
        for sq in g.holes() {
            ranks[sq.rank() as usize][sq.file() as usize] = Cell::Hole;
        }
        for &(sq, piece) in &parts.pieces {
            // Off the board is no more a square than a hole is.
            if sq.file() >= g.width() || sq.rank() >= g.height() {
                return Err(FenError::HoleMismatch { square: sq, hole_expected: true });
            }
            if piece.kind().index() >= variant.pieces.len() {
                return Err(FenError::UnknownPiece { square: sq, letter: '?' });
            }
            ranks[sq.rank() as usize][sq.file() as usize] =
                Cell::Piece(variant.letter(piece.color(), piece.kind()));
        }
        let known = u8::MAX.checked_shr(8 - variant.castlings.len().min(8) as u32).unwrap_or(0);
        if parts.castling & !known != 0 {
            return Err(FenError::BadCastling(format!("rights {:#04x}", parts.castling)));
        }
        if parts.fullmove_number == 0 {
            return Err(FenError::BadFullmoveNumber("0".into()));
        }
        let castling = variant
            .castlings
            .iter()
            .enumerate()
            .filter(|(i, _)| parts.castling & (1 << i) != 0)
            .map(|(_, c)| if c.color == Color::White { c.letter } else { c.letter.to_ascii_lowercase() })
            .collect();
        let setup = Setup {
            ranks,
            side: parts.side,
            castling,
            en_passant: parts.en_passant.map(|ep| (ep.skipped, Some(ep.victim))),
            halfmove_clock: parts.halfmove_clock,
            fullmove_number: parts.fullmove_number,
            extra: Vec::new(),
        };
        let pos = Position::validate(variant, &setup, Some(parts.rules_state))?;
        if pos.en_passant != parts.en_passant {
            let shown = parts.en_passant.map_or(String::new(), |ep| format!("{}{}", ep.skipped, ep.victim));
            return Err(FenError::EnPassantImpossible(shown));
        }
        Ok(pos)
    }

    /// Validates a setup against `variant`, with the game's own state read from the setup's
    /// extra fields, or given as `state`.
    fn validate(
        variant: &'static Variant,
        setup: &Setup,
        state: Option<RulesState>,
    ) -> Result<Position, FenError> {
        let g = &variant.geometry;
        if (setup.width(), setup.height()) != (g.width() as usize, g.height() as usize) {
            return Err(FenError::WrongBoardSize {
                variant: variant.name,
                expected: (g.width(), g.height()),
                found: (setup.width(), setup.height()),
            });
        }
        if variant.rules.is_none() {
            if let Some(field) = setup.extra.first() {
                return Err(FenError::UnexpectedField(field.clone()));
            }
        }
        let mut pos = Position::empty(variant);
        for (r, row) in setup.ranks.iter().enumerate() {
            for (f, cell) in row.iter().enumerate() {
                let square = Square::from_coords(f as u8, r as u8).expect("board fits 12x12");
                let is_hole = g.holes().contains(square);
                match *cell {
                    Cell::Hole if !is_hole => {
                        return Err(FenError::HoleMismatch { square, hole_expected: false })
                    }
                    Cell::Hole => {}
                    _ if is_hole => return Err(FenError::HoleMismatch { square, hole_expected: true }),
                    Cell::Empty => {}
                    Cell::Piece(letter) => {
                        let kind = variant
                            .kind_by_letter(letter.to_ascii_uppercase())
                            .ok_or(FenError::UnknownPiece { square, letter })?;
                        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
                        pos.put(Piece::new(color, kind), square);
                    }
                }
            }
        }
        // The game's own fields first: they may change what attacks what (a road).
        match (variant.rules, state) {
            (Some(rules), None) => rules.read_extra_fields(&mut pos, &setup.extra)?,
            (Some(rules), Some(state)) => {
                pos.rules_state = state;
                let fields = rules.write_extra_fields(&pos);
                let mut probe = pos.scratch();
                rules.read_extra_fields(&mut probe, &fields)?;
                if probe.rules_state != state {
                    return Err(FenError::BadVariantField {
                        field: "game state",
                        text: format!("{state:?}"),
                        why: "no FEN field of this game expresses it".into(),
                    });
                }
            }
            (None, Some(state)) if state != RulesState::default() => {
                return Err(FenError::BadVariantField {
                    field: "game state",
                    text: format!("{state:?}"),
                    why: "this game has no state of its own".into(),
                });
            }
            (None, _) => {}
        }
        if let Some(royal) = variant.royal {
            for color in Color::BOTH {
                let found = pos.pieces(color, royal).count();
                if found != 1 {
                    return Err(FenError::KingCount { color, found });
                }
            }
        }
        if let Some(pawn) = variant.pawn {
            for color in Color::BOTH {
                if let Some(sq) = (pos.pieces(color, pawn) & variant.promotion_zone[color.index()]).first() {
                    return Err(FenError::PawnOnPromotionSquare(sq));
                }
            }
        }
        if setup.side == Color::Black {
            pos.side = Color::Black;
            pos.hash ^= crate::position::zobrist::black_to_move();
        }
        if pos.king(!pos.side).is_some_and(|k| pos.is_attacked(k, pos.side)) {
            return Err(FenError::OpponentInCheck);
        }

        let mut rights = 0u8;
        for &letter in &setup.castling {
            let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
            let index = variant
                .castlings
                .iter()
                .position(|c| c.color == color && c.letter == letter.to_ascii_uppercase())
                .filter(|i| rights & (1 << i) == 0)
                .ok_or(FenError::UnknownCastling(letter))?;
            let c = variant.castlings[index];
            let king = variant.royal.map(|k| Piece::new(color, k));
            let rook = variant.kind_by_letter('R').map(|k| Piece::new(color, k));
            if pos.piece_at(c.king_from) != king || pos.piece_at(c.rook_from) != rook {
                return Err(FenError::CastlingPiecesMissing(letter));
            }
            rights |= 1 << index;
        }
        pos.castling = rights;
        pos.hash ^= crate::position::zobrist::castling(rights);

        if let Some((skipped, landing)) = setup.en_passant {
            let ep = en_passant_from_fen(&pos, skipped, landing)?;
            pos.set_en_passant(Some(ep));
        }
        pos.halfmove_clock = setup.halfmove_clock;
        pos.fullmove_number = setup.fullmove_number;
        if let Some(rules) = variant.rules {
            pos.hash ^= rules.state_hash(&pos);
        }
        pos.refresh_checkers();
        Ok(pos)
    }

    /// The position as FEN.
    pub fn to_fen(&self) -> String {
        let v = self.variant;
        let g = &v.geometry;
        let ranks: Vec<String> = (0..g.height())
            .rev()
            .map(|r| {
                rank_text((0..g.width()).map(|f| {
                    let sq = Square::from_coords(f, r).expect("on board");
                    if g.holes().contains(sq) {
                        Some('*')
                    } else {
                        self.piece_at(sq).map(|p| v.letter(p.color(), p.kind()))
                    }
                }))
            })
            .collect();
        let mut fen = ranks.join("/");
        fen.push_str(if self.side == Color::White { " w " } else { " b " });
        let mut castling = String::new();
        for (i, c) in v.castlings.iter().enumerate() {
            if self.castling & (1 << i) != 0 {
                castling.push(if c.color == Color::White { c.letter } else { c.letter.to_ascii_lowercase() });
            }
        }
        fen.push_str(if castling.is_empty() { "-" } else { &castling });
        fen.push(' ');
        match self.en_passant {
            None => fen.push('-'),
            Some(ep) => {
                fen.push_str(&ep.skipped.to_string());
                if v.en_passant_names_landing {
                    fen.push_str(&ep.victim.to_string());
                }
            }
        }
        fen.push_str(&format!(" {} {}", self.halfmove_clock, self.fullmove_number));
        if let Some(rules) = v.rules {
            for field in rules.write_extra_fields(self) {
                fen.push(' ');
                fen.push_str(&field);
            }
        }
        fen
    }
}

/// Finds the double step that skipped `skipped` (and landed on `landing`, if given): an enemy
/// pawn now on the landing square whose start square is empty.
fn en_passant_from_fen(
    pos: &Position,
    skipped: Square,
    landing: Option<Square>,
) -> Result<EnPassant, FenError> {
    let v = pos.variant;
    let shown = || match landing {
        Some(l) => format!("{skipped}{l}"),
        None => skipped.to_string(),
    };
    let impossible = || FenError::EnPassantImpossible(shown());
    let pawn = v.pawn.ok_or_else(impossible)?;
    if !v.geometry.playable().contains(skipped) || pos.occupied().contains(skipped) {
        return Err(impossible());
    }
    let mover = !pos.side;
    let tables = &v.tables[pawn.index()].special[mover.index()];
    let mut found = Vec::new();
    for start in v.initial_zone[mover.index()] - pos.occupied() {
        for leap in &tables[start.index()] {
            if leap.passes(skipped)
                && pos.pieces(mover, pawn).contains(leap.to)
                && landing.is_none_or(|l| l == leap.to)
            {
                found.push(leap.to);
            }
        }
    }
    found.sort();
    found.dedup();
    match found.as_slice() {
        [victim] => Ok(EnPassant { skipped, victim: *victim }),
        [] => Err(impossible()),
        _ => Err(FenError::EnPassantAmbiguous(skipped)),
    }
}

/// One rank of a FEN-like board: the cells' letters, with each run of empty cells (`None`)
/// written as its length (`12` for twelve).
pub fn rank_text(cells: impl IntoIterator<Item = Option<char>>) -> String {
    let (mut text, mut empty) = (String::new(), 0);
    for cell in cells {
        match cell {
            None => empty += 1,
            Some(c) => {
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(c);
            }
        }
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    text
}
