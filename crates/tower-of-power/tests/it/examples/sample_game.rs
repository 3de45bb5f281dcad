//! Example 8, the original article's sample game played move by move and as a record, and
//! the position texts of §2.4.

use super::*;

/// The sample game: each ply with the stones left afterwards (White, Black).
const SAMPLE: [(&str, usize, usize); 16] = [
    ("a5-e1-e5", 15, 15),
    ("h4-e7-e4", 13, 15),
    ("a1-e1-e5", 13, 13),
    ("h7-e7-e4", 11, 13),
    ("e1-e3-e5", 11, 11),
    ("e8-e6-e4", 9, 11),
    ("a4-c2-e2", 9, 11),
    ("e6-e4-e2", 7, 11),
    ("a2-d2-g5", 7, 10),
    ("h6-g6-g5", 6, 10),
    ("e3-d2-e2", 6, 9),
    ("h5-g5-f4", 5, 9),
    ("e2-e3-f4", 5, 8),
    ("g6-g5-f4", 4, 8),
    ("e2-e3-f4", 4, 7),
    ("h8-f8-f6", 4, 7),
];

#[test]
fn example_8_the_sample_game() {
    let game = game(&[]);
    let mut state = game.initial_state();
    for (ply, &(text, white, black)) in SAMPLE.iter().enumerate() {
        play(&game, &mut state, &[text]);
        assert_eq!(
            (
                state.board().material(Side::White),
                state.board().material(Side::Black)
            ),
            (white, black),
            "after ply {} ({text})",
            ply + 1
        );
        assert_eq!(game.status(&state), Status::Ongoing, "after {text}");
        let tower = |s: &str| state.board().tower(sq(s)).to_string();
        match ply + 1 {
            // 2 W: e2 and e3 become `ww`.
            3 => assert_eq!((tower("e2"), tower("e3")), ("ww".into(), "ww".into())),
            // 2 B: e6 becomes `bb`.
            4 => assert_eq!(tower("e6"), "bb"),
            // 3 W: only the top stone of e2 moves.
            5 => assert_eq!(tower("e2"), "w"),
            // 4 W: e2 becomes `ww` again.
            7 => assert_eq!(tower("e2"), "ww"),
            // 6 W: the top of e2 is captured, freeing the White stone on e3.
            11 => assert_eq!(tower("e3"), "w"),
            _ => {}
        }
        if ply + 1 == 8 {
            assert_eq!(
                game.diagram(&state),
                spec(
                    "
8  .   .   .   b   .   b   b   b
7  .   .   .   .   .   .   .   .
6  .   .   .   .   b   .   b   b
5  .   .   .   .   .   .   .   b
4  .   .   .   .   b   .   .   .
3  w   .   .   .   wb  .   .   .
2  w   w   w   w   wb  .   .   .
1  .   .   .   .   .   .   .   .
   a   b   c   d   e   f   g   h"
                )
            );
        }
    }
    assert_eq!(
        game.diagram(&state),
        spec(
            "
8  .   .   .   b   .   b   .   .
7  .   .   .   .   .   b   .   .
6  .   .   .   .   b   b   .   .
5  .   .   .   .   .   .   b   .
4  .   .   .   .   b   w   .   .
3  w   .   .   .   w   .   .   .
2  .   .   .   w   .   .   .   .
1  .   .   .   .   .   .   .   .
   a   b   c   d   e   f   g   h"
        )
    );
    assert_eq!(game.side_to_move(&state), Side::White);
    assert_eq!(state.turn_count(), 16);
    assert_eq!(state.no_capture_count(), 1);

    let all = moves(&game, &state);
    assert_eq!(all.len(), 68);
    assert_eq!(rows_and_steps(&all), (39, 29));
    let mut per_choice: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut per_step: BTreeMap<String, usize> = BTreeMap::new();
    for mv in &all {
        match mv {
            Move::Row { far, base, .. } => {
                *per_choice
                    .entry((far.to_string(), base.to_string()))
                    .or_default() += 1;
            }
            Move::Step { from, .. } => *per_step.entry(from.to_string()).or_default() += 1,
        }
    }
    let expected_rows: BTreeMap<(String, String), usize> = [
        (("e3", "d2"), 7),
        (("d2", "e3"), 7),
        (("f4", "e3"), 7),
        (("e3", "f4"), 7),
        (("f4", "d2"), 4),
        (("d2", "f4"), 7),
    ]
    .into_iter()
    .map(|((a, b), n)| ((a.to_owned(), b.to_owned()), n))
    .collect();
    assert_eq!(per_choice, expected_rows);
    // Base d2 of the row d2–e3–f4 deals only N, E, W, NW.
    let d2_ends: BTreeSet<String> = all
        .iter()
        .filter(|m| m.to_string().starts_with("f4-d2-"))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        d2_ends,
        ["f4-d2-d4", "f4-d2-f2", "f4-d2-b2", "f4-d2-b4"]
            .into_iter()
            .map(String::from)
            .collect()
    );
    assert_eq!(
        per_step.into_iter().collect::<Vec<_>>(),
        [
            ("a3".into(), 5),
            ("d2".into(), 8),
            ("e3".into(), 8),
            ("f4".into(), 8)
        ]
    );
}

/// Section 6: a game record is the moves in order, one per line or separated by spaces.
#[test]
fn the_sample_game_as_a_record() {
    let record = "a5-e1-e5 h4-e7-e4\na1-e1-e5 h7-e7-e4\ne1-e3-e5 e8-e6-e4\na4-c2-e2 e6-e4-e2\n\
                  a2-d2-g5 h6-g6-g5\ne3-d2-e2 h5-g5-f4\ne2-e3-f4 g6-g5-f4\ne2-e3-f4 h8-f8-f6\n";
    let moves = tower_of_power::notation::parse_record(record).unwrap();
    let texts: Vec<String> = moves.iter().map(Move::to_string).collect();
    assert_eq!(texts, SAMPLE.map(|(m, _, _)| m.to_owned()));
    let err = tower_of_power::notation::parse_record("a5-e1-e5 h4-e7-e4-e1").unwrap_err();
    assert_eq!(err.at.as_deref(), Some("move 2"));
}

#[test]
fn position_text_examples_of_section_2_4() {
    let game = game(&[]);
    for text in [
        "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3 w 0 0",
        "3bbbbb/4bbbb/5bbb/w5bb/ww5b/wwww4/www(ww)4/w2ww3 b 1 1",
        EXAMPLE_5,
        "8/8/b7/4(wwb)3/3(wb)4/8/8/7b w 0 0",
    ] {
        assert_eq!(game.parse_position(text).unwrap().to_string(), text);
    }
    // `(wwb)` is the diagram token `wwb`: two White stones under a Black one.
    let state = game
        .parse_position("8/8/b7/4(wwb)3/3(wb)4/8/8/7b w 0 0")
        .unwrap();
    let e5 = state.board().tower(sq("e5"));
    assert_eq!(e5.to_string(), "wwb");
    assert_eq!(e5.top(), Some(Side::Black));
    assert_eq!(e5.count(Side::White), 2);
}
