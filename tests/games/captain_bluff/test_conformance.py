"""The public conformance kit on Captain Bluff: every player count, and the options.

`tests/test_conformance.py` runs the kit on every game with default options (a
1000-turn limit, so few whole games); here shorter limits let Hypothesis play more
whole games, including the ones that end by the turn limit, with every option.
"""

from __future__ import annotations

import random

import pytest

from boardrules import CHANCE
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import Options, Stage
from boardrules.testing import check_chance_sampling, check_game
from tests.games.captain_bluff.helpers import play, position


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_contract_with_a_short_turn_limit(players: int) -> None:
    """Whole random games keep every promise of the contract."""
    check_game(cb, players, Options(turn_limit=40), playouts=4)


@pytest.mark.parametrize("players", [2, 5])
def test_contract_with_specials_out_of_the_draw_pile(players: int) -> None:
    """The option ``specials_in_draw_pile=False`` and another first player keep it too."""
    check_game(cb, players, Options(turn_limit=25, specials_in_draw_pile=False,
                                    first_player=1, specials=(6, 2, 3, 3)), playouts=2)


def test_chance_sampling_of_the_deal_and_a_reshuffle() -> None:
    """`sample_chance` follows `chance_outcomes` in the luggage deal, the specials deal
    and a draw from a reshuffled discard pile."""
    state = cb.new_game(3)
    check_chance_sampling(cb, state)
    rng = random.Random(0)
    while state.stage is Stage.DEAL and sum(map(len, state.hands)) < 30:
        state = cb.apply(state, cb.sample_chance(state, rng))
    check_chance_sampling(cb, state)  # the first special: star 4/14, arrows 4/14, ...
    reshuffled = play(position(["r5 r6", "b1"], draw="", destinations={0: "r1"}), "set 1 r5")
    assert cb.to_move(reshuffled) is CHANCE
    check_chance_sampling(cb, reshuffled)
