//! How fast a won position is won: the length of the forced win, in plies, when the winner
//! wins as fast as he can and the loser holds out as long as he can.
//!
//! [`solver`](crate::solver) says *whether* the side to move wins; this says *how soon*. It
//! asks "can the side to move force a win within `n` plies?" for `n` = 1, 2, 3, … (the mate
//! search of chess programs): at the winner's turns one move must win within the plies left,
//! at the loser's every move must. The first `n` that succeeds is the length of the win; a
//! transposition table keyed by [`node_key`] remembers, per position, the fewest plies known
//! to win and the most known not to, and the move that won, which the next `n` tries first.
//!
//! ```
//! use board_kernel::prelude::*;
//! use board_kernel::testing::{Nim, NimOptions};
//! use game_ai::distance::{Race, fastest_win};
//! use game_ai::solver::SolveConfig;
//! // Nim with 10 stones, taking 1 to 3: take 2, then answer 1 with 3 (twice): 5 plies.
//! let game = Nim::with_options(NimOptions::default())?;
//! let race = fastest_win(&game, &game.initial_state(), &SolveConfig::default());
//! assert_eq!(race.outcome, Race::WinIn(5));
//! assert_eq!(race.line.len(), 5);
//! # Ok::<(), board_kernel::OptionError>(())
//! ```

use std::collections::HashMap;
use std::fmt;

use board_kernel::perft::node_key;
use board_kernel::prelude::*;
use board_kernel::{Side, Status};

use crate::limits::{Limits, SolveConfig, path_bytes};

/// Up to this many moves, a position's moves are ordered by the replies they leave, which
/// costs a listing of each child's moves: what a position of Kamisado, Queens' Courtiers
/// or Seven Sages usually has, not Chain Reaction's thousands or Tower of Power's opening.
/// Beyond, a position costs one listing, as the budget of positions counts it.
const REPLY_WIDTH: usize = 256;

/// What [`fastest_win`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Race {
    /// The side to move wins in exactly this many plies (counting both sides' moves) against
    /// the longest defence, and no faster.
    WinIn(u32),
    /// The side to move cannot force a win within this many plies (the depth limit): a
    /// draw, a loss, or a win that takes longer.
    NoWinWithin(u32),
    /// The budget (of positions, time or memory) ran out first, when no win within
    /// `longer_than` plies had been found (so a win, if there is one, takes more).
    Unknown {
        /// Plies proven not to be enough.
        longer_than: u32,
    },
}

impl fmt::Display for Race {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Race::WinIn(n) => write!(f, "win in {}", plies(n)),
            Race::NoWinWithin(n) => write!(f, "no forced win within {}", plies(n)),
            Race::Unknown { longer_than } => write!(
                f,
                "unknown (the budget ran out; no forced win within {})",
                plies(longer_than)
            ),
        }
    }
}

/// `1 ply`, `17 plies`.
#[must_use]
pub fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

/// The answer of [`fastest_win`], with a line of the win and the work it took.
#[derive(Clone, Debug, PartialEq)]
pub struct FastestWin<M> {
    /// The length of the forced win, or why there is none.
    pub outcome: Race,
    /// With [`Race::WinIn`]: a longest defence against a fastest win, move by move, ending in
    /// the win.
    pub line: Vec<M>,
    /// Positions visited.
    pub nodes: u64,
}

/// What the table knows of a position for the attacker: the fewest plies known to win, the
/// most known not to be enough, and the move that won (an index in the move list).
#[derive(Clone, Copy)]
struct Known {
    wins_within: u32,
    fails_within: u32,
    best: u16,
}

struct Search<'g, G: Game> {
    game: &'g G,
    attacker: Side,
    max_nodes: u64,
    table_entries: usize,
    nodes: u64,
    table: HashMap<u64, Known>,
    /// The buffer the default `count_moves` lists into, reused for every child.
    scratch: Vec<G::Move>,
    limits: Limits,
}

/// A move of a position on the path: its index in the list, whether it ends the game at once
/// (with the attacker's win or not), and the sort key.
struct Child {
    /// Goes on, not the move that won before, the order by replies.
    key: (bool, bool, usize),
    index: usize,
    end: Option<bool>,
}

