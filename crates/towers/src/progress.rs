//! A progress bar on standard error for the commands that play many games.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Draws `[#####.....] done/total games, seconds` on standard error: redrawn at most every
/// 100 ms when standard error is a terminal, and once at the end in any case, so logs get a
/// single line. Safe to call from several threads.
pub(crate) struct ProgressBar {
    started: Instant,
    total: u64,
    terminal: bool,
    last_drawn: Mutex<Option<Instant>>,
}

impl ProgressBar {
    /// A bar for `total` games, its clock started now.
    pub(crate) fn new(total: u64) -> ProgressBar {
        ProgressBar {
            started: Instant::now(),
            total,
            terminal: std::io::stderr().is_terminal(),
            last_drawn: Mutex::new(None),
        }
    }

    /// Seconds since the bar was made.
    pub(crate) fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Shows `done` games finished, with `extra` after the count (empty for nothing).
    pub(crate) fn update(&self, done: u64, extra: &str) {
        self.draw(done, extra, done >= self.total);
    }

    /// Draws the last line of a run that stopped early, after `done` games.
    pub(crate) fn stopped(&self, done: u64) {
        if done < self.total {
            self.draw(done, " (stopped)", true);
        }
    }

    fn draw(&self, done: u64, extra: &str, finished: bool) {
        let mut last = self.last_drawn.lock().unwrap_or_else(|e| e.into_inner());
        let due = last.is_none_or(|t| t.elapsed() >= Duration::from_millis(100));
        if finished || (self.terminal && due) {
            *last = Some(Instant::now());
            let width = 30;
            let filled = (done.min(self.total) * width / self.total.max(1)) as usize;
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r[{}{}] {done}/{} games{extra}, {:.1} s",
                "#".repeat(filled),
                ".".repeat(width as usize - filled),
                self.total,
                self.seconds()
            );
            if finished {
                let _ = writeln!(err);
            }
            let _ = err.flush();
        }
    }
}
