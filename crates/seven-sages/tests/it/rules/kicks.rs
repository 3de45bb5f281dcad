//! §4.2: kicks — the ball's legs, bounces, turns and the options that change them.

use super::*;

#[test]
fn kicks_go_in_all_eight_directions_including_backward_diagonals() {
    // White on j10, ball on h8 (south-west of it: a backward diagonal for White), Black stone
    // on d4 so that the ball meets it.
    let g = game(&[]);
    let s = position(&g, &line(&["j10"], &["d4"], "h8", 'w'));
    assert!(
        !legal(&g, &s, "j10-i9"),
        "plain moves may not go south-west"
    );
    let kicks = with_prefix(&g, &s, "j10-h8/");
    assert!(!kicks.is_empty());
    assert!(legal(&g, &s, &kicks[0]));
}

#[test]
fn the_ball_must_meet_a_stone_on_its_first_leg() {
    let g = game(&[]);
    // Kick east along rank 8: the ball would run into the outside o8.
    let open = position(&g, &line(&["b8"], &["h15"], "d8", 'w'));
    assert!(with_prefix(&g, &open, "b8-d8/").is_empty());
    rejected(
        &g,
        &open,
        "b8-d8/n8",
        "the ball on d8 cannot be kicked east: on its first leg it must move and meet another \
         stone",
    );
    // A sage standing on the outside cell o8 stops the ball: it bounces off it.
    let walled = position(&g, &line(&["b8"], &["o8"], "d8", 'w'));
    let outcomes = suffixes(&g, &walled, "b8-d8/");
    // P1 = n8 (not a stop); north n9…n13, south n7…n3 (n14 and n2 are outside).
    // Back west m8 … e8, a pivot before the kicker on d8; from e8 north e9 … e14 and south
    // e7 … e2.
    assert_eq!(
        outcomes,
        list(
            "n3 n4 n5 n6 n7 n9 n10 n11 n12 n13 m8 l8 k8 j8 i8 h8 g8 f8 e8 e2 e3 e4 e5 e6 e7 e9 \
             e10 e11 e12 e13 e14"
        )
    );
}

#[test]
fn a_kick_in_a_dead_direction_leaves_plain_moves_up_to_the_ball() {
    // Example 3a: c10 cannot kick north but may go to c11.
    let g = game(&[]);
    let s = position(&g, &example_3a());
    assert!(legal(&g, &s, "c10-c11"));
    assert!(!legal(&g, &s, "c10-c12/c13"));
}

#[test]
fn the_ball_cannot_leave_when_the_cell_behind_it_is_occupied() {
    // Example 3b, with and without the lob.
    let text = example_3b();
    let g = game(&[]);
    let s = position(&g, &text);
    rejected(&g, &s, "h7-h8/h10", "cannot be kicked");
    let lob = game(&[("lob", "true")]);
    let s = position(&lob, &text);
    assert!(legal(&lob, &s, "h7-h8/h10"));
    // The lob is for an adjacent kicker only: from h6 the ball is simply blocked.
    let far = line(
        &["h6", "d3", "h3", "l3", "d5", "l5", "h1"],
        &["h15", "d13", "h13", "l13", "d11", "l11", "h9"],
        "h8",
        'w',
    );
    let s = position(&lob, &far);
    assert!(with_prefix(&lob, &s, "h6-h8/").is_empty());
    // The lob needs an empty, enterable landing cell.
    let blocked = line(&["h7"], &["h9", "h10"], "h8", 'w');
    let s = position(&lob, &blocked);
    assert!(with_prefix(&lob, &s, "h7-h8/").is_empty());
}

#[test]
fn the_lob_scores_in_a_goal_area() {
    let lob = game(&[("lob", "true")]);
    // Ball h13 → White h12 adjacent below, Black h14 behind it, landing h15 (Black's goal).
    let s = position(&lob, &line(&["h12"], &["h14"], "h13", 'w'));
    assert_eq!(with_prefix(&lob, &s, "h12-h13/"), ["h12-h13/h15+"]);
    let g = game(&[]);
    let s = position(&g, &line(&["h12"], &["h14"], "h13", 'w'));
    assert!(with_prefix(&g, &s, "h12-h13/").is_empty());
}

