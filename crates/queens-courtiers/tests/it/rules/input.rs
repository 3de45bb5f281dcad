//! The options, and bad input: refused without change, never a panic.

use super::*;

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
