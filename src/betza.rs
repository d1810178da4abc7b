//! Piece moves from Betza notation, in the XBetza form XBoard and the Interactive Diagram use:
//! the subset our pieces need, parsed into movements the move tables are built from.
//!
//! A description is a sequence of components, each `modifiers atom [range]`:
//! - atoms `W F D A N C Z G H` (leaps), `K` (= `WF`), `R` (= `WW`), `B` (= `FF`), `Q` (= `RB`),
//!   `O` (castling; the range is the King's step); a doubled atom (`NN`) or the slide atoms
//!   ride without limit;
//! - modes `m` (move only), `c` (capture only), `e` (also en passant), `i` (only as a unit's
//!   first move), `n` (lame: the squares passed must be empty), `p` (hop over a unit);
//! - directions `f b l r v s` and pairs (`fl`, `fs`, `ff`, ...), White's view, forward = up;
//! - `a` starts the next leg of a multi-leg move; the modifiers before each `a` belong to one
//!   leg, and a later leg's directions are relative to the leg before it (`f` straight on,
//!   `fs` a 45-degree bend on `K`, `s` a right angle). A leg that is not the last one moves
//!   to an empty square unless it says `c` (capture there: a locust capture) or `p` (hop).
//!
//! So the Falcon, which reaches its sixteen targets by any of three King-step paths, is
//! `afsafKafafsKaflafrKafraflK` (H. G. Muller's notation for it): bend early, bend late,
//! bend twice each way.

use crate::piece::Mode;
use std::fmt;

/// What a description cannot be read as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BetzaError {
    /// A character that is neither an atom, a modifier nor a range digit.
    UnknownCharacter { at: usize, found: char },
    /// Modifiers with no atom after them.
    MissingAtom { at: usize },
    /// A direction modifier that selects nothing on its atom (`fW` is fine, `flW` is not).
    NoDirection { at: usize, atom: char },
    /// A form the core's move tables do not have (say a slide limited in range, or a slide
    /// in a multi-leg move).
    Unsupported { at: usize, what: &'static str },
    /// An empty description.
    Empty,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BetzaError::UnknownCharacter { at, found } => write!(f, "unknown character '{found}' at {at}"),
            BetzaError::MissingAtom { at } => write!(f, "modifiers without an atom at {at}"),
            BetzaError::NoDirection { at, atom } => {
                write!(f, "the directions at {at} select no move of the atom {atom}")
            }
            BetzaError::Unsupported { at, what } => write!(f, "{what} (at {at}) is not supported"),
            BetzaError::Empty => write!(f, "an empty description"),
        }
    }
}

impl std::error::Error for BetzaError {}

/// A (file, rank) offset as White sees it.
pub type Offset = (i8, i8);

/// One movement of a piece, as the move tables take it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Movement {
    /// Leaps to each offset over anything; `initial`: only as the unit's first move.
    Leap { offsets: Vec<Offset>, ends: Mode, initial: bool, en_passant: bool },
    /// Reaches each target along one of its routes (the squares passed, which must be empty).
    Routed { targets: Vec<(Offset, Vec<Vec<Offset>>)>, ends: Mode, initial: bool },
    /// Slides any distance along each unit step.
    Slide { steps: Vec<Offset>, ends: Mode },
    /// A move that captures or hops on the way (a locust capture, a jump): it is a game's own
    /// rule, not a table entry; kept so that the description round-trips.
    Locust,
    /// Castling; the squares come from the game's castling rules.
    Castling,
}

/// Parses a description into movements.
pub fn parse(text: &str) -> Result<Vec<Movement>, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(BetzaError::Empty);
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        // Modifier groups, one per leg.
        let mut legs: Vec<String> = vec![String::new()];
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'a' => legs.push(String::new()),
                c if "mcepinfblrvs".contains(c) => legs.last_mut().expect("a leg").push(c),
                c => return Err(BetzaError::UnknownCharacter { at: i, found: c }),
            }
            i += 1;
        }
        let Some(&atom) = chars.get(i) else { return Err(BetzaError::MissingAtom { at: start }) };
        if !atom.is_ascii_uppercase() {
            return Err(BetzaError::UnknownCharacter { at: i, found: atom });
        }
        let atom_at = i;
        i += 1;
        // Range: a number, or the atom doubled (a rider).
        let mut range: Option<u32> = None;
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i > digits_start {
            let n: String = chars[digits_start..i].iter().collect();
            range = Some(
                n.parse().map_err(|_| BetzaError::Unsupported { at: digits_start, what: "a huge range" })?,
            );
        } else if chars.get(i) == Some(&atom) && "WFDANCZGH".contains(atom) {
            range = Some(0);
            i += 1;
        }
        out.extend(component(&legs, atom, atom_at, range)?);
    }
    Ok(merge_routes(out))
}

