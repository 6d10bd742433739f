"""Mutation-test one game's rules modules and report the kill rate per module.

    python3 .ci/mutation.py GAME [--workers 2] [--only GLOB ...] [--show] [--resume] [--report]

GAME is a key of ``.ci/mutation.toml`` (kivi, whales_rivals, lustry, captain_bluff,
ren_dhark), which lists the game's rules modules, its tests and the survivors that are
equivalent. The tool is mutmut (pinned in the ``mutation`` dependency group of
pyproject.toml), run from a venv of its own that this script makes on first use in
``build/mutation/venv``: mutmut 3.8 needs pytest < 9, the project's tests use pytest 9,
and neither belongs among the runtime dependencies.

Each game is run in a directory of its own, ``build/mutation/GAME``, holding copies of
``src/`` and ``tests/`` and a pyproject.toml with a ``[tool.mutmut]`` table for that game,
so games can run one after another (or on different machines) without sharing results.
Only the game's rules modules are mutated and only the game's tests run; for each mutant
only the tests that called the mutated function (mutmut's coverage-based selection).

mutmut forks each mutant's process from the one that ran the tests once, whose import-time
tables (KIVI's table of every roll) and caches were built by the original code; and a
function called only at import time has no test that "called" it. Such mutants survive
falsely, so every mutant mutmut reports surviving or untested is run again by
this script in a fresh interpreter (``MUTANT_UNDER_TEST=name pytest -x`` over the
game's configured tests, less what they ``--ignore``), where the tables and caches are
built by the mutated code. (A mutant that timed out under mutmut's CPU-time limit is an
endless loop: it counts as killed.)

Then the script prints, per module, the mutants, killed, survivors, equivalent ones and
the kill rate (killed / (mutants - equivalent)), writes it to ``build/mutation/GAME/
summary.md`` and exits 1 if a module is under the threshold or a survivor is neither
killed nor listed as equivalent (``--show`` prints their diffs). ``--only`` passes mutant
name globs to mutmut (e.g. ``"boardrules.games.kivi.board.*"``); ``--resume`` goes on
with an interrupted run (on the sources and tests it started with), or adds other globs
to it (a sample run in parts: survivors already run again fresh are not run again, see
``rechecked.json``); ``--report`` only
reruns an earlier run's survivors, against the tests as they are now (after adding tests
to kill survivors; the sources must be those of the run), and reports.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import venv
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / ".ci" / "mutation.toml"
BUILD = ROOT / "build" / "mutation"
VENV = BUILD / "venv"

# mutmut's names: module.x_function__mutmut_N or module.xǁClassǁmethod__mutmut_N.
NAME = re.compile(r"^(?P<module>[\w.]+?)\.x(?:_|ǁ).*__mutmut_\d+$")
RECHECK_SECONDS = 1800  # a game's tests take under 2 minutes of a busy machine
# mutmut's "timeout" is a CPU-time limit (4 × (the tests' time + a minute)), which the
# machine's load does not reach: an endless loop the tests would hang on, counted as killed
# (as recheck() counts its own timeout) rather than run again for up to RECHECK_SECONDS.
KILLED = {"killed", "caught by type check", "timeout"}


def bin_of(name: str) -> Path:
    """Return the path of a command in the mutation venv."""
    return VENV / ("Scripts" if os.name == "nt" else "bin") / name


def ensure_venv() -> None:
    """Make the mutation venv (mutmut, pytest < 9, Hypothesis, attrs) if it is missing."""
    marker = VENV / "installed.txt"
    wanted = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if marker.exists() and marker.read_text(encoding="utf-8") == wanted:
        return
    shutil.rmtree(VENV, ignore_errors=True)
    venv.create(VENV, with_pip=True)
    pip = [str(bin_of("python")), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)  # >= 25.1 reads --group
    # The project's runtime dependencies and the mutation group, but not the project:
    # the tests import boardrules from the mutated copy that mutmut puts first on sys.path.
    project = tomllib.loads(wanted)["project"]
    subprocess.run([*pip, *project["dependencies"], "--group", "mutation"], check=True, cwd=ROOT)
    marker.write_text(wanted, encoding="utf-8")


def prepare(game: str, settings: dict[str, object], resume: bool) -> Path:
    """Lay out ``build/mutation/GAME`` with the sources, the tests and the mutmut table."""
    work = BUILD / game
    if work.exists() and not resume:
        shutil.rmtree(work)
    elif work.exists():
        return work  # the run's own copies, as they were when it started
    work.mkdir(parents=True, exist_ok=True)
    for name in ("src", "tests", "docs"):  # docs: the tests check each game's page
        shutil.rmtree(work / name, ignore_errors=True)
        shutil.copytree(
            ROOT / name, work / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
    modules = [f"src/boardrules/games/{game}/{module}" for module in settings["modules"]]  # type: ignore[attr-defined]
    tests: list[str] = list(settings["tests"])  # type: ignore[call-overload]
    table = "\n".join(
        [
            "",
            "[tool.mutmut]",
            'source_paths = ["src"]',
            'also_copy = ["docs"]',
            f"only_mutate = {modules!r}",
            f"pytest_add_cli_args_test_selection = {tests!r}",
            'pytest_add_cli_args = ["-p", "no:cacheprovider", "-n", "0"]',
            # Forked from the process that ran the tests once (fast); what that hides,
            # recheck() finds: every survivor runs again in a fresh interpreter.
            'process_isolation = "fork"',
            # mutmut's CPU-time limit of a mutant is 2 * multiplier * (the tests' time +
            # constant) seconds: 4 * (t + 60) here, so an endless loop costs minutes, not the
            # half hour of mutmut's default multiplier (15); a real run of a mutant's tests
            # takes seconds of CPU whatever the machine's load.
            "timeout_constant = 60.0",
            "timeout_multiplier = 2.0",
            "use_git_change_detection = false",
            "",
        ]
    )
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (work / "pyproject.toml").write_text(pyproject + table.replace("'", '"'), encoding="utf-8")
    return work


def results(work: Path) -> dict[str, str]:
    """Return every mutant's status, by name, as ``mutmut results --all`` prints them."""
    out = subprocess.run(
        [str(bin_of("mutmut")), "results", "--all", "true"],
        cwd=work,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    statuses = {}
    for line in out.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            statuses[name] = status
    return statuses


def recheck(work: Path, tests: list[str], names: list[str], workers: int) -> dict[str, str]:
    """Run each mutant again in a fresh interpreter on the game's tests: killed or survived.

    mutmut runs a mutant only with the tests that called the mutated function while a test
    ran; a function called at import time (a table built once) has no such tests ("no
    tests"), and one whose result a cache kept may look untouched. A fresh ``pytest -x``
    with the mutant switched on settles both.
    """
    # Bytecode is written (the mutated modules hold every mutant, and compiling them took
    # three quarters of each rerun's start): MUTANT_UNDER_TEST picks the mutant at run time.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = "src"
    # The game's tests as mutmut runs them, less the paths they --ignore (files listed by
    # name would run even if ignored); the rule tests first: most mutants die early.
    ignored = [test.removeprefix("--ignore=") for test in tests if test.startswith("--ignore=")]

    def kept(name: str) -> bool:
        return not any(name == skip or name.startswith(skip.rstrip("/") + "/")
                       for skip in ignored)

    files = sorted(
        (
            name
            for test in tests
            if not test.startswith("-")
            for path in (work / "mutants" / test).glob("**/test_*.py")
            if kept(name := path.relative_to(work / "mutants").as_posix())
        ),
        key=lambda name: ("rule" not in name, "conformance" in name, name),
    )

    def one(name: str) -> tuple[str, str]:
        try:
            run = subprocess.run(
                [
                    str(bin_of("python")),
                    "-m",
                    "pytest",
                    "-x",
                    "-q",
                    "-p",
                    "no:cacheprovider",
                    "-n",
                    "0",
                    *files,
                ],
                cwd=work / "mutants",
                env={**env, "MUTANT_UNDER_TEST": name},
                check=False,
                capture_output=True,
                timeout=RECHECK_SECONDS,
            )
        except subprocess.TimeoutExpired:
            return name, "killed"  # an endless loop: the tests notice it, by their timeout
        return name, "survived" if run.returncode == 0 else "killed"

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(pool.map(one, names))


def summarise(
    game: str, statuses: dict[str, str], equivalent: dict[str, str], threshold: float
) -> tuple[str, list[str], bool]:
    """Return the summary table, the unexplained survivors and whether every module passes."""
    per_module: dict[str, dict[str, int]] = {}
    unexplained = []
    for name, status in sorted(statuses.items()):
        match = NAME.match(name)
        module = match["module"].rsplit(".", 1)[-1] + ".py" if match else "?"
        counts = per_module.setdefault(
            module, {"mutants": 0, "killed": 0, "equivalent": 0, "survived": 0}
        )
        counts["mutants"] += 1
        if status in KILLED:
            counts["killed"] += 1
        elif name in equivalent:
            counts["equivalent"] += 1
        else:
            counts["survived"] += 1
            unexplained.append(f"{name}: {status}")
    stale = sorted(name for name in equivalent if statuses.get(name, "gone") in KILLED | {"gone"})
    lines = [
        f"## {game}",
        "",
        "| module | mutants | killed | equivalent | survivors | kill rate |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    passed = True
    for module, counts in sorted(per_module.items()):
        counted = counts["mutants"] - counts["equivalent"]
        rate = 100.0 * counts["killed"] / counted if counted else 100.0
        passed = passed and rate >= threshold
        lines.append(
            f"| {module} | {counts['mutants']} | {counts['killed']} | {counts['equivalent']}"
            f" | {counts['survived']} | {rate:.1f} % |"
        )
    if stale:
        lines += ["", "Listed as equivalent but killed or gone (remove them from the list):", ""]
        lines += [f"- {name}" for name in stale]
    return "\n".join(lines) + "\n", unexplained, passed and not stale


def main() -> int:
    """Run mutmut on one game and report; exit 1 under the threshold."""
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("game", choices=sorted(config["games"]))
    parser.add_argument("--workers", type=int, default=2, help="mutants run at once (2)")
    parser.add_argument("--only", nargs="*", default=[], help="mutant name globs")
    parser.add_argument("--show", action="store_true", help="print the survivors' diffs")
    parser.add_argument("--resume", action="store_true", help="go on with an earlier run")
    parser.add_argument(
        "--report",
        action="store_true",
        help="rerun an earlier run's survivors with the current tests; report",
    )
    args = parser.parse_args()
    settings = config["games"][args.game]

    # Derandomized Hypothesis (the same examples for every mutant), and no health check
    # for the tests mutmut runs twice in one process (tests/conftest.py's profile).
    os.environ.setdefault("HYPOTHESIS_PROFILE", "mutation")
    ensure_venv()
    work = prepare(args.game, settings, args.resume or args.report)
    if args.report:  # the survivors of that run against the tests as they are now
        shutil.rmtree(work / "mutants" / "tests")
        shutil.copytree(
            ROOT / "tests",
            work / "mutants" / "tests",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
    if not args.report:
        run = subprocess.run(
            [str(bin_of("mutmut")), "run", "--max-children", str(args.workers), *args.only],
            cwd=work,
            check=False,
        )
        if run.returncode:
            return run.returncode
    statuses = results(work)
    if args.only:  # the mutants the globs cover (an earlier run may have checked others)
        statuses = {name: status for name, status in statuses.items()
                    if status != "not checked"
                    and any(fnmatch.fnmatchcase(name, glob) for glob in args.only)}
    again = [name for name, status in statuses.items() if status not in KILLED]
    # The fresh reruns of this run so far (sources and tests unchanged, as --resume keeps
    # them), so that a run with --resume and other globs reruns only the new survivors;
    # --report changed the tests, so it reruns every survivor.
    rechecked_file = work / "rechecked.json"
    rechecked: dict[str, str] = (
        {} if args.report or not rechecked_file.exists()
        else json.loads(rechecked_file.read_text(encoding="utf-8"))
    )
    fresh = [name for name in again if name not in rechecked]
    if fresh:
        print(f"Running {len(fresh)} surviving or untested mutants again, each in a fresh pytest")
        rechecked.update(recheck(work, settings["tests"], fresh, args.workers))
        rechecked_file.write_text(json.dumps(rechecked, indent=1), encoding="utf-8")
    statuses.update({name: rechecked[name] for name in again})
    equivalent: dict[str, str] = settings.get("equivalent", {})
    if args.only:  # a partial run judges only the equivalents it could have met
        equivalent = {name: why for name, why in equivalent.items()
                      if any(fnmatch.fnmatchcase(name, glob) for glob in args.only)}
    summary, unexplained, passed = summarise(args.game, statuses, equivalent, config["threshold"])
    if unexplained:
        summary += "\nSurvivors (kill them with a test, or list them as equivalent):\n\n"
        summary += "".join(f"- {line}\n" for line in unexplained)
    (work / "summary.md").write_text(summary, encoding="utf-8")
    print(summary)
    if args.show:
        for line in unexplained:
            name = line.split(": ", 1)[0]
            subprocess.run([str(bin_of("mutmut")), "show", name], cwd=work, check=False)
    return 0 if passed and not unexplained else 1


if __name__ == "__main__":
    sys.exit(main())
