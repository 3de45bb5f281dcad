//! For every rule of the specification a position where it allows and one where it forbids;
//! every option's effect; bad input rejected without changing anything.

use crate::common;

use board_kernel::prelude::*;
use board_kernel::testing::assert_refused as illegal;
use board_kernel::{GameOptions, MoveError, Side, SplitMix64, Square, Status};
use common::{game, moves, sq, state};
use queens_courtiers::rulebook::{
    EXAMPLE_2, EXAMPLE_3, EXAMPLE_4, EXAMPLE_6, EXAMPLE_7, EXAMPLE_8,
};
use queens_courtiers::{Move, Options, PartKind, QueensCourtiers, Royal, State};

const RED_KING: Royal = Royal::of(Side::White, false);
const RED_QUEEN: Royal = Royal::of(Side::White, true);
const BLUE_QUEEN: Royal = Royal::of(Side::Black, true);

/// Asserts that `text` is legal (and plays it on a copy) or illegal with a reason containing
/// `why` (and the state unchanged).
fn legal(g: &QueensCourtiers, s: &State, text: &str) -> State {
    let mut copy = s.clone();
    g.play_text(&mut copy, text)
        .unwrap_or_else(|e| panic!("{text} should be legal in {s}: {e}"));
    copy
}

fn at(g: &QueensCourtiers, text: &str) -> State {
    g.parse_position(text).unwrap()
}

// --- Board -----------------------------------------------------------------------------

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

// --- Double move -----------------------------------------------------------------------

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

// --- Pass and end of game --------------------------------------------------------------

#[test]
fn passing_only_when_forced() {
    let g = game(&[]);
    illegal(&g, &g.initial_state(), "pass", "only pass when forced");
    let s = at(&g, queens_courtiers::rulebook::EXAMPLE_9);
    let after = legal(&g, &s, "pass");
    assert_eq!(after.passes(), 1);
    // Any other turn resets the counter.
    let later = legal(&g, &after, "o15-l15");
    assert_eq!(later.passes(), 0);
}

#[test]
fn repetition_draws_at_the_limit() {
    let cycle = ["n2-n1", "b2-b1", "n1-n2", "b1-b2"];
    for (limit, draw_at) in [("3", Some(8)), ("2", Some(4)), ("0", None)] {
        let g = game(&[("repetition_limit", limit)]);
        let mut s = g.initial_state();
        for ply in 1..=12 {
            let mv = cycle[(ply - 1) % 4];
            if Some(ply - 1) == draw_at {
                break;
            }
            g.play_text(&mut s, mv).unwrap();
            let expected = if Some(ply) == draw_at {
                "draw_repetition"
            } else {
                "ongoing"
            };
            assert!(
                s.to_string().ends_with(expected),
                "limit {limit}, ply {ply}: {s}"
            );
        }
        if draw_at.is_some() {
            assert_eq!(g.status(&s).result().unwrap().reason, "repetition");
        }
    }
}

