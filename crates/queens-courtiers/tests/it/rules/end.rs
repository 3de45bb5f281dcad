//! §5.4, §6: the forced pass and the end of the game.

use super::*;

#[test]
fn passing_only_when_forced() {
    let g = game(&[]);
    illegal(&g, &g.initial_state(), "pass", "only pass when forced");
    let s = at(&g, queens_courtiers::rulebook::EXAMPLE_9);
    let after = legal(&g, &s, "pass");
    assert_eq!(after.passes(), 1);
    // Any other turn resets the counter.
    let later = legal(&g, &after, "o15-l15");
    assert_eq!(later.passes(), 0);
}

#[test]
fn repetition_draws_at_the_limit() {
    let cycle = ["n2-n1", "b2-b1", "n1-n2", "b1-b2"];
    for (limit, draw_at) in [("3", Some(8)), ("2", Some(4)), ("0", None)] {
        let g = game(&[("repetition_limit", limit)]);
        let mut s = g.initial_state();
        for ply in 1..=12 {
            let mv = cycle[(ply - 1) % 4];
            if Some(ply - 1) == draw_at {
                break;
            }
            g.play_text(&mut s, mv).unwrap();
            let expected = if Some(ply) == draw_at {
                "draw_repetition"
            } else {
                "ongoing"
            };
            assert!(
                s.to_string().ends_with(expected),
                "limit {limit}, ply {ply}: {s}"
            );
        }
        if draw_at.is_some() {
            assert_eq!(g.status(&s).result().unwrap().reason, "repetition");
        }
    }
}

#[test]
fn a_repeated_placement_with_the_other_side_to_move_is_another_position() {
    let g = game(&[("repetition_limit", "2")]);
    let mut s = g.initial_state();
    // A King triangle for Red: after five plies the placement is the start's, Blue to move.
    for mv in ["n2-n1", "b2-b1", "n1-o1", "b1-b2", "o1-n2"] {
        g.play_text(&mut s, mv).unwrap();
    }
    let start = g.initial_state().to_string();
    assert_eq!(s.to_string().split(' ').next(), start.split(' ').next());
    assert_eq!(g.status(&s), Status::Ongoing, "{s}");
    // One more Blue triangle brings the start back with Red to move: the second occurrence.
    for mv in ["b2-b1", "n2-n1", "b1-a1", "n1-n2", "a1-b2"] {
        g.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(
        s.to_string(),
        start.replace(" r 0 0 ongoing", " r 10 0 draw_repetition")
    );
}

#[test]
fn max_plies_draws_and_a_win_on_the_last_ply_is_a_win() {
    let g = game(&[("max_plies", "3")]);
    let mut s = g.initial_state();
    for mv in ["n2-n1", "b2-b1"] {
        g.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(g.status(&s), Status::Ongoing);
    g.play_text(&mut s, "n1-n2").unwrap();
    assert!(s.to_string().ends_with(" b 3 0 draw_max_plies"), "{s}");
    assert_eq!(g.status(&s).result().unwrap().reason, "ply limit");
    let off = game(&[("max_plies", "0")]);
    let mut s = off
        .parse_position(&off.initial_state().to_string().replace(" 0 0 ", " 5000 0 "))
        .unwrap();
    off.play_text(&mut s, "n2-n1").unwrap();
    assert_eq!(off.status(&s), Status::Ongoing);
    let one = game(&[("max_plies", "1")]);
    let s = state(&one, &["Kd1", "Qe2"], &["Ko15", "Qa15"], 'r');
    let won = legal(&one, &s, "d1-e2");
    assert!(won.to_string().ends_with("red_won"));
}
