//! §2–§4.4: the board, each piece's reach, and capture.

use super::*;

#[test]
fn h8_does_not_exist() {
    let g = game(&[]);
    // A King on g8 steps to the seven other neighbours, never to h8.
    let s = state(&g, &["Kg8", "Qa1"], &["Ko15", "Qo1"], 'r');
    let list = moves(&g, &s);
    assert_eq!(list.iter().filter(|m| m.starts_with("g8")).count(), 7);
    legal(&g, &s, "g8-h9");
    assert!(g.parse_move(&s, "g8-h8").is_err());
    // A Courtier leaps over h8 freely: g7 to i8 passes by it.
    let s = state(&g, &["Kg1", "Qa1", "Cg7"], &["Ko15", "Qo1"], 'r');
    legal(&g, &s, "g7-i8");
    assert!(
        g.parse_position("15/15/15/15/15/15/15/7C7/15/15/15/15/15/1k11K1/1q11Q1 r 0 0 ongoing")
            .is_err()
    );
}

// --- Pieces ----------------------------------------------------------------------------

#[test]
fn king_steps_one_square_only() {
    let g = game(&[]);
    let s = state(&g, &["Ke5", "Qa1"], &["Ko15", "Qo1"], 'r');
    legal(&g, &s, "e5-f6");
    legal(&g, &s, "e5-e6");
    illegal(&g, &s, "e5-e7", "cannot reach e7");
}

#[test]
fn queen_steps_diagonally_or_jumps_exactly_three() {
    let g = game(&[]);
    let s = state(&g, &["Ka1", "Qe5"], &["Ko15", "Qo1"], 'r');
    let q: Vec<String> = moves(&g, &s)
        .into_iter()
        .filter(|m| m.starts_with("e5"))
        .collect();
    assert_eq!(
        q,
        [
            "e5-b2", "e5-b5", "e5-b8", "e5-d4", "e5-d6", "e5-e2", "e5-e8", "e5-f4", "e5-f6",
            "e5-h2", "e5-h5", "e5-h8"
        ]
        .iter()
        .filter(|m| **m != "e5-h8")
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
    );
    illegal(&g, &s, "e5-e6", "cannot reach e6");
    illegal(&g, &s, "e5-e7", "cannot reach e7");
    illegal(&g, &s, "e5-g7", "cannot reach g7");
}

#[test]
fn queen_line_blocked_by_a_piece_unless_queens_leap() {
    let g = game(&[]);
    let start = g.initial_state();
    illegal(
        &g,
        &start,
        "b14-e11",
        "three-step line from b14 to e11 is blocked",
    );
    legal(&g, &start, "b14-e14");
    let leaps = game(&[("queen_three_step", "Leaps")]);
    legal(&leaps, &leaps.initial_state(), "b14-e11");
}

#[test]
fn queen_line_through_h8_depends_on_centre_square() {
    let g = game(&[]);
    let s = at(&g, EXAMPLE_4);
    illegal(&g, &s, "g8-j8", "blocked");
    let p = game(&[("centre_square", "PassOver")]);
    legal(&p, &at(&p, EXAMPLE_4), "g8-j8");
}

#[test]
fn courtier_leaps_like_a_knight_over_anything() {
    let g = game(&[]);
    // Surrounded on all eight sides, the Courtier still leaps.
    let s = state(
        &g,
        &["Ka1", "Qa3", "Cf6", "Ce5", "Cf5", "Cg5", "Ce6", "Cg6"],
        &["Ce7", "Cf7", "Cg7", "Ko15", "Qo1"],
        'r',
    );
    legal(&g, &s, "f6-d7");
    legal(&g, &s, "f6-h7");
    illegal(&g, &s, "f6-f8", "cannot reach f8");
}

// --- Capture ---------------------------------------------------------------------------

#[test]
fn court_courtiers_are_capturable_course_courtiers_only_when_checking() {
    let g = game(&[]);
    let s = at(&g, EXAMPLE_2);
    legal(&g, &s, "d6xe4"); // Court
    legal(&g, &s, "d6xc4"); // Course, checking the Red King
    illegal(
        &g,
        &s,
        "d6xb7",
        "checks no Red Royal, so it cannot be captured",
    ); // Course, immune
    assert!(g.capturable(&s, sq("e4"), Side::White));
    assert!(g.capturable(&s, sq("c4"), Side::White));
    assert!(!g.capturable(&s, sq("b7"), Side::White));
    // A loose separator is read by the board: `d6-c4` is the capture.
    assert_eq!(g.parse_move(&s, "d6-c4").unwrap().to_string(), "d6xc4");
}

#[test]
fn any_piece_captures_but_royals_and_own_pieces_are_never_taken() {
    let g = game(&[]);
    let s = at(&g, EXAMPLE_2);
    legal(&g, &s, "f7xc4"); // the Queen captures
    let s5 = state(&g, &["Kb9", "Qf6"], &["Cd5", "Cd11", "Kl12", "Qn14"], 'r');
    legal(&g, &s5, "b9-c10xd11"); // the King captures
    let s8 = at(&g, EXAMPLE_8);
    illegal(&g, &s8, "e8xg7", "Royals are never captured");
    let start = g.initial_state();
    illegal(&g, &start, "n2-m3", "own Courtier");
}

#[test]
fn capture_by_a_royal_onto_a_threatened_square_is_forbidden() {
    let g = game(&[]);
    let s = state(
        &g,
        &["Ke5", "Qa15"],
        &["Ce6", "Cd6", "Cg7", "Ko1", "Qo15"],
        'r',
    );
    legal(&g, &s, "e5xd6");
    illegal(&g, &s, "e5xe6", "Red King on e6 checked");
}