#[test]
fn the_first_bounce_is_mandatory_unless_no_turn_is_possible() {
    // Example 1: P1 = h10 is not a stop by default, is with the option.
    let g = game(&[]);
    let s = g.initial_state();
    assert!(!legal(&g, &s, "h5-h8/h10"));
    rejected(&g, &s, "h5-h8/h10", "cannot stop on h10");
    let loose = game(&[("first_bounce_mandatory", "false")]);
    assert!(legal(&loose, &loose.initial_state(), "h5-h8/h10"));
    // Example 5a: no turn possible, so the ball rests on P1.
    let s = position(&g, &example_5a());
    assert!(legal(&g, &s, "h11-h12/h13"));
}

#[test]
fn reverse_turns_only_at_the_first_pivot_unless_the_option_says_so() {
    // Example 1: from h9 (a later pivot) the ball may not go back north to h10.
    let g = game(&[]);
    assert!(!legal(&g, &g.initial_state(), "h5-h8/h10"));
    let rev = game(&[("reverse_on_later_bounces", "true")]);
    assert!(legal(&rev, &rev.initial_state(), "h5-h8/h10"));
    // At the first pivot the reverse is always allowed: h9 lies behind P1 = h10.
    assert!(legal(&g, &g.initial_state(), "h5-h8/h9"));
}

#[test]
fn the_back_bounce_at_the_first_pivot_covers_the_first_leg() {
    // d9 kicks north onto d10: the ball runs d11 d12, P1 = d12 before the Black stone on d13.
    // P1 is no stop; the back-bounce reaches d11 (a pivot before the kicker); turns east and
    // west from d12 and from d11.
    let g = game(&[]);
    let s = position(&g, &line(&["d9"], &["d13"], "d10", 'w'));
    let outcomes = suffixes(&g, &s, "d9-d10/");
    let mut expected = list("b11 b12 c11 c12 d11");
    for file in 'e'..='n' {
        expected.push(format!("{file}11"));
        expected.push(format!("{file}12"));
    }
    expected.sort_by_key(|s| square_key(s));
    assert_eq!(outcomes, expected);
}

#[test]
fn several_bounces_and_any_cell_of_a_later_leg() {
    // Example 6's fifth leg passes back over the first pivot e6, which is then a stop.
    let g = game(&[]);
    let s = position(
        &g,
        "15/15/5W3W5/1B8B4/9W5/15/5BW8/2W12/3W11/6B8/5*9/5B9/5B1W7/15/15 w 0 0 0 0 0 ongoing",
    );
    assert!(legal(&g, &s, "h3-f5/e6"));
    assert!(legal(&g, &s, "h3-f5/j15+"));
    assert!(
        !legal(&g, &s, "h3-f5/a2"),
        "the ball never enters the outside"
    );
    assert!(!legal(&g, &s, "h3-f5/h4"));
}

#[test]
fn the_ball_never_enters_the_own_goal_area_by_default() {
    let text =
        "7B7/15/3B3B3B3/15/3B3B3B3/15/15/15/15/15/3W3W3W3/7W7/3W3*3W3/15/W14 w 0 0 0 0 0 ongoing";
    let g = game(&[]);
    let s = position(&g, text);
    assert!(!legal(&g, &s, "h4-h3/h1+"));
    let own = game(&[("own_goal", "ScoresForOpponent")]);
    let s = position(&own, text);
    assert!(legal(&own, &s, "h4-h3/h1+"));
}

#[test]
fn kicks_from_the_outside_and_the_own_goal_area() {
    // A sage on the outside cell a8 kicks east; the ball on c8 bounces off a Black stone on
    // m8.
    let g = game(&[]);
    let s = position(&g, &line(&["a8"], &["m8"], "c8", 'w'));
    assert!(!with_prefix(&g, &s, "a8-c8/").is_empty());
    // The goalkeeper on h1 kicks north: ball h3, P1 h10 before the Black stone on h11.
    let s = position(&g, &line(&["h1"], &["h11"], "h3", 'w'));
    assert!(legal(&g, &s, "h1-h3/b10"));
}

