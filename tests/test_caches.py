"""Every cache is bounded: loading ever new options keeps the memory flat.

A server that loads untrusted documents meets new options all the time (a KIVI board, a
Whales distribution of whale values, a Ren Dhark card set); the games' tables and memos
keyed by them must not keep an entry for each. Each test loads hundreds or thousands of
distinct options from JSON, plays a little under each, and checks that every cache stays
within its limit and that the memory traced after a warm-up stays within a fixed margin
(without bounds it grew by about 3 KB per KIVI board, by 16 MiB over these Whales games
and by 10 MiB over these Ren Dhark card sets).
"""

from __future__ import annotations

import gc
import importlib
import json
import pkgutil
import random
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import attrs
import pytest

import boardrules
from boardrules import CHANCE, from_data, from_json, to_data
from boardrules._caches import Memo
from boardrules.games import GAMES, AnyGame, kivi
from boardrules.games import captain_bluff as cb
from boardrules.games import ren_dhark as rd
from boardrules.games import whales_rivals as wr
from boardrules.games.ren_dhark.cards import STARTER_I

MiB = 1 << 20


@contextmanager
def traced() -> Iterator[Callable[[], int]]:
    """Trace allocations; yield a function returning the memory in use after a collection."""
    tracemalloc.start()

    def used() -> int:
        gc.collect()
        return tracemalloc.get_traced_memory()[0]

    try:
        yield used
    finally:
        tracemalloc.stop()


def options_document(game: str, data: dict[str, object]) -> str:
    return json.dumps({"format": 2, "game": game, "rules_version": GAMES[game].RULES_VERSION,
                       "kind": "options", "data": data})


def play(game: AnyGame, options: object, rng: random.Random, steps: int) -> None:
    """Play `steps` random actions of a new game under `options`, checked."""
    state = game.new_game(2, options)
    for _ in range(steps):
        if game.is_terminal(state):
            return
        if game.to_move(state) is CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)


def check_flat(load_and_play: Callable[[int], None], count: int, margin: int,
               checkpoints: int = 5) -> None:
    """Run `load_and_play(i)` for `count` distinct options; check that the memory traced
    after a warm-up moves by at most `margin` bytes."""
    warm = count // checkpoints
    for i in range(warm):  # untraced: fills the caches
        load_and_play(i)
    with traced() as used:
        memory = [used()]
        for i in range(warm, count):
            load_and_play(i)
            if (i + 1) % warm == 0:
                memory.append(used())
    settled = memory[1:]  # after one traced block, every cache holds traced entries only
    spread = max(settled) - min(settled)
    assert spread <= margin, (
        f"memory moved by {spread / 2**20:.1f} MiB after the warm-up: "
        + ", ".join(f"{m / 2**20:.1f}" for m in memory) + " MiB")


@pytest.mark.slow
def test_kivi_boards_do_not_accumulate() -> None:
    """2,500 distinct boards loaded from JSON leave nothing behind (each options object
    keeps its own tables)."""
    rng = random.Random(1)
    codes = [c.name for c in kivi.Combination]

    def load_and_play(i: int) -> None:
        board = [[rng.choice(codes) for _ in range(7)] for _ in range(7)]
        options = from_json(options_document("kivi", {"board": board,
                                                      "highest_rule": "available"}),
                            kivi.Options)
        play(kivi, options, rng, 6)

    check_flat(load_and_play, 2500, 1 * MiB)


@pytest.mark.slow
def test_whale_values_do_not_accumulate() -> None:
    """1,500 distinct Whales distributions, each a little played, keep the caches bounded."""
    rng = random.Random(2)

    def load_and_play(i: int) -> None:
        values = [sorted(rng.randint(1, 10_000) for _ in range(18)) for _ in range(3)]
        options = from_json(options_document("whales_rivals", {"whale_values": values,
                                                               "first_player": 0}),
                            wr.Options)
        play(wr, options, rng, 40)

    # The caches, full, hold about 4 MiB, and a memo that fills up starts afresh: the
    # memory moves within that (unbounded, it grew by 16 MiB here).
    check_flat(load_and_play, 1500, 4 * MiB)


@pytest.mark.slow
def test_ren_dhark_card_sets_do_not_accumulate() -> None:
    """200 distinct card sets loaded from JSON, each a little played: the tables of the 32
    used last stay cached, and the memos of the rules go with their tables (module caches
    keyed by the tables kept each one alive, about 80 KB a card set)."""
    rng = random.Random(3)
    document: dict[str, Any] = to_data(rd.Options(
        card_set=attrs.evolve(STARTER_I, name="variant"), blue_player=0))
    card_set: dict[str, Any] = document["data"]["card_set"]

    def load_and_play(i: int) -> None:
        card_set["name"] = f"variant {i}"
        options = from_data(document, rd.Options)
        play(rd, options, rng, 150)

    check_flat(load_and_play, 200, 2 * MiB)


@pytest.mark.slow
def test_captain_bluff_keeps_nothing_by_options() -> None:
    """Captain Bluff's memos are keyed by positions (rows, destinations, hands), bounded:
    500 distinct options loaded from JSON, each playing the same game, add no entry
    and no memory."""
    document = {"specials": {"star": 5, "arrows": 3, "eye": 3, "plus_one": 3},
                "specials_in_draw_pile": True, "first_player": 1, "turn_limit": 0}

    def load_and_play(i: int) -> None:
        document["turn_limit"] = 1000 + i
        options = from_json(options_document("captain_bluff", document), cb.Options)
        play(cb, options, random.Random(4), 120)

    check_flat(load_and_play, 500, MiB // 4)


def test_memo_starts_afresh_at_its_limit() -> None:
    memo: Memo[int, int] = Memo(3)
    for key in range(3):
        memo[key] = key
    memo[1] = 10  # a key already held: no room needed
    assert dict(memo) == {0: 0, 1: 10, 2: 2}
    memo[3] = 3
    assert dict(memo) == {3: 3}


def _modules() -> list[ModuleType]:
    """Every module of the library that imports without an optional extra."""
    found = []
    for info in pkgutil.walk_packages(boardrules.__path__, "boardrules."):
        try:
            found.append(importlib.import_module(info.name))
        except ImportError:  # an optional extra (a framework) is not installed
            continue
    return found


def test_no_module_level_memo() -> None:
    """No module keeps a memo or a cache: each belongs to an object built once per
    configuration (issue #28). A memo of the library is a `Memo`; a function the module
    caches has ``cache_info`` (``functools.lru_cache``, ``functools.cache``)."""
    kept = [f"{module.__name__}.{name}" for module in _modules()
            for name, value in vars(module).items()
            if isinstance(value, Memo) or (
                hasattr(value, "cache_info")
                and getattr(value, "__module__", None) == module.__name__)]
    assert not kept
