//! Every worked example of the specification (§10), with the numbers, lists and positions
//! it gives.

use crate::common;

use board_kernel::perft::perft;
use board_kernel::prelude::*;
use board_kernel::{Side, Status};
use common::{game, line, moves, sq, state, words};
use queens_courtiers::{Piece, Royal, RoyalSet};

const RED_KING: Royal = Royal::of(Side::White, false);
const RED_QUEEN: Royal = Royal::of(Side::White, true);
const BLUE_KING: Royal = Royal::of(Side::Black, false);
const BLUE_QUEEN: Royal = Royal::of(Side::Black, true);

fn set(royals: &[Royal]) -> RoyalSet {
    royals.iter().copied().collect()
}

fn count_from(list: &[String], prefix: &str) -> (usize, usize) {
    let mine: Vec<&String> = list.iter().filter(|m| m.starts_with(prefix)).collect();
    let doubles = mine
        .iter()
        .filter(|m| m.matches(['-', 'x']).count() == 2)
        .count();
    (mine.len() - doubles, doubles)
}

#[test]
fn example_1_initial_position() {
    let g = game(&[]);
    let start = g.initial_state();
    assert_eq!(
        start.to_string(),
        "15/1Q11q1/2C9c2/5C3c5/15/3C7c3/15/15/15/3c7C3/15/5c3C5/2c9C2/1k11K1/15 r 0 0 ongoing"
    );
    assert_eq!(
        g.diagram(&start),
        "\
15 . . . . . . . . . . . . . . .
14 . Q . . . . . . . . . . . q .
13 . . C . . . . . . . . . c . .
12 . . . + + C + + + c + + . . .
11 . . . + + + + + + + + + . . .
10 . . . C + + + + + + + c . . .
 9 . . . + + + + + + + + + . . .
 8 . . . + + + + # + + + + . . .
 7 . . . + + + + + + + + + . . .
 6 . . . c + + + + + + + C . . .
 5 . . . + + + + + + + + + . . .
 4 . . . + + c + + + C + + . . .
 3 . . c . . . . . . . . . C . .
 2 . k . . . . . . . . . . . K .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o"
    );
    assert_eq!(g.checked_royals(&start), RoyalSet::EMPTY);
    let list = moves(&g, &start);
    assert_eq!(list.len(), 142);
    // King n2: 7 singles, 30 doubles.
    assert_eq!(count_from(&list, "n2-"), (7, 30));
    let king_singles: Vec<&String> = list
        .iter()
        .filter(|m| m.starts_with("n2-") && m.len() == 5)
        .collect();
    assert_eq!(
        king_singles,
        [
            "n2-m1", "n2-m2", "n2-n1", "n2-n3", "n2-o1", "n2-o2", "n2-o3"
        ]
    );
    assert!(!list.iter().any(|m| m.ends_with("-n2") || m.contains("-m3")));
    // Queen b14: a15 c15 a13 b11 e14, and 20 doubles; e11 blocked by c13.
    assert_eq!(count_from(&list, "b14-"), (5, 20));
    for single in ["b14-a15", "b14-c15", "b14-a13", "b14-b11", "b14-e14"] {
        assert!(list.contains(&single.to_owned()), "{single}");
    }
    assert!(!list.contains(&"b14-e11".to_owned()));
    assert_eq!(count_from(&list, "c13"), (8, 16));
    let c13_vias: std::collections::BTreeSet<&str> = list
        .iter()
        .filter(|m| m.starts_with("c13-") && m.matches('-').count() == 2)
        .map(|m| m.split('-').nth(1).unwrap())
        .collect();
    assert_eq!(
        c13_vias.into_iter().collect::<Vec<_>>(),
        ["a12", "a14", "b11", "b15", "d15", "e14"]
    );
    assert_eq!(count_from(&list, "m3"), (8, 16));
    for courtier in ["f12", "d10", "l6", "j4"] {
        assert_eq!(count_from(&list, courtier), (8, 0), "{courtier}");
    }
    // Blue in the same position, the diagram setup, and returning double moves.
    let blue_first = game(&[("first_player", "Blue")]);
    let start_blue = blue_first.initial_state();
    assert!(start_blue.to_string().contains(" b 0 0 ongoing"));
    assert_eq!(moves(&blue_first, &start_blue).len(), 142);
    let five = game(&[("setup", "DiagramFiveCourtiers")]);
    assert_eq!(moves(&five, &five.initial_state()).len(), 128);
    let ret = game(&[("allow_return_double_move", "true")]);
    assert_eq!(moves(&ret, &ret.initial_state()).len(), 166);
}

