//! Every rule of the specification, each with a position where it allows and one where it
//! forbids; every option; bad input.

use crate::common::{after, game, play};
use board_kernel::prelude::*;
use board_kernel::testing::{assert_refused, move_texts as moves};
use board_kernel::{BySide, Illegal, MoveError, Side, SplitMix64, Square, Status};
use kamisado::rulebook::{EXAMPLE_4, EXAMPLE_5, EXAMPLE_7};
use kamisado::{Colour, Fill, Kamisado, Move, Phase, Reason, State};

fn standard() -> Kamisado {
    game(&[("match_target", "3")])
}

/// Tries an illegal ply: it is rejected with a reason containing `words`, and nothing changes.
fn rejected(g: &Kamisado, s: &State, ply: &str, words: &str) {
    match assert_refused(g, s, ply, words) {
        MoveError::Illegal { illegal, .. } => {
            let reason = illegal.to_string();
            assert!(reason.contains(words), "{ply}: `{reason}` lacks `{words}`");
            assert!(illegal.rule().is_some(), "{ply}: no rule named");
        }
        other => panic!("{ply}: expected an illegal move, got {other:?}"),
    }
}

fn sq(t: &str) -> Square {
    t.parse().unwrap()
}

// ---- §3.1 normal moves ----------------------------------------------------------------

#[test]
fn towers_move_forward_straight_or_diagonally() {
    let g = Kamisado::default();
    // d1-d3 lands on purple: Black's purple tower (c8) moves, towards rank 1.
    let s = after(&g, "d1-d3");
    let list = moves(&g, &s);
    assert!(list.iter().all(|m| m.starts_with("c8-")));
    assert_eq!(
        list,
        [
            "c8-a6", "c8-b7", "c8-c2", "c8-c3", "c8-c4", "c8-c5", "c8-c6", "c8-c7", "c8-d7",
            "c8-e6", "c8-f5", "c8-g4", "c8-h3"
        ]
    );
    // c8-c5 lands on blue: White's blue g1 moves forward only.
    let s = after(&g, "d1-d3 c8-c5");
    assert!(moves(&g, &s).contains(&"g1-g6".to_owned()));
    rejected(&g, &s, "g1-g1", "forward");
    rejected(&g, &s, "g1-f1", "forward");
    rejected(&g, &s, "g1-e2", "straight ahead or diagonally");
    rejected(&g, &s, "g1-h3", "straight ahead or diagonally");
}

#[test]
fn towers_never_move_backward() {
    let g = Kamisado::default();
    // d1-d3, then Black's purple c8-c2 lands on yellow: White's yellow tower d3 must move.
    let s = after(&g, "d1-d3 c8-c2");
    assert_eq!(s.required(), Some(Colour::Yellow));
    let list = moves(&g, &s);
    assert_eq!(
        list,
        [
            "d3-a6", "d3-b5", "d3-c4", "d3-d4", "d3-d5", "d3-d6", "d3-d7", "d3-e4", "d3-f5",
            "d3-g6", "d3-h7"
        ]
    );
    rejected(&g, &s, "d3-d2", "forward");
    rejected(&g, &s, "d3-c2", "forward");
    rejected(&g, &s, "d3-e2", "forward");
    rejected(&g, &s, "d3-e3", "forward");
}

#[test]
fn towers_cannot_jump_or_land_on_a_tower() {
    let g = Kamisado::default();
    let s = after(&g, "d1-d3 c8-c2");
    // d8 is occupied: the column stops at d7 and d8 cannot be taken.
    rejected(&g, &s, "d3-d8", "d8 is occupied");
    assert!(moves(&g, &s).contains(&"d3-d7".to_owned()));
    rejected(&g, &g.initial_state(), "b1-b8", "b8 is occupied");
}

