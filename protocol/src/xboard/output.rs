//! Lines the engine writes for XBoard: thinking output and square highlights.

use tinman_core::fen::rank_text;
use tinman_core::{Bitboard, Move, Position, Special, Square};
use tinman_search::{Score, SearchInfo};

/// XBoard's mate scores: 100000 + N for "mate in N moves", -100000 - N for "mated in N".
const XBOARD_MATE: i64 = 100_000;

/// A score as XBoard reads it (centipawns, or its mate form).
pub fn score(score: Score) -> i64 {
    match score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => XBOARD_MATE + i64::from(n),
        Score::Mate(n) => -XBOARD_MATE + i64::from(n),
    }
}

/// `ply score time nodes seldepth nps tbhits<TAB>pv`, time in centiseconds.
pub fn thinking_line(pos: &Position, info: &SearchInfo) -> String {
    let mut line = format!(
        "{} {} {} {} {} {} 0\t",
        info.depth,
        score(info.score),
        info.time.as_millis() / 10,
        info.nodes,
        info.seldepth,
        info.nps
    );
    let mut p = pos.clone();
    let pv: Vec<String> = info
        .pv
        .iter()
        .map(|&m| {
            let text = p.move_text(m);
            p.make(m);
            text
        })
        .collect();
    line.push_str(&pv.join(" "));
    line
}

/// Where a piece lifted from `from` can go, as a `highlight` board: yellow for moves, red
/// for captures, magenta where it promotes, cyan for the victim a jump chain starts on (the
/// first leg of a multi-leg move). `None` when it has no legal move.
pub fn lift_highlight(pos: &Position, from: Square) -> Option<String> {
    let mut marks = Marks::default();
    for m in pos.legal_moves().iter().filter(|m| m.from() == from) {
        if m.special() == Special::MultiCapture {
            if let Some((over, _)) = m.jump_squares().next() {
                marks.cyan |= Bitboard::from_square(over);
            }
        } else {
            marks.add(pos, m);
        }
    }
    marks.board(pos)
}

/// After the first leg of a jump chain (from `from` onto the victim on `over`): where the
/// jump can land.
pub fn landing_highlight(pos: &Position, from: Square, over: Square) -> Option<String> {
    let mut marks = Marks::default();
    for m in pos.legal_moves().iter().filter(|m| m.from() == from && m.special() == Special::MultiCapture) {
        if let Some((first, land)) = m.jump_squares().next() {
            if first == over {
                marks.yellow |= Bitboard::from_square(land);
            }
        }
    }
    marks.board(pos)
}

#[derive(Default)]
struct Marks {
    yellow: Bitboard,
    red: Bitboard,
    magenta: Bitboard,
    cyan: Bitboard,
}

impl Marks {
    fn add(&mut self, pos: &Position, m: &Move) {
        let to = Bitboard::from_square(m.to());
        if m.promoted().is_some() {
            self.magenta |= to;
        } else if pos.piece_at(m.to()).is_some() || m.special() == Special::EnPassant {
            self.red |= to;
        } else {
            self.yellow |= to;
        }
    }

    /// The marks as a FEN-like board: ranks from the top, runs of unmarked squares as numbers.
    fn board(&self, pos: &Position) -> Option<String> {
        let all = self.yellow | self.red | self.magenta | self.cyan;
        if all.is_empty() {
            return None;
        }
        let geometry = &pos.variant().geometry;
        let (width, height) = (geometry.width(), geometry.height());
        let ranks: Vec<String> = (0..height)
            .rev()
            .map(|rank| {
                rank_text((0..width).map(|file| {
                    let sq = Square::from_coords(file, rank).expect("a square of the board");
                    [(self.magenta, 'M'), (self.cyan, 'C'), (self.red, 'R'), (self.yellow, 'Y')]
                        .iter()
                        .find(|(set, _)| set.contains(sq))
                        .map(|&(_, c)| c)
                }))
            })
            .collect();
        Some(format!("highlight {}", ranks.join("/")))
    }
}
