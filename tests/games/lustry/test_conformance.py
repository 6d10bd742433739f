"""The public conformance kit on Lustry (2 players, its only count), with short and default
games."""

from __future__ import annotations

from boardrules.games import lustry
from boardrules.testing import check_game


def test_lustry_keeps_the_contract_in_short_games() -> None:
    """Whole random games of 30 turns (draws by the turn limit, the deadlock rule on)."""
    check_game(lustry, 2, lustry.Options(turn_limit=30, stall_turns=2), playouts=6)


def test_lustry_keeps_the_contract_with_player_1_first() -> None:
    """The first-player option keeps every promise too."""
    check_game(lustry, 2, lustry.Options(first_player=1, turn_limit=20), playouts=3)