#[test]
fn a_repeated_placement_with_the_other_side_to_move_is_another_position() {
    let g = game(&[("repetition_limit", "2")]);
    let mut s = g.initial_state();
    // A King triangle for Red: after five plies the placement is the start's, Blue to move.
    for mv in ["n2-n1", "b2-b1", "n1-o1", "b1-b2", "o1-n2"] {
        g.play_text(&mut s, mv).unwrap();
    }
    let start = g.initial_state().to_string();
    assert_eq!(s.to_string().split(' ').next(), start.split(' ').next());
    assert_eq!(g.status(&s), Status::Ongoing, "{s}");
    // One more Blue triangle brings the start back with Red to move: the second occurrence.
    for mv in ["b2-b1", "n2-n1", "b1-a1", "n1-n2", "a1-b2"] {
        g.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(
        s.to_string(),
        start.replace(" r 0 0 ongoing", " r 10 0 draw_repetition")
    );
}

#[test]
fn max_plies_draws_and_a_win_on_the_last_ply_is_a_win() {
    let g = game(&[("max_plies", "3")]);
    let mut s = g.initial_state();
    for mv in ["n2-n1", "b2-b1"] {
        g.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(g.status(&s), Status::Ongoing);
    g.play_text(&mut s, "n1-n2").unwrap();
    assert!(s.to_string().ends_with(" b 3 0 draw_max_plies"), "{s}");
    assert_eq!(g.status(&s).result().unwrap().reason, "ply limit");
    let off = game(&[("max_plies", "0")]);
    let mut s = off
        .parse_position(&off.initial_state().to_string().replace(" 0 0 ", " 5000 0 "))
        .unwrap();
    off.play_text(&mut s, "n2-n1").unwrap();
    assert_eq!(off.status(&s), Status::Ongoing);
    let one = game(&[("max_plies", "1")]);
    let s = state(&one, &["Kd1", "Qe2"], &["Ko15", "Qa15"], 'r');
    let won = legal(&one, &s, "d1-e2");
    assert!(won.to_string().ends_with("red_won"));
}

// --- Options ---------------------------------------------------------------------------

#[test]
fn setup_and_first_player_options() {
    let five = game(&[("setup", "diagramfivecourtiers")]);
    let s = five.initial_state();
    assert_eq!(s.board().courtier_count(Side::White), 5);
    assert!(s.board().piece_at(sq("m3")).is_none() && s.board().piece_at(sq("c3")).is_none());
    let blue = game(&[("first_player", "BLUE")]);
    let s = blue.initial_state();
    assert_eq!(blue.side_to_move(&s), Side::Black);
    assert_eq!(QueensCourtiers::side_name(Side::Black), "Blue");
    assert_eq!(QueensCourtiers::side_name(Side::White), "Red");
    let mut s2 = s.clone();
    let first = blue.play_text(&mut s2, "b2-b1").unwrap();
    let second = blue.play_text(&mut s2, "n2-n1").unwrap();
    assert_eq!(
        queens_courtiers::notation::record(Side::Black, 0, Side::Black, &[first, second]),
        "1. b2-b1 1... n2-n1"
    );
}

#[test]
fn option_errors() {
    for (k, v) in [
        ("setup", "SevenCourtiers"),
        ("first_player", "Green"),
        ("centre_square", "Filled"),
        ("queen_three_step", "Flies"),
        ("cycle_rule", "Sometimes"),
        ("second_part_capture", "maybe"),
        ("allow_return_double_move", "2"),
        ("win_exempts_pass_through", ""),
        ("repetition_limit", "-1"),
        ("repetition_limit", "1"),
        ("max_plies", "x"),
        ("colour", "Red"),
    ] {
        assert!(Options::from_pairs([(k, v)]).is_err(), "{k}={v}");
        assert!(QueensCourtiers::from_pairs([(k, v)]).is_err(), "{k}={v}");
    }
    assert!(
        Options::from_pairs([
            ("cycle_rule", "NEITHERCHECKED"),
            ("second_part_capture", "Off")
        ])
        .is_ok()
    );
    assert_eq!(Options::from_pairs([]).unwrap(), Options::default());
}

// --- Bad input -------------------------------------------------------------------------

#[test]
fn bad_move_texts_are_errors() {
    let g = game(&[]);
    let s = g.initial_state();
    for text in [
        "",
        "n2",
        "n2-",
        "-n2",
        "n2n1",
        "n2-n1-n0",
        "z1-a1",
        "p1-o1",
        "a16-a15",
        "n2-h8",
        "n2-m1-l1-k1",
        "n2-m1x#",
        "n2#-m1",
        "n2--m1",
        "n02-n1",
        "N2-N1",
        "passs",
        "n2_n1",
    ] {
        let mut copy = s.clone();
        assert!(g.play_text(&mut copy, text).is_err(), "`{text}`");
        assert_eq!(copy, s);
    }
    // With the position the separators are read leniently (§7): m1 is empty, so `x` there
    // is the step; without a position a capture cannot be followed by a second part.
    assert_eq!(
        g.parse_move(&s, "n2xm1-l1").unwrap().to_string(),
        "n2-m1-l1"
    );
    assert!("n2xm1-l1".parse::<Move>().is_err());
    let err = g.parse_move(&s, "n2-h8").unwrap_err().to_string();
    assert!(err.contains("missing centre"), "{err}");
    // Well-formed but illegal moves name the reason.
    illegal(&g, &s, "e5-e6", "no piece on e5");
    illegal(&g, &s, "b2-b1", "Blue's");
    illegal(&g, &s, "n2-l2", "cannot reach l2");
}

#[test]
fn bad_position_texts_are_errors() {
    let g = game(&[]);
    let good =
        "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0 ongoing";
    assert!(g.parse_position(good).is_ok());
    let cases = [
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0",
            "5 fields",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15  r 0 0 ongoing",
            "5 fields",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0 ongoing ",
            "5 fields",
        ),
        (
            "1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0 ongoing",
            "15 ranks",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/16 r 0 0 ongoing",
            "overrun",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/14 r 0 0 ongoing",
            "14 squares",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/015 r 0 0 ongoing",
            "leading zeros",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/7X7 r 0 0 ongoing",
            "not a piece letter",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/7C7/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0 ongoing",
            "h8",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/K14 r 0 0 ongoing",
            "2 King",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k13/15 r 0 0 ongoing",
            "0 King",
        ),
        (
            "C14/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0 ongoing",
            "at most six",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 w 0 0 ongoing",
            "side to move",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 01 0 ongoing",
            "leading zero",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r -1 0 ongoing",
            "not a decimal",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 3 ongoing",
            "0, 1 or 2",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 2 ongoing",
            "draw_double_pass",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 1 draw_double_pass",
            "draw_double_pass",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0 red_won",
            "red_won",
        ),
        (
            "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0 won",
            "not a status",
        ),
        (
            "15/13q1/15/11k3/15/15/15/15/15/15/6M8/4c10/15/15/15 b 1 0 ongoing",
            "red_won",
        ),
        (
            "15/13q1/15/11k3/15/15/15/15/15/15/6M8/4c10/15/15/15 b 1 0 blue_won",
            "red_won",
        ),
        (
            "15/15/15/11m3/15/15/15/15/15/15/6M8/4c10/15/15/15 b 1 0 red_won",
            "at most one",
        ),
        (
            "15/13q1/15/11k3/15/15/15/15/15/15/6M8/4c10/15/15/Q14 b 1 0 red_won",
            "united",
        ),
    ];
    for (text, why) in cases {
        let err = g.parse_position(text).expect_err(text).to_string();
        assert!(err.contains(why), "`{text}`: `{err}` does not say `{why}`");
    }
    // A won position with the united piece parses and prints back.
    let won = "15/13q1/15/11k3/15/15/15/15/15/15/6M8/4c10/15/15/15 b 1 0 red_won";
    assert_eq!(g.parse_position(won).unwrap().to_string(), won);
}

#[test]
fn nothing_panics_on_random_text_or_random_move_values() {
    let g = game(&[]);
    let mut rng = SplitMix64::new(7);
    let alphabet: Vec<char> = "abcdefghijklmnopKQCMkqcm0123456789/ -x#rb_"
        .chars()
        .collect();
    let start = g.initial_state();
    let good = start.to_string();
    for _ in 0..3000 {
        let len = rng.below(20);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = g.parse_move(&start, &text);
        let _ = g.parse_position(&text);
        // Mutate one character of a good line.
        let mut chars: Vec<char> = good.chars().collect();
        let i = rng.below(chars.len());
        chars[i] = alphabet[rng.below(alphabet.len())];
        let mutated: String = chars.into_iter().collect();
        if let Ok(s) = g.parse_position(&mutated) {
            assert_eq!(s.to_string(), mutated);
        }
    }
    let states = [
        start.clone(),
        at(&g, EXAMPLE_2),
        at(&g, EXAMPLE_7),
        at(&g, queens_courtiers::rulebook::EXAMPLE_9),
    ];
    let kinds = [PartKind::Step, PartKind::Capture, PartKind::Win];
    for _ in 0..3000 {
        let mut square = || Square::from_index(rng.below(256)).unwrap();
        let (a, b, c) = (square(), square(), square());
        let mv = match rng.below(3) {
            0 => Move::Pass,
            1 => Move::Single {
                from: a,
                to: b,
                kind: kinds[rng.below(3)],
            },
            _ => Move::Double {
                from: a,
                via: b,
                to: c,
                second: kinds[rng.below(3)],
            },
        };
        for s in &states {
            let mut copy = s.clone();
            let generated = {
                let mut list = Vec::new();
                g.legal_moves(s, &mut list);
                list.contains(&mv)
            };
            match g.play(&mut copy, &mv) {
                Ok(()) => assert!(generated),
                Err(e) => {
                    assert!(!generated);
                    assert_eq!(&copy, s);
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
}

#[test]
fn every_rule_book_setup_replays() {
    for (caption, setup) in QueensCourtiers::rule_book().setups() {
        let g = QueensCourtiers::from_pairs(setup.options.iter().copied())
            .unwrap_or_else(|e| panic!("{caption}: {e}"));
        let mut s = match setup.position {
            Some(text) => g
                .parse_position(text)
                .unwrap_or_else(|e| panic!("{caption}: {e}")),
            None => g.initial_state(),
        };
        for mv in setup.moves {
            g.play_text(&mut s, mv)
                .unwrap_or_else(|e| panic!("{caption}: {e}"));
        }
        assert!(!g.diagram(&s).is_empty());
    }
}

#[test]
fn options_are_reported_as_set() {
    let g = game(&[("max_plies", "77")]);
    assert_eq!(g.options().max_plies, 77);
    let pairs = g.options().values();
    assert!(pairs.contains(&("max_plies", "77".to_owned())));
}
