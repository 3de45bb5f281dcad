//! §2–§4: towers move forward, the colour rule, the forced pass and the Sumo push.

use super::*;

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
