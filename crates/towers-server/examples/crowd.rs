//! The server's human-paced load benchmark: a club's evening rather than a flood. N Kamisado
//! games run at once, each between two scripted people who think a random 2 to 10 seconds
//! before every move; when a game ends its players start another, so N stay live. N is
//! ramped up level by level until the 99th percentile of the time from a move sent to the
//! opponent seeing it passes 50 ms. Each level reports the moves a second, the median and
//! 99th percentile of that time, the server's RSS and its RSS per open WebSocket.
//!
//! The server is `towers serve` run as a child process, so its RSS is its own: with SQLite,
//! with PostgreSQL, or two processes on one PostgreSQL behind nginx as docs/server.md sets
//! them up. The scripted people run in worker processes (this program again, `--worker`),
//! because a process here may hold at most as many sockets as its file-descriptor limit
//! allows. Everything listens on 127.0.0.1 only. Bounded: at most 40,000 games a level and
//! 600 s of measuring a level.
//!
//! ```text
//! cargo build --release -p towers -p towers-server --example crowd
//! target/release/examples/crowd --levels 1000,2000,4000
//! target/release/examples/crowd --db postgres://USER@127.0.0.1:PORT/DB
//! target/release/examples/crowd --db postgres://USER@127.0.0.1:PORT/DB --processes 2
//! ```

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tower_games::registry;
use towers_server::client::{Client, move_to_opponent, two_people};

/// The p99 a level must stay within to hold.
const P99_LIMIT_MS: f64 = 50.0;
/// Games one worker process plays at most (two sockets each, within a 20,000-descriptor
/// limit with room for the games being created).
const GAMES_PER_WORKER: usize = 6_000;
/// Games a worker sets up at once while ramping.
const SETUP_AT_ONCE: usize = 32;

struct Plan {
    levels: Vec<usize>,
    db: Option<String>,
    processes: usize,
    warmup: u64,
    hold: u64,
    think_ms: (u64, u64),
    seed: u64,
    towers: PathBuf,
    nginx: PathBuf,
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    text.parse().map_err(|e| format!("{flag} {text}: {e}"))
}

fn think_range(text: &str) -> Result<(u64, u64), String> {
    let (low, high) = text
        .split_once('-')
        .ok_or("--think-ms is LOW-HIGH, e.g. 2000-10000")?;
    let range = (number("--think-ms", low)?, number("--think-ms", high)?);
    if range.0 > range.1 || range.1 > 600_000 {
        return Err("--think-ms LOW-HIGH needs LOW <= HIGH <= 600000".into());
    }
    Ok(range)
}

fn plan(args: &[String]) -> Result<Plan, String> {
    let beside = |name: &str| {
        std::env::current_exe()
            .ok()
            .and_then(|exe| Some(exe.parent()?.parent()?.join(name)))
            .unwrap_or_else(|| PathBuf::from(name))
    };
    let mut plan = Plan {
        levels: vec![500, 1000, 2000, 4000, 6000, 8000, 10_000],
        db: None,
        processes: 1,
        warmup: 20,
        hold: 60,
        think_ms: (2000, 10_000),
        seed: 1,
        towers: beside("towers"),
        nginx: PathBuf::from("nginx"),
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--levels" => {
                plan.levels = value()?
                    .split(',')
                    .map(|n| number("--levels", n))
                    .collect::<Result<_, _>>()?;
            }
            "--db" => plan.db = Some(value()?),
            "--processes" => plan.processes = number(flag, &value()?)?,
            "--warmup" => plan.warmup = number(flag, &value()?)?,
            "--hold" => plan.hold = number(flag, &value()?)?,
            "--think-ms" => plan.think_ms = think_range(&value()?)?,
            "--seed" => plan.seed = number(flag, &value()?)?,
            "--towers" => plan.towers = PathBuf::from(value()?),
            "--nginx" => plan.nginx = PathBuf::from(value()?),
            _ => {
                return Err(format!(
                    "unknown argument {flag}; use --levels N,N,… --db URL --processes 1|2 \
                     --warmup S --hold S --think-ms LOW-HIGH --seed S --towers PATH --nginx PATH"
                ));
            }
        }
    }
    if plan.levels.is_empty() || plan.levels.iter().any(|n| !(1..=40_000).contains(n)) {
        return Err("--levels are 1 to 40000 games".into());
    }
    if !(1..=2).contains(&plan.processes) {
        return Err("--processes is 1 or 2".into());
    }
    if plan.processes == 2
        && !plan
            .db
            .as_deref()
            .is_some_and(|d| d.starts_with("postgres"))
    {
        return Err("--processes 2 needs --db postgres://…: SQLite serves one process".into());
    }
    if !(1..=600).contains(&plan.hold) || plan.warmup > 600 {
        return Err("--hold is 1 to 600 seconds and --warmup at most 600".into());
    }
    Ok(plan)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = if args.first().is_some_and(|a| a == "--worker") {
        worker(&args[1..])
    } else {
        plan(&args).and_then(|plan| drive(&plan))
    };
    if let Err(e) = result {
        eprintln!("crowd: {e}");
        std::process::exit(1);
    }
}

