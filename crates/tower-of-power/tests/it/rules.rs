//! For every rule of the specification a position where it allows and one where it forbids;
//! every option changing what the specification says; bad input rejected without change.

use crate::common::game;
use board_kernel::prelude::*;
use board_kernel::testing::{assert_refused, play_line, sorted_move_texts as texts};
use board_kernel::{
    GameOptions, GameResult, Illegal, MoveError, OptionError, Side, Square, Status,
};
use tower_of_power::{Move, Options, State, TowerOfPower};

fn pos(game: &TowerOfPower, text: &str) -> State {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn after(game: &TowerOfPower, text: &str, line: &[&str]) -> State {
    let mut state = pos(game, text);
    play_line(game, &mut state, line);
    state
}

/// Applies `mv` to the position `text`, expecting an error (a shape the notation rejects, or
/// an illegal move) whose message contains `needle`, and checks that nothing changed.
fn rejected(game: &TowerOfPower, text: &str, mv: &str, needle: &str) {
    assert_refused(game, &pos(game, text), mv, needle);
}

fn tower(state: &State, sq: &str) -> String {
    state.board().tower(sq.parse().unwrap()).to_string()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

// Four Black stones far away keep the material draw (3) out of the way.
const FAR_BLACK: &str = "5bbb/7b";

// ---------------------------------------------------------------- 3. pieces and stacks

#[test]
fn only_the_top_stone_moves_and_pinned_stones_do_not() {
    let g = game(&[]);
    // White's stone on d4 is pinned under a Black one; White's stone on a1 is free.
    let text = &format!("{FAR_BLACK}/8/8/3(wb)4/8/8/w7 w 0 0");
    let state = pos(&g, text);
    let moves = texts(&g, &state);
    assert!(moves.iter().all(|m| m.starts_with("a1-")), "{moves:?}");
    rejected(&g, text, "d4-d5", "Black's");
    // Black's top stone on d4 may move, freeing the White stone.
    let text_b = &format!("{FAR_BLACK}/8/8/3(wb)4/8/8/w7 b 0 0");
    let s = after(&g, text_b, &["d4-d5"]);
    assert_eq!(tower(&s, "d4"), "w");
    assert_eq!(s.board().top(sq("d4")), Some(Side::White));
}

// ---------------------------------------------------------------- 4. a turn

#[test]
fn the_player_moves_only_his_own_stones() {
    let g = game(&[]);
    let text = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0";
    rejected(&g, text, "h8-g8", "Black's");
    rejected(&g, text, "e5-e6", "no stone on e5");
    rejected(&g, text, "g8-h8-h7", "Black's");
    // Black to move: now Black's stones move and White's do not.
    let black = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 b 0 0";
    assert!(g.play_text(&mut pos(&g, black), "h8-h7").is_ok());
    rejected(&g, black, "a1-a2", "White's");
}

// ---------------------------------------------------------------- 4.1 landing

#[test]
fn landing_on_empty_own_and_enemy_squares() {
    let g = game(&[]);
    // d3 White; d4 empty; c4 White; e4 Black; d5 `wbb` (Black on top of Black on White).
    let text = &format!("{FAR_BLACK}/8/3(wbb)4/2w1b3/3w4/8/8 w 0 0");
    let s = after(&g, text, &["d3-d4"]);
    assert_eq!((tower(&s, "d3"), tower(&s, "d4")), (".".into(), "w".into()));
    assert_eq!(s.no_capture_count(), 1);
    let s = after(&g, text, &["d3-c4"]);
    assert_eq!(tower(&s, "c4"), "ww");
    let s = after(&g, text, &["d3-e4"]);
    assert_eq!(tower(&s, "e4"), "w");
    assert_eq!(s.board().material(Side::Black), 6);
    assert_eq!(s.no_capture_count(), 0);
    // On a stack only the top stone is captured; the rest stay pinned underneath.
    let s = after(&g, text, &["c4-d5"]);
    assert_eq!(tower(&s, "d5"), "wbw");
    assert_eq!(s.board().material(Side::Black), 6);
    assert_eq!(s.board().material(Side::White), 3);
}

// ---------------------------------------------------------------- 4.2 row move

#[test]
fn a_row_is_a_gap_free_line_of_own_squares() {
    let g = game(&[]);
    // Rank 1: a1 b1 White, c1 empty, d1 e1 White, f1 Black, g1 White.
    let text = &format!("{FAR_BLACK}/8/8/8/8/8/ww1wwbw1 w 0 0");
    assert!(g.play_text(&mut pos(&g, text), "a1-b1-b2").is_ok());
    assert!(g.play_text(&mut pos(&g, text), "b1-a1-a2").is_ok());
    rejected(&g, text, "a1-d1-d4", "broken: c1 is empty");
    rejected(
        &g,
        text,
        "e1-g1-g3",
        "broken: the top stone on f1 is Black's",
    );
    // The far end itself must be own as well.
    rejected(
        &g,
        text,
        "f1-e1-e2",
        "broken: the top stone on f1 is Black's",
    );
    // Part of a line, and either end as the base.
    let text = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0";
    let all = texts(&g, &pos(&g, text));
    for mv in ["b1-d1-d3", "d1-b1-b3", "a1-e1-e5", "e1-a1-a5", "b1-c1-c2"] {
        assert!(all.contains(&mv.to_owned()), "{mv}");
    }
}

#[test]
fn rows_may_contain_and_end_on_stacks() {
    let g = game(&[]);
    // a1 `bw` (White on Black), b1 `bw`, c1 `w`; row c1-b1-a1 with base a1.
    let text = &format!("{FAR_BLACK}/8/8/8/8/8/(bw)(bw)w5 w 0 0");
    let s = after(&g, text, &["c1-a1-a3"]);
    // Only b1's top stone moved, freeing the Black stone; the base keeps its whole stack.
    assert_eq!(tower(&s, "a1"), "bw");
    assert_eq!(tower(&s, "b1"), "b");
    assert_eq!(tower(&s, "c1"), ".");
    assert_eq!((tower(&s, "a2"), tower(&s, "a3")), ("w".into(), "w".into()));
    assert_eq!(s.board().top(sq("b1")), Some(Side::Black));
    // The freed Black stone is active for Black at once.
    assert!(texts(&g, &s).contains(&"b1-c1".to_owned()));
}

#[test]
fn the_pile_may_not_go_back_over_the_row_but_may_go_straight_on() {
    let g = game(&[]);
    let text = &format!("{FAR_BLACK}/8/8/8/8/8/1ww5 w 0 0");
    // Row c1-b1 (base b1, row towards E): E is forbidden, W (straight on) allowed.
    rejected(&g, text, "c1-b1-c1", "back over the row");
    assert!(g.play_text(&mut pos(&g, text), "c1-b1-a1").is_ok());
    assert!(g.play_text(&mut pos(&g, text), "c1-b1-c2").is_ok());
    // The same shape without a board: the notation itself rejects it.
    assert!("c1-b1-c1".parse::<Move>().is_err());
}

#[test]
fn no_stone_may_leave_the_board() {
    let g = game(&[("single_step", "off")]);
    // a1 b1 c1: the pile of two from base a1 fits only N and NE (E is back over the row).
    let text = &format!("{FAR_BLACK}/8/8/8/8/8/www5 w 0 0");
    let from_a1: Vec<String> = texts(&g, &pos(&g, text))
        .into_iter()
        .filter(|m| m.starts_with("c1-a1-"))
        .collect();
    assert_eq!(from_a1, ["c1-a1-a3", "c1-a1-c3"]);
    // b1 c1 d1: the pile of two from base b1 fits only N and NE; W and NW would drop the
    // second stone off the board.
    let two_from_b1: Vec<String> = texts(&g, &pos(&g, "5bbb/7b/8/8/8/8/8/1www4 w 0 0"))
        .into_iter()
        .filter(|m| m.starts_with("d1-b1-"))
        .collect();
    assert_eq!(two_from_b1, ["d1-b1-b3", "d1-b1-d3"]);
}

#[test]
fn deal_squares_never_block_and_each_stone_captures_once() {
    let g = game(&[]);
    // Row c1-b1-a1 dealt north over a2 (Black), a3 (Black stack `wb`).
    let text = &format!("{FAR_BLACK}/8/8/8/(wb)7/b7/www5 w 0 0");
    let s = after(&g, text, &["c1-a1-a3"]);
    assert_eq!(
        (tower(&s, "a2"), tower(&s, "a3")),
        ("w".into(), "ww".into())
    );
    assert_eq!(s.board().material(Side::Black), 4);
    assert_eq!(s.no_capture_count(), 0);
    // Dealt over own stones: stacks grow, nothing is captured.
    let text = &format!("{FAR_BLACK}/8/8/8/w7/w7/www5 w 0 0");
    let s = after(&g, text, &["c1-a1-a3"]);
    assert_eq!(
        (tower(&s, "a2"), tower(&s, "a3")),
        ("ww".into(), "ww".into())
    );
    assert_eq!(s.no_capture_count(), 1);
}

// ---------------------------------------------------------------- 4.3 single step

#[test]
fn single_steps_go_one_square_in_any_direction() {
    let g = game(&[]);
    let text = &format!("{FAR_BLACK}/8/8/3w4/8/8/8 w 0 0");
    let all = texts(&g, &pos(&g, text));
    assert_eq!(
        all,
        [
            "d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4", "d4-e5"
        ]
    );
    rejected(&g, text, "d4-d2", "adjacent");
    // A single step may leave from the top of a stack, freeing what is below.
    let text = &format!("{FAR_BLACK}/8/8/3(bw)4/8/8/8 w 0 0");
    let s = after(&g, text, &["d4-e5"]);
    assert_eq!(tower(&s, "d4"), "b");
    // With single steps off it is forbidden, and a lone stone cannot move at all.
    let off = game(&[("single_step", "off")]);
    let text = &format!("{FAR_BLACK}/8/8/3ww3/8/8/8 w 0 0");
    rejected(&off, text, "d4-d5", "single_step is off");
    assert!(texts(&off, &pos(&off, text)).iter().all(|m| m.len() == 8));
}

// ---------------------------------------------------------------- 4.4 / 4.5

#[test]
fn moves_with_the_same_outcome_are_still_distinct() {
    let g = game(&[]);
    let text = "5bbb/7b/8/8/8/8/8/ww6 w 0 0";
    let all = texts(&g, &pos(&g, text));
    assert!(all.contains(&"b1-a1-a2".to_owned()) && all.contains(&"b1-a2".to_owned()));
    assert_eq!(after(&g, text, &["b1-a1-a2"]), after(&g, text, &["b1-a2"]));
}

#[test]
fn counters_and_the_side_to_move_after_a_move() {
    let g = game(&[]);
    let s = after(&g, &format!("{FAR_BLACK}/8/8/8/b7/w7/8 w 7 30"), &["a2-b2"]);
    assert_eq!(s.to_string(), format!("{FAR_BLACK}/8/8/8/b7/1w6/8 b 8 31"));
    let s = after(&g, &format!("{FAR_BLACK}/8/8/8/b7/w7/8 w 7 30"), &["a2-a3"]);
    assert_eq!(s.to_string(), format!("{FAR_BLACK}/8/8/8/w7/8/8 b 0 31"));
    assert_eq!(g.side_to_move(&s), Side::Black);
}

// ---------------------------------------------------------------- 5. end of the game

#[test]
fn no_legal_move_loses() {
    let g = game(&[]);
    // White has no stones at all: Black wins (before any material draw).
    let s = pos(&g, "8/8/8/8/8/8/8/7b w 0 0");
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::win(Side::Black, "no legal move"))
    );
    let mut s2 = s.clone();
    assert_eq!(
        g.play(&mut s2, &"h1-h2".parse().unwrap()),
        Err(Illegal::GameOver)
    );
    assert_eq!(s2, s);
    // One free stone is enough to play on.
    let s = pos(&g, &format!("{FAR_BLACK}/8/8/8/8/8/7w w 0 0"));
    assert_eq!(g.status(&s), Status::Ongoing);
    // A move that pins the last active enemy stone wins.
    let g = game(&[("material_draw_threshold", "0")]);
    let s = after(&g, "8/8/8/8/8/8/b7/w7 w 0 0", &["a1-a2"]);
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::win(Side::White, "no legal move"))
    );
}

