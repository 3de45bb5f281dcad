//! `cargo xtask ci`: everything CI runs, in order; `.ci/run` calls it, so the two can never
//! disagree. It installs what a fresh machine lacks (rustup components, the wasm target and
//! `wasm-bindgen`, Chromium, the npm packages of `web/`), and prints each step's time at the
//! end.
//!
//! The workspace is compiled as few times as the checks allow. Cargo resolves dependencies'
//! features from the packages a command selects, so every differently selected build
//! compiles them again: `.ci/run` therefore compiles the README's test command first and
//! runs the xtask that build holds, and the test build's `towers` serves deep conformance and
//! the browser tests. Clippy and rustdoc read the crates in check mode; the packages are
//! checked once, together (`cargo xtask package`); the WebAssembly build and the Python wheel are the
//! only other builds. The one test run has the heavy sizes on (`TOWERS_HEAVY=1`) and no
//! filter, so every scaled suite runs at its CI size (the tidy test checks that this stays
//! so).

use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use board_kernel::testing;
use xtask::tidy;

use crate::tools::{self, Output, cargo};

/// Random games per game in the deep conformance step: beyond the crates' own conformance
/// suites, on new seeds every commit, sized to CI's budget (docs/CONTRIBUTING.md has the step
/// times). `TOWERS_CI_GAMES` overrides it; `cargo xtask conformance` plays 10,000 by default.
const CONFORMANCE_GAMES: u64 = 120;

/// Seconds of fuzzing per target in CI: a smoke run that the targets build with cargo-fuzz
/// and run from the seed corpus. Finding bugs is the long runs' work (`cargo xtask fuzz
/// --seconds 1800`) and, on every commit, the stable robustness tests', which run the same
/// bodies on thousands of generated inputs; a few more seconds here add little (the
/// position target runs a handful of inputs a second).
const FUZZ_SECONDS: u64 = 5;

/// The steps run so far and how long each took.
struct Steps {
    started: Instant,
    current: Option<(String, Instant)>,
    done: Vec<(String, Duration)>,
}

impl Steps {
    fn new() -> Steps {
        Steps {
            started: Instant::now(),
            current: None,
            done: Vec::new(),
        }
    }

    fn begin(&mut self, name: &str) {
        self.finish_current();
        println!(
            "\n== {name} ({:.0} s into CI)",
            self.started.elapsed().as_secs_f64()
        );
        self.current = Some((name.to_owned(), Instant::now()));
    }

    /// A step that ran just before this process started, counted in CI's time.
    fn ran_before(&mut self, name: &str, took: Duration) {
        self.done.push((name.to_owned(), took));
        self.started = self.started.checked_sub(took).unwrap_or(self.started);
    }

    fn finish_current(&mut self) {
        if let Some((name, at)) = self.current.take() {
            self.done.push((name, at.elapsed()));
        }
    }

    /// The table of step times, also when a step failed (its time so far, marked).
    fn report(&mut self, failed: bool) {
        let failing = if failed { self.current.take() } else { None };
        self.finish_current();
        println!("\nstep times:");
        for (name, took) in &self.done {
            println!("  {:>7.1} s  {name}", took.as_secs_f64());
        }
        if let Some((name, at)) = failing {
            println!("  {:>7.1} s  {name} (FAILED)", at.elapsed().as_secs_f64());
        }
        println!("  {:>7.1} s  in all", self.started.elapsed().as_secs_f64());
    }
}

/// An install a fresh machine needs only in a later step, or the brief fuzzing, run beside
/// the steps before it: Debian's packages mostly wait on the network and the disk, and
/// `wasm-bindgen` and the fuzz targets build at the lowest CPU priority, so they take what
/// the builds and tests leave idle. Its output goes to a log under the target directory,
/// shown when it fails; what it has to say at the end, it returns.
struct Beside {
    name: &'static str,
    started: Instant,
    job: Option<JoinHandle<Result<String, String>>>,
}