impl<G: Game> Search<'_, G> {
    /// Whether the game ended with the attacker's win (`Some(true)`), ended otherwise
    /// (`Some(false)`), or goes on (`None`).
    fn ended(&self, state: &G::State) -> Option<bool> {
        match self.game.status(state) {
            Status::Ongoing => None,
            Status::Finished(result) => Some(result.winner == Some(self.attacker)),
        }
    }

    /// Whether the attacker can force a win within `n` plies from the ongoing `state`;
    /// `None` beyond the budget.
    fn within(&mut self, state: &G::State, n: u32) -> Option<bool> {
        if n == 0 {
            return Some(false);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes || self.limits.out_of_time() {
            return None;
        }
        let key = node_key(self.game, state);
        let known = self.table.get(&key).copied().unwrap_or(Known {
            wins_within: u32::MAX,
            fails_within: 0,
            best: u16::MAX,
        });
        if known.wins_within <= n {
            return Some(true);
        }
        if known.fails_within >= n {
            return Some(false);
        }
        let attacking = self.game.side_to_move(state) == self.attacker;
        let mut moves = Vec::new();
        self.game.legal_moves(state, &mut moves);
        // Moves that end the game decide at once; then the move that won before; then, for
        // the attacker, the moves that leave the fewest replies (forcing moves win fastest),
        // and for the defender the most (room to hold out). The children are kept as moves
        // and played again when searched (see the solver).
        let count_replies = moves.len() <= REPLY_WIDTH;
        let mut children = Vec::with_capacity(moves.len());
        for (i, mv) in moves.iter().enumerate() {
            let mut child = state.clone();
            self.game.play_unchecked(&mut child, mv);
            let end = self.ended(&child);
            let replies = if end.is_some() || !count_replies {
                0
            } else if self.limits.out_of_time() {
                return None;
            } else {
                self.game.count_moves(&child, &mut self.scratch)
            };
            children.push(Child {
                key: (
                    end.is_none(),
                    usize::from(known.best) != i,
                    if attacking {
                        replies
                    } else {
                        usize::MAX - replies
                    },
                ),
                index: i,
                end,
            });
        }
        children.sort_by_key(|c| c.key);
        let held = path_bytes(self.game, state, &moves, std::mem::size_of::<Child>());
        if !self.limits.hold(held) {
            return None;
        }
        let searched = self.search_children(state, &moves, &children, attacking, n);
        self.limits.release(held);
        let (result, best) = searched?;
        let best = best.unwrap_or(known.best);
        if self.table.len() >= self.table_entries {
            self.table.clear();
        }
        let entry = self.table.entry(key).or_insert(known);
        if result {
            entry.wins_within = entry.wins_within.min(n);
        } else {
            entry.fails_within = entry.fails_within.max(n);
        }
        entry.best = best;
        Some(result)
    }

    /// Whether the attacker wins within `n` plies from `state` given its `children` in their
    /// order, and the index of the move that decided it; `None` beyond the budget.
    fn search_children(
        &mut self,
        state: &G::State,
        moves: &[G::Move],
        children: &[Child],
        attacking: bool,
        n: u32,
    ) -> Option<(bool, Option<u16>)> {
        for child in children {
            let i = child.index;
            let holds = match child.end {
                Some(attacker_won) => attacker_won,
                None => {
                    let mut next = state.clone();
                    self.game.play_unchecked(&mut next, &moves[i]);
                    self.within(&next, n - 1)?
                }
            };
            if attacking == holds {
                return Some((holds, Some(u16::try_from(i).unwrap_or(u16::MAX))));
            }
        }
        Some((!attacking, None))
    }
}

/// The length of the fastest win the side to move in `state` can force against the longest
/// defence, trying `n` = 1, 2, … up to `config.max_depth` plies on a budget of
/// `config.max_nodes` positions (all iterations together), with a line of it.
pub fn fastest_win<G: Game>(
    game: &G,
    state: &G::State,
    config: &SolveConfig,
) -> FastestWin<G::Move> {
    race(game, state, game.side_to_move(state), config)
}

/// [`fastest_win`] for `attacker`, whoever is to move in `state`: how fast `attacker` wins
/// from there (after his own move `mv` was played to reach `state`, say, to value one move).
pub fn race<G: Game>(
    game: &G,
    state: &G::State,
    attacker: Side,
    config: &SolveConfig,
) -> FastestWin<G::Move> {
    let mut search = Search {
        game,
        attacker,
        max_nodes: config.max_nodes,
        table_entries: config.table_entries,
        nodes: 0,
        table: HashMap::new(),
        scratch: Vec::new(),
        limits: Limits::new(config),
    };
    if game.status(state) != Status::Ongoing {
        return FastestWin {
            outcome: if search.ended(state) == Some(true) {
                Race::WinIn(0)
            } else {
                Race::NoWinWithin(0)
            },
            line: Vec::new(),
            nodes: 0,
        };
    }
    for n in 1..=config.max_depth {
        match search.within(state, n) {
            None => {
                return FastestWin {
                    outcome: Race::Unknown { longer_than: n - 1 },
                    line: Vec::new(),
                    nodes: search.nodes,
                };
            }
            Some(true) => {
                let nodes = search.nodes;
                search.max_nodes = nodes.saturating_add(config.max_nodes);
                let line = line(&mut search, state, n);
                return FastestWin {
                    outcome: Race::WinIn(n),
                    line,
                    nodes,
                };
            }
            Some(false) => {}
        }
    }
    FastestWin {
        outcome: Race::NoWinWithin(config.max_depth),
        line: Vec::new(),
        nodes: search.nodes,
    }
}

