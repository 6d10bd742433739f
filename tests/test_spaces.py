"""The numeric layer (`boardrules.numeric.spaces`): action spaces, layouts, information states,
`Result.truncated`, and the golden digests that pin every configuration's indices."""

from __future__ import annotations

import copy
import gc
import hashlib
import itertools
import pickle
import random
import weakref
from fractions import Fraction
from typing import Any

import pytest

from boardrules import CHANCE, BoardrulesError, InvalidOptionsError, Result
from boardrules.errors import UnknownActionError
from boardrules.games import GAMES, kivi
from boardrules.numeric.spaces import (
    ActionSpace,
    InfoState,
    LayoutBuilder,
    TensorLayout,
)
from boardrules.testing import random_playout


def _digest(space: ActionSpace[Any]) -> str:
    text = "\n".join(map(str, space.actions)) + "\n--\n" + "\n".join(map(str, space.chance_actions))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# Indices stay the same while RULES_VERSION does: a change here must come with a new version.
GOLDEN: dict[tuple[str, str, int], tuple[str, int, int, int]] = {
    ("captain_bluff", "3", 2): ("ff41c6684aca045c", 5780, 55, 5237),
    ("captain_bluff", "3", 3): ("ff41c6684aca045c", 5780, 55, 5237),
    ("captain_bluff", "3", 4): ("ff41c6684aca045c", 5780, 55, 5237),
    ("captain_bluff", "3", 5): ("ff41c6684aca045c", 5780, 55, 5237),
    ("kivi", "2", 2): ("841c1b85d5341647", 3325, 923, 435),
    ("kivi", "2", 3): ("841c1b85d5341647", 3325, 923, 615),
    ("kivi", "2", 4): ("841c1b85d5341647", 3325, 923, 631),
    ("lustry", "2", 2): ("9e25830bcf75e49e", 500, 57, 181),
    ("ren_dhark", "2", 2): ("ef5540f732191fda", 131, 110, 15),
    ("whales_rivals", "1", 2): ("a651b747c50887e7", 66, 15, 25),
}
"""(game, rules version, players) → (digest of the notation of every action and chance
outcome, size, chance size, max_legal) under the default options."""


@pytest.mark.parametrize(("name", "version", "players"), sorted(GOLDEN),
                         ids=[f"{n}-{p}p" for n, _, p in sorted(GOLDEN)])
def test_indices_are_pinned(name: str, version: str, players: int) -> None:
    """The numbering of every action and outcome is the one documented for this version."""
    game: Any = GAMES[name]
    assert version == game.RULES_VERSION, "new rules version: pin the new indices"
    space = game.action_space(players)
    assert (_digest(space), space.size, space.chance_size, space.max_legal) == GOLDEN[
        name, version, players]


