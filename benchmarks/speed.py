"""Speed of random playouts and of ISMCTS, as ratios to a fixed reference loop.

Usage::

    python benchmarks/speed.py                          # every game, this checkout
    python benchmarks/speed.py kivi lustry --rounds 15  # some games, more rounds
    python benchmarks/speed.py --baseline perf-baseline # interleaved with a git ref's code
    python benchmarks/speed.py --compare benchmarks/results/perf-baseline.json
    python benchmarks/speed.py --baseline perf-baseline --save-baseline out.json
    python benchmarks/speed.py kivi --callgrind --baseline perf-baseline  # instructions
    python benchmarks/speed.py --baseline perf-baseline --also build/compiled  # 3 builds

Every figure is a *ratio*: the work done per CPU second divided by the steps per CPU
second of the reference loop (`reference.py`, a toy game in the library's style, timed
right before each measurement in the same process). The host's speed drifts by ±30 %
from minute to minute; the ratio survives that drift, and the ratio of two ratios (this
code against a baseline) is the speed-up. Time is CPU time (`time.process_time`), so
other processes on a shared host count for little.

Tasks, per game and player count (fixed seeds, so each round does the same work):

* ``playout``: whole random games through `boardrules.playout` (a game's fused playout
  where it has one; the reference loop otherwise, and always in code that predates it):
  player decisions per second;
* ``loop``: the same games through the reference loop (`legal_actions`, `sample_chance`,
  `apply_unchecked` at every step): player decisions per second;
* ``checked``: the same games with the checked `apply`: player decisions per second;
* ``ismcts``: `ISMCTSBot.analyse` at fixed decision points: iterations per second.

A round measures every task once, each beside its own reference measurement; the table
shows the median of the rounds. With ``--baseline REF`` the code at that git ref (a tag,
a branch, a commit) is extracted to a temporary directory and each round runs twice, in
fresh processes, alternately with this checkout's code and with the baseline's: the
speed-up column is the median of the rounds' ratios. ``--save`` and ``--save-baseline``
write the figures as JSON (see ``benchmarks/results/``); ``--compare`` reads such a file
as the baseline (valid only on the same machine and Python, less exact than a live run).

``--also DIR`` measures a third build in the same rounds, in fresh processes that import
boardrules from DIR (a folder holding the package, such as a compiled build's): its
figures, its speed-up over the baseline and its ratio to this checkout, round by round.

``--callgrind`` counts machine instructions under valgrind instead (slow, but exact and
immune to other processes): instructions per decision and per iteration, start-up
subtracted, for this checkout and with ``--baseline`` for the baseline, with Python's hash
seed fixed (``PYTHONHASHSEED``, 0 unless set) so that the counts repeat.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from reference import REFERENCE_VERSION, reference_steps  # noqa: E402 - after the path

TASKS = ("playout", "loop", "checked", "ismcts")
"""Every task, in the order a round measures them."""

PLAYOUT_GAMES: dict[str, int] = {
    "captain_bluff": 8, "kivi": 300, "lustry": 12, "ren_dhark": 150, "whales_rivals": 300,
}
"""Seeded whole games per playout measurement (about 0.25 s of the baseline each)."""
ISMCTS_WORK: dict[str, tuple[int, int]] = {
    "captain_bluff": (4, 40), "kivi": (4, 40), "lustry": (4, 60), "ren_dhark": (4, 50),
    "whales_rivals": (4, 40),
}
"""(decision points, iterations at each) per ISMCTS measurement."""
REFERENCE_GAMES = 8000
"""Toy games per reference measurement (72,000 steps)."""


# --- the measurements (they run under any version of boardrules, the baseline's too) ----

def _loop(game: Any, state: Any, rng: random.Random, step: Callable[[Any, Any], Any],
          ) -> tuple[Any, int]:
    """Play the reference loop to the end with `step` as apply; return (end, decisions)."""
    from boardrules import CHANCE, TERMINAL

    to_move, legal_actions, sample = game.to_move, game.legal_actions, game.sample_chance
    decisions = 0
    while True:
        mover = to_move(state)
        if mover is CHANCE:
            state = step(state, sample(state, rng))
        elif mover is TERMINAL:
            return state, decisions
        else:
            legal = legal_actions(state)
            state = step(state, legal[rng.randrange(len(legal))])
            decisions += 1


def _decision_points(game: Any, players: int, count: int) -> list[tuple[Any, int]]:
    """Return `count` seeded decisions with two or more legal actions, early to late."""
    from boardrules import CHANCE, TERMINAL

    points: list[tuple[Any, int]] = []
    seed = 0
    while len(points) < count:
        rng = random.Random(1000 + seed)
        seed += 1
        state = game.new_game(players)
        for _ in range(rng.randrange(12 * (len(points) + 1))):
            if game.to_move(state) is TERMINAL:
                break
            if game.to_move(state) is CHANCE:
                state = game.apply_unchecked(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply_unchecked(state, legal[rng.randrange(len(legal))])
        while game.to_move(state) is CHANCE:
            state = game.apply_unchecked(state, game.sample_chance(state, rng))
        mover = game.to_move(state)
        if mover is not TERMINAL and len(game.legal_actions(state)) > 1:
            points.append((state, mover))
    return points


def _timed(work: Callable[[], float]) -> tuple[float, float]:
    """Run `work`; return (its count of units, the CPU seconds it took)."""
    gc.collect()  # each measurement starts with no garbage of the one before
    start = time.process_time()
    units = work()
    return units, time.process_time() - start


class Workload:
    """The work of one game and player count.

    Every measurement plays games (or searches with seeds) that no measurement before it
    in the process played: a game's memos of positions it has seen would otherwise make
    a replay cheaper than real play. The round number picks the seeds, so the baseline's
    round r plays the games of this code's round r.
    """

    def __init__(self, name: str, players: int, scale: float, round_: int) -> None:
        import boardrules
        from boardrules.games import GAMES

        self.game = GAMES[name]
        self.players = players
        self.games = max(1, round(PLAYOUT_GAMES.get(name, 20) * scale))
        self.round = round_
        points, self.iterations = ISMCTS_WORK.get(name, (4, 40))
        self.points = _decision_points(self.game, players, points)
        self.playout: Callable[..., Any] | None = getattr(boardrules, "playout", None)

    def seeds(self, task: str) -> range:
        """Return the seeds of `task`'s games in this round (``warm-up`` too)."""
        block = (1 + TASKS.index(task) if task in TASKS else 0) * 1_000_000
        first = block + self.round * 10_000
        return range(first, first + self.games)

    def count(self, seeds: range, step: Callable[[Any, Any], Any]) -> tuple[int, list[Any]]:
        """Play the reference loop from each seed; return the decisions and the ends."""
        decisions, ends = 0, []
        for seed in seeds:
            end, count = _loop(self.game, self.game.new_game(self.players),
                               random.Random(seed), step)
            decisions += count
            ends.append(end)
        return decisions, ends

    def run(self, task: str) -> tuple[float, float]:
        """Do the work of `task`; return its units (decisions or iterations) and the CPU
        seconds it took (set-up and checks not counted)."""
        game, players = self.game, self.players
        if task == "ismcts":
            from boardrules.bots import Decision, ISMCTSBot

            def search() -> float:
                for i, (state, seat) in enumerate(self.points):
                    ISMCTSBot(self.iterations, seed=self.round * 100 + i).analyse(
                        Decision(game, state, seat))
                return float(len(self.points) * self.iterations)

            return _timed(search)
        seeds = self.seeds(task)
        if task in ("loop", "checked", "warm-up"):
            step = game.apply if task == "checked" else game.apply_unchecked
            return _timed(lambda: float(self.count(seeds, step)[0]))
        if task == "playout":
            play = self.playout
            ends: list[Any] = []

            def playouts() -> float:
                for seed in seeds:
                    start, rng = game.new_game(players), random.Random(seed)
                    ends.append(play(game, start, rng) if play is not None
                                else _loop(game, start, rng, game.apply_unchecked)[0])
                return 0.0

            _, seconds = _timed(playouts)
            decisions, want = self.count(seeds, game.apply_unchecked)  # after: not warmed
            if ends != want:
                raise AssertionError(f"{game.NAME}: playout and the reference loop differ")
            return float(decisions), seconds
        raise ValueError(f"unknown task {task!r}")