#[test]
fn a_blocked_line_stops_the_move() {
    let g = Kamisado::default();
    // White's red tower to c4 (green), Black's green g8 to c4's file… simpler: the free first
    // move of White's green b1 is blocked by a Black tower placed on b4.
    let pos = "orblpupi.regrbr/......../......../......../.ye....../......../......../BRGRREYEPIPUBLOR W - 0 - - 0 1 0:0 play -";
    let s = g.parse_position(pos).unwrap();
    let list = moves(&g, &s);
    assert!(list.contains(&"b1-b3".to_owned()));
    assert!(!list.contains(&"b1-b4".to_owned()));
    assert!(!list.contains(&"b1-b5".to_owned()));
    rejected(&g, &s, "b1-b6", "blocked on b4");
    // Without the blocker the same move is allowed.
    assert!(moves(&g, &g.initial_state()).contains(&"b1-b6".to_owned()));
}

#[test]
fn a_diagonal_move_passes_between_two_towers_touching_corner_to_corner() {
    let g = Kamisado::default();
    // Black's yellow tower on c2: c1's diagonal to b2 passes between b1 and c2.
    let pos = "orblpupi.regrbr/......../......../......../......../......../..ye...../BRGRREYEPIPUBLOR W - 0 - - 0 1 0:0 play -";
    let s = g.parse_position(pos).unwrap();
    let list = moves(&g, &s);
    assert!(list.contains(&"c1-b2".to_owned()) && list.contains(&"c1-a3".to_owned()));
    // But a tower ON the line blocks: d1's diagonal through c2.
    assert!(
        !list
            .iter()
            .any(|m| m.starts_with("d1-c") || m.starts_with("d1-b"))
    );
    assert!(!list.contains(&"c1-c2".to_owned()));
}

#[test]
fn distance_is_limited_by_the_rank() {
    let g = game(&[("match_target", "7")]);
    let s = g.parse_position(EXAMPLE_7).unwrap();
    assert!(moves(&g, &s).contains(&"g1-g6".to_owned()));
    rejected(&g, &s, "g1-g7", "at most 5");
    assert!(moves(&g, &s).contains(&"c1-c4".to_owned()));
    rejected(&g, &s, "c1-c5", "at most 3");
    assert!(moves(&g, &s).contains(&"b1-b7".to_owned()));
}

// ---- §2 the colour rule ---------------------------------------------------------------

#[test]
fn the_first_move_is_free_and_later_ones_follow_the_colour() {
    let g = Kamisado::default();
    let s = g.initial_state();
    let towers: std::collections::BTreeSet<String> =
        moves(&g, &s).iter().map(|m| m[..2].to_owned()).collect();
    assert_eq!(towers.len(), 8);
    let s = after(&g, "c1-a3"); // a3 is blue
    assert_eq!(s.required(), Some(Colour::Blue));
    assert!(moves(&g, &s).iter().all(|m| m.starts_with("b8-")));
    rejected(&g, &s, "c8-c7", "the required tower is the blue one on b8");
    rejected(&g, &s, "a1-a2", "belongs to White");
    rejected(&g, &s, "c4-c3", "no tower on c4");
}

// ---- forced pass ------------------------------------------------------------------------

#[test]
fn a_pass_is_only_allowed_when_the_required_tower_is_blocked() {
    let g = Kamisado::default();
    let s = after(&g, "d1-d7 g8-g6");
    assert_eq!(moves(&g, &s), ["pass"]);
    let s2 = after(&g, "d1-d6"); // d6 red: Black's red f8 can move
    assert!(!moves(&g, &s2).contains(&"pass".to_owned()));
    rejected(&g, &s2, "pass", "cannot move");
    rejected(&g, &g.initial_state(), "pass", "free choice");
    // A pass hands on the colour of the blocked tower's square and keeps the last pair.
    let s3 = after(&g, "d1-d7 g8-g6 pass");
    assert_eq!(s3.required(), Some(Colour::Green));
    assert_eq!(s3.last_landing(), Some(sq("g6")));
    assert_eq!(s3.ply(), 3);
}

