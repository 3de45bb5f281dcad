//! Tournaments on the kernel's toy Nim, where perfect play is known: round robins and
//! ladders add up and rank perfect play first whatever the thread count, and the SPRT tells
//! a strong player from chance and chance from itself.

use board_kernel::prelude::*;
use board_kernel::testing::{Nim, NimOptions, NimState};
use game_ai::tournament::{
    Sprt, SprtOutcome, SprtVerdict, Table, TournamentConfig, ladder, round_robin, sprt,
};
use game_ai::{Knowledge, PlayerSpec};

fn nim(stones: u32, max_take: u32) -> Nim {
    Nim::with_options(NimOptions { stones, max_take }).unwrap()
}

fn specs(texts: &[&str]) -> Vec<PlayerSpec> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

/// How a tournament pairs its players: [`round_robin`] or [`ladder`].
type Arrangement = fn(
    &Nim,
    &NimState,
    &[PlayerSpec],
    &Knowledge<Nim>,
    &TournamentConfig,
    &(dyn Fn(u64) + Sync),
) -> Table;

/// A tournament of `players` from the start of `game`, paired as `arrange` pairs them.
fn play(
    arrange: Arrangement,
    game: &Nim,
    players: &[PlayerSpec],
    config: &TournamentConfig,
) -> Table {
    arrange(
        game,
        &game.initial_state(),
        players,
        &Knowledge::default(),
        config,
        &|_| {},
    )
}

/// An SPRT of `pair` from the start of `game`, H0 an even match and H1 fifty Elo.
fn sprt_of(game: &Nim, pair: [PlayerSpec; 2], config: &TournamentConfig) -> SprtOutcome {
    sprt(
        game,
        &game.initial_state(),
        pair,
        &Sprt::new(0.0, 50.0),
        &Knowledge::default(),
        config,
        &|_, _| {},
    )
}

#[test]
fn a_round_robin_ranks_perfect_play_above_chance_and_adds_up() {
    // 10 stones, takes of 1 to 3: White wins with perfect play, so alpha-beta deep enough
    // to see the end wins every game as White and every game random spoils as Black.
    let game = nim(10, 3);
    let players = specs(&["random", "alphabeta:12", "mcts:200"]);
    let config = TournamentConfig {
        games_per_pair: 40,
        seed: 3,
        threads: 2,
        ..TournamentConfig::default()
    };
    let table = play(round_robin, &game, &players, &config);
    assert_eq!(table.pairs.len(), 3);
    assert_eq!(table.games, 120);
    for pair in &table.pairs {
        assert_eq!(pair.tally.games(), 40);
        // Colours alternate: the first player had White in exactly half the games.
        assert_eq!(pair.first_as_white.games(), 20);
    }
    // random against alphabeta:12: alpha-beta wins every game it has White; as Black it
    // loses only when random happens to play perfectly (each of its moves a 1-in-3 guess).
    let random_ab = &table.pairs[0];
    assert_eq!((random_ab.first, random_ab.second), (0, 1));
    let mut random_as_black = random_ab.tally;
    random_as_black.wins -= random_ab.first_as_white.wins;
    random_as_black.losses -= random_ab.first_as_white.losses;
    assert_eq!((random_as_black.wins, random_as_black.losses), (0, 20));
    assert!(random_ab.tally.wins <= 4, "{:?}", random_ab.tally);
    assert!(
        random_ab.tally.elo().high < 0.0,
        "{}",
        random_ab.tally.elo()
    );
    // Each player's tally is the sum of its pairs', and points add up to the games.
    let points: f64 = table.entrants.iter().map(|e| e.points()).sum();
    assert!((points - 120.0).abs() < 1e-9);
    assert_eq!(table.entrants[0].tally.games(), 80);
    assert_eq!(table.ranking()[2], 0, "random ranks last: {table:?}");
    assert!(table.entrants.iter().all(|e| e.moves > 0));
}

#[test]
fn a_ladder_plays_neighbours_only() {
    let game = nim(10, 3);
    let players = specs(&["random", "mcts:50", "alphabeta:12"]);
    let config = TournamentConfig {
        games_per_pair: 8,
        ..TournamentConfig::default()
    };
    let table = play(ladder, &game, &players, &config);
    let pairs: Vec<(usize, usize)> = table.pairs.iter().map(|p| (p.first, p.second)).collect();
    assert_eq!(pairs, [(0, 1), (1, 2)]);
    assert_eq!(table.games, 16);
    // The middle player played both steps, the ends one each.
    assert_eq!(table.entrants[1].tally.games(), 16);
    assert_eq!(table.entrants[0].tally.games(), 8);
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let game = nim(21, 4);
    let players = specs(&["random", "mcts:100", "alphabeta:3"]);
    let run = |threads| {
        let config = TournamentConfig {
            games_per_pair: 10,
            seed: 9,
            threads,
            ..TournamentConfig::default()
        };
        let table = play(round_robin, &game, &players, &config);
        table.pairs.iter().map(|p| p.tally).collect::<Vec<_>>()
    };
    assert_eq!(run(1), run(3));
}

#[test]
fn the_sprt_tells_a_strong_player_from_chance_and_chance_from_itself() {
    let game = nim(10, 3);
    let config = TournamentConfig {
        games_per_pair: 2000,
        seed: 1,
        threads: 2,
        ..TournamentConfig::default()
    };
    let strong = sprt_of(
        &game,
        ["alphabeta:12".parse().unwrap(), PlayerSpec::Random],
        &config,
    );
    assert_eq!(strong.verdict, SprtVerdict::AcceptH1, "{strong:?}");
    assert!(strong.entrants[0].tally.games() <= 64, "{strong:?}");
    let even = sprt_of(&game, [PlayerSpec::Random, PlayerSpec::Random], &config);
    assert_eq!(even.verdict, SprtVerdict::AcceptH0, "{even:?}");
    assert_eq!(even.entrants[0].tally.reversed(), even.entrants[1].tally);
    // A budget too small for either bound ends inconclusive after whole rounds.
    let short = sprt_of(
        &game,
        [PlayerSpec::Random, PlayerSpec::Random],
        &TournamentConfig {
            games_per_pair: 20,
            ..config
        },
    );
    assert_eq!(short.verdict, SprtVerdict::Inconclusive);
    assert_eq!(short.entrants[0].tally.games(), 32);
}
