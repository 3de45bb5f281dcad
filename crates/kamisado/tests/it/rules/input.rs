//! Moves in finished games, nonsense values and bad texts: refused without change, never a
//! panic.

use super::*;

#[test]
fn nonsense_move_values_are_rejected_without_change() {
    let g = standard();
    let far = Square::at(12, 12);
    let states = [
        g.initial_state(),
        after(&g, "d1-d7 g8-g6"),
        after(&g, "c1-a3 b8-h2 a3-e7 pass pass"),
        g.parse_position(EXAMPLE_4).unwrap(),
    ];
    let bad = [
        Move::Step { from: far, to: far },
        Move::Step {
            from: sq("a1"),
            to: far,
        },
        Move::Push {
            from: far,
            to: sq("a1"),
        },
        Move::Push {
            from: sq("d4"),
            to: sq("d5"),
        },
        Move::Step {
            from: sq("a1"),
            to: sq("a1"),
        },
        Move::Step {
            from: sq("a1"),
            to: sq("h8"),
        },
        Move::Fill(Fill::Left),
        Move::Pass,
    ];
    for s in &states {
        let mut legal = Vec::new();
        g.legal_moves(s, &mut legal);
        for mv in &bad {
            if legal.contains(mv) {
                continue;
            }
            let mut t = s.clone();
            assert!(g.play(&mut t, mv).is_err(), "{mv} in {s}");
            assert_eq!(&t, s);
            let why = g.check_move(s, mv).unwrap_err();
            assert!(why == Illegal::GameOver || why.rule().is_some(), "{why}");
        }
    }
}

#[test]
fn a_finished_game_accepts_no_move() {
    let g = Kamisado::default();
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass pass");
    for m in ["pass", "fill-L", "a1-a2"] {
        let mut t = s.clone();
        assert!(matches!(
            g.play_text(&mut t, m),
            Err(MoveError::Illegal {
                illegal: Illegal::GameOver,
                ..
            })
        ));
        assert_eq!(t, s);
    }
}

#[test]
fn legal_move_lists_are_in_canonical_order() {
    let g = standard();
    for s in [
        g.initial_state(),
        g.parse_position(EXAMPLE_4).unwrap(),
        g.parse_position(
            EXAMPLE_7
                .replace("RE2", "RE")
                .replace("BL1", "BL")
                .replace("or1", "or")
                .replace(" 0 5 4:1 ", " 0 1 0:0 ")
                .as_str(),
        )
        .unwrap(),
        after(&game(&[("first_player", "Black")]), ""),
        after(&g, "d1-d4"),
    ] {
        let list = moves(&g, &s);
        assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
    }
}

// ---- bad input ----------------------------------------------------------------------

#[test]
fn bad_move_texts_are_errors() {
    let g = Kamisado::default();
    let s = g.initial_state();
    for t in [
        "", "c1", "c1a3", "c1-a", "c1-a9", "z1-a3", "c1-a3-b4", "passs", "fill-X", "c1=a3",
    ] {
        let mut u = s.clone();
        let e = g.play_text(&mut u, t).unwrap_err();
        assert!(matches!(e, MoveError::Parse(_)), "{t}: {e}");
        assert_eq!(u, s);
    }
}

