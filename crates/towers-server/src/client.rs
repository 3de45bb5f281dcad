//! A scripted client of the server (feature `client`): the tests and the load benchmark
//! play through it exactly as a browser does, over HTTP and the WebSocket.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a reply is waited for before the client gives up.
pub const WAIT: Duration = Duration::from_secs(20);

/// An HTTP answer: the status code and the body.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The body as text.
    pub body: String,
}

impl Answer {
    /// The body as JSON (`null` if it is not).
    #[must_use]
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// One HTTP/1.1 request to `addr` (`127.0.0.1:PORT`), the connection closed after it.
///
/// # Errors
/// The connection failed or the answer is not HTTP.
pub async fn http(addr: &str, method: &str, path: &str, body: &[u8]) -> Result<Answer, String> {
    let io = |e: std::io::Error| format!("{method} {path}: {e}");
    let mut stream = TcpStream::connect(addr).await.map_err(io)?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.map_err(io)?;
    stream.write_all(body).await.map_err(io)?;
    let mut bytes = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut bytes))
        .await
        .map_err(|_| format!("{method} {path}: no answer"))?
        .map_err(io)?;
    let text = String::from_utf8_lossy(&bytes);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("{method} {path}: not an HTTP answer"))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("{method} {path}: no status"))?;
    Ok(Answer {
        status,
        body: body.to_owned(),
    })
}

/// Creates a game (`POST /api/games`) and returns the answer's JSON.
///
/// # Errors
/// The request failed or was refused (the error holds the server's message).
pub async fn create(addr: &str, game: &Value) -> Result<Value, String> {
    let answer = http(addr, "POST", "/api/games", game.to_string().as_bytes()).await?;
    if answer.status != 201 {
        return Err(format!("{}: {}", answer.status, answer.body));
    }
    Ok(answer.json())
}

/// A connection to one game.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The seat the token opened, if any.
    pub seat: Option<usize>,
    /// The latest state received.
    pub state: Value,
}

impl Client {
    /// Connects to game `id` on `addr`, says hello with `token`, and reads the welcome and
    /// the first state.
    ///
    /// # Errors
    /// The connection failed or the hello was refused (the error holds the server's reply).
    pub async fn connect(addr: &str, id: &str, token: Option<&str>) -> Result<Client, String> {
        let url = format!("ws://{addr}/api/games/{id}/ws");
        let (ws, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(url))
            .await
            .map_err(|_| "no answer to the WebSocket".to_owned())?
            .map_err(|e| format!("WebSocket: {e}"))?;
        let mut client = Client {
            ws,
            seat: None,
            state: Value::Null,
        };
        client
            .send(&json!({ "type": "hello", "token": token }))
            .await?;
        let welcome = client.next().await?;
        if welcome["type"] != "welcome" {
            return Err(welcome.to_string());
        }
        client.seat = welcome["seat"].as_u64().map(|s| s as usize);
        client.next().await?;
        Ok(client)
    }

    /// Sends a JSON message.
    ///
    /// # Errors
    /// The connection is closed.
    pub async fn send(&mut self, message: &Value) -> Result<(), String> {
        self.send_text(message.to_string()).await
    }

