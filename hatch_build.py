"""Build hook: with ``BOARDRULES_COMPILE=1`` the wheel carries mypyc-compiled modules.

By default (no variable) the hook does nothing: the sdist and the wheel are pure Python,
one wheel for every platform. With ``BOARDRULES_COMPILE=1`` a wheel build compiles the
modules listed under ``[tool.hatch.build.targets.wheel.hooks.custom] compile`` in
pyproject.toml with mypyc and adds the extension modules beside their sources; the wheel
is then tagged for this interpreter and platform (``cp311-cp311-manylinux…``); the code
the compiled modules share is one more extension module inside the package,
``boardrules/_compiled__mypyc`` (mypyc's default is a hash-named top-level module, which
check-wheel-contents rejects: a second top-level name in the wheel). Python
imports an extension module before a source file of the same name, so the sources stay
in the wheel for tracebacks and documentation, and the package behaves the same either
way: a compiled function checks its arguments against their annotations before its first
line, so what takes a caller's untrusted numbers (``new_game``'s player count) is checked
in pure Python first (``boardrules._seats.player_count``); CI runs the games' tests, the
conformance kit and the golden games against both builds (docs/performance.md,
"Compiled modules").

``MYPYC_OPT_LEVEL`` (default 3) passes through to mypyc. The build needs a C compiler;
the hook adds mypy and setuptools to the build requirements only when it compiles.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MYPYC = "mypy[mypyc]==2.4.1"
"""The compiler, pinned: compiled modules are only as tested as the compiler that made them."""
SETUPTOOLS = "setuptools>=70"
"""mypyc builds its C extensions through setuptools' ``build_ext``."""

_BUILD = """\
import sys
from mypyc.build import mypycify
from setuptools import setup

GROUP = "boardrules._compiled"  # its shared library: boardrules/_compiled__mypyc.*.so
opt_level, out, temp, *paths = sys.argv[1:]
setup(
    name="boardrules-compiled",
    ext_modules=mypycify(paths, opt_level=opt_level, target_dir=temp, group_name=GROUP),
    script_args=["build_ext", "--build-lib", out, "--build-temp", temp],
)
"""


def compiling() -> bool:
    """Return whether this build compiles (``BOARDRULES_COMPILE=1``)."""
    return os.environ.get("BOARDRULES_COMPILE", "") == "1"


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the listed modules into the wheel (only with ``BOARDRULES_COMPILE=1``)."""

    PLUGIN_NAME = "custom"
    _scratch: Path | None = None

    def dependencies(self) -> list[str]:
        """Return the build requirements the compilation adds (none by default): the
        compiler and, for mypy to check the modules against them, the runtime ones."""
        if not compiling():
            return []
        return [MYPYC, SETUPTOOLS, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the modules and add the extension modules to the wheel."""
        if self.target_name != "wheel" or version == "editable" or not compiling():
            return
        modules: list[str] = self.config.get("compile", [])
        if not modules:
            raise ValueError("BOARDRULES_COMPILE=1, but the hook lists no module to compile")
        root = Path(self.root)
        paths = [f"src/{module.replace('.', '/')}.py" for module in modules]
        out = self._scratch = Path(tempfile.mkdtemp(prefix="boardrules-mypyc-"))
        started = time.monotonic()
        subprocess.run(
            [sys.executable, "-c", _BUILD, os.environ.get("MYPYC_OPT_LEVEL", "3"),
             str(out / "lib"), str(out / "temp"), *paths],
            cwd=root, check=True,
        )
        built = sorted(p for p in (out / "lib").rglob("*")
                       if p.is_file() and p.name.endswith(tuple(EXTENSION_SUFFIXES)))
        names = {p.relative_to(out / "lib").as_posix() for p in built}
        for module in modules:
            stem = module.replace(".", "/")
            if not any(n.startswith(stem + ".") for n in names):
                raise RuntimeError(f"mypyc built no extension module for {module}")
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(out / "lib").as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(
            f"mypyc: {len(modules)} modules compiled in {time.monotonic() - started:.0f} s")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Delete the compiler's scratch folder once the wheel holds its output."""
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None
