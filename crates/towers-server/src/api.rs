//! The HTTP API and the WebSocket protocol (`docs/server.md` lists both).
//!
//! Every request body and message is size-limited and read with unknown fields refused; a
//! bad one gets a JSON error saying what was wrong and changes nothing.

use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;

use crate::limits::{Bucket, Full};
use crate::new_game::{MAX_NAME_CHARS, NewGame};
use crate::referee::{Action, Done};
use crate::refusal::{Code, InFlight};
use crate::room::Room;
use crate::store::{Occupant, now_ms};
use crate::{Server, computer};

/// The largest request body: a game's creation is far smaller.
pub const MAX_BODY_BYTES: usize = 16 * 1024;
/// The largest WebSocket message the protocol reads; a larger one gets an error.
pub const MAX_MESSAGE_BYTES: usize = 4 * 1024;
/// The largest WebSocket message at all: past it the connection is closed.
const HARD_MESSAGE_BYTES: usize = 64 * 1024;
/// A move's text, at most this many bytes.
pub const MAX_MOVE_BYTES: usize = 512;
/// How long a new connection may take to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// How long a connection closed for flooding is read (and its bytes dropped) for the client's
/// side of the closing handshake.
const CLOSE_WITHIN: Duration = Duration::from_secs(2);
/// The same when the server stops: shorter, so the drain stays well within its bound.
const RESTART_CLOSE_WITHIN: Duration = Duration::from_millis(500);

/// Refused messages in a row after which a flooding connection is closed.
const FLOOD_CLOSE_AFTER: u32 = 200;
/// Games listed of each kind (live, finished).
const LIST_LIMIT: i64 = 50;

/// Bytes a WebSocket reads from its socket at a time, and the most it buffers for a slow
/// reader before the connection is dropped. tungstenite's defaults (a 128 KiB read buffer, an
/// unbounded write buffer) held about 160 KB per open WebSocket; the protocol's messages are
/// at most a few KiB.
const WS_READ_BUFFER: usize = 4 * 1024;
const WS_MAX_WRITE_BUFFER: usize = 1024 * 1024;

/// The routes: the API under `/api`, `/metrics` for the operator, the playground's files
/// everywhere else.
pub fn router(server: Arc<Server>) -> Router {
    let api = Router::new()
        .route("/metrics", get(metrics))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(connect))
        .route("/api/limits", get(limits))
        // Any other path under /api is an API error, not a page to look for.
        .route(
            "/api/{*rest}",
            any(|| async { error(StatusCode::NOT_FOUND, "no such API path") }),
        )
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::map_response(json_errors));
    let app = match &server.config.web {
        Some(dir) => api.fallback_service(tower_http::services::ServeDir::new(dir)),
        None => api.fallback(|| async { error(StatusCode::NOT_FOUND, "no such page") }),
    };
    app.with_state(server)
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({ "error": message.into() }))).into_response()
}

/// The bytes of a refusal's plain-text body read into its JSON error (axum's own refusals,
/// such as a body over the limit or a method the path does not take, are plain text).
const PLAIN_ERROR_BYTES: usize = 4096;

/// Every API error as `{"error": …}`: the refusals axum makes itself (413 for a body over the
/// limit, 405, a WebSocket request without its upgrade) are plain text, and are rewritten with
/// their status and text.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let text = axum::body::to_bytes(response.into_body(), PLAIN_ERROR_BYTES)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_owned())
        .unwrap_or_default();
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("refused")
            .to_lowercase()
    } else {
        text
    };
    error(status, message)
}

fn storage_error(e: impl std::fmt::Display) -> Response {
    error(StatusCode::SERVICE_UNAVAILABLE, format!("storage: {e}"))
}

/// The client's address: the peer's, or behind a trusted proxy the last
/// `X-Forwarded-For` entry.
fn client(server: &Server, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if server.config.forwarded_for {
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|v| v.trim().parse().ok())
            .next_back();
        if let Some(ip) = forwarded {
            return ip;
        }
    }
    peer.ip()
}

/// `GET /metrics`: Prometheus' text format, to clients on this machine only (the peer's
/// address, never a forwarded one: behind a proxy, keep `/metrics` off the public side).
async fn metrics(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> Response {
    if !peer.ip().is_loopback() {
        return error(
            StatusCode::FORBIDDEN,
            "the metrics are served to this machine only",
        );
    }
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
        )],
        server.metrics_text(),
    )
        .into_response()
}

