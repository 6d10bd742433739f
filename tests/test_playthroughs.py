"""Golden playthroughs: one seeded game per file, regenerated and compared line by line.

Regenerate after an intended change with ``BOARDRULES_REGEN=1 pytest tests/test_playthroughs.py``
and review the diff. The first line of a file names the game, players and seed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardrules.games import load
from boardrules.testing import playthrough
from tests.golden import check_golden

FOLDER = Path(__file__).parent / "playthroughs"
FILES = sorted(FOLDER.glob("*.txt"))
HEADER = re.compile(r"# (\w+) players=(\d+) seed=(\d+) rules_version=\S+")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_is_unchanged(path: Path) -> None:
    """The game replays the recorded transcript exactly."""
    header = HEADER.fullmatch(path.read_text(encoding="utf-8").splitlines()[0])
    assert header, f"{path.name}: bad first line"
    name, players, seed = header.group(1), int(header.group(2)), int(header.group(3))
    check_golden(path, playthrough(load(name), players, seed))


def test_every_game_has_a_playthrough() -> None:
    """Each registered game has at least one golden transcript."""
    from boardrules.games import GAMES

    covered = {HEADER.fullmatch(p.read_text(encoding="utf-8").splitlines()[0]).group(1)  # type: ignore[union-attr]
               for p in FILES}
    assert set(GAMES) <= covered, f"no playthrough for {sorted(set(GAMES) - covered)}"