// ---------------------------------------------------------------------------------------------
// The driver: servers, proxy and workers for each level, and the table.

/// What one level measured.
struct Row {
    games: usize,
    websockets: u64,
    failed: usize,
    moves_per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    rss_mib: f64,
    rss_per_websocket_kib: f64,
    server_cpu: f64,
    clients_cpu: f64,
    setup_s: f64,
}

fn drive(plan: &Plan) -> Result<(), String> {
    let setup = match (&plan.db, plan.processes) {
        (None, _) => "SQLite, one process".to_owned(),
        (Some(_), 1) => "PostgreSQL, one process".to_owned(),
        (Some(_), _) => "PostgreSQL, two processes behind nginx".to_owned(),
    };
    println!(
        "{setup}: think {}–{} ms, {} s warm-up and {} s measured a level, seed {}",
        plan.think_ms.0, plan.think_ms.1, plan.warmup, plan.hold, plan.seed
    );
    println!(
        "| games | WebSockets | failed | moves/s | p50 ms | p99 ms | server RSS MiB | \
         RSS per WebSocket KiB | server CPU | clients' CPU | set-up s |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut held = None;
    for &games in &plan.levels {
        let row = level(plan, games)?;
        println!(
            "| {} | {} | {} | {:.0} | {:.1} | {:.1} | {:.0} | {:.1} | {:.0}% | {:.0}% | {:.0} |",
            row.games,
            row.websockets,
            row.failed,
            row.moves_per_second,
            row.p50_ms,
            row.p99_ms,
            row.rss_mib,
            row.rss_per_websocket_kib,
            row.server_cpu * 100.0,
            row.clients_cpu * 100.0,
            row.setup_s
        );
        if row.p99_ms > P99_LIMIT_MS || row.failed > 0 {
            break;
        }
        held = Some(row.games);
    }
    match held {
        Some(games) => println!("largest level held (p99 ≤ {P99_LIMIT_MS} ms): {games} games"),
        None => println!("no level held (p99 ≤ {P99_LIMIT_MS} ms)"),
    }
    Ok(())
}

/// A child process stopped when dropped: by its own stop command if it has one (nginx's
/// master, killed outright, would leave its workers running), else killed.
struct Running(Child, Option<Command>);

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(mut stop) = self.1.take()
            && stop.status().is_ok()
        {
            let asked = Instant::now();
            while asked.elapsed() < Duration::from_secs(5) {
                if !matches!(self.0.try_wait(), Ok(None)) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

/// A plain HTTP GET on 127.0.0.1, the body returned.
fn get(port: u16, path: &str) -> Option<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut text = String::new();
    stream.read_to_string(&mut text).ok()?;
    text.split_once("\r\n\r\n").map(|(_, body)| body.to_owned())
}

fn wait_until_up(port: u16, what: &str) -> Result<(), String> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(30) {
        if get(port, "/api/games").is_some() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Err(format!("{what} on port {port} did not answer within 30 s"))
}

/// A process's resident set in bytes and its CPU time in clock ticks (user + system).
fn rss_and_ticks(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss_kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .unwrap_or(0);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are the 12th and
    // 13th of them.
    let ticks = stat.rsplit_once(')').map_or(0, |(_, rest)| {
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let field = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok());
        field(11).unwrap_or(0) + field(12).unwrap_or(0)
    });
    (rss_kib * 1024, ticks)
}

/// The `towers_websockets_open` gauge of a server's `/metrics`.
fn websockets_open(port: u16) -> u64 {
    get(port, "/metrics")
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("towers_websockets_open "))
                .and_then(|v| v.trim().parse().ok())
        })
        .unwrap_or(0)
}

