//! A game being served: its stored row, the engine's position, and everyone watching it.
//!
//! Every action (a move, a resignation, a draw offer, a rematch request, a fallen flag) is
//! checked against the engine and the clock, stored, and only then told to the players and
//! spectators, all at once through one broadcast channel. The room's lock serialises the
//! actions on one game within a process; the stored version serialises them across processes.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use board_kernel::erased::{DynGame, DynState};
use board_kernel::{GameResult, Side, Status};
use serde_json::json;
use tokio::sync::broadcast;
use tower_games::record::{Record, option_pairs};
use tower_games::registry;

use crate::clock::Clock;
use crate::store::{GameRow, Player, StoreError, now_ms};

/// The reasons of results the rules did not give: the game ended by resignation, on time or
/// by agreement. Records carry them as the result's reason (`towers replay` accepts them).
pub const RESIGNATION: &str = "resignation";
/// A fallen flag.
pub const TIME: &str = "time";
/// A draw offered and accepted.
pub const AGREEMENT: &str = "agreement";

/// What a seat (or the server, for a fallen flag) asks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play `text` as move number `ply` (counted from 0): a move sent again after a
    /// reconnection is recognised by its number instead of being played twice.
    Move {
        /// The number of moves before it.
        ply: usize,
        /// The move in the game's notation.
        text: String,
    },
    /// Give up the game.
    Resign,
    /// Offer a draw (or accept the opponent's standing offer).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Ask for a rematch with colours swapped, once the game is over.
    Rematch,
    /// The server's check of the clock.
    Flag,
}

/// Why an action was refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    /// A stable code for programs: `not_seated`, `not_your_turn`, `illegal_move`,
    /// `stale_move`, `game_over`, `no_draws`, `no_offer`, `not_over`, `time`, `storage`.
    pub code: &'static str,
    /// What was wrong, for people.
    pub message: String,
}

fn refuse(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        code,
        message: message.into(),
    }
}

