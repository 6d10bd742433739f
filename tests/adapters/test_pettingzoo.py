"""The PettingZoo adapter: PettingZoo's own tests on every game, player count and option
set, and the AEC conventions it promises.

Skipped without ``boardrules[pettingzoo]``; CI installs every extra and then refuses the
skip (``BOARDRULES_TEST_ALL_EXTRAS=1``).
"""

from __future__ import annotations

import copy
import functools
import logging
import pickle
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from boardrules import (  # noqa: E402
    CHANCE,
    BoardrulesError,
    IllegalActionError,
    InvalidOptionsError,
)
from boardrules.adapters._common import parameter_values  # noqa: E402
from boardrules.adapters.pettingzoo import BoardrulesEnv, env  # noqa: E402
from boardrules.errors import UnknownActionError  # noqa: E402
from boardrules.games import GAMES, kivi, lustry  # noqa: E402
from tests.adapters.games import (  # noqa: E402
    configurations,
    option_sets,
)

# api_test warns about every environment whose name is not on its own hard-coded lists of
# PettingZoo's classic games with dict observations (connect_four_v3, chess_v6, ...).
API_TEST_NAME_LISTS = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]


def _play_out(e: BoardrulesEnv, seed: int) -> dict[str, float]:
    """Play a game with uniformly random legal actions, as a PettingZoo user's loop does;
    return each agent's reward as `last` gave it when the agent was done."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
        else:
            assert reward == 0.0
            e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return final


class TestPettingZooTests:
    """PettingZoo's own test functions pass on every game, player count and option set."""

    @pytest.mark.filterwarnings(*API_TEST_NAME_LISTS)
    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_api_test(self, name: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
        """api_test: spaces, observations, rewards, agent removal, seeding arguments."""
        api_test(env(name, players), num_cycles=1000)
        assert "Passed API test" in capsys.readouterr().out

    @pytest.mark.filterwarnings(*API_TEST_NAME_LISTS)
    @pytest.mark.parametrize(("name", "options"), option_sets())
    def test_api_test_options(self, name: str, options: object) -> None:
        """api_test with every option away from its default, and with options that change
        the spaces (given as flat parameters), for the most players."""
        game = GAMES[name]
        e = env(name, game.MAX_PLAYERS, parameter_values(game, options))
        assert e.config.options == options
        api_test(e)

    @pytest.mark.parametrize(("name", "options"), option_sets())
    def test_seed_test_options(self, name: str, options: object) -> None:
        """seed_test with the same option sets."""
        seed_test(functools.partial(env, name, GAMES[name].MAX_PLAYERS, options),
                  num_cycles=100)

    @pytest.mark.filterwarnings(*API_TEST_NAME_LISTS)
    def test_api_test_truncated(self) -> None:
        """api_test where the game is cut off by Lustry's turn limit."""
        e = env("lustry", options=lustry.Options(turn_limit=4))
        api_test(e)
        e.reset(seed=0)
        assert all(_play_out(e, 0)[a] == 0.0 for a in e.possible_agents)

    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_seed_test(self, name: str, players: int) -> None:
        """seed_test: two environments reset with one seed play the same game."""
        seed_test(functools.partial(env, name, players), num_cycles=300)

    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_render_test(self, name: str, players: int, capsys: pytest.CaptureFixture[str]
                         ) -> None:
        """render_test: every declared render mode renders ("ansi" a string, "human"
        printed)."""
        render_test(functools.partial(env, name, players))
        assert GAMES[name].TITLE.split()[0] in capsys.readouterr().out


class TestEpisodes:
    """Rewards, terminations and truncations follow the game and the AEC API."""

    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_rewards_are_the_returns(self, name: str, players: int) -> None:
        """Each agent collects its return once, at the end; every agent is then removed."""
        e = env(name, players)
        final = _play_out(e, seed=players)
        game, state = e.game, e.game_state
        assert game.is_terminal(state) and e.agents == []
        assert final == dict(zip(e.possible_agents, game.returns(state), strict=True))

    @pytest.mark.parametrize("name", ["captain_bluff", "lustry"])
    def test_truncation_is_not_a_draw(self, name: str) -> None:
        """A game cut off by the turn limit (Lustry's, Captain Bluff's B17) truncates every
        agent and terminates none."""
        e = env(name, options={"turn_limit": 2})
        e.reset(seed=3)
        while not any(e.truncations.values()):
            assert not any(e.terminations.values())
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
        assert e.game.result(e.game_state).truncated
        assert all(e.truncations.values()) and not any(e.terminations.values())
        assert set(e.rewards.values()) == {0.0}

    def test_end_by_the_rules_terminates(self) -> None:
        """An end by the rules terminates every agent, truncates none."""
        e = env("kivi")
        e.reset(seed=1)
        while not any(e.terminations.values()):
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[-1]))
        assert not any(e.truncations.values())
        assert not e.game.result(e.game_state).truncated

    def test_chance_is_resolved_inside(self) -> None:
        """The agent to move is always a player who must decide; a seed fixes the game."""
        e = env("whales_rivals")
        e.reset(seed=11)
        first = e.observe("player_0")["observation"]
        for _ in range(30):
            assert e.game.to_move(e.game_state) == e.possible_agents.index(e.agent_selection)
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
        e.reset(seed=11)
        assert (e.observe("player_0")["observation"] == first).all()

    def test_reset_without_a_seed_goes_on(self) -> None:
        """reset() after reset(seed) draws a new game, the same one for the same seed."""
        games = []
        for _ in range(2):
            e = env("kivi")
            e.reset(seed=5)
            e.reset()
            games.append(e.game_state)
        assert games[0] == games[1]


