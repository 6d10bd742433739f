"""The command line, run as a user would (in process, and once as a real subprocess)."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import sysconfig

import pytest

from boardrules.apps.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def _without_timings(text: str) -> list[str]:
    return [line for line in text.splitlines() if "second" not in line and "time" not in line]


class TestGames:
    """`boardrules games` lists every registered game with its player counts."""

    def test_lists_kivi(self) -> None:
        status, out, _ = run("games")
        assert status == 0
        assert "kivi" in out and "2-4" in out and "KIVI" in out


class TestSimulate:
    """`boardrules simulate` plays random games and prints a summary."""

    def test_summary(self) -> None:
        status, out, err = run("simulate", "kivi", "--players", "3", "--games", "20",
                               "--seed", "1")
        assert status == 0
        assert "20 random games of KIVI, 3 players" in out
        for seat in range(3):
            assert f"\n{seat:>6}" in out
        assert "decisions/second" in out and "mean length" in out
        assert "20/20 100%" in err  # the progress bar reached the end

    def test_same_seed_same_games(self) -> None:
        first = run("simulate", "kivi", "--games", "5", "--seed", "3", "--quiet")[1]
        second = run("simulate", "kivi", "--games", "5", "--seed", "3", "--quiet")[1]
        assert _without_timings(first) == _without_timings(second)

    @pytest.mark.parametrize(
        ("argv", "message"),
        [
            (("simulate", "chess"), "unknown game 'chess'"),
            (("simulate", "kivi", "--players", "5"), "2 to 4 players"),
            (("simulate", "kivi", "--games", "0"), "at least 1"),
        ],
    )
    def test_bad_input(self, argv: tuple[str, ...], message: str) -> None:
        status, _, err = run(*argv)
        assert status == 2
        assert message in err

    def test_console_script(self) -> None:
        done = subprocess.run(
            [sys.executable, "-m", "boardrules.apps.cli", "simulate", "kivi", "--games", "3"],
            capture_output=True, text=True, check=False, timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert "3 random games of KIVI" in done.stdout


class TestPythonDashM:
    """`python -m boardrules` is the `boardrules` command: same output, same exit status."""

    @pytest.mark.parametrize(
        "argv",
        [
            ("--version",),
            ("games",),
            ("simulate", "kivi", "--games", "2", "--seed", "1", "--quiet"),
            ("simulate", "chess"),
        ],
        ids=["version", "games", "simulate", "bad-game"],
    )
    def test_same_as_the_command(self, argv: tuple[str, ...]) -> None:
        scripts = sysconfig.get_path("scripts")
        command = shutil.which("boardrules", path=scripts)
        assert command is not None, f"no boardrules command in {scripts}: install the project"
        by_command, by_module = (
            subprocess.run([*prefix, *argv], capture_output=True, text=True, check=False,
                           timeout=120)
            for prefix in ([command], [sys.executable, "-m", "boardrules"])
        )
        assert by_module.returncode == by_command.returncode
        assert _without_timings(by_module.stdout) == _without_timings(by_command.stdout)
        assert by_module.stderr == by_command.stderr
        assert by_module.stdout or by_module.stderr  # it said something