impl Beside {
    fn start(
        name: &'static str,
        job: impl FnOnce(&Path) -> Result<String, String> + Send + 'static,
    ) -> Result<Beside, String> {
        let logs = tools::target_dir().join("ci");
        std::fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
        let log: PathBuf = logs.join(format!("{name}.log"));
        // A fresh log per run.
        let _ = std::fs::remove_file(&log);
        println!("beside the next steps: {name} (its log: {})", log.display());
        Ok(Beside {
            name,
            started: Instant::now(),
            job: Some(std::thread::spawn(move || job(&log))),
        })
    }

    /// Waits for the job to end, and says how long it took and how long the step waited.
    fn wait(&mut self) -> Result<String, String> {
        let Some(job) = self.job.take() else {
            return Ok(String::new());
        };
        let waited = Instant::now();
        let result = job
            .join()
            .unwrap_or_else(|_| Err(format!("{}: the install thread panicked", self.name)));
        println!(
            "{}: done {:.0} s after it started; this step waited {:.0} s for it",
            self.name,
            self.started.elapsed().as_secs_f64(),
            waited.elapsed().as_secs_f64()
        );
        result.map_err(|e| format!("{}: {e}", self.name))
    }
}

pub(crate) fn run() -> Result<(), String> {
    let mut steps = Steps::new();
    if let Some(seconds) = std::env::var("TOWERS_CI_TEST_BUILD_SECONDS")
        .ok()
        .and_then(|text| text.parse().ok())
    {
        // `.ci/run` compiles the tests before it starts this xtask, which that build holds.
        steps.ran_before(
            "test build, before xtask (`.ci/run`: `cargo test --workspace --locked --no-run`)",
            Duration::from_secs(seconds),
        );
    }
    let result = run_steps(&mut steps);
    steps.report(result.is_err());
    if result.is_ok() {
        println!(
            "\nCI passed in {:.0} s",
            steps.started.elapsed().as_secs_f64()
        );
    }
    result
}

