//! The position text of §2.4 (one line of eight fields) and the diagram of §2.3.

use std::fmt;

use board_kernel::text::{BoardField, Empties, Frame};
use board_kernel::{ParseError, Side, TextKind};

use crate::board::{FIELD, GOAL_BLACK, KIND, OUTSIDE, SIZE, goal_of, is_goal};
use crate::end::winner_on_score;
use crate::options::Options;
use crate::pieces::{CellSet, Cells, SAGES_PER_SIDE};
use crate::state::State;
use crate::state::{EndReason, Outcome};

const FIELD_NAMES: [&str; 8] = [
    "field 1 (board)",
    "field 2 (side to move)",
    "field 3 (ply counter)",
    "field 4 (consecutive passes)",
    "field 5 (White's points)",
    "field 6 (Black's points)",
    "field 7 (plies since the last point)",
    "field 8 (status)",
];

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const BOARD: BoardField = BoardField {
            files: SIZE,
            ranks: SIZE,
            empties: Empties::Runs,
        };
        let mut board = BOARD.write(|sq, out| {
            let c = crate::board::cell(sq);
            let letter = if c == self.ball {
                '*'
            } else if self.sages[0].has(c) {
                'W'
            } else if self.sages[1].has(c) {
                'B'
            } else {
                return false;
            };
            out.push(letter);
            true
        });
        board.push(' ');
        board.push(self.to_move.letter());
        for n in [
            self.ply,
            u32::from(self.passes),
            self.score[0],
            self.score[1],
            self.since,
        ] {
            board.push(' ');
            push_number(&mut board, n);
        }
        board.push(' ');
        f.write_str(&board)?;
        write!(f, "{}", self.outcome)
    }
}

/// Appends `n` in decimal (the line is printed a lot: by conformance checks and serde).
fn push_number(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut len = 0;
    let mut n = n;
    loop {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in digits[..len].iter().rev() {
        out.push(d as char);
    }
}

fn number(text: &str, field: usize, input: &str) -> Result<u32, ParseError> {
    let bad = |reason: &str| ParseError::bad_position(input, reason).at(FIELD_NAMES[field]);
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("expected a decimal number without sign"));
    }
    if text.len() > 1 && text.starts_with('0') {
        return Err(bad("numbers have no leading zeros"));
    }
    text.parse()
        .map_err(|_| bad("the number is too large (at most 4294967295)"))
}

/// Reads a position for a game under `options`, with room for its history reserved.
pub(crate) fn parse(options: &Options, input: &str) -> Result<State, ParseError> {
    let mut state = parse_structure(input)?;
    state.reserve_history(options);
    Ok(state)
}

