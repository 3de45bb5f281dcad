//! Alpha-beta's transposition table changes how fast a value is found, never the value: in
//! every game, on positions from seeded random games, a search to a fixed depth with the
//! table gives the same root value as plain alpha-beta, with fewer positions visited overall.

use board_kernel::testing::scale;
use board_kernel::{Game, SplitMix64};
use game_ai::{AlphaBeta, AlphaBetaConfig, Budget, Player};
use tower_games::registry::{self, GameVisitor};

struct Compare;

impl GameVisitor for Compare {
    /// Nodes visited with the table and without it.
    type Output = (u64, u64);
    fn visit<G: Game>(self, game: G) -> (u64, u64) {
        // The widest games (thousands of moves a turn) are searched less deep.
        let mut moves = Vec::new();
        game.legal_moves(&game.initial_state(), &mut moves);
        let depth = if moves.len() > 1000 { 2 } else { 3 };
        let (mut with_table, mut without) = (0, 0);
        for seed in 0..scale(6, 12) as u64 {
            let mut rng = SplitMix64::new(seed);
            let mut state = game.initial_state();
            for _ in 0..rng.below(60) {
                moves.clear();
                game.legal_moves(&state, &mut moves);
                let Some(mv) = rng.choose(&moves) else { break };
                game.play_unchecked(&mut state, &mv.clone());
            }
            if game.status(&state).is_finished() {
                continue;
            }
            let config = |table_entries| AlphaBetaConfig {
                budget: Budget::Count(depth),
                table_entries,
                ..AlphaBetaConfig::default()
            };
            let mut tabled = AlphaBeta::<G>::new(config(1 << 16), seed);
            let mut plain = AlphaBeta::<G>::new(config(0), seed);
            tabled.choose(&game, &state);
            plain.choose(&game, &state);
            let (Some(a), Some(b)) = (tabled.last_search(), plain.last_search()) else {
                continue; // a forced move: no search
            };
            assert_eq!(a.depth, b.depth, "{} seed {seed}", G::TITLE);
            assert!(
                (a.value - b.value).abs() < 1e-9,
                "{} seed {seed}: {} with the table, {} without, from {state}",
                G::TITLE,
                a.value,
                b.value
            );
            with_table += a.nodes;
            without += b.nodes;
        }
        (with_table, without)
    }
}

/// The values must agree exactly. The positions saved are not a guarantee game by game: the
/// table's best moves only order the search, and where few move orders transpose within
/// three plies (Seven Sages, Chain Reaction) an order can cost a handful of positions. So a
/// game may spend at most 1% more with the table, and all games together must save.
#[test]
fn the_table_keeps_every_value_and_saves_positions() {
    let (mut all_with, mut all_without) = (0, 0);
    for name in registry::names() {
        let (with_table, without) = registry::visit(name, &[], Compare).unwrap();
        println!("{name}: {with_table} positions with the table, {without} without");
        assert!(without > 0, "{name}: nothing searched");
        assert!(
            with_table * 100 <= without * 101,
            "{name}: {with_table} positions with the table, {without} without"
        );
        all_with += with_table;
        all_without += without;
    }
    assert!(
        all_with < all_without,
        "{all_with} positions with the table, {all_without} without"
    );
}
