//! Examples 2 to 8: kicks and their bounces, the goal areas, goals and the own goal.

use super::*;

// ---------------------------------------------------------------- Example 2

#[test]
fn example_2_kick_that_can_score_after_two_bounces() {
    let (g, s) = drawn(&[], &example_2(), DIAGRAM_EX2);
    let kicks = kicks(&g, &s);
    assert_eq!(kicks, ["f10-f12/f13", "f10-f12/g14", "f10-f12/g15+"]);
    assert_eq!(moves(&g, &s).len(), 173);
    assert_eq!(split(&g, &s), (170, 3));
    assert_plain_counts(
        &g,
        &s,
        &[
            ("d3", 25),
            ("f10", 33),
            ("g13", 19),
            ("h1", 29),
            ("h14", 11),
            ("h3", 28),
            ("l3", 25),
        ],
    );
    assert_eq!(
        suffixes(&g, &s, "h14-"),
        list("i14 j14 k14 l14 m14 n14 o14 g14 f14 h13 h12")
    );

    let g = game(&[("first_bounce_mandatory", "false")]);
    let s = position(&g, &example_2());
    assert_eq!(suffixes(&g, &s, "f10-f12/"), list("f13 f14 g14 g15+"));
}

// ---------------------------------------------------------------- Example 3

#[test]
fn example_3a_the_ball_must_meet_a_stone() {
    let (g, s) = drawn(&[], &example_3a(), DIAGRAM_EX3A);
    assert_eq!(split(&g, &s), (166, 0));
    assert_eq!(
        suffixes(&g, &s, "c10-"),
        list(
            "a10 a12 b10 b11 c1 c2 c3 c4 c5 c6 c7 c8 c9 c11 d10 e10 f10 g10 h10 i10 j10 k10 \
             l10 m10 n10 o10"
        )
    );
}

#[test]
fn example_3b_a_marked_ball_and_the_lob() {
    let (g, s) = drawn(&[], &example_3b(), DIAGRAM_EX3B);
    assert_eq!(split(&g, &s), (142, 0));
    assert_plain_counts(
        &g,
        &s,
        &[
            ("d3", 15),
            ("d5", 22),
            ("h1", 21),
            ("h3", 24),
            ("h7", 23),
            ("l3", 15),
            ("l5", 22),
        ],
    );
    for options in [
        &[("lob", "true")][..],
        &[("lob", "true"), ("kick_mode", "StopBefore")][..],
    ] {
        let g = game(options);
        let s = position(&g, &example_3b());
        assert_eq!(moves(&g, &s).len(), 143, "{options:?}");
        let kicks = kicks(&g, &s);
        assert_eq!(kicks, ["h7-h8/h10"]);
        let mut after = s.clone();
        g.play_text(&mut after, "h7-h8/h10").unwrap();
        assert_eq!(after.ball().to_string(), "h10");
        assert!(after.sages(Side::White).contains("h8".parse().unwrap()));
    }
}

// ---------------------------------------------------------------- Example 4

#[test]
fn example_4_goal_area_restrictions() {
    let (g, s) = drawn(&[], &example_4(), DIAGRAM_EX4);
    assert_eq!(moves(&g, &s).len(), 195);
    assert_eq!(with_prefix(&g, &s, "h5-").len(), 50);
    assert_eq!(with_prefix(&g, &s, "h5-h8/").len(), 25);
    for (sage, n) in [
        ("e1", 31),
        ("l3", 27),
        ("d5", 25),
        ("e15", 22),
        ("l5", 22),
        ("h1", 18),
    ] {
        assert_eq!(with_prefix(&g, &s, &format!("{sage}-")).len(), n, "{sage}");
    }
    assert_eq!(
        suffixes(&g, &s, "e1-"),
        list(
            "a1 a5 b1 b4 c1 c3 d1 d2 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11 e12 e13 e14 f2 g3 h4 i5 j6 \
             k7 l8 m9 n10 o11"
        )
    );
    assert_eq!(
        suffixes(&g, &s, "e15-"),
        list("a15 b15 c15 d15 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11 e12 e13 e14 k15 l15 m15 n15 o15")
    );
}

// ---------------------------------------------------------------- Example 5

#[test]
fn example_5a_the_ball_rests_on_the_first_pivot() {
    let (g, s) = drawn(&[], &example_5a(), DIAGRAM_EX5A);
    let kicks = kicks(&g, &s);
    assert_eq!(kicks, ["h11-h12/h13"]);
    assert_eq!(split(&g, &s), (161, 1));
}

