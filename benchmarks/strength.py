"""The default ISMCTS search against the search it replaced, at equal CPU time per move.

Usage::

    python benchmarks/strength.py kivi --games 200 --old 40
    python benchmarks/strength.py lustry --games 100 --start 100   # games 100-199 (split a run)
    python benchmarks/strength.py whales_rivals --old 1000 --limit 20 --ratio 1.65
    python benchmarks/strength.py ren_dhark --old 1000 --games 20 --calibrate 20 40 80
    python benchmarks/strength.py captain_bluff --previous belief --old 200 --ratio 1 --games 60
    python benchmarks/strength.py captain_bluff --previous quarter --players 3 --old 100 --ratio 1
    python benchmarks/strength.py captain_bluff --random --old 200 --games 60

The old search is `ISMCTSBot` with the rollouts of boardrules 0.1 (``rollout_limit=None``,
to the end, in KIVI, Whales Rivals and Ren Dhark; ``40`` steps and the game's heuristic in
Lustry and Captain Bluff); the new one is the default (``rollout_limit="auto"``: the game's
`ROLLOUT_LIMIT` steps, then its heuristic). The old bot gets ``--old`` iterations a move,
the new one ``--old`` times the measured ratio of their iterations per CPU second
(`RATIOS`, or ``--ratio``), rounded down: the same CPU time a move, the rounding against
the new search. Game g is seeded by g alone, the new search sits in seat g mod
``--players`` (default 2) and the old one in every other seat, and the bots' CPU time per
searched move is measured, so the table shows whether the budgets were equal. The score
is the new search's mean of 1 a win, 0 a loss and 1/players a draw (a game every seat
ends alike, such as at a turn limit), with a 95 % interval (normal approximation, the
games' own spread); an even match scores 1/players.

``--previous CHANGE`` makes the old search the default before one change of the game's
search instead (`PREVIOUS`; give ``--ratio``, as the searches cost about the same time):
Lustry's ``closed-colours``, before an open sequence of a closed colour counted nothing;
Captain Bluff's ``quarter``, when all rows taken halved the estimate of three players or
more and took a quarter off, and ``full-rows``, when they only halved it (both with
``--players`` 3 to 5), and ``belief``, before it believed (``belief=False``, which
widened progressively; the search before that was ``widen=None, belief=False``).
``--random`` plays the default search against `RandomBot`. The old search never widens
nor believes. ``--sees-all`` lets the new search sample the true state instead of
`resample`'s worlds: it sees every hidden card, but not the draws and rolls to come (an
experiment, to tell what hidden information costs from what chance costs; no real bot
can do it).

``--limit`` gives the new search another rollout limit than its default (with ``--ratio``,
which ``--calibrate`` measures: each limit's CPU time per iteration against the old
search's, timed in turn at the same positions of one game).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any, Literal

from boardrules.bots import Bot, Decision, ISMCTSBot, RandomBot, play_game
from boardrules.games import GAMES, captain_bluff, lustry
from boardrules.games.captain_bluff.heuristic import _FULL, _whole
from boardrules.games.captain_bluff.rules import MAX_OPEN_ROWS

OLD_LIMITS: dict[str, int | None] = {
    "captain_bluff": 40, "kivi": None, "lustry": 40, "ren_dhark": None, "whales_rivals": None,
}
"""The rollout limit of the search before this change (``"auto"`` of boardrules 0.1)."""
RATIOS: dict[str, float] = {
    "captain_bluff": 4.7, "kivi": 1.75, "lustry": 3.25, "ren_dhark": 2.75, "whales_rivals": 1.9,
}
"""Iterations per CPU second, the new default over the old search, as measured in matches
at 50 iterations a move (benchmarks/results/strength.txt; Whales Rivals with its
limit of 20). They are generous at larger budgets (at 1,000: KIVI 1.74, Ren Dhark 2.42,
Whales Rivals 1.69): give ``--ratio`` there."""


def lustry_before_closed_colours(state: Any) -> tuple[float, ...]:
    """Lustry's heuristic before issue #30: 1 per closed sequence and 0.15 per distinct
    unblocked value of an open one, even of a colour the other player closed."""
    if state.phase is lustry.Phase.OVER:
        return lustry.returns(state)
    worth = [0.0, 0.0]
    for index, seq in enumerate(state.sequences):
        if seq.closed:
            worth[index // 3] += 1.0
        elif seq.cards:
            values = {card[1] for card, blocker in zip(seq.cards, seq.blockers, strict=True)
                      if blocker is None}
            worth[index // 3] += 0.15 * len(values)
    edge = math.tanh(worth[0] - worth[1])
    return edge, 0.0 - edge


def captain_bluff_full_rows(cost: float) -> Any:
    """Captain Bluff's heuristic when all three rows taken (of six conveyors) halved the
    estimate of three players or more, as with two, and took `cost` off: 0 (``full-rows``)
    until issue #30, then 0.25 (``quarter``)."""
    def evaluate(state: Any) -> tuple[float, ...]:
        if (state.players > 2 and not captain_bluff.is_terminal(state)
                and sum(1 for row in state.rows if row) >= MAX_OPEN_ROWS):
            return tuple(_FULL * t - cost for t in _whole(state))
        return captain_bluff.heuristic(state)
    return evaluate


