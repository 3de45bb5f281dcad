//! §4: the free step, tower segments and the rules L1–L5, scoring, re-placement, the penalty
//! and the pending stone.

use super::*;

#[test]
fn white_moves_first_from_the_setup() {
    let g = game();
    let s = g.initial_state();
    assert_eq!(g.side_to_move(&s), Side::White);
    assert_eq!(s.board().stones(Side::White), 11);
    assert_eq!(s.board().stones(Side::Black), 11);
    assert!(legal(&g, &s, "d3-d4"));
    rejected(&g, &s, "d6-d5", "no stone of yours");
}

#[test]
fn free_step_to_an_empty_cell_ends_the_turn() {
    let g = game();
    let s = g.initial_state();
    assert!(legal(&g, &s, "e3-f4"));
    rejected(&g, &s, "e3-f4 f4-f6", "already over");
    // A free step goes to a neighbouring board cell only.
    assert!(g.parse_move(&s, "e3-e5").is_ok()); // reads as a tower segment …
    rejected(&g, &s, "e3-e5", "free step"); // … but there is no tower
    assert!(g.parse_move(&s, "c1-c0").is_err());
}

#[test]
fn free_step_onto_any_stone_builds_the_movers_tower() {
    let g = game();
    // White d3, Black d4: stepping onto the black stone makes a White tower (bw) to move on.
    let s = pos(&g, "7/7/7/7/3b3/3w3/7/7 w 0 0 0 12 12 - 0");
    let all = turns(&g, &s);
    let onto: Vec<&String> = all.iter().filter(|t| t.starts_with("d3-d4")).collect();
    assert!(!onto.is_empty());
    assert!(onto.iter().all(|t| t.starts_with("d3-d4 d4-")));
    rejected(&g, &s, "d3-d4", "must move on");
    let after = play(&g, &s, "d3-d4 d4-d6");
    // Black bottom to d5, white top to d6.
    assert_eq!(after.to_string(), "7/7/3w3/3b3/7/7/7/7 b 0 0 0 12 12 - 1");
}

#[test]
fn an_existing_tower_must_be_moved() {
    let g = game();
    let s = pos(&g, EX2);
    assert!(legal(&g, &s, "d3-f3"));
    rejected(&g, &s, "b5-b6", "no free step while a tower stands");
    rejected(&g, &s, "c4-e6", "must start there");
    // Without the tower the step is fine.
    let no_tower = pos(&g, "7/7/7/1w3w1/2ww3/7/7/2b4 w 0 0 0 12 12 - 0");
    assert!(legal(&g, &no_tower, "b5-b6"));
}

#[test]
fn l1_the_bottom_stone_lands_on_a_board_cell() {
    let g = game();
    // From d8 every northward direction would drop the bottom stone on rank 9: such moves
    // cannot even be written (their top stone would land on rank 10), and none is generated.
    let d8 = pos(&g, "3(ww)3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0");
    let all = turns(&g, &d8);
    assert_eq!(all.len(), 5);
    assert!(all.iter().all(|t| t.as_bytes()[4] <= b'8'), "{all:?}");
    assert!(g.parse_move(&d8, "d8-d10").is_err());
    let d7 = pos(&g, "7/3(ww)3/7/7/7/7/7/b6 w 0 0 0 12 12 - 0");
    assert!(legal(&g, &d7, "d7-d9=c1"));
}

#[test]
fn l2_the_top_stone_scores_only_over_the_opponents_edge() {
    let g = game();
    // White tower on d2: south would send the top stone over White's own edge.
    let d2 = pos(&g, "6b/7/7/7/7/7/3(ww)3/7 w 0 0 0 12 12 - 0");
    rejected(&g, &d2, "d2-d0=c1", "scoring row");
    assert!(legal(&g, &d2, "d2-d4"));
    // Sideways: g7 north-east.
    let g7 = pos(&g, "7/6(ww)/7/7/7/7/7/b6 w 0 0 0 12 12 - 0");
    rejected(&g, &g7, "g7-i9=c1", "not allowed");
    assert!(legal(&g, &g7, "g7-g9=c1"));
    // Black scores on rank 0, not on rank 9.
    let black = pos(&g, "7/3(bb)3/7/7/7/7/7/w6 b 0 0 0 12 12 - 0");
    rejected(&g, &black, "d7-d9=d8", "scoring row");
    let black2 = pos(&g, "7/7/7/7/7/7/3(bb)3/w6 b 0 0 0 12 12 - 0");
    assert!(legal(&g, &black2, "d2-d0=c8"));
}

