"""The command line, run as a user would (in process, and once as a real subprocess)."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from boardrules.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


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
        strip = [line for line in first.splitlines() if "second" not in line and "time" not in line]
        assert strip == [line for line in second.splitlines()
                         if "second" not in line and "time" not in line]

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
            [sys.executable, "-m", "boardrules.cli", "simulate", "kivi", "--games", "3"],
            capture_output=True, text=True, check=False, timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert "3 random games of KIVI" in done.stdout
