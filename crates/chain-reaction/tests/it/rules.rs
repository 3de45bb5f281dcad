//! Every rule of the specification: a position where it allows and one where it forbids;
//! every option changing what the spec says it changes; bad input rejected without change.

use crate::common::{game, play, pos, with};
use board_kernel::prelude::*;
use board_kernel::testing::{assert_refused, sorted_move_texts as turns};
use board_kernel::{GameOptions, Illegal, MoveError, Side, Status};
use sackson_chain_reaction::{ChainReaction, Options, State};

fn legal(g: &ChainReaction, state: &State, mv: &str) -> bool {
    let ok = g.play_text(&mut state.clone(), mv).is_ok();
    assert_eq!(ok, turns(g, state).contains(&mv.to_owned()), "{mv}");
    ok
}

/// The move is rejected, the state unchanged, and the reason mentions `why`.
fn rejected(g: &ChainReaction, state: &State, mv: &str, why: &str) {
    if let MoveError::Illegal { illegal, .. } = assert_refused(g, state, mv, why) {
        assert!(
            illegal.rule().is_some(),
            "{mv}: no rule named in `{illegal}`"
        );
    }
}

const EX2: &str = "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0";

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

#[test]
fn winning_at_the_target() {
    let g = game();
    let s = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0");
    let won = play(&g, &s, "d7-d9=d1");
    let result = g.status(&won).result().cloned().unwrap();
    assert_eq!(result.winner, Some(Side::White));
    assert_eq!(result.reason, "target reached");
    assert!(turns(&g, &won).is_empty());
    let mut again = won.clone();
    assert!(matches!(
        g.play_text(&mut again, "d8-d6"),
        Err(MoveError::Illegal {
            illegal: Illegal::GameOver,
            ..
        })
    ));
    // One point short: no win.
    let short = play(&g, &s, "d7-f9=d1");
    assert_eq!(g.status(&short), Status::Ongoing);
}

#[test]
fn targets_per_player_as_handicap() {
    let g = with(&[("target_white", "14"), ("target_black", "24")]);
    let s = g.initial_state();
    assert_eq!(
        s.to_string(),
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 14 24 - 0"
    );
    // A loaded line brings its own targets.
    let loaded = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0");
    assert!(g.status(&play(&g, &loaded, "d7-d9=d1")).is_finished());
    let near = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 13 12 - 0");
    assert!(!g.status(&play(&g, &near, "d7-d9=d1")).is_finished());
    assert!(g.status(&play(&g, &near, "d7-d9=d1")).result().is_none());
}

#[test]
fn continue_win_mid_chain_leaves_the_tower() {
    let c = with(&[("scoring_friendly_tower", "Continue")]);
    let s = pos(&c, "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0");
    let won = play(&c, &s, "d7-d9=d1");
    assert_eq!(
        won.to_string(),
        "2b(bw)3/7/7/7/7/7/7/2www2 b 0 12 0 12 12 - 1"
    );
    assert_eq!(
        c.status(&won).result().and_then(|r| r.winner),
        Some(Side::White)
    );
    // The finished position, with the winner's tower and Black to move, loads (rule 11 is
    // not applied to finished positions) …
    assert_eq!(pos(&c, &won.to_string()), won);
    // … but the same board in a game in progress does not.
    assert!(
        c.parse_position("2b(bw)3/7/7/7/7/7/7/2www2 b 0 2 0 12 12 - 1")
            .is_err()
    );
}

