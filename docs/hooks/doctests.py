"""Griffe extension: show the doctests of the docstrings as Python console code.

The docstrings hold doctests (``>>>`` lines and their output) in running text. Read as
Markdown they are nested quotes without line breaks, and ``[0]`` or ``[:3]`` become
links to nowhere. This extension, loaded by mkdocstrings (``extensions`` in
mkdocs.yml), wraps each run of doctest lines (a ``>>>`` line and the non-blank lines
after it, as doctest reads them) in a fenced ``pycon`` block before the docstring is
parsed; src/ stays plain doctest, which pytest runs.

It also turns "the docs page "KIVI"" in a docstring into a link to that page.
"""

from __future__ import annotations

import re
from typing import Any

try:
    import griffe
except ModuleNotFoundError:  # without the docs group only the text functions (tested) exist
    griffe = None

FENCE = "```"
PAGES = {
    "Captain Bluff": "captain_bluff",
    "KIVI": "kivi",
    "Lustry": "lustry",
    "Ren Dhark": "ren_dhark",
    "Whales Destroying the World: Rivals": "whales_rivals",
}
"""The titles a docstring names a game's page by, and the page's file in docs/games/."""
PAGE = re.compile(r'the\s+docs\s+page\s+"([^"]+)"')


def fence_doctests(text: str) -> str:
    """Return `text` with every run of doctest lines inside a ``pycon`` fence.

    A run starts at a ``>>>`` line outside a fence and ends before the first blank line;
    it keeps its indentation. Text already inside a fence is left alone.

    >>> fence_doctests("Say:\\n>>> 1 + 1\\n2\\n\\nDone.").splitlines()
    ['Say:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    lines = text.split("\n")
    fenced = False
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(FENCE):
            fenced = not fenced
        if fenced or not (stripped == ">>>" or stripped.startswith(">>> ")):
            out.append(line)
            i += 1
            continue
        indent = line[:len(line) - len(stripped)]
        start = i
        while i < len(lines) and lines[i].strip():
            i += 1
        if out and out[-1].strip():  # a fence needs a blank line before it in a paragraph
            out.append("")
        out.append(f"{indent}{FENCE}pycon")
        out.extend(lines[start:i])
        out.append(f"{indent}{FENCE}")
    return "\n".join(out)


def link_pages(text: str) -> str:
    """Return `text` with each 'the docs page "TITLE"' a link to that game's page.

    >>> link_pages('See the docs page\\n"KIVI" for the rules.')
    'See the docs page [KIVI](../games/kivi.md) for the rules.'
    """
    def link(match: re.Match[str]) -> str:
        title = " ".join(match.group(1).split())
        page = PAGES.get(title) or PAGES.get(title.split(" TCG")[0])
        if page is None:
            return match.group(0)
        return f"the docs page [{title}](../games/{page}.md)"

    return PAGE.sub(link, text)


if griffe is not None:

    class Doctests(griffe.Extension):
        """Fence the doctests and link the game pages of every docstring, once, when the
        object is created."""

        def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
            if obj.docstring is not None:
                obj.docstring.value = link_pages(fence_doctests(obj.docstring.value))
