//! Bad input: refused without change, never a panic, and every reason names its rule.

use super::*;

#[test]
fn bad_move_texts_are_errors_and_change_nothing() {
    let g = game(&[]);
    let mut state = g.initial_state();
    let before = state.clone();
    for text in [
        "",
        "   ",
        "a1",
        "a1-",
        "-a1",
        "a1-a2-a3-a4",
        "a1_a2",
        "a1-a0",
        "a1-i2",
        "a10-a2",
        "é1-a2",
        "a1 - a2",
    ] {
        assert!(
            matches!(g.play_text(&mut state, text), Err(MoveError::Parse(_))),
            "`{text}`"
        );
        assert_eq!(state, before);
    }
}

/// Squares that make no step or row move are read as a move and refused by the rule they
/// break, with its section, so a player who types one is shown the rule.
#[test]
fn squares_that_make_no_move_are_refused_by_the_rules() {
    let g = game(&[]);
    let mut state = g.initial_state();
    let before = state.clone();
    for (text, rule, words) in [
        ("a1-a3", "§4.3", "a3 is not next to a1"),
        ("a1-a1", "§4.3", "a1 is not next to a1"),
        (
            "a1-a1-a2",
            "§4.2",
            "the far end and the base of a row must differ",
        ),
        (
            "a1-c2-c4",
            "§4.2",
            "a1 and c2 are not on one rank, file or diagonal",
        ),
        (
            "a1-c1-e5",
            "§4.2",
            "e5 is not on a rank, file or diagonal through c1",
        ),
        (
            "a1-e1-e4",
            "§4.2",
            "the row a1-e1 lifts 4 stones, which are dealt one per square in a line starting \
             next to the base e1, so the last lands 4 squares from e1: e5, not e4",
        ),
        (
            "b1-d1-b1",
            "§4.2",
            "the pile may not be dealt back over the row it came from, and b1 lies back along \
             the row from the base d1",
        ),
    ] {
        match g.play_text(&mut state, text) {
            Err(MoveError::Illegal {
                illegal: Illegal::Breaks { rule: r, reason },
                ..
            }) => {
                assert_eq!(r, rule, "`{text}`: {reason}");
                assert!(reason.contains(words), "`{text}`: {reason}");
            }
            other => panic!("`{text}`: {other:?}"),
        }
        assert_eq!(state, before);
    }
    // Too short a deal towards the edge: the square the last stone would need is off the
    // board.
    rejected(
        &g,
        "bbbb4/7w/7w/7w/8/8/8/8 w 0 0",
        "h5-h7-h8",
        "the row h5-h7 lifts 2 stones, which are dealt one per square in a line starting next \
         to the base h7, so the last lands 2 squares from h7; h8 is only 1 away, and that way \
         the pile would fall off the board (§4.2)",
    );
}

#[test]
fn nonsense_move_values_are_rejected_without_panic() {
    let g = game(&[]);
    let mut state = g.initial_state();
    let before = state.clone();
    let far = Square::at(15, 15);
    let weird = [
        Move::Step {
            from: far,
            to: Square::at(14, 14),
        },
        Move::Step {
            from: sq("a1"),
            to: sq("a1"),
        },
        Move::Step {
            from: sq("a1"),
            to: sq("c3"),
        },
        Move::Row {
            far: sq("a1"),
            base: sq("a1"),
            end: sq("a1"),
        },
        Move::Row {
            far: sq("a1"),
            base: sq("b1"),
            end: Square::at(8, 0),
        },
        Move::Row {
            far: Square::at(15, 0),
            base: sq("a1"),
            end: sq("a5"),
        },
        Move::Row {
            far: sq("c2"),
            base: sq("a1"),
            end: sq("a3"),
        },
        Move::Row {
            far: sq("b1"),
            base: sq("a1"),
            end: sq("c1"),
        },
        Move::Row {
            far: sq("c1"),
            base: sq("a1"),
            end: sq("a2"),
        },
    ];
    for mv in weird {
        assert!(!g.is_legal(&state, &mv), "{mv:?}");
        let refused = g.play(&mut state, &mv).unwrap_err();
        assert!(refused.rule().is_some(), "{refused}");
        assert!(!refused.to_string().is_empty());
        assert_eq!(state, before);
    }
}

#[test]
fn reasons_name_the_rule() {
    let g = game(&[]);
    let start = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0";
    rejected(&g, start, "a5-a1-a5", "back over the row");
    rejected(&g, start, "a5-b3-c3", "not on one rank, file or diagonal");
    let err = g
        .play_text(&mut pos(&g, start), "a1-e1-e4")
        .unwrap_err()
        .to_string();
    assert!(err.contains("4 squares from e1: e5, not e4"), "{err}");
    let err = g
        .play_text(&mut pos(&g, start), "a1-c2-c3")
        .unwrap_err()
        .to_string();
    assert!(err.contains("not on one rank, file or diagonal"), "{err}");
}

