//! The position (rule book sections 2.5–2.7 and 4.1): the state of a game, its one-line text,
//! the checks a loaded position must pass, and the diagram for people.

use std::fmt;

use board_kernel::text::{BoardField, Empties, Frame};
use board_kernel::{ParseError, Side, Square, TextKind};

use crate::board::{RANKS, STONES_PER_SIDE, Spot};
use crate::options::Options;
use crate::pieces::{Board, Content, Tower};
use crate::state::State;

/// The board field: ranks 8 to 1, a digit for a run of empty cells.
const FIELD: BoardField = BoardField {
    files: 7,
    ranks: 8,
    empties: Empties::Runs,
};

/// The cell of the board at a kernel square (file, rank from 0 for rank 1).
fn spot(sq: Square) -> Option<Spot> {
    Spot::new(sq.file(), sq.rank() + 1)
}

fn write_board(board: &Board, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let text = FIELD.write(|sq, out| {
        let Some(cell) = spot(sq) else { return false };
        match board.content(cell) {
            Content::Empty => false,
            Content::Stone(s) => {
                out.push(s.letter());
                true
            }
            Content::Tower(t) => {
                out.push('(');
                out.push(t.bottom.letter());
                out.push(t.top.letter());
                out.push(')');
                true
            }
        }
    });
    f.write_str(&text)
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(&self.board, f)?;
        let pending = self.pending.map_or('-', Side::letter);
        write!(
            f,
            " {} {} {} {} {} {} {} {}",
            self.to_move.letter(),
            self.segment,
            self.scores[0],
            self.scores[1],
            self.targets[0],
            self.targets[1],
            pending,
            self.plies
        )
    }
}

/// A cell as read from the text, before the checks of 2.7.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Stone(Side),
    Pair(Side, Side),
    /// Three or more stones (rejected by rule 1); the number of stones by colour.
    Tall([u32; 2]),
}

fn stone(c: u8) -> Option<Side> {
    match c {
        b'w' => Some(Side::White),
        b'b' => Some(Side::Black),
        _ => None,
    }
}

fn file_name(file: usize) -> char {
    (b'a' + file as u8) as char
}

/// Reads one rank (files a to g) of the board field.
fn parse_rank(
    text: &str,
    rank: u8,
    bad: &dyn Fn(String) -> ParseError,
) -> Result<[Cell; 7], ParseError> {
    let at = |file: usize| format!("rank {rank}, file {}", file_name(file.min(6)));
    let mut cells = [Cell::Empty; 7];
    let bytes = text.as_bytes();
    let mut file = 0usize;
    let mut i = 0;
    let mut last_digit = false;
    if bytes.is_empty() {
        return Err(bad("an empty rank".to_owned()).at(format!("rank {rank}")));
    }
    while i < bytes.len() {
        if file >= 7 {
            return Err(
                bad("a rank holds exactly 7 cells; this one has more".to_owned())
                    .at(format!("rank {rank}")),
            );
        }
        let c = bytes[i];
        match c {
            b'1'..=b'7' => {
                if last_digit {
                    return Err(bad(
                        "two digits in a row: a run of empty cells is one digit".to_owned()
                    )
                    .at(at(file)));
                }
                let run = usize::from(c - b'0');
                if file + run > 7 {
                    return Err(
                        bad("a rank holds exactly 7 cells; this one has more".to_owned())
                            .at(format!("rank {rank}")),
                    );
                }
                file += run;
                i += 1;
                last_digit = true;
                continue;
            }
            b'w' | b'b' => {
                cells[file] = Cell::Stone(stone(c).unwrap_or(Side::White));
                i += 1;
            }
            b'(' => {
                let Some(len) = bytes[i + 1..].iter().position(|&b| b == b')') else {
                    return Err(bad("`(` without `)`".to_owned()).at(at(file)));
                };
                let inner = &bytes[i + 1..i + 1 + len];
                let mut counts = [0u32; 2];
                let mut sides = Vec::with_capacity(2);
                for &s in inner {
                    let Some(side) = stone(s) else {
                        return Err(bad(format!(
                            "`{}` is not a stone: a stack holds `w` and `b` only",
                            s as char
                        ))
                        .at(at(file)));
                    };
                    counts[side.index()] += 1;
                    sides.push(side);
                }
                cells[file] = match sides.len() {
                    0 | 1 => {
                        return Err(bad(
                            "a stack in parentheses has two or more stones; a single stone is written without them"
                                .to_owned(),
                        )
                        .at(at(file)));
                    }
                    2 => Cell::Pair(sides[0], sides[1]),
                    _ => Cell::Tall(counts),
                };
                i += len + 2;
            }
            _ => {
                return Err(bad(format!(
                    "`{}` is not a cell: expected a digit 1–7, `w`, `b` or a stack `(..)`",
                    text[i..].chars().next().unwrap_or('?')
                ))
                .at(at(file)));
            }
        }
        file += 1;
        last_digit = false;
    }
    if file != 7 {
        return Err(
            bad(format!("a rank holds exactly 7 cells; this one has {file}"))
                .at(format!("rank {rank}")),
        );
    }
    Ok(cells)
}

