//! Every worked example of the specification (§10), with the numbers and positions it gives.

use crate::common::{after, after_position, game};
use board_kernel::prelude::*;
use board_kernel::testing::move_texts as moves;
use board_kernel::{BySide, Side, Status};
use kamisado::rulebook::{EXAMPLE_4, EXAMPLE_5, EXAMPLE_7, EXAMPLE_8};
use kamisado::{Colour, Kamisado, Phase, Reason, State};

fn sorted(v: &[String]) -> bool {
    v.windows(2).all(|w| w[0] < w[1])
}

const START: &str = "orblpupiyeregrbr/......../......../......../......../......../......../BRGRREYEPIPUBLOR W - 0 - - 0 1 0:0 play -";

#[test]
fn initial_position_text_and_diagram() {
    let g = Kamisado::default();
    let s = g.initial_state();
    assert_eq!(s.to_string(), START);
    assert_eq!(g.parse_position(START).unwrap(), s);
    assert_eq!(
        g.diagram(&s),
        "8  or  bl  pu  pi  ye  re  gr  br
7   .   .   .   .   .   .   .   .
6   .   .   .   .   .   .   .   .
5   .   .   .   .   .   .   .   .
4   .   .   .   .   .   .   .   .
3   .   .   .   .   .   .   .   .
2   .   .   .   .   .   .   .   .
1  BR  GR  RE  YE  PI  PU  BL  OR
    a   b   c   d   e   f   g   h"
    );
}

#[test]
fn example_1_opening_moves() {
    let g = Kamisado::default();
    let list = moves(&g, &g.initial_state());
    assert_eq!(list.len(), 102);
    assert!(sorted(&list));
    let from = |sq: &str| list.iter().filter(|m| m.starts_with(sq)).count();
    assert_eq!(from("a1"), 12);
    assert_eq!(from("h1"), 12);
    for sq in ["b1", "c1", "d1", "e1", "f1", "g1"] {
        assert_eq!(from(sq), 13, "{sq}");
    }
    let b1: Vec<&str> = list
        .iter()
        .filter(|m| m.starts_with("b1"))
        .map(String::as_str)
        .collect();
    assert_eq!(
        b1,
        [
            "b1-a2", "b1-b2", "b1-b3", "b1-b4", "b1-b5", "b1-b6", "b1-b7", "b1-c2", "b1-d3",
            "b1-e4", "b1-f5", "b1-g6", "b1-h7"
        ]
    );
}

#[test]
fn example_2_forced_pass() {
    let g = Kamisado::default();
    let s = after(&g, "d1-d7 g8-g6");
    assert_eq!(s.to_move(), Side::White);
    assert_eq!(s.required(), Some(Colour::Yellow));
    assert_eq!(
        g.diagram(&s),
        "8  or  bl  pu  pi  ye  re   .  br
7   .   .   .  YE   .   .   .   .
6   .   .   .   .   .   .  gr   .
5   .   .   .   .   .   .   .   .
4   .   .   .   .   .   .   .   .
3   .   .   .   .   .   .   .   .
2   .   .   .   .   .   .   .   .
1  BR  GR  RE   .  PI  PU  BL  OR
    a   b   c   d   e   f   g   h"
    );
    assert_eq!(moves(&g, &s), ["pass"]);
    let s = after(&g, "d1-d7 g8-g6 pass");
    assert_eq!(s.required(), Some(Colour::Green));
    assert_eq!(s.to_move(), Side::Black);
    assert_eq!(s.consecutive_passes(), 1);
    // The last pair is left by the pass: Black's g8-g6.
    assert_eq!(s.last_actual_mover(), Some(Side::Black));
    assert_eq!(s.last_landing().unwrap().to_string(), "g6");
    assert_eq!(
        moves(&g, &s),
        [
            "g6-c2", "g6-d3", "g6-e4", "g6-f5", "g6-g2", "g6-g3", "g6-g4", "g6-g5", "g6-h5"
        ]
    );
}

const EXAMPLE_3_DIAGRAM: &str = "8  or   .  pu  pi  ye  re  gr  br
7   .   .   .   .  RE   .   .   .
6   .   .   .   .   .   .   .   .
5   .   .   .   .   .   .   .   .
4   .   .   .   .   .   .   .   .
3   .   .   .   .   .   .   .   .
2   .   .   .   .   .   .   .  bl
1  BR  GR   .  YE  PI  PU  BL  OR
    a   b   c   d   e   f   g   h";

