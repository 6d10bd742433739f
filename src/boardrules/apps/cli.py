"""The ``boardrules`` command line.

``boardrules games`` lists the games; ``boardrules simulate GAME`` plays random games
and prints a summary; ``boardrules play GAME`` plays in the terminal against bots or
people; ``boardrules replay FILE`` replays a saved record; ``boardrules tournament GAME``
lets bots play many games with seats rotated; ``boardrules render GAME`` draws a position
as an SVG picture; ``boardrules serve`` plays in the web browser.

``simulate`` and ``tournament`` stop cleanly on Ctrl-C (SIGINT), SIGTERM and SIGHUP: the
workers are stopped, the table of the games finished so far is printed, their records are
kept, and the exit status is 128 + the signal's number (130, 143, 129). Files are read up to
`boardrules.serialization.MAX_DOCUMENT_BYTES` (32 MiB).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any, Final, TextIO

from boardrules import __version__
from boardrules.apps.parallel import GameFailedError, RunInterrupted
from boardrules.apps.simulation import Summary, simulate
from boardrules.apps.terminal import HUMAN, game_over, play
from boardrules.apps.tournament import Tournament, run_tournament
from boardrules.bots.spec import check_seed, make_bot
from boardrules.errors import BoardrulesError, quote
from boardrules.game import CHANCE
from boardrules.games import GAMES, AnyGame, game_of, load
from boardrules.pictures.text import render
from boardrules.records import Record, replay_states
from boardrules.serialization import read_json

__all__ = ["Summary", "main", "simulate"]


class Progress:
    """A plain progress bar on a text stream; redraws in place on a terminal."""

    def __init__(self, total: int, stream: TextIO, label: str) -> None:
        self.total = total
        self.stream = stream
        self.label = label
        self.live = stream.isatty()
        self.start = time.perf_counter()
        self.shown = -1

    def update(self, done: int) -> None:
        """Show that `done` of `total` items are finished (not on a terminal: a line each
        time a tenth more is done, however many finish at once)."""
        percent = 100 * done // self.total
        if percent == self.shown or (not self.live and done != self.total
                                     and percent // 10 == max(self.shown, 0) // 10):
            return
        self.shown = percent
        width = 30
        filled = width * done // self.total
        elapsed = time.perf_counter() - self.start
        eta = elapsed / done * (self.total - done) if done else 0.0
        bar = "#" * filled + "-" * (width - filled)
        line = (f"{self.label} [{bar}] {done}/{self.total} {percent:3d}% "
                f"{elapsed:5.1f}s eta {eta:4.1f}s")
        self.stream.write(("\r" + line) if self.live else line + "\n")
        if self.live and done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def _seed(text: str) -> int:
    """Read ``--seed``: a whole number >= 0 (see `check_seed`)."""
    try:
        seed = int(text)
        check_seed(seed)
    except BoardrulesError as exc:  # before ValueError: it is one too
        raise argparse.ArgumentTypeError(str(exc)) from None
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    return seed


def _port(text: str) -> int:
    """Read ``--port``: 0 to 65535."""
    if not text.isascii() or not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a port (0 to 65535)")
    return int(text)


def _jobs(text: str) -> int:
    """Read ``--jobs``: a whole number >= 0 (0: every core)."""
    try:
        jobs = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    if jobs < 0:
        raise argparse.ArgumentTypeError(f"{quote(text)} is below 0 (0 means every core)")
    return jobs


def _add_many_games(parser: argparse.ArgumentParser) -> None:
    """Add the options of commands that play many games (simulate, tournament)."""
    parser.add_argument("--seed", type=_seed, default=0, help="random seed >= 0 (default 0)")
    parser.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                        help="worker processes (default 1: this process; 0: every core); "
                             "the results are the same for any N")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="play the games on the Dask cluster whose scheduler is at "
                             "ADDRESS (tcp://host:8786; needs boardrules[distributed])")
    parser.add_argument("--records", metavar="DIR",
                        help="write every game's record (JSON) and an index to DIR, a new "
                             "or empty directory")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardrules", description="Rules engines for five tabletop games."
    )
    parser.add_argument("--version", action="version", version=f"boardrules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("games", help="list the games")
    sim = commands.add_parser("simulate", help="play random games and summarise them")
    sim.add_argument("game", help="the game's name (see 'boardrules games')")
    sim.add_argument("--players", type=int, help="players per game (default: the fewest)")
    sim.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    _add_many_games(sim)
    play = commands.add_parser("play", help="play a game in the terminal against bots or people")
    play.add_argument("game", help="the game's name (see 'boardrules games')")
    play.add_argument("--players", type=int, help="players (default: the number of --seats)")
    play.add_argument("--seats", default="human,ismcts",
                      help="comma-separated, one per seat: human, random, ismcts, ismcts:N "
                           "(N iterations a move), ismcts:Ss (S seconds) or ismcts:N/Ss; a last "
                           "/rollout=K or /rollout=end sets the rollout length "
                           "(default human,ismcts; missing seats are random)")
    play.add_argument("--seed", type=_seed, default=0, help="random seed >= 0 (default 0)")
    play.add_argument("--record", metavar="FILE", help="save the game record to FILE")
    replay = commands.add_parser("replay", help="replay a saved game record")
    replay.add_argument("file", help="a record saved by 'boardrules play --record'")
    tour = commands.add_parser("tournament", help="bots play many games, seats rotated")
    tour.add_argument("game", help="the game's name (see 'boardrules games')")
    tour.add_argument("--bots", default="ismcts,random",
                      help="comma-separated entrants: random, ismcts, ismcts:N (N "
                           "iterations a move), ismcts:Ss (S seconds) or ismcts:N/Ss; a last "
                           "/rollout=K or /rollout=end sets the rollout length "
                           "(default ismcts,random)")
    tour.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    tour.add_argument("--players", type=int, help="seats per game (default: one per entrant, "
                                                   "within the game's limits)")
    _add_many_games(tour)
    _render_parser(commands)
    web = commands.add_parser("serve", help="play in the web browser against the bots",
                              description="Serve a page to play any game against the bots "
                                          "in a web browser (only on this computer unless "
                                          "--host says otherwise).")
    web.add_argument("--host", default="127.0.0.1",
                     help="the address to serve on (default 127.0.0.1: this computer only)")
    web.add_argument("--port", type=_port, default=8000,
                     help="the port (default 8000; 0: any free port)")
    return parser


def _render_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    draw = commands.add_parser(
        "render", help="draw a position as an SVG picture",
        description="Draw what a player (or the spectator) sees of a position, as SVG: the "
                    "position after N actions of a saved record, a state or observation "
                    "saved as JSON, or N random actions into a new game.")
    draw.add_argument("game", help="the game's name (see 'boardrules games')")
    source = draw.add_mutually_exclusive_group()
    source.add_argument("--record", metavar="FILE",
                        help="a record saved by 'boardrules play --record'")
    source.add_argument("--state", metavar="FILE",
                        help="a state or an observation saved as JSON (boardrules.to_json)")
    draw.add_argument("--moves", type=int, metavar="N",
                      help="the position after the first N actions, chance included (with "
                           "--record: default all of them; else: N random actions into a "
                           "new game, default 0)")
    draw.add_argument("--players", type=int,
                      help="players of a new game (default: the fewest)")
    draw.add_argument("--seed", type=_seed, default=0,
                      help="random seed >= 0 of a new game's actions (default 0)")
    draw.add_argument("--player", default="spectator",
                      help="whose view: a seat number, or 'spectator' (default)")
    draw.add_argument("--size", type=int, metavar="PIXELS",
                      help="the picture's width in pixels (default: its natural size)")
    draw.add_argument("--no-last-move", dest="last_move", action="store_false",
                      help="do not highlight where the last action took place")
    draw.add_argument("-o", "--output", metavar="FILE",
                      help="write the SVG to FILE (default: standard output)")


def _game_and_players(name: str, players: int | None, err: TextIO) -> tuple[AnyGame, int] | None:
    if name not in GAMES:
        err.write(f"boardrules: unknown game {quote(name)}; known games: {', '.join(GAMES)}\n")
        return None
    game = GAMES[name]
    count = game.MIN_PLAYERS if players is None else players
    try:
        game.new_game(count)  # the game's own message names its limits
    except BoardrulesError as exc:
        err.write(f"boardrules: {exc}\n")
        return None
    return game, count


def _replay(path: str, out: TextIO, err: TextIO) -> int:
    try:
        record = read_json(path, Record)
        states = list(replay_states(record))
    except OSError as exc:
        err.write(f"boardrules: cannot read {path}: {exc.strerror}\n")
        return 1
    except BoardrulesError as exc:
        err.write(f"boardrules: {path}: {exc}\n")
        return 1
    game = GAMES[record.game]
    out.write(f"{game.TITLE}, {record.players} players, {len(record.actions)} actions\n")
    for number, (state, text) in enumerate(zip(states, record.actions, strict=False), 1):
        mover = game.to_move(state)
        who = "chance" if mover is CHANCE else f"player {mover}"
        out.write(f"{number:>4}. {who}: {text}\n")
    final = states[-1]
    out.write(render(game, game.observe(final, None)) + "\n")
    result = game.result(final)
    if result.finished:
        out.write(game_over(game, final) + "\n")
    else:
        out.write(f"The record ends before the game does. Scores so far: "
                  f"{list(result.scores)}.\n")
    return 0


def _dask(address: str, jobs: int, stack: contextlib.ExitStack) -> Executor:
    """Connect to the Dask scheduler at `address`; return its executor (the connection
    closes with `stack`). Dask is imported here only: it is an optional extra."""
    if jobs != 1:
        raise BoardrulesError("--jobs and --dask do not mix: the cluster has its own workers")
    try:
        from distributed import Client  # noqa: PLC0415 - the optional distributed extra
    except ImportError:
        raise BoardrulesError("--dask needs Dask: pip install 'boardrules[distributed]'"
                              ) from None
    try:
        client = stack.enter_context(Client(address))
    except (OSError, ValueError) as exc:  # refused or timed out; a malformed address
        raise BoardrulesError(f"cannot reach the Dask scheduler at {address}: {exc}"
                              ) from None
    executor: Executor = client.get_executor()  # a concurrent.futures.Executor
    return executor


STOP_SIGNALS: Final = ("SIGINT", "SIGTERM", "SIGHUP")
"""The signals that stop ``simulate`` and ``tournament`` cleanly: the workers are stopped,
the finished games' table printed and their records kept; the exit status is 128 + the
signal's number (130, 143, 129)."""


