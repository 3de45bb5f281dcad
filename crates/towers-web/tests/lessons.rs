//! The lessons as the page gets them: every game's course sets up on the page's own
//! `Session` (options, position text, moves), every answer the hint shows is judged right,
//! some other legal move is judged a miss with the lesson's words, and bad input is a refusal
//! in words, never a panic.

use serde_json::Value;
use towers_web::{Judgement, Session, judgement, try_lesson_answers, try_lessons};

const GAMES: [&str; 5] = [
    "kamisado",
    "tower-of-power",
    "chain-reaction",
    "queens-courtiers",
    "seven-sages",
];

fn course(name: &str) -> Vec<Value> {
    serde_json::from_str(&try_lessons(name).unwrap()).unwrap()
}

/// The lesson's position, set up as the page sets it up.
fn start(name: &str, lesson: &Value) -> Session {
    let options = lesson["options"].to_string();
    let position = lesson["position"].as_str().unwrap();
    let mut session = Session::open(name, &options, position).unwrap();
    for mv in lesson["moves"].as_array().unwrap() {
        session.try_play(mv.as_str().unwrap()).unwrap();
    }
    session
}

#[test]
fn every_lesson_sets_up_and_judges_its_answers_right_and_another_move_a_miss() {
    for name in GAMES {
        let lessons = course(name);
        assert!(lessons.len() >= 6, "{name}: only {} lessons", lessons.len());
        for lesson in &lessons {
            let number = usize::try_from(lesson["number"].as_u64().unwrap()).unwrap();
            let title = lesson["title"].as_str().unwrap();
            assert!(
                !lesson["sections"].as_array().unwrap().is_empty(),
                "{name} {title}: no section to link"
            );
            let session = start(name, lesson);
            let view: Value = serde_json::from_str(&session.view()).unwrap();
            assert_eq!(view["finished"], false, "{name} {title}");
            let answers: Vec<String> =
                serde_json::from_str(&try_lesson_answers(name, number).unwrap()).unwrap();
            assert!(!answers.is_empty(), "{name} {title}: no answer");
            for answer in &answers {
                let judged = judgement(name, number, answer);
                assert_eq!(
                    judged.verdict, "solved",
                    "{name} {title} {answer}: {judged:?}"
                );
                assert!(judged.text.starts_with("Right. "), "{judged:?}");
            }
            // A legal move that is no answer is a miss, with the lesson's own words.
            let legal: Vec<String> = serde_json::from_str(&session_moves(&session)).unwrap();
            if let Some(other) = legal.iter().find(|m| !answers.contains(m)) {
                let judged = judgement(name, number, other);
                assert_eq!(
                    judged.verdict, "missed",
                    "{name} {title} {other}: {judged:?}"
                );
                assert!(judged.text.contains("is a legal move, but not the answer"));
            } else {
                assert_eq!(legal.len(), 1, "{name} {title}: every move is an answer");
            }
        }
    }
}

/// The legal moves of the session's position (the page never lists them whole; the test
/// does, through the view's snapshot and the registry's state).
fn session_moves(session: &Session) -> String {
    let snapshot = session.snapshot();
    let game = tower_games::registry::build(&session.name(), &options(session)).unwrap();
    let state = game.restore_json(&snapshot).unwrap();
    serde_json::to_string(&state.legal_moves()).unwrap()
}

fn options(session: &Session) -> Vec<(String, String)> {
    let map: serde_json::Map<String, Value> = serde_json::from_str(&session.options()).unwrap();
    map.into_iter()
        .map(|(k, v)| (k, v.as_str().map_or_else(|| v.to_string(), str::to_owned)))
        .collect()
}

#[test]
fn bad_input_is_refused_in_words() {
    let refused = |j: Judgement| {
        assert_eq!(j.verdict, "refused", "{j:?}");
        j.text
    };
    assert!(refused(judgement("chess", 1, "e2-e4")).contains("chess"));
    assert!(refused(judgement("kamisado", 0, "d1-d7")).contains("numbered from 1"));
    assert!(refused(judgement("kamisado", 999, "d1-d7")).contains("no lesson 999"));
    assert!(!refused(judgement("kamisado", 1, "nonsense")).is_empty());
    assert!(try_lessons("chess").is_err());
    assert!(try_lesson_answers("kamisado", 0).is_err());
    assert!(try_lesson_answers("kamisado", 999).is_err());
}