#[test]
fn example_2_paralysis_and_capturable_courtiers() {
    let red = ["Ke5", "Qf7", "Cd6"];
    let blue = ["Kl12", "Qj9", "Cc4", "Cb7", "Ce4"];
    let g = game(&[]);
    let s = state(&g, &red, &blue, 'r');
    assert_eq!(g.checked_royals(&s), set(&[RED_KING]));
    assert!(g.capturable(&s, sq("c4"), Side::White));
    assert!(g.capturable(&s, sq("e4"), Side::White));
    assert!(!g.capturable(&s, sq("b7"), Side::White));
    let list = moves(&g, &s);
    assert_eq!(
        list,
        words(
            "d6-b5 d6-c8 d6-e8 d6-f5 d6xc4 d6xe4 f7-c10 f7-c7 f7-e6 f7-e8 f7-f10 f7-f4 f7-g8 f7-i4 f7-i7 f7xc4"
        )
    );
    for illegal in ["d6xb7", "d6-b7", "f7-g6", "f7-i10", "e5-e6"] {
        let mut copy = s.clone();
        assert!(g.play_text(&mut copy, illegal).is_err(), "{illegal}");
        assert_eq!(copy, s);
    }
    let n = game(&[("cycle_rule", "NeitherChecked")]);
    let list = moves(&n, &state(&n, &red, &blue, 'r'));
    assert_eq!(list.len(), 18);
    assert!(list.contains(&"f7-g6".to_owned()) && list.contains(&"f7-i10".to_owned()));
}

#[test]
fn example_3_revealed_check_and_the_way_out() {
    let g = game(&[]);
    let s = state(&g, &["Ke6", "Ce7", "Ql4"], &["Qe9", "Kk11"], 'r');
    assert_eq!(g.checked_royals(&s), RoyalSet::EMPTY);
    assert_eq!(
        moves(&g, &s),
        words(
            "e6-d5 e6-d6 e6-d7 e6-e5 e6-f5 e6-f6 e6-f7 e7-c8 e7-g8 l4-i1 l4-i4 l4-i7 l4-k3 l4-k5 l4-l1 l4-l7 l4-m3 l4-m5 l4-o1 l4-o4 l4-o7"
        )
    );
    for exposing in ["e7-c6", "e7-d5", "e7-d9", "e7-f5", "e7-f9", "e7-g6"] {
        let mut copy = s.clone();
        let err = g.play_text(&mut copy, exposing).unwrap_err().to_string();
        assert!(err.contains("Red King on e6 checked"), "{exposing}: {err}");
    }
    let mut after = s.clone();
    g.play_text(&mut after, "e7-c8").unwrap();
    assert!(g.checked_royals(&after).contains(BLUE_QUEEN));
    assert!(!g.checked_royals(&after).contains(RED_KING));
}

