//! Running commands, and installing what the project's checks need on a fresh machine (which
//! has only the Rust toolchain, Node and npm): rustup components and targets, the
//! `wasm-bindgen` command line matching the crate's pinned version, Debian's Chromium, and the
//! npm packages of `web/`.

use std::path::Path;
use std::process::Command;

/// The `wasm-bindgen` version `crates/towers-web` pins (`=`), and so of the command line tool.
pub(crate) const WASM_BINDGEN_VERSION: &str = "0.2.129";

/// The cargo that runs xtask.
pub(crate) fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// The directory cargo builds into: `CARGO_TARGET_DIR` when set (relative to the workspace
/// root, as cargo reads it), else the workspace's `target`.
pub(crate) fn target_dir() -> std::path::PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => xtask::workspace_root().join(dir),
        _ => xtask::workspace_root().join("target"),
    }
}

/// Runs `program args…` in the workspace root with extra environment variables; an error
/// says which command failed.
pub(crate) fn run_in(
    dir: &Path,
    program: &str,
    args: &[&str],
    env: &[(&str, &str)],
) -> Result<(), String> {
    let shown = format!("{program} {}", args.join(" "));
    println!("xtask: {shown}");
    let status = Command::new(program)
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir)
        .status()
        .map_err(|e| format!("cannot run `{shown}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}

/// Runs `program args…` in the workspace root.
pub(crate) fn run(program: &str, args: &[&str]) -> Result<(), String> {
    run_in(&xtask::workspace_root(), program, args, &[])
}

/// Whether `program args…` runs and succeeds (quietly).
pub(crate) fn works(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// rustfmt and clippy, where the toolchain lacks them.
pub(crate) fn ensure_components() -> Result<(), String> {
    let cargo = cargo();
    if !works(&cargo, &["fmt", "--version"]) {
        run("rustup", &["component", "add", "rustfmt"])?;
    }
    if !works(&cargo, &["clippy", "--version"]) {
        run("rustup", &["component", "add", "clippy"])?;
    }
    Ok(())
}

/// The wasm32 target and the `wasm-bindgen` command line of the pinned version.
pub(crate) fn ensure_wasm_tools() -> Result<(), String> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"))
        .unwrap_or(false);
    if !installed {
        run("rustup", &["target", "add", "wasm32-unknown-unknown"])?;
    }
    let version = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    if !version.contains(WASM_BINDGEN_VERSION) {
        run(
            &cargo(),
            &[
                "install",
                "--locked",
                "wasm-bindgen-cli",
                "--version",
                WASM_BINDGEN_VERSION,
            ],
        )?;
    }
    Ok(())
}

/// Debian's Chromium, installed with apt-get (through sudo when not root) when missing.
pub(crate) fn ensure_chromium() -> Result<(), String> {
    if Path::new("/usr/bin/chromium").exists() || std::env::var_os("CHROMIUM").is_some() {
        return Ok(());
    }
    apt_install("chromium")
}

/// Installs a Debian package with apt-get (through sudo when not root).
pub(crate) fn apt_install(package: &str) -> Result<(), String> {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let (program, prefix): (&str, &[&str]) = if root {
        ("apt-get", &[])
    } else {
        ("sudo", &["apt-get"])
    };
    let with = |rest: &[&str]| -> Vec<String> {
        prefix.iter().chain(rest).map(|s| (*s).to_owned()).collect()
    };
    let update = with(&["update", "-qq"]);
    let install = with(&["install", "-y", "-qq", package]);
    let env = [("DEBIAN_FRONTEND", "noninteractive")];
    let root_dir = xtask::workspace_root();
    run_in(
        &root_dir,
        program,
        &update.iter().map(String::as_str).collect::<Vec<_>>(),
        &env,
    )?;
    run_in(
        &root_dir,
        program,
        &install.iter().map(String::as_str).collect::<Vec<_>>(),
        &env,
    )
}

/// The npm packages of `web/` (playwright-core), from its lock file.
pub(crate) fn ensure_npm_packages() -> Result<(), String> {
    let web = xtask::workspace_root().join("web");
    if web.join("node_modules/playwright-core").exists() {
        return Ok(());
    }
    run_in(&web, "npm", &["ci", "--no-audit", "--no-fund"], &[])
}
