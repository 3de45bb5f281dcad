//! An exact solver: who wins a position with perfect play.
//!
//! Alpha-beta over the three values win, draw and loss (for the side to move), searched to
//! the end of the game with no depth limit and no evaluation, and a transposition table keyed
//! by [`board_kernel::perft::node_key`] (the position and its repetition history, so positions
//! are merged only when their futures are the same). Moves that end the game at once are tried
//! first, then the move the table remembers. The search stops with [`Value::Unknown`] when it
//! has visited `max_nodes` positions: games whose lines run long (Tower of Power, Queens'
//! Courtiers from the start) are out of reach, and the answer says so instead of guessing.
//!
//! ```
//! use board_kernel::prelude::*;
//! use board_kernel::testing::{Nim, NimOptions};
//! use game_ai::solver::{SolveConfig, Value, solve};
//! // Nim with 10 stones, taking 1 to 3: the side to move wins.
//! let game = Nim::with_options(NimOptions::default())?;
//! let start = game.initial_state();
//! let solution = solve(&game, &start, &SolveConfig::default());
//! assert_eq!(solution.value, Value::Win);
//! # Ok::<(), board_kernel::OptionError>(())
//! ```

use std::collections::HashMap;
use std::fmt;

use board_kernel::perft::node_key;
use board_kernel::prelude::*;
use board_kernel::{Side, Status};

/// The value of a position for the side to move, with perfect play by both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
    /// The node budget ran out first.
    Unknown,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
            Value::Unknown => "unknown",
        })
    }
}

impl Value {
    fn from_score(score: i8) -> Value {
        match score {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }
}

/// The solver's budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveConfig {
    /// Positions visited at most before the answer is [`Value::Unknown`].
    pub max_nodes: u64,
    /// Transposition-table entries kept at most (the table is cleared when full).
    pub table_entries: usize,
    /// Plies searched at most below the position before the answer is [`Value::Unknown`]
    /// (which also bounds the recursion's stack).
    pub max_depth: u32,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            max_nodes: 100_000_000,
            table_entries: 1 << 24,
            max_depth: 256,
        }
    }
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    /// The value for the side to move.
    pub value: Value,
    /// A principal variation: best moves for both sides from the position, as far as the
    /// table proves them (empty when the value is unknown). It proves the value along one
    /// line only; it is not the shortest win.
    pub line: Vec<M>,
    /// Positions visited to find the value (the line's searches not counted).
    pub nodes: u64,
}

/// Up to this many legal moves, children are ordered by the replies they allow (Kamisado has
/// at most 102; the wide games skip it).
const THREAT_WIDTH: usize = 110;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least the stored one.
    Lower,
    /// The value is at most the stored one.
    Upper,
}

struct Search<'g, G: Game> {
    game: &'g G,
    config: SolveConfig,
    nodes: u64,
    table: HashMap<u64, (i8, Bound, u16)>,
}

