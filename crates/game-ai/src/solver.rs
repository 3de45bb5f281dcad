//! An exact solver: who wins a position with perfect play.
//!
//! Alpha-beta over the three values win, draw and loss (for the side to move), searched to
//! the end of the game with no depth limit and no evaluation, and a transposition table keyed
//! by [`board_kernel::perft::node_key`] (the position and its repetition history, so positions
//! are merged only when their futures are the same). Moves that end the game at once are tried
//! first, then the move the table remembers. The search stops with [`Value::Unknown`] when it
//! has visited `max_nodes` positions, or reached its time or memory bound ([`SolveConfig`]):
//! games whose lines run long (Tower of Power, Queens' Courtiers from the start) are out of
//! reach, and the answer says so instead of guessing.
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
use std::time::Duration;

use board_kernel::perft::node_key;
use board_kernel::prelude::*;
use board_kernel::{Side, Status};

use crate::Budget;
pub use crate::budget::SolveConfig;
use crate::budget::{Limits, path_bytes};
use crate::clock;
use crate::control::{self, Control, Progress, Score, Stop};

/// The value of a position for the side to move, with perfect play by both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
    /// The budget (of positions, depth, time or memory) ran out first.
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
    limits: Limits,
    /// The flag of the perfect player's control.
    stop: Option<Stop>,
    /// The time ([`clock::now_ms`]) the control's budget says the proofs must stop at.
    deadline: Option<f64>,
    /// Set once the flag or the deadline stopped the search: every proof then answers
    /// "beyond the budget".
    interrupted: bool,
}

/// A move of a position on the path, as the search orders it: the move's index in the list,
/// the score for the mover when it ends the game at once, and the sort key.
struct Child {
    /// Not a win at once, not the table's best move, a win at once for the opponent after it,
    /// ends the game at once, the opponent's replies.
    key: (bool, bool, bool, bool, usize),
    index: usize,
    end: Option<i8>,
}

impl<'g, G: Game> Search<'g, G> {
    /// A search of `game` under `config`, with an empty table (or `table`), its clock
    /// starting now.
    fn new(game: &'g G, config: &SolveConfig, table: HashMap<u64, (i8, Bound, u16)>) -> Self {
        Search {
            game,
            config: *config,
            nodes: 0,
            table,
            limits: Limits::new(config),
            stop: None,
            deadline: None,
            interrupted: false,
        }
    }

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
    /// many moves it has; `None` when the time is up.
    fn threat(&self, state: &G::State) -> Option<(bool, usize)> {
        if self.limits.out_of_time() {
            return None;
        }
        let side = self.game.side_to_move(state);
        let mut moves = Vec::new();
        self.game.legal_moves(state, &mut moves);
        let wins = moves.iter().any(|mv| {
            let mut child = state.clone();
            self.game.play_unchecked(&mut child, mv);
            Self::terminal(self.game.status(&child), side) == Some(1)
        });
        Some((wins, moves.len()))
    }

