//! # towers-server
//!
//! The game server behind `towers serve`: people play each other from their browsers, each
//! at their own computer, on the same rules engines as the rest of tower-games.
//!
//! - A game is created over HTTP ([`api`], checked by [`new_game`]) with one secret token per
//!   person's seat; the seat links carry the tokens, the spectator link none.
//! - Moves go over a WebSocket; the [`referee`] checks each with the engine and the clock,
//!   and the [`room`] stores it, acknowledges it, and pushes the new state to everyone
//!   watching. Every refusal has a [`refusal`] code, whose meaning the page reads from the
//!   server (`GET /api/limits`).
//! - Games live in SQLite or PostgreSQL ([`store`]); with PostgreSQL, any number of server
//!   processes serve the same games, telling each other of changes through `LISTEN`/`NOTIFY`.
//! - Clocks ([`clock`]) are judged by the server; computer seats ([`computer`]) think on
//!   blocking threads within a bounded budget.
//!
//! - A scripted [`client`] plays as a browser does, for the tests and the load benchmark.
//!
//! `docs/server.md` describes the API, the messages and the schema.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::Semaphore;

pub mod api;
pub mod client;
pub mod clock;
pub mod computer;
pub mod limits;
mod live;
pub mod new_game;
pub mod referee;
pub mod refusal;
pub mod room;
pub mod store;

use live::Live;
use referee::Action;
use room::Room;
use store::{Store, StoreError, now_ms};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database: `sqlite:FILE` or `postgres://…`.
    pub db: String,
    /// The playground's files to serve, if any.
    pub web: Option<PathBuf>,
    /// Games one client address may create a minute (all at once, then evenly).
    pub creations_per_minute: u32,
    /// Messages a connection may send a second (with a burst of twice as many).
    pub messages_per_second: u32,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a proxy).
    pub forwarded_for: bool,
}

impl Config {
    /// The defaults with database `db`: no static files, 30 games a minute per address, 10
    /// messages a second per connection.
    #[must_use]
    pub fn new(db: &str) -> Config {
        Config {
            db: db.to_owned(),
            web: None,
            creations_per_minute: 30,
            messages_per_second: 10,
            forwarded_for: false,
        }
    }
}

/// A running server's shared state.
pub struct Server {
    pub(crate) store: Store,
    pub(crate) config: Config,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    pub(crate) creations: limits::PerAddress,
    /// Computer seats thinking at once.
    pub(crate) thinkers: Arc<Semaphore>,
}

/// A server failure at start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address could not be bound or served.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The playground's files are missing.
    #[error("no playground at {0}: run `cargo xtask web` first (or give --web DIR)")]
    NoWeb(String),
}

impl Server {
    /// Opens the database and starts the background work: the change listener
    /// (PostgreSQL), the clock sweep, and the games a previous run left with a fallen flag
    /// or a computer to move.
    ///
    /// # Errors
    /// The database could not be opened, or the playground directory is missing.
    pub async fn start(config: Config) -> Result<Arc<Server>, ServeError> {
        if let Some(web) = &config.web
            && !web.join("index.html").is_file()
        {
            return Err(ServeError::NoWeb(web.display().to_string()));
        }
        let store = Store::open(&config.db).await?;
        let thinkers = std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1));
        let server = Arc::new(Server {
            store,
            creations: limits::PerAddress::per_minute(config.creations_per_minute),
            config,
            rooms: Mutex::new(HashMap::new()),
            thinkers: Arc::new(Semaphore::new(thinkers)),
        });
        if let Some(mut changes) = server.store.listen().await? {
            let weak = Arc::downgrade(&server);
            tokio::spawn(async move {
                while let Some((id, version)) = changes.recv().await {
                    let Some(server) = weak.upgrade() else { return };
                    if let Some(room) = server.loaded(&id) {
                        room.refresh(&server, version).await;
                    }
                }
            });
        }
        for id in server.store.needing_attention(now_ms()).await? {
            // Loading a room announces it, which sets its clock and starts its computer.
            let _ = server.room(&id).await;
        }
        let weak = Arc::downgrade(&server);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(2));
            loop {
                tick.tick().await;
                let Some(server) = weak.upgrade() else { return };
                server.sweep().await;
            }
        });
        Ok(server)
    }

    /// The room of a game already in memory.
    fn loaded(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned()
    }

    /// The room of game `id`, loaded from the database if needed; `None` if no such game.
    ///
    /// # Errors
    /// The database failed.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Room>>, StoreError> {
        if let Some(room) = self.loaded(id) {
            return Ok(Some(room));
        }
        let Some(row) = self.store.load(id).await? else {
            return Ok(None);
        };
        let room = Arc::new(Room::new(Live::new(row)?));
        let (room, fresh) = {
            let mut rooms = self.rooms.lock().unwrap_or_else(PoisonError::into_inner);
            match rooms.get(id) {
                Some(other) => (Arc::clone(other), false),
                None => {
                    rooms.insert(id.to_owned(), Arc::clone(&room));
                    (room, true)
                }
            }
        };
        if fresh {
            let live = room.live.lock().await;
            room.announce(self, &live, now_ms());
            drop(live);
            // A flag that fell while nobody had the game loaded is judged now.
            let _ = room.act(self, None, Action::Flag).await;
        }
        Ok(Some(room))
    }

    /// Judges fallen flags of games no process may be watching, and unloads rooms nobody
    /// has watched for a minute.
    async fn sweep(self: &Arc<Self>) {
        if let Ok(ids) = self.store.flagged(now_ms()).await {
            for id in ids {
                if let Ok(Some(room)) = self.room(&id).await {
                    let _ = room.act(self, None, Action::Flag).await;
                }
            }
        }
        let idle_since = now_ms() - 60_000;
        self.rooms
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|_, room| {
                room.watchers() > 0
                    || room.thinking.load(std::sync::atomic::Ordering::Acquire)
                    || room.touched_ms.load(std::sync::atomic::Ordering::Relaxed) > idle_since
            });
    }
}

/// A new random id for a game: 12 hexadecimal digits.
#[must_use]
pub fn new_id() -> String {
    random_hex(6)
}

/// A new seat token: 128 random bits as 32 hexadecimal digits.
#[must_use]
pub fn new_token() -> String {
    random_hex(16)
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    // The operating system's generator does not fail on the systems the server runs on; if
    // it ever did, refusing to make guessable tokens is the only safe answer.
    getrandom::fill(&mut buf).expect("the operating system's random generator failed");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// Serves on `listener` until `shutdown` completes.
///
/// # Errors
/// The listener failed.
pub async fn serve_on(
    server: Arc<Server>,
    listener: TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let app = api::router(server);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await?;
    Ok(())
}

/// `towers serve`: opens the database, binds `addr` and serves until interrupted (Ctrl-C).
///
/// # Errors
/// The database, the playground directory or the address.
pub async fn serve(addr: SocketAddr, config: Config) -> Result<(), ServeError> {
    let db = config.db.clone();
    let server = Server::start(config).await?;
    let listener = TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!("towers serve: http://{local}/ (games stored in {db}); Ctrl-C stops");
    serve_on(server, listener, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// [`serve`] on a runtime of its own, for a synchronous caller (the `towers` binary).
///
/// # Errors
/// As [`serve`], or the runtime could not start.
pub fn serve_blocking(addr: SocketAddr, config: Config) -> Result<(), String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?
        .block_on(serve(addr, config))
        .map_err(|e| e.to_string())
}