impl<G: Game> Search<'_, G> {
    /// The score of a finished state for `side`: 1 won, 0 drawn, −1 lost.
    fn terminal(status: Status, side: Side) -> Option<i8> {
        match status {
            Status::Ongoing => None,
            Status::Finished(result) => Some(match result.winner {
                None => 0,
                Some(winner) if winner == side => 1,
                Some(_) => -1,
            }),
        }
    }

    /// The proven value of `child` (a position just reached) for `side`, whoever moves in it
    /// (extra turns keep the mover); `None` beyond the budget.
    fn value_for(&mut self, child: &G::State, side: Side) -> Option<i8> {
        match Self::terminal(self.game.status(child), side) {
            Some(end) => Some(end),
            None if self.game.side_to_move(child) == side => self.score(child, -1, 1, 0),
            None => self.score(child, -1, 1, 0).map(|s| -s),
        }
    }

    /// Whether the side to move in `state` can end the game with its win at once, and how
    /// many moves it has.
    fn threat(&self, state: &G::State) -> (bool, usize) {
        let side = self.game.side_to_move(state);
        let mut moves = Vec::new();
        self.game.legal_moves(state, &mut moves);
        let wins = moves.iter().any(|mv| {
            let mut child = state.clone();
            self.game.play_unchecked(&mut child, mv);
            Self::terminal(self.game.status(&child), side) == Some(1)
        });
        (wins, moves.len())
    }

    /// The score (−1, 0, 1) of `state` for its side to move within `alpha..beta`, or `None`
    /// when the budget ran out.
    fn score(&mut self, state: &G::State, mut alpha: i8, beta: i8, depth: u32) -> Option<i8> {
        let me = self.game.side_to_move(state);
        if let Some(score) = Self::terminal(self.game.status(state), me) {
            return Some(score);
        }
        self.nodes += 1;
        if self.nodes > self.config.max_nodes || depth >= self.config.max_depth {
            return None;
        }
        let key = node_key(self.game, state);
        let mut first = None;
        if let Some(&(score, bound, best)) = self.table.get(&key) {
            match bound {
                Bound::Exact => return Some(score),
                Bound::Lower if score >= beta => return Some(score),
                Bound::Upper if score <= alpha => return Some(score),
                _ => {}
            }
            first = Some(usize::from(best));
        }
        let mut moves = Vec::new();
        self.game.legal_moves(state, &mut moves);
        let mut children: Vec<(G::State, Option<i8>)> = moves
            .iter()
            .map(|mv| {
                let mut child = state.clone();
                self.game.play_unchecked(&mut child, mv);
                let end = Self::terminal(self.game.status(&child), me);
                (child, end)
            })
            .collect();
        // Order: a move that wins at once, then the table's best, then moves after which the
        // opponent cannot win at once, fewest replies first (forcing moves prove fastest).
        // Looking one reply ahead pays where moves are few (Kamisado); in wide games it would
        // cost more than it saves.
        let replies: Vec<(bool, usize)> = children
            .iter()
            .map(|(child, end)| match end {
                None if children.len() <= THREAT_WIDTH => self.threat(child),
                _ => (false, 0),
            })
            .collect();
        let mut order: Vec<usize> = (0..children.len()).collect();
        order.sort_by_key(|&i| {
            let end = children[i].1;
            (
                end != Some(1),
                Some(i) != first,
                replies[i].0,
                end.is_some(),
                replies[i].1,
            )
        });
        let alpha_in = alpha;
        let mut best_score = -2;
        let mut best_index = 0;
        for i in order {
            let score = match children[i].1 {
                Some(end) => end,
                None => {
                    let child = std::mem::replace(&mut children[i].0, state.clone());
                    if self.game.side_to_move(&child) == me {
                        self.score(&child, alpha, beta, depth + 1)?
                    } else {
                        -self.score(&child, -beta, -alpha, depth + 1)?
                    }
                }
            };
            if score > best_score {
                best_score = score;
                best_index = i;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score <= alpha_in {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() >= self.config.table_entries {
            self.table.clear();
        }
        self.table.insert(
            key,
            (
                best_score,
                bound,
                u16::try_from(best_index).unwrap_or(u16::MAX),
            ),
        );
        Some(best_score)
    }
}

/// Solves `state`: its value for the side to move with perfect play, a line of best moves and
/// the nodes visited.
pub fn solve<G: Game>(game: &G, state: &G::State, config: &SolveConfig) -> Solution<G::Move> {
    let mut search = Search {
        game,
        config: *config,
        nodes: 0,
        table: HashMap::new(),
    };
    let Some(score) = search.score(state, -1, 1, 0) else {
        return Solution {
            value: Value::Unknown,
            line: Vec::new(),
            nodes: search.nodes,
        };
    };
    let nodes = search.nodes;
    // The line: from each position, a move whose child keeps the value (searched again with a
    // full window, mostly answered by the table), on a budget of its own.
    search.config.max_nodes = nodes.saturating_add(config.max_nodes);
    let mut line = Vec::new();
    let mut position = state.clone();
    let mut target = score;
    while line.len() < 500 && game.status(&position) == Status::Ongoing {
        let me = game.side_to_move(&position);
        let mut moves = Vec::new();
        game.legal_moves(&position, &mut moves);
        // The table's best move first: it usually keeps the value, and trying others first
        // could spend the line's budget on a move beyond reach.
        if let Some(&(_, _, best)) = search.table.get(&node_key(game, &position))
            && usize::from(best) < moves.len()
        {
            moves.swap(0, usize::from(best));
        }
        let mut next = None;
        for mv in moves {
            let mut child = position.clone();
            game.play_unchecked(&mut child, &mv);
            let child_score = search.value_for(&child, me);
            match child_score {
                Some(s) if s == target => {
                    next = Some((mv, child));
                    break;
                }
                // Beyond the budget: another move may still be proven.
                Some(_) | None => {}
            }
        }
        let Some((mv, child)) = next else { break };
        line.push(mv);
        if game.status(&child) == Status::Ongoing && game.side_to_move(&child) != me {
            target = -target;
        }
        position = child;
    }
    Solution {
        value: Value::from_score(score),
        line,
        nodes,
    }
}

/// [`solve`], and where it answers [`Value::Unknown`], races: a win the side to move can
/// force within `config.max_depth` plies proves a win, one its opponent can force proves a
/// loss ([`crate::distance::race`], each on a budget of `config.max_nodes` positions). This
/// reaches end games whose whole tree is out of reach but whose decisive lines are short — a
/// Seven Sages point a few plies away, a Tower of Power capture — where [`solve`]'s
/// depth-first search follows long lines past its depth budget first. A draw is never proven
/// this way. The line is the race's: a fastest win against the longest defence.
pub fn solve_or_race<G: Game>(
    game: &G,
    state: &G::State,
    config: &SolveConfig,
) -> Solution<G::Move> {
    let solution = solve(game, state, config);
    if solution.value != Value::Unknown || game.status(state) != Status::Ongoing {
        return solution;
    }
    let me = game.side_to_move(state);
    let mut nodes = solution.nodes;
    for (attacker, value) in [(me, Value::Win), (me.opponent(), Value::Loss)] {
        let found = crate::distance::race(game, state, attacker, config);
        nodes += found.nodes;
        if let crate::distance::Race::WinIn(_) = found.outcome {
            return Solution {
                value,
                line: found.line,
                nodes,
            };
        }
    }
    Solution {
        value: Value::Unknown,
        line: Vec::new(),
        nodes,
    }
}

/// The value of each legal move of `state` for the side to move (the value of the position
/// after it, seen from the mover), in the engine's move order, with the positions visited so
/// far. One table serves every move, so what one move's proof learns shortens the next; the
/// budget `max_nodes` applies to each move.
pub fn solve_moves<G: Game>(
    game: &G,
    state: &G::State,
    config: &SolveConfig,
) -> Vec<(G::Move, Value, u64)> {
    let me = game.side_to_move(state);
    let mut search = Search {
        game,
        config: *config,
        nodes: 0,
        table: HashMap::new(),
    };
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            game.play_unchecked(&mut child, &mv);
            search.config.max_nodes = search.nodes.saturating_add(config.max_nodes);
            let score = search.value_for(&child, me);
            let value = score.map_or(Value::Unknown, Value::from_score);
            (mv, value, search.nodes)
        })
        .collect()
}