// ---- §3.2 Sumo push -------------------------------------------------------------------

#[test]
fn a_sumo_pushes_one_lower_ranked_opponent_tower() {
    let g = standard();
    let s = g.parse_position(EXAMPLE_4).unwrap();
    assert!(moves(&g, &s).contains(&"f6>f5".to_owned()));
    // A second White tower behind: the column is longer than a Sumo can push.
    let two = "orblpupiyere.br/......../.....gr1../.....PU../.....BL../......../......../BRGRREYEPI..OR B Gr 0 W f5 3 2 0:1 play -";
    let t = g.parse_position(two).unwrap();
    assert_eq!(
        moves(&g, &t),
        ["f6-b2", "f6-c3", "f6-d4", "f6-e5", "f6-g5", "f6-h4"]
    );
    rejected(&g, &t, "f6>f5", "longer than the Sumo can push");
    // A push names the square straight ahead.
    rejected(&g, &s, "f6>e5", "directly ahead");
    rejected(&g, &s, "f6>f4", "directly ahead");
}

#[test]
fn no_push_on_the_free_first_move() {
    let g = standard();
    let free = "orblpupiyere.br/......../.....gr1../.....PU../......../......../......../BRGRREYEPI.BLOR B - 0 - - 0 2 0:1 play -";
    let s = g.parse_position(free).unwrap();
    let list = moves(&g, &s);
    assert!(list.contains(&"f6-e5".to_owned()));
    assert!(!list.iter().any(|m| m.contains('>')));
    rejected(&g, &s, "f6>f5", "free first move");
}

#[test]
fn no_push_of_a_tower_off_the_board() {
    let g = standard();
    // White's red Sumo on c7 faces Black's purple tower on c8, its own home row.
    let pos = "orblpupi.regrbr/..RE1...../......../......ye./......../......../......../BRGR.YEPIPUBLOR W Re 0 B g5 4 2 1:0 play -";
    let s = g.parse_position(pos).unwrap();
    assert_eq!(moves(&g, &s), ["pass"]);
    rejected(&g, &s, "c7>c8", "no empty square behind");
}

#[test]
fn a_push_that_is_the_only_possibility_must_be_made() {
    let g = standard();
    let pos = "or....regrbr/.blpupi..../..RE1...../......ye./......../......../......../BRGR.YEPIPUBLOR W Re 0 B g5 4 2 1:0 play -";
    let mut s = g.parse_position(pos).unwrap();
    assert_eq!(moves(&g, &s), ["c6>c7"]);
    rejected(&g, &s, "pass", "cannot move");
    play(&g, &mut s, "c6>c7");
    // The pushed tower lands on c8 (purple), back on its own home row: no win for anyone.
    assert_eq!(s.tower_at(sq("c8")).unwrap().to_string(), "pu");
    assert_eq!(s.tower_at(sq("c7")).unwrap().to_string(), "RE1");
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(
        (s.to_move(), s.required()),
        (Side::White, Some(Colour::Purple))
    );
    assert_eq!(s.last_actual_mover(), Some(Side::White));
    assert_eq!(s.last_landing(), Some(sq("c8")));
}

