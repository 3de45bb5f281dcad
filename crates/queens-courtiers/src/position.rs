//! The game state (§2.4) and its one-line position text
//! `BOARD SIDE PLY PASSES STATUS`, plus the multi-line diagram.
//!
//! ```
//! use queens_courtiers::prelude::*;
//! use queens_courtiers::QueensCourtiers;
//! let game = QueensCourtiers::default();
//! let start = game.initial_state();
//! assert_eq!(
//!     start.to_string(),
//!     "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0 ongoing"
//! );
//! assert_eq!(game.parse_position(&start.to_string())?, start);
//! # Ok::<(), queens_courtiers::ParseError>(())
//! ```

use std::fmt;

use board_kernel::text::{BoardField, Empties, Frame};
use board_kernel::{ParseError, Side, Square, SquareSet, TextKind};

use crate::board::Board;
use crate::board::{CENTRE, SIZE, in_court};
use crate::pieces::Piece;
use crate::state::{Outcome, State};

/// The BOARD field: ranks 15 to 1 separated by `/`, runs of empty squares as numbers.
pub(crate) fn board_text(board: &Board) -> String {
    const FIELD: BoardField = BoardField {
        files: SIZE,
        ranks: SIZE,
        empties: Empties::Runs,
    };
    FIELD.write(|sq, out| match board.piece_at(sq) {
        Some((side, piece)) => {
            out.push(piece.letter(side));
            true
        }
        None => false,
    })
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {}",
            board_text(&self.board),
            if self.to_move == Side::White {
                'r'
            } else {
                'b'
            },
            self.ply,
            self.passes,
            self.outcome
        )
    }
}

/// A decimal counter without sign or leading zeros.
fn read_counter(input: &str, field: &str, what: &str) -> Result<u32, ParseError> {
    let bad = |reason: String| ParseError::bad_position(input, reason).at(what.to_owned());
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(format!("`{field}` is not a decimal number")));
    }
    if field.len() > 1 && field.starts_with('0') {
        return Err(bad(format!("`{field}` has a leading zero")));
    }
    field
        .parse()
        .map_err(|_| bad(format!("`{field}` is too large")))
}

/// Reads a position for a game under `options`, with room for its history reserved.
pub(crate) fn parse(options: &crate::Options, input: &str) -> Result<State, ParseError> {
    let mut state = parse_structure(input)?;
    state.reserve_history(options);
    Ok(state)
}

