"""Test the wheel a user installs, the way a user gets it: on any OS, with any Python.

    python .ci/test_wheel.py DIST [--extras all|none|NAME,...] [--work DIR] [--slow]
                                  [--summary FILE] [-- PYTEST ARGS...]

DIST holds one sdist and one wheel (``python -m build`` builds the wheel from the
sdist). The script

1. makes a fresh virtual environment with this Python;
2. unpacks the sdist and deletes its ``src/``: the tests, docs and README run from there;
3. installs the wheel, not editable, with its extras (by default every extra the wheel
   declares: the one place where CI chooses them) and the sdist's ``test`` dependency
   group;
4. runs the README's main command and ``python -m boardrules`` there (smoke);
5. runs the README's test command, ``pytest`` (the quick tier), there, with
   ``BOARDRULES_TEST_INSTALLED=1`` (the run stops unless the tests import the installed
   wheel) and, when every extra is installed, ``BOARDRULES_TEST_ALL_EXTRAS=1`` (no test
   may skip for a missing module); ``BOARDRULES_RELEASE`` passes through (the release
   checks of the changelog);
6. with ``--slow``, runs the slow tier too: ``pytest -m slow`` (both on every core:
   ``-n auto`` is in pytest's addopts).

``.ci/run`` calls it on Linux; the GitHub workflows call it on Linux, macOS and Windows
with the one wheel the build job made. Only the standard library is used.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import venv
import zipfile
from email.parser import HeaderParser
from pathlib import Path
from xml.etree import ElementTree

pytest_no_tests = 5
"""pytest's exit status when it selected no test."""