#[test]
fn example_4_winning_onto_a_checked_king_and_the_centre_hole() {
    let red = ["Kg5", "Qg8"];
    let blue = ["Ce4", "Kl12", "Qn14"];
    let expected = words("g8-d11 g8-d5 g8-d8 g8-f7 g8-f9 g8-g11 g8-g5# g8-h7 g8-h9 g8-j11 g8-j5");
    let g = game(&[]);
    let s = state(&g, &red, &blue, 'r');
    assert_eq!(g.checked_royals(&s), set(&[RED_KING]));
    assert_eq!(moves(&g, &s), expected);
    let mut won = s.clone();
    assert_eq!(
        g.play_text(&mut won, "g8-g5").unwrap().to_string(),
        "g8-g5#"
    );
    assert_eq!(
        won.to_string(),
        "15/13q1/15/11k3/15/15/15/15/15/15/6M8/4c10/15/15/15 b 1 0 red_won"
    );
    assert_eq!(
        g.status(&won),
        Status::Finished(board_kernel::GameResult::win(
            Side::White,
            "King and Queen united"
        ))
    );
    assert!(moves(&g, &won).is_empty());
    for (pairs, n) in [
        (&[("centre_square", "PassOver")][..], 12),
        (&[("queen_three_step", "Leaps")][..], 11),
        (
            &[("queen_three_step", "Leaps"), ("centre_square", "PassOver")][..],
            12,
        ),
    ] {
        let v = game(pairs);
        let list = moves(&v, &state(&v, &red, &blue, 'r'));
        assert_eq!(list.len(), n, "{pairs:?}");
        assert_eq!(list.contains(&"g8-j8".to_owned()), n == 12);
    }
}

#[test]
fn example_5_king_double_moves_and_passing_through_check() {
    let g = game(&[]);
    let s = state(&g, &["Kb9", "Qf6"], &["Cd5", "Cd11", "Kl12", "Qn14"], 'r');
    assert_eq!(g.checked_royals(&s), set(&[RED_QUEEN]));
    let list = moves(&g, &s);
    assert_eq!(
        list,
        words(
            "b9-a10 b9-a10-a11 b9-a10-a9 b9-a10-b11 b9-a8 b9-a8-a7 b9-a8-a9 b9-a8-b7 b9-a8-b8 b9-a9 b9-a9-a10 b9-a9-a8 b9-a9-b8 b9-b8 b9-b8-a7 b9-b8-a8 b9-b8-a9 b9-b8-b7 b9-b8-c8 b9-c10 b9-c10-b11 b9-c10-c11 b9-c10-d10 b9-c10-d9 b9-c10xd11 b9-c8 b9-c8-b7 b9-c8-b8 b9-c8-d7 b9-c8-d8 b9-c8-d9"
        )
    );
    let mut copy = s.clone();
    let err = g
        .play_text(&mut copy, "b9-b10-b11")
        .unwrap_err()
        .to_string();
    assert!(err.contains("pass through check on b10"), "{err}");
    let mut after = s.clone();
    g.play_text(&mut after, "b9-c10xd11").unwrap();
    assert_eq!(
        after.board().piece_at(sq("d11")),
        Some((Side::White, Piece::King))
    );
    assert!(after.board().courtiers(Side::Black).len() == 1);
}

#[test]
fn example_6_king_against_queen() {
    let red = ["Ke6", "Ql4"];
    let blue = ["Cj3", "Qg7", "Kk11"];
    let g = game(&[]);
    let s = state(&g, &red, &blue, 'r');
    assert_eq!(g.checked_royals(&s), set(&[RED_QUEEN]));
    assert_eq!(moves(&g, &s), words("e6-d5 e6-d6 e6-e5 e6-e7 e6-f5 e6-f7"));
    let mut after = s.clone();
    g.play_text(&mut after, "e6-f7").unwrap();
    assert!(g.checked_royals(&after).contains(BLUE_QUEEN));
    assert!(!g.checked_royals(&after).contains(RED_KING));
    let n = game(&[("cycle_rule", "NeitherChecked")]);
    assert_eq!(
        moves(&n, &state(&n, &red, &blue, 'r')),
        words("e6-d5 e6-d6 e6-e5 e6-e7 e6-f5 e6-f6 e6-f7")
    );
}

