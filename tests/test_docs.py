"""The examples in the README and on the docs pages run as printed; the generated tables
of the learning page are current."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = {
    ROOT / "README.md": "Result(",
    ROOT / "docs" / "index.md": "Result(",
    ROOT / "docs" / "bots.md": "Result(",
    ROOT / "docs" / "learning.md": "mean return against random",
}
"""Each page, and a text its examples print."""
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_python_examples_run(page: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every ```python block of the page runs without error, in order, each seeing what
    the blocks before it on the page defined (a reader follows a page top to bottom)."""
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    assert blocks, f"{page.name} has no python example"
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(page), "exec"), namespace)
    assert PAGES[page] in capsys.readouterr().out


def test_learning_tables_are_current() -> None:
    """docs/generated/ holds what tests/learning_tables.py generates from the code now."""
    from tests.learning_tables import files

    for path, text in files().items():
        assert path.exists() and path.read_text(encoding="utf-8") == text, (
            f"{path.name} is out of date: run python tests/learning_tables.py")
