//! The solver's memory is its budget's: in every game, under options that make histories as
//! long as they can be (the repetition history of a state reserved for up to 65,536 keys)
//! and a depth of 2,000 plies, `solve_or_race` (the solver, then both sides' races) holds no
//! more than its table and its bound on the path (`SolveConfig::max_path_bytes`), measured
//! as the peak of live heap bytes counted by `cap`'s global allocator (dhat's, which records
//! a backtrace at every allocation, took 30 s for the same 6,656 positions; this, 2 s).
//!
//! Before, a search kept a state for every move of every position on its path, each clone
//! carrying its original's reserved history: Queens' Courtiers with `max_plies=1000000`
//! asked for tens of gigabytes within seconds.

use board_kernel::Game;
use game_ai::solver::{SolveConfig, solve_or_race};
use tower_games::registry::{self, GameVisitor};

#[global_allocator]
static ALLOC: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

/// The bound on the path, and what the rest may take: two small tables, the root's state and
/// the line found.
const PATH_BYTES: usize = 4 << 20;
const SLACK_BYTES: usize = 4 << 20;

struct PeakOfSolve;

impl GameVisitor for PeakOfSolve {
    /// (the value, positions visited, the peak of live heap bytes since the start)
    type Output = (String, u64, u64);
    fn visit<G: Game>(self, game: G) -> Self::Output {
        let start = game.initial_state();
        let config = SolveConfig {
            max_nodes: 500,
            max_depth: 2_000,
            table_entries: 1 << 12,
            max_time: None,
            max_path_bytes: PATH_BYTES,
        };
        let solution = solve_or_race(&game, &start, &config);
        let peak = ALLOC.max_allocated() as u64;
        (solution.value.to_string(), solution.nodes, peak)
    }
}

#[test]
fn a_deep_search_holds_its_table_and_its_path_and_no_more() {
    let long_histories: [(&str, &[(&str, &str)]); 5] = [
        ("kamisado", &[("max_plies_per_round", "1000000")]),
        (
            "tower-of-power",
            &[
                ("no_capture_draw_plies", "1000000000"),
                ("repetition_limit", "3"),
            ],
        ),
        ("queens-courtiers", &[("max_plies", "1000000")]),
        (
            "chain-reaction",
            &[("max_plies", "0"), ("repetition_limit", "3")],
        ),
        ("seven-sages", &[("max_plies_per_point", "0")]),
    ];
    let bound = (PATH_BYTES + SLACK_BYTES) as u64;
    let mut failures = Vec::new();
    for (name, options) in long_histories {
        let before = ALLOC.allocated() as u64;
        let options: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let (value, nodes, peak) =
            registry::visit(name, &options, PeakOfSolve).expect("valid options");
        eprintln!("{name}: {value} after {nodes} positions; peak {peak} bytes");
        // The peak is the whole run's: a game over the bound shows at its own turn.
        if peak > before + bound {
            failures.push(format!("{name}: {peak} bytes at the peak, over {bound}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
