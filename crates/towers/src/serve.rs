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
    /// Messages one connection may send a second before it is throttled.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    messages_per_second: u32,
    /// Behind a reverse proxy: take each client's address from the last X-Forwarded-For
    /// entry (only when the proxy sets it).
    #[arg(long)]
    forwarded_for: bool,
}

/// Serves until interrupted.
pub(crate) fn run(args: ServeArgs) -> Result<(), String> {
    let mut config = towers_server::Config::new(&args.db);
    config.web = Some(args.web);
    config.creations_per_minute = args.creations_per_minute;
    config.messages_per_second = args.messages_per_second;
    config.forwarded_for = args.forwarded_for;
    towers_server::serve_blocking(args.addr, config)
}
