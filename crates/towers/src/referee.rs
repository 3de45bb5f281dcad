//! Outside engines at our tables: the time control `towers play`, `selfplay` and `tournament`
//! give the `ugi:COMMAND` seats (`tower_games::ugi`), and the seat lists of `--players`.

use std::str::FromStr;

use clap::Args;
use tower_games::ugi::{Computer, TimeControl, split_seats};

/// The time control of outside engines (our own players keep their budgets).
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct RefereeArgs {
    /// Time per move of `ugi:` engines, in milliseconds (`go movetime`; default 1000): an
    /// engine that answers later (beyond a grace of 150 ms) loses the game.
    #[arg(long, value_name = "MS", conflicts_with = "clock", value_parser = TimeControl::per_move)]
    pub(crate) movetime: Option<TimeControl>,
    /// A clock per game for `ugi:` engines, TIME[+INCREMENT] in milliseconds (`go p1time
    /// p2time p1inc p2inc`): an engine whose time runs out loses the game.
    #[arg(long, value_name = "MS[+MS]", value_parser = TimeControl::clock)]
    pub(crate) clock: Option<TimeControl>,
}

impl RefereeArgs {
    /// `seat` with this time control given to it when it is an outside engine.
    pub(crate) fn timed(&self, mut seat: Computer) -> Computer {
        let time = self.movetime.or(self.clock).unwrap_or_default();
        Computer::set_time([&mut seat], time);
        seat
    }
}

/// Seats separated by commas outside quotes, for `--players`.
#[derive(Clone, Debug)]
pub(crate) struct SeatList(pub(crate) Vec<Computer>);

impl FromStr for SeatList {
    type Err = String;
    fn from_str(text: &str) -> Result<SeatList, String> {
        split_seats(text).map(SeatList)
    }
}

/// Starts and greets every outside engine among `seats` once, so that a wrong command is an
/// error before any game rather than a forfeit in each.
pub(crate) fn check<'a>(seats: impl IntoIterator<Item = &'a Computer>) -> Result<(), String> {
    for seat in seats {
        if let Computer::Ugi(engine) = seat {
            engine.check().map_err(|e| format!("{seat}: {e}"))?;
        }
    }
    Ok(())
}
