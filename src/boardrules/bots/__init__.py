"""Bots that play any registered game fairly.

A bot never sees the true state. At each of its decisions it gets a `Decision`: the
game module, its seat, its observation, its legal actions, and `sample_world(rng)`,
which returns a full state drawn from what the seat cannot tell apart (the game's
`resample`). Searching bots run the game's own functions (`legal_actions`,
`apply_unchecked`, `sample_chance`, `returns`) on such sampled worlds only.

>>> import random
>>> from boardrules.games import kivi
>>> bots = [RandomBot(seed=1), ISMCTSBot(iterations=50, seed=2)]
>>> state = play_game(kivi, bots, rng=random.Random(3))
>>> kivi.is_terminal(state)
True
"""

from __future__ import annotations

import math
import operator
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, Protocol

import attrs

from boardrules.chance import playout
from boardrules.errors import BoardrulesError, UnknownActionError
from boardrules.game import CHANCE, TERMINAL, Game

__all__ = [
    "AUTO_ROLLOUT_LIMIT", "ActionStats", "Bot", "Decision", "ISMCTSBot", "Policy", "PolicyBot",
    "RandomBot", "play_game",
]

AnyGame = Game[Any, Any, Any, Any]
Evaluator = Callable[[Any], Sequence[float]]
"""A function estimating `returns` of a state that is not over (each value in -1..1)."""
Policy = Callable[[Any, Any], Any]
"""A function of (observation tensor, legal-action mask) to an action index (see `PolicyBot`)."""

AUTO_ROLLOUT_LIMIT: Final = 40
"""Steps a rollout plays, with ``rollout_limit="auto"``, in a game that has a `heuristic`
but no ``ROLLOUT_LIMIT`` of its own (every built-in game has one)."""


