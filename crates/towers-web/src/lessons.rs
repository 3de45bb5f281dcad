//! The lessons: each game's course ([`board_kernel::lessons`]) for the page's lesson panel,
//! and the engine's judgement of a move a person makes in a lesson. The page sets the
//! lesson's position up as it sets up any game (options, position text, moves), so a lesson
//! is played on the same board with the same step-by-step clicks and refusals.

use std::collections::BTreeMap;

use board_kernel::erased::DynGame;
use board_kernel::lessons::Verdict;
use serde::Serialize;
use tower_games::registry;
use wasm_bindgen::prelude::*;

use crate::js_error;
use crate::view::to_json;
use crate::wording::{RuleView, sentence};

/// One lesson, as the lesson panel shows it and sets it up.
#[derive(Serialize)]
struct LessonView {
    /// 1 for the first lesson.
    number: usize,
    title: &'static str,
    task: &'static str,
    /// The rule-book sections it teaches, the main one first, for links.
    sections: Vec<RuleView>,
    /// The setup: options over the defaults, the position text (empty for the initial
    /// position) and the moves played from it.
    options: BTreeMap<&'static str, &'static str>,
    position: &'static str,
    moves: &'static [&'static str],
}

/// The game `name` with its default options, or the words saying there is no such game.
fn game(name: &str) -> Result<Box<dyn DynGame>, String> {
    registry::build(name, &[]).map_err(|e| e.to_string())
}

/// The course of the game `name` as JSON: `[{number, title, task, sections: [{number, title,
/// anchor, citation}], options: {key: value}, position, moves}]`.
///
/// # Errors
///
/// No game of that name.
#[wasm_bindgen]
pub fn lessons(name: &str) -> Result<String, JsError> {
    try_lessons(name).map_err(js_error)
}

/// [`lessons`], with its error as text.
///
/// # Errors
///
/// No game of that name.
pub fn try_lessons(name: &str) -> Result<String, String> {
    let game = game(name)?;
    let book = game.rule_book();
    let views: Vec<LessonView> = game
        .course()
        .lessons
        .iter()
        .enumerate()
        .map(|(i, lesson)| LessonView {
            number: i + 1,
            title: lesson.title,
            task: lesson.task,
            sections: lesson
                .sections
                .iter()
                .filter_map(|anchor| book.section(anchor))
                .map(RuleView::from)
                .collect(),
            options: lesson.setup.options.iter().copied().collect(),
            position: lesson.setup.position.unwrap_or(""),
            moves: lesson.setup.moves,
        })
        .collect();
    Ok(to_json(&views, "[]"))
}

/// How a lesson judged a move, for the page.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// `solved`, `missed` (a legal move that misses the task) or `refused` (a move the
    /// engine does not play there, or no such lesson).
    pub verdict: &'static str,
    /// What the player is told: why the move solves the task, what the task needs, or why the
    /// move is refused (citing the rule book's section).
    pub text: String,
}

/// Judges the move `mv` (the game's notation) as the answer to lesson `number` (1 for the
/// first) of the game `name`, as JSON `{verdict, text}` ([`Judgement`]). Never fails: a bad
/// game, lesson or move is a `refused` verdict saying what is wrong.
#[wasm_bindgen]
#[must_use]
pub fn judge_lesson(name: &str, number: usize, mv: &str) -> String {
    to_json(&judgement(name, number, mv), "{}")
}

/// [`judge_lesson`] as a value.
#[must_use]
pub fn judgement(name: &str, number: usize, mv: &str) -> Judgement {
    let refused = |text: String| Judgement {
        verdict: "refused",
        text: sentence(&text),
    };
    let game = match game(name) {
        Ok(game) => game,
        Err(e) => return refused(e),
    };
    let Some(index) = number.checked_sub(1) else {
        return refused("lessons are numbered from 1".to_owned());
    };
    let course = game.course();
    match game.judge_lesson(index, mv) {
        Ok(Verdict::Solved) => Judgement {
            verdict: "solved",
            text: format!("Right. {}", sentence(course.lessons[index].success)),
        },
        Ok(Verdict::Missed) => Judgement {
            verdict: "missed",
            text: format!(
                "{mv} is a legal move, but not the answer. {}",
                sentence(course.lessons[index].miss)
            ),
        },
        Err(why) => refused(why),
    }
}

/// The moves that solve lesson `number` (1 for the first) of the game `name`, as a JSON list
/// of texts in the game's notation: what the lesson's hint shows.
///
/// # Errors
///
/// No game of that name, or no such lesson.
#[wasm_bindgen]
pub fn lesson_answers(name: &str, number: usize) -> Result<String, JsError> {
    try_lesson_answers(name, number).map_err(js_error)
}

/// [`lesson_answers`], with its error as text.
///
/// # Errors
///
/// No game of that name, or no such lesson.
pub fn try_lesson_answers(name: &str, number: usize) -> Result<String, String> {
    let game = game(name)?;
    let index = number.checked_sub(1).ok_or("lessons are numbered from 1")?;
    Ok(to_json(&game.lesson_answers(index)?, "[]"))
}
