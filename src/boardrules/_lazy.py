"""Members of a package that load their module on first use (PEP 562), for the games'
numeric code and pictures: ``from boardrules.games import kivi`` loads KIVI's rules, and
``kivi.svg`` or ``kivi.action_space`` load the pictures or the numeric layer when first
asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_members"]


def lazy_members(package: str, namespace: dict[str, Any],
                 members: Mapping[str, tuple[str, ...]]
                 ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return a package's ``__getattr__`` and ``__dir__`` for members loaded on first use.

    `members` maps a submodule's name to the names it gives the package. The first access
    to one imports the submodule and binds the name in the package's `namespace`, as an
    ``import`` statement would, so later accesses are plain attribute reads.
    """
    home = {name: module for module, names in members.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *home})

    return __getattr__, __dir__