#[test]
fn example_3_deadlock_single_round() {
    let g = Kamisado::default();
    let s = after(&g, "c1-a3 b8-h2 a3-e7");
    assert_eq!(g.diagram(&s), EXAMPLE_3_DIAGRAM);
    assert_eq!(
        (s.to_move(), s.required()),
        (Side::Black, Some(Colour::Blue))
    );
    assert_eq!(moves(&g, &s), ["pass"]);
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass");
    assert_eq!(
        (s.to_move(), s.required()),
        (Side::White, Some(Colour::Red))
    );
    assert_eq!(g.status(&s), Status::Ongoing);
    assert_eq!(moves(&g, &s), ["pass"]);
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass pass");
    let Status::Finished(r) = g.status(&s) else {
        panic!("not over")
    };
    assert_eq!(r.winner, Some(Side::Black));
    assert_eq!(r.reason, "deadlock");
    assert_eq!(s.required(), None);
    assert_eq!(s.consecutive_passes(), 2);
    assert_eq!(s.last_actual_mover(), Some(Side::White));
    assert_eq!(s.last_landing().unwrap().to_string(), "e7");
    assert_eq!(s.ply(), 5);
    assert_eq!(s.to_move(), Side::Black);
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(g.scores(&s), Some(BySide::new(0, 1)));
    assert!(moves(&g, &s).is_empty());
    // No promotion in a single round.
    assert_eq!(s.tower_at("h2".parse().unwrap()).unwrap().rank, 0);
    assert_eq!(
        s.to_string(),
        "or.pupiyeregrbr/....RE.../......../......../......../......../.......bl/BRGR.YEPIPUBLOR B - 2 W e7 5 1 0:1 over B/deadlock/Bl"
    );
}

#[test]
fn example_3_deadlock_in_a_match() {
    let g = game(&[("match_target", "3")]);
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass pass");
    assert_eq!(s.phase(), Phase::Refill);
    assert_eq!(s.to_move(), Side::Black);
    assert_eq!(s.score(), BySide::new(0, 1));
    assert_eq!(
        s.tower_at("h2".parse().unwrap()).unwrap().to_string(),
        "bl1"
    );
    assert_eq!(moves(&g, &s), ["fill-L", "fill-R"]);
    assert_eq!(g.status(&s), Status::Ongoing);
    assert_eq!(
        s.to_string(),
        "or.pupiyeregrbr/....RE.../......../......../......../......../.......bl1/BRGR.YEPIPUBLOR B - 2 W e7 5 1 0:1 refill B/deadlock/Bl"
    );
    for fill in ["fill-L", "fill-R"] {
        let mut t = s.clone();
        g.play_text(&mut t, fill).unwrap();
        assert_eq!(t.round(), 2);
        assert_eq!(t.ply(), 0);
        assert_eq!(t.phase(), Phase::Play);
        assert_eq!(t.to_move(), Side::White);
        assert_eq!(t.required(), None);
        assert_eq!(t.last_actual_mover(), None);
        assert_eq!(t.result(), None);
        // A free choice: moves of several towers.
        let list = moves(&g, &t);
        assert!(
            list.iter().any(|m| m.starts_with("a1")) && list.iter().any(|m| m.starts_with("h1"))
        );
    }
}

#[test]
fn example_4_sumo_push() {
    let g = game(&[("match_target", "3")]);
    let s = g.parse_position(EXAMPLE_4).unwrap();
    assert_eq!(
        g.diagram(&s),
        "8  or  bl  pu  pi  ye  re   .  br
7   .   .   .   .   .   .   .   .
6   .   .   .   .   .  gr1  .   .
5   .   .   .   .   .  PU   .   .
4   .   .   .   .   .   .   .   .
3   .   .   .   .   .   .   .   .
2   .   .   .   .   .   .   .   .
1  BR  GR  RE  YE  PI   .  BL  OR
    a   b   c   d   e   f   g   h"
    );
    assert_eq!(
        moves(&g, &s),
        [
            "f6-b2", "f6-c3", "f6-d4", "f6-e5", "f6-g5", "f6-h4", "f6>f5"
        ]
    );
    let t = after_position(&g, EXAMPLE_4, "f6>f5");
    assert_eq!(t.tower_at("f4".parse().unwrap()).unwrap().to_string(), "PU");
    assert_eq!(
        t.tower_at("f5".parse().unwrap()).unwrap().to_string(),
        "gr1"
    );
    assert_eq!(t.tower_at("f6".parse().unwrap()), None);
    assert_eq!(t.to_move(), Side::Black);
    assert_eq!(t.required(), Some(Colour::Blue));
    assert_eq!(t.last_actual_mover(), Some(Side::Black));
    assert_eq!(t.last_landing().unwrap().to_string(), "f4");
    assert!(moves(&g, &t).iter().all(|m| m.starts_with("b8")));
}

