//! Winning strategies written out so that a checker needs nothing but the game's moves and
//! texts: [`certificate`] makes one from the solver's proofs, [`check_certificate`] and
//! [`check_strategy`] replay one against every reply, [`strategy_table`] lists it.

use std::collections::{HashMap, HashSet};

use board_kernel::Status;
use board_kernel::perft::node_key;
use board_kernel::prelude::*;

use super::prover::{Prover, Table, by_fewest_replies};
use crate::limits::SolveConfig;

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
    let mut prover = Prover::new(game, config, Table::new());
    let mut chosen: HashMap<String, String> = HashMap::new();
    let mut order = Vec::new();
    let mut seen_loser: HashSet<u64> = HashSet::new();
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
                by_fewest_replies(game, &position, moves, config.max_nodes, &prover.limits);
            for mv in candidates {
                let mut child = position.clone();
                game.play_unchecked(&mut child, &mv);
                prover.config.max_nodes = prover.nodes.saturating_add(config.max_nodes);
                let wins = prover.value_for(&child, winner)? == 1;
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
    let mut seen = HashSet::new();
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
