//! The options, and bad input: refused without change, never a panic.

use super::*;

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