/// A winning strategy for the side to move in `state`, as a certificate: for every position
/// the winner reaches with the move to play (as `(position text, move text)` in the order
/// they were found), such that every reply of the loser leads to another listed position or
/// to the winner's win. `None` when the position is not proven a win within the budget
/// (each proof step gets `config.max_nodes`), or when the strategy would list more than
/// `max_positions` positions.
///
/// Positions are told apart by their text, so a checker needs nothing but the game's moves
/// and texts ([`check_certificate`], which also gives the compact form [`check_strategy`]
/// reads).
pub fn certificate<G: Game>(
    game: &G,
    state: &G::State,
    config: &SolveConfig,
    max_positions: usize,
) -> Option<Vec<(String, String)>> {
    let winner = game.side_to_move(state);
    let mut search = Search {
        game,
        config: *config,
        nodes: 0,
        table: HashMap::new(),
    };
    let mut chosen: HashMap<String, String> = HashMap::new();
    let mut order = Vec::new();
    let mut seen_loser: std::collections::HashSet<u64> = std::collections::HashSet::new();
    let mut stack = vec![state.clone()];
    while let Some(position) = stack.pop() {
        match game.status(&position) {
            Status::Finished(result) if result.winner == Some(winner) => continue,
            Status::Finished(_) => return None,
            Status::Ongoing => {}
        }
        let mut moves = Vec::new();
        game.legal_moves(&position, &mut moves);
        if game.side_to_move(&position) == winner {
            let text = position.to_string();
            if chosen.contains_key(&text) {
                continue;
            }
            // Among winning moves, the one that leaves the fewest replies keeps the strategy
            // small: an immediate win first, then the most forcing move.
            let mut winning = None;
            for (mv, child) in by_fewest_replies(game, &position, moves) {
                search.config.max_nodes = search.nodes.saturating_add(config.max_nodes);
                let wins = search.value_for(&child, winner)? == 1;
                if wins {
                    winning = Some((mv, child));
                    break;
                }
            }
            let (mv, child) = winning?;
            chosen.insert(text.clone(), mv.to_string());
            order.push((text, mv.to_string()));
            if order.len() > max_positions {
                return None;
            }
            stack.push(child);
        } else {
            if !seen_loser.insert(node_key(game, &position)) {
                continue;
            }
            for mv in moves {
                let mut child = position.clone();
                game.play_unchecked(&mut child, &mv);
                stack.push(child);
            }
        }
    }
    Some(order)
}

