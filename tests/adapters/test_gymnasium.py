"""The Gymnasium adapter: Gymnasium's own environment checker on every game, player count,
option set and a few seats and opponents, and the single-agent conventions it promises.

Skipped without ``boardrules[gymnasium]``; CI installs every extra and then refuses the
skip (``BOARDRULES_TEST_ALL_EXTRAS=1``).
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from boardrules import BoardrulesError, IllegalActionError, InvalidOptionsError  # noqa: E402
from boardrules.adapters import gymnasium as adapter  # noqa: E402
from boardrules.adapters._common import numeric_games, parameter_values  # noqa: E402
from boardrules.adapters.gymnasium import BoardrulesEnv, env_id  # noqa: E402
from boardrules.bots import Decision, RandomBot  # noqa: E402
from boardrules.errors import UnknownActionError  # noqa: E402
from boardrules.games import GAMES, kivi  # noqa: E402
from tests.adapters.games import (  # noqa: E402
    configurations,
    option_sets,
)


def _make(name: str, **kwargs: Any) -> BoardrulesEnv:
    """Make the registered environment as a user does and return it unwrapped (the checker
    wants the raw environment; gymnasium.make gives it a spec, so render modes are checked
    too)."""
    made: BoardrulesEnv = gymnasium.make(env_id(GAMES[name]), **kwargs).unwrapped
    return made


class _Picker:
    """A bot for the tests: the first legal action, as a new equal object with `copies`, or
    the first action of the space that is not legal with `illegal`."""

    name = "picker"

    def __init__(self, *, copies: bool = False, illegal: bool = False) -> None:
        self.copies = copies
        self.illegal = illegal

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        if self.illegal:
            space: Any = getattr(decision.game, "action_space")(2)  # noqa: B009 - optional
            return next(a for a in space.actions if a not in legal)
        return attrs.evolve(legal[0]) if self.copies else legal[0]


def _episode(e: BoardrulesEnv, seed: int) -> tuple[float, bool, bool, int]:
    """Play one episode with uniformly random legal actions; return the last reward,
    terminated, truncated and the number of steps."""
    _, info = e.reset(seed=seed)
    e.action_space.seed(seed)
    steps = 0
    while True:
        _, reward, terminated, truncated, info = e.step(e.action_space.sample(info["action_mask"]))
        steps += 1
        if terminated or truncated:
            assert not info["action_mask"].any()
            return reward, terminated, truncated, steps
        assert reward == 0.0


class TestCheckEnv:
    """Gymnasium's check_env passes on every game, player count and option set."""

    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_check_env(self, name: str, players: int, capsys: pytest.CaptureFixture[str]
                       ) -> None:
        """The learner first, against random bots (every render mode included)."""
        check_env(_make(name, players=players))
        assert GAMES[name].TITLE.split()[0] in capsys.readouterr().out  # "human" printed

    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_check_env_last_seat_against_search(self, name: str, players: int) -> None:
        """The learner last, against information-set MCTS bots."""
        check_env(_make(name, players=players, seat=players - 1, opponents="ismcts:8"),
                  skip_render_check=True)

    @pytest.mark.parametrize(("name", "options"), option_sets())
    def test_check_env_options(self, name: str, options: object) -> None:
        """Every option away from its default, and options that change the spaces (as flat
        parameters); the most players, a middle seat, one bot per seat."""
        game = GAMES[name]
        players = game.MAX_PLAYERS
        bots = [("random", "ismcts:4")[seat % 2] for seat in range(players - 1)]
        e = _make(name, players=players, seat=players // 2, opponents=bots,
                  options=parameter_values(game, options))
        assert e.config.options == options
        check_env(e, skip_render_check=True)


class TestRegistration:
    """Every game with the numeric layer has an id, versioned by its rules version."""

    def test_ids(self) -> None:
        """boardrules/<game>-v<rules version>, and the bare name takes the latest."""
        for name in numeric_games():
            game = GAMES[name]
            id_ = f"boardrules/{name}-v{game.RULES_VERSION}"
            assert env_id(game) == id_ and id_ in gymnasium.registry
            with pytest.warns(UserWarning, match="latest versioned"):
                assert gymnasium.make(f"boardrules/{name}").spec.id == id_
        assert adapter.register_envs() == []  # already registered: nothing new

    def test_module_prefixed_id(self) -> None:
        """The id with the module imports the adapter itself (gymnasium's convention)."""
        made = gymnasium.make(f"boardrules.adapters.gymnasium:{env_id(kivi)}")
        assert made.unwrapped.config.game is kivi


