"""Lustry observations loaded from JSON: refused unless some possible state shows them to their
observer (L19, and every rule `validate_state` checks)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from boardrules import InvalidStateError, from_data, to_data
from boardrules.games import lustry
from boardrules.testing import random_playout
from tests.games.lustry.test_json import midgame

Edit = Callable[[dict[str, Any]], object]


def load_edited(player: int | None, edit: Edit) -> object:
    """Load `player`'s observation of `midgame()` after `edit` changed its JSON data.

    In `midgame()` player 1 is to play; player 0 holds g0 b1c b2cf and has discarded b3cf
    (unseen by player 1); player 1 stole red and holds r3cf (known to both) and six cards
    player 0 knows only by colour.
    """
    data: dict[str, Any] = copy.deepcopy(to_data(lustry.observe(midgame(), player)))
    edit(data["data"])
    return from_data(data)


def refused(player: int | None, edit: Edit, match: str) -> None:
    with pytest.raises(InvalidStateError, match=match):
        load_edited(player, edit)


class TestObservationsLoad:
    """Real observations load back; each kind of impossible one is refused, naming why."""

    @pytest.mark.parametrize("player", [0, 1, None])
    def test_round_trip(self, player: int | None) -> None:
        observation = lustry.observe(midgame(), player)
        assert load_edited(player, lambda data: None) == observation

    def test_opponents_hidden_card_shown_L19(self) -> None:
        """L19: of the opponent's hand a player knows the colours and the exposed cards."""
        refused(0, lambda d: d["hands"][1].__setitem__(6, "b1s"),
                r"observation\.hands\[1\]\[6\]: 'b1s' is not what the observer sees")

    def test_unseen_discard_shown_L19(self) -> None:
        """L19: a card the opponent discarded from hand shows only its colour."""
        refused(1, lambda d: d["discards"][2].__setitem__(0, "b3cf"),
                r"observation\.discards\[2\]\[0\]: 'b3cf'")

    def test_own_hand_hidden_L19(self) -> None:
        refused(1, lambda d: d["hands"][1].__setitem__(1, "r?"),
                r"observation\.hands\[1\]\[1\]: 'r\?'")

    def test_hidden_card_of_another_colour_in_a_pile_L11(self) -> None:
        """L11: a discard pile holds cards of its colour only."""
        def recolour(data: dict[str, Any]) -> None:
            data["discards"][2][0] = "r?"
            data["draw_sizes"][0] -= 1  # the cards still add up: one red more hidden,
            data["draw_sizes"][2] += 1  # one blue less

        refused(1, recolour, r"^observation: discards\[2\]\[0\]: r\w+ is not of colour b")

    @pytest.mark.parametrize(("code", "words"), [
        ("x9", "'x9' is not a card"), ("q?", r"'q\?' is neither a card nor a hidden card")])
    def test_no_card(self, code: str, words: str) -> None:
        refused(0, lambda d: d["hands"][0].__setitem__(0, code),
                r"observation\.hands\[0\]\[0\]: " + words)

    def test_card_shown_twice_L3(self) -> None:
        """L3: there is one r3cf; player 1 holds it, so player 0 cannot hold one too."""
        def twice(data: dict[str, Any]) -> None:
            data["hands"][0].append("r3cf")
            data["draw_sizes"][0] -= 1

        refused(0, twice, r"shows \['r3cf'\] more often than the 25 r cards hold them")

    def test_cards_unaccounted_for_L1(self) -> None:
        refused(0, lambda d: d["draw_sizes"].__setitem__(1, d["draw_sizes"][1] + 1),
                r"g cards are not shown, but .* lie hidden")

    @pytest.mark.parametrize(("field", "index", "words"), [
        ("draw_sizes", 0, "expected 0 to 25"), ("steals", 4, "expected 0 to 3")])
    def test_huge_counts_refused_before_anything_is_built(self, field: str, index: int,
                                                          words: str) -> None:
        refused(0, lambda d: d[field].__setitem__(index, 2**63),
                rf"observation\.{field}\[{index}\]: {words}")

    @pytest.mark.parametrize(("field", "words"), [
        ("draw_sizes", "expected 3 entries"), ("hands", "expected 2 entries"),
        ("sequences", "expected 6 entries")])
    def test_missing_entries(self, field: str, words: str) -> None:
        refused(0, lambda d: d[field].pop(), rf"observation\.{field}: {words}")

    def test_seen_marks_must_fit_the_piles(self) -> None:
        refused(0, lambda d: d["seen"][2].append(True), r"observation\.seen\[2\]: expected one")

    def test_impossible_turn_refused_like_a_state_L6(self) -> None:
        """The witness goes through `validate_state`: a player still drawing with seven cards."""
        refused(0, lambda d: d.update(phase="draw"), r"^observation: phase: player 1 has "
                r"finished drawing")

    def test_validate_observation_refuses_other_objects(self) -> None:
        with pytest.raises(InvalidStateError, match=r"expected a lustry\.Observation"):
            lustry.validate_observation(midgame())  # type: ignore[arg-type]


