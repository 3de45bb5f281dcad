//! Position text (§4.1a) and the diagram (§2.3): printing, parsing and checking positions.

use std::fmt::{self, Write as _};

use board_kernel::text::{BoardField, Empties, Frame};
use board_kernel::{ParseError, Side, Square, TextKind};

use crate::board::board_colour;
use crate::{Colour, Options, Phase, Reason, RoundResult, State, Tower};

mod validation;

use validation::{check_consistency, check_options};

/// The board field: ranks 8 to 1, a `.` per empty square.
const FIELD: BoardField = BoardField {
    files: 8,
    ranks: 8,
    empties: Empties::Dots,
};

fn side_letter(side: Side) -> char {
    match side {
        Side::White => 'W',
        Side::Black => 'B',
    }
}

impl fmt::Display for State {
    /// The one-line position text of §4.1a.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = FIELD.write(|sq, out| match self.tower_at(sq) {
            Some(t) => {
                let _ = write!(out, "{t}");
                true
            }
            None => false,
        });
        f.write_str(&board)?;
        write!(f, " {} ", side_letter(self.to_move))?;
        match self.required {
            Some(c) => write!(f, "{c}")?,
            None => f.write_char('-')?,
        }
        write!(f, " {} ", self.passes)?;
        match self.last {
            Some((s, q)) => write!(f, "{} {q}", side_letter(s))?,
            None => f.write_str("- -")?,
        }
        write!(
            f,
            " {} {} {}:{} {} ",
            self.ply,
            self.round,
            self.scores[0],
            self.scores[1],
            self.phase.word()
        )?;
        match self.result {
            Some(r) => write!(
                f,
                "{}/{}/{}",
                side_letter(r.winner),
                r.reason.keyword(),
                r.colour
            ),
            None => f.write_char('-'),
        }
    }
}

/// The multi-line diagram of §2.3: ranks 8 to 1, one column of four characters per file
/// with a tower's second letter (or the dot) under the file letter (a Sumo's rank digit
/// spills into the next column's margin), files underneath.
pub(crate) fn diagram(state: &State) -> String {
    const FRAME: Frame = Frame {
        files: 8,
        ranks: 8,
        label_width: 1,
        first_column: 4,
        pitch: 4,
    };
    FRAME.draw(|sq, out| match state.tower_at(sq) {
        Some(t) => {
            let _ = write!(out, "{t}");
            1
        }
        None => {
            out.push('.');
            0
        }
    })
}

/// The diagram with every square painted in its board colour (ANSI 256-colour backgrounds),
/// the tower tokens in bold on top: upper case White, lower case Black, the Sumo rank digit
/// after the code, as in the plain diagram.
pub(crate) fn coloured_diagram(state: &State) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..8u8 {
            let sq = Square::at(file, rank);
            let (background, foreground) = ansi_colours(board_colour(sq));
            let token = state
                .tower_at(sq)
                .map_or_else(|| ".".to_owned(), |t| t.to_string());
            let _ = write!(
                out,
                "\x1b[1;48;5;{background};38;5;{foreground}m {token:<3}\x1b[0m"
            );
        }
        out.push('\n');
    }
    out.push_str("   a   b   c   d   e   f   g   h");
    out
}

/// The ANSI 256-colour codes of a square colour: its background and a readable foreground
/// (black on the light colours, white on the dark ones).
const fn ansi_colours(colour: Colour) -> (u8, u8) {
    use Colour::{Blue, Brown, Green, Orange, Pink, Purple, Red, Yellow};
    const BLACK: u8 = 16;
    const WHITE: u8 = 231;
    match colour {
        Orange => (208, BLACK),
        Blue => (25, WHITE),
        Purple => (91, WHITE),
        Pink => (212, BLACK),
        Yellow => (220, BLACK),
        Red => (160, WHITE),
        Green => (28, WHITE),
        Brown => (94, WHITE),
    }
}

fn side_of(text: &str) -> Option<Side> {
    match text {
        "W" => Some(Side::White),
        "B" => Some(Side::Black),
        _ => None,
    }
}

const FIELDS: [&str; 11] = [
    "board", "to_move", "required", "passes", "last", "land", "ply", "round", "score", "phase",
    "result",
];

