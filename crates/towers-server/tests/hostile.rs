//! Hostile clients: malformed and oversize messages, moves for the wrong seat or an ended
//! game, wrong tokens, mass creation and flooding. Each gets a clear error and leaves the
//! game as it was.

mod common;

use common::{Running, create, legal_move, moves, people, seats, sqlite_url, start};
use serde_json::{Value, json};
use towers_server::Config;
use towers_server::client::{Client, http};

async fn sqlite_server(config: impl FnOnce(&mut Config)) -> (Running, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut settings = Config::new(&sqlite_url(&dir));
    config(&mut settings);
    (start(settings).await, dir)
}

async fn error_of(client: &mut Client) -> Value {
    client.until(|m| m["type"] == "error").await.unwrap()
}

async fn moves_on_server(addr: &str, id: &str) -> Vec<String> {
    let shown = http(addr, "GET", &format!("/api/games/{id}"), b"")
        .await
        .unwrap();
    moves(&shown.json())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_clear_errors_and_change_nothing() {
    let (server, _dir) = sqlite_server(|_| {}).await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let [mut white, mut black] = seats(addr, &game).await;
    let mut spectator = Client::connect(addr, &game.id, None).await.unwrap();
    let first = legal_move("kamisado", &[]).unwrap();

    // Who sends: 0 White, 1 Black, 2 the spectator.
    let cases: [(usize, String, &str); 10] = [
        (0, "{not json".into(), "bad_message"),
        (0, json!({ "type": "teleport" }).to_string(), "bad_message"),
        (
            0,
            json!({ "type": "move", "ply": 0, "move": first, "extra": 1 }).to_string(),
            "bad_message",
        ),
        (0, "x".repeat(5000), "too_large"),
        // A field the message type does not have, on a type without fields.
        (
            0,
            json!({ "type": "offer_draw", "x": 1 }).to_string(),
            "bad_message",
        ),
        (
            0,
            json!({ "type": "ping", "x": 1 }).to_string(),
            "bad_message",
        ),
        (
            1,
            json!({ "type": "move", "ply": 0, "move": first }).to_string(),
            "not_your_turn",
        ),
        (
            2,
            json!({ "type": "move", "ply": 0, "move": first }).to_string(),
            "not_seated",
        ),
        (
            0,
            json!({ "type": "move", "ply": 0, "move": "z9-z10" }).to_string(),
            "illegal_move",
        ),
        (
            0,
            json!({ "type": "move", "ply": 3, "move": first }).to_string(),
            "stale_move",
        ),
    ];
    for (who, text, code) in cases {
        let client = match who {
            0 => &mut white,
            1 => &mut black,
            _ => &mut spectator,
        };
        client.send_text(text.clone()).await.unwrap();
        let error = error_of(client).await;
        assert_eq!(error["code"], code, "{text:.80}: {error}");
        assert!(!error["message"].as_str().unwrap().is_empty());
    }
    // A move the rules refuse is worded citing the rule book a player can open (section 1.1
    // of Kamisado's: a tower never lands on another), and names the rule for the page.
    white
        .send(&json!({ "type": "move", "ply": 0, "move": "d1-d8" }))
        .await
        .unwrap();
    let refused = error_of(&mut white).await;
    assert_eq!(
        refused,
        json!({
            "type": "error",
            "code": "illegal_move",
            "message": "illegal move `d1-d8`: d8 is occupied (rule 1.1, How a tower moves)",
            "rule": {
                "id": "§3.1",
                "number": "1.1",
                "title": "How a tower moves",
                "anchor": "tower-moves",
                "citation": "rule 1.1, How a tower moves",
            },
        })
    );
    white.send(&json!({ "type": "offer_draw" })).await.unwrap();
    assert_eq!(error_of(&mut white).await["code"], "no_draws");
    white.send(&json!({ "type": "rematch" })).await.unwrap();
    assert_eq!(error_of(&mut white).await["code"], "not_over");
    assert!(moves_on_server(addr, &game.id).await.is_empty());

    // After all that, the game goes on; once over, nothing more is played.
    white.play(0, &first).await.unwrap();
    // White's stored move sent by Black is not Black's to have acknowledged.
    black
        .send(&json!({ "type": "move", "ply": 0, "move": first }))
        .await
        .unwrap();
    assert_eq!(error_of(&mut black).await["code"], "not_your_turn");
    assert_eq!(
        moves_on_server(addr, &game.id).await,
        std::slice::from_ref(&first)
    );
    black.send(&json!({ "type": "resign" })).await.unwrap();
    white
        .until(|m| m["type"] == "state" && m["finished"] == true)
        .await
        .unwrap();
    let second = legal_move("kamisado", std::slice::from_ref(&first)).unwrap();
    let refused = black.play(1, &second).await.unwrap_err();
    assert!(refused.contains("game_over"), "{refused}");
    white.send(&json!({ "type": "resign" })).await.unwrap();
    assert_eq!(error_of(&mut white).await["code"], "game_over");
    assert_eq!(moves_on_server(addr, &game.id).await, [first]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_token_opens_no_seat() {
    let (server, _dir) = sqlite_server(|_| {}).await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let mut guessed = game.tokens[0].clone().unwrap();
    guessed.replace_range(0..1, if guessed.starts_with('0') { "1" } else { "0" });
    let refused = Client::connect(addr, &game.id, Some(&guessed))
        .await
        .err()
        .unwrap();
    assert!(refused.contains("bad_token"), "{refused}");
    // Nor does one game's token open another game.
    let other = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let refused = Client::connect(addr, &other.id, game.tokens[0].as_deref())
        .await
        .err()
        .unwrap();
    assert!(refused.contains("bad_token"), "{refused}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_games_are_refused_with_the_reason() {
    let (server, _dir) = sqlite_server(|_| {}).await;
    let addr = &server.addr;
    let cases = [
        (
            json!({ "game": "chess", "players": [{ "person": "a" }, { "person": "b" }] }),
            "unknown game",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "a" }] }),
            "not a new game",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "a" }, { "person": "b" }], "admin": true }),
            "unknown field",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "" }, { "person": "b" }] }),
            "name",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "   " }, { "person": "b" }] }),
            "not a space",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "Ann\u{202E}nnA" }, { "person": "b" }] }),
            "U+202E",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "a" }, { "person": "\u{200B}" }] }),
            "U+200B",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "a" }, { "person": "b" }], "clock": { "kind": "none", "base_ms": 1 } }),
            "unknown field",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "a" }, { "person": "b" }], "clock": { "kind": "move", "ms": 5000, "increment_ms": 1 } }),
            "unknown field",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "a" }, { "computer": "mcts:99999999" }] }),
            "too long",
        ),
        (
            json!({ "game": "kamisado", "players": [{ "person": "a" }, { "person": "b" }], "clock": { "kind": "fischer", "base_ms": 1, "increment_ms": 0 } }),
            "base_ms",
        ),
        (
            json!({ "game": "kamisado", "options": { "nonsense": "1" }, "players": [{ "person": "a" }, { "person": "b" }] }),
            "nonsense",
        ),
        (
            json!({ "game": "kamisado", "position": "garbage", "players": [{ "person": "a" }, { "person": "b" }] }),
            "position",
        ),
    ];
    for (body, expected) in cases {
        let answer = http(addr, "POST", "/api/games", body.to_string().as_bytes())
            .await
            .unwrap();
        assert_eq!(answer.status, 400, "{body}: {}", answer.body);
        let message = answer.json()["error"].as_str().unwrap().to_owned();
        assert!(message.contains(expected), "{body}: {message}");
    }
    // axum's own refusals are JSON errors too: a body over the limit, a path under /api that
    // does not exist, a method a path does not take, a WebSocket path without the upgrade.
    let huge = vec![b' '; 100_000];
    let answer = http(addr, "POST", "/api/games", &huge).await.unwrap();
    assert_eq!(answer.status, 413);
    assert!(answer.json()["error"].is_string(), "{}", answer.body);
    for (method, path, status) in [
        ("GET", "/api/nothing/here", 404),
        ("DELETE", "/api/games", 405),
        ("GET", "/api/games/0123456789ab/ws/x", 404),
    ] {
        let answer = http(addr, method, path, b"").await.unwrap();
        assert_eq!(answer.status, status, "{method} {path}: {}", answer.body);
        assert!(
            answer.json()["error"].is_string(),
            "{method} {path}: {}",
            answer.body
        );
    }
    let list = http(addr, "GET", "/api/games", b"").await.unwrap().json();
    assert_eq!(list["live"].as_array().unwrap().len(), 0);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mass_creation_from_one_address_is_refused() {
    let (server, _dir) = sqlite_server(|c| c.creations_per_minute = 5).await;
    let addr = &server.addr;
    let body = people("kamisado", json!({ "kind": "none" })).to_string();
    let mut statuses = Vec::new();
    for _ in 0..40 {
        statuses.push(
            http(addr, "POST", "/api/games", body.as_bytes())
                .await
                .unwrap()
                .status,
        );
    }
    assert_eq!(
        statuses.iter().filter(|&&s| s == 201).count(),
        5,
        "{statuses:?}"
    );
    assert!(statuses[5..].iter().all(|&s| s == 429), "{statuses:?}");
    let refused = http(addr, "POST", "/api/games", body.as_bytes())
        .await
        .unwrap();
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("too many games")
    );
    let list = http(addr, "GET", "/api/games", b"").await.unwrap().json();
    assert_eq!(list["live"].as_array().unwrap().len(), 5);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematches_are_charged_to_the_creation_budget() {
    let (server, _dir) = sqlite_server(|c| c.creations_per_minute = 3).await;
    let addr = &server.addr;
    // One creation, then a resign-and-rematch loop from the same address: each rematch
    // request is charged, so the second rematch asked (the third and fourth requests) is
    // refused.
    let mut game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let mut refused = None;
    for round in 0..3 {
        let [mut first, mut second] = seats(addr, &game).await;
        first.send(&json!({ "type": "resign" })).await.unwrap();
        first
            .until(|m| m["type"] == "state" && m["finished"] == true)
            .await
            .unwrap();
        let mut rematch = None;
        for (asked, client) in [&mut first, &mut second].into_iter().enumerate() {
            client.send(&json!({ "type": "rematch" })).await.unwrap();
            // The first request shows as asked; the second creates the rematch.
            let reply = client
                .until(|m| {
                    m["type"] == "error"
                        || (m["type"] == "state"
                            && if asked == 0 {
                                m["rematch"]["requested"] != json!([false, false])
                            } else {
                                m["rematch"]["game"].is_string()
                            })
                })
                .await
                .unwrap();
            if reply["type"] == "error" {
                refused = Some((round, reply));
                break;
            }
            rematch = reply["rematch"]["game"].as_str().map(str::to_owned);
        }
        if refused.is_some() {
            break;
        }
        let id = rematch.expect("both asked: the rematch is created");
        // The rematch swaps the seats: the same tokens, the other way round.
        game = common::Created {
            id,
            tokens: [game.tokens[1].clone(), game.tokens[0].clone()],
            answer: Value::Null,
        };
    }
    let (round, error) = refused.expect("a rematch refused");
    assert_eq!(round, 1, "{error}");
    assert_eq!(error["code"], "rate_limited");
    assert!(
        error["message"].as_str().unwrap().contains("rematch"),
        "{error}"
    );
    let list = http(addr, "GET", "/api/games", b"").await.unwrap().json();
    let games = list["live"].as_array().unwrap().len() + list["finished"].as_array().unwrap().len();
    assert_eq!(games, 2, "{list}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_connection_is_throttled_then_closed() {
    let (server, _dir) = sqlite_server(|c| c.messages_per_second = 5).await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let [mut white, mut black] = seats(addr, &game).await;
    let mut flood = Client::connect(addr, &game.id, None).await.unwrap();
    let ping = json!({ "type": "ping" }).to_string();
    let mut sent = 0;
    while flood.send_text(ping.clone()).await.is_ok() && sent < 1000 {
        sent += 1;
    }
    let mut pongs = 0;
    let mut throttled = false;
    let closed = loop {
        match flood.next().await {
            Ok(m) if m["type"] == "pong" => pongs += 1,
            Ok(m) if m["code"] == "rate_limited" => throttled = true,
            Ok(_) => {}
            Err(e) => break e,
        }
    };
    assert!(throttled && pongs <= 15, "{pongs} pongs");
    assert!(closed.contains("flooding"), "{closed}");
    // The players were not held up.
    let first = legal_move("kamisado", &[]).unwrap();
    white.play(0, &first).await.unwrap();
    assert_eq!(moves(&black.until_moves(1).await.unwrap()), [first]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_websocket_pings_is_counted_and_closed() {
    let (server, _dir) = sqlite_server(|c| c.messages_per_second = 5).await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let mut flood = Client::connect(addr, &game.id, None).await.unwrap();
    let mut sent = 0;
    while sent < 1000 && flood.send_ping().await.is_ok() {
        sent += 1;
    }
    let closed = loop {
        match flood.next().await {
            Ok(_) => {}
            Err(e) => break e,
        }
    };
    assert!(closed.contains("flooding"), "after {sent} pings: {closed}");
    server.stop().await;
}

/// The first answer `attempt` gives within about a second (fifty tries 20 ms apart): for
/// what the server does just after a reply (a place given back, a metric observed).
async fn soon<T, F, Fut>(mut attempt: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    for _ in 0..50 {
        if let Some(answer) = attempt().await {
            return Some(answer);
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    None
}

/// A WebSocket upgrade request written by hand, and the answer's status and body (the
/// scripted client only says that an upgrade failed).
async fn raw_upgrade(addr: &str, id: &str) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    // The refusal is small and ends with its body; an accepted upgrade would stay open.
    while let Ok(Ok(n)) =
        tokio::time::timeout(std::time::Duration::from_secs(2), stream.read(&mut chunk)).await
    {
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&bytes);
        if text.contains("\r\n\r\n") && text.trim_end().ends_with('}') {
            break;
        }
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .unwrap_or("0")
        .parse()
        .unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_seat_over_many_connections_has_the_rate_of_one() {
    let (server, _dir) = sqlite_server(|c| c.messages_per_second = 5).await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let ping = json!({ "type": "ping" }).to_string();
    let mut tabs = Vec::new();
    for _ in 0..10 {
        tabs.push(
            Client::connect(addr, &game.id, game.tokens[0].as_deref())
                .await
                .unwrap(),
        );
    }
    // Ten pings from each of ten connections on one seat: each connection's bucket alone
    // would answer all hundred; the seat's answers its burst (ten) and what refills.
    let started = std::time::Instant::now();
    for tab in &mut tabs {
        for _ in 0..10 {
            tab.send_text(ping.clone()).await.unwrap();
        }
    }
    let (mut pongs, mut limited) = (0, 0);
    for tab in &mut tabs {
        for _ in 0..10 {
            // Each ping gets a pong or (at most one a second) an error; stop at a quiet
            // connection.
            match tokio::time::timeout(std::time::Duration::from_millis(300), tab.next()).await {
                Ok(Ok(m)) if m["type"] == "pong" => pongs += 1,
                Ok(Ok(m)) if m["code"] == "rate_limited" => limited += 1,
                Ok(Ok(_)) => {}
                _ => break,
            }
        }
    }
    let refilled = (started.elapsed().as_secs_f64() * 5.0).ceil() as usize;
    assert!(limited > 0, "nothing was limited");
    assert!(
        pongs <= 10 + refilled,
        "{pongs} pongs for one seat (burst 10, {refilled} refilled)"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_over_a_cap_are_refused_with_a_json_error() {
    let (server, _dir) = sqlite_server(|c| {
        c.websockets_per_address = 3;
    })
    .await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(Client::connect(addr, &game.id, None).await.unwrap());
    }
    let (status, body) = raw_upgrade(addr, &game.id).await;
    assert_eq!(status, 429, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("too many WebSockets from your address: at most 3"),
        "{body}"
    );
    // A closed WebSocket gives its place back.
    held.pop().unwrap().close().await;
    let again = soon(|| async { Client::connect(addr, &game.id, None).await.ok() }).await;
    assert!(again.is_some(), "the place was not given back");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_time_out_and_an_address_holds_only_its_share() {
    use tokio::io::AsyncReadExt;
    let (server, _dir) = sqlite_server(|c| {
        c.connections_per_address = 4;
        c.header_timeout = std::time::Duration::from_secs(1);
    })
    .await;
    let addr = server.addr.clone();
    // Four idle connections: a client that never sends its headers.
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(tokio::net::TcpStream::connect(&addr).await.unwrap());
    }
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    // A fifth is answered at once, in JSON, and closed.
    let refused = http(&addr, "GET", "/api/games", b"").await.unwrap();
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("too many connections from your address: at most 4"),
        "{}",
        refused.body
    );
    // Past the header timeout the idle ones are closed, and their places are free again.
    let started = std::time::Instant::now();
    for stream in &mut idle {
        let mut byte = [0u8; 1];
        let read = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut byte))
            .await
            .expect("an idle connection was not closed within 5 s");
        assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(3));
    drop(idle);
    let listed = soon(|| async {
        let answer = http(&addr, "GET", "/api/games", b"").await.unwrap();
        (answer.status == 200).then_some(answer)
    })
    .await;
    assert!(listed.is_some(), "the places were not given back");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_tells_every_websocket_that_the_server_restarts() {
    let (server, _dir) = sqlite_server(|_| {}).await;
    let addr = server.addr.clone();
    let game = create(&addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let [mut white, _black] = seats(&addr, &game).await;
    let mut spectator = Client::connect(&addr, &game.id, None).await.unwrap();
    let first = legal_move("kamisado", &[]).unwrap();
    white.play(0, &first).await.unwrap();
    let started = std::time::Instant::now();
    let stopping = tokio::spawn(server.stop());
    let closed = loop {
        match spectator.next().await {
            Ok(_) => {}
            Err(e) => break e,
        }
    };
    assert!(
        closed.contains("1012") || closed.contains("Restart"),
        "{closed}"
    );
    assert!(closed.contains("the server is restarting"), "{closed}");
    stopping.await.unwrap();
    // Within the drain's bound, with one seat's connection never answering the close.
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    // The move committed before the stop is there for the next process.
    assert!(tokio::net::TcpStream::connect(&addr).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_count_moves_and_their_way_to_the_opponent() {
    let (server, _dir) = sqlite_server(|_| {}).await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let [mut white, mut black] = seats(addr, &game).await;
    let first = legal_move("kamisado", &[]).unwrap();
    white.play(0, &first).await.unwrap();
    black.until_moves(1).await.unwrap();
    // The opponent's connection observes the latency after writing the state: poll briefly.
    let scrape = || async {
        let answer = http(addr, "GET", "/metrics", b"").await.unwrap();
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.body
    };
    let observed = soon(|| async {
        let text = scrape().await;
        text.contains("towers_move_to_opponent_seconds_count 1")
            .then_some(text)
    })
    .await;
    let text = match observed {
        Some(text) => text,
        None => scrape().await,
    };
    for line in [
        "towers_moves_total 1",
        "towers_move_to_opponent_seconds_count 1",
        "towers_websockets_open 2",
        "towers_games_in_memory 1",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_between_computers_cannot_make_a_person_lose_on_time() {
    let (server, _dir) = sqlite_server(|c| c.creations_per_minute = 100).await;
    let addr = &server.addr;
    // Games between computer seats that each think for 700 ms a move, more of them than the
    // server has threads to search on (one or two on CI's machines).
    for _ in 0..4 {
        create(
            addr,
            &json!({
                "game": "kamisado",
                "players": [{ "computer": "mcts:700ms" }, { "computer": "mcts:700ms" }],
                "clock": { "kind": "none" },
            }),
        )
        .await;
    }
    // A person against a quick computer, on a one-second move clock: queued behind the
    // machines' searches in turn, the computer's reply would wait beyond its second.
    let game = create(
        addr,
        &json!({
            "game": "kamisado",
            "players": [{ "person": "Ann" }, { "computer": "random" }],
            "clock": { "kind": "move", "ms": 1000 },
        }),
    )
    .await;
    let mut ann = Client::connect(addr, &game.id, game.tokens[0].as_deref())
        .await
        .unwrap();
    let mut moves_so_far = Vec::new();
    for ply in [0, 2, 4] {
        let Some(mine) = legal_move("kamisado", &moves_so_far) else {
            break;
        };
        ann.play(ply, &mine).await.unwrap();
        let state = ann
            .until(|m| {
                m["type"] == "state"
                    && (towers_server::client::moves_of(m) >= ply + 2 || m["finished"] == true)
            })
            .await
            .unwrap();
        assert_ne!(
            state["result"]["reason"], "time",
            "the computer lost on time waiting for a thread: {state}"
        );
        moves_so_far = state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        if state["finished"] == true {
            break;
        }
    }
    server.stop().await;
}