PREVIOUS: dict[str, dict[str, dict[str, Any]]] = {
    "captain_bluff": {"belief": {"belief": False},
                      "full-rows": {"evaluate": captain_bluff_full_rows(0.0)},
                      "quarter": {"evaluate": captain_bluff_full_rows(0.25)}},
    "lustry": {"closed-colours": {"evaluate": lustry_before_closed_colours}},
}
"""Per game and change, the `ISMCTSBot` options that give the default search before that
change (``--previous CHANGE``)."""


class _SeeingDecision(Decision):
    """A decision whose sampled worlds are the true state (``--sees-all``)."""

    def sample_world(self, rng: random.Random) -> Any:
        return self._state


class SeeingBot:
    """Wraps a bot so that its search sees every hidden card (``--sees-all``)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name

    def act(self, decision: Decision) -> Any:
        return self.bot.act(_SeeingDecision(decision.game, decision._state, decision.seat))


class TimedBot:
    """Wraps a bot and records the CPU time of each move it searched (lone actions are
    not searched, so they are not counted)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.moves = 0

    def act(self, decision: Decision) -> Any:
        if len(decision.legal_actions) == 1:
            return decision.legal_actions[0]
        start = time.process_time()
        action = self.bot.act(decision)
        self.seconds += time.process_time() - start
        self.moves += 1
        return action


def one_game(name: str, old: int, new: int, g: int,  # noqa: PLR0917
             limit: int | Literal["auto"] | None = "auto",
             baseline: str = "old", players: int = 2,
             sees_all: bool = False) -> tuple[float, TimedBot, TimedBot]:
    """Play game `g` of `players`: the new search, with rollout limit `limit`, in seat g mod
    `players`, the `baseline` (``old``, ``random`` or a change of `PREVIOUS`) in the others;
    return the new search's score (1 a win, 0 a loss, 1/players if every seat ends alike)
    and the timed bots of the new search and of the baseline (one for all its seats).
    With `sees_all` the new search sees the true state (`SeeingBot`)."""
    game = GAMES[name]
    seat = g % players
    search: Bot = ISMCTSBot(new, seed=players * g, rollout_limit=limit)
    fresh = TimedBot(SeeingBot(search) if sees_all else search)
    seeds = dict(zip([p for p in range(players) if p != seat],
                     range(players * g + 1, players * g + players), strict=True))
    others: dict[int, Bot] = {
        p: RandomBot(seed) if baseline == "random" else
        ISMCTSBot(old, seed=seed, rollout_limit=OLD_LIMITS[name], widen=None,
                  belief=False) if baseline == "old" else
        ISMCTSBot(old, seed=seed, **PREVIOUS[name][baseline])
        for p, seed in seeds.items()}
    before = TimedBot(_Seats(others))
    bots: list[Bot] = [before] * players
    bots[seat] = fresh
    values = game.returns(play_game(game, bots, rng=random.Random(g)))
    score = (1 / players if min(values) == max(values) else
             float(values[seat] == max(values)))
    return score, fresh, before


class _Seats:
    """The baseline's bots, one per seat but the new search's, acting as one bot (each
    decision goes to its player's bot), so one `TimedBot` times them all."""

    def __init__(self, bots: dict[int, Bot]) -> None:
        self.bots = bots
        self.name = next(iter(bots.values())).name

    def act(self, decision: Decision) -> Any:
        return self.bots[decision.seat].act(decision)


