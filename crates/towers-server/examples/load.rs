//! The server's load benchmark: N concurrent Kamisado games, each played to its end by two
//! scripted clients over loopback WebSockets, against a server in this process. Reports
//! moves a second and the median and 99th percentile of the time from a move sent to the
//! opponent seeing it. Bounded: at most 2,000 games and `--seconds` of play.
//!
//! ```text
//! cargo run --release -p towers-server --example load -- --games 200
//! cargo run --release -p towers-server --example load -- --games 200 --db postgres://…
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use tower_games::registry;
use towers_server::client::{move_to_opponent, two_people};
use towers_server::{Config, Server};

struct Args {
    games: usize,
    db: Option<String>,
    seconds: u64,
}

fn args() -> Result<Args, String> {
    let mut args = Args {
        games: 100,
        db: None,
        seconds: 120,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => args.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--db" => args.db = Some(value()?),
            "--seconds" => {
                args.seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?;
            }
            _ => {
                return Err(format!(
                    "unknown argument {flag}; use --games N --db URL --seconds S"
                ));
            }
        }
    }
    if !(1..=2000).contains(&args.games) || !(1..=600).contains(&args.seconds) {
        return Err("--games is 1 to 2000 and --seconds 1 to 600".into());
    }
    Ok(args)
}

/// Plays one game to its end (or the deadline); returns each move's latency.
async fn play(addr: String, game: usize, deadline: Instant) -> Result<Vec<Duration>, String> {
    let mut seats = two_people(&addr, "kamisado").await?;
    let engine = registry::build("kamisado", &[]).map_err(|e| e.to_string())?;
    let mut state = engine.initial_state();
    let mut latencies = Vec::new();
    let mut ply = 0;
    while !state.status().is_finished() && Instant::now() < deadline {
        let mut legal = state.legal_moves();
        legal.sort();
        // Varied by the game, not replayed from the start each move as the tests' helper does.
        let mv = legal[(ply * 7 + game * 13 + 3) % legal.len()].clone();
        let mover = state.side_to_move().index();
        latencies.push(move_to_opponent(&mut seats, mover, ply, &mv).await?);
        state.play(&mv).map_err(|e| e.to_string())?;
        ply += 1;
    }
    Ok(latencies)
}

fn main() -> Result<(), String> {
    let args = args()?;
    let dir = std::env::temp_dir().join(format!("towers-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let db = args
        .db
        .clone()
        .unwrap_or_else(|| format!("sqlite:{}", dir.join("load.db").display()));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let result = runtime.block_on(async {
        let mut config = Config::new(&db);
        config.creations_per_minute = 100_000;
        config.messages_per_second = 10_000;
        // Every scripted client comes from 127.0.0.1: the limits per address would take them
        // for one flooding client.
        config.messages_per_address = 1_000_000;
        config.connections_per_address = usize::MAX;
        config.websockets_per_address = usize::MAX;
        config.max_connections = usize::MAX;
        config.max_websockets = usize::MAX;
        let server = Server::start(config).await.map_err(|e| e.to_string())?;
        let listener =
            towers_server::listen(([127, 0, 0, 1], 0).into()).map_err(|e| e.to_string())?;
        let addr = listener
            .local_addr()
            .map_err(|e| e.to_string())?
            .to_string();
        tokio::spawn(towers_server::serve_on(
            Arc::clone(&server),
            listener,
            std::future::pending(),
        ));
        let started = Instant::now();
        let deadline = started + Duration::from_secs(args.seconds);
        let tasks: Vec<_> = (0..args.games)
            .map(|game| tokio::spawn(play(addr.clone(), game, deadline)))
            .collect();
        let mut latencies = Vec::new();
        let mut failed = 0;
        for task in tasks {
            match task.await {
                Ok(Ok(game)) => latencies.extend(game),
                Ok(Err(e)) => {
                    failed += 1;
                    eprintln!("a game failed: {e}");
                }
                Err(e) => return Err(e.to_string()),
            }
        }
        Ok::<_, String>((started.elapsed(), latencies, failed))
    });
    let _ = std::fs::remove_dir_all(&dir);
    let (elapsed, mut latencies, failed) = result?;
    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let database = if db.starts_with("sqlite:") {
        "SQLite"
    } else {
        "PostgreSQL"
    };
    println!(
        "{database}: {} games ({failed} failed), {} moves in {:.2} s: {:.0} moves/s; \
         move to opponent: median {:.2} ms, p99 {:.2} ms",
        args.games,
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        at(0.5),
        at(0.99)
    );
    if failed > 0 {
        return Err(format!("{failed} games failed"));
    }
    Ok(())
}