/// Routed movements that do the same (ends, first move only) are one movement: a target that
/// several components reach has all their routes as alternatives (the Falcon's three paths).
fn merge_routes(moves: Vec<Movement>) -> Vec<Movement> {
    let mut out: Vec<Movement> = Vec::new();
    for m in moves {
        if let Movement::Routed { targets, ends, initial } = &m {
            let same = out.iter_mut().find_map(|o| match o {
                Movement::Routed { targets: t, ends: e, initial: i } if e == ends && i == initial => Some(t),
                _ => None,
            });
            if let Some(existing) = same {
                for (target, routes) in targets {
                    match existing.iter_mut().find(|(t, _)| t == target) {
                        Some((_, r)) => {
                            r.extend(routes.iter().filter(|x| !r.contains(x)).cloned().collect::<Vec<_>>())
                        }
                        None => existing.push((*target, routes.clone())),
                    }
                }
                continue;
            }
        }
        out.push(m);
    }
    out
}

/// The base steps of an atom (all orientations), and whether it slides by default.
fn atom_steps(atom: char) -> Option<(Vec<Offset>, bool)> {
    let (a, b, slides) = match atom {
        'W' => (1, 0, false),
        'F' => (1, 1, false),
        'D' => (2, 0, false),
        'A' => (2, 2, false),
        'N' => (2, 1, false),
        'C' => (3, 1, false),
        'Z' => (3, 2, false),
        'G' => (3, 3, false),
        'H' => (3, 0, false),
        'R' => (1, 0, true),
        'B' => (1, 1, true),
        _ => return None,
    };
    let mut v: Vec<Offset> = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let o = (x * sx, y * sy);
            if !v.contains(&o) {
                v.push(o);
            }
        }
    }
    Some((v, slides))
}

/// The movements of one component.
fn component(
    legs: &[String],
    atom: char,
    at: usize,
    range: Option<u32>,
) -> Result<Vec<Movement>, BetzaError> {
    // Compound atoms split into their parts, with the same modifiers.
    let (a, b) = match atom {
        // In a multi-leg move the King step is one atom of eight directions (`f` is straight
        // on, `fs` a 45-degree bend), as in the Falcon's notation.
        'K' if legs.len() > 1 => return multi_leg(legs, KING_STEPS, atom, at),
        'K' => ('W', 'F'),
        'Q' => ('R', 'B'),
        'O' => return Ok(vec![Movement::Castling]),
        _ => ('-', '-'),
    };
    if a != '-' {
        // A direction may select moves of only one part (`fsK`: the forward diagonals).
        let part = |p: char| match component(legs, p, at, range) {
            Err(BetzaError::NoDirection { .. }) => Ok(Vec::new()),
            other => other,
        };
        let mut moves = part(a)?;
        moves.extend(part(b)?);
        if moves.is_empty() {
            return Err(BetzaError::NoDirection { at, atom });
        }
        return Ok(moves);
    }
    let Some((steps, slides)) = atom_steps(atom) else {
        return Err(BetzaError::UnknownCharacter { at, found: atom });
    };
    let rides = slides || range == Some(0);
    if range.is_some_and(|r| r > 1) || (range == Some(1) && slides) {
        return Err(BetzaError::Unsupported { at, what: "a limited range" });
    }
    if legs.len() > 1 {
        if rides {
            return Err(BetzaError::Unsupported { at, what: "a slide in a multi-leg move" });
        }
        if !steps.iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1) {
            return Err(BetzaError::Unsupported { at, what: "a multi-leg move of long steps" });
        }
        return multi_leg(legs, &steps, atom, at);
    }
    let leg = &legs[0];
    let chosen = select(&steps, leg, (0, 1), false, atom, at)?;
    let ends = ends_of(leg);
    if leg.contains('p') {
        return Ok(vec![Movement::Locust]);
    }
    if rides {
        if leg.contains('i') || leg.contains('n') || !steps.iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1)
        {
            return Err(BetzaError::Unsupported { at, what: "a rider other than R or B" });
        }
        return Ok(vec![Movement::Slide { steps: chosen, ends }]);
    }
    let initial = leg.contains('i');
    if leg.contains('n') {
        let targets = chosen.iter().map(|&o| (o, lame_routes(o))).collect();
        return Ok(vec![Movement::Routed { targets, ends, initial }]);
    }
    Ok(vec![Movement::Leap { offsets: chosen, ends, initial, en_passant: leg.contains('e') }])
}

