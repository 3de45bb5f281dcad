//! The analysis the page's worker runs position by position (`analyse_position`): proven
//! values where the solver or the game's end gives them, the strongest player's estimate
//! elsewhere, every value also from White's side, and errors (not panics) for bad input.

use serde_json::Value;
use towers_web::{PositionAnalysis, Session, games, position_analysis};

/// A Kamisado line checked with `towers solve kamisado` and `towers apply kamisado`: after
/// a1-a4 e8-e5 White wins at once with a4-e8 (`solve`: "win", line a4-e8); a4-c6 instead lets
/// Black win at once with a8-a1 (`solve` after it: "win for Black to move", line a8-a1).
const BLUNDER: [&str; 4] = ["a1-a4", "e8-e5", "a4-c6", "a8-a1"];

fn session(name: &str, moves: &[&str]) -> Session {
    let mut session = Session::open(name, "", "").unwrap();
    for mv in moves {
        session.try_play(mv).unwrap();
    }
    session
}

fn analyse(session: &Session, ply: usize) -> PositionAnalysis {
    let all: Vec<Value> = serde_json::from_str(&session.snapshots()).unwrap();
    position_analysis(
        &session.name(),
        &session.options(),
        &all[ply].to_string(),
        "alphabeta:100ms",
        100,
        1,
    )
    .unwrap()
}

#[test]
fn a_missed_win_and_the_loss_after_it_are_proven_from_whites_side() {
    let game = session("kamisado", &BLUNDER);
    // White to move after a1-a4 e8-e5: a proven win, the winning move named.
    let before = analyse(&game, 2);
    assert_eq!(
        (before.value, before.white, before.proven, before.side),
        (Some(1.0), Some(1.0), true, 0)
    );
    assert_eq!(before.best.as_deref(), Some("a4-e8"));
    // After a4-c6 Black, to move, wins: 1 for Black is -1 for White.
    let after = analyse(&game, 3);
    assert_eq!(
        (after.value, after.white, after.proven, after.side),
        (Some(1.0), Some(-1.0), true, 1)
    );
    assert_eq!(after.best.as_deref(), Some("a8-a1"));
    // The game over after a8-a1: Black has won, by the result itself, with no move to name.
    let end = analyse(&game, 4);
    assert_eq!(
        (end.white, end.proven, end.best.as_deref(), end.by.as_str()),
        (Some(-1.0), true, None, "result")
    );
}

#[test]
fn every_game_values_its_start_and_names_a_legal_move() {
    let names: Vec<String> = serde_json::from_str::<Value>(&games())
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names.len(), 5);
    for name in names {
        let mut game = session(&name, &[]);
        let a = analyse(&game, 0);
        let value = a.value.unwrap_or_else(|| panic!("{name}: no value"));
        assert!((-1.0..=1.0).contains(&value), "{name}: {value}");
        let white = a.white.unwrap();
        assert_eq!(white, if a.side == 0 { value } else { -value }, "{name}");
        let best = a.best.unwrap_or_else(|| panic!("{name}: no move"));
        game.try_play(&best)
            .unwrap_or_else(|e| panic!("{name}: {best}: {e}"));
    }
}

#[test]
fn snapshots_and_earlier_moves_steps_cover_every_position() {
    let game = session("kamisado", &BLUNDER[..3]);
    let all: Vec<Value> = serde_json::from_str(&game.snapshots()).unwrap();
    assert_eq!(all.len(), 4);
    assert_eq!(
        all[3],
        serde_json::from_str::<Value>(&game.snapshot()).unwrap()
    );
    // The better move at the position before the blunder: one tower moved, from a4 to e8.
    let steps: Vec<Value> =
        serde_json::from_str(&game.try_move_steps_at(2, "a4-e8").unwrap()).unwrap();
    assert_eq!(steps.len(), 2);
    // Not legal now (a4 is empty), and no position 4.
    assert!(game.try_move_steps("a4-e8").is_err());
    assert!(game.try_move_steps_at(4, "a8-a1").is_err());
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let game = session("kamisado", &[]);
    let snapshot = game.snapshot();
    let cases = [
        ("no-such-game", "", snapshot.as_str(), "alphabeta:10ms"),
        ("kamisado", "{", snapshot.as_str(), "alphabeta:10ms"),
        ("kamisado", "", "{\"position\": 3}", "alphabeta:10ms"),
        ("kamisado", "", "not json", "alphabeta:10ms"),
        ("kamisado", "", snapshot.as_str(), "deep-thought"),
        ("tower-of-power", "", snapshot.as_str(), "alphabeta:10ms"),
    ];
    for (name, options, snap, spec) in cases {
        assert!(
            position_analysis(name, options, snap, spec, 10, 1).is_err(),
            "{name} {options} {snap} {spec}"
        );
    }
}
