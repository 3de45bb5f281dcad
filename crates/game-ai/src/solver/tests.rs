//! The solver against plain minimax, its certificates against their checkers, and its
//! budgets (of positions and of time) against a game too wide and deep to prove.

use std::cell::Cell;
use std::collections::HashMap;
use std::time::Duration;

use board_kernel::steps::TurnStep;
use board_kernel::testing::{Nim, NimOptions, NimState, Take};
use board_kernel::{Illegal, ParseError, RuleBook, Side, Valid};

use super::*;

thread_local! {
    /// Move listings (and counts) made by [`Listed`] on this thread.
    static LISTINGS: Cell<u64> = const { Cell::new(0) };
}

/// Nim that counts how often its moves are listed or counted: the unit of a search's
/// work, which its budget of positions must bound.
#[derive(Clone, Debug)]
struct Listed(Nim);

impl Rules for Listed {
    const NAME: &'static str = "listed-nim";
    const TITLE: &'static str = "Nim, listings counted";
    type Options = NimOptions;
    type State = NimState;
    type Move = Take;
    fn new(options: Valid<NimOptions>) -> Self {
        Listed(Nim::new(options))
    }
    fn options(&self) -> &NimOptions {
        self.0.options()
    }
    fn initial_state(&self) -> NimState {
        self.0.initial_state()
    }
    fn side_to_move(&self, state: &NimState) -> Side {
        self.0.side_to_move(state)
    }
    fn status(&self, state: &NimState) -> Status {
        self.0.status(state)
    }
    fn legal_moves(&self, state: &NimState, moves: &mut Vec<Take>) {
        LISTINGS.with(|n| n.set(n.get() + 1));
        self.0.legal_moves(state, moves);
    }
    fn play_unchecked(&self, state: &mut NimState, mv: &Take) {
        self.0.play_unchecked(state, mv);
    }
    fn check_move(&self, state: &NimState, mv: &Take) -> Result<(), Illegal> {
        self.0.check_move(state, mv)
    }
    fn parse_move(&self, state: &NimState, text: &str) -> Result<Take, ParseError> {
        self.0.parse_move(state, text)
    }
    fn parse_position(&self, text: &str) -> Result<NimState, ParseError> {
        self.0.parse_position(text)
    }
    fn key(&self, state: &NimState) -> u64 {
        self.0.key(state)
    }
}

impl board_kernel::Search for Listed {}

impl board_kernel::observe::Observe for Listed {}

impl Steps for Listed {
    fn move_steps(&self, state: &NimState, mv: &Take, out: &mut Vec<TurnStep>) {
        self.0.move_steps(state, mv, out);
    }
}

impl Presentation for Listed {
    fn diagram(&self, state: &NimState) -> String {
        self.0.diagram(state)
    }
    fn rule_book() -> RuleBook {
        Nim::rule_book()
    }
    fn course() -> board_kernel::lessons::Course {
        Nim::course()
    }
    fn rule_section(rule: &str) -> Option<&'static str> {
        Nim::rule_section(rule)
    }
}

/// The listings `run` makes.
fn listings(run: impl FnOnce()) -> u64 {
    let before = LISTINGS.with(Cell::get);
    run();
    LISTINGS.with(Cell::get) - before
}

/// A pile of a million stones, a thousand moves a position, too deep to prove.
fn wide() -> Listed {
    Listed::with_options(NimOptions {
        stones: 1_000_000,
        max_take: 1000,
    })
    .unwrap()
}

#[test]
fn a_search_lists_moves_about_once_a_position_however_wide() {
    let game = wide();
    let start = game.initial_state();
    for budget in [1, 10, 300] {
        let config = SolveConfig {
            max_nodes: budget,
            ..SolveConfig::default()
        };
        // The solver and the two races, each within the budget.
        let mut solution = None;
        let made = listings(|| solution = Some(solve_or_race(&game, &start, &config)));
        assert_eq!(solution.unwrap().value, Value::Unknown);
        assert!(made <= 3 * budget, "{made} listings for {budget} positions");
        // A perfect player's move: its budget, and as much again to order its moves,
        // besides what its fallback, MCTS with its own budget, lists.
        let mut player = Perfect::new(config, 1);
        let made = listings(|| {
            assert!(crate::Player::choose(&mut player, &game, &start).is_some());
        });
        let mut fallback = crate::Mcts::new(crate::MctsConfig::default(), 1);
        let fallback = listings(|| {
            assert!(crate::Player::choose(&mut fallback, &game, &start).is_some());
        });
        assert!(
            made - fallback <= 2 * budget,
            "{} listings for {budget} positions",
            made - fallback
        );
    }
}