#[test]
fn l3_no_two_towers() {
    let g = game();
    let s = pos(&g, EX2);
    rejected(&g, &s, "d3-b5", "two towers");
    // One occupied cell is fine (d3-f5: only f5 holds a stone).
    assert!(turns(&g, &s).iter().any(|t| t.starts_with("d3-f5 ")));
}

#[test]
fn l4_the_last_segment_builds_no_friendly_tower() {
    let g = game();
    let fourth = pos(&g, "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 3 0 0 12 12 - 0");
    assert!(legal(&g, &fourth, "d3-f5 f5-f7"));
    let fifth = pos(&g, "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 4 0 0 12 12 - 0");
    rejected(&g, &fifth, "d3-f5 f5-f7", "last of the turn");
    // An enemy tower on the last segment is allowed.
    assert!(legal(&g, &fifth, "d3-d5"));
}

#[test]
fn l5_scoring_builds_no_friendly_tower_by_default() {
    let text = "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0";
    let g = game();
    let s = pos(&g, text);
    rejected(&g, &s, "d7-d9=d1", "L5");
    assert!(legal(&g, &s, "d7-f9=d1"));
    // An enemy tower while scoring is fine (black bottom onto d8).
    let bw = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0");
    assert!(legal(&g, &bw, "d7-d9=d1"));
    // Continue: the scoring segment may build it, and the new tower must then move.
    let c = with(&[("scoring_friendly_tower", "continue")]);
    let s = pos(&c, text);
    rejected(&c, &s, "d7-d9=d1", "must move on");
    let after = play(&c, &s, "d7-d9=d1 d8-d6");
    assert_eq!(after.score(Side::White), 2);
    assert_eq!(
        after.to_string(),
        "2b4/3b3/3w3/7/7/7/7/2www2 b 0 2 0 12 12 - 1"
    );
}

#[test]
fn continue_goes_on_after_scoring() {
    // White tower on c7 (ww), a black stone on d8: with Continue the scoring segment may
    // build a friendly tower on the last row, and the chain goes on from there.
    let c = with(&[("scoring_friendly_tower", "Continue")]);
    let s = pos(&c, "3b3/2(ww)4/7/7/7/7/7/b6 w 0 0 0 12 12 - 0");
    // c7-e9: bottom white onto d8 (black) → White tower d8 (bw), top scores at e9 (+1).
    // d8 then moves e.g. d8-d6 (S).
    let after = play(&c, &s, "c7-e9=c1 d8-d6");
    assert_eq!(after.score(Side::White), 1);
    let default = game();
    let s = pos(&default, "3b3/2(ww)4/7/7/7/7/7/b6 w 0 0 0 12 12 - 0");
    rejected(&default, &s, "c7-e9=c1", "L5");
}

#[test]
fn a_friendly_tower_must_move_on_and_other_segments_end_the_turn() {
    let g = game();
    let s = pos(&g, EX2);
    rejected(&g, &s, "d3-f5", "must move on");
    rejected(&g, &s, "d3-d5 d4-d6", "already over");
    rejected(&g, &s, "d3-f3 f3-f5", "already over");
}

#[test]
fn scoring_ends_the_turn() {
    let g = game();
    let s = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0");
    rejected(&g, &s, "d7-d9=d1 d8-d6", "already over");
    let after = play(&g, &s, "d7-d9=d1");
    assert_eq!(after.to_move(), Side::Black);
    assert_eq!(after.score(Side::White), 2);
}

