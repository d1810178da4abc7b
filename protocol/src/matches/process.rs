//! An engine's process: its standard input, and its standard output read line by line on a
//! thread of its own so that the runner can wait for a line with a deadline.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a process may take to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// Why no line arrived.
#[derive(Debug, PartialEq, Eq)]
pub enum Silence {
    /// The deadline passed.
    Timeout,
    /// Standard output closed: the process ended or crashed.
    Closed,
}

pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Label for the `-debug` trace (None: no trace).
    trace: Option<String>,
}

impl Process {
    /// Starts `program` with `args` in `dir`; standard error is discarded.
    pub fn spawn(
        program: &str,
        args: &[String],
        dir: Option<&str>,
        trace: Option<String>,
    ) -> Result<Process, String> {
        let mut command = Command::new(program);
        command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| format!("cannot start '{program}': {e}"))?;
        let stdout = child.stdout.take().ok_or("no standard output")?;
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process { child, stdin, lines: rx, trace })
    }

    /// Writes one line; false if the process no longer reads.
    pub fn send(&mut self, line: &str) -> bool {
        if let Some(label) = &self.trace {
            eprintln!("{label} < {line}");
        }
        let Some(stdin) = self.stdin.as_mut() else { return false };
        writeln!(stdin, "{line}").and_then(|_| stdin.flush()).is_ok()
    }

    /// The next line, waiting until `deadline` at most.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, Silence> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                if let Some(label) = &self.trace {
                    eprintln!("{label} > {line}");
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Silence::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Silence::Closed),
        }
    }

    /// Sends `quit_command` (if any), waits a moment, then kills the process if it still runs.
    pub fn stop(&mut self, quit_command: Option<&str>) {
        if let Some(quit) = quit_command {
            self.send(quit);
        }
        self.stdin = None;
        let until = Instant::now() + QUIT_GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