class TestActionSpace:
    """`ActionSpace` on KIVI: bijections, errors, masks, pickling."""

    space = kivi.action_space(2)

    def test_bijection(self) -> None:
        for i, action in enumerate(self.space.actions):
            assert self.space.index(action) == i
        assert self.space.index(kivi.Displace(0, 1)) == 49  # an equal, not shared, object
        assert self.space.chance_index(kivi.Roll((6,) * 6)) == 922

    def test_refuses_what_is_not_in_the_space(self) -> None:
        with pytest.raises(UnknownActionError, match="not a player action of kivi"):
            self.space.index(kivi.Roll((1,)))
        with pytest.raises(UnknownActionError, match=r"0 to 3324"):
            self.space.action(3325)
        for bad in (True, -1, 1.0, "1"):
            with pytest.raises(UnknownActionError) as err:
                self.space.action(bad)  # type: ignore[arg-type]
            assert err.value.value is bad
        with pytest.raises(UnknownActionError, match="not a chance outcome"):
            self.space.chance_index(kivi.FORFEIT)
        with pytest.raises(UnknownActionError):
            self.space.index([1, 2])  # unhashable
        with pytest.raises(UnknownActionError, match="not an announcement"):
            self.space.announcement_index("roll 7")
        assert issubclass(UnknownActionError, BoardrulesError)
        assert issubclass(UnknownActionError, ValueError)

    def test_legal_indices_mask_and_chance(self) -> None:
        state = kivi.new_game(2)
        assert self.space.legal_indices(state) == tuple(range(923 - 462, 923))
        with pytest.raises(BoardrulesError, match="chance node"):
            self.space.legal_mask(state)
        outcomes = self.space.chance_indices(state)
        assert outcomes[0] == (461, Fraction(1, 6**6))
        state = kivi.apply(state, kivi.Roll((3, 3, 3, 3, 3, 3)))  # six of a kind
        legal = kivi.legal_actions(state)
        indices = self.space.legal_indices(state)
        assert [self.space.action(i) for i in indices] == list(legal)
        mask = self.space.legal_mask(state)
        assert len(mask) == 3325 and sum(mask) == len(legal) == 49 + 6
        state, _ = random_playout(kivi, 2, rng=random.Random(3))
        assert self.space.legal_indices(state) == ()
        assert not any(self.space.legal_mask(state))

    def test_mask_of_equal_copies_of_the_actions(self) -> None:
        """A game whose `legal_actions` hands out equal copies, not the space's own
        objects, gets the same indices and mask (the lookup by value), also at a chance
        node's refusal."""
        def copies(state: Any) -> tuple[Any, ...]:
            return tuple(copy.copy(a) for a in kivi.legal_actions(state))

        space: ActionSpace[Any] = ActionSpace(
            game="kivi", module="boardrules.games.kivi", players=2, options=kivi.Options(),
            actions=self.space.actions, chance_actions=self.space.chance_actions,
            max_legal=self.space.max_legal, legal_actions=copies,
            chance_outcomes=kivi.chance_outcomes)
        start = kivi.new_game(2)
        with pytest.raises(BoardrulesError, match="chance node"):
            space.legal_mask(start)
        state = kivi.apply(start, kivi.Roll((3, 3, 3, 3, 3, 3)))
        assert copies(state)[0] is not kivi.legal_actions(state)[0]
        mask = space.legal_mask(state)
        assert mask == self.space.legal_mask(state) and sum(mask) == 49 + 6
        assert space.legal_indices(state) == self.space.legal_indices(state)
        assert space.legal_mask(state) == mask  # from the memo the first call left

    def test_mask_from_legal_parts(self) -> None:
        """A space given `legal_parts` (KIVI's: the placements, then the rerolls it keeps per
        roll) gives the mask a space without it gives, at every decision of random games;
        also when the parts hold equal copies, not the space's own objects; and a chance
        node is still refused (the parts function answers None there)."""
        def space_of(**parts: Any) -> ActionSpace[Any]:
            return ActionSpace(
                game="kivi", module="boardrules.games.kivi", players=2,
                options=kivi.Options(), actions=self.space.actions,
                chance_actions=self.space.chance_actions, max_legal=self.space.max_legal,
                legal_actions=kivi.legal_actions, chance_outcomes=kivi.chance_outcomes,
                **parts)

        plain = space_of()
        parts = kivi.numeric._legal_parts

        def copied(state: Any) -> Any:
            found = parts(state)
            if found is None:
                return None
            rest, kept = found
            return [copy.copy(a) for a in rest], tuple(copy.copy(a) for a in kept)

        copies = space_of(legal_parts=copied)
        rng = random.Random(5)
        checked = 0
        for _ in range(3):
            state = kivi.new_game(2)
            while not kivi.is_terminal(state):
                if kivi.to_move(state) is CHANCE:
                    with pytest.raises(BoardrulesError, match="chance node"):
                        copies.legal_mask(state)
                    state = kivi.apply(state, kivi.sample_chance(state, rng))
                    continue
                mask = plain.legal_mask(state)
                assert self.space.legal_mask(state) == mask
                assert copies.legal_mask(state) == mask
                checked += 1
                legal = kivi.legal_actions(state)
                state = kivi.apply(state, legal[rng.randrange(len(legal))])
        assert checked > 50

    def test_indices_from_the_legal_indices_hook(self) -> None:
        """A space given `legal_indices` takes a decision's indices and mask from it, without
        calling `legal_actions`; where it answers None (a chance node) the space lists the
        actions, and refuses the mask there; ``()`` (the end) gives an all-zero mask. A
        chance node's memo does not leak into the next decision's mask."""
        listed: list[kivi.State] = []

        def legal_actions(state: kivi.State) -> tuple[Any, ...]:
            listed.append(state)
            return kivi.legal_actions(state)

        def hook(state: kivi.State) -> tuple[int, ...] | None:
            if kivi.to_move(state) is CHANCE:
                return None
            return tuple(self.space.index(a) for a in kivi.legal_actions(state))

        space: ActionSpace[Any] = ActionSpace(
            game="kivi", module="boardrules.games.kivi", players=2, options=kivi.Options(),
            actions=self.space.actions, chance_actions=self.space.chance_actions,
            max_legal=self.space.max_legal, legal_actions=legal_actions,
            chance_outcomes=kivi.chance_outcomes, legal_indices=hook)
        start = kivi.new_game(2)
        assert space.legal_indices(start) == self.space.legal_indices(start)
        assert listed == [start]
        with pytest.raises(BoardrulesError, match="chance node"):
            space.legal_mask(start)
        rng = random.Random(8)
        state, decisions = start, 0
        while not kivi.is_terminal(state):
            if kivi.to_move(state) is CHANCE:
                space.legal_indices(state)  # a chance node's memo, then a decision's mask
                state = kivi.apply(state, kivi.sample_chance(state, rng))
                continue
            mask = space.legal_mask(state)
            assert mask == self.space.legal_mask(state) and sum(mask) > 0
            assert space.legal_indices(state) == self.space.legal_indices(state)
            legal = kivi.legal_actions(state)
            state = kivi.apply(state, legal[rng.randrange(len(legal))])
            decisions += 1
        assert decisions > 10 and all(kivi.to_move(s) is CHANCE for s in listed)
        assert space.legal_indices(state) == () and not any(space.legal_mask(state))
        assert listed[-1] is not state

    def test_six_of_a_kind_displacements_are_prebuilt(self) -> None:
        """`legal_actions` hands out the space's own objects, displacements included."""
        state = kivi.apply(kivi.new_game(2), kivi.Roll((1, 2, 3, 4, 5, 6)))
        state = kivi.apply(state, kivi.PLACE[0])
        state = kivi.apply(state, kivi.Roll((2,) * 6))
        legal = kivi.legal_actions(state)
        displace = [a for a in legal if isinstance(a, kivi.Displace)]
        assert len(displace) == 48
        assert all(self.space.action(self.space.index(a)) is a for a in legal)

    def test_immutable_pickles_and_cached(self) -> None:
        with pytest.raises(AttributeError):
            self.space.game = "x"
        assert pickle.loads(pickle.dumps(self.space)) is self.space
        assert copy.deepcopy(self.space) is self.space
        assert kivi.action_space(2, kivi.Options()) is self.space
        assert kivi.action_space(3) != self.space
        assert "3325 actions" in repr(self.space)

    def test_configuration_is_checked(self) -> None:
        for players in (1, 5, True, 2.0):
            with pytest.raises(InvalidOptionsError):
                kivi.action_space(players)  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionsError):
            kivi.action_space(2, "strict")  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionsError):
            kivi.observation_shape(7)

    @pytest.mark.parametrize(("name", "changed"), [
        ("captain_bluff", {"first_player": 1}), ("kivi", {"highest_rule": "strict"}),
        ("lustry", {"first_player": 1}), ("ren_dhark", {"blue_player": 1}),
        ("whales_rivals", {"first_player": 1})])
    def test_tables_go_with_their_options(self, name: str, changed: dict[str, Any]) -> None:
        """A configuration's action space is built once and kept by its options object, and
        goes with it (a server meets ever new options); options equal to the defaults
        share the defaults' space."""
        game: Any = GAMES[name]
        space = game.action_space(2)
        assert game.action_space(2, game.Options()) is space
        options = game.Options(**changed)
        assert game.action_space(2, options) is game.action_space(2, options) is not space
        kept = weakref.ref(options)
        del options
        gc.collect()
        assert kept() is None

    def test_construction_refuses_ambiguous_tables(self) -> None:
        common: dict[str, Any] = {
            "game": "t", "module": "t", "players": 2, "options": None, "max_legal": 1,
            "legal_actions": kivi.legal_actions, "chance_outcomes": kivi.chance_outcomes}
        with pytest.raises(TypeError, match="distinct"):
            ActionSpace(actions=(kivi.FORFEIT, kivi.FORFEIT), chance_actions=(), **common)
        with pytest.raises(TypeError, match="both"):
            ActionSpace(actions=(kivi.Roll((1,)),), chance_actions=(kivi.Roll((2,)),), **common)
        with pytest.raises(TypeError, match="share a text"):
            ActionSpace(actions=(kivi.FORFEIT,), chance_actions=(),
                        masked_announcements=("forfeit",), **common)


