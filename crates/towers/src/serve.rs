//! `towers serve`: the game server of `towers-server`, configured from the command line.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

/// The arguments of `towers serve`.
#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// The address to listen on (only this one is bound).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where games are stored: `sqlite:FILE` (created if missing) or `postgres://…`.
    #[arg(long, default_value = "sqlite:towers.db")]
    db: String,
    /// The playground's files (built by `cargo xtask web`).
    #[arg(long, value_name = "DIR", default_value = "web/dist")]
    web: PathBuf,
    /// Games one client address may create a minute.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    creations_per_minute: u32,
    /// Messages one connection, and one seat over all its connections, may send a second
    /// before it is throttled.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    messages_per_second: u32,
    /// Messages one client address may send a second over all its connections.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    messages_per_address: u32,
    /// Connections one client address may hold open (not applied with --forwarded-for).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    connections_per_address: u64,
    /// Connections open at once in all.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: u64,
    /// WebSockets one client address may hold open.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    websockets_per_address: u64,
    /// WebSockets open at once in all.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_websockets: u64,
    /// Seconds a client may take to send a request's headers, and a kept-alive connection
    /// may stay idle.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Seconds stopping (Ctrl-C, SIGTERM) may take to finish requests and commits and tell
    /// every WebSocket.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=600))]
    drain_seconds: u64,
    /// Behind a reverse proxy: take each client's address from the last X-Forwarded-For
    /// entry (only when the proxy sets it).
    #[arg(long)]
    forwarded_for: bool,
}

/// Serves until Ctrl-C or SIGTERM, then drains.
pub(crate) fn run(args: ServeArgs) -> Result<(), String> {
    let mut config = towers_server::Config::new(&args.db);
    config.web = Some(args.web);
    config.creations_per_minute = args.creations_per_minute;
    config.messages_per_second = args.messages_per_second;
    config.messages_per_address = args.messages_per_address;
    // The ranges above keep these within usize on every platform the server runs on.
    let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    config.connections_per_address = size(args.connections_per_address);
    config.max_connections = size(args.max_connections);
    config.websockets_per_address = size(args.websockets_per_address);
    config.max_websockets = size(args.max_websockets);
    config.header_timeout = std::time::Duration::from_secs(args.header_timeout);
    config.drain_within = std::time::Duration::from_secs(args.drain_seconds);
    config.forwarded_for = args.forwarded_for;
    towers_server::serve_blocking(args.addr, config)
}
