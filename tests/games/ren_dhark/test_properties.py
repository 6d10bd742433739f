"""Ren Dhark invariants as Hypothesis properties over whole random games."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import CHANCE
from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark import CombatType, Options, Phase, State
from boardrules.testing import reachable_states

seeds = st.integers(0, 2**32 - 1)


def playout(seed: int, options: Options | None = None) -> list[tuple[State, rd.Action]]:
    """Play one random game; return every (state, action) step, the final state last."""
    rng = random.Random(seed)
    state = rd.new_game(2, options)
    steps: list[tuple[State, rd.Action]] = []
    while not rd.is_terminal(state):
        action = (rd.sample_chance(state, rng) if rd.to_move(state) is CHANCE
                  else rng.choice(rd.legal_actions(state)))
        steps.append((state, action))
        state = rd.apply(state, action)
    steps.append((state, rd.PASS))
    return steps


class TestConservation:
    """Every card of both decks is in exactly one zone, in every reachable state."""

    @settings(max_examples=40)
    @given(reachable_states(rd, 2))
    def test_cards_are_conserved(self, state: State) -> None:
        rd.validate_state(state)  # includes the per-player conservation check
        assert rd.inventory(state) == rd.inventory(rd.new_game(2))
        assert sum(rd.inventory(state).values()) == 68


class TestGameInvariants:
    """Limits, turn order and the FAQ rulings along whole games."""

    @settings(max_examples=15)
    @given(seeds)
    def test_invariants_along_a_game(self, seed: int) -> None:
        steps = playout(seed)
        final = steps[-1][0]
        assert len(steps) - 1 <= rd.action_bound(2, final.options)
        battles_seen: list[tuple[int, int]] = []
        for (state, action), (after, _) in itertools.pairwise(steps):
            # Hand ≤ 7; a battle starts with full hands unless the deck ran out (D17).
            assert all(len(h) <= rd.HAND_SIZE for h in after.hands)
            if after.phase is Phase.ATTACK and state.phase is not Phase.ATTACK:
                for p in (0, 1):
                    assert len(after.hands[p]) == rd.HAND_SIZE or not after.decks[p] or (
                        state.phase is Phase.ACTIVATE)
                if (after.battle, after.attacker) not in battles_seen:
                    battles_seen.append((after.battle, after.attacker))
            # At most one action card per combat card per duel (D10, FAQ).
            roles = [entry.role for entry in after.duel.played]
            assert len(roles) == len(set(roles))
            # Persons/units never attack before a ship has landed (D7).
            attacking = isinstance(action, rd.Attack) or (
                isinstance(action, rd.CounterStrike) and state.duel.loser == rd.ATTACKER)
            if attacking and not rd.has_landed_ship(state, state.attacker):
                assert isinstance(action, rd.Attack | rd.CounterStrike)
                assert action.as_type is CombatType.SHIP
            # No counter-strike against a counter-strike (D15).
            if state.duel.counter and after.phase is Phase.COUNTER:
                raise AssertionError("a counter-strike was answered by another")
        # Attacker alternation, blue first (D17): battle k is attacked by blue iff k even.
        blue = final.blue
        assert blue is not None
        for battle, attacker in battles_seen:
            assert attacker == (blue if battle % 2 == 0 else 1 - blue)
        assert battles_seen == sorted(battles_seen)

    @settings(max_examples=10)
    @given(seeds)
    def test_the_game_ends_by_victory_or_mutual_skips(self, seed: int) -> None:
        final = playout(seed)[-1][0]
        winner = final.winner
        if winner is not None and rd.has_won(final.landed[winner]):
            assert not rd.has_won(final.landed[1 - winner])
        else:
            assert final.skipped  # D22
            a, b = rd.scores(final)
            assert winner == (0 if a > b else 1 if b > a else None)


class TestNoLeak:
    """A player's observation and legal actions do not depend on the opponent's secrets."""

    @settings(max_examples=25)
    @given(reachable_states(rd, 2), seeds)
    def test_resample_is_indistinguishable(self, state: State, seed: int) -> None:
        rng = random.Random(seed)
        for player in (0, 1):
            other = rd.resample(state, player, rng)
            rd.validate_state(other)
            assert rd.observe(other, player) == rd.observe(state, player)
            assert rd.observe(other, None) == rd.observe(state, None)
            if rd.to_move(state) == player:
                assert rd.legal_actions(other) == rd.legal_actions(state)
            # The opponent's hidden cards really are redrawn (not always the same).
            assert Counter(other.hands[1 - player]) + Counter(other.decks[1 - player]) <= (
                Counter(state.hands[1 - player]) + Counter(state.decks[1 - player])
                + Counter(c for c in (state.duel.attack, state.duel.defense) if c is not None))

    @settings(max_examples=25)
    @given(reachable_states(rd, 2))
    def test_observation_hides_hands_and_face_down_cards(self, state: State) -> None:
        for player in (0, 1):
            seen = rd.observe(state, player)
            assert seen.hand == state.hands[player]
            assert seen.hand_sizes == (len(state.hands[0]), len(state.hands[1]))
            duel = state.duel
            if not duel.revealed and duel.defense is not None and player == state.attacker:
                assert seen.duel.defense is None and seen.duel.defense_type is None
            if not duel.revealed and duel.attack is not None and player != state.attacker:
                assert seen.duel.attack is None
                assert seen.duel.attack_type == duel.attack_type


class TestCustomDecks:
    """Games with custom D30 decks (copies included) keep conservation."""

    @settings(max_examples=5)
    @given(seeds)
    def test_custom_decks_play_to_the_end(self, seed: int) -> None:
        cards = rd.STARTER_I
        blue = (*tuple(n for n in cards.starter_deck(rd.Side.BLUE) if n != "I/31"), "I/27")
        options = Options(decks=(blue, cards.starter_deck(rd.Side.RED)))
        steps = playout(seed, options)
        start = rd.inventory(steps[0][0])
        assert start["I/27 Z-66"] == 2
        for state, _ in steps[::10]:
            assert rd.inventory(state) == start
            rd.validate_state(state)
