//! `wedgie`: Wedgie Chess (Bob Greenwade), 9 files x 12 ranks with holes, Berolina pawns,
//! Wedgie Rook and Bishop. Everything here is data: the core's pieces cover it.

use super::squares;
use crate::piece::{Picture, PieceType};
use crate::position::Position;
use crate::variant::{Variant, VariantSpec};

/// Pawn, Knight, Bishop, Rook, Queen, King, in generation order.
pub(crate) const PIECES: &[PieceType] = &[
    // Values: the holes shorten lines (Knight a little less); the extra non-capturing steps
    // let the Bishop change colour and make both more mobile. Pictures: the crowned Bishop
    // and Rook, whose pieces add exactly those steps.
    PieceType::pawn("Berolina pawn", "mfFcfWimfnA", 100),
    super::normal::PIECES[1].valued(290),
    PieceType::new("Wedgie Bishop", 'B', "BmW", 360, Picture::CrownedBishop),
    PieceType::new("Wedgie Rook", 'R', "RmF", 520, Picture::CrownedRook),
    super::normal::PIECES[4],
    PieceType::royal("king", 'K', "K", Picture::King),
];

/// Playable files per rank, from rank 1 up: the wedges narrow to one square at each end.
const RANK_SPANS: [(u8, u8); 12] =
    [(4, 4), (3, 5), (2, 6), (1, 7), (0, 8), (0, 8), (0, 8), (0, 8), (1, 7), (2, 6), (3, 5), (4, 4)];

pub(crate) fn variant() -> Variant {
    let holes = (0..12u8)
        .flat_map(|rank| {
            let (first, last) = RANK_SPANS[rank as usize];
            (0..9u8).filter(move |&f| f < first || f > last).map(move |f| (f, rank))
        })
        .filter_map(|(f, r)| crate::square::Square::from_coords(f, r))
        .collect();
    Variant::new(VariantSpec {
        name: "wedgie",
        title: "Wedgie Chess",
        width: 9,
        height: 12,
        holes,
        pieces: PIECES,
        start_fen: "****k****/***bqb***/**rnpnr**/*ppppppp*/9/9/9/9/*PPPPPPP*/**RNPNR**/***BQB***/****K**** w - - 0 1",
        promotion_zone: [squares(&["c10", "d10", "e10", "f10", "g10"]), squares(&["c3", "d3", "e3", "f3", "g3"])],
        promotion_letters: &['Q', 'R', 'B', 'N'],
        initial_zone: [
            squares(&["e3", "b4", "c4", "d4", "e4", "f4", "g4", "h4"]),
            squares(&["e10", "b9", "c9", "d9", "e9", "f9", "g9", "h9"]),
        ],
        castlings: Vec::new(),
        en_passant_names_landing: true,
        insufficient_material: bare_kings,
        known_to_guis: false,
        bench_fens: &[
        "startpos",
        "****k****/***3***/**3nb**/*2q2P1*/p1b2rp2/1p1pN1P2/B2p4P/1NP1PnPR1/*P6*/**4R**/***1QB***/****K**** w - - 0 26",
        "****1****/***1kb***/**1R3**/*2pp2p*/B2q2pr1/2pp5/P1N2n3/P4P3/*2PRPpP*/**BN3**/***2Q***/****K**** b - - 1 24",
        "****k****/***bqb***/**rn1nr**/*pp2p1p*/9/2p1p4/PR1PpPP2/P4p3/*2PP2R*/**1NPN1**/***BQB***/****K**** b - e5d6 0 9",
        "****k****/***q2***/**2rn1**/*np1b2b*/PPp1p4/1P1Ppp3/4pP2P/3p4P/*3QB1p*/**RN3**/***R1K***/****N**** b - - 0 25",
        "****k****/***bqb***/**r1pn1**/*p3r1p*/3pn1p2/2P2p3/4PPppP/2P5P/*4P2*/**RNBNR**/***1QB***/****K**** b - h5i6 0 11",
        ],
    })
}

/// Only King against King is dead: the wedge tips let a lone Knight or Wedgie Bishop mate
/// (e.g. Black King e12, White King e10, Knight d10 or Bishop d11).
fn bare_kings(pos: &Position) -> bool {
    pos.occupied().count() == 2
}
