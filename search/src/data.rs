//! Training data: a compact binary record of one searched position (position, search score,
//! final result of its game), for the evaluation tuner and, later, an NNUE trainer. A pure
//! codec: bytes in, records out; the caller does the file I/O.
//!
//! Every record starts with the same magic and version and says its own length, so files
//! merge by plain concatenation and grow by appending; there is no file header. The exact
//! layout is in `docs/data-format.md`.

use std::fmt;
use tinman_core::rules::RulesState;
use tinman_core::{
    variants, Bitboard, Color, EnPassant, FenError, Kind, Parts, Piece, Position, Square, Variant,
};

/// First bytes of every record. 0xA7 cannot start UTF-8 text, so a text file is never taken
/// for a data file.
pub const MAGIC: [u8; 2] = [0xA7, b'T'];
/// The layout version this codec writes and reads.
pub const VERSION: u8 = 1;
/// Bytes of a record before its optional game state and its pieces.
pub const HEADER_BYTES: usize = 45;
/// Bytes of the game state when a record has one (its square set, then its word).
pub const STATE_BYTES: usize = BOARD_BYTES + 8;
/// Bytes of a 144-square set, bit `i` for square `i`.
const BOARD_BYTES: usize = 18;
/// A search score beyond this (centipawns, either sign) says the game is decided: such a
/// record is no lesson about small advantages, and a mate score is no centipawn value.
pub const DECIDED_SCORE: i16 = 2000;
/// An en-passant square byte that means none.
const NO_SQUARE: u8 = 0xFF;

/// Flag bits (byte 6).
const FLAG_BLACK_TO_MOVE: u8 = 1 << 0;
const FLAG_IN_CHECK: u8 = 1 << 1;
const FLAG_BEST_TACTICAL: u8 = 1 << 2;
const FLAG_GAME_END: u8 = 1 << 3;
const FLAG_STATE: u8 = 1 << 4;
const KNOWN_FLAGS: u8 = (1 << 5) - 1;

/// The final result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWin,
    Draw,
    BlackWin,
}

impl GameResult {
    /// White's score: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn white_score(self) -> f64 {
        match self {
            GameResult::WhiteWin => 1.0,
            GameResult::Draw => 0.5,
            GameResult::BlackWin => 0.0,
        }
    }

    /// The result with this winner, a draw for none.
    pub fn won_by(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWin,
            Some(Color::Black) => GameResult::BlackWin,
            None => GameResult::Draw,
        }
    }

    /// Twice White's score, the byte stored.
    fn byte(self) -> u8 {
        match self {
            GameResult::BlackWin => 0,
            GameResult::Draw => 1,
            GameResult::WhiteWin => 2,
        }
    }
}

/// One searched position of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub position: Position,
    /// The search score in centipawns from the side to move's view; a mate score is
    /// `±(30000 - plies)` as the search counts it.
    pub score: i16,
    /// The final result of the game.
    pub result: GameResult,
    /// The game's index in its run (what resume and shards count by).
    pub game: u32,
    /// Plies played in the game before this position, the random opening included.
    pub ply: u16,
    /// The side to move is in check.
    pub in_check: bool,
    /// The search's best move is a capture or promotion ([`Position::is_tactical`]).
    pub best_tactical: bool,
    /// The last record of its game: a game is complete in a file once this record is there.
    pub game_end: bool,
}

impl Record {
    /// Whether the record suits tuning a static evaluation: not in check, a quiet best move,
    /// and a score that is not decided.
    pub fn quiet(&self) -> bool {
        !self.in_check && !self.best_tactical && self.score.unsigned_abs() <= DECIDED_SCORE as u16
    }
}

/// What a record says about itself without its position, for counting a file's games.
#[derive(Clone, Copy, Debug)]
pub struct Header {
    /// Where the record starts in the buffer.
    pub offset: usize,
    /// Its length in bytes.
    pub length: usize,
    /// The game's name ([`variants::NAMES`]).
    pub variant: &'static str,
    pub game: u32,
    pub ply: u16,
    pub game_end: bool,
}

/// Why bytes are not records.
#[derive(Clone, Debug, PartialEq)]
pub enum DataError {
    /// The buffer ends inside the record at `offset`.
    Truncated { offset: usize, needed: usize, available: usize },
    /// No record starts at `offset`: not a Tinman data file, or not from there.
    BadMagic { offset: usize },
    /// A record of a layout version this build cannot read.
    UnsupportedVersion { offset: usize, version: u8 },
    /// A game id that is none of the built-in games.
    UnknownGame { offset: usize, id: u8 },
    /// A field of the record that holds no possible value.
    BadField { offset: usize, field: &'static str },
    /// The record's position is not a legal setup of its game.
    InvalidPosition { offset: usize, game: &'static str, error: FenError },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Truncated { offset, needed, available } => {
                write!(f, "byte {offset}: truncated record ({needed} bytes needed, {available} left)")
            }
            DataError::BadMagic { offset } => {
                write!(f, "byte {offset}: not a Tinman data record (bad magic)")
            }
            DataError::UnsupportedVersion { offset, version } => write!(
                f,
                "byte {offset}: record version {version} is not supported (this build reads {VERSION})"
            ),
            DataError::UnknownGame { offset, id } => write!(f, "byte {offset}: unknown game id {id}"),
            DataError::BadField { offset, field } => write!(f, "byte {offset}: bad {field}"),
            DataError::InvalidPosition { offset, game, error } => {
                write!(f, "byte {offset}: invalid {game} position: {error}")
            }
        }
    }
}