    /// Sends a text message as it is (well-formed or not).
    ///
    /// # Errors
    /// The connection is closed.
    pub async fn send_text(&mut self, text: String) -> Result<(), String> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| format!("send: {e}"))
    }

    /// Sends a WebSocket ping frame (a control frame, below the protocol's messages).
    ///
    /// # Errors
    /// The connection is closed.
    pub async fn send_ping(&mut self) -> Result<(), String> {
        self.ws
            .send(Message::Ping(Vec::new().into()))
            .await
            .map_err(|e| format!("send: {e}"))
    }

    /// The next message from the server (a state is also kept in [`Client::state`]).
    ///
    /// # Errors
    /// Nothing came within [`WAIT`], or the connection closed.
    pub async fn next(&mut self) -> Result<Value, String> {
        loop {
            let message = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .map_err(|_| "no message from the server".to_owned())?
                .ok_or("the server closed the connection")?
                .map_err(|e| format!("receive: {e}"))?;
            match message {
                Message::Text(text) => {
                    let value: Value = serde_json::from_str(&text)
                        .map_err(|e| format!("the server sent bad JSON: {e}"))?;
                    if value["type"] == "state" {
                        self.state = value.clone();
                    }
                    return Ok(value);
                }
                Message::Close(frame) => {
                    return Err(format!("the server closed the connection: {frame:?}"));
                }
                _ => {}
            }
        }
    }

    /// Reads messages until one satisfies `wanted`, and returns it.
    ///
    /// # Errors
    /// As [`Client::next`].
    pub async fn until(&mut self, wanted: impl Fn(&Value) -> bool) -> Result<Value, String> {
        loop {
            let message = self.next().await?;
            if wanted(&message) {
                return Ok(message);
            }
        }
    }

    /// Reads until a state with `moves` moves (or more), or a finished game.
    ///
    /// # Errors
    /// As [`Client::next`].
    pub async fn until_moves(&mut self, moves: usize) -> Result<Value, String> {
        if moves_of(&self.state) >= moves {
            return Ok(self.state.clone());
        }
        self.until(|m| m["type"] == "state" && moves_of(m) >= moves)
            .await
    }

    /// Plays `text` as move `ply` and waits for its acknowledgement (or an error).
    ///
    /// # Errors
    /// The server refused the move (the error is its reply) or the connection failed.
    pub async fn play(&mut self, ply: usize, text: &str) -> Result<Value, String> {
        self.send(&json!({ "type": "move", "ply": ply, "move": text }))
            .await?;
        let reply = self
            .until(|m| m["type"] == "ack" || m["type"] == "error")
            .await?;
        if reply["type"] == "ack" {
            Ok(reply)
        } else {
            Err(reply.to_string())
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Creates a game of `game` between two people and connects a client to each seat (White's
/// first): the load benchmarks' two players at one table.
///
/// # Errors
/// The creation or a connection failed.
pub async fn two_people(addr: &str, game: &str) -> Result<[Client; 2], String> {
    let people = json!({
        "game": game,
        "players": [{ "person": "a" }, { "person": "b" }],
    });
    let created = create(addr, &people).await?;
    let id = created["id"].as_str().ok_or("no id")?;
    let token = |i: usize| created["seats"][i]["token"].as_str().map(str::to_owned);
    Ok([
        Client::connect(addr, id, token(0).as_deref()).await?,
        Client::connect(addr, id, token(1).as_deref()).await?,
    ])
}

/// Sends `text` as move `ply` from `seats[mover]` and returns the time until the opponent's
/// connection received the state holding it, then waits for the mover's own.
///
/// # Errors
/// A connection failed or nothing came in time.
pub async fn move_to_opponent(
    seats: &mut [Client; 2],
    mover: usize,
    ply: usize,
    text: &str,
) -> Result<Duration, String> {
    let sent = std::time::Instant::now();
    seats[mover]
        .send(&json!({ "type": "move", "ply": ply, "move": text }))
        .await?;
    seats[1 - mover].until_moves(ply + 1).await?;
    let latency = sent.elapsed();
    seats[mover].until_moves(ply + 1).await?;
    Ok(latency)
}

/// A legal move of `game` (default options) after `moves`, varied by `salt` and the ply so
/// scripted games are not all alike; with `quiet`, one that neither ends the game nor lets
/// the opponent end it at once while such a move exists, so the game lasts. `None` when the
/// game is over.
///
/// # Panics
/// An unknown game or an illegal move in `moves` (a script's own mistake).
#[must_use]
pub fn legal_move(game: &str, moves: &[String], salt: usize, quiet: bool) -> Option<String> {
    let game = tower_games::registry::build(game, &[]).expect("a registered game");
    let mut state = game.initial_state();
    for mv in moves {
        state.play(mv).expect("a legal move");
    }
    if state.status().is_finished() {
        return None;
    }
    let mut legal = state.legal_moves();
    legal.sort();
    let lasts = |mv: &String| {
        let mut next = state.clone();
        next.play(mv).is_ok()
            && !next.status().is_finished()
            && next.legal_moves().iter().all(|reply| {
                let mut after = next.clone();
                after.play(reply).is_ok() && !after.status().is_finished()
            })
    };
    let lasting: Vec<String> = if quiet {
        legal.iter().filter(|mv| lasts(mv)).cloned().collect()
    } else {
        Vec::new()
    };
    let pool = if lasting.is_empty() { legal } else { lasting };
    Some(pool[(moves.len() * 7 + salt) % pool.len()].clone())
}

/// The number of moves in a state message.
#[must_use]
pub fn moves_of(state: &Value) -> usize {
    state["moves"].as_array().map_or(0, Vec::len)
}
