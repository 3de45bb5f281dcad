//! `cargo xtask bench [--baseline TOWERS]`: measures every game's speed with the release
//! `towers` binary and writes `docs/performance.md` — perft leaves per second at a fixed
//! depth (best of three), the same on two threads, random playouts (plies and games per
//! second, one thread and two), bytes per state and heap allocations per move — with the CPU
//! model and the commands. With `--baseline`, another build of `towers` (say, the previous
//! `main`) runs the same commands in the same session and the page gives the ratios: the
//! machines are shared and noisy, so only ratios measured side by side mean much.
//! `cargo bench -p tower-games` has the finer benchmarks (divan).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use board_kernel::Game;
use tower_games::registry::{self, GameVisitor};

use crate::tools;

/// Per game: the perft depth measured and the random games played (a second or more each
/// with the baseline of the speed issue, so that short runs do not decide a ratio).
const WORKLOADS: &[(&str, u32, u64)] = &[
    ("kamisado", 8, 1_000_000),
    ("tower-of-power", 3, 10_000),
    ("seven-sages", 4, 1_500),
    ("chain-reaction", 2, 300),
    ("queens-courtiers", 4, 1_500),
];

/// Where docs/performance.md's part written by other measurements begins (the playground's
/// browser test, the server's load benchmark, the Python package's benchmark): `cargo xtask
/// bench` rewrites what comes before it and keeps the rest.
const KEPT_MARKER: &str = "<!-- kept: the sections below are written by other measurements";

/// What one binary measured for one game.
#[derive(Clone, Copy, Default)]
struct Figures {
    leaves: u64,
    leaves_per_s: f64,
    leaves_per_s_2: f64,
    games_per_s: f64,
    plies_per_s: f64,
    plies_per_s_2: f64,
}

