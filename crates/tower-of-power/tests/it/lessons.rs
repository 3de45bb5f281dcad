//! The course of lessons against the rules: each lesson accepts exactly the legal moves with
//! the property its task states, computed here from the positions before and after each move
//! (material, the top stone of a square, the stones left free to move), not from the lesson's
//! list nor from the engine's end checks; and typical wrong tries are refused with the rule
//! book's section.

use std::collections::BTreeSet;

use board_kernel::lessons::{Goal, Lesson, Verdict, answers, judge, lesson_start};
use board_kernel::prelude::*;
use board_kernel::{MoveError, Side, Square};
use tower_of_power::{Move, State, TowerOfPower};

fn lesson(title: &str) -> &'static Lesson {
    TowerOfPower::course()
        .lesson(title)
        .unwrap_or_else(|| panic!("no lesson `{title}`"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn top(state: &State, name: &str) -> Option<Side> {
    state.board().top(sq(name))
}

/// Black stones captured by the move (each dealt stone captures at most one, and nothing
/// else removes stones).
fn captured(before: &State, after: &State) -> usize {
    before.board().material(Side::Black) - after.board().material(Side::Black)
}

/// Whether two of Black's active stones stand side by side, that is, whether Black has a row
/// to move when single steps are off.
fn black_has_a_pair(state: &State) -> bool {
    let tops: Vec<Square> = state.board().active_squares(Side::Black).collect();
    tops.iter()
        .any(|a| tops.iter().any(|b| a.distance(*b) == 1))
}

/// What a task asks of a legal move, given the position before, the move and the position
/// after it.
type Property = fn(&TowerOfPower, &State, &Move, &State) -> bool;

/// The property each lesson's task states, read from its wording.
fn property(title: &str) -> Property {
    match title {
        // "Put one of your stones on d4 with a row move."
        "Piling and dealing a row" => |_, before, mv, after| {
            matches!(mv, Move::Row { .. })
                && top(before, "d4").is_none()
                && top(after, "d4") == Some(Side::White)
        },
        // "Capture two Black stones in one move."
        "Capturing as you deal" => |_, before, _, after| captured(before, after) >= 2,
        // "Capture a Black stone with a single step."
        "The single step" => {
            |_, before, mv, after| matches!(mv, Move::Step { .. }) && captured(before, after) >= 1
        }
        // About one named move: any other move whose position equals that of b1-a1-a2.
        "Two moves, one position" => |game, before, mv, after| {
            let mut same = before.clone();
            let named = game.play_text(&mut same, "b1-a1-a2").unwrap();
            *mv != named && after.board() == same.board()
        },
        // "Your stone on e5 is pinned under a Black one: capture that Black stone."
        "Capturing on a stack" => |_, before, _, after| {
            top(before, "e5") == Some(Side::Black)
                && top(after, "e5") == Some(Side::White)
                && captured(before, after) >= 1
        },
        // "Leave Black without a legal move", single steps on: Black has no stone on top.
        "Winning: no move left" => |_, _, _, after| after.board().active(Side::Black) == 0,
        // The same with single steps off: no two active Black stones side by side.
        "Without single steps" => |_, _, _, after| !black_has_a_pair(after),
        // "End the game at once with a draw by insufficient material": both sides at three
        // stones or fewer (the default threshold), and Black not left without a move.
        "A draw by insufficient material" => |_, _, _, after| {
            let board = after.board();
            board.material(Side::White) <= 3
                && board.material(Side::Black) <= 3
                && board.active(Side::Black) != 0
        },
        // "Capture a Black stone" (under the Tours rule, which the legal moves already obey).
        "The French Tours rule" => |_, before, _, after| captured(before, after) >= 1,
        // "Make a move after which the game is not drawn", from the text's counter: the
        // moves without a capture (the text's third field, plus this one unless it captures)
        // stay below 100, the default no-progress limit, and the material draw does not apply.
        "Reading the position text" => |_, before, _, after| {
            let quiet = if captured(before, after) > 0 {
                0
            } else {
                before.no_capture_count() + 1
            };
            let board = after.board();
            quiet < 100 && (board.material(Side::White) > 3 || board.material(Side::Black) > 3)
        },
        _ => panic!("lesson `{title}` has no property in this test: add one"),
    }
}

/// Moves in notation, sorted, so that lists compare as sets and fail readably.
fn texts(moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(Move::to_string).collect()
}

#[test]
fn each_lesson_accepts_exactly_the_moves_its_task_asks_for() {
    for lesson in TowerOfPower::course().lessons {
        let title = lesson.title;
        let (game, state) = lesson_start::<TowerOfPower>(lesson).unwrap();
        let property = property(title);
        let mut legal = Vec::new();
        game.legal_moves(&state, &mut legal);
        let wanted: Vec<Move> = legal
            .iter()
            .filter(|mv| {
                let mut after = state.clone();
                game.play(&mut after, mv).unwrap();
                property(&game, &state, mv, &after)
            })
            .copied()
            .collect();
        if let Goal::Moves(listed) = lesson.goal {
            let listed: Vec<Move> = listed
                .iter()
                .map(|text| game.parse_move(&state, text).unwrap())
                .collect();
            assert_eq!(texts(&listed), texts(&wanted), "{title}");
        }
        for mv in &legal {
            let solved = judge(&game, &state, &lesson.goal, mv) == Verdict::Solved;
            assert_eq!(solved, wanted.contains(mv), "{title}: {mv}");
        }
    }
}

/// The winning lessons have one answer each; the list documents it (the engine's end checks
/// were compared with the independent property above).
#[test]
fn each_winning_lesson_has_one_answer() {
    for (title, answer) in [
        ("Winning: no move left", "a1-a4-d4"),
        ("Without single steps", "d3-d4-e5"),
    ] {
        let lesson = lesson(title);
        assert_eq!(lesson.goal, Goal::Win);
        let (game, state) = lesson_start::<TowerOfPower>(lesson).unwrap();
        let (winning, _) = answers(&game, &state, &lesson.goal);
        assert_eq!(
            texts(&winning),
            BTreeSet::from([answer.to_owned()]),
            "{title}"
        );
    }
}

/// The position-text lesson shows, in backticks in its task, the very text it starts from,
/// so that the player reads the counter the board does not show.
#[test]
fn the_position_text_lesson_quotes_its_position() {
    let lesson = lesson("Reading the position text");
    assert!(lesson.quotes_its_position(), "{}", lesson.task);
}

/// The tries a new player is likely to make are refused by the engine with the rule they
/// break, citing the rule book's section, in its words.
#[test]
fn typical_wrong_tries_are_refused_with_the_rule_book_section() {
    for (title, try_, cited, words) in [
        // The pinned stone cannot move: the Black stone over it is the top of e5.
        (
            "Capturing on a stack",
            "e5-e4",
            "(rule 2, Stones and stacks)",
            "only the top stone of a square moves, and the top stone on e5 is Black's: your \
             stone there is pinned under it",
        ),
        // Rows only: the pair's stone may not step on its own.
        (
            "Without single steps",
            "d4-e5",
            "(rule 3.3, The single step)",
            "single steps are not allowed",
        ),
        // Straight north from c1 the pile would land on the stack on c2.
        (
            "The French Tours rule",
            "a1-c1-c3",
            "(rule 5, The French Tours rule)",
            "holds a stack",
        ),
        // Three stones lifted are dealt to three squares: the fourth is one too far.
        (
            "Piling and dealing a row",
            "a1-d1-d5",
            "(rule 3.2, The row move)",
            "the row a1-d1 lifts 3 stones, which are dealt one per square in a line starting \
             next to the base d1, so the last lands 3 squares from d1: d4, not d5",
        ),
        // Dealt back over the row it came from.
        (
            "Piling and dealing a row",
            "b1-d1-b1",
            "(rule 3.2, The row move)",
            "the pile may not be dealt back over the row it came from, and b1 lies back along \
             the row from the base d1",
        ),
    ] {
        let (game, mut state) = lesson_start::<TowerOfPower>(lesson(title)).unwrap();
        let mv = game.parse_move(&state, try_).unwrap();
        let illegal = game.check_move(&state, &mv).unwrap_err();
        let text = board_kernel::refusal_text::<TowerOfPower>(&illegal);
        assert!(
            text.contains(cited) && text.contains(words),
            "{title}: {try_}: {text}"
        );
        // Typed as text, the try is refused by the same rule, not as notation.
        let before = state.clone();
        match game.play_text(&mut state, try_) {
            Err(MoveError::Illegal { illegal: typed, .. }) => assert_eq!(typed, illegal),
            other => panic!("{title}: {try_}: {other:?}"),
        }
        assert_eq!(state, before);
    }
}
