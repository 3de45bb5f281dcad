//! `play --record`: the game record kept on disk while the game goes on, so that no event
//! (Ctrl-C, a closed terminal, a failed write of the picture, a crash of the machine) loses
//! more than the last second of a computer's moves.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use board_kernel::{GameResult, Side};
use tower_games::record::Record;

/// Computer moves are saved at most this often: a record of n moves costs O(n) to write, so
/// saving after each of 20,000 fast moves would take longer than the game. People's moves and
/// take-backs are saved at once, and everything at the end, on an error and on Ctrl-C.
const COMPUTER_SAVES_EVERY: Duration = Duration::from_secs(1);

/// The record of the game in play and where it is kept (nowhere without `--record`).
#[derive(Debug)]
pub(crate) struct RecordFile {
    path: Option<PathBuf>,
    record: Record,
    unsaved: bool,
    saved_at: Instant,
}

impl RecordFile {
    /// The record `header` (no moves yet), written to `path` at once: a path that cannot be
    /// written is an error before the game begins, not after it.
    ///
    /// # Errors
    /// The path cannot be written.
    pub(crate) fn create(path: Option<PathBuf>, header: Record) -> Result<RecordFile, String> {
        let mut file = RecordFile {
            path,
            record: header,
            unsaved: true,
            saved_at: Instant::now(),
        };
        file.save()?;
        Ok(file)
    }

    /// The record as it stands.
    #[cfg(test)]
    pub(crate) fn record(&self) -> &Record {
        &self.record
    }

    /// Where the record is kept.
    pub(crate) fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Adds a move; a person's is saved at once, a computer's within a second.
    ///
    /// # Errors
    /// The record cannot be written.
    pub(crate) fn push(&mut self, mv: String, by_person: bool) -> Result<(), String> {
        self.record.moves.push(mv);
        self.unsaved = true;
        if by_person || self.saved_at.elapsed() >= COMPUTER_SAVES_EVERY {
            self.save()?;
        }
        Ok(())
    }

    /// Takes back the last `count` moves, and saves.
    ///
    /// # Errors
    /// The record cannot be written.
    pub(crate) fn take_back(&mut self, count: usize) -> Result<(), String> {
        let kept = self.record.moves.len().saturating_sub(count);
        self.record.moves.truncate(kept);
        self.unsaved = true;
        self.save()
    }

    /// Sets the result (`None`: unfinished) and the side that forfeited, if one did, and
    /// saves.
    ///
    /// # Errors
    /// The record cannot be written.
    pub(crate) fn finish(
        &mut self,
        result: Option<GameResult>,
        forfeit: Option<Side>,
    ) -> Result<(), String> {
        if self.record.result != result || self.record.forfeit != forfeit {
            self.record.result = result;
            self.record.forfeit = forfeit;
            self.unsaved = true;
        }
        self.save()
    }

    /// Writes the record if anything changed since it was last written
    /// ([`tower_games::files::replace_file`]: a reader sees the old record or the new).
    ///
    /// # Errors
    /// The record cannot be written.
    pub(crate) fn save(&mut self) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        if !self.unsaved {
            return Ok(());
        }
        let json = serde_json::to_string_pretty(&self.record).map_err(|e| e.to_string())? + "\n";
        tower_games::files::replace_file(path, json.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        self.unsaved = false;
        self.saved_at = Instant::now();
        Ok(())
    }

    /// What to tell after the game ended early: where its moves so far are.
    pub(crate) fn saved_note(&self) -> String {
        match &self.path {
            Some(path) if !self.unsaved => format!(
                "the game so far ({} moves) is saved in {}",
                self.record.moves.len(),
                path.display()
            ),
            Some(path) => format!("the game could not be saved in {}", path.display()),
            None => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Record {
        Record {
            game: "kamisado".into(),
            options: Vec::new(),
            position: None,
            white: "human".into(),
            black: "random".into(),
            seed: 1,
            moves: Vec::new(),
            result: None,
            forfeit: None,
        }
    }

    fn on_disk(path: &Path) -> Record {
        Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn moves_are_on_disk_as_they_are_made() {
        let path =
            std::env::temp_dir().join(format!("towers-record-file-{}.json", std::process::id()));
        let mut file = RecordFile::create(Some(path.clone()), header()).unwrap();
        assert!(on_disk(&path).moves.is_empty());
        file.push("a1-a2".into(), true).unwrap();
        assert_eq!(on_disk(&path).moves, ["a1-a2"]);
        // A computer's move right after is written within a second, or at the next save.
        file.push("h8-h7".into(), false).unwrap();
        file.save().unwrap();
        assert_eq!(on_disk(&path).moves, ["a1-a2", "h8-h7"]);
        file.take_back(2).unwrap();
        assert!(on_disk(&path).moves.is_empty());
        let result = GameResult {
            winner: None,
            reason: "agreed".into(),
        };
        file.finish(Some(result.clone()), None).unwrap();
        assert_eq!(on_disk(&path).result, Some(result));
        assert!(file.saved_note().contains("(0 moves) is saved in"));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn an_unwritable_path_is_an_error_before_any_move() {
        let path = std::env::temp_dir().join("towers-no-such-directory/r.json");
        let error = RecordFile::create(Some(path), header()).unwrap_err();
        assert!(error.starts_with("cannot write "), "{error}");
    }
}
