//! §5: the end of a round, scoring and match play.

use super::*;

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
