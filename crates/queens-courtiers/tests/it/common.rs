//! Helpers shared by the integration tests.

use board_kernel::prelude::*;
use board_kernel::{GameOptions, Square};
use queens_courtiers::{Move, Options, QueensCourtiers, State};

/// The game under `pairs` over the defaults.
pub fn game(pairs: &[(&str, &str)]) -> QueensCourtiers {
    QueensCourtiers::with_options(Options::from_pairs(pairs.iter().copied()).unwrap()).unwrap()
}

pub fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// A position line written from the spec's piece lists ("Ke5" = King on e5; upper-case
/// letters here, the side decides the case), written independently of the engine's printer.
pub fn line(red: &[&str], blue: &[&str], side: char) -> String {
    let mut grid = [['.'; 15]; 15];
    for (pieces, upper) in [(red, true), (blue, false)] {
        for p in pieces {
            let letter = p.chars().next().unwrap();
            let s = sq(&p[1..]);
            let c = if upper {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            assert_eq!(grid[s.rank() as usize][s.file() as usize], '.', "{p} twice");
            grid[s.rank() as usize][s.file() as usize] = c;
        }
    }
    let mut ranks = Vec::new();
    for rank in (0..15).rev() {
        let mut text = String::new();
        let mut run = 0;
        for &c in &grid[rank] {
            if c == '.' {
                run += 1;
            } else {
                if run > 0 {
                    text += &run.to_string();
                    run = 0;
                }
                text.push(c);
            }
        }
        if run > 0 {
            text += &run.to_string();
        }
        ranks.push(text);
    }
    format!("{} {side} 0 0 ongoing", ranks.join("/"))
}

pub fn state(game: &QueensCourtiers, red: &[&str], blue: &[&str], side: char) -> State {
    game.parse_position(&line(red, blue, side)).unwrap()
}

/// The legal moves' texts in ASCII order.
pub fn moves(game: &QueensCourtiers, state: &State) -> Vec<String> {
    let mut list = Vec::new();
    game.legal_moves(state, &mut list);
    let mut texts: Vec<String> = list.iter().map(Move::to_string).collect();
    texts.sort();
    texts
}

pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}
