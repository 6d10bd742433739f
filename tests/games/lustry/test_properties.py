"""Lustry invariants over random games (Hypothesis chooses the seeds)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import CHANCE, IllegalActionError
from boardrules.games import lustry
from boardrules.games.lustry import (
    DECK,
    HAND_SIZE,
    Action,
    Allow,
    Block,
    Defend,
    EndTurn,
    Exchange,
    Options,
    Phase,
    Protection,
    PutUnder,
    State,
)
from boardrules.games.lustry.actions import ALL_ACTIONS
from boardrules.games.lustry.cards import BLOCK_TARGETS, BRANCH, INVERSE

OPTIONS = Options(turn_limit=40, stall_turns=3)
seeds = st.integers(0, 2**32 - 1)
few = settings(max_examples=12, deadline=None)


def walk(seed: int, options: Options = OPTIONS) -> Iterator[tuple[State, Action, State]]:
    """Yield (state, action, next state) through one random game (chance sampled)."""
    rng = random.Random(seed)
    state = lustry.new_game(2, options)
    while not lustry.is_terminal(state):
        if lustry.to_move(state) is CHANCE:
            action = lustry.sample_chance(state, rng)
        else:
            action = rng.choice(lustry.legal_actions(state))
        after = lustry.apply(state, action)
        yield state, action, after
        state = after


class TestConservation:
    """The 75 cards are always all there, each in exactly one zone."""

    @few
    @given(seeds)
    def test_every_state_holds_the_75_cards(self, seed: int) -> None:
        deck = Counter(f"card:{k}" for k in DECK)
        for _, _, state in walk(seed):
            assert lustry.inventory(state) == deck
            lustry.validate_state(state)


class TestHandSizes:
    """Drawing fills a hand to seven at most, and only a hand of fewer than seven draws (L6, L8)."""

    @few
    @given(seeds)
    def test_drawing_stops_at_seven(self, seed: int) -> None:
        for before, action, after in walk(seed):
            if isinstance(action, EndTurn) and not lustry.is_terminal(after):
                hand = len(after.hands[after.player])
                assert (after.phase is Phase.DRAW) == (
                    hand < HAND_SIZE and (any(after.draw) or any(after.discards)))
            if before.phase is Phase.DRAW and after.phase is Phase.PLAY:
                assert len(after.hands[after.player]) <= HAND_SIZE
            if after.phase is Phase.DRAW:
                assert len(after.hands[after.player]) + len(after.pending) < HAND_SIZE


class TestTable:
    """Sequences, blockers and unblockers always obey L9–L16."""

    @few
    @given(seeds)
    def test_sequences_blockers_and_unblockers(self, seed: int) -> None:
        for _, _, state in walk(seed):
            closed: Counter[int] = Counter()
            for i, seq in enumerate(state.sequences):
                if not seq.laid:
                    continue
                colour = "rgb"[i % 3]
                branch = BRANCH[seq.cards[-1]]
                assert all(k[0] == colour and k in branch for k in seq.cards)
                for card, blocker, unblocker in zip(seq.cards, seq.blockers, seq.unblockers,
                                                    strict=True):
                    if blocker is not None:
                        assert card in BLOCK_TARGETS[blocker] and unblocker is None
                    if unblocker is not None:
                        assert INVERSE[card] == unblocker
                closed[i % 3] += seq.closed
                if seq.closed:
                    assert seq.complete and not seq.blocked
            assert all(n <= 1 for n in closed.values())


class TestProtection:
    """No block lands beside an unblocking card's protection, under either reading (L13)."""

    @few
    @given(seeds, st.sampled_from(Protection))
    def test_blocks(self, seed: int, protects: Protection) -> None:
        options = attrs.evolve(OPTIONS, unblock_protects=protects)
        for before, action, after in walk(seed, options):
            if not isinstance(action, Block):
                continue
            i = 3 * (1 - before.player) + "rgb".index(action.target[0])
            seq, now = before.sequences[i], after.sequences[i]
            if protects is Protection.SEQUENCE:
                assert not seq.guarded
            (j,) = [j for j, (b, c) in enumerate(zip(seq.blockers, now.blockers, strict=True))
                    if b != c]
            assert seq.cards[j] == action.target and seq.unblockers[j] is None