/// Reads a position line (without the game's options, which are not state).
fn parse_structure(input: &str) -> Result<State, ParseError> {
    ParseError::check_length(TextKind::Position, input)?;
    let bad = |reason: &str| ParseError::bad_position(input, reason);
    let fields: Vec<&str> = input.split(' ').collect();
    if fields.len() != 5 {
        return Err(bad(&format!(
            "expected 5 fields separated by single spaces (BOARD SIDE PLY PASSES STATUS), found {}",
            fields.len()
        )));
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 15 {
        return Err(bad(&format!(
            "the board has 15 ranks separated by `/`, found {}",
            ranks.len()
        ))
        .at("field 1 (board)"));
    }
    let mut kings: [Vec<Square>; 2] = [vec![], vec![]];
    let mut queens: [Vec<Square>; 2] = [vec![], vec![]];
    let mut united: [Vec<Square>; 2] = [vec![], vec![]];
    let mut courtiers = [SquareSet::EMPTY; 2];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 14 - i as u8;
        let at = |file: u8| {
            format!(
                "field 1 (board), rank {}, file {}",
                rank + 1,
                (b'a' + file) as char
            )
        };
        let rank_at = format!("field 1 (board), rank {}", rank + 1);
        let mut file: u8 = 0;
        let bytes = rank_text.as_bytes();
        let mut j = 0;
        if bytes.is_empty() {
            return Err(bad("an empty rank").at(rank_at));
        }
        while j < bytes.len() {
            let c = bytes[j];
            if c.is_ascii_digit() {
                let len = bytes[j..].iter().take_while(|b| b.is_ascii_digit()).count();
                let digits = &rank_text[j..j + len];
                if digits.starts_with('0') {
                    return Err(bad(&format!(
                        "`{digits}`: runs of empty squares are 1 to 15 without leading zeros"
                    ))
                    .at(at(file.min(14))));
                }
                let run: u32 = digits.parse().unwrap_or(u32::MAX);
                if run > 15 || u32::from(file) + run > 15 {
                    return Err(
                        bad(&format!("`{digits}` empty squares overrun the 15 files")).at(rank_at),
                    );
                }
                file += run as u8;
                j += len;
                continue;
            }
            if file >= 15 {
                return Err(bad("more than 15 squares in the rank").at(rank_at));
            }
            let Some((side, piece)) = Piece::from_letter(c as char) else {
                return Err(bad(&format!(
                    "`{}` is not a piece letter (K Q C M for Red, k q c m for Blue) or a number",
                    rank_text[j..].chars().next().unwrap_or('?')
                ))
                .at(at(file)));
            };
            let sq = Square::at(file, rank);
            if sq == CENTRE {
                return Err(
                    bad("h8 is the missing centre square: no piece may stand on it").at(at(file)),
                );
            }
            let s = side.index();
            match piece {
                Piece::King => kings[s].push(sq),
                Piece::Queen => queens[s].push(sq),
                Piece::United => united[s].push(sq),
                Piece::Courtier => {
                    courtiers[s].insert(sq);
                }
            }
            file += 1;
            j += 1;
        }
        if file != 15 {
            return Err(bad(&format!("the rank describes {file} squares, not 15")).at(rank_at));
        }
    }
    let mut royals = [Square::at(0, 0); 4];
    for side in Side::ALL {
        let s = side.index();
        let name = crate::pieces::side_name(side);
        let at = "field 1 (board)";
        match (kings[s].len(), queens[s].len(), united[s].len()) {
            (1, 1, 0) => {
                royals[2 * s] = kings[s][0];
                royals[2 * s + 1] = queens[s][0];
            }
            (0, 0, 1) => {
                royals[2 * s] = united[s][0];
                royals[2 * s + 1] = united[s][0];
            }
            (k, q, m) => {
                return Err(bad(&format!(
                    "{name} has {k} King(s), {q} Queen(s) and {m} united piece(s): each side has one King and one Queen, or one united piece"
                ))
                .at(at));
            }
        }
        if courtiers[s].len() > 6 {
            return Err(bad(&format!(
                "{name} has {} Courtiers; at most six",
                courtiers[s].len()
            ))
            .at(at));
        }
    }
    let any_united = [!united[0].is_empty(), !united[1].is_empty()];
    if any_united[0] && any_united[1] {
        return Err(bad("both sides have a united piece; at most one in all").at("field 1 (board)"));
    }
    let board = Board::new(royals, courtiers)
        .ok_or_else(|| bad("inconsistent board").at("field 1 (board)"))?;
    let to_move = match fields[1] {
        "r" => Side::White,
        "b" => Side::Black,
        other => {
            return Err(bad(&format!(
                "the side to move is `r` (Red) or `b` (Blue), not `{other}`"
            ))
            .at("field 2 (side to move)"));
        }
    };
    let ply = read_counter(input, fields[2], "field 3 (ply counter)")?;
    let passes = read_counter(input, fields[3], "field 4 (consecutive passes)")?;
    if passes > 2 {
        return Err(bad("consecutive passes are 0, 1 or 2").at("field 4 (consecutive passes)"));
    }
    let outcome: Outcome = fields[4].parse().map_err(|_| {
        bad(&format!(
            "`{}` is not a status: ongoing, red_won, blue_won, draw_repetition, draw_max_plies or draw_double_pass",
            fields[4]
        ))
        .at("field 5 (status)")
    })?;
    if (passes == 2) != (outcome == Outcome::DrawDoublePass) {
        return Err(
            bad("the passes field is 2 exactly when the status is draw_double_pass")
                .at("field 4 (consecutive passes)"),
        );
    }
    if any_united[0] != (outcome == Outcome::RedWon) {
        return Err(bad(
            "the status is red_won exactly when Red's united piece `M` is on the board",
        )
        .at("field 5 (status)"));
    }
    if any_united[1] != (outcome == Outcome::BlueWon) {
        return Err(bad(
            "the status is blue_won exactly when Blue's united piece `m` is on the board",
        )
        .at("field 5 (status)"));
    }
    Ok(State::new(board, to_move, ply, passes as u8, outcome))
}

/// The diagram of §2.3: ranks 15 to 1, upper case Red, lower case Blue, `+` an empty Court
/// cell, `.` an empty Course cell, `#` the missing centre.
pub(crate) fn diagram(board: &Board) -> String {
    const FRAME: Frame = Frame {
        files: SIZE,
        ranks: SIZE,
        label_width: 2,
        first_column: 3,
        pitch: 2,
    };
    FRAME.draw(|sq, out| {
        out.push(match board.piece_at(sq) {
            Some((side, piece)) => piece.letter(side),
            None if sq == CENTRE => '#',
            None if in_court(sq) => '+',
            None => '.',
        });
        0
    })
}