@contextlib.contextmanager
def _stopping_signals() -> Iterator[list[int]]:
    """Turn SIGTERM and SIGHUP into the interrupt Ctrl-C raises, while the block runs; the
    list yielded gets the number of the signal that came (none: Ctrl-C or nothing).

    After the first, further ones are ignored, so that stopping the workers and printing
    the table are not cut short. Outside the main thread (where Python cannot set signal
    handlers) nothing changes.
    """
    caught: list[int] = []
    numbers = [getattr(signal, name) for name in STOP_SIGNALS[1:] if hasattr(signal, name)]
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return

    def stop(number: int, frame: object) -> None:
        for each in numbers:
            signal.signal(each, signal.SIG_IGN)
        caught.append(number)
        raise KeyboardInterrupt

    before = {number: signal.signal(number, stop) for number in numbers}
    try:
        yield caught
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def _many_games(args: argparse.Namespace, game: AnyGame, players: int, out: TextIO,
                err: TextIO) -> int:
    """Run ``simulate`` or ``tournament``; on Ctrl-C, SIGTERM or SIGHUP print the finished
    games' table and return 128 + the signal's number."""
    if args.command == "simulate" and args.games < 1:
        err.write("boardrules: --games must be at least 1\n")
        return 2
    progress = None if args.quiet else Progress(args.games, err, args.game).update
    table: Summary | Tournament
    try:
        with _stopping_signals() as caught, contextlib.ExitStack() as stack:
            executor = None if args.dask is None else _dask(args.dask, args.jobs, stack)
            if args.command == "tournament":
                entrants = [s.strip() for s in args.bots.split(",") if s.strip()]
                table = run_tournament(game, entrants, args.games, players=args.players,
                                       seed=args.seed, jobs=args.jobs, executor=executor,
                                       records=args.records, progress=progress)
            else:
                table = simulate(game, players, args.games, args.seed, jobs=args.jobs,
                                 executor=executor, records=args.records, progress=progress)
    except RunInterrupted as stop:
        number = caught[0] if caught else signal.SIGINT
        how = "interrupted" if number == signal.SIGINT else \
            f"stopped by {signal.Signals(number).name}"
        err.write(f"\nboardrules: {how} after {stop.finished} of {stop.games} games\n")
        if stop.partial is not None:
            out.write(stop.partial.render() + "\n")
        if args.records is not None:
            err.write(f"boardrules: the records of the games finished are in {args.records}\n")
        return 128 + number
    except GameFailedError as exc:
        err.write(f"\nboardrules: {exc}\n{exc.details}")
        if args.records is not None:
            err.write(f"boardrules: the records of the games finished are in {args.records}\n")
        return 1
    except BrokenPipeError:
        raise
    except OSError as exc:  # a record that cannot be written (a full disk…)
        err.write(f"\nboardrules: cannot write a record to {args.records}: "
                  f"{exc.strerror or exc}\n")
        return 1
    out.write(table.render() + "\n")
    return 0


