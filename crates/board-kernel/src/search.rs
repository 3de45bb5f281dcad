//! The optional search hooks of the contract: counting, random moves and evaluation, each
//! with a default written over [`Rules`] alone.

use crate::{Rules, Side, SplitMix64};

/// What search, perft and playouts ask of a game beyond its [`Rules`]. Every method has a
/// default that lists and plays; a game overrides one where it can answer faster, and the
/// conformance suite checks every override against the default in every state it visits, so
/// an override cannot drift from the rules or change a seeded game.
pub trait Search: Rules {
    /// How many legal moves `state` has: the length of [`Rules::legal_moves`]'s list, which
    /// is what perft counts at its last ply. `scratch` is a buffer the default fills; a game
    /// that can count without listing (Kamisado counts a tower's open lines on bitboards)
    /// overrides this and leaves `scratch` alone.
    fn count_moves(&self, state: &Self::State, scratch: &mut Vec<Self::Move>) -> usize {
        scratch.clear();
        self.legal_moves(state, scratch);
        scratch.len()
    }

    /// How many legal moves the position after `mv` (legal in `state`) has: what perft
    /// counts at its last two plies. The default plays `mv` on a clone
    /// ([`count_by_playing`]); a game that can tell
    /// from `state` and the move alone overrides this and skips the clone (Kamisado: the
    /// opponent's next tower is the one of the destination's colour, its lines read against
    /// the occupancy with the moved tower shifted). The answer is the child's
    /// [`Search::count_moves`].
    fn count_after(
        &self,
        state: &Self::State,
        mv: &Self::Move,
        scratch: &mut Vec<Self::Move>,
    ) -> usize {
        count_by_playing(self, state, mv, scratch)
    }

    /// How many leaves perft counts two plies below `state`: [`Search::count_after`] summed
    /// over its legal moves. The default lists the moves into `moves` (`scratch` is
    /// `count_after`'s); a game that can name its moves as it counts overrides this and skips
    /// the list (Kamisado: the required tower's steps, each named by its line and distance).
    fn count_two_plies(
        &self,
        state: &Self::State,
        moves: &mut Vec<Self::Move>,
        scratch: &mut Vec<Self::Move>,
    ) -> u64 {
        count_two_plies_by_listing(self, state, moves, scratch)
    }

    /// A uniformly random legal move of `state`: the move at index `rng.below(n)` of the `n`
    /// moves [`Rules::legal_moves`] lists, drawn with exactly that one call (`None`, without a
    /// draw, when there is none). Random playouts and rollouts call this every ply, so a
    /// seeded game goes the same way whichever way the move is found.
    ///
    /// The default lists the moves into `scratch` and picks one. A game that can count its
    /// moves and find the k-th without listing the others (Tower of Power counts each
    /// stone's rows, then lists only the chosen stone's) overrides it.
    fn random_move(
        &self,
        state: &Self::State,
        rng: &mut SplitMix64,
        scratch: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        scratch.clear();
        // A fresh buffer gets room for a typical list at once rather than growing step by
        // step; an override that lists nothing never pays for it.
        if scratch.capacity() == 0 {
            scratch.reserve(128);
        }
        self.legal_moves(state, scratch);
        rng.choose(scratch).cloned()
    }

    /// A cheap static evaluation of `state` from `side`'s point of view, in `[-1, 1]` (1:
    /// `side` is winning), for search players. `None` (the default) means the game offers
    /// none and searchers fall back to the score difference or playouts.
    fn heuristic(&self, _state: &Self::State, _side: Side) -> Option<f64> {
        None
    }
}

/// [`Search::count_two_plies`] by listing `state`'s moves into `moves` and asking
/// [`Search::count_after`] for each (`scratch` is its buffer): the default, and a game's fallback
/// where its shortcut does not apply.
pub fn count_two_plies_by_listing<G: Search>(
    game: &G,
    state: &G::State,
    moves: &mut Vec<G::Move>,
    scratch: &mut Vec<G::Move>,
) -> u64 {
    moves.clear();
    game.legal_moves(state, moves);
    moves
        .iter()
        .map(|mv| game.count_after(state, mv, scratch) as u64)
        .sum()
}

/// How many legal moves the position after `mv` has, found by playing `mv` on a clone of
/// `state`: the default of [`Search::count_after`], and a game's fallback where its shortcut
/// does not apply.
pub fn count_by_playing<G: Search>(
    game: &G,
    state: &G::State,
    mv: &G::Move,
    scratch: &mut Vec<G::Move>,
) -> usize {
    let mut child = state.clone();
    game.play_unchecked(&mut child, mv);
    game.count_moves(&child, scratch)
}
