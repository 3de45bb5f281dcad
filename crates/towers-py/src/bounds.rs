//! How long a game can last, for OpenSpiel's `max_game_length`: per game, from the limits
//! its rule specification sets (`/rules/<game>.md` in the shared specifications) and its
//! options. A game registered later has no entry and answers `None` (no known limit), as
//! does a game whose options turn its limit off; the OpenSpiel adapter then cuts the game at
//! its own limit as a draw (docs/python.md).

/// The value of option `key`, as a number.
fn number(options: &[(String, String)], key: &str) -> Option<u64> {
    options
        .iter()
        .find(|(k, _)| k == key)
        .and_then(|(_, v)| v.parse().ok())
}

/// The most whole turns a game from the initial position takes, or `None`.
pub(crate) fn max_plies(name: &str, options: &[(String, String)]) -> Option<u64> {
    let positive = |key: &str| number(options, key).filter(|&n| n > 0);
    match name {
        // Each round gives the winner at least one point, so a match to N points has at most
        // 2N - 1 rounds; a round ends at `max_plies_per_round` plies at the latest, and a
        // refill ply follows each round but the last.
        "kamisado" => {
            let rounds = 2 * number(options, "match_target")? - 1;
            Some(rounds * (positive("max_plies_per_round")? + 1))
        }
        // A capture removes a stone for good and the no-capture counter ends the game after
        // `no_capture_draw_plies` quiet plies: at most 30 captures (15 stones a side).
        "tower-of-power" => Some(31 * positive("no_capture_draw_plies")?),
        // `max_plies` counts complete turns.
        "chain-reaction" | "queens-courtiers" => positive("max_plies"),
        // At most 2N - 1 points are scored in a game to N, and `max_plies_per_point` plies
        // without a point end it.
        "seven-sages" => {
            Some(2 * number(options, "points_to_win")? * positive("max_plies_per_point")?)
        }
        _ => None,
    }
}

/// The most actions (steps) one turn takes, the finish included, or `None`.
fn max_steps(name: &str, options: &[(String, String)]) -> Option<u64> {
    match name {
        // Select and destination; a pass or refill is one choice.
        "kamisado" => Some(2),
        // A row is its far end, its base and its end; a step two cells; plus the finish.
        "tower-of-power" | "queens-courtiers" | "seven-sages" => Some(4),
        // A placement, then per segment at most a free step's two cells and a re-placement,
        // then the penalty and its re-placement, and the finish.
        "chain-reaction" => Some(1 + 3 * number(options, "max_segments")? + 2 + 1),
        _ => None,
    }
}

/// The most actions a game from the initial position takes, or `None`.
pub(crate) fn max_actions(name: &str, options: &[(String, String)]) -> Option<u64> {
    Some(max_plies(name, options)? * max_steps(name, options)?)
}
