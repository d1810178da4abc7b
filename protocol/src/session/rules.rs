//! One set of rules for every number a user can give the engine — on the command line, over
//! UCI and over XBoard — and one wording for the message when a value breaks them.

use std::time::Duration;
use tinman_search::score::MAX_PLY;

/// Deepest search a user can ask for (the search's stack holds `MAX_PLY` plies).
pub const MAX_DEPTH: u64 = MAX_PLY as u64 - 1;
pub const DEFAULT_HASH_MB: usize = 16;
pub const MAX_HASH_MB: usize = 4096;
pub const MAX_MULTI_PV: usize = 256;
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// Contempt (centipawns a draw costs the engine): off unless set; five pawns either way is
/// already "never draw" or "always draw".
pub const DEFAULT_CONTEMPT: i32 = 0;
pub const MAX_CONTEMPT: i32 = 500;
/// Longest fixed time per move: a day.
pub const MAX_MOVE_TIME_MS: u64 = 86_400_000;
/// Clock readings are capped here (a week): beyond it a clock is as good as endless, and the
/// time plan's arithmetic stays far from overflowing.
pub const MAX_CLOCK_MS: u64 = 7 * 86_400_000;

/// Threads the engine offers: one per core of this machine.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).min(tinman_search::searcher::MAX_THREADS)
}

/// A whole number from `min` to `max`; the error names the value's `name` and the range.
pub fn whole_number(name: &str, text: &str, min: u64, max: u64) -> Result<u64, String> {
    let text = text.trim();
    let range = || format!("{name} must be a whole number from {min} to {max}, not '{}'", shorten(text));
    // Digits only: a sign, a fraction or an exponent is refused, however large it is.
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(range());
    }
    match text.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(range()),
    }
}

pub fn depth(text: &str) -> Result<u32, String> {
    whole_number("depth", text, 1, MAX_DEPTH).map(|d| d as u32)
}

pub fn nodes(text: &str) -> Result<u64, String> {
    whole_number("nodes", text, 1, u64::MAX)
}

/// A fixed time per move in milliseconds.
pub fn move_time_ms(text: &str) -> Result<Duration, String> {
    whole_number("movetime (ms)", text, 1, MAX_MOVE_TIME_MS).map(Duration::from_millis)
}

pub fn threads(text: &str) -> Result<usize, String> {
    whole_number("Threads", text, 1, max_threads() as u64).map(|n| n as usize)
}

pub fn hash_mb(text: &str) -> Result<usize, String> {
    whole_number("Hash (MB)", text, 1, MAX_HASH_MB as u64).map(|n| n as usize)
}

pub fn multi_pv(text: &str) -> Result<usize, String> {
    whole_number("MultiPV", text, 1, MAX_MULTI_PV as u64).map(|n| n as usize)
}

pub fn move_overhead_ms(text: &str) -> Result<Duration, String> {
    whole_number("Move Overhead (ms)", text, 0, MAX_MOVE_OVERHEAD_MS).map(Duration::from_millis)
}

/// Contempt in centipawns, from -`MAX_CONTEMPT` to `MAX_CONTEMPT`.
pub fn contempt(text: &str) -> Result<i32, String> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let max = MAX_CONTEMPT as u64;
    let range = || format!("Contempt must be a whole number from -{max} to {max}, not '{}'", shorten(text));
    if digits.starts_with(char::is_whitespace) {
        return Err(range());
    }
    let n = whole_number("Contempt", digits, 0, max).map_err(|_| range())? as i32;
    Ok(if negative { -n } else { n })
}

/// A clock reading (time left, increment) in `unit_ms` milliseconds: a negative reading (a
/// GUI's clock that has run out) counts as zero, a huge one as `MAX_CLOCK_MS`.
pub fn clock_reading(name: &str, text: &str, unit_ms: u64) -> Result<Duration, String> {
    let text = text.trim();
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{name} must be a whole number, not '{}'", shorten(text)));
    }
    if text.starts_with('-') {
        return Ok(Duration::ZERO);
    }
    let ms = digits.parse::<u64>().unwrap_or(u64::MAX).saturating_mul(unit_ms);
    Ok(Duration::from_millis(ms.min(MAX_CLOCK_MS)))
}

/// A value quoted in a message, cut short if it is long (a line can be megabytes).
pub fn shorten(text: &str) -> String {
    const MAX_QUOTED: usize = 40;
    match text.char_indices().nth(MAX_QUOTED) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_checked_with_one_message() {
        assert_eq!(depth("12"), Ok(12));
        assert_eq!(
            depth("99999999999"),
            Err(format!("depth must be a whole number from 1 to {MAX_DEPTH}, not '99999999999'"))
        );
        assert!(depth("0").is_err() && depth("-3").is_err() && depth("2.5").is_err() && depth("").is_err());
        assert_eq!(nodes("0"), Err(format!("nodes must be a whole number from 1 to {}, not '0'", u64::MAX)));
        assert!(nodes("99999999999999999999999").is_err());
        assert!(move_time_ms("0").is_err() && move_time_ms("1").is_ok());
        assert!(threads("1000").is_err() && threads("1").is_ok());
        assert!(threads(&(max_threads() + 1).to_string()).is_err());
        assert_eq!(move_overhead_ms("0"), Ok(Duration::ZERO));
        assert_eq!((contempt("25"), contempt(" -500 "), contempt("+7")), (Ok(25), Ok(-500), Ok(7)));
        for bad in ["501", "-501", "--5", "- 5", "2.5", "", "-", "twenty"] {
            let e = contempt(bad).unwrap_err();
            assert!(e.starts_with("Contempt must be a whole number from -500 to 500"), "{bad}: {e}");
        }
    }

    #[test]
    fn clock_readings_saturate() {
        assert_eq!(clock_reading("wtime", "-50", 1), Ok(Duration::ZERO));
        assert_eq!(clock_reading("wtime", "1500", 1), Ok(Duration::from_millis(1500)));
        assert_eq!(clock_reading("time", "150", 10), Ok(Duration::from_millis(1500)));
        let huge = clock_reading("wtime", "99999999999999999999999999", 1);
        assert_eq!(huge, Ok(Duration::from_millis(MAX_CLOCK_MS)));
        assert!(clock_reading("wtime", "ten", 1).is_err() && clock_reading("wtime", "-", 1).is_err());
    }

    #[test]
    fn long_values_are_quoted_short() {
        let long = "9".repeat(100_000);
        assert!(depth(&long).unwrap_err().len() < 100);
    }
}
