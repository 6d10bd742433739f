"""The OpenSpiel adapter: OpenSpiel's own tests and bots on every game and player count.

Skipped without ``boardrules[openspiel]``; CI installs every extra and then refuses the
skip (``BOARDRULES_TEST_ALL_EXTRAS=1``).
"""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from boardrules import CHANCE, IllegalActionError, InvalidOptionsError  # noqa: E402
from boardrules.adapters import openspiel  # noqa: E402
from boardrules.adapters._common import numeric_games, parameter_values  # noqa: E402
from boardrules.errors import UnknownActionError  # noqa: E402
from boardrules.games import GAMES, lustry  # noqa: E402
from boardrules.numeric.spaces import InfoState  # noqa: E402
from tests.adapters.games import (  # noqa: E402
    configurations,
    names,
    option_sets,
    run_docs_section,
)

NAMES = numeric_games()

# Options that keep a whole game short where the defaults run to turn limits of hundreds
# of turns (the bots' matches; a cut-off game is reported as truncated).
SHORT: dict[str, dict[str, Any]] = {"lustry": {"turn_limit": 8}, "captain_bluff": {"turn_limit": 8}}
# Random simulations per configuration: fewer for the long games.
SIMS: dict[str, int] = {"lustry": 1, "captain_bluff": 1}
# Random Captain Bluff games run to its turn limit of 1,000 turns, and the random-simulation
# test deserializes (replays) the state at every step: with more than two players, whose
# games are the longest, it plays to a limit of 250 turns.
SIM_OPTIONS: dict[tuple[str, int], dict[str, Any]] = {
    ("captain_bluff", players): {"turn_limit": 250} for players in (3, 4, 5)}


def _spiel(name: str, players: int | None = None, **options: Any) -> Any:
    game = GAMES[name]
    return openspiel.load(name, players, game.Options(**options) if options else None)


def _walk(state: Any, rng: random.Random, steps: int) -> Any:
    """Play `steps` random actions (chance drawn from its outcomes) on `state`."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


class TestRegistration:
    """Every game with the numeric layer is a registered pyspiel game."""

    def test_every_game_registered(self) -> None:
        """Importing the module registers each game under boardrules_<name>."""
        names = set(pyspiel.registered_names())
        assert {f"boardrules_{n}" for n in NAMES} <= names
        assert openspiel.register() == []  # already registered: nothing new

    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_game_facts(self, name: str, players: int) -> None:
        """Sizes, bounds, utilities and information come from the game."""
        game = GAMES[name]
        spiel = _spiel(name, players)
        space: Any = getattr(game, "action_space")(players)  # noqa: B009 - optional member
        assert spiel.num_players() == players
        assert spiel.num_distinct_actions() == space.size
        assert spiel.max_chance_outcomes() == space.chance_size
        assert spiel.max_game_length() == game.action_bound(players, game.Options())
        assert (spiel.min_utility(), spiel.max_utility()) == (-1.0, 1.0)
        kind = spiel.get_type()
        utility = pyspiel.GameType.Utility
        assert kind.utility == (utility.ZERO_SUM if players == 2 else utility.GENERAL_SUM)
        perfect = getattr(game, "PERFECT_INFORMATION", False)
        info = pyspiel.GameType.Information
        assert kind.information == (info.PERFECT_INFORMATION if perfect
                                    else info.IMPERFECT_INFORMATION)
        assert set(kind.parameter_specification) == {
            "players", *parameter_values(game, game.Options())}
        assert spiel.observation_tensor_shape() == list(
            getattr(game, "observation_shape")(players))  # noqa: B009
        assert spiel.information_state_tensor_shape() == list(
            getattr(game, "info_state_shape")(players))  # noqa: B009

    @pytest.mark.parametrize(("name", "options"), option_sets())
    def test_options_as_parameters(self, name: str, options: object) -> None:
        """Options are game parameters; the game string loads the same configuration."""
        game = GAMES[name]
        spiel = openspiel.load(name, options=options)
        assert spiel.config.options == options
        assert spiel.num_distinct_actions() == spiel.config.space.size
        again = pyspiel.load_game(str(spiel))
        assert again.config.options == options
        assert str(again) == str(spiel)
        assert type(again) is openspiel.game_class(game)

    def test_bad_parameters(self) -> None:
        """A bad parameter raises InvalidOptionsError naming it; players are checked."""
        with pytest.raises(InvalidOptionsError, match="turn_limit"):
            pyspiel.load_game("boardrules_lustry", {"turn_limit": 0})
        with pytest.raises(InvalidOptionsError, match="players"):
            pyspiel.load_game("boardrules_kivi", {"players": 5})
        with pytest.raises(InvalidOptionsError, match="players"):
            openspiel.game_class(GAMES["kivi"])({"players": 2.0})


class TestOpenSpielsOwnTests:
    """OpenSpiel's random-simulation tests, with serialization, on every configuration."""

    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_random_sim_test(self, name: str, players: int) -> None:
        """pyspiel.random_sim_test (C++: clones, serialization, observations, returns)."""
        spiel = _spiel(name, players, **SIM_OPTIONS.get((name, players), {}))
        pyspiel.random_sim_test(spiel, num_sims=SIMS.get(name, 3), serialize=True,
                                verbose=False)

    @pytest.mark.parametrize(("name", "options"), option_sets())
    def test_random_sim_test_options(self, name: str, options: object) -> None:
        """The same with every option away from its default, and with options that
        change the spaces."""
        spiel = openspiel.load(name, options=options)
        pyspiel.random_sim_test(spiel, num_sims=1, serialize=True, verbose=False)

    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_python_sim_game(self, name: str, players: int) -> None:
        """OpenSpiel's Python simulation test (games_sim_test): pickles of the game, its
        type and its states, serialization, clones."""
        from open_spiel.python.tests.games_sim_test import GamesSimTest

        np.random.seed(players)
        GamesSimTest().sim_game(_spiel(name, players))


