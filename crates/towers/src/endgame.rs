//! `towers endgame`: end-game tables solved by retrograde analysis (Tower of Power's stones
//! against a lone stone, `tower_of_power::endgame`).

use std::time::Instant;

use board_kernel::prelude::*;
use board_kernel::{GameOptions, Status};
use clap::Args;
use tower_games::record::option_pairs;
use tower_of_power::endgame::{self, LoneStoneTable, Verdict};
use tower_of_power::{Options, TowerOfPower};

/// The arguments of `towers endgame`.
#[derive(Args, Debug)]
pub(crate) struct EndgameArgs {
    /// The game: end-game tables exist for tower-of-power.
    game: String,
    /// Probe this one-line position text (its material chooses the table) and play it out
    /// with best moves for both sides.
    #[arg(long, short)]
    position: Option<String>,
    /// Set an option, KEY=VALUE (repeatable); the table needs
    /// material_draw_threshold = STONES − 1.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// The strong side's stones (2 to 5) when no position is given [default: the options'
    /// material_draw_threshold + 1].
    #[arg(long, conflicts_with = "position")]
    stones: Option<usize>,
}

pub(crate) fn run(args: &EndgameArgs) -> Result<(), String> {
    if args.game != TowerOfPower::NAME {
        return Err(format!(
            "end-game tables exist for {} only, not {:?}",
            TowerOfPower::NAME,
            args.game
        ));
    }
    let pairs = option_pairs(&args.options)?;
    let options = Options::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map_err(|e| e.to_string())?;
    let game = TowerOfPower::with_options(options).map_err(|e| e.to_string())?;
    let state = match &args.position {
        Some(text) => Some(
            game.parse_position(text.trim())
                .map_err(|e| e.to_string())?,
        ),
        None => None,
    };
    let stones = match (&state, args.stones) {
        (Some(state), _) => endgame::strong_stones(state.board()).ok_or_else(|| {
            let board = state.board();
            format!(
                "the tables hold stones against a lone stone; this position has {} White and {} \
                 Black stones",
                board.material(board_kernel::Side::White),
                board.material(board_kernel::Side::Black)
            )
        })?,
        (None, Some(stones)) => stones,
        (None, None) => options.material_draw_threshold as usize + 1,
    };
    let started = Instant::now();
    let table = LoneStoneTable::build(&options, stones).map_err(|e| e.to_string())?;
    let built = started.elapsed().as_secs_f64();
    let Some(state) = state else {
        let summary = table.summary();
        crate::out!(
            "{stones} stones against one: solved in {built:.1} s ({:.0} MB of tables)",
            table.table_bytes() as f64 / 1e6
        )?;
        let limit = match options.no_capture_draw_plies {
            0 => "with no limit on quiet moves".to_owned(),
            n => format!("within {n} plies from a no-capture count of 0"),
        };
        for (side, who) in ["the strong side", "the lone side"].iter().enumerate() {
            crate::out!(
                "{who} to move: {} positions, {} won by the strong side ({:.2}%) and {} by the \
                 lone side; {limit}: {} and {}",
                summary.positions[side],
                summary.won[side],
                100.0 * summary.won[side] as f64 / summary.positions[side] as f64,
                summary.lost[side],
                summary.won_within_limit[side],
                summary.lost_within_limit[side],
            )?;
        }
        crate::out!(
            "longest forced win: {} plies, from {}",
            summary.longest,
            summary.longest_position
        )?;
        return Ok(());
    };
    let Some(verdict) = table.probe(&state) else {
        return Err(
            "the position is not in the table: every stack must be the strong side's alone \
             and the lone stone must stand by itself"
                .to_owned(),
        );
    };
    crate::out!(
        "{}",
        match verdict {
            Verdict::Win { .. } => "win",
            Verdict::Draw => "draw",
            Verdict::Loss { .. } => "loss",
        }
    )?;
    // Best play for both sides, until the game ends (a draw: until the no-progress rule
    // ends it, or for at most 200 plies when that rule is off).
    let mut line = Vec::new();
    let mut now = state.clone();
    while game.status(&now) == Status::Ongoing && line.len() < 200 {
        let Some(mv) = table.best_move(&game, &now) else {
            break;
        };
        game.play_unchecked(&mut now, &mv);
        line.push(mv.to_string());
    }
    crate::out!("line ({} moves): {}", line.len(), line.join(" "))?;
    let end = match game.status(&now) {
        Status::Ongoing => "still going".to_owned(),
        Status::Finished(result) => match result.winner {
            Some(side) => format!("{side} wins"),
            None => "drawn".to_owned(),
        },
    };
    crate::out!(
        "{verdict} for {} to move ({stones} stones against one, table built in {built:.1} s); \
         after the line: {now}, {end}",
        state.to_move(),
    )?;
    Ok(())
}