def measure_round(cases: list[tuple[str, int]], tasks: list[str], scale: float,
                  round_: int) -> dict[str, float]:
    """Measure every task of every case once; return each figure as a ratio to the
    reference loop timed just before and just after it (keys ``game/players/task``)."""
    workloads = {(name, players): Workload(name, players, scale, round_)
                 for name, players in cases}
    for workload in workloads.values():  # imports and tables built once, on other games
        workload.run("warm-up")

    def reference() -> float:
        steps, seconds = _timed(lambda: float(reference_steps(REFERENCE_GAMES)))
        return steps / seconds

    figures = {}
    before = reference()
    for (name, players), workload in workloads.items():
        for task in tasks:
            units, seconds = workload.run(task)
            after = reference()
            figures[f"{name}/{players}/{task}"] = (units / seconds) / ((before + after) / 2)
            before = after
    return figures


# --- running rounds, here or in fresh processes ----------------------------------------

@contextmanager
def extracted(ref: str) -> Iterator[Path]:
    """Extract the ``src`` tree of a git ref to a temporary directory; yield its path."""
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=HERE, check=True,
                          capture_output=True, text=True).stdout.strip()
    archive = subprocess.run(["git", "archive", ref, "src"], cwd=root, check=True,
                             capture_output=True).stdout
    with tempfile.TemporaryDirectory(prefix="boardrules-baseline-") as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        yield Path(tmp) / "src"