def _read_json(path: str) -> object:
    """Read a JSON document of boardrules; raise `BoardrulesError` naming the file."""
    try:
        return read_json(path)
    except OSError as exc:
        raise BoardrulesError(f"cannot read {path}: {exc.strerror}") from None
    except BoardrulesError as exc:
        raise BoardrulesError(f"{path}: {exc}") from None


def _position(game: AnyGame, args: argparse.Namespace) -> tuple[Any, Any, Any]:
    """Return the state (None for an observation read from a file), the observation if
    one was read, and the last action of the position `args` names."""
    if args.state is not None:
        if args.moves is not None:
            raise BoardrulesError("--moves goes with --record or a new game, not --state")
        loaded = _read_json(args.state)
        try:
            owner, kind = game_of(loaded)
        except BoardrulesError:
            raise BoardrulesError(f"{args.state} holds no state or observation") from None
        if owner is not game or kind not in ("state", "observation"):
            raise BoardrulesError(f"{args.state} holds a {owner.NAME} {kind}, not a "
                                  f"{game.NAME} state or observation")
        return (loaded, None, None) if kind == "state" else (None, loaded, None)
    if args.moves is not None and args.moves < 0:
        raise BoardrulesError(f"--moves must be at least 0, got {args.moves}")
    if args.record is not None:
        record = _read_json(args.record)
        if not isinstance(record, Record):
            raise BoardrulesError(f"{args.record} holds no game record")
        if record.game != game.NAME:
            raise BoardrulesError(f"{args.record} is a record of {record.game}, not {game.NAME}")
        count = len(record.actions) if args.moves is None else args.moves
        if count > len(record.actions):
            raise BoardrulesError(f"the record has {len(record.actions)} actions, not {count}")
        states = list(itertools.islice(replay_states(record), count + 1))
        last = game.parse_action(states[-2], record.actions[count - 1]) if count else None
        return states[-1], None, last
    players = game.MIN_PLAYERS if args.players is None else args.players
    rng = random.Random(args.seed)
    state = game.new_game(players)
    last = None
    for _ in range(args.moves or 0):
        if game.is_terminal(state):
            break
        last = (game.sample_chance(state, rng) if game.to_move(state) is CHANCE
                else rng.choice(game.legal_actions(state)))
        state = game.apply(state, last)
    return state, None, last


