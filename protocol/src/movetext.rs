//! PGN movetext laid out in lines, for every writer of PGN (the match runner, the web board).

/// PGN's export format keeps lines to at most 80 characters.
pub const LINE_WIDTH: usize = 80;

/// The words joined by spaces, broken into lines of at most `LINE_WIDTH` characters (a longer
/// word stands alone), each line ending with a newline.
pub fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
