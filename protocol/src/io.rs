//! Where the protocols write: standard output for the binary, or any writer for a program
//! (or a test) that runs a session in its own process.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A line sink shared by the protocol loop and its search thread; each line is written whole
/// and flushed at once, so lines of the two never interleave.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn stdout() -> Output {
        Output::new(std::io::stdout())
    }

    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes one line. A writer that fails (the GUI went away) is ignored: the input's end
    /// ends the session.
    pub fn line(&self, text: &str) {
        let mut writer = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(writer, "{text}");
        let _ = writer.flush();
    }
}