#[test]
fn example_7_courtier_double_move_capturing_on_the_second_part() {
    let red = ["Ca1", "Ko15", "Ql12"];
    let blue = ["Cm14", "Cj11", "Cd4", "Kh13", "Qn4"];
    let g = game(&[]);
    let s = state(&g, &red, &blue, 'r');
    assert_eq!(g.checked_royals(&s), set(&[RED_KING, RED_QUEEN]));
    assert_eq!(
        moves(&g, &s),
        words(
            "a1-b3 a1-b3-a5 a1-b3-c1 a1-b3-c5 a1-b3-d2 a1-b3xd4 a1-c2 a1-c2-a3 a1-c2-b4 a1-c2-e1 a1-c2-e3 a1-c2xd4"
        )
    );
    let no_capture = game(&[("second_part_capture", "false")]);
    let list = moves(&no_capture, &state(&no_capture, &red, &blue, 'r'));
    assert_eq!(list.len(), 10);
    assert!(!list.iter().any(|m| m.contains('x')));
    let ret = game(&[("allow_return_double_move", "true")]);
    let list = moves(&ret, &state(&ret, &red, &blue, 'r'));
    assert_eq!(list.len(), 14);
    assert!(list.contains(&"a1-b3-a1".to_owned()) && list.contains(&"a1-c2-a1".to_owned()));
    // The player panels count Courtiers only (Royals are never captured): Red has one and
    // Blue three; the capture on the second part takes one of Blue's.
    let mut after = s.clone();
    board_kernel::testing::play_line(&g, &mut after, &["a1-b3xd4"]);
    let (then, now) = (g.material(&s).unwrap(), g.material(&after).unwrap());
    assert_eq!(then.in_play, board_kernel::BySide::new(1, 3));
    assert_eq!(now.in_play, board_kernel::BySide::new(1, 2));
    assert_eq!(now.captured(&then), board_kernel::BySide::new(1, 0));
    assert_eq!(now.count_words(2), "2 Courtiers");
}

#[test]
fn example_8_a_certainly_checked_royal_gives_no_check() {
    let g = game(&[]);
    let s = state(&g, &["Ke6", "Ql4", "Ce8"], &["Cj3", "Qg7", "Kk11"], 'r');
    assert_eq!(g.checked_royals(&s), set(&[RED_QUEEN, BLUE_QUEEN]));
    assert_eq!(
        moves(&g, &s),
        words(
            "e6-d5 e6-d6 e6-d7 e6-e5 e6-e7 e6-f5 e6-f6 e6-f7 e8-c7 e8-c9 e8-d10 e8-d6 e8-f10 e8-f6 e8-g9"
        )
    );
    let mut copy = s.clone();
    assert!(g.play_text(&mut copy, "e8xg7").is_err());
    assert_eq!(copy, s);
}

#[test]
fn example_9_a_royal_checked_from_a_cycle_it_is_not_part_of() {
    let text = "14q/15/15/15/15/15/15/15/15/15/4KkQ8/15/15/15/15 r 0 0 ongoing";
    assert_eq!(text, line(&["Ke5", "Qg5"], &["Kf5", "Qo15"], 'r'));
    let g = game(&[]);
    let s = g.parse_position(text).unwrap();
    assert_eq!(g.checked_royals(&s), set(&[RED_KING, BLUE_KING, RED_QUEEN]));
    assert_eq!(moves(&g, &s), ["pass"]);
    let mut after = s.clone();
    g.play_text(&mut after, "pass").unwrap();
    assert_eq!(
        after.to_string(),
        "14q/15/15/15/15/15/15/15/15/15/4KkQ8/15/15/15/15 b 1 1 ongoing"
    );
    let blue = moves(&g, &after);
    assert_eq!(blue.len(), 22);
    assert!(blue.iter().all(|m| m.starts_with("o15")));
    let n = game(&[("cycle_rule", "NeitherChecked")]);
    let s = n.parse_position(text).unwrap();
    assert_eq!(n.checked_royals(&s), RoyalSet::EMPTY);
    assert_eq!(
        moves(&n, &s),
        words(
            "e5-e4 e5-e6 e5-f4 e5-f6 g5-d2 g5-d8 g5-f4 g5-f6 g5-g2 g5-g8 g5-h4 g5-h6 g5-j2 g5-j5 g5-j8"
        )
    );
}