#[test]
fn stop_before_mode() {
    let sb = game(&[("kick_mode", "StopBefore")]);
    let s = sb.initial_state();
    assert!(legal(&sb, &s, "h5-h7/h9"));
    assert!(!legal(&sb, &s, "h5-h8/h9"));
    rejected(&sb, &s, "h5-h8/h9", "in front of the ball");
    rejected(&sb, &s, "h5-h7", "in front of the ball");
    assert!(
        !legal(&sb, &s, "h5-h7/h8"),
        "the ball back on its own cell is no kick"
    );
    // When no kick exists the sage may stop in front of the ball: example 3a's c10-c11.
    let s = position(&sb, &example_3a());
    assert!(legal(&sb, &s, "c10-c11"));
    // An adjacent kicker displaces the ball, as in the original rules.
    let s = position(&sb, &line(&["h7"], &["h11"], "h8", 'w'));
    assert!(legal(&sb, &s, "h7-h8/h9"));
    // P1 = F: the ball pivots on its own cell and is sent sideways.
    let s = position(&sb, &line(&["h5"], &["h9"], "h8", 'w'));
    let outcomes = suffixes(&sb, &s, "h5-h7/");
    assert_eq!(
        outcomes,
        list("b8 c8 d8 e8 f8 g8 i8 j8 k8 l8 m8 n8"),
        "sideways from h8 only"
    );
}

#[test]
fn deviation_half_turns_by_45_degrees() {
    let half = game(&[("deviation", "Half")]);
    let s = half.initial_state();
    assert!(legal(&half, &s, "h5-h8/i11"));
    assert!(!legal(&half, &s, "h5-h8/i10"));
    let right = game(&[]);
    assert!(!legal(&right, &right.initial_state(), "h5-h8/i11"));
    assert!(legal(&right, &right.initial_state(), "h5-h8/i10"));
}

/// The refusal of a move, in a player's words with the rule book's section.
fn refusal(g: &SevenSages, s: &State, text: &str) -> String {
    let mv = g.parse_move(s, text).unwrap();
    board_kernel::refusal_text::<SevenSages>(&g.check_move(s, &mv).unwrap_err())
}

/// A cell the ball cannot stop on is refused with the reason, citing the section that states
/// it: the outside and the kicker's own goal area (the ball never enters them) the board's;
/// a sage's cell, the ball's own cell and a cell no leg reaches the kick's.
#[test]
fn where_the_ball_cannot_stop_is_refused_with_the_reason() {
    let g = game(&[]);
    let s = g.initial_state();
    // Example 1: h5 kicks, the ball may end on b9 … but not on these.
    for (kick, reason, cited) in [
        (
            "h5-h8/a9",
            "a9 is outside (the marked margin), which the ball never enters",
            "(rule 1, The board)",
        ),
        (
            "h5-h8/g1",
            "g1 is in White's own goal area, which the ball never enters (unless the own_goal \
             option allows own goals)",
            "(rule 1, The board)",
        ),
        (
            "h5-h8/h11",
            "a sage stands on h11, and the ball stops in front of a sage, never on it",
            "(rule 2.2, Kicks)",
        ),
        (
            "h5-h8/c3",
            "no leg of this kick brings the ball to c3",
            "(rule 2.2, Kicks)",
        ),
    ] {
        let text = refusal(&g, &s, kick);
        assert!(
            text.starts_with(&format!(
                "the ball cannot stop on {}: {reason}; this kick may leave it on ",
                &kick[6..]
            )) && text.ends_with(cited),
            "{kick}: {text}"
        );
    }
    // With own goals allowed, g1 is a cell like any other that this kick does not reach.
    let own_goals = game(&[("own_goal", "ScoresForOpponent")]);
    let text = refusal(&own_goals, &own_goals.initial_state(), "h5-h8/g1");
    assert!(
        text.contains(": no leg of this kick brings the ball to g1; ")
            && text.ends_with("(rule 2.2, Kicks)"),
        "{text}"
    );
    // StopBefore: the kicker stops on h7, and the ball back on h8 is no kick.
    let before = game(&[("kick_mode", "StopBefore")]);
    let text = refusal(&before, &before.initial_state(), "h5-h7/h8");
    assert!(
        text.starts_with(
            "the ball cannot stop on h8: the ball lies on h8, and a ball back on its own cell is \
             no kick; "
        ) && text.ends_with("(rule 2.2, Kicks)"),
        "{text}"
    );
}
