"""Whales Rivals invariants as Hypothesis properties over random games."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
from hypothesis import given
from hypothesis import strategies as st

from boardrules import CHANCE, IllegalActionError
from boardrules.games import whales_rivals as wr
from boardrules.games.whales_rivals import (
    END_ROUND,
    FLIP,
    PEEK,
    SKIP,
    TURTLE,
    TURTLE_AT,
    TURTLE_NO_TARGET,
    Action,
    DealGrey,
    Draw,
    EndRound,
    Flip,
    Grey,
    Options,
    Pack,
    Peek,
    Phase,
    PlayWhale,
    Skip,
    State,
)
from boardrules.testing import reachable_states

seeds = st.integers(0, 2**32 - 1)
options = st.builds(
    Options,
    whale_values=st.one_of(
        st.just(wr.DEFAULT_WHALE_VALUES),
        st.lists(st.integers(1, 12), min_size=18, max_size=18).map(tuple),
    ),
    first_player=st.integers(0, 1),
)


def states(opts: Options | None = None) -> st.SearchStrategy[State]:
    return reachable_states(wr, 2, opts)


def playout(seed: int, opts: Options, end_bias: float = 0.5) -> list[tuple[State, Action]]:
    """Play a random game; `end_bias` is the chance of taking End round when legal."""
    rng = random.Random(seed)
    state = wr.new_game(2, opts)
    steps: list[tuple[State, Action]] = []
    while not wr.is_terminal(state):
        if wr.to_move(state) is CHANCE:
            action: Action = wr.sample_chance(state, rng)
        else:
            legal = wr.legal_actions(state)
            others = [a for a in legal if a is not END_ROUND]
            if END_ROUND in legal and (not others or rng.random() < end_bias):
                action = END_ROUND
            else:
                action = rng.choice(others)
        steps.append((state, action))
        state = wr.apply(state, action)
    steps.append((state, SKIP))  # the final state, with a placeholder action
    return steps


class TestConservation:
    """All 60 cards, each in exactly one place, in every reachable state (W1)."""

    @given(st.data())
    def test_conservation(self, data: st.DataObject) -> None:
        opts = data.draw(options)
        state = data.draw(states(opts))
        inventory = wr.inventory(state)
        assert inventory == wr.inventory(wr.new_game(2, opts))
        assert sum(inventory.values()) == 60
        wr.validate_state(state)


class TestLimits:
    """At most 3 whales per player per pack (W9); at most 5 cards in hand, 5 after drawing (W7)."""

    @given(seeds, options)
    def test_limits(self, seed: int, opts: Options) -> None:
        for state, _ in playout(seed, opts, end_bias=0.1):
            for pack in state.packs:
                assert len(pack.whales[0]) <= 3 and len(pack.whales[1]) <= 3
            assert len(state.hands[0]) <= 5 and len(state.hands[1]) <= 5
            allowance = 1 if state.opening else 2
            if state.phase is Phase.ACT and state.actions_left == allowance:
                p = state.player
                assert len(state.hands[p]) == 5 or not state.decks[p]
            for pack in state.packs:
                assert all(w.value != TURTLE for side in pack.whales for w in side)


def _costs(action: Action) -> int:
    return 0 if isinstance(action, Flip | Peek | Skip | DealGrey | Draw) else 1


def _cannot_act(state: State, player: int) -> bool:
    """Whether `player` would have no legal action in this position (as if it were their turn)."""
    probe = attrs.evolve(state, phase=Phase.ACT, player=player)
    return wr.legal_actions(probe) == ()


class TestTurnOrder:
    """W7, W8, W19: actions per turn, alternation (passing only when unable), round starters."""

    @given(seeds, options, st.sampled_from([0.05, 0.5, 1.0]))
    def test_turns(self, seed: int, opts: Options, end_bias: float) -> None:
        steps = playout(seed, opts, end_bias)
        used = 0
        rounds_started = [(1, opts.first_player)]
        for (state, action), (after, _) in itertools.pairwise(steps):
            if wr.to_move(state) is CHANCE:
                continue
            p = state.player
            used += _costs(action)
            assert used <= (1 if state.opening else 2)
            same_turn = (after.phase in (Phase.ACT, Phase.EXPLORE) and after.player == p
                         and after.round == state.round
                         and after.actions_left == state.actions_left - _costs(action))
            if same_turn:
                continue
            used = 0
            if isinstance(action, EndRound):
                assert after.starter == p and after.player == p  # W19
            if after.round != state.round or after.phase is Phase.OVER:
                if after.phase is not Phase.OVER:
                    rounds_started.append((after.round, after.starter))
                    assert after.player == after.starter and after.opening
                continue
            # A new turn in the same round: the opponent's, unless the opponent could not act.
            assert not after.opening
            if after.player == p:
                assert _cannot_act(after, 1 - p), "a player passed while able to act (W13)"
            else:
                assert after.player == 1 - p
        assert rounds_started[0] == (1, opts.first_player)
        assert [r for r, _ in rounds_started] == list(range(1, len(rounds_started) + 1))


class TestTermination:
    """Every game ends after round 3 within `action_bound` actions (W6)."""

    @given(seeds, options, st.sampled_from([0.0, 0.3, 1.0]))
    def test_ends(self, seed: int, opts: Options, end_bias: float) -> None:
        steps = playout(seed, opts, end_bias)
        final = steps[-1][0]
        assert wr.is_terminal(final) and final.round == 3
        assert len(steps) - 1 <= wr.action_bound(2, opts)
        assert len(final.grey_deck) == 0
        assert sum(len(p) for p in final.captured) + len(final.unclaimed) == 18


def _swap(pile: tuple[int, ...], out: int, into: int) -> tuple[int, ...]:
    items = list(pile)
    items.remove(out)
    items.append(into)
    return tuple(sorted(items))


class TestNoLeak:
    """Changing what a player cannot know never changes that player's observation (W21-W24)."""

    @given(st.data())
    def test_opponent_hand_and_deck(self, data: st.DataObject) -> None:
        state = data.draw(states())
        viewer = data.draw(st.integers(0, 1))
        q = 1 - viewer
        hand, deck = state.hands[q], state.decks[q]
        pairs = sorted({(a, b) for a in hand for b in deck if a != b})
        if not pairs:
            return
        a, b = data.draw(st.sampled_from(pairs))
        hands, decks = list(state.hands), list(state.decks)
        hands[q], decks[q] = _swap(hand, a, b), _swap(deck, b, a)
        other = attrs.evolve(state, hands=(hands[0], hands[1]), decks=(decks[0], decks[1]))
        assert wr.observe(other, viewer) == wr.observe(state, viewer)
        assert wr.observe(other, None) == wr.observe(state, None)
        assert wr.observe(other, q) != wr.observe(state, q)

    @given(st.data())
    def test_unseen_grey_cards(self, data: st.DataObject) -> None:
        state = data.draw(states())
        if state.phase is Phase.OVER or not state.grey_deck:
            return
        viewer = data.draw(st.integers(0, 1))
        spots = [(i, j) for i, pack in enumerate(state.packs)
                 for j, g in enumerate(pack.grey) if not g.known_to(viewer)]
        if not spots:
            return
        i, j = data.draw(st.sampled_from(spots))
        card = state.packs[i].grey[j]
        swaps = [v for v in state.grey_deck if v != card.value]
        if not swaps:
            return
        value = data.draw(st.sampled_from(swaps))
        grey = list(state.packs[i].grey)
        grey[j] = Grey(value, card.shown, card.seen)
        packs = list(state.packs)
        packs[i] = Pack(tuple(grey), state.packs[i].whales)
        other = attrs.evolve(state, packs=(packs[0], packs[1], packs[2]),
                             grey_deck=_swap(state.grey_deck, value, card.value))
        assert wr.observe(other, viewer) == wr.observe(state, viewer)

    @given(st.data())
    def test_hidden_values_are_none(self, data: st.DataObject) -> None:
        state = data.draw(states())
        viewer = data.draw(st.integers(0, 1))
        view = wr.observe(state, viewer)
        assert view.hand == state.hands[viewer]
        for pack, seen in zip(state.packs, view.packs, strict=True):
            for w, v in zip(pack.whales[1 - viewer], seen.whales[1 - viewer], strict=True):
                assert v.value == (w.value if w.face_up else None)
            for g, gv in zip(pack.grey, seen.grey, strict=True):
                assert gv.value == (g.value if g.known_to(viewer) else None)


