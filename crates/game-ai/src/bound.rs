//! What a transposition-table entry's score says of a position's value, for the two searches
//! that store alpha-beta results (the [`AlphaBeta`](crate::AlphaBeta) player and the solver's
//! proofs): a search cut short by its window proves a bound, not the value, and only a bound
//! on the right side of a later window settles that search.

/// How a stored score relates to the position's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is the value.
    Exact,
    /// The true value is at least the stored one.
    Lower,
    /// The true value is at most the stored one.
    Upper,
}

impl Bound {
    /// What the `best` score of a search of the window `alpha..beta` proves: at or below
    /// `alpha` every move was refuted (an upper bound), at or above `beta` one move was enough
    /// to cut the rest (a lower bound), in between the value itself.
    pub(crate) fn of<T: PartialOrd>(best: T, alpha: T, beta: T) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `score` with this bound answers a search of the window `alpha..beta`
    /// without searching.
    pub(crate) fn settles<T: PartialOrd>(self, score: T, alpha: T, beta: T) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}
