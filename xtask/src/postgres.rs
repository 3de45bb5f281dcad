//! `cargo xtask postgres`: a throwaway PostgreSQL cluster for the server's tests, on
//! 127.0.0.1 and a free port, in a new directory under the system's temporary directory.
//! It trusts local connections (it holds nothing but test games) and runs until the machine
//! stops or `pg_ctl -D DIR stop` (printed) stops it.
//!
//! CI: call [`start`] before the tests and run them with `TOWERS_TEST_POSTGRES` set to the
//! URL it returns.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tools;

/// The newest installed PostgreSQL's programs (`/usr/lib/postgresql/N/bin`).
pub(crate) fn bin_dir() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

/// Runs a PostgreSQL program as the `postgres` user when this is root (the server refuses
/// to run as root), else as the current user.
fn as_postgres(program: &Path, args: &[&str]) -> Result<(), String> {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let mut command = if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    };
    let shown = format!("{} {}", program.display(), args.join(" "));
    println!("xtask: {shown}");
    let output = command
        .args(args)
        .output()
        .map_err(|e| format!("cannot run `{shown}`: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "`{shown}` failed ({}): {}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// Installs PostgreSQL if missing, starts a new cluster and returns its URL.
pub(crate) fn start() -> Result<String, String> {
    if bin_dir().is_none() {
        tools::apt_install(&["postgresql"], tools::Output::Terminal)?;
    }
    let bin = bin_dir().ok_or("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin)")?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("no free port: {e}"))?
        .port();
    let dir = std::env::temp_dir().join(format!("towers-postgres-{port}"));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // The cluster's owner must own its directory.
    let _ = Command::new("chown")
        .arg("postgres:postgres")
        .arg(&dir)
        .status();
    let data = dir.join("data");
    let data_arg = data.to_string_lossy().into_owned();
    let dir_arg = dir.to_string_lossy().into_owned();
    as_postgres(
        &bin.join("initdb"),
        &[
            "-D",
            &data_arg,
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
        ],
    )?;
    let options = format!(
        "-c listen_addresses=127.0.0.1 -p {port} -k {dir_arg} -c fsync=on -c max_connections=200"
    );
    let log = dir.join("log").to_string_lossy().into_owned();
    as_postgres(
        &bin.join("pg_ctl"),
        &["-D", &data_arg, "-o", &options, "-l", &log, "-w", "start"],
    )?;
    println!(
        "xtask: PostgreSQL on 127.0.0.1:{port}; stop it with: {} -D {data_arg} stop",
        bin.join("pg_ctl").display()
    );
    Ok(format!("postgres://postgres@127.0.0.1:{port}/postgres"))
}

/// A cluster `start` made, stopped (and its files removed) when dropped: CI's run leaves no
/// PostgreSQL behind.
pub(crate) struct Throwaway {
    pub(crate) url: String,
}

impl Throwaway {
    pub(crate) fn start() -> Result<Throwaway, String> {
        start().map(|url| Throwaway { url })
    }
}

impl Drop for Throwaway {
    fn drop(&mut self) {
        let port = self
            .url
            .rsplit(':')
            .next()
            .and_then(|p| p.split('/').next());
        let (Some(bin), Some(port)) = (bin_dir(), port) else {
            return;
        };
        let dir = std::env::temp_dir().join(format!("towers-postgres-{port}"));
        let data = dir.join("data").to_string_lossy().into_owned();
        if as_postgres(
            &bin.join("pg_ctl"),
            &["-D", &data, "-m", "fast", "-w", "stop"],
        )
        .is_ok()
        {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
