//! Zero heap allocations per generated or applied move, in every game: move generation into a
//! reused buffer, `play_unchecked` and `play` of a legal move, over the states of seeded
//! random games. `cap`'s global allocator counts the bytes allocated: every allocation, and
//! every reallocation that grows, adds to them.
//!
//! What is outside the promise, and so outside the counted region: cloning a state (a state
//! whose repetition history has outgrown its inline slots copies it to the heap, with room
//! for the moves that follow) and the first game, which grows the reused buffers (the caller's
//! move list, and the per-thread list a game may keep for checking moves) to their size.
//!
//! The allocator counts every thread's bytes, so this test runs without libtest's harness
//! (`harness = false`), whose main thread goes on working while a test runs (it reports a
//! test that has run for over a minute, for one): once, in CI on a loaded machine, 900 bytes
//! landed in a counted region "generating" a Tower of Power move that allocates nothing when
//! run again. Without the harness no other thread runs.

use board_kernel::{Game, SplitMix64};
use tower_games::registry::{self, GameVisitor};

#[global_allocator]
static ALLOC: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

/// Bytes allocated since the start.
fn allocated_bytes() -> u64 {
    ALLOC.total_allocated() as u64
}

/// Random games per game, and the cap on their length.
const GAMES: usize = 20;
const MAX_PLIES: usize = 2_000;

struct CountAllocations;

impl GameVisitor for CountAllocations {
    /// (states checked, moves checked, bytes allocated, the first offender)
    type Output = (usize, usize, u64, Option<String>);
    fn visit<G: Game>(self, game: G) -> Self::Output {
        let mut rng = SplitMix64::new(7);
        let mut moves: Vec<G::Move> = Vec::with_capacity(1 << 16);
        let (mut states, mut checked, mut allocations) = (0, 0, 0);
        let mut first = None;
        for index in 0..=GAMES {
            // Game 0 warms the reused buffers up and is not counted.
            let counted = index > 0;
            let mut state = game.initial_state();
            for _ in 0..MAX_PLIES {
                moves.clear();
                let (mut unchecked, mut checked_play) = (state.clone(), state.clone());
                let before = allocated_bytes();
                game.legal_moves(&state, &mut moves);
                let after_generation = allocated_bytes();
                if moves.is_empty() {
                    break;
                }
                let mv = &moves[rng.below(moves.len())];
                let before_play = allocated_bytes();
                game.play_unchecked(&mut unchecked, mv);
                let result = game.play(&mut checked_play, mv);
                let after = allocated_bytes();
                assert!(result.is_ok(), "{}: {mv} refused", G::NAME);
                let seen = (after_generation - before) + (after - before_play);
                if !counted {
                    state = unchecked;
                    continue;
                }
                if seen > 0 && first.is_none() {
                    first = Some(format!(
                        "{} byte(s) allocated generating ({}) or playing ({}) {mv} in `{state}`",
                        seen,
                        after_generation - before,
                        after - before_play
                    ));
                }
                allocations += seen;
                states += 1;
                checked += 2;
                state = unchecked;
            }
        }
        (states, checked, allocations, first)
    }
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        println!("no_move_allocates_in_any_game: test");
        return;
    }
    no_move_allocates_in_any_game();
    println!("no_move_allocates_in_any_game ... ok");
}

fn no_move_allocates_in_any_game() {
    let mut failures = Vec::new();
    for name in registry::names() {
        let (states, moves, allocations, first) =
            registry::visit(name, &[], CountAllocations).expect("defaults are valid");
        eprintln!(
            "{name}: {states} generations, {moves} moves played, {allocations} bytes allocated"
        );
        assert!(states > 100, "{name}: too few states to mean anything");
        if let Some(first) = first {
            failures.push(format!(
                "{name}: {allocations} bytes allocated; first: {first}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