class TestObservations:
    """Observations are the game's tensors and masks, fresh arrays each time."""

    def test_observation_and_mask(self) -> None:
        """The agent to move gets the game's tensor and its legal actions; the others an
        all-zero mask."""
        e = env("kivi", 3)
        e.reset(seed=2)
        state = e.game_state
        for p, agent in enumerate(e.possible_agents):
            seen = e.observe(agent)
            assert seen["observation"].dtype == np.float32
            assert seen["observation"].tobytes() == kivi.observe_tensor(state, p).tobytes()
            mask = seen["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (e.space.size,)
            if agent == e.agent_selection:
                assert list(np.flatnonzero(mask)) == sorted(e.space.legal_indices(state))
            else:
                assert not mask.any()

    def test_arrays_are_not_shared(self) -> None:
        """Changing a returned array changes nothing in the environment."""
        e = env("kivi", illegal_action="raise")
        e.reset(seed=2)
        seen = e.observe(e.agent_selection)
        before = {key: value.copy() for key, value in seen.items()}
        seen["action_mask"][:] = 1
        seen["observation"][:] = 0.5
        again = e.observe(e.agent_selection)
        assert all((again[key] == before[key]).all() for key in before)
        with pytest.raises(IllegalActionError):
            e.step(int(np.flatnonzero(again["action_mask"] == 0)[0]))

    def test_ansi_render_is_the_movers_view(self) -> None:
        """render() returns the game's picture of what the agent to move sees."""
        e = env("kivi", render_mode="ansi")
        e.reset(seed=4)
        player = e.possible_agents.index(e.agent_selection)
        assert e.render() == kivi.render(kivi.observe(e.game_state, player))

    def test_render_without_a_mode_warns(self) -> None:
        """Without a render mode, render() warns (as PettingZoo's games do) and returns
        None."""
        e = env("kivi")
        e.reset(seed=4)
        with pytest.warns(UserWarning, match="render mode"):
            assert e.render() is None


class TestActions:
    """Action indices are checked; illegal ones follow the chosen policy."""

    def _mover_and_illegal(self, e: BoardrulesEnv) -> tuple[str, int]:
        mask = e.observe(e.agent_selection)["action_mask"]
        return e.agent_selection, int(np.flatnonzero(mask == 0)[0])

    def test_illegal_action_loses(self, caplog: pytest.LogCaptureFixture) -> None:
        """The default: the game ends, -1 for the agent that chose it, 0 for the others,
        PettingZoo's illegal-move warning logged."""
        e = env("kivi", 3)
        e.reset(seed=1)
        agent, index = self._mover_and_illegal(e)
        with caplog.at_level(logging.WARNING):
            e.step(index)
        assert "Illegal move" in caplog.text
        assert e.rewards == {a: -1.0 if a == agent else 0.0 for a in e.possible_agents}
        assert all(e.terminations.values()) and not any(e.truncations.values())
        assert e.infos[agent] == {"illegal_action": True}
        assert not e.observe(agent)["action_mask"].any()
        finals = {}
        for a in e.agent_iter():
            finals[a] = e.last()[1]
            e.step(None)
        assert finals[agent] == -1.0 and e.agents == []

    def test_illegal_action_raises(self) -> None:
        """With illegal_action="raise": the game's error naming the rule, nothing changed."""
        e = env("kivi", illegal_action="raise")
        e.reset(seed=1)
        state, agent = e.game_state, e.agent_selection
        _, index = self._mover_and_illegal(e)
        with pytest.raises(IllegalActionError) as error:
            e.step(index)
        assert error.value.rule
        assert e.game_state is state and e.agent_selection == agent
        assert not any(e.terminations.values())

    @pytest.mark.parametrize("action", [-1, 3325, 2.0, True, "0", None])
    def test_not_an_index(self, action: object) -> None:
        """An index out of range or anything but an integer is refused, nothing changed."""
        e = env("kivi")
        e.reset(seed=1)
        state = e.game_state
        with pytest.raises(UnknownActionError):
            e.step(action)
        assert e.game_state is state

    def test_numpy_integers(self) -> None:
        """numpy integers are indices too (what action_space.sample returns)."""
        e = env("kivi")
        e.reset(seed=1)
        state, mask = e.game_state, e.observe(e.agent_selection)["action_mask"]
        for kind in (np.int64, np.int32, np.uint16):
            index = kind(np.flatnonzero(mask)[0])
            e.reset(seed=1)
            e.step(index)
            assert e.game_state == kivi.apply(state, e.space.action(int(index))) or (
                kivi.to_move(kivi.apply(state, e.space.action(int(index)))) is CHANCE)

    def test_use_before_reset(self) -> None:
        """step, observe and render before reset say so."""
        e = env("kivi", render_mode="ansi")
        for call in (lambda: e.step(0), lambda: e.observe("player_0"), e.render):
            with pytest.raises(BoardrulesError, match="reset"):
                call()

    def test_step_after_the_end_warns(self, caplog: pytest.LogCaptureFixture) -> None:
        """Stepping once every agent is gone logs PettingZoo's warning and does nothing."""
        e = env("kivi")
        _play_out(e, seed=3)
        with caplog.at_level(logging.WARNING):
            e.step(None)
        assert "step() called after all agents" in caplog.text


class TestMaking:
    """Games, player counts and options as a user gives them."""

    def test_module_and_options(self) -> None:
        """A game module and an Options object work as well as a name and parameters."""
        options = lustry.Options(turn_limit=77)
        a = env(lustry, 2, options)
        b = env("lustry", 2, {"turn_limit": 77})
        assert a.config.options == b.config.options == options
        assert str(a) == "lustry_v2" == a.metadata["name"]
        assert a.metadata["is_parallelizable"] is False

    def test_bad_arguments(self) -> None:
        """Bad player counts, options, modes and games are refused with clear errors."""
        with pytest.raises(InvalidOptionsError):
            env("kivi", 9)
        with pytest.raises(InvalidOptionsError, match="no_such"):
            env("kivi", 2, {"no_such": 1})
        with pytest.raises(BoardrulesError, match="render_mode"):
            env("kivi", render_mode="rgb_array")
        with pytest.raises(BoardrulesError, match="illegal_action"):
            env("kivi", illegal_action="ignore")  # type: ignore[arg-type]
        with pytest.raises(BoardrulesError, match="unknown game"):
            env("chess")

    def test_pickles_mid_game(self) -> None:
        """A pickled or deep-copied environment goes on exactly like the original."""
        e = env("whales_rivals")
        e.reset(seed=9)
        for _ in range(5):
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
        copies: list[Any] = [pickle.loads(pickle.dumps(e)), copy.deepcopy(e)]
        for twin in [e, *copies]:
            for _ in range(20):
                twin.step(int(np.flatnonzero(twin.observe(twin.agent_selection)
                                             ["action_mask"])[-1]))
        assert copies[0].game_state == copies[1].game_state == e.game_state
