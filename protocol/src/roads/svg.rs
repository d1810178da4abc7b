//! The report's picture: the most balanced roads drawn on the 9x9 board with White's score,
//! and White's score on every road of the survey, the default road marked. Plain SVG text.

use super::results::RoadResult;
use super::shape::{Cell, Road, BOARD_SIZE, DEFAULT_ROAD};
use super::tally::STOP_MARGIN;
use std::fmt::Write;

/// Boards drawn at most (the table lists the rest), and per row.
const MAX_BOARDS: usize = 12;
const BOARDS_PER_ROW: usize = 4;
/// Pixels: picture width, one square, the room one board takes with its labels.
const WIDTH: f64 = 1200.0;
const SQUARE: f64 = 24.0;
const BOARD_ROOM: (f64, f64) = (285.0, 300.0);
const MARGIN: f64 = 60.0;
const HEADER: f64 = 100.0;
const CHART_HEIGHT: f64 = 380.0;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const ROAD: &str = "#f7d33c";
const MARK: &str = "#c62828";

/// The whole picture for roads `ranked` most balanced first; `top` bounds the boards;
/// `summary`, a line on all roads together (the report's spread lines).
pub fn picture(ranked: &[RoadResult], top: usize, settings: &str, summary: Option<&str>) -> String {
    let boards = ranked.len().min(top).min(MAX_BOARDS);
    let rows = boards.div_ceil(BOARDS_PER_ROW);
    let chart_top = HEADER + rows as f64 * BOARD_ROOM.1 + 20.0;
    let height = chart_top + CHART_HEIGHT + 30.0;
    let default = Road::parse(DEFAULT_ROAD).expect("the default road");
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{MARGIN}" y="40" font-size="24" font-weight="bold">Wizard of Oz Nonal Chess: the most balanced Yellow Brick Roads</text>"#
    );
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="66" font-size="14" fill="#444">White's score in Tinman self-play ({} roads; {}), nearest 0.5 first</text>"##,
        ranked.len(),
        escape(settings)
    );
    if let Some(summary) = summary {
        let _ = writeln!(
            s,
            r##"<text x="{MARGIN}" y="88" font-size="14" fill="#444">{}</text>"##,
            escape(summary)
        );
    }
    for (i, r) in ranked.iter().take(boards).enumerate() {
        let x = MARGIN + (i % BOARDS_PER_ROW) as f64 * BOARD_ROOM.0;
        let y = HEADER + (i / BOARDS_PER_ROW) as f64 * BOARD_ROOM.1;
        board(&mut s, x, y, i + 1, r, r.road == default);
    }
    chart(&mut s, chart_top, ranked, &default);
    s.push_str("</svg>\n");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// One road on a 9x9 board at (x, y), rank 9 at the top, with its rank and score below.
