//! §5: the target, the turn limit and the repetition draw.

use super::*;

#[test]
fn winning_at_the_target() {
    let g = game();
    let s = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0");
    let won = play(&g, &s, "d7-d9=d1");
    let result = g.status(&won).result().cloned().unwrap();
    assert_eq!(result.winner, Some(Side::White));
    assert_eq!(result.reason, "target reached");
    assert!(turns(&g, &won).is_empty());
    let mut again = won.clone();
    assert!(matches!(
        g.play_text(&mut again, "d8-d6"),
        Err(MoveError::Illegal {
            illegal: Illegal::GameOver,
            ..
        })
    ));
    // One point short: no win.
    let short = play(&g, &s, "d7-f9=d1");
    assert_eq!(g.status(&short), Status::Ongoing);
}

#[test]
fn targets_per_player_as_handicap() {
    let g = with(&[("target_white", "14"), ("target_black", "24")]);
    let s = g.initial_state();
    assert_eq!(
        s.to_string(),
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 14 24 - 0"
    );
    // A loaded line brings its own targets.
    let loaded = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0");
    assert!(g.status(&play(&g, &loaded, "d7-d9=d1")).is_finished());
    let near = pos(&g, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 13 12 - 0");
    assert!(!g.status(&play(&g, &near, "d7-d9=d1")).is_finished());
    assert!(g.status(&play(&g, &near, "d7-d9=d1")).result().is_none());
}

#[test]
fn continue_win_mid_chain_leaves_the_tower() {
    let c = with(&[("scoring_friendly_tower", "Continue")]);
    let s = pos(&c, "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0");
    let won = play(&c, &s, "d7-d9=d1");
    assert_eq!(
        won.to_string(),
        "2b(bw)3/7/7/7/7/7/7/2www2 b 0 12 0 12 12 - 1"
    );
    assert_eq!(
        c.status(&won).result().and_then(|r| r.winner),
        Some(Side::White)
    );
    // The finished position, with the winner's tower and Black to move, loads (rule 11 is
    // not applied to finished positions) …
    assert_eq!(pos(&c, &won.to_string()), won);
    // … but the same board in a game in progress does not.
    assert!(
        c.parse_position("2b(bw)3/7/7/7/7/7/7/2www2 b 0 2 0 12 12 - 1")
            .is_err()
    );
}

#[test]
fn max_plies_draws() {
    let g = with(&[("max_plies", "1")]);
    let s = g.initial_state();
    let after = play(&g, &s, "d3-d4");
    let result = g.status(&after).result().cloned().unwrap();
    assert_eq!(result.winner, None);
    assert_eq!(result.reason, "turn limit");
    // A loaded position at the limit is a draw; below it is not.
    let default = game();
    let at_limit = pos(
        &default,
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 500",
    );
    assert!(default.status(&at_limit).is_finished());
    let below = pos(
        &default,
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 499",
    );
    assert!(!default.status(&below).is_finished());
    // 0 = no limit.
    let off = with(&[("max_plies", "0")]);
    let far = pos(
        &off,
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1wwwww1/2www2 w 0 0 0 12 12 - 100000",
    );
    assert!(!off.status(&far).is_finished());
    // A win on the last allowed turn is a win.
    let last = pos(&default, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 499");
    let won = play(&default, &last, "d7-d9=d1");
    assert_eq!(
        default.status(&won).result().and_then(|r| r.winner),
        Some(Side::White)
    );
}

#[test]
fn repetition_draw() {
    let text = "6b/7/7/7/7/7/7/w6 w 0 0 0 12 12 - 0";
    let cycle = ["a1-a2", "g8-g7", "a2-a1", "g7-g8"];
    let two = with(&[("repetition_draw", "2")]);
    let mut s = pos(&two, text);
    for (i, mv) in cycle.iter().enumerate() {
        assert_eq!(two.status(&s), Status::Ongoing, "before turn {i}");
        s = play(&two, &s, mv);
    }
    let result = two.status(&s).result().cloned().unwrap();
    assert_eq!(
        (result.winner, result.reason.as_ref()),
        (None, "repetition")
    );
    // N = 3 needs a third occurrence.
    let three = with(&[("repetition_draw", "3")]);
    let mut s = pos(&three, text);
    for mv in cycle {
        s = play(&three, &s, mv);
    }
    assert_eq!(three.status(&s), Status::Ongoing);
    for mv in cycle {
        s = play(&three, &s, mv);
    }
    assert!(three.status(&s).is_finished());
    // Off by default.
    let g = game();
    let mut s = pos(&g, text);
    for _ in 0..3 {
        for mv in cycle {
            s = play(&g, &s, mv);
        }
    }
    assert_eq!(g.status(&s), Status::Ongoing);
    assert!(s.history().is_empty());
}