class Decision:
    """What a bot may know when it must act: nothing of the true state's hidden parts."""

    __slots__ = ("_observation", "_state", "game", "legal_actions", "seat")

    game: AnyGame
    """The game module (its functions may be run on sampled worlds)."""
    seat: int
    """The deciding player."""
    legal_actions: tuple[Any, ...]
    """The seat's legal actions (they depend only on the observation)."""
    _observation: Any  # unset until the observation is asked for

    def __init__(self, game: AnyGame, state: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.legal_actions = game.legal_actions(state)
        self._state = state
        # The observation is made when asked for: it costs more than the legal actions in
        # most games (8-19 µs in Captain Bluff, Lustry and Whales Rivals), and random and
        # search bots never look.

    @property
    def observation(self) -> Any:
        """``game.observe(state, seat)``: everything the seat may know (computed when first
        asked for, then kept)."""
        try:
            return self._observation
        except AttributeError:
            found = self._observation = self.game.observe(self._state, self.seat)
            return found

    def sample_world(self, rng: random.Random) -> Any:
        """Return a full state the seat cannot tell from the true one, hidden parts redrawn.

        The result depends only on the seat's knowledge and `rng` (a property the
        conformance kit checks for every game), so a bot cannot learn hidden
        information through it.
        """
        return self.game.resample(self._state, self.seat, rng)


class Bot(Protocol):
    """A player: chooses one of the legal actions of a `Decision`."""

    @property
    def name(self) -> str:
        """A short name for tables and logs."""

    def act(self, decision: Decision) -> Any:
        """Return one of ``decision.legal_actions``."""


class RandomBot:
    """Chooses uniformly among the legal actions; seeded, so reproducible."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, decision: Decision) -> Any:
        """Return a uniformly random legal action."""
        return decision.legal_actions[self.rng.randrange(len(decision.legal_actions))]


@attrs.frozen
class ActionStats:
    """What a search found of one legal action (see `ISMCTSBot.analyse`)."""

    action: Any
    """The action."""
    visits: int
    """Iterations that chose it at the root."""
    value: float
    """The searching seat's mean return over those iterations, in -1..1 (0 unvisited)."""


class _Edge:
    """The statistics of one action at one node, and the node it leads to once expanded."""

    __slots__ = ("available", "child", "prior", "visits", "wins")

    def __init__(self) -> None:
        self.available = 0
        """Iterations that reached the node in a world where this action was legal, but for
        those since the node's legal actions last changed (`_Node.pending`)."""
        self.visits = 0
        self.wins = 0.0
        """The sum of the mover's returns mapped to 0..1, over the visits."""
        self.child: _Node | None = None
        self.prior: float | None = None
        """At a wide node: the mover's score one step after the action, in the world of the
        visit that first needed it (the order of expansion)."""


class _Node:
    """A node of the information-set tree: the edges leaving it, by action.

    Chance outcomes are not edges (the tree is open-loop over chance): the player who
    acts at a node is fixed by its first visit, and a later visit that finds another
    player to act stops the descent there.
    """

    __slots__ = ("edges", "fresh", "legal", "mover", "pending", "row", "visits")

    def __init__(self) -> None:
        self.mover: int | None = None
        self.visits = 0
        """Descents that reached the node with its mover to act."""
        self.edges: dict[Any, _Edge] = {}
        self.legal: tuple[Any, ...] = ()
        """The legal actions of the last visit."""
        self.row: list[_Edge] = []
        """Their edges, in their order."""
        self.fresh: list[int] = []
        """The indices in `row` of the edges not expanded yet, in order."""
        self.pending = 0
        """Visits with these legal actions not yet counted in their edges' `available`
        (counted once the legal actions change: until then every edge of `row` has it to
        add, so a visit costs one addition, not one per legal action)."""

    def row_of(self, legal: tuple[Any, ...]) -> list[_Edge]:
        """Return the edges of `legal` in its order, new ones made, and make them the node's
        `row` (remembered for the next visit: worlds often share their legal actions,
        always at the root, and comparing shared action objects costs no hashing)."""
        if legal == self.legal:
            return self.row
        pending = self.pending
        if pending:
            for old in self.row:
                old.available += pending
            self.pending = 0
        edges = self.edges
        row = []
        for action in legal:
            edge = edges.get(action)
            if edge is None:
                edge = edges[action] = _Edge()
            row.append(edge)
        self.legal, self.row = legal, row
        self.fresh = [i for i, edge in enumerate(row) if edge.child is None]
        return row


class ISMCTSBot:
    """Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse, 2012).

    Each iteration samples a world with `Decision.sample_world`, descends the tree with
    UCB1 over the actions legal in that world (counting how often each was available),
    expands one new node, finishes the game with random moves and backs up every
    player's return. Chance outcomes are sampled with the game's `sample_chance`. The
    action chosen is the most visited one at the root.

    Rollouts stop at the end of the game, or after `rollout_limit` steps; a position
    reached that way is scored by `evaluate`, else by the game's optional
    ``heuristic(state)`` function (an estimate of `returns`, each value in -1..1), else by
    `returns` (0 for everyone before the end). The default, ``"auto"``, plays to the end
    unless the game has a ``heuristic`` (every built-in game has one): then rollouts stop
    after the game's ``ROLLOUT_LIMIT`` steps (5 to 20 in the built-in games; without one,
    `AUTO_ROLLOUT_LIMIT`). ``None`` always plays to the end: the search of boardrules 0.1
    in KIVI, Whales Rivals and Ren Dhark (in Lustry and Captain Bluff, ``40``).

    A node with `widen` legal actions or more widens progressively: it tries its untried
    actions best first — by the mover's score (the evaluator above) one step ahead, in the
    world of the visit that first needs it — and tries a new one only while it has tried
    fewer than 1 + the square root of its visits; otherwise UCB1 chooses among those
    tried. ``"auto"`` (the default) takes the game's optional ``WIDEN_FROM`` (Captain
    Bluff: 3; the other built-in games have none, so they never widen); ``None`` never
    widens.

    With `belief` (the default), a game's optional ``believe(world, seat, rng)`` reweights
    each sampled world by what the other players' choices suggest of their hidden cards
    (Captain Bluff: a row a player who knows its destination card built or let stand is
    likely honest); it uses only what the seat knows. ``belief=False`` takes the worlds as
    `Decision.sample_world` draws them, uniformly.

    The budget is `iterations` (reproducible: the same seed and decision give the same
    action) and/or `seconds` (whichever ends first; a time budget is not reproducible).
    At least one iteration always runs. The bot's `name` shows the budget, and the rollout
    limit and widening where they are not ``"auto"``: ``ismcts:1000``, ``ismcts:2s``,
    ``ismcts:1000/2s``, ``ismcts:1000/rollout=end``,
    ``ismcts:1000/rollout=40/widen=off/belief=off``.
    """

    def __init__(
        self,
        iterations: int | None = 1000,
        *,
        seconds: float | None = None,
        seed: int = 0,
        exploration: float = 0.7,
        rollout_limit: int | Literal["auto"] | None = "auto",
        evaluate: Evaluator | None = None,
        widen: int | Literal["auto"] | None = "auto",
        belief: bool = True,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give ISMCTSBot a budget: iterations, seconds or both")
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ValueError(f"iterations must be a whole number >= 1, got {iterations!r}")
        if seconds is not None and (type(seconds) not in (int, float)
                                    or not 0 < seconds < math.inf):
            raise ValueError(f"seconds must be a number > 0, got {seconds!r}")
        if rollout_limit != "auto" and rollout_limit is not None and (
                type(rollout_limit) is not int or rollout_limit < 0):
            raise ValueError(f"rollout_limit must be 'auto', None or a whole number >= 0, "
                             f"got {rollout_limit!r}")
        if widen != "auto" and widen is not None and (type(widen) is not int or widen < 1):
            raise ValueError(f"widen must be 'auto', None or a whole number >= 1, got {widen!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.seed = seed
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.evaluate = evaluate
        self.widen = widen
        self.belief = belief
        budget = [f"{iterations}"] if iterations is not None else []
        if seconds is not None:
            budget.append(f"{seconds:g}s")
        if rollout_limit != "auto":
            budget.append(f"rollout={'end' if rollout_limit is None else rollout_limit}")
        if widen != "auto":
            budget.append(f"widen={'off' if widen is None else widen}")
        if not belief:
            budget.append("belief=off")
        self.name = f"ismcts:{'/'.join(budget)}"

    def act(self, decision: Decision) -> Any:
        """Search from the decision and return the most visited legal action (on a tie, the
        one of the best mean value, then the first); a lone legal action is returned without
        a search."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        stats = self.analyse(decision)
        best = max(stats, key=_rank)  # the first of the best: max keeps the first
        return best.action

    def analyse(self, decision: Decision) -> tuple[ActionStats, ...]:
        """Search from the decision and return what it found of each legal action, in the
        order of ``decision.legal_actions`` — for hints, analysis boards and logs.

        One search, exactly as `act` runs it (it draws from the same seeded generator):
        every iteration visits one root action, so the visits add up to the iterations.

        >>> import random
        >>> from boardrules.games import kivi
        >>> state = kivi.apply(kivi.new_game(2), kivi.Roll((1, 1, 2, 2, 3, 3)))
        >>> stats = ISMCTSBot(200, seed=1).analyse(Decision(kivi, state, 0))
        >>> sum(s.visits for s in stats)
        200
        """
        legal = decision.legal_actions
        game = decision.game
        rng = self.rng
        heuristic: Evaluator | None = self.evaluate or getattr(game, "heuristic", None)
        limit = self.rollout_limit
        if limit == "auto":
            own: int | None = getattr(game, "ROLLOUT_LIMIT", AUTO_ROLLOUT_LIMIT)
            limit = None if heuristic is None else own
        score: Callable[[Any], Sequence[float]] = game.returns
        if limit is not None and heuristic is not None:
            score = heuristic
        widen = self.widen
        if widen == "auto":
            widen = getattr(game, "WIDEN_FROM", None)
        believe = getattr(game, "believe", None) if self.belief else None
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done == 0 or (
            (self.iterations is None or done < self.iterations)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            world = decision.sample_world(rng)
            if believe is not None:
                world = believe(world, decision.seat, rng)
            self._iterate(game, world, root, rng, limit, score, widen)
            done += 1
        edges = root.edges
        stats = []
        for action in legal:
            edge = edges.get(action)
            n = 0 if edge is None else edge.visits
            value = 2 * edge.wins / n - 1 if edge is not None and n else 0.0
            stats.append(ActionStats(action, n, value))
        return tuple(stats)

    def _iterate(self, game: AnyGame, state: Any, root: _Node, rng: random.Random,  # noqa: PLR0917
                 limit: int | None, score: Callable[[Any], Sequence[float]],
                 widen: int | None = None) -> None:
        to_move, legal_actions = game.to_move, game.legal_actions
        apply, sample = game.apply_unchecked, game.sample_chance
        node = root
        path: list[tuple[int, _Edge]] = []
        while True:
            mover = to_move(state)
            if mover is TERMINAL:
                break
            if mover is CHANCE:
                state = apply(state, sample(state, rng))
                continue
            if node.mover is None:
                node.mover = mover
            elif node.mover != mover:  # a tree node belongs to one player
                break
            legal = legal_actions(state)
            row = node.row_of(legal)  # the edges of `legal`, in its order
            node.pending += 1  # each edge of `row` was available once more
            node.visits += 1
            fresh = node.fresh  # indices in `legal` of the actions not yet expanded
            if fresh:
                if widen is None or len(row) < widen:
                    i = fresh.pop(rng.randrange(len(fresh)))
                elif len(row) - len(fresh) < 1 + math.sqrt(node.visits):  # widening
                    i = _best_fresh(fresh, row, legal, state, mover, apply, score)
                else:  # wide enough for now: choose among the expanded ones
                    i = -1
                if i >= 0:
                    state = apply(state, legal[i])
                    edge = row[i]
                    edge.child = _Node()
                    path.append((mover, edge))
                    break
            i = self._select(row, node.pending)
            edge = row[i]
            path.append((mover, edge))
            state = apply(state, legal[i])
            node = edge.child  # type: ignore[assignment]  # not fresh: expanded
        state = playout(game, state, rng, limit)
        returns = score(state)  # `returns` itself at the end (every evaluator's duty)
        for player, edge in path:
            edge.visits += 1
            edge.wins += (returns[player] + 1) / 2

    def _select(self, row: Sequence[_Edge], pending: int) -> int:
        """Return the index of the edge with the highest UCB1 score (the first on a tie);
        `pending` is the count of availability the edges have still to add. Edges not
        expanded (none but at a wide node) are passed over."""
        c, sqrt, log = self.exploration, math.sqrt, math.log
        best, best_score = 0, -math.inf
        for i, edge in enumerate(row):
            n = edge.visits
            if n == 0:
                continue
            score = edge.wins / n + c * sqrt(log(edge.available + pending) / n)
            if score > best_score:
                best, best_score = i, score
        return best


class PolicyBot:
    """A seat played by a policy: a function of (observation tensor, legal mask) to an action
    index, exactly as the Gymnasium and PettingZoo environments give them to a learner.

    At each decision the policy gets the seat's observation tensor (the game's
    ``observation_tensor`` of `Decision.observation`, seat-relative, a ``float32`` numpy
    array) and the legal-action mask (``int8``, 1 = legal, indexed by the game's
    ``action_space(players, options)``), and returns the index of a legal action (any
    integer, numpy's included). It sees nothing else: no state, no sampled world. A
    policy trained in ``boardrules/<game>`` therefore plays a seat of a tournament, an
    opponent of the Gymnasium environment or itself (self-play) without glue. Needs numpy
    (the ``gymnasium`` or ``pettingzoo`` extra).

    An index that is not a legal action's raises `UnknownActionError` (not an index of the
    game) or `BoardrulesError` (an index of an action that is not legal now); nothing is
    played. ``PolicyBot(lambda tensor, mask: int(mask.argmax()), kivi, players=2)`` plays
    the lowest legal index (the docs' bots page and tests/test_policy_bot.py have it play).
    """

    def __init__(self, policy: Policy, game: AnyGame, players: int, options: object = None,
                 *, name: str = "policy") -> None:
        # numpy is an optional extra (gymnasium, pettingzoo): imported by the one bot that
        # needs it, so `import boardrules.bots` works without it.
        import numpy as np  # type: ignore[import-not-found, unused-ignore]  # noqa: PLC0415

        self.policy = policy
        """The policy function."""
        self.game = game
        """The game it plays."""
        self.name = name
        """A short name for tables and logs (default ``"policy"``)."""
        self.space: Any = getattr(game, "action_space", None)
        if self.space is None:
            raise BoardrulesError(f"{game.TITLE} has no numeric layer (action_space, tensors): "
                                  f"a policy cannot play it")
        self.space = game.action_space(players, options)  # type: ignore[attr-defined]
        self._np = np

    def act(self, decision: Decision) -> Any:
        """Return the legal action whose index the policy chose."""
        game, space, np = self.game, self.space, self._np
        if decision.game is not game:
            raise BoardrulesError(f"this PolicyBot plays {game.NAME}, not {decision.game.NAME}")
        tensor = np.frombuffer(game.observation_tensor(  # type: ignore[attr-defined]
            decision.observation), np.float32)
        mask = np.zeros(space.size, np.int8)
        legal = {}
        for action in decision.legal_actions:
            index = space.index(action)
            mask[index] = 1
            legal[index] = action
        chosen = self.policy(tensor, mask)
        try:
            index = operator.index(chosen)
        except TypeError:
            index = -1
        if type(chosen) is bool or not 0 <= index < space.size:
            raise UnknownActionError(chosen, f"not an action index of {game.NAME} "
                                             f"(0 to {space.size - 1})")
        if index not in legal:
            raise BoardrulesError(f"the policy chose action {index} ({space.action(index)}), "
                                  f"which is not legal now")
        return legal[index]


def _best_fresh(fresh: list[int], row: Sequence[_Edge], legal: tuple[Any, ...],  # noqa: PLR0917
                state: Any, mover: int, apply: Callable[[Any, Any], Any],
                score: Callable[[Any], Sequence[float]]) -> int:
    """Remove from `fresh` and return the index of the untried action of the best `prior`
    (the first on a tie), scoring those not scored yet one step ahead in `state`."""
    best_k, best = 0, -math.inf
    for k, i in enumerate(fresh):
        edge = row[i]
        prior = edge.prior
        if prior is None:
            prior = edge.prior = score(apply(state, legal[i]))[mover]
        if prior > best:
            best_k, best = k, prior
    return fresh.pop(best_k)


def _rank(stats: ActionStats) -> tuple[int, float]:
    """The order of `ISMCTSBot.act`'s choice: the most visited action, and of those the one
    of the best mean value (not the first listed: with many actions and a small budget
    most are visited equally often, and the first, always the same kind of action, would
    be played every time)."""
    return stats.visits, stats.value


def play_game(
    game: AnyGame,
    bots: Sequence[Bot],
    *,
    rng: random.Random,
    options: object = None,
    on_action: Callable[[Any, Any], None] | None = None,
) -> Any:
    """Play one game with one bot per seat; chance by `sample_chance` from `rng`.

    Every bot action goes through the checked `apply`. `on_action(state, action)` is
    called before each action is applied. Returns the final state.
    """
    state = game.new_game(len(bots), options)
    while (mover := game.to_move(state)) is not TERMINAL:
        if mover is CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = bots[mover].act(Decision(game, state, mover))
        if on_action is not None:
            on_action(state, action)
        state = game.apply(state, action)
    return state
