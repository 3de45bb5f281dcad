//! The course's answers held against the rules. A lesson that lists its answers must list
//! exactly the legal moves that do what its task says, or a player who finds another right
//! move is told he missed (or a wrong one is praised). So the moves come from the independent
//! reference generator, and each is judged by the positions before and after it (where the
//! sages and the ball stand, the score), not by the lesson's list. Typical wrong tries must be
//! refused by the engine with the rule of the rule book they break.

use std::collections::BTreeSet;

use board_kernel::lessons::{Goal, Lesson, Verdict, judge, lesson_start};
use board_kernel::prelude::*;
use board_kernel::{Side, Status};
use seven_sages::{SevenSages, State};

use crate::reference::reference_moves;

/// What a task asks of a move, seen in the position before it and the one after it.
type Property = fn(before: &State, after: &State) -> bool;

/// Whether a White sage stands on `square`.
fn white_on(state: &State, square: &str) -> bool {
    state
        .sages(Side::White)
        .iter()
        .any(|s| s.to_string() == square)
}

/// The ball's file letter.
fn ball_file(state: &State) -> char {
    state.ball().file_char()
}

/// Each listed lesson's task as a property of the move, by title.
const PROPERTIES: &[(&str, Property)] = &[
    // "Slide one of your sages onto g9."
    ("A sage slides like a queen", |_, after| {
        white_on(after, "g9")
    }),
    // "Bring a sage back to e10."
    ("Straight back, never diagonally back", |_, after| {
        white_on(after, "e10")
    }),
    // "Slide it (e15) along rank 15 to the far side of that goal area": no White sage is
    // there before, so a White sage on k15–o15 afterwards is the sage that crossed.
    ("Through the opponent's goal area", |_, after| {
        let beyond = ["k15", "l15", "m15", "n15", "o15"];
        !white_on(after, "e15") && beyond.iter().any(|s| white_on(after, s))
    }),
    // "Kick the ball as far east as it can go": the easternmost file the ball can end on is
    // n (o is the outside); `the_first_kick_reaches_file_n_at_most` checks that no move gets
    // it further.
    ("Your first kick", |_, after| ball_file(after) == 'n'),
    // "Kick the ball on h12": any move after which the ball has left h12.
    ("Boxed in at the first pivot", |before, after| {
        after.ball() != before.ball()
    }),
    // One specific move, "play the kick written h5-h8/b9": read from the positions, the sage
    // of h5 stands on h8 and the ball on b9.
    ("Reading a kick", |_, after| {
        !white_on(after, "h5") && white_on(after, "h8") && after.ball().to_string() == "b9"
    }),
    // "Pass": the forced pass is the only legal move (`the_pass_lesson_leaves_no_other_move`);
    // a pass leaves the board as it was.
    ("No move: pass", |before, after| {
        before.sages(Side::White) == after.sages(Side::White) && before.ball() == after.ball()
    }),
    // "Score a goal": White's points rose.
    ("A goal after two bounces", |before, after| {
        after.score()[Side::White] > before.score()[Side::White]
    }),
    // "Lob the ball over it (h9)": the ball lies beyond h9, further up the h file.
    ("The lob (an option)", |_, after| {
        let ball = after.ball().to_string();
        ball_file(after) == 'h' && ball[1..].parse::<u32>().unwrap() > 9
    }),
];

fn lesson(title: &str) -> &'static Lesson {
    SevenSages::course()
        .lesson(title)
        .unwrap_or_else(|| panic!("no lesson `{title}`"))
}

/// The texts of the moves of `lesson`'s start that `solves` accepts, over the reference
/// generator's moves, checking on the way that the engine's legal moves are the same.
fn solving(
    lesson: &Lesson,
    solves: impl Fn(&SevenSages, &State, &str) -> bool,
) -> BTreeSet<String> {
    let (game, state) = lesson_start::<SevenSages>(lesson).unwrap();
    let reference = reference_moves(&game, &state);
    let mut engine = Vec::new();
    game.legal_moves(&state, &mut engine);
    let engine: BTreeSet<String> = engine.iter().map(ToString::to_string).collect();
    assert_eq!(
        engine, reference,
        "lesson `{}`: the legal moves",
        lesson.title
    );
    reference
        .into_iter()
        .filter(|text| solves(&game, &state, text))
        .collect()
}