def main() -> int:
    """Run the steps above; return pytest's exit status (0 when all passed)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dist", type=Path, help="folder with one sdist and one wheel")
    parser.add_argument("--extras", default="all",
                        help="extras to install: all (default), none, or NAME,NAME")
    parser.add_argument("--work", type=Path, help="scratch folder (default: a new temporary one)")
    parser.add_argument("--slow", action="store_true",
                        help="after the quick tier, run the slow tier (pytest -m slow)")
    parser.add_argument("--summary", type=Path, metavar="FILE",
                        help="also write the tests' tally line here")
    parser.epilog = "Arguments after -- go to pytest (argparse alone would refuse them after DIST)."
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    pytest_args = argv[cut + 1:]

    wheel, sdist = only(args.dist, "*.whl"), only(args.dist, "*.tar.gz")
    declared = provided_extras(wheel)
    extras = choose_extras(args.extras, declared)
    work = (args.work or Path(tempfile.mkdtemp(prefix="boardrules-wheel-"))).resolve()
    work.mkdir(parents=True, exist_ok=True)

    step(f"fresh venv with {sys.executable} ({sys.version.split()[0]})")
    env_dir = work / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    python, scripts = interpreter(env_dir)
    tree = unpack(sdist, work / "sdist")
    pip = [str(python), "-m", "pip", "--disable-pip-version-check"]
    run([*pip, "install", "--quiet", "--upgrade", "pip"])  # --group needs pip >= 25.1
    requirement = f"{wheel.resolve()}[{','.join(extras)}]" if extras else str(wheel.resolve())
    step(f"install {wheel.name} with extras {extras or 'none'} (of {declared}) and group test")
    run([*pip, "install", "--quiet", requirement, "--group", f"{tree / 'pyproject.toml'}:test"])
    run([*pip, "check"])

    step("smoke: the README's main command and python -m boardrules, from the sdist tree")
    command = shutil.which("boardrules", path=str(scripts))
    if command is None:
        sys.exit(f"the wheel installed no boardrules command in {scripts}")
    run([command, "simulate", "kivi", "--players", "3", "--games", "1000", "--seed", "1"],
        cwd=tree)
    run([str(python), "-m", "boardrules", "--version"], cwd=tree)

    step("tests: pytest from the sdist tree (no src/) against the installed wheel")
    env = {key: value for key, value in os.environ.items()
           if key not in {"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP"}}
    env["BOARDRULES_TEST_INSTALLED"] = "1"
    if set(extras) == set(declared):
        env["BOARDRULES_TEST_ALL_EXTRAS"] = "1"
    pytest = shutil.which("pytest", path=str(scripts))
    if pytest is None:
        sys.exit(f"the test group installed no pytest in {scripts}")
    status, tallies = run_tiers(pytest, tree, env, work, slow=args.slow, pytest_args=pytest_args)
    step("done")
    counted = [t for t in tallies if t is not None]
    tally = f"tests: {total_tally(counted)}" if len(counted) == len(tallies) else (
        f"tests: pytest exited {status}")
    print(tally, flush=True)
    if args.summary:
        args.summary.write_text(tally + "\n", encoding="utf-8")
    return status


def run_tiers(pytest: str, tree: Path, env: dict[str, str], work: Path, *, slow: bool,
              pytest_args: list[str]) -> tuple[int, list[tuple[int, int, int] | None]]:
    """Run the quick tier (the README's ``pytest``) and, if `slow`, the slow tier; return
    the first failing exit status (0 if none) and each tier's counts (None: no report)."""
    tiers: list[tuple[str, list[str]]] = [("quick", [])]
    if slow:
        tiers.append(("slow", ["-m", "slow"]))
    status, tallies = 0, []
    for tier, options in tiers:
        step(f"tests, {tier} tier: pytest {' '.join(options)}".rstrip())
        junit = work / f"junit-{tier}.xml"
        junit.unlink(missing_ok=True)
        code = subprocess.run([pytest, "-p", "no:cacheprovider", f"--junitxml={junit}",
                               *options, *pytest_args], cwd=tree, env=env, check=False
                              ).returncode
        if tier == "slow" and code == pytest_no_tests:  # a selection with no slow test
            code = 0
        status = status or code
        tallies.append(tally_of(junit) if junit.exists() else None)
    return status, tallies


def only(folder: Path, pattern: str) -> Path:
    """Return the one file in ``folder`` matching ``pattern``; exit if there is not one."""
    found = sorted(folder.glob(pattern))
    if len(found) != 1:
        sys.exit(f"{folder} must hold exactly one {pattern}, not {[p.name for p in found]}")
    return found[0]


def provided_extras(wheel: Path) -> list[str]:
    """Return the extras the wheel's metadata declares, in its order."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        headers = HeaderParser().parsestr(archive.read(name).decode("utf-8"))
    return headers.get_all("Provides-Extra") or []


def choose_extras(wanted: str, declared: list[str]) -> list[str]:
    """Return the extras to install for ``--extras``; exit on one the wheel lacks."""
    if wanted == "all":
        return declared
    if wanted == "none":
        return []
    chosen = [extra.strip() for extra in wanted.split(",") if extra.strip()]
    unknown = [extra for extra in chosen if extra not in declared]
    if unknown:
        sys.exit(f"the wheel has no extra {unknown}; it has {declared}")
    return chosen


def interpreter(env_dir: Path) -> tuple[Path, Path]:
    """Return the venv's Python and its scripts folder (``bin`` or, on Windows, ``Scripts``)."""
    scripts = env_dir / ("Scripts" if os.name == "nt" else "bin")
    return scripts / ("python.exe" if os.name == "nt" else "python"), scripts


def unpack(sdist: Path, into: Path) -> Path:
    """Unpack the sdist into ``into`` and delete its ``src/``; return its top folder."""
    shutil.rmtree(into, ignore_errors=True)
    with tarfile.open(sdist) as archive:
        if hasattr(tarfile, "data_filter"):  # Python >= 3.11.4 (and security backports)
            archive.extractall(into, filter="data")
        else:  # our own sdist, just built
            archive.extractall(into)
    (tree,) = into.iterdir()
    shutil.rmtree(tree / "src")  # nothing can import the package from here, only the wheel
    return tree


_last_step: list[tuple[str, float]] = []


def step(title: str) -> None:
    """Print how long the step before took, then the next step's title."""
    now = time.perf_counter()
    if _last_step:
        print(f"   ({now - _last_step[-1][1]:.1f} s)", flush=True)
    _last_step.append((title, now))
    if title != "done":
        print(f"-- {title}", flush=True)


def tally_of(junit: Path) -> tuple[int, int, int]:
    """Return pytest's counts from its JUnit XML: passed, failed, skipped."""
    suite = ElementTree.parse(junit).getroot()
    suite = suite if suite.tag == "testsuite" else suite[0]
    counts = {key: int(suite.get(key, "0")) for key in ("tests", "failures", "errors", "skipped")}
    failed = counts["failures"] + counts["errors"]
    passed = counts["tests"] - failed - counts["skipped"]
    return passed, failed, counts["skipped"]


def total_tally(tallies: list[tuple[int, int, int]]) -> str:
    """Return the tiers' counts added up, as 'N passed, N failed, N skipped'."""
    passed, failed, skipped = (sum(column) for column in zip(*tallies, strict=True))
    return f"{passed} passed, {failed} failed, {skipped} skipped"


def run(argv: list[str], cwd: Path | None = None) -> None:
    """Run a command, showing it; exit with its status if it fails."""
    print("$", " ".join(argv), flush=True)
    status = subprocess.run(argv, cwd=cwd, check=False).returncode
    if status:
        sys.exit(status)


if __name__ == "__main__":
    sys.exit(main())
