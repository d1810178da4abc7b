//! An engine's process: its standard input, its standard output read line by line on a
//! thread of its own so that the runner can wait for a line with a deadline, and the last
//! lines of its standard error, kept to say why it crashed or hung.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Lines of standard error kept (the last ones), and the longest kept line.
const STDERR_LINES: usize = 3;
const STDERR_LINE_CHARS: usize = 200;
/// How long a process that closed its output may take to exit before its status is read.
const EXIT_WAIT: Duration = Duration::from_millis(300);

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
    /// The last lines of standard error.
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Label for the `-debug` trace (None: no trace).
    trace: Option<String>,
}

impl Process {
    /// Starts `program` with `args` in `dir`; of standard error the last lines are kept (and
    /// traced with `-debug`).
    pub fn spawn(
        program: &str,
        args: &[String],
        dir: Option<&str>,
        trace: Option<String>,
    ) -> Result<Process, String> {
        let mut command = Command::new(program);
        command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
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
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let (kept, label) = (stderr.clone(), trace.clone());
            std::thread::spawn(move || {
                for line in BufReader::new(err).lines() {
                    let Ok(line) = line else { break };
                    if let Some(label) = &label {
                        eprintln!("{label} 2> {line}");
                    }
                    if line.trim().is_empty() {
                        continue;
                    }
                    let Ok(mut kept) = kept.lock() else { break };
                    if kept.len() == STDERR_LINES {
                        kept.pop_front();
                    }
                    kept.push_back(line.chars().take(STDERR_LINE_CHARS).collect());
                }
            });
        }
        Ok(Process { child, stdin, lines: rx, stderr, trace })
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

    /// What the process left to explain a failure: how it ended (if it has, waiting a moment)
    /// and the last lines of its standard error, e.g. `killed by signal 6 (SIGABRT); stderr:
    /// fatal runtime error: stack overflow`. None if there is nothing to say.
    pub fn last_words(&mut self) -> Option<String> {
        let until = Instant::now() + EXIT_WAIT;
        let mut status = None;
        while status.is_none() && Instant::now() < until {
            status = self.child.try_wait().ok().flatten();
            if status.is_none() {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        let mut parts = Vec::new();
        if let Some(status) = status {
            parts.push(exit_text(status));
        }
        // The reader thread may still be taking the last lines.
        std::thread::sleep(Duration::from_millis(20));
        let lines: Vec<String> = self.stderr.lock().map(|l| l.iter().cloned().collect()).unwrap_or_default();
        if !lines.is_empty() {
            parts.push(format!("stderr: {}", lines.join(" / ")));
        }
        (!parts.is_empty()).then(|| parts.join("; "))
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

/// `exit status 101`, `killed by signal 6 (SIGABRT)`.
fn exit_text(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                15 => " (SIGTERM)",
                _ => "",
            };
            return format!("killed by signal {signal}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "ended".into(),
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