fn start_server(plan: &Plan, dir: &Path, port: u16) -> Result<Running, String> {
    let db = plan
        .db
        .clone()
        .unwrap_or_else(|| format!("sqlite:{}", dir.join("crowd.db").display()));
    // The server wants a playground to serve; the crowd never asks for it.
    std::fs::write(dir.join("index.html"), "<!doctype html>").map_err(|e| e.to_string())?;
    let big = "1000000";
    let mut command = Command::new(&plan.towers);
    command
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db", &db])
        .args(["--web", &dir.to_string_lossy()])
        // Every scripted person comes from 127.0.0.1: the limits per address would take the
        // crowd for one flooding client.
        .args(["--creations-per-minute", "100000"])
        .args(["--messages-per-address", "100000"])
        .args(["--connections-per-address", big, "--max-connections", big])
        .args(["--websockets-per-address", big, "--max-websockets", big])
        .stdout(Stdio::null())
        .stderr(Stdio::from(
            std::fs::File::create(dir.join(format!("serve-{port}.log")))
                .map_err(|e| e.to_string())?,
        ));
    if plan.processes > 1 {
        command.arg("--forwarded-for");
    }
    let child = command
        .spawn()
        .map_err(|e| format!("{}: {e}", plan.towers.display()))?;
    let running = Running(child, None);
    wait_until_up(port, "towers serve")?;
    Ok(running)
}

