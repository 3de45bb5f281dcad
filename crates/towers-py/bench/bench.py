"""The Python package's speed, measured in one run (not a test): a Python loop of
``legal_actions()`` + ``apply_action()`` over random games of every game, the same loop over
OpenSpiel's C++ ``breakthrough`` and ``connect_four`` from Python, and ``playouts()``
against ``towers selfplay`` on the same seeded games; then the cost of one observation, and
the batched environments (``tower_games.vector``) at 1, 64 and 1,024 games and 1 and 2
threads beside a one-state loop and EnvPool's ``ConnectFour-v1`` and ``Othello-v1``.

EnvPool is not one of the package's dependencies: the bench runs in a virtual environment
of its own, never CI's:

    cargo xtask python --release        # the wheel a user installs (profile `wheel`)
    python3 -m venv target/python/bench-venv
    target/python/bench-venv/bin/pip install "$(ls target/python/wheels/*.whl)[vector]" envpool open-spiel
    cargo build --release -p towers --bin towers
    cargo build --profile wheel -p tower-games --example batch_step
    target/python/bench-venv/bin/python crates/towers-py/bench/bench.py \
        --towers target/release/towers --batch-step target/wheel/examples/batch_step --write

``--write`` replaces the part of docs/performance.md after its ``python-bench`` marker
(``cargo xtask bench`` keeps that part as it is).
"""

from __future__ import annotations

import argparse
import os

# numpy's BLAS would otherwise keep threads of its own spinning beside the batched
# environments' threads (about 2% of a loop's samples), and this bench calls no BLAS routine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import platform
import random
import re
import subprocess
import sys
import time

import numpy as np

import tower_games

MARKER = "<!-- python-bench: written by crates/towers-py/bench/bench.py -->"


def python_loop(new_state, seconds: float, seed: int = 1):
    """Random games from `new_state()` for about `seconds`: (actions, whole moves or None,
    seconds)."""
    rng = random.Random(seed)
    actions = 0
    moves = 0
    counts_moves = None
    start = time.perf_counter()
    while True:
        state = new_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        history = getattr(state, "history", None)
        if history is not None and callable(history) and counts_moves is not False:
            # tower_games: whole moves; pyspiel: history() is the actions.
            counts_moves = isinstance(state, tower_games.State)
            if counts_moves:
                moves += len(history())
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return actions, (moves if counts_moves else None), elapsed


def mean_moves(new_state, games: int = 30, seed: int = 5) -> float:
    """The mean number of legal whole moves of the positions of `games` random games."""
    rng = random.Random(seed)
    total = positions = 0
    for _ in range(games):
        state = new_state()
        while not state.is_terminal():
            if isinstance(state, tower_games.State):
                moves = state.legal_moves()
                total += len(moves)
                state.apply_move(rng.choice(moves))
            else:
                actions = state.legal_actions()
                total += len(actions)
                state.apply_action(rng.choice(actions))
            positions += 1
    return total / max(positions, 1)


