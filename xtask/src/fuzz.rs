//! `cargo xtask fuzz [--seconds N] [TARGET...]`: coverage-guided fuzzing of every parser and
//! engine with cargo-fuzz (libFuzzer), which needs a nightly toolchain.
//!
//! The targets live in `fuzz/` (a crate outside the workspace); their bodies are
//! [`towers_robustness`], which the stable robustness tests also run. Before a run the seed
//! corpus ([`towers_robustness::seed_corpus`]: rule-book positions and options, positions,
//! moves and turns along random games under many option sets, game records) is written to `fuzz/corpus/TARGET/`, where
//! libFuzzer keeps what it finds. A crash stops the run with the input's path under
//! `fuzz/artifacts/`; copy the input to `crates/towers-robustness/tests/regressions/TARGET/` so the
//! robustness tests replay it forever, then fix it.

use std::path::Path;
use std::process::Command;

use crate::tools::{self, Output};

/// The fuzz targets, as `fuzz/Cargo.toml` names them.
pub(crate) const TARGETS: &[&str] = &["position", "move", "turn", "options", "record"];

/// Whether a nightly toolchain is installed (cargo-fuzz needs one).
pub(crate) fn nightly_available() -> bool {
    tools::works("rustup", &["run", "nightly", "rustc", "--version"])
}

/// cargo-fuzz, installed when missing.
fn ensure_cargo_fuzz(output: Output<'_>) -> Result<(), String> {
    if tools::works("rustup", &["run", "nightly", "cargo", "fuzz", "--version"]) {
        return Ok(());
    }
    tools::run_to(
        &xtask::workspace_root(),
        &tools::cargo(),
        &["install", "--locked", "cargo-fuzz", "--version", "0.13.2"],
        &[],
        output,
    )
}

/// Writes the seed corpus of `target` into `dir`, one file per input named by its hash (so
/// rewriting it is idempotent and libFuzzer's own finds sit beside it).
fn write_seeds(target: &str, dir: &Path) -> Result<usize, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let seeds = towers_robustness::seed_corpus(target);
    for seed in &seeds {
        let hash = seed.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let path = dir.join(format!("seed-{hash:016x}"));
        // libFuzzer's own corpus files, read by nobody else: no need for replace_file.
        std::fs::write(&path, seed).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(seeds.len())
}

/// Runs each target for `seconds`, printing libFuzzer's final statistics line (executions,
/// coverage, corpus size).
pub(crate) fn run(seconds: u64, targets: &[String]) -> Result<(), String> {
    let summary = run_to(seconds, targets, Output::Terminal)?;
    println!("{summary}");
    Ok(())
}

/// [`run`], its progress going to `output`, at the lowest CPU priority when that is a log (CI
/// fuzzes beside the steps that leave a core idle); the summary is returned.
pub(crate) fn run_to(
    seconds: u64,
    targets: &[String],
    output: Output<'_>,
) -> Result<String, String> {
    if !nightly_available() {
        return Err(
            "cargo-fuzz needs a nightly toolchain: rustup toolchain install nightly".into(),
        );
    }
    ensure_cargo_fuzz(output)?;
    let say = |line: &str| output.say(line);
    let root = xtask::workspace_root();
    let fuzz = root.join("fuzz");
    let chosen: Vec<&str> = if targets.is_empty() {
        TARGETS.to_vec()
    } else {
        targets.iter().map(String::as_str).collect()
    };
    for target in &chosen {
        if !TARGETS.contains(target) {
            return Err(format!(
                "unknown fuzz target `{target}`; the targets are {}",
                TARGETS.join(", ")
            ));
        }
    }
    let mut summary = Vec::new();
    for target in chosen {
        let corpus = fuzz.join("corpus").join(target);
        let seeds = write_seeds(target, &corpus)?;
        say(&format!(
            "xtask: fuzz {target} for {seconds} s from {seeds} seeds"
        ))?;
        let max_time = format!("-max_total_time={seconds}");
        let mut command = match output {
            Output::Terminal => Command::new("rustup"),
            Output::Log(_) => {
                let mut nice = Command::new("nice");
                nice.args(["-n", "19", "rustup"]);
                nice
            }
        };
        let ran = command
            .args([
                "run",
                "nightly",
                "cargo",
                "fuzz",
                "run",
                "--sanitizer",
                "none",
            ])
            .arg(target)
            .arg(&corpus)
            .args([
                "--",
                &max_time,
                "-max_len=8192",
                "-timeout=120",
                "-rss_limit_mb=4096",
                "-print_final_stats=1",
            ])
            .env_remove("CARGO")
            .env_remove("RUSTUP_TOOLCHAIN")
            .current_dir(&fuzz)
            .output()
            .map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
        let log = String::from_utf8_lossy(&ran.stderr);
        let last_status = log
            .lines()
            .rfind(|l| l.contains(" DONE ") || l.contains("pulse") || l.contains("NEW"))
            .unwrap_or("")
            .to_owned();
        let prefix = |name: &str| format!("stat::{name}:");
        let stat = |name: &str| {
            log.lines()
                .find_map(|l| l.strip_prefix(&prefix(name)))
                .map(|v| v.trim().to_owned())
                .unwrap_or_else(|| "?".into())
        };
        if !ran.status.success() {
            let tail: Vec<&str> = log.lines().rev().take(40).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            return Err(format!(
                "fuzz target `{target}` failed:\n{}\nkeep the input as a regression test in crates/towers-robustness/tests/regressions/{target}/",
                tail.join("\n")
            ));
        }
        say(&last_status)?;
        summary.push(format!(
            "{target}: {} executions, {} per second, {last_status}",
            stat("number_of_executed_units"),
            stat("average_exec_per_sec")
        ));
    }
    let mut text = String::from("fuzzing finished without a crash:");
    for line in summary {
        text += &format!("\n  {line}");
    }
    Ok(text)
}