/// Checks a certificate ([`certificate`]) from `state` using only the game's legal moves,
/// `play_unchecked`, status and texts: the side to move plays the listed move in each of its
/// positions, every reply of the other side is followed, and every line must end in a win
/// for the side that moved first. Returns the winner's moves in the order of the walk — a
/// compact certificate that [`check_strategy`] (or any checker walking the same way) reads
/// without the positions.
///
/// # Errors
/// A position of the winner missing from the certificate, a listed move that is not legal,
/// or a line that ends otherwise than in the winner's win.
pub fn check_certificate<G: Game>(
    game: &G,
    state: &G::State,
    certificate: &HashMap<String, String>,
) -> Result<Vec<String>, String> {
    walk(game, state, |text| {
        certificate
            .get(text)
            .cloned()
            .ok_or_else(|| format!("no move listed for `{text}`"))
    })
}

/// Checks a compact certificate: the winner's moves in the order of the walk (see
/// [`check_certificate`]). Returns how many moves were used; all must be.
///
/// # Errors
/// As [`check_certificate`], or moves left over or missing.
pub fn check_strategy<G: Game>(
    game: &G,
    state: &G::State,
    moves: &[String],
) -> Result<usize, String> {
    let mut next = moves.iter();
    let used = walk(game, state, |text| {
        next.next()
            .cloned()
            .ok_or_else(|| format!("the strategy ends before `{text}`"))
    })?;
    if used.len() != moves.len() {
        return Err(format!("{} moves left over", moves.len() - used.len()));
    }
    Ok(used.len())
}

/// The walk both checks share: depth first from `state`, children in the engine's move
/// order pushed on a stack, each node (position and history) visited once; `choose` names
/// the winner's move in each of its positions.
fn walk<G: Game>(
    game: &G,
    state: &G::State,
    mut choose: impl FnMut(&str) -> Result<String, String>,
) -> Result<Vec<String>, String> {
    let winner = game.side_to_move(state);
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![state.clone()];
    let mut played = Vec::new();
    while let Some(position) = stack.pop() {
        if let Status::Finished(result) = game.status(&position) {
            if result.winner == Some(winner) {
                continue;
            }
            return Err(format!("the line ending in `{position}` is not won"));
        }
        if !seen.insert(node_key(game, &position)) {
            continue;
        }
        let mut moves = Vec::new();
        game.legal_moves(&position, &mut moves);
        if game.side_to_move(&position) == winner {
            let text = position.to_string();
            let listed = choose(&text)?;
            let mv = moves
                .into_iter()
                .find(|m| m.to_string() == listed)
                .ok_or_else(|| format!("`{listed}` is not legal in `{text}`"))?;
            let mut child = position.clone();
            game.play_unchecked(&mut child, &mv);
            stack.push(child);
            played.push(listed);
        } else {
            for mv in moves {
                let mut child = position.clone();
                game.play_unchecked(&mut child, &mv);
                stack.push(child);
            }
        }
    }
    Ok(played)
}

/// `moves` of `state` with the positions they lead to, the moves that leave the fewest
/// replies first (a win at once has none), ties in the engine's order: the order in which
/// winning moves are chosen, so that strategies and proofs stay small.
fn by_fewest_replies<G: Game>(
    game: &G,
    state: &G::State,
    moves: Vec<G::Move>,
) -> Vec<(G::Move, G::State)> {
    let mut candidates: Vec<(usize, G::Move, G::State)> = moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            game.play_unchecked(&mut child, &mv);
            let replies = if game.status(&child).is_finished() {
                0
            } else {
                let mut replies = Vec::new();
                game.legal_moves(&child, &mut replies);
                replies.len()
            };
            (replies, mv, child)
        })
        .collect();
    candidates.sort_by_key(|(replies, _, _)| *replies);
    candidates
        .into_iter()
        .map(|(_, mv, child)| (mv, child))
        .collect()
}

