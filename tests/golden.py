"""Golden files: fresh output compared with a stored file line by line, regenerated on request.

Set ``BOARDRULES_REGEN=1`` to write the fresh output over the stored files, then review the
diff (``git diff``).
"""

from __future__ import annotations

import os
from pathlib import Path


def check_golden(path: Path, fresh: str) -> None:
    """Assert that `fresh` is the text of `path`, naming the first line that differs; with
    ``BOARDRULES_REGEN`` set, write `fresh` to `path` first."""
    if os.environ.get("BOARDRULES_REGEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(fresh, encoding="utf-8", newline="\n")
    assert path.exists(), f"no golden file {path.name}: regenerate with BOARDRULES_REGEN=1"
    expected = path.read_text(encoding="utf-8")
    for number, (want, got) in enumerate(
        zip(expected.splitlines(), fresh.splitlines(), strict=False), start=1
    ):
        assert got == want, f"{path.name}:{number} differs\n want: {want}\n  got: {got}"
    assert fresh == expected, f"{path.name}: the length differs"