#[test]
fn scoring_points_one_and_two() {
    let g = game();
    let s = pos(&g, "7/1(ww)5/7/7/7/7/7/b6 w 0 0 0 12 12 - 0");
    assert_eq!(play(&g, &s, "b7-b9=c1").score(Side::White), 1);
    assert_eq!(play(&g, &s, "b7-d9=c1").score(Side::White), 2);
    // A scoring token needs its re-placement; a non-scoring one has none.
    assert!(g.parse_move(&s, "b7-b9").is_err());
    assert!(g.parse_move(&s, "b7-b5=c1").is_err());
}

#[test]
fn replacement_tiers() {
    let g = game();
    // Tier 1: only d1 is empty.
    let t1 = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0");
    assert!(legal(&g, &t1, "d7-f9=d1"));
    rejected(&g, &t1, "d7-f9=c2", "not where the stone goes back");
    // Tier 3: rows 1 and 2 full, c3 occupied: d3 or e3.
    let t3 = pos(&g, "2bb3/3(bw)3/7/7/7/2w4/1wwwww1/2www2 w 0 0 0 12 12 - 0");
    let scoring: Vec<String> = turns(&g, &t3)
        .into_iter()
        .filter(|t| t.starts_with("d7-d9"))
        .collect();
    assert_eq!(scoring, ["d7-d9=d3", "d7-d9=e3"]);
    // Tier 4: the setup area is full (a black stone on c1): any empty cell of ranks 1–4.
    let t4 = pos(
        &g,
        "2bb3/3(bw)3/7/7/7/2www2/1wwwww1/2bww2 w 0 0 0 12 12 - 0",
    );
    let scoring = turns(&g, &t4)
        .into_iter()
        .filter(|t| t.starts_with("d7-d9"))
        .count();
    assert_eq!(scoring, 17);
    assert!(legal(&g, &t4, "d7-d9=a4"));
    rejected(&g, &t4, "d7-d9=a5", "not where the stone goes back");
    // Black's tiers mirror White's.
    let b = pos(&g, "2bbb2/7/7/7/7/7/3(wb)3/3w3 b 0 0 0 12 12 - 0");
    assert!(legal(&g, &b, "d2-f0=b7"));
    rejected(&g, &b, "d2-f0=c6", "not where the stone goes back");
}

#[test]
fn penalty_when_the_tower_cannot_move() {
    let g = game();
    // Opponent's bottom stone: `!`, the stone becomes pending.
    let s = pos(&g, "2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0");
    assert!(legal(&g, &s, "!"));
    rejected(&g, &s, "!=d1", "write `!` alone");
    // Own bottom stone: `!=Z`.
    let own = pos(&g, "2b4/7/7/7/7/w1w4/bb5/(ww)ww4 w 0 5 0 12 12 - 0");
    rejected(&g, &own, "!", "put it back with `!=cell`");
    rejected(&g, &own, "!=c2", "not where the stone goes back");
    assert!(legal(&g, &own, "!=e1"));
    // No penalty while a direction is legal.
    let free = pos(&g, EX2);
    rejected(&g, &free, "!", "can move");
    // A stuck tower needs the penalty token.
    rejected(&g, &s, "a1-a3", "two towers");
    let before5 = pos(
        &g,
        "2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1ww(ww)ww1/4w2 w 4 0 0 12 12 - 0",
    );
    rejected(&g, &before5, "d2-f4", "last of the turn");
    // A penalty never ends the game, and scores may go negative.
    let after = play(&g, &before5, "!=d1");
    assert_eq!(after.score(Side::White), -2);
    assert_eq!(g.status(&after), Status::Ongoing);
    // And there is no penalty without a tower.
    rejected(&g, &g.initial_state(), "!", "no tower");
}

#[test]
fn pending_stone_is_placed_first_by_its_owner() {
    let g = game();
    let s = pos(&g, "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1");
    assert!(legal(&g, &s, "=d8 b2-c2"));
    rejected(&g, &s, "b2-c2", "pending stone goes back first");
    rejected(&g, &s, "=c8 b2-c2", "not where the stone goes back");
    rejected(&g, &s, "=d7 b2-c2", "not where the stone goes back");
    // Without a pending stone there is nothing to place.
    rejected(&g, &g.initial_state(), "=c4 d3-d4", "no stone of yours");
}
