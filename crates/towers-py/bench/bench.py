"""The Python package's speed, measured in one run (not a test): a Python loop of
``legal_actions()`` + ``apply_action()`` over random games of every game, the same loop over
OpenSpiel's C++ ``breakthrough`` and ``connect_four`` from Python, and ``playouts()``
against ``towers selfplay`` on the same seeded games.

    python crates/towers-py/bench/bench.py --towers target/release/towers --write

``--write`` replaces the part of docs/performance.md after its ``python-bench`` marker
(``cargo xtask bench`` keeps that part as it is).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import subprocess
import sys
import time

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


def rate(n: float) -> str:
    if n >= 1e6:
        return f"{n / 1e6:.2f} M"
    if n >= 1e3:
        return f"{n / 1e3:.1f} k"
    return f"{n:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--towers", help="a release `towers` binary for the native comparison")
    parser.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = parser.parse_args()

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
        f"Written by `python crates/towers-py/bench/bench.py --towers target/release/towers --write` "
        f"(release wheel, Python {platform.python_version()}, {cpu}, {os.cpu_count()} logical cores, "
        f"shared machine; {args.seconds:g} s per figure, all from one run: compare the ratios)."
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
        "Courtiers, with many whole moves a position, give the first steps (the "
        "stones, sages or pieces that can move) without listing the moves and list only the "
        "moves of the first step played (`Steps::STEPS_BY_FIRST_STEP`); Kamisado lists its few "
        "moves once a turn; Chain Reaction, whose turns branch into thousands of chains, walks "
        "its turns with a stepper of its own."
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
            "games, best of three each, interleaved:"
        )
        lines.append("")
        lines.append("| game | games | playouts() plies/s | towers selfplay plies/s | ratio |")
        lines.append("|---|---|---|---|---|")
        for name, games, py, native in native_rows:
            lines.append(
                f"| {name} | {games} | {rate(py)} | {rate(native)} | {100 * py / native:.0f}% |"
            )
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