def test_a_winner_who_is_no_player_is_refused_L17() -> None:
    """L17: the winner of a won game is player 0 or 1; 5 raised IndexError on loading."""
    state, _ = random_playout(lustry, 2, None, random.Random(0))
    assert state.winner == 1
    data: dict[str, Any] = copy.deepcopy(to_data(state))
    data["data"]["winner"] = 5
    with pytest.raises(InvalidStateError, match="winner: expected 0, 1 or None, got 5"):
        from_data(data)


class TestObservationMessages:
    """L19: a refused observation names the field and the problem in full."""

    @staticmethod
    def message(player: int | None, edit: Edit) -> str:
        with pytest.raises(InvalidStateError) as err:
            load_edited(player, edit)
        return str(err.value)

    @pytest.mark.parametrize("seat", [2, -1])
    def test_L19_observer_who_is_no_seat(self, seat: object) -> None:
        assert self.message(0, lambda d: d.update(player=seat)) == (
            f"observation.player: no player {seat!r} in a 2-player game (None: a spectator)")

    def test_L7_one_knowledge_entry_per_pending_card(self) -> None:
        assert self.message(0, lambda d: d.update(pending_known=[1])) == (
            "observation.pending_known: expected one entry per pending card")

    def test_L1_not_an_observation(self) -> None:
        with pytest.raises(InvalidStateError) as err:
            lustry.validate_observation(3)  # type: ignore[arg-type]
        assert str(err.value) == "observation: expected a lustry.Observation, got int"

    def test_L3_card_shown_more_often_than_it_exists(self) -> None:
        """L3: there is one r3cf; player 1 holds it, so player 0 cannot hold one too."""
        def twice(data: dict[str, Any]) -> None:
            data["hands"][0].append("r3cf")
            data["draw_sizes"][0] -= 1

        assert self.message(0, twice) == (
            "observation: shows ['r3cf'] more often than the 25 r cards hold them")

    def test_L1_cards_unaccounted_for(self) -> None:
        """L1: one green card more in the draw pile than the green cards not shown."""
        def one_more(data: dict[str, Any]) -> None:
            data["draw_sizes"][1] += 1

        assert self.message(0, one_more) == (
            "observation: 24 g cards are not shown, but 25 lie hidden in the draw pile, hands, "
            "discard piles and pending cards (L1, L3)")

    def test_L19_a_hidden_card_is_a_colour_and_a_question_mark(self) -> None:
        assert self.message(0, lambda d: d["hands"][1].__setitem__(6, "rr?")) == (
            "observation.hands[1][6]: 'rr?' is neither a card nor a hidden card of a colour "
            "(r?, g?, b?)")

    def test_L19_laid_cards_are_shown_in_full(self) -> None:
        assert self.message(0, lambda d: d["sequences"][0]["cards"].__setitem__(0, "r?")) == (
            "observation.sequences[0].cards[0]: 'r?' is not a card (cards there are public, "
            "shown in full)")
