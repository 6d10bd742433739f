"""The examples in the README and on the docs pages run as printed; the generated tables
of the learning page are current."""

from __future__ import annotations

import doctest
import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parent.parent
PAGES = {
    ROOT / "README.md": ("Result(", ()),
    ROOT / "docs" / "index.md": ("Result(", ()),
    ROOT / "docs" / "bots.md": ("Result(", ("numpy",)),  # PolicyBot's example
    ROOT / "docs" / "serve.md": ("Scores: ", ()),
    ROOT / "docs" / "learning.md": ("mean return against random", ()),
    ROOT / "docs" / "frameworks" / "pettingzoo.md": ("mean return against random",
                                                     ("pettingzoo", "numpy")),
    ROOT / "docs" / "frameworks" / "gymnasium.md": ("a random learner against ISMCTS:",
                                                    ("gymnasium",)),
    ROOT / "docs" / "frameworks" / "openspiel.md": ("returns of ISMCTS and a random bot:",
                                                    ("pyspiel",)),
}
"""Each page, a text its examples print, and the modules they need (the page's extra)."""
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_python_examples_run(page: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every ```python block of the page runs without error, in order, each seeing what
    the blocks before it on the page defined (a reader follows a page top to bottom)."""
    printed, needs = PAGES[page]
    for module in needs:
        pytest.importorskip(module)
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    assert blocks, f"{page.name} has no python example"
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(page), "exec"), namespace)
    assert printed in capsys.readouterr().out


def test_learning_tables_are_current() -> None:
    """docs/generated/ holds what tests/learning_tables.py generates from the code now."""
    from tests.learning_tables import files

    for path, text in files().items():
        assert path.exists() and path.read_text(encoding="utf-8") == text, (
            f"{path.name} is out of date: run python tests/learning_tables.py")


def _doctests_hook() -> Any:
    """docs/hooks/doctests.py, the griffe extension of the API pages (its text functions need
    no griffe), its own doctests passed."""
    spec = importlib.util.spec_from_file_location(
        "doctests_hook", ROOT / "docs" / "hooks" / "doctests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert doctest.testmod(module).failed == 0
    return module


def test_doctests_render_as_code() -> None:
    """Each run of doctest lines of a docstring becomes one fenced pycon block, indented as
    it was; prose, blank lines and code already fenced stay as they are."""
    hook = _doctests_hook()
    text = ("Intro:\n>>> a = [1, 2]\n>>> a[0]\n1\n\nMore text.\n\n    >>> b = (\n    ... 2)\n"
            "\n```python\n>>> inside\n```")
    assert hook.fence_doctests(text) == (
        "Intro:\n\n```pycon\n>>> a = [1, 2]\n>>> a[0]\n1\n```\n\nMore text.\n\n"
        "    ```pycon\n    >>> b = (\n    ... 2)\n    ```\n\n```python\n>>> inside\n```")


def test_docs_page_references_become_links() -> None:
    """'the docs page "TITLE"' links to that game's page, however the line wraps; an unknown
    title stays text."""
    hook = _doctests_hook()
    assert hook.link_pages('See the\ndocs page "Ren Dhark" and the docs page "Chess".') == (
        'See the docs page [Ren Dhark](../games/ren_dhark.md) and the docs page "Chess".')


def test_changelog_has_one_line_per_change() -> None:
    """CHANGELOG.md is for users: each change one line, the whole at most 250 lines (the
    measurements behind a change belong in benchmarks/ and the commit, not here)."""
    lines = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, f"CHANGELOG.md has {len(lines)} lines"
    continued = [n for n, line in enumerate(lines, 1)
                 if line.startswith("  ") and n > 1 and lines[n - 2].strip()]
    assert not continued, f"entries continue on lines {continued}: one line per change"
