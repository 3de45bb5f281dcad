//! `cargo xtask conformance [--games N] [GAME...]`: the kernel's conformance suite over many
//! random games of each game, in release mode, with a progress bar (`towers conformance`);
//! and CI's deep run, from the test build on a seed of the commit.

use std::path::Path;

use crate::tools;

/// `towers conformance` on `names` (every game when empty) with a release build.
pub(crate) fn run(games: u64, threads: Option<u16>, names: &[String]) -> Result<(), String> {
    tools::run(
        &tools::cargo(),
        &["build", "--release", "--locked", "-p", "towers"],
    )?;
    let towers = tools::target_dir().join("release/towers");
    check_each(&towers, games, threads, None, names)
}

/// CI's deep run: `games` games per game on `seed` with the `towers` binary of the test build
/// (`cargo test --no-run` builds it; its dependencies' features are the tests', so no other
/// build of the workspace is needed).
pub(crate) fn run_built(games: u64, seed: u64, names: &[String]) -> Result<(), String> {
    let towers = tools::target_dir().join("debug/towers");
    check_each(&towers, games, None, Some(seed), names)
}

fn check_each(
    towers: &Path,
    games: u64,
    threads: Option<u16>,
    seed: Option<u64>,
    names: &[String],
) -> Result<(), String> {
    let towers = towers.to_string_lossy();
    let all: Vec<String> = tower_games::registry::names()
        .iter()
        .map(|n| (*n).to_owned())
        .collect();
    let names = if names.is_empty() { &all[..] } else { names };
    let games = games.to_string();
    let threads = threads.map(|t| t.to_string());
    let seed = seed.map(|s| s.to_string());
    for name in names {
        let mut args = vec!["conformance", name, "--games", &games];
        if let Some(t) = &threads {
            args.extend(["--threads", t]);
        }
        if let Some(s) = &seed {
            args.extend(["--seed", s]);
        }
        tools::run(&towers, &args)?;
    }
    Ok(())
}