#[test]
fn example_5b_a_goal_on_the_first_leg_and_the_reset() {
    let (g, mut s) = drawn(&[], &example_5b(), DIAGRAM_EX5B);
    let kicks = kicks(&g, &s);
    assert_eq!(kicks, ["g11-g13/g15+"]);
    assert_eq!(split(&g, &s), (181, 1));
    g.play_text(&mut s, "g11-g13/g15+").unwrap();
    assert_eq!(
        s.to_string(),
        "7B7/15/3B3B3B3/15/3B3B3B3/15/15/7*7/15/15/3W3W3W3/15/3W3W3W3/15/7W7 b 1 0 1 0 0 ongoing"
    );
    assert_eq!(g.side_to_move(&s), Side::Black);
    assert_eq!(g.scores(&s).unwrap().white, 1);
}

#[test]
fn example_5b_the_deciding_goal_is_not_reset() {
    let before =
        "7B7/15/3B2*4B3/2B9B2/3B2W4B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 w 0 0 4 2 0 ongoing";
    // The same position as example 5b, with the score 4–2.
    assert_eq!(
        before.split(' ').next(),
        example_5b().split(' ').next(),
        "example 5b's board"
    );
    let g = game(&[]);
    let mut s = position(&g, before);
    g.play_text(&mut s, "g11-g13/g15+").unwrap();
    assert_eq!(
        s.to_string(),
        "6*B7/15/3B2W4B3/2B9B2/3B7B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 b 1 0 5 2 0 white_won_points"
    );
    assert!(moves(&g, &s).is_empty());
    match g.status(&s) {
        Status::Finished(r) => {
            assert_eq!(r.winner, Some(Side::White));
            assert_eq!(r.reason, "points");
        }
        Status::Ongoing => panic!("the game should be over"),
    }
    assert_eq!(
        s.outcome(),
        Outcome::Finished {
            winner: Some(Side::White),
            reason: EndReason::Points
        }
    );
}

// ---------------------------------------------------------------- Example 6

const EXAMPLE_6: &str =
    "15/15/5W3W5/1B8B4/9W5/15/5BW8/2W12/3W11/6B8/5*9/5B9/5B1W7/15/15 w 0 0 0 0 0 ongoing";

#[test]
fn example_6_the_ball_comes_back_to_its_first_pivot() {
    assert_eq!(
        line(
            &["f13", "j13", "j11", "g9", "c8", "d7", "h3"],
            &["b12", "k12", "f9", "g6", "f4", "f3"],
            "f5",
            'w'
        ),
        EXAMPLE_6
    );
    let (g, s) = drawn(&[], EXAMPLE_6, DIAGRAM_EX6);
    assert_eq!(
        suffixes(&g, &s, "h3-f5/"),
        list("b3 b11 c4 c10 d5 d9 e6 e8 e10 f7 f11 g8 g12 h9 h11 h13 i10 i14 j9 j15+ k8 l7 m6 n5")
    );
    assert!(texts(&g, &s).contains(&"h3-f5/e6".to_owned()));
    assert_eq!(moves(&g, &s).len(), 208);
    assert_eq!(split(&g, &s), (177, 31));
    assert_eq!(with_prefix(&g, &s, "d7-f5/").len(), 7);

    let loose = game(&[("first_bounce_mandatory", "false")]);
    let s2 = position(&loose, EXAMPLE_6);
    let extra: Vec<String> = texts(&loose, &s2)
        .into_iter()
        .filter(|t| !texts(&g, &s).contains(t))
        .collect();
    assert_eq!(extra, ["d7-f5/g4"]);
}

// ---------------------------------------------------------------- Example 7

const EXAMPLE_7: &str =
    "10W4/3W11/15/15/6*8/11W3/15/15/15/1B1B11/10B4/1B13/3W11/15/15 w 0 0 0 0 0 ongoing";