/// `POST /api/games`: creates a game; answers its id, each person's seat token and link,
/// and the spectators' link.
async fn create(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !server.creations.allow(client(&server, peer, &headers)) {
        return error(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many games created from your address: at most {} a minute",
                server.config.creations_per_minute
            ),
        );
    }
    let new: NewGame = match serde_json::from_slice(&body) {
        Ok(new) => new,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("not a new game: {e}")),
    };
    let row = match new.into_row() {
        Ok(row) => row,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    if let Err(e) = server.store.create(&row).await {
        return storage_error(e);
    }
    // A computer that opens the game starts thinking as soon as the room is loaded.
    if row
        .players
        .iter()
        .any(|p| matches!(p, Occupant::Computer(_)))
        && let Err(e) = server.room(&row.id).await
    {
        return storage_error(e);
    }
    let seats: Vec<_> = row
        .players
        .iter()
        .zip(&row.tokens)
        .map(|(player, token)| match token {
            Some(token) => json!({
                "player": player,
                "token": token,
                "link": format!("/#online={}&token={token}", row.id),
            }),
            None => json!({ "player": player }),
        })
        .collect();
    (
        StatusCode::CREATED,
        axum::Json(json!({
            "id": row.id,
            "seats": seats,
            "spectate": format!("/#online={}", row.id),
        })),
    )
        .into_response()
}

/// `GET /api/limits`: what the page must know of this server before it asks: the most time a
/// computer seat may think a move (the page offers only the computer levels within it), the
/// longest name, and what each error code means for a move in flight.
async fn limits() -> Response {
    let refusals: BTreeMap<Code, InFlight> = Code::ALL
        .iter()
        .map(|&code| (code, code.in_flight()))
        .collect();
    axum::Json(json!({
        "computer_think_ms": computer::MAX_THINK.as_millis(),
        "name_chars": MAX_NAME_CHARS,
        "refusals": refusals,
    }))
    .into_response()
}

/// `GET /api/games`: live games and recently finished ones, newest first.
async fn list(State(server): State<Arc<Server>>) -> Response {
    match server.store.list(LIST_LIMIT).await {
        Ok((live, finished)) => {
            axum::Json(json!({ "live": live, "finished": finished })).into_response()
        }
        Err(e) => storage_error(e),
    }
}

async fn find(server: &Arc<Server>, id: &str) -> Result<Arc<Room>, Response> {
    let valid = !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric());
    if !valid {
        return Err(error(StatusCode::NOT_FOUND, "no such game"));
    }
    match server.room(id).await {
        Ok(Some(room)) => Ok(room),
        Ok(None) => Err(error(StatusCode::NOT_FOUND, "no such game")),
        Err(e) => Err(storage_error(e)),
    }
}

/// `GET /api/games/{id}`: the game's state, as spectators see it.
async fn show(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    match find(&server, &id).await {
        Ok(room) => (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            room.view().await,
        )
            .into_response(),
        Err(response) => response,
    }
}

/// `GET /api/games/{id}/record`: the game as a record `towers replay` reads.
async fn record(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    let room = match find(&server, &id).await {
        Ok(room) => room,
        Err(response) => return response,
    };
    let record = room.live.lock().await.record();
    let disposition = format!("attachment; filename=\"{}-{id}.json\"", record.game);
    let mut response = axum::Json(record).into_response();
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// `GET /api/games/{id}/ws`: the game's WebSocket.
async fn connect(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let room = match find(&server, &id).await {
        Ok(room) => room,
        Err(response) => return response,
    };
    let address = client(&server, peer, &headers);
    let slot = match server.websockets.admit(Some(address)) {
        Ok(slot) => slot,
        Err(full) => {
            server.metrics.refused_websockets.inc();
            return match full {
                Full::Address => error(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "too many WebSockets from your address: at most {} at once",
                        server.websockets.max_per_address()
                    ),
                ),
                Full::Server => error(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the server holds all the WebSockets it may; try again shortly",
                ),
            };
        }
    };
    upgrade
        .max_message_size(HARD_MESSAGE_BYTES)
        .max_frame_size(HARD_MESSAGE_BYTES)
        .read_buffer_size(WS_READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(WS_MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| async move {
            connection(server, room, socket, address).await;
            drop(slot);
        })
}

/// What a client sends.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientMessage {
    Hello {
        #[serde(default)]
        token: Option<String>,
    },
    Move {
        ply: usize,
        #[serde(rename = "move")]
        text: String,
    },
    // Empty struct variants, not unit ones: serde ignores the other fields of a unit variant
    // of an internally tagged enum even with `deny_unknown_fields`.
    Resign {},
    OfferDraw {},
    AcceptDraw {},
    DeclineDraw {},
    Rematch {},
    Ping {},
}

