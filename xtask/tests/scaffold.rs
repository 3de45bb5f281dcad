//! `cargo xtask new-game` for real: a game scaffolded into a temporary copy of the workspace
//! builds, passes its own tests (perft, conformance, rules, rule book) and the workspace's
//! tests that run over every registered game, and is registered — `towers` lists it and counts its perft. A heavy
//! test: it runs when `TOWERS_HEAVY=1`, as in CI.

use std::path::Path;
use std::process::Command;

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if matches!(
            name.to_str(),
            Some("target" | ".git" | "node_modules" | "dist" | "screenshots" | "img")
        ) {
            continue;
        }
        let kind = entry.file_type().unwrap();
        let target = to.join(&name);
        if kind.is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            // Files and symlinks alike (the crates' license links) become plain copies, with
            // their modification times: cargo then finds the crates the scaffold leaves alone
            // fresh in the shared build directory and compiles only what it changed.
            std::fs::copy(entry.path(), &target).unwrap();
            let modified = std::fs::metadata(entry.path())
                .and_then(|m| m.modified())
                .unwrap();
            std::fs::File::options()
                .write(true)
                .open(&target)
                .and_then(|f| f.set_modified(modified))
                .unwrap();
        }
    }
}

/// The workspace's own build directory: where `cargo test` compiled the dependencies.
fn workspace_build_dir() -> std::path::PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => xtask::workspace_root().join(dir),
        _ => xtask::workspace_root().join("target"),
    }
}

/// Runs cargo in the copy. Its final artifacts go to `target`, apart from the workspace's
/// (its `towers` binary must not replace the workspace's), but it builds in the workspace's
/// build directory, so the dependencies the test run already compiled are reused: only the
/// copy's own crates are compiled. The heavy tests stay off inside (this test is one).
///
/// The crates that depend on the registry, which the new game changes, compile anew: at
/// `opt-level = 1` they compile faster, and the quick tests below run as fast (their loops are
/// in the game crates, reused at `opt-level = 2`).
fn cargo(dir: &Path, target: &Path, args: &[&str]) -> String {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    for package in [
        "demo-line",
        "tower-games",
        "towers",
        "towers-web",
        "towers-robustness",
        "xtask",
    ] {
        command.arg("--config");
        command.arg(format!("profile.dev.package.{package}.opt-level=1"));
    }
    let output = command
        .args(args)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_BUILD_BUILD_DIR", workspace_build_dir())
        .env(board_kernel::testing::HEAVY, "0")
        .env("INSTA_UPDATE", "always")
        .current_dir(dir)
        .output()
        .unwrap();
    if !output.status.success() {
        // The failing test's message is on standard output: its end, after cargo's log.
        let stdout = String::from_utf8_lossy(&output.stdout);
        let tail = &stdout[stdout.floor_char_boundary(stdout.len().saturating_sub(6000))..];
        panic!(
            "cargo {}: {}\n{tail}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs a program the copy's build made, in the copy; its standard output.
fn run(dir: &Path, program: &Path, args: &[&str]) -> String {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    assert!(
        output.status.success(),
        "{} {}: {}",
        program.display(),
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn heavy_a_new_game_builds_tests_and_registers() {
    if !board_kernel::testing::heavy("heavy_a_new_game_builds_tests_and_registers") {
        return;
    }
    let root = xtask::workspace_root();
    // Outside the build directory: cargo records the sources of what it compiles there
    // relative to the build directory, so a copy inside it would leave the workspace's own
    // builds watching the copy's files instead of their own.
    let scratch =
        std::env::temp_dir().join(format!("towers-scaffold-check-{}", std::process::id()));
    let copy = scratch.join("workspace");
    copy_tree(&root, &copy);
    let written = xtask::scaffold::new_game(&copy, "demo-line").unwrap();
    assert!(written.len() >= 15);
    assert!(
        xtask::scaffold::new_game(&copy, "demo-line").is_err(),
        "a name taken twice"
    );
    let target = scratch.join("target");
    // One build of what the tests below need, with the package selection of the workspace's
    // own `cargo test --workspace` minus members whose exclusion changes no dependency's
    // features (cargo resolves features from the packages selected): the dependencies the
    // workspace compiled are then reused, and only the new crate and what depends on the
    // registry compile. The tests: the new crate's own; those that run over every registered
    // game (the registry and its options, the rule books and generated docs, pictures and
    // snapshots, tidy, allocations, the playground's API); and the command line's play, record
    // and replay. Left to the workspace's own run once the new game is in the tree, to keep
    // this check within CI's time: the robustness bodies, the command line's hostile input,
    // computer players and unit tests (about 50 s here), and what says nothing of the new game
    // (the searches and protocols on the five games, the solver's memory test, which names
    // its five games). New snapshots are written, not compared (the contributor reviews them
    // with `cargo insta review`).
    let mut test = vec!["test", "--offline", "--workspace"];
    for member in [
        "board-kernel",
        "game-ai",
        "game-net",
        "game-train",
        "kamisado",
        "tower-of-power",
        "seven-sages",
        "sackson-chain-reaction",
        "queens-courtiers",
        "towers-server",
        "towers-py",
    ] {
        test.extend(["--exclude", member]);
    }
    test.push("--lib");
    for suite in [
        "it",
        "docs",
        "pictures",
        "snapshots",
        "tidy",
        "allocations",
        "options",
        "session",
        "play",
    ] {
        test.extend(["--test", suite]);
    }
    let mut build = test.clone();
    build.push("--no-run");
    cargo(&copy, &target, &build);
    // Its rule book next, as a contributor does (the docs freshness test reads it), with the
    // copy's own xtask.
    let xtask = target.join("debug/xtask");
    run(&copy, &xtask, &["docs"]);
    cargo(&copy, &target, &test);
    let towers = target.join("debug/towers");
    let list = run(&copy, &towers, &["list"]);
    assert!(list.lines().any(|l| l == "demo-line"), "{list}");
    let perft = run(&copy, &towers, &["perft", "demo-line", "4"]);
    assert_eq!(perft.lines().last(), Some("3024"));
    cargo(
        &copy,
        &target,
        &[
            "clippy",
            "--offline",
            "-q",
            "-p",
            "demo-line",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
    );
    // Kept when a step failed (the panic leaves it), for a look at the scaffolded crate.
    std::fs::remove_dir_all(&scratch).unwrap();
}
