//! `cargo xtask`: `docs [--check]` writes (or checks) the generated rule docs; `ci` runs
//! every check CI runs, in order.

use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask docs [--check] | cargo xtask ci";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["docs"] => write_docs(),
        ["docs", "--check"] => check_docs(),
        ["ci"] => ci(),
        _ => Err(USAGE.to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn write_docs() -> Result<(), String> {
    let root = xtask::workspace_root();
    let docs = xtask::generated_docs()?;
    for orphan in xtask::orphan_pictures(&docs) {
        std::fs::remove_file(root.join(&orphan))
            .map_err(|e| format!("{}: {e}", orphan.display()))?;
        println!("removed {}", orphan.display());
    }
    for (path, content) in docs {
        let full = root.join(&path);
        if let Some(dir) = full.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let old = std::fs::read_to_string(&full).unwrap_or_default();
        if old != content {
            std::fs::write(&full, content).map_err(|e| format!("{}: {e}", full.display()))?;
            println!("wrote {}", path.display());
        }
    }
    Ok(())
}

fn check_docs() -> Result<(), String> {
    let stale = xtask::stale_docs()?;
    if stale.is_empty() {
        println!("generated docs are up to date");
        return Ok(());
    }
    let list: Vec<String> = stale.iter().map(|p| p.display().to_string()).collect();
    Err(format!(
        "stale generated docs (run `cargo xtask docs`): {}",
        list.join(", ")
    ))
}

/// The CI sequence; `.ci/run` calls the same commands.
fn ci() -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let steps: &[&[&str]] = &[
        &["fmt", "--all", "--", "--check"],
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
        &["test", "--workspace"],
        &["doc", "--workspace", "--no-deps"],
    ];
    for step in steps {
        println!("xtask ci: cargo {}", step.join(" "));
        let status = Command::new(&cargo)
            .args(*step)
            .current_dir(xtask::workspace_root())
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return Err(format!("`cargo {}` failed", step.join(" ")));
        }
    }
    check_docs()
}