/// The moves the lesson's goal accepts, by the kernel's judge.
fn judged(lesson: &Lesson) -> BTreeSet<String> {
    solving(lesson, |game, state, text| {
        let mv = game.parse_move(state, text).unwrap();
        judge(game, state, &lesson.goal, &mv) == Verdict::Solved
    })
}

/// The moves with `property`, played by the engine from the reference's texts.
fn with_property(lesson: &Lesson, property: Property) -> BTreeSet<String> {
    solving(lesson, |game, state, text| {
        let mut after = state.clone();
        game.play_text(&mut after, text).unwrap();
        property(state, &after)
    })
}

#[test]
fn each_listed_answer_is_exactly_the_moves_the_task_asks_for() {
    let course = SevenSages::course();
    let mut checked = 0;
    for lesson in course.lessons {
        let Goal::Moves(_) = lesson.goal else {
            continue;
        };
        let property = PROPERTIES
            .iter()
            .find(|(title, _)| *title == lesson.title)
            .unwrap_or_else(|| panic!("lesson `{}` has no property to check", lesson.title))
            .1;
        let wanted = with_property(lesson, property);
        assert!(
            !wanted.is_empty(),
            "lesson `{}`: no move does it",
            lesson.title
        );
        assert_eq!(judged(lesson), wanted, "lesson `{}`", lesson.title);
        checked += 1;
    }
    assert_eq!(
        checked,
        PROPERTIES.len(),
        "a property names no listed lesson"
    );
}

/// The win lesson has no list: the moves that win are exactly those after which White has
/// its fifth point and the game is over.
#[test]
fn the_deciding_goal_is_the_move_that_brings_the_fifth_point() {
    let lesson = lesson("The deciding goal");
    assert_eq!(lesson.goal, Goal::Win);
    let fifth = with_property(lesson, |_, after| after.score()[Side::White] == 5);
    assert_eq!(fifth, BTreeSet::from(["g11-g13/g15+".to_owned()]));
    assert_eq!(judged(lesson), fifth);
    let (game, mut state) = lesson_start::<SevenSages>(lesson).unwrap();
    game.play_text(&mut state, "g11-g13/g15+").unwrap();
    assert!(matches!(game.status(&state), Status::Finished(r) if r.winner == Some(Side::White)));
    // Nothing is reset: the ball lies in Black's goal area.
    assert_eq!(state.ball().to_string(), "g15");
}

/// The position text lesson's task is read off the text it shows: Black to move leads 3–2
/// after 499 plies without a point. The moves that win are exactly those that score no point
/// (Black's points unchanged, so the 500th ply ends the game on points), and the text the task
/// shows is the lesson's position.
#[test]
fn the_position_text_lesson_wins_by_not_scoring() {
    let lesson = lesson("Reading the position text");
    assert_eq!(lesson.goal, Goal::Win);
    assert!(lesson.quotes_its_position(), "{}", lesson.task);
    let (game, state) = lesson_start::<SevenSages>(lesson).unwrap();
    assert_eq!(game.side_to_move(&state), Side::Black);
    assert_eq!(
        (state.score()[Side::White], state.score()[Side::Black]),
        (2, 3)
    );
    let quiet = with_property(lesson, |before, after| {
        after.score()[Side::Black] == before.score()[Side::Black]
    });
    let all = solving(lesson, |_, _, _| true);
    let goals: BTreeSet<String> = all.difference(&quiet).cloned().collect();
    assert_eq!(goals, BTreeSet::from(["h9-h6/h1+".to_owned()]));
    assert_eq!(judged(lesson), quiet);
    let mut after = state.clone();
    game.play_text(&mut after, "h9-h6/h1+").unwrap();
    assert!(matches!(game.status(&after), Status::Ongoing));
}