fn field_at(i: usize) -> String {
    format!("field {} ({})", i + 1, FIELDS[i])
}

/// Reads the board field: ranks 8..1 separated by `/`, 8 cells each.
fn parse_board(text: &str, field: &str) -> Result<Vec<(Square, Tower)>, ParseError> {
    let bad = |reason: String, at: String| ParseError::bad_position(text, reason).at(at);
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad(
            format!(
                "the board has 8 ranks separated by `/`, not {}",
                ranks.len()
            ),
            field_at(0),
        ));
    }
    let mut towers = Vec::with_capacity(16);
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let bytes = row.as_bytes();
        let mut p = 0;
        let mut file = 0u8;
        while p < bytes.len() {
            let at = || format!("rank {}, file {}", rank + 1, (b'a' + file.min(25)) as char);
            if file >= 8 {
                return Err(bad(
                    format!("rank {} has more than 8 cells", rank + 1),
                    format!("rank {}", rank + 1),
                ));
            }
            if bytes[p] == b'.' {
                p += 1;
            } else {
                let end = if bytes.get(p + 2).is_some_and(u8::is_ascii_digit) {
                    p + 3
                } else {
                    p + 2
                };
                let token = row.get(p..end.min(bytes.len())).ok_or_else(|| {
                    bad(
                        "a cell is `.` or a tower code like `BR`, `gr1`".into(),
                        at(),
                    )
                })?;
                let t = Tower::from_token(token).ok_or_else(|| {
                    let reason = if token.len() == 3 && !(b'1'..=b'3').contains(&bytes[p + 2]) {
                        format!("`{token}`: a tower's rank is 1, 2 or 3 (0 is written without a digit)")
                    } else {
                        format!(
                            "`{token}` is not a tower: a colour code (Or Bl Pu Pi Ye Re Gr Br) in upper case for White or lower case for Black, then an optional rank 1-3"
                        )
                    };
                    bad(reason, at())
                })?;
                towers.push((Square::at(file, rank), t));
                p = end;
            }
            file += 1;
        }
        if file != 8 {
            return Err(bad(
                format!("rank {} has {file} cells, not 8", rank + 1),
                format!("rank {}", rank + 1),
            ));
        }
    }
    for side in Side::ALL {
        let mine: Vec<&(Square, Tower)> = towers.iter().filter(|(_, t)| t.owner == side).collect();
        let name = if side == Side::White {
            "White"
        } else {
            "Black"
        };
        if mine.len() != 8 {
            return Err(bad(
                format!("{name} has {} towers, not 8", mine.len()),
                field_at(0),
            ));
        }
        for colour in Colour::ALL {
            if !mine.iter().any(|(_, t)| t.colour == colour) {
                return Err(bad(
                    format!("{name} has no {colour} tower (each side has one of each colour)"),
                    field_at(0),
                ));
            }
        }
    }
    Ok(towers)
}

/// Reads a position text under `options`: its structure first, then what the options bound.
pub(crate) fn parse(options: &Options, text: &str) -> Result<State, ParseError> {
    let state = parse_structure(text)?;
    check_options(text, options, &state)?;
    Ok(state)
}

