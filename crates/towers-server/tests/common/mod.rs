//! What the server's tests share: a server on a free loopback port, games to create, and a
//! referee that picks legal moves.
#![allow(dead_code)] // each test file uses its own part

use std::sync::Arc;

use serde_json::{Value, json};
use tokio::sync::oneshot;
use towers_server::client::Client;
use towers_server::{Config, Server};

/// A server running in this process.
pub struct Running {
    pub addr: String,
    pub server: Arc<Server>,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops serving and waits until the port is closed.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = (&mut self.task).await;
    }
}

/// Starts a server with `config` on 127.0.0.1 and a free port.
pub async fn start(config: Config) -> Running {
    let server = Server::start(config).await.expect("the server starts");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let (stop, stopped) = oneshot::channel::<()>();
    let serving = Arc::clone(&server);
    let task = tokio::spawn(async move {
        towers_server::serve_on(serving, listener, async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
    });
    Running {
        addr,
        server,
        stop: Some(stop),
        task,
    }
}

/// A SQLite database file in a new temporary directory (kept as long as the directory).
pub fn sqlite_url(dir: &tempfile::TempDir) -> String {
    format!("sqlite:{}", dir.path().join("games.db").display())
}

/// A game between two people named Ann and Bob.
pub fn people(game: &str, clock: Value) -> Value {
    json!({
        "game": game,
        "players": [{ "person": "Ann" }, { "person": "Bob" }],
        "clock": clock,
    })
}

/// A created game: its id and each seat's token.
pub struct Created {
    pub id: String,
    pub tokens: [Option<String>; 2],
    pub answer: Value,
}

pub async fn create(addr: &str, game: &Value) -> Created {
    let answer = towers_server::client::create(addr, game).await.unwrap();
    let token = |i: usize| answer["seats"][i]["token"].as_str().map(str::to_owned);
    Created {
        id: answer["id"].as_str().unwrap().to_owned(),
        tokens: [token(0), token(1)],
        answer,
    }
}

/// Both seats' connections to a created game.
pub async fn seats(addr: &str, game: &Created) -> [Client; 2] {
    let white = Client::connect(addr, &game.id, game.tokens[0].as_deref())
        .await
        .unwrap();
    let black = Client::connect(addr, &game.id, game.tokens[1].as_deref())
        .await
        .unwrap();
    assert_eq!((white.seat, black.seat), (Some(0), Some(1)));
    [white, black]
}

/// A legal move after `moves` from the start of `game`, varied by the ply; `None` when the
/// game is over there.
pub fn legal_move(game: &str, moves: &[String]) -> Option<String> {
    towers_server::client::legal_move(game, moves, 3, false)
}

/// The moves of a state message.
pub fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|m| {
            m.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}