/// Reads `nat` (`0` or a positive number without leading zeros).
fn parse_nat(text: &str) -> Result<u64, &'static str> {
    let bytes = text.as_bytes();
    if bytes.is_empty() || !bytes.iter().all(u8::is_ascii_digit) {
        return Err("expected a whole number");
    }
    if bytes.len() > 1 && bytes[0] == b'0' {
        return Err("no leading zeros");
    }
    text.parse().map_err(|_| "the number is too large")
}

/// Reads `int` (`nat` or `-` and a positive number; no `+`, no `-0`): any 64-bit score,
/// so every score a game can reach (arithmetic stops at the ends of the range) reads back.
fn parse_int(text: &str) -> Result<i64, &'static str> {
    if let Some(rest) = text.strip_prefix('-') {
        let n = parse_nat(rest)?;
        if n == 0 {
            return Err("`-0` is not allowed");
        }
        0i64.checked_sub_unsigned(n)
            .ok_or("the number is too large")
    } else {
        let n = parse_nat(text)?;
        i64::try_from(n).map_err(|_| "the number is too large")
    }
}

/// Parses a one-line position text (2.6) and checks it (2.7) under `options`.
pub(crate) fn parse(options: &Options, text: &str) -> Result<State, ParseError> {
    ParseError::check_length(TextKind::Position, text)?;
    let bad = |reason: String| ParseError::bad_position(text, reason);
    if !text.is_ascii() {
        return Err(bad("the position text is ASCII".to_owned()));
    }
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.iter().any(|f| f.is_empty()) {
        return Err(bad(
            "fields are separated by single spaces, with no other spaces".to_owned(),
        ));
    }
    if fields.len() != 9 {
        return Err(bad(format!(
            "expected 9 fields (board, side, segment, two scores, two targets, pending, turns), found {}",
            fields.len()
        )));
    }
    let field = |i: usize, name: &str| format!("field {} ({name})", i + 1);

    // Field 1: the board, rank 8 first.
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(bad(format!(
            "the board has 8 ranks separated by `/`, found {}",
            ranks.len()
        ))
        .at(field(0, "board")));
    }
    let mut grid = [[Cell::Empty; 7]; 8];
    for (k, rank_text) in ranks.iter().enumerate() {
        let rank = RANKS - k as u8;
        grid[usize::from(rank - 1)] = parse_rank(rank_text, rank, &bad)?;
    }

    let to_move = match fields[1] {
        "w" => Side::White,
        "b" => Side::Black,
        _ => {
            return Err(
                bad("the side to move is `w` or `b`".to_owned()).at(field(1, "side to move"))
            );
        }
    };
    let nat = |i: usize, name: &str| {
        parse_nat(fields[i]).map_err(|e| bad(e.to_owned()).at(field(i, name)))
    };
    let int = |i: usize, name: &str| {
        parse_int(fields[i]).map_err(|e| bad(e.to_owned()).at(field(i, name)))
    };
    let segment = nat(2, "segment")?;
    let score_w = int(3, "White's score")?;
    let score_b = int(4, "Black's score")?;
    let target_w = nat(5, "White's target")?;
    let target_b = nat(6, "Black's target")?;
    let pending = match fields[7] {
        "-" => None,
        "w" => Some(Side::White),
        "b" => Some(Side::Black),
        _ => {
            return Err(bad("the pending stone is `-`, `w` or `b`".to_owned())
                .at(field(7, "pending stone")));
        }
    };
    let plies = nat(8, "turns")?;

    // 2.7, in order.
    let mut board = Board::empty();
    let mut towers = 0;
    let mut counts = [0u32; 2];
    for (r, row) in grid.iter().enumerate() {
        for (file, cell) in row.iter().enumerate() {
            if let Cell::Tall(_) = cell {
                return Err(bad("stack higher than 2".to_owned()).at(format!(
                    "rank {}, file {}",
                    r + 1,
                    file_name(file)
                )));
            }
        }
    }
    for (r, row) in grid.iter().enumerate() {
        for (file, cell) in row.iter().enumerate() {
            let Some(spot) = Spot::new(file as u8, r as u8 + 1) else {
                continue;
            };
            match *cell {
                Cell::Empty | Cell::Tall(_) => {}
                Cell::Stone(s) => {
                    counts[s.index()] += 1;
                    board.drop_stone(spot, s);
                }
                Cell::Pair(bottom, top) => {
                    towers += 1;
                    counts[bottom.index()] += 1;
                    counts[top.index()] += 1;
                    if towers > 1 {
                        return Err(bad("more than one tower".to_owned()).at(format!(
                            "rank {}, file {}",
                            r + 1,
                            file_name(file)
                        )));
                    }
                    board.set_tower(Tower {
                        cell: spot,
                        bottom,
                        top,
                    });
                }
            }
        }
    }
    if let Some(p) = pending {
        counts[p.index()] += 1;
    }
    for side in Side::ALL {
        if counts[side.index()] > STONES_PER_SIDE {
            return Err(bad(format!(
                "more than 11 stones: {} has {}",
                side.name(),
                counts[side.index()]
            )));
        }
    }
    for side in Side::ALL {
        if counts[side.index()] == 0 {
            return Err(bad(format!(
                "a side has no stone: {} has none on the board and none pending",
                side.name()
            )));
        }
    }
    if target_w < 1 {
        return Err(bad("field out of range: a target is at least 1".to_owned())
            .at(field(5, "White's target")));
    }
    if target_b < 1 {
        return Err(bad("field out of range: a target is at least 1".to_owned())
            .at(field(6, "Black's target")));
    }
    let target_w = i64::try_from(target_w)
        .map_err(|_| bad("the number is too large".to_owned()).at(field(5, "White's target")))?;
    let target_b = i64::try_from(target_b)
        .map_err(|_| bad("the number is too large".to_owned()).at(field(6, "Black's target")))?;
    let won_w = score_w >= target_w;
    let won_b = score_b >= target_b;
    if won_w && won_b {
        return Err(bad("both players at or above their targets".to_owned()));
    }
    let tower = board.tower();
    if segment > 0 && tower.is_none() {
        return Err(bad(
            "segment > 0 without a tower: after a segment the turn either goes on with a tower or is over"
                .to_owned(),
        )
        .at(field(2, "segment")));
    }
    if tower.is_some() && segment >= u64::from(options.max_segments) {
        return Err(bad(format!(
            "no segment left for the tower: {segment} of {} segments are made",
            options.max_segments
        ))
        .at(field(2, "segment")));
    }
    if let Some(p) = pending {
        if p != to_move {
            return Err(bad(
                "pending stone of the side not to move: its owner puts it back at the start of his own turn"
                    .to_owned(),
            )
            .at(field(7, "pending stone")));
        }
        if tower.is_some() || segment > 0 {
            return Err(bad("pending stone with a tower or in mid-turn".to_owned())
                .at(field(7, "pending stone")));
        }
    }
    let drawn = options.max_plies != 0 && plies >= u64::from(options.max_plies);
    let finished = won_w || won_b || drawn;
    if let Some(t) = tower
        && !finished
        && t.owner() != to_move
    {
        return Err(bad(format!(
            "tower of the side not to move: the tower on {} is {}'s, but {} is to move",
            t.cell,
            t.owner().name(),
            to_move.name()
        )));
    }
    let mut state = State {
        board,
        to_move,
        // Below max_segments (at most 10) when a tower stands, 0 otherwise: checked above.
        segment: u8::try_from(segment).unwrap_or(u8::MAX),
        scores: [score_w, score_b],
        targets: [target_w, target_b],
        pending,
        plies,
        history: board_kernel::Repetition::new(),
    };
    state.start_history(options);
    Ok(state)
}