/// nginx in front of the servers as docs/server.md sets it up, on 127.0.0.1 and with its
/// files in `dir`. Four workers with `reuseport` share the sockets: each proxied WebSocket
/// takes two descriptors in nginx.
fn start_nginx(plan: &Plan, dir: &Path, port: u16, upstreams: &[u16]) -> Result<Running, String> {
    let d = dir.display();
    let servers: String = upstreams
        .iter()
        .map(|p| format!("server 127.0.0.1:{p}; "))
        .collect();
    let conf = format!(
        "worker_processes 4;\nworker_rlimit_nofile 20000;\npid {d}/nginx.pid;\n\
         error_log {d}/nginx-error.log warn;\nevents {{ worker_connections 19000; }}\n\
         http {{\n  access_log off;\n  client_body_temp_path {d}/body;\n  proxy_temp_path {d}/proxy;\n\
         fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n\
         upstream towers {{ {servers}}}\n\
         server {{\n    listen 127.0.0.1:{port} reuseport;\n    location / {{\n\
         proxy_pass http://towers;\n      proxy_http_version 1.1;\n\
         proxy_set_header Upgrade $http_upgrade;\n      proxy_set_header Connection \"upgrade\";\n\
         proxy_set_header X-Forwarded-For $remote_addr;\n      proxy_read_timeout 1h;\n    }}\n  }}\n}}\n"
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, conf).map_err(|e| e.to_string())?;
    let child = Command::new(&plan.nginx)
        .args(["-p", &dir.to_string_lossy(), "-c", &path.to_string_lossy()])
        .args(["-g", "daemon off;"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e} (install Debian's nginx)", plan.nginx.display()))?;
    let mut stop = Command::new(&plan.nginx);
    stop.args(["-p", &dir.to_string_lossy(), "-c", &path.to_string_lossy()])
        .args(["-s", "stop"])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let running = Running(child, Some(stop));
    wait_until_up(port, "nginx")?;
    Ok(running)
}

/// The children of a process (nginx's workers).
fn children(pid: u32) -> Vec<u32> {
    std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

fn level(plan: &Plan, games: usize) -> Result<Row, String> {
    let dir = std::env::temp_dir().join(format!("towers-crowd-{}-{games}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let ports: Vec<u16> = (0..plan.processes)
        .map(|_| free_port())
        .collect::<Result<_, _>>()?;
    let servers: Vec<Running> = ports
        .iter()
        .map(|&port| start_server(plan, &dir, port))
        .collect::<Result<_, _>>()?;
    let (proxy, front) = if plan.processes > 1 {
        let port = free_port()?;
        (Some(start_nginx(plan, &dir, port, &ports)?), port)
    } else {
        (None, ports[0])
    };
    let server_pids: Vec<u32> = servers.iter().map(|s| s.0.id()).collect();
    let rss_before: u64 = server_pids.iter().map(|&p| rss_and_ticks(p).0).sum();

    let workers_wanted = games.div_ceil(GAMES_PER_WORKER);
    let started = Instant::now();
    let mut workers = Vec::new();
    for w in 0..workers_wanted {
        let share = games / workers_wanted + usize::from(w < games % workers_wanted);
        let child = Command::new(std::env::current_exe().map_err(|e| e.to_string())?)
            .args(["--worker", "--addr", &format!("127.0.0.1:{front}")])
            .args(["--games", &share.to_string()])
            .args(["--warmup", &plan.warmup.to_string()])
            .args(["--hold", &plan.hold.to_string()])
            .args([
                "--think-ms",
                &format!("{}-{}", plan.think_ms.0, plan.think_ms.1),
            ])
            .args(["--seed", &(plan.seed * 1000 + w as u64).to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| e.to_string())?;
        workers.push(Running(child, None));
    }
    // Each worker says `connected` when its games are all set up, then warms up and measures
    // on its own clock; the driver waits for all before it samples the servers.
    let mut readers: Vec<_> = workers
        .iter_mut()
        .map(|w| BufReader::new(w.0.stdout.take().expect("piped")).lines())
        .collect();
    for reader in &mut readers {
        match reader.next() {
            Some(Ok(line)) if line == "connected" => {}
            other => return Err(format!("a worker did not connect its games: {other:?}")),
        }
    }
    let setup_s = started.elapsed().as_secs_f64();
    std::thread::sleep(Duration::from_secs(plan.warmup));
    let worker_pids: Vec<u32> = workers.iter().map(|w| w.0.id()).collect();
    let ticks = |pids: &[u32]| pids.iter().map(|&p| rss_and_ticks(p).1).sum::<u64>();
    let ticks_before = ticks(&server_pids);
    let client_ticks_before = ticks(&worker_pids);
    let measured = Instant::now();
    std::thread::sleep(Duration::from_secs(plan.hold / 2));
    let rss_during: u64 = server_pids.iter().map(|&p| rss_and_ticks(p).0).sum();
    let websockets: u64 = ports.iter().map(|&p| websockets_open(p)).sum();
    std::thread::sleep(Duration::from_secs(plan.hold - plan.hold / 2));
    let ticks_after = ticks(&server_pids);
    let client_ticks_after = ticks(&worker_pids);
    let cpu_seconds = measured.elapsed().as_secs_f64();
    let mut nginx_rss = 0;
    if let Some(proxy) = &proxy {
        for pid in children(proxy.0.id()) {
            nginx_rss += rss_and_ticks(pid).0;
        }
    }

    let mut latencies: Vec<u32> = Vec::new();
    let mut failed = 0;
    let mut moves = 0;
    for reader in &mut readers {
        let line = reader
            .next()
            .ok_or("a worker ended without its result")?
            .map_err(|e| e.to_string())?;
        let result: Value = serde_json::from_str(&line).map_err(|e| format!("{e}: {line}"))?;
        failed += result["failed"].as_u64().unwrap_or(0) as usize;
        moves += result["moves"].as_u64().unwrap_or(0);
        latencies.extend(
            result["latencies_us"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_u64())
                .map(|v| v as u32),
        );
    }
    drop(workers);
    drop(proxy);
    drop(servers);
    let _ = std::fs::remove_dir_all(&dir);
    if nginx_rss > 0 {
        eprintln!(
            "crowd: nginx's workers: {:.0} MiB RSS",
            nginx_rss as f64 / 1_048_576.0
        );
    }

    latencies.sort_unstable();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |&us| f64::from(us) / 1000.0)
    };
    let grown = rss_during.saturating_sub(rss_before) as f64;
    Ok(Row {
        games,
        websockets,
        failed,
        moves_per_second: moves as f64 / plan.hold as f64,
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        rss_mib: rss_during as f64 / 1_048_576.0,
        rss_per_websocket_kib: if websockets > 0 {
            grown / websockets as f64 / 1024.0
        } else {
            0.0
        },
        server_cpu: ticks_after.saturating_sub(ticks_before) as f64 / 100.0 / cpu_seconds,
        clients_cpu: client_ticks_after.saturating_sub(client_ticks_before) as f64
            / 100.0
            / cpu_seconds,
        setup_s,
    })
}

// ---------------------------------------------------------------------------------------------
// A worker: its share of the games, played by scripted people who think between moves.

/// What the games of one worker share.
struct Tally {
    recording: AtomicBool,
    latencies_us: Mutex<Vec<u32>>,
    failed: AtomicUsize,
    connected: AtomicUsize,
    all_connected: tokio::sync::Notify,
}

/// splitmix64: a small seeded generator, so a run's think times can be replayed.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn think(&mut self, (low, high): (u64, u64)) -> Duration {
        Duration::from_millis(low + self.next() % (high - low + 1))
    }
}

fn worker(args: &[String]) -> Result<(), String> {
    let mut addr = String::new();
    let (mut games, mut warmup, mut hold, mut seed) = (1usize, 20u64, 60u64, 1u64);
    let mut think_ms = (2000, 10_000);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--addr" => addr.clone_from(value),
            "--games" => games = number(flag, value)?,
            "--warmup" => warmup = number(flag, value)?,
            "--hold" => hold = number(flag, value)?,
            "--seed" => seed = number(flag, value)?,
            "--think-ms" => think_ms = think_range(value)?,
            _ => return Err(format!("worker: unknown argument {flag}")),
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let tally = Arc::new(Tally {
            recording: AtomicBool::new(false),
            latencies_us: Mutex::new(Vec::new()),
            failed: AtomicUsize::new(0),
            connected: AtomicUsize::new(0),
            all_connected: tokio::sync::Notify::new(),
        });
        let setting_up = Arc::new(tokio::sync::Semaphore::new(SETUP_AT_ONCE));
        for game in 0..games {
            let dice = Dice(seed.wrapping_mul(0x1_0000_0001).wrapping_add(game as u64));
            tokio::spawn(people(
                addr.clone(),
                dice,
                think_ms,
                Arc::clone(&tally),
                Arc::clone(&setting_up),
                games,
            ));
        }
        let all = tally.all_connected.notified();
        if tally.connected.load(Ordering::SeqCst) < games {
            all.await;
        }
        println!("connected");
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        tokio::time::sleep(Duration::from_secs(warmup)).await;
        tally.recording.store(true, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_secs(hold)).await;
        tally.recording.store(false, Ordering::SeqCst);
        let latencies = tally
            .latencies_us
            .lock()
            .map(|l| l.clone())
            .unwrap_or_default();
        let result = json!({
            "failed": tally.failed.load(Ordering::SeqCst),
            "moves": latencies.len(),
            "latencies_us": latencies,
        });
        println!("{result}");
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        // Leaving drops every socket at once; the driver stops the servers next.
        std::process::exit(0)
    })
}