class TestExchange:
    """After an exchange the player only puts the old cards under their piles, one decision
    per card that has a choice, until none waits; every card ends known to both (L14)."""

    @few
    @given(seeds)
    def test_exchanges(self, seed: int) -> None:
        for before, action, after in walk(seed):
            if before.phase is Phase.EXCHANGE:
                assert isinstance(action, PutUnder) and lustry.to_move(before) == before.player
                cards = [a.card for a in lustry.legal_actions(before) if isinstance(a, PutUnder)]
                assert len(cards) == len(lustry.legal_actions(before)) >= 2
                assert len(set(cards)) == len(cards) and len({k[0] for k in cards}) == 1
            if isinstance(action, Exchange | PutUnder):
                old = Counter(before.exchanged)
                if isinstance(action, Exchange):
                    seq = before.sequences[3 * before.player + "rgb".index(action.first[0])]
                    old.update(k for k in (*seq.cards, *seq.blockers, *seq.unblockers) if k)
                went = Counter(after.exchanged)
                for d in range(3 * before.player, 3 * before.player + 3):
                    added = after.discards[d][len(before.discards[d]):]
                    assert after.discards[d][:len(before.discards[d])] == before.discards[d]
                    assert all(after.seen[d][len(before.seen[d]):])  # known to both
                    went.update(added)
                assert went == old


class TestTurnOrder:
    """Only `EndTurn` passes the turn; the steal defence is the only out-of-turn action."""

    @few
    @given(seeds)
    def test_turns(self, seed: int) -> None:
        for before, action, after in walk(seed):
            mover = lustry.to_move(before)
            if mover is CHANCE:
                assert after.player == before.player
                continue
            if mover != before.player:
                assert before.phase is Phase.DEFEND and isinstance(action, Allow | Defend)
            else:
                assert not isinstance(action, Allow | Defend)
            if isinstance(action, EndTurn):
                assert after.turn == before.turn + 1
                assert lustry.is_terminal(after) or after.player == 1 - before.player
            else:
                assert after.player == before.player and after.turn == before.turn


class TestNoLeak:
    """A player's view shows no card they cannot know, and resampling keeps their view."""

    @few
    @given(seeds)
    def test_views(self, seed: int) -> None:
        rng = random.Random(seed)
        for step, (_, _, state) in enumerate(walk(seed)):
            if step % 7:
                continue
            for p in (0, 1):
                view = lustry.observe(state, p)
                q = 1 - p
                shown = [k for k in view.hands[q] if not k.endswith("?")]
                assert Counter(shown) == Counter(state.exposed[q])
                assert Counter(k[0] for k in view.hands[q]) == Counter(k[0] for k in state.hands[q])
                for i in range(3 * q, 3 * q + 3):
                    for card, mark, seen_card in zip(state.discards[i], state.seen[i],
                                                     view.discards[i], strict=True):
                        assert seen_card == (card if mark else card[0] + "?")
                other = lustry.resample(state, p, rng)
                assert lustry.observe(other, p) == view
                assert other.hands[p] == state.hands[p]
                if lustry.to_move(state) == p:
                    assert lustry.legal_actions(other) == lustry.legal_actions(state)


class TestTermination:
    """Every game ends within `action_bound`, also with the default options."""

    @settings(max_examples=3, deadline=None)
    @given(seeds)
    def test_default_options(self, seed: int) -> None:
        options = Options()
        bound = lustry.action_bound(2, options)
        steps = sum(1 for _ in walk(seed, options))
        assert steps <= bound


class TestCheckedEqualsMembership:
    """`apply` accepts an action exactly when `legal_actions` lists it."""

    @few
    @given(seeds)
    def test_membership(self, seed: int) -> None:
        rng = random.Random(seed)
        for step, (state, _, _) in enumerate(walk(seed)):
            if step % 5:
                continue
            legal = set(lustry.legal_actions(state))
            for action in rng.sample(ALL_ACTIONS, 25):
                try:
                    lustry.apply(state, action)
                except IllegalActionError as err:
                    assert action not in legal and err.state is state and err.reason
                else:
                    assert action in legal