#[test]
fn insufficient_material_draw() {
    let g = game(&[]);
    // 3 against 3: drawn at once (the loaded position is judged too).
    let s = pos(&g, "bbb5/8/8/8/8/8/8/www5 w 0 0");
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::draw("insufficient material"))
    );
    // 4 against 4, pinned stones counted: White has 2 free stones and 2 pinned under Black
    // ones, Black 2 on rank 8 and the 2 on top of a1 and b1. Play on.
    let s = pos(&g, "bb6/8/8/8/8/8/8/(wb)(wb)ww4 w 0 0");
    assert_eq!(s.board().material(Side::White), 4);
    assert_eq!(s.board().material(Side::Black), 4);
    assert_eq!(g.status(&s), Status::Ongoing);
    // 4 against 3 plays on too: only one side is down to the threshold.
    let s = pos(&g, "bbb5/8/8/8/8/8/8/wwww4 w 0 0");
    assert_eq!(g.status(&s), Status::Ongoing);
    // Threshold 4 draws the first; 0 turns the rule off.
    let four = game(&[("material_draw_threshold", "4")]);
    let s4 = pos(&four, "bb6/8/8/8/8/8/8/(wb)(wb)ww4 w 0 0");
    assert_eq!(
        four.status(&s4),
        Status::Finished(GameResult::draw("insufficient material"))
    );
    let off = game(&[("material_draw_threshold", "0")]);
    assert_eq!(
        off.status(&pos(&off, "b7/8/8/8/8/8/8/w7 w 0 0")),
        Status::Ongoing
    );
    // A finished game has no legal moves.
    assert!(texts(&g, &pos(&g, "bbb5/8/8/8/8/8/8/www5 w 0 0")).is_empty());
}

