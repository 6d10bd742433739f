"""The conformance kit on every registered game and every player count."""

from __future__ import annotations

import pytest

from boardrules.games import GAMES
from boardrules.testing import check_game

CASES = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name, game in GAMES.items()
    for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_game_keeps_the_contract(name: str, players: int) -> None:
    """Whole random games keep every promise of the contract at every step."""
    check_game(GAMES[name], players, playouts=6)
