//! The position (rule book sections 2.5–2.7 and 4.1): the state of a game, its one-line text,
//! the checks a loaded position must pass, and the diagram for people.

use std::fmt;

use board_kernel::{ParseError, Side};
use serde::{Deserialize, Serialize};

use crate::board::{Board, FILES, RANKS, STONES_PER_SIDE, Spot};
use crate::end_of_game;
use crate::options::Options;
use crate::pieces::{Content, Tower};

/// A Chain Reaction position between two complete turns (or, loaded from text, in the middle
/// of a turn: `segment > 0` with the mover's tower to move on).
///
/// Its `Display` is the one-line text of 2.6. The repetition history (option
/// `repetition_draw`) is kept beside the fields as one 64-bit key per position since the start
/// or the load: empty, and free to clone, while the option is off; one `u64` per turn when on.
///
/// ```
/// use board_kernel::Game;
/// use chain_reaction::ChainReaction;
/// let game = ChainReaction::default();
/// let start = game.initial_state();
/// assert_eq!(start.to_string(), "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 0");
/// let mid = game.parse_position("7/7/7/1w3(ww)1/2wwb2/7/7/7 w 1 0 0 12 12 - 0")?;
/// assert_eq!(mid.segment(), 1);
/// assert_eq!(mid.board().tower().map(|t| t.cell.to_string()), Some("f5".into()));
/// # Ok::<(), board_kernel::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub(crate) board: Board,
    pub(crate) to_move: Side,
    pub(crate) segment: u8,
    pub(crate) scores: [i64; 2],
    pub(crate) targets: [i64; 2],
    pub(crate) pending: Option<Side>,
    pub(crate) plies: u64,
    pub(crate) history: Vec<u64>,
}

impl State {
    /// The setup of 2.4 with the targets of `options`.
    #[must_use]
    pub(crate) fn initial(options: &Options) -> State {
        let mut state = State {
            board: Board::initial(),
            to_move: Side::White,
            segment: 0,
            scores: [0, 0],
            targets: [
                i64::from(options.target_white),
                i64::from(options.target_black),
            ],
            pending: None,
            plies: 0,
            history: Vec::new(),
        };
        state.start_history(options);
        state
    }

    /// Starts the repetition history at this position (its first occurrence).
    pub(crate) fn start_history(&mut self, options: &Options) {
        self.history.clear();
        if options.repetition_draw != 0 {
            self.history.push(end_of_game::position_key(self));
        }
    }

    /// 4.9: the turn count goes up, the other player moves, the segment count restarts; the
    /// position joins the repetition history.
    pub(crate) fn end_turn(&mut self, options: &Options) {
        self.plies = self.plies.saturating_add(1);
        self.to_move = self.to_move.opponent();
        self.segment = 0;
        if options.repetition_draw != 0 {
            let key = end_of_game::position_key(self);
            self.history.push(key);
        }
    }

    /// The stones on the board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// The segments already made in the current turn (0 between turns).
    #[must_use]
    pub const fn segment(&self) -> u8 {
        self.segment
    }

    /// A player's score (it can be negative after penalties).
    #[must_use]
    pub const fn score(&self, side: Side) -> i64 {
        self.scores[side.index()]
    }

    /// The points a player needs to win.
    #[must_use]
    pub const fn target(&self, side: Side) -> i64 {
        self.targets[side.index()]
    }

    /// The colour of the stone waiting to be put back by its owner, if any.
    #[must_use]
    pub const fn pending(&self) -> Option<Side> {
        self.pending
    }

    /// Complete turns played.
    #[must_use]
    pub const fn plies(&self) -> u64 {
        self.plies
    }

    /// The repetition keys since the start or the load (empty with `repetition_draw` off).
    #[must_use]
    pub fn history(&self) -> &[u64] {
        &self.history
    }
}

fn write_board(board: &Board, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in (1..=RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            let Some(spot) = Spot::new(file, rank) else {
                continue;
            };
            let content = board.content(spot);
            if content == Content::Empty {
                empty += 1;
                continue;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
                empty = 0;
            }
            match content {
                Content::Stone(s) => write!(f, "{}", s.letter())?,
                Content::Tower(t) => write!(f, "({}{})", t.bottom.letter(), t.top.letter())?,
                Content::Empty => {}
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 1 {
            f.write_str("/")?;
        }
    }
    Ok(())
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

/// Reads `int` (`nat` or `-` and a positive number; no `+`, no `-0`).
fn parse_int(text: &str) -> Result<i64, &'static str> {
    if let Some(rest) = text.strip_prefix('-') {
        let n = parse_nat(rest)?;
        if n == 0 {
            return Err("`-0` is not allowed");
        }
        i64::try_from(n)
            .map(|n| -n)
            .map_err(|_| "the number is too large")
    } else {
        let n = parse_nat(text)?;
        i64::try_from(n).map_err(|_| "the number is too large")
    }
}

/// Parses a one-line position text (2.6) and checks it (2.7) under `options`.
pub(crate) fn parse(text: &str, options: &Options) -> Result<State, ParseError> {
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
                crate::turn::side_name(side),
                counts[side.index()]
            )));
        }
    }
    for side in Side::ALL {
        if counts[side.index()] == 0 {
            return Err(bad(format!(
                "a side has no stone: {} has none on the board and none pending",
                crate::turn::side_name(side)
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
    if let Some(t) = tower {
        if !finished && t.owner() != to_move {
            return Err(bad(format!(
                "tower of the side not to move: the tower on {} is {}'s, but {} is to move",
                t.cell,
                crate::turn::side_name(t.owner()),
                crate::turn::side_name(to_move)
            )));
        }
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
        history: Vec::new(),
    };
    state.start_history(options);
    Ok(state)
}

/// The diagram of 2.5: the 8 rank lines, rank 8 first, then the file letters.
pub(crate) fn diagram(board: &Board) -> String {
    let mut lines = Vec::with_capacity(9);
    for rank in (1..=RANKS).rev() {
        let mut line = format!("{rank}  ");
        for file in 0..FILES {
            let Some(spot) = Spot::new(file, rank) else {
                continue;
            };
            let token = match board.content(spot) {
                Content::Empty => ".".to_owned(),
                Content::Stone(s) => s.letter().to_string(),
                Content::Tower(t) => t.token(),
            };
            line += &format!("{token:<3}");
        }
        lines.push(line.trim_end().to_owned());
    }
    lines.push("   a  b  c  d  e  f  g".to_owned());
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_pads_tokens_to_three_columns() {
        let options = Options::default();
        let state = parse("2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0", &options).unwrap();
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
            repetition_draw: 3,
            ..Options::default()
        };
        assert_eq!(State::initial(&on).history.len(), 1);
    }
}
