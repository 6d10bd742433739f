"""Bots: reproducible with a seed, never illegal, and blind to what their seat cannot know."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardrules import CHANCE, TERMINAL
from boardrules.bots import Decision, ISMCTSBot, RandomBot, play_game
from boardrules.games import GAMES, AnyGame
from boardrules.testing import random_playout

NAMES = sorted(GAMES)


def decision_point(game: AnyGame, seed: int) -> tuple[Any, int]:
    """Return a state where a player must decide, reached by random play."""
    players = game.MIN_PLAYERS
    bound = game.action_bound(players, game.Options())
    rng = random.Random(seed)
    state, _ = random_playout(game, players, rng=rng, max_actions=rng.randrange(bound // 4 + 1))
    while game.to_move(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    if game.is_terminal(state):
        return decision_point(game, seed + 1)
    mover = game.to_move(state)
    assert isinstance(mover, int)
    return state, mover


class TestRandomBot:
    """RandomBot plays only legal actions and repeats itself with the same seed."""

    @pytest.mark.parametrize("name", NAMES)
    def test_whole_games_are_legal_and_reproducible(self, name: str) -> None:
        game = GAMES[name]
        seats = game.MIN_PLAYERS
        first = play_game(game, [RandomBot(s) for s in range(seats)], rng=random.Random(4))
        again = play_game(game, [RandomBot(s) for s in range(seats)], rng=random.Random(4))
        assert game.is_terminal(first)
        assert first == again


class TestISMCTSBot:
    """ISMCTS: deterministic with a seed, legal, and it cannot peek."""

    @pytest.mark.parametrize("name", NAMES)
    def test_same_seed_same_choice(self, name: str) -> None:
        game = GAMES[name]
        state, seat = decision_point(game, 11)
        choices = {ISMCTSBot(60, seed=3).act(Decision(game, state, seat)) for _ in range(3)}
        assert len(choices) == 1
        assert choices.pop() in game.legal_actions(state)

    @pytest.mark.parametrize("name", NAMES)
    @pytest.mark.parametrize("seed", [1, 2, 3])
    def test_no_peeking(self, name: str, seed: int) -> None:
        """Two states the seat cannot tell apart get the same decision from the same seed."""
        game = GAMES[name]
        state, seat = decision_point(game, seed)
        twin = game.resample(state, seat, random.Random(seed + 100))
        assert game.observe(twin, seat) == game.observe(state, seat)
        one = ISMCTSBot(60, seed=seed).act(Decision(game, state, seat))
        two = ISMCTSBot(60, seed=seed).act(Decision(game, twin, seat))
        assert one == two

    @pytest.mark.parametrize("name", NAMES)
    def test_never_plays_an_illegal_action(self, name: str) -> None:
        """Every seat an ISMCTS bot: 120 actions, each one checked by `apply`."""
        game = GAMES[name]
        seats = game.MIN_PLAYERS
        bots = [ISMCTSBot(15, seed=s, rollout_limit=100) for s in range(seats)]
        rng = random.Random(8)
        state = game.new_game(seats)
        for _ in range(120):
            mover = game.to_move(state)
            if mover is TERMINAL:
                break
            if mover is CHANCE:
                action = game.sample_chance(state, rng)
            else:
                action = bots[mover].act(Decision(game, state, mover))
                assert action in game.legal_actions(state)
            state = game.apply(state, action)

    def test_time_budget(self) -> None:
        game = GAMES["kivi"]
        state, seat = decision_point(game, 5)
        action = ISMCTSBot(None, seconds=0.05, seed=1).act(Decision(game, state, seat))
        assert action in game.legal_actions(state)

    def test_beats_random_at_kivi(self) -> None:
        """A sanity check of strength (the real figures are a benchmark): 30 iterations win
        most of 12 games against random with seats alternating."""
        game = GAMES["kivi"]
        wins = 0
        for g in range(12):
            bots: list[Any] = [ISMCTSBot(30, seed=g), RandomBot(g)]
            seat = g % 2
            if seat:
                bots.reverse()
            state = play_game(game, bots, rng=random.Random(g))
            wins += game.returns(state)[seat] == 1.0
        assert wins >= 8

    @pytest.mark.parametrize("bad", [{"iterations": None}, {"iterations": 0}])
    def test_needs_a_budget(self, bad: dict[str, Any]) -> None:
        with pytest.raises(ValueError, match=r"iterations|budget"):
            ISMCTSBot(**bad)