#[test]
fn only_lower_ranked_opponent_towers_are_pushed() {
    let g = game(&[("match_target", "7")]);
    let s = g.parse_position(EXAMPLE_5).unwrap();
    assert!(moves(&g, &s).contains(&"c4>c5".to_owned()));
    let equal = EXAMPLE_5
        .replace("..bl1.....", "..bl2.....")
        .replace(" 4 3:1 ", " 5 3:3 ");
    let t = g.parse_position(&equal).unwrap();
    rejected(&g, &t, "c4>c5", "equal or higher rank");
    let own = EXAMPLE_5
        .replace("..or...ye.", "..OR...ye.")
        .replace("BLOR ", "BL. ")
        .replace("..pupi.", "or.pupi.");
    let t = g.parse_position(&own).unwrap();
    rejected(&g, &t, "c4>c5", "own towers");
    // A normal tower never pushes.
    let g3 = standard();
    let plain = "orblpupiyere.br/......../.....gr../.....PU../......../......../......../BRGRREYEPI.BLOR B Gr 0 W f5 3 1 0:0 play -";
    let s2 = g3.parse_position(plain).unwrap();
    assert_eq!(
        moves(&g3, &s2),
        [
            "f6-a1", "f6-b2", "f6-c3", "f6-d4", "f6-e5", "f6-g5", "f6-h4"
        ]
        .into_iter()
        .filter(|m| *m != "f6-a1")
        .collect::<Vec<_>>()
    );
    rejected(&g3, &s2, "f6>f5", "only a Sumo");
}

// ---- §5 end of a round ----------------------------------------------------------------

#[test]
fn reaching_the_home_row_ends_the_round_at_once() {
    let g = Kamisado::default();
    let plies = "d1-d7 g8-g6 pass g6-g2 h1-h4 d8-e7 g1-e3 f8-h6 e3-d4 h8-h7 f1-f7 pass";
    let s = after(&g, plies);
    assert_eq!(s.phase(), Phase::Play);
    let mut t = s.clone();
    play(&g, &mut t, "d7-d8");
    assert_eq!(t.required(), None, "d8's colour requires nothing");
    assert!(moves(&g, &t).is_empty());
    assert!(matches!(
        g.play_text(&mut t.clone(), "c8-c7"),
        Err(MoveError::Illegal {
            illegal: Illegal::GameOver,
            ..
        })
    ));
    // A move that does not reach the home row goes on.
    let mut u = s.clone();
    let other: Vec<String> = moves(&g, &s).into_iter().filter(|m| m != "d7-d8").collect();
    if let Some(m) = other.first() {
        play(&g, &mut u, m);
        assert_eq!(u.phase(), Phase::Play);
    }
}

#[test]
fn the_last_actual_mover_loses_a_deadlock_not_the_passer() {
    let g = Kamisado::default();
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass pass");
    assert_eq!(s.result().unwrap().winner, Side::Black);
    assert_eq!(s.last_actual_mover(), Some(Side::White));
    // One pass alone does not end the round.
    let t = after(&g, "c1-a3 b8-h2 a3-e7 pass");
    assert_eq!(g.status(&t), Status::Ongoing);
}

#[test]
fn the_backstop_ends_a_round_lost_by_the_last_actual_mover() {
    let g = game(&[("max_plies_per_round", "3")]);
    let s = after(&g, "c1-a3 b8-h2");
    assert_eq!(s.phase(), Phase::Play);
    let s = after(&g, "c1-a3 b8-h2 a3-e7");
    let r = s.result().unwrap();
    assert_eq!(
        (r.winner, r.reason, r.colour),
        (Side::Black, Reason::Backstop, Colour::Blue)
    );
    assert_eq!(g.status(&s).result().unwrap().reason, "backstop");
    // In a match, Black's blue tower (colour of e7) is promoted.
    let m = game(&[("max_plies_per_round", "3"), ("match_target", "3")]);
    let s = after(&m, "c1-a3 b8-h2 a3-e7");
    assert_eq!(s.tower_at(sq("h2")).unwrap().to_string(), "bl1");
    assert_eq!(s.phase(), Phase::Refill);
    // With the default backstop the same plies go on.
    assert_eq!(
        after(&Kamisado::default(), "c1-a3 b8-h2 a3-e7").phase(),
        Phase::Play
    );
}

#[test]
fn a_deadlock_is_checked_before_repetition() {
    // With repetition_limit 2 the second pass may not be called a repetition: the positions
    // after the first and second pass differ anyway, and deadlock comes first.
    let g = game(&[("repetition_limit", "2")]);
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass pass");
    assert_eq!(s.result().unwrap().reason, Reason::Deadlock);
    let t = after(&g, "c1-a3 b8-h2 a3-e7 pass");
    assert_eq!(t.phase(), Phase::Play);
}

