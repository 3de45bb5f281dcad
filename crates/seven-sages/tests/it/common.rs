//! Helpers shared by the integration tests.

use board_kernel::prelude::*;
use board_kernel::testing::runs_field;
use seven_sages::{Move, SevenSages, State};

pub use board_kernel::testing::sorted_move_texts as texts;

/// The game under `KEY=VALUE` options.
pub fn game(options: &[(&str, &str)]) -> SevenSages {
    SevenSages::from_pairs(options.iter().copied()).unwrap()
}

/// A position line written by the test itself from piece lists (independent of the engine's
/// printer): ranks 15 to 1, maximal runs of empty cells.
pub fn line(white: &[&str], black: &[&str], ball: &str, side: char) -> String {
    let mut cells = [['.'; 15]; 15];
    let mut put = |sq: &str, ch: char| {
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse().unwrap();
        assert_eq!(cells[rank - 1][file], '.', "two pieces on {sq}");
        cells[rank - 1][file] = ch;
    };
    for s in white {
        put(s, 'W');
    }
    for s in black {
        put(s, 'B');
    }
    put(ball, '*');
    format!("{} {side} 0 0 0 0 0 ongoing", runs_field(&cells))
}

/// The position of a line.
pub fn position(game: &SevenSages, text: &str) -> State {
    game.parse_position(text).unwrap()
}

/// The legal moves.
pub fn moves(game: &SevenSages, state: &State) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves
}

/// The texts of the moves starting with `prefix` (e.g. `h5-` or `h5-h8/`), sorted.
pub fn with_prefix(game: &SevenSages, state: &State, prefix: &str) -> Vec<String> {
    texts(game, state)
        .into_iter()
        .filter(|t| t.starts_with(prefix))
        .collect()
}

/// The part after `prefix` of every move starting with it, sorted as squares are in the
/// spec's lists (by file, then rank).
pub fn suffixes(game: &SevenSages, state: &State, prefix: &str) -> Vec<String> {
    let mut v: Vec<String> = with_prefix(game, state, prefix)
        .into_iter()
        .map(|t| t[prefix.len()..].to_owned())
        .collect();
    v.sort_by_key(|s| square_key(s));
    v
}

/// Sort key for squares (optionally followed by `+`): file, then rank.
pub fn square_key(s: &str) -> (u8, u32) {
    let s = s.trim_end_matches('+');
    (s.as_bytes()[0], s[1..].parse().unwrap_or(0))
}

/// A whitespace-separated list of squares, sorted by file then rank.
pub fn list(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    v.sort_by_key(|s| square_key(s));
    v
}

/// (plain, kicks) counts.
pub fn split(game: &SevenSages, state: &State) -> (usize, usize) {
    let m = moves(game, state);
    let kicks = m.iter().filter(|m| matches!(m, Move::Kick { .. })).count();
    (m.len() - kicks, kicks)
}

/// The kicks' texts (the moves with a `/`), sorted.
pub fn kicks(game: &SevenSages, state: &State) -> Vec<String> {
    texts(game, state)
        .into_iter()
        .filter(|t| t.contains('/'))
        .collect()
}

/// Asserts how many plain moves each sage has: `(its cell, the count)`.
pub fn assert_plain_counts(game: &SevenSages, state: &State, counts: &[(&str, usize)]) {
    for &(sage, n) in counts {
        assert_eq!(plain_of(game, state, sage), n, "plain moves of {sage}");
    }
}

/// Plain moves of the sage on `from`.
pub fn plain_of(game: &SevenSages, state: &State, from: &str) -> usize {
    moves(game, state)
        .iter()
        .filter(|m| matches!(m, Move::Plain { from: f, .. } if f.to_string() == from))
        .count()
}

// The positions of the specification's worked examples, from its piece lists.

/// Example 2 (§10): a kick that can score after two bounces.
pub fn example_2() -> String {
    line(
        &["f10", "h14", "g13", "d3", "h3", "l3", "h1"],
        &["f15", "e14", "e13", "l13", "l11", "h11", "d11"],
        "f12",
        'w',
    )
}

/// Example 3a: the ball must meet a stone.
pub fn example_3a() -> String {
    line(
        &["c10", "d3", "h3", "l3", "d5", "h5", "h1"],
        &["h15", "d13", "h13", "l13", "l11", "h11", "d11"],
        "c12",
        'w',
    )
}

/// Example 3b: a marked ball, and the lob.
pub fn example_3b() -> String {
    line(
        &["h7", "d3", "h3", "l3", "d5", "l5", "h1"],
        &["h15", "d13", "h13", "l13", "d11", "l11", "h9"],
        "h8",
        'w',
    )
}

/// Example 4: the goal areas' restrictions.
pub fn example_4() -> String {
    line(
        &["e1", "h1", "e15", "d5", "h5", "l5", "l3"],
        &["d13", "h13", "l13", "d11", "h11", "l11", "c14"],
        "h8",
        'w',
    )
}

/// Example 5a: the ball rests on the first pivot.
pub fn example_5a() -> String {
    line(
        &["g11", "h11", "d3", "h3", "l3", "d5", "h1"],
        &["h14", "g13", "i13", "d13", "l13", "d11", "l11"],
        "h12",
        'w',
    )
}

/// Example 5b: a goal on the first leg.
pub fn example_5b() -> String {
    line(
        &["g11", "e3", "d3", "h3", "l3", "d5", "h1"],
        &["h15", "d13", "l13", "d11", "l11", "c12", "m12"],
        "g13",
        'w',
    )
}