#[test]
fn example_5_double_sumo_pushes_two() {
    let g = game(&[("match_target", "7")]);
    let s = g.parse_position(EXAMPLE_5).unwrap();
    assert_eq!(
        g.diagram(&s),
        "8   .   .  pu  pi   .  re  gr  br
7   .   .   .   .   .   .   .   .
6   .   .  bl1  .   .   .   .   .
5   .   .  or   .   .   .  ye   .
4   .   .  RE2  .   .   .   .   .
3   .   .   .   .   .   .   .   .
2   .   .   .   .   .   .   .   .
1  BR  GR   .  YE  PI  PU  BL  OR
    a   b   c   d   e   f   g   h"
    );
    let list = moves(&g, &s);
    assert_eq!(list, ["c4-a6", "c4-b5", "c4-d5", "c4-e6", "c4-f7", "c4>c5"]);
    let t = after_position(&g, EXAMPLE_5, "c4>c5");
    let at = |sq: &str| t.tower_at(sq.parse().unwrap()).map(|x| x.to_string());
    assert_eq!(at("c5").as_deref(), Some("RE2"));
    assert_eq!(at("c6").as_deref(), Some("or"));
    assert_eq!(at("c7").as_deref(), Some("bl1"));
    assert_eq!(at("c4"), None);
    assert_eq!(
        (t.to_move(), t.required()),
        (Side::White, Some(Colour::Pink))
    );
    assert_eq!(t.last_landing().unwrap().to_string(), "c7");
    assert!(moves(&g, &t).iter().all(|m| m.starts_with("e1")));

    // Variations: the push disappears, the normal moves stay.
    let normal = &list[..5];
    for variant in [
        // Equal rank: Black's blue tower a Double Sumo (score 3:3, round 5).
        EXAMPLE_5
            .replace("..bl1.....", "..bl2.....")
            .replace(" 4 3:1 ", " 5 3:3 "),
        // c7 occupied (Black's green tower moved there from g8).
        EXAMPLE_5
            .replace("......../..bl1", "..gr...../..bl1")
            .replace("regrbr", "re.br"),
        // One tower of the column is White's own orange (Black's orange back on a8).
        EXAMPLE_5
            .replace("..or...ye.", "..OR...ye.")
            .replace("BLOR ", "BL. ")
            .replace("..pupi.", "or.pupi."),
    ] {
        let v = g
            .parse_position(&variant)
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert_eq!(moves(&g, &v), normal, "{variant}");
    }
}

#[test]
fn example_6_refill() {
    let plies = "d1-d7 g8-g6 pass g6-g2 h1-h4 d8-e7 g1-e3 f8-h6 e3-d4 h8-h7 f1-f7 pass d7-d8";
    // Single round: the game ends, no promotion.
    let single = Kamisado::default();
    let s = after(&single, plies);
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.to_move(), Side::Black);
    assert_eq!(s.score(), BySide::new(1, 0));
    assert_eq!(s.tower_at("d8".parse().unwrap()).unwrap().to_string(), "YE");
    let r = single.status(&s).result().cloned().unwrap();
    assert_eq!(
        (r.winner, r.reason.as_ref()),
        (Some(Side::White), "home row")
    );
    assert_eq!(s.result().unwrap().colour, Colour::Yellow);

    let g = game(&[("match_target", "3")]);
    let s = after(&g, plies);
    assert_eq!(s.ply(), 13);
    assert_eq!(s.phase(), Phase::Refill);
    assert_eq!(s.to_move(), Side::White);
    assert_eq!(s.score(), BySide::new(1, 0));
    assert_eq!(moves(&g, &s), ["fill-L", "fill-R"]);
    assert_eq!(
        g.diagram(&s),
        "8  or  bl  pu  YE1 ye   .   .   .
7   .   .   .   .  pi  PU   .  br
6   .   .   .   .   .   .   .  re
5   .   .   .   .   .   .   .   .
4   .   .   .  BL   .   .   .  OR
3   .   .   .   .   .   .   .   .
2   .   .   .   .   .   .  gr   .
1  BR  GR  RE   .  PI   .   .   .
    a   b   c   d   e   f   g   h"
    );
    let result = s.result().unwrap();
    assert_eq!(
        (result.winner, result.reason, result.colour),
        (Side::White, Reason::HomeRow, Colour::Yellow)
    );
    assert!(s.to_string().ends_with(" 13 1 1:0 refill W/home/Ye"));

    let rows = |t: &State| {
        let row = |rank: u8| {
            (0..8)
                .map(|f| {
                    t.tower_at(board_kernel::Square::at(f, rank))
                        .map_or(".".into(), |x| x.to_string())
                })
                .collect::<Vec<String>>()
                .join(" ")
        };
        (row(0), row(7))
    };
    let mut left = s.clone();
    g.play_text(&mut left, "fill-L").unwrap();
    assert_eq!(
        rows(&left),
        (
            "BR GR RE PI BL OR PU YE1".to_owned(),
            "gr re pi br or bl pu ye".to_owned() // a8 … h8
        )
    );
    let mut right = s.clone();
    g.play_text(&mut right, "fill-R").unwrap();
    assert_eq!(
        rows(&right),
        (
            "YE1 PU BL OR BR GR RE PI".to_owned(),
            "or bl pu ye pi br re gr".to_owned()
        )
    );
    for t in [&left, &right] {
        assert_eq!(t.to_move(), Side::Black);
        assert_eq!((t.round(), t.ply(), t.required()), (2, 0, None));
        assert_eq!(t.phase(), Phase::Play);
        assert_eq!(t.score(), BySide::new(1, 0));
        // Only the home rows are occupied.
        assert_eq!(
            t.towers()
                .filter(|(sq, _)| sq.rank() != 0 && sq.rank() != 7)
                .count(),
            0
        );
    }
    assert_eq!(
        left.to_string(),
        "grrepibrorblpuye/......../......../......../......../......../......../BRGRREPIBLORPUYE1 B - 0 - - 0 2 1:0 play -"
    );
}

