//! Perft figures kept as data, one driver for every game (as shakmaty keeps its
//! `tests/*.perft`): a game's figures are a text file of records, and adding one is a line,
//! not a test function.
//!
//! A record begins with `id NAME`; then, in any order, at most one `options KEY=VALUE …` line
//! (the game's options, the defaults otherwise), at most one `position TEXT` line (the rest of
//! the line is the position text; the initial position otherwise), and any number of figures:
//!
//! - `perft DEPTH LEAVES`: [`perft`] to `DEPTH` counts `LEAVES`;
//! - `perft DEPTH LEAVES heavy`: the same, checked only when the heavy tests are on
//!   ([`heavy`]);
//! - `divide DEPTH LEAVES`: [`perft_divide`] to `DEPTH` has one entry per legal move and its
//!   entries add up to `LEAVES`.
//!
//! Blank lines and lines beginning with `#` are skipped. Numbers are plain decimal digits.

use std::path::Path;

use super::{heavy, in_parallel};
use crate::perft::{perft, perft_divide};
use crate::{GameExt, Search};

/// Checks every figure of the perft data file at `path` (the format is in this module's
/// docs) against `G`, the figures spread over the machine's cores, the heavy ones only when
/// the heavy tests are on.
///
/// # Panics
/// When the file cannot be read, at its first malformed line (with the file and line number),
/// or, once every figure is checked, listing each wrong one with its line.
///
/// ```
/// use board_kernel::testing::{Nim, check_perft_file};
/// let path = std::env::temp_dir().join("board-kernel-doc-nim.perft");
/// std::fs::write(&path, "id pile-of-4\noptions stones=4\nperft 1 3\nperft 2 6\ndivide 2 6\n")?;
/// check_perft_file::<Nim>(&path);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check_perft_file<G: Search>(path: impl AsRef<Path>) {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: cannot be read: {e}", path.display()));
    let name = path.display().to_string();
    let records = read_records(&text).unwrap_or_else(|(line, e)| panic!("{name}:{line}: {e}"));
    let positions: Vec<(G, G::State)> = records
        .iter()
        .map(|record| setup::<G>(record).unwrap_or_else(|(line, e)| panic!("{name}:{line}: {e}")))
        .collect();
    let run_heavy = !records.iter().any(Record::has_heavy)
        || heavy(&format!("{name}: the figures marked heavy"));
    let figures: Vec<(&(G, G::State), &Figure)> = positions
        .iter()
        .zip(&records)
        .flat_map(|(position, record)| record.figures.iter().map(move |f| (position, f)))
        .filter(|(_, figure)| run_heavy || !figure.heavy)
        .collect();
    let wrong: Vec<String> = in_parallel(figures, |((game, state), figure)| {
        figure
            .check(game, state)
            .err()
            .map(|e| format!("{name}:{}: {e}", figure.line))
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(
        wrong.is_empty(),
        "wrong perft figures:\n  {}",
        wrong.join("\n  ")
    );
}

/// A position of a data file with its figures (line numbers count from 1).
#[derive(Debug, Default, PartialEq)]
struct Record {
    id: String,
    /// The `options` pairs and their line.
    options: Option<(usize, Vec<(String, String)>)>,
    /// The `position` text and its line.
    position: Option<(usize, String)>,
    figures: Vec<Figure>,
}

impl Record {
    fn has_heavy(&self) -> bool {
        self.figures.iter().any(|f| f.heavy)
    }
}

/// One figure of a record: what is counted to which depth, and the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Figure {
    line: usize,
    kind: Count,
    depth: u32,
    leaves: u64,
    heavy: bool,
}

/// How a figure counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    /// [`perft`].
    Perft,
    /// [`perft_divide`], summed.
    Divide,
}

