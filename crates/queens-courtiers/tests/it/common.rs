//! Helpers shared by the integration tests.

use board_kernel::Square;
use board_kernel::prelude::*;
use board_kernel::testing::runs_field;
use queens_courtiers::{QueensCourtiers, State};

pub use board_kernel::testing::sorted_move_texts as moves;

/// The game under `pairs` over the defaults.
pub fn game(pairs: &[(&str, &str)]) -> QueensCourtiers {
    QueensCourtiers::from_pairs(pairs.iter().copied()).unwrap()
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
    format!("{} {side} 0 0 ongoing", runs_field(&grid))
}

pub fn state(game: &QueensCourtiers, red: &[&str], blue: &[&str], side: char) -> State {
    game.parse_position(&line(red, blue, side)).unwrap()
}

pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}