#[test]
fn the_first_kick_reaches_file_n_at_most() {
    let lesson = lesson("Your first kick");
    let files: BTreeSet<char> = solving(lesson, |game, state, text| {
        let mut after = state.clone();
        game.play_text(&mut after, text).unwrap();
        after.ball() != state.ball()
    })
    .into_iter()
    .map(|text| {
        let (_, ball) = text.split_once('/').unwrap();
        ball.chars().next().unwrap()
    })
    .collect();
    assert_eq!(files.last(), Some(&'n'), "{files:?}");
}

#[test]
fn the_pass_lesson_leaves_no_other_move() {
    let lesson = lesson("No move: pass");
    let all = solving(lesson, |_, _, _| true);
    assert_eq!(all, BTreeSet::from(["pass".to_owned()]));
}

/// Typical wrong tries, refused by the engine with the rule they break, cited from the rule
/// book (number and title) and worded for players.
#[test]
fn wrong_tries_are_refused_citing_the_rule_book() {
    let cases = [
        // Along a blocked line.
        (
            "A sage slides like a queen",
            "g3-g9",
            "rule 2.1, Plain moves",
            "blocked",
        ),
        // Diagonally backward.
        (
            "Straight back, never diagonally back",
            "h13-e10",
            "rule 2.1, Plain moves",
            "a plain move may not go diagonally backward (south-west for White)",
        ),
        // Stopping in the opponent's goal area.
        (
            "Through the opponent's goal area",
            "e15-g15",
            "rule 1, The board",
            "not stop there",
        ),
        // A second sage in the own goal area.
        (
            "Through the opponent's goal area",
            "e1-g1",
            "rule 1, The board",
            "more than one sage in its own goal area",
        ),
        // A kick whose ball would reach the outside without meeting a stone.
        (
            "Your first kick",
            "k8-d8/c8",
            "rule 2.2, Kicks",
            "meet another stone",
        ),
        // The ball left on its first pivot.
        (
            "Your first kick",
            "d5-d8/d11",
            "rule 2.2, Kicks",
            "first bounce is mandatory",
        ),
        // The ball in the outside, which it never enters.
        (
            "Your first kick",
            "d5-d8/o11",
            "rule 1, The board",
            "the ball cannot stop on o11: o11 is outside (the marked margin), which the ball \
             never enters; this kick may leave it on ",
        ),
        // A pass while a move exists.
        (
            "Reading a kick",
            "pass",
            "rule 2, A turn",
            "passes only when",
        ),
    ];
    for (title, try_, rule, words) in cases {
        let (game, state) = lesson_start::<SevenSages>(lesson(title)).unwrap();
        let mv = game.parse_move(&state, try_).unwrap();
        let illegal = game.check_move(&state, &mv).unwrap_err();
        let text = board_kernel::refusal_text::<SevenSages>(&illegal);
        assert!(text.contains("rule "), "{title}: {try_}: {text}");
        assert!(
            text.contains(rule),
            "{title}: {try_}: {text} (expected {rule})"
        );
        assert!(
            text.contains(words),
            "{title}: {try_}: {text} (expected {words})"
        );
    }
}

/// Without the lob option the lob lesson's answer is no move at all: the option is what the
/// lesson teaches.
#[test]
fn the_lob_needs_its_option() {
    let lesson = lesson("The lob (an option)");
    let (game, state) = lesson_start::<SevenSages>(lesson).unwrap();
    assert!(game.play_text(&mut state.clone(), "h7-h8/h10").is_ok());
    let original = SevenSages::default();
    let state = original
        .parse_position(lesson.setup.position.unwrap())
        .unwrap();
    let mv = original.parse_move(&state, "h7-h8/h10").unwrap();
    let text =
        board_kernel::refusal_text::<SevenSages>(&original.check_move(&state, &mv).unwrap_err());
    assert!(text.contains("rule 2.2, Kicks"), "{text}");
}