fn ends_of(leg: &str) -> Mode {
    match (leg.contains('m'), leg.contains('c') || leg.contains('e')) {
        (true, false) => Mode::MoveOnly,
        (false, true) => Mode::CaptureOnly,
        _ => Mode::Both,
    }
}

/// The squares a lame leap passes, along its line.
fn lame_routes((x, y): Offset) -> Vec<Vec<Offset>> {
    let n = x.abs().max(y.abs());
    if n <= 1 || x % n != 0 && x != 0 || y % n != 0 && y != 0 {
        return vec![Vec::new()];
    }
    let (sx, sy) = (x / n, y / n);
    vec![(1..n).map(|i| (sx * i, sy * i)).collect()]
}

/// A multi-leg move of one-step legs, each in the direction its modifiers give relative to
/// the leg before: every path, grouped by where it ends.
fn multi_leg(legs: &[String], first: &[Offset], atom: char, at: usize) -> Result<Vec<Movement>, BetzaError> {
    if legs[..legs.len() - 1].iter().any(|l| l.contains('c') || l.contains('p')) {
        return Ok(vec![Movement::Locust]);
    }
    // Paths as lists of positions after each leg.
    let mut paths: Vec<(Offset, Vec<Offset>)> = vec![((0, 1), Vec::new())];
    for (n, leg) in legs.iter().enumerate() {
        // Later legs turn in 45-degree units from the leg before (`afsW`, the Xiangqi horse:
        // an orthogonal step, then a diagonal one outward); the King's first leg too.
        let (steps, eight_way) = if n == 0 { (first, atom == 'K') } else { (KING_STEPS, true) };
        let mut next = Vec::new();
        for (heading, visited) in &paths {
            let from = visited.last().copied().unwrap_or((0, 0));
            for s in select(steps, leg, *heading, eight_way, atom, at)? {
                let mut v = visited.clone();
                v.push((from.0 + s.0, from.1 + s.1));
                next.push((s, v));
            }
        }
        paths = next;
    }
    let mut targets: Vec<(Offset, Vec<Vec<Offset>>)> = Vec::new();
    for (_, visited) in paths {
        let (&end, passed) = visited.split_last().expect("one leg at least");
        // A path that comes back to the start or onto its own squares is no move.
        if end == (0, 0) || passed.contains(&(0, 0)) || passed.contains(&end) {
            continue;
        }
        let route = passed.to_vec();
        match targets.iter_mut().find(|(t, _)| *t == end) {
            Some((_, routes)) if !routes.contains(&route) => routes.push(route),
            Some(_) => {}
            None => targets.push((end, vec![route])),
        }
    }
    let last = legs.last().expect("legs");
    Ok(vec![Movement::Routed { targets, ends: ends_of(last), initial: legs[0].contains('i') }])
}

/// The eight King steps.
const KING_STEPS: &[Offset] = &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The steps of `steps` that the direction modifiers in `leg` select, in the frame whose
/// forward is `heading` (White's forward for a first leg). `eight_way`: every step has its
/// own name (`f`, `fr`, `r`, ...), as the King step's in a multi-leg move.
fn select(
    steps: &[Offset],
    leg: &str,
    heading: Offset,
    eight_way: bool,
    atom: char,
    at: usize,
) -> Result<Vec<Offset>, BetzaError> {
    let dirs: Vec<char> = leg.chars().filter(|c| "fblrvs".contains(*c)).collect();
    if dirs.is_empty() {
        return Ok(steps.to_vec());
    }
    let relative: Vec<(Offset, Offset)> = steps.iter().map(|&s| (s, rotate_into(s, heading))).collect();
    // Direction groups: a vertical letter may be followed by a second letter that narrows it.
    let mut chosen: Vec<Offset> = Vec::new();
    let mut k = 0;
    while k < dirs.len() {
        let first = dirs[k];
        let second = dirs.get(k + 1).copied().filter(|c| "fb".contains(first) && "lrsfb".contains(*c));
        k += 1 + usize::from(second.is_some());
        let mut any = false;
        for &(s, r) in &relative {
            let hit = if eight_way {
                matches_eight_way(r, first, second)
            } else {
                matches_direction(r, first, second, &relative)
            };
            if hit {
                any = true;
                if !chosen.contains(&s) {
                    chosen.push(s);
                }
            }
        }
        if !any {
            return Err(BetzaError::NoDirection { at, atom });
        }
    }
    // Keep the atom's own order.
    Ok(steps.iter().copied().filter(|s| chosen.contains(s)).collect())
}

