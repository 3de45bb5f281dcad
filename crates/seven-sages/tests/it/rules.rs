//! For every rule of the specification, a position where it allows and one where it forbids;
//! every option changes what the spec says it changes; bad input is rejected and changes
//! nothing.

use crate::common;

use board_kernel::prelude::*;
use board_kernel::testing::{assert_refused as rejected, play_line as play};
use board_kernel::{GameOptions, MoveError, Side, Status};
use common::*;
use seven_sages::{EndReason, Move, Options, Outcome, SevenSages, State};

const INITIAL: &str =
    "7B7/15/3B3B3B3/15/3B3B3B3/15/15/7*7/15/15/3W3W3W3/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing";

fn legal(g: &SevenSages, s: &State, text: &str) -> bool {
    let mv = g.parse_move(s, text).unwrap();
    let generated = moves(g, s).contains(&mv);
    assert_eq!(
        g.is_legal(s, &mv),
        generated,
        "is_legal disagrees on {text}"
    );
    generated
}

// ---------------------------------------------------------------- §3 sliding

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
    rejected(&g, &s, "d5-e4", "diagonally backward");
    assert!(legal(&g, &s, "d5-e6"));
    // Black's backward diagonals point north.
    let mut b = s.clone();
    play(&g, &mut b, &["d3-d4"]);
    assert!(legal(&g, &b, "d11-d12"));
    assert!(legal(&g, &b, "d11-c10"));
    assert!(!legal(&g, &b, "d11-c12"));
    assert!(!legal(&g, &b, "d11-e12"));
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

// ---------------------------------------------------------------- §4.2 kicks

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
    rejected(&g, &open, "b8-d8/n8", "must move and meet another stone");
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

// ---------------------------------------------------------------- §4.3 goals

const EX5B: &str =
    "7B7/15/3B2*4B3/2B9B2/3B2W4B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 w 0 0 0 0 0 ongoing";

#[test]
fn a_goal_scores_resets_and_the_conceding_side_starts() {
    let g = game(&[]);
    let mut s = position(&g, EX5B);
    play(&g, &mut s, &["g11-g13/g15"]);
    assert_eq!(s.score().white, 1);
    assert_eq!(s.side_to_move(), Side::Black);
    assert_eq!(s.plies_since_point(), 0);
    assert_eq!(s.outcome(), Outcome::Ongoing);
    assert_eq!(s.to_string().split(' ').next(), INITIAL.split(' ').next());
    // A plain move keeps the score.
    let mut t = position(&g, EX5B);
    play(&g, &mut t, &["d3-d4"]);
    assert_eq!(t.score().white, 0);
    assert_eq!(t.plies_since_point(), 1);
}

