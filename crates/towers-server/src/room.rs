//! A game being served: everyone watching it, and the one way its game changes.
//!
//! Every action (a move, a resignation, a draw offer, a rematch request, a fallen flag) is
//! decided by the referee, stored, and only then told to the players and spectators, all at
//! once through one broadcast channel. The room's lock serialises the actions on one game
//! within a process; the stored version serialises them across processes.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use tokio::sync::broadcast;

use crate::live::Live;
use crate::referee::{Action, Done};
use crate::refusal::{Code, Refusal, refuse};
use crate::store::{Occupant, StoreError, now_ms};
use crate::thinkers::Priority;

/// A state pushed to everyone watching, and the move that made it, if one did: the seat
/// that moved and when its move arrived (for the move-to-opponent latency).
#[derive(Clone, Debug)]
pub(crate) struct Broadcast {
    pub(crate) text: Arc<str>,
    pub(crate) moved: Option<(usize, Instant)>,
}

/// A game being served.
pub struct Room {
    id: Arc<str>,
    pub(crate) live: tokio::sync::Mutex<Live>,
    tx: broadcast::Sender<Broadcast>,
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
            id: live.row.id.as_str().into(),
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

    /// The game's id, shared (a key of the per-seat rate limits).
    pub(crate) fn shared_id(&self) -> Arc<str> {
        Arc::clone(&self.id)
    }

    /// The version held in memory.
    pub(crate) fn version(&self) -> i64 {
        self.version.load(Ordering::Acquire)
    }

    /// Receives every state from now on.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Broadcast> {
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
        let storage = |e: StoreError| refuse(Code::Storage, format!("not stored, try again: {e}"));
        let arrived = Instant::now();
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
                let moved = match (&decision.done, seat, &decision.state) {
                    // A new move (not one acknowledged again).
                    (Done::Moved { .. }, Some(seat), Some(_)) => Some((seat, arrived)),
                    _ => None,
                };
                if moved.is_some() {
                    server.metrics.moves.inc();
                }
                live.advance(decision.row, decision.state);
                self.version.store(live.row.version, Ordering::Release);
                self.announce_move(server, &live, now, moved);
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
                .ok_or_else(|| refuse(Code::Storage, "the game vanished from the database"))?;
            *live = Live::new(row).map_err(storage)?;
            self.version.store(live.row.version, Ordering::Release);
            self.announce(server, &live, now);
        }
        Err(refuse(
            Code::Storage,
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
        self.announce_move(server, live, now, None);
    }

    /// [`Room::announce`], for the state a move by a seat made (`moved`: the seat and when
    /// its move arrived).
    fn announce_move(
        self: &Arc<Self>,
        server: &Arc<crate::Server>,
        live: &Live,
        now: i64,
        moved: Option<(usize, Instant)>,
    ) {
        let text: Arc<str> = live.view(now).to_string().into();
        // Nobody watching is not an error.
        let _ = self.tx.send(Broadcast { text, moved });
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
/// blocking thread, when the server's scheduler gives it a turn ([`crate::thinkers`]: games
/// with a person first). The move is charged its search time only.
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
    let priority = if live
        .row
        .players
        .iter()
        .any(|p| matches!(p, Occupant::Person(_)))
    {
        Priority::Person
    } else {
        Priority::Machines
    };
    tokio::spawn(async move {
        let turn = server.thinkers.turn(priority).await;
        let chosen = tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let started = std::time::Instant::now();
            crate::computer::choose(&name, &options, &snapshot, &spec, seed)
                .map(|text| (text, started.elapsed()))
        })
        .await
        .unwrap_or_else(|e| Err(format!("the computer player failed: {e}")));
        room.thinking.store(false, Ordering::Release);
        match chosen {
            Ok((text, thought)) => {
                let thought_ms = i64::try_from(thought.as_millis()).unwrap_or(i64::MAX);
                // A stale move (the game moved on meanwhile) is refused and forgotten.
                let _ = room
                    .act(
                        &server,
                        Some(seat),
                        Action::ComputerMove {
                            ply,
                            text,
                            thought_ms,
                        },
                    )
                    .await;
            }
            Err(e) => eprintln!("towers serve: game {}: {e}", room.id()),
        }
    });
}
