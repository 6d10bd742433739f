"""Captain Bluff's numeric layer: the action space and its bound, the tensors, information
states and truncation (B17). The conformance kit checks the rest on every configuration
(`test_conformance.py`)."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

from boardrules import CHANCE, TERMINAL, BoardrulesError
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import Options
from boardrules.numeric.spaces import InfoState
from tests.games.captain_bluff.helpers import C, play, position


class TestActionSpace:
    """The numbering: the same for every configuration, every legal action in it."""

    def test_same_numbering_for_every_configuration(self) -> None:
        space = cb.action_space(2)
        assert (space.size, space.chance_size, space.max_legal) == (5780, 55, cb.MAX_LEGAL)
        for players in (3, 4, 5):
            other = cb.action_space(players, Options(specials=(14, 0, 0, 0), turn_limit=9))
            assert other.actions == space.actions and other.chance_actions == space.chance_actions
        assert str(space.action(5550)) == "star 0=1" and str(space.action(5681)) == "pickup 0 1"
        assert str(space.action(5538)) == "take 0" and str(space.action(5543)) == "take 5"
        assert space.index(cb.PickUp(5, cb.MAX_PICK_UP)) == 5776
        assert cb.MAX_LEGAL == 6 * (2 + 3 * 17 * 17) + 22 + 1 == 5237

    def test_B14_the_longest_pick_up_is_in_the_space(self) -> None:
        """After arrows a row may go on with every other luggage card of its destination:
        16 may be picked up, never more (one destination, each card once, and the row's
        first card stays)."""
        row = "r1 arrows " + " ".join(f"r{v}" for v in range(17, 1, -1))
        state = position(["g1", "b1"], destinations={0: "b2"}, rows={0: row}, main_done=True)
        picks = [a for a in cb.legal_actions(state) if isinstance(a, cb.PickUp)]
        assert max(a.count for a in picks) == cb.MAX_PICK_UP == 16
        space = cb.action_space(2)
        assert all(space.action(space.index(a)) is a for a in picks)

    def test_B6_max_legal_counts_every_run_of_a_hand_on_each_new_row(self) -> None:
        """A conveyor with a destination card and no row offers every run of the hand: 17 × 17
        for a destination held whole (the bound counts 3 × 289 on each of six conveyors)."""
        reds = " ".join(f"r{v}" for v in range(1, 18))
        state = position([reds, "b1"], destinations={0: "b2"})
        legal = cb.legal_actions(state)
        plays = [a for a in legal if isinstance(a, cb.PlayLuggage)]
        assert len(plays) == 17 * 17
        space = cb.action_space(2)
        assert len(legal) <= space.max_legal
        assert sum(space.legal_mask(state)) == len(legal)


SPLITS = [(4, 4, 3, 3), (6, 2, 3, 3), (0, 0, 7, 7), (2, 3, 0, 9)]
"""Splits of the specials, as the conformance kit's runs use them (test_conformance.py)."""


def _indices_states(players: int, in_pile: bool, seed: int) -> list[cb.State]:
    """Every state of five random games, and positions random games seldom reach."""
    options = Options(turn_limit=30, specials_in_draw_pile=in_pile,
                      first_player=players - 1 if in_pile else players // 2,
                      specials=SPLITS[(players + in_pile) % len(SPLITS)])
    rng = random.Random(seed)
    out = []
    for _ in range(5):
        state = cb.new_game(players, options)
        out.append(state)
        while not cb.is_terminal(state):
            if cb.to_move(state) is CHANCE:
                state = cb.apply_unchecked(state, cb.sample_chance(state, rng))
            else:
                legal = cb.legal_actions(state)
                state = cb.apply_unchecked(state, legal[rng.randrange(len(legal))])
            out.append(state)
    reds = " ".join(f"r{v}" for v in range(1, 18))
    others = ["b1", "b3", "b5", "b7"][:players - 1]
    options = attrs.evolve(options, specials=SPLITS[0], first_player=0)  # seat 0 acts
    out += [
        position([reds + " g3 g4 b9 star eye", *others], destinations={0: "b2", 3: "g1"},
                 options=options),
        position(["r5 r6 r7 r9 g2 arrows", *others], destinations={1: "r1", 2: "g9"},
                 rows={1: "r4", 2: "g8 arrows g6"}, options=options),  # one card; arrows
        position(["r5 r6", *others], destinations={0: "r1"}, rows={0: "r9 r8"},
                 picked_up=["r5 r6", *([""] * (players - 1))],
                 options=options),  # held back (B14): no main action (B11)
        position(["r5 star", *others], destinations={0: "r1"}, rows={0: "r4"}, main_done=True,
                 options=options),
    ]
    return out


