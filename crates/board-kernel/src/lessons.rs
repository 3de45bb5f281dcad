//! Lessons: each game's short course in playing it. A lesson sets up a position from the
//! rule book's sections and examples, asks the player for one move ("push White's purple
//! tower", "kick the ball into the goal", "pass: you are blocked"), and the engine judges the
//! answer: an illegal try is refused with the rule it breaks (the step mechanism's refusal,
//! linked to the rule book), a legal move that misses the task is told why it misses, and the
//! right move is explained. The course of a game covers every numbered section of its rule
//! book, or says why a section is not taught by a move (a file format, say).
//!
//! The course lives in the game crate ([`Presentation::course`]) beside its rule book, so that
//! the words and positions are the game's, and front ends (the playground's lesson panel)
//! only show them.

use std::collections::BTreeSet;

#[cfg(doc)]
use crate::Presentation;
pub use crate::course::{Course, Goal, Lesson, Verdict};
use crate::{Game, Side};

/// The state a lesson starts from, or what is wrong with its setup.
///
/// # Errors
///
/// Options that do not build, a position that does not parse, a move that is not legal.
pub fn lesson_start<G: Game>(lesson: &Lesson) -> Result<(G, G::State), String> {
    let setup = lesson.setup;
    let game = G::from_pairs(setup.options.iter().copied()).map_err(|e| e.to_string())?;
    let mut state = match setup.position {
        Some(text) => game.parse_position(text).map_err(|e| e.to_string())?,
        None => game.initial_state(),
    };
    for mv in setup.moves {
        game.play_text(&mut state, mv)
            .map_err(|e| format!("`{mv}`: {e}"))?;
    }
    Ok((game, state))
}

/// Whether `mv`, legal in `state` (the lesson's start), solves `goal`.
pub fn judge<G: Game>(game: &G, state: &G::State, goal: &Goal, mv: &G::Move) -> Verdict {
    let solved = match *goal {
        Goal::Moves(moves) => moves
            .iter()
            .any(|text| game.parse_move(state, text).is_ok_and(|m| &m == mv)),
        Goal::Win => {
            let mover: Side = game.side_to_move(state);
            let mut after = state.clone();
            game.play(&mut after, mv).is_ok()
                && game
                    .status(&after)
                    .result()
                    .is_some_and(|r| r.winner == Some(mover))
        }
    };
    if solved {
        Verdict::Solved
    } else {
        Verdict::Missed
    }
}

/// The legal moves of `state` that solve `goal`, in the order the game lists them, and how
/// many legal moves there are: what a hint shows and what makes a task a choice.
pub fn answers<G: Game>(game: &G, state: &G::State, goal: &Goal) -> (Vec<G::Move>, usize) {
    let mut legal = Vec::new();
    game.legal_moves(state, &mut legal);
    let count = legal.len();
    legal.retain(|mv| judge(game, state, goal, mv) == Verdict::Solved);
    (legal, count)
}

/// Checks `G`'s course: every lesson starts from a position that builds and is not over,
/// names sections its rule book has, and has a task that is a choice (at least one legal move
/// solves it, and, unless the player has a single legal move, at least one does not); and
/// every numbered section of the rule book is taught by a lesson or listed as untaught with a
/// reason. Returns the number of lessons, or the first failure.
///
/// # Errors
///
/// The first lesson or section that fails, with the lesson's title.
pub fn check_course<G: Game>() -> Result<usize, String> {
    check_lessons::<G>(&G::course())
}