fn run_steps(steps: &mut Steps) -> Result<(), String> {
    let cargo = cargo();
    let root = xtask::workspace_root();
    steps.begin(
        "tools (rustfmt, clippy, the wasm32 target; the installs later steps need start beside)",
    );
    tools::ensure_components()?;
    tools::ensure_wasm_target()?;
    let debian: Vec<&str> = [
        (!tools::chromium_installed()).then_some("chromium"),
        crate::postgres::bin_dir().is_none().then_some("postgresql"),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut debian_packages = Beside::start("debian-packages", move |log| {
        if debian.is_empty() {
            return Ok(String::new());
        }
        tools::apt_install(&debian, Output::Log(log)).map(|()| String::new())
    })?;
    let mut python_venv = Beside::start("python-venv", |log| {
        crate::python::prepare_venv(Output::Log(log)).map(|()| String::new())
    })?;
    let mut browser_tools = Beside::start("wasm-bindgen-and-npm", |log| {
        tools::install_npm_packages(Output::Log(log))?;
        tools::install_wasm_tools(Output::Log(log), true).map(|()| String::new())
    })?;

    steps.begin("formatting");
    tools::run(&cargo, &["fmt", "--all", "--", "--check"])?;

    steps.begin("lints (and the declared rust-version, through clippy's incompatible_msrv)");
    tools::run(
        &cargo,
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--locked",
            "--",
            "-D",
            "warnings",
        ],
    )?;

    // The tests' build first, alone: cargo resolves dependencies' features from the packages a
    // command selects, so `cargo build -p towers` would compile the workspace a second time
    // with other features; the `towers` of this build serves deep conformance and the browser
    // tests.
    steps.begin("test build: the README's command, compiled (`--no-run`; fresh after `.ci/run`)");
    let mut build = tidy::TEST_ARGS.to_vec();
    build.push("--no-run");
    tools::run_in(&root, &cargo, &build, &[])?;

    steps.begin("deep conformance: new random games every commit, with the tests' towers");
    let games = match std::env::var("TOWERS_CI_GAMES") {
        Ok(text) => text
            .parse()
            .map_err(|_| format!("TOWERS_CI_GAMES=`{text}` is not a number"))?,
        Err(_) => CONFORMANCE_GAMES,
    };
    let seed = commit_seed();
    println!("deep conformance seed {seed:#x} (from the commit; `--seed` replays it)");
    crate::conformance::run_built(games, seed, &[])?;

    // The fuzz targets build and run at the lowest priority beside the tests, which leave a
    // core idle for minutes (a test binary whose last test runs alone, the builds of the
    // scaffold and README checks waiting on one crate), and are waited for before the
    // browser tests, whose timings should not share the machine with them. Started beside
    // the Python package's tests and the WebAssembly build instead, they kept the browser
    // tests waiting for them about 100 s.
    let fuzzing = crate::fuzz::nightly_available().then(|| {
        Beside::start("fuzz", |log| {
            crate::fuzz::run_to(FUZZ_SECONDS, &[], Output::Log(log))
        })
    });
    if fuzzing.is_none() {
        println!(
            "no nightly toolchain: fuzzing skipped (the stable robustness tests ran the same targets)"
        );
    }
    let mut fuzzing = fuzzing.transpose()?;
    // The playground's WebAssembly likewise (its link-time optimisation runs on one core).
    let mut wasm_compile = Beside::start("wasm-compile", |log| {
        crate::web::compile("wasm", Output::Log(log), true).map(|()| String::new())
    })?;

    steps.begin(
        "tests: the README's command run with the heavy sizes on (doctests, generated docs, tidy, scaffold, PostgreSQL)",
    );
    // The server's multi-process test needs a PostgreSQL on 127.0.0.1.
    debian_packages.wait()?;
    let postgres = crate::postgres::Throwaway::start()?;
    tools::run_in(
        &root,
        &cargo,
        tidy::TEST_ARGS,
        &[
            (testing::HEAVY, "1"),
            ("TOWERS_TEST_POSTGRES", &postgres.url),
        ],
    )?;
    drop(postgres);

    steps.begin("API docs");
    tools::run_in(
        &root,
        &cargo,
        &["doc", "--workspace", "--no-deps", "--locked"],
        &[("RUSTDOCFLAGS", "-D warnings")],
    )?;

    steps.begin("every library crate packages, and the packages compile (never published)");
    crate::package::run()?;

    steps.begin("the Python package: wheel, OpenSpiel and PettingZoo checks, pytest");
    python_venv.wait()?;
    crate::python::test_in_venv(false)?;

    steps.begin("pictures render in Chromium");
    browser_tools.wait()?;
    crate::pictures::run(false)?;

    steps.begin("the playground: WebAssembly build and end-to-end browser test");
    println!("{}", wasm_compile.wait()?);
    crate::web::build("wasm")?;
    if let Some(fuzzing) = &mut fuzzing {
        println!("{}", fuzzing.wait()?);
    }
    // The test checks records with `towers replay`: the test build's binary.
    let towers = tools::target_dir().join("debug/towers");
    tools::run_in(
        &root.join("web"),
        "node",
        &["tests/e2e.mjs"],
        &[("TOWERS_BIN", &towers.to_string_lossy())],
    )?;

    steps.begin("Play a friend: two browsers, a spectator and a server killed mid-game");
    tools::run_in(
        &root.join("web"),
        "node",
        &["tests/online.mjs"],
        &[("TOWERS_BIN", &towers.to_string_lossy())],
    )?;
    Ok(())
}

/// A seed for the deep conformance run from the commit being tested (the first 16 hex digits
/// of its hash), so that every commit plays new games and a failure can be replayed; the
/// clock where there is no git.
fn commit_seed() -> u64 {
    std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(xtask::workspace_root())
        .output()
        .ok()
        .and_then(|o| u64::from_str_radix(String::from_utf8_lossy(&o.stdout).get(..16)?, 16).ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        })
}
