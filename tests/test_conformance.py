"""The conformance kit on every registered game and every player count."""

from __future__ import annotations

import pytest

from boardrules.games import GAMES
from boardrules.testing import check_game

# Random games of Lustry and Captain Bluff under the default options mostly run to their
# turn limits (thousands of decisions), so one whole default game per player count is
# checked here, observations every 20th step; each game's own test_conformance.py checks
# many shorter games (small turn limits) in full.
SETTINGS: dict[str, dict[str, int]] = {
    "captain_bluff": {"playouts": 1, "observe_every": 20},
    "lustry": {"playouts": 1, "observe_every": 20},
}

# The quick tier checks each game with its fewest players; the other counts are slow.
CASES = [
    pytest.param(name, players, id=f"{name}-{players}p",
                 marks=() if players == game.MIN_PLAYERS else pytest.mark.slow)
    for name, game in GAMES.items()
    for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_game_keeps_the_contract(name: str, players: int) -> None:
    """Whole random games keep every promise of the contract at every step."""
    settings = {"playouts": 6, "observe_every": 1, **SETTINGS.get(name, {})}
    check_game(GAMES[name], players, **settings)
