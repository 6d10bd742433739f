"""Generate the tables of docs/learning.md from the code: action spaces and tensor layouts.

Run ``python tests/learning_tables.py`` after changing a game's numbering or tensors;
``tests/test_docs.py`` fails while the files in ``docs/generated/`` are out of date.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Any

from boardrules.games import GAMES

OUT = Path(__file__).parent.parent / "docs" / "generated"


def _runs(actions: tuple[Any, ...], offset: int = 0) -> list[str]:
    """Rows of consecutive indices holding actions of one class."""
    rows = []
    start = 0
    for kind, group in itertools.groupby(actions, key=type):
        members = list(group)
        end = start + len(members) - 1
        first, last = str(members[0]), str(members[-1])
        span = f"{start + offset}" if start == end else f"{start + offset} – {end + offset}"
        shown = f"`{first}`" if start == end else f"`{first}` … `{last}`"
        rows.append(f"| {span} | `{kind.__name__}` | {len(members)} | {shown} |")
        start = end + 1
    return rows


def render(name: str) -> str:
    """Return the Markdown tables of one game (default options)."""
    game: Any = GAMES[name]
    lines = ["| players | actions | chance outcomes | max legal | observation | "
             "information state | history | perfect recall |",
             "|---:|---:|---:|---:|---:|---:|---:|---|"]
    for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
        space = game.action_space(players)
        info = game.info_state_layout(players)
        bits = max(1, (len(space.announcements) - 1).bit_length())
        slots = info["history"].length // (players + 2 + bits)
        lines.append(
            f"| {players} | {space.size} | {space.chance_size} | {space.max_legal} | "
            f"{game.observation_shape(players)[0]} | {info.size} | {slots} actions | "
            f"{'yes' if info.perfect_recall else 'no'} |")
    space = game.action_space(game.MIN_PLAYERS)
    lines += ["", "Player actions (indices of `action_space(players)`):", "",
              "| index | class | count | notation |", "|---:|---|---:|---|",
              *_runs(space.actions), "", "Chance outcomes (indices of `chance_index`):", "",
              "| index | class | count | notation |", "|---:|---|---:|---|",
              *_runs(space.chance_actions), "",
              f"Observation tensor ({game.MIN_PLAYERS} players, "
              f"`observation_shape` = {game.observation_shape(game.MIN_PLAYERS)}):", "",
              game.tensor_layout(game.MIN_PLAYERS).markdown(), "",
              "Information-state tensor: the observation tensor above, then:", "",
              "| offset | length | segment | holds |", "|---:|---:|---|---|"]
    layout = game.info_state_layout(game.MIN_PLAYERS)
    observation = game.observation_shape(game.MIN_PLAYERS)[0]
    lines += [f"| {s.offset} | {s.length} | `{s.name}` | {s.meaning} |"
              for s in layout if s.offset >= observation]
    return "\n".join(lines) + "\n"


def files() -> dict[Path, str]:
    """Return every generated file and its text."""
    return {OUT / f"learning_{name}.md": render(name) for name, game in GAMES.items()
            if hasattr(game, "action_space")
            and getattr(game, "__name__", "").startswith("boardrules.")}


def main() -> None:
    """Write the files."""
    OUT.mkdir(exist_ok=True)
    for path, text in files().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
