"""Whales Rivals observations loaded from JSON: refused unless some possible state shows them
to their observer (W21-W24, and every rule `validate_state` checks)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from boardrules import InvalidStateError, from_json, to_json
from boardrules.games import whales_rivals as wr
from boardrules.games.whales_rivals import Phase, State
from tests.games.whales_rivals.test_rules import draws, opening, play, position

Edit = Callable[[dict[str, Any]], None]


def second_turn() -> State:
    """Round 1: player 0 opened with a face-down 2 at pack 1 and explored nothing; player 1
    drew five cards and has two actions."""
    return play(opening(), "2>1", *draws(1, 1, 3, 3, 5))


def load_edited(state: State, player: int | None, edit: Edit) -> object:
    """Load `player`'s observation of `state` after `edit` changed its JSON data."""
    data = json.loads(to_json(wr.observe(state, player)))
    edit(data["data"])
    return from_json(json.dumps(data))


def refused(state: State, player: int | None, edit: Edit, match: str) -> None:
    with pytest.raises(InvalidStateError, match=match):
        load_edited(state, player, edit)


class TestObservationsLoad:
    """Real observations load back; each kind of impossible one is refused, naming why."""

    @pytest.mark.parametrize("player", [0, 1, None])
    def test_round_trip(self, player: int | None) -> None:
        state = play(second_turn(), "5>3 up", "peek 2")
        observation = wr.observe(state, player)
        assert from_json(to_json(observation)) == observation

    def test_hidden_hand_that_must_hold_a_turtle_W13(self) -> None:
        """W13, W14: player 1, to act with three whales at every pack while player 0 has none
        at pack 3, can only play a turtle: the witness of player 0's view gives player 1's
        hidden hand its turtle, so the true view loads."""
        state = position(hands=((3, 3, 4), (0, 1, 1, 5)),
                         whales=(((1,), (2, 2, 2)), ((1,), (3, 3, 3)), ((), (4, 4, 4))),
                         player=1, actions_left=1)
        assert all(str(a).startswith("turtle") for a in wr.legal_actions(state))
        for player in (0, None):
            observation = wr.observe(state, player)
            assert from_json(to_json(observation)) == observation

    def test_opponent_face_down_whale_shown_W22(self) -> None:
        """W22: only its owner knows a face-down whale."""
        def reveal(data: dict[str, Any]) -> None:
            data["packs"][0]["whales"][0][0]["value"] = 2

        load_edited(second_turn(), 0, lambda data: None)
        refused(second_turn(), 1, reveal, r"observation\.packs\[0\]\.whales\[0\]\[0\]\.value: "
                r"2 is not what the observer sees")

    def test_own_whale_hidden_W22(self) -> None:
        def hide(data: dict[str, Any]) -> None:
            data["packs"][0]["whales"][0][0]["value"] = None

        refused(second_turn(), 0, hide, r"packs\[0\]\.whales\[0\]\[0\]\.value: None")

    def test_unseen_grey_card_shown_W23(self) -> None:
        """W23: a face-down grey card nobody has looked at is unknown to everyone."""
        def show(data: dict[str, Any]) -> None:
            data["packs"][2]["grey"][0]["value"] = 3

        refused(second_turn(), None, show, r"packs\[2\]\.grey\[0\]\.value: 3")

    def test_spectator_with_a_hand_W21(self) -> None:
        """W21: a spectator holds no cards and knows nobody's deck."""
        def give(data: dict[str, Any]) -> None:
            data["hand"] = [1]

        refused(second_turn(), None, give, r"observation\.hand: \(1,\)")

    def test_own_hand_and_its_size_disagree(self) -> None:
        def grow(data: dict[str, Any]) -> None:
            data["hand_sizes"][1] = 4

        refused(second_turn(), 1, grow, r"observation\.hand: 5 cards, but hand_sizes\[1\] is 4")

    def test_six_cards_in_an_opponents_hand_W7(self) -> None:
        """W7: a hand holds at most five cards; the witness carries the opponent's size."""
        def grow(data: dict[str, Any]) -> None:
            data["hand_sizes"][1] += 1
            data["deck_sizes"][1] -= 1

        refused(second_turn(), 0, grow, "hands\\[1\\]: 6 cards, more than 5")

    @pytest.mark.parametrize("field", ["hand_sizes", "deck_sizes"])
    def test_huge_sizes_refused_before_anything_is_built(self, field: str) -> None:
        def huge(data: dict[str, Any]) -> None:
            data[field][1] = 2**63

        refused(second_turn(), 0, huge, rf"observation\.{field}\[1\]: expected 0 to 21")

    def test_card_shown_more_often_than_it_exists_W1(self) -> None:
        """W1: each player has one 10; two in the discard pile cannot be."""
        def discard(data: dict[str, Any]) -> None:
            data["discards"][1] = [10, 10]
            data["deck_sizes"][1] -= 2

        refused(second_turn(), 0, discard, r"shows \[10\] more often than player 1's 18 whales")

    def test_cards_unaccounted_for_W1(self) -> None:
        """W1: hidden places must hold exactly the cards not shown."""
        def lose(data: dict[str, Any]) -> None:
            data["deck_sizes"][1] -= 1

        refused(second_turn(), 0, lose, "20 lie hidden")

    def test_grey_deck_too_small_W1(self) -> None:
        def shrink(data: dict[str, Any]) -> None:
            data["grey_deck_size"] -= 1

        refused(second_turn(), 1, shrink, "grey cards are not shown")

    def test_impossible_turn_refused_like_a_state_W7(self) -> None:
        """The witness goes through `validate_state`: here player 1 has two actions left, so
        has drawn up to five, yet holds three cards with cards in the deck (W7)."""
        def spend(data: dict[str, Any]) -> None:
            data["hand_sizes"][1] = 3
            data["deck_sizes"][1] += 2

        refused(second_turn(), 0, spend, "player 1 starts the turn with 3 cards")

    def test_whales_between_rounds_W17(self) -> None:
        state = play(opening(), "2>1")
        def deal(data: dict[str, Any]) -> None:
            data["phase"] = Phase.DEAL.value

        refused(state, 0, deal, r"^observation: ")

    @pytest.mark.parametrize("player", [2, -1])
    def test_observer_who_is_no_seat(self, player: int) -> None:
        def move(data: dict[str, Any]) -> None:
            data["player"] = player

        refused(second_turn(), 0, move, r"observation\.player: no player")

    def test_validate_observation_refuses_other_objects(self) -> None:
        with pytest.raises(InvalidStateError, match=r"expected a whales_rivals\.Observation"):
            wr.validate_observation(second_turn())  # type: ignore[arg-type]


