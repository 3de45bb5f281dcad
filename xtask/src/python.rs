//! `cargo xtask python`: the Python package `tower_games` (crates/towers-py) built as a wheel,
//! installed with its extras (OpenSpiel, PettingZoo, the Gymnasium vector environments) into a
//! fresh virtual environment under the target directory, and tested there with pytest;
//! `twine check` reads the wheel's metadata as PyPI would.
//!
//! The wheel is built with the workspace's `dev` profile (optimised, line tables), as the tests
//! are; `--release` builds the wheel a user installs instead. CI prepares the environment
//! (the build tools and the extras' packages, [`prepare_venv`]) beside its builds.

use std::path::{Path, PathBuf};

use crate::tools::{self, Output, run_in};

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

pub(crate) fn build_and_test(release: bool) -> Result<(), String> {
    prepare_venv(Output::Terminal)?;
    test_in_venv(release)
}

/// The virtual environment under the target directory.
fn venv() -> PathBuf {
    tools::target_dir().join("python/venv")
}

/// A fresh virtual environment with the build tools and the packages of the wheel's extras
/// (from `pyproject.toml`), so that installing the wheel later adds only the wheel.
pub(crate) fn prepare_venv(output: Output<'_>) -> Result<(), String> {
    let root = xtask::workspace_root();
    let venv = venv();
    if venv.exists() {
        std::fs::remove_dir_all(&venv)
            .map_err(|e| format!("cannot remove {}: {e}", venv.display()))?;
    }
    let text = venv.to_string_lossy().into_owned();
    tools::run_to(&root, &python(), &["-m", "venv", &text], &[], output)?;
    let pyproject = root.join("crates/towers-py/pyproject.toml");
    let pyproject = std::fs::read_to_string(&pyproject)
        .map_err(|e| format!("cannot read {}: {e}", pyproject.display()))?;
    let mut args = vec![
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "maturin>=1.5,<2",
        "twine",
    ];
    let extras = extras_requirements(&pyproject);
    args.extend(extras.iter().map(String::as_str));
    tools::run_to(&root, &venv_program(&venv, "pip"), &args, &[], output)
}

/// The requirements of every extra in `pyproject.toml`'s `[project.optional-dependencies]`
/// (one `name = ["requirement", …]` a line, as ours is written).
fn extras_requirements(pyproject: &str) -> Vec<String> {
    pyproject
        .lines()
        .skip_while(|line| line.trim() != "[project.optional-dependencies]")
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('['))
        .filter_map(|line| line.split_once('=').map(|(_, list)| list))
        .flat_map(|list| list.split('"').skip(1).step_by(2).map(str::to_owned))
        .collect()
}

/// Builds the wheel, checks it with `twine`, installs it with its extras into the prepared
/// environment and runs pytest.
pub(crate) fn test_in_venv(release: bool) -> Result<(), String> {
    let root = xtask::workspace_root();
    let venv = venv();
    let wheels = tools::target_dir().join("python/wheels");
    if wheels.exists() {
        std::fs::remove_dir_all(&wheels)
            .map_err(|e| format!("cannot remove {}: {e}", wheels.display()))?;
    }
    let text = |path: &Path| path.to_string_lossy().into_owned();
    let profile = if release { "wheel" } else { "dev" };
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
    run_in(
        &root,
        &venv_program(&venv, "pip"),
        &[
            "install",
            "--quiet",
            "--disable-pip-version-check",
            &format!("{}[openspiel,pettingzoo,vector,test]", text(&wheel)),
        ],
        &[],
    )?;
    run_in(
        &root.join("crates/towers-py/tests"),
        &venv_program(&venv, "python"),
        // Over every core (pytest-xdist): one alone took about a minute on CI's two.
        &[
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "auto",
            ".",
        ],
        &[],
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_extras_requirements_are_read_from_pyproject() {
        let pyproject = std::fs::read_to_string(
            xtask::workspace_root().join("crates/towers-py/pyproject.toml"),
        )
        .unwrap();
        let extras = super::extras_requirements(&pyproject);
        for wanted in ["open-spiel", "pettingzoo", "gymnasium", "pytest"] {
            assert!(
                extras.iter().any(|r| r.starts_with(wanted)),
                "{wanted} not in {extras:?}"
            );
        }
        assert!(
            extras.iter().all(|r| !r.contains(['"', ',', ']'])),
            "{extras:?}"
        );
    }
}