@pytest.mark.parametrize(("players", "in_pile"), [(2, False), (3, True), (4, False), (5, True)])
def test_fast_indices_and_mask_are_those_of_legal_actions(players: int, in_pile: bool) -> None:
    """The action space's `legal_indices` and `legal_mask`, which come from the rules' own
    listing of the indices (no action built or looked up, `numeric._legal_indices`), are the
    indices of `legal_actions` looked up one by one, in order, at every state: the setup
    (B4), turns before and after the main action with and without specials (B5-B12), held
    back luggage (B14) and no main action (B11), challenge windows (B13), the end; at a
    chance node the hook answers None (the space lists the draws) and the mask is refused.
    Every call is the first for its state (consecutive states differ: no memo)."""
    states = _indices_states(players, in_pile, seed=players)
    space = cb.action_space(players, states[0].options)
    expected = [tuple(map(space.chance_index if cb.to_move(s) is CHANCE else space.index,
                          cb.legal_actions(s))) for s in states]
    decisions = [s for s in states if cb.to_move(s) is not CHANCE]
    masks = [space.legal_mask(s) for s in decisions]
    found = [space.legal_indices(s) for s in states]
    sizes = set()
    for state, want, got in zip(states, expected, found, strict=True):
        assert got == want
        if cb.to_move(state) is CHANCE:
            assert cb.numeric._legal_indices(state) is None
        else:
            assert cb.numeric._legal_indices(state) == want
            sizes.add(len(want))
    for state, mask in zip(decisions, masks, strict=True):
        ones = bytearray(space.size)
        for a in cb.legal_actions(state):
            ones[space.index(a)] = 1
        assert mask == ones
    assert 0 in sizes and 1 in sizes and max(sizes) > 17 * 17
    assert any(s.window is not None for s in decisions)
    assert any(s.stage is cb.Stage.PLACE for s in decisions)
    with pytest.raises(BoardrulesError, match="chance node"):
        space.legal_mask(states[0])


class TestTensors:
    """Observation tensors: seat-relative, in 0 … 1, different for different observations."""

    @staticmethod
    def states(players: int, seed: int, options: Options | None = None) -> list[cb.State]:
        rng = random.Random(seed)
        state = cb.new_game(players, options or Options(turn_limit=40))
        out = [state]
        while cb.to_move(state) is not TERMINAL:
            if cb.to_move(state) is CHANCE:
                state = cb.apply(state, cb.sample_chance(state, rng))
            else:
                state = cb.apply(state, rng.choice(cb.legal_actions(state)))
            out.append(state)
        return out

    @pytest.mark.parametrize("players", [2, 3, 4, 5])
    def test_entries_lie_in_0_to_1(self, players: int) -> None:
        """Observation and information-state tensors (as the adapters' spaces declare)."""
        size = cb.observation_shape(players, Options(turn_limit=40))[0]
        states = self.states(players, players)
        for state in states[::3]:
            for p in [*range(players), None]:
                tensor = cb.observe_tensor(state, p)
                assert len(tensor) == size and min(tensor) >= 0.0 and max(tensor) <= 1.0
        info = InfoState.initial(cb, states[0], players - 1)
        for state, after in itertools.pairwise(states):
            action = next(a for a in cb.legal_actions(state) if cb.apply(state, a) == after)
            info = info.advance(cb, state, action, after)
        tensor = cb.info_state_tensor(info)
        assert len(tensor) == cb.info_state_shape(players, Options(turn_limit=40))[0]
        assert min(tensor) >= 0.0 and max(tensor) <= 1.0 and max(tensor) == 1.0

    def test_seat_relative(self) -> None:
        """The observer's own segments come first: seat 1 sees its hand size first."""
        state = position(["r3 r4 r5", "b1"], destinations={0: "r1"})
        layout = cb.tensor_layout(2)
        sizes = layout["hand_sizes"].offset
        for seat, first in ((0, 3), (1, 1)):
            tensor = cb.observe_tensor(state, seat)
            assert tensor[sizes] == pytest.approx(first / 65)
            assert tensor[layout["observer"].offset + seat] == 1.0
        active = layout["active"].offset
        assert cb.observe_tensor(state, 0)[active] == 1.0
        assert cb.observe_tensor(state, 1)[active + 1] == 1.0

    def test_B12_the_value_a_star_names_is_in_the_tensor(self) -> None:
        """Two rows that differ only in the value their star names give different tensors."""
        up = position(["g1", "b1"], destinations={0: "r1"}, rows={0: "r5 star=6"})
        down = position(["g1", "b1"], destinations={0: "r1"}, rows={0: "r5 star=4"})
        assert cb.observe_tensor(up, 1) != cb.observe_tensor(down, 1)

    def test_B10_buried_cards_by_who_knows_them(self) -> None:
        """Face-down discards: those the observer knows by card, the others by who knows them."""
        state = position(["g1", "b1 b2"], destinations={0: "r1"}, discard="r9 r10",
                         buried=[("r5", (0,)), ("r6", (1,))])
        layout = cb.tensor_layout(2)
        for seat in (0, 1):
            tensor = cb.observe_tensor(state, seat)
            known = layout["buried_known"]
            unknown = layout["buried_unknown"]
            mine = C("r5") if seat == 0 else C("r6")
            assert tensor[known.offset + 2 * mine] == 1.0  # by me alone: the others' set 0
            assert tensor[unknown.offset + 0b10] == pytest.approx(1 / 65)  # by the other only
        spectator = cb.observe_tensor(state, None)
        assert spectator[layout["buried_unknown"].offset + 0b01] == pytest.approx(1 / 65)
        assert spectator[layout["buried_unknown"].offset + 0b10] == pytest.approx(1 / 65)


