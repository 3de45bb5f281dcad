//! Position text: the one-line form programs read and write, and the diagram for people.
//!
//! The line has four fields: the board (rank 8 first, ranks separated by `/`, a digit for a
//! run of empty squares, `w`/`b` for a single stone, `(wwb)` for a stack written bottom
//! first), the side to move, the no-capture counter and the turn count:
//! `3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0`.

use std::fmt;

use board_kernel::text::{BoardField, Empties, Frame};
use board_kernel::{ParseError, Side, Square, TextKind};

use crate::board::{Board, on_board};
use crate::options::Options;
use crate::pieces::{MAX_STONES, Tower};
use crate::state::{MAX_COUNT, State};

/// The board field: ranks 8 to 1, a digit for a run of empty squares.
const FIELD: BoardField = BoardField {
    files: 8,
    ranks: 8,
    empties: Empties::Runs,
};

/// The board field of the position line.
/// Shows the board as its field of the position text.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", board_text(self))
    }
}

pub(crate) fn board_text(board: &Board) -> String {
    FIELD.write(|sq, out| {
        let tower = board.tower(sq);
        if tower.is_empty() {
            return false;
        }
        if tower.height() > 1 {
            out.push('(');
        }
        out.extend(tower.stones().map(Side::letter));
        if tower.height() > 1 {
            out.push(')');
        }
        true
    })
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            board_text(&self.board),
            self.to_move.letter(),
            self.quiet,
            self.turns
        )
    }
}

fn file_name(file: u8) -> char {
    char::from(b'a' + file.min(7))
}

/// Reads the board field (ranks 8 to 1 separated by `/`).
fn parse_board(input: &str, field: &str) -> Result<Board, ParseError> {
    let bad = |reason: String| ParseError::bad_position(input, reason);
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad(format!(
            "the board has 8 ranks separated by `/`, found {}",
            ranks.len()
        ))
        .at("field 1 (board)"));
    }
    let mut board = Board::empty();
    let mut stones = 0usize;
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let rank_name = rank + 1;
        let mut file: u8 = 0;
        let mut after_digit = false;
        let mut chars = rank_text.char_indices();
        if rank_text.is_empty() {
            return Err(
                bad("an empty rank; write `8` for a rank with no stones".into())
                    .at(format!("rank {rank_name}")),
            );
        }
        while let Some((_, c)) = chars.next() {
            let at = format!("rank {rank_name}, file {}", file_name(file));
            if file >= 8 {
                return Err(
                    bad("the rank has more than 8 squares".into()).at(format!("rank {rank_name}"))
                );
            }
            let tower = match c {
                '1'..='8' => {
                    if after_digit {
                        return Err(bad(
                            "two digits in a row; a run of empty squares is written as one digit"
                                .into(),
                        )
                        .at(at));
                    }
                    file += c as u8 - b'0';
                    if file > 8 {
                        return Err(bad("the rank has more than 8 squares".into())
                            .at(format!("rank {rank_name}")));
                    }
                    after_digit = true;
                    continue;
                }
                '0' | '9' => {
                    return Err(bad(format!("`{c}` is not a run of empty squares (1 to 8)")).at(at));
                }
                'w' => Tower::single(Side::White),
                'b' => Tower::single(Side::Black),
                '(' => {
                    let mut tower = Tower::EMPTY;
                    let mut closed = false;
                    for (_, c) in chars.by_ref() {
                        let side = match c {
                            ')' => {
                                closed = true;
                                break;
                            }
                            'w' => Side::White,
                            'b' => Side::Black,
                            other => {
                                return Err(bad(format!(
                                    "`{other}` in a stack; a stack holds only `w` and `b` stones"
                                ))
                                .at(at));
                            }
                        };
                        if tower.push(side).is_err() {
                            return Err(bad(format!(
                                "more than {MAX_STONES} stones (the most this engine holds)"
                            ))
                            .at(at));
                        }
                    }
                    if !closed {
                        return Err(
                            bad("a stack opened with `(` is not closed with `)`".into()).at(at)
                        );
                    }
                    if tower.height() < 2 {
                        return Err(bad(if tower.is_empty() {
                            "an empty stack `()`; write empty squares as a digit".into()
                        } else {
                            format!("a single stone is written `{tower}`, without parentheses")
                        })
                        .at(at));
                    }
                    tower
                }
                other => {
                    return Err(bad(format!(
                        "unexpected `{other}`; a square is a digit (empty run), `w`, `b` or a \
                         stack like `(wwb)`"
                    ))
                    .at(at));
                }
            };
            after_digit = false;
            stones += usize::from(tower.height());
            if stones > MAX_STONES {
                return Err(bad(format!(
                    "more than {MAX_STONES} stones on the board (the most this engine holds)"
                ))
                .at(at));
            }
            board.set(Square::at(file, rank), tower);
            file += 1;
        }
        if file != 8 {
            return Err(
                bad(format!("the rank has {file} squares, not 8")).at(format!("rank {rank_name}"))
            );
        }
    }
    Ok(board)
}

