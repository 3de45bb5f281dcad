//! A game in memory: the stored row and the engine's position after its moves, and what
//! anyone may see of it (the state pushed to every connection, the record).

use board_kernel::erased::{DynGame, DynState};
use board_kernel::{Side, Status};
use serde_json::json;
use tower_games::record::{Record, option_pairs};
use tower_games::registry;

use crate::referee::{Action, Referee, Verdict, describe_adjudication};
use crate::store::{GameRow, Occupant, StoreError};

/// A game in memory: the stored row and the engine's position after its moves.
pub(crate) struct Live {
    pub(crate) row: GameRow,
    game: Box<dyn DynGame>,
    state: Box<dyn DynState>,
}

impl Live {
    /// Replays the row's moves with the engine.
    pub(crate) fn new(row: GameRow) -> Result<Live, StoreError> {
        let corrupt = |error: String| StoreError::Corrupt {
            id: row.id.clone(),
            what: "game",
            error,
        };
        let pairs = option_pairs(&row.options).map_err(corrupt)?;
        let game = registry::build(&row.game, &pairs).map_err(|e| corrupt(e.to_string()))?;
        let mut state = match &row.position {
            Some(text) => game
                .parse_position(text)
                .map_err(|e| corrupt(e.to_string()))?,
            None => game.initial_state(),
        };
        for mv in &row.moves {
            state
                .play(&mv.text)
                .map_err(|e| corrupt(format!("stored move {}: {e}", mv.text)))?;
        }
        Ok(Live { row, game, state })
    }

    fn to_move(&self) -> usize {
        self.state.side_to_move().index()
    }

    /// The position's snapshot, for a computer seat.
    pub(crate) fn snapshot(&self) -> String {
        self.state.snapshot_json()
    }

    /// The computer spec on the seat to move, if the game is live and a computer is to move.
    pub(crate) fn computer_to_move(&self) -> Option<(usize, String)> {
        if self.row.result.is_some() {
            return None;
        }
        match &self.row.players[self.to_move()] {
            Occupant::Computer(spec) => Some((self.to_move(), spec.clone())),
            Occupant::Person(_) => None,
        }
    }

    /// Everything anyone watching may see, at `now` (no token).
    pub(crate) fn view(&self, now: i64) -> serde_json::Value {
        let row = &self.row;
        let to_move = self.to_move();
        let running = row.clock.turn_started_ms.is_some() && row.result.is_none();
        let status = match (&row.result, self.state.status()) {
            (Some(result), Status::Ongoing) => describe_adjudication(&*self.game, result),
            _ => self.state.describe_status(),
        };
        json!({
            "type": "state",
            "id": row.id,
            "game": row.game,
            "title": self.game.title(),
            "sides": [self.game.side_name(Side::White), self.game.side_name(Side::Black)],
            "options": row.options,
            "position": row.position,
            "players": row.players,
            "moves": row.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(),
            "to_move": to_move,
            "finished": row.result.is_some(),
            "result": row.result.as_ref().map(|r| json!({
                "winner": r.winner.map(Side::index),
                "reason": r.reason,
            })),
            "status": status,
            "clock": {
                "spec": row.clock_spec,
                "remaining_ms": row.clock.at(to_move, now),
                "running": running.then_some(to_move),
                "server_ms": now,
            },
            "draw_offer": row.draw_offer,
            "can_draw": self.game.can_draw(),
            "rematch": {
                "requested": [row.rematch_requests & 1 != 0, row.rematch_requests & 2 != 0],
                "game": row.rematch_id,
            },
            "rematch_of": row.rematch_of,
            "version": row.version,
        })
    }

    /// The game as a record `towers replay` reads.
    pub(crate) fn record(&self) -> Record {
        let row = &self.row;
        Record {
            game: row.game.clone(),
            options: row.options.clone(),
            position: row.position.clone(),
            white: row.players[0].label().to_owned(),
            black: row.players[1].label().to_owned(),
            seed: row.seed as u64,
            moves: row.moves.iter().map(|m| m.text.clone()).collect(),
            result: row.result.clone(),
            forfeit: None,
        }
    }

    /// The row after `action` by `seat` at `now` (see [`Referee::decide`]).
    pub(crate) fn decide(&self, seat: Option<usize>, action: &Action, now: i64) -> Verdict {
        Referee {
            row: &self.row,
            game: self.game.as_ref(),
            state: self.state.as_ref(),
            now,
        }
        .decide(seat, action)
    }

    /// Takes the row a stored decision made, with the position a move reached.
    pub(crate) fn advance(&mut self, row: GameRow, state: Option<Box<dyn DynState>>) {
        if let Some(state) = state {
            self.state = state;
        }
        self.row = row;
    }
}