/// Parses a position text and checks everything that does not depend on the options.
fn parse_structure(text: &str) -> Result<State, ParseError> {
    ParseError::check_length(TextKind::Position, text)?;
    let bad = |reason: String, i: usize| ParseError::bad_position(text, reason).at(field_at(i));
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    if fields.len() != 11 {
        return Err(ParseError::bad_position(
            text,
            format!(
                "a position has 11 space-separated fields (board to_move required passes last land ply round score phase result), not {}",
                fields.len()
            ),
        ));
    }
    let towers = parse_board(text, fields[0])?;
    let to_move =
        side_of(fields[1]).ok_or_else(|| bad("the side to move is `W` or `B`".into(), 1))?;
    let required = match fields[2] {
        "-" => None,
        code if code.len() == 2 && code.as_bytes()[0].is_ascii_uppercase() => Some(
            Colour::from_code(code)
                .ok_or_else(|| bad(format!("`{code}` is not a colour code (Or … Br) or `-`"), 2))?,
        ),
        code => {
            return Err(bad(
                format!("`{code}` is not a colour code (Or … Br) or `-`"),
                2,
            ));
        }
    };
    let passes = match fields[3] {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        p => {
            return Err(bad(
                format!("consecutive passes are 0, 1 or 2, not `{p}`"),
                3,
            ));
        }
    };
    let last_side = match fields[4] {
        "-" => None,
        s => Some(
            side_of(s).ok_or_else(|| bad("the last actual mover is `W`, `B` or `-`".into(), 4))?,
        ),
    };
    let land = match fields[5] {
        "-" => None,
        s => {
            let sq: Square = s
                .parse()
                .map_err(|_| bad(format!("`{s}` is not a square a1…h8 or `-`"), 5))?;
            if !crate::board::on_board(sq) {
                return Err(bad(format!("{sq} is off the board"), 5));
            }
            Some(sq)
        }
    };
    let number = |i: usize, what: &str| -> Result<u32, ParseError> {
        let s = fields[i];
        if s.is_empty()
            || !s.bytes().all(|b| b.is_ascii_digit())
            || (s.len() > 1 && s.starts_with('0'))
        {
            return Err(bad(
                format!("{what} is a whole number without sign or leading zeros, not `{s}`"),
                i,
            ));
        }
        s.parse()
            .map_err(|_| bad(format!("{what} `{s}` is too large"), i))
    };
    let ply = number(6, "the ply count")?;
    let round = number(7, "the round number")?;
    if round == 0 {
        return Err(bad("rounds are numbered from 1".into(), 7));
    }
    let (w, b) = fields[8]
        .split_once(':')
        .ok_or_else(|| bad("the score is `<White>:<Black>`, e.g. `0:0`".into(), 8))?;
    let score_part = |s: &str| -> Result<u32, ParseError> {
        if s.is_empty()
            || !s.bytes().all(|b| b.is_ascii_digit())
            || (s.len() > 1 && s.starts_with('0'))
        {
            return Err(bad(format!("`{s}` is not a score (a whole number)"), 8));
        }
        s.parse()
            .map_err(|_| bad(format!("score `{s}` is too large"), 8))
    };
    let scores = [score_part(w)?, score_part(b)?];
    let phase = match fields[9] {
        "play" => Phase::Play,
        "refill" => Phase::Refill,
        "over" => Phase::Over,
        p => {
            return Err(bad(
                format!("the phase is `play`, `refill` or `over`, not `{p}`"),
                9,
            ));
        }
    };
    let result = match fields[10] {
        "-" => None,
        r => {
            let parts: Vec<&str> = r.split('/').collect();
            let fmt_err = || {
                bad(
                    format!("`{r}` is not `-` or `<winner>/<reason>/<colour>` (e.g. `W/home/Ye`)"),
                    10,
                )
            };
            if parts.len() != 3 {
                return Err(fmt_err());
            }
            let winner = side_of(parts[0]).ok_or_else(fmt_err)?;
            let reason = Reason::from_keyword(parts[1]).ok_or_else(|| {
                bad(
                    format!(
                        "`{}` is not a reason (home, deadlock, repetition, backstop)",
                        parts[1]
                    ),
                    10,
                )
            })?;
            let colour = (parts[2].len() == 2 && parts[2].as_bytes()[0].is_ascii_uppercase())
                .then(|| Colour::from_code(parts[2]))
                .flatten()
                .ok_or_else(|| bad(format!("`{}` is not a colour code (Or … Br)", parts[2]), 10))?;
            Some(RoundResult {
                winner,
                reason,
                colour,
            })
        }
    };

    let mut state = State::with_towers(&towers, to_move);
    state.required = required;
    state.passes = passes;
    state.ply = ply;
    state.round = round;
    state.scores = scores;
    state.phase = phase;
    state.result = result;
    state.last = match (last_side, land) {
        (Some(s), Some(q)) => Some((s, q)),
        (None, None) => None,
        _ => {
            return Err(bad(
                "the last actual mover and its landing square are both given or both `-`".into(),
                if last_side.is_none() { 4 } else { 5 },
            ));
        }
    };
    // A position read from text starts a new repetition history (§4.1a).
    state.restart_history();
    check_consistency(text, &state)?;
    Ok(state)
}