#[test]
fn bad_position_texts_say_where() {
    let g = game(&[]);
    let good = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0";
    assert!(g.parse_position(good).is_ok());
    let cases: &[(&str, Option<&str>)] = &[
        ("", None),
        ("3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0", None),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0 0",
            None,
        ),
        ("3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3  w 0 0", None),
        (" 3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0", None),
        ("3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0 ", None),
        ("3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3\tw 0 0", None),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4 w 0 0",
            Some("field 1 (board)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3/8 w 0 0",
            Some("field 1 (board)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww4 w 0 0",
            Some("rank 1"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww2 w 0 0",
            Some("rank 1"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww21 w 0 0",
            Some("rank 1, file h"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwwwwwww w 0 0",
            Some("rank 1"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5//wwwww3 w 0 0",
            Some("rank 2"),
        ),
        (
            "12bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
            Some("rank 8, file b"),
        ),
        (
            "03bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
            Some("rank 8, file a"),
        ),
        (
            "9/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
            Some("rank 8, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/(w)wwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/()wwwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/(wwwwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/(w(w)w)wwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/(wx)wwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/Wwwww3 w 0 0",
            Some("rank 1, file a"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 W 0 0",
            Some("field 2 (side to move)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 x 0 0",
            Some("field 2 (side to move)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 01 0",
            Some("field 3 (no-capture counter)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w -1 0",
            Some("field 3 (no-capture counter)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w +1 0",
            Some("field 3 (no-capture counter)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 4294967296 0",
            Some("field 3 (no-capture counter)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 00",
            Some("field 4 (turn count)"),
        ),
        (
            "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 x",
            Some("field 4 (turn count)"),
        ),
    ];
    for &(text, at) in cases {
        let err = g
            .parse_position(text)
            .err()
            .unwrap_or_else(|| panic!("`{text}` was accepted"));
        assert_eq!(err.at.as_deref(), at, "`{text}`: {err}");
        assert!(!err.reason.is_empty());
    }
    // More stones than the engine holds (128) are refused, not mangled.
    let tall = format!("({})7/8/8/8/8/8/8/8 w 0 0", "w".repeat(129));
    assert!(g.parse_position(&tall).is_err());
    let many = format!(
        "({})({})6/8/8/8/8/8/8/8 w 0 0",
        "w".repeat(64),
        "b".repeat(65)
    );
    assert!(g.parse_position(&many).is_err());
    let most = format!(
        "({})({})6/8/8/8/8/8/8/8 w 0 0",
        "w".repeat(64),
        "b".repeat(64)
    );
    assert_eq!(g.parse_position(&most).unwrap().to_string(), most);
}

#[test]
fn a_full_board_plays_without_overflow() {
    // 128 stones: two on every square; stacks grow as the game goes on.
    let g = game(&[("no_capture_draw_plies", "0")]);
    let rank = "(wb)(bw)(wb)(bw)(wb)(bw)(wb)(bw)";
    let text = format!("{rank}/{rank}/{rank}/{rank}/{rank}/{rank}/{rank}/{rank} w 0 0");
    let mut state = pos(&g, &text);
    let mut rng = board_kernel::SplitMix64::new(7);
    let mut moves = Vec::new();
    for _ in 0..300 {
        moves.clear();
        g.legal_moves(&state, &mut moves);
        let Some(mv) = rng.choose(&moves) else { break };
        g.play(&mut state, mv).unwrap();
        let total = state.board().material(Side::White) + state.board().material(Side::Black);
        assert!(total <= 128);
        assert_eq!(
            g.parse_position(&state.to_string()).unwrap().to_string(),
            state.to_string()
        );
    }
}

/// Canonical form only: random edits of valid lines either fail to parse or parse to a state
/// that prints back exactly as given; nothing panics.
#[test]
fn random_texts_never_panic_and_accepted_texts_are_canonical() {
    let g = game(&[]);
    let mut rng = board_kernel::SplitMix64::new(99);
    let seeds = [
        "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
        "8/8/4b3/4(wb)3/8/2(bw)w(ww)b2/8/8 w 0 0",
        "8/8/b7/4(wwb)3/3(wb)4/8/8/7b b 12 345",
    ];
    let alphabet: Vec<char> = "wb()0123456789/ x-".chars().collect();
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut text: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 if at < text.len() => {
                    text.remove(at);
                }
                1 if at < text.len() => text[at] = alphabet[rng.below(alphabet.len())],
                _ => text.insert(at, alphabet[rng.below(alphabet.len())]),
            }
        }
        let text: String = text.into_iter().collect();
        if let Ok(state) = g.parse_position(&text) {
            assert_eq!(state.to_string(), text);
            accepted += 1;
        }
    }
    assert!(accepted > 100, "only {accepted} edits were valid positions");

    let alphabet: Vec<char> = "abcdefghi0123456789- ".chars().collect();
    for _ in 0..20_000 {
        let len = rng.below(10);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        if let Ok(mv) = text.parse::<Move>() {
            assert_eq!(mv.to_string(), text.trim());
            let mut state = g.initial_state();
            let _ = g.play(&mut state, &mv);
        }
    }
}