impl std::error::Error for DataError {}

/// The id of a game in records: its place among the built-in games
/// ([`variants::NAMES`], whose order never changes). Registered games have none.
pub fn game_id(variant: &Variant) -> Option<u8> {
    variants::NAMES.iter().position(|&n| n == variant.name).map(|i| i as u8)
}

/// Appends the record's bytes to `out`.
///
/// Panics if the record's game has no id ([`game_id`]): only the built-in games can be stored.
pub fn encode(record: &Record, out: &mut Vec<u8>) {
    let pos = &record.position;
    let id = game_id(pos.variant()).expect("only the built-in games have a game id");
    let parts = pos.parts();
    let has_state = parts.rules_state != RulesState::default();
    let length = HEADER_BYTES + if has_state { STATE_BYTES } else { 0 } + parts.pieces.len();
    let flags = [
        (parts.side == Color::Black, FLAG_BLACK_TO_MOVE),
        (record.in_check, FLAG_IN_CHECK),
        (record.best_tactical, FLAG_BEST_TACTICAL),
        (record.game_end, FLAG_GAME_END),
        (has_state, FLAG_STATE),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .fold(0, |acc, (_, bit)| acc | bit);
    let start = out.len();
    out.extend_from_slice(&MAGIC);
    out.push(VERSION);
    out.extend_from_slice(&(length as u16).to_le_bytes());
    out.push(id);
    out.push(flags);
    out.push(record.result.byte());
    out.extend_from_slice(&record.score.to_le_bytes());
    out.extend_from_slice(&record.game.to_le_bytes());
    out.extend_from_slice(&record.ply.to_le_bytes());
    out.push(parts.castling);
    let (skipped, victim) = parts
        .en_passant
        .map_or((NO_SQUARE, NO_SQUARE), |ep| (ep.skipped.index() as u8, ep.victim.index() as u8));
    out.extend_from_slice(&[skipped, victim]);
    out.extend_from_slice(&parts.halfmove_clock.to_le_bytes());
    out.extend_from_slice(&parts.fullmove_number.to_le_bytes());
    push_board(out, pos.occupied());
    if has_state {
        push_board(out, parts.rules_state.squares);
        out.extend_from_slice(&parts.rules_state.word.to_le_bytes());
    }
    // `parts()` lists the pieces in square order, the order of the occupancy set.
    for (_, piece) in &parts.pieces {
        out.push(((piece.color() as u8) << 4) | piece.kind().0);
    }
    debug_assert_eq!(out.len() - start, length);
}

fn push_board(out: &mut Vec<u8>, set: Bitboard) {
    let mut bytes = [0u8; BOARD_BYTES];
    for sq in set {
        bytes[sq.index() / 8] |= 1 << (sq.index() % 8);
    }
    out.extend_from_slice(&bytes);
}

fn read_board(bytes: &[u8]) -> Bitboard {
    (0..BOARD_BYTES * 8)
        .filter(|&i| bytes[i / 8] & (1 << (i % 8)) != 0)
        .map(|i| Square::from_index_unchecked(i as u8))
        .collect()
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("four bytes"))
}

/// The header of the record at `offset`, checked (magic, version, length, game, flags), and
/// its game.
fn parse_header(bytes: &[u8], offset: usize) -> Result<(Header, &'static Variant), DataError> {
    let rest = &bytes[offset..];
    let truncated = |needed: usize| DataError::Truncated { offset, needed, available: rest.len() };
    // The magic and version first, so that a foreign file says so rather than "truncated".
    if rest.len() < MAGIC.len() {
        if !MAGIC.starts_with(rest) {
            return Err(DataError::BadMagic { offset });
        }
        return Err(truncated(HEADER_BYTES));
    }
    if rest[..2] != MAGIC {
        return Err(DataError::BadMagic { offset });
    }
    if rest.len() < 3 {
        return Err(truncated(HEADER_BYTES));
    }
    if rest[2] != VERSION {
        return Err(DataError::UnsupportedVersion { offset, version: rest[2] });
    }
    if rest.len() < HEADER_BYTES {
        return Err(truncated(HEADER_BYTES));
    }
    let length = u16_at(rest, 3) as usize;
    let flags = rest[6];
    if flags & !KNOWN_FLAGS != 0 {
        return Err(DataError::BadField { offset, field: "flags" });
    }
    let occupied = read_board(&rest[27..27 + BOARD_BYTES]);
    let pieces = occupied.count() as usize;
    let state = if flags & FLAG_STATE != 0 { STATE_BYTES } else { 0 };
    if length != HEADER_BYTES + state + pieces {
        return Err(DataError::BadField { offset, field: "record length" });
    }
    if rest.len() < length {
        return Err(truncated(length));
    }
    let id = rest[5];
    let variant = variants::NAMES
        .get(id as usize)
        .and_then(|name| variants::by_name(name))
        .ok_or(DataError::UnknownGame { offset, id })?;
    if !(occupied - variant.geometry.playable()).is_empty() {
        return Err(DataError::BadField { offset, field: "occupancy" });
    }
    let header = Header {
        offset,
        length,
        variant: variant.name,
        game: u32_at(rest, 10),
        ply: u16_at(rest, 14),
        game_end: flags & FLAG_GAME_END != 0,
    };
    Ok((header, variant))
}