def _render(args: argparse.Namespace, out: TextIO) -> int:
    """Draw the position `args` names as SVG (``boardrules render``)."""
    game = load(args.game)
    draw: Callable[..., str] | None = getattr(game, "svg", None)
    if draw is None:
        raise BoardrulesError(f"{game.TITLE} has no pictures (its module has no svg)")
    if args.output is not None and args.output.lower().endswith(".png"):
        raise BoardrulesError("boardrules writes SVG only: name the file .svg, and convert it "
                              "with a browser, rsvg-convert or cairosvg if you need PNG")
    state, observation, last = _position(game, args)
    if observation is None:
        player = None if args.player.lower() in ("spectator", "none") else _seat(args.player)
        observation = game.observe(state, player)
    elif args.player.lower() not in ("spectator", "none"):
        raise BoardrulesError("--player goes with a state, not with an observation")
    picture = draw(observation, size=args.size, last_move=last if args.last_move else None)
    if args.output is None:
        out.write(picture)
        return 0
    try:
        with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(picture)
    except OSError as exc:
        raise BoardrulesError(f"cannot write {args.output}: {exc.strerror}") from None
    return 0


def _seat(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BoardrulesError(f"--player must be a seat number or 'spectator', not {quote(text)}") \
            from None


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None,
         err: TextIO | None = None, read: Callable[[str], str] | None = None) -> int:
    """Run the command line; return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            out.write(f"{'name':<16}{'players':<9}title\n")
            for name, game in GAMES.items():
                counts = f"{game.MIN_PLAYERS}-{game.MAX_PLAYERS}" if game.MAX_PLAYERS > \
                    game.MIN_PLAYERS else str(game.MIN_PLAYERS)
                out.write(f"{name:<16}{counts:<9}{game.TITLE}\n")
            return 0
        if args.command == "replay":
            return _replay(args.file, out, err)
        if args.command == "render":
            return _render(args, out)
        if args.command == "serve":
            from boardrules.apps.serve import serve  # noqa: PLC0415 - only this command
            return serve(args.host, args.port, out=out, err=err)
        if args.command == "play":
            seats = [s.strip() for s in args.seats.split(",") if s.strip()]
            chosen = _game_and_players(
                args.game, len(seats) if args.players is None else args.players, err)
            if chosen is None:
                return 2
            game, players = chosen
            if players < len(seats):
                err.write(f"boardrules: --seats names {len(seats)} seats but --players is "
                          f"{players}\n")
                return 2
            seats += ["random"] * (players - len(seats))
            for spec in seats:
                if spec != HUMAN:
                    make_bot(spec, 0)
            if args.record is not None:
                try:  # fail now, not after the game
                    open(args.record, "w", encoding="utf-8").close()
                except OSError as exc:
                    err.write(f"boardrules: cannot write {args.record}: {exc.strerror}\n")
                    return 2
            return play(game, seats, seed=args.seed, read=read or input, out=out,
                        record_path=args.record)
        chosen = _game_and_players(args.game, args.players, err)
        if chosen is None:
            return 2
        game, players = chosen
        return _many_games(args, game, players, out, err)
    except BoardrulesError as exc:
        err.write(f"boardrules: {exc}\n")
        return 2
    except KeyboardInterrupt:
        err.write("\nboardrules: interrupted\n")
        return 130
    except BrokenPipeError:  # the reader went away (`boardrules replay F | head`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes at exit
        return 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
