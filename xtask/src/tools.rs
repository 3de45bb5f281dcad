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

/// Where a command's output goes: the terminal, or a log file for the installs CI runs
/// beside its builds (their output would tear the builds' apart).
#[derive(Clone, Copy)]
pub(crate) enum Output<'a> {
    Terminal,
    Log(&'a Path),
}

impl Output<'_> {
    /// Says `line`: printed on the terminal, or appended to the log.
    pub(crate) fn say(self, line: &str) -> Result<(), String> {
        match self {
            Output::Terminal => println!("{line}"),
            Output::Log(log) => {
                use std::io::Write;
                let mut file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(log)
                    .map_err(|e| format!("{}: {e}", log.display()))?;
                writeln!(file, "{line}").map_err(|e| format!("{}: {e}", log.display()))?;
            }
        }
        Ok(())
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
    run_to(dir, program, args, env, Output::Terminal)
}

/// [`run_in`], its output going to `output`. Into a log, the command line is written first
/// and an error carries the log's end.
pub(crate) fn run_to(
    dir: &Path,
    program: &str,
    args: &[&str],
    env: &[(&str, &str)],
    output: Output<'_>,
) -> Result<(), String> {
    let shown = format!("{program} {}", args.join(" "));
    let mut command = Command::new(program);
    command
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir);
    output.say(&format!("xtask: {shown}"))?;
    if let Output::Log(log) = output {
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(log)
            .map_err(|e| format!("{}: {e}", log.display()))?;
        let err = file
            .try_clone()
            .map_err(|e| format!("{}: {e}", log.display()))?;
        command.stdout(file).stderr(err);
    }
    let status = command
        .status()
        .map_err(|e| format!("cannot run `{shown}`: {e}"))?;
    if status.success() {
        return Ok(());
    }
    let tail = match output {
        Output::Terminal => String::new(),
        Output::Log(log) => {
            let text = std::fs::read_to_string(log).unwrap_or_default();
            let from = text.floor_char_boundary(text.len().saturating_sub(4000));
            format!("; the end of {}:\n{}", log.display(), &text[from..])
        }
    };
    Err(format!("`{shown}` failed ({status}){tail}"))
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

fn wasm_target_installed() -> bool {
    Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"))
        .unwrap_or(false)
}

fn wasm_bindgen_installed() -> bool {
    Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains(WASM_BINDGEN_VERSION))
        .unwrap_or(false)
}

/// The wasm32 target and the `wasm-bindgen` command line of the pinned version.
pub(crate) fn ensure_wasm_tools() -> Result<(), String> {
    install_wasm_tools(Output::Terminal, false)
}

/// Installs the wasm32 target and `wasm-bindgen` where missing. `beside` builds `wasm-bindgen` at
/// the lowest CPU priority (`nice -n 19`), for CI, which builds it while its own builds and
/// tests run: it then takes only the CPU they leave idle.
pub(crate) fn install_wasm_tools(output: Output<'_>, beside: bool) -> Result<(), String> {
    let root = xtask::workspace_root();
    if !wasm_target_installed() {
        run_to(
            &root,
            "rustup",
            &["target", "add", "wasm32-unknown-unknown"],
            &[],
            output,
        )?;
    }
    if !wasm_bindgen_installed() {
        let cargo = cargo();
        // `--force`: cargo may remember an install whose binary is gone or another version.
        let install = [
            "install",
            "--locked",
            "--force",
            "wasm-bindgen-cli",
            "--version",
            WASM_BINDGEN_VERSION,
        ];
        if beside && works("nice", &["true"]) {
            let mut args = vec!["-n", "19", cargo.as_str()];
            args.extend(install);
            run_to(&root, "nice", &args, &[], output)?;
        } else {
            run_to(&root, &cargo, &install, &[], output)?;
        }
    }
    Ok(())
}

/// Installs the wasm32 target where missing: CI does so first, so that the playground's
/// WebAssembly can compile beside the tests while `wasm-bindgen` still compiles beside them.
pub(crate) fn ensure_wasm_target() -> Result<(), String> {
    if !wasm_target_installed() {
        run("rustup", &["target", "add", "wasm32-unknown-unknown"])?;
    }
    Ok(())
}

/// Whether Debian's Chromium is installed (or `CHROMIUM` names another).
pub(crate) fn chromium_installed() -> bool {
    Path::new("/usr/bin/chromium").exists() || std::env::var_os("CHROMIUM").is_some()
}

/// Debian's Chromium, installed with apt-get (through sudo when not root) when missing.
pub(crate) fn ensure_chromium() -> Result<(), String> {
    if chromium_installed() {
        return Ok(());
    }
    apt_install(&["chromium"], Output::Terminal)
}

/// Installs Debian packages with apt-get (through sudo when not root).
pub(crate) fn apt_install(packages: &[&str], output: Output<'_>) -> Result<(), String> {
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
    let mut install = with(&["install", "-y", "-qq"]);
    install.extend(packages.iter().map(|p| (*p).to_owned()));
    let env = [("DEBIAN_FRONTEND", "noninteractive")];
    let root_dir = xtask::workspace_root();
    for command in [update, install] {
        let args: Vec<&str> = command.iter().map(String::as_str).collect();
        run_to(&root_dir, program, &args, &env, output)?;
    }
    Ok(())
}

/// The npm packages of `web/` (playwright-core), from its lock file.
pub(crate) fn ensure_npm_packages() -> Result<(), String> {
    install_npm_packages(Output::Terminal)
}

/// [`ensure_npm_packages`], its output going to `output`.
pub(crate) fn install_npm_packages(output: Output<'_>) -> Result<(), String> {
    let web = xtask::workspace_root().join("web");
    if web.join("node_modules/playwright-core").exists() {
        return Ok(());
    }
    run_to(&web, "npm", &["ci", "--no-audit", "--no-fund"], &[], output)
}
