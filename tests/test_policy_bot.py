"""PolicyBot: a policy of (observation tensor, legal mask) plays a seat of a tournament and
of the Gymnasium environment, seeing exactly what the environment shows a learner."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from boardrules import BoardrulesError  # noqa: E402
from boardrules.adapters.gymnasium import BoardrulesEnv  # noqa: E402
from boardrules.apps.tournament import run_tournament  # noqa: E402
from boardrules.bots import Decision, PolicyBot, RandomBot, play_game  # noqa: E402
from boardrules.errors import UnknownActionError  # noqa: E402
from boardrules.games import GAMES  # noqa: E402


def first_legal(tensor: Any, mask: Any) -> int:
    """The policy that plays the lowest legal index."""
    return int(np.flatnonzero(mask)[0])


class Recorder:
    """A policy that plays a random legal index and keeps what it was shown."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seen: list[tuple[Any, Any]] = []
        self.chosen: list[int] = []

    def __call__(self, tensor: Any, mask: Any) -> int:
        self.seen.append((tensor, mask))
        self.chosen.append(int(self.rng.choice(np.flatnonzero(mask))))
        return self.chosen[-1]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_policy_sees_the_seat_s_tensor_and_mask_and_plays_its_choice(name: str) -> None:
    game: Any = GAMES[name]
    players = game.MIN_PLAYERS
    space = game.action_space(players, None)
    recorder = Recorder(1)
    bot = PolicyBot(recorder, game, players)
    state = game.new_game(players)
    rng = random.Random(2)
    while len(recorder.seen) < 30 and not game.is_terminal(state):
        mover = game.to_move(state)
        if not isinstance(mover, int):
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        action = bot.act(Decision(game, state, mover))
        tensor, mask = recorder.seen[-1]
        assert tensor.dtype == np.float32 and mask.dtype == np.int8
        assert tensor.tobytes() == game.observe_tensor(state, mover).tobytes()
        assert sorted(np.flatnonzero(mask)) == sorted(
            space.index(a) for a in game.legal_actions(state))
        assert space.index(action) == recorder.chosen[-1]
        assert action in game.legal_actions(state)
        state = game.apply(state, action)
    assert len(recorder.seen) == 30


def test_a_policy_bot_plays_whole_games_its_choices() -> None:
    game: Any = GAMES["kivi"]
    recorder = Recorder(1)
    played: list[Any] = []
    state = play_game(game, [PolicyBot(recorder, game, 2), RandomBot(1)], rng=random.Random(4),
                      on_action=lambda s, a: played.append(a) if game.to_move(s) == 0 else None)
    assert game.is_terminal(state)
    space = game.action_space(2, None)
    assert [space.index(a) for a in played] == recorder.chosen


def test_a_policy_bot_plays_in_a_tournament() -> None:
    game: Any = GAMES["kivi"]

    def policy_bot(seed: int) -> PolicyBot:
        return PolicyBot(first_legal, game, 2)

    table = run_tournament(game, [policy_bot, "random"], games=2)
    assert sorted((row.bot, row.games) for row in table.standings) == [("policy", 2),
                                                                      ("random", 2)]


@pytest.mark.parametrize("name", ["kivi", "whales_rivals"])
def test_a_policy_bot_is_a_gymnasium_opponent_and_self_play_sees_what_the_learner_sees(
        name: str) -> None:
    game: Any = GAMES[name]
    opponent = Recorder(3)
    env = BoardrulesEnv(name, players=2, opponents=PolicyBot(opponent, game, 2))
    learner = Recorder(4)  # the same kind of policy in the learner's seat: self-play
    observation, info = env.reset(seed=5)
    learner_turns = 0
    done = False
    while not done:
        action = learner(observation, info["action_mask"])
        learner_turns += 1
        observation, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert opponent.seen and learner_turns
    # The opponent was shown what the environment would show a learner in its seat.
    mirror = BoardrulesEnv(name, players=2, seat=1)
    assert all(t.shape == mirror.observation_space.shape for t, _ in opponent.seen)
    assert all(m.shape == (mirror.config.space.size,) for _, m in opponent.seen)


def test_bad_indices_are_refused() -> None:
    game: Any = GAMES["kivi"]
    state = game.new_game(2)
    rng = random.Random(1)
    while not isinstance(game.to_move(state), int):
        state = game.apply(state, game.sample_chance(state, rng))
    mover = game.to_move(state)
    assert isinstance(mover, int)
    decision = Decision(game, state, mover)
    size = game.action_space(2, None).size
    for bad in (-1, size, 2.5, True, "0"):
        with pytest.raises(UnknownActionError):
            PolicyBot(lambda t, m, bad=bad: bad, game, 2).act(decision)  # type: ignore[misc]
    illegal = next(i for i in range(size) if i not in set(
        game.action_space(2, None).index(a) for a in decision.legal_actions))
    with pytest.raises(BoardrulesError, match="not legal now"):
        PolicyBot(lambda t, m: illegal, game, 2).act(decision)
    with pytest.raises(BoardrulesError, match="plays lustry"):
        PolicyBot(first_legal, GAMES["lustry"], 2).act(decision)
    assert PolicyBot(lambda t, m: np.int64(int(np.flatnonzero(m)[0])), game, 2).act(
        decision) in decision.legal_actions