class TestInformationStates:
    """B18: what a player may not see leaves their information state alone."""

    def test_B18_a_hidden_draw_changes_only_the_drawer_s_information_state(self) -> None:
        state = position(["r5 r6", "b1"], destinations={0: "r1"})
        state = play(state, "set 1 r5")
        assert cb.to_move(state) is CHANCE and state.draws == (0,)
        infos = {}
        for card in sorted(set(state.draw))[:2]:
            after = cb.apply(state, cb.DRAW[card])
            infos[card] = [InfoState.initial(cb, state, p).advance(cb, state, cb.DRAW[card], after)
                           for p in (0, 1)]
        first, second = infos.values()
        assert first[1] == second[1] and "draw ?" in str(first[1])
        assert first[0] != second[0]
        assert cb.info_state_tensor(first[1]) == cb.info_state_tensor(second[1])
        assert cb.info_state_tensor(first[0]) != cb.info_state_tensor(second[0])

    def test_B9_a_swap_shows_the_card_taken_to_the_taker_only(self) -> None:
        """The taker's transcript names the card that came into the hand and the card put
        down; the others' names the conveyor, and the card put down as ``set 0 ?``."""
        state = position(["r5 r7", "b1"], destinations={0: "r1"})
        mid = play(state, "take 0")
        after = play(mid, "set 0 r5")
        mine = InfoState.initial(cb, state, 0).advance(cb, state, cb.TAKE[0], mid)
        assert "hand=[0,4,6]" in str(mine).splitlines()[1] and "swap=[0,0]" in str(mine)
        mine = mine.advance(cb, mid, cb.SET[0][C("r5")], after)
        assert "set 0 r5 | hand=[0,6]" in str(mine)
        other = InfoState.initial(cb, state, 1).advance(cb, state, cb.TAKE[0], mid)
        assert "swap=[0,null]" in str(other) and "hand=" not in str(other)
        other = other.advance(cb, mid, cb.SET[0][C("r5")], after)
        assert "set 0 ?" in str(other) and "hand=" not in str(other)

    def test_B9_the_tensor_shows_the_swap_and_to_the_taker_the_card(self) -> None:
        state = play(position(["r5 r7", "b1"], destinations={0: "r1"}), "take 0")
        layout = cb.tensor_layout(2)
        swap, card = layout["swap"], layout["swap_card"]
        for viewer in (0, 1, None):
            tensor = cb.observe_tensor(state, viewer)
            assert tensor == cb.observation_tensor(cb.observe(state, viewer))
            assert list(tensor[swap.offset:swap.offset + swap.length]) == [0, 1, 0, 0, 0, 0, 0]
            seen = list(tensor[card.offset:card.offset + card.length])
            assert seen == ([1.0] + [0.0] * 54 if viewer == 0 else [0.0] * 55)
        before = cb.observe_tensor(play(state, "set 0 r5"), 1)
        assert before[swap.offset] == 1.0

    def test_layout_is_not_called_perfect_recall(self) -> None:
        layout = cb.info_state_layout(3)
        assert not layout.perfect_recall
        assert layout.size == cb.info_state_shape(3)[0]
        assert layout["history"].length == cb.HISTORY * (1 + 3 + 1 + 13)


class TestB17Truncation:
    """B17: the turn limit is an engine bound: the game is truncated, not drawn."""

    def test_B17_turn_limit_truncates(self) -> None:
        state = position(["r3", "b1"], destinations={0: "r1"}, options=Options(turn_limit=4))
        state = play(state, "check 0", "end", "check 0", "end")
        result = cb.result(state)
        assert result.finished and result.truncated and result.winners == ()

    def test_B16_a_win_is_not_truncated(self) -> None:
        state = position(["r2", "b1"], destinations={0: "r9"}, rows={0: "r1"})
        state = play(state, "play 0 r2", "pass")
        assert state.winner == 0
        result = cb.result(state)
        assert result.finished and not result.truncated and result.winners == (0,)

    def test_unfinished_game_is_not_truncated(self) -> None:
        assert not cb.result(cb.new_game(2)).truncated
