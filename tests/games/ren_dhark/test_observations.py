"""Ren Dhark observations loaded from JSON: refused unless some possible state shows them to
their observer (D31, and every rule `validate_state` checks)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from boardrules import InvalidStateError, from_data, to_data
from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark import Phase, State
from tests.games.ren_dhark.test_rules import deal, idx, play

Edit = Callable[[dict[str, Any]], object]

NO_SHIPS = ("I/1", "I/2", "I/3", "I/4", "I/5", "I/6", "I/30")
"""A blue opening hand without a ship: blue skips and red learns it (D6)."""


def load_edited(state: State, player: int | None, edit: Edit) -> object:
    """Load `player`'s observation of `state` after `edit` changed its JSON data."""
    data: dict[str, Any] = copy.deepcopy(to_data(rd.observe(state, player)))
    edit(data["data"])
    return from_data(data)


def refused(state: State, player: int | None, edit: Edit, match: str) -> None:
    with pytest.raises(InvalidStateError, match=match):
        load_edited(state, player, edit)


def attacked() -> State:
    """Blue has committed STAHLTANGO face down as a ship; red is to defend."""
    return play(deal(), "attack I/18")


class TestObservationsLoad:
    """Real observations load back; each kind of impossible one is refused, naming why."""

    @pytest.mark.parametrize("player", [0, 1, None])
    @pytest.mark.parametrize("state", [deal, attacked, lambda: deal(blue=NO_SHIPS)],
                             ids=["attack", "defend", "skipped"])
    def test_round_trip(self, state: Callable[[], State], player: int | None) -> None:
        position = state()
        assert load_edited(position, player, lambda data: None) == rd.observe(position, player)

    def test_face_down_attack_shown_D31(self) -> None:
        """D7, D31: the defender sees only the declared type of the attacking card."""
        refused(attacked(), 1, lambda d: d["duel"].update(attack=idx("I/18")),
                r"observation\.duel\.attack: 17 is not what the observer sees")

    def test_face_down_card_without_its_declared_type_D7(self) -> None:
        refused(attacked(), 1, lambda d: d["duel"].update(attack_type=None),
                r"observation\.duel\.attack_type: a committed attack card shows its declared")

    def test_hidden_hand_fits_what_a_skip_showed_D6(self) -> None:
        """D6: after blue's skip red knows blue's seven cards are no ships; the witness deals
        blue's unseen cards so (an action card or two known too still fits), but not seven
        action cards, which blue's deck does not hold."""
        skipped = deal(blue=NO_SHIPS)
        assert skipped.shown_nonships == (7, 0)
        load_edited(skipped, 1, lambda d: d.update(shown_actions=[2, 0]))
        refused(skipped, 1, lambda d: d.update(shown_actions=[7, 0]),
                r"no deal of player 0's unseen cards fits what is public")

    def test_card_shown_more_often_than_the_deck_holds_it_D1(self) -> None:
        def land_again(data: dict[str, Any]) -> None:
            data["landed"][0].append({"card": idx("I/18"), "as_type": "ship"})

        refused(attacked(), 0, land_again,
                r"shows \[17\] more often than the cards of player 0's deck hold them")

    def test_cards_unaccounted_for(self) -> None:
        refused(attacked(), 0, lambda d: d["deck_sizes"].__setitem__(1, 25),
                "32 lie hidden in hand, deck and face down")

    @pytest.mark.parametrize(("field", "index", "words"), [
        ("hand_sizes", 0, "expected 0 to 33"), ("shown_nonships", 1, "expected 0 to 7")])
    def test_huge_counts_refused_before_anything_is_built(self, field: str, index: int,
                                                          words: str) -> None:
        refused(attacked(), 1, lambda d: d[field].__setitem__(index, 2**63),
                rf"observation\.{field}\[{index}\]: {words}")

    def test_own_hand_and_its_size_disagree(self) -> None:
        refused(attacked(), 0, lambda d: d["hand"].pop(),
                r"observation\.hand: 5 cards, but hand_sizes\[0\] is 6")

    @pytest.mark.parametrize(("field", "value"), [("blue", 5), ("attacker", -1)])
    def test_no_such_player(self, field: str, value: int) -> None:
        refused(attacked(), 0, lambda d: d.update({field: value}),
                rf"observation\.{field}: expected 0")

    def test_impossible_turn_refused_like_a_state_D17(self) -> None:
        """The witness goes through `validate_state`: blue attacks first (D17)."""
        refused(attacked(), 0, lambda d: d.update(battle=1),
                r"^observation: attacker: in battle 1 player 1 attacks")

    def test_defence_asked_without_an_attack_D8(self) -> None:
        refused(deal(), 1, lambda d: d.update(phase=Phase.DEFEND.value),
                r"observation\.duel: a defence is committed against")

    def test_validate_observation_refuses_other_objects(self) -> None:
        with pytest.raises(InvalidStateError, match=r"expected a ren_dhark\.Observation"):
            rd.validate_observation(deal())  # type: ignore[arg-type]