/// The record at `offset`, whose header is `header`.
fn parse_record(bytes: &[u8], header: &Header, variant: &'static Variant) -> Result<Record, DataError> {
    let offset = header.offset;
    let b = &bytes[offset..offset + header.length];
    let bad = |field| DataError::BadField { offset, field };
    let flags = b[6];
    let result = match b[7] {
        0 => GameResult::BlackWin,
        1 => GameResult::Draw,
        2 => GameResult::WhiteWin,
        _ => return Err(bad("result")),
    };
    let square = |byte: u8| Square::new(byte).ok_or(bad("en-passant square"));
    let en_passant = match (b[17], b[18]) {
        (NO_SQUARE, NO_SQUARE) => None,
        (skipped, victim) => Some(EnPassant { skipped: square(skipped)?, victim: square(victim)? }),
    };
    let occupied = read_board(&b[27..27 + BOARD_BYTES]);
    let mut at = HEADER_BYTES;
    let mut rules_state = RulesState::default();
    if flags & FLAG_STATE != 0 {
        rules_state.squares = read_board(&b[at..at + BOARD_BYTES]);
        rules_state.word =
            u64::from_le_bytes(b[at + BOARD_BYTES..at + STATE_BYTES].try_into().expect("8 bytes"));
        at += STATE_BYTES;
    }
    let mut pieces = Vec::with_capacity(occupied.count() as usize);
    for (sq, &byte) in occupied.squares().zip(&b[at..]) {
        let (color, kind) = match byte >> 4 {
            0 => (Color::White, byte & 0xF),
            1 => (Color::Black, byte & 0xF),
            _ => return Err(bad("piece")),
        };
        pieces.push((sq, Piece::new(color, Kind(kind))));
    }
    let parts = Parts {
        pieces,
        side: if flags & FLAG_BLACK_TO_MOVE != 0 { Color::Black } else { Color::White },
        castling: b[16],
        en_passant,
        halfmove_clock: u32_at(b, 19),
        fullmove_number: u32_at(b, 23),
        rules_state,
    };
    let position = Position::from_parts(variant, &parts).map_err(|error| DataError::InvalidPosition {
        offset,
        game: variant.name,
        error,
    })?;
    Ok(Record {
        position,
        score: i16::from_le_bytes([b[8], b[9]]),
        result,
        game: header.game,
        ply: header.ply,
        in_check: flags & FLAG_IN_CHECK != 0,
        best_tactical: flags & FLAG_BEST_TACTICAL != 0,
        game_end: header.game_end,
    })
}

/// The records' headers in a buffer of records, in order; the first error ends it. Only the
/// headers are checked, so this is the quick way to count a file's games.
pub fn headers(bytes: &[u8]) -> Headers<'_> {
    Headers { bytes, offset: 0, failed: false }
}

/// Iterator of [`headers`].
pub struct Headers<'a> {
    bytes: &'a [u8],
    offset: usize,
    failed: bool,
}

impl Headers<'_> {
    fn next_with_variant(&mut self) -> Option<Result<(Header, &'static Variant), DataError>> {
        if self.failed || self.offset == self.bytes.len() {
            return None;
        }
        let header = parse_header(self.bytes, self.offset);
        match &header {
            Ok((h, _)) => self.offset += h.length,
            Err(_) => self.failed = true,
        }
        Some(header)
    }
}

impl Iterator for Headers<'_> {
    type Item = Result<Header, DataError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_with_variant().map(|h| h.map(|(header, _)| header))
    }
}

/// The records in a buffer of records (an empty buffer holds none), in order; the first
/// error ends it.
pub fn records(bytes: &[u8]) -> Records<'_> {
    Records { headers: headers(bytes) }
}

/// Iterator of [`records`].
pub struct Records<'a> {
    headers: Headers<'a>,
}

impl Iterator for Records<'_> {
    type Item = Result<Record, DataError>;

    fn next(&mut self) -> Option<Self::Item> {
        let header = self.headers.next_with_variant()?;
        let record = header.and_then(|(h, variant)| parse_record(self.headers.bytes, &h, variant));
        self.headers.failed |= record.is_err();
        Some(record)
    }
}

/// Every record in a buffer of records (none in an empty one), or the first error.
pub fn decode_all(bytes: &[u8]) -> Result<Vec<Record>, DataError> {
    records(bytes).collect()
}
