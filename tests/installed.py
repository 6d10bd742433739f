"""Where the boardrules under test comes from, and the switches CI sets to demand one.

``.ci/run`` and the GitHub workflows test the wheel a user installs: they install it
into a fresh environment, run the suite from a copy of the sdist without ``src/``, and
set the switches below so that the run fails, rather than passes quietly, if the
tests saw anything else.
"""

from __future__ import annotations

import json
import os
import sys
from importlib import metadata
from pathlib import Path
from typing import Final

import boardrules

INSTALLED_SWITCH: Final = "BOARDRULES_TEST_INSTALLED"
"""Set to 1: the tests must import boardrules from an installed, non-editable wheel."""

ALL_EXTRAS_SWITCH: Final = "BOARDRULES_TEST_ALL_EXTRAS"
"""Set to 1: every optional dependency is installed; a test skipped for a missing
module fails instead."""

COMPILED_SWITCH: Final = "BOARDRULES_TEST_COMPILED"
"""Set to 1 where the wheel under test was built with ``BOARDRULES_COMPILE=1``: every
module the build hook compiles must be imported from its extension module."""

RELEASE_SWITCH: Final = "BOARDRULES_RELEASE"
"""Set to 1 by the release workflow: the version is being released (CHANGELOG checks)."""


def switched_on(name: str) -> bool:
    """Return whether the environment variable ``name`` is set to 1."""
    return os.environ.get(name, "") == "1"


def package_dir() -> Path:
    """Return the folder of the imported ``boardrules`` package."""
    return Path(boardrules.__file__).resolve().parent


def distribution() -> metadata.Distribution | None:
    """Return the installed distribution of boardrules, or None on a bare path."""
    try:
        return metadata.distribution("boardrules")
    except metadata.PackageNotFoundError:
        return None


def is_editable(dist: metadata.Distribution) -> bool:
    """Return whether ``dist`` was installed in editable mode (PEP 660, ``pip -e``)."""
    direct_url = dist.read_text("direct_url.json")
    if direct_url is None:
        return False
    return bool(json.loads(direct_url).get("dir_info", {}).get("editable", False))


def provenance() -> str:
    """Return one line saying which boardrules the tests see and how it got there."""
    dist = distribution()
    if dist is None:
        how = "not installed: found on sys.path"
    elif is_editable(dist):
        how = "editable install of a source tree"
    else:
        how = f"installed {dist.version}, not editable"
    return f"boardrules {boardrules.__version__} from {package_dir()} ({how})"


def loaded_modules() -> dict[str, Path]:
    """Return every imported boardrules module with its file."""
    found: dict[str, Path] = {}
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if (name == "boardrules" or name.startswith("boardrules.")) and file is not None:
            found[name] = Path(file).resolve()
    return found


def problems_with_installed_wheel(root: Path) -> list[str]:
    """Return why the imported boardrules is not a wheel installed apart from ``root``.

    Args:
        root: The folder the tests run from (a source tree or an unpacked sdist).

    Returns:
        Nothing when every imported boardrules module is a file the installed,
        non-editable distribution recorded, outside ``root``; else one line per problem.
    """
    dist = distribution()
    if dist is None:
        return [f"boardrules is not installed; it was found at {package_dir()}"]
    if is_editable(dist):
        return [f"boardrules is an editable install of {package_dir()}, not the wheel"]
    recorded = {Path(str(dist.locate_file(file))).resolve() for file in dist.files or ()}
    strays = sorted((name, path) for name, path in loaded_modules().items()
                    if path not in recorded)
    problems = [
        f"{len(strays)} boardrules modules come from files the installed wheel did not "
        f"record, {strays[0][0]} from {strays[0][1]} first"
    ] if strays else []
    if package_dir().is_relative_to(root.resolve()):
        problems.append(f"boardrules comes from {package_dir()}, inside the tree {root}")
    return problems
