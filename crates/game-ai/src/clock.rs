//! The clock of time budgets: milliseconds from an arbitrary origin.
//!
//! Native targets use std's monotonic `Instant`. A target without one
//! (`wasm32-unknown-unknown`, where `Instant::now` panics) installs its own clock once with
//! [`set_clock`] before a timed search, as the browser playground does with
//! `performance.now()`.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();
static ORIGIN: OnceLock<Instant> = OnceLock::new();

/// Installs the clock time budgets read (milliseconds, monotonic). The first call wins;
/// returns whether this call installed it.
pub fn set_clock(now_ms: fn() -> f64) -> bool {
    CLOCK.set(now_ms).is_ok()
}

/// The current time in milliseconds.
#[must_use]
pub fn now_ms() -> f64 {
    match CLOCK.get() {
        Some(clock) => clock(),
        None => ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0,
    }
}

/// The time since `start` (a reading of [`now_ms`]).
#[must_use]
pub fn since(start: f64) -> Duration {
    Duration::from_secs_f64(((now_ms() - start) / 1000.0).max(0.0))
}