/// [`check_course`] for a course given (a course being written, or a test's).
///
/// # Errors
///
/// As [`check_course`].
pub fn check_lessons<G: Game>(course: &Course) -> Result<usize, String> {
    let book = G::rule_book();
    let anchors: BTreeSet<String> = book
        .sections()
        .map_err(|e| format!("{}: the rule book: {e}", G::NAME))?
        .into_iter()
        .map(|s| s.anchor)
        .collect();
    let mut taught = BTreeSet::new();
    let mut titles = BTreeSet::new();
    for lesson in course.lessons {
        let fail = |what: String| format!("{}: lesson `{}`: {what}", G::NAME, lesson.title);
        if !titles.insert(lesson.title) {
            return Err(fail("two lessons have this title".into()));
        }
        for (what, text) in [
            ("title", lesson.title),
            ("task", lesson.task),
            ("miss", lesson.miss),
            ("success", lesson.success),
        ] {
            if text.trim().is_empty() {
                return Err(fail(format!("its {what} is empty")));
            }
        }
        if lesson.sections.is_empty() {
            return Err(fail("it teaches no section".into()));
        }
        for anchor in lesson.sections {
            if !anchors.contains(*anchor) {
                return Err(fail(format!("the rule book has no section `{anchor}`")));
            }
            taught.insert(*anchor);
        }
        let (game, state) = lesson_start::<G>(lesson).map_err(fail)?;
        if game.status(&state).is_finished() {
            return Err(fail("its position is already over".into()));
        }
        if let Goal::Moves(moves) = lesson.goal {
            if moves.is_empty() {
                return Err(fail("it accepts no move".into()));
            }
            for text in moves {
                let mv = game
                    .parse_move(&state, text)
                    .map_err(|e| fail(format!("`{text}`: {e}")))?;
                if !game.is_legal(&state, &mv) {
                    return Err(fail(format!("`{text}` is not legal there")));
                }
            }
        }
        let (solving, legal) = answers(&game, &state, &lesson.goal);
        if solving.is_empty() {
            return Err(fail("no legal move solves it".into()));
        }
        if solving.len() == legal && legal > 1 {
            return Err(fail(format!(
                "every one of the {legal} legal moves solves it: the task is no choice"
            )));
        }
    }
    for (anchor, reason) in course.untaught {
        if !anchors.contains(*anchor) {
            return Err(format!(
                "{}: untaught section `{anchor}` is not in the rule book",
                G::NAME
            ));
        }
        if taught.contains(anchor) {
            return Err(format!(
                "{}: section `{anchor}` is both taught and listed as untaught",
                G::NAME
            ));
        }
        if reason.trim().is_empty() {
            return Err(format!(
                "{}: untaught section `{anchor}` gives no reason",
                G::NAME
            ));
        }
    }
    let untaught: BTreeSet<&str> = course.untaught.iter().map(|&(a, _)| a).collect();
    if let Some(missing) = anchors
        .iter()
        .find(|a| !taught.contains(a.as_str()) && !untaught.contains(a.as_str()))
    {
        return Err(format!(
            "{}: no lesson teaches rule-book section `{missing}`",
            G::NAME
        ));
    }
    Ok(course.lessons.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;
    use crate::erased::erase;
    use crate::prelude::*;
    use crate::testing::Nim;

    #[test]
    fn nims_course_covers_its_rule_book() {
        assert_eq!(check_course::<Nim>(), Ok(1));
    }

    /// Each way a course can be wrong is caught, with the lesson it is in.
    #[test]
    fn a_wrong_course_is_refused_with_the_reason() {
        let good = Nim::course().lessons[0];
        let with = |lesson: Lesson| Course {
            lessons: Vec::leak(vec![lesson]),
            untaught: &[],
        };
        let cases = [
            (
                Course {
                    lessons: &[],
                    untaught: &[],
                },
                "no lesson teaches rule-book section `taking`",
            ),
            (
                Course {
                    lessons: &[],
                    untaught: &[("taking", "")],
                },
                "gives no reason",
            ),
            (
                Course {
                    lessons: Vec::leak(vec![good]),
                    untaught: &[("taking", "taught elsewhere")],
                },
                "both taught and listed as untaught",
            ),
            (
                with(Lesson {
                    sections: &["moving"],
                    ..good
                }),
                "no section `moving`",
            ),
            (
                with(Lesson {
                    goal: Goal::Moves(&["4"]),
                    ..good
                }),
                "`4`",
            ),
            (
                with(Lesson {
                    goal: Goal::Moves(&["1", "2", "3"]),
                    ..good
                }),
                "every one of the 3 legal moves solves it",
            ),
            (
                with(Lesson {
                    setup: Setup::position("5 w"),
                    ..good
                }),
                "no legal move solves it",
            ),
            (
                with(Lesson {
                    setup: Setup::position("0 w"),
                    ..good
                }),
                "already over",
            ),
            (
                with(Lesson {
                    success: " ",
                    ..good
                }),
                "its success is empty",
            ),
        ];
        for (course, expected) in cases {
            let error = check_lessons::<Nim>(&course).unwrap_err();
            assert!(error.contains(expected), "{error} (expected {expected})");
        }
    }

    #[test]
    fn only_the_winning_take_solves_a_win_lesson() {
        let lesson = &Nim::course().lessons[0];
        let (game, state) = lesson_start::<Nim>(lesson).unwrap();
        let verdicts: Vec<Verdict> = (1..=3)
            .map(|n| {
                let mv = game.parse_move(&state, &n.to_string()).unwrap();
                judge(&game, &state, &lesson.goal, &mv)
            })
            .collect();
        assert_eq!(
            verdicts,
            [Verdict::Missed, Verdict::Missed, Verdict::Solved]
        );
    }

    #[test]
    fn a_moves_goal_compares_moves_not_texts() {
        let game = Nim::default();
        let state = game.parse_position("5 w").unwrap();
        let goal = Goal::Moves(&["2"]);
        let two = game.parse_move(&state, "2").unwrap();
        let one = game.parse_move(&state, "1").unwrap();
        assert_eq!(judge(&game, &state, &goal, &two), Verdict::Solved);
        assert_eq!(judge(&game, &state, &goal, &one), Verdict::Missed);
    }

    #[test]
    fn the_erased_face_judges_and_refuses_in_words() {
        let game = erase(Nim::default());
        assert_eq!(game.judge_lesson(0, "3"), Ok(Verdict::Solved));
        assert_eq!(game.judge_lesson(0, "1"), Ok(Verdict::Missed));
        // Taking four of three stones breaks the rule the rule book's section 1 states.
        let refusal = game.judge_lesson(0, "4").unwrap_err();
        assert!(refusal.contains("rule 1, Taking stones"), "{refusal}");
        assert_eq!(game.lesson_answers(0), Ok(vec!["3".to_owned()]));
        let missing = game.judge_lesson(1, "3").unwrap_err();
        assert!(missing.contains("no lesson 2"), "{missing}");
        assert!(game.judge_lesson(0, "many").is_err());
    }
}