def interval(scores: list[float]) -> tuple[float, float]:
    """Return the mean and the half-width of its 95 % interval (normal approximation)."""
    n = len(scores)
    mean = sum(scores) / n
    if n < 2:
        return mean, math.inf
    var = sum((s - mean) ** 2 for s in scores) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def calibrate(name: str, old: int, limits: list[int | Literal["auto"] | None],
              positions: int) -> None:
    """Print, for each rollout limit, the old search's CPU time per iteration over the
    limit's, at `old` iterations a move: measured at the searched moves of one game of
    two old searches (seed 1000, `positions` of its moves spread over the game), each
    limit timed at every move in turn, so all see the same positions and the same load."""
    game = GAMES[name]
    seen: list[Decision] = []

    def keep(state: Any, action: Any) -> None:
        mover = game.to_move(state)
        if isinstance(mover, int) and len(game.legal_actions(state)) > 1:
            seen.append(Decision(game, state, mover))

    bots = [ISMCTSBot(max(1, old // 4), seed=s, rollout_limit=OLD_LIMITS[name], widen=None,
                      belief=False) for s in (1, 2)]
    play_game(game, bots, rng=random.Random(1000), on_action=keep)
    step = max(1, len(seen) // positions)
    chosen = seen[::step][:positions]
    cpu = [0.0] * (len(limits) + 1)
    for i, decision in enumerate(chosen):
        for k, limit in enumerate([OLD_LIMITS[name], *limits]):
            start = time.process_time()
            ISMCTSBot(old, seed=i, rollout_limit=limit, widen=None if k == 0 else "auto",
                      belief=k != 0).analyse(decision)
            cpu[k] += time.process_time() - start
    print(f"{name}: {len(chosen)} positions of {len(seen)}, {old} iterations, old search "
          f"{1000 * cpu[0] / len(chosen):.1f} ms a move", flush=True)
    for limit, c in zip(limits, cpu[1:], strict=True):
        print(f"  rollout_limit={limit}: {1000 * c / len(chosen):.1f} ms a move, old/new per "
              f"iteration {cpu[0] / c:.2f}", flush=True)


def _limit(text: str) -> int | Literal["auto"] | None:
    """Parse ``--limit``: a whole number of steps, ``end`` or ``auto``."""
    if text in ("auto", "end"):
        return None if text == "end" else "auto"
    return int(text)


def main(argv: list[str] | None = None) -> None:
    """Print one line per game played and a summary per game."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"default: every game ({', '.join(GAMES)})")
    parser.add_argument("--games", dest="count", type=int, default=100)
    parser.add_argument("--old", type=int, default=40, help="the old search's iterations")
    parser.add_argument("--ratio", type=float, help="new iterations over old (default RATIOS)")
    parser.add_argument("--start", type=int, default=0, help="number of the first game")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument("--limit", type=_limit, default="auto", help=(
        "the new search's rollout limit: steps, or 'end' (default: 'auto', the game's "
        "ROLLOUT_LIMIT); give --ratio with it"))
    parser.add_argument("--players", type=int, default=2, help="players a game (default 2)")
    parser.add_argument("--previous", metavar="CHANGE", help=(
        "the old search is the default before this change of the game's search (PREVIOUS: "
        + "; ".join(f"{n}: {', '.join(c)}" for n, c in PREVIOUS.items()) + ")"))
    parser.add_argument("--random", action="store_true", help="play against RandomBot")
    parser.add_argument("--sees-all", action="store_true", help=(
        "the new search sees every hidden card (an experiment: what hidden information costs)"))
    parser.add_argument("--calibrate", nargs="+", type=_limit, metavar="LIMIT", help=(
        "instead of a match, time these rollout limits against the old search at --old "
        "iterations, at --games positions of one game"))
    args = parser.parse_args(argv)
    if args.calibrate:
        for name in args.games or list(GAMES):
            calibrate(name, args.old, args.calibrate, args.count)
        return
    baseline = "random" if args.random else args.previous or "old"
    for name in args.games or list(GAMES) if args.previous else ():
        if args.previous not in PREVIOUS.get(name, {}):
            parser.error(f"--previous {args.previous}: no such change of {name}'s search "
                         f"(PREVIOUS: {', '.join(PREVIOUS.get(name, {})) or 'none'})")
    if args.limit != "auto" and args.ratio is None:
        parser.error("--limit needs --ratio (RATIOS are measured for the default limit)")
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(GAMES)}")
    for name in args.games or list(GAMES):
        ratio = args.ratio or (1.0 if baseline != "old" else RATIOS[name])
        new = math.floor(args.old * ratio)
        label = "default" if args.limit == "auto" else f"rollout_limit={args.limit}"
        against = {"old": f"the old search (rollout_limit={OLD_LIMITS[name]}) {args.old}",
                   "random": "RandomBot"}.get(
                       baseline, f"the default before {baseline} {args.old}")
        label += " seeing every hidden card" if args.sees_all else ""
        print(f"{name}, {args.players} players: new {label} {new} iterations a move against "
              f"{against}, games {args.start}-{args.start + args.count - 1}", flush=True)
        scores: list[float] = []
        cpu = [0.0, 0.0]
        moves = [0, 0]
        for g in range(args.start, args.start + args.count):
            score, fresh, before = one_game(name, args.old, new, g, args.limit, baseline,
                                            args.players, args.sees_all)
            scores.append(score)
            cpu[0] += fresh.seconds
            cpu[1] += before.seconds
            moves[0] += fresh.moves
            moves[1] += before.moves
            if not args.quiet:
                print(f"  game {g}: new search in seat {g % args.players} scores {score:.3g}",
                      flush=True)
        mean, half = interval(scores)
        wins, draws = scores.count(1.0), scores.count(1 / args.players)
        ms = [1000 * c / max(m, 1) for c, m in zip(cpu, moves, strict=True)]
        print(f"{name}: {len(scores)} games, new search {wins} wins, {draws} draws, "
              f"{len(scores) - wins - draws} losses; score {mean:.3f} ± {half:.3f} (95 %; even "
              f"{1 / args.players:.3f}); CPU ms per searched move new {ms[0]:.2f}"
              + ("" if baseline == "random" else f", old {ms[1]:.2f} (old/new per iteration "
                 f"{ms[1] * new / (ms[0] * args.old):.2f})"), flush=True)


if __name__ == "__main__":
    main()
