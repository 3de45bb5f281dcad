//! The course's answers: each lesson accepts exactly the legal turns that do what its task
//! says, worked out here from the position texts before and after each turn (cells, scores,
//! targets), not from the engine's own idea of scoring or towers; and a wrong try is refused
//! with the rule book's rule.

use std::collections::{BTreeMap, BTreeSet};

use board_kernel::lessons::{Goal, Lesson, answers, lesson_start};
use board_kernel::prelude::*;
use sackson_chain_reaction::{ChainReaction, State};

/// A position read back from its one-line text: the stones of each cell (bottom first) and
/// the other fields, so that the tests see the board as a player does.
struct Seen {
    cells: BTreeMap<String, String>,
    fields: Vec<String>,
}

impl Seen {
    fn of(state: &State) -> Self {
        let text = state.to_string();
        let fields: Vec<String> = text.split(' ').map(str::to_owned).collect();
        let mut cells = BTreeMap::new();
        for (row, rank) in fields[0].split('/').enumerate() {
            let rank_digit = char::from(b'8' - u8::try_from(row).unwrap());
            let mut file = b'a';
            let mut chars = rank.chars();
            while let Some(c) = chars.next() {
                let stones = match c {
                    '1'..='7' => {
                        file += u8::try_from(c.to_digit(10).unwrap()).unwrap();
                        continue;
                    }
                    '(' => chars.by_ref().take_while(|&c| c != ')').collect(),
                    _ => c.to_string(),
                };
                cells.insert(format!("{}{rank_digit}", char::from(file)), stones);
                file += 1;
            }
        }
        Self { cells, fields }
    }

    /// The stones on `cell`, bottom first ("" when empty).
    fn at(&self, cell: &str) -> &str {
        self.cells.get(cell).map_or("", String::as_str)
    }

    /// The top stones of the towers on the board.
    fn tower_tops(&self) -> Vec<char> {
        self.cells
            .values()
            .filter(|s| s.len() == 2)
            .map(|s| s.chars().last().unwrap())
            .collect()
    }

    fn score(&self, side: char) -> i64 {
        self.fields[if side == 'w' { 3 } else { 4 }]
            .parse()
            .unwrap()
    }

    fn target(&self, side: char) -> i64 {
        self.fields[if side == 'w' { 5 } else { 6 }]
            .parse()
            .unwrap()
    }
}

fn lesson(title: &str) -> &'static Lesson {
    ChainReaction::course()
        .lesson(title)
        .unwrap_or_else(|| panic!("no lesson `{title}`"))
}

/// The turns the lesson accepts, and the legal turns with `property` (given the positions
/// before and after the turn, and its text), both as texts.
fn accepted_and_computed(
    title: &str,
    property: impl Fn(&Seen, &Seen, &str) -> bool,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let lesson = lesson(title);
    let (game, state) = lesson_start::<ChainReaction>(lesson).unwrap();
    let before = Seen::of(&state);
    let mut legal = Vec::new();
    game.legal_moves(&state, &mut legal);
    let accepted = answers(&game, &state, &lesson.goal)
        .0
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut computed = BTreeSet::new();
    for mv in &legal {
        let text = mv.to_string();
        let mut after = state.clone();
        game.play(&mut after, mv).unwrap();
        if property(&before, &Seen::of(&after), &text) {
            computed.insert(text);
        }
    }
    (accepted, computed)
}

/// `title`'s accepted turns are exactly the legal turns with `property`, and there are
/// `count` of them.
fn assert_answers(title: &str, count: usize, property: impl Fn(&Seen, &Seen, &str) -> bool) {
    let (accepted, computed) = accepted_and_computed(title, property);
    assert_eq!(accepted, computed, "lesson `{title}`");
    assert_eq!(accepted.len(), count, "lesson `{title}`: {accepted:?}");
}

/// The cells whose stones changed, with the stones before and after.
fn changes<'a>(before: &'a Seen, after: &'a Seen) -> Vec<(&'a str, &'a str, &'a str)> {
    let cells: BTreeSet<&String> = before.cells.keys().chain(after.cells.keys()).collect();
    cells
        .into_iter()
        .map(|c| (c.as_str(), before.at(c), after.at(c)))
        .filter(|(_, b, a)| b != a)
        .collect()
}

#[test]
fn the_free_step_is_one_stone_to_an_empty_cell_of_rank_4() {
    assert_answers("The free step", 9, |before, after, text| {
        let moved = changes(before, after);
        // A single segment, and the board shows one white stone gone from its cell and one
        // arrived on a cell of rank 4 that was empty: no tower built on the way.
        !text.contains(' ')
            && moved.len() == 2
            && moved.iter().any(|&(_, b, a)| b == "w" && a.is_empty())
            && moved
                .iter()
                .any(|&(c, b, a)| c.ends_with('4') && b.is_empty() && a == "w")
    });
}

#[test]
fn climbing_lands_the_white_stone_on_rank_8() {
    assert_answers("Climbing onto a stone", 3, |_, after, text| {
        // Only a climb onto d6 can bring the stone this far in one turn; the text says it
        // was that climb.
        text.starts_with("d5-d6 ")
            && after
                .cells
                .iter()
                .any(|(c, s)| c.ends_with('8') && s.ends_with('w'))
    });
}

