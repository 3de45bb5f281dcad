//! "Is A stronger than B?" answered with as few games as the answer needs: a sequential
//! probability ratio test between two Elo hypotheses, checked after each round of games.

use std::fmt;

use board_kernel::Game;

use super::elo::{WinDrawLoss, score_from_elo};
use super::games::{PairSums, pair_seed, play_jobs};
use super::{Entrant, TournamentConfig};
use crate::arena::Seat;
use crate::{Knowledge, PlayerSpec};

/// A sequential probability ratio test between two Elo hypotheses, H0: the difference is
/// `elo0`, H1: it is `elo1`, with error rates `alpha` (accepting H1 when H0 holds) and
/// `beta` (accepting H0 when H1 holds).
///
/// The log-likelihood ratio is the generalised SPRT's (as in chess engine testing): each
/// hypothesis is the win/draw/loss distribution of greatest likelihood among those whose
/// mean score is the one the hypothesis predicts, and the ratio compares the results' chances
/// under the two. The likelihoods are taken from the results with half a game added to each
/// of win, draw and loss, so that a run of identical results (which no distribution with a
/// middling mean can explain) does not decide the test by itself: 16 wins in 16 games give
/// about `16 ln(s1/s0)`, as a plain win/loss test would.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (greater than `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// H1: the first player is `elo1` stronger (or more).
    AcceptH1,
    /// H0: the first player is only `elo0` stronger (or less).
    AcceptH0,
    /// Neither bound was reached within the games allowed.
    Inconclusive,
}

impl fmt::Display for SprtVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtVerdict::AcceptH1 => "H1 accepted",
            SprtVerdict::AcceptH0 => "H0 accepted",
            SprtVerdict::Inconclusive => "inconclusive",
        })
    }
}

impl Sprt {
    /// The test with the usual error rates of 5%.
    #[must_use]
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// The log-likelihood ratio of H1 against H0 after `tally`.
    #[must_use]
    pub fn llr(&self, tally: &WinDrawLoss) -> f64 {
        if tally.games() == 0 {
            return 0.0;
        }
        let counts = [tally.wins as f64, tally.draws as f64, tally.losses as f64];
        let total: f64 = counts.iter().sum::<f64>() + 1.5;
        let observed = counts.map(|n| (n + 0.5) / total);
        let h0 = closest_with_mean(observed, score_from_elo(self.elo0));
        let h1 = closest_with_mean(observed, score_from_elo(self.elo1));
        (0..3).map(|k| counts[k] * (h1[k] / h0[k]).ln()).sum()
    }

    /// The bounds: H0 is accepted at or below the first, H1 at or above the second.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict after `tally`, if a bound is reached.
    #[must_use]
    pub fn verdict(&self, tally: &WinDrawLoss) -> Option<SprtVerdict> {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(SprtVerdict::AcceptH1)
        } else if llr <= lower {
            Some(SprtVerdict::AcceptH0)
        } else {
            None
        }
    }
}

/// The scores of a win, a draw and a loss.
const OUTCOME_SCORES: [f64; 3] = [1.0, 0.5, 0.0];

/// The win/draw/loss distribution with mean score `mean` that makes `observed` (a
/// distribution with no zero entry) most likely. By Lagrange, it is `observed[k] / (1 +
/// λ·(a_k − mean))` for the λ that gives the mean; the mean of that is decreasing in λ on the
/// interval where every denominator is positive, so bisection finds λ.
fn closest_with_mean(observed: [f64; 3], mean: f64) -> [f64; 3] {
    let shifted = OUTCOME_SCORES.map(|a| a - mean);
    let excess = |lambda: f64| -> f64 {
        (0..3)
            .map(|k| observed[k] * shifted[k] / (1.0 + lambda * shifted[k]))
            .sum()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - mean), 1.0 / mean);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if excess(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let lambda = 0.5 * (low + high);
    let p = [0, 1, 2].map(|k| observed[k] / (1.0 + lambda * shifted[k]));
    let sum: f64 = p.iter().sum();
    p.map(|x| x / sum)
}

/// The outcome of an SPRT run.
#[derive(Clone, Debug, PartialEq)]
pub struct SprtOutcome<S = PlayerSpec> {
    /// The verdict.
    pub verdict: SprtVerdict,
    /// The log-likelihood ratio at the end.
    pub llr: f64,
    /// Both players, the tested one first, with their results and thinking time.
    pub entrants: [Entrant<S>; 2],
    /// Plies over all games.
    pub plies: u64,
}