class TestLayout:
    """`LayoutBuilder` and `TensorLayout`."""

    def test_layout(self) -> None:
        b = LayoutBuilder()
        b.add("a", 2, "first")
        b.add("b", 3, "second | piped")
        layout = b.build(perfect_recall=True)
        assert layout.size == 5 and len(layout) == 2 and layout.perfect_recall
        assert layout["b"].offset == 2 and layout["b"].end == 5
        with pytest.raises(KeyError):
            layout["c"]
        assert layout.markdown().splitlines()[3] == "| 2 | 3 | `b` | second | piped |"
        assert TensorLayout(()).size == 0

    def test_kivi_layouts_cover_the_tensors(self) -> None:
        for n in (2, 3, 4):
            assert kivi.tensor_layout(n).size == kivi.observation_shape(n)[0] == 52 * n + 13
            info = kivi.info_state_layout(n)
            assert info.perfect_recall and info.size == kivi.info_state_shape(n)[0]


class TestInfoState:
    """`InfoState`: the transcript of what a player saw, and its tensor."""

    @staticmethod
    def play(seed: int, players: int = 2) -> list[tuple[Any, Any]]:
        _, actions = random_playout(kivi, players, rng=random.Random(seed))
        states = [kivi.new_game(players)]
        for a in actions:
            states.append(kivi.apply(states[-1], a))
        return list(zip(states, [*actions, None], strict=True))

    def test_transcript(self) -> None:
        history = self.play(1)
        info = InfoState.initial(kivi, history[0][0], 1)
        for (state, action), (after, _) in itertools.pairwise(history):
            info = info.advance(kivi, state, action, after)
        assert info.observation == kivi.observe(history[-1][0], 1)
        lines = str(info).splitlines()
        assert lines[0].startswith("kivi, seen by player 1: {")
        assert lines[1].startswith("chance: roll ") and "position.dice=" in lines[1]
        assert len(info) == len(history) - 1 == len(lines) - 1
        assert "InfoState of player 1" in repr(info)

    def test_equal_only_for_equal_histories(self) -> None:
        state = kivi.new_game(2)
        a = InfoState.initial(kivi, state, 0)
        assert a == InfoState.initial(kivi, state, 0) != InfoState.initial(kivi, state, 1)
        roll = kivi.Roll((1, 2, 3, 4, 5, 6))
        after = kivi.apply(state, roll)
        b = a.advance(kivi, state, roll, after)
        assert b != a and hash(b) == hash(a.advance(kivi, state, roll, after))
        assert pickle.loads(pickle.dumps(b)) == b == copy.deepcopy(b)

    def test_tensor_has_perfect_recall(self) -> None:
        """Two histories reaching the same position give different tensors (KIVI: the
        order of the placements differs)."""
        def reach(first: int, second: int) -> InfoState:
            state = kivi.new_game(2)
            info = InfoState.initial(kivi, state, 0)
            for action in (kivi.Roll((1, 2, 3, 4, 5, 6)), kivi.PLACE[first],
                           kivi.Roll((1, 2, 3, 4, 5, 6)), kivi.PLACE[10],
                           kivi.Roll((1, 2, 3, 4, 5, 6)), kivi.PLACE[second]):
                after = kivi.apply(state, action)
                info = info.advance(kivi, state, action, after)
                state = after
            return info

        x, y = reach(0, 1), reach(1, 0)
        assert x.observation == y.observation and x != y
        tx, ty = kivi.info_state_tensor(x), kivi.info_state_tensor(y)
        size = kivi.observation_shape(2)[0]
        assert tx[:size] == ty[:size] and tx != ty
        assert len(tx) == kivi.info_state_shape(2)[0]
        history = kivi.info_state_layout(2)["history"]
        assert history.length == 120 * 17


