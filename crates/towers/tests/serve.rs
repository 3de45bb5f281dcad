//! `towers serve` as real processes: killed with SIGKILL mid-game and restarted, it loses no
//! acknowledged move; two processes on one PostgreSQL (when `TOWERS_TEST_POSTGRES` gives
//! its URL) serve one game, a player on each, moves pushed across through NOTIFY.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use towers_server::client::{Client, create, http};

/// A `towers serve` process.
struct Serve {
    child: Child,
}

impl Serve {
    /// Starts `towers serve` on `addr` with database `db` and waits until it answers.
    async fn start(addr: &str, db: &str, web: &std::path::Path) -> Serve {
        let child = Command::new(env!("CARGO_BIN_EXE_towers"))
            .args(["serve", "--addr", addr, "--db", db, "--web"])
            .arg(web)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("towers serve starts");
        let serve = Serve { child };
        let started = Instant::now();
        while http(addr, "GET", "/api/games", b"").await.is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "towers serve did not answer"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        serve
    }

    /// SIGKILL: no chance to flush or close anything.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_addr() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

fn playground() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<title>playground</title>").unwrap();
    dir
}

/// A legal Kamisado move after `moves` that keeps the game going where one does, so it
/// lasts long enough to be killed a few times; `None` when the game is over.
fn legal_move(moves: &[String]) -> Option<String> {
    towers_server::client::legal_move("kamisado", moves, 1, true)
}

fn moves(state: &Value) -> Vec<String> {
    serde_json::from_value(state["moves"].clone()).unwrap_or_default()
}

/// Connects a seat, retrying while the server restarts (as the page does).
async fn reconnect(addr: &str, id: &str, token: Option<&str>) -> Client {
    let started = Instant::now();
    loop {
        match Client::connect(addr, id, token).await {
            Ok(client) => return client,
            Err(e) => {
                assert!(started.elapsed() < Duration::from_secs(30), "{e}");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    }
}

fn people() -> Value {
    json!({ "game": "kamisado", "players": [{ "person": "Ann" }, { "person": "Bob" }] })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_and_restart_lose_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let web = playground();
    let db = format!("sqlite:{}", dir.path().join("games.db").display());
    let addr = free_addr();
    let mut server = Serve::start(&addr, &db, web.path()).await;
    let game = create(&addr, &people()).await.unwrap();
    let id = game["id"].as_str().unwrap().to_owned();
    let tokens: Vec<String> = (0..2)
        .map(|i| game["seats"][i]["token"].as_str().unwrap().to_owned())
        .collect();
    let mut acknowledged: Vec<String> = Vec::new();
    let mut kills = 0;
    let mut restarts = Vec::new();
    'game: loop {
        let mut seats = [
            reconnect(&addr, &id, Some(&tokens[0])).await,
            reconnect(&addr, &id, Some(&tokens[1])).await,
        ];
        let stored = moves(&seats[0].state);
        // Every acknowledged move is there after the restart.
        assert!(
            stored.len() >= acknowledged.len(),
            "{stored:?} {acknowledged:?}"
        );
        assert_eq!(stored[..acknowledged.len()], acknowledged[..]);
        acknowledged = stored;
        loop {
            let Some(mv) = legal_move(&acknowledged) else {
                break 'game;
            };
            let to_move = seats[0].state["to_move"].as_u64().unwrap() as usize;
            let ply = acknowledged.len();
            // Kill while a move is on its way, after a few moves each time.
            if kills < 3 && ply == 3 + kills * 4 {
                seats[to_move]
                    .send(&json!({ "type": "move", "ply": ply, "move": mv }))
                    .await
                    .unwrap();
                server.kill();
                kills += 1;
                let started = Instant::now();
                server = Serve::start(&addr, &db, web.path()).await;
                let resumed = reconnect(&addr, &id, Some(&tokens[0])).await;
                restarts.push(started.elapsed());
                drop(resumed);
                continue 'game;
            }
            let ack = seats[to_move].play(ply, &mv).await.unwrap();
            acknowledged.push(ack["move"].as_str().unwrap().to_owned());
            for seat in &mut seats {
                seat.until_moves(acknowledged.len()).await.unwrap();
            }
        }
    }
    assert_eq!(kills, 3, "the game ended before three kills");
    let end = http(&addr, "GET", &format!("/api/games/{id}"), b"")
        .await
        .unwrap()
        .json();
    assert_eq!(end["finished"], true);
    assert_eq!(moves(&end), acknowledged);
    eprintln!("restart (SIGKILL, start, reconnect) to resumed game: {restarts:?}");
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_postgres_serve_one_game() {
    let Ok(url) = std::env::var("TOWERS_TEST_POSTGRES") else {
        // CI runs every test (TOWERS_HEAVY=1) with a PostgreSQL: there it may not pass quietly.
        assert!(
            !board_kernel::testing::heavy_on(),
            "TOWERS_TEST_POSTGRES is not set: `cargo xtask postgres` starts a PostgreSQL"
        );
        eprintln!("TOWERS_TEST_POSTGRES is not set: `cargo xtask postgres` starts a PostgreSQL");
        return;
    };
    let web = playground();
    let (a, b) = (free_addr(), free_addr());
    let first = Serve::start(&a, &url, web.path()).await;
    let second = Serve::start(&b, &url, web.path()).await;
    let game = create(&a, &people()).await.unwrap();
    let id = game["id"].as_str().unwrap();
    let token = |i: usize| game["seats"][i]["token"].as_str().unwrap().to_owned();
    // White on the first process, Black and a spectator on the second.
    let mut seats = [
        Client::connect(&a, id, Some(&token(0))).await.unwrap(),
        Client::connect(&b, id, Some(&token(1))).await.unwrap(),
    ];
    let mut spectator = Client::connect(&b, id, None).await.unwrap();
    let mut played = Vec::new();
    let mut latencies = Vec::new();
    while let Some(mv) = legal_move(&played) {
        let to_move = seats[0].state["to_move"].as_u64().unwrap() as usize;
        let sent = Instant::now();
        let ack = seats[to_move].play(played.len(), &mv).await.unwrap();
        played.push(ack["move"].as_str().unwrap().to_owned());
        seats[1 - to_move].until_moves(played.len()).await.unwrap();
        latencies.push(sent.elapsed());
        seats[to_move].until_moves(played.len()).await.unwrap();
        spectator.until_moves(played.len()).await.unwrap();
    }
    assert_eq!(spectator.state["finished"], true);
    assert_eq!(moves(&spectator.state), played);
    latencies.sort();
    eprintln!(
        "{} moves across two processes, median move-to-opponent {:?}",
        played.len(),
        latencies[latencies.len() / 2]
    );
    drop((first, second));
}