#[test]
fn no_progress_draw() {
    let g = game(&[]);
    let start = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3";
    // 99 quiet moves: one more quiet move draws, a capture does not.
    let s = after(&g, &format!("{start} w 99 120"), &["a5-a6"]);
    assert_eq!(s.no_capture_count(), 100);
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::draw("no progress"))
    );
    let s = after(&g, &format!("{start} w 98 120"), &["a5-a6"]);
    assert_eq!(g.status(&s), Status::Ongoing);
    // A loaded position at the limit is drawn.
    assert!(
        g.status(&pos(&g, &format!("{start} w 100 0")))
            .is_finished()
    );
    // The option sets the limit; 0 turns it off.
    let ten = game(&[("no_capture_draw_plies", "10")]);
    assert!(
        ten.status(&pos(&ten, &format!("{start} w 10 0")))
            .is_finished()
    );
    assert!(
        !ten.status(&pos(&ten, &format!("{start} w 9 0")))
            .is_finished()
    );
    let off = game(&[("no_capture_draw_plies", "0")]);
    assert!(
        !off.status(&pos(&off, &format!("{start} w 100000 0")))
            .is_finished()
    );
    // A win on the last allowed move is a win: White pins nothing new, but Black has no
    // active stone left after White's quiet move.
    let s = after(&g, "8/8/8/8/3(bw)4/8/8/wwww4 w 99 0", &["a1-a2"]);
    assert_eq!(s.no_capture_count(), 100);
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::win(Side::White, "no legal move"))
    );
}