// ---- §5.4, §5.5 scoring and match play -----------------------------------------------

#[test]
fn a_single_round_has_no_promotion_and_ends_one_nil() {
    let g = Kamisado::default();
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass pass");
    assert_eq!(g.scores(&s), Some(BySide::new(0, 1)));
    assert!(s.towers().all(|(_, t)| t.rank == 0));
    assert_eq!(s.phase(), Phase::Over);
}

const TRIPLE: &str = "orbl.pi.regrbr/..RE3...../......../......ye./pu......./......../......../BRGR.YEPIPUBLOR W Re 0 B g5 5 4 7:0 play -";

#[test]
fn a_triple_sumo_that_scores_again_earns_eight_and_stays_triple() {
    let g = game(&[("match_target", "15")]);
    let mut s = g.parse_position(TRIPLE).unwrap();
    assert!(moves(&g, &s).contains(&"c7-c8".to_owned()));
    rejected(&g, &s, "c7-c6", "forward");
    play(&g, &mut s, "c7-c8");
    assert_eq!(s.tower_at(sq("c8")).unwrap().to_string(), "RE3");
    assert_eq!(s.score(), BySide::new(15, 0));
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.to_move(), Side::Black);
    assert!(s.to_string().ends_with(" 15:0 over W/home/Re"), "{s}");
}

#[test]
fn per_round_scoring_adds_by_the_rank_before_promotion() {
    let g = game(&[("match_target", "15"), ("scoring", "PerRound")]);
    // Under PerRound a Triple has earned 1 + 3 + 7 = 11.
    let pos = TRIPLE.replace(" 7:0 ", " 11:0 ");
    assert!(
        g.parse_position(&TRIPLE.replace(" 7:0 ", " 12:0 "))
            .is_err()
    );
    let mut s = g.parse_position(&pos).unwrap();
    play(&g, &mut s, "c7-c8");
    assert_eq!(s.score(), BySide::new(26, 0));
    // A first round: 1 point, as under ring values.
    let g3 = game(&[("match_target", "3"), ("scoring", "PerRound")]);
    let s = after(&g3, "c1-a3 b8-h2 a3-e7 pass pass");
    assert_eq!(s.score(), BySide::new(0, 1));
}

#[test]
fn a_double_sumo_earns_two_more_points_under_ring_values() {
    // Example 7 of the rule book (Standard): the blue Sumo becomes a Double: 1 + 2 = 3.
    let g = standard();
    let mut s = g.parse_position(kamisado::rulebook::EXAMPLE_8).unwrap();
    play(&g, &mut s, "f6>f5 pass pass");
    assert_eq!(s.score(), BySide::new(3, 1));
    // Per round: a Sumo scoring adds 3 (1 + 3 = 4).
    let p = game(&[("match_target", "7"), ("scoring", "PerRound")]);
    let mut s = p.parse_position(kamisado::rulebook::EXAMPLE_8).unwrap();
    play(&p, &mut s, "f6>f5 pass pass");
    assert_eq!(s.score(), BySide::new(4, 1));
}

#[test]
fn the_match_target_decides_between_refill_and_the_end() {
    let plies = "c1-a3 b8-h2 a3-e7 pass pass";
    assert_eq!(after(&Kamisado::default(), plies).phase(), Phase::Over);
    for target in ["3", "7", "15"] {
        let g = game(&[("match_target", target)]);
        let s = after(&g, plies);
        assert_eq!(s.phase(), Phase::Refill, "{target}");
        assert_eq!(s.to_move(), Side::Black);
        rejected(&g, &s, "a1-a2", "fill-L");
        rejected(&g, &s, "pass", "fill-L");
    }
    // The refill choice is no move of a round.
    rejected(
        &standard(),
        &standard().initial_state(),
        "fill-L",
        "between two rounds",
    );
}