impl Figure {
    fn check<G: Search>(&self, game: &G, state: &G::State) -> Result<(), String> {
        let depth = self.depth;
        match self.kind {
            Count::Perft => {
                let leaves = perft(game, state, depth);
                if leaves != self.leaves {
                    return Err(format!("perft {depth} is {leaves}, not {}", self.leaves));
                }
            }
            Count::Divide => {
                let divide = perft_divide(game, state, depth);
                let leaves: u64 = divide.iter().map(|(_, n)| n).sum();
                let mut moves = Vec::new();
                game.legal_moves(state, &mut moves);
                if divide.len() != moves.len() || leaves != self.leaves {
                    return Err(format!(
                        "divide {depth} has {} entries adding up to {leaves}, not {} adding up to {}",
                        divide.len(),
                        moves.len(),
                        self.leaves
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The records of a data file, or the first malformed line's number and what is wrong.
fn read_records(text: &str) -> Result<Vec<Record>, (usize, String)> {
    let mut records: Vec<Record> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let (keyword, rest) = content
            .split_once(char::is_whitespace)
            .map_or((content, ""), |(k, r)| (k, r.trim()));
        if keyword == "id" {
            if rest.is_empty() {
                return Err((line, "`id` needs a name".into()));
            }
            records.push(Record {
                id: rest.to_owned(),
                ..Record::default()
            });
            continue;
        }
        let Some(record) = records.last_mut() else {
            return Err((line, format!("`{keyword}` before the first `id`")));
        };
        let twice =
            |what: &str| Err((line, format!("a second `{what}` in record `{}`", record.id)));
        match keyword {
            "options" if record.options.is_some() => return twice("options"),
            "options" => record.options = Some((line, read_options(rest).map_err(|e| (line, e))?)),
            "position" if record.position.is_some() => return twice("position"),
            "position" if rest.is_empty() => return Err((line, "`position` needs a text".into())),
            "position" => record.position = Some((line, rest.to_owned())),
            "perft" | "divide" => {
                let figure = read_figure(keyword, rest, line).map_err(|e| (line, e))?;
                record.figures.push(figure);
            }
            _ => {
                return Err((
                    line,
                    format!(
                        "`{keyword}`: a line is `id`, `options`, `position`, `perft` or `divide`"
                    ),
                ));
            }
        }
    }
    match records.iter().find(|r| r.figures.is_empty()) {
        Some(empty) => Err((
            text.lines().count(),
            format!("record `{}` has no figure", empty.id),
        )),
        None => Ok(records),
    }
}

/// `KEY=VALUE` pairs separated by spaces.
fn read_options(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split_whitespace()
        .map(|pair| {
            pair.split_once('=')
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .ok_or_else(|| format!("`{pair}` is not KEY=VALUE"))
        })
        .collect()
}

/// `DEPTH LEAVES`, and `heavy` after a `perft` figure.
fn read_figure(keyword: &str, text: &str, line: usize) -> Result<Figure, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let heavy = match words.as_slice() {
        [_, _] => false,
        [_, _, "heavy"] if keyword == "perft" => true,
        _ if keyword == "perft" => return Err("expected `perft DEPTH LEAVES [heavy]`".into()),
        _ => return Err(format!("expected `{keyword} DEPTH LEAVES`")),
    };
    let number = |word: &str| {
        word.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| word.parse().ok())
            .flatten()
            .ok_or_else(|| format!("`{word}` is not a number"))
    };
    let depth =
        u32::try_from(number(words[0])?).map_err(|_| "the depth is too large".to_owned())?;
    Ok(Figure {
        line,
        kind: if keyword == "perft" {
            Count::Perft
        } else {
            Count::Divide
        },
        depth,
        leaves: number(words[1])?,
        heavy,
    })
}

/// The game and the position a record counts from, or the line of what does not read.
fn setup<G: Search>(record: &Record) -> Result<(G, G::State), (usize, String)> {
    let (line, pairs) = record
        .options
        .as_ref()
        .map_or((0, &[][..]), |(line, pairs)| (*line, pairs.as_slice()));
    let game = G::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map_err(|e| (line, e.to_string()))?;
    let state = match &record.position {
        Some((line, text)) => game
            .parse_position(text)
            .map_err(|e| (*line, e.to_string()))?,
        None => game.initial_state(),
    };
    Ok((game, state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_with_its_options_position_and_figures() {
        let text = "# Nim\n\nid four\noptions stones=4 max_take=3\nposition 4 w\nperft 1 3\n\
                    perft 3 4 heavy\ndivide 2 6\n\nid start\nperft 0 1\n";
        let records = read_records(text).unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].id, "four");
        assert_eq!(
            records[0].options,
            Some((
                4,
                vec![
                    ("stones".into(), "4".into()),
                    ("max_take".into(), "3".into())
                ]
            ))
        );
        assert_eq!(records[0].position, Some((5, "4 w".into())));
        let kinds: Vec<(usize, Count, u32, u64, bool)> = records[0]
            .figures
            .iter()
            .map(|f| (f.line, f.kind, f.depth, f.leaves, f.heavy))
            .collect();
        assert_eq!(
            kinds,
            [
                (6, Count::Perft, 1, 3, false),
                (7, Count::Perft, 3, 4, true),
                (8, Count::Divide, 2, 6, false)
            ]
        );
        assert!(records[0].has_heavy() && !records[1].has_heavy());
    }

    #[test]
    fn a_malformed_line_is_refused_with_its_number() {
        let refused = |text: &str| read_records(text).unwrap_err();
        assert_eq!(refused("perft 1 3\n").0, 1);
        assert_eq!(refused("id a\nperft 1\n").0, 2);
        assert_eq!(refused("id a\n\nperft one 3\n").0, 3);
        assert_eq!(refused("id a\nperft 1 -3\n").0, 2);
        assert_eq!(refused("id a\nperft 1 3 light\n").0, 2);
        assert_eq!(refused("id a\ndivide 1 3 heavy\n").0, 2);
        assert_eq!(refused("id a\noptions stones\n").0, 2);
        assert_eq!(refused("id a\nposition 4 w\nposition 3 b\n").0, 3);
        assert_eq!(refused("id a\nperfect 1 3\n").0, 2);
        assert_eq!(
            refused("id a\nperft 1 3\nid b\n").1,
            "record `b` has no figure"
        );
    }

    #[test]
    fn options_and_positions_that_do_not_read_name_their_line() {
        let records = read_records("id a\noptions stones=0\nperft 1 1\n").unwrap();
        assert_eq!(setup::<crate::testing::Nim>(&records[0]).unwrap_err().0, 2);
        let records = read_records("id a\nposition eleven w\nperft 1 1\n").unwrap();
        assert_eq!(setup::<crate::testing::Nim>(&records[0]).unwrap_err().0, 2);
    }

    #[test]
    fn figures_are_checked_against_the_game() {
        use crate::Rules;
        let game = crate::testing::Nim::pile(4, 3);
        let state = game.initial_state();
        let figure = |kind, depth, leaves| Figure {
            line: 1,
            kind,
            depth,
            leaves,
            heavy: false,
        };
        assert_eq!(figure(Count::Perft, 3, 4).check(&game, &state), Ok(()));
        assert_eq!(figure(Count::Divide, 2, 6).check(&game, &state), Ok(()));
        assert!(figure(Count::Perft, 3, 5).check(&game, &state).is_err());
        assert!(figure(Count::Divide, 2, 7).check(&game, &state).is_err());
    }
}