/// An end-game oracle: a perfect move for a position where it knows one (an end-game table
/// built by the game's own analysis), else `None`, with its verdict for the report. The game
/// crates do not depend on this crate, so a program that knows both hands the oracle to
/// [`Perfect::with_oracle`] (the `tower-games` registry does for Tower of Power's tables).
pub type Oracle<G> = std::sync::Arc<
    dyn Fn(
            &G,
            &<G as board_kernel::Rules>::State,
        ) -> Option<(<G as board_kernel::Rules>::Move, String)>
        + Send
        + Sync,
>;

/// The player that plays by the solver: a proven win when there is one, else a proven draw,
/// else (every move lost, or too deep to prove within its budget) what its fallback player,
/// MCTS, chooses — a lost position is played on as a good human would, hoping for a mistake.
///
/// Its budget of positions (`config.max_nodes`) is shared by all the proofs of a move, so a
/// move takes a bounded time even where nothing can be proven. Its transposition table lives
/// from move to move, so the first move pays for the proof and
/// the following ones are mostly answered from the table. Among winning moves it takes the
/// one that leaves the opponent the fewest replies (as [`certificate`] does), which keeps the
/// proofs of the next moves small. From Kamisado's initial position as White (a proven win)
/// it never loses, whatever Black does. Where it was given an [`Oracle`] that knows the
/// position, the oracle's move is played without a search.
pub struct Perfect<G: Game> {
    config: SolveConfig,
    table: HashMap<u64, (i8, Bound, u16)>,
    fallback: crate::Mcts<G>,
    oracle: Option<Oracle<G>>,
    report: Option<String>,
}

impl<G: Game> Perfect<G> {
    /// A perfect player whose proofs visit at most `config.max_nodes` positions per move,
    /// its fallback seeded with `seed`.
    #[must_use]
    pub fn new(config: SolveConfig, seed: u64) -> Perfect<G> {
        Perfect {
            config,
            table: HashMap::new(),
            fallback: crate::Mcts::new(crate::MctsConfig::default(), seed),
            oracle: None,
            report: None,
        }
    }

    /// The player asking `oracle` first in every position, before any search.
    #[must_use]
    pub fn with_oracle(mut self, oracle: Oracle<G>) -> Perfect<G> {
        self.oracle = Some(oracle);
        self
    }
}

