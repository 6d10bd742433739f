"""The public conformance kit on Captain Bluff: every player count, and every option.

`tests/test_conformance.py` runs the kit on every game with default options (a
1000-turn limit, so few whole games); here short turn limits let Hypothesis play
whole games quickly, including the ones that end by the turn limit, on every player count with
the specials left out of the draw pile (B3) and in it (the variant), each with another
first player and split of the specials.
"""

from __future__ import annotations

import random

import attrs
import pytest

from boardrules import CHANCE, playout
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import EndTurn, Options, Stage, rules
from boardrules.games.captain_bluff.cards import LUGGAGE_DEAL, SPECIAL_DEAL
from boardrules.testing import check_chance_sampling, check_game
from tests.games.captain_bluff.helpers import always, play, position, turn_states

SPLITS = [(4, 4, 3, 3), (6, 2, 3, 3), (0, 0, 7, 7), (2, 3, 0, 9)]
"""Splits of the 14 specials (star, arrows, eye, plus_one): the default, more stars,
no row specials at all, plus-ones everywhere (their luggage draws, B12)."""


@pytest.mark.parametrize("in_pile", [False, True], ids=["B3", "variant"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_contract_with_every_option(players: int, in_pile: bool) -> None:
    """Whole random games keep every promise of the contract, whatever the options.

    Five players empty the draw pile soonest: their longer games reach the discard pile
    turning into the draw pile (B15) and plus-one draws from it (B12)."""
    options = Options(turn_limit=80 if players == 5 else 30, specials_in_draw_pile=in_pile,
                      first_player=(players - 1 if in_pile else players // 2),
                      specials=SPLITS[(players + in_pile) % len(SPLITS)])
    check_game(cb, players, options, playouts=2)


def test_chance_sampling_of_the_deal_and_the_draws() -> None:
    """`sample_chance` follows `chance_outcomes` in the luggage deal, the specials deal,
    a draw after setting a destination and a plus-one's luggage draw from a pile that
    holds specials too."""
    state = cb.new_game(3)
    check_chance_sampling(cb, state)
    rng = random.Random(0)
    while state.stage is Stage.DEAL and sum(map(len, state.hands)) < 30:
        state = cb.apply(state, cb.sample_chance(state, rng))
    check_chance_sampling(cb, state)  # the first special: star 4/14, arrows 4/14, ...
    variant = Options(specials_in_draw_pile=True)
    drawing = play(position(["r5 r6", "b1"], destinations={0: "r1"}, options=variant),
                   "set 1 r5")
    assert cb.to_move(drawing) is CHANCE
    check_chance_sampling(cb, drawing)
    plus_one = play(position(["plus_one r5", "b1"], destinations={0: "r1"}, options=variant),
                    "plus_one")
    assert cb.to_move(plus_one) is CHANCE and any(c >= cb.LUGGAGE for c in plus_one.draw)
    check_chance_sampling(cb, plus_one)


@pytest.mark.parametrize(("players", "in_pile"), [(2, False), (3, True), (5, False)])
def test_fused_playout_cut_anywhere_in_the_deal(players: int, in_pile: bool) -> None:
    """B2, B3: `playout` deals the whole deal into one state, and stops after any number of
    cards dealt exactly where the reference loop stops, with the same random draws."""
    options = Options(specials_in_draw_pile=in_pile, turn_limit=40)
    start = cb.new_game(players, options)
    size = (LUGGAGE_DEAL[players] + SPECIAL_DEAL[players]) * players
    for limit in (*range(size + 3), None):
        seed = -1 if limit is None else limit
        ours, theirs = random.Random(seed), random.Random(seed)
        assert cb.playout(start, ours, limit) == playout(cb, start, theirs, limit, fused=False)
        assert ours.getstate() == theirs.getstate()


def test_fused_playout_draws_like_the_loop() -> None:
    """B7, B12: the active player's draw takes any card, a plus-one's draws luggage only,
    in the fused playout as in the reference loop."""
    variant = Options(specials_in_draw_pile=True)
    for state in (play(position(["r5 r6", "b1"], destinations={0: "r1"}, options=variant),
                       "set 1 r5"),
                  play(position(["plus_one r5", "b1"], destinations={0: "r1"},
                                options=variant), "plus_one")):
        for seed in range(20):
            for limit in (1, 2, 5):
                ours, theirs = random.Random(seed), random.Random(seed)
                assert cb.playout(state, ours, limit) == \
                    playout(cb, state, theirs, limit, fused=False)
                assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("players", [2, 3, 5])
def test_fused_playout_takes_the_ith_turn_action_without_listing(players: int) -> None:
    """B5-B14: the fused playout counts a turn's actions and builds only the one drawn; the
    count and the i-th action are those of `legal_actions` for every i, in turns before and
    after the main action, with specials in hand and with luggage just picked up (B14)."""
    options = Options(turn_limit=40, specials=SPLITS[players % len(SPLITS)])
    states = [s for seed in range(2) for s in turn_states(options, players, seed)]
    assert any(s.main_done for s in states) and any(not s.main_done for s in states)
    assert any(any(s.picked_up) for s in states)
    for state in states:
        legal = cb.legal_actions(state)
        main, rest = rules._turn_actions(state)
        if main is None:
            assert tuple(rest) == legal
            continue
        hand, plan = main
        grids = rules._main_grids(rules._distinct(hand), plan)
        others = len(rules._listed(grids))
        assert others == plan.per_card * len(rules._distinct(hand)) + plan.fixed
        count = rules._luggage_plays(hand, plan) + others
        assert count + len(rest) == len(legal)
        assert [rules._drawn_turn_action(main, rest, always(i))
                for i in range(len(legal))] == list(legal)


def test_fused_playout_ends_a_turn_with_no_main_action() -> None:
    """B11: with no main action possible (a state outside the invariants: no card, no
    destination, no row) the fused playout ends the turn as the reference loop does."""
    state = position(["r5", "b1"])
    bare = attrs.evolve(state, hands=((), state.hands[1]),
                        draw=tuple(sorted(state.draw + state.hands[0])))
    assert cb.legal_actions(bare) == (EndTurn(),)
    ours, theirs = random.Random(3), random.Random(3)
    assert cb.playout(bare, ours, 1) == playout(cb, bare, theirs, 1, fused=False)
    assert ours.getstate() == theirs.getstate()