def run_worker(src: Path | None, request: dict[str, Any],
               prefix: list[str] | None = None) -> tuple[dict[str, Any], str]:
    """Run one request in a fresh process importing boardrules from `src` (None: as
    installed); return its answer and the process's standard error."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src), env.get("PYTHONPATH", "")])
    command = [*(prefix or []), sys.executable, str(Path(__file__).resolve()), "--worker",
               json.dumps(request)]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


def worker(request: dict[str, Any]) -> None:
    """Answer one request of `run_worker` on standard output (one JSON line)."""
    import boardrules

    cases = [(name, players) for name, players in request["cases"]]
    if request.get("callgrind"):
        print(json.dumps({"boardrules": boardrules.__file__,
                          "units": callgrind_work(cases, request["task"], request["scale"],
                                                  request["empty"])}))
        return
    figures = measure_round(cases, request["tasks"], request["scale"], request["round"])
    print(json.dumps({"boardrules": boardrules.__file__, "figures": figures}))


def callgrind_work(cases: list[tuple[str, int]], task: str, scale: float, empty: bool,
                   ) -> float:
    """Set up the workloads and, unless `empty`, do `task` once; return its units."""
    units = 0.0
    for name, players in cases:
        workload = Workload(name, players, scale, 0)
        workload.run("warm-up")
        if not empty:
            units += workload.run(task)[0]
        elif task == "playout":  # the playout task counts its decisions after playing
            workload.count(workload.seeds(task), workload.game.apply_unchecked)
    return units


def instructions(src: Path | None, cases: list[tuple[str, int]], task: str, scale: float,
                 ) -> float:
    """Return the machine instructions per unit of `task` under valgrind (start-up,
    set-up and, for ``playout``, the reference loop counting the decisions subtracted)."""
    counts = []
    for empty in (True, False):
        with tempfile.NamedTemporaryFile(suffix=".out") as out:
            # A fixed hash seed (unless one is given): set and dict orders, and with them
            # an ISMCTS iteration's count, move by about 2 % from one seed to another.
            seed = os.environ.get("PYTHONHASHSEED", "0")
            prefix = ["env", f"PYTHONHASHSEED={seed}", "valgrind", "--tool=cachegrind",
                      "--cache-sim=no", f"--cachegrind-out-file={out.name}"]
            answer, stderr = run_worker(src, {"callgrind": True, "cases": cases, "task": task,
                                              "scale": scale, "empty": empty}, prefix)
        found = re.search(r"I\s+refs:\s+([\d,]+)", stderr)
        if found is None:
            raise RuntimeError(f"no instruction count in valgrind's output:\n{stderr}")
        counts.append(int(found.group(1).replace(",", "")))
        units = float(answer["units"])
    return (counts[1] - counts[0]) / units


# --- the table -----------------------------------------------------------------------------

def _summary(values: list[float]) -> dict[str, Any]:
    return {"median": statistics.median(values), "rounds": values}


def _cases(names: list[str], players: list[int] | None) -> list[tuple[str, int]]:
    from boardrules.games import GAMES

    out = []
    for name in names:
        game = GAMES[name]
        counts = players or [game.MIN_PLAYERS]
        out += [(name, p) for p in counts if game.MIN_PLAYERS <= p <= game.MAX_PLAYERS]
    return out


def print_table(current: dict[str, list[float]], baseline: dict[str, list[float]] | None,
                paired: bool, against: str = "baseline") -> None:
    """Print one line per figure: the median ratio, and against the baseline if any
    (its column named `against`)."""
    header = f"{'game':<15}{'players':>8}{'task':>9}{'× ref':>9}"
    if baseline is not None:
        header += f"{against:>10}{'speed-up':>10}{'range':>14}"
    print(header)
    for key, values in current.items():
        name, players, task = key.split("/")
        line = f"{name:<15}{players:>8}{task:>9}{statistics.median(values):>9.4g}"
        base = None if baseline is None else baseline.get(key)
        if base:
            if paired:  # the rounds ran alternately: one speed-up per round
                ups = [c / b for c, b in zip(values, base, strict=False)]
            else:
                ups = [c / statistics.median(base) for c in values]
            line += (f"{statistics.median(base):>10.4g}{statistics.median(ups):>9.2f}×"
                     f"{min(ups):>7.2f}–{max(ups):.2f}")
        print(line, flush=True)


def _save(path: str, label: str, figures: dict[str, list[float]], rounds: int) -> None:
    data = {
        "label": label,
        "reference_version": REFERENCE_VERSION,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rounds": rounds,
        "figures": {key: _summary(values) for key, values in figures.items()},
    }
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(data, indent=1) + "\n")


def _load(path: str) -> dict[str, list[float]]:
    data = json.loads(Path(path).read_text())
    if data.get("reference_version") != REFERENCE_VERSION:
        raise SystemExit(f"{path}: made with reference loop {data.get('reference_version')}, "
                         f"this is version {REFERENCE_VERSION}: not comparable")
    if data.get("python") != platform.python_version():
        print(f"note: {path} was measured under Python {data.get('python')}, this is "
              f"{platform.python_version()}", file=sys.stderr)
    return {key: figure["rounds"] for key, figure in data["figures"].items()}


def main(argv: list[str] | None = None) -> None:
    """Measure, print the table, save the figures if asked."""
    from boardrules.games import GAMES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"default: every game ({', '.join(GAMES)})")
    parser.add_argument("--players", type=int, action="append",
                        help="player count (repeatable; default: the fewest the game allows)")
    parser.add_argument("--tasks", default=",".join(TASKS),
                        help=f"comma-separated subset of {','.join(TASKS)}")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the work per task")
    parser.add_argument("--baseline", metavar="REF", help="a git ref to measure alongside")
    parser.add_argument("--compare", metavar="FILE", help="saved figures to compare with")
    parser.add_argument("--save", metavar="FILE", help="write this checkout's figures")
    parser.add_argument("--save-baseline", metavar="FILE", help="write the baseline's figures")
    parser.add_argument("--also", metavar="DIR",
                        help="a folder holding another build of the package, measured alongside")
    parser.add_argument("--callgrind", action="store_true",
                        help="count instructions under valgrind instead of timing")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(json.loads(args.worker))
        return
    unknown = sorted(set(args.games) - set(GAMES))
    tasks = args.tasks.split(",")
    if unknown or set(tasks) - set(TASKS):
        parser.error(f"unknown game or task in {args.games} {tasks}")
    cases = _cases(args.games or list(GAMES), args.players)
    if args.callgrind:
        _callgrind(args, cases, tasks)
        return
    current, baseline, also = _rounds(args, cases, tasks)
    paired = baseline is not None
    if args.compare:
        baseline = _load(args.compare)
    print(f"reference loop {REFERENCE_VERSION}; Python {platform.python_version()}; "
          f"{args.rounds} rounds; figures are work per CPU second / reference steps per "
          "CPU second")
    print_table(current, baseline, paired and not args.compare)
    if also:
        print(f"\n--also {args.also}: its figures and speed-up over the baseline; then "
              "over this checkout")
        print_table(also, baseline, paired and not args.compare)
        print_table(also, current, True, against="checkout")
    if args.save:
        _save(args.save, "this checkout", current, args.rounds)
    if args.save_baseline and baseline is not None and paired:
        _save(args.save_baseline, args.baseline, baseline, args.rounds)


Figures = dict[str, list[float]]
"""Each figure's value in every round, by ``game/players/task``."""