class TestResult:
    """`Result.truncated`."""

    def test_default_and_returns(self) -> None:
        assert Result((1, 2), (1,), finished=True).truncated is False
        cut = Result((1, 2), (), finished=True, truncated=True)
        assert cut.returns() == (0.0, 0.0)


def test_chance_marker_in_steps() -> None:
    """Chance's actions are recorded as `CHANCE` in `InfoState.steps`."""
    state = kivi.new_game(2)
    roll = kivi.Roll((1, 1, 1, 2, 2, 2))
    info = InfoState.initial(kivi, state, 0).advance(kivi, state, roll, kivi.apply(state, roll))
    assert info.steps == ((CHANCE, "roll 111222"),)


class TestWhalesRivals:
    """The whale values shape Whales Rivals' space; hidden draws leave the other player's
    information state alone."""

    def test_whale_values_shape_the_space(self) -> None:
        from boardrules.games import whales_rivals as wr
        space = wr.action_space(2, wr.Options(whale_values=[3] * 18))
        assert space.size == 6 + 9 + 1 + 1 + 9 + 3 + 1
        assert [str(a) for a in space.chance_actions] == ["deal 3", "draw T", "draw 3"]
        assert wr.observation_shape(2, wr.Options(whale_values=[3] * 18)) < wr.observation_shape()

    def test_W21_a_hidden_draw_changes_only_the_drawer_s_information_state(self) -> None:
        from boardrules.games import whales_rivals as wr
        state = wr.new_game(2)
        for value in (4, 1, 2, 6, 3, 5):
            state = wr.apply(state, wr.DealGrey(value))
        infos = {}
        for card in (1, 2):
            after = wr.apply(state, wr.Draw(card))
            infos[card] = [InfoState.initial(wr, state, p).advance(wr, state, wr.Draw(card), after)
                           for p in (0, 1)]
        assert infos[1][1] == infos[2][1] and "draw ?" in str(infos[1][1])
        assert infos[1][0] != infos[2][0]
        assert wr.info_state_tensor(infos[1][1]) == wr.info_state_tensor(infos[2][1])