/// What an accepted action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    /// The move was stored as number `ply`, in canonical text.
    Moved {
        /// Its number, from 0.
        ply: usize,
        /// Its canonical text.
        text: String,
    },
    /// Stored (or nothing needed storing).
    Ok,
}

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
            Player::Computer(spec) => Some((self.to_move(), spec.clone())),
            Player::Person(_) => None,
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
            "can_draw": can_draw(&row.game),
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

    /// The row after `action` by `seat` at `now`, with the new position for a move; or
    /// `None` when the action changes nothing.
    fn decide(
        &self,
        seat: Option<usize>,
        action: &Action,
        now: i64,
    ) -> Result<Option<Decision>, Refusal> {
        let row = &self.row;
        let to_move = self.to_move();
        // A fallen flag ends the game before anything else is looked at.
        if row.result.is_none()
            && let Some(deadline) = row.clock.deadline(&row.clock_spec, to_move)
            && now >= deadline
        {
            let mut next = row.clone();
            let winner = Side::ALL[1 - to_move];
            finish(&mut next, GameResult::win(winner, TIME), to_move, now);
            return Ok(Some(Decision {
                row: next,
                state: None,
                done: Done::Ok,
                rematch: None,
                refusal: (*action != Action::Flag).then(|| {
                    refuse(
                        "time",
                        format!("{}'s time ran out", self.game.side_name(Side::ALL[to_move])),
                    )
                }),
            }));
        }
        if *action == Action::Flag {
            return Ok(None);
        }
        let seat = seat.ok_or_else(|| {
            refuse(
                "not_seated",
                "spectators cannot play: open a seat's link to play",
            )
        })?;
        let opponent = 1 - seat;
        let over = || refuse("game_over", "the game is over");
        let mut next = row.clone();
        let decision = |row: GameRow| Decision {
            row,
            state: None,
            done: Done::Ok,
            rematch: None,
            refusal: None,
        };
        match action {
            Action::Move { ply, text } => {
                if *ply < row.moves.len() && row.moves[*ply].text == *text {
                    // Sent again after a reconnection: already stored, acknowledged again.
                    let done = Done::Moved {
                        ply: *ply,
                        text: text.clone(),
                    };
                    return Ok(Some(Decision {
                        done,
                        ..decision(row.clone())
                    }));
                }
                if row.result.is_some() {
                    return Err(over());
                }
                if *ply != row.moves.len() {
                    return Err(refuse(
                        "stale_move",
                        format!(
                            "move number {} was sent, but {} moves have been played",
                            ply + 1,
                            row.moves.len()
                        ),
                    ));
                }
                if seat != to_move {
                    return Err(refuse(
                        "not_your_turn",
                        format!("it is {}'s turn", self.game.side_name(Side::ALL[to_move])),
                    ));
                }
                let mut state = self.state.clone_box();
                let played = state
                    .play(text)
                    .map_err(|e| refuse("illegal_move", e.to_string()))?;
                let clock = row.clock.after_move(&row.clock_spec, seat, now);
                next.moves.push(crate::store::StoredMove {
                    text: played.clone(),
                    played_ms: now,
                    remaining_ms: clock.remaining_ms,
                });
                next.clock = clock;
                if next.draw_offer == Some(opponent) {
                    next.draw_offer = None;
                }
                let after = state.side_to_move().index();
                match state.status() {
                    Status::Finished(result) => finish(&mut next, result, after, now),
                    Status::Ongoing => {
                        next.deadline_ms = next.clock.deadline(&next.clock_spec, after);
                    }
                }
                return Ok(Some(Decision {
                    state: Some(state),
                    done: Done::Moved {
                        ply: *ply,
                        text: played,
                    },
                    ..decision(next)
                }));
            }
            Action::Resign => {
                if row.result.is_some() {
                    return Err(over());
                }
                finish(
                    &mut next,
                    GameResult::win(Side::ALL[opponent], RESIGNATION),
                    to_move,
                    now,
                );
            }
            Action::OfferDraw | Action::AcceptDraw | Action::DeclineDraw => {
                if row.result.is_some() {
                    return Err(over());
                }
                if !can_draw(&row.game) {
                    return Err(refuse(
                        "no_draws",
                        format!("{} cannot end in a draw", self.game.title()),
                    ));
                }
                let offered = row.draw_offer == Some(opponent);
                match action {
                    Action::OfferDraw if row.draw_offer == Some(seat) => return Ok(None),
                    Action::OfferDraw if !offered => next.draw_offer = Some(seat),
                    Action::OfferDraw | Action::AcceptDraw if offered => {
                        finish(&mut next, GameResult::draw(AGREEMENT), to_move, now);
                    }
                    Action::DeclineDraw if offered => next.draw_offer = None,
                    _ => return Err(refuse("no_offer", "your opponent has offered no draw")),
                }
            }
            Action::Rematch => {
                if row.result.is_none() {
                    return Err(refuse(
                        "not_over",
                        "a rematch can follow only a finished game",
                    ));
                }
                if row.rematch_id.is_some() || row.rematch_requests & (1 << seat) != 0 {
                    return Ok(None);
                }
                next.rematch_requests |= 1 << seat;
                for (i, player) in row.players.iter().enumerate() {
                    if matches!(player, Player::Computer(_)) {
                        next.rematch_requests |= 1 << i;
                    }
                }
                if next.rematch_requests == 3 {
                    let rematch = rematch_of(row, now);
                    next.rematch_id = Some(rematch.id.clone());
                    return Ok(Some(Decision {
                        rematch: Some(rematch),
                        ..decision(next)
                    }));
                }
            }
            Action::Flag => return Ok(None),
        }
        Ok(Some(decision(next)))
    }
}

/// A change decided, to be stored.
struct Decision {
    row: GameRow,
    state: Option<Box<dyn DynState>>,
    done: Done,
    rematch: Option<GameRow>,
    /// Stored, but the action asked for is refused (a move after the flag fell).
    refusal: Option<Refusal>,
}

/// Ends the game with `result`, stopping the clock of `to_move`.
fn finish(row: &mut GameRow, result: GameResult, to_move: usize, now: i64) {
    row.clock = row.clock.stopped(to_move, now);
    row.result = Some(result);
    row.draw_offer = None;
    row.deadline_ms = None;
}

/// The rematch of a finished game: the seats (and their tokens) swapped, the same game,
/// options, start and clock.
fn rematch_of(row: &GameRow, now: i64) -> GameRow {
    GameRow {
        id: crate::new_id(),
        players: [row.players[1].clone(), row.players[0].clone()],
        tokens: [row.tokens[1].clone(), row.tokens[0].clone()],
        clock: Clock::new(&row.clock_spec),
        seed: row.seed.wrapping_add(1),
        version: 1,
        moves: Vec::new(),
        draw_offer: None,
        rematch_requests: 0,
        rematch_id: None,
        rematch_of: Some(row.id.clone()),
        result: None,
        deadline_ms: None,
        created_ms: now,
        updated_ms: now,
        ..row.clone()
    }
}