#[test]
fn repetition_draw() {
    let text = "7b/8/8/8/8/8/8/w7 w 0 0";
    let shuffle = ["a1-a2", "h8-h7", "a2-a1", "h7-h8"];
    let two = game(&[("repetition_draw", "2"), ("material_draw_threshold", "0")]);
    let mut s = pos(&two, text);
    for (i, mv) in shuffle.iter().enumerate() {
        assert_eq!(two.status(&s), Status::Ongoing, "before ply {}", i + 1);
        two.play_text(&mut s, mv).unwrap();
    }
    // The loaded position is the first occurrence; counters do not matter.
    assert_eq!(s.to_string(), "7b/8/8/8/8/8/8/w7 w 4 4");
    assert_eq!(
        two.status(&s),
        Status::Finished(GameResult::draw("repetition"))
    );
    let mut s2 = s.clone();
    assert!(matches!(
        two.play_text(&mut s2, "a1-a2"),
        Err(MoveError::Illegal {
            illegal: Illegal::GameOver,
            ..
        })
    ));
    // The text does not carry the history: loading it starts afresh.
    assert_eq!(two.status(&pos(&two, &s.to_string())), Status::Ongoing);

    // N = 3 needs a third occurrence.
    let three = game(&[("repetition_draw", "3"), ("material_draw_threshold", "0")]);
    let mut s = pos(&three, text);
    for mv in shuffle {
        three.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(three.status(&s), Status::Ongoing);
    for mv in shuffle {
        three.play_text(&mut s, mv).unwrap();
    }
    assert!(three.status(&s).is_finished());

    // Off: the shuffle goes on.
    let off = game(&[("material_draw_threshold", "0")]);
    let mut s = pos(&off, text);
    for mv in shuffle.iter().chain(shuffle.iter()) {
        off.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(off.status(&s), Status::Ongoing);

    // The same board with the other side to move is another position.
    let mut s = pos(&two, text);
    for mv in ["a1-a2", "h8-h7", "a2-b1", "h7-h8", "b1-a1"] {
        two.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(s.to_string(), "7b/8/8/8/8/8/8/w7 b 5 5");
    assert_eq!(two.status(&s), Status::Ongoing);
}

// ---------------------------------------------------------------- options

#[test]
fn option_values_and_errors() {
    let o = Options::default();
    assert!(o.single_step);
    assert_eq!(
        (
            o.material_draw_threshold,
            o.no_capture_draw_plies,
            o.repetition_limit
        ),
        (3, 100, 0)
    );
    let o = Options::from_pairs([
        ("single_step", "OFF"),
        ("material_draw_threshold", "2"),
        ("no_capture_draw_plies", "0"),
        ("repetition_draw", "3"),
    ])
    .unwrap();
    assert!(!o.single_step);
    assert_eq!(
        (
            o.material_draw_threshold,
            o.no_capture_draw_plies,
            o.repetition_limit
        ),
        (2, 0, 3)
    );
    let bad: &[(&str, &str)] = &[
        ("single_step", "maybe"),
        ("material_draw_threshold", "-1"),
        ("no_capture_draw_plies", "1.5"),
        ("no_capture_draw_plies", "-100"),
        ("repetition_draw", "-2"),
        ("repetition_draw", "x"),
    ];
    for &(key, value) in bad {
        assert!(
            matches!(
                Options::from_pairs([(key, value)]),
                Err(OptionError::BadValue { .. })
            ),
            "{key}={value}"
        );
    }
    // A limit of 1 would end every game at once: refused, whichever name is used.
    for key in ["repetition_draw", "repetition_limit"] {
        let err = Options::from_pairs([(key, "1")]).unwrap_err();
        assert!(matches!(err, OptionError::BadValue { .. }), "{err}");
        assert!(err.to_string().contains("0 (off) or 2 or more"), "{err}");
    }
    assert!(matches!(
        TowerOfPower::with_options(Options {
            repetition_limit: 1,
            ..Options::default()
        }),
        Err(OptionError::BadValue { .. })
    ));
    assert!(matches!(
        Options::from_pairs([("stack_limit", "3")]),
        Err(OptionError::UnknownKey { .. })
    ));
}

// ---------------------------------------------------------------- bad input

#[test]
fn bad_move_texts_are_errors_and_change_nothing() {
    let g = game(&[]);
    let mut state = g.initial_state();
    let before = state.clone();
    for text in [
        "",
        "   ",
        "a1",
        "a1-",
        "-a1",
        "a1-a2-a3-a4",
        "a1_a2",
        "a1-a0",
        "a1-i2",
        "a10-a2",
        "a1-a3",
        "a1-a1",
        "a1-a1-a2",
        "a1-c2-c4",
        "a1-c1-e5",
        "a1-e1-e4",
        "b1-d1-b1",
        "é1-a2",
        "a1 - a2",
    ] {
        assert!(
            matches!(g.play_text(&mut state, text), Err(MoveError::Parse(_))),
            "`{text}`"
        );
        assert_eq!(state, before);
    }
}

#[test]
fn nonsense_move_values_are_rejected_without_panic() {
    let g = game(&[]);
    let mut state = g.initial_state();
    let before = state.clone();
    let far = Square::at(15, 15);
    let weird = [
        Move::Step {
            from: far,
            to: Square::at(14, 14),
        },
        Move::Step {
            from: sq("a1"),
            to: sq("a1"),
        },
        Move::Step {
            from: sq("a1"),
            to: sq("c3"),
        },
        Move::Row {
            far: sq("a1"),
            base: sq("a1"),
            end: sq("a1"),
        },
        Move::Row {
            far: sq("a1"),
            base: sq("b1"),
            end: Square::at(8, 0),
        },
        Move::Row {
            far: Square::at(15, 0),
            base: sq("a1"),
            end: sq("a5"),
        },
        Move::Row {
            far: sq("c2"),
            base: sq("a1"),
            end: sq("a3"),
        },
        Move::Row {
            far: sq("b1"),
            base: sq("a1"),
            end: sq("c1"),
        },
        Move::Row {
            far: sq("c1"),
            base: sq("a1"),
            end: sq("a2"),
        },
    ];
    for mv in weird {
        assert!(!g.is_legal(&state, &mv), "{mv:?}");
        let refused = g.play(&mut state, &mv).unwrap_err();
        assert!(refused.rule().is_some(), "{refused}");
        assert!(!refused.to_string().is_empty());
        assert_eq!(state, before);
    }
}

#[test]
fn reasons_name_the_rule() {
    let g = game(&[]);
    let start = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0";
    rejected(&g, start, "a5-a1-a5", "back over the row");
    rejected(&g, start, "a5-b3-c3", "not on a rank");
    let err = g
        .play_text(&mut pos(&g, start), "a1-e1-e4")
        .unwrap_err()
        .to_string();
    assert!(err.contains("4 squares from the base, not 3"), "{err}");
    let err = g
        .play_text(&mut pos(&g, start), "a1-c2-c3")
        .unwrap_err()
        .to_string();
    assert!(err.contains("not on a rank, file or diagonal"), "{err}");
}

#[test]
fn bad_position_texts_say_where() {
    let g = game(&[]);
    let good = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0";
    assert!(g.parse_position(good).is_ok());
    let cases: &[(&str, Option<&str>)] = &[
        ("", None),
        ("3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0", None),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0 0",
            None,
        ),
        ("3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3  w 0 0", None),
        (" 3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0", None),
        ("3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0 ", None),
        ("3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3\tw 0 0", None),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4 w 0 0",
            Some("field 1 (board)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3/8 w 0 0",
            Some("field 1 (board)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww4 w 0 0",
            Some("rank 1"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww2 w 0 0",
            Some("rank 1"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww21 w 0 0",
            Some("rank 1, file h"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwwwwwww w 0 0",
            Some("rank 1"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5//wwwww3 w 0 0",
            Some("rank 2"),
        ),
        (
            "12bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
            Some("rank 8, file b"),
        ),
        (
            "03bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
            Some("rank 8, file a"),
        ),
        (
            "9/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
            Some("rank 8, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/(w)wwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/()wwwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/(wwwwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/(w(w)w)wwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/(wx)wwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/Wwwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 W 0 0",
            Some("field 2 (side to move)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 x 0 0",
            Some("field 2 (side to move)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 01 0",
            Some("field 3 (no-capture counter)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w -1 0",
            Some("field 3 (no-capture counter)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w +1 0",
            Some("field 3 (no-capture counter)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 4294967296 0",
            Some("field 3 (no-capture counter)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 00",
            Some("field 4 (turn count)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 x",
            Some("field 4 (turn count)"),
        ),
    ];
    for &(text, at) in cases {
        let err = g
            .parse_position(text)
            .err()
            .unwrap_or_else(|| panic!("`{text}` was accepted"));
        assert_eq!(err.at.as_deref(), at, "`{text}`: {err}");
        assert!(!err.reason.is_empty());
    }
    // More stones than the engine holds (128) are refused, not mangled.
    let tall = format!("({})7/8/8/8/8/8/8/8 w 0 0", "w".repeat(129));
    assert!(g.parse_position(&tall).is_err());
    let many = format!(
        "({})({})6/8/8/8/8/8/8/8 w 0 0",
        "w".repeat(64),
        "b".repeat(65)
    );
    assert!(g.parse_position(&many).is_err());
    let most = format!(
        "({})({})6/8/8/8/8/8/8/8 w 0 0",
        "w".repeat(64),
        "b".repeat(64)
    );
    assert_eq!(g.parse_position(&most).unwrap().to_string(), most);
}

#[test]
fn a_full_board_plays_without_overflow() {
    // 128 stones: two on every square; stacks grow as the game goes on.
    let g = game(&[("no_capture_draw_plies", "0")]);
    let rank = "(wb)(bw)(wb)(bw)(wb)(bw)(wb)(bw)";
    let text = format!("{rank}/{rank}/{rank}/{rank}/{rank}/{rank}/{rank}/{rank} w 0 0");
    let mut state = pos(&g, &text);
    let mut rng = board_kernel::SplitMix64::new(7);
    let mut moves = Vec::new();
    for _ in 0..300 {
        moves.clear();
        g.legal_moves(&state, &mut moves);
        let Some(mv) = rng.choose(&moves) else { break };
        g.play(&mut state, mv).unwrap();
        let total = state.board().material(Side::White) + state.board().material(Side::Black);
        assert!(total <= 128);
        assert_eq!(
            g.parse_position(&state.to_string()).unwrap().to_string(),
            state.to_string()
        );
    }
}

/// Canonical form only: random edits of valid lines either fail to parse or parse to a state
/// that prints back exactly as given; nothing panics.
#[test]
fn random_texts_never_panic_and_accepted_texts_are_canonical() {
    let g = game(&[]);
    let mut rng = board_kernel::SplitMix64::new(99);
    let seeds = [
        "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
        "8/8/4b3/4(wb)3/8/2(bw)w(ww)b2/8/8 w 0 0",
        "8/8/b7/4(wwb)3/3(wb)4/8/8/7b b 12 345",
    ];
    let alphabet: Vec<char> = "wb()0123456789/ x-".chars().collect();
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut text: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 if at < text.len() => {
                    text.remove(at);
                }
                1 if at < text.len() => text[at] = alphabet[rng.below(alphabet.len())],
                _ => text.insert(at, alphabet[rng.below(alphabet.len())]),
            }
        }
        let text: String = text.into_iter().collect();
        if let Ok(state) = g.parse_position(&text) {
            assert_eq!(state.to_string(), text);
            accepted += 1;
        }
    }
    assert!(accepted > 100, "only {accepted} edits were valid positions");

    let alphabet: Vec<char> = "abcdefghi0123456789- ".chars().collect();
    for _ in 0..20_000 {
        let len = rng.below(10);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        if let Ok(mv) = text.parse::<Move>() {
            assert_eq!(mv.to_string(), text.trim());
            let mut state = g.initial_state();
            let _ = g.play(&mut state, &mv);
        }
    }
}

// ---------------------------------------------------------------- the French Tours rule

/// `deal_onto_stacks = off` (the French *Tours* rule, rule book ambiguity 12): a stone may not
/// be dealt or stepped onto a stack. Where stacks block every move, the side to move loses.
#[test]
fn the_tours_rule_forbids_dealing_onto_stacks() {
    let on = TowerOfPower::default();
    let off = TowerOfPower::from_pairs([("deal_onto_stacks", "off")]).unwrap();
    let boxed_in = "8/8/8/8/8/8/(bb)(bb)6/w(bb)6 w 0 0";
    let (a, b) = (pos(&on, boxed_in), pos(&off, boxed_in));
    assert_eq!(on.status(&a), Status::Ongoing);
    let mut moves = Vec::new();
    on.legal_moves(&a, &mut moves);
    assert_eq!(
        moves.len(),
        3,
        "a1 steps onto each of the three stacks around it"
    );
    assert_eq!(
        off.status(&b),
        Status::Finished(GameResult::win(Side::Black, "no legal move"))
    );
    // A step onto a stack is refused with the rule; a step onto a single stone is not.
    let open = "bbbb4/8/8/8/8/8/(bb)b6/w2www2 w 0 0";
    let s = pos(&off, open);
    let mut tried = s.clone();
    let refused = off.play(&mut tried, &"a1-a2".parse().unwrap()).unwrap_err();
    assert!(refused.to_string().contains("stack"), "{refused}");
    assert_eq!(refused.rule(), Some("§4.1"));
    assert_eq!(tried, s);
    off.play(&mut tried, &"a1-b2".parse().unwrap()).unwrap();
}

/// Without stacks on the board, the Tours rule changes nothing: the same 705 opening moves.
#[test]
fn the_tours_rule_changes_nothing_without_stacks() {
    let on = TowerOfPower::default();
    let off = TowerOfPower::from_pairs([("deal_onto_stacks", "off")]).unwrap();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    on.legal_moves(&on.initial_state(), &mut a);
    off.legal_moves(&off.initial_state(), &mut b);
    assert_eq!(a, b);
    assert_eq!(a.len(), 705);
}
