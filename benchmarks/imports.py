"""What an import costs: ``import boardrules`` and one game, beside ``import attrs`` (the one
runtime dependency, a floor no code of ours can go below).

Usage::

    python benchmarks/imports.py               # 15 interleaved rounds
    python benchmarks/imports.py --rounds 31

Each round starts a fresh interpreter per import (so nothing is cached in the process) and
measures the import's CPU time inside it (`time.process_time`, so other processes on a
shared host count for little), the imports in alternating order. The table gives the
median over the rounds, the boardrules modules each import loads, and the ratio to
``import attrs`` measured in the same rounds.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

IMPORTS = {
    "attrs": "import attrs",
    "boardrules": "import boardrules",
    "boardrules.games.kivi": "from boardrules.games import kivi",
    "kivi with numeric and svg": "from boardrules.games import kivi; kivi.svg; kivi.action_space",
}

_PROBE = """
import sys, time
start = time.process_time()
{code}
took = time.process_time() - start
print(took, sum(1 for m in sys.modules if m.split(".")[0] == "boardrules"))
"""


def measure(code: str) -> tuple[float, int]:
    """Return the CPU seconds of `code` in a fresh interpreter and the boardrules modules
    it loaded."""
    out = subprocess.run([sys.executable, "-c", _PROBE.format(code=code)], check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1])


def main(argv: list[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    times: dict[str, list[float]] = {name: [] for name in IMPORTS}
    modules: dict[str, int] = {}
    for round_ in range(args.rounds):
        order = list(IMPORTS) if round_ % 2 == 0 else list(IMPORTS)[::-1]
        for name in order:
            seconds, loaded = measure(IMPORTS[name])
            times[name].append(seconds)
            modules[name] = loaded
    floor = statistics.median(times["attrs"])
    print(f"{'import':<28}{'CPU ms (median)':>16}{'× attrs':>9}{'modules':>9}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<28}{median * 1000:>16.1f}{median / floor:>9.2f}{modules[name]:>9}")


if __name__ == "__main__":
    main()
