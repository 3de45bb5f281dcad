//! `cargo xtask conformance [--games N] [GAME...]`: the kernel's conformance suite over many
//! random games of each game, in release mode, with a progress bar (`towers conformance`).

use crate::tools;

pub(crate) fn run(games: u64, threads: Option<u16>, names: &[String]) -> Result<(), String> {
    let cargo = tools::cargo();
    tools::run(&cargo, &["build", "--release", "--locked", "-p", "towers"])?;
    let towers = xtask::workspace_root().join("target/release/towers");
    let towers = towers.to_string_lossy();
    let all: Vec<String> = tower_games::registry::names()
        .iter()
        .map(|n| (*n).to_owned())
        .collect();
    let names = if names.is_empty() { &all[..] } else { names };
    let games = games.to_string();
    let threads = threads.map(|t| t.to_string());
    for name in names {
        let mut args = vec!["conformance", name, "--games", &games];
        if let Some(t) = &threads {
            args.extend(["--threads", t]);
        }
        tools::run(&towers, &args)?;
    }
    Ok(())
}