/// Two scripted people at one table: game after game, each move after a think. A game that
/// fails is counted, and the table stays empty.
async fn people(
    addr: String,
    mut dice: Dice,
    think_ms: (u64, u64),
    tally: Arc<Tally>,
    setting_up: Arc<tokio::sync::Semaphore>,
    games: usize,
) {
    let mut first = true;
    loop {
        let seats = {
            let _permit = setting_up.acquire().await;
            two_people(&addr, "kamisado").await
        };
        let seats = match seats {
            Ok(seats) => seats,
            Err(e) => {
                eprintln!("crowd worker: a game could not start: {e}");
                tally.failed.fetch_add(1, Ordering::SeqCst);
                if first && tally.connected.fetch_add(1, Ordering::SeqCst) + 1 == games {
                    tally.all_connected.notify_one();
                }
                return;
            }
        };
        if first {
            first = false;
            if tally.connected.fetch_add(1, Ordering::SeqCst) + 1 == games {
                tally.all_connected.notify_one();
            }
        }
        if let Err(e) = play_out(seats, &mut dice, think_ms, &tally).await {
            eprintln!("crowd worker: a game failed: {e}");
            tally.failed.fetch_add(1, Ordering::SeqCst);
            return;
        }
    }
}

async fn play_out(
    mut seats: [Client; 2],
    dice: &mut Dice,
    think_ms: (u64, u64),
    tally: &Tally,
) -> Result<(), String> {
    let engine = registry::build("kamisado", &[]).map_err(|e| e.to_string())?;
    let mut state = engine.initial_state();
    let mut ply = 0;
    while !state.status().is_finished() {
        let mut legal = state.legal_moves();
        legal.sort();
        let mv = legal[dice.below(legal.len())].clone();
        tokio::time::sleep(dice.think(think_ms)).await;
        let mover = state.side_to_move().index();
        let latency = move_to_opponent(&mut seats, mover, ply, &mv).await?;
        if tally.recording.load(Ordering::Relaxed) {
            let us = u32::try_from(latency.as_micros()).unwrap_or(u32::MAX);
            if let Ok(mut l) = tally.latencies_us.lock() {
                l.push(us);
            }
        }
        state.play(&mv).map_err(|e| e.to_string())?;
        ply += 1;
    }
    for seat in seats {
        seat.close().await;
    }
    Ok(())
}
