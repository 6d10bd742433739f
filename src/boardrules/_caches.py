"""Bounded memos (private): every memo of the library is one of these, so none grows
without bound.

The games keep tables and memos keyed by values that come from options (a KIVI board,
Whales whale values) or from positions (a hand, a pile). A server that loads untrusted
documents meets ever new positions, so a plain dict would keep an entry for each forever.
No memo is module-level: each belongs to an object built once per configuration (the
game's `Options` or a table hanging on it), so it lives and dies with that configuration.

Sizes are chosen so that a whole game under one configuration fits; each memo's comment
says what fills it.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["Memo"]

_K = TypeVar("_K")
_V = TypeVar("_V")


class Memo(dict[_K, _V]):
    """A dict that empties itself before it would hold more than `limit` entries.

    A hit stays a plain dict read (the hot paths of `legal_actions` and `apply` use them);
    a miss past the limit starts afresh, which costs one rebuild of each entry still in use.

    >>> memo: Memo[int, int] = Memo(2)
    >>> memo[1] = memo[2] = 0
    >>> memo[3] = 0
    >>> dict(memo)
    {3: 0}
    """

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        """The most entries the memo holds."""

    def __setitem__(self, key: _K, value: _V) -> None:
        if len(self) >= self.limit and key not in self:
            self.clear()
        super().__setitem__(key, value)