class TestLustryTruncation:
    """L18: the turn limit truncates; the deadlock draw is the rules' own draw."""

    def test_L18_turn_limit_is_a_truncation(self) -> None:
        from boardrules.games import lustry
        state, _ = random_playout(lustry, 2, lustry.Options(turn_limit=3, stall_turns=None),
                                  random.Random(1))
        result = lustry.result(state)
        assert result.finished and result.truncated and result.winners == ()
        assert lustry.returns(state) == (0.0, 0.0)

    def test_L18_deadlock_draw_is_not_a_truncation(self) -> None:
        import attrs

        from boardrules.games import lustry
        state, _ = random_playout(lustry, 2, lustry.Options(turn_limit=3, stall_turns=None),
                                  random.Random(1))
        stalled = attrs.evolve(state, options=lustry.Options(turn_limit=3, stall_turns=2),
                               stall=2)
        assert not lustry.result(stalled).truncated


def _configurations() -> list[tuple[str, list[tuple[int, Any]]]]:
    """Per game, two configurations whose tensors differ (players or options)."""
    from boardrules.games import captain_bluff, lustry, ren_dhark, whales_rivals
    return [
        ("captain_bluff", [(2, None), (3, captain_bluff.Options(turn_limit=200))]),
        ("kivi", [(2, None), (3, None)]),
        ("lustry", [(2, None), (2, lustry.Options(turn_limit=120, stall_turns=None))]),
        ("ren_dhark", [(2, None), (2, ren_dhark.Options(blue_player=1,
                                                        dash_cards_deployable=True))]),
        ("whales_rivals", [(2, None), (2, whales_rivals.Options(
            whale_values=[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 12]))]),
    ]


@pytest.mark.parametrize(("name", "configurations"), _configurations(),
                         ids=[name for name, _ in _configurations()])
def test_observe_tensor_equals_the_observation_s(name: str, configurations: list[tuple[
        int, Any]]) -> None:
    """``observe_tensor`` (joined from segments kept by value, by identity and per observer
    from the last state encoded) equals ``observation_tensor(observe(...))`` for every seat
    and the spectator, along two interleaved games of different configurations (so no
    segment of one configuration is served to the other), called twice (the second time
    from the memos), and each call returns a fresh tensor."""
    game: Any = GAMES[name]
    rng = random.Random(11)
    games = [(players, options, game.new_game(players, options))
             for players, options in configurations]
    checked = 0
    while checked < 400 and games:
        for i, (players, options, state) in enumerate(games):
            for seat in (*range(players), None, *range(players)):
                expected = game.observation_tensor(game.observe(state, seat))
                tensor = game.observe_tensor(state, seat)
                assert tensor == expected, (name, players, seat, checked)
                tensor[0] += 1.0  # a fresh array: the next call is not changed
                assert game.observe_tensor(state, seat) == expected
            checked += 1
            if game.to_move(state) is CHANCE:
                action = game.sample_chance(state, rng)
            else:
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            games[i] = (players, options, game.apply(state, action))
        games = [g for g in games if not game.is_terminal(g[2])]
    assert checked >= 200
