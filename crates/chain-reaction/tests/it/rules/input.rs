//! Bad input: refused without change, never a panic; the rule book and the type-erased face.

use super::*;

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
