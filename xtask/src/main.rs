//! `cargo xtask`: the project's commands, as plain Rust. One command per job:
//!
//! - `docs [--check]` writes (or checks) the generated rule books and their pictures;
//! - `pictures [--png]` checks in headless Chromium that every picture renders (and writes the
//!   reviewed PNGs);
//! - `conformance [--games N] [GAME...]` runs the conformance suite in release mode;
//! - `fuzz [--seconds N] [TARGET...]` fuzzes the parsers and engines (cargo-fuzz, nightly);
//! - `web [--serve]` builds the WebAssembly playground into `web/dist` (and serves it);
//! - `bench [--baseline TOWERS]` measures every game's speed and writes `docs/performance.md`;
//! - `python [--release]` builds the Python package's wheel, installs it with its extras in a
//!   fresh virtual environment and runs its pytest suite;
//! - `package` packages every library crate (never published) and checks the packages
//!   together, each against the others' packaged sources;
//! - `new-game NAME` writes a compiling skeleton of a new game crate and registers it;
//! - `ci` runs everything CI runs, in order (`.ci/run` compiles the tests, then calls it).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench;
mod ci;
mod conformance;
mod fuzz;
mod new_game;
mod package;
mod pictures;
mod postgres;
mod python;
mod tools;
mod web;

#[derive(Parser)]
#[command(name = "cargo xtask", about = "tower-games project commands")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write docs/rules/*.md and their SVG pictures from the engines' rule books.
    Docs {
        /// Fail when a committed document is stale instead of writing.
        #[arg(long)]
        check: bool,
    },
    /// Check in headless Chromium that every picture of docs/rules/img renders.
    Pictures {
        /// Also render each game's initial and mid-game picture to docs/rules/img/png.
        #[arg(long)]
        png: bool,
    },
    /// Run the conformance suite over many random games in release mode.
    Conformance {
        /// Games per game.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Worker threads (default: the machine's cores).
        #[arg(long)]
        threads: Option<u16>,
        /// The games to check (default: every registered game).
        games_to_check: Vec<String>,
    },
    /// Measure every game's speed with the release build and write docs/performance.md.
    Bench {
        /// Another `towers` binary (say, the previous main's) to measure side by side.
        #[arg(long, value_name = "TOWERS")]
        baseline: Option<std::path::PathBuf>,
    },
    /// Fuzz every parser and engine with cargo-fuzz (needs a nightly toolchain).
    Fuzz {
        /// Seconds per target.
        #[arg(long, default_value_t = 60)]
        seconds: u64,
        /// The targets (default: position, move, options, record).
        targets: Vec<String>,
    },
    /// Package every library crate (never published) and check the packages together, each
    /// against the others' packaged sources, as crates.io users would.
    Package,
    /// Build the WebAssembly playground into web/dist (release).
    Web {
        /// Serve web/dist on 127.0.0.1 after building.
        #[arg(long)]
        serve: bool,
        /// The port to serve on (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
    /// Build the Python package's wheel, install it in a fresh virtual environment with its
    /// extras and run its tests.
    Python {
        /// Build the wheel with the release profile (as users get it) instead of `dev`.
        #[arg(long)]
        release: bool,
    },
    /// Write a compiling skeleton of a new game crate, registered everywhere.
    NewGame {
        /// The game's registry name: lower case letters, digits and hyphens.
        name: String,
    },
    /// Start a throwaway PostgreSQL on 127.0.0.1 and a free port (installing Debian's
    /// postgresql if missing) for the server's tests; prints `TOWERS_TEST_POSTGRES=URL`.
    Postgres,
    /// Run everything CI runs, in order.
    Ci,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Docs { check: false } => xtask::write_docs(),
        Command::Docs { check: true } => xtask::check_docs(),
        Command::Pictures { png } => pictures::run(png),
        Command::Conformance {
            games,
            threads,
            games_to_check,
        } => conformance::run(games, threads, &games_to_check),
        Command::Bench { baseline } => bench::run(baseline.as_deref()),
        Command::Fuzz { seconds, targets } => fuzz::run(seconds, &targets),
        Command::Package => package::run(),
        Command::Web { serve, port } => web::run(serve, port),
        Command::Python { release: false } => python::run(),
        Command::Python { release: true } => python::build_and_test(true),
        Command::NewGame { name } => new_game::run(&name),
        Command::Postgres => postgres::start().map(|url| println!("TOWERS_TEST_POSTGRES={url}")),
        Command::Ci => ci::run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
