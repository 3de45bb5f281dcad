//! The proof that White wins a single Kamisado round with perfect play, checked here without
//! the solver that found it: `docs/solutions/kamisado-round.txt` (written by `towers solve
//! kamisado --certificate`) lists White's moves, one a line, in the order of a depth-first
//! walk. The walk starts from the initial position, follows every legal Black reply (pushed on
//! a stack in the engine's move order), visits each position and history once, and plays
//! the file's next move in each White position. Every line must end in White's win and every
//! move of the file be used. Only `legal_moves`, `play_unchecked`, `status` and the texts are
//! used. (A change in the engine's move order changes the walk: regenerate the file then.)

use std::collections::HashSet;

use board_kernel::perft::node_key;
use kamisado::prelude::*;
use kamisado::{Kamisado, Side, Status};

#[test]
fn white_wins_a_round_against_every_defence() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/solutions/kamisado-round.txt"
    );
    let text = std::fs::read_to_string(path).expect("the certificate is in docs/solutions");
    let mut strategy = text.lines().filter(|l| !l.starts_with('#'));
    let game = Kamisado::with_options(Default::default()).expect("default options");
    let mut seen = HashSet::new();
    let mut stack = vec![game.initial_state()];
    let (mut white_positions, mut black_positions) = (0, 0);
    while let Some(position) = stack.pop() {
        if let Status::Finished(result) = game.status(&position) {
            assert_eq!(result.winner, Some(Side::White), "lost line: `{position}`");
            continue;
        }
        if !seen.insert(node_key(&game, &position)) {
            continue;
        }
        let mut moves = Vec::new();
        game.legal_moves(&position, &mut moves);
        if game.side_to_move(&position) == Side::White {
            white_positions += 1;
            let listed = strategy.next().expect("a move for every White position");
            let mv = moves
                .iter()
                .find(|m| m.to_string() == listed)
                .unwrap_or_else(|| panic!("`{listed}` is not legal in `{position}`"));
            let mut child = position.clone();
            game.play_unchecked(&mut child, mv);
            stack.push(child);
        } else {
            black_positions += 1;
            for mv in &moves {
                let mut child = position.clone();
                game.play_unchecked(&mut child, mv);
                stack.push(child);
            }
        }
    }
    assert_eq!(strategy.next(), None, "moves left over");
    // The figures `towers solve kamisado --certificate` reported.
    assert_eq!(white_positions, 31_950);
    assert!(black_positions > 0);
}