def towers_selfplay(towers: str, name: str, games: int) -> float:
    """Seconds `towers selfplay` takes for `games` seeded random games on one thread."""
    out = subprocess.run(
        [towers, "selfplay", name, "--games", str(games), "--threads", "1", "--seed", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    match = re.search(r"games/s \(([0-9.]+) s\)", out)
    if match is None:
        raise RuntimeError(f"cannot read the time in: {out}")
    return float(match.group(1))


def games_for(name: str, seconds: float) -> int:
    """A number of games that `playouts` plays in about `seconds`."""
    games = 1
    while True:
        took = tower_games.playouts(name, games=games, seed=1, threads=1)["seconds"]
        if took >= seconds / 4 or games >= 10_000_000:
            return max(1, int(games * seconds / max(took, 1e-9)))
        games *= 4


def observation_cost(name: str, calls: int = 20_000) -> dict[str, float]:
    """Nanoseconds one `observation()`, `observation_tensor()` and `legal_action_mask()`
    call takes (best of five), over the positions of a seeded random game."""
    game = tower_games.load_game(name)
    rng = random.Random(3)
    states = []
    state = game.new_initial_state()
    while not state.is_terminal() and len(states) < 64:
        states.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    costs = {}
    for method in ["observation", "observation_tensor", "legal_action_mask"]:
        calls_of = [getattr(s, method) for s in states]
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for i in range(calls):
                calls_of[i & 63 if len(calls_of) == 64 else i % len(calls_of)]()
            best = min(best, (time.perf_counter() - start) / calls)
        costs[method] = best * 1e9
    return costs


def one_state_loop(name: str, seconds: float, seed: int = 1) -> float:
    """Steps/s of a Python loop over one `tower_games.State` that reads the observation
    (uint8) and the mask every step and plays a random legal action."""
    game = tower_games.load_game(name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    start = time.perf_counter()
    while True:
        for _ in range(256):
            if state.is_terminal():
                state = game.new_initial_state()
            observation = state.observation()
            mask = state.legal_action_mask()
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 256
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            del observation, mask
            return steps / elapsed


#: Tables of random noise the batched loops draw their actions with, used in turn.
NOISE_TABLES = 16


def vector_loop(env, num_envs: int, seconds: float, seed: int | None = 1) -> float:
    """Steps/s (games × steps) of a loop over a batched environment: a random legal action a
    game drawn with numpy from the mask, the step, and the observation and the mask read.

    The action of a game is the legal one with the most noise, from tables of noise drawn
    before the loop and used in turn (`NOISE_TABLES`): drawing fresh noise every step took
    a third of the loop's time (0.3 µs a game of 68 actions, 1 µs of 227), which is the
    sampler's cost, not the environment's. The noise is float32 (above 0, so that a legal
    action always beats the masked ones): numpy 2.4's `argmax` along rows of float32 took
    40 µs at 1,024 × 68 and 96 µs at 1,024 × 227, against 57 and 170 µs over uint8."""
    rng = np.random.default_rng(1)
    observations, info = env.reset() if seed is None else env.reset(seed=seed)
    mask = info["legal_action_mask"]
    tables = rng.random(size=(NOISE_TABLES, *mask.shape), dtype=np.float32) + np.float32(1e-3)
    scores = np.empty(mask.shape, dtype=np.float32)
    steps = 0
    touched = 0
    start = time.perf_counter()
    while True:
        for k in range(8):
            np.multiply(tables[(steps // num_envs + k) % NOISE_TABLES], mask, out=scores)
            actions = np.argmax(scores, axis=1)
            observations, rewards, terminated, truncated, info = env.step(actions)
            mask = info["legal_action_mask"]
            touched += int(observations.flat[-1]) + int(mask.flat[-1])
        steps += 8 * num_envs
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def engine_steps(binary: str, seconds: float) -> dict[tuple[str, int, int], float]:
    """Game-steps/s of the batched stepper without Python: the `batch_step` example's
    figures, by (game, games, threads)."""
    out = subprocess.run(
        [binary, str(seconds)], check=True, capture_output=True, text=True
    ).stdout
    rates = {}
    for line in out.splitlines():
        match = re.match(r"(\S+)\s+(\d+) x (\d+):\s+([0-9.]+) ns", line)
        if match:
            name, envs, threads, ns = match.groups()
            rates[(name, int(envs), int(threads))] = 1e9 / float(ns)
    return rates


def envpool_env(task: str, num_envs: int, threads: int):
    import envpool

    return envpool.make(
        task, env_type="gymnasium", num_envs=num_envs, batch_size=num_envs,
        num_threads=threads, seed=1,
    )


#: The batched environments' sizes: games stepped together and threads.
VECTOR_CONFIGS = [(1, 1), (64, 1), (64, 2), (1024, 1), (1024, 2)]

#: Passes over the batched configurations; each figure is the best of its passes.
PASSES = 3


def rate(n: float) -> str:
    if n >= 1e6:
        return f"{n / 1e6:.2f} M"
    if n >= 1e3:
        return f"{n / 1e3:.1f} k"
    return f"{n:.0f}"


def vector_section(costs, singles, batched, pools, engine, seconds) -> list[str]:
    """The part of the page on observations and batched environments."""
    lines = ["", "## Batched environments from Python", ""]
    lines.append(
        "The same run. One observation: a call of `state.observation()` (uint8 levels), "
        "`state.observation_tensor()` (float32 values) and `state.legal_action_mask()` over "
        "the positions of a random game, numpy array included (best of five); the game's "
        "own encoder (`Observe::observe`) is a part of it. Before and after the games' own "
        "encoders replaced the planes this package read from pictures, one state nine random "
        "actions into a game, best of five runs of 3,000 calls, the test build (`dev` "
        "profile), on a lighter load: `observation_tensor()` took 23.7 → 4.4 µs (Kamisado), "
        "26.8 → 2.5 µs (Tower of Power), 45.9 → 5.8 µs (Seven Sages), 26.2 → 3.2 µs (Chain "
        "Reaction) and 194.1 → 7.8 µs (Queens' Courtiers); `observation()` (uint8) 1.0 to "
        "2.4 µs."
    )
    lines.append("")
    lines.append("| game | observation() ns | observation_tensor() ns | legal_action_mask() ns |")
    lines.append("|---|---|---|---|")
    for name, cost in costs.items():
        lines.append(
            f"| {name} | {cost['observation']:.0f} | {cost['observation_tensor']:.0f} "
            f"| {cost['legal_action_mask']:.0f} |"
        )
    if not batched:
        return lines
    lines.append("")
    lines.append(
        f"Steps per second (games × steps; each figure the best of {PASSES} runs of "
        f"{seconds / PASSES:.2g} s, one in each of {PASSES} passes over every configuration, "
        "ours and EnvPool's and the stepper's alone in turn) of a loop that draws a "
        "random legal action a game from the mask with numpy (the legal action with the most "
        f"noise, from {NOISE_TABLES} tables of float32 noise drawn before the loop and used in "
        "turn), "
        "steps, and reads the observations and the masks: `tower_games.vector.make(game, N, threads=T)` (uint8 "
        "observations, NEXT_STEP autoreset), EnvPool's `ConnectFour-v1` and `Othello-v1` "
        "(pgx's games in C++, `envpool.make(task, env_type=\"gymnasium\", num_envs=N, "
        "batch_size=N, num_threads=T)`) in the same loop, and the one-state loop: a Python "
        "loop over one `tower_games.State` reading `observation()` and "
        "`legal_action_mask()` and playing `random.choice(legal_actions())` every step."
    )
    lines.append("")
    header = "| game | one-state loop |"
    rule = "|---|---|"
    for envs, threads in VECTOR_CONFIGS:
        header += f" {envs} × {threads} thread{'s' if threads > 1 else ''} |"
        rule += "---|"
    lines.append(header)
    lines.append(rule)
    for name in singles:
        row = f"| {name} | {rate(singles[name])} |"
        for envs, threads in VECTOR_CONFIGS:
            row += f" {rate(batched[(name, envs, threads)])} |"
        lines.append(row)
    for task in ["ConnectFour-v1", "Othello-v1"]:
        if (task, 1, 1) in pools:
            row = f"| EnvPool `{task}` | — |"
            for envs, threads in VECTOR_CONFIGS:
                row += f" {rate(pools[(task, envs, threads)])} |"
            lines.append(row)
    if engine:
        lines.append("")
        lines.append(
            "The stepper alone, without Python (`cargo run --profile wheel -p tower-games "
            "--example batch_step`, same run and passes): `board_kernel::batch::Batch` stepping with a random legal "
            "action a game drawn in Rust from the masks, game-steps per second. What a "
            "batched loop from Python could approach if making and handing over its arrays "
            "cost nothing:"
        )
        lines.append("")
        configs = [(e, t) for e, t in VECTOR_CONFIGS if any(k[1:] == (e, t) for k in engine)]
        head = "| game |" + "".join(
            f" {e} × {t} thread{'s' if t > 1 else ''} |" for e, t in configs
        )
        lines.append(head)
        lines.append("|---|" + "---|" * len(configs))
        for name in singles:
            row = f"| {name} |"
            for e, t in configs:
                row += f" {rate(engine[(name, e, t)])} |" if (name, e, t) in engine else " — |"
            lines.append(row)
    lines.append("")
    best = {
        name: max(
            (batched[(name, e, t)], e, t) for e, t in VECTOR_CONFIGS
        )
        for name in singles
    }
    lines.append(
        "Ratios: each game's best batched figure against its one-state loop, and at 1,024 "
        "games (the best thread count of each) against EnvPool's:"
    )
    lines.append("")
    head = "| game | best batched (games × threads) | ÷ one-state loop |"
    rule = "|---|---|---|"
    have_pools = ("Othello-v1", 1024, 1) in pools
    if have_pools:
        head += " ÷ `Othello-v1` at 1,024 | ÷ `ConnectFour-v1` at 1,024 |"
        rule += "---|---|"
    lines.append(head)
    lines.append(rule)

    def at_1024(table, key):
        return max(table[(key, 1024, t)] for t in (1, 2) if (key, 1024, t) in table)

    for name in singles:
        figure, envs, threads = best[name]
        row = (
            f"| {name} | {rate(figure)} ({envs} × {threads}) "
            f"| ×{figure / singles[name]:.1f} |"
        )
        if have_pools:
            ours = at_1024(batched, name)
            row += (
                f" ×{ours / at_1024(pools, 'Othello-v1'):.1f} "
                f"| ×{ours / at_1024(pools, 'ConnectFour-v1'):.1f} |"
            )
        lines.append(row)
    lines.append("")
    lines.append(
        "Where a batched step's time goes (`perf record` of the loop above, Kamisado, 1,024 "
        "games, the `wheel` profile's extension built with its symbols): on one thread the "
        "engine (the `_native` module: the turn walk, the encoder, the masks and the check "
        "of the actions, which alone is 5%) takes 57% of the samples, numpy's sampler 18%, "
        "the zeroing of "
        "the new array handed to numpy 12% (PyO3's safe `bytearray` constructor clears it, "
        "2.8 MB a "
        "step at 1,024 Kamisado games; the batch does not clear it again: "
        "`BufferView::observations_zeroed`) and Python 6%. A batch keeps its threads from "
        "step to step (the kernel's `rayon` feature), and its threads wait for each other "
        "and for the next step awake, yielding the core, for up to 200 µs before they "
        "sleep: a thread that had gone to sleep took tens of microseconds to wake on these "
        "virtual machines, which made 64 games on two threads slower than on one. On two "
        "threads (the same profile) the caller's thread steps its half of the games and "
        "also does the work between two steps alone: numpy's sampler (13% of all the "
        "samples), the zeroing (9%), Python (4%); the other thread waits through it, 24% of "
        "all the samples and about half of its own. Each thread checks its own games' "
        "actions, and no game moves until every thread has found its actions legal. "
        "`vector.make` gives a thread per 256 games, so that a "
        "program that does more between two steps than the environment does in one (a "
        "network's forward pass) does not have a thread waiting awake beside it unless it "
        "asks for one."
    )
    lines.append("")
    if engine and all((n, 64, 1) in engine and (n, 1024, 2) in engine for n in singles):
        lines.extend(ten_times_section(singles, batched, engine))
    return lines


def ten_times_section(singles, batched, engine) -> list[str]:
    """What ten times the one-state loop needs, from this run's figures: both loops run the
    same engine step, so a faster engine speeds up both, and what bounds the ratio is the
    Python side of each."""
    lines = [
        "What ten times the one-state loop needs. Both loops run the same engine step (the "
        "turn walk, the encoder, the mask), so a faster engine speeds up both, and the "
        "ratio is bounded by what each does besides. From this run's figures, in "
        "nanoseconds a game-step: *t₁* the one-state loop; *E* the engine, the stepper "
        "alone at 64 games on one thread (in cache; its sampler, in Rust, included); *P* = "
        "*t₁* − *E*, the one-state loop's "
        "Python side (five calls, their arrays, `random.choice`); *t_b* the batched loop and "
        "*t_s* the stepper alone, both at 1,024 games on two threads (where the Python side "
        "weighs least, and the batched figures are mostly best); *p* = *t_b* − "
        "*t_s*, the batched loop's Python side a game (numpy's sampler, the zeroing of the "
        "new arrays, the arrays' wrapping), which one thread does while the other waits. "
        "With an engine *k* times as fast the ratio is (*E*/*k* + *P*) / (*t_s*/*k* + *p*): "
        "ten times needs *k* ≥ (10 *t_s* − *E*) / (*P* − 10 *p*), and with *P* ≤ 10 *p* no "
        "engine is fast enough. *P* / *p* is the ratio with an engine that cost nothing.",
        "",
        "| game | *t₁* | *E* | *P* | *t_b* | *t_s* | *p* | *t₁* / *t_b* | "
        "engine speed-up for ×10 | *P* / *p* |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name in singles:
        figure = batched[(name, 1024, 2)]
        t1 = 1e9 / singles[name]
        e = 1e9 / engine[(name, 64, 1)]
        big_p = t1 - e
        tb = 1e9 / figure
        ts = 1e9 / engine[(name, 1024, 2)]
        small_p = max(tb - ts, 0.0)
        if big_p > 10 * small_p:
            k = max((10 * ts - e) / (big_p - 10 * small_p), 0.0)
            need = "met" if k <= 1 else f"×{k:.1f}"
        else:
            need = "none suffices"
        limit = f"×{big_p / small_p:.0f}" if small_p > 0 else "—"
        lines.append(
            f"| {name} | {t1:.0f} | {e:.0f} | {big_p:.0f} | {tb:.0f} "
            f"| {ts:.0f} | {small_p:.0f} | ×{t1 / tb:.1f} | {need} | {limit} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--towers", help="a release `towers` binary for the native comparison")
    parser.add_argument(
        "--batch-step",
        help="the `batch_step` example built as the wheel is "
        "(target/wheel/examples/batch_step): the stepper's own figures",
    )
    parser.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = parser.parse_args()

    load_start = os.getloadavg()[0]
    lines = []
    rows = []
    for name in tower_games.game_names():
        game = tower_games.load_game(name)
        actions, moves, took = python_loop(game.new_initial_state, args.seconds)
        rows.append(
            (
                name,
                actions / took,
                moves / took,
                actions / max(moves, 1),
                mean_moves(game.new_initial_state),
            )
        )
        print(f"{name}: {rate(actions / took)} actions/s, {rate(moves / took)} plies/s", flush=True)
    spiel_rows = []
    try:
        import pyspiel

        for name in ["breakthrough", "connect_four"]:
            game = pyspiel.load_game(name)
            actions, _, took = python_loop(game.new_initial_state, args.seconds)
            spiel_rows.append((name, actions / took, mean_moves(game.new_initial_state)))
            print(f"OpenSpiel {name}: {rate(actions / took)} actions/s", flush=True)
    except ImportError:
        print("pyspiel is not installed: no OpenSpiel comparison", file=sys.stderr)

    native_rows = []
    if args.towers:
        for name in tower_games.game_names():
            games = games_for(name, args.seconds)
            best_py = best_native = float("inf")
            plies = 0
            for _ in range(3):
                result = tower_games.playouts(name, games=games, seed=1, threads=1)
                plies = result["total_plies"]
                best_py = min(best_py, result["seconds"])
                best_native = min(best_native, towers_selfplay(args.towers, name, games))
            native_rows.append((name, games, plies / best_py, plies / best_native))
            print(
                f"{name}: playouts {rate(plies / best_py)} plies/s, "
                f"towers selfplay {rate(plies / best_native)} plies/s",
                flush=True,
            )

    costs = {}
    singles = {}
    batched = {}
    for name in tower_games.game_names():
        costs[name] = observation_cost(name)
        singles[name] = one_state_loop(name, args.seconds)
        print(
            f"{name}: observation() {costs[name]['observation']:.0f} ns, "
            f"observation_tensor() {costs[name]['observation_tensor']:.0f} ns; "
            f"one-state loop {rate(singles[name])} steps/s",
            flush=True,
        )
    try:
        from tower_games import vector
    except ImportError:
        vector = None
        print("gymnasium is not installed: no batched environments", file=sys.stderr)
    # The batched figures are the best of PASSES passes over every configuration, ours and
    # EnvPool's in turn, each run a PASSES-th of the figure's time: the shared machines
    # slow down for seconds at a time, which one run a figure would take for a difference
    # between configurations.
    pools = {}
    engine = {}
    try:
        import envpool  # noqa: F401
    except ImportError:
        envpool = None
        print("envpool is not installed: no EnvPool comparison", file=sys.stderr)
    run = args.seconds / PASSES
    for _ in range(PASSES):
        if vector is not None:
            for name in tower_games.game_names():
                for envs, threads in VECTOR_CONFIGS:
                    env = vector.make(name, envs, seed=1, threads=threads)
                    key = (name, envs, threads)
                    batched[key] = max(batched.get(key, 0.0), vector_loop(env, envs, run))
                    env.close()
        if envpool is not None:
            for task in ["ConnectFour-v1", "Othello-v1"]:
                for envs, threads in VECTOR_CONFIGS:
                    env = envpool_env(task, envs, threads)
                    key = (task, envs, threads)
                    pools[key] = max(pools.get(key, 0.0), vector_loop(env, envs, run, seed=None))
                    env.close()
        if args.batch_step:
            for key, figure in engine_steps(args.batch_step, run).items():
                engine[key] = max(engine.get(key, 0.0), figure)
    for (name, envs, threads), figure in [*batched.items(), *pools.items()]:
        print(f"{name} × {envs} on {threads} thread(s): {rate(figure)} steps/s", flush=True)

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            model = re.search(r"model name\s*:\s*(.*)", f.read())
            cpu = model.group(1).strip() if model else cpu
    except OSError:
        pass
    lines.append(MARKER)
    lines.append("")
    lines.append("## From Python")
    lines.append("")
    lines.append(
        f"Written by `target/python/bench-venv/bin/python crates/towers-py/bench/bench.py "
        f"--towers target/release/towers --batch-step target/wheel/examples/batch_step "
        f"--write` in the bench's own environment (the "
        f"module's docstring; the wheel of the `wheel` profile, Python "
        f"{platform.python_version()}, {cpu}, "
        f"{os.cpu_count()} logical cores, shared machine, load average {load_start:.1f} at the "
        f"start and {os.getloadavg()[0]:.1f} at the end; {args.seconds:g} s per figure, all "
        f"from one run: compare the ratios)."
    )
    lines.append("")
    lines.append(
        "A Python loop of `state.legal_actions()`, `random.choice` and `state.apply_action()` "
        "over whole random games from the initial position. An action is one step of a turn "
        "(docs/python.md): a whole turn (a ply) takes one to several. OpenSpiel's C++ games "
        "run the same loop through `pyspiel` in the same run; their actions are plies."
    )
    lines.append("")
    lines.append("| game | actions/s | plies/s | actions per ply | legal whole moves a position |")
    lines.append("|---|---|---|---|---|")
    for name, per_action, per_ply, ratio, branching in rows:
        lines.append(
            f"| {name} | {rate(per_action)} | {rate(per_ply)} | {ratio:.2f} | {branching:.0f} |"
        )
    for name, per_action, branching in spiel_rows:
        lines.append(
            f"| OpenSpiel `{name}` (C++) | {rate(per_action)} | {rate(per_action)} | 1 "
            f"| {branching:.0f} |"
        )
    lines.append("")
    lines.append(
        "A turn is walked with a turn cursor (`DynState::start_turn`): each action narrows the "
        "whole moves that begin with the steps so far. Tower of Power, Seven Sages and Queens' "
        "Courtiers, with many whole moves a position, and Kamisado, whose turn is one tower's "
        "move, give the first steps (the stones, sages, pieces or the tower that must move) "
        "without listing the moves and list only the moves of the first step played "
        "(`Steps::STEPS_BY_FIRST_STEP`); Chain Reaction, whose turns branch into thousands of "
        "chains, walks its turns with a stepper of its own."
    )
    if spiel_rows:
        lines.append("")
        lines.append(
            "Against OpenSpiel's games in the same run, per action and per whole turn (one "
            "OpenSpiel action is a whole turn). Per action the loops do the same work in "
            "Python; per whole turn, a turn of ours takes two actions or more, over positions "
            "with more legal moves (the last column above: the mean over 30 random games):"
        )
        lines.append("")
        header = "| game |"
        rule = "|---|"
        for base_name, _, _ in spiel_rows:
            header += f" actions/s ÷ `{base_name}`'s | plies/s ÷ `{base_name}`'s |"
            rule += "---|---|"
        lines.append(header)
        lines.append(rule)
        for name, per_action, per_ply, _, _ in rows:
            line = f"| {name} |"
            for _, base, _ in spiel_rows:
                line += f" {per_action / base:.2f} | {per_ply / base:.2f} |"
            lines.append(line)
    if native_rows:
        lines.append("")
        lines.append(
            "`tower_games.playouts(name, games=N, seed=1, threads=1)` (Rust, the GIL released) "
            "against `towers selfplay NAME --games N --threads 1 --seed 1` on the same seeded "
            "games, best of three each, interleaved. The wheel is built with the `wheel` "
            "profile (whole-program LTO, one codegen unit) and `towers` with `release`, so a "
            "ratio above 100% is the profile's gain:"
        )
        lines.append("")
        lines.append("| game | games | playouts() plies/s | towers selfplay plies/s | ratio |")
        lines.append("|---|---|---|---|---|")
        for name, games, py, native in native_rows:
            lines.append(
                f"| {name} | {games} | {rate(py)} | {rate(native)} | {100 * py / native:.0f}% |"
            )
    lines.extend(vector_section(costs, singles, batched, pools, engine, args.seconds))
    section = "\n".join(lines) + "\n"
    print()
    print(section)
    if args.write:
        path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "docs", "performance.md")
        with open(path) as f:
            page = f.read()
        head = page.split(MARKER)[0].rstrip("\n") + "\n\n"
        with open(path, "w") as f:
            f.write(head + section)
        print(f"wrote {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
