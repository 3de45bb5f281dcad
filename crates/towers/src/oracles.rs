//! End-game oracles: the games' own end-game tables offered to the perfect player
//! ([`game_ai::solver::register_oracle`]). Game crates do not depend on `game-ai`, so the
//! link is made here, where both are known; the `towers` tool registers them at start.

use std::sync::{Arc, Mutex, PoisonError};

use board_kernel::Game;
use tower_of_power::endgame::{self, LoneStoneTable};
use tower_of_power::{Move, Options, State, TowerOfPower};

/// The largest Tower of Power table the oracle builds when a game reaches it: four stones
/// against one (about 25 s and 340 MB, once per process). Five against one would take ten
/// minutes and 5 GB in the middle of a game.
pub const TOWER_OF_POWER_MAX_STONES: usize = 4;

/// Registers every game's end-game oracle with the perfect player.
pub fn register() {
    game_ai::solver::register_oracle::<TowerOfPower>(tower_of_power_move);
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
