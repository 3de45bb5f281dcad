//! Every worked example of the rule specification (section 7), with the numbers, move lists,
//! positions and statuses it states. Diagrams are copied from the specification verbatim.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use crate::common::game;
use board_kernel::prelude::*;
use board_kernel::testing::play_line as play;
use board_kernel::{GameResult, Side, Square, Status};
use tower_of_power::position::parse_diagram;
use tower_of_power::{Move, State, TowerOfPower};

fn moves(game: &TowerOfPower, state: &State) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves
}

fn texts(game: &TowerOfPower, state: &State) -> BTreeSet<String> {
    moves(game, state).iter().map(Move::to_string).collect()
}

fn rows_and_steps(moves: &[Move]) -> (usize, usize) {
    let rows = moves
        .iter()
        .filter(|m| matches!(m, Move::Row { .. }))
        .count();
    (rows, moves.len() - rows)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The spec's diagrams, trimmed of the indentation of this source file.
fn spec(diagram: &str) -> String {
    diagram
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

fn distinct_positions(game: &TowerOfPower, state: &State) -> usize {
    moves(game, state)
        .iter()
        .map(|mv| {
            let mut next = state.clone();
            game.play_unchecked(&mut next, mv);
            next.to_string()
        })
        .collect::<HashSet<_>>()
        .len()
}

const INITIAL_DIAGRAM: &str = "\
8  .   .   .   b   b   b   b   b
7  .   .   .   .   b   b   b   b
6  .   .   .   .   .   b   b   b
5  w   .   .   .   .   .   b   b
4  w   w   .   .   .   .   .   b
3  w   w   w   .   .   .   .   .
2  w   w   w   w   .   .   .   .
1  w   w   w   w   w   .   .   .
   a   b   c   d   e   f   g   h";

#[test]
fn setup_section_2_2() {
    let game = game(&[]);
    let start = game.initial_state();
    assert_eq!(
        start.to_string(),
        "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0"
    );
    assert_eq!(game.diagram(&start), INITIAL_DIAGRAM);
    assert_eq!(game.side_to_move(&start), Side::White);
    assert_eq!(start.board().material(Side::White), 15);
    assert_eq!(start.board().material(Side::Black), 15);
    assert_eq!(parse_diagram(INITIAL_DIAGRAM).unwrap(), *start.board());
}

#[test]
fn example_1_the_initial_position() {
    let game = game(&[]);
    let start = game.initial_state();
    let all = moves(&game, &start);
    assert_eq!(all.len(), 705);
    assert_eq!(rows_and_steps(&all), (614, 91));

    // Single steps per White stone.
    let mut steps: BTreeMap<String, usize> = BTreeMap::new();
    for mv in &all {
        if let Move::Step { from, .. } = mv {
            *steps.entry(from.to_string()).or_default() += 1;
        }
    }
    let expected = [
        ("a1", 3),
        ("b1", 5),
        ("c1", 5),
        ("d1", 5),
        ("e1", 5),
        ("a2", 5),
        ("b2", 8),
        ("c2", 8),
        ("d2", 8),
        ("a3", 5),
        ("b3", 8),
        ("c3", 8),
        ("a4", 5),
        ("b4", 8),
        ("a5", 5),
    ];
    assert_eq!(
        steps,
        expected
            .iter()
            .map(|&(s, n)| (s.to_owned(), n))
            .collect::<BTreeMap<_, _>>()
    );

    // Rows: (row, base) choices and moves by length.
    let mut choices = BTreeSet::new();
    let mut rows_by_len: BTreeMap<usize, BTreeSet<(Square, Square)>> = BTreeMap::new();
    let mut by_len: BTreeMap<usize, usize> = BTreeMap::new();
    for mv in &all {
        if let Move::Row { far, base, .. } = *mv {
            choices.insert((far, base));
            let (lo, hi) = if far < base { (far, base) } else { (base, far) };
            rows_by_len.entry(mv.length()).or_default().insert((lo, hi));
            *by_len.entry(mv.length()).or_default() += 1;
        }
    }
    assert_eq!(choices.len(), 134);
    let rows: Vec<usize> = (2..=5).map(|l| rows_by_len[&l].len()).collect();
    assert_eq!(rows, [36, 19, 9, 3]);
    assert_eq!(
        by_len.into_iter().collect::<Vec<_>>(),
        [(2, 393), (3, 149), (4, 60), (5, 12)]
    );
    let fives: BTreeSet<(Square, Square)> = rows_by_len[&5].clone();
    let expected_fives: BTreeSet<(Square, Square)> = [
        (sq("a1"), sq("e1")),
        (sq("a1"), sq("a5")),
        (sq("e1"), sq("a5")),
    ]
    .into_iter()
    .map(|(a, b)| if a < b { (a, b) } else { (b, a) })
    .collect();
    assert_eq!(fives, expected_fives);

    // Without single steps: the 614 row moves.
    let rows_only = self::game(&[("single_step", "off")]);
    assert_eq!(moves(&rows_only, &start).len(), 614);

    // Black to move in the same setup: the same count by symmetry.
    let black = game
        .parse_position("3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 b 0 0")
        .unwrap();
    assert_eq!(moves(&game, &black).len(), 705);
    assert_eq!(moves(&rows_only, &black).len(), 614);

    // Distinct positions reached.
    assert_eq!(distinct_positions(&game, &start), 429);
    assert_eq!(distinct_positions(&rows_only, &start), 422);
}

#[test]
fn example_2_part_of_a_line() {
    let game = game(&[]);
    let mut state = game.initial_state();
    play(&game, &mut state, &["b1-d1-d3"]);
    assert_eq!(
        state.to_string(),
        "3bbbbb/4bbbb/5bbb/w5bb/ww5b/wwww4/www(ww)4/w2ww3 b 1 1"
    );
    assert_eq!(
        game.diagram(&state),
        spec(
            "
8  .   .   .   b   b   b   b   b
7  .   .   .   .   b   b   b   b
6  .   .   .   .   .   b   b   b
5  w   .   .   .   .   .   b   b
4  w   w   .   .   .   .   .   b
3  w   w   w   w   .   .   .   .
2  w   w   w   ww  .   .   .   .
1  w   .   .   w   w   .   .   .
   a   b   c   d   e   f   g   h"
        )
    );
    assert_eq!(state.board().material(Side::White), 15);
    assert_eq!(state.board().material(Side::Black), 15);
}

#[test]
fn example_3_the_seed_articles_example() {
    let game = game(&[]);
    let mut state = game.initial_state();
    play(&game, &mut state, &["b2-b4-d6", "g5-f5"]);
    assert_eq!(game.side_to_move(&state), Side::White);
    assert_eq!(
        game.diagram(&state),
        spec(
            "
8  .   .   .   b   b   b   b   b
7  .   .   .   .   b   b   b   b
6  .   .   .   w   .   b   b   b
5  w   .   w   .   .   b   .   b
4  w   w   .   .   .   .   .   b
3  w   .   w   .   .   .   .   .
2  w   .   w   w   .   .   .   .
1  w   w   w   w   w   .   .   .
   a   b   c   d   e   f   g   h"
        )
    );

    let rows_only = self::game(&[("single_step", "off")]);
    let mut state = rows_only.initial_state();
    play(&rows_only, &mut state, &["b2-b4-d6"]);
    let before = state.clone();
    assert!(rows_only.play_text(&mut state, "g5-f5").is_err());
    assert_eq!(state, before);
}

#[test]
fn example_4_a_complete_move_list() {
    let game = game(&[]);
    let state = game.parse_position("5bbb/7b/8/8/8/8/8/ww6 w 0 0").unwrap();
    assert_eq!(
        game.diagram(&state),
        spec(
            "
8  .   .   .   .   .   b   b   b
7  .   .   .   .   .   .   .   b
6  .   .   .   .   .   .   .   .
5  .   .   .   .   .   .   .   .
4  .   .   .   .   .   .   .   .
3  .   .   .   .   .   .   .   .
2  .   .   .   .   .   .   .   .
1  w   w   .   .   .   .   .   .
   a   b   c   d   e   f   g   h"
        )
    );
    assert_eq!(game.status(&state), Status::Ongoing);
    let rows: BTreeSet<String> = [
        "b1-a1-a2", "b1-a1-b2", "a1-b1-a2", "a1-b1-b2", "a1-b1-c2", "a1-b1-c1",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    let steps: BTreeSet<String> = [
        "a1-a2", "a1-b2", "a1-b1", "b1-a1", "b1-a2", "b1-b2", "b1-c2", "b1-c1",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    let all: BTreeSet<String> = rows.union(&steps).cloned().collect();
    assert_eq!(texts(&game, &state), all);
    assert_eq!(moves(&game, &state).len(), 14);
    assert_eq!(distinct_positions(&game, &state), 10);

    // Steps onto own stones build stacks.
    let mut after = state.clone();
    play(&game, &mut after, &["a1-b1"]);
    assert_eq!(after.board().tower(sq("b1")).to_string(), "ww");
    let mut after = state.clone();
    play(&game, &mut after, &["b1-a1"]);
    assert_eq!(after.board().tower(sq("a1")).to_string(), "ww");

    // The pairs that coincide.
    for (row, step) in [
        ("b1-a1-a2", "b1-a2"),
        ("b1-a1-b2", "b1-b2"),
        ("a1-b1-a2", "a1-a2"),
        ("a1-b1-b2", "a1-b2"),
    ] {
        let (mut a, mut b) = (state.clone(), state.clone());
        play(&game, &mut a, &[row]);
        play(&game, &mut b, &[step]);
        assert_eq!(a, b, "{row} and {step}");
    }

    let rows_only = self::game(&[("single_step", "off")]);
    assert_eq!(texts(&rows_only, &state), rows);
}

const EXAMPLE_5: &str = "8/8/4b3/4(wb)3/8/2(bw)w(ww)b2/8/8 w 0 0";

#[test]
fn example_5_stacks_in_the_row() {
    let game = game(&[]);
    let state = game.parse_position(EXAMPLE_5).unwrap();
    assert_eq!(
        game.diagram(&state),
        spec(
            "
8  .   .   .   .   .   .   .   .
7  .   .   .   .   .   .   .   .
6  .   .   .   .   b   .   .   .
5  .   .   .   .   wb  .   .   .
4  .   .   .   .   .   .   .   .
3  .   .   bw  w   ww  b   .   .
2  .   .   .   .   .   .   .   .
1  .   .   .   .   .   .   .   .
   a   b   c   d   e   f   g   h"
        )
    );
    let active: BTreeSet<String> = state
        .board()
        .active_squares(Side::White)
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        active,
        ["c3", "d3", "e3"].into_iter().map(String::from).collect()
    );
    let all = moves(&game, &state);
    assert_eq!(all.len(), 66);
    assert_eq!(rows_and_steps(&all), (42, 24));
    // 6 (row, base) choices, each with 7 deal directions.
    let mut per_choice: BTreeMap<(Square, Square), usize> = BTreeMap::new();
    for mv in &all {
        if let Move::Row { far, base, .. } = *mv {
            *per_choice.entry((far, base)).or_default() += 1;
        }
    }
    assert_eq!(per_choice.len(), 6);
    assert!(per_choice.values().all(|&n| n == 7));

    let mut after = state.clone();
    play(&game, &mut after, &["c3-e3-e5"]);
    assert_eq!(
        game.diagram(&after),
        spec(
            "
8  .   .   .   .   .   .   .   .
7  .   .   .   .   .   .   .   .
6  .   .   .   .   b   .   .   .
5  .   .   .   .   ww  .   .   .
4  .   .   .   .   w   .   .   .
3  .   .   b   .   ww  b   .   .
2  .   .   .   .   .   .   .   .
1  .   .   .   .   .   .   .   .
   a   b   c   d   e   f   g   h"
        )
    );
    assert_eq!(after.to_string(), "8/8/4b3/4(ww)3/4w3/2b1(ww)b2/8/8 b 0 1");
    assert_eq!(after.board().material(Side::White), 5);
    assert_eq!(after.board().material(Side::Black), 3);
    // The player panels: White has captured the one Black stone (the top of e5).
    let (then, now) = (
        game.material(&state).unwrap(),
        game.material(&after).unwrap(),
    );
    assert_eq!(then.in_play, board_kernel::BySide::new(5, 4));
    assert_eq!(now.captured(&then), board_kernel::BySide::new(1, 0));
    assert_eq!(now.count_words(1), "1 stone");
    assert_eq!(now.count_words(3), "3 stones");
    assert_eq!(game.status(&after), Status::Ongoing);
    let replies = moves(&game, &after);
    assert_eq!(replies.len(), 24);
    assert_eq!(rows_and_steps(&replies), (0, 24));

    let rows_only = self::game(&[("single_step", "off")]);
    let mut after = rows_only.parse_position(EXAMPLE_5).unwrap();
    play(&rows_only, &mut after, &["c3-e3-e5"]);
    assert_eq!(
        rows_only.status(&after),
        Status::Finished(GameResult::win(Side::White, "no legal move"))
    );
    assert!(moves(&rows_only, &after).is_empty());
}

#[test]
fn example_6a_all_stones_pinned() {
    let text = "8/8/b7/4(wwb)3/3(wb)4/8/8/7b w 0 0";
    let diagram = spec(
        "
8  .   .   .   .   .   .   .   .
7  .   .   .   .   .   .   .   .
6  b   .   .   .   .   .   .   .
5  .   .   .   .   wwb .   .   .
4  .   .   .   wb  .   .   .   .
3  .   .   .   .   .   .   .   .
2  .   .   .   .   .   .   .   .
1  .   .   .   .   .   .   .   b
   a   b   c   d   e   f   g   h",
    );
    for pairs in [
        vec![],
        vec![("single_step", "off")],
        vec![("material_draw_threshold", "0")],
        vec![("material_draw_threshold", "10")],
        vec![("no_capture_draw_plies", "1")],
        vec![("repetition_draw", "2")],
    ] {
        let game = game(&pairs);
        let state = game.parse_position(text).unwrap();
        assert_eq!(game.diagram(&state), diagram);
        assert_eq!(state.board().material(Side::White), 3);
        assert_eq!(state.board().material(Side::Black), 4);
        assert!(moves(&game, &state).is_empty());
        assert_eq!(
            game.status(&state),
            Status::Finished(GameResult::win(Side::Black, "no legal move")),
            "{pairs:?}"
        );
    }
}

#[test]
fn example_6b_isolated_stones() {
    let text = "7w/8/4bb2/4bb2/8/8/8/w1w5 w 0 0";
    let game = game(&[]);
    let state = game.parse_position(text).unwrap();
    assert_eq!(
        game.diagram(&state),
        spec(
            "
8  .   .   .   .   .   .   .   w
7  .   .   .   .   .   .   .   .
6  .   .   .   .   b   b   .   .
5  .   .   .   .   b   b   .   .
4  .   .   .   .   .   .   .   .
3  .   .   .   .   .   .   .   .
2  .   .   .   .   .   .   .   .
1  w   .   w   .   .   .   .   .
   a   b   c   d   e   f   g   h"
        )
    );
    let all = moves(&game, &state);
    assert_eq!(all.len(), 11);
    let mut per_stone: BTreeMap<String, usize> = BTreeMap::new();
    for mv in &all {
        let Move::Step { from, .. } = mv else {
            panic!("{mv} is not a single step")
        };
        *per_stone.entry(from.to_string()).or_default() += 1;
    }
    assert_eq!(
        per_stone.into_iter().collect::<Vec<_>>(),
        [("a1".into(), 3), ("c1".into(), 5), ("h8".into(), 3)]
    );
    assert_eq!(game.status(&state), Status::Ongoing);

    let rows_only = self::game(&[("single_step", "off")]);
    let state = rows_only.parse_position(text).unwrap();
    assert!(moves(&rows_only, &state).is_empty());
    assert_eq!(
        rows_only.status(&state),
        Status::Finished(GameResult::win(Side::Black, "no legal move"))
    );
}

const EXAMPLE_7: &str = "b6b/8/3b4/3w4/3w4/8/8/7b w 0 0";

#[test]
fn example_7_material_and_the_order_of_checks() {
    let game = game(&[]);
    let state = game.parse_position(EXAMPLE_7).unwrap();
    assert_eq!(
        game.diagram(&state),
        spec(
            "
8  b   .   .   .   .   .   .   b
7  .   .   .   .   .   .   .   .
6  .   .   .   b   .   .   .   .
5  .   .   .   w   .   .   .   .
4  .   .   .   w   .   .   .   .
3  .   .   .   .   .   .   .   .
2  .   .   .   .   .   .   .   .
1  .   .   .   .   .   .   .   b
   a   b   c   d   e   f   g   h"
        )
    );
    let all = moves(&game, &state);
    assert_eq!(all.len(), 30);
    assert_eq!(rows_and_steps(&all), (14, 16));
    let mut per_base: BTreeMap<String, usize> = BTreeMap::new();
    for mv in &all {
        if let Move::Row { base, .. } = mv {
            *per_base.entry(base.to_string()).or_default() += 1;
        }
    }
    assert_eq!(
        per_base.into_iter().collect::<Vec<_>>(),
        [("d4".into(), 7), ("d5".into(), 7)]
    );

    let after = |game: &TowerOfPower| {
        let mut s = game.parse_position(EXAMPLE_7).unwrap();
        play(game, &mut s, &["d4-d5-d6"]);
        s
    };
    let s = after(&game);
    assert_eq!(s.to_string(), "b6b/8/3w4/3w4/8/8/8/7b b 0 1");
    assert_eq!(s.board().material(Side::White), 2);
    assert_eq!(s.board().material(Side::Black), 3);
    // Default: Black has moves, but both sides have at most 3 stones.
    assert_eq!(
        game.status(&s),
        Status::Finished(GameResult::draw("insufficient material"))
    );
    let no_draw = self::game(&[("material_draw_threshold", "0")]);
    assert_eq!(moves(&no_draw, &after(&no_draw)).len(), 9);

    let rows_only = self::game(&[("single_step", "off")]);
    assert_eq!(
        rows_only.status(&after(&rows_only)),
        Status::Finished(GameResult::win(Side::White, "no legal move"))
    );

    let two = self::game(&[("material_draw_threshold", "2")]);
    assert_eq!(two.status(&after(&two)), Status::Ongoing);
}

mod sample_game;