#[test]
fn handing_over_leaves_a_black_tower() {
    assert_answers("Handing Black a tower", 2, |_, after, _| {
        after.tower_tops() == ['b']
    });
}

#[test]
fn the_last_segment_may_build_only_a_black_tower() {
    assert_answers("The last segment", 2, |_, after, _| {
        !after.tower_tops().is_empty()
    });
}

#[test]
fn scoring_in_the_goal_is_worth_2_points() {
    assert_answers("Scoring in the goal", 3, |before, after, _| {
        after.score('w') - before.score('w') == 2
    });
}

#[test]
fn the_penalty_is_the_only_turn_and_costs_2_points() {
    // A forced turn: the lesson accepts the one legal turn, which lowers White's score by 2.
    assert_answers("The penalty", 1, |before, after, _| {
        after.score('w') - before.score('w') == -2
    });
    let (game, state) = lesson_start::<ChainReaction>(lesson("The penalty")).unwrap();
    let mut legal = Vec::new();
    game.legal_moves(&state, &mut legal);
    assert_eq!(legal.len(), 1);
}

#[test]
fn avoiding_the_penalty_keeps_the_score() {
    assert_answers("Avoiding the penalty", 4, |before, after, _| {
        after.score('w') == before.score('w')
    });
}

#[test]
fn winning_turns_reach_blacks_target() {
    let title = "Winning the game";
    assert_eq!(lesson(title).goal, Goal::Win);
    assert_answers(title, 2, |_, after, _| {
        after.score('b') >= after.target('b')
    });
}

/// The notation lesson asks for one specific turn, written out; the test checks that it is
/// the only one accepted and that it does what its tokens say.
#[test]
fn the_notation_lesson_is_the_turn_written() {
    let (accepted, _) = accepted_and_computed("Reading the notation", |_, _, _| false);
    assert_eq!(accepted, BTreeSet::from(["=d8 c8-c7".to_owned()]));
    let (game, mut state) = lesson_start::<ChainReaction>(lesson("Reading the notation")).unwrap();
    game.play_text(&mut state, "=d8 c8-c7").unwrap();
    let after = Seen::of(&state);
    assert_eq!(
        (after.at("d8"), after.at("c8"), after.at("c7")),
        ("b", "", "b")
    );
    assert_eq!(after.fields[7], "-", "no stone is pending any more");
}

/// The position-text lesson quotes its own position text, and its winning turns are those
/// that bring White's score up to the target that text gives (7, not the default 12).
#[test]
fn reading_the_position_text_finds_whites_target() {
    let title = "Reading a position text";
    let lesson = lesson(title);
    assert_eq!(lesson.goal, Goal::Win);
    assert!(lesson.quotes_its_position(), "{}", lesson.task);
    let (_, state) = lesson_start::<ChainReaction>(lesson).unwrap();
    let before = Seen::of(&state);
    assert_eq!((before.fields[1].as_str(), before.target('w')), ("w", 7));
    assert_answers(title, 9, |before, after, _| {
        before.score('w') < before.target('w') && after.score('w') >= after.target('w')
    });
}

#[test]
fn the_step_into_the_goal_scores_2_points_under_its_option() {
    assert_answers("A step into the goal", 3, |before, after, text| {
        !text.contains(' ') && after.score('w') - before.score('w') == 2
    });
}

/// Every lesson's list of turns is written in the engine's own notation, so that the lesson
/// panel can show the answers as the rule book writes them.
#[test]
fn the_answers_are_written_as_the_engine_writes_them() {
    for lesson in ChainReaction::course().lessons {
        let Goal::Moves(moves) = lesson.goal else {
            continue;
        };
        let (game, state) = lesson_start::<ChainReaction>(lesson).unwrap();
        for text in moves {
            let mv = game.parse_move(&state, text).unwrap();
            assert_eq!(mv.to_string(), *text, "lesson `{}`", lesson.title);
        }
    }
}

/// The refusal of `text` in lesson `title`, as a player reads it.
fn refusal(title: &str, text: &str) -> String {
    let (game, state) = lesson_start::<ChainReaction>(lesson(title)).unwrap();
    let mv = game
        .parse_move(&state, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let illegal = game.check_move(&state, &mv).unwrap_err();
    board_kernel::refusal_text::<ChainReaction>(&illegal)
}

/// The tries a player is likely to make in a lesson and that the rules forbid are refused
/// with the rule book's section that forbids them.
#[test]
fn typical_wrong_tries_are_refused_with_the_rule() {
    let cases = [
        // A friendly tower on the 5th segment (L4).
        ("The last segment", "f6-f8", "rule 2.1, Moving the tower"),
        // Two towers at once (L3): c4 and b5 are both occupied.
        (
            "Handing Black a tower",
            "d3-b5",
            "rule 2.1, Moving the tower",
        ),
        // Setup row 1 is full: the scored stone may not go back on it.
        (
            "Scoring in the goal",
            "d7-d9=d1",
            "rule 3, Scoring and putting a stone back",
        ),
    ];
    for (title, text, rule) in cases {
        let words = refusal(title, text);
        assert!(words.contains("rule "), "{title}: {text}: {words}");
        assert!(words.contains(rule), "{title}: {text}: {words}");
    }
}