def _rounds(args: argparse.Namespace, cases: list[tuple[str, int]], tasks: list[str],
            ) -> tuple[Figures, Figures | None, Figures]:
    """Run the rounds: this checkout's figures, the baseline's and the ``--also`` build's."""
    current: Figures = {}
    baseline: Figures = {}
    also: Figures = {}
    also_src = None if args.also is None else Path(args.also).resolve()
    with extracted(args.baseline) if args.baseline else _nothing() as src:
        for r in range(args.rounds):
            request = {"cases": cases, "tasks": tasks, "scale": args.scale, "round": r}
            if src is None and also_src is None:
                ours = measure_round(cases, tasks, args.scale, r)
            else:
                answer, _ = run_worker(None, request)
                ours = answer["figures"]
            for other, figures in ((src, baseline), (also_src, also)):
                if other is None:
                    continue
                theirs, _ = run_worker(other, request)
                if not theirs["boardrules"].startswith(str(other)):
                    raise SystemExit(f"a worker for {other} imported {theirs['boardrules']}")
                for key, value in theirs["figures"].items():
                    figures.setdefault(key, []).append(value)
            for key, value in ours.items():
                current.setdefault(key, []).append(value)
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    return current, baseline if args.baseline else None, also


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


def _callgrind(args: argparse.Namespace, cases: list[tuple[str, int]], tasks: list[str],
               ) -> None:
    """Print instructions per unit for every case and task (and the baseline's)."""
    print(f"{'game':<15}{'players':>8}{'task':>9}{'instr/unit':>13}"
          + (f"{'baseline':>13}{'ratio':>8}" if args.baseline else ""))
    with extracted(args.baseline) if args.baseline else _nothing() as src:
        for name, players in cases:
            for task in tasks:
                ours = instructions(None, [(name, players)], task, args.scale)
                line = f"{name:<15}{players:>8}{task:>9}{ours:>13,.0f}"
                if src is not None:
                    theirs = instructions(src, [(name, players)], task, args.scale)
                    line += f"{theirs:>13,.0f}{theirs / ours:>7.2f}×"
                if args.also is not None:
                    other = instructions(Path(args.also).resolve(), [(name, players)], task,
                                         args.scale)
                    line += f"  --also:{other:>11,.0f}{ours / other:>6.2f}× fewer"
                print(line, flush=True)


if __name__ == "__main__":
    main()
