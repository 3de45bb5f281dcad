//! Helpers shared by the integration tests.

use board_kernel::GameOptions;
use board_kernel::prelude::*;
use seven_sages::{Move, Options, SevenSages, State};

/// The game under `KEY=VALUE` options.
pub fn game(options: &[(&str, &str)]) -> SevenSages {
    SevenSages::with_options(Options::from_pairs(options.iter().copied()).unwrap()).unwrap()
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
    let mut ranks = Vec::new();
    for rank in (0..15).rev() {
        let mut text = String::new();
        let mut run = 0;
        for &ch in &cells[rank] {
            if ch == '.' {
                run += 1;
                continue;
            }
            if run > 0 {
                text += &run.to_string();
                run = 0;
            }
            text.push(ch);
        }
        if run > 0 {
            text += &run.to_string();
        }
        ranks.push(text);
    }
    format!("{} {side} 0 0 0 0 0 ongoing", ranks.join("/"))
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

/// The legal moves' texts, sorted.
pub fn texts(game: &SevenSages, state: &State) -> Vec<String> {
    let mut t: Vec<String> = moves(game, state).iter().map(|m| m.to_string()).collect();
    t.sort();
    t
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

/// Plain moves of the sage on `from`.
pub fn plain_of(game: &SevenSages, state: &State, from: &str) -> usize {
    moves(game, state)
        .iter()
        .filter(|m| matches!(m, Move::Plain { from: f, .. } if f.to_string() == from))
        .count()
}