class TestState:
    """The state's members agree with the boardrules game."""

    @pytest.mark.parametrize("name", names())
    def test_against_the_game(self, name: str) -> None:
        """Legal ids, chance outcomes, strings and tensors match the game's own."""
        game: Any = GAMES[name]
        spiel = _spiel(name)
        space = spiel.config.space
        state = spiel.new_initial_state()
        rng = random.Random(4)
        infos = [InfoState.initial(game, state.boardrules_state, p) for p in range(2)]
        for _ in range(80):
            if state.is_terminal():
                break
            now = state.boardrules_state
            if state.is_chance_node():
                outcomes = game.chance_outcomes(now)
                assert state.chance_outcomes() == [
                    (space.chance_index(a), float(p)) for a, p in outcomes]
                assert sum(Fraction(p) for _, p in outcomes) == 1
                assert state.legal_actions() == [i for i, _ in state.chance_outcomes()]
                action = rng.choice(state.legal_actions())
                chosen = space.chance_outcome(action)
            else:
                assert state.legal_actions() == sorted(space.legal_indices(now))
                player = state.current_player()
                assert player == game.to_move(now)
                assert state.legal_actions(1 - player) == []
                for p in range(2):
                    assert state.information_state_string(p) == str(infos[p])
                    assert state.information_state_tensor(p) == list(
                        game.info_state_tensor(infos[p]))
                    assert state.observation_tensor(p) == list(
                        game.observation_tensor(game.observe(now, p)))
                action = rng.choice(state.legal_actions())
                chosen = space.action(action)
                assert state.action_to_string(player, action) == str(chosen)
            state.apply_action(action)
            infos = [i.advance(game, now, chosen, state.boardrules_state) for i in infos]

    def test_illegal_actions_refused(self) -> None:
        """An illegal id raises IllegalActionError, an unknown one UnknownActionError;
        the state and its history are unchanged."""
        state = _walk(_spiel("kivi").new_initial_state(), random.Random(1), 1)
        before, history = str(state), state.history()
        illegal = next(i for i in range(3325) if i not in state.legal_actions())
        with pytest.raises(IllegalActionError):
            state.apply_action(illegal)
        with pytest.raises(UnknownActionError):
            state.apply_action(99999)
        assert (str(state), state.history()) == (before, history)
        chance = _spiel("kivi").new_initial_state()
        with pytest.raises(UnknownActionError):
            chance.apply_action(923)

    @pytest.mark.parametrize("name", ["whales_rivals", "kivi", "ren_dhark"])
    def test_illegal_chance_outcomes_refused(self, name: str) -> None:
        """At a chance node, an outcome id that is not listed raises IllegalActionError and
        changes nothing, whether the outcomes were listed or not, and whether the game made
        the list for this node (Whales Rivals' deals, Ren Dhark's draws: checked by a scan)
        or keeps it (KIVI's rolls, Ren Dhark's dice and sides: checked by a set); a listed
        one is played."""
        rng = random.Random(5)
        spiel = _spiel(name)
        state = spiel.new_initial_state()
        checked = 0
        while not state.is_terminal() and checked < 12:
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            listed = checked % 2 == 0
            if listed:
                ids = [i for i, _ in state.chance_outcomes()]
            else:
                space, game = spiel.config.space, spiel.config.game
                ids = [space.chance_index(a)
                       for a, _ in game.chance_outcomes(state.boardrules_state)]
            unlisted = next(i for i in range(spiel.max_chance_outcomes()) if i not in ids)
            before, history = state.boardrules_state, state.history()
            with pytest.raises(IllegalActionError):
                state.apply_action(unlisted)
            assert state.boardrules_state is before and state.history() == history
            state.apply_action(rng.choice(ids))
            checked += 1
        assert checked == 12

    def test_points_built_in_one_step(self) -> None:
        """A point's `then` (built in one frame) has every slot as the two-level __init__
        sets it, at every step of a game."""
        from boardrules.adapters.openspiel._game import _Point

        # A slot `then` forgot to set raises AttributeError here.
        slots = [n for cls in _Point.__mro__ for n in getattr(cls, "__slots__", ())]
        state = _spiel("whales_rivals").new_initial_state()
        rng = random.Random(6)
        while not state.is_terminal():
            point = state.history_point
            _walk(state, rng, 1)
            after = state.history_point
            fresh = _Point(after.config, point, after.action, after.state)
            made = point.then(after.action, after.state)
            assert type(made) is _Point
            assert [getattr(made, n) for n in slots] == [getattr(fresh, n) for n in slots]

    def test_clone_is_independent(self) -> None:
        """A clone shares the boardrules state and moves on alone."""
        state = _walk(_spiel("whales_rivals").new_initial_state(), random.Random(2), 20)
        twin = state.clone()
        assert twin.boardrules_state is state.boardrules_state
        _walk(twin, random.Random(3), 5)
        assert twin.history() != state.history()
        assert str(state) != str(twin)

    @pytest.mark.parametrize("name", names())
    def test_serialization(self, name: str) -> None:
        """serialize/deserialize_state and pickle keep the state and what players saw."""
        spiel = _spiel(name)
        state = _walk(spiel.new_initial_state(), random.Random(6), 45)
        for again in (spiel.deserialize_state(state.serialize()),
                      pickle.loads(pickle.dumps(state))):
            assert str(again) == str(state) and again.history() == state.history()
            for p in range(2):
                assert again.information_state_string(p) == state.information_state_string(p)

    @pytest.mark.parametrize("name", names())
    def test_observers(self, name: str) -> None:
        """make_observation gives the observation, the public view and the information
        state, with named segments."""
        game: Any = GAMES[name]
        spiel = _spiel(name)
        state = _walk(spiel.new_initial_state(), random.Random(7), 30)
        now = state.boardrules_state
        private = make_observation(spiel)
        private.set_from(state, 1)
        assert list(private.tensor) == list(game.observation_tensor(game.observe(now, 1)))
        public = make_observation(spiel, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.NONE))
        public.set_from(state, 0)
        assert list(public.tensor) == list(game.observation_tensor(game.observe(now, None)))
        assert public.string_from(state, 0) != private.string_from(state, 0) or getattr(
            game, "PERFECT_INFORMATION", False)
        recall = make_observation(spiel, pyspiel.IIGObservationType(perfect_recall=True))
        recall.set_from(state, 0)
        assert list(recall.tensor) == state.information_state_tensor(0)
        assert set(recall.dict) <= {s.name for s in game.info_state_layout(2)}
        with pytest.raises(ValueError, match="private information"):
            make_observation(spiel, pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True,
                private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


class TestResample:
    """resample_from_infostate keeps the player's information state."""

    @pytest.mark.parametrize("name", names())
    def test_keeps_the_information_state(self, name: str) -> None:
        """The resampled state has the player's information state, observation, legal
        actions and whose turn it is; others recall from the new world on."""
        game: Any = GAMES[name]
        spiel = _spiel(name)
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        state = spiel.new_initial_state()
        rng = random.Random(8)
        checked = 0
        while not state.is_terminal() and checked < 12:
            _walk(state, rng, rng.randrange(1, 9))
            if state.is_terminal() or state.is_chance_node():
                continue
            for p in range(2):
                world = state.resample_from_infostate(p, sampler)
                assert world.information_state_string(p) == state.information_state_string(p)
                assert world.information_state_tensor(p) == state.information_state_tensor(p)
                assert world.observation_string(p) == state.observation_string(p)
                assert world.current_player() == state.current_player()
                if p == state.current_player():
                    assert world.legal_actions() == state.legal_actions()
                other = world.information_state_string(1 - p)
                if getattr(game, "PERFECT_INFORMATION", False):
                    assert other == state.information_state_string(1 - p)
                else:
                    assert "resampled for player" in other.splitlines()[0]
                    again = pickle.loads(pickle.dumps(world))
                    assert again.information_state_string(p) == \
                        state.information_state_string(p)
                _walk(world.clone(), rng, 10)  # the world plays on
            checked += 1
        assert checked


class TestTruncation:
    """A turn-limit ending returns 0 for everyone and says it was truncated."""

    @pytest.mark.parametrize(("name", "options"), [
        ("lustry", {"turn_limit": 1, "stall_turns": None}), ("captain_bluff", {"turn_limit": 1})])
    def test_turn_limit(self, name: str, options: dict[str, Any]) -> None:
        """Lustry and Captain Bluff cut off by the turn limit: returns 0, is_truncated, no
        winner."""
        state = _walk(_spiel(name, **options).new_initial_state(), random.Random(1), 10_000)
        assert state.is_terminal()
        assert state.returns() == [0.0, 0.0] and state.rewards() == [0.0, 0.0]
        assert state.is_truncated() and state.result().winners == ()

    def test_rules_ending(self) -> None:
        """A game ended by its rules is not truncated."""
        state = _walk(_spiel("kivi").new_initial_state(), random.Random(1), 10_000)
        assert state.is_terminal() and not state.is_truncated()
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
        assert lustry.Options().turn_limit == 500  # the bound the docs name


class TestBots:
    """OpenSpiel's own MCTS and ISMCTS play whole games against a random bot."""

    @staticmethod
    def _match(spiel: Any, searcher: Any, seed: int) -> list[float]:
        """Play one game, `searcher` as player 0 and random bots, as OpenSpiel's ISMCTS
        test does (``evaluate_bots`` wants ``restart_at``, which ISMCTSBot lacks)."""
        rng = np.random.RandomState(seed)
        bots = [searcher] + [uniform_random.UniformRandomBot(p, rng)
                             for p in range(1, spiel.num_players())]
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choice(ids, p=probs))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        returns: list[float] = state.returns()
        return returns

    @pytest.mark.parametrize("name", names())
    def test_mcts(self, name: str) -> None:
        """MCTSBot (random rollouts) finishes a game as player 0."""
        spiel = _spiel(name, **SHORT.get(name, {}))
        rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1), max_length=40)
        bot = mcts.MCTSBot(spiel, uct_c=2.0, max_simulations=6, evaluator=rollouts,
                           random_state=np.random.RandomState(2))
        returns = self._match(spiel, bot, seed=3)
        assert len(returns) == spiel.num_players() and set(returns) <= {-1.0, 0.0, 1.0}

    @pytest.mark.parametrize("name", [
        p for p in names() if not getattr(GAMES[str(p.values[0])], "PERFECT_INFORMATION", False)])
    def test_ismcts(self, name: str) -> None:
        """ISMCTSBot (resampling worlds) finishes a game as player 0."""
        spiel = _spiel(name, **SHORT.get(name, {}))
        rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1), max_length=40)
        bot = ismcts.ISMCTSBot(spiel, rollouts, uct_c=2.0, max_simulations=6,
                               random_state=np.random.RandomState(2))
        returns = self._match(spiel, bot, seed=4)
        assert len(returns) == spiel.num_players() and set(returns) <= {-1.0, 0.0, 1.0}

    def test_ismcts_refuses_perfect_information(self) -> None:
        """OpenSpiel's ISMCTS is for imperfect information: KIVI says it has none."""
        spiel = _spiel("kivi")
        state = _walk(spiel.new_initial_state(), random.Random(1), 1)
        bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(), uct_c=2.0,
                               max_simulations=2)
        with pytest.raises(AssertionError):
            bot.step(state)
        assert state.current_player() != CHANCE


def test_docs_example(capsys: pytest.CaptureFixture[str]) -> None:
    """The OpenSpiel example of docs/learning.md runs as printed."""
    run_docs_section("OpenSpiel")
    assert "returns of ISMCTS and a random bot" in capsys.readouterr().out