/// The diagram of 2.5: the 8 rank lines, rank 8 first, then the file letters.
pub(crate) fn diagram(board: &Board) -> String {
    const FRAME: Frame = Frame {
        files: 7,
        ranks: 8,
        label_width: 1,
        first_column: 3,
        pitch: 3,
    };
    FRAME.draw(|sq, out| {
        match spot(sq).map(|cell| board.content(cell)) {
            Some(Content::Stone(s)) => out.push(s.letter()),
            Some(Content::Tower(t)) => out.push_str(&t.token()),
            Some(Content::Empty) | None => out.push('.'),
        }
        0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_pads_tokens_to_three_columns() {
        let options = Options::default();
        let state = parse(&options, "2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0").unwrap();
        let d = diagram(&state.board);
        assert_eq!(d.lines().count(), 9);
        assert_eq!(d.lines().nth(7), Some("1  bw w  w  .  .  .  ."));
        assert_eq!(d.lines().nth(5), Some("3  w  .  w  .  .  .  ."));
    }

    #[test]
    fn numbers_follow_the_grammar() {
        assert_eq!(parse_nat("0"), Ok(0));
        assert_eq!(parse_nat("120"), Ok(120));
        assert!(parse_nat("012").is_err());
        assert!(parse_nat("").is_err());
        assert!(parse_nat("+1").is_err());
        assert_eq!(parse_int("-7"), Ok(-7));
        assert!(parse_int("-0").is_err());
        assert!(parse_int("--1").is_err());
        assert!(parse_int("-").is_err());
    }

    #[test]
    fn the_history_starts_only_with_the_repetition_rule() {
        let off = Options::default();
        assert!(State::initial(&off).history.is_empty());
        let on = Options {
            repetition_limit: 3,
            ..Options::default()
        };
        assert_eq!(State::initial(&on).history.len(), 1);
    }

    #[test]
    fn every_64_bit_score_reads_back() {
        let options = Options::default();
        for score in [i64::MIN, -1, i64::MAX - 100] {
            let text = format!("2b4/7/7/7/7/w1w4/bb5/www4 b 0 {score} 0 12 12 b 1");
            assert_eq!(parse(&options, &text).unwrap().to_string(), text);
        }
    }
}
