//! Reflection over the a1 diagonal (file <-> rank) of squares, moves and FENs, for engines
//! that only know a game described transposed (`transpose=1`; e.g. Wedgie for Sjaak II,
//! which needs the 9x12 board as 12x9).

use tinman_core::fen::rank_text;
use tinman_core::Square;

/// A square's name with file and rank swapped: `b4` (file 1, rank 3) becomes `d2`.
fn square(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.rank()) as char, sq.file() + 1)
}

/// A move text (`e4f5`, `d9e10q`, `c3c4,c4c5`) with every square transposed; None if it is
/// not coordinate notation.
pub fn move_text(text: &str) -> Option<String> {
    let mut legs = Vec::new();
    for leg in text.split(',') {
        let (from, rest) = Square::parse_prefix(leg)?;
        let (to, rest) = Square::parse_prefix(rest)?;
        legs.push(format!("{}{}{rest}", square(from), square(to)));
    }
    Some(legs.join(","))
}

/// A FEN's board transposed, with the en-passant squares transposed; the other fields kept.
pub fn fen(fen: &str) -> Option<String> {
    let mut fields = fen.split_whitespace();
    let board = fields.next()?;
    // Cells of each rank, top rank first; None for an empty square.
    let mut rows: Vec<Vec<Option<char>>> = Vec::new();
    for row in board.split('/') {
        let mut cells = Vec::new();
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                cells.extend(std::iter::repeat_n(None, digits.parse().ok()?));
                digits.clear();
            }
            cells.push(Some(c));
        }
        if !digits.is_empty() {
            cells.extend(std::iter::repeat_n(None, digits.parse().ok()?));
        }
        rows.push(cells);
    }
    let height = rows.len();
    let width = rows.first()?.len();
    if rows.iter().any(|r| r.len() != width) {
        return None;
    }
    // New rank y (0-based from the bottom) = old file y; new file x = old rank x.
    let out_rows: Vec<String> =
        (0..width).rev().map(|y| rank_text((0..height).map(|x| rows[height - 1 - x][y]))).collect();
    let mut out = vec![out_rows.join("/")];
    for (i, field) in fields.enumerate() {
        // Field 3 (after side and castling) is en passant: one or two squares.
        if i == 2 && field != "-" {
            let (a, rest) = Square::parse_prefix(field)?;
            let mut ep = square(a);
            if !rest.is_empty() {
                let (b, _) = Square::parse_prefix(rest)?;
                ep.push_str(&square(b));
            }
            out.push(ep);
        } else {
            out.push(field.to_string());
        }
    }
    Some(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transposes_wedgie() {
        // The start position as tests/oracles/wedgie_transposed.sjaak writes it.
        let tinman = "****k****/***bqb***/**rnpnr**/*ppppppp*/9/9/9/9/*PPPPPPP*/**RNPNR**/***BQB***/****K**** w - - 0 1";
        let oracle =
            "****4****/***P4p***/**RP4pr**/*BNP4pnb*/KQPP4ppqk/*BNP4pnb*/**RP4pr**/***P4p***/****4**** w - - 0 1";
        assert_eq!(fen(tinman).as_deref(), Some(oracle));
        assert_eq!(fen(oracle).as_deref(), Some(tinman));
        assert_eq!(move_text("e1e12").as_deref(), Some("a5l5"));
        assert_eq!(move_text("d9e10q").as_deref(), Some("i4j5q"));
        assert_eq!(move_text("a5l5").as_deref(), Some("e1e12"));
        assert_eq!(move_text("zz"), None);
    }
}
