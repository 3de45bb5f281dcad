//! The rule book's setups replay, the heuristic stays in range, and every counter stays
//! bounded.

use super::*;

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
