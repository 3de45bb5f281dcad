//! Ctrl-C (SIGINT, and SIGTERM and SIGHUP with it): the commands that hold results end with
//! what they have instead of losing it.
//!
//! `play --record` registers a last action (save the game so far), run on the signal and
//! followed by the exit. `selfplay` and `tournament` take a [`series_stop`] flag: on the
//! signal, or when their time limit is up, they stop starting games, drop the ones in
//! progress and print the summary of the games finished; a second Ctrl-C ends the program at
//! once.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};
use std::time::Duration;

use game_ai::arena::StopFlag;

/// The exit code of a program ended by SIGINT, as shells report it (128 + 2).
pub(crate) const EXIT_CODE: u8 = 130;

/// The error `run` returns after an interrupt was handled: `main` exits with [`EXIT_CODE`].
pub(crate) const INTERRUPTED: &str = "interrupted";

/// Raised by the first signal or the time limit; never lowered. `'static`, as the series
/// take it.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Raised when the time limit of a series ran out (and [`REQUESTED`] with it).
static TIME_UP: AtomicBool = AtomicBool::new(false);

type LastAction = Box<dyn FnMut() + Send>;

/// What to do on the signal before exiting, if anything.
static LAST_ACTION: Mutex<Option<LastAction>> = Mutex::new(None);

static INSTALL: Once = Once::new();

/// The flag a series stops on: raised by Ctrl-C, or after `limit` when there is one.
///
/// # Errors
/// The signal handler cannot be installed.
pub(crate) fn series_stop(limit: Option<Duration>) -> Result<StopFlag, String> {
    install()?;
    if let Some(limit) = limit {
        // A detached timer: the program ends when the series does, whatever it sleeps.
        std::thread::Builder::new()
            .name("time limit".into())
            .spawn(move || {
                std::thread::sleep(limit);
                TIME_UP.store(true, Ordering::Relaxed);
                REQUESTED.store(true, Ordering::Relaxed);
            })
            .map_err(|e| format!("cannot start the time limit's clock: {e}"))?;
    }
    Ok(StopFlag::new(&REQUESTED))
}

/// The flag Ctrl-C raises, for work that is not a series (`towers train`), after taking
/// Ctrl-C over.
pub(crate) fn requested() -> Result<&'static AtomicBool, String> {
    install()?;
    Ok(&REQUESTED)
}

/// Why a series ended early, if it did: for the line under its summary.
pub(crate) fn stopped_early() -> Option<&'static str> {
    if TIME_UP.load(Ordering::Relaxed) {
        Some("the time limit was reached")
    } else if REQUESTED.load(Ordering::Relaxed) {
        Some(INTERRUPTED)
    } else {
        None
    }
}

/// Reads a time limit: a whole number of seconds, or of `s`, `m` or `h`, from 1 second to 30
/// days (longer limits are typing mistakes).
pub(crate) fn parse_limit(text: &str) -> Result<Duration, String> {
    let excerpt = board_kernel::excerpt(text);
    let (digits, unit) = match text.trim().char_indices().last() {
        Some((at, c @ ('s' | 'm' | 'h'))) => (&text.trim()[..at], c),
        _ => (text.trim(), 's'),
    };
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    let count: u64 = if plain {
        digits.parse().unwrap_or(u64::MAX)
    } else {
        return Err(format!(
            "`{excerpt}`: expected a time like 90, 90s, 15m or 2h"
        ));
    };
    let seconds = count.saturating_mul(match unit {
        'h' => 3600,
        'm' => 60,
        _ => 1,
    });
    if !(1..=30 * 24 * 3600).contains(&seconds) {
        return Err(format!(
            "`{excerpt}`: the time limit is 1 second to 30 days"
        ));
    }
    Ok(Duration::from_secs(seconds))
}

/// Takes over SIGINT, SIGTERM and SIGHUP (once; later calls do nothing). Without a last
/// action, the first signal raises [`REQUESTED`] and the second exits at once.
pub(crate) fn install() -> Result<(), String> {
    let mut result = Ok(());
    INSTALL.call_once(|| {
        result = ctrlc::set_handler(on_signal).map_err(|e| format!("cannot take over Ctrl-C: {e}"));
    });
    result
}

/// Installs the handler with `action` run on the first signal, followed by the exit.
pub(crate) fn on_interrupt(action: impl FnMut() + Send + 'static) -> Result<(), String> {
    *LAST_ACTION.lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(action));
    install()
}

/// Runs on the handler's own thread (not in signal context), so it may lock and write files.
fn on_signal() {
    let mut action = LAST_ACTION.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(action) = action.as_mut() {
        action();
        std::process::exit(i32::from(EXIT_CODE));
    }
    // Standard error may be closed: the message is a courtesy, the exit is not.
    let mut err = std::io::stderr();
    if REQUESTED.swap(true, Ordering::Relaxed) {
        let _ = writeln!(err, "\ninterrupted again: stopping at once");
        std::process::exit(i32::from(EXIT_CODE));
    }
    let _ = writeln!(
        err,
        "\ninterrupted: finishing with the games played so far (Ctrl-C again to stop at once)"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_read_seconds_minutes_and_hours() {
        assert_eq!(parse_limit("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_limit("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_limit("15m"), Ok(Duration::from_secs(900)));
        assert_eq!(parse_limit("2h"), Ok(Duration::from_secs(7200)));
        for bad in [
            "",
            "0",
            "s",
            "1.5h",
            "+5",
            "007",
            "-1",
            "721h",
            "99999999999999999999h",
        ] {
            assert!(parse_limit(bad).is_err(), "{bad}");
        }
    }
}
