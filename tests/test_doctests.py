"""Every doctest of the package under test passes: the package ``import boardrules`` finds.

The doctests are found in the imported modules, not in files under ``src/``, so one
command tests whatever is installed: the source tree after ``pip install -e .``, the
wheel in site-packages in ``.ci/run`` and the release workflow — never a mix of two
copies. One test per docstring, named by the object it documents.
"""

from __future__ import annotations

import copy
import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import boardrules

# pytest's own default for --doctest-modules, which these doctests were written against.
FLAGS = doctest.ELLIPSIS


def _module_names() -> list[str]:
    """Return every module of the package, the package itself first."""
    found = pkgutil.walk_packages(boardrules.__path__, "boardrules.")
    return ["boardrules", *sorted(info.name for info in found)]


def _collect() -> list[tuple[str, doctest.DocTest | str]]:
    """Return each docstring with examples, by name, module by module.

    A module that needs an optional dependency which is not installed gives, in place
    of its doctests, the reason to skip it, naming the missing module (conftest turns
    that skip into a failure where every extra must be installed).
    """
    found: list[tuple[str, doctest.DocTest | str]] = []
    finder = doctest.DocTestFinder(exclude_empty=True)
    for name in _module_names():
        try:
            module: ModuleType = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name is None or error.name.partition(".")[0] == "boardrules":
                raise
            found.append((name, f"could not import {error.name!r}: {name} needs an extra"))
            continue
        found += [(test.name, test) for test in sorted(finder.find(module, name)) if test.examples]
    return found


FOUND = _collect()


def test_doctests_found() -> None:
    """The walk reached the package's doctests (a broken walk would pass vacuously)."""
    names = [name for name, _ in FOUND]
    assert "boardrules" in names  # the package docstring
    assert any(name.startswith("boardrules.games.kivi.") for name in names)
    assert len(names) > 50


@pytest.mark.parametrize(
    "template",
    [pytest.param(test, id=name, marks=pytest.mark.skip(reason=test))
     if isinstance(test, str) else pytest.param(test, id=name) for name, test in FOUND],
)
def test_doctest(template: doctest.DocTest) -> None:
    """The examples in this docstring print what the docstring says."""
    test = copy.copy(template)
    test.globs = dict(template.globs)  # a fresh namespace, so the test may run again
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=report.append)
    if runner.failures:
        pytest.fail("".join(report), pytrace=False)
