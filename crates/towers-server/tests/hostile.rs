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
