"""The examples in the README and on the docs home page run as printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", ROOT / "docs" / "index.md", ROOT / "docs" / "bots.md"]
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
    assert "Result(" in capsys.readouterr().out