/// The error reply with `code`, saying `message`.
fn bad(code: Code, message: impl Into<String>) -> String {
    crate::refusal::refuse(code, message).reply()
}

/// Reads a client message within the size limit.
fn read(text: &str) -> Result<ClientMessage, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(bad(
            Code::TooLarge,
            format!(
                "message of {} bytes refused: at most {MAX_MESSAGE_BYTES}",
                text.len()
            ),
        ));
    }
    serde_json::from_str(text).map_err(|e| bad(Code::BadMessage, format!("not a message: {e}")))
}

/// One connection: a hello naming the seat (by its token) or none, then the game's states
/// pushed as they change, and the client's actions answered.
async fn connection(server: Arc<Server>, room: Arc<Room>, socket: WebSocket, address: IpAddr) {
    let (mut sink, mut stream) = socket.split();
    let seat = match hello(&room, &mut stream).await {
        Ok(seat) => seat,
        Err(message) => {
            let _ = sink.send(Message::Text(message.into())).await;
            let _ = sink
                .send(Message::Close(Some(CloseFrame {
                    code: 1008,
                    reason: "hello refused".into(),
                })))
                .await;
            return;
        }
    };
    let mut states = room.subscribe();
    let welcome = json!({ "type": "welcome", "id": room.id(), "seat": seat }).to_string();
    if sink.send(Message::Text(welcome.into())).await.is_err()
        || sink
            .send(Message::Text(room.view().await.into()))
            .await
            .is_err()
    {
        return;
    }
    let rate = server.config.messages_per_second.max(1);
    let mut bucket = Bucket::new(rate * 2, f64::from(rate));
    let game = room.shared_id();
    let mut stopping = server.stopping.subscribe();
    let mut refused_in_a_row = 0u32;
    let mut last_warning: Option<std::time::Instant> = None;
    let mut keepalive = tokio::time::interval(Duration::from_secs(25));
    loop {
        tokio::select! {
            incoming = stream.next() => {
                // Every frame counts against the rate: a binary message, and a ping (which
                // the WebSocket answers with a pong) or a pong, as much as a text message.
                let frame = match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(frame)) => frame,
                };
                // The connection's own bucket, then its seat's over all the seat's
                // connections, then its address's over all the address's. A frame one refuses
                // takes nothing from the next: a flooding connection spends no more of what it
                // shares than its own rate, and a flooding seat no more of its address's.
                let allowed = bucket.take()
                    && seat.is_none_or(|seat| {
                        server.messages_by_seat.allow((Arc::clone(&game), seat))
                    })
                    && server.messages_by_address.allow(address);
                if !allowed {
                    server.metrics.rate_limited.inc();
                    refused_in_a_row += 1;
                    if refused_in_a_row >= FLOOD_CLOSE_AFTER {
                        close_with(&mut sink, &mut stream, 1008, "flooding", CLOSE_WITHIN).await;
                        return;
                    }
                    // One warning a second at most: the reply must not flood either.
                    if last_warning.is_none_or(|t| t.elapsed() >= Duration::from_secs(1)) {
                        last_warning = Some(std::time::Instant::now());
                        let reply = bad(Code::RateLimited, format!(
                            "too many messages: at most {rate} a second on a connection and on \
                             a seat, {} from an address; this one was ignored",
                            server.config.messages_per_address
                        ));
                        if sink.send(Message::Text(reply.into())).await.is_err() { return; }
                    }
                    continue;
                }
                refused_in_a_row = 0;
                let text = match frame {
                    Message::Text(text) => text,
                    Message::Binary(_) => {
                        let reply =
                            bad(Code::BadMessage, "binary messages are not part of the protocol");
                        if sink.send(Message::Text(reply.into())).await.is_err() { return; }
                        continue;
                    }
                    _ => continue,
                };
                let reply = answer(&server, &room, seat, address, &text).await;
                if let Some(reply) = reply
                    && sink.send(Message::Text(reply.into())).await.is_err() { return; }
            }
            state = states.recv() => {
                let (text, moved) = match state {
                    Ok(state) => (state.text.to_string(), state.moved),
                    // A slow reader missed states: send the latest, which holds them all.
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        (room.view().await, None)
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                };
                if sink.send(Message::Text(text.into())).await.is_err() { return; }
                // The opponent's seat has the move: that is the latency people feel.
                if let (Some((mover, arrived)), Some(seat)) = (moved, seat)
                    && seat != mover
                {
                    server.metrics.move_reached_opponent(arrived.elapsed());
                }
            }
            () = crate::stopped(&mut stopping) => {
                let why = "the server is restarting; reconnect shortly";
                close_with(&mut sink, &mut stream, 1012, why, RESTART_CLOSE_WITHIN).await;
                return;
            }
            _ = keepalive.tick() => {
                if sink.send(Message::Ping(Bytes::new())).await.is_err() { return; }
            }
        }
    }
}

