//! Perft: counting the leaves of the game tree, the yardstick of move-generation correctness.

use crate::Game;

/// The number of move sequences of exactly `depth` plies from `state` (leaves of the tree of
/// legal moves; a finished state has no children, so it counts only at depth 0).
///
/// The last ply is bulk-counted (the length of the move list), and one move buffer per depth
/// is reused, so the count allocates nothing per node beyond the game's own state clones.
pub fn perft<G: Game>(game: &G, state: &G::State, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_with(game, state, depth, &mut buffers)
}

fn perft_with<G: Game>(
    game: &G,
    state: &G::State,
    depth: u32,
    buffers: &mut [Vec<G::Move>],
) -> u64 {
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    moves.clear();
    game.legal_moves(state, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut leaves = 0;
    for mv in moves.iter() {
        let mut child = state.clone();
        game.play_unchecked(&mut child, mv);
        leaves += perft_with(game, &child, depth - 1, deeper);
    }
    leaves
}

/// Perft split by the first move: each legal move's text with the leaves below it, in the
/// engine's move order. The counts add up to [`perft`] of the same depth (`depth` ≥ 1).
pub fn perft_divide<G: Game>(game: &G, state: &G::State, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves
        .iter()
        .map(|mv| {
            let mut child = state.clone();
            game.play_unchecked(&mut child, mv);
            (mv.to_string(), perft(game, &child, depth.saturating_sub(1)))
        })
        .collect()
}

/// [`perft`] with the first-ply subtrees shared among `threads` worker threads.
pub fn perft_parallel<G: Game>(game: &G, state: &G::State, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || threads <= 1 {
        return perft(game, state, depth);
    }
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut leaves = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(mv) = moves.get(i) else { break leaves };
                        let mut child = state.clone();
                        game.play_unchecked(&mut child, mv);
                        leaves += perft(game, &child, depth - 1);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("perft worker panicked"))
            .sum()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Nim, NimOptions};

    #[test]
    fn nim_perft_matches_a_hand_count() {
        // Pile of 4, take 1..=3. Depth 1: 3 moves. Depth 2: after taking 1 (3 left): 3;
        // after 2 (2 left): 2; after 3 (1 left): 1 → 6. Depth 3: sequences of 3 takes with a
        // total ≤ 4 and positive parts: (1,1,1) (1,1,2) (1,2,1) (2,1,1) → 4.
        let game = Nim::new(NimOptions {
            stones: 4,
            max_take: 3,
        })
        .unwrap();
        let start = game.initial_state();
        assert_eq!(perft(&game, &start, 0), 1);
        assert_eq!(perft(&game, &start, 1), 3);
        assert_eq!(perft(&game, &start, 2), 6);
        assert_eq!(perft(&game, &start, 3), 4);
        assert_eq!(perft(&game, &start, 4), 1);
        assert_eq!(perft(&game, &start, 5), 0);
        let divide = perft_divide(&game, &start, 2);
        assert_eq!(
            divide,
            vec![("1".into(), 3), ("2".into(), 2), ("3".into(), 1)]
        );
        assert_eq!(perft_parallel(&game, &start, 3, 2), 4);
    }
}
