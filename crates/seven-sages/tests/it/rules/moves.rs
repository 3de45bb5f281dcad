//! §2.2, §3: sages slide, and where they may stop.

use super::*;

#[test]
fn sages_slide_any_distance_but_never_jump() {
    let g = game(&[]);
    let s = g.initial_state();
    assert!(legal(&g, &s, "d3-d4"));
    assert!(legal(&g, &s, "l5-l10"));
    assert!(!legal(&g, &s, "d3-d6"), "d5 is in the way");
    rejected(&g, &s, "d3-d6", "blocked");
    // The ball blocks like a piece.
    assert!(legal(&g, &s, "h5-h7"));
    assert!(!legal(&g, &s, "h5-h9"));
    rejected(&g, &s, "h5-h8", "kick");
    // Not a straight line.
    rejected(&g, &s, "d3-e5", "straight line");
    // Not one's own sage.
    rejected(&g, &s, "d13-d12", "no White sage");
    rejected(&g, &s, "e4-e5", "no White sage");
}

#[test]
fn no_plain_move_diagonally_backward_but_straight_back_is_fine() {
    let g = game(&[]);
    let s = g.initial_state();
    assert!(legal(&g, &s, "d5-d4"), "straight backward");
    assert!(!legal(&g, &s, "d5-c4"));
    assert!(!legal(&g, &s, "d5-e4"));
    rejected(
        &g,
        &s,
        "d5-e4",
        "a plain move may not go diagonally backward (south-east for White); only kicks may",
    );
    assert!(legal(&g, &s, "d5-e6"));
    // Black's backward diagonals point north.
    let mut b = s.clone();
    play(&g, &mut b, &["d3-d4"]);
    assert!(legal(&g, &b, "d11-d12"));
    assert!(legal(&g, &b, "d11-c10"));
    assert!(!legal(&g, &b, "d11-c12"));
    assert!(!legal(&g, &b, "d11-e12"));
    rejected(
        &g,
        &b,
        "d11-c12",
        "a plain move may not go diagonally backward (north-west for Black)",
    );
}

#[test]
fn sages_pass_between_two_stones_touching_corner_to_corner() {
    // White e5, Black f5 and e6: the north-east ray from e5 is open.
    let g = game(&[]);
    let s = position(&g, &line(&["e5"], &["f5", "e6"], "h8", 'w'));
    assert!(legal(&g, &s, "e5-f6"));
    assert!(legal(&g, &s, "e5-g7"));
}

// ---------------------------------------------------------------- §2.2 zones for sages

#[test]
fn sages_may_stop_in_the_outside() {
    let g = game(&[]);
    let s = g.initial_state();
    assert!(legal(&g, &s, "h1-a1"));
    assert!(legal(&g, &s, "d5-a5"));
    assert!(legal(&g, &s, "l3-o3"));
}

#[test]
fn the_opponents_goal_area_may_be_crossed_but_not_entered() {
    // Example 4's e15: through f15…j15 to k15, never stopping in Black's goal area.
    let g = game(&[]);
    let s = position(&g, &example_4());
    assert!(legal(&g, &s, "e15-k15"));
    assert!(legal(&g, &s, "e15-o15"));
    assert!(!legal(&g, &s, "e15-f15"));
    rejected(&g, &s, "e15-h15", "not stop there");
}

#[test]
fn at_most_one_own_sage_in_the_own_goal_area() {
    let g = game(&[]);
    // Example 4: e1 cannot stop on f1 or g1 while h1 is in the goal area.
    let s = position(&g, &example_4());
    assert!(!legal(&g, &s, "e1-f1"));
    rejected(&g, &s, "e1-g1", "more than one sage");
    // With h1 gone, e1 may enter (allow); the goalkeeper itself may move within the area.
    let s = position(&g, &line(&["e1", "h3"], &["d13"], "h8", 'w'));
    assert!(legal(&g, &s, "e1-f1"));
    assert!(legal(&g, &s, "e1-j1"));
    let start = g.initial_state();
    assert!(legal(&g, &start, "h1-f1"));
    assert!(legal(&g, &start, "h1-j1"));
}