#[test]
fn a_time_limit_stops_a_search_that_its_positions_would_not() {
    let game = wide();
    let start = game.initial_state();
    let config = SolveConfig {
        max_nodes: u64::MAX,
        max_depth: 2_000,
        max_time: Some(Duration::from_millis(300)),
        ..SolveConfig::default()
    };
    let started = std::time::Instant::now();
    let solution = solve_or_race(&game, &start, &config);
    let took = started.elapsed();
    assert_eq!(solution.value, Value::Unknown);
    assert!(solution.nodes > 0);
    // Generous for a loaded machine; without the limit it would run for hours.
    assert!(took < Duration::from_secs(10), "{took:?}");
    // The perfect player: out of time, it plays the first move it could not prove lost.
    let mut player = Perfect::new(config, 1);
    let started = std::time::Instant::now();
    assert!(crate::Player::choose(&mut player, &game, &start).is_some());
    assert!(started.elapsed() < Duration::from_secs(10));
    let report = crate::Player::report(&player).unwrap();
    assert!(report.contains("out of time"), "{report}");
}

/// Plain minimax to the end, no pruning and no table: the reference the solver must match.
fn minimax<G: Game>(game: &G, state: &G::State) -> i8 {
    let me = game.side_to_move(state);
    if let Some(end) = Prover::<G>::terminal(game.status(state), me) {
        return end;
    }
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves
        .iter()
        .map(|mv| {
            let mut child = state.clone();
            game.play_unchecked(&mut child, mv);
            match Prover::<G>::terminal(game.status(&child), me) {
                Some(end) => end,
                None if game.side_to_move(&child) == me => minimax(game, &child),
                None => -minimax(game, &child),
            }
        })
        .max()
        .expect("an ongoing state has a move")
}

#[test]
fn nim_values_match_exhaustive_minimax() {
    for stones in 1..=14 {
        for max_take in 1..=4 {
            let options = NimOptions { stones, max_take };
            let Ok(game) = Nim::with_options(options) else {
                continue;
            };
            let start = game.initial_state();
            let expected = Value::from_score(minimax(&game, &start));
            let solution = solve(&game, &start, &SolveConfig::default());
            assert_eq!(solution.value, expected, "{stones} stones, take {max_take}");
            assert!(!solution.line.is_empty());
        }
    }
}

#[test]
fn each_moves_value_matches_minimax_of_the_position_after_it() {
    let game = Nim::with_options(NimOptions {
        stones: 13,
        max_take: 4,
    })
    .unwrap();
    let start = game.initial_state();
    let me = game.side_to_move(&start);
    let values = solve_moves(&game, &start, &SolveConfig::default());
    assert_eq!(values.len(), 4);
    for (mv, value, _) in values {
        let mut child = start;
        game.play_unchecked(&mut child, &mv);
        let expected = match Prover::<Nim>::terminal(game.status(&child), me) {
            Some(end) => end,
            None if game.side_to_move(&child) == me => minimax(&game, &child),
            None => -minimax(&game, &child),
        };
        assert_eq!(value, Value::from_score(expected), "{mv}");
    }
}

#[test]
fn nim_certificates_check_and_a_wrong_one_does_not() {
    let game = Nim::with_options(NimOptions {
        stones: 14,
        max_take: 3,
    })
    .unwrap();
    let start = game.initial_state();
    let listed = certificate(&game, &start, &SolveConfig::default(), 1_000).unwrap();
    let mut map: HashMap<String, String> = listed.into_iter().collect();
    let strategy = check_certificate(&game, &start, &map).unwrap();
    assert_eq!(check_strategy(&game, &start, &strategy), Ok(strategy.len()));
    assert!(check_strategy(&game, &start, &strategy[1..]).is_err());
    let (text, _) = map
        .iter()
        .next()
        .map(|(k, v)| (k.clone(), v.clone()))
        .unwrap();
    map.remove(&text);
    assert!(check_certificate(&game, &start, &map).is_err());
    // A lost position has no certificate.
    let lost = Nim::with_options(NimOptions {
        stones: 12,
        max_take: 3,
    })
    .unwrap();
    assert!(certificate(&lost, &lost.initial_state(), &SolveConfig::default(), 1_000).is_none());
}

#[test]
fn a_small_budget_answers_unknown() {
    let game = Nim::with_options(NimOptions {
        stones: 30,
        ..NimOptions::default()
    })
    .unwrap();
    let solution = solve(
        &game,
        &game.initial_state(),
        &SolveConfig {
            max_nodes: 3,
            ..SolveConfig::default()
        },
    );
    assert_eq!(solution.value, Value::Unknown);
    assert!(solution.line.is_empty());
}
