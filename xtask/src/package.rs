//! `cargo xtask package`: every library crate packaged as crates.io would receive it, and the
//! packages built together, each against the packaged versions of the others.
//!
//! `cargo package --workspace` can verify the packages itself, but it builds them one after
//! another with one crate compiling at a time, and builds the game crates twice (once each,
//! and again for the crates that depend on them). Here the `.crate` files are extracted into
//! one scratch workspace whose `[patch.crates-io]` points every crate's name at its extracted
//! package, and that workspace is checked once (`cargo check`: type-checked, no machine code,
//! which is what a missing file or module would break; the test build has already compiled
//! and linked the same sources): the same check (the files a package ships compile, against
//! what its dependencies ship), with the crates compiling side by side, each once.

use std::collections::BTreeSet;
use std::path::Path;

use crate::tools::{self, cargo};

pub(crate) fn run() -> Result<(), String> {
    let root = xtask::workspace_root();
    let packages = tools::target_dir().join("package");
    if packages.exists() {
        std::fs::remove_dir_all(&packages)
            .map_err(|e| format!("cannot remove {}: {e}", packages.display()))?;
    }
    forget_packaged_sources()?;
    // xtask is the project's tooling, and depends on the unpublished robustness crate.
    tools::run(
        &cargo(),
        &[
            "package",
            "--workspace",
            "--exclude",
            "xtask",
            "--locked",
            "--allow-dirty",
            "--no-verify",
        ],
    )?;

    let check = tools::target_dir().join("package-check");
    if check.exists() {
        std::fs::remove_dir_all(&check)
            .map_err(|e| format!("cannot remove {}: {e}", check.display()))?;
    }
    std::fs::create_dir_all(&check).map_err(|e| format!("{}: {e}", check.display()))?;
    let mut crates: Vec<_> = std::fs::read_dir(&packages)
        .map_err(|e| format!("{}: {e}", packages.display()))?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "crate"))
        .collect();
    crates.sort();
    let mut members = Vec::new();
    for file in &crates {
        tools::run_in(&check, "tar", &["-xzf", &file.to_string_lossy()], &[])?;
        let dir = file.file_stem().unwrap().to_string_lossy().into_owned();
        let name = package_name(&check.join(&dir).join("Cargo.toml"))?;
        members.push((name, dir));
    }
    let manifest =
        std::fs::read_to_string(root.join("Cargo.toml")).map_err(|e| format!("Cargo.toml: {e}"))?;
    std::fs::write(
        check.join("Cargo.toml"),
        scratch_manifest(&members, profiles(&manifest)),
    )
    .map_err(|e| format!("{}: {e}", check.display()))?;
    let lock =
        std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    std::fs::write(check.join("Cargo.lock"), &lock).map_err(|e| format!("Cargo.lock: {e}"))?;

    // Not `--locked`: the packages leave out the tests' and xtask's dependencies, which cargo
    // prunes from the copied lock file. Nothing else may change: checked below. The
    // workspace's own build directory and profiles: the crates.io dependencies that clippy
    // has already checked with the same features are not checked again (the packages
    // themselves are other packages to cargo, with their own artifacts).
    let target = tools::target_dir();
    tools::run_in(
        &check,
        &cargo(),
        &["check", "--workspace", "--offline"],
        &[("CARGO_TARGET_DIR", &target.to_string_lossy())],
    )?;
    let pruned = std::fs::read_to_string(check.join("Cargo.lock"))
        .map_err(|e| format!("the packages' Cargo.lock: {e}"))?;
    let added: Vec<_> = locked_versions(&pruned)
        .difference(&locked_versions(&lock))
        .cloned()
        .collect();
    if !added.is_empty() {
        return Err(format!(
            "the packages resolve to versions the workspace's Cargo.lock does not have: {}",
            added.join(", ")
        ));
    }
    println!(
        "{} packages compile together (cargo check), against each other's packaged sources",
        members.len()
    );
    Ok(())
}

/// The `[profile.*]` tables of the workspace's manifest: its text from the first of them on
/// (they come last).
fn profiles(manifest: &str) -> &str {
    let mut offset = 0;
    for line in manifest.split_inclusive('\n') {
        if line.starts_with("[profile.") {
            return &manifest[offset..];
        }
        offset += line.len();
    }
    ""
}