#[test]
fn points_to_win_decides_when_the_game_ends() {
    // One point wins with points_to_win = 1; five points are needed by default.
    let one = game(&[("points_to_win", "1")]);
    let mut s = position(&one, EX5B);
    play(&one, &mut s, &["g11-g13/g15+"]);
    assert_eq!(
        s.outcome(),
        Outcome::Finished {
            winner: Some(Side::White),
            reason: EndReason::Points
        }
    );
    assert!(s.to_string().ends_with("b 1 0 1 0 0 white_won_points"));
    rejected(&one, &s, "d3-d4", "over");
    let mut tried = s.clone();
    assert!(matches!(
        one.play_text(&mut tried, "d3-d4"),
        Err(MoveError::Illegal {
            illegal: board_kernel::Illegal::GameOver,
            ..
        })
    ));
    let five = game(&[]);
    let mut s = position(&five, EX5B);
    play(&five, &mut s, &["g11-g13/g15+"]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
}

#[test]
fn an_own_goal_lets_the_conceding_kicker_move_again() {
    let own = game(&[("own_goal", "ScoresForOpponent")]);
    let mut s = position(
        &own,
        "7B7/15/3B3B3B3/15/3B3B3B3/15/15/15/15/15/3W3W3W3/7W7/3W3*3W3/15/W14 w 0 0 0 0 0 ongoing",
    );
    play(&own, &mut s, &["l3-h3/g1+"]);
    assert_eq!(s.score().black, 1);
    assert_eq!(s.side_to_move(), Side::White);
}

// ---------------------------------------------------------------- §4.3 forced pass, §5 end

#[test]
fn a_forced_pass_and_the_double_pass() {
    let g = game(&[]);
    // No sages at all: White must pass, then Black must pass, and the game ends drawn.
    let mut s = position(
        &g,
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 w 10 0 2 2 3 ongoing",
    );
    assert_eq!(texts(&g, &s), ["pass"]);
    play(&g, &mut s, &["pass"]);
    assert_eq!(
        s.to_string(),
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 b 11 1 2 2 4 ongoing"
    );
    play(&g, &mut s, &["pass"]);
    assert_eq!(
        s.to_string(),
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 w 12 2 2 2 5 draw_double_pass"
    );
    assert!(moves(&g, &s).is_empty());
    // A pass is illegal when a move exists, and a move resets the pass counter.
    let start = g.initial_state();
    rejected(&g, &start, "pass", "passes only when");
    let mut one = position(
        &g,
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/W14 b 0 0 0 1 0 ongoing",
    );
    play(&g, &mut one, &["pass", "a1-a2"]);
    assert_eq!(one.passes(), 0);
    assert_eq!(one.outcome(), Outcome::Ongoing);
    // More points wins a double pass.
    let mut s = position(
        &g,
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 w 0 1 0 1 0 ongoing",
    );
    play(&g, &mut s, &["pass"]);
    assert!(s.to_string().ends_with("black_won_double_pass"));
}

#[test]
fn repetition_ends_the_game_on_the_third_occurrence() {
    let shuffle = ["d3-d4", "d13-d12", "d4-d3", "d12-d13"];
    let g = game(&[]);
    let mut s = g.initial_state();
    play(&g, &mut s, &shuffle);
    assert_eq!(s.repetitions(), 2);
    play(&g, &mut s, &shuffle[..3]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
    play(&g, &mut s, &shuffle[3..]);
    assert_eq!(
        s.outcome(),
        Outcome::Finished {
            winner: None,
            reason: EndReason::Repetition
        }
    );
    assert!(s.to_string().ends_with(" w 8 0 0 0 8 draw_repetition"));
    // The option changes the count, 0 switches it off.
    let two = game(&[("repetition_limit", "2")]);
    let mut s = two.initial_state();
    play(&two, &mut s, &shuffle);
    assert!(s.outcome().is_finished());
    let off = game(&[("repetition_limit", "0")]);
    let mut s = off.initial_state();
    for _ in 0..5 {
        play(&off, &mut s, &shuffle);
    }
    assert_eq!(s.outcome(), Outcome::Ongoing);
    // 1 would end the game at its first position: refused (a fuzz finding).
    let refused = SevenSages::from_pairs([("repetition_limit", "1")]).unwrap_err();
    assert!(
        refused.to_string().contains("repetition_limit"),
        "{refused}"
    );
    // A position set up from a line counts once.
    let mut s = position(&g, &g.initial_state().to_string());
    play(&g, &mut s, &shuffle);
    play(&g, &mut s, &shuffle);
    assert!(s.outcome().is_finished());
}

#[test]
fn the_ply_limit_per_point() {
    let g = game(&[]);
    let mut s = position(
        &g,
        &INITIAL.replace(" w 0 0 0 0 0 ongoing", " w 700 0 1 0 499 ongoing"),
    );
    play(&g, &mut s, &["d3-d4"]);
    assert!(
        s.to_string()
            .ends_with(" b 701 0 1 0 500 white_won_max_plies")
    );
    assert_eq!(
        g.status(&s),
        Status::Finished(board_kernel::GameResult::win(
            Side::White,
            "max plies per point"
        ))
    );
    // A goal on the last allowed ply counts and the game goes on.
    let mut s = position(
        &g,
        &EX5B.replace(" w 0 0 0 0 0 ongoing", " w 900 0 0 0 499 ongoing"),
    );
    play(&g, &mut s, &["g11-g13/g15+"]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
    assert_eq!(s.plies_since_point(), 0);
    // The option sets the limit; 0 switches it off.
    let short = game(&[("max_plies_per_point", "2")]);
    let mut s = short.initial_state();
    play(&short, &mut s, &["d3-d4"]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
    play(&short, &mut s, &["d13-d12"]);
    assert!(s.to_string().ends_with("draw_max_plies"));
    let off = game(&[("max_plies_per_point", "0")]);
    let mut s = position(
        &off,
        &INITIAL.replace(" w 0 0 0 0 0 ongoing", " w 0 0 0 0 100000 ongoing"),
    );
    play(&off, &mut s, &["d3-d4"]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
}

// ---------------------------------------------------------------- options

#[test]
fn options_parse_case_insensitively_and_reject_bad_values() {
    let o = Options::from_pairs([
        ("kick_mode", "stopBEFORE"),
        ("deviation", "HALF"),
        ("own_goal", "scoresforopponent"),
        ("lob", "YES"),
        ("first_bounce_mandatory", "Off"),
        ("reverse_on_later_bounces", "TRUE"),
        ("points_to_win", "3"),
        ("max_plies_per_point", "0"),
        ("repetition_limit", "0"),
    ])
    .unwrap();
    assert_eq!(o.points_to_win, 3);
    assert!(o.lob && !o.first_bounce_mandatory && o.reverse_on_later_bounces);
    for (k, v) in [
        ("kick_mode", "sideways"),
        ("deviation", "30"),
        ("own_goal", "maybe"),
        ("lob", "2"),
        ("points_to_win", "0"),
        ("points_to_win", "-1"),
        ("max_plies_per_point", "x"),
        ("repetition_limit", "-3"),
        ("colour", "red"),
    ] {
        assert!(Options::from_pairs([(k, v)]).is_err(), "{k}={v}");
        assert!(SevenSages::from_pairs([(k, v)]).is_err(), "{k}={v}");
    }
    assert_eq!(Options::info().len(), 9);
    assert_eq!(Options::default(), Options::from_pairs([]).unwrap());
}

// ---------------------------------------------------------------- bad input

#[test]
fn bad_move_texts_are_rejected() {
    let g = game(&[]);
    let s = g.initial_state();
    for bad in [
        "",
        " ",
        "h5",
        "h5-",
        "h5h6",
        "h5-h6-",
        "h5-h6/",
        "h5-h8/h9++",
        "h5-h8/h9 ",
        "q1-a1",
        "a16-a1",
        "a0-a1",
        "h5-h5",
        "h5-h8/h9x",
        "PASS",
        "h5-h8/h9+",
        "d3–d4",
    ] {
        let mut tried = s.clone();
        match g.play_text(&mut tried, bad) {
            Err(MoveError::Parse(e)) => assert!(!e.reason.is_empty()),
            other => panic!("{bad:?}: {other:?}"),
        }
        assert_eq!(tried, s);
    }
    // Well-formed moves that make no sense are illegal, not panics.
    for odd in ["o15-a1", "a1-o15/h8", "h8-h9", "o1-o2/o3"] {
        let mut tried = s.clone();
        assert!(g.play_text(&mut tried, odd).is_err(), "{odd}");
        assert_eq!(tried, s);
    }
    let off_board = Move::Kick {
        from: "p16".parse().unwrap(),
        to: "p15".parse().unwrap(),
        ball: "a16".parse().unwrap(),
    };
    let mut tried = s.clone();
    assert!(g.play(&mut tried, &off_board).is_err());
    assert_eq!(tried, s);
}

#[test]
fn bad_position_texts_are_rejected_with_their_place() {
    let g = game(&[]);
    let swap = |from: &str, to: &str| INITIAL.replacen(from, to, 1);
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "8 fields"),
        (INITIAL.replace(" ongoing", ""), "8 fields"),
        (INITIAL.replace(" w ", "  w "), "empty field"),
        (format!("{INITIAL} "), "empty field"),
        (swap("7B7/", "7B6/"), "rank 15"),
        (swap("7B7/", "7B8/"), "rank 15"),
        (swap("7B7/", "7B07/"), "leading zeros"),
        (swap("7B7/", "7X7/"), "rank 15, file h"),
        (swap("7B7/", ""), "15 ranks"),
        (swap("7*7", "15"), "no ball"),
        (swap("7B7/", "7*7/"), "ball"),
        (swap(" w ", " x "), "field 2"),
        (swap(" w 0 ", " w -1 "), "field 3"),
        (swap(" w 0 0 ", " w 0 01 "), "field 4"),
        (swap(" w 0 0 0 ", " w 0 0 99999999999 "), "field 5"),
        (swap(" ongoing", " white_won"), "field 8"),
        (swap(" ongoing", " draw_points"), "draw_points"),
        (swap(" w 0 0 ", " w 0 3 "), "at most 2"),
        (swap(" w 0 0 ", " w 0 2 "), "double_pass"),
        (swap(" ongoing", " draw_double_pass"), "double_pass"),
        (swap(" ongoing", " white_won_repetition"), "more points"),
        (swap(" ongoing", " white_won_points"), "Black's goal area"),
        // Too many sages, a sage in the opponent's goal area, two in the own goal area.
        (
            line(
                &["a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"],
                &[],
                "h8",
                'w',
            ),
            "more than seven",
        ),
        (line(&["h15"], &[], "h8", 'w'), "opponent's goal"),
        (line(&[], &["h1"], "h8", 'w'), "opponent's goal"),
        (line(&["g1", "h1"], &[], "h8", 'w'), "more than one sage"),
        (line(&[], &["g15", "h15"], "h8", 'w'), "more than one sage"),
        // The ball on an outside cell, or in a goal area of an ongoing game.
        (line(&[], &[], "a5", 'w'), "outside"),
        (line(&[], &[], "b2", 'w'), "outside"),
        (line(&[], &[], "h1", 'w'), "goal area"),
        (
            line(&[], &[], "h1", 'w').replace("ongoing", "white_won_points"),
            "Black's goal area",
        ),
        (
            line(&[], &[], "h15", 'w').replace("ongoing", "black_won_points"),
            "White's goal area",
        ),
    ];
    for (text, words) in cases {
        match g.parse_position(&text) {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => {
                let msg = e.to_string();
                assert!(
                    msg.contains(words),
                    "{text}: `{msg}` does not mention `{words}`"
                );
            }
        }
    }
}

#[test]
fn position_texts_round_trip_and_accept_every_status() {
    let g = game(&[]);
    for status in [
        "ongoing",
        "draw_repetition",
        "draw_max_plies",
        "white_won_max_plies",
    ] {
        let text = INITIAL.replace(" ongoing", &format!(" {status}"));
        let text = if status == "white_won_max_plies" {
            text.replace(" w 0 0 0 0 0 ", " w 0 0 1 0 0 ")
        } else {
            text
        };
        let s = position(&g, &text);
        assert_eq!(s.to_string(), text);
        assert_eq!(moves(&g, &s).is_empty(), status != "ongoing");
    }
    let won = "6*B7/15/3B2W4B3/2B9B2/3B7B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 b 1 0 5 2 0 white_won_points";
    assert_eq!(position(&g, won).to_string(), won);
    // The serde form of a state is its snapshot, read back through the parser's checks.
    let json = serde_json::to_string(&g.snapshot(&position(&g, won))).unwrap();
    let back: State = g.restore(&serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(back.to_string(), won);
    let snapshot = |json: &str| serde_json::from_str::<board_kernel::Snapshot>(json);
    assert!(
        g.restore(&snapshot(r#"{"position":"x"}"#).unwrap())
            .is_err()
    );
    assert!(snapshot(&format!(r#"{{"position":"{won}","history":["xyz"]}}"#)).is_err());
}

#[test]
fn heuristic_and_scores() {
    let g = game(&[]);
    let s = g.initial_state();
    let h = g.heuristic(&s, Side::White).unwrap();
    assert!((-1.0..=1.0).contains(&h));
    let won = position(
        &g,
        "6*B7/15/3B2W4B3/2B9B2/3B7B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 b 1 0 5 2 0 white_won_points",
    );
    assert_eq!(g.heuristic(&won, Side::White), Some(1.0));
    assert_eq!(g.heuristic(&won, Side::Black), Some(-1.0));
    assert_eq!(g.scores(&won).unwrap().white, 5);
    assert_eq!(g.scores(&won).unwrap().black, 2);
}

#[test]
fn mutated_texts_never_panic_and_accepted_lines_print_back_unchanged() {
    let g = game(&[]);
    let seeds = [
        INITIAL,
        EX5B,
        "6*B7/15/3B2W4B3/2B9B2/3B7B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 b 1 0 5 2 0 white_won_points",
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 w 12 2 2 2 5 draw_double_pass",
    ];
    let alphabet: Vec<char> = "0123456789WB*/ wb_-+aeghnopdrstxl\u{e9}".chars().collect();
    let mut rng = board_kernel::SplitMix64::new(7);
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut chars: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len());
            match rng.below(3) {
                0 => chars[at] = alphabet[rng.below(alphabet.len())],
                1 => chars.insert(at, alphabet[rng.below(alphabet.len())]),
                _ => {
                    chars.remove(at);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(s) = g.parse_position(&text) {
            accepted += 1;
            assert_eq!(s.to_string(), text);
            let _ = moves(&g, &s);
        }
        let start = g.initial_state();
        let short: String = text.chars().take(9).collect();
        let _ = g.parse_move(&start, &short);
    }
    assert!(accepted > 0);
    // Move texts: mutations of real moves either parse and print back or are errors.
    let start = g.initial_state();
    for text in ["h5-h8/h9", "f10-f12/g15+", "d3-d4", "pass"] {
        for i in 0..text.len() {
            for c in alphabet.iter() {
                let mut t: Vec<char> = text.chars().collect();
                t[i] = *c;
                let t: String = t.into_iter().collect();
                if let Ok(m) = g.parse_move(&start, &t) {
                    let printed = m.to_string();
                    assert!(
                        printed == t || printed == format!("{t}+"),
                        "{t} → {printed}"
                    );
                    let mut tried = start.clone();
                    let _ = g.play(&mut tried, &m);
                }
            }
        }
    }
}

#[test]
fn reasons_for_illegal_kicks() {
    let g = game(&[]);
    let s = g.initial_state();
    rejected(&g, &s, "h5-h9/h10", "ends on h8");
    rejected(&g, &s, "h5-h8/a9", "cannot stop on a9");
    rejected(&g, &s, "d5-d7/d8", "does not run into the ball");
    rejected(&g, &s, "l5-h8/h9", "straight line");
}
