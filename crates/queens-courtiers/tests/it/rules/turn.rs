//! §4–§5.3: double moves, check and paralysis, and the winning move.

use super::*;

#[test]
fn double_move_needs_a_course_start_a_course_landing_and_a_plain_step() {
    let g = game(&[]);
    let start = g.initial_state();
    legal(&g, &start, "c13-a12-b10");
    illegal(&g, &start, "c13-d11-e13", "lands on d11 in the Court");
    illegal(&g, &start, "f12-g14-h12", "f12 is in the Court");
    // After a capture in the Course no second part follows.
    let s = state(&g, &["Qa13", "Cc13", "Kn2"], &["Cb11", "Kb2", "Qn14"], 'r');
    assert!(g.checked_royals(&s).contains(RED_QUEEN));
    legal(&g, &s, "c13xb11");
    assert!(!moves(&g, &s).iter().any(|m| m.starts_with("c13xb11-")));
    assert!(g.parse_move(&s, "c13xb11-d10").is_err());
    let built = Move::Double {
        from: sq("c13"),
        via: sq("b11"),
        to: sq("d10"),
        second: PartKind::Step,
    };
    let mut copy = s.clone();
    assert!(g.play(&mut copy, &built).is_err());
    assert_eq!(copy, s);
}

#[test]
fn second_part_may_capture_land_in_court_but_not_return() {
    let g = game(&[]);
    let s = at(&g, EXAMPLE_7);
    legal(&g, &s, "a1-b3xd4");
    illegal(&g, &s, "a1-b3-a1", "may not return");
    let no = game(&[("second_part_capture", "false")]);
    illegal(&no, &at(&no, EXAMPLE_7), "a1-b3xd4", "may not capture");
    let ret = game(&[("allow_return_double_move", "true")]);
    legal(&ret, &at(&ret, EXAMPLE_7), "a1-b3-a1");
}

// --- Check and paralysis ---------------------------------------------------------------

#[test]
fn a_royal_threatened_by_a_courtier_is_paralysed() {
    let g = game(&[]);
    let s = at(&g, EXAMPLE_2);
    assert!(g.checked_royals(&s).contains(RED_KING));
    illegal(&g, &s, "e5-e6", "paralysed");
    // Without the checking Courtier the King moves.
    let free = state(
        &g,
        &["Ke5", "Qf7", "Cd6"],
        &["Kl12", "Qj9", "Cb7", "Ce4"],
        'r',
    );
    assert!(!g.checked_royals(&free).contains(RED_KING));
    legal(&g, &free, "e5-e6");
}

#[test]
fn a_royal_threatened_by_an_unchecked_royal_is_checked() {
    let g = game(&[]);
    let s = at(&g, EXAMPLE_6);
    illegal(&g, &s, "e6-d7", "Red King on d7 checked"); // the Blue Queen reaches d7
    legal(&g, &s, "e6-d6");
}

#[test]
fn a_certainly_checked_royal_checks_nobody() {
    let g = game(&[]);
    let s = at(&g, EXAMPLE_8);
    assert!(g.checked_royals(&s).contains(BLUE_QUEEN));
    legal(&g, &s, "e6-d7");
    let s6 = at(&g, EXAMPLE_6);
    illegal(&g, &s6, "e6-d7", "checked");
}

#[test]
fn mutual_threat_cycle_depends_on_cycle_rule() {
    let g = game(&[]);
    illegal(&g, &at(&g, EXAMPLE_6), "e6-f6", "checked");
    let n = game(&[("cycle_rule", "NeitherChecked")]);
    legal(&n, &at(&n, EXAMPLE_6), "e6-f6");
}

#[test]
fn the_king_threatens_an_orthogonally_adjacent_queen_but_not_back() {
    let g = game(&[]);
    let after = legal(&g, &at(&g, EXAMPLE_6), "e6-f7");
    let checked = g.checked_royals(&after);
    assert!(checked.contains(BLUE_QUEEN) && !checked.contains(RED_KING));
}

