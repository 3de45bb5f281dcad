//! What the games know of their end games, for the perfect player: each game's end-game
//! tables as a [`game_ai::solver::Oracle`], part of its [`crate::knowledge`] (the browser
//! playground leaves them out: a 340 MB table has no place in a web page).

use std::any::Any;
use std::sync::{Arc, Mutex, PoisonError};

use board_kernel::prelude::*;
use game_ai::solver::Oracle;
use tower_of_power::endgame::{self, LoneStoneTable};
use tower_of_power::{Move, Options, State, TowerOfPower};

/// The largest Tower of Power table the oracle builds when a game reaches it: four stones
/// against one (built once per process, on first use; docs/AI.md gives its time and size).
/// Five against one is too large to build in the middle of a game.
pub const TOWER_OF_POWER_MAX_STONES: usize = 4;

/// The end-game oracle of game `G`, if it has one: Tower of Power's stones-against-a-lone-stone
/// tables.
#[must_use]
pub fn oracle<G: Game>() -> Option<Oracle<G>> {
    let tower_of_power: Oracle<TowerOfPower> = Arc::new(tower_of_power_move);
    let erased: Box<dyn Any> = Box::new(tower_of_power);
    erased.downcast::<Oracle<G>>().ok().map(|oracle| *oracle)
}

/// The table's best move where `state` is stones against a lone stone that a table covers
/// (`tower_of_power::endgame`), with its verdict.
fn tower_of_power_move(game: &TowerOfPower, state: &State) -> Option<(Move, String)> {
    let stones = endgame::strong_stones(state.board())?;
    if stones > TOWER_OF_POWER_MAX_STONES {
        return None;
    }
    let options = game.options();
    // Options no table fits (`LoneStoneTable::build` says which) leave it to the search.
    let table = tower_of_power_table(options, stones)?;
    let verdict = table.probe(state)?;
    let mv = table.best_move(game, state)?;
    Some((mv, verdict.to_string()))
}

/// The table for `options` and `stones`, built on first use and kept.
fn tower_of_power_table(options: &Options, stones: usize) -> Option<Arc<LoneStoneTable>> {
    type Tables = Vec<(Options, usize, Arc<LoneStoneTable>)>;
    static TABLES: Mutex<Tables> = Mutex::new(Vec::new());
    let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, _, table)) = tables.iter().find(|(o, n, _)| o == options && *n == stones) {
        return Some(Arc::clone(table));
    }
    let table = Arc::new(LoneStoneTable::build(options, stones).ok()?);
    tables.push((*options, stones, Arc::clone(&table)));
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_tower_of_power_has_an_oracle() {
        assert!(oracle::<TowerOfPower>().is_some());
        assert!(oracle::<kamisado::Kamisado>().is_none());
        assert!(oracle::<seven_sages::SevenSages>().is_none());
    }
}