impl<G: Game> crate::Player<G> for Perfect<G> {
    fn name(&self) -> String {
        crate::PlayerSpec::Perfect(u32::try_from(self.config.max_nodes).unwrap_or(u32::MAX))
            .to_string()
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Move> {
        if game.status(state).is_finished() {
            return None;
        }
        if let Some((mv, verdict)) = self.oracle.as_ref().and_then(|ask| ask(game, state)) {
            self.report = Some(format!("{verdict} (the end-game table)"));
            return Some(mv);
        }
        let me = game.side_to_move(state);
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        let candidates = by_fewest_replies(game, state, moves);
        let mut search = Search {
            game,
            config: self.config,
            nodes: 0,
            table: std::mem::take(&mut self.table),
        };
        let (mut draw, mut lost, mut unknown) = (None, 0, 0);
        let mut win = None;
        // One budget for the whole move, not one per candidate: with hundreds of moves
        // beyond reach, a budget each would make a single move take hours.
        for (mv, child) in candidates {
            let score = search.value_for(&child, me);
            match score {
                Some(1) => {
                    win = Some(mv);
                    break;
                }
                Some(0) if draw.is_none() => draw = Some(mv),
                Some(0) => {}
                Some(_) => lost += 1,
                None => unknown += 1,
            }
        }
        let nodes = search.nodes;
        self.table = search.table;
        let (choice, verdict) = if let Some(mv) = win {
            (Some(mv), "a proven win".to_owned())
        } else if let Some(mv) = draw {
            // A proven draw is kept even when some moves are beyond the budget: they might
            // win, but they might lose.
            (Some(mv), "a proven draw".to_owned())
        } else {
            let verdict = if unknown == 0 {
                "every move loses; MCTS plays on".to_owned()
            } else {
                format!("{lost} moves lose, {unknown} beyond the budget; MCTS chooses")
            };
            (
                crate::Player::choose(&mut self.fallback, game, state),
                verdict,
            )
        };
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        self.report = Some(format!(
            "{verdict} ({} searched, {} in the table)",
            plural(usize::try_from(nodes).unwrap_or(usize::MAX), "position"),
            self.table.len()
        ));
        choice
    }

    fn report(&self) -> Option<String> {
        self.report.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::testing::{Nim, NimOptions};

    /// Plain minimax to the end, no pruning and no table: the reference the solver must match.
    fn minimax<G: Game>(game: &G, state: &G::State) -> i8 {
        let me = game.side_to_move(state);
        if let Some(end) = Search::<G>::terminal(game.status(state), me) {
            return end;
        }
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        moves
            .iter()
            .map(|mv| {
                let mut child = state.clone();
                game.play_unchecked(&mut child, mv);
                match Search::<G>::terminal(game.status(&child), me) {
                    Some(end) => end,
                    None if game.side_to_move(&child) == me => minimax(game, &child),
                    None => -minimax(game, &child),
                }
            })
            .max()
            .expect("an ongoing state has a move")
    }

    #[test]
    fn nim_values_match_exhaustive_minimax() {
        for stones in 1..=14 {
            for max_take in 1..=4 {
                let options = NimOptions { stones, max_take };
                let Ok(game) = Nim::with_options(options) else {
                    continue;
                };
                let start = game.initial_state();
                let expected = Value::from_score(minimax(&game, &start));
                let solution = solve(&game, &start, &SolveConfig::default());
                assert_eq!(solution.value, expected, "{stones} stones, take {max_take}");
                assert!(!solution.line.is_empty());
            }
        }
    }

    #[test]
    fn each_moves_value_matches_minimax_of_the_position_after_it() {
        let game = Nim::with_options(NimOptions {
            stones: 13,
            max_take: 4,
        })
        .unwrap();
        let start = game.initial_state();
        let me = game.side_to_move(&start);
        let values = solve_moves(&game, &start, &SolveConfig::default());
        assert_eq!(values.len(), 4);
        for (mv, value, _) in values {
            let mut child = start;
            game.play_unchecked(&mut child, &mv);
            let expected = match Search::<Nim>::terminal(game.status(&child), me) {
                Some(end) => end,
                None if game.side_to_move(&child) == me => minimax(&game, &child),
                None => -minimax(&game, &child),
            };
            assert_eq!(value, Value::from_score(expected), "{mv}");
        }
    }

    #[test]
    fn nim_certificates_check_and_a_wrong_one_does_not() {
        let game = Nim::with_options(NimOptions {
            stones: 14,
            max_take: 3,
        })
        .unwrap();
        let start = game.initial_state();
        let listed = certificate(&game, &start, &SolveConfig::default(), 1_000).unwrap();
        let mut map: HashMap<String, String> = listed.into_iter().collect();
        let strategy = check_certificate(&game, &start, &map).unwrap();
        assert_eq!(check_strategy(&game, &start, &strategy), Ok(strategy.len()));
        assert!(check_strategy(&game, &start, &strategy[1..]).is_err());
        let (text, _) = map
            .iter()
            .next()
            .map(|(k, v)| (k.clone(), v.clone()))
            .unwrap();
        map.remove(&text);
        assert!(check_certificate(&game, &start, &map).is_err());
        // A lost position has no certificate.
        let lost = Nim::with_options(NimOptions {
            stones: 12,
            max_take: 3,
        })
        .unwrap();
        assert!(
            certificate(&lost, &lost.initial_state(), &SolveConfig::default(), 1_000).is_none()
        );
    }

    #[test]
    fn a_small_budget_answers_unknown() {
        let game = Nim::with_options(NimOptions {
            stones: 30,
            ..NimOptions::default()
        })
        .unwrap();
        let solution = solve(
            &game,
            &game.initial_state(),
            &SolveConfig {
                max_nodes: 3,
                ..SolveConfig::default()
            },
        );
        assert_eq!(solution.value, Value::Unknown);
        assert!(solution.line.is_empty());
    }
}