/// Games between two players are played in rounds of this many, each player taking White in
/// half of them, and the test is checked after each round: the verdict then does not depend
/// on the number of threads.
pub const SPRT_ROUND: u64 = 16;

/// Plays the first of `players` against the second from `start` until `test` accepts a
/// hypothesis, `config.games_per_pair` games are played (rounded up to a whole round) or
/// `config.stop` is raised.
pub fn sprt<G: Game, S: Seat<G>>(
    game: &G,
    start: &G::State,
    [first, second]: [S; 2],
    test: &Sprt,
    knowledge: &Knowledge<G>,
    config: &TournamentConfig,
    progress: &(dyn Fn(u64, f64) + Sync),
) -> SprtOutcome<S> {
    let jobs = [([&first, &second], pair_seed(config.seed, 0))];
    let mut sums = PairSums::default();
    let mut played = 0;
    let verdict = loop {
        if let Some(verdict) = test.verdict(&sums.tally) {
            break verdict;
        }
        if played >= config.games_per_pair || config.stop.raised() {
            break SprtVerdict::Inconclusive;
        }
        let round = play_jobs(
            game,
            start,
            &jobs,
            played..played + SPRT_ROUND,
            knowledge,
            config,
            &|_| {},
        );
        sums.merge(&round[0]);
        played += SPRT_ROUND;
        progress(played, test.llr(&sums.tally));
    };
    let moves = sums.moves;
    let thinking = sums.thinking;
    let entrant = |k: usize, spec: S, tally: WinDrawLoss| Entrant {
        spec,
        tally,
        moves: moves[k],
        thinking: thinking[k],
    };
    SprtOutcome {
        verdict,
        llr: test.llr(&sums.tally),
        entrants: [
            entrant(0, first, sums.tally),
            entrant(1, second, sums.tally.reversed()),
        ],
        plies: sums.plies,
    }
}

#[cfg(test)]
mod tests {
    use super::super::elo::tests::tally;
    use super::*;

    #[test]
    fn the_sprt_accepts_what_the_results_say() {
        let test = Sprt::new(0.0, 50.0);
        let (lower, upper) = test.bounds();
        assert!((upper - 19f64.ln()).abs() < 1e-12 && (lower + 19f64.ln()).abs() < 1e-12);
        // Nothing is concluded from nothing, nor from a few wins.
        assert_eq!(test.verdict(&WinDrawLoss::default()), None);
        assert_eq!(test.verdict(&tally(3, 0, 0)), None);
        // A 60% score over 400 games is far beyond +50 Elo (57%): H1.
        assert_eq!(
            test.verdict(&tally(200, 80, 120)),
            Some(SprtVerdict::AcceptH1)
        );
        // An even score over 1000 games: H0.
        assert_eq!(
            test.verdict(&tally(400, 200, 400)),
            Some(SprtVerdict::AcceptH0)
        );
        // 16 straight wins weigh what a win/loss test gives them, 16·ln(s1/s0) = 2.138: not
        // yet enough (the bound is ln 19 = 2.944); 32 are.
        let s1 = score_from_elo(50.0);
        let llr = test.llr(&tally(16, 0, 0));
        assert!((llr - 16.0 * (s1 / 0.5).ln()).abs() < 0.01, "{llr}");
        assert_eq!(test.verdict(&tally(16, 0, 0)), None);
        assert_eq!(test.verdict(&tally(32, 0, 0)), Some(SprtVerdict::AcceptH1));
        // 60-20-20 and 108-0-100, computed independently (a bisection for λ in Python):
        // 5.9559 and -0.9952.
        let llr = test.llr(&tally(60, 20, 20));
        assert!((llr - 5.955_9).abs() < 1e-3, "{llr}");
        let llr = test.llr(&tally(108, 0, 100));
        assert!((llr + 0.995_2).abs() < 1e-3, "{llr}");
    }

    #[test]
    fn the_closest_distribution_has_the_mean_asked_for() {
        let observed = [0.6, 0.25, 0.15];
        for mean in [0.2, 0.5, 0.7227, 0.9] {
            let p = closest_with_mean(observed, mean);
            let got: f64 = (0..3).map(|k| p[k] * OUTCOME_SCORES[k]).sum();
            assert!((got - mean).abs() < 1e-9, "{mean}: {p:?}");
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        // The observed distribution is its own closest at its own mean (0.6 + 0.125).
        let p = closest_with_mean(observed, 0.725);
        assert!((0..3).all(|k| (p[k] - observed[k]).abs() < 1e-9), "{p:?}");
    }
}