#[test]
fn example_7_stop_before_ball_back_on_its_own_cell() {
    assert_eq!(
        line(
            &["d3", "l10", "d14", "k15"],
            &["b4", "k5", "b6", "d6"],
            "g11",
            'w'
        ),
        EXAMPLE_7
    );
    let options = [("kick_mode", "StopBefore")];
    let (g, s) = drawn(&options, EXAMPLE_7, DIAGRAM_EX7);
    assert_eq!(
        suffixes(&g, &s, "k15-h12/"),
        list("b8 b10 c11 d8 d12 e9 e13 f10 f12 f14 g15+ h10 i9 j8 k7 l6 m5 n4")
    );
    let all = texts(&g, &s);
    assert!(!all.contains(&"k15-h12".to_owned()));
    assert!(!all.contains(&"k15-h12/g11".to_owned()));
    assert_eq!(moves(&g, &s).len(), 127);
    assert_eq!(split(&g, &s), (109, 18));

    let original = game(&[]);
    let s = position(&original, EXAMPLE_7);
    assert_eq!(moves(&original, &s).len(), 128);
    assert!(!with_prefix(&original, &s, "k15-g11/").is_empty());
    assert!(with_prefix(&original, &s, "k15-h12/").is_empty());
}

// ---------------------------------------------------------------- Example 8

const EXAMPLE_8: &str =
    "7B7/15/3B3B3B3/15/3B3B3B3/15/15/15/15/15/3W3W3W3/7W7/3W3*3W3/15/W14 w 0 0 0 0 0 ongoing";

#[test]
fn example_8_own_goal() {
    assert_eq!(
        line(
            &["h4", "d3", "l3", "d5", "h5", "l5", "a1"],
            &["h15", "d13", "h13", "l13", "d11", "h11", "l11"],
            "h3",
            'w'
        ),
        EXAMPLE_8
    );
    let own = game(&[("own_goal", "ScoresForOpponent")]);
    let s = position(&own, EXAMPLE_8);
    assert_eq!(moves(&own, &s).len(), 234);
    // Own goals: the ball ends on rank 1, White's own goal area.
    let goals: Vec<String> = texts(&own, &s)
        .into_iter()
        .filter(|t| t.ends_with("1+"))
        .collect();
    assert_eq!(goals, ["d3-h3/i1+", "h4-h3/h1+", "l3-h3/g1+"]);
    let default_texts = texts(&game(&[]), &s);
    let added: Vec<String> = texts(&own, &s)
        .into_iter()
        .filter(|t| !default_texts.contains(t))
        .collect();
    assert_eq!(added, goals);

    let default = game(&[]);
    let s0 = position(&default, EXAMPLE_8);
    assert_eq!(moves(&default, &s0).len(), 231);
    let mut tried = s0.clone();
    let own_goal = default.parse_move(&s0, "h4-h3/h1+").unwrap();
    assert!(default.play(&mut tried, &own_goal).is_err());
    assert_eq!(tried, s0);

    let mut after = s.clone();
    own.play_text(&mut after, "h4-h3/h1+").unwrap();
    assert_eq!(
        after.to_string(),
        "7B7/15/3B3B3B3/15/3B3B3B3/15/15/7*7/15/15/3W3W3W3/15/3W3W3W3/15/7W7 w 1 0 0 1 0 ongoing"
    );

    // With Black on 4 points the own goal decides the game: no reset.
    let four = EXAMPLE_8.replace(" w 0 0 0 0 0 ongoing", " w 0 0 0 4 0 ongoing");
    let mut s4 = position(&own, &four);
    own.play_text(&mut s4, "h4-h3/h1+").unwrap();
    assert_eq!(s4.score().black, 5);
    assert_eq!(s4.score().white, 0);
    assert_eq!(s4.ball().to_string(), "h1");
    assert!(s4.sages(Side::White).contains("h3".parse().unwrap()));
    assert_eq!(
        s4.outcome(),
        Outcome::Finished {
            winner: Some(Side::Black),
            reason: EndReason::Points
        }
    );
    assert!(moves(&own, &s4).is_empty());
    let text = s4.to_string();
    assert!(text.ends_with(" 1 0 0 5 0 black_won_points"), "{text}");
    assert_eq!(position(&own, &text).to_string(), text);
}

#[test]
fn the_rule_book_uses_the_spec_positions() {
    let book = <seven_sages::SevenSages as Presentation>::rule_book();
    let positions: Vec<&str> = book.setups().filter_map(|(_, s)| s.position).collect();
    for expected in [
        example_2(),
        example_3a(),
        example_3b(),
        example_4(),
        example_5a(),
        example_5b(),
        EXAMPLE_6.to_owned(),
        EXAMPLE_7.to_owned(),
        EXAMPLE_8.to_owned(),
    ] {
        assert!(positions.contains(&expected.as_str()), "missing {expected}");
    }
}
