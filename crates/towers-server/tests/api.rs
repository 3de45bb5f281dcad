//! The server's API against SQLite: games between people played over WebSockets with a
//! spectator, resumption, clocks, draws, rematches, computer seats, records, the games list,
//! the limits the page reads, and a restart.

mod common;

use common::{Running, create, legal_move, moves, people, seats, sqlite_url, start};
use serde_json::json;
use tower_games::record::Record;
use towers_server::Config;
use towers_server::client::{Client, http};

async fn sqlite_server() -> (Running, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    (start(Config::new(&sqlite_url(&dir))).await, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_a_whole_game_that_a_spectator_watches() {
    let (server, _dir) = sqlite_server().await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let [mut white, mut black] = seats(addr, &game).await;
    let mut spectator = Client::connect(addr, &game.id, None).await.unwrap();
    assert_eq!(spectator.seat, None);
    let mut played = Vec::new();
    while let Some(mv) = legal_move("kamisado", &played) {
        let to_move = spectator.state["to_move"].as_u64().unwrap() as usize;
        let mover = if to_move == 0 { &mut white } else { &mut black };
        let ack = mover.play(played.len(), &mv).await.unwrap();
        assert_eq!(ack["ply"], played.len());
        played.push(ack["move"].as_str().unwrap().to_owned());
        // Everyone sees the move.
        for client in [&mut white, &mut black, &mut spectator] {
            let state = client.until_moves(played.len()).await.unwrap();
            assert_eq!(moves(&state), played);
        }
    }
    let end = &spectator.state;
    assert_eq!(end["finished"], true, "{end}");
    assert!(end["result"]["reason"].is_string(), "{end}");

    // The record replays in the engine, with the result the rules give.
    let answer = http(addr, "GET", &format!("/api/games/{}/record", game.id), b"")
        .await
        .unwrap();
    assert_eq!(answer.status, 200);
    let record = Record::from_json(&answer.body).unwrap();
    assert_eq!(record.moves, played);
    assert_eq!(
        (record.white.as_str(), record.black.as_str()),
        ("Ann", "Bob")
    );
    record.verify().unwrap();

    // The list shows it among the finished games; no token appears anywhere public.
    let list = http(addr, "GET", "/api/games", b"").await.unwrap();
    assert!(
        list.json()["finished"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.id.as_str())
    );
    let shown = http(addr, "GET", &format!("/api/games/{}", game.id), b"")
        .await
        .unwrap();
    for token in game.tokens.iter().flatten() {
        for public in [&list.body, &shown.body, &answer.body, &end.to_string()] {
            assert!(!public.contains(token.as_str()), "a token leaked: {public}");
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reopened_link_resumes_and_a_resent_move_is_not_played_twice() {
    let (server, _dir) = sqlite_server().await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let [mut white, black] = seats(addr, &game).await;
    let first = legal_move("kamisado", &[]).unwrap();
    white.play(0, &first).await.unwrap();
    white.close().await;
    // The tab is opened again: the same seat, the game as it was.
    let mut white = Client::connect(addr, &game.id, game.tokens[0].as_deref())
        .await
        .unwrap();
    assert_eq!(white.seat, Some(0));
    assert_eq!(moves(&white.state), std::slice::from_ref(&first));
    // The move sent again (its acknowledgement was lost) is acknowledged, not replayed.
    let again = white.play(0, &first).await.unwrap();
    assert_eq!(again["ply"], 0);
    let shown = http(addr, "GET", &format!("/api/games/{}", game.id), b"")
        .await
        .unwrap();
    assert_eq!(moves(&shown.json()).len(), 1);
    black.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fallen_flag_loses_the_game() {
    let (server, _dir) = sqlite_server().await;
    let addr = &server.addr;
    let clock = json!({ "kind": "fischer", "base_ms": 600, "increment_ms": 0 });
    let game = create(addr, &people("kamisado", clock)).await;
    let [mut white, mut black] = seats(addr, &game).await;
    assert_eq!(white.state["clock"]["running"], serde_json::Value::Null);
    let first = legal_move("kamisado", &[]).unwrap();
    white.play(0, &first).await.unwrap();
    // Black's clock runs from White's first move; nobody moves, and the server judges.
    let state = black.until_moves(1).await.unwrap();
    assert_eq!(state["clock"]["running"], 1);
    let end = black
        .until(|m| m["type"] == "state" && m["finished"] == true)
        .await
        .unwrap();
    assert_eq!(end["result"], json!({ "winner": 0, "reason": "time" }));
    assert_eq!(end["clock"]["remaining_ms"][1], 0);
    assert!(end["status"].as_str().unwrap().contains("on time"), "{end}");
    // Too late now.
    let second = legal_move("kamisado", &[first]).unwrap();
    let refused = black.play(1, &second).await.unwrap_err();
    assert!(refused.contains("game_over"), "{refused}");
    let record = http(addr, "GET", &format!("/api/games/{}/record", game.id), b"")
        .await
        .unwrap();
    Record::from_json(&record.body).unwrap().verify().unwrap();
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_clock_gives_each_move_its_time() {
    let (server, _dir) = sqlite_server().await;
    let addr = &server.addr;
    let clock = json!({ "kind": "move", "ms": 5000 });
    let game = create(addr, &people("kamisado", clock)).await;
    let [mut white, mut black] = seats(addr, &game).await;
    let first = legal_move("kamisado", &[]).unwrap();
    white.play(0, &first).await.unwrap();
    let second = legal_move("kamisado", std::slice::from_ref(&first)).unwrap();
    black.play(1, &second).await.unwrap();
    let state = white.until_moves(2).await.unwrap();
    let remaining = state["clock"]["remaining_ms"][0].as_i64().unwrap();
    assert!((4000..=5000).contains(&remaining), "{state}");
    assert_eq!(state["clock"]["remaining_ms"][1], 5000);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_are_offered_and_accepted_and_a_rematch_swaps_the_seats() {
    let (server, _dir) = sqlite_server().await;
    let addr = &server.addr;
    let game = create(addr, &people("tower-of-power", json!({ "kind": "none" }))).await;
    let [mut white, mut black] = seats(addr, &game).await;
    white.send(&json!({ "type": "offer_draw" })).await.unwrap();
    let offered = black
        .until(|m| m["type"] == "state" && m["draw_offer"] == 0)
        .await
        .unwrap();
    assert_eq!(offered["can_draw"], true);
    // Only the opponent can accept.
    white.send(&json!({ "type": "accept_draw" })).await.unwrap();
    let refused = white.until(|m| m["type"] == "error").await.unwrap();
    assert_eq!(refused["code"], "no_offer");
    black.send(&json!({ "type": "accept_draw" })).await.unwrap();
    let end = white
        .until(|m| m["type"] == "state" && m["finished"] == true)
        .await
        .unwrap();
    assert_eq!(
        end["result"],
        json!({ "winner": null, "reason": "agreement" })
    );

    white.send(&json!({ "type": "rematch" })).await.unwrap();
    white
        .until(|m| m["type"] == "state" && m["rematch"]["requested"][0] == true)
        .await
        .unwrap();
    black.send(&json!({ "type": "rematch" })).await.unwrap();
    let state = white
        .until(|m| m["type"] == "state" && m["rematch"]["game"].is_string())
        .await
        .unwrap();
    let rematch = state["rematch"]["game"].as_str().unwrap();
    // The same tokens, seats swapped.
    let ann = Client::connect(addr, rematch, game.tokens[0].as_deref())
        .await
        .unwrap();
    let bob = Client::connect(addr, rematch, game.tokens[1].as_deref())
        .await
        .unwrap();
    assert_eq!((ann.seat, bob.seat), (Some(1), Some(0)));
    assert_eq!(bob.state["players"][0], json!({ "person": "Bob" }));
    assert_eq!(bob.state["rematch_of"], game.id.as_str());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_ends_the_game_and_the_record_says_so() {
    let (server, _dir) = sqlite_server().await;
    let addr = &server.addr;
    let game = create(addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let [mut white, mut black] = seats(addr, &game).await;
    let first = legal_move("kamisado", &[]).unwrap();
    white.play(0, &first).await.unwrap();
    black.send(&json!({ "type": "resign" })).await.unwrap();
    let end = white
        .until(|m| m["type"] == "state" && m["finished"] == true)
        .await
        .unwrap();
    assert_eq!(
        end["result"],
        json!({ "winner": 0, "reason": "resignation" })
    );
    let record = http(addr, "GET", &format!("/api/games/{}/record", game.id), b"")
        .await
        .unwrap();
    let record = Record::from_json(&record.body).unwrap();
    assert_eq!(record.result.as_ref().unwrap().reason, "resignation");
    record.verify().unwrap();
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_seat_answers_each_move() {
    let (server, _dir) = sqlite_server().await;
    let addr = &server.addr;
    let new = json!({
        "game": "kamisado",
        "players": [{ "person": "Ann" }, { "computer": "mcts:50" }],
    });
    let game = create(addr, &new).await;
    assert_eq!(game.tokens[1], None);
    let mut ann = Client::connect(addr, &game.id, game.tokens[0].as_deref())
        .await
        .unwrap();
    for ply in [0, 2, 4] {
        let state = ann.until_moves(ply).await.unwrap();
        if state["finished"] == true {
            break;
        }
        let mv = legal_move("kamisado", &moves(&state)).unwrap();
        ann.play(ply, &mv).await.unwrap();
        let answered = ann.until_moves(ply + 2).await.unwrap();
        assert_eq!(moves(&answered).len(), ply + 2, "{answered}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_the_game_from_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir);
    let server = start(Config::new(&url)).await;
    let game = create(&server.addr, &people("kamisado", json!({ "kind": "none" }))).await;
    let [mut white, black] = seats(&server.addr, &game).await;
    let first = legal_move("kamisado", &[]).unwrap();
    white.play(0, &first).await.unwrap();
    drop((white, black));
    server.stop().await;

    let started = std::time::Instant::now();
    let server = start(Config::new(&url)).await;
    let [_, mut black] = seats(&server.addr, &game).await;
    assert_eq!(moves(&black.state), std::slice::from_ref(&first));
    eprintln!("restart to resumed game: {:?}", started.elapsed());
    let second = legal_move("kamisado", &[first]).unwrap();
    black.play(1, &second).await.unwrap();
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_playground_is_served_beside_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    std::fs::create_dir(&web).unwrap();
    std::fs::write(web.join("index.html"), "<title>playground</title>").unwrap();
    let mut config = Config::new(&sqlite_url(&dir));
    config.web = Some(web);
    let server = start(config).await;
    let page = http(&server.addr, "GET", "/", b"").await.unwrap();
    assert_eq!(page.status, 200);
    assert!(page.body.contains("playground"));
    let missing = http(&server.addr, "GET", "/api/games/nosuchgame", b"")
        .await
        .unwrap();
    assert_eq!(missing.status, 404);
    server.stop().await;

    let mut config = Config::new(&sqlite_url(&dir));
    config.web = Some(dir.path().join("nowhere"));
    let err = towers_server::Server::start(config).await.err().unwrap();
    assert!(
        err.to_string().contains("run `cargo xtask web` first"),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limits_tell_the_page_what_this_server_allows() {
    let (server, _dir) = sqlite_server().await;
    let answer = http(&server.addr, "GET", "/api/limits", b"").await.unwrap();
    assert_eq!(answer.status, 200);
    let limits = answer.json();
    assert_eq!(limits["computer_think_ms"], 3000, "{limits}");
    assert_eq!(limits["name_chars"], 40, "{limits}");
    let refusals = &limits["refusals"];
    assert_eq!(refusals.as_object().unwrap().len(), 15, "{limits}");
    for (code, meaning) in [
        ("illegal_move", "move_not_played"),
        ("time", "move_not_played"),
        ("storage", "send_again"),
        ("rate_limited", "send_again"),
        ("bad_token", "hello_refused"),
        ("no_offer", "unrelated"),
    ] {
        assert_eq!(refusals[code], meaning, "{code}");
    }
    server.stop().await;
}