def _catalog(opts: Options) -> list[Action]:
    values = sorted({v for colour in opts.whale_values for v in colour} | {0})
    out: list[Action] = [DealGrey(v) for v in values]
    out += [Draw(v) for v in values]
    out += [PlayWhale(v, i, up) for v in values for i in range(3) for up in (False, True)]
    out += [t for row in TURTLE_AT for t in row] + [TURTLE_NO_TARGET, END_ROUND, SKIP]
    out += [f for row in FLIP for f in row] + list(PEEK)
    return out


class TestCheckedEqualsMembership:
    """`apply`'s targeted legality check accepts exactly the actions `legal_actions` lists."""

    @given(st.data())
    def test_every_action(self, data: st.DataObject) -> None:
        opts = data.draw(options)
        state = data.draw(states(opts))
        legal = set(wr.legal_actions(state))
        for action in _catalog(opts):
            try:
                wr.apply(state, action)
                accepted = True
            except IllegalActionError as err:
                assert err.state is state and err.reason
                accepted = False
            assert accepted == (action in legal), action


class TestResample:
    """`resample` keeps what the player knows and redraws the rest consistently."""

    @given(st.data())
    def test_resample(self, data: st.DataObject) -> None:
        state = data.draw(states())
        viewer = data.draw(st.integers(0, 1))
        other = wr.resample(state, viewer, random.Random(data.draw(seeds)))
        wr.validate_state(other)
        assert wr.observe(other, viewer) == wr.observe(state, viewer)
        assert wr.inventory(other) == wr.inventory(state)
        q = 1 - viewer
        hidden = Counter([*state.hands[q], *state.decks[q]])
        hidden.update(w.value for p in state.packs for w in p.whales[q] if not w.face_up)
        again = Counter([*other.hands[q], *other.decks[q]])
        again.update(w.value for p in other.packs for w in p.whales[q] if not w.face_up)
        assert hidden == again
