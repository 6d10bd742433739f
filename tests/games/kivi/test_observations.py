"""KIVI observations loaded from JSON are checked like states (K12: the observation is the
whole position) and the observer must be a seat."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardrules import InvalidStateError, from_json, to_json
from boardrules.games import kivi


def document(observation: kivi.Observation, change: dict[str, Any]) -> str:
    """Return the JSON of `observation` with fields of its position replaced."""
    data = json.loads(to_json(observation))
    data["data"]["position"].update(change)
    return json.dumps(data)


def started() -> kivi.State:
    """Two players; player 0 has rolled a straight and placed a stone on d4."""
    state = kivi.apply(kivi.new_game(2), kivi.Roll((1, 2, 3, 4, 5, 6)))
    return kivi.apply(state, kivi.parse_action(state, "d4"))


class TestObservationsLoad:
    """K12: an observation is the whole position; loading it checks the position and the seat."""

    @pytest.mark.parametrize("player", [0, 1, None])
    def test_round_trip(self, player: int | None) -> None:
        observation = kivi.observe(started(), player)
        assert from_json(to_json(observation)) == observation

    def test_huge_player_count_refused_at_load(self) -> None:
        """The fuzzer's example: ``players`` = 2**63 made `render` raise OverflowError."""
        text = document(kivi.observe(started(), 0), {"players": 2**63})
        with pytest.raises(InvalidStateError, match=r"observation\.position: players: KIVI is "
                                                    r"for 2 to 4 players"):
            from_json(text)

    def test_stone_of_no_player_refused(self) -> None:
        """K1, K6: a stone owned by a player the game does not have (render indexed by it)."""
        cells: list[int | None] = [None] * 49
        cells[24] = 7
        text = document(kivi.observe(started(), 0), {"cells": cells})
        with pytest.raises(InvalidStateError, match=r"cells\[24\]: no player 7"):
            from_json(text)

    def test_too_few_squares_refused(self) -> None:
        text = document(kivi.observe(started(), 0), {"cells": [None] * 48})
        with pytest.raises(InvalidStateError, match="expected 49 squares"):
            from_json(text)

    def test_stones_not_conserved_refused(self) -> None:
        """K6, K7: one stone a turn taken, on the board or forfeited."""
        text = document(kivi.observe(started(), 1), {"lost": [1, 0]})
        with pytest.raises(InvalidStateError, match="stones of player 0"):
            from_json(text)

    @pytest.mark.parametrize("player", [2, -1, 2**63])
    def test_observer_who_is_no_seat_refused(self, player: int) -> None:
        data = json.loads(to_json(kivi.observe(started(), 0)))
        data["data"]["player"] = player
        with pytest.raises(InvalidStateError, match=r"observation\.player: no player"):
            from_json(json.dumps(data))

    def test_validate_observation_refuses_other_objects(self) -> None:
        with pytest.raises(InvalidStateError, match=r"expected a kivi\.Observation"):
            kivi.validate_observation(started())  # type: ignore[arg-type]