fn board(s: &mut String, x: f64, y: f64, rank: usize, r: &RoadResult, is_default: bool) {
    let size = SQUARE * f64::from(BOARD_SIZE);
    for file in 0..BOARD_SIZE {
        for row in 0..BOARD_SIZE {
            let cell = Cell { file, rank: BOARD_SIZE - 1 - row };
            // a1 is dark, as on every chessboard.
            let fill = if r.road.cells().contains(&cell) {
                ROAD
            } else if (cell.file + cell.rank).is_multiple_of(2) {
                DARK
            } else {
                LIGHT
            };
            let (sx, sy) = (x + f64::from(file) * SQUARE, y + f64::from(row) * SQUARE);
            let _ =
                writeln!(s, r#"<rect x="{sx}" y="{sy}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#);
        }
        let letter = (b'a' + file) as char;
        let (lx, ly) = (x + (f64::from(file) + 0.5) * SQUARE, y + size + 12.0);
        let _ = writeln!(
            s,
            r##"<text x="{lx}" y="{ly}" font-size="10" text-anchor="middle" fill="#666">{letter}</text>"##
        );
    }
    for row in 0..BOARD_SIZE {
        let (nx, ny) = (x - 8.0, y + (f64::from(row) + 0.7) * SQUARE);
        let _ = writeln!(
            s,
            r##"<text x="{nx}" y="{ny}" font-size="10" text-anchor="middle" fill="#666">{}</text>"##,
            BOARD_SIZE - row
        );
    }
    let (frame, width) = if is_default { (MARK, 3) } else { ("#333", 1) };
    let _ = writeln!(
        s,
        r#"<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="none" stroke="{frame}" stroke-width="{width}"/>"#
    );
    let (score, low, high) = r.counts.interval();
    let title = if is_default {
        format!("#{rank}  {} (default)", r.road.text())
    } else {
        format!("#{rank}  {}", r.road.text())
    };
    let _ = writeln!(
        s,
        r#"<text x="{x}" y="{}" font-size="14" font-weight="bold">{title}</text>"#,
        y + size + 32.0
    );
    let _ = writeln!(
        s,
        r##"<text x="{x}" y="{}" font-size="12" fill="#333">White {score:.3} [{low:.3}, {high:.3}], {} games</text>"##,
        y + size + 50.0,
        r.counts.games()
    );
}

/// White's score on every road, lowest to highest, with 95% intervals; the band where a
/// road is not stopped early shaded; the default road in red.
fn chart(s: &mut String, top: f64, ranked: &[RoadResult], default: &Road) {
    let (left, right) = (MARGIN + 30.0, WIDTH - MARGIN);
    let (plot_top, plot_bottom) = (top + 40.0, top + CHART_HEIGHT - 30.0);
    let y_of = |score: f64| plot_bottom - score * (plot_bottom - plot_top);
    let mut order: Vec<&RoadResult> = ranked.iter().collect();
    order.sort_by(|a, b| a.counts.score().total_cmp(&b.counts.score()).then_with(|| a.road.cmp(&b.road)));
    let _ = writeln!(
        s,
        r#"<text x="{MARGIN}" y="{}" font-size="18" font-weight="bold">White's score on all {} roads, lowest to highest (bars: 95% intervals)</text>"#,
        top + 20.0,
        order.len()
    );
    let (band_top, band_bottom) = (y_of(0.5 + STOP_MARGIN), y_of(0.5 - STOP_MARGIN));
    let _ = writeln!(
        s,
        r##"<rect x="{left}" y="{band_top}" width="{}" height="{}" fill="#e3f2e1"/>"##,
        right - left,
        band_bottom - band_top
    );
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let y = y_of(tick);
        let stroke = if tick == 0.5 { "#2e7d32" } else { "#ddd" };
        let _ = writeln!(s, r#"<line x1="{left}" y1="{y}" x2="{right}" y2="{y}" stroke="{stroke}"/>"#);
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="end" fill="#444">{tick:.2}</text>"##,
            left - 6.0,
            y + 4.0
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="11" fill="#2e7d32">0.5 ± {STOP_MARGIN}: roads that may be balanced</text>"##,
        left + 6.0,
        band_top - 4.0
    );
    let step = (right - left) / order.len().max(1) as f64;
    let bar = (step * 0.6).clamp(0.5, 3.0);
    let mut mark = None;
    for (i, r) in order.iter().enumerate() {
        let (score, low, high) = r.counts.interval();
        let x = left + (i as f64 + 0.5) * step;
        let is_default = &r.road == default;
        let colour = if is_default { MARK } else { "#5c6bc0" };
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="{}" stroke-width="{bar}"/>"##,
            y_of(low),
            y_of(high),
            if is_default { MARK } else { "#b0b7d8" }
        );
        let radius = if is_default { 5.0 } else { (step * 0.4).clamp(1.2, 4.0) };
        let _ = writeln!(s, r#"<circle cx="{x}" cy="{}" r="{radius}" fill="{colour}"/>"#, y_of(score));
        if is_default {
            // The label goes above the interval bar, clear of the other roads' dots.
            mark = Some((x, y_of(high), score));
        }
    }
    if let Some((x, y, score)) = mark {
        let anchor = if x > (left + right) / 2.0 { "end" } else { "start" };
        let dx = if anchor == "end" { -10.0 } else { 10.0 };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="13" font-weight="bold" fill="{MARK}" text-anchor="{anchor}" stroke="white" stroke-width="4" paint-order="stroke">default road {DEFAULT_ROAD}: {score:.3}</text>"#,
            x + dx,
            y - 6.0
        );
    } else {
        let _ = writeln!(
            s,
            r#"<text x="{left}" y="{}" font-size="12" fill="{MARK}">(the default road {DEFAULT_ROAD} is not in this survey)</text>"#,
            plot_bottom + 22.0
        );
    }
    let _ = writeln!(
        s,
        r##"<line x1="{left}" y1="{plot_bottom}" x2="{right}" y2="{plot_bottom}" stroke="#444"/><line x1="{left}" y1="{plot_top}" x2="{left}" y2="{plot_bottom}" stroke="#444"/>"##
    );
}
