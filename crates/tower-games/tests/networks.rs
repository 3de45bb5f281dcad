//! The shipped networks: every registered game has one, it reads, it was trained for the
//! game's default options and observation, and the learned player built on it plays legal
//! moves. Under other options the learned player refuses, saying why.

use board_kernel::Game;
use game_ai::PlayerSpec;
use tower_games::registry::{self, GameVisitor};

/// No file in the repository may pass 2 MiB.
const MAX_FILE_BYTES: usize = 2 << 20;

/// All the weights together stay within 10 MB (issue 37's budget).
const MAX_TOTAL_BYTES: usize = 10_000_000;

struct Shipped;

impl GameVisitor for Shipped {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Self::Output {
        let name = G::NAME;
        let bytes = tower_games::networks::weights(name).ok_or(
            "no weights: train them (`towers train GAME`), copy the run's latest.safetensors and \
             log.csv to crates/tower-games/networks/ and list the file in networks.rs",
        )?;
        if bytes.len() > MAX_FILE_BYTES {
            return Err(format!(
                "{} bytes of weights: more than the {MAX_FILE_BYTES} a file in the repository may \
                 hold (train a smaller network: `towers train --hidden`)",
                bytes.len()
            ));
        }
        if String::from_utf8_lossy(bytes).contains("/work/") {
            return Err("the weights' note names a path of the training machine".into());
        }
        tower_games::networks::evaluators(&game)?;
        let spec: PlayerSpec = "neural:64".parse().map_err(|e| format!("{e}"))?;
        let knowledge = tower_games::knowledge::knowledge(&game);
        spec.check(&knowledge)?;
        let mut player = spec.build_with::<G>(3, &knowledge);
        let mut state = game.initial_state();
        for _ in 0..6 {
            if game.status(&state).is_finished() {
                break;
            }
            let mv = player.choose(&game, &state).ok_or("no move chosen")?;
            game.check_move(&state, &mv)
                .map_err(|e| format!("the learned player chose {mv}: {e}"))?;
            game.play_unchecked(&mut state, &mv);
        }
        Ok(())
    }
}

#[test]
fn every_game_ships_a_network_for_its_default_options_that_plays_legal_moves() {
    for name in registry::names() {
        registry::visit(name, &[], Shipped)
            .expect("registered")
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn the_networks_together_stay_within_their_budget() {
    let total: usize = registry::names()
        .iter()
        .filter_map(|name| tower_games::networks::weights(name))
        .map(<[u8]>::len)
        .sum();
    assert!(
        total <= MAX_TOTAL_BYTES,
        "{total} bytes of weights in all, above {MAX_TOTAL_BYTES}"
    );
}

struct OtherOptions;

impl GameVisitor for OtherOptions {
    type Output = Option<String>;
    fn visit<G: Game>(self, game: G) -> Self::Output {
        tower_games::networks::evaluators(&game).err()
    }
}

#[test]
fn under_other_options_the_learned_player_says_why_it_cannot_play() {
    let options = [
        ("kamisado", "match_target", "3"),
        ("seven-sages", "points_to_win", "3"),
    ];
    for (name, key, value) in options {
        let pairs = [(key.to_owned(), value.to_owned())];
        let why = registry::visit(name, &pairs, OtherOptions)
            .expect("valid options")
            .unwrap_or_else(|| panic!("{name}: a network for {key}={value}"));
        assert!(
            why.contains("were trained for") && why.contains(&format!("{key}={value}")),
            "{name}: {why}"
        );
    }
}