fn output(binary: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new(binary)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    if !out.status.success() {
        return Err(format!(
            "`{} {}` failed: {}",
            binary.display(),
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// (leaves, leaves per second) from the last depth line of `towers perft`:
/// `depth D: N (T s, R leaves/s)`.
fn perft_line(text: &str) -> Option<(u64, f64)> {
    let line = text.lines().rev().find(|l| l.starts_with("depth "))?;
    let (_, rest) = line.split_once(": ")?;
    let (leaves, rest) = rest.split_once(" (")?;
    let rate = rest.split(", ").nth(1)?.split_whitespace().next()?;
    Some((leaves.parse().ok()?, rate.parse().ok()?))
}

/// (games per second, mean plies) from `towers selfplay`.
fn selfplay_lines(text: &str) -> Option<(f64, f64)> {
    let games = text
        .lines()
        .find(|l| l.contains(" games/s"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    let mean = text
        .split("mean length ")
        .nth(1)?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some((games, mean))
}

fn measure(binary: &Path, game: &str, depth: u32, games: u64) -> Result<Figures, String> {
    let depth = depth.to_string();
    let games = games.to_string();
    let bad = |what: &str| format!("cannot read {what} of {game} from {}", binary.display());
    let mut figures = Figures::default();
    for _ in 0..3 {
        let (leaves, rate) =
            perft_line(&output(binary, &["perft", game, &depth])?).ok_or_else(|| bad("perft"))?;
        figures.leaves = leaves;
        figures.leaves_per_s = figures.leaves_per_s.max(rate);
    }
    let (_, rate) = perft_line(&output(binary, &["perft", game, &depth, "--threads", "2"])?)
        .ok_or_else(|| bad("parallel perft"))?;
    figures.leaves_per_s_2 = rate;
    for threads in ["1", "2"] {
        let text = output(
            binary,
            &[
                "selfplay",
                game,
                "--games",
                &games,
                "--threads",
                threads,
                "--seed",
                "1",
            ],
        )?;
        let (games_per_s, mean) = selfplay_lines(&text).ok_or_else(|| bad("selfplay"))?;
        if threads == "1" {
            figures.games_per_s = games_per_s;
            figures.plies_per_s = games_per_s * mean;
        } else {
            figures.plies_per_s_2 = games_per_s * mean;
        }
    }
    Ok(figures)
}

struct StateSize;

impl GameVisitor for StateSize {
    type Output = usize;
    fn visit<G: Game>(self, _game: G) -> usize {
        std::mem::size_of::<G::State>()
    }
}

/// Allocations per move from the allocation test (release build), by game.
fn allocations() -> Result<Vec<(String, String)>, String> {
    let out = Command::new(tools::cargo())
        .args([
            "test",
            "--release",
            "--locked",
            "-p",
            "tower-games",
            "--test",
            "allocations",
            "--",
            "--nocapture",
        ])
        .current_dir(xtask::workspace_root())
        .output()
        .map_err(|e| format!("cannot run the allocation test: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "the allocation test failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains(" generations, "))
        .filter_map(|l| l.split_once(": "))
        .map(|(game, rest)| (game.to_owned(), rest.to_owned()))
        .collect())
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| xtask::workspace_root().join("target"), PathBuf::from)
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

fn rustc_version() -> String {
    Command::new("rustc")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default()
}

fn mega(x: f64) -> String {
    format!("{:.1} M", x / 1e6)
}

fn kilo(x: f64) -> String {
    if x >= 1e6 {
        mega(x)
    } else {
        format!("{:.0} k", x / 1e3)
    }
}

pub(crate) fn run(baseline: Option<&Path>) -> Result<(), String> {
    tools::run(
        &tools::cargo(),
        &["build", "--release", "--locked", "-p", "towers"],
    )?;
    let binary = target_dir().join("release").join("towers");
    let allocations = allocations()?;
    let mut rows = Vec::new();
    for &(game, depth, games) in WORKLOADS {
        println!("xtask: measuring {game}");
        let now = measure(&binary, game, depth, games)?;
        let before = match baseline {
            Some(path) => Some(measure(path, game, depth, games)?),
            None => None,
        };
        if let Some(b) = &before
            && b.leaves != now.leaves
        {
            return Err(format!(
                "{game}: perft({depth}) is {} here and {} in the baseline",
                now.leaves, b.leaves
            ));
        }
        let bytes = registry::visit(game, &[], StateSize).map_err(|e| e.to_string())?;
        rows.push((game, depth, games, now, before, bytes));
    }

    let mut page = String::new();
    let _ = writeln!(
        page,
        "# Performance\n\nWritten by `cargo xtask bench{}` — what that run measured, on a shared \
         machine: {} ({} logical cores), {}. Re-run it rather than trusting old figures; \
         compare ratios measured in one run, not absolute numbers across runs.\n",
        if baseline.is_some() {
            " --baseline BASELINE_TOWERS"
        } else {
            ""
        },
        cpu_model(),
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        rustc_version()
    );
    let _ = writeln!(
        page,
        "## Per game\n\nPerft counts complete moves from the initial position, counting the \
         last ply without listing it (`Game::count_moves`) and the one before through \
         `Game::count_after` (Kamisado answers it without playing the move) \
         (`towers perft GAME DEPTH`, best of three; `--threads 2` for two threads). \
         Playouts are seeded random games between two `random` players, whose moves \
         `Game::random_move` draws (a game may find the drawn move without listing the \
         others) (`towers selfplay GAME --games N --threads 1 --seed 1`), so they include the \
         players' move choice. Bytes per state are `size_of` of the state type (plus the heap \
         a repetition history uses once it outgrows its inline slots).\n"
    );
    let _ = writeln!(
        page,
        "| game | perft depth (leaves) | leaves/s | 2 threads | playouts | games/s | plies/s | 2 threads | bytes per state |\n|---|---|---|---|---|---|---|---|---|"
    );
    for (game, depth, games, now, _, bytes) in &rows {
        let _ = writeln!(
            page,
            "| {game} | {depth} ({}) | {} | {} (×{:.2}) | {games} | {:.0} | {} | {} (×{:.2}) | {bytes} |",
            now.leaves,
            mega(now.leaves_per_s),
            mega(now.leaves_per_s_2),
            now.leaves_per_s_2 / now.leaves_per_s.max(1e-9),
            now.games_per_s,
            kilo(now.plies_per_s),
            kilo(now.plies_per_s_2),
            now.plies_per_s_2 / now.plies_per_s.max(1e-9),
        );
    }
    if baseline.is_some() {
        let _ = writeln!(
            page,
            "\n## Against the baseline\n\nThe baseline binary ran the same commands in the \
             same session, interleaved game by game. Ratios above 1 mean this build is faster.\n\n\
             | game | baseline leaves/s | leaves/s | ratio | baseline plies/s | plies/s | ratio |\n|---|---|---|---|---|---|---|"
        );
        for (game, _, _, now, before, _) in &rows {
            if let Some(b) = before {
                let _ = writeln!(
                    page,
                    "| {game} | {} | {} | ×{:.2} | {} | {} | ×{:.2} |",
                    mega(b.leaves_per_s),
                    mega(now.leaves_per_s),
                    now.leaves_per_s / b.leaves_per_s.max(1e-9),
                    kilo(b.plies_per_s),
                    kilo(now.plies_per_s),
                    now.plies_per_s / b.plies_per_s.max(1e-9),
                );
            }
        }
    }
    let _ = writeln!(
        page,
        "\n## Heap allocations per move\n\nCounted in bytes by cap's allocator in \
         `crates/tower-games/tests/allocations.rs` (release build): move generation into a reused \
         buffer, `play_unchecked` and `play` of a legal move, over seeded random games after one \
         warm-up game. The test fails on any byte allocated.\n"
    );
    for (game, line) in &allocations {
        let _ = writeln!(page, "- {game}: {line}");
    }
    let _ = writeln!(
        page,
        "\n## Finer benchmarks\n\n`cargo bench -p tower-games` (divan) times legal-move generation \
         in four positions of a seeded game (opening, middle game, most crowded, last before \
         the end), cloning and playing a move, perft at a fixed depth and whole random \
         playouts, for every game.\n\n## Where the time goes\n\n[`profiles.md`](profiles.md) \
         (written by hand) has the profiles behind these figures: what was changed, which \
         targets are met, and why the others are not."
    );
    let path = xtask::workspace_root().join("docs/performance.md");
    // The other measurements' sections follow their marker: kept as they are.
    if let Ok(old) = std::fs::read_to_string(&path)
        && let Some(at) = old.find(KEPT_MARKER)
    {
        let _ = write!(page, "\n{}", &old[at..]);
    }
    tower_games::files::replace_file(&path, page.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
}