    /// The score (−1, 0, 1) of `state` for its side to move within `alpha..beta`, or `None`
    /// when the budget ran out.
    fn score(&mut self, state: &G::State, alpha: i8, beta: i8, depth: u32) -> Option<i8> {
        let me = self.game.side_to_move(state);
        if let Some(score) = Self::terminal(self.game.status(state), me) {
            return Some(score);
        }
        self.nodes += 1;
        if self.nodes > self.config.max_nodes
            || depth >= self.config.max_depth
            || self.limits.out_of_time()
        {
            return None;
        }
        if self.nodes & 1023 == 0 && control::due(self.stop.as_ref(), self.deadline) {
            self.interrupted = true;
        }
        if self.interrupted {
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
        // The children are kept as moves and played again when searched: a state per move
        // on every level of the path would hold the path's width times its depth in states.
        let mut children = Vec::with_capacity(moves.len());
        let mut win_at_once = None;
        for (i, mv) in moves.iter().enumerate() {
            let mut child = state.clone();
            self.game.play_unchecked(&mut child, mv);
            let end = Self::terminal(self.game.status(&child), me);
            if end == Some(1) {
                // Nothing beats it, and it would be searched first.
                win_at_once = Some(i);
                break;
            }
            // Order: the table's best move first, then moves after which the opponent
            // cannot win at once, fewest replies first (forcing moves prove fastest); moves
            // that end the game otherwise last. Looking one reply ahead pays where moves are
            // few (Kamisado); in wide games it would cost more than it saves.
            let (threat, replies) = match end {
                None if moves.len() <= THREAT_WIDTH => self.threat(&child)?,
                _ => (false, 0),
            };
            children.push(Child {
                key: (true, Some(i) != first, threat, end.is_some(), replies),
                index: i,
                end,
            });
        }
        let (best_score, best_index) = match win_at_once {
            Some(i) => (1, i),
            None => {
                children.sort_by_key(|c| c.key);
                let held = path_bytes(self.game, state, &moves, std::mem::size_of::<Child>());
                if !self.limits.hold(held) {
                    return None;
                }
                let searched = self.search_children(state, &moves, &children, alpha, beta, depth);
                self.limits.release(held);
                searched?
            }
        };
        let bound = if best_score <= alpha {
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

    /// The best score of `state`'s `children` (in their order) within `alpha..beta`, and the
    /// index of the move that gives it; `None` beyond the budget.
    fn search_children(
        &mut self,
        state: &G::State,
        moves: &[G::Move],
        children: &[Child],
        mut alpha: i8,
        beta: i8,
        depth: u32,
    ) -> Option<(i8, usize)> {
        let me = self.game.side_to_move(state);
        let mut best_score = -2;
        let mut best_index = 0;
        for child in children {
            let i = child.index;
            let score = match child.end {
                Some(end) => end,
                None => {
                    let mut next = state.clone();
                    self.game.play_unchecked(&mut next, &moves[i]);
                    if self.game.side_to_move(&next) == me {
                        self.score(&next, alpha, beta, depth + 1)?
                    } else {
                        -self.score(&next, -beta, -alpha, depth + 1)?
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
        Some((best_score, best_index))
    }
}

/// Solves `state`: its value for the side to move with perfect play, a line of best moves and
/// the nodes visited.
pub fn solve<G: Game>(game: &G, state: &G::State, config: &SolveConfig) -> Solution<G::Move> {
    let mut search = Search::new(game, config, HashMap::new());
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
                // The time is up: the line ends here.
                None if search.limits.out_of_time() => break,
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
    let limits = Limits::new(config);
    let solution = solve(game, state, config);
    if solution.value != Value::Unknown || game.status(state) != Status::Ongoing {
        return solution;
    }
    let me = game.side_to_move(state);
    let mut nodes = solution.nodes;
    for (attacker, value) in [(me, Value::Win), (me.opponent(), Value::Loss)] {
        let config = SolveConfig {
            max_time: limits.left(),
            ..*config
        };
        let found = crate::distance::race(game, state, attacker, &config);
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
    let mut search = Search::new(game, config, HashMap::new());
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
    let mut search = Search::new(game, config, HashMap::new());
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
            let candidates =
                by_fewest_replies(game, &position, moves, config.max_nodes, &search.limits);
            for mv in candidates {
                let mut child = position.clone();
                game.play_unchecked(&mut child, &mv);
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

/// The certificate as a table that needs no order of moves: `(position text, move)` for
/// every position of the winner that the strategy reaches from `state` against every reply,
/// sorted (by text, then move; a position reached with several histories is listed once).
///
/// # Errors
/// As [`check_certificate`].
pub fn strategy_table<G: Game>(
    game: &G,
    state: &G::State,
    certificate: &HashMap<String, String>,
) -> Result<Vec<(String, String)>, String> {
    let mut table = Vec::new();
    walk(game, state, |text| {
        let listed = certificate
            .get(text)
            .cloned()
            .ok_or_else(|| format!("no move listed for `{text}`"))?;
        table.push((text.to_owned(), listed.clone()));
        Ok(listed)
    })?;
    table.sort_unstable();
    table.dedup();
    Ok(table)
}

/// The walk both checks share: depth first from `state`, each node (the position with its
/// repetition history) visited once; in the loser's positions the positions after every
/// legal move are pushed on a stack in the byte order of the moves' texts (so the walk goes
/// on from the last), whatever order the engine lists them in; `choose` names the winner's
/// move in each of its positions.
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
            let mut replies: Vec<(String, G::Move)> =
                moves.into_iter().map(|mv| (mv.to_string(), mv)).collect();
            replies.sort_by(|a, b| a.0.cmp(&b.0));
            for (_, mv) in replies {
                let mut child = position.clone();
                game.play_unchecked(&mut child, &mv);
                stack.push(child);
            }
        }
    }
    Ok(played)
}

/// `moves` of `state`, the moves that leave the fewest replies first (a win at once has
/// none), ties in the engine's order: the order in which winning moves are chosen, so that
/// strategies and proofs stay small. Counting a move's replies lists them, as visiting its
/// position would; so the moves keep the engine's order when there are more of them than
/// `budget` (the positions the proofs may visit: the count then at most doubles the work),
/// or when `limits`' time runs out while they are counted.
fn by_fewest_replies<G: Game>(
    game: &G,
    state: &G::State,
    moves: Vec<G::Move>,
    budget: u64,
    limits: &Limits,
) -> Vec<G::Move> {
    if u64::try_from(moves.len()).unwrap_or(u64::MAX) > budget {
        return moves;
    }
    let mut replies = Vec::new();
    let mut counts = Vec::with_capacity(moves.len());
    for mv in &moves {
        if limits.out_of_time() {
            return moves;
        }
        let mut child = state.clone();
        game.play_unchecked(&mut child, mv);
        counts.push(if game.status(&child).is_finished() {
            0
        } else {
            game.count_moves(&child, &mut replies)
        });
    }
    let mut order: Vec<(usize, G::Move)> = counts.into_iter().zip(moves).collect();
    order.sort_by_key(|(replies, _)| *replies);
    order.into_iter().map(|(_, mv)| mv).collect()
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
/// Its budget of positions (`config.max_nodes`) and of time (`config.max_time`) is shared
/// by all the proofs of a move, so a move takes a bounded time even where nothing can be
/// proven; when the time runs out first, it plays the first move not proven lost instead of
/// asking MCTS, whose thousand iterations may take long where positions have hundreds of
/// thousands of moves. Its transposition table lives
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
        let budget = match (self.config.max_nodes, self.config.max_time) {
            (u64::MAX, Some(time)) => crate::Budget::Time(time),
            (positions, _) => crate::Budget::Count(u32::try_from(positions).unwrap_or(u32::MAX)),
        };
        crate::PlayerSpec::Perfect(budget).to_string()
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Move> {
        self.choose_with(game, state, &mut Control::default())
    }

    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        control: &mut Control<'_, G::Move>,
    ) -> Option<G::Move> {
        if game.status(state).is_finished() {
            return None;
        }
        let started = clock::now_ms();
        if let Some((mv, verdict)) = self.oracle.as_ref().and_then(|ask| ask(game, state)) {
            self.report = Some(format!("{verdict} (the end-game table)"));
            if control.listening() {
                control.report(&Progress {
                    depth: 1,
                    nodes: 0,
                    score: Score::Estimate(0.0),
                    elapsed: clock::since(started),
                    line: vec![mv.clone()],
                });
            }
            return Some(mv);
        }
        let me = game.side_to_move(state);
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        let mut config = self.config;
        if let Some(Budget::Count(positions)) = control.budget {
            config.max_nodes = u64::from(positions);
        }
        // A time budget is a deadline here; the proofs take half of the time, leaving the
        // rest to the fallback when nothing is proven.
        let limit = control.time_limit(control.budget.unwrap_or(Budget::Count(0)), started);
        // One budget (of positions and of time) for the whole move, not one per candidate:
        // with hundreds of moves beyond reach, a budget each would make a single move take
        // hours.
        let mut search = Search::new(game, &config, std::mem::take(&mut self.table));
        search.stop = control.stop.clone();
        search.deadline = limit.map(|at| started + (at - started) / 2.0);
        let candidates = by_fewest_replies(game, state, moves, config.max_nodes, &search.limits);
        let (mut draw, mut lost, mut unknown) = (None, 0, 0);
        let (mut win, mut first_unknown) = (None, None);
        for mv in candidates {
            let mut child = state.clone();
            game.play_unchecked(&mut child, &mv);
            match search.value_for(&child, me) {
                Some(1) => {
                    win = Some(mv);
                    break;
                }
                Some(0) if draw.is_none() => draw = Some(mv),
                Some(0) => {}
                Some(_) => lost += 1,
                None => {
                    unknown += 1;
                    first_unknown.get_or_insert(mv);
                }
            }
        }
        let nodes = search.nodes;
        let out_of_time = search.limits.out_of_time() || search.interrupted;
        self.table = search.table;
        let proven = |mv: &G::Move, score: Score| Progress {
            depth: 1,
            nodes,
            score,
            elapsed: clock::since(started),
            line: vec![mv.clone()],
        };
        let (choice, verdict) = if let Some(mv) = win {
            if control.listening() {
                control.report(&proven(&mv, Score::Win(None)));
            }
            (Some(mv), "a proven win".to_owned())
        } else if let Some(mv) = draw {
            // A proven draw is kept even when some moves are beyond the budget: they might
            // win, but they might lose.
            if control.listening() {
                control.report(&proven(&mv, Score::Draw));
            }
            (Some(mv), "a proven draw".to_owned())
        } else if let Some(mv) = first_unknown.filter(|_| out_of_time) {
            // The move's time is spent, and MCTS would take more: the first move not proven
            // lost, the most forcing where the moves were ordered.
            let verdict = format!(
                "{lost} moves lose, {unknown} beyond the budget; out of time, the first of those"
            );
            (Some(mv), verdict)
        } else {
            let verdict = if unknown == 0 {
                "every move loses; MCTS plays on".to_owned()
            } else {
                format!("{lost} moves lose, {unknown} beyond the budget; MCTS chooses")
            };
            // The fallback answers to the same flag and deadline, on its own budget.
            let stop = control.stop.clone();
            let deadline =
                limit.map(|at| Duration::from_secs_f64((at - clock::now_ms()).max(0.0) / 1000.0));
            let listening = control.listening();
            let mut forward = |p: &Progress<G::Move>| control.report(p);
            let mut fallback = Control {
                stop,
                budget: None,
                deadline,
                progress: if listening { Some(&mut forward) } else { None },
            };
            (
                crate::Player::choose_with(&mut self.fallback, game, state, &mut fallback),
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
    use board_kernel::steps::TurnStep;
    use board_kernel::testing::{Nim, NimOptions, NimState, Take};
    use board_kernel::{Illegal, ParseError, RuleBook, Valid};
    use std::cell::Cell;
    use std::time::Duration;

    thread_local! {
        /// Move listings (and counts) made by [`Listed`] on this thread.
        static LISTINGS: Cell<u64> = const { Cell::new(0) };
    }

    /// Nim that counts how often its moves are listed or counted: the unit of a search's
    /// work, which its budget of positions must bound.
    #[derive(Clone, Debug)]
    struct Listed(Nim);

    impl Rules for Listed {
        const NAME: &'static str = "listed-nim";
        const TITLE: &'static str = "Nim, listings counted";
        type Options = NimOptions;
        type State = NimState;
        type Move = Take;
        fn new(options: Valid<NimOptions>) -> Self {
            Listed(Nim::new(options))
        }
        fn options(&self) -> &NimOptions {
            self.0.options()
        }
        fn initial_state(&self) -> NimState {
            self.0.initial_state()
        }
        fn side_to_move(&self, state: &NimState) -> Side {
            self.0.side_to_move(state)
        }
        fn status(&self, state: &NimState) -> Status {
            self.0.status(state)
        }
        fn legal_moves(&self, state: &NimState, moves: &mut Vec<Take>) {
            LISTINGS.with(|n| n.set(n.get() + 1));
            self.0.legal_moves(state, moves);
        }
        fn play_unchecked(&self, state: &mut NimState, mv: &Take) {
            self.0.play_unchecked(state, mv);
        }
        fn check_move(&self, state: &NimState, mv: &Take) -> Result<(), Illegal> {
            self.0.check_move(state, mv)
        }
        fn parse_move(&self, state: &NimState, text: &str) -> Result<Take, ParseError> {
            self.0.parse_move(state, text)
        }
        fn parse_position(&self, text: &str) -> Result<NimState, ParseError> {
            self.0.parse_position(text)
        }
        fn key(&self, state: &NimState) -> u64 {
            self.0.key(state)
        }
    }

    impl board_kernel::Search for Listed {}

    impl board_kernel::observe::Observe for Listed {}

    impl Steps for Listed {
        fn move_steps(&self, state: &NimState, mv: &Take, out: &mut Vec<TurnStep>) {
            self.0.move_steps(state, mv, out);
        }
    }

    impl Presentation for Listed {
        fn diagram(&self, state: &NimState) -> String {
            self.0.diagram(state)
        }
        fn rule_book() -> RuleBook {
            Nim::rule_book()
        }
    }

    /// The listings `run` makes.
    fn listings(run: impl FnOnce()) -> u64 {
        let before = LISTINGS.with(Cell::get);
        run();
        LISTINGS.with(Cell::get) - before
    }

    /// A pile of a million stones, a thousand moves a position, too deep to prove.
    fn wide() -> Listed {
        Listed::with_options(NimOptions {
            stones: 1_000_000,
            max_take: 1000,
        })
        .unwrap()
    }

    #[test]
    fn a_search_lists_moves_about_once_a_position_however_wide() {
        let game = wide();
        let start = game.initial_state();
        for budget in [1, 10, 300] {
            let config = SolveConfig {
                max_nodes: budget,
                ..SolveConfig::default()
            };
            // The solver and the two races, each within the budget.
            let mut solution = None;
            let made = listings(|| solution = Some(solve_or_race(&game, &start, &config)));
            assert_eq!(solution.unwrap().value, Value::Unknown);
            assert!(made <= 3 * budget, "{made} listings for {budget} positions");
            // A perfect player's move: its budget, and as much again to order its moves,
            // besides what its fallback, MCTS with its own budget, lists.
            let mut player = Perfect::new(config, 1);
            let made = listings(|| {
                assert!(crate::Player::choose(&mut player, &game, &start).is_some());
            });
            let mut fallback = crate::Mcts::new(crate::MctsConfig::default(), 1);
            let fallback = listings(|| {
                assert!(crate::Player::choose(&mut fallback, &game, &start).is_some());
            });
            assert!(
                made - fallback <= 2 * budget,
                "{} listings for {budget} positions",
                made - fallback
            );
        }
    }

    #[test]
    fn a_time_limit_stops_a_search_that_its_positions_would_not() {
        let game = wide();
        let start = game.initial_state();
        let config = SolveConfig {
            max_nodes: u64::MAX,
            max_depth: 2_000,
            max_time: Some(Duration::from_millis(300)),
            ..SolveConfig::default()
        };
        let started = std::time::Instant::now();
        let solution = solve_or_race(&game, &start, &config);
        let took = started.elapsed();
        assert_eq!(solution.value, Value::Unknown);
        assert!(solution.nodes > 0);
        // Generous for a loaded machine; without the limit it would run for hours.
        assert!(took < Duration::from_secs(10), "{took:?}");
        // The perfect player: out of time, it plays the first move it could not prove lost.
        let mut player = Perfect::new(config, 1);
        let started = std::time::Instant::now();
        assert!(crate::Player::choose(&mut player, &game, &start).is_some());
        assert!(started.elapsed() < Duration::from_secs(10));
        let report = crate::Player::report(&player).unwrap();
        assert!(report.contains("out of time"), "{report}");
    }

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
