//! The terminal diagram with the board's colours.

use board_kernel::Square;
use board_kernel::prelude::*;
use kamisado::{Colour, Kamisado, board_colour};

/// The diagram without its ANSI escape sequences.
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The escape sequence opening each square's cell, row by row from rank 8.
fn cell_codes(diagram: &str) -> Vec<Vec<String>> {
    diagram
        .lines()
        .take(8)
        .map(|line| {
            line.split("\x1b[")
                .filter(|part| part.starts_with("1;48;5;"))
                .map(|part| part.split('m').next().unwrap().to_owned())
                .collect()
        })
        .collect()
}

#[test]
fn coloured_diagram_paints_every_square_and_keeps_the_tokens() {
    let game = Kamisado::default();
    let mut state = game.initial_state();
    game.play_text(&mut state, "d1-d7").unwrap();
    let coloured = game.coloured_diagram(&state);
    let plain = game.diagram(&state);
    // Same ranks, towers and files as the plain diagram, token for token.
    let tokens = |t: &str| -> Vec<Vec<String>> {
        t.lines()
            .map(|l| l.split_whitespace().map(str::to_owned).collect())
            .collect()
    };
    assert_eq!(tokens(&strip_ansi(&coloured)), tokens(&plain));
    assert!(plain.lines().all(|l| !l.contains('\x1b')));
    // Each rank has 8 painted cells; squares of one colour share one code, different
    // colours have different codes.
    let codes = cell_codes(&coloured);
    assert!(codes.iter().all(|row| row.len() == 8), "{codes:?}");
    let code_of = |sq: &str| {
        let sq: Square = sq.parse().unwrap();
        codes[7 - sq.rank() as usize][sq.file() as usize].clone()
    };
    assert_eq!(board_colour("a1".parse().unwrap()), Colour::Brown);
    assert_eq!(board_colour("h8".parse().unwrap()), Colour::Brown);
    assert_eq!(code_of("a1"), code_of("h8"));
    assert_eq!(code_of("h1"), code_of("a8")); // both orange
    assert_ne!(code_of("a1"), code_of("h1"));
    let mut distinct: Vec<String> = codes.concat();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 8, "one code per board colour: {distinct:?}");
    // Brown is 256-colour 94 with white text; the moved yellow tower sits on d7 (green).
    assert!(code_of("a1").starts_with("1;48;5;94;"), "{}", code_of("a1"));
    let rank7 = coloured.lines().nth(1).unwrap();
    assert!(rank7.contains("48;5;28;38;5;231m YE "), "{rank7}");
}