/// The scratch workspace: every extracted package a member, and crates.io's copy of each
/// replaced by it, with the workspace's `profiles`.
fn scratch_manifest(members: &[(String, String)], profiles: &str) -> String {
    let mut manifest = String::from("[workspace]\nresolver = \"3\"\nmembers = [\n");
    for (_, dir) in members {
        manifest.push_str(&format!("    \"{dir}\",\n"));
    }
    manifest.push_str("]\n\n[patch.crates-io]\n");
    for (name, dir) in members {
        manifest.push_str(&format!("{name} = {{ path = \"{dir}\" }}\n"));
    }
    manifest.push('\n');
    manifest.push_str(profiles);
    manifest
}

/// The `name` of a packaged manifest's `[package]` (cargo writes it first, normalized).
fn package_name(manifest: &Path) -> Result<String, String> {
    let text =
        std::fs::read_to_string(manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let package = text
        .split("[package]")
        .nth(1)
        .ok_or_else(|| format!("{}: no [package]", manifest.display()))?;
    package
        .lines()
        .find_map(|line| line.strip_prefix("name = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .map(str::to_owned)
        .ok_or_else(|| format!("{}: no package name", manifest.display()))
}

/// `name version` of every package a lock file pins.
fn locked_versions(lock: &str) -> BTreeSet<String> {
    lock.split("[[package]]")
        .skip(1)
        .filter_map(|entry| {
            let field = |key: &str| {
                entry.lines().find_map(|line| {
                    line.strip_prefix(key)
                        .and_then(|rest| rest.strip_prefix(" = \""))
                        .and_then(|rest| rest.strip_suffix('"'))
                })
            };
            Some(format!("{} {}", field("name")?, field("version")?))
        })
        .collect()
}

/// Removes cargo's extracted copies of earlier `cargo package` runs. Packaging the workspace
/// resolves each crate against the packaged versions of the others through a local overlay
/// registry, which cargo extracts under `$CARGO_HOME/registry/{src,cache}/-HASH/` and, for the
/// same version, never extracts again: a machine that packaged before would see its stale
/// kernel. Overlay registries are the directories whose name starts with `-`; the crates.io
/// ones (`index.crates.io-…`) are kept.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scratch_workspace_patches_every_member() {
        let members = [
            ("board-kernel".to_owned(), "board-kernel-0.1.0".to_owned()),
            (
                "sackson-chain-reaction".to_owned(),
                "sackson-chain-reaction-0.1.0".to_owned(),
            ),
        ];
        let manifest = "[workspace]\nmembers = []\n\n[workspace.lints.rust]\n\
                        unsafe_code = \"forbid\"\n\n# Optimized.\n[profile.dev]\nopt-level = 2\n";
        assert_eq!(profiles(manifest), "[profile.dev]\nopt-level = 2\n");
        assert_eq!(
            scratch_manifest(&members, profiles(manifest)),
            "[workspace]\nresolver = \"3\"\nmembers = [\n    \"board-kernel-0.1.0\",\n    \
             \"sackson-chain-reaction-0.1.0\",\n]\n\n[patch.crates-io]\n\
             board-kernel = { path = \"board-kernel-0.1.0\" }\n\
             sackson-chain-reaction = { path = \"sackson-chain-reaction-0.1.0\" }\n\n\
             [profile.dev]\nopt-level = 2\n"
        );
        assert_eq!(profiles("[workspace]\n"), "");
    }

    #[test]
    fn a_lock_file_lists_its_names_and_versions() {
        let lock = "version = 4\n\n[[package]]\nname = \"a\"\nversion = \"1.0.0\"\n\
                    source = \"registry+x\"\n\n[[package]]\nname = \"b\"\nversion = \"0.2.1\"\n\
                    dependencies = [\n \"a\",\n]\n";
        assert_eq!(
            locked_versions(lock).into_iter().collect::<Vec<_>>(),
            ["a 1.0.0", "b 0.2.1"]
        );
    }
}
