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

mod accept;
pub mod api;
pub mod client;
pub mod clock;
pub mod computer;
pub mod limits;
mod live;
pub mod metrics;
pub mod new_game;
pub mod referee;
pub mod refusal;
pub mod room;
pub mod store;
pub mod thinkers;

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
    /// Messages a connection, and a seat over all its connections, may send a second (with
    /// bursts of twice as many).
    pub messages_per_second: u32,
    /// Messages one client address may send a second over all its connections (bursts of
    /// twice as many).
    pub messages_per_address: u32,
    /// Connections open at once from one client address (not applied behind a proxy, where
    /// every connection is the proxy's; the WebSocket cap per address still is).
    pub connections_per_address: usize,
    /// Connections open at once in all.
    pub max_connections: usize,
    /// WebSockets open at once from one client address.
    pub websockets_per_address: usize,
    /// WebSockets open at once in all.
    pub max_websockets: usize,
    /// How long a client may take to send a request's headers; also how long a kept-alive
    /// connection may stay idle between requests.
    pub header_timeout: Duration,
    /// How long stopping may take: requests in flight finish, commits end, every WebSocket
    /// is told the server is restarting.
    pub drain_within: Duration,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a proxy).
    pub forwarded_for: bool,
}

impl Config {
    /// The defaults with database `db`: no static files, 30 games a minute per address, 10
    /// messages a second per connection and per seat, 50 per address, 64 connections and
    /// 32 WebSockets per address, 4,096 of each in all, 10 s for headers and idleness, 10 s
    /// to drain.
    #[must_use]
    pub fn new(db: &str) -> Config {
        Config {
            db: db.to_owned(),
            web: None,
            creations_per_minute: 30,
            messages_per_second: 10,
            messages_per_address: 50,
            connections_per_address: 64,
            max_connections: 4096,
            websockets_per_address: 32,
            max_websockets: 4096,
            header_timeout: Duration::from_secs(10),
            drain_within: Duration::from_secs(10),
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
    /// Messages per client address, over all its connections.
    pub(crate) messages_by_address: limits::PerAddress,
    /// Messages per seat (a game's id and the seat), over all its connections.
    pub(crate) messages_by_seat: limits::PerKey<(Arc<str>, usize)>,
    /// Open connections and WebSockets.
    pub(crate) connections: Arc<limits::Occupancy>,
    pub(crate) websockets: Arc<limits::Occupancy>,
    /// The computer seats' turns at the threads given to search.
    pub(crate) thinkers: Arc<thinkers::Thinkers>,
    pub(crate) metrics: metrics::Metrics,
    /// Turns true when the server stops: connections finish, WebSockets are told.
    pub(crate) stopping: tokio::sync::watch::Sender<bool>,
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
            messages_by_address: limits::PerAddress::per_second(config.messages_per_address),
            messages_by_seat: limits::PerKey::per_second(config.messages_per_second),
            connections: limits::Occupancy::new(
                config.connections_per_address,
                config.max_connections,
            ),
            websockets: limits::Occupancy::new(
                config.websockets_per_address,
                config.max_websockets,
            ),
            metrics: metrics::Metrics::new(),
            stopping: tokio::sync::watch::Sender::new(false),
            config,
            rooms: Mutex::new(HashMap::new()),
            thinkers: thinkers::Thinkers::new(thinkers),
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

    /// The metrics' text, as scraped.
    pub(crate) fn metrics_text(&self) -> String {
        let games = self
            .rooms
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len();
        self.metrics.render(&metrics::Now {
            connections: self.connections.open(),
            websockets: self.websockets.open(),
            games,
            queue: self.thinkers.waiting(),
            thinking: self.thinkers.thinking(),
        })
    }

    /// Stops within [`Config::drain_within`]: the accept loop has ended; connections finish
    /// their request in flight, every WebSocket is told the server is restarting (close code
    /// 1012), and every commit in progress ends (each game's lock is taken once).
    pub(crate) async fn drain(&self) {
        self.stopping.send_replace(true);
        let rooms: Vec<Arc<Room>> = self
            .rooms
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .cloned()
            .collect();
        let _ = tokio::time::timeout(self.config.drain_within, async {
            for room in rooms {
                drop(room.live.lock().await);
            }
            while self.connections.open() > 0 || self.websockets.open() > 0 {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await;
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

/// Serves on `listener` until `shutdown` completes, then drains ([`Config::drain_within`]).
///
/// # Errors
/// None today; kept for a listener that can fail.
pub async fn serve_on(
    server: Arc<Server>,
    listener: TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let app = api::router(Arc::clone(&server));
    accept::run(server, app, listener, shutdown).await;
    Ok(())
}

/// Completes when the server starts stopping ([`Server::drain`]).
pub(crate) async fn stopped(stopping: &mut tokio::sync::watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here, not held across the caller's awaits.
    let _ = stopping.wait_for(|stopping| *stopping).await;
}

/// Completes on Ctrl-C or, on Unix, SIGTERM (how a service manager stops the server).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// The soft limit on open files, where the system says (`/proc/self/limits` on Linux).
fn open_files_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Connections the kernel may hold for the accept loop (Linux caps it at `somaxconn`, 4096
/// by default). tokio's `bind` asks for 1,024: a burst of a thousand clients connecting at
/// once (the saturated load benchmark) overflowed it, and some were reset.
const LISTEN_BACKLOG: u32 = 4096;

/// A listener on `addr` with room for 4,096 connections waiting to be accepted (tokio's
/// `bind` asks for 1,024).
///
/// # Errors
/// The address cannot be bound.
pub fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// `towers serve`: opens the database, binds `addr` and serves until Ctrl-C or SIGTERM, then
/// drains.
///
/// # Errors
/// The database, the playground directory or the address.
pub async fn serve(addr: SocketAddr, config: Config) -> Result<(), ServeError> {
    let db = config.db.clone();
    let wanted = config.max_connections + config.max_websockets;
    let server = Server::start(config).await?;
    let listener = listen(addr)?;
    let local = listener.local_addr()?;
    println!("towers serve: http://{local}/ (games stored in {db}); Ctrl-C stops");
    if let Some(limit) = open_files_limit()
        && limit < wanted + 64
    {
        eprintln!(
            "towers serve: the caps allow {wanted} connections and WebSockets but this process \
             may open {limit} files: raise `ulimit -n` or lower --max-connections and \
             --max-websockets"
        );
    }
    serve_on(server, listener, stop_signal()).await?;
    println!("towers serve: stopped");
    Ok(())
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
