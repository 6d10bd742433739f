"""Lustry: the details mutation testing showed no other test checks (issue 19).

Every test goes through the public functions and names the rule it checks.
"""

from __future__ import annotations

import pytest

from boardrules import InvalidOptionsError
from boardrules.games import lustry


class TestNewGame:
    """Lustry is for exactly two players (the rules file's header); bad options are named."""

    def test_L4_the_default_player_count_is_two_and_player_0_starts_L5(self) -> None:
        assert lustry.new_game() == lustry.new_game(2)
        assert lustry.to_move(lustry.new_game()) == 0

    @pytest.mark.parametrize("players", [1, 3, True, 2.0, "2"])
    def test_L4_bad_player_count_names_players(self, players: object) -> None:
        with pytest.raises(InvalidOptionsError, match="exactly 2 players") as err:
            lustry.new_game(players)  # type: ignore[arg-type]
        assert err.value.option == "players"
        assert str(err.value) == (
            f"invalid option 'players': Lustry is for exactly 2 players, got {players!r}")

    def test_L4_bad_options_name_options(self) -> None:
        with pytest.raises(InvalidOptionsError) as err:
            lustry.new_game(2, "card")  # type: ignore[arg-type]
        assert err.value.option == "options"
        assert str(err.value) == "invalid option 'options': expected lustry.Options, got str"

    def test_L17_no_result_before_the_end(self) -> None:
        result = lustry.result(lustry.new_game())
        assert result.finished is False and result.winners == ()
        assert result.scores == lustry.scores(lustry.new_game()) == (0, 0)
        assert lustry.returns(lustry.new_game()) == (0.0, 0.0)
