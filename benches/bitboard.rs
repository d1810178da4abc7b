//! Hot bitboard operations, for choosing the storage (docs/bitboard-storage.md).
//! Run once per storage:
//!   cargo bench --bench bitboard
//!   cargo bench --bench bitboard --features board-wide
//!   cargo bench --bench bitboard --features board-bitvec

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tinman_core::bitboard::STORAGE;
use tinman_core::perft::perft;
use tinman_core::square::Direction;
use tinman_core::{variants, Bitboard, Geometry, Position, Square};

/// Fixed pseudo-random sets spread over the whole 144 bits.
fn sets(n: usize) -> Vec<Bitboard> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    (0..n)
        .map(|_| {
            Square::all()
                .filter(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed.is_multiple_of(5)
                })
                .collect()
        })
        .collect()
}

fn operations(c: &mut Criterion) {
    let sets = sets(256);
    let mut group = c.benchmark_group(format!("bitboard [{STORAGE}]"));
    group.bench_function("and-or-minus x256", |b| {
        b.iter(|| {
            let mut acc = Bitboard::EMPTY;
            for w in sets.windows(2) {
                acc = (acc | (w[0] & w[1])) - black_box(w[1]);
            }
            acc
        })
    });
    group
        .bench_function("count x256", |b| b.iter(|| sets.iter().map(|s| black_box(*s).count()).sum::<u32>()));
    group.bench_function("first+last x256", |b| {
        b.iter(|| {
            sets.iter()
                .map(|s| black_box(*s).first().unwrap().index() + s.last().unwrap().index())
                .sum::<usize>()
        })
    });
    group.bench_function("iterate x256", |b| {
        b.iter(|| {
            sets.iter().map(|s| black_box(*s).squares().map(|q| q.index()).sum::<usize>()).sum::<usize>()
        })
    });
    let geometry = Geometry::new(12, 12, &[]);
    group.bench_function("queen slides 12x12 x256", |b| {
        let all = Direction::ORTHOGONAL | Direction::DIAGONAL;
        b.iter(|| {
            let mut acc = Bitboard::EMPTY;
            for (i, s) in sets.iter().enumerate() {
                let from = Square::new((i * 37 % 144) as u8).unwrap();
                acc |= geometry.slide(from, all, black_box(*s));
            }
            acc
        })
    });
    group.finish();

    let normal = variants::by_name("normal").unwrap();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut group = c.benchmark_group(format!("perft [{STORAGE}]"));
    group.sample_size(10);
    group.bench_function("start depth 4", |b| {
        let mut pos = Position::start(normal);
        b.iter(|| perft(&mut pos, 4))
    });
    group.bench_function("start depth 4, copy-make", |b| {
        let pos = Position::start(normal);
        b.iter(|| perft_copy_make(&pos, 4))
    });
    group.bench_function("kiwipete depth 3", |b| {
        let mut pos = Position::from_fen(normal, kiwipete).unwrap();
        b.iter(|| perft(&mut pos, 3))
    });
    group.finish();
}

/// Perft that copies the position for every child instead of unmaking (the alternative to
/// make/unmake; the copy includes the short undo stack, as any copy of a `Position` does).
fn perft_copy_make(pos: &Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.make(m);
            perft_copy_make(&child, depth - 1)
        })
        .sum()
}

criterion_group!(benches, operations);
criterion_main!(benches);
