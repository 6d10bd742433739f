"""KIVI invariants as Hypothesis properties over whole random games."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from boardrules import CHANCE, IllegalActionError
from boardrules.games import kivi
from boardrules.games.kivi import Displace, Forfeit, HighestRule, Options, Place, Reroll, Roll
from boardrules.testing import reachable_states

seeds = st.integers(0, 2**32 - 1)
players = st.integers(2, 4)
rules = st.sampled_from(list(HighestRule))


class TestStoneConservation:
    """On board + forfeited + in supply = 10 for every player, in every reachable state."""

    @given(st.data())
    def test_conservation(self, data: st.DataObject) -> None:
        n = data.draw(players)
        state = data.draw(reachable_states(kivi, n))
        for p in range(n):
            on_board = sum(1 for owner in state.cells if owner == p)
            assert on_board + state.lost[p] + state.supply(p) == 10


class TestTurns:
    """Each turn: ≤ 3 rolls, then exactly one placement or forfeit; seats in order; 10 × N turns."""

    @given(seeds, players, rules)
    def test_turn_structure(self, seed: int, n: int, rule: HighestRule) -> None:
        rng = random.Random(seed)
        state = kivi.new_game(n, Options(highest_rule=rule))
        turns: list[tuple[int, int, int]] = []  # (player, rolls, stones played)
        rolls = stones = 0
        while not kivi.is_terminal(state):
            mover = kivi.to_move(state)
            action = (kivi.sample_chance(state, rng) if mover is CHANCE
                      else rng.choice(kivi.legal_actions(state)))
            player = state.player
            if isinstance(action, Roll):
                rolls += 1
            if isinstance(action, Place | Displace | Forfeit):
                stones += 1
            state = kivi.apply(state, action)
            if state.player != player or kivi.is_terminal(state):
                turns.append((player, rolls, stones))
                rolls = stones = 0
        assert len(turns) == 10 * n
        assert [p for p, _, _ in turns] == [t % n for t in range(10 * n)]
        assert all(1 <= r <= 3 and s == 1 for _, r, s in turns)


class TestPlacementsFollowTheRoll:
    """A stone is on a square only if the roll that placed it allowed it (K7, K8)."""

    @given(seeds, players)
    def test_every_placement_is_allowed_by_the_dice(self, seed: int, n: int) -> None:
        rng = random.Random(seed)
        state = kivi.new_game(n)
        layout = state.options.layout
        while not kivi.is_terminal(state):
            if kivi.to_move(state) is CHANCE:
                state = kivi.apply(state, kivi.sample_chance(state, rng))
                continue
            action = rng.choice(kivi.legal_actions(state))
            info = kivi.analyse(state.dice)
            if isinstance(action, Place):
                assert state.cells[action.square] is None
                assert info.wild or layout.combination[action.square] in info.satisfied
            elif isinstance(action, Displace):
                assert info.six_of_a_kind
                assert state.cells[action.square] not in (None, state.player)
                assert state.cells[action.to] is None
            elif isinstance(action, Reroll):
                assert state.rolls < 3
            else:
                assert state.rolls == 3 and not any(
                    isinstance(a, Place | Displace) for a in kivi.legal_actions(state))
            state = kivi.apply(state, action)


class TestCheckedEqualsMembership:
    """`apply`'s targeted check at chance nodes accepts exactly the listed outcomes."""

    @given(st.lists(st.integers(0, 7), min_size=0, max_size=7), st.integers(1, 6))
    def test_roll_check(self, values: list[int], pending: int) -> None:
        state = kivi.new_game(2)
        if pending < 6:
            state = kivi.apply(state, Roll((1, 1, 2, 3, 5, 6)))
            state = kivi.apply(state, Reroll(state.dice[:pending]))
        action = Roll(tuple(values))
        listed = action in kivi.legal_actions(state)
        try:
            kivi.apply(state, action)
            accepted = True
        except IllegalActionError:
            accepted = False
        assert accepted == listed

