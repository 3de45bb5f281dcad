//! §5: the end of the game — no legal move, and the three automatic draws.

use super::*;

#[test]
fn no_legal_move_loses() {
    let g = game(&[]);
    // White has no stones at all: Black wins (before any material draw).
    let s = pos(&g, "8/8/8/8/8/8/8/7b w 0 0");
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::win(Side::Black, "no legal move"))
    );
    let mut s2 = s.clone();
    assert_eq!(
        g.play(&mut s2, &"h1-h2".parse().unwrap()),
        Err(Illegal::GameOver)
    );
    assert_eq!(s2, s);
    // One free stone is enough to play on.
    let s = pos(&g, &format!("{FAR_BLACK}/8/8/8/8/8/7w w 0 0"));
    assert_eq!(g.status(&s), Status::Ongoing);
    // A move that pins the last active enemy stone wins.
    let g = game(&[("material_draw_threshold", "0")]);
    let s = after(&g, "8/8/8/8/8/8/b7/w7 w 0 0", &["a1-a2"]);
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::win(Side::White, "no legal move"))
    );
}

#[test]
fn insufficient_material_draw() {
    let g = game(&[]);
    // 3 against 3: drawn at once (the loaded position is judged too).
    let s = pos(&g, "bbb5/8/8/8/8/8/8/www5 w 0 0");
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::draw("insufficient material"))
    );
    // 4 against 4, pinned stones counted: White has 2 free stones and 2 pinned under Black
    // ones, Black 2 on rank 8 and the 2 on top of a1 and b1. Play on.
    let s = pos(&g, "bb6/8/8/8/8/8/8/(wb)(wb)ww4 w 0 0");
    assert_eq!(s.board().material(Side::White), 4);
    assert_eq!(s.board().material(Side::Black), 4);
    assert_eq!(g.status(&s), Status::Ongoing);
    // 4 against 3 plays on too: only one side is down to the threshold.
    let s = pos(&g, "bbb5/8/8/8/8/8/8/wwww4 w 0 0");
    assert_eq!(g.status(&s), Status::Ongoing);
    // Threshold 4 draws the first; 0 turns the rule off.
    let four = game(&[("material_draw_threshold", "4")]);
    let s4 = pos(&four, "bb6/8/8/8/8/8/8/(wb)(wb)ww4 w 0 0");
    assert_eq!(
        four.status(&s4),
        Status::Finished(GameResult::draw("insufficient material"))
    );
    let off = game(&[("material_draw_threshold", "0")]);
    assert_eq!(
        off.status(&pos(&off, "b7/8/8/8/8/8/8/w7 w 0 0")),
        Status::Ongoing
    );
    // A finished game has no legal moves.
    assert!(texts(&g, &pos(&g, "bbb5/8/8/8/8/8/8/www5 w 0 0")).is_empty());
}

#[test]
fn no_progress_draw() {
    let g = game(&[]);
    let start = "3bbbbb/4bbbb/5bbb/w5bb/ww5b/www5/wwww4/wwwww3";
    // 99 quiet moves: one more quiet move draws, a capture does not.
    let s = after(&g, &format!("{start} w 99 120"), &["a5-a6"]);
    assert_eq!(s.no_capture_count(), 100);
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::draw("no progress"))
    );
    let s = after(&g, &format!("{start} w 98 120"), &["a5-a6"]);
    assert_eq!(g.status(&s), Status::Ongoing);
    // A loaded position at the limit is drawn.
    assert!(
        g.status(&pos(&g, &format!("{start} w 100 0")))
            .is_finished()
    );
    // The option sets the limit; 0 turns it off.
    let ten = game(&[("no_capture_draw_plies", "10")]);
    assert!(
        ten.status(&pos(&ten, &format!("{start} w 10 0")))
            .is_finished()
    );
    assert!(
        !ten.status(&pos(&ten, &format!("{start} w 9 0")))
            .is_finished()
    );
    let off = game(&[("no_capture_draw_plies", "0")]);
    assert!(
        !off.status(&pos(&off, &format!("{start} w 100000 0")))
            .is_finished()
    );
    // A win on the last allowed move is a win: White pins nothing new, but Black has no
    // active stone left after White's quiet move.
    let s = after(&g, "8/8/8/8/3(bw)4/8/8/wwww4 w 99 0", &["a1-a2"]);
    assert_eq!(s.no_capture_count(), 100);
    assert_eq!(
        g.status(&s),
        Status::Finished(GameResult::win(Side::White, "no legal move"))
    );
}

#[test]
fn repetition_draw() {
    let text = "7b/8/8/8/8/8/8/w7 w 0 0";
    let shuffle = ["a1-a2", "h8-h7", "a2-a1", "h7-h8"];
    let two = game(&[("repetition_draw", "2"), ("material_draw_threshold", "0")]);
    let mut s = pos(&two, text);
    for (i, mv) in shuffle.iter().enumerate() {
        assert_eq!(two.status(&s), Status::Ongoing, "before ply {}", i + 1);
        two.play_text(&mut s, mv).unwrap();
    }
    // The loaded position is the first occurrence; counters do not matter.
    assert_eq!(s.to_string(), "7b/8/8/8/8/8/8/w7 w 4 4");
    assert_eq!(
        two.status(&s),
        Status::Finished(GameResult::draw("repetition"))
    );
    let mut s2 = s.clone();
    assert!(matches!(
        two.play_text(&mut s2, "a1-a2"),
        Err(MoveError::Illegal {
            illegal: Illegal::GameOver,
            ..
        })
    ));
    // The text does not carry the history: loading it starts afresh.
    assert_eq!(two.status(&pos(&two, &s.to_string())), Status::Ongoing);

    // N = 3 needs a third occurrence.
    let three = game(&[("repetition_draw", "3"), ("material_draw_threshold", "0")]);
    let mut s = pos(&three, text);
    for mv in shuffle {
        three.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(three.status(&s), Status::Ongoing);
    for mv in shuffle {
        three.play_text(&mut s, mv).unwrap();
    }
    assert!(three.status(&s).is_finished());

    // Off: the shuffle goes on.
    let off = game(&[("material_draw_threshold", "0")]);
    let mut s = pos(&off, text);
    for mv in shuffle.iter().chain(shuffle.iter()) {
        off.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(off.status(&s), Status::Ongoing);

    // The same board with the other side to move is another position.
    let mut s = pos(&two, text);
    for mv in ["a1-a2", "h8-h7", "a2-b1", "h7-h8", "b1-a1"] {
        two.play_text(&mut s, mv).unwrap();
    }
    assert_eq!(s.to_string(), "7b/8/8/8/8/8/8/w7 b 5 5");
    assert_eq!(two.status(&s), Status::Ongoing);
}
