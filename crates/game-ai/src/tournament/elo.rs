//! What a series of games between two players says: its wins, draws and losses, and the Elo
//! difference they imply with its 95% interval, by the logistic model
//! (`score = 1 / (1 + 10^(-elo/400))`).

use std::fmt;

/// Wins, draws and losses of one player against another. Games stopped by the ply cap count
/// as draws in the score and are also counted in `unfinished`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinDrawLoss {
    /// Games won.
    pub wins: u64,
    /// Games drawn (including unfinished ones).
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Games the ply cap stopped, among the draws.
    pub unfinished: u64,
}

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

impl WinDrawLoss {
    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game (a win 1, a draw ½), or ½ before any game.
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The same games seen from the other player.
    #[must_use]
    pub fn reversed(&self) -> WinDrawLoss {
        WinDrawLoss {
            wins: self.losses,
            losses: self.wins,
            ..*self
        }
    }

    /// Adds another tally.
    pub fn merge(&mut self, other: &WinDrawLoss) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.unfinished += other.unfinished;
    }

    /// The Elo difference the score implies, with its 95% interval.
    ///
    /// The interval is the Wilson score interval of the score at 95%, mapped through the
    /// logistic model. Treating the score as a binomial proportion overstates its variance
    /// when there are draws, so the interval is conservative then; unlike the plain normal
    /// interval it stays meaningful at 0% and 100% (where the estimate itself is infinite
    /// but one bound is finite: 20 wins in 20 games say at least +287).
    #[must_use]
    pub fn elo(&self) -> EloEstimate {
        let n = self.games() as f64;
        if n == 0.0 {
            return EloEstimate {
                elo: 0.0,
                low: f64::NEG_INFINITY,
                high: f64::INFINITY,
            };
        }
        let s = self.score();
        let z2 = Z95 * Z95;
        let centre = (s + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (s * (1.0 - s) / n + z2 / (4.0 * n * n)).sqrt();
        EloEstimate {
            elo: elo_from_score(s),
            low: elo_from_score(centre - half),
            high: elo_from_score(centre + half),
        }
    }
}

impl fmt::Display for WinDrawLoss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// The Elo difference of the logistic model for a mean score (±∞ at 1 and 0).
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    if score >= 1.0 {
        f64::INFINITY
    } else if score <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a player `elo` points stronger.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The estimate (infinite after a 100% or 0% score).
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn elo(x: f64) -> String {
            if x == f64::INFINITY {
                "+∞".to_owned()
            } else if x == f64::NEG_INFINITY {
                "-∞".to_owned()
            } else {
                format!("{x:+.0}")
            }
        }
        write!(
            f,
            "{} (95%: {} to {})",
            elo(self.elo),
            elo(self.low),
            elo(self.high)
        )
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Finished games only: `wins`, `draws` and `losses`.
    pub(in crate::tournament) fn tally(wins: u64, draws: u64, losses: u64) -> WinDrawLoss {
        WinDrawLoss {
            wins,
            draws,
            losses,
            unfinished: 0,
        }
    }

    #[test]
    fn elo_follows_the_logistic_model() {
        // 75% is 400·log10(3) = 190.85 Elo; 50% is 0; the map is odd.
        assert!((elo_from_score(0.75) - 190.848_501_887_864_9).abs() < 1e-9);
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!((elo_from_score(0.25) + elo_from_score(0.75)).abs() < 1e-9);
        assert!((score_from_elo(190.848_501_887_864_9) - 0.75).abs() < 1e-12);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn the_interval_is_wilsons_and_finite_on_one_side_at_full_scores() {
        // 15 wins in 20: Wilson 95% is 0.5313 to 0.8881 (checked by hand:
        // centre (0.75 + 0.0960)/1.1921 = 0.7097, half 1.6442·sqrt(0.009375 + 0.0024009) = 0.1784).
        let e = tally(15, 0, 5).elo();
        assert!((e.low - elo_from_score(0.531_3)).abs() < 0.5, "{e:?}");
        assert!((e.high - elo_from_score(0.888_1)).abs() < 0.5, "{e:?}");
        // 20 of 20: the lower bound n/(n + z²) = 0.8389 is +286.6 Elo; no upper bound.
        let all = tally(20, 0, 0).elo();
        assert_eq!(all.elo, f64::INFINITY);
        assert_eq!(all.high, f64::INFINITY);
        assert!((all.low - elo_from_score(20.0 / (20.0 + Z95 * Z95))).abs() < 1e-6);
        assert!((all.low - 286.6).abs() < 0.1, "{}", all.low);
        assert_eq!(
            all.to_string(),
            format!("+∞ (95%: {:+.0} to +∞)", all.low),
            "{all}"
        );
        // The interval narrows with more games and always holds the estimate.
        let (few, many) = (tally(6, 2, 2).elo(), tally(60, 20, 20).elo());
        assert!(many.high - many.low < few.high - few.low);
        assert!(few.low < few.elo && few.elo < few.high);
    }

    #[test]
    fn reversing_a_tally_mirrors_its_elo() {
        let t = tally(7, 3, 2);
        let (e, r) = (t.elo(), t.reversed().elo());
        assert!((e.elo + r.elo).abs() < 1e-9);
        assert!((e.low + r.high).abs() < 1e-9 && (e.high + r.low).abs() < 1e-9);
        assert_eq!(t.to_string(), "+7 =3 -2");
    }
}
