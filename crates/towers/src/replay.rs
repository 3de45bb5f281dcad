//! `towers replay`: reads a game record, replays every move with validation and checks the
//! recorded result.

use std::io::Read;
use std::path::Path;

use board_kernel::Status;
use tower_games::record::{MAX_RECORD_BYTES, Record};

/// Reads at most [`MAX_RECORD_BYTES`] of `path` as UTF-8 text: a wrong path (`/dev/zero`)
/// is refused after 16 MiB instead of filling memory.
fn read_record_text(path: &Path) -> Result<String, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!(
            "{} is not a game record: larger than {} MiB",
            path.display(),
            MAX_RECORD_BYTES >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{} is not a game record: not UTF-8 text ({e})",
            path.display()
        )
    })
}

/// Replays the record in `path`, printing the moves, the final position and its status.
/// Any illegal move, bad option or wrong result is an error.
pub(crate) fn run(path: &Path, quiet: bool) -> Result<(), String> {
    let text = read_record_text(path)?;
    let record = Record::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    // Check first, print after: the header names the game's sides, which need the game.
    let verified = record.verify();
    let replayed = match &verified {
        Ok(replayed) => replayed,
        Err(e) => return Err(e.clone()),
    };
    let game = &replayed.game;
    crate::out!(
        "{}: {} ({}) against {} ({}), seed {}, {} moves",
        game.title(),
        game.side_name(board_kernel::Side::White),
        record.white,
        game.side_name(board_kernel::Side::Black),
        record.black,
        record.seed,
        record.moves.len()
    )?;
    if !quiet {
        for (i, ((side, played), words)) in replayed.moves.iter().zip(&replayed.words).enumerate() {
            crate::out!("{}. {} {played}: {words}", i + 1, game.side_name(*side))?;
        }
    }
    let state = &replayed.state;
    crate::out!("{}", state.diagram().trim_end())?;
    crate::out!("{}", state.describe_status())?;
    let ending = match (state.status(), record.forfeit, &record.result) {
        (Status::Finished(_), ..) => "result confirmed".to_owned(),
        (Status::Ongoing, Some(side), Some(result)) => {
            format!("forfeited by {} ({})", game.side_name(side), result.reason)
        }
        // A resignation, a fallen flag or an agreed draw (`record::ADJUDICATIONS`).
        (Status::Ongoing, None, Some(result)) => match result.winner {
            Some(side) => format!("{} won by {}", game.side_name(side), result.reason),
            None => format!("drawn by {}", result.reason),
        },
        (Status::Ongoing, _, None) => "game unfinished".to_owned(),
    };
    crate::out!(
        "Record valid: {} legal moves, {ending}.",
        record.moves.len()
    )?;
    Ok(())
}
