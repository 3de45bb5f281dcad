//! The options that change the turn, and the options' own texts.

use super::*;

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
