//! Cross-game snapshot tests: for every registered game, the initial diagram, the legal moves
//! from the start, perft counts to a small depth, a seeded random game record with its final
//! status and the golden trials (seeded games with the number of legal moves at every ply). Registering a game adds its snapshots; review them with `cargo insta review`.

use board_kernel::SplitMix64;
use board_kernel::erased::DynGame;
use tower_games::registry;

/// Perft depths are taken while the count stays under this many leaves.
const PERFT_BUDGET: u64 = 300_000;
const SEED: u64 = 2026;
const MAX_RANDOM_PLIES: usize = 5_000;

fn snapshot(name: String, content: String) {
    insta::with_settings!({ prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!(name, content);
    });
}

fn initial_diagram(game: &dyn DynGame) -> String {
    let start = game.initial_state();
    format!(
        "{}\n\nposition: {}\nstatus: {}\n",
        start.diagram().trim_end(),
        start.position_text(),
        start.describe_status()
    )
}

fn initial_moves(game: &dyn DynGame) -> String {
    let mut moves = game.initial_state().legal_moves();
    moves.sort();
    format!("{} legal moves\n{}\n", moves.len(), moves.join("\n"))
}

fn perft_counts(game: &dyn DynGame) -> String {
    let start = game.initial_state();
    let mut out = String::new();
    for depth in 1..=8 {
        let count = start.perft(depth);
        out += &format!("perft({depth}) = {count}\n");
        if count > PERFT_BUDGET / 20 {
            break;
        }
    }
    out
}

fn random_game(game: &dyn DynGame) -> String {
    let mut rng = SplitMix64::new(SEED);
    let mut state = game.initial_state();
    let mut record = Vec::new();
    while !state.status().is_finished() && record.len() < MAX_RANDOM_PLIES {
        let moves = state.legal_moves();
        let Some(mv) = rng.choose(&moves) else { break };
        let mv = mv.clone();
        state
            .play(&mv)
            .unwrap_or_else(|e| panic!("{}: generated move {mv} refused: {e}", game.name()));
        record.push(mv);
    }
    let mut out = format!("seed {SEED}, {} plies\n", record.len());
    for (i, mv) in record.iter().enumerate() {
        out += &format!("{:>4}. {mv}\n", i + 1);
    }
    out += &format!(
        "\nfinal position: {}\nstatus: {}\n\n{}\n",
        state.position_text(),
        state.describe_status(),
        state.diagram().trim_end()
    );
    out
}

#[test]
fn initial_diagrams() {
    for game in registry::all() {
        snapshot(
            format!("{}__initial_diagram", game.name()),
            initial_diagram(game.as_ref()),
        );
    }
}

#[test]
fn initial_legal_moves() {
    for game in registry::all() {
        snapshot(
            format!("{}__initial_moves", game.name()),
            initial_moves(game.as_ref()),
        );
    }
}

#[test]
fn perft_to_a_small_depth() {
    for game in registry::all() {
        snapshot(
            format!("{}__perft", game.name()),
            perft_counts(game.as_ref()),
        );
    }
}

/// Seeds of the golden trials (`golden_trials`).
const TRIAL_SEEDS: [u64; 4] = [1, 2, 3, 4];

/// Golden trials, as Ludii's trial-integrity tests: seeded random games where each ply shows
/// the move chosen and how many moves were legal, then the final status and position. The
/// choice is made among the legal moves sorted by their text, so a change in the order the
/// engine generates moves changes nothing here, while any change in which moves are legal, in
/// what they do or in how a game ends shows up as a reviewed diff.
fn golden_trials(game: &dyn DynGame) -> String {
    let mut out = String::new();
    for seed in TRIAL_SEEDS {
        let mut rng = SplitMix64::new(seed);
        let mut state = game.initial_state();
        let mut plies = Vec::new();
        while !state.status().is_finished() && plies.len() < MAX_RANDOM_PLIES {
            let mut moves = state.legal_moves();
            moves.sort();
            let Some(mv) = rng.choose(&moves) else { break };
            let mv = mv.clone();
            state
                .play(&mv)
                .unwrap_or_else(|e| panic!("{}: generated move {mv} refused: {e}", game.name()));
            plies.push(format!("{mv} ({})", moves.len()));
        }
        out += &format!(
            "trial {seed}: {} plies, move (legal moves)
",
            plies.len()
        );
        for (row, chunk) in plies.chunks(8).enumerate() {
            out += &format!(
                "{:>5}. {}
",
                row * 8 + 1,
                chunk.join("  ")
            );
        }
        out += &format!(
            "status: {}
final position: {}

",
            state.describe_status(),
            state.position_text()
        );
    }
    out
}

#[test]
fn golden_trials_of_every_game() {
    for game in registry::all() {
        snapshot(
            format!("{}__golden_trials", game.name()),
            golden_trials(game.as_ref()),
        );
    }
}

#[test]
fn seeded_random_game() {
    for game in registry::all() {
        snapshot(
            format!("{}__random_game", game.name()),
            random_game(game.as_ref()),
        );
    }
}
