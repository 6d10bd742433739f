"""Bots: reproducible with a seed, never illegal, and blind to what their seat cannot know."""

from __future__ import annotations

import copy
import json
import math
import random
from pathlib import Path
from typing import Any, Literal

import attrs
import pytest

import boardrules.bots as bots_module
from boardrules import CHANCE, TERMINAL, BoardrulesError, InvalidArgumentError
from boardrules.apps.tournament import run_tournament
from boardrules.bots import AUTO_ROLLOUT_LIMIT, Decision, ISMCTSBot, RandomBot, play_game
from boardrules.bots.spec import make_bot
from boardrules.games import GAMES, AnyGame
from boardrules.testing import random_playout

NAMES = sorted(GAMES)
OLD_LIMITS: dict[str, int | None] = {
    "captain_bluff": 40, "kivi": None, "lustry": 40, "ren_dhark": None, "whales_rivals": None,
}
"""The rollout limit of ``rollout_limit="auto"`` before the games had their own
`ROLLOUT_LIMIT` (boardrules 0.1's search): to the end in the games that had no heuristic,
`AUTO_ROLLOUT_LIMIT` steps in Lustry and Captain Bluff."""


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


class TestDecision:
    """A Decision holds what its seat may know; the observation is made when asked for."""

    @pytest.mark.parametrize("name", NAMES)
    def test_observation_and_legal_actions(self, name: str) -> None:
        """`observation` is the seat's observe, made once and kept; `legal_actions` the
        game's; a copy made before or after the observation was asked for has the same."""
        game = GAMES[name]
        state, seat = decision_point(game, 3)
        decision = Decision(game, state, seat)
        early = copy.copy(decision)
        assert decision.legal_actions == game.legal_actions(state)
        seen = decision.observation
        assert seen == game.observe(state, seat)
        assert decision.observation is seen
        late = copy.copy(decision)
        assert late.observation is seen
        assert early.observation == seen and early.legal_actions == decision.legal_actions


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
    def test_analyse_explains_the_choice(self, name: str) -> None:
        """`analyse` gives every legal action its visits and value; `act` plays the most
        visited, of those the first of the best value; the visits add up to the iterations;
        twins get the same analysis."""
        game = GAMES[name]
        state, seat = decision_point(game, 5)
        decision = Decision(game, state, seat)
        stats = ISMCTSBot(80, seed=7).analyse(decision)
        assert tuple(s.action for s in stats) == decision.legal_actions
        assert sum(s.visits for s in stats) == 80
        assert all(-1.0 <= s.value <= 1.0 for s in stats)
        assert all(s.value == 0.0 for s in stats if s.visits == 0)
        most = max(s.visits for s in stats)
        best = max(s.value for s in stats if s.visits == most)
        chosen = ISMCTSBot(80, seed=7).act(decision)
        assert chosen == next(s.action for s in stats if (s.visits, s.value) == (most, best))
        twin = game.resample(state, seat, random.Random(99))
        assert ISMCTSBot(80, seed=7).analyse(Decision(game, twin, seat)) == stats

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

    def test_a_time_budget_always_searches_once(self) -> None:
        """However short the time, one iteration runs (the action is not a blind guess)."""
        game = GAMES["kivi"]
        state, seat = decision_point(game, 5)
        stats = ISMCTSBot(None, seconds=1e-9, seed=1).analyse(Decision(game, state, seat))
        assert sum(s.visits for s in stats) >= 1

    @pytest.mark.parametrize("bad", [
        {"iterations": None}, {"iterations": 0}, {"iterations": 2.5}, {"iterations": True},
        {"iterations": "10"}, {"seconds": 0}, {"seconds": -1.0}, {"seconds": float("nan")},
        {"seconds": float("inf")}, {"seconds": True}, {"seconds": "1"},
    ])
    def test_needs_a_budget(self, bad: dict[str, Any]) -> None:
        budget = {"iterations": 10} | bad if "seconds" in bad else bad
        with pytest.raises(ValueError, match=r"iterations|seconds|budget"):
            ISMCTSBot(**budget)

    @pytest.mark.parametrize(("iterations", "seconds", "name"), [
        (1000, None, "ismcts:1000"), (None, 2, "ismcts:2s"), (50, 0.5, "ismcts:50/0.5s"),
    ])
    def test_name_shows_the_budget(self, iterations: int | None, seconds: float | None,
                                   name: str) -> None:
        assert ISMCTSBot(iterations, seconds=seconds).name == name

    @pytest.mark.parametrize(("widen", "name"), [(None, "ismcts:10/widen=off"),
                                                  (4, "ismcts:10/widen=4")])
    def test_name_shows_widening_and_names_the_same_bot(self, widen: int | None,
                                                        name: str) -> None:
        bot = ISMCTSBot(10, widen=widen)
        assert bot.name == name
        again = make_bot(name, 0)
        assert isinstance(again, ISMCTSBot) and again.widen == widen and again.name == name
        assert ISMCTSBot(10, rollout_limit=None, widen=None).name == (
            make_bot("ismcts:10/rollout=end/widen=off", 0).name)

    def test_belief_is_the_games_believe_unless_off(self,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
        """With `belief` (the default) every sampled world goes through the game's optional
        ``believe`` for the deciding seat; ``belief=False`` (``/belief=off``) never calls it."""
        game = GAMES["kivi"]
        state, seat = decision_point(game, 5)
        decision = Decision(game, state, seat)
        calls: list[int] = []

        def believe(world: Any, player: int, rng: random.Random) -> Any:
            calls.append(player)
            return world

        monkeypatch.setattr(game, "believe", believe, raising=False)
        ISMCTSBot(30, seed=1).analyse(decision)
        assert calls == [seat] * 30
        off = make_bot("ismcts:30/belief=off", 1)
        assert isinstance(off, ISMCTSBot) and not off.belief
        assert off.name == "ismcts:30/belief=off" == ISMCTSBot(30, belief=False).name
        off.analyse(decision)
        assert len(calls) == 30
        both = "ismcts:30/widen=off/belief=off"
        assert make_bot(both, 0).name == both
        with pytest.raises(InvalidArgumentError, match="'on' is not 'off'"):
            make_bot("ismcts:30/belief=on", 0)

    @pytest.mark.parametrize("bad", [0, -1, 2.5, "some", True])
    def test_widen_is_checked(self, bad: Any) -> None:
        with pytest.raises(ValueError, match="widen"):
            ISMCTSBot(10, widen=bad)

    def test_widening_tries_the_best_action_one_step_ahead_first(self) -> None:
        """With widening, the first action a node tries is the one the heuristic scores
        best one step ahead for the mover (the first of equals): one iteration tries it."""
        game = GAMES["kivi"]  # no hidden information: every sampled world is the state
        state, seat = decision_point(game, 5)
        legal = game.legal_actions(state)
        heuristic = game.heuristic  # type: ignore[attr-defined]
        ahead = [heuristic(game.apply(state, a))[seat] for a in legal]
        assert len(set(ahead)) > 1
        stats = ISMCTSBot(1, seed=1, widen=1).analyse(Decision(game, state, seat))
        assert [s.visits for s in stats] == [int(i == ahead.index(max(ahead)))
                                             for i in range(len(legal))]

    def test_widening_tries_few_of_many_actions(self) -> None:
        """A node of `widen` actions or more tries a new one only while it has tried fewer
        than 1 + sqrt(its visits); the visits still add up to the iterations. Without
        widening, every action is tried once before any twice."""
        game = GAMES["captain_bluff"]
        seed = 0
        while len(game.legal_actions((found := decision_point(game, seed))[0])) < 60:
            seed += 1
        decision = Decision(game, *found)
        wide = ISMCTSBot(100, seed=2, widen=3).analyse(decision)
        assert sum(s.visits for s in wide) == 100
        assert 2 <= sum(1 for s in wide if s.visits) <= 1 + math.sqrt(100)
        plain = ISMCTSBot(100, seed=2, widen=None).analyse(decision)
        assert sum(1 for s in plain if s.visits) == min(100, len(decision.legal_actions))
        assert ISMCTSBot(100, seed=2, widen=len(decision.legal_actions) + 1).analyse(
            decision) == plain

    def test_auto_widening_is_the_games(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """``widen="auto"`` is the game's ``WIDEN_FROM``, or no widening without one."""
        game = GAMES["kivi"]
        state, seat = decision_point(game, 5)
        decision = Decision(game, state, seat)
        assert not hasattr(game, "WIDEN_FROM")
        assert (ISMCTSBot(60, seed=1).analyse(decision)
                == ISMCTSBot(60, seed=1, widen=None).analyse(decision))
        monkeypatch.setattr(game, "WIDEN_FROM", 2, raising=False)
        assert (ISMCTSBot(60, seed=1).analyse(decision)
                == ISMCTSBot(60, seed=1, widen=2).analyse(decision)
                != ISMCTSBot(60, seed=1, widen=None).analyse(decision))
        assert GAMES["captain_bluff"].WIDEN_FROM == 3  # type: ignore[attr-defined]

    @pytest.mark.parametrize("bad", [-1, 1.5, "all", True])
    def test_rollout_limit_is_checked(self, bad: Any) -> None:
        with pytest.raises(ValueError, match="rollout_limit"):
            ISMCTSBot(10, rollout_limit=bad)

    def test_cut_rollouts_are_scored_by_the_evaluator(self) -> None:
        """A rollout cut short is scored by `evaluate`; a rollout to the end never is."""
        game = GAMES["kivi"]
        state, seat = decision_point(game, 5)
        scored: list[Any] = []

        def evaluate(position: Any) -> tuple[float, ...]:
            scored.append(position)
            return game.returns(position)

        ISMCTSBot(20, seed=1, rollout_limit=3, evaluate=evaluate).act(
            Decision(game, state, seat))
        assert scored and not all(game.is_terminal(p) for p in scored)
        scored.clear()
        ISMCTSBot(20, seed=1, rollout_limit=None, evaluate=evaluate).act(
            Decision(game, state, seat))
        assert scored == []

    @pytest.mark.parametrize("name", NAMES)
    def test_auto_limit_uses_the_games_heuristic(self, name: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
        game = GAMES[name]
        state, seat = decision_point(game, 6)
        calls: list[Any] = []
        real = game.heuristic  # type: ignore[attr-defined]

        def spy(position: Any) -> Any:
            calls.append(position)
            return real(position)

        monkeypatch.setattr(game, "heuristic", spy)
        ISMCTSBot(5, seed=1, widen=None).act(Decision(game, state, seat))
        assert len(calls) == 5 or game.legal_actions(state)[1:] == ()
        calls.clear()
        ISMCTSBot(2, seed=1, rollout_limit=None).act(Decision(game, state, seat))
        assert calls == []

    @pytest.mark.parametrize("name", NAMES)
    def test_auto_limit_is_the_games_rollout_limit(self, name: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
        """``"auto"`` cuts every rollout after the game's `ROLLOUT_LIMIT` steps; a game with
        a heuristic and no limit of its own gets `AUTO_ROLLOUT_LIMIT`; a limit of ``None``
        plays to the end."""
        game = GAMES[name]
        state, seat = decision_point(game, 6)
        limits: list[int | None] = []
        real = bots_module.playout  # type: ignore[attr-defined]  # imported by bots

        def spy(game: AnyGame, state: Any, rng: random.Random, limit: int | None) -> Any:
            limits.append(limit)
            return real(game, state, rng, limit)

        monkeypatch.setattr(bots_module, "playout", spy)
        ISMCTSBot(3, seed=1).analyse(Decision(game, state, seat))
        assert limits == [game.ROLLOUT_LIMIT] * 3  # type: ignore[attr-defined]
        limits.clear()
        monkeypatch.delattr(game, "ROLLOUT_LIMIT")
        ISMCTSBot(3, seed=1).analyse(Decision(game, state, seat))
        assert limits == [AUTO_ROLLOUT_LIMIT] * 3
        limits.clear()
        monkeypatch.setattr(game, "ROLLOUT_LIMIT", None, raising=False)
        ISMCTSBot(3, seed=1).analyse(Decision(game, state, seat))
        assert limits == [None] * 3

    @pytest.mark.parametrize("name", NAMES)
    def test_every_game_cuts_its_rollouts_short(self, name: str) -> None:
        """The built-in games' limits: a few turns, far fewer steps than a random game."""
        game = GAMES[name]
        limit = game.ROLLOUT_LIMIT  # type: ignore[attr-defined]
        assert type(limit) is int and 1 <= limit <= 20


def reference_rollout(game: AnyGame, world: Any, rng: random.Random, limit: int | None) -> Any:
    """Play random moves to the end or for `limit` steps, as `ISMCTSBot` did in 0.1.0."""
    steps = 0
    while game.to_move(world) is not TERMINAL and (limit is None or steps < limit):
        if game.to_move(world) is CHANCE:
            world = game.apply_unchecked(world, game.sample_chance(world, rng))
        else:
            legal = game.legal_actions(world)
            world = game.apply_unchecked(world, legal[rng.randrange(len(legal))])
        steps += 1
    return world


def reference_analyse(game: AnyGame, state: Any, seat: int, iterations: int, seed: int, *,
                      limit: int | None) -> list[tuple[int, float]]:
    """Search as `ISMCTSBot` did before its tree and rollouts were made fast (0.1.0): the
    plain algorithm, kept as the specification, with rollouts cut after `limit` steps and
    scored by the game's heuristic (``None``: to the end). Returns (visits, wins) per
    legal action."""
    rng = random.Random(seed)
    score = game.heuristic  # type: ignore[attr-defined]
    root: dict[str, Any] = {"mover": None, "edges": {}}  # edge: [available, visits, wins, child]
    for _ in range(iterations):
        world = game.resample(state, seat, rng)
        node, path = root, []
        while True:
            mover = game.to_move(world)
            if mover is TERMINAL:
                break
            if mover is CHANCE:
                world = game.apply_unchecked(world, game.sample_chance(world, rng))
                continue
            if node["mover"] is None:
                node["mover"] = mover
            elif node["mover"] != mover:
                break
            legal = game.legal_actions(world)
            row = [node["edges"].setdefault(a, [0, 0, 0.0, None]) for a in legal]
            for edge in row:
                edge[0] += 1
            fresh = [i for i, edge in enumerate(row) if edge[3] is None]
            if fresh:
                i = fresh[rng.randrange(len(fresh))]
                row[i][3] = {"mover": None, "edges": {}}
                path.append((mover, row[i]))
                world = game.apply_unchecked(world, legal[i])
                break
            best, best_score = 0, -math.inf
            for i, edge in enumerate(row):
                if edge[1] == 0:
                    best = i
                    break
                ucb = edge[2] / edge[1] + 0.7 * math.sqrt(math.log(edge[0]) / edge[1])
                if ucb > best_score:
                    best, best_score = i, ucb
            path.append((mover, row[best]))
            world = game.apply_unchecked(world, legal[best])
            node = row[best][3]
        world = reference_rollout(game, world, rng, limit)
        values = score(world) if limit is not None else game.returns(world)
        for player, edge in path:
            edge[1] += 1
            edge[2] += (values[player] + 1) / 2
    edges = root["edges"]
    return [(edges[a][1], edges[a][2]) if a in edges else (0, 0.0)
            for a in game.legal_actions(state)]


class TestSearchIsUnchanged:
    """The fast search makes the decisions of the plain algorithm (`reference_analyse`):
    the old search through its option, the default with the game's `ROLLOUT_LIMIT` (both
    without widening and belief, ``widen=None, belief=False``: Captain Bluff has both by
    default)."""

    @pytest.mark.parametrize("name", NAMES)
    @pytest.mark.parametrize("seed", [2, 9])
    def test_same_visits_and_values_as_the_plain_search(self, name: str, seed: int) -> None:
        game = GAMES[name]
        state, seat = decision_point(game, seed)
        options: list[tuple[int | Literal["auto"] | None, int | None]] = [
            (OLD_LIMITS[name], OLD_LIMITS[name]),
            ("auto", game.ROLLOUT_LIMIT)]  # type: ignore[attr-defined]
        for option, limit in options:
            stats = ISMCTSBot(120, seed=seed, rollout_limit=option, widen=None,
                              belief=False).analyse(
                Decision(game, state, seat))
            want = reference_analyse(game, state, seat, 120, seed, limit=limit)
            assert [s.visits for s in stats] == [visits for visits, _ in want]
            assert [s.value for s in stats] == [2 * wins / visits - 1 if visits else 0.0
                                                for visits, wins in want]


GOLDEN = json.loads((Path(__file__).parent / "ismcts_golden.json").read_text())
"""`ISMCTSBot.analyse` at three decision points per game, 300 iterations, as the search
made them before it was made fast (boardrules 0.1.0 on the current rules): the decisions
of a fixed seed must not change while the search does not (a changed `resample`, rollout or
tree would show here). Since the games have their own `ROLLOUT_LIMIT`, that search is the
option ``rollout_limit=OLD_LIMITS[name]``, without widening and belief (``widen=None,
belief=False``)."""
GOLDEN_AUTO = json.loads((Path(__file__).parent / "ismcts_golden_auto.json").read_text())
"""The same for the default search (``rollout_limit="auto"``: the games' `ROLLOUT_LIMIT`
and `heuristic`), as it was made when the games got their limits."""


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_decisions_are_those_of_the_stored_search(name: str) -> None:
    game = GAMES[name]
    for row in GOLDEN[name]:
        state, seat = decision_point(game, row["seed"])
        stats = ISMCTSBot(300, seed=row["seed"], rollout_limit=OLD_LIMITS[name],
                          widen=None, belief=False).analyse(Decision(game, state, seat))
        assert [str(s.action) for s in stats] == row["actions"]
        assert [s.visits for s in stats] == row["visits"]
        assert [s.value for s in stats] == row["values"]


@pytest.mark.parametrize("name", sorted(GOLDEN_AUTO))
def test_default_decisions_are_those_of_the_stored_search(name: str) -> None:
    game = GAMES[name]
    for row in GOLDEN_AUTO[name]:
        state, seat = decision_point(game, row["seed"])
        stats = ISMCTSBot(300, seed=row["seed"], widen=None, belief=False).analyse(
            Decision(game, state, seat))
        assert [str(s.action) for s in stats] == row["actions"]
        assert [s.visits for s in stats] == row["visits"]
        assert [s.value for s in stats] == row["values"]


class TestHeuristics:
    """Every game's `heuristic` estimates `returns`: in -1..1, `returns` itself at the end,
    and ahead where the rules put a player ahead."""

    @pytest.mark.parametrize(("name", "players"), [
        ("lustry", 2), ("captain_bluff", 2), ("captain_bluff", 5), ("kivi", 2), ("kivi", 4),
        ("whales_rivals", 2), ("ren_dhark", 2)])
    def test_bounded_and_equal_to_returns_at_the_end(self, name: str, players: int) -> None:
        game = GAMES[name]
        heuristic = game.heuristic  # type: ignore[attr-defined]
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_game(players)
            steps = 0
            while not game.is_terminal(state):
                if steps % 5 == 0:
                    values = heuristic(state)
                    assert len(values) == players
                    assert all(-1.0 <= v <= 1.0 for v in values)
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
                steps += 1
            assert tuple(heuristic(state)) == tuple(game.returns(state))

    def test_lustry_counts_closed_and_growing_sequences(self) -> None:
        from boardrules.games import lustry
        from boardrules.games.lustry.state import Sequence

        start = lustry.new_game(2)
        empty = lustry.NO_SEQUENCE
        growing = Sequence(("r1c", "r2cf", "r3cf"), (None, None, None), (None, None, None))
        blocked = Sequence(("r1c", "r2cf", "r3cf"), (None, "g2ce", None), (None, None, None))
        closed = Sequence(("g1c", "g2cf", "g3cf", "g4cf", "g5cf"), (None,) * 5, (None,) * 5,
                          closed=True)
        a = lustry.heuristic(attrs.evolve(start, sequences=(growing,) + (empty,) * 5))
        b = lustry.heuristic(attrs.evolve(start, sequences=(blocked,) + (empty,) * 5))
        c = lustry.heuristic(attrs.evolve(start, sequences=(empty,) * 3 + (closed,)
                                          + (empty,) * 2))
        assert a[0] > b[0] > 0.0 and a[0] == -a[1]
        assert c[1] > a[0] and c[0] == -c[1]

    def test_captain_bluff_prefers_the_smaller_hand(self) -> None:
        from boardrules.games import captain_bluff

        state = captain_bluff.new_game(3)
        state = attrs.evolve(state, hands=((1, 2), (3, 4, 5, 6), (7, 8, 9)))
        values = captain_bluff.heuristic(state)
        assert values[0] > values[2] == 0.0 > values[1]  # 2 cards, 3 (the mean), 4

    def test_K10_K11_kivi_counts_the_board_as_scored(self) -> None:
        """KIVI: the scores of the board as it stands (K10), against the others' mean."""
        from boardrules.games import kivi

        start = kivi.new_game(3)
        line = (0, 1, 2)  # a1 b1 c1: a line of three scores its points times three
        cells = tuple(0 if i in line else 1 if i == 48 else None for i in range(49))
        state = attrs.evolve(start, cells=cells)
        points = kivi.scores(state)
        assert points[0] > points[1] > points[2] == 0
        values = kivi.heuristic(state)
        assert values[0] > 0.0 and values[2] < values[1] < 0.0
        assert values[0] == pytest.approx(
            math.tanh((points[0] - (points[1] + points[2]) / 2) / 10))

    def test_W15_W20_whales_count_captured_and_leading_packs(self) -> None:
        """Whales Rivals: captured grey points count fully (W20), the grey points of a pack
        whose whales one player leads count half (W15); a tie at a pack counts for nobody."""
        from boardrules.games import whales_rivals as wr

        grey = wr.Grey(5, True, (True, True))
        start = wr.new_game(2)
        ahead = attrs.evolve(start, captured=((grey, grey), ()))
        assert wr.heuristic(ahead)[0] == pytest.approx(math.tanh(10 / 15))
        whale = wr.Whale(4, True)
        packs = (wr.Pack((grey,), ((), (whale,))), wr.Pack((grey,), ((whale,), (whale,))),
                 wr.Pack((), ((), ())))
        led = attrs.evolve(ahead, packs=packs)
        assert wr.heuristic(led)[0] == pytest.approx(math.tanh((10 - 2.5) / 15))
        assert wr.heuristic(led)[1] == -wr.heuristic(led)[0]
        behind = attrs.evolve(start, packs=packs)
        assert wr.heuristic(behind)[1] > 0.0 > wr.heuristic(behind)[0]

    def test_D18_ren_dhark_progress_reaches_seven_exactly_at_victory(self) -> None:
        """Ren Dhark: `progress` is 7 or more exactly for the cards that win (D18: 7 ships, 6
        cards with a person or unit, 5 with two), and the player nearer to it is ahead."""
        from boardrules.games import ren_dhark as rd
        from boardrules.games.ren_dhark.heuristic import progress

        start = rd.new_game(2)
        for ships in range(8):
            for ground in range(8 - ships):
                landed = (tuple(rd.Landing(i, rd.CombatType.SHIP) for i in range(ships))
                          + tuple(rd.Landing(10 + i, rd.CombatType.PERSON)
                                  for i in range(ground)))
                state = attrs.evolve(start, landed=(landed, ()))
                assert (progress(state, 0) >= 7) == rd.has_won(landed)
                values = rd.heuristic(state)
                assert values[0] == -values[1]
                assert (values[0] > 0.0) == (ships + ground > 0)


class FirstBot:
    """Always the first legal action: a user's own bot, entered through a factory."""

    name = "first"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, decision: Decision) -> Any:
        return decision.legal_actions[0]


class TestTournament:
    """`run_tournament`: built-in bots by name and a user's bots by factory, seats rotated."""

    def test_own_bot_by_factory(self) -> None:
        seeds: list[int] = []

        def make(seed: int) -> FirstBot:
            seeds.append(seed)
            return FirstBot(seed)

        table = run_tournament(GAMES["kivi"], [make, "random"], 4, seed=5)
        assert [row.bot for row in table.standings] == ["first", "random"]
        for row in table.standings:
            assert row.games == 4 and row.wins + row.draws + row.losses == 4
        first, rand = table.standings
        assert first.wins + first.draws == rand.losses + rand.draws
        assert len(set(seeds[1:])) == 4  # a fresh bot with its own seed for every game
        again = run_tournament(GAMES["kivi"], [make, "random"], 4, seed=5)
        assert again == table

    def test_bad_entrants_fail_before_any_game(self) -> None:
        game = GAMES["kivi"]
        with pytest.raises(BoardrulesError, match="unknown bot 'greedy'"):
            run_tournament(game, ["random", "greedy"], 1000)
        with pytest.raises(BoardrulesError, match="not int"):
            run_tournament(game, ["random", 3], 1000)  # type: ignore[list-item]
        with pytest.raises(BoardrulesError, match="at least one entrant"):
            run_tournament(game, [], 1000)

    @pytest.mark.parametrize(("options", "problem"), [
        ({"games": 0}, "games >= 1"), ({"games": True}, "games >= 1"),
        ({"seed": -1}, "seed must be a whole number >= 0"),
        ({"players": 3}, "exactly 2 players, got 3"), ({"players": 2.0}, "got 2.0"),
    ])
    def test_bad_settings_fail_before_any_game(self, options: dict[str, Any],
                                               problem: str) -> None:
        calls: list[int] = []

        def make(seed: int) -> RandomBot:
            calls.append(seed)
            return RandomBot(seed)

        settings: dict[str, Any] = {"games": 2} | options
        with pytest.raises(BoardrulesError, match=problem):
            run_tournament(GAMES["lustry"], [make, "random"], **settings)
        assert len(calls) <= 1  # at most the call that names the entrant: no game was played

    def test_default_seats_stay_within_the_game(self) -> None:
        """One seat per entrant, but never more than the game allows (as the CLI does)."""
        assert run_tournament(GAMES["lustry"], ["random"] * 3, 3).players == 2
        assert run_tournament(GAMES["kivi"], ["random"] * 3, 3).players == 3
        assert run_tournament(GAMES["kivi"], ["random"], 1).players == 2


def test_act_breaks_a_tie_of_visits_by_value_not_by_order() -> None:
    """With more legal actions than iterations every visited action has one visit: the
    first listed would always be played (in Captain Bluff a check of a destination, turn
    after turn, #30); the best valued of them is."""

    class Stub(ISMCTSBot):
        def analyse(self, decision: Decision) -> tuple[bots_module.ActionStats, ...]:
            return tuple(bots_module.ActionStats(a, 1, v) for a, v in
                         zip(decision.legal_actions, (-0.5, 0.25, 0.75, 0.75), strict=False))

    game = GAMES["kivi"]
    state, seat = decision_point(game, 5)
    decision = Decision(game, state, seat)
    assert len(decision.legal_actions) >= 4
    assert Stub(10).act(decision) == decision.legal_actions[2]