/// Whether a game can end in a draw, so a draw offer means something: Kamisado's rules have
/// no draw (a deadlock is lost by the player who caused it); the other games draw by
/// repetition, move limits or points.
#[must_use]
pub fn can_draw(game: &str) -> bool {
    game != "kamisado"
}

fn describe_adjudication(game: &dyn DynGame, result: &GameResult) -> String {
    match (result.winner, result.reason.as_ref()) {
        (Some(winner), RESIGNATION) => format!(
            "{} wins: {} resigned",
            game.side_name(winner),
            game.side_name(winner.opponent())
        ),
        (Some(winner), TIME) => format!(
            "{} wins on time: {}'s flag fell",
            game.side_name(winner),
            game.side_name(winner.opponent())
        ),
        (None, AGREEMENT) => "drawn by agreement".to_owned(),
        (Some(winner), reason) => format!("{} wins ({reason})", game.side_name(winner)),
        (None, reason) => format!("drawn ({reason})"),
    }
}

/// A game being served.
pub struct Room {
    id: String,
    pub(crate) live: tokio::sync::Mutex<Live>,
    tx: broadcast::Sender<Arc<str>>,
    /// The version in memory, readable without the lock (for change notices).
    version: AtomicI64,
    /// A computer seat is choosing a move.
    pub(crate) thinking: AtomicBool,
    /// The clock's pending check.
    timer: Mutex<Option<tokio::task::AbortHandle>>,
    /// When the room was last used (ms), for unloading idle rooms.
    pub(crate) touched_ms: AtomicI64,
}

impl Room {
    pub(crate) fn new(live: Live) -> Room {
        let (tx, _) = broadcast::channel(64);
        Room {
            id: live.row.id.clone(),
            version: AtomicI64::new(live.row.version),
            live: tokio::sync::Mutex::new(live),
            tx,
            thinking: AtomicBool::new(false),
            timer: Mutex::new(None),
            touched_ms: AtomicI64::new(now_ms()),
        }
    }

    /// The game's id.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The version held in memory.
    pub(crate) fn version(&self) -> i64 {
        self.version.load(Ordering::Acquire)
    }