class TestObservationMessages:
    """W1, W7, W21: a refused observation names the field and the problem in full."""

    @staticmethod
    def message(player: int, edit: Edit) -> str:
        with pytest.raises(InvalidStateError) as err:
            load_edited(second_turn(), player, edit)
        return str(err.value)

    def test_W1_grey_deck_size_out_of_range(self) -> None:
        def grow(data: dict[str, Any]) -> None:
            data["grey_deck_size"] = 19

        assert self.message(1, grow) == "observation.grey_deck_size: expected 0 to 18, got 19"

    def test_W21_own_deck_and_its_size_disagree(self) -> None:
        def shrink(data: dict[str, Any]) -> None:
            data["deck"] = data["deck"][1:]

        assert self.message(1, shrink) == (
            "observation.deck: 15 cards, but deck_sizes[1] is 16")

    def test_W1_grey_card_shown_more_often_than_it_exists(self) -> None:
        def tens(data: dict[str, Any]) -> None:
            data["captured"][0] = [{"value": 10, "shown": True, "seen": [True, False]}] * 2

        assert self.message(0, tens) == (
            "observation: shows [10] more often than the 18 grey whales hold them")

    def test_W1_hidden_cards_unaccounted_for(self) -> None:
        def lose(data: dict[str, Any]) -> None:
            data["deck_sizes"][1] -= 1

        assert self.message(0, lose) == (
            "observation: 21 of player 1's cards are not shown, but 20 lie hidden in hand, "
            "deck and face down at the packs (W1)")

    def test_W1_player_card_shown_more_often_than_it_exists(self) -> None:
        def discard(data: dict[str, Any]) -> None:
            data["discards"][1] = [10, 10]
            data["deck_sizes"][1] -= 2

        assert self.message(0, discard) == (
            "observation: shows [10] more often than player 1's 18 whales and 3 turtles "
            "hold them")

    def test_W1_grey_cards_unaccounted_for(self) -> None:
        def shrink(data: dict[str, Any]) -> None:
            data["grey_deck_size"] -= 1

        assert self.message(1, shrink) == (
            "observation: 15 grey cards are not shown, but 3 unknown ones lie in packs and "
            "piles and 11 in the grey deck (W1)")

    def test_other_objects_named_by_type(self) -> None:
        with pytest.raises(InvalidStateError) as err:
            wr.validate_observation(second_turn())  # type: ignore[arg-type]
        assert str(err.value) == ("observation: expected a whales_rivals.Observation, got "
                                  "whales_rivals.State")


class TestCapturedPilesLoad:
    """W24: observations with two different captured piles load back, for every observer."""

    @pytest.mark.parametrize("player", [0, 1, None])
    def test_W24_each_pile_stays_its_players(self, player: int | None) -> None:
        state = position(round=3, hands=((3,), (3,)),
                         whales=(((1,), (2,)), ((1,), (2,)), ((1,), (2,))),
                         captured=((10,), (1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6)))
        observation = wr.observe(state, player)
        assert from_json(to_json(observation)) == observation
        wr.validate_observation(observation)
