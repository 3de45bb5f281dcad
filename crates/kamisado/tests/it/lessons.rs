//! The course's answers. Each lesson's goal must accept exactly the legal moves that do what
//! its task says, or a player who solves the task is told he missed it (or the reverse). So
//! the property each task states is computed here from the positions the moves lead to, not
//! from the goal, and compared with what the goal accepts. Typical wrong tries must be refused
//! by the engine with a rule the rule book states, since the lesson panel shows that refusal.

use std::collections::BTreeSet;

use board_kernel::lessons::{Goal, Lesson, answers, lesson_start};
use board_kernel::prelude::*;
use board_kernel::{Side, Square};
use kamisado::lessons::COURSE;
use kamisado::{Colour, Kamisado, Move, Phase, State, Tower, home_rank};

/// What a task asks, as a property of a legal move: the game, the lesson's start, the move
/// and the state after it.
type Property = fn(&Kamisado, &State, &Move, &State) -> bool;

fn lesson(title: &str) -> &'static Lesson {
    COURSE
        .lesson(title)
        .unwrap_or_else(|| panic!("no lesson `{title}`"))
}

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn legal(game: &Kamisado, state: &State) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves
}

fn after(game: &Kamisado, state: &State, mv: &Move) -> State {
    let mut next = state.clone();
    game.play(&mut next, mv).unwrap();
    next
}

/// Whether a White tower stands on Black's home row: the only way to win a round by a move.
fn white_on_black_home_row(s: &State) -> bool {
    s.towers()
        .any(|(at, t)| t.owner == Side::White && at.rank() == home_rank(Side::Black))
}

/// "Bring your yellow tower onto rank 7."
fn yellow_reaches_rank_7(_: &Kamisado, _: &State, _: &Move, after: &State) -> bool {
    after.square_of(Side::White, Colour::Yellow).rank() == sq("a7").rank()
}

/// "Play the move written d1-d7": one specific move, checked as what it does on the board
/// (the tower that stood on d1 now stands on d7), not as its text.
fn tower_of_d1_on_d7(_: &Kamisado, before: &State, _: &Move, after: &State) -> bool {
    before.tower_at(sq("d1")).is_some()
        && after.tower_at(sq("d7")) == before.tower_at(sq("d1"))
        && after.tower_at(sq("d1")).is_none()
}

/// "White's next move must be made with his yellow tower."
fn white_must_move_yellow(_: &Kamisado, _: &State, _: &Move, after: &State) -> bool {
    after.to_move() == Side::White && after.required() == Some(Colour::Yellow)
}

/// "Pass": a forced pass is the only legal move.
fn the_only_move(game: &Kamisado, before: &State, mv: &Move, _: &State) -> bool {
    legal(game, before) == [*mv]
}

/// "Move the blue Sumo on g1 straight ahead as far as a Sumo may go": of the legal moves that
/// keep it on the g-file, those that take it farthest.
fn blue_sumo_farthest_up_the_g_file(
    game: &Kamisado,
    before: &State,
    _: &Move,
    after: &State,
) -> bool {
    let g1 = sq("g1");
    let blue = |s: &State| s.square_of(Side::White, Colour::Blue);
    let straight = |s: &State| blue(s) != g1 && blue(s).file() == g1.file();
    let farthest = legal(game, before)
        .iter()
        .map(|m| self::after(game, before, m))
        .filter(straight)
        .map(|s| blue(&s).rank())
        .max()
        .unwrap();
    straight(after) && blue(after).rank() == farthest
}

/// "Push White's purple tower back."
fn purple_pushed_back(_: &Kamisado, before: &State, _: &Move, after: &State) -> bool {
    let purple = |s: &State| s.square_of(Side::White, Colour::Purple);
    purple(after).file() == purple(before).file()
        && purple(after).rank() + 1 == purple(before).rank()
}

/// "Win the game (or the match) in one move": reach Black's home row.
fn reaches_black_home_row(_: &Kamisado, _: &State, _: &Move, after: &State) -> bool {
    white_on_black_home_row(after)
}

/// "Make Black pass, without walking into a deadlock": Black's only move is a pass, and after
/// it White still has a move that is not a pass.
fn black_passes_white_still_moves(game: &Kamisado, _: &State, _: &Move, after: &State) -> bool {
    if legal(game, after) != [Move::Pass] {
        return false;
    }
    let passed = self::after(game, after, &Move::Pass);
    legal(game, &passed).iter().any(|m| *m != Move::Pass)
}

/// "Choose the fill direction that puts your yellow Sumo on a1."
fn yellow_sumo_on_a1(_: &Kamisado, _: &State, _: &Move, after: &State) -> bool {
    after.tower_at(sq("a1")) == Some(Tower::new(Side::White, Colour::Yellow, 1))
}