    /// Receives every state from now on.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.touched_ms.store(now_ms(), Ordering::Relaxed);
        self.tx.subscribe()
    }

    /// How many connections watch the game.
    pub(crate) fn watchers(&self) -> usize {
        self.tx.receiver_count()
    }

    /// The seat a token opens, compared in constant time.
    pub(crate) async fn seat_of(&self, token: &str) -> Option<usize> {
        let live = self.live.lock().await;
        live.row.tokens.iter().position(|t| {
            t.as_deref().is_some_and(|t| {
                t.len() == token.len()
                    && t.bytes()
                        .zip(token.bytes())
                        .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                        == 0
            })
        })
    }

    /// Checks, stores and announces `action` by `seat` (`None`: a spectator or the server).
    ///
    /// # Errors
    /// A refusal saying why (the game is unchanged, unless a fallen flag was found and
    /// stored on the way).
    pub(crate) async fn act(
        self: &Arc<Self>,
        server: &Arc<crate::Server>,
        seat: Option<usize>,
        action: Action,
    ) -> Result<Done, Refusal> {
        let storage = |e: StoreError| refuse("storage", format!("not stored, try again: {e}"));
        let mut live = self.live.lock().await;
        self.touched_ms.store(now_ms(), Ordering::Relaxed);
        // Another process may change the game between our read and our write: then reload
        // and decide again (a handful of times at most; each retry sees a newer version).
        for _ in 0..8 {
            let now = now_ms();
            let Some(mut decision) = live.decide(seat, &action, now)? else {
                return Ok(Done::Ok);
            };
            if decision.row == live.row {
                return Ok(decision.done);
            }
            decision.row.version = live.row.version + 1;
            decision.row.updated_ms = now;
            let stored = live.row.moves.len();
            if server
                .store
                .commit(&decision.row, stored, decision.rematch.as_ref())
                .await
                .map_err(storage)?
            {
                if let Some(state) = decision.state {
                    live.state = state;
                }
                live.row = decision.row;
                self.version.store(live.row.version, Ordering::Release);
                self.announce(server, &live, now);
                return match decision.refusal {
                    Some(refusal) => Err(refusal),
                    None => Ok(decision.done),
                };
            }
            let row = server
                .store
                .load(&self.id)
                .await
                .map_err(storage)?
                .ok_or_else(|| refuse("storage", "the game vanished from the database"))?;
            *live = Live::new(row).map_err(storage)?;
            self.version.store(live.row.version, Ordering::Release);
            self.announce(server, &live, now);
        }
        Err(refuse(
            "storage",
            "the game is changing too fast; try again",
        ))
    }

    /// Reloads the game from the database if it holds a newer version than `seen` (another
    /// process changed it), and announces it.
    pub(crate) async fn refresh(self: &Arc<Self>, server: &Arc<crate::Server>, seen: i64) {
        if self.version() >= seen {
            return;
        }
        let mut live = self.live.lock().await;
        if live.row.version >= seen {
            return;
        }
        match server.store.load(&self.id).await {
            Ok(Some(row)) => match Live::new(row) {
                Ok(fresh) => {
                    *live = fresh;
                    self.version.store(live.row.version, Ordering::Release);
                    self.announce(server, &live, now_ms());
                }
                Err(e) => tracing_error(&e),
            },
            Ok(None) => {}
            Err(e) => tracing_error(&e),
        }
    }

    /// Tells everyone watching, sets the clock's check and starts a computer seat's move.
    pub(crate) fn announce(self: &Arc<Self>, server: &Arc<crate::Server>, live: &Live, now: i64) {
        let text: Arc<str> = live.view(now).to_string().into();
        // Nobody watching is not an error.
        let _ = self.tx.send(text);
        self.set_timer(server, live.row.deadline_ms);
        if let Some((seat, spec)) = live.computer_to_move() {
            start_computer(server, self, live, seat, spec);
        }
    }

    fn set_timer(self: &Arc<Self>, server: &Arc<crate::Server>, deadline: Option<i64>) {
        let mut timer = self.timer.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(old) = timer.take() {
            old.abort();
        }
        let Some(deadline) = deadline else { return };
        let room = Arc::clone(self);
        let server = Arc::clone(server);
        let wait = u64::try_from(deadline - now_ms()).unwrap_or(0) + 1;
        let task = tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            let _ = room.act(&server, None, Action::Flag).await;
        });
        *timer = Some(task.abort_handle());
    }

    /// The current view, fresh.
    pub(crate) async fn view(&self) -> String {
        self.live.lock().await.view(now_ms()).to_string()
    }
}

fn tracing_error(e: &StoreError) {
    eprintln!("towers serve: {e}");
}

/// Starts choosing the move of the computer on `seat`, unless one is already thinking: on a
/// blocking thread, a few at a time (the server's `thinkers`).
fn start_computer(
    server: &Arc<crate::Server>,
    room: &Arc<Room>,
    live: &Live,
    seat: usize,
    spec: String,
) {
    if room.thinking.swap(true, Ordering::AcqRel) {
        return;
    }
    let server = Arc::clone(server);
    let room = Arc::clone(room);
    let name = live.row.game.clone();
    let options = live.row.options.clone();
    let snapshot = live.snapshot();
    let ply = live.row.moves.len();
    let seed = (live.row.seed as u64).wrapping_add(ply as u64);
    tokio::spawn(async move {
        let chosen = match server.thinkers.clone().acquire_owned().await {
            Ok(permit) => tokio::task::spawn_blocking(move || {
                let _permit = permit;
                crate::computer::choose(&name, &options, &snapshot, &spec, seed)
            })
            .await
            .unwrap_or_else(|e| Err(format!("the computer player failed: {e}"))),
            Err(e) => Err(e.to_string()),
        };
        room.thinking.store(false, Ordering::Release);
        match chosen {
            Ok(text) => {
                // A stale move (the game moved on meanwhile) is refused and forgotten.
                let _ = room
                    .act(&server, Some(seat), Action::Move { ply, text })
                    .await;
            }
            Err(e) => eprintln!("towers serve: game {}: {e}", room.id()),
        }
    });
}