#[test]
fn the_loser_or_the_winner_opens_the_next_round() {
    let plies = "c1-a3 b8-h2 a3-e7 pass pass fill-R";
    assert_eq!(after(&standard(), plies).to_move(), Side::White);
    let w = game(&[("match_target", "3"), ("next_round_starter", "Winner")]);
    let s = after(&w, plies);
    assert_eq!(s.to_move(), Side::Black);
    assert_eq!(s.round(), 2);
    assert!(moves(&w, &s).iter().all(|m| m.as_bytes()[1] == b'8'));
}

#[test]
fn first_player_black_moves_first() {
    let g = game(&[("first_player", "Black")]);
    let s = g.initial_state();
    assert_eq!(s.to_move(), Side::Black);
    let list = moves(&g, &s);
    assert_eq!(list.len(), 102);
    assert!(list.iter().all(|m| m.as_bytes()[1] == b'8'));
    assert!(s.to_string().contains(" B - 0 - - 0 1 0:0 play -"));
}

#[test]
fn refill_orders_by_distance_from_home_then_from_the_corner() {
    // Example 8 of the rule book covers both directions; here the corner tie-break for both sides at once.
    let g = standard();
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass pass");
    let mut l = s.clone();
    play(&g, &mut l, "fill-L");
    // White: rank 1 towers a1 BR b1 GR d1 YE e1 PI f1 PU g1 BL h1 OR, then RE (e7).
    assert!(
        l.to_string()
            .ends_with("/BRGRYEPIPUBLORRE W - 0 - - 0 2 0:1 play -"),
        "{l}"
    );
    // Black, from h8 leftwards: br gr re ye pi pu or, then bl1 (h2).
    assert!(l.to_string().starts_with("bl1orpupiyeregrbr/"), "{l}");
}

// ---- moves in finished games, odd values --------------------------------------------

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

// ---- the rule book ----------------------------------------------------------------------

#[test]
fn every_rule_book_setup_replays() {
    let book = Kamisado::rule_book();
    let mut count = 0;
    for (caption, setup) in book.setups() {
        let g = Kamisado::from_pairs(setup.options.iter().copied())
            .unwrap_or_else(|e| panic!("{caption}: {e}"));
        let mut s = match setup.position {
            Some(p) => g
                .parse_position(p)
                .unwrap_or_else(|e| panic!("{caption}: {e}")),
            None => g.initial_state(),
        };
        assert_eq!(g.parse_position(&s.to_string()).unwrap(), s, "{caption}");
        for m in setup.moves {
            g.play_text(&mut s, m)
                .unwrap_or_else(|e| panic!("{caption}: {m}: {e}"));
        }
        count += 1;
    }
    assert!(count >= 15);
    assert!(book.blocks.contains(&board_kernel::Block::Options));
}

#[test]
fn the_heuristic_stays_in_range_and_knows_the_winner() {
    let g = standard();
    let s = g.initial_state();
    for side in Side::ALL {
        let h = g.heuristic(&s, side).unwrap();
        assert!((-1.0..=1.0).contains(&h));
    }
    let over = after(&Kamisado::default(), "c1-a3 b8-h2 a3-e7 pass pass");
    assert_eq!(Kamisado::default().heuristic(&over, Side::Black), Some(1.0));
    assert_eq!(
        Kamisado::default().heuristic(&over, Side::White),
        Some(-1.0)
    );
    // An open lane to the home row counts for its owner.
    let lane = after(&Kamisado::default(), "d1-d7 g8-g6 pass g6-g2");
    let h = Kamisado::default().heuristic(&lane, Side::White).unwrap();
    assert!(h > 0.0, "{h}");
}

// ---- bounded counters (hardening) -------------------------------------------------------

