//! `cargo xtask python`: the Python package `tower_games` (crates/towers-py) built as a wheel,
//! installed with its extras into a fresh virtual environment under the target directory, and
//! tested there with pytest; `twine check` reads the wheel's metadata as PyPI would.
//!
//! The wheel is built with the workspace's `dev` profile (optimised, line tables; the same
//! compiled dependencies as `cargo test`), which CI has already built, so the extension is
//! the only new compilation; `--release` builds the wheel a user installs instead.

use std::path::{Path, PathBuf};

use crate::tools::{self, run_in};

/// The interpreter that makes the virtual environment: `PYTHON` when set.
fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// The virtual environment's own program `name`.
fn venv_program(venv: &Path, name: &str) -> String {
    venv.join("bin").join(name).to_string_lossy().into_owned()
}

/// The one wheel in `dir`.
fn wheel_in(dir: &Path) -> Result<PathBuf, String> {
    let wheels: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "whl"))
        .collect();
    match wheels.as_slice() {
        [wheel] => Ok(wheel.clone()),
        _ => Err(format!(
            "expected one wheel in {}, found {}",
            dir.display(),
            wheels.len()
        )),
    }
}

/// Runs `cargo xtask python` as CI does: the wheel built with the `dev` profile.
pub(crate) fn run() -> Result<(), String> {
    build_and_test(false)
}

/// Builds the wheel (with the release profile when `release`), installs it in a fresh
/// virtual environment with its extras and runs the tests.
pub(crate) fn build_and_test(release: bool) -> Result<(), String> {
    let root = xtask::workspace_root();
    let work = tools::target_dir().join("python");
    let venv = work.join("venv");
    let wheels = work.join("wheels");
    for dir in [&venv, &wheels] {
        if dir.exists() {
            std::fs::remove_dir_all(dir)
                .map_err(|e| format!("cannot remove {}: {e}", dir.display()))?;
        }
    }
    let text = |path: &Path| path.to_string_lossy().into_owned();
    run_in(&root, &python(), &["-m", "venv", &text(&venv)], &[])?;
    let pip = venv_program(&venv, "pip");
    let pip_install = |packages: &[&str]| {
        let mut args = vec!["install", "--quiet", "--disable-pip-version-check"];
        args.extend_from_slice(packages);
        run_in(&root, &pip, &args, &[])
    };
    pip_install(&["maturin>=1.5,<2", "twine"])?;
    let profile = if release { "release" } else { "dev" };
    run_in(
        &root,
        &venv_program(&venv, "maturin"),
        &[
            "build",
            "--profile",
            profile,
            "--manifest-path",
            "crates/towers-py/Cargo.toml",
            "--out",
            &text(&wheels),
        ],
        &[],
    )?;
    let wheel = wheel_in(&wheels)?;
    run_in(
        &root,
        &venv_program(&venv, "twine"),
        &["check", "--strict", &text(&wheel)],
        &[],
    )?;
    pip_install(&[&format!("{}[openspiel,pettingzoo,test]", text(&wheel))])?;
    // From the tests' folder, so that `tower_games` is the installed wheel, not the source.
    run_in(
        &root.join("crates/towers-py/tests"),
        &venv_program(&venv, "python"),
        &["-m", "pytest", "-q", "-p", "no:cacheprovider", "."],
        &[],
    )
}
