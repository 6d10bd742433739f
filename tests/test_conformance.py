"""The conformance kit on every registered game and every player count."""

from __future__ import annotations

import pytest

from boardrules.games import GAMES
from boardrules.testing import check_game

# Random Lustry games under the default options run to the 500-turn limit (about 2,400
# decisions), so one whole default game is checked here, observations every 20th step;
# tests/games/lustry/test_conformance.py checks many shorter games in full.
SETTINGS: dict[str, dict[str, int]] = {"lustry": {"playouts": 1, "observe_every": 20}}

CASES = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name, game in GAMES.items()
    for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_game_keeps_the_contract(name: str, players: int) -> None:
    """Whole random games keep every promise of the contract at every step."""
    settings = {"playouts": 6, "observe_every": 1, **SETTINGS.get(name, {})}
    check_game(GAMES[name], players, **settings)