/// A match position with a round counter at `u32::MAX` once made `fill-L` overflow; such a
/// round number is now refused, and at the largest round allowed the refill plays and
/// prints a position its own parser reads back.
#[test]
fn round_counters_are_bounded_and_the_last_refill_plays() {
    let g = Kamisado::from_pairs([("match_target", "3")]).unwrap();
    let board =
        "orbl.pi.regrbr/.......OR/......GR./......../......../.YE....../....pu.../BR.RE.PIPUBLye1";
    let overflowing = format!("{board} B - 0 B h1 12 4294967295 0:1 refill B/home/Ye");
    let err = g.parse_position(&overflowing).unwrap_err();
    assert!(err.to_string().contains("at most 5 rounds"), "{err}");
    // Round 5 is the last of a match to 3, so its refill cannot come after round 5.
    assert!(
        g.parse_position(&format!("{board} B - 0 B h1 12 5 0:1 refill B/home/Ye"))
            .is_err()
    );
    let mut s = g
        .parse_position(&format!("{board} B - 0 B h1 12 4 0:1 refill B/home/Ye"))
        .unwrap();
    g.play_text(&mut s, "fill-L").unwrap();
    assert_eq!(s.round(), 5);
    assert_eq!(g.parse_position(&s.to_string()).unwrap(), s);
}

/// The ply counter is bounded by `max_plies_per_round` (at most 1,000,000), so the ply that
/// reaches the limit ends the round without overflow.
#[test]
fn ply_counters_are_bounded_by_the_backstop() {
    let g = Kamisado::from_pairs([("max_plies_per_round", "1000000")]).unwrap();
    assert!(Kamisado::from_pairs([("max_plies_per_round", "1000001")]).is_err());
    let start =
        "orblpupiyeregrbr/......../......../......../......../......../......../BRGRREYEPIPUBLOR";
    assert!(
        g.parse_position(&format!("{start} W - 0 - - 1000000 1 0:0 play -"))
            .is_err()
    );
    let mut s = g
        .parse_position(&format!("{start} W - 0 - - 999999 1 0:0 play -"))
        .unwrap();
    g.play_text(&mut s, "d1-d3").unwrap();
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.ply(), 1_000_000);
    assert_eq!(g.parse_position(&s.to_string()).unwrap(), s);
    let too_long = "x".repeat(5000);
    assert!(g.parse_position(&too_long).is_err());
    assert!(g.parse_move(&s, &too_long).is_err());
}

/// The first ply of a round lets every tower move, listed by file, then rank. Reached from
/// the setup every tower of the mover's stands on its home row, where that order is the
/// file's alone; a position with the towers on several ranks tells the two apart, and the
/// random move (which finds the towers from their cells, not by a scan of the board) must
/// name the same ply as the list at every index.
#[test]
fn a_free_first_ply_is_drawn_in_the_list_s_order() {
    let g = Kamisado::default();
    for text in [
        "orblpupiyeregrbr/......../......../......../......../......../BR......./.GRREYEPIPUBLOR W - 0 - - 0 1 0:0 play -",
        "orblpupiyeregrbr/......../......../......../PU......./..GR...../BR......./RE.YE.PI.BLOR W - 0 - - 0 1 0:0 play -",
    ] {
        let state = g.parse_position(text).unwrap();
        let mut moves = Vec::new();
        g.legal_moves(&state, &mut moves);
        assert!(moves.len() > 20, "{text}");
        for (index, listed) in moves.iter().enumerate() {
            // The first seed whose generator draws `index`.
            let drawn = (0u64..).find_map(|seed| {
                let mut rng = SplitMix64::new(seed);
                let mut probe = rng.clone();
                (probe.below(moves.len()) == index)
                    .then(|| g.random_move(&state, &mut rng, &mut Vec::new()))
            });
            assert_eq!(drawn.flatten().as_ref(), Some(listed), "{text} at {index}");
        }
    }
}