#[test]
fn bad_position_texts_are_errors_that_say_where() {
    let g = Kamisado::default();
    let m = standard();
    let start = "orblpupiyeregrbr/......../......../......../......../......../......../BRGRREYEPIPUBLOR W - 0 - - 0 1 0:0 play -";
    let swap = |field: usize, value: &str| {
        let mut f: Vec<&str> = start.split(' ').collect();
        f[field] = value;
        f.join(" ")
    };
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "11 space-separated fields"),
        (start.replace(" play -", " play"), "11 space-separated fields"),
        (start.replace("/BRGR", "BRGR"), "8 ranks"),
        (start.replace("BRGRREYEPIPUBLOR", "BRGRREYEPIPUBLOR."), "more than 8 cells"),
        (start.replace("/......../BRGR", "/......./BRGR"), "7 cells"),
        (start.replace("BRGRRE", "BRGRXX"), "is not a tower"),
        (start.replace("BRGRRE", "BRGRRE4"), "rank is 1, 2 or 3"),
        (start.replace("BRGRRE", "BRGRBr"), "not a tower"),
        (start.replace("BRGRRE", "BRGRGR"), "no Re tower"),
        (start.replace("BRGRREYE", "BRGR.YE"), "7 towers"),
        (start.replace("/......../BRGR", "/.......PU/BRGR"), "9 towers"),
        (swap(1, "X"), "field 2"),
        (swap(2, "Zz"), "field 3"),
        (swap(2, "ye"), "field 3"),
        (swap(3, "3"), "field 4"),
        (swap(4, "W"), "both given or both"),
        (swap(6, "01"), "field 7"),
        (swap(6, "-1"), "field 7"),
        (swap(7, "0"), "from 1"),
        (swap(8, "0-0"), "field 9"),
        (swap(9, "done"), "field 10"),
        (swap(10, "W/home/Ye"), "no result"),
        (swap(8, "5:0"), "0:0"),
        (start.replace(" play -", " refill W/home/Ye"), "a round ends after an actual move"),
        (
            "or.pupiyeregrbr/....RE.../......../......../......../......../.......bl/BRGR.YEPIPUBLOR B Re 2 W e7 5 1 0:1 over B/deadlock/Bl".into(),
            "no colour is required",
        ),
        (
            "or.pupiyeregrbr/....RE.../......../......../......../......../.......bl/BRGR.YEPIPUBLOR B - 2 W e7 5 1 1:1 over B/deadlock/Bl".into(),
            "1:0 to the winner",
        ),
        (
            "or.pupiyeregrbr/....RE.../......../......../......../......../.......bl/BRGR.YEPIPUBLOR B - 2 W e7 5 1 0:1 over B/deadlock/Re".into(),
            "colour of the last landing square",
        ),
        (
            "or.pupiyeregrbr/....RE.../......../......../......../......../.......bl/BRGR.YEPIPUBLOR B - 2 B e7 5 1 0:1 over B/deadlock/Bl".into(),
            "lost by the last actual mover",
        ),
        (
            "or.pupiyeregrbr/....RE.../......../......../......../......../.......bl/BRGR.YEPIPUBLOR W Bl 0 W e7 3 1 0:0 play -".into(),
            "side to move",
        ),
        (
            "or.pupiyeregrbr/....RE.../......../......../......../......../.......bl/BRGR.YEPIPUBLOR B Re 0 W e7 3 1 0:0 play -".into(),
            "landing square",
        ),
        (swap(6, "1000").replace(" - 0 - - ", " Bl 0 W a3 "), "landing square is empty"),
    ];
    for (text, words) in &cases {
        let e = g.parse_position(text).expect_err(text);
        assert!(
            e.to_string().contains(words),
            "{text}\n  {e}\n  lacks `{words}`"
        );
    }
    // Match-only checks: a score no ring explains, a score that would have ended the match.
    for (text, words) in [
        (swap(8, "1:0"), "more than his towers' rings"),
        (
            start
                .replace("BRGRRE", "BRGRRE2")
                .replace(" 0:0 ", " 3:0 ")
                .replace(" 0 1 ", " 0 3 "),
            "would have ended",
        ),
        (
            start.replace("BRGRRE", "BRGRRE1").replace(" 0:0 ", " 2:0 "),
            "more than his towers' rings earned (1)",
        ),
    ] {
        let e = m.parse_position(&text).expect_err(&text);
        assert!(
            e.to_string().contains(words),
            "{text}\n  {e}\n  lacks `{words}`"
        );
    }
    assert!(
        m.parse_position(
            &start
                .replace("BRGRRE", "BRGRRE1")
                .replace(" 0:0 ", " 1:0 ")
                .replace(" 0 1 ", " 0 2 ")
        )
        .is_ok()
    );
    // Bookkeeping a hand-made position may leave out is accepted: a lower score, another
    // round number, ply 0 with a required colour, Sumos in a single round.
    let lax = EXAMPLE_4.replace(" 3 2 0:1 ", " 0 1 0:0 ");
    let t = m.parse_position(&lax).unwrap();
    assert_eq!(t.to_string(), lax);
    assert!(moves(&m, &t).contains(&"f6>f5".to_owned()));
    assert!(g.parse_position(&lax).is_ok());
    // The backstop option bounds the ply count of a position in play.
    let tight = game(&[("max_plies_per_round", "3")]);
    let p = "or.pupiyeregrbr/....RE.../......../......../......../......../.......bl/BRGR.YEPIPUBLOR B Bl 0 W e7 3 1 0:0 play -";
    assert!(g.parse_position(p).is_ok());
    assert!(
        tight
            .parse_position(p)
            .unwrap_err()
            .to_string()
            .contains("max_plies_per_round")
    );
}

#[test]
fn parsing_never_panics_on_mangled_text() {
    let g = standard();
    let texts = [
        kamisado::rulebook::EXAMPLE_8.to_owned(),
        after(&g, "c1-a3 b8-h2 a3-e7 pass pass").to_string(),
    ];
    let junk = [
        "", " ", "/", ".", "x", "9", "W", "-", ":", "é", "1", "RE3", "bl",
    ];
    for text in &texts {
        for i in 0..=text.len() {
            if !text.is_char_boundary(i) {
                continue;
            }
            let _ = g.parse_position(&text[..i]);
            for j in [" ", "x", "3"] {
                let _ = g.parse_position(&format!("{}{j}{}", &text[..i], &text[i..]));
            }
            for k in (i + 1..=text.len().min(i + 3)).filter(|&k| text.is_char_boundary(k)) {
                for j in junk {
                    let t = format!("{}{j}{}", &text[..i], &text[k..]);
                    if let Ok(s) = g.parse_position(&t) {
                        // Whatever parses prints back the same and plays on without panicking.
                        assert_eq!(
                            s.to_string(),
                            t.split_whitespace().collect::<Vec<_>>().join(" ")
                        );
                        let mut v = Vec::new();
                        g.legal_moves(&s, &mut v);
                        for mv in v {
                            let mut u = s.clone();
                            g.play_unchecked(&mut u, &mv);
                        }
                    }
                }
            }
        }
    }
    for t in ["é1-a2", "c1-é2", "c1->a2", "c1 - a2", "\u{0}", "c11-a3"] {
        assert!(g.parse_move(&g.initial_state(), t).is_err(), "{t}");
    }
}

#[test]
fn bad_options_are_rejected() {
    for (k, v) in [
        ("match_target", "2"),
        ("match_target", "21"),
        ("first_player", "gold"),
        ("next_round_starter", "nobody"),
        ("scoring", "double"),
        ("repetition_limit", "1"),
        ("max_plies_per_round", "0"),
        ("board", "8"),
    ] {
        assert!(Kamisado::from_pairs([(k, v)]).is_err(), "{k}={v}");
    }
    assert!(Kamisado::from_pairs([("match_target", "15"), ("scoring", "perround")]).is_ok());
}