/// Reads a counter: `0` or a number without leading zeros.
fn parse_nat(input: &str, field: &str, at: &str) -> Result<u32, ParseError> {
    let bad = |reason: &str| Err(ParseError::bad_position(input, reason).at(at.to_owned()));
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return bad("expected a whole number");
    }
    if field.len() > 1 && field.starts_with('0') {
        return bad("a number has no leading zeros");
    }
    match field.parse() {
        Ok(n) => Ok(n),
        Err(_) => bad("the number is too large (at most 4294967295)"),
    }
}

/// Reads a position for a game under `options`: every text that follows the grammar is a
/// valid position (§2.4), and its repetition history starts here; the end checks (§5.4)
/// decide whether it is over.
pub(crate) fn parse(options: &Options, input: &str) -> Result<State, ParseError> {
    let mut state = parse_structure(input)?;
    state.restart_history(options);
    Ok(state)
}

/// Reads a one-line position text (with an empty repetition history): the grammar and its
/// canonical-form rules, which no option changes.
fn parse_structure(input: &str) -> Result<State, ParseError> {
    ParseError::check_length(TextKind::Position, input)?;
    let bad = |reason: &str| ParseError::bad_position(input, reason);
    if input.is_empty() {
        return Err(bad(
            "empty text; expected `BOARD SIDE NO-CAPTURE-COUNTER TURN-COUNT`",
        ));
    }
    let fields: Vec<&str> = input.split(' ').collect();
    if fields.iter().any(|f| f.is_empty()) {
        return Err(bad(
            "fields are separated by single spaces, with no spaces before or after",
        ));
    }
    if fields.len() != 4 {
        return Err(bad(&format!(
            "expected 4 fields (board, side to move, no-capture counter, turn count), found {}",
            fields.len()
        )));
    }
    let board = parse_board(input, fields[0])?;
    let to_move = match fields[1] {
        "w" => Side::White,
        "b" => Side::Black,
        _ => return Err(bad("the side to move is `w` or `b`").at("field 2 (side to move)")),
    };
    let quiet = parse_nat(input, fields[2], "field 3 (no-capture counter)")?;
    let turns = parse_nat(input, fields[3], "field 4 (turn count)")?;
    for (value, at) in [
        (quiet, "field 3 (no-capture counter)"),
        (turns, "field 4 (turn count)"),
    ] {
        if value > MAX_COUNT {
            return Err(bad(&format!("a counter is at most {MAX_COUNT}")).at(at));
        }
    }
    Ok(State::new(board, to_move, quiet, turns))
}

/// The diagram of the rule book: rank lines from 8 down to 1, each square as `.` or its stack
/// bottom first, and the file letters underneath.
#[must_use]
pub fn diagram(board: &Board) -> String {
    const FRAME: Frame = Frame {
        files: 8,
        ranks: 8,
        label_width: 1,
        first_column: 3,
        pitch: 4,
    };
    FRAME.draw(|sq, out| {
        use std::fmt::Write as _;
        let _ = write!(out, "{}", board.tower(sq));
        0
    })
}