/// `s` in the frame whose forward is `heading`: (sideways to the right, forward).
fn rotate_into(s: Offset, heading: Offset) -> Offset {
    // Headings are King steps; turn the frame in 45-degree units until heading is (0, 1).
    let (mut h, mut v) = (heading, s);
    for _ in 0..8 {
        if h == (0, 1) {
            break;
        }
        (h, v) = (rotate45(h), rotate45(v));
    }
    v
}

/// Turns an offset 45 degrees counter-clockwise "on the square grid": the King directions go
/// round in order, and other offsets keep their length in King steps.
fn rotate45((x, y): Offset) -> Offset {
    // The ring of offsets at Chebyshev distance n, walked counter-clockwise, moves n places.
    let n = x.abs().max(y.abs());
    if n == 0 {
        return (0, 0);
    }
    let mut p = (x, y);
    for _ in 0..n {
        p = ring_next(p, n);
    }
    p
}

/// The next offset counter-clockwise on the square ring of radius `n`.
fn ring_next((x, y): Offset, n: i8) -> Offset {
    if x == n && y < n {
        (x, y + 1)
    } else if y == n && x > -n {
        (x - 1, y)
    } else if x == -n && y > -n {
        (x, y - 1)
    } else {
        (x + 1, y)
    }
}

/// Whether a step `r` (in the leg's frame: x to the right, y forward) is in direction
/// `first` [+ `second`]. A single letter means the moves most nearly that way: `f` on `W` is
/// straight forward, on `F` the two forward diagonals; on `N` the four forward moves.
fn matches_direction(r: Offset, first: char, second: Option<char>, all: &[(Offset, Offset)]) -> bool {
    let (x, y) = r;
    let toward = |c: char, (x, y): Offset| match c {
        'f' => y > 0,
        'b' => y < 0,
        'l' => x < 0,
        'r' => x > 0,
        'v' => y != 0,
        's' => x != 0,
        _ => false,
    };
    match second {
        None => {
            // Orthogonal and diagonal atoms: the straight direction if the atom has it, else
            // the two next to it.
            let straight = |c: char, (x, y): Offset| match c {
                'f' => x == 0 && y > 0,
                'b' => x == 0 && y < 0,
                'l' => y == 0 && x < 0,
                'r' => y == 0 && x > 0,
                'v' => x == 0,
                's' => y == 0,
                _ => false,
            };
            let oblique = all.iter().any(|&(_, (a, b))| a != 0 && b != 0 && a.abs() != b.abs());
            if !oblique && all.iter().any(|&(_, o)| straight(first, o)) {
                straight(first, r)
            } else {
                toward(first, r)
            }
        }
        Some(s) => {
            let vertical = toward(first, r);
            match s {
                'l' | 'r' => vertical && toward(s, r),
                // `fs`: forward and to the side (the wide forward moves of an oblique atom).
                's' => vertical && x != 0 && (x.abs() >= y.abs() || !is_oblique(r)),
                // `ff`: forward, the narrow ones.
                _ => vertical && s == first && y.abs() > x.abs(),
            }
        }
    }
}

/// Directions of the eight King steps, each named exactly: `f` straight on, `fl`/`fr` the
/// diagonals beside it, `fs` both, `l`/`r`/`s` the right angles, `b`, `bl`, `br`, `bs`, `v`.
fn matches_eight_way((x, y): Offset, first: char, second: Option<char>) -> bool {
    let side = |c: char| match c {
        'l' => x < 0,
        'r' => x > 0,
        's' => x != 0,
        _ => false,
    };
    match (first, second) {
        ('f', None) => x == 0 && y > 0,
        ('b', None) => x == 0 && y < 0,
        ('v', None) => x == 0,
        ('l' | 'r' | 's', None) => y == 0 && side(first),
        ('f', Some(c)) => y > 0 && side(c),
        ('b', Some(c)) => y < 0 && side(c),
        _ => false,
    }
}

fn is_oblique((x, y): Offset) -> bool {
    x != 0 && y != 0 && x.abs() != y.abs()
}
