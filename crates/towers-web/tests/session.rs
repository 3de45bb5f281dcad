//! The playground's engine API, natively: every registered game opens, plays, refuses, undoes,
//! draws and lets a computer player choose.

use towers_web::{Session, choose_move, games};

#[test]
fn every_game_opens_plays_refuses_and_undoes() {
    let list: serde_json::Value = serde_json::from_str(&games()).unwrap();
    let names: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names.len(), tower_games::registry::names().len());
    for name in &names {
        let mut session = Session::open(name, "", "").unwrap();
        let view: serde_json::Value = serde_json::from_str(&session.view()).unwrap();
        let first = view["moves"][0]["text"].as_str().unwrap().to_owned();
        assert!(
            !view["moves"][0]["path"].as_array().unwrap().is_empty(),
            "{name}"
        );
        let start = view["position"].as_str().unwrap().to_owned();
        assert!(session.try_play("not a move").is_err(), "{name}");
        assert_eq!(session.try_play(&first).unwrap(), first);
        let svg = session
            .try_svg(r#"{"flipped": true, "selected": [0, 0], "targets": [[1, 1]]}"#)
            .unwrap();
        assert!(
            svg.contains("class=\"path\"") && svg.contains("class=\"target\""),
            "{name}"
        );
        assert!(session.try_svg(r#"{"colour": 1}"#).is_err());
        let reply =
            choose_move(name, &session.options(), &session.snapshot(), "mcts:50", 1).unwrap();
        let reply: serde_json::Value = serde_json::from_str(&reply).unwrap();
        session.try_play(reply["move"].as_str().unwrap()).unwrap();
        assert!(session.undo() && session.undo() && !session.undo());
        let view: serde_json::Value = serde_json::from_str(&session.view()).unwrap();
        assert_eq!(view["position"].as_str().unwrap(), start);
    }
}

#[test]
fn options_and_positions_are_checked() {
    assert!(Session::open("kamisado", r#"{"match_target": "3"}"#, "").is_ok());
    assert!(Session::open("kamisado", r#"{"match_target": 5}"#, "").is_err());
    assert!(Session::open("chess", "", "").is_err());
    assert!(Session::open("kamisado", "", "not a position").is_err());
    assert!(choose_move("kamisado", "", "{}", "mcts:10", 1).is_err());
    assert!(choose_move("kamisado", "", r#"{"position":"x"}"#, "mcts:10", 1).is_err());
    let start = Session::open("kamisado", "", "").unwrap();
    assert!(choose_move("kamisado", "", &start.snapshot(), "wizard", 1).is_err());
    let timed = choose_move("kamisado", "", &start.snapshot(), "mcts:20ms", 1).unwrap();
    assert!(timed.contains("\"move\""));
}
