//! The regression figures of the spec (§10): perft from the initial position.
//!
//! All the spec's figures are asserted here (single round to depth 7, match play to depth 6);
//! depth 7 (56 M leaves) runs in CI's heavy step (`TOWERS_HEAVY=1`). `towers measure
//! kamisado` prints them with timings, and deeper counts.

use board_kernel::perft::{perft, perft_divide};
use board_kernel::prelude::*;
use kamisado::Kamisado;

fn game(target: &str) -> Kamisado {
    Kamisado::from_pairs([("match_target", target)]).unwrap()
}

#[test]
fn single_round_perft_to_depth_5() {
    let g = game("1");
    let start = g.initial_state();
    let want = [1, 102, 1150, 11182, 105024, 901006];
    for (depth, &n) in want.iter().enumerate() {
        assert_eq!(perft(&g, &start, depth as u32), n, "depth {depth}");
    }
}

#[test]
fn single_round_perft_depth_6() {
    let g = game("1");
    assert_eq!(perft(&g, &g.initial_state(), 6), 7_399_924);
}

#[test]
fn heavy_single_round_perft_depth_7() {
    if !board_kernel::testing::heavy("heavy_single_round_perft_depth_7") {
        return;
    }
    let g = game("1");
    assert_eq!(perft(&g, &g.initial_state(), 7), 56_183_354);
}

#[test]
fn match_perft_depth_6() {
    let g = game("3");
    assert_eq!(perft(&g, &g.initial_state(), 6), 7_835_718);
}

#[test]
fn match_perft_to_depth_5_is_the_same_for_every_target() {
    let want = [1, 102, 1150, 11182, 105132, 914722];
    for target in ["3", "7", "15"] {
        let g = game(target);
        let start = g.initial_state();
        let deepest = if target == "3" { 5 } else { 4 };
        for (depth, &n) in want.iter().enumerate().take(deepest + 1) {
            assert_eq!(
                perft(&g, &start, depth as u32),
                n,
                "target {target}, depth {depth}"
            );
        }
    }
}

#[test]
fn match_play_adds_two_refill_plies_per_round_ended_at_depth_3() {
    // 105132 = 105024 + 2 × 54: count the rounds that end at depth 3 directly.
    let g = game("3");
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

#[test]
fn divide_adds_up() {
    let g = game("1");
    let divide = perft_divide(&g, &g.initial_state(), 3);
    assert_eq!(divide.len(), 102);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 11182);
}
