//! §4.3, §5: goals, the forced pass and the end of the game.

use super::*;

#[test]
fn a_goal_scores_resets_and_the_conceding_side_starts() {
    let g = game(&[]);
    let mut s = position(&g, EX5B);
    play(&g, &mut s, &["g11-g13/g15"]);
    assert_eq!(s.score().white, 1);
    assert_eq!(s.side_to_move(), Side::Black);
    assert_eq!(s.plies_since_point(), 0);
    assert_eq!(s.outcome(), Outcome::Ongoing);
    assert_eq!(s.to_string().split(' ').next(), INITIAL.split(' ').next());
    // A plain move keeps the score.
    let mut t = position(&g, EX5B);
    play(&g, &mut t, &["d3-d4"]);
    assert_eq!(t.score().white, 0);
    assert_eq!(t.plies_since_point(), 1);
}

#[test]
fn points_to_win_decides_when_the_game_ends() {
    // One point wins with points_to_win = 1; five points are needed by default.
    let one = game(&[("points_to_win", "1")]);
    let mut s = position(&one, EX5B);
    play(&one, &mut s, &["g11-g13/g15+"]);
    assert_eq!(
        s.outcome(),
        Outcome::Finished {
            winner: Some(Side::White),
            reason: EndReason::Points
        }
    );
    assert!(s.to_string().ends_with("b 1 0 1 0 0 white_won_points"));
    rejected(&one, &s, "d3-d4", "over");
    let mut tried = s.clone();
    assert!(matches!(
        one.play_text(&mut tried, "d3-d4"),
        Err(MoveError::Illegal {
            illegal: board_kernel::Illegal::GameOver,
            ..
        })
    ));
    let five = game(&[]);
    let mut s = position(&five, EX5B);
    play(&five, &mut s, &["g11-g13/g15+"]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
}

#[test]
fn an_own_goal_lets_the_conceding_kicker_move_again() {
    let own = game(&[("own_goal", "ScoresForOpponent")]);
    let mut s = position(
        &own,
        "7B7/15/3B3B3B3/15/3B3B3B3/15/15/15/15/15/3W3W3W3/7W7/3W3*3W3/15/W14 w 0 0 0 0 0 ongoing",
    );
    play(&own, &mut s, &["l3-h3/g1+"]);
    assert_eq!(s.score().black, 1);
    assert_eq!(s.side_to_move(), Side::White);
}

// ---------------------------------------------------------------- §4.3 forced pass, §5 end

#[test]
fn a_forced_pass_and_the_double_pass() {
    let g = game(&[]);
    // No sages at all: White must pass, then Black must pass, and the game ends drawn.
    let mut s = position(
        &g,
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 w 10 0 2 2 3 ongoing",
    );
    assert_eq!(texts(&g, &s), ["pass"]);
    play(&g, &mut s, &["pass"]);
    assert_eq!(
        s.to_string(),
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 b 11 1 2 2 4 ongoing"
    );
    play(&g, &mut s, &["pass"]);
    assert_eq!(
        s.to_string(),
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 w 12 2 2 2 5 draw_double_pass"
    );
    assert!(moves(&g, &s).is_empty());
    // A pass is illegal when a move exists, and a move resets the pass counter.
    let start = g.initial_state();
    rejected(&g, &start, "pass", "passes only when");
    let mut one = position(
        &g,
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/W14 b 0 0 0 1 0 ongoing",
    );
    play(&g, &mut one, &["pass", "a1-a2"]);
    assert_eq!(one.passes(), 0);
    assert_eq!(one.outcome(), Outcome::Ongoing);
    // More points wins a double pass.
    let mut s = position(
        &g,
        "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 w 0 1 0 1 0 ongoing",
    );
    play(&g, &mut s, &["pass"]);
    assert!(s.to_string().ends_with("black_won_double_pass"));
}

#[test]
fn repetition_ends_the_game_on_the_third_occurrence() {
    let shuffle = ["d3-d4", "d13-d12", "d4-d3", "d12-d13"];
    let g = game(&[]);
    let mut s = g.initial_state();
    play(&g, &mut s, &shuffle);
    assert_eq!(s.repetitions(), 2);
    play(&g, &mut s, &shuffle[..3]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
    play(&g, &mut s, &shuffle[3..]);
    assert_eq!(
        s.outcome(),
        Outcome::Finished {
            winner: None,
            reason: EndReason::Repetition
        }
    );
    assert!(s.to_string().ends_with(" w 8 0 0 0 8 draw_repetition"));
    // The option changes the count, 0 switches it off.
    let two = game(&[("repetition_limit", "2")]);
    let mut s = two.initial_state();
    play(&two, &mut s, &shuffle);
    assert!(s.outcome().is_finished());
    let off = game(&[("repetition_limit", "0")]);
    let mut s = off.initial_state();
    for _ in 0..5 {
        play(&off, &mut s, &shuffle);
    }
    assert_eq!(s.outcome(), Outcome::Ongoing);
    // 1 would end the game at its first position: refused (a fuzz finding).
    let refused = SevenSages::from_pairs([("repetition_limit", "1")]).unwrap_err();
    assert!(
        refused.to_string().contains("repetition_limit"),
        "{refused}"
    );
    // A position set up from a line counts once.
    let mut s = position(&g, &g.initial_state().to_string());
    play(&g, &mut s, &shuffle);
    play(&g, &mut s, &shuffle);
    assert!(s.outcome().is_finished());
}

#[test]
fn the_ply_limit_per_point() {
    let g = game(&[]);
    let mut s = position(
        &g,
        &INITIAL.replace(" w 0 0 0 0 0 ongoing", " w 700 0 1 0 499 ongoing"),
    );
    play(&g, &mut s, &["d3-d4"]);
    assert!(
        s.to_string()
            .ends_with(" b 701 0 1 0 500 white_won_max_plies")
    );
    assert_eq!(
        g.status(&s),
        Status::Finished(board_kernel::GameResult::win(
            Side::White,
            "max plies per point"
        ))
    );
    // A goal on the last allowed ply counts and the game goes on.
    let mut s = position(
        &g,
        &EX5B.replace(" w 0 0 0 0 0 ongoing", " w 900 0 0 0 499 ongoing"),
    );
    play(&g, &mut s, &["g11-g13/g15+"]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
    assert_eq!(s.plies_since_point(), 0);
    // The option sets the limit; 0 switches it off.
    let short = game(&[("max_plies_per_point", "2")]);
    let mut s = short.initial_state();
    play(&short, &mut s, &["d3-d4"]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
    play(&short, &mut s, &["d13-d12"]);
    assert!(s.to_string().ends_with("draw_max_plies"));
    let off = game(&[("max_plies_per_point", "0")]);
    let mut s = position(
        &off,
        &INITIAL.replace(" w 0 0 0 0 0 ongoing", " w 0 0 0 0 100000 ongoing"),
    );
    play(&off, &mut s, &["d3-d4"]);
    assert_eq!(s.outcome(), Outcome::Ongoing);
}