#[test]
fn example_7_distance_limits() {
    let g = game(&[("match_target", "7")]);
    let s = g.parse_position(EXAMPLE_7).unwrap();
    assert_eq!(
        g.diagram(&s),
        "8  or1 bl  pu  pi  ye  re  gr  br
7   .   .   .   .   .   .   .   .
6   .   .   .   .   .   .   .   .
5   .   .   .   .   .   .   .   .
4   .   .   .   .   .   .   .   .
3   .   .   .   .   .   .   .   .
2   .   .   .   .   .   .   .   .
1  BR  GR  RE2 YE  PI  PU  BL1 OR
    a   b   c   d   e   f   g   h"
    );
    let list = moves(&g, &s);
    assert_eq!(list.len(), 95);
    assert!(
        list.iter().all(|m| m.contains('-')),
        "no push on a free move"
    );
    let from = |sq: &str| -> Vec<&str> {
        list.iter()
            .filter(|m| m.starts_with(sq))
            .map(String::as_str)
            .collect()
    };
    assert_eq!(
        from("g1"),
        [
            "g1-b6", "g1-c5", "g1-d4", "g1-e3", "g1-f2", "g1-g2", "g1-g3", "g1-g4", "g1-g5",
            "g1-g6", "g1-h2"
        ]
    );
    assert_eq!(
        from("c1"),
        [
            "c1-a3", "c1-b2", "c1-c2", "c1-c3", "c1-c4", "c1-d2", "c1-e3", "c1-f4"
        ]
    );
    for sq in ["b1", "d1", "e1", "f1"] {
        assert_eq!(from(sq).len(), 13, "{sq}");
    }
    assert_eq!(from("a1").len(), 12);
    assert_eq!(from("h1").len(), 12);
    // As a Triple Sumo the tower on c1 moves one square. (Ranks 2 → 3 adds 4 points: 8:1.)
    let triple = EXAMPLE_7
        .replace("RE2", "RE3")
        .replace(" 4:1 ", " 8:1 ")
        .replace(" 0 5 ", " 0 6 ");
    let g15 = game(&[("match_target", "15")]);
    let t = g15.parse_position(&triple).unwrap();
    let list = moves(&g15, &t);
    let c1: Vec<&String> = list.iter().filter(|m| m.starts_with("c1")).collect();
    assert_eq!(c1, ["c1-b2", "c1-c2", "c1-d2"]);
}

const EXAMPLE_8_DIAGRAM: &str = "8  or   .  pu  pi  ye  re   .  br
7   .   .   .   .  RE   .   .   .
6   .   .   .   .   .  gr1  .   .
5   .   .   .   .   .  PU   .   .
4   .   .   .   .   .   .   .   .
3   .   .   .   .   .   .   .   .
2   .   .   .   .   .   .   .  bl
1  BR  GR   .  YE  PI   .  BL1 OR
    a   b   c   d   e   f   g   h";

