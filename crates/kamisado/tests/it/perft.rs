//! The regression figures of the spec (§10), kept in `perft/kamisado.perft`, and why match
//! play counts more from depth 4.

use board_kernel::prelude::*;
use board_kernel::testing::check_perft_file;
use kamisado::Kamisado;

#[test]
fn the_perft_figures_hold() {
    check_perft_file::<Kamisado>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/it/perft/kamisado.perft"
    ));
}

#[test]
fn match_play_adds_two_refill_plies_per_round_ended_at_depth_3() {
    // 105132 = 105024 + 2 × 54: count the rounds that end at depth 3 directly.
    let g = Kamisado::from_pairs([("match_target", "3")]).unwrap();
    let start = g.initial_state();
    let mut ended = 0;
    let mut a = Vec::new();
    g.legal_moves(&start, &mut a);
    for m1 in &a {
        let mut s1 = start.clone();
        g.play_unchecked(&mut s1, m1);
        let mut b = Vec::new();
        g.legal_moves(&s1, &mut b);
        for m2 in &b {
            let mut s2 = s1.clone();
            g.play_unchecked(&mut s2, m2);
            let mut c = Vec::new();
            g.legal_moves(&s2, &mut c);
            for m3 in &c {
                let mut s3 = s2.clone();
                g.play_unchecked(&mut s3, m3);
                if s3.phase() == kamisado::Phase::Refill {
                    ended += 1;
                }
            }
        }
    }
    assert_eq!(ended, 54);
}