/// Reads the board of a diagram in the rule book's format: eight rank lines, rank 8 first,
/// each a rank number and eight whitespace-separated tokens (`.` or a stack bottom first).
/// A line of file letters is decoration and ignored, as are blank lines.
///
/// ```
/// use tower_of_power::position::{diagram, parse_diagram};
/// use tower_of_power::Board;
/// let text = diagram(&Board::initial());
/// assert_eq!(parse_diagram(&text)?, Board::initial());
/// # Ok::<(), board_kernel::ParseError>(())
/// ```
///
/// # Errors
/// Missing, extra or misnumbered rank lines, and bad tokens.
pub fn parse_diagram(text: &str) -> Result<Board, ParseError> {
    let bad = |reason: String| ParseError::bad_position(text, reason);
    let mut board = Board::empty();
    let mut expected: u8 = 8;
    for line in text.lines() {
        let mut tokens = line.split_whitespace();
        let Some(first) = tokens.next() else { continue };
        if first == "a" {
            continue;
        }
        let rank: u8 = match first.parse() {
            Ok(r) if (1..=8).contains(&r) => r,
            _ => return Err(bad(format!("`{first}` is not a rank number 1–8")).at(line)),
        };
        if rank != expected {
            return Err(bad(format!("expected rank {expected}, found rank {rank}")).at(line));
        }
        let cells: Vec<&str> = tokens.collect();
        if cells.len() != 8 {
            return Err(bad(format!("rank {rank} has {} squares, not 8", cells.len())).at(line));
        }
        for (file, cell) in cells.iter().enumerate() {
            let tower: Tower = cell.parse().map_err(|e: ParseError| {
                bad(e.reason).at(format!("rank {rank}, file {}", file_name(file as u8)))
            })?;
            let sq = Square::at(file as u8, rank - 1);
            debug_assert!(on_board(sq));
            if !board.set(sq, tower) {
                return Err(bad(format!("more than {MAX_STONES} stones")).at(line));
            }
        }
        expected = expected.saturating_sub(1);
        if rank == 1 {
            expected = 0;
        }
    }
    if expected != 0 {
        return Err(bad(format!(
            "the diagram has {} rank lines, not 8",
            8 - expected
        )));
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    const INITIAL: &str = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0";

    #[test]
    fn the_initial_line_round_trips() {
        let state = parse_structure(INITIAL).unwrap();
        assert_eq!(state.board, Board::initial());
        assert_eq!(state.to_string(), INITIAL);
    }

    #[test]
    fn stacks_and_counters_round_trip() {
        for text in [
            "8/8/4b3/4(wb)3/8/2(bw)w(ww)b2/8/8 w 0 0",
            "8/8/b7/4(wwb)3/3(wb)4/8/8/7b w 0 0",
            "8/8/8/8/8/8/8/8 b 1000000000 17",
            "(wbwbwbwbwbwbwbwbwbwb)7/8/8/8/8/8/8/8 w 0 0",
        ] {
            assert_eq!(parse_structure(text).unwrap().to_string(), text);
        }
        // The counters are bounded (so no move can overflow them).
        for text in [
            "8/8/8/8/8/8/8/8 b 1000000001 17",
            "8/8/8/8/8/8/8/8 b 0 4294967295",
        ] {
            assert!(parse_structure(text).is_err(), "{text}");
        }
    }

    #[test]
    fn diagrams_round_trip() {
        let state = parse_structure("8/8/b7/4(wwb)3/3(wb)4/8/8/7b w 0 0").unwrap();
        let text = diagram(&state.board);
        assert!(text.contains("5  .   .   .   .   wwb .   .   ."), "{text}");
        assert_eq!(parse_diagram(&text).unwrap(), state.board);
    }
}