#[test]
fn revealed_check_is_forbidden_unless_the_move_neutralises_it() {
    let g = game(&[]);
    let s = at(&g, EXAMPLE_3);
    illegal(&g, &s, "e7-d5", "Red King on e6 checked");
    legal(&g, &s, "e7-c8");
}

#[test]
fn a_courtier_double_move_may_pass_through_an_exposed_position() {
    let g = game(&[]);
    // The Courtier on c1 shields the King a1 from the Queen d1; via e2 it lands on c3, from
    // where it checks that Queen.
    let s = state(&g, &["Ka1", "Cc1", "Qo8"], &["Qd1", "Ko15"], 'r');
    assert!(g.checked_royals(&s).is_empty());
    illegal(&g, &s, "c1-e2", "Red King on a1 checked");
    legal(&g, &s, "c1-e2-c3");
}

#[test]
fn only_the_moving_royal_is_tested_on_the_intermediate_square() {
    let g = game(&[]);
    // The King a2 shields the Queen a1 from the Blue Queen a4; stepping away exposes her,
    // stepping back into the line (a3) covers her again.
    let s = state(&g, &["Qa1", "Ka2"], &["Qa4", "Ko15"], 'r');
    assert!(g.checked_royals(&s).is_empty());
    illegal(&g, &s, "a2-b2", "Red Queen on a1 checked");
    legal(&g, &s, "a2-b2-a3");
    // The moving Royal itself may not pass through check (example 5).
    let s5 = state(&g, &["Kb9", "Qf6"], &["Cd5", "Cd11", "Kl12", "Qn14"], 'r');
    illegal(&g, &s5, "b9-b10-b11", "pass through check on b10");
    legal(&g, &s5, "b9-a10-b11");
}

#[test]
fn own_royals_already_checked_may_stay_checked() {
    let g = game(&[]);
    let s = at(&g, EXAMPLE_6);
    assert!(g.checked_royals(&s).contains(RED_QUEEN));
    let after = legal(&g, &s, "e6-e5");
    assert!(g.checked_royals(&after).contains(RED_QUEEN));
}

// --- Winning ---------------------------------------------------------------------------

#[test]
fn uniting_king_and_queen_wins_even_into_check() {
    let g = game(&[]);
    // The Red Queen e2 is checked by the Courtier c1; her King steps onto her and wins.
    let s = state(&g, &["Kd1", "Qe2"], &["Cc1", "Ko15", "Qa15"], 'r');
    assert!(g.checked_royals(&s).contains(RED_QUEEN));
    illegal(&g, &s, "e2-f3", "paralysed");
    let won = legal(&g, &s, "d1-e2");
    assert_eq!(g.status(&won).result().unwrap().winner, Some(Side::White));
    assert!(moves(&g, &won).is_empty());
    let mut copy = won.clone();
    assert!(matches!(
        g.play_text(&mut copy, "pass"),
        Err(MoveError::Illegal {
            illegal: board_kernel::Illegal::GameOver,
            ..
        })
    ));
}

#[test]
fn a_paralysed_royal_cannot_make_the_winning_move() {
    let g = game(&[]);
    // The King e5 is checked by c4; its Queen is diagonally next to it on f6.
    let s = state(&g, &["Ke5", "Qf6"], &["Cc4", "Ko15", "Qa15"], 'r');
    illegal(&g, &s, "e5-f6", "paralysed");
    legal(&g, &s, "f6-e5"); // the Queen may move onto her checked King
}

#[test]
fn a_double_move_winning_on_its_second_part_may_pass_through_check_by_default() {
    let red = ["Ko1", "Qm1"];
    let blue = ["Cl2", "Ka15", "Qc15"];
    let g = game(&[]);
    let s = state(&g, &red, &blue, 'r');
    illegal(&g, &s, "o1-n1", "Red King on n1 checked");
    legal(&g, &s, "o1-n1-m1#");
    legal(&g, &s, "o1-n2-m1");
    let strict = game(&[("win_exempts_pass_through", "false")]);
    let s = state(&strict, &red, &blue, 'r');
    illegal(&strict, &s, "o1-n1-m1", "pass through check on n1");
    legal(&strict, &s, "o1-n2-m1#");
}
