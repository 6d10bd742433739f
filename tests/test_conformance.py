"""The conformance kit on every registered game and every player count."""

from __future__ import annotations

import pytest

from boardrules.games import GAMES
from boardrules.testing import check_game

# Random games of Lustry and Captain Bluff under the default options mostly run to their
# turn limits (thousands of decisions), so one whole default game per player count is
# checked in the slow tier, observations every 20th step; each game's own
# test_conformance.py checks many shorter games (small turn limits) in full.
SETTINGS: dict[str, dict[str, int]] = {
    "captain_bluff": {"playouts": 1, "observe_every": 20},
    "lustry": {"playouts": 1, "observe_every": 20},
}
QUICK: dict[str, int] = {"playouts": 1, "observe_every": 10, "picture_every": 50}
"""The quick tier: one whole default game per game with its fewest players; every step's
legal actions and components, every 10th step's observations (every 30th in Lustry and
Captain Bluff, whose random games run to thousands of decisions)."""
QUICK_SETTINGS: dict[str, dict[str, int]] = {
    "captain_bluff": {"observe_every": 30}, "lustry": {"observe_every": 30},
}

CASES = [
    pytest.param(name, game.MIN_PLAYERS, True, id=f"{name}-{game.MIN_PLAYERS}p-quick")
    for name, game in GAMES.items()
] + [
    pytest.param(name, players, False, id=f"{name}-{players}p", marks=pytest.mark.slow)
    for name, game in GAMES.items()
    for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)
]


@pytest.mark.parametrize(("name", "players", "quick"), CASES)
def test_game_keeps_the_contract(name: str, players: int, quick: bool) -> None:
    """Whole random games keep every promise of the contract at every step."""
    settings = ({**QUICK, **QUICK_SETTINGS.get(name, {})} if quick
                else {"playouts": 6, "observe_every": 1, **SETTINGS.get(name, {})})
    check_game(GAMES[name], players, **settings)