/// Closes with `code` and `reason`, then reads and drops what the client still sends, until
/// its side of the closing handshake or `within`: a socket dropped with unread bytes is
/// reset, and a reset throws away what the client has not read yet (the replies and the
/// close frame that tell it why it was closed).
async fn close_with(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    code: u16,
    reason: &str,
    within: Duration,
) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = sink.send(Message::Close(Some(frame))).await;
    let _ = tokio::time::timeout(within, async {
        while let Some(Ok(message)) = stream.next().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// Waits for the hello and finds the seat its token opens.
async fn hello(
    room: &Room,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
) -> Result<Option<usize>, String> {
    let first = tokio::time::timeout(HELLO_WITHIN, async {
        loop {
            match stream.next().await {
                Some(Ok(Message::Text(text))) => return Some(text),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                _ => return None,
            }
        }
    })
    .await
    .ok()
    .flatten()
    .ok_or_else(|| bad(Code::NoHello, "say hello first"))?;
    match read(&first)? {
        ClientMessage::Hello { token: None } => Ok(None),
        ClientMessage::Hello { token: Some(token) } => match room.seat_of(&token).await {
            Some(seat) => Ok(Some(seat)),
            None => Err(bad(
                Code::BadToken,
                "this link's seat token does not open a seat of this game",
            )),
        },
        _ => Err(bad(Code::NoHello, "the first message must be a hello")),
    }
}

/// The reply to one message (`None` when the state pushed to everyone says it all).
async fn answer(
    server: &Arc<Server>,
    room: &Arc<Room>,
    seat: Option<usize>,
    address: IpAddr,
    text: &str,
) -> Option<String> {
    let message = match read(text) {
        Ok(message) => message,
        Err(reply) => return Some(reply),
    };
    let action = match message {
        ClientMessage::Hello { .. } => {
            return Some(bad(Code::BadMessage, "hello was already said"));
        }
        ClientMessage::Ping {} => {
            return Some(json!({ "type": "pong", "server_ms": now_ms() }).to_string());
        }
        ClientMessage::Move { text, .. } if text.len() > MAX_MOVE_BYTES => {
            return Some(bad(
                Code::BadMessage,
                format!("a move has at most {MAX_MOVE_BYTES} bytes"),
            ));
        }
        ClientMessage::Move { ply, text } => Action::Move { ply, text },
        ClientMessage::Resign {} => Action::Resign,
        ClientMessage::OfferDraw {} => Action::OfferDraw,
        ClientMessage::AcceptDraw {} => Action::AcceptDraw,
        ClientMessage::DeclineDraw {} => Action::DeclineDraw,
        // A rematch is a new game: each request is charged to the address's creations, so
        // a resign-and-rematch loop cannot pass `--creations-per-minute`.
        ClientMessage::Rematch {} if seat.is_some() && !server.creations.allow(address) => {
            return Some(bad(
                Code::RateLimited,
                format!(
                    "too many games created from your address: at most {} a minute, \
                     a rematch included",
                    server.config.creations_per_minute
                ),
            ));
        }
        ClientMessage::Rematch {} => Action::Rematch,
    };
    match room.act(server, seat, action).await {
        Ok(Done::Moved { ply, text }) => {
            Some(json!({ "type": "ack", "ply": ply, "move": text }).to_string())
        }
        Ok(Done::Ok) => None,
        Err(refusal) => Some(refusal.reply()),
    }
}