#[test]
fn max_plies_draws() {
    let g = with(&[("max_plies", "1")]);
    let s = g.initial_state();
    let after = play(&g, &s, "d3-d4");
    let result = g.status(&after).result().cloned().unwrap();
    assert_eq!(result.winner, None);
    assert_eq!(result.reason, "turn limit");
    // A loaded position at the limit is a draw; below it is not.
    let default = game();
    let at_limit = pos(
        &default,
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 500",
    );
    assert!(default.status(&at_limit).is_finished());
    let below = pos(
        &default,
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 499",
    );
    assert!(!default.status(&below).is_finished());
    // 0 = no limit.
    let off = with(&[("max_plies", "0")]);
    let far = pos(
        &off,
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 100000",
    );
    assert!(!off.status(&far).is_finished());
    // A win on the last allowed turn is a win.
    let last = pos(&default, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 499");
    let won = play(&default, &last, "d7-d9=d1");
    assert_eq!(
        default.status(&won).result().and_then(|r| r.winner),
        Some(Side::White)
    );
}

#[test]
fn repetition_draw() {
    let text = "6b/7/7/7/7/7/7/w6 w 0 0 0 12 12 - 0";
    let cycle = ["a1-a2", "g8-g7", "a2-a1", "g7-g8"];
    let two = with(&[("repetition_draw", "2")]);
    let mut s = pos(&two, text);
    for (i, mv) in cycle.iter().enumerate() {
        assert_eq!(two.status(&s), Status::Ongoing, "before turn {i}");
        s = play(&two, &s, mv);
    }
    let result = two.status(&s).result().cloned().unwrap();
    assert_eq!(
        (result.winner, result.reason.as_ref()),
        (None, "repetition")
    );
    // N = 3 needs a third occurrence.
    let three = with(&[("repetition_draw", "3")]);
    let mut s = pos(&three, text);
    for mv in cycle {
        s = play(&three, &s, mv);
    }
    assert_eq!(three.status(&s), Status::Ongoing);
    for mv in cycle {
        s = play(&three, &s, mv);
    }
    assert!(three.status(&s).is_finished());
    // Off by default.
    let g = game();
    let mut s = pos(&g, text);
    for _ in 0..3 {
        for mv in cycle {
            s = play(&g, &s, mv);
        }
    }
    assert_eq!(g.status(&s), Status::Ongoing);
    assert!(s.history().is_empty());
}

#[test]
fn max_segments_changes_the_chain_length() {
    let two = with(&[("max_segments", "2")]);
    let s = pos(&two, EX2);
    // Segment 2 is the last: d3-f5 f5-d3 would build a friendly tower on it.
    assert_eq!(turns(&two, &s).len(), 6 + 4);
    rejected(&two, &s, "d3-f5 f5-d3 e4-e6", "last of the turn");
    let g = game();
    let ex3 = pos(&g, "3b1b1/7/3w1b1/5w1/1w5/7/1w5/1w5 w 0 0 0 12 12 - 0");
    assert!(legal(&g, &ex3, "b1-b2 b2-b4 b4-d6 d6-f6 f6-f4"));
    let three = with(&[("max_segments", "3")]);
    let ex3 = pos(&three, "3b1b1/7/3w1b1/5w1/1w5/7/1w5/1w5 w 0 0 0 12 12 - 0");
    rejected(
        &three,
        &ex3,
        "b1-b2 b2-b4 b4-d6 d6-f6 f6-f4",
        "last of the turn",
    );
    let six = with(&[("max_segments", "6")]);
    let fifth = pos(&six, "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 4 0 0 12 12 - 0");
    assert!(legal(&six, &fifth, "d3-f5 f5-f7"));
}

#[test]
fn single_step_into_goal_only_into_the_attacked_goal() {
    let on = with(&[("single_step_into_goal", "on")]);
    let s = pos(&on, "7/7/7/7/7/7/7/3w2b w 0 0 0 12 12 - 0");
    rejected(&on, &s, "d1-d0=c1", "not the goal cell you attack");
    let s = pos(&on, "2w4/7/7/7/7/7/7/6b w 0 0 0 12 12 - 0");
    assert!(legal(&on, &s, "c8-d9=d1"));
    assert!(on.parse_move(&s, "c8-c9=d1").is_err());
    let off = game();
    let s = pos(&off, "2w4/7/7/7/7/7/7/6b w 0 0 0 12 12 - 0");
    rejected(&off, &s, "c8-d9=d1", "single_step_into_goal");
    // Black's goal.
    let b = pos(&on, "6w/7/7/7/7/7/7/4b2 b 0 0 0 12 12 - 0");
    assert!(legal(&on, &b, "e1-d0=d8"));
    // Winning with a step.
    let w = pos(&on, "2w4/7/7/7/7/7/7/6b w 0 0 0 12 12 - 0");
    let w = pos(&on, &w.to_string().replace(" 0 0 12 12", " 10 0 12 12"));
    let won = play(&on, &w, "c8-d9=d1");
    assert!(on.status(&won).is_finished());
}

#[test]
fn options_parse_validate_and_print() {
    let o = Options::default();
    assert_eq!(
        o.values(),
        vec![
            ("target_white", "12".to_owned()),
            ("target_black", "12".to_owned()),
            ("max_segments", "5".to_owned()),
            ("scoring_friendly_tower", "Forbidden".to_owned()),
            ("single_step_into_goal", "off".to_owned()),
            ("max_plies", "500".to_owned()),
            ("repetition_limit", "0".to_owned()),
        ]
    );
    // The specification's name for the repetition option is read too.
    assert_eq!(
        Options::from_pairs([("repetition_draw", "3")])
            .unwrap()
            .repetition_limit,
        3
    );
    for (k, v) in o.values() {
        let mut p = Options::default();
        p.set(k, &v).unwrap();
        assert_eq!(p, o);
    }
    assert_eq!(Options::info().len(), 7);
    for bad in [
        ("target_white", "0"),
        ("target_black", "-3"),
        ("target_black", "x"),
        ("max_segments", "1"),
        ("max_segments", "0"),
        ("max_segments", "11"),
        ("scoring_friendly_tower", "maybe"),
        ("single_step_into_goal", "sometimes"),
        ("max_plies", "-1"),
        ("repetition_draw", "1"),
        ("nonsense", "1"),
    ] {
        assert!(Options::from_pairs([bad]).is_err(), "{bad:?}");
        assert!(ChainReaction::from_pairs([bad]).is_err(), "{bad:?}");
    }
    for good in [
        ("scoring_friendly_tower", "CONTINUE"),
        ("single_step_into_goal", "On"),
        ("max_segments", "2"),
        ("max_segments", "10"),
        ("repetition_draw", "2"),
        ("max_plies", "0"),
        ("target_white", "1"),
    ] {
        assert!(Options::from_pairs([good]).is_ok(), "{good:?}");
    }
}

#[test]
fn bad_move_text_is_a_parse_error_and_changes_nothing() {
    let g = game();
    let s = g.initial_state();
    for bad in [
        "", "d3", "d3-", "d3-d4 ", "d3- d4", "D3-D4", "d3-h4", "d3-d4=", "x", "d3-d4!", "!!", "=",
        "d3—d4", "d3-d4\n",
    ] {
        let mut tried = s.clone();
        match g.play_text(&mut tried, bad) {
            Err(MoveError::Parse(e)) => assert!(!e.reason.is_empty()),
            other => panic!("{bad:?}: {other:?}"),
        }
        assert_eq!(tried, s);
    }
}

#[test]
fn bad_position_text_names_the_broken_rule() {
    let g = game();
    let cases: &[(&str, &str)] = &[
        // Grammar.
        ("", "single spaces"),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 -",
            "9 fields",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2  w 0 0 0 12 12 - 0",
            "single spaces",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1 w 0 0 0 12 12 - 0",
            "8 ranks",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www1 w 0 0 0 12 12 - 0",
            "exactly 7",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www3 w 0 0 0 12 12 - 0",
            "exactly 7",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/43/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 0",
            "two digits",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2(w)ww2 w 0 0 0 12 12 - 0",
            "parentheses",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2x4 w 0 0 0 12 12 - 0",
            "not a cell",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2(ww4 w 0 0 0 12 12 - 0",
            "without `)`",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 x 0 0 0 12 12 - 0",
            "side to move",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 00 0 0 12 12 - 0",
            "leading zeros",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 -0 0 12 12 - 0",
            "-0",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 +1 0 12 12 - 0",
            "whole number",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w -1 0 0 12 12 - 0",
            "whole number",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 x 0",
            "pending",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - -1",
            "whole number",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 99999999999999999999 0 12 12 - 0",
            "too large",
        ),
        // 2.7, rules 1–11 in order.
        (
            "7/7/7/7/7/7/7/(wwb)b5 w 0 0 0 12 12 - 0",
            "stack higher than 2",
        ),
        (
            "7/7/7/7/7/7/7/(ww)(bb)5 w 0 0 0 12 12 - 0",
            "more than one tower",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/1wwwww1 w 0 0 0 12 12 - 0",
            "more than 11 stones",
        ),
        (
            "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 b 0 0 0 12 12 w 0",
            "more than 11 stones",
        ),
        ("7/7/7/7/7/7/7/w6 w 0 0 0 12 12 - 0", "no stone"),
        (
            "7/7/7/7/7/7/7/w6 w 0 0 0 12 12 b 0",
            "pending stone of the side not to move",
        ),
        ("7/7/7/7/7/7/7/wb5 w 0 0 0 0 12 - 0", "field out of range"),
        ("7/7/7/7/7/7/7/wb5 w 0 12 12 12 12 - 0", "both players"),
        (
            "7/7/7/7/7/7/7/wb5 w 1 0 0 12 12 - 0",
            "segment > 0 without a tower",
        ),
        ("7/7/7/7/7/7/7/(bw)b5 w 5 0 0 12 12 - 0", "no segment left"),
        (
            "7/7/7/7/7/7/7/wb5 b 0 0 0 12 12 w 0",
            "pending stone of the side not to move",
        ),
        (
            "7/7/7/7/7/7/7/(bw)b5 w 0 0 0 12 12 w 0",
            "pending stone with a tower",
        ),
        (
            "7/7/7/7/7/7/7/(wb)b5 w 0 0 0 12 12 - 0",
            "tower of the side not to move",
        ),
        (
            "7/7/7/7/7/7/7/(wb)b5 w 2 0 0 12 12 - 0",
            "tower of the side not to move",
        ),
    ];
    for (text, why) in cases {
        let err = g.parse_position(text).unwrap_err();
        assert!(
            err.to_string().contains(why),
            "{text}: `{err}` does not mention `{why}`"
        );
    }
    // The error says where.
    let err = g
        .parse_position("2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2x4 w 0 0 0 12 12 - 0")
        .unwrap_err();
    assert_eq!(err.at.as_deref(), Some("rank 1, file c"));
    let err = g
        .parse_position("2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 01")
        .unwrap_err();
    assert_eq!(err.at.as_deref(), Some("field 9 (turns)"));
    // max_segments decides rule 8.
    let six = with(&[("max_segments", "6")]);
    assert!(
        six.parse_position("7/7/7/7/7/7/7/(bw)b5 w 5 0 0 12 12 - 0")
            .is_ok()
    );
}

#[test]
fn every_rule_book_setup_replays() {
    let book = ChainReaction::rule_book();
    let mut count = 0;
    for (caption, setup) in book.setups() {
        let g = ChainReaction::from_pairs(setup.options.iter().copied())
            .unwrap_or_else(|e| panic!("{caption}: {e}"));
        let mut state = match setup.position {
            Some(text) => g
                .parse_position(text)
                .unwrap_or_else(|e| panic!("{caption}: {e}")),
            None => g.initial_state(),
        };
        if let Some(text) = setup.position {
            assert_eq!(state.to_string(), text, "{caption}");
        }
        for mv in setup.moves {
            g.play_text(&mut state, mv)
                .unwrap_or_else(|e| panic!("{caption}: {mv}: {e}"));
        }
        let mut moves = Vec::new();
        g.legal_moves(&state, &mut moves);
        assert_eq!(
            moves.is_empty(),
            g.status(&state).is_finished(),
            "{caption}"
        );
        count += 1;
    }
    assert!(count >= 25, "{count} setups");
}

#[test]
fn nonsense_move_values_are_rejected_without_panic() {
    use sackson_chain_reaction::{Move, Penalty, Segment, Spot};
    let sp = |t: &str| t.parse::<Spot>().unwrap();
    let seg = |from: &str, to: &str, replace: Option<&str>| Segment {
        from: sp(from),
        to: sp(to),
        replace: replace.map(sp),
    };
    let on = with(&[("single_step_into_goal", "on")]);
    let start = on.initial_state();
    let ex2 = pos(&on, EX2);
    let d8 = pos(&on, "2w4/7/7/7/7/7/7/6b w 0 0 0 12 12 - 0");
    let cases = [
        (
            start.clone(),
            Move::new(None, &[seg("d3", "e5", None)], None),
        ),
        (
            start.clone(),
            Move::new(None, &[seg("d3", "d4", Some("c1"))], None),
        ),
        (
            start.clone(),
            Move::new(None, &[seg("d0", "d1", None)], None),
        ),
        (
            start.clone(),
            Move::new(Some(sp("a5")), &[seg("d3", "d4", None)], None),
        ),
        (
            start.clone(),
            Move::new(
                None,
                &[seg("d3", "d4", None)],
                Some(Penalty { replace: None }),
            ),
        ),
        (ex2.clone(), Move::new(None, &[seg("d3", "f4", None)], None)),
        (
            ex2.clone(),
            Move::new(None, &[seg("d3", "f3", Some("c1"))], None),
        ),
        (
            ex2.clone(),
            Move::new(None, &[seg("d3", "b3", None), seg("b3", "b5", None)], None),
        ),
        (
            d8.clone(),
            Move::new(None, &[seg("c8", "c9", Some("d1"))], None),
        ),
        (d8.clone(), Move::new(None, &[seg("c8", "d9", None)], None)),
        (
            d8.clone(),
            Move::new(None, &[seg("c8", "d9", Some("a8"))], None),
        ),
    ];
    for (state, mv) in cases {
        let mv = mv.expect("constructible");
        assert!(!on.is_legal(&state, &mv), "{mv}");
        let mut tried = state.clone();
        assert!(on.play(&mut tried, &mv).is_err(), "{mv}");
        assert_eq!(tried, state);
        // The fast path may leave nonsense behind, but it does not panic.
        on.play_unchecked(&mut tried, &mv);
    }
    assert!(Move::new(None, &[], None).is_none());
    let d8_goal = Move::new(None, &[seg("c8", "d9", Some("d1"))], None).unwrap();
    assert!(on.is_legal(&d8, &d8_goal));
}

#[test]
fn the_type_erased_face_drives_the_game_by_text() {
    let dynamic = board_kernel::erased::build::<ChainReaction>(&[(
        "target_white".to_owned(),
        "14".to_owned(),
    )])
    .unwrap();
    assert_eq!(dynamic.name(), "chain-reaction");
    assert_eq!(dynamic.title(), "Chain Reaction");
    let mut state = dynamic.initial_state();
    assert_eq!(state.legal_moves().len(), 3404);
    assert_eq!(state.play("d3-d4").unwrap(), "d3-d4");
    assert_eq!(
        state.position_text(),
        "2bbb2/1bbbbb1/2bbb2/7/3w3/2w1w2/1wwwww1/2www2 b 0 0 0 14 12 - 1"
    );
    assert!(state.play("d4-d5").is_err());
    assert_eq!(state.side_to_move(), Side::Black);
}
