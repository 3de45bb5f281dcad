//! §3–§4: stacks and pinned stones, landing, row moves and single steps.

use super::*;

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
    // The notation reads it; the rule of the row move refuses it, in its words.
    assert!("c1-b1-c1".parse::<Move>().is_ok());
    rejected(
        &g,
        text,
        "c1-b1-c1",
        "the pile may not be dealt back over the row it came from, and c1 lies back along the \
         row from the base b1",
    );
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