/// A line of a win in exactly `n` plies from `state`: at the attacker's turns a move that
/// still wins within the plies left, at the defender's a move after which the win needs all
/// of them (the longest defence). Stops early if the budget runs out.
fn line<G: Game>(search: &mut Search<'_, G>, state: &G::State, n: u32) -> Vec<G::Move> {
    let game = search.game;
    let mut line = Vec::new();
    let mut position = state.clone();
    let mut left = n;
    while left > 0 && game.status(&position) == Status::Ongoing && !search.limits.out_of_time() {
        let attacking = game.side_to_move(&position) == search.attacker;
        let mut moves = Vec::new();
        game.legal_moves(&position, &mut moves);
        let mut chosen = None;
        for mv in moves {
            let mut child = position.clone();
            game.play_unchecked(&mut child, &mv);
            let fits = match search.ended(&child) {
                Some(won) => won && (attacking || left == 1),
                // The attacker's move must leave a win within left − 1; the defender's must
                // leave none within left − 2.
                None if attacking => search.within(&child, left - 1) == Some(true),
                None => search.within(&child, left.saturating_sub(2)) == Some(false),
            };
            if fits {
                chosen = Some((mv, child));
                break;
            }
        }
        let Some((mv, child)) = chosen else { break };
        line.push(mv);
        position = child;
        left -= 1;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::testing::{Nim, NimOptions};

    /// The length of the fastest forced win by exhaustive minimax without pruning or table:
    /// `Some(plies)` for the side to move, `None` when it cannot force a win.
    fn brute_force(
        game: &Nim,
        state: &<Nim as board_kernel::Rules>::State,
        attacker: Side,
    ) -> Option<u32> {
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        let attacking = game.side_to_move(state) == attacker;
        let lengths = moves.iter().map(|mv| {
            let mut child = *state;
            game.play_unchecked(&mut child, mv);
            match game.status(&child) {
                Status::Finished(r) => (r.winner == Some(attacker)).then_some(1),
                Status::Ongoing => brute_force(game, &child, attacker).map(|n| n + 1),
            }
        });
        if attacking {
            lengths.flatten().min()
        } else {
            lengths.collect::<Option<Vec<u32>>>()?.into_iter().max()
        }
    }

    #[test]
    fn agrees_with_exhaustive_minimax_on_every_small_nim() {
        let mut checked = 0;
        for max_take in 1..=4 {
            for stones in 1..=14 {
                let game = Nim::with_options(NimOptions { stones, max_take }).unwrap();
                let start = game.initial_state();
                let expected = brute_force(&game, &start, game.side_to_move(&start));
                let race = fastest_win(&game, &start, &SolveConfig::default());
                match expected {
                    Some(n) => {
                        assert_eq!(race.outcome, Race::WinIn(n), "{stones}/{max_take}");
                        assert_eq!(race.line.len() as u32, n);
                        // The line is legal and ends with the attacker's win.
                        let mut s = start;
                        for mv in &race.line {
                            game.play(&mut s, mv).unwrap();
                        }
                        let winner = game.status(&s).result().and_then(|r| r.winner);
                        assert_eq!(winner, Some(game.side_to_move(&start)));
                        checked += 1;
                    }
                    None => assert_eq!(
                        race.outcome,
                        Race::NoWinWithin(SolveConfig::default().max_depth)
                    ),
                }
            }
        }
        // Nim is lost exactly when the pile is a multiple of max_take + 1: of piles 1 to 14,
        // 7 + 10 + 11 + 12 are won for max_take 1 to 4.
        assert_eq!(checked, 40);
    }

    #[test]
    fn nim_by_hand() {
        // 7 stones, take 1 or 2: take 1 (6 left); the defender's best is to take 1 each
        // time, answered by 2: 1 + 2 × 2 = 5 plies.
        let game = Nim::with_options(NimOptions {
            stones: 7,
            max_take: 2,
        })
        .unwrap();
        let race = fastest_win(&game, &game.initial_state(), &SolveConfig::default());
        assert_eq!(race.outcome, Race::WinIn(5));
        assert_eq!(
            race.line
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()[0],
            "1"
        );
    }

    #[test]
    fn a_lost_position_has_no_win_and_a_tiny_budget_says_unknown() {
        let game = Nim::with_options(NimOptions {
            stones: 8,
            max_take: 3,
        })
        .unwrap();
        let start = game.initial_state();
        let config = SolveConfig {
            max_depth: 12,
            ..SolveConfig::default()
        };
        assert_eq!(
            fastest_win(&game, &start, &config).outcome,
            Race::NoWinWithin(12)
        );
        let tiny = SolveConfig {
            max_nodes: 3,
            ..SolveConfig::default()
        };
        let game = Nim::with_options(NimOptions {
            stones: 13,
            max_take: 3,
        })
        .unwrap();
        assert_eq!(
            fastest_win(&game, &game.initial_state(), &tiny).outcome,
            Race::Unknown { longer_than: 1 }
        );
    }
}
