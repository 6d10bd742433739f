"""Bounded caches (private): every cache of the library is one of these, so none grows
without bound.

The games keep tables and memos keyed by values that come from options (a KIVI board,
Whales whale values) or from positions (a hand, a pile). A server that loads untrusted
documents meets ever new options, so a plain dict would keep an entry for each forever.
Two kinds, both registered here by name so that tests can check their sizes:

* `Memo` — a dict that forgets everything once it holds `limit` entries. A hit stays a
  plain dict read (the hot paths of `legal_actions` and `apply` use them); a miss past
  the limit starts afresh, which costs one rebuild of each entry still in use.
* `lru` — `functools.lru_cache` with a maximum size, for tables keyed by options: the
  default options and the few custom ones in use stay cached whatever else is loaded.

Sizes are chosen so that a whole game under the default options, and a handful of
custom ones, fit; each cache's comment says what fills it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["Memo", "cache_sizes", "clear_caches", "lru"]

_K = TypeVar("_K")
_V = TypeVar("_V")
_F = TypeVar("_F", bound=Callable[..., Any])

_SIZES: dict[str, Callable[[], tuple[int, int]]] = {}
_CLEARS: dict[str, Callable[[], None]] = {}


def _register(name: str, size: Callable[[], tuple[int, int]], clear: Callable[[], None]) -> None:
    if name in _SIZES:
        raise ValueError(f"a cache named {name!r} exists already")
    _SIZES[name] = size
    _CLEARS[name] = clear


class Memo(dict[_K, _V]):
    """A dict that empties itself before it would hold more than `limit` entries.

    A module's memo is registered under `name` (``"<game>.<what>"``); a memo kept by an
    object that is itself cached, such as a table of one card set, has no name: it goes
    with its owner.
    """

    __slots__ = ("limit", "name")

    def __init__(self, name: str | None, limit: int) -> None:
        super().__init__()
        self.name = name
        """The registered name, or None for a memo that lives with its owner."""
        self.limit = limit
        """The most entries the memo holds."""
        if name is not None:
            _register(name, lambda: (len(self), limit), self.clear)

    def __setitem__(self, key: _K, value: _V) -> None:
        if len(self) >= self.limit and key not in self:
            self.clear()
        super().__setitem__(key, value)


def lru(name: str, maxsize: int) -> Callable[[_F], _F]:
    """Return a decorator caching a function's results, the `maxsize` most recent ones."""

    def decorate(function: _F) -> _F:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _register(name, lambda: (cached.cache_info().currsize, maxsize), cached.cache_clear)
        return cached  # type: ignore[return-value]  # same signature, plus cache_info

    return decorate


def cache_sizes() -> dict[str, tuple[int, int]]:
    """Return every cache's name with its number of entries and its limit."""
    return {name: size() for name, size in _SIZES.items()}


def clear_caches() -> None:
    """Empty every cache (they refill as they are used)."""
    for clear in _CLEARS.values():
        clear()
