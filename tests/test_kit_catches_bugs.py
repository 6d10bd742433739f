"""The conformance kit must fail on games that break the contract: a kit that cannot fail tests
nothing."""

from __future__ import annotations

import random
import types
from array import array
from fractions import Fraction
from typing import Any

import pytest

from boardrules import BoardrulesError
from boardrules.games import GAMES, kivi
from boardrules.numeric.spaces import ActionSpace, InfoState, TensorLayout
from boardrules.testing import (
    NumericRegistry,
    check_chance_sampling,
    check_playout,
)


def broken(module: Any = kivi, **overrides: object) -> Any:
    """Return a copy of a game module's namespace (KIVI's by default) with some functions
    replaced."""
    namespace = types.SimpleNamespace(**{k: getattr(module, k) for k in dir(module)
                                         if not k.startswith("__")})
    for name, value in overrides.items():
        setattr(namespace, name, value)
    return namespace


class TestKitCatchesBrokenGames:
    """Each broken variant of KIVI is rejected with the broken promise named."""

    def test_unstable_order(self) -> None:
        calls = [0]

        def legal_actions(state: kivi.State) -> tuple[kivi.Action, ...]:
            calls[0] += 1
            actions = kivi.legal_actions(state)
            return actions[::-1] if calls[0] % 2 else actions

        with pytest.raises(AssertionError, match="differ"):
            check_playout(broken(legal_actions=legal_actions), 2)

    def test_apply_without_check(self) -> None:
        pool: list[Any] = []
        check_playout(kivi, 2, seed=1, pool=pool)  # fill the pool with actions seen elsewhere
        with pytest.raises(AssertionError, match="was accepted"):
            check_playout(broken(apply=kivi.apply_unchecked), 2, seed=2, pool=pool)

    def test_probabilities_not_summing_to_one(self) -> None:
        def chance_outcomes(state: kivi.State) -> tuple[tuple[kivi.Action, Fraction], ...]:
            outcomes = kivi.chance_outcomes(state)
            return tuple((a, p * Fraction(99, 100)) for a, p in outcomes)

        with pytest.raises(AssertionError, match="sum to exactly 1"):
            check_playout(broken(chance_outcomes=chance_outcomes), 2)

    def test_biased_sampler(self) -> None:
        def sample_chance(state: kivi.State, rng: random.Random) -> kivi.Action:
            action = kivi.sample_chance(state, rng)
            if isinstance(action, kivi.Roll) and 6 in action.dice and rng.random() < 0.1:
                return kivi.sample_chance(state, rng)  # redraw some sixes: fewer sixes
            return action

        state = kivi.new_game(2)
        with pytest.raises(AssertionError, match="does not follow"):
            check_chance_sampling(kivi, state, sampler=sample_chance)
        check_chance_sampling(kivi, state)  # the real sampler passes the same test

    def test_resample_that_changes_what_is_seen(self) -> None:
        def resample(state: kivi.State, player: int, rng: random.Random) -> kivi.State:
            if state.pending or not state.dice:
                return state
            return kivi.State(state.options, state.players, state.cells, state.lost,
                              state.turn, state.rolls, tuple(sorted((6, *state.dice[1:]))),
                              state.pending)

        with pytest.raises(AssertionError, match="resample"):
            check_playout(broken(resample=resample), 2)

    def test_options_that_do_not_pickle(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """KIVI's options before they rebuilt their board layout on unpickling: the layout's
        read-only mappings do not pickle, and neither did any state or observation."""
        monkeypatch.delattr(kivi.Options, "__reduce__")
        with pytest.raises(AssertionError, match="does not pickle"):
            check_playout(kivi, 2)

    def test_parser_crashing_on_other_digits(self) -> None:
        """A parser that trusts `str.isdigit` and calls `int` (Captain Bluff's old bug)."""
        def parse_action(state: kivi.State, text: str) -> kivi.Action:
            words = text.split() if isinstance(text, str) else []
            if len(words) == 2 and words[0] == "reroll" and words[1].isdigit():
                int(words[1])  # ValueError on '²'
            return kivi.parse_action(state, text)

        with pytest.raises(AssertionError,
                           match=r"raised ValueError: .* instead of InvalidNotationError"):
            check_playout(broken(parse_action=parse_action), 2)

    def test_a_correct_variant_passes(self) -> None:
        """The kit does not simply fail everything: a faithful copy of KIVI passes."""
        check_playout(broken(), 2)

    def test_no_end(self) -> None:
        with pytest.raises(AssertionError, match="action_bound"):
            check_playout(broken(action_bound=lambda players, options: 10), 2)

    def test_heuristic_off_the_scale(self) -> None:
        def heuristic(state: kivi.State) -> tuple[float, ...]:
            return tuple(2.0 * v for v in kivi.heuristic(state)) if state.turn > 3 else \
                kivi.heuristic(state)

        with pytest.raises(AssertionError, match=r"floats in -1\.\.1"):
            check_playout(broken(heuristic=heuristic), 2)

    def test_heuristic_that_is_not_returns_at_the_end(self) -> None:
        def heuristic(state: kivi.State) -> tuple[float, ...]:
            return (0.0,) * state.players if kivi.is_terminal(state) else kivi.heuristic(state)

        with pytest.raises(AssertionError, match="is not returns"):
            check_playout(broken(heuristic=heuristic), 2)

    def test_rollout_limit_that_is_not_a_count(self) -> None:
        with pytest.raises(AssertionError, match="ROLLOUT_LIMIT"):
            check_playout(broken(ROLLOUT_LIMIT=2.5), 2)

    def test_changing_inventory(self) -> None:
        def inventory(state: kivi.State) -> Any:
            counts = kivi.inventory(state)
            counts["stone:0"] += state.turn
            return counts

        with pytest.raises(AssertionError, match="multiset changed"):
            check_playout(broken(inventory=inventory), 2)


class TestKitCatchesBadLabels:
    """`label` and `action_fields` must tell every legal action apart, as JSON with a kind."""

    def test_two_actions_with_one_label(self) -> None:
        def label(action: kivi.Action) -> str:
            return "Place a stone" if isinstance(action, kivi.Place) else kivi.label(action)

        with pytest.raises(AssertionError, match="share the label 'Place a stone'"):
            check_playout(broken(label=label), 2)

    def test_an_empty_label(self) -> None:
        def label(action: kivi.Action) -> str:
            return "" if isinstance(action, kivi.Forfeit | kivi.Reroll) else kivi.label(action)

        with pytest.raises(AssertionError, match="not a non-empty string"):
            check_playout(broken(label=label), 2)

    def test_fields_without_a_kind(self) -> None:
        def action_fields(action: kivi.Action) -> dict[str, Any]:
            fields = kivi.action_fields(action)
            return {k: v for k, v in fields.items() if k != "kind"}

        with pytest.raises(AssertionError, match="needs a snake-case 'kind'"):
            check_playout(broken(action_fields=action_fields), 2)

    def test_fields_holding_a_tuple(self) -> None:
        def action_fields(action: kivi.Action) -> dict[str, Any]:
            fields = kivi.action_fields(action)
            return {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}

        with pytest.raises(AssertionError, match="JSON does not keep"):
            check_playout(broken(action_fields=action_fields), 2)

    def test_fields_that_are_not_json(self) -> None:
        def action_fields(action: kivi.Action) -> dict[str, Any]:
            return {**kivi.action_fields(action), "action": action}

        with pytest.raises(AssertionError, match="is not JSON"):
            check_playout(broken(action_fields=action_fields), 2)

    def test_two_actions_with_the_same_fields(self) -> None:
        def action_fields(action: kivi.Action) -> dict[str, Any]:
            return {"kind": "place"} if isinstance(action, kivi.Place) else (
                kivi.action_fields(action))

        with pytest.raises(AssertionError, match="share the fields"):
            check_playout(broken(action_fields=action_fields), 2)

    def test_labels_that_change(self) -> None:
        calls = [0]

        def label(action: kivi.Action) -> str:
            calls[0] += 1
            return f"{kivi.label(action)} ({calls[0]})"

        with pytest.raises(AssertionError, match="label is not deterministic"):
            check_playout(broken(label=label), 2)


class TestKitCatchesLeakyAnnouncements:
    """An `announce` that shows another player's hidden card is caught in every game that
    hides cards; the real one passes the same playout."""

    @pytest.mark.parametrize(("name", "seed"), [
        ("whales_rivals", 0), pytest.param("ren_dhark", 0, marks=pytest.mark.slow),
        ("captain_bluff", 0), pytest.param("lustry", 0, marks=pytest.mark.slow),
    ])
    def test_plain_notation_leaks(self, name: str, seed: int) -> None:
        game = GAMES[name]

        def announce(state: Any, action: Any, observer: int | None) -> str:
            game.observe(state, observer)  # the player check
            return str(action)

        # Lustry's and Captain Bluff's random games run for thousands of decisions under
        # the default options: a short turn limit shows the leak as well, sooner.
        options = game.Options(turn_limit=60) if name in ("lustry", "captain_bluff") else None
        with pytest.raises(AssertionError, match="announce leaks"):
            check_playout(broken(game, announce=announce), game.MIN_PLAYERS, options,
                          seed=seed)
        check_playout(game, game.MIN_PLAYERS, options, seed=seed)


class TestKitCatchesBadPlayerChecks:
    """`observe`, `announce` and `resample` must refuse a player who is no seat."""

    def test_observe_taking_a_bool(self) -> None:
        def observe(state: kivi.State, player: int | None) -> kivi.Observation:
            return kivi.Observation(player, state)  # no check at all

        with pytest.raises(AssertionError, match="observe accepted player 2"):
            check_playout(broken(observe=observe), 2)

    def test_resample_for_the_spectator(self) -> None:
        def resample(state: kivi.State, player: int, rng: random.Random) -> kivi.State:
            if player is not None:
                kivi.observe(state, player)
            return state

        with pytest.raises(AssertionError, match="resample accepted player None"):
            check_playout(broken(resample=resample), 2)

    def test_announce_crashing_on_a_string(self) -> None:
        def announce(state: kivi.State, action: kivi.Action, observer: int | None) -> str:
            if observer is not None and (type(observer) in (bool, float)
                                         or not 0 <= observer < state.players):
                raise BoardrulesError("no such player")  # a string crashes the comparison
            return str(action)

        with pytest.raises(AssertionError, match="raised TypeError"):
            check_playout(broken(announce=announce), 2)

    def test_new_game_taking_a_float(self) -> None:
        def new_game(players: int, options: kivi.Options | None = None) -> kivi.State:
            return kivi.new_game(int(players), options)  # 2.0 slips through

        with pytest.raises(AssertionError, match=r"new_game accepted 2\.0 players"):
            check_playout(broken(new_game=new_game), 2)


def _space_with(**changes: Any) -> Any:
    """Return KIVI's 2-player action space rebuilt with some constructor arguments changed."""
    space = kivi.action_space(2)
    arguments: dict[str, Any] = {
        "game": "kivi", "module": "boardrules.games.kivi", "players": 2,
        "options": space.options, "actions": space.actions,
        "chance_actions": space.chance_actions, "max_legal": space.max_legal,
        "legal_actions": kivi.legal_actions, "chance_outcomes": kivi.chance_outcomes,
        **changes}
    return ActionSpace(**arguments)


class TestKitCatchesBrokenNumericMembers:
    """Broken action spaces, tensors and information-state tensors are caught."""

    def test_max_legal_too_small(self) -> None:
        space = _space_with(max_legal=20)
        with pytest.raises(AssertionError, match="more than max_legal=20"):
            check_playout(broken(action_space=lambda players, options=None: space), 2)

    def test_indices_out_of_order(self) -> None:
        space = _space_with(legal_actions=lambda state: kivi.legal_actions(state)[::-1])
        with pytest.raises(AssertionError, match="legal_indices are not"):
            check_playout(broken(action_space=lambda players, options=None: space), 2)

    def test_observation_tensor_forgetting_the_dice(self) -> None:
        layout = kivi.tensor_layout(2)

        def observation_tensor(observation: kivi.Observation) -> Any:
            tensor = kivi.observation_tensor(observation)
            for name in ("rolls", "dice", "pending"):
                segment = layout[name]
                tensor[segment.offset:segment.end] = array("f", bytes(4 * segment.length))
            return tensor

        with pytest.raises(AssertionError, match="two different observations give the same"):
            check_playout(broken(observation_tensor=observation_tensor,
                                 observe_tensor=lambda state, player: observation_tensor(
                                     kivi.observe(state, player))), 2)

    def test_observe_tensor_that_differs_from_the_observation_s(self) -> None:
        def observe_tensor(state: kivi.State, player: int | None) -> Any:
            tensor = kivi.observe_tensor(state, player)
            tensor[0] = 0.5  # the observer segment lies
            return tensor

        with pytest.raises(AssertionError, match="observe_tensor"):
            check_playout(broken(observe_tensor=observe_tensor), 2)

    def test_chance_probabilities_that_are_not_the_outcomes_probabilities(self) -> None:
        space = kivi.action_space(2)

        def chance_probabilities(state: kivi.State) -> tuple[tuple[int, float], ...]:
            outcomes = kivi.chance_outcomes(state)  # a roll's outcomes are not equally likely
            return tuple((space.chance_index(a), 1 / len(outcomes)) for a, _ in outcomes)

        with pytest.raises(AssertionError, match="chance_probabilities are not"):
            check_playout(broken(chance_probabilities=chance_probabilities), 2)

    def test_observation_tensor_outside_0_to_1(self) -> None:
        def observation_tensor(observation: kivi.Observation) -> Any:
            tensor = kivi.observation_tensor(observation)
            tensor[-1] -= 0.5  # a signed entry: outside the adapters' Box(0, 1)
            return tensor

        with pytest.raises(AssertionError, match=r"outside 0 … 1"):
            check_playout(broken(observation_tensor=observation_tensor,
                                 observe_tensor=lambda state, player: observation_tensor(
                                     kivi.observe(state, player))), 2)

    def test_observation_tensor_of_another_shape(self) -> None:
        with pytest.raises(AssertionError, match="the shape says"):
            check_playout(broken(observation_shape=lambda players, options=None: (5,)), 2)

    def test_info_state_tensor_that_is_not_a_function_of_the_info_state(self) -> None:
        calls = [0]

        def info_state_tensor(info: InfoState) -> Any:
            calls[0] += 1
            tensor = kivi.info_state_tensor(info)
            tensor[-1] = 1 / (1 + calls[0])  # in range, but new at every call
            return tensor

        registry = NumericRegistry()
        game = broken(info_state_tensor=info_state_tensor)
        check_playout(game, 2, seed=1, registry=registry)
        with pytest.raises(AssertionError, match="equal information states with different"):
            check_playout(game, 2, seed=2, registry=registry)

    def test_layout_with_a_gap(self) -> None:
        layout = kivi.tensor_layout(2)
        gap = TensorLayout((layout.segments[0], *layout.segments[2:]))
        with pytest.raises(AssertionError, match="gap"):
            check_playout(broken(tensor_layout=lambda players, options=None: gap), 2)
