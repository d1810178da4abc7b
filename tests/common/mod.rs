//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;
use tinman_core::{variants, Move, MoveList, Position, Variant};

/// One `epd` position of a perft file with its `perft DEPTH NODES` lines.
pub struct PerftCase {
    pub file: String,
    pub line: usize,
    pub variant: &'static Variant,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// Every case of every `tests/perft/*.perft` file (the file name is the variant name).
pub fn perft_cases() -> Vec<PerftCase> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/perft exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft files in {}", dir.display());
    let mut cases = Vec::new();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let variant =
            variants::by_name(&name).unwrap_or_else(|| panic!("{}: no variant '{name}'", path.display()));
        let text = std::fs::read_to_string(&path).expect("readable perft file");
        let mut current: Option<PerftCase> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap().trim();
            if line.is_empty() {
                continue;
            }
            let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
            match keyword {
                "epd" => {
                    cases.extend(current.take());
                    current = Some(PerftCase {
                        file: name.clone(),
                        line: i + 1,
                        variant,
                        fen: rest.trim().to_string(),
                        counts: Vec::new(),
                    });
                }
                "perft" => {
                    let mut it =
                        rest.split_whitespace().map(|t| t.parse::<u64>().expect("number in perft line"));
                    let (depth, nodes) = (it.next().expect("depth"), it.next().expect("nodes"));
                    current
                        .as_mut()
                        .unwrap_or_else(|| panic!("{name}.perft:{}: perft before epd", i + 1))
                        .counts
                        .push((depth as u32, nodes));
                }
                other => panic!("{name}.perft:{}: unknown keyword '{other}'", i + 1),
            }
        }
        cases.extend(current.take());
    }
    cases
}

impl PerftCase {
    pub fn position(&self) -> Position {
        Position::from_fen(self.variant, &self.fen)
            .unwrap_or_else(|e| panic!("{}.perft:{}: bad FEN '{}': {e}", self.file, self.line, self.fen))
    }
}

pub fn normal() -> &'static Variant {
    variants::by_name("normal").expect("normal chess")
}

/// Legal moves found without any attack computation: a pseudo-legal move is illegal when
/// the opponent could then move onto the mover's King.
pub fn legal_by_king_capture(pos: &mut Position) -> Vec<Move> {
    let mut pseudo = MoveList::new();
    if pos.is_decided() {
        return Vec::new();
    }
    pos.generate_pseudo_legal(&mut pseudo);
    let mover = pos.side_to_move();
    let mut legal = Vec::new();
    for &m in &pseudo {
        pos.make(m);
        let capturable = pos.king(mover).is_some_and(|king| {
            let mut replies = MoveList::new();
            pos.generate_pseudo_legal(&mut replies);
            replies.iter().any(|r| r.to() == king)
        });
        pos.unmake();
        if !capturable {
            legal.push(m);
        }
    }
    legal
}

/// Perft over [`legal_by_king_capture`].
pub fn perft_by_king_capture(pos: &mut Position, depth: u32) -> u64 {
    let moves = legal_by_king_capture(pos);
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    let mut nodes = 0;
    for m in moves {
        pos.make(m);
        nodes += perft_by_king_capture(pos, depth - 1);
        pos.unmake();
    }
    nodes
}
