"""A game's notation legend for players, read from its notation module's docstring (private).

Each game documents its notation once, as the table in the docstring of its
``notation.py``; `legend` turns that text into plain text for a terminal, so the help a
player reads and the reference can never disagree.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["legend"]

_RULE: Final = re.compile(r"=+( +=+)+")
_LITERAL: Final = re.compile(r"``(.*?)``|`([^`]*)`")


def _plain(text: str) -> str:
    """Drop the reStructuredText quotes: ````x```` and ```x``` become ``x``."""
    return _LITERAL.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), text)


def legend(doc: str | None) -> str:
    """Return a notation module's docstring as plain text: its simple table's rows without
    the header and the rules, aligned and indented by two spaces, and its other lines
    without reStructuredText quotes. A paragraph after the table that begins with a name
    in single backquotes (an API name, such as `label`) is for programmers and is left
    out. ``""`` when there is no docstring (``python -OO``).

    >>> print(legend('''Notation.
    ...
    ... ==========  ======
    ... text        action
    ... ==========  ======
    ... ``c4``      place a stone on `c4`
    ... ``reroll``  roll again
    ... ==========  ======
    ...
    ... Case is free.
    ...
    ... `label` gives each action in words.
    ... '''))
    Notation.
    <BLANKLINE>
      c4      place a stone on c4
      reroll  roll again
    <BLANKLINE>
    Case is free.
    """
    if not doc:
        return ""
    lines = doc.strip("\n").splitlines()
    rules = [i for i, line in enumerate(lines) if _RULE.fullmatch(line.strip())]
    if len(rules) < 3:  # a simple table with a header has three rules
        return "\n".join(_plain(line) for line in lines)
    top, header, bottom = rules[0], rules[1], rules[-1]
    split = lines[top].index(" ")  # where the first column's rule ends
    rows = [(_plain(line[:split].strip()), _plain(line[split:].strip()))
            for line in lines[header + 1:bottom] if line.strip()]
    width = max(len(text) for text, _ in rows)
    table = [f"  {text.ljust(width)}  {meaning}".rstrip() for text, meaning in rows]
    before = [_plain(line) for line in lines[:top]]
    after = [_plain(paragraph) for paragraph in "\n".join(lines[bottom + 1:]).split("\n\n")
             if not re.match(r"\s*`[^`]", paragraph)]
    return "\n".join([*before, *table, "", "\n\n".join(after).strip("\n")]).strip("\n")
