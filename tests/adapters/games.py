"""The games, player counts and option sets every adapter's tests run on.

Every registered game is listed; a game without the numeric layer (`has_numeric_layer`)
is skipped, saying so, so that a game that gains it is tested without a change here.
"""

from __future__ import annotations

from typing import Any

import pytest
from _pytest.mark import ParameterSet

from boardrules.adapters._common import has_numeric_layer
from boardrules.games import GAMES, captain_bluff, kivi, lustry, ren_dhark, whales_rivals
from tests.games.ren_dhark.test_conformance import CARD_SETS

NAMES: tuple[str, ...] = tuple(GAMES)
"""Every registered game, in registry order."""

# One options object per game with every option away from its default where the game
# allows it: every way of carrying an option is exercised.
_BOARD = tuple(reversed(kivi.Options().board))
NON_DEFAULT: dict[str, Any] = {
    "captain_bluff": captain_bluff.Options(
        specials=captain_bluff.Specials(star=5, arrows=3, eye=4, plus_one=2),
        specials_in_draw_pile=True, turn_limit=77, first_player=1),
    "kivi": kivi.Options(board=_BOARD, highest_rule=list(kivi.HighestRule)[-1]),
    "lustry": lustry.Options(first_player=1, stall_turns=None, turn_limit=77,
                             unblock_protects=list(type(lustry.Options().unblock_protects))[-1]),
    "ren_dhark": ren_dhark.Options(blue_player=1, dash_cards_deployable=True),
    "whales_rivals": whales_rivals.Options(
        whale_values=tuple(tuple(sorted(v, reverse=True)) for v in
                           whales_rivals.Options().whale_values), first_player=1),
}

_SEVEN = (1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 7, 10)
SPACE_CHANGING: dict[str, Any] = {
    # A card set whose cards fight as other types: 135 actions instead of 131.
    "ren_dhark": ren_dhark.Options(card_set=CARD_SETS["variant"]),
    # A whale worth 7: a row of plays more (72 actions) and a longer observation.
    "whales_rivals": whales_rivals.Options(whale_values=(_SEVEN,) * 3),
}
"""Options that change a game's action space or tensor shapes (Captain Bluff's, KIVI's and
Lustry's options change neither: their docs sections say so)."""


def skip_mark(name: str) -> list[pytest.MarkDecorator]:
    """Return the marks of a test of game `name`: a skip if it has no numeric layer."""
    game = GAMES[name]
    if has_numeric_layer(game):
        return []
    return [pytest.mark.skip(reason=f"{game.TITLE} has no numeric layer yet (action_space, "
                                    "tensors): no adapter can wrap it")]


def names() -> list[ParameterSet]:
    """Every registered game's name, as test parameters."""
    return [pytest.param(name, id=name, marks=skip_mark(name)) for name in NAMES]


def configurations() -> list[ParameterSet]:
    """Every registered game and player count, as test parameters ``(name, players)``."""
    return [pytest.param(name, players, id=f"{name}-{players}p", marks=skip_mark(name))
            for name in NAMES
            for players in range(GAMES[name].MIN_PLAYERS, GAMES[name].MAX_PLAYERS + 1)]


def option_sets() -> list[ParameterSet]:
    """Each game's options away from their defaults and, where some options change the
    spaces, those: test parameters ``(name, options)``, ids ``<game>-non-default`` and
    ``<game>-spaces``."""
    sets = [(name, "non-default", NON_DEFAULT[name] if has_numeric_layer(GAMES[name]) else None)
            for name in NAMES]
    sets += [(name, "spaces", options) for name, options in SPACE_CHANGING.items()]
    return [pytest.param(name, options, id=f"{name}-{label}", marks=skip_mark(name))
            for name, label, options in sets]
