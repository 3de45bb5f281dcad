//! `towers replay`: reads a game record, replays every move with validation and checks the
//! recorded result.

use std::path::Path;

use board_kernel::Status;
use towers::registry;

use crate::play::{Record, option_pairs};

/// Replays the record in `path`, printing the moves, the final position and its status.
/// Any illegal move, bad option or wrong result is an error.
pub(crate) fn run(path: &Path, quiet: bool) -> Result<(), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let record: Record = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a game record: {e}", path.display()))?;
    let game = registry::build(&record.game, &option_pairs(&record.options)?)
        .map_err(|e| e.to_string())?;
    let mut state = match &record.position {
        Some(p) => game.parse_position(p).map_err(|e| e.to_string())?,
        None => game.initial_state(),
    };
    println!(
        "{}: {} ({}) against {} ({}), seed {}, {} moves",
        game.title(),
        game.side_name(board_kernel::Side::White),
        record.white,
        game.side_name(board_kernel::Side::Black),
        record.black,
        record.seed,
        record.moves.len()
    );
    for (i, mv) in record.moves.iter().enumerate() {
        let side = state.side_to_move();
        let played = state
            .play(mv)
            .map_err(|e| format!("move {} (`{mv}`): {e}", i + 1))?;
        if !quiet {
            println!("{}. {} {played}", i + 1, game.side_name(side));
        }
    }
    println!("{}", state.diagram().trim_end());
    println!("{}", towers::describe_status(game.as_ref(), state.as_ref()));
    match (state.status(), &record.result) {
        (Status::Finished(actual), Some(recorded)) if actual == *recorded => {
            println!(
                "Record valid: {} legal moves, result confirmed.",
                record.moves.len()
            );
        }
        (Status::Ongoing, None) => {
            println!(
                "Record valid: {} legal moves, game unfinished.",
                record.moves.len()
            );
        }
        (actual, recorded) => {
            return Err(format!(
                "the record's result {} does not match the game's: {}",
                serde_json::to_string(recorded).unwrap_or_default(),
                match actual {
                    Status::Ongoing => "unfinished".to_owned(),
                    Status::Finished(r) => serde_json::to_string(&r).unwrap_or_default(),
                }
            ));
        }
    }
    Ok(())
}