#[test]
fn example_8_deadlock_after_a_push() {
    let g = game(&[("match_target", "3")]);
    let s = g.parse_position(EXAMPLE_8).unwrap();
    assert_eq!(g.diagram(&s), EXAMPLE_8_DIAGRAM);
    assert_eq!(
        moves(&g, &s),
        [
            "f6-b2", "f6-c3", "f6-d4", "f6-e5", "f6-g5", "f6-h4", "f6>f5"
        ]
    );
    let t = after_position(&g, EXAMPLE_8, "f6>f5");
    assert_eq!(t.last_landing().unwrap().to_string(), "f4");
    assert_eq!(
        (t.to_move(), t.required()),
        (Side::Black, Some(Colour::Blue))
    );
    assert_eq!(moves(&g, &t), ["pass"]);
    let t = after_position(&g, EXAMPLE_8, "f6>f5 pass");
    assert_eq!(
        (t.to_move(), t.required()),
        (Side::White, Some(Colour::Red))
    );
    assert_eq!(moves(&g, &t), ["pass"]);
    let t = after_position(&g, EXAMPLE_8, "f6>f5 pass pass");
    let r = t.result().unwrap();
    assert_eq!(
        (r.winner, r.reason, r.colour),
        (Side::White, Reason::Deadlock, Colour::Blue)
    );
    assert_eq!(
        t.tower_at("g1".parse().unwrap()).unwrap().to_string(),
        "BL2"
    );
    assert_eq!(t.tower_at("g1".parse().unwrap()).unwrap().rank, 2);
    // Neither the green nor the red White tower is promoted.
    assert_eq!(t.tower_at("b1".parse().unwrap()).unwrap().to_string(), "GR");
    assert_eq!(t.tower_at("e7".parse().unwrap()).unwrap().to_string(), "RE");
    assert_eq!(t.score(), BySide::new(3, 1));
    assert_eq!(t.phase(), Phase::Over);
    assert_eq!(t.required(), None);
    assert_eq!(t.consecutive_passes(), 2);
    assert_eq!(t.last_actual_mover(), Some(Side::Black));
    assert_eq!(t.ply(), 15);
    assert_eq!(t.to_move(), Side::Black);
    assert!(moves(&g, &t).is_empty());
    let Status::Finished(res) = g.status(&t) else {
        panic!()
    };
    assert_eq!(
        (res.winner, res.reason.as_ref()),
        (Some(Side::White), "deadlock")
    );
    assert_eq!(
        t.to_string(),
        "or.pupiyere.br/....RE.../......../.....gr1../.....PU../......../.......bl/BRGR.YEPI.BL2OR B - 2 B f4 15 3 3:1 over W/deadlock/Bl"
    );

    // In a Long match the match goes on.
    let long = game(&[("match_target", "7")]);
    let t = after_position(&long, EXAMPLE_8, "f6>f5 pass pass");
    assert_eq!(t.score(), BySide::new(3, 1));
    assert_eq!(t.phase(), Phase::Refill);
    assert_eq!(t.to_move(), Side::White);
    assert_eq!(moves(&long, &t), ["fill-L", "fill-R"]);
}

#[test]
fn example_6_as_a_match_record_with_comments() {
    let g = game(&[("match_target", "3")]);
    let mut s = g.initial_state();
    let record = "d1-d7 {Gr} g8-g6 {Ye} pass {Gr} g6-g2 {Or} h1-h4 {Pi} d8-e7 {Bl} g1-e3 {Re} \
                  f8-h6 {Bl} e3-d4 {Br} h8-h7 {Pu} f1-f7 {Ye} pass {Ye} d7-d8 fill-L";
    let plies = g.play_record(&mut s, record).unwrap();
    assert_eq!(plies.len(), 14);
    // The comments are the required colours, as an engine would print them: check them.
    let mut t = g.initial_state();
    let tokens = kamisado::notation::record_tokens(record).unwrap();
    let comments: Vec<&str> = record
        .split('{')
        .skip(1)
        .map(|c| c.split('}').next().unwrap())
        .collect();
    for (ply, colour) in tokens.iter().zip(&comments) {
        g.play_text(&mut t, ply).unwrap();
        assert_eq!(t.required().map(|c| c.code()), Some(*colour), "after {ply}");
    }
    assert_eq!(t.required(), Some(Colour::Yellow)); // before d7-d8
    assert_eq!(
        (s.round(), s.to_move(), s.phase()),
        (2, Side::Black, Phase::Play)
    );
    assert_eq!(
        s.to_string(),
        "grrepibrorblpuye/......../......../......../......../......../......../BRGRREPIBLORPUYE1 B - 0 - - 0 2 1:0 play -"
    );
}