class TestEpisodes:
    """Rewards, terminations and truncations follow the game."""

    @pytest.mark.parametrize(("name", "players"), configurations())
    def test_reward_is_the_learners_return(self, name: str, players: int) -> None:
        """The last step's reward is the learner's return; terminated when the rules end
        the game, truncated when its turn limit does (random Captain Bluff games often
        reach it)."""
        e = _make(name, players=players, seat=players - 1)
        reward, terminated, truncated, _ = _episode(e, seed=players)
        game, state = e.game, e.game_state
        assert game.is_terminal(state)
        assert (terminated, truncated) == (not game.result(state).truncated,
                                           game.result(state).truncated)
        assert reward == game.returns(state)[players - 1]

    @pytest.mark.parametrize("name", ["captain_bluff", "lustry"])
    def test_truncation_is_not_a_draw(self, name: str) -> None:
        """A game cut off by the turn limit is truncated, not terminated, reward 0."""
        e = _make(name, options={"turn_limit": 3})
        assert _episode(e, seed=1)[:3] == (0.0, False, True)
        assert e.game.result(e.game_state).truncated

    def test_seeded_episodes_repeat(self) -> None:
        """The same seed plays the same episode (chance and bots), another seed another."""
        runs = []
        for seed in (3, 3, 4):
            e = _make("whales_rivals", opponents="ismcts:5")
            runs.append((_episode(e, seed), e.game_state))
        assert runs[0] == runs[1] != runs[2]

    def test_bot_objects(self) -> None:
        """A Bot object plays the other seat."""
        bot = RandomBot(seed=1)
        e = _make("kivi", opponents=bot)
        _episode(e, seed=2)
        assert e.opponents == (bot,)

    def test_bot_actions_equal_but_not_shared(self) -> None:
        """A bot's action equal to a legal action but another object is played too (by the
        checked apply): the same episode as with the legal action objects themselves."""
        ends = []
        for copies in (False, True):
            e = _make("whales_rivals", opponents=_Picker(copies=copies))
            ends.append((_episode(e, seed=4), e.game_state))
        assert ends[0] == ends[1]

    def test_illegal_bot_action(self) -> None:
        """A bot's illegal action raises the game's IllegalActionError naming the rule; the
        game stays where the bot was to act."""
        e = _make("kivi", players=2, seat=0, opponents=_Picker(illegal=True))
        _, info = e.reset(seed=1)
        with pytest.raises(IllegalActionError) as error:
            e.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert error.value.rule
        assert e.game.to_move(e.game_state) == 1
        assert error.value.state is e.game_state

    def test_step_after_the_end(self) -> None:
        """Stepping once the game is over asks for reset()."""
        e = _make("kivi")
        _episode(e, seed=2)
        with pytest.raises(BoardrulesError, match="reset"):
            e.step(0)


class TestActions:
    """Action indices are checked; illegal ones follow the chosen policy."""

    def test_mask_and_action_masks(self) -> None:
        """info["action_mask"] and action_masks() are the learner's legal actions."""
        e = _make("kivi", players=3, seat=2)
        _, info = e.reset(seed=1)
        legal = sorted(e.space.legal_indices(e.game_state))
        assert list(np.flatnonzero(info["action_mask"])) == legal
        assert list(np.flatnonzero(e.action_masks())) == legal
        assert e.action_masks().dtype == np.bool_
        assert e.game.to_move(e.game_state) == 2

    def test_illegal_action_loses(self) -> None:
        """The default: the game ends as the learner's loss."""
        e = _make("kivi")
        _, info = e.reset(seed=1)
        index = int(np.flatnonzero(info["action_mask"] == 0)[0])
        _, reward, terminated, truncated, info = e.step(index)
        assert (reward, terminated, truncated) == (-1.0, True, False)
        assert info["illegal_action"] and not info["action_mask"].any()
        with pytest.raises(BoardrulesError, match="reset"):
            e.step(0)

    def test_illegal_action_raises(self) -> None:
        """With illegal_action="raise": the game's error naming the rule, nothing changed."""
        e = _make("kivi", illegal_action="raise")
        _, info = e.reset(seed=1)
        state = e.game_state
        with pytest.raises(IllegalActionError) as error:
            e.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
        assert error.value.rule and e.game_state is state
        e.step(int(np.flatnonzero(info["action_mask"])[0]))

    @pytest.mark.parametrize("action", [-1, 3325, 1.0, False, None])
    def test_not_an_index(self, action: object) -> None:
        """An index out of range or anything but an integer is refused."""
        e = _make("kivi")
        e.reset(seed=1)
        with pytest.raises(UnknownActionError):
            e.step(action)


class TestMaking:
    """Bad arguments are refused when the environment is made."""

    @pytest.mark.parametrize(("kwargs", "error", "match"), [
        ({"seat": 2}, BoardrulesError, "seat"),
        ({"seat": True}, BoardrulesError, "seat"),
        ({"opponents": ["random", "random"]}, BoardrulesError, "opponents"),
        ({"opponents": "alphazero"}, BoardrulesError, "unknown bot"),
        ({"players": 7}, InvalidOptionsError, "players"),
        ({"options": {"turns": 3}}, InvalidOptionsError, "turns"),
        ({"render_mode": "rgb_array"}, BoardrulesError, "render_mode"),
    ])
    def test_bad_arguments(self, kwargs: dict[str, Any], error: type[Exception], match: str
                           ) -> None:
        """Each bad argument raises a clear error naming it."""
        with pytest.raises(error, match=match):
            BoardrulesEnv("kivi", **kwargs)

    def test_pickles_mid_game(self) -> None:
        """A pickled or deep-copied environment goes on exactly like the original."""
        e = _make("lustry", opponents="random")
        _, info = e.reset(seed=5)
        for _ in range(4):
            _, _, _, _, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        twins: list[Any] = [e, pickle.loads(pickle.dumps(e)), copy.deepcopy(e)]
        ends = []
        for twin in twins:
            mask = info["action_mask"]
            for _ in range(10):
                _, _, _, _, seen = twin.step(int(np.flatnonzero(mask)[-1]))
                mask = seen["action_mask"]
            ends.append(twin.game_state)
        assert ends[0] == ends[1] == ends[2]