#[test]
fn example_10_double_forced_pass() {
    let text = "15/15/15/15/3q11/2Q12/15/15/15/15/4Kk9/15/15/15/15 r 0 0 ongoing";
    assert_eq!(text, line(&["Ke5", "Qc10"], &["Kf5", "Qd11"], 'r'));
    let final_line = "15/15/15/15/3q11/2Q12/15/15/15/15/4Kk9/15/15/15/15 r 2 2 draw_double_pass";
    for pairs in [
        &[][..],
        &[("repetition_limit", "2")][..],
        &[("max_plies", "2")][..],
    ] {
        let g = game(pairs);
        let mut s = g.parse_position(text).unwrap();
        assert_eq!(g.checked_royals(&s).len(), 4);
        assert_eq!(moves(&g, &s), ["pass"]);
        g.play_text(&mut s, "pass").unwrap();
        assert_eq!(
            s.to_string(),
            "15/15/15/15/3q11/2Q12/15/15/15/15/4Kk9/15/15/15/15 b 1 1 ongoing"
        );
        assert_eq!(moves(&g, &s), ["pass"]);
        g.play_text(&mut s, "pass").unwrap();
        assert_eq!(s.to_string(), final_line, "{pairs:?}");
        assert_eq!(
            g.status(&s),
            Status::Finished(board_kernel::GameResult::draw("double pass"))
        );
        let start = g.parse_position(text).unwrap();
        assert_eq!(
            [1, 2, 3].map(|d| perft(&g, &start, d)),
            [1, 1, 0],
            "{pairs:?}"
        );
    }
}

#[test]
fn the_rule_book_positions_are_the_spec_piece_lists() {
    use queens_courtiers::rulebook::*;
    let cases: [(&str, &[&str], &[&str]); 7] = [
        (
            EXAMPLE_2,
            &["Ke5", "Qf7", "Cd6"],
            &["Kl12", "Qj9", "Cc4", "Cb7", "Ce4"],
        ),
        (EXAMPLE_3, &["Ke6", "Ce7", "Ql4"], &["Qe9", "Kk11"]),
        (EXAMPLE_4, &["Kg5", "Qg8"], &["Ce4", "Kl12", "Qn14"]),
        (EXAMPLE_5, &["Kb9", "Qf6"], &["Cd5", "Cd11", "Kl12", "Qn14"]),
        (EXAMPLE_6, &["Ke6", "Ql4"], &["Cj3", "Qg7", "Kk11"]),
        (
            EXAMPLE_7,
            &["Ca1", "Ko15", "Ql12"],
            &["Cm14", "Cj11", "Cd4", "Kh13", "Qn4"],
        ),
        (EXAMPLE_8, &["Ke6", "Ql4", "Ce8"], &["Cj3", "Qg7", "Kk11"]),
    ];
    let g = game(&[]);
    for (text, red, blue) in cases {
        assert_eq!(text, line(red, blue, 'r'));
        // And the engine reads each listed piece where the list puts it.
        let s = g.parse_position(text).unwrap();
        for (pieces, side) in [(red, Side::White), (blue, Side::Black)] {
            for p in pieces {
                let piece = match &p[..1] {
                    "K" => Piece::King,
                    "Q" => Piece::Queen,
                    _ => Piece::Courtier,
                };
                assert_eq!(s.board().piece_at(sq(&p[1..])), Some((side, piece)), "{p}");
            }
        }
        assert_eq!(s.board().occupied().len(), red.len() + blue.len());
    }
    assert_eq!(EXAMPLE_9, line(&["Ke5", "Qg5"], &["Kf5", "Qo15"], 'r'));
    assert_eq!(EXAMPLE_10, line(&["Ke5", "Qc10"], &["Kf5", "Qd11"], 'r'));
}
