"""Games per second with 1 and with N worker processes: the speed-up of ``--jobs``.

Usage::

    python benchmarks/jobs.py                    # 1 and 2 jobs, 3 rounds, every workload
    python benchmarks/jobs.py --jobs 4 --rounds 5 --ismcts-games 32

Three workloads: random KIVI games through `simulate`, a tournament of two random bots
and one of ``ismcts:200`` against ``random`` (KIVI, two seats). Each round runs every
workload with 1 job and then with N, alternately, and times it by the wall clock from
the call to the table (the pool's start included): parallel speed cannot be measured in
one process's CPU time. The host drifts and is shared, so the speed-up is reported as
the median of each round's own ratio, and the load average is printed before and after
each workload — with other processes on the cores, N jobs cannot reach N times.

The first row measures the host, not boardrules: the same pure-Python loop run N times
in one process and once in each of N processes. Its speed-up is what the cores on offer
allow at that moment (N on an idle machine; near 1 when other people's processes keep
them busy); read the rows below against it.

The last column is less at the mercy of the neighbours: the CPU time of every process of
the run (this one and its workers) with N jobs over that with 1 job — the work the
parallel run adds (starting workers, sending games and results), plus whatever sharing a
core costs on this host (the first row shows how much).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from boardrules.apps.simulation import simulate
from boardrules.apps.tournament import run_tournament
from boardrules.games import kivi


def load() -> str:
    """Return the 1-minute load average (runnable processes, all users)."""
    return f"{os.getloadavg()[0]:.2f}"


def cpu() -> float:
    """Return the CPU seconds of this process and of its finished child processes."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(run: Callable[[int], object], jobs: int) -> tuple[float, float]:
    """Return the wall-clock and the CPU seconds of one run with `jobs` workers (the
    workers are waited for when the run ends, so their CPU time is counted)."""
    start, start_cpu = time.perf_counter(), cpu()
    run(jobs)
    return time.perf_counter() - start, cpu() - start_cpu


def spin(count: int) -> int:
    """Burn CPU in pure Python (the host's yardstick)."""
    total = 0
    for i in range(count):
        total += i * i
    return total


def yardstick(jobs: int, spins: int, count: int) -> None:
    """Run `spins` loops: one after another (``jobs=1``) or on `jobs` processes."""
    if jobs == 1:
        for _ in range(spins):
            spin(count)
        return
    with ProcessPoolExecutor(jobs) as pool:
        list(pool.map(spin, [count] * spins))


def main(argv: list[str] | None = None) -> None:
    """Print games per second with 1 and N jobs, and their same-run ratio, per workload."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--random-games", type=int, default=3000)
    parser.add_argument("--ismcts-games", type=int, default=16)
    args = parser.parse_args(argv)
    many = args.jobs
    workloads: dict[str, tuple[int, Callable[[int], object]]] = {
        "host: pure-Python loop": (many, lambda jobs: yardstick(jobs, many, 10_000_000)),
        "simulate kivi (random)": (args.random_games, lambda jobs: simulate(
            kivi, 2, args.random_games, 1, jobs=jobs)),
        "tournament random,random": (args.random_games, lambda jobs: run_tournament(
            kivi, ["random", "random"], args.random_games, seed=1, jobs=jobs)),
        "tournament ismcts:200,random": (args.ismcts_games, lambda jobs: run_tournament(
            kivi, ["ismcts:200", "random"], args.ismcts_games, seed=1, jobs=jobs)),
    }
    print(f"{os.cpu_count()} cores; {args.rounds} rounds; games/s by the wall clock",
          flush=True)
    print(f"{'workload':<30}{'games':>6}{'1 job':>9}{f'{many} jobs':>9}{'speed-up':>10}"
          f"{'load before':>13}{'after':>7}{'CPU ratio':>11}", flush=True)
    for name, (games, run) in workloads.items():
        before = load()
        seconds: dict[int, list[float]] = {1: [], many: []}
        ratios, cpu_ratios = [], []
        for _ in range(args.rounds):
            one, one_cpu = timed(run, 1)
            several, several_cpu = timed(run, many)
            seconds[1].append(one)
            seconds[many].append(several)
            ratios.append(one / several)
            cpu_ratios.append(several_cpu / one_cpu)
        rate = {jobs: games / statistics.median(s) for jobs, s in seconds.items()}
        print(f"{name:<30}{games:>6}{rate[1]:>9.1f}{rate[many]:>9.1f}"
              f"{statistics.median(ratios):>9.2f}×{before:>13}{load():>7}"
              f"{statistics.median(cpu_ratios):>10.3f}×", flush=True)


if __name__ == "__main__":
    main()