/// Parses the one-line position text, checking every rule of §2.4. The state starts a fresh
/// repetition history in which it has occurred once.
fn parse_structure(input: &str) -> Result<State, ParseError> {
    ParseError::check_length(TextKind::Position, input)?;
    let bad = |reason: &str| ParseError::bad_position(input, reason);
    let fields: Vec<&str> = input.split(' ').collect();
    if input.is_empty() {
        return Err(bad(
            "empty text; expected 8 fields: BOARD SIDE PLY PASSES WHITE BLACK SINCE STATUS",
        ));
    }
    if fields.iter().any(|f| f.is_empty()) {
        return Err(bad(
            "empty field: fields are separated by single spaces, without spaces around the line",
        ));
    }
    if fields.len() != 8 {
        return Err(bad(&format!(
            "expected 8 fields separated by single spaces (BOARD SIDE PLY PASSES WHITE BLACK \
             SINCE STATUS), found {}",
            fields.len()
        )));
    }
    // Board.
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != SIZE as usize {
        return Err(bad(&format!(
            "expected 15 ranks separated by `/`, found {}",
            ranks.len()
        ))
        .at(FIELD_NAMES[0]));
    }
    let mut sages = [Cells::EMPTY; 2];
    let mut balls = Vec::new();
    const BOARD: BoardField = BoardField {
        files: SIZE,
        ranks: SIZE,
        empties: Empties::Runs,
    };
    let cells = BOARD
        .read(fields[0], |text| match text.as_bytes()[0] {
            b @ (b'W' | b'B' | b'*') => Ok((b, 1)),
            _ => Err(format!(
                "unexpected `{}`: a cell is `W`, `B`, `*` or a run length",
                text.chars().next().unwrap_or('?')
            )),
        })
        .map_err(|e| bad(&e.reason).at(e.at))?;
    for (sq, piece) in cells {
        let c = crate::board::cell(sq);
        match piece {
            b'W' => sages[0].put(c),
            b'B' => sages[1].put(c),
            _ => balls.push(c),
        }
    }

    // Side and counters.
    let to_move = match fields[1] {
        "w" => Side::White,
        "b" => Side::Black,
        _ => return Err(bad("the side to move is `w` or `b`").at(FIELD_NAMES[1])),
    };
    let ply = number(fields[2], 2, input)?;
    let passes = number(fields[3], 3, input)?;
    let white = number(fields[4], 4, input)?;
    let black = number(fields[5], 5, input)?;
    let since = number(fields[6], 6, input)?;
    let outcome: Outcome = fields[7]
        .parse()
        .map_err(|reason: &str| bad(reason).at(FIELD_NAMES[7]))?;

    // Consistency.
    let board = FIELD_NAMES[0];
    let ball = match balls[..] {
        [ball] => ball,
        [] => return Err(bad("there is no ball (`*`)").at(board)),
        _ => return Err(bad("there is more than one ball").at(board)),
    };
    let ball_at = format!("{board}, ball on {}", crate::board::square(ball));
    let ball_kind = KIND[ball as usize];
    if ball_kind == OUTSIDE {
        return Err(bad("the ball never stands on an outside cell").at(ball_at));
    }
    let goal_needed = match outcome {
        Outcome::Finished {
            winner: Some(side),
            reason: EndReason::Points,
        } => Some(goal_of(side.opponent())),
        _ => None,
    };
    match goal_needed {
        Some(goal) if ball_kind != goal => {
            return Err(bad(if goal == GOAL_BLACK {
                "white_won_points needs the ball in Black's goal area (f15-j15)"
            } else {
                "black_won_points needs the ball in White's goal area (f1-j1)"
            })
            .at(ball_at));
        }
        None if ball_kind != FIELD => {
            return Err(bad(
                "the ball lies in a goal area only in a game won on points by that goal",
            )
            .at(ball_at));
        }
        _ => {}
    }
    for side in Side::ALL {
        let own = sages[side.index()];
        let name = if side == Side::White {
            "White"
        } else {
            "Black"
        };
        if own.size() > SAGES_PER_SIDE {
            return Err(bad(&format!("{name} has more than seven sages")).at(board));
        }
        if own.count_kind(goal_of(side.opponent())) > 0 {
            return Err(
                bad(&format!("a {name} sage stands in its opponent's goal area")).at(board),
            );
        }
        if own.count_kind(goal_of(side)) > 1 {
            return Err(bad(&format!(
                "{name} has more than one sage in its own goal area"
            ))
            .at(board));
        }
    }
    if passes > 2 {
        return Err(bad("at most 2 consecutive passes").at(FIELD_NAMES[3]));
    }
    let double_pass = matches!(
        outcome,
        Outcome::Finished {
            reason: EndReason::DoublePass,
            ..
        }
    );
    if (passes == 2) != double_pass {
        return Err(
            bad("PASSES is 2 exactly when the game ended by double pass (double_pass)")
                .at(FIELD_NAMES[3]),
        );
    }
    if let Outcome::Finished { winner, reason } = outcome
        && reason != EndReason::Points
        && winner != winner_on_score([white, black])
    {
        return Err(bad(
            "a game ended by repetition, max_plies or double_pass is won by the side with \
                 more points and drawn on equal points",
        )
        .at(FIELD_NAMES[7]));
    }

    let mut state = State {
        sages,
        ball,
        to_move,
        ply,
        passes: passes as u8,
        score: [white, black],
        since,
        outcome,
        history: board_kernel::Repetition::new(),
    };
    state.restart_history();
    Ok(state)
}

/// The multi-line diagram of §2.3: `W`, `B`, `*`, `_` empty goal cell, `:` empty outside
/// cell, `.` empty field cell; rank numbers on the left, file letters below.
pub(crate) fn diagram(state: &State) -> String {
    const FRAME: Frame = Frame {
        files: SIZE,
        ranks: SIZE,
        label_width: 2,
        first_column: 3,
        pitch: 2,
    };
    FRAME.draw(|sq, out| {
        let c = crate::board::cell(sq);
        out.push(if c == state.ball {
            '*'
        } else if state.sages[0].has(c) {
            'W'
        } else if state.sages[1].has(c) {
            'B'
        } else {
            match KIND[c as usize] {
                FIELD => '.',
                k if is_goal(k) => '_',
                _ => ':',
            }
        });
        0
    })
}