/// Each lesson, by title, with the property its task states.
const TASKS: &[(&str, Property)] = &[
    ("How a tower moves", yellow_reaches_rank_7),
    ("Reading a move", tower_of_d1_on_d7),
    ("Which tower moves", white_must_move_yellow),
    ("The forced pass", the_only_move),
    ("A Sumo moves less far", blue_sumo_farthest_up_the_g_file),
    ("The Sumo push", purple_pushed_back),
    ("Reaching the home row", reaches_black_home_row),
    ("Deadlock", black_passes_white_still_moves),
    ("Winning a match", reaches_black_home_row),
    ("Refilling the home rows", yellow_sumo_on_a1),
];

#[test]
fn every_lesson_has_its_task_checked() {
    let checked: BTreeSet<&str> = TASKS.iter().map(|&(title, _)| title).collect();
    let course: BTreeSet<&str> = COURSE.lessons.iter().map(|l| l.title).collect();
    assert_eq!(checked, course);
}

/// The goal accepts exactly the legal moves with the task's property, and at least one.
#[test]
fn each_goal_accepts_exactly_the_moves_that_do_the_task() {
    for &(title, property) in TASKS {
        let lesson = lesson(title);
        let (game, state) = lesson_start::<Kamisado>(lesson).unwrap();
        let accepted: BTreeSet<String> = answers(&game, &state, &lesson.goal)
            .0
            .iter()
            .map(ToString::to_string)
            .collect();
        let expected: BTreeSet<String> = legal(&game, &state)
            .iter()
            .filter(|mv| property(&game, &state, mv, &after(&game, &state, mv)))
            .map(ToString::to_string)
            .collect();
        assert!(!expected.is_empty(), "{title}: no legal move does the task");
        assert_eq!(accepted, expected, "{title}");
        if let Goal::Moves(texts) = lesson.goal {
            let listed: BTreeSet<String> = texts.iter().map(|t| (*t).to_owned()).collect();
            assert_eq!(listed, expected, "{title}: the goal's list");
        }
    }
}

/// The win lessons really end the game at once: the round in a single round, the match (the
/// Sumo scoring becomes a Double Sumo worth 3) in the Standard match.
#[test]
fn the_winning_moves_end_the_game_with_the_scores_the_lessons_give() {
    for (title, winning, score) in [
        ("Reaching the home row", "b4-f8", 1),
        ("Winning a match", "b4-f8", 3),
    ] {
        let (game, mut state) = lesson_start::<Kamisado>(lesson(title)).unwrap();
        game.play_text(&mut state, winning).unwrap();
        assert_eq!(state.phase(), Phase::Over, "{title}");
        assert_eq!(state.score().white, score, "{title}");
        assert_eq!(
            state.tower_at(sq("f8")).map(|t| t.colour),
            Some(Colour::Green)
        );
    }
}

/// Typical wrong tries are refused in words that cite the rule book's section of the rule
/// they break.
#[test]
fn wrong_tries_are_refused_with_the_rule_book_section() {
    let cases = [
        // Moving the blocked tower onto an occupied square instead of passing.
        (
            "The forced pass",
            "d7-d8",
            "d8 is occupied",
            "rule 1.1, How a tower moves",
        ),
        // Passing when the required tower can move.
        (
            "Which tower moves",
            "pass",
            "a pass is only allowed when the required tower cannot move",
            "rule 1.2, Which tower moves",
        ),
        // Winning with a tower that is not the required one.
        (
            "Reaching the home row",
            "e1-e7",
            "the required tower is the green one on b4",
            "rule 1.2, Which tower moves",
        ),
        // A Sumo moving as far as an ordinary tower.
        (
            "A Sumo moves less far",
            "g1-g7",
            "a Sumo moves at most 5 squares",
            "rule 2, Sumo towers (match play)",
        ),
        // A push with a tower that is not the required Sumo.
        (
            "The Sumo push",
            "b8>b7",
            "the required tower is the green one on f6",
            "rule 1.2, Which tower moves",
        ),
    ];
    for (title, try_, reason, rule) in cases {
        let (game, state) = lesson_start::<Kamisado>(lesson(title)).unwrap();
        let mv = game.parse_move(&state, try_).unwrap();
        let illegal = game.check_move(&state, &mv).unwrap_err();
        let text = board_kernel::refusal_text::<Kamisado>(&illegal);
        assert!(text.contains("rule "), "{title}: {text}");
        assert!(text.contains(reason), "{title}: {text}");
        assert!(text.contains(rule), "{title}: {text}");
        let mut tried = state.clone();
        assert!(game.play_text(&mut tried, try_).is_err(), "{title}");
    }
}
