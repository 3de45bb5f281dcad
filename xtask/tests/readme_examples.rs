//! The README example of each game crate builds and runs in a program that depends on that
//! one game crate alone (and on nothing of the workspace besides), as a user who adds one line
//! to `Cargo.toml` would write it. A heavy test: it runs in CI's heavy step (`TOWERS_HEAVY=1`).

use std::path::Path;
use std::process::Command;

/// Each game crate's folder, package name and library name.
const GAMES: [(&str, &str); 5] = [
    ("kamisado", "kamisado"),
    ("tower-of-power", "tower-of-power"),
    ("chain-reaction", "sackson-chain-reaction"),
    ("queens-courtiers", "queens-courtiers"),
    ("seven-sages", "seven-sages"),
];

/// The first ```rust block of a README.
fn rust_example(readme: &str) -> String {
    let start = readme.find("```rust\n").expect("a rust example") + "```rust\n".len();
    let end = start + readme[start..].find("```").expect("a closed block");
    readme[start..end].to_owned()
}

#[test]
fn heavy_readme_examples_build_with_one_game_crate() {
    if !board_kernel::testing::heavy("heavy_readme_examples_build_with_one_game_crate") {
        return;
    }
    let root = xtask::workspace_root();
    let scratch = root.join("target/readme-examples");
    for (folder, package) in GAMES {
        let dir = scratch.join(folder);
        std::fs::create_dir_all(dir.join("src")).unwrap();
        let crate_dir = root.join("crates").join(folder);
        let readme = std::fs::read_to_string(crate_dir.join("README.md")).unwrap();
        std::fs::write(dir.join("src/main.rs"), rust_example(&readme)).unwrap();
        std::fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"readme-{folder}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
                 [dependencies]\n{package} = {{ path = \"{}\" }}\n\n[workspace]\n\n\
                 # The workspace's profile, so the dependencies it compiled are reused.\n\
                 [profile.dev]\nopt-level = 2\ndebug = \"line-tables-only\"\ncodegen-units = 4\n\n\
                 [profile.dev.package.\"*\"]\nopt-level = 0\ndebug = false\n\n\
                 # Workspace members there, so optimized as there.\n\
                 [profile.dev.package.board-kernel]\nopt-level = 2\ndebug = \"line-tables-only\"\n\n\
                 [profile.dev.package.{package}]\nopt-level = 2\ndebug = \"line-tables-only\"\n",
                crate_dir.display()
            ),
        )
        .unwrap();
        // The workspace's lock file pins the same versions, so nothing new is downloaded.
        std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
        // Its own target directory, but the workspace's build directory: the dependencies
        // the test run compiled are reused.
        let build_dir = match std::env::var_os("CARGO_TARGET_DIR") {
            Some(dir) if !dir.is_empty() => root.join(dir),
            _ => root.join("target"),
        };
        let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["run", "--quiet", "--offline"])
            .env("CARGO_TARGET_DIR", scratch.join("target"))
            .env("CARGO_BUILD_BUILD_DIR", build_dir)
            .current_dir(&dir)
            .status()
            .unwrap();
        assert!(
            status.success(),
            "{folder}: the README example does not build and run"
        );
        assert!(Path::new(&dir).exists());
    }
}
