//! Perft: counting the leaves of the game tree, the yardstick of move-generation correctness.

use crate::Search;

/// The number of move sequences of exactly `depth` plies from `state` (leaves of the tree of
/// legal moves; a finished state has no children, so it counts only at depth 0).
///
/// The last ply is bulk-counted ([`Search::count_moves`]: the number of moves, not the moves),
/// the one before asks [`Search::count_after`] for each move (a game may answer without playing
/// it), and one move buffer per depth is reused, so the count allocates nothing per node
/// beyond the game's own state clones.
pub fn perft<G: Search>(game: &G, state: &G::State, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_with(game, state, depth, &mut buffers, &mut NoMemo)
}

/// Where a perft walk keeps the counts of subtrees it may meet again: nowhere ([`NoMemo`],
/// plain perft) or a [`PerftTable`] (hashed perft). One walk serves both, and the plain one
/// pays nothing for the table it does not have.
trait Memo {
    /// The key `state` is remembered under at `depth`, if subtrees of that depth are kept.
    fn key<G: Search>(&self, game: &G, state: &G::State, depth: u32) -> Option<u64>;
    fn get(&self, key: u64, depth: u32) -> Option<u64>;
    fn put(&mut self, key: u64, depth: u32, count: u64);
}

/// Plain perft's memo: it remembers nothing.
struct NoMemo;

impl Memo for NoMemo {
    #[inline]
    fn key<G: Search>(&self, _game: &G, _state: &G::State, _depth: u32) -> Option<u64> {
        None
    }
    #[inline]
    fn get(&self, _key: u64, _depth: u32) -> Option<u64> {
        None
    }
    #[inline]
    fn put(&mut self, _key: u64, _depth: u32, _count: u64) {}
}

/// The leaves `depth` plies below `state`, one move buffer per ply in `buffers`, the
/// subtrees `memo` keeps looked up before any move is generated and stored once counted.
fn perft_with<G: Search, M: Memo>(
    game: &G,
    state: &G::State,
    depth: u32,
    buffers: &mut [Vec<G::Move>],
    memo: &mut M,
) -> u64 {
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    let key = memo.key(game, state, depth);
    if let Some(count) = key.and_then(|key| memo.get(key, depth)) {
        return count;
    }
    if let Some(leaves) = count_last_plies(game, state, depth, moves, deeper) {
        return leaves;
    }
    let mut leaves = 0;
    for mv in moves.iter() {
        let mut child = state.clone();
        game.play_unchecked(&mut child, mv);
        leaves += perft_with(game, &child, depth - 1, deeper, memo);
    }
    if let Some(key) = key {
        memo.put(key, depth, leaves);
    }
    leaves
}

/// Perft's last two plies, counted without listing the last one (and, where the game can,
/// without playing the moves before it): the count when `depth` is 1 or 2, else `None` with
/// `state`'s moves listed in `moves` for the caller to play.
#[inline]
fn count_last_plies<G: Search>(
    game: &G,
    state: &G::State,
    depth: u32,
    moves: &mut Vec<G::Move>,
    deeper: &mut [Vec<G::Move>],
) -> Option<u64> {
    match (depth, deeper.first_mut()) {
        (1, _) => Some(game.count_moves(state, moves) as u64),
        (2, Some(scratch)) => Some(game.count_two_plies(state, moves, scratch)),
        _ => {
            moves.clear();
            game.legal_moves(state, moves);
            None
        }
    }
}

/// Perft split by the first move: each legal move's text with the leaves below it, in the
/// engine's move order. The counts add up to [`perft`] of the same depth (`depth` ≥ 1).
pub fn perft_divide<G: Search>(game: &G, state: &G::State, depth: u32) -> Vec<(String, u64)> {
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
pub fn perft_parallel<G: Search>(game: &G, state: &G::State, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(game, state, depth);
    }
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    // Each worker reuses its own move buffers across its subtrees.
                    let mut buffers: Vec<Vec<G::Move>> =
                        (0..depth - 1).map(|_| Vec::new()).collect();
                    let mut leaves = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(mv) = moves.get(i) else { break leaves };
                        let mut child = state.clone();
                        game.play_unchecked(&mut child, mv);
                        leaves += perft_with(game, &child, depth - 1, &mut buffers, &mut NoMemo);
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

/// A table of subtree counts for [`perft_hashed`]: two-entry buckets, each entry holding the
/// full 64-bit key, the depth and the count.
struct PerftTable {
    entries: Vec<(u64, u64, u32)>,
    mask: usize,
}

impl PerftTable {
    fn new(megabytes: usize) -> PerftTable {
        let bytes = megabytes.clamp(1, 1 << 14) << 20;
        let entries = (bytes / std::mem::size_of::<(u64, u64, u32)>()).next_power_of_two() / 2;
        PerftTable {
            entries: vec![(0, 0, 0); entries.max(2)],
            mask: (entries.max(2) - 1) & !1,
        }
    }
}

impl Memo for PerftTable {
    /// Subtrees of depth 2 are counted without playing their last moves: cheaper to count again
    /// than to look up, so the table serves depth 3 and up.
    fn key<G: Search>(&self, game: &G, state: &G::State, depth: u32) -> Option<u64> {
        (depth >= 3).then(|| node_key(game, state))
    }

    fn get(&self, key: u64, depth: u32) -> Option<u64> {
        let i = (key as usize) & self.mask;
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.0 == key && e.2 == depth)
            .map(|e| e.1)
    }

    fn put(&mut self, key: u64, depth: u32, count: u64) {
        let i = (key as usize) & self.mask;
        // The first slot keeps the deeper (costlier) result, the second always takes the new one.
        if depth >= self.entries[i].2 {
            self.entries[i + 1] = self.entries[i];
            self.entries[i] = (key, count, depth);
        } else {
            self.entries[i + 1] = (key, count, depth);
        }
    }
}

/// The key of a search node (hashed perft, solvers, transposition tables): the position's key combined with its repetition
/// history (as a multiset, since the count below a node depends on how often each earlier
/// position occurred, not on their order), so transpositions are merged only when their
/// subtrees are the same.
pub fn node_key<G: Search>(game: &G, state: &G::State) -> u64 {
    let mut key = game.key(state);
    for &k in game.history(state) {
        let mut mix = crate::SplitMix64::new(k);
        key = key.wrapping_add(mix.next_u64());
    }
    key
}

/// [`perft`] with a transposition table of `megabytes`: a subtree reached again by another
/// move order is counted once. The result is identical to [`perft`]; only the time differs.
/// The table size is clamped to 1 MB–16 GiB.
pub fn perft_hashed<G: Search>(game: &G, state: &G::State, depth: u32, megabytes: usize) -> u64 {
    let mut table = PerftTable::new(megabytes);
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_with(game, state, depth, &mut buffers, &mut table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use crate::testing::Nim;

    #[test]
    fn nim_perft_matches_a_hand_count() {
        // Pile of 4, take 1..=3. Depth 1: 3 moves. Depth 2: after taking 1 (3 left): 3;
        // after 2 (2 left): 2; after 3 (1 left): 1 → 6. Depth 3: sequences of 3 takes with a
        // total ≤ 4 and positive parts: (1,1,1) (1,1,2) (1,2,1) (2,1,1) → 4.
        let game = Nim::pile(4, 3);
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

    #[test]
    fn hashed_perft_counts_the_same() {
        let game = Nim::pile(30, 4);
        let start = game.initial_state();
        for depth in 0..9 {
            assert_eq!(
                perft_hashed(&game, &start, depth, 1),
                perft(&game, &start, depth),
                "depth {depth}"
            );
        }
    }
}
