//! Every worked example of the rule specification (section 8 and the position table of 2.6),
//! with the numbers, move lists and positions it gives.

use std::collections::{BTreeSet, HashSet};

use crate::common::{self, game, play, with};
use board_kernel::prelude::*;
use board_kernel::testing::sorted_move_texts;
use board_kernel::{Side, Status};
use sackson_chain_reaction::{ChainReaction, State};

/// The position of `text`, which prints back as `text`.
fn pos(g: &ChainReaction, text: &str) -> State {
    let state = common::pos(g, text);
    assert_eq!(state.to_string(), text, "the text round-trips");
    state
}

/// Every complete turn, as text, sorted.
fn turns(g: &ChainReaction, state: &State) -> Vec<String> {
    let texts = sorted_move_texts(g, state);
    let distinct: HashSet<&String> = texts.iter().collect();
    assert_eq!(distinct.len(), texts.len(), "distinct move texts");
    texts
}

/// The distinct first segments of the turns (the "legal tower segments" or free steps of the
/// spec's counts), without their re-placement suffix.
fn first_segments(g: &ChainReaction, state: &State) -> BTreeSet<String> {
    turns(g, state)
        .iter()
        .map(|t| {
            let first = t.split(' ').next().unwrap();
            first.split('=').next().unwrap().to_owned()
        })
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

fn sorted(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

#[test]
fn initial_position_text_and_diagram() {
    let g = game();
    let start = g.initial_state();
    assert_eq!(
        start.to_string(),
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 0"
    );
    assert_eq!(
        g.diagram(&start),
        "8  .  .  b  b  b  .  .
7  .  b  b  b  b  b  .
6  .  .  b  b  b  .  .
5  .  .  .  .  .  .  .
4  .  .  .  .  .  .  .
3  .  .  w  w  w  .  .
2  .  w  w  w  w  w  .
1  .  .  w  w  w  .  .
   a  b  c  d  e  f  g"
    );
    assert_eq!(g.status(&start), Status::Ongoing);
    assert_eq!(g.side_to_move(&start), Side::White);
}

#[test]
fn example_1_opening_move_count() {
    let g = game();
    let start = g.initial_state();
    let all = turns(&g, &start);
    assert_eq!(all.len(), 3404);
    // 79 free steps: 27 to an empty cell (the whole turn), 52 onto a stone.
    let firsts = first_segments(&g, &start);
    assert_eq!(firsts.len(), 79);
    let to_empty = all.iter().filter(|t| !t.contains(' ')).count();
    assert_eq!(to_empty, 27);
    let onto_stone: BTreeSet<&str> = all
        .iter()
        .filter(|t| t.contains(' '))
        .map(|t| t.split(' ').next().unwrap())
        .collect();
    assert_eq!(onto_stone.len(), 52);
    // Per stone: c1 5, d1 5, e1 5, b2 8 ... e3 8.
    for (cell, n) in [
        ("c1", 5),
        ("d1", 5),
        ("e1", 5),
        ("b2", 8),
        ("c2", 8),
        ("d2", 8),
        ("e2", 8),
        ("f2", 8),
        ("c3", 8),
        ("d3", 8),
        ("e3", 8),
    ] {
        let from_here = firsts.iter().filter(|s| s.starts_with(cell)).count();
        assert_eq!(from_here, n, "{cell}");
    }
    // 3404 turns reach only 3181 distinct positions.
    let positions: HashSet<String> = all
        .iter()
        .map(|t| play(&g, &start, t).to_string())
        .collect();
    assert_eq!(positions.len(), 3181);
}

const EX2: &str = "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0";

#[test]
fn example_2_the_web_page_example() {
    let g = game();
    let start = pos(&g, EX2);
    assert_eq!(
        g.diagram(&start),
        "8  .  .  .  .  .  .  .
7  .  .  .  .  .  .  .
6  .  .  .  .  .  .  .
5  .  w  .  .  .  w  .
4  .  .  w  w  .  .  .
3  .  .  .  bw .  .  .
2  .  .  .  .  .  .  .
1  .  .  .  .  .  .  .
   a  b  c  d  e  f  g"
    );
    // Seven legal tower segments; NW (d3-b5) would build two towers.
    assert_eq!(
        first_segments(&g, &start),
        set(&[
            "d3-d5", "d3-f5", "d3-f3", "d3-f1", "d3-d1", "d3-b1", "d3-b3"
        ])
    );
    // 17 complete turns = 1 + 5 + 4 + 7.
    assert_eq!(
        turns(&g, &start),
        sorted(&[
            "d3-d5",
            "d3-f3",
            "d3-f1",
            "d3-d1",
            "d3-b1",
            "d3-b3",
            "d3-f5 f5-f7",
            "d3-f5 f5-f3",
            "d3-f5 f5-d5",
            "d3-f5 f5-d7",
            "d3-f5 f5-d3 e4-e6",
            "d3-f5 f5-d3 e4-g6",
            "d3-f5 f5-d3 e4-g4",
            "d3-f5 f5-d3 e4-g2",
            "d3-f5 f5-d3 e4-e2",
            "d3-f5 f5-d3 e4-c6",
            "d3-f5 f5-d3 e4-c2",
        ])
    );
    assert!(g.play_text(&mut start.clone(), "d3-b5").is_err());

    // d3-d5: a Black tower on d4, Black to move it.
    let after = play(&g, &start, "d3-d5");
    assert_eq!(
        after.to_string(),
        "7/7/7/1w1w1w1/2w(wb)3/7/7/7 b 0 0 0 12 12 - 1"
    );
    assert_eq!(
        g.diagram(&after).lines().nth(3).unwrap(),
        "5  .  w  .  w  .  w  ."
    );
    assert_eq!(
        g.diagram(&after).lines().nth(4).unwrap(),
        "4  .  .  w  wb .  .  ."
    );
    let black = turns(&g, &after);
    assert!(black.iter().all(|t| t.starts_with("d4-")), "{black:?}");

    // The five turns that end with no tower.
    for (mv, text) in [
        ("d3-f3", "7/7/7/1w3w1/2ww3/4bw1/7/7 b 0 0 0 12 12 - 1"),
        ("d3-f1", "7/7/7/1w3w1/2ww3/7/4b2/5w1 b 0 0 0 12 12 - 1"),
        ("d3-d1", "7/7/7/1w3w1/2ww3/7/3b3/3w3 b 0 0 0 12 12 - 1"),
        ("d3-b1", "7/7/7/1w3w1/2ww3/7/2b4/1w5 b 0 0 0 12 12 - 1"),
        ("d3-b3", "7/7/7/1w3w1/2ww3/1wb4/7/7 b 0 0 0 12 12 - 1"),
    ] {
        let after = play(&g, &start, mv);
        assert_eq!(after.to_string(), text, "{mv}");
        assert!(after.board().tower().is_none());
    }
    // `d3-f5` alone is not a turn: the friendly tower on f5 must move on.
    assert!(g.play_text(&mut start.clone(), "d3-f5").is_err());

    // The mid-turn position after d3-f5 (segment 1): 5 legal tower segments.
    let mid = pos(&g, "7/7/7/1w3(ww)1/2wwb2/7/7/7 w 1 0 0 12 12 - 0");
    assert_eq!(
        g.diagram(&mid),
        "8  .  .  .  .  .  .  .
7  .  .  .  .  .  .  .
6  .  .  .  .  .  .  .
5  .  w  .  .  .  ww .
4  .  .  w  w  b  .  .
3  .  .  .  .  .  .  .
2  .  .  .  .  .  .  .
1  .  .  .  .  .  .  .
   a  b  c  d  e  f  g"
    );
    assert_eq!(
        first_segments(&g, &mid),
        set(&["f5-f7", "f5-f3", "f5-d3", "f5-d5", "f5-d7"])
    );
    assert_eq!(turns(&g, &mid).len(), 4 + 7);

    // After d3-f5 f5-d3 (segment 2): tower e4 = bw, 7 legal; W (e4-c4) is two towers.
    let mid2 = pos(&g, "7/7/7/1w5/2ww(bw)2/3w3/7/7 w 2 0 0 12 12 - 0");
    assert_eq!(
        g.diagram(&mid2).lines().nth(4).unwrap(),
        "4  .  .  w  w  bw .  ."
    );
    assert_eq!(
        turns(&g, &mid2),
        sorted(&[
            "e4-e6", "e4-g6", "e4-g4", "e4-g2", "e4-e2", "e4-c6", "e4-c2"
        ])
    );
    let end = play(&g, &start, "d3-f5 f5-d3 e4-c2");
    assert_eq!(
        end.to_string(),
        "7/7/7/1w5/2ww3/3(wb)3/2w4/7 b 0 0 0 12 12 - 1"
    );
    assert_eq!(
        g.diagram(&end).lines().nth(5).unwrap(),
        "3  .  .  .  wb .  .  ."
    );
    assert_eq!(end.board().tower().map(|t| t.owner()), Some(Side::Black));

    // Variant: the same diagram on the 5th segment: d3-f5 is illegal (L4), 6 remain.
    let fifth = pos(&g, "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 4 0 0 12 12 - 0");
    assert_eq!(
        turns(&g, &fifth),
        sorted(&["d3-d5", "d3-f3", "d3-f1", "d3-d1", "d3-b1", "d3-b3"])
    );
}

const EX3: &str = "3b1b1/7/3w1b1/5w1/1w5/7/1w5/1w5 w 0 0 0 12 12 - 0";

#[test]
fn example_3_five_segment_chain_and_the_last_segment_rule() {
    let g = game();
    let start = pos(&g, EX3);
    assert_eq!(
        g.diagram(&start),
        "8  .  .  .  b  .  b  .
7  .  .  .  .  .  .  .
6  .  .  .  w  .  b  .
5  .  .  .  .  .  w  .
4  .  w  .  .  .  .  .
3  .  .  .  .  .  .  .
2  .  w  .  .  .  .  .
1  .  w  .  .  .  .  .
   a  b  c  d  e  f  g"
    );
    assert_eq!(turns(&g, &start).len(), 172);
    // After b1-b2 the tower can only go b2-b4, b2-d4, b2-d2.
    let seconds: BTreeSet<String> = turns(&g, &start)
        .iter()
        .filter(|t| t.starts_with("b1-b2 "))
        .map(|t| t.split(' ').nth(1).unwrap().to_owned())
        .collect();
    assert_eq!(seconds, set(&["b2-b4", "b2-d4", "b2-d2"]));

    // Before the 5th segment.
    let before = pos(&g, "3b1b1/7/4w(bw)1/2w2w1/7/1w5/7/7 w 4 0 0 12 12 - 0");
    assert_eq!(
        g.diagram(&before),
        "8  .  .  .  b  .  b  .
7  .  .  .  .  .  .  .
6  .  .  .  .  w  bw .
5  .  .  w  .  .  w  .
4  .  .  .  .  .  .  .
3  .  w  .  .  .  .  .
2  .  .  .  .  .  .  .
1  .  .  .  .  .  .  .
   a  b  c  d  e  f  g"
    );
    assert_eq!(turns(&g, &before), sorted(&["f6-f4", "f6-d4", "f6-d6"]));
    // On segments 2–4 the two friendly-tower moves are legal too.
    let earlier = pos(&g, "3b1b1/7/4w(bw)1/2w2w1/7/1w5/7/7 w 3 0 0 12 12 - 0");
    assert_eq!(
        first_segments(&g, &earlier),
        set(&["f6-f4", "f6-d4", "f6-d6", "f6-f8", "f6-d8"])
    );

    let chain = "b1-b2 b2-b4 b4-d6 d6-f6 f6-f4";
    assert!(turns(&g, &start).contains(&chain.to_owned()));
    let after = play(&g, &start, chain);
    assert_eq!(
        after.to_string(),
        "3b1b1/7/4w2/2w2(wb)1/5w1/1w5/7/7 b 0 0 0 12 12 - 1"
    );
    assert_eq!(
        g.diagram(&after),
        "8  .  .  .  b  .  b  .
7  .  .  .  .  .  .  .
6  .  .  .  .  w  .  .
5  .  .  w  .  .  wb .
4  .  .  .  .  .  w  .
3  .  w  .  .  .  .  .
2  .  .  .  .  .  .  .
1  .  .  .  .  .  .  .
   a  b  c  d  e  f  g"
    );
    assert!(
        g.play_text(&mut start.clone(), "b1-b2 b2-b4 b4-d6 d6-f6 f6-f8")
            .is_err()
    );
}

const EX4: &str = "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0";

#[test]
fn example_4_scoring_goal_cell_and_replacement() {
    let g = game();
    let start = pos(&g, EX4);
    assert_eq!(
        g.diagram(&start),
        "8  .  .  b  b  .  .  .
7  .  .  .  bw .  .  .
6  .  .  .  .  .  .  .
5  .  .  .  .  .  .  .
4  .  .  .  .  .  .  .
3  .  .  .  .  .  .  .
2  .  .  .  .  .  .  .
1  .  .  w  .  w  .  .
   a  b  c  d  e  f  g"
    );
    assert_eq!(
        turns(&g, &start),
        sorted(&[
            "d7-d9=d1", "d7-f9=d1", "d7-b9=d1", "d7-f7", "d7-f5", "d7-d5", "d7-b5", "d7-b7",
        ])
    );
    let goal = play(&g, &start, "d7-d9=d1");
    assert_eq!(
        goal.to_string(),
        "2b(bb)3/7/7/7/7/7/7/2www2 b 0 2 0 12 12 - 1"
    );
    assert_eq!(g.scores(&goal).unwrap().white, 2);
    assert_eq!(g.status(&goal), Status::Ongoing);
    assert!(turns(&g, &goal).iter().all(|t| t.starts_with("d8-")));
    assert_eq!(play(&g, &start, "d7-f9=d1").score(Side::White), 1);
    assert_eq!(play(&g, &start, "d7-b9=d1").score(Side::White), 1);
    // The re-placement is forced to d1.
    assert!(g.play_text(&mut start.clone(), "d7-d9=c1").is_err());

    // Score 10, target 12: d7-d9=d1 wins at once.
    let ten = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0");
    let won = play(&g, &ten, "d7-d9=d1");
    assert_eq!(
        won.to_string(),
        "2b(bb)3/7/7/7/7/7/7/2www2 b 0 12 0 12 12 - 1"
    );
    let result = g.status(&won).result().cloned().expect("finished");
    assert_eq!(result.winner, Some(Side::White));
    assert!(turns(&g, &won).is_empty());

    // Variant A: a ww tower: N and NW would build a friendly tower while scoring (L5).
    let a = pos(&g, "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0");
    assert_eq!(
        turns(&g, &a),
        sorted(&["d7-f9=d1", "d7-f7", "d7-f5", "d7-d5", "d7-b5", "d7-b7"])
    );
    let cont = with(&[("scoring_friendly_tower", "Continue")]);
    let a = pos(&cont, "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0");
    assert_eq!(
        first_segments(&cont, &a),
        set(&[
            "d7-d9", "d7-f9", "d7-b9", "d7-f7", "d7-f5", "d7-d5", "d7-b5", "d7-b7"
        ])
    );
    // After d7-d9=d1 White goes on with the new tower d8 (bw).
    let after_goal: BTreeSet<String> = turns(&cont, &a)
        .into_iter()
        .filter(|t| t.starts_with("d7-d9=d1"))
        .collect();
    assert_eq!(
        after_goal,
        set(&[
            "d7-d9=d1 d8-f8",
            "d7-d9=d1 d8-f6",
            "d7-d9=d1 d8-d6",
            "d7-d9=d1 d8-b6",
            "d7-d9=d1 d8-b8",
        ])
    );
    assert!(cont.play_text(&mut a.clone(), "d7-d9=d1").is_err());

    // Variant B: setup row 1 is full, the scored stone goes to c2, e2 or f2.
    let b = pos(&g, "2bb3/3(bw)3/7/7/7/7/1w1w3/2www2 w 0 0 0 12 12 - 0");
    assert_eq!(
        g.diagram(&b).lines().nth(6).unwrap(),
        "2  .  w  .  w  .  .  ."
    );
    let scoring: Vec<String> = turns(&g, &b)
        .into_iter()
        .filter(|t| t.contains('='))
        .collect();
    assert_eq!(
        scoring,
        sorted(&[
            "d7-d9=c2", "d7-d9=e2", "d7-d9=f2", "d7-f9=c2", "d7-f9=e2", "d7-f9=f2", "d7-b9=c2",
            "d7-b9=e2", "d7-b9=f2",
        ])
    );
    assert_eq!(play(&g, &b, "d7-d9=e2").score(Side::White), 2);
    assert_eq!(play(&g, &b, "d7-b9=f2").score(Side::White), 1);

    // Edge checks.
    let g7 = pos(&g, "7/6(ww)/7/7/7/7/7/b6 w 0 0 0 12 12 - 0");
    assert_eq!(
        first_segments(&g, &g7),
        set(&["g7-g9", "g7-e9", "g7-g5", "g7-e5", "g7-e7"])
    );
    assert_eq!(play(&g, &g7, "g7-g9=c1").score(Side::White), 1);
    assert_eq!(play(&g, &g7, "g7-e9=c1").score(Side::White), 1);
    let b7 = pos(&g, "7/1(ww)5/7/7/7/7/7/b6 w 0 0 0 12 12 - 0");
    assert_eq!(
        first_segments(&g, &b7),
        set(&["b7-b9", "b7-d9", "b7-d7", "b7-d5", "b7-b5"])
    );
    assert_eq!(play(&g, &b7, "b7-b9=d1").score(Side::White), 1);
    assert_eq!(play(&g, &b7, "b7-d9=d1").score(Side::White), 2);
    let d8 = pos(&g, "3(ww)3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0");
    assert_eq!(
        turns(&g, &d8),
        sorted(&["d8-f8", "d8-f6", "d8-d6", "d8-b6", "d8-b8"])
    );

    // Black scoring (mirror).
    let black = pos(&g, "2b4/7/7/7/7/7/3(wb)3/3w3 b 0 0 0 12 12 - 0");
    assert_eq!(first_segments(&g, &black).len(), 8);
    let scored = play(&g, &black, "d2-d0=d8");
    assert_eq!(
        scored.to_string(),
        "2bb3/7/7/7/7/7/7/3(ww)3 w 0 0 2 12 12 - 1"
    );
    assert!(g.play_text(&mut black.clone(), "d2-d0=e8").is_ok());
    assert!(g.play_text(&mut black.clone(), "d2-d0=c8").is_err());
    assert_eq!(play(&g, &black, "d2-f0=e8").score(Side::Black), 1);
    assert_eq!(play(&g, &black, "d2-b0=d8").score(Side::Black), 1);
}

const EX5: &str = "2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0";

#[test]
fn example_5_penalty() {
    let g = game();
    let start = pos(&g, EX5);
    assert_eq!(
        g.diagram(&start),
        "8  .  .  b  .  .  .  .
7  .  .  .  .  .  .  .
6  .  .  .  .  .  .  .
5  .  .  .  .  .  .  .
4  .  .  .  .  .  .  .
3  w  .  w  .  .  .  .
2  b  b  .  .  .  .  .
1  bw w  w  .  .  .  .
   a  b  c  d  e  f  g"
    );
    assert_eq!(turns(&g, &start), sorted(&["!"]));
    let after = play(&g, &start, "!");
    assert_eq!(
        after.to_string(),
        "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1"
    );
    assert_eq!(after.score(Side::White), 3);
    assert_eq!(after.pending(), Some(Side::Black));
    assert_eq!(
        g.diagram(&after).lines().nth(7).unwrap(),
        "1  w  w  w  .  .  .  ."
    );
    // Black starts by placing the stone on d8 or e8, then makes a free step.
    let black = turns(&g, &after);
    let placements: BTreeSet<&str> = black.iter().map(|t| t.split(' ').next().unwrap()).collect();
    assert_eq!(placements, ["=d8", "=e8"].into_iter().collect());
    assert!(black.iter().all(|t| t.split(' ').count() >= 2));
    let placed = play(&g, &after, "=d8 d8-d7");
    assert_eq!(
        placed.to_string(),
        "2b4/3b3/7/7/7/w1w4/bb5/www4 w 0 3 0 12 12 - 2"
    );
    assert!(g.play_text(&mut after.clone(), "c8-c7").is_err());

    // a1 = ww: White re-places his own bottom stone on d1 or e1.
    let ww = pos(&g, "2b4/7/7/7/7/w1w4/bb5/(ww)ww4 w 0 5 0 12 12 - 0");
    assert_eq!(turns(&g, &ww), sorted(&["!=d1", "!=e1"]));
    assert_eq!(
        play(&g, &ww, "!=d1").to_string(),
        "2b4/7/7/7/7/w1w4/bb5/wwww3 b 0 3 0 12 12 - 1"
    );
}

#[test]
fn example_6_single_step_into_goal() {
    let text = "3w3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0";
    let g = game();
    let start = pos(&g, text);
    assert_eq!(
        turns(&g, &start),
        sorted(&["d8-c8", "d8-e8", "d8-c7", "d8-d7", "d8-e7"])
    );
    assert!(g.play_text(&mut start.clone(), "d8-d9=c1").is_err());
    let on = with(&[("single_step_into_goal", "on")]);
    let start = pos(&on, text);
    assert_eq!(
        turns(&on, &start),
        sorted(&[
            "d8-c8", "d8-e8", "d8-c7", "d8-d7", "d8-e7", "d8-d9=c1", "d8-d9=d1", "d8-d9=e1",
        ])
    );
    let after = play(&on, &start, "d8-d9=c1");
    assert_eq!(after.to_string(), "7/7/7/7/7/7/7/b1w4 b 0 2 0 12 12 - 1");
}

#[test]
fn example_7_self_inflicted_penalty() {
    let g = game();
    let start = g.initial_state();
    let all = turns(&g, &start);
    let line: Vec<&String> = all
        .iter()
        .filter(|t| t.starts_with("c1-d2 d2-d4 d3-d1 d1-d3"))
        .collect();
    assert_eq!(
        line,
        [
            "c1-d2 d2-d4 d3-d1 d1-d3 !=c1",
            "c1-d2 d2-d4 d3-d1 d1-d3 !=d1"
        ]
    );
    let before = pos(
        &g,
        "2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1ww(ww)ww1/4w2 w 4 0 0 12 12 - 0",
    );
    assert_eq!(
        g.diagram(&before),
        "8  .  .  b  b  b  .  .
7  .  b  b  b  b  b  .
6  .  .  b  b  b  .  .
5  .  .  .  .  .  .  .
4  .  .  .  w  .  .  .
3  .  .  w  w  w  .  .
2  .  w  w  ww w  w  .
1  .  .  .  .  w  .  .
   a  b  c  d  e  f  g"
    );
    assert_eq!(turns(&g, &before), sorted(&["!=c1", "!=d1"]));
    // On segments 2–4 NE and NW are legal (they build a friendly tower and go on).
    let earlier = pos(
        &g,
        "2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1ww(ww)ww1/4w2 w 3 0 0 12 12 - 0",
    );
    assert_eq!(first_segments(&g, &earlier), set(&["d2-f4", "d2-b4"]));
    let after = play(&g, &start, "c1-d2 d2-d4 d3-d1 d1-d3 !=c1");
    assert_eq!(
        after.to_string(),
        "2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1wwwww1/2w1w2 b 0 -2 0 12 12 - 1"
    );
    assert_eq!(after.score(Side::White), -2);
    assert!(
        g.play_text(&mut start.clone(), "c1-d2 d2-d4 d3-d1 d1-d3 !=e1")
            .is_err()
    );
}

#[test]
fn the_position_table_of_2_6() {
    let g = game();
    for text in [
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 0",
        "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0",
        "7/7/7/1w3(ww)1/2wwb2/7/7/7 w 1 0 0 12 12 - 0",
        "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1",
        "2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1wwwww1/2w1w2 b 0 -2 0 12 12 - 1",
    ] {
        pos(&g, text);
    }
}
