"""MkDocs hook: draw the example pictures and the facts of every game while the site is built.

The pictures come from the code of the games (`boardrules.apps.gallery`), so they never
go stale. A page shows one with a marker on a line of its own::

    <!-- picture: kivi-start -->

which becomes the picture and its caption (``<!-- picture: kivi-middle | CAPTION -->``
gives another caption); a marker naming no picture stops the build.

The numbers of a game (players, sizes of the action space and the observation, options)
come from its module too. ``<!-- facts: kivi -->``, indented as the table it ends, becomes
the rows of a game page's summary box; ``<!-- games-table -->`` the table of every game
on the home page.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import attrs
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from boardrules.apps.gallery import Picture, pictures
from boardrules.games import GAMES, AnyGame

MARKER = re.compile(r"^<!-- picture: ([\w-]+)(?: \| (.+?))? -->$", re.MULTILINE)
FACTS = re.compile(r"^( *)<!-- facts: (\w+) -->$", re.MULTILINE)
TABLE = re.compile(r"^<!-- games-table -->$", re.MULTILINE)
GLANCE = {
    "captain_bluff": ("hands and face-down cards", "the deal and every draw"),
    "kivi": ("none (perfect information)", "every roll of the dice"),
    "lustry": ("hands and blind draws", "every draw from a draw pile"),
    "ren_dhark": ("hands and decks", "every draw and die roll"),
    "whales_rivals": ("hands and face-down whales", "every draw from a face-down pile"),
}
"""What each game hides, and its chance nodes, in a few words (the pages say the rest)."""


@functools.cache
def _gallery() -> dict[str, Picture]:
    return {picture.name: picture for picture in pictures()}


def on_files(files: Files, config: Any) -> Files:
    """Add every picture to the site as ``pictures/NAME.svg``."""
    for name, picture in _gallery().items():
        files.append(File.generated(config, f"pictures/{name}.svg", content=picture.svg()))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """Replace every picture marker with the picture and its caption."""
    depth = page.file.src_uri.count("/")

    def figure(match: re.Match[str]) -> str:
        name, caption = match.groups()
        picture = _gallery().get(name)
        if picture is None:
            raise PluginError(f"{page.file.src_uri}: no picture named {name!r}")
        caption = caption or picture.caption
        path = "../" * depth + f"pictures/{name}.svg"
        # A click opens the picture alone, at full size, where the labels are readable.
        return f"[![{caption}]({path})]({path})\n\n*{caption}*"

    def facts(match: re.Match[str]) -> str:
        indent, name = match.groups()
        if name not in GAMES:
            raise PluginError(f"{page.file.src_uri}: no game named {name!r}")
        return "\n".join(f"{indent}| {key} | {value} |" for key, value in _facts(name))

    def table(_: re.Match[str]) -> str:
        rows = ["| game | players | hidden information | chance | action indices |",
                "|---|---|---|---|---:|"]
        for name in sorted(GLANCE):
            game: Any = GAMES[name]  # a built-in game: it has the numeric layer
            hidden, chance = GLANCE[name]
            link = "../" * depth + f"games/{name}.md"
            rows.append(f"| [{game.TITLE}]({link}) | {_players(game)} | {hidden} | {chance} "
                        f"| {game.action_space(game.MIN_PLAYERS).size:,} |")
        return "\n".join(rows)

    markdown = FACTS.sub(facts, MARKER.sub(figure, markdown))
    return TABLE.sub(table, markdown)


def _players(game: AnyGame) -> str:
    low, high = game.MIN_PLAYERS, game.MAX_PLAYERS
    return f"{low}–{high}" if high > low else f"exactly {low}"


def _facts(name: str) -> list[tuple[str, str]]:
    """The rows of a game's summary box: what its module says of itself."""
    game: Any = GAMES[name]  # a built-in game: it has the numeric layer
    counts = range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)
    spaces = {n: game.action_space(n) for n in counts}
    space = spaces[game.MIN_PLAYERS]
    hidden, chance = GLANCE[name]

    def per_count(values: dict[int, int]) -> str:
        if len(set(values.values())) == 1:
            return f"{values[game.MIN_PLAYERS]:,}"
        return ", ".join(f"{v:,} ({n} players)" for n, v in values.items())

    legal = per_count({n: s.max_legal for n, s in spaces.items()})
    shape = per_count({n: game.observation_shape(n)[0] for n in counts})
    options = ", ".join(f"`{f.name}`" for f in attrs.fields(game.Options))
    return [
        ("import", f"`from boardrules.games import {name}`"),
        ("players", _players(game)),
        ("hidden information", hidden),
        ("chance", chance),
        ("action space", f"{space.size:,} action indices, at most {legal} legal at once; "
                         f"{space.chance_size:,} chance outcomes"),
        ("observation", f"a tensor of {shape} floats"),
        ("options", f"{options} ([Options](#options))"),
        ("rules version", f"`RULES_VERSION = {game.RULES_VERSION}`"),
    ]
