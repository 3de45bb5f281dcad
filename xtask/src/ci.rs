//! `cargo xtask ci`: everything CI runs, in order; `.ci/run` calls it, so the two can never
//! disagree. It installs what a fresh machine lacks (rustup components, the wasm target and
//! `wasm-bindgen`, Chromium, the npm packages of `web/`).

use std::time::Instant;

use crate::tools::{self, cargo};

/// Random games per game in the deep conformance step. 2,000 per game took 205 s on the
/// 2-core CI machine, so 10,000 would take about 17 minutes and push CI past 30; 4,000 keep it
/// near 25. `TOWERS_CI_GAMES` overrides it; `cargo xtask conformance` runs 10,000 by default.
const CONFORMANCE_GAMES: &str = "4000";

/// Seconds of fuzzing per target in CI: a smoke run that the targets build and the corpus
/// holds; the long runs are `cargo xtask fuzz --seconds 1800`.
const FUZZ_SECONDS: u64 = 20;

pub(crate) fn run() -> Result<(), String> {
    let started = Instant::now();
    let cargo = cargo();
    let step = |name: &str| {
        println!(
            "\n== {name} ({:.0} s into CI)",
            started.elapsed().as_secs_f64()
        );
    };
    tools::ensure_components()?;

    step("formatting");
    tools::run(&cargo, &["fmt", "--all", "--", "--check"])?;

    step("lints (and the declared rust-version, through clippy's incompatible_msrv)");
    tools::run(
        &cargo,
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--locked",
            "--",
            "-D",
            "warnings",
        ],
    )?;

    step("tests: the README's command");
    tools::run(&cargo, &["test", "--workspace", "--locked"])?;

    step("heavy tests (TOWERS_HEAVY=1): deep perft and the strength series");
    tools::run_in(
        &xtask::workspace_root(),
        &cargo,
        &["test", "--workspace", "--locked", "--", "heavy"],
        &[("TOWERS_HEAVY", "1")],
    )?;

    step("API docs");
    tools::run_in(
        &xtask::workspace_root(),
        &cargo,
        &["doc", "--workspace", "--no-deps", "--locked"],
        &[("RUSTDOCFLAGS", "-D warnings")],
    )?;

    step("generated docs are fresh");
    xtask::check_docs()?;

    step("every library crate packages (never published)");
    forget_packaged_sources()?;
    tools::run(
        &cargo,
        &["package", "--workspace", "--locked", "--allow-dirty"],
    )?;

    step("deep conformance, release build");
    let games = std::env::var("TOWERS_CI_GAMES").unwrap_or_else(|_| CONFORMANCE_GAMES.into());
    let games: u64 = games
        .parse()
        .map_err(|_| format!("TOWERS_CI_GAMES=`{games}` is not a number"))?;
    crate::conformance::run(games, None, &[])?;

    step("fuzz targets, briefly (where a nightly toolchain is installed)");
    if crate::fuzz::nightly_available() {
        crate::fuzz::run(FUZZ_SECONDS, &[])?;
    } else {
        println!(
            "no nightly toolchain: fuzzing skipped (the stable robustness tests ran the same targets)"
        );
    }

    step("pictures render in Chromium");
    crate::pictures::run(false)?;

    step("the playground: WebAssembly build and end-to-end browser test");
    crate::web::run(false, 0)?;
    tools::run_in(
        &xtask::workspace_root().join("web"),
        "node",
        &["tests/e2e.mjs"],
        &[],
    )?;

    println!("\nCI passed in {:.0} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Removes cargo's extracted copies of earlier `cargo package` runs. Packaging the workspace
/// builds each crate against the packaged versions of the others through a local overlay
/// registry, which cargo extracts under `$CARGO_HOME/registry/{src,cache}/-HASH/` and, for the
/// same version, never extracts again: a machine that packaged before would build against its
/// stale kernel. Overlay registries are the directories whose name starts with `-`; the
/// crates.io ones (`index.crates.io-…`) are kept.
fn forget_packaged_sources() -> Result<(), String> {
    let home = std::env::var_os("CARGO_HOME").map_or_else(
        || std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".cargo")),
        |h| Some(std::path::PathBuf::from(h)),
    );
    let Some(home) = home else { return Ok(()) };
    for kind in ["src", "cache"] {
        let Ok(entries) = std::fs::read_dir(home.join("registry").join(kind)) else {
            continue;
        };
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with('-') {
                std::fs::remove_dir_all(entry.path())
                    .map_err(|e| format!("cannot remove {}: {e}", entry.path().display()))?;
            }
        }
    }
    Ok(())
}
