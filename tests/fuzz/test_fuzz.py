"""The fuzz suite (slow tier): the attack of issue #29, kept.

Mutated documents of every kind through every reader (text, data, file), adversarial
notation, option parameters as adapters pass them, oversized and truncated files; each
input must end in a valid object or a typed refusal, within a few seconds. The inputs
that ever found a fault are in ``corpus/`` and replayed on every run.

``BOARDRULES_FUZZ_CASES`` (default 15000) and ``BOARDRULES_FUZZ_SEED`` (default 0) set the
budget and the seed; CI runs the defaults.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.fuzz.engine import Finding, Seeds, cases, check_case, seeds

pytestmark = pytest.mark.slow

CORPUS = Path(__file__).parent / "corpus"
CASES = int(os.environ.get("BOARDRULES_FUZZ_CASES", "15000"))
SEED = int(os.environ.get("BOARDRULES_FUZZ_SEED", "0"))
SHARDS = 10
"""The generated cases run in this many tests (so a failure names a tenth of them)."""


@pytest.fixture(scope="module")
def valid() -> Seeds:
    return seeds(seed=SEED)


def _corpus() -> list[Any]:
    return [pytest.param(path, id=path.stem) for path in sorted(CORPUS.glob("*.json"))]


@pytest.mark.parametrize("path", _corpus())
def test_corpus(path: Path, valid: Seeds) -> None:
    """Every input that once found a fault is handled now."""
    case = json.loads(path.read_text(encoding="utf-8"))
    check_case(case["case"], valid)


@pytest.mark.parametrize("shard", range(SHARDS))
def test_generated(shard: int, valid: Seeds) -> None:
    """A tenth of the budget's cases, drawn from a seed of its own (the run's seed and
    the shard); the first findings fail the test with their inputs."""
    findings: list[str] = []
    for case in cases(valid, CASES // SHARDS, SEED * SHARDS + shard):
        try:
            check_case(case, valid)
        except Finding as found:
            findings.append(str(found))
            if len(findings) >= 3:
                break
    assert not findings, "\n\n".join(findings)
