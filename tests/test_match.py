"""`boardrules.Match`: seats, chance, the per-viewer log, undo/redo, records and the client
view (issue #31, item 3)."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

import boardrules
from boardrules import (
    TERMINAL,
    BoardrulesError,
    IllegalActionError,
    InvalidNotationError,
    Record,
    replay,
    to_data,
)
from boardrules.apps.match import Match, announcer, result_text
from boardrules.bots import RandomBot
from boardrules.games import GAMES

VIEW_KEYS = {"game", "title", "viewer", "seats", "status", "to_move", "result", "observation",
             "svg", "log", "last_move", "actions", "can_undo", "can_redo"}


def human_game(name: str, seed: int = 1) -> tuple[Match, random.Random]:
    game = GAMES[name]
    seats = ["human", *["random"] * (game.MIN_PLAYERS - 1)]
    return Match(game, seats, seed=seed), random.Random(seed)


def play_some(match: Match, rng: random.Random, moves: int | None = None) -> int:
    """Let seat 0 choose at random `moves` times (None: to the end); return the count."""
    played = 0
    while match.to_move is not TERMINAL and (moves is None or played < moves):
        assert match.to_move == 0  # the match only ever waits for its human
        match.act(0, rng.randrange(len(match.game.legal_actions(match.state))))
        played += 1
    return played


@pytest.mark.parametrize("name", sorted(GAMES))
def test_whole_game_record_and_view(name: str) -> None:
    """A whole game with a human seat: the record replays to the final state and continues
    to the same match; the final view says who won."""
    match, rng = human_game(name)
    assert play_some(match, rng) > 0
    record = match.record()
    assert replay(record) == match.state
    again = Match.from_record(boardrules.from_json(boardrules.to_json(record), Record),
                              match.seat_names)
    assert again.state == match.state and again.actions == match.actions
    view: Any = match.view(0)
    assert set(view) == VIEW_KEYS
    assert view["status"] == "game over" and view["actions"] == [] and view["to_move"] is None
    assert view["result"] == result_text(match.game, match.state)
    assert view["result"].startswith("Scores: ")


def test_same_seed_same_game() -> None:
    """Chance and the bots are seeded: the same seed and choices give the same game."""
    first, rng1 = human_game("captain_bluff", seed=5)
    second, rng2 = human_game("captain_bluff", seed=5)
    play_some(first, rng1, 30)
    play_some(second, rng2, 30)
    assert first.actions == second.actions
    other, rng3 = human_game("captain_bluff", seed=6)
    play_some(other, rng3, 30)
    assert other.actions != first.actions


def test_bots_only_play_to_the_end() -> None:
    """Without a human the match plays the whole game when made; bots may be objects."""
    match = Match(GAMES["whales_rivals"], [RandomBot(1), "random"], seed=2)
    assert match.to_move is TERMINAL and match.seat_names == ("random", "random")
    assert match.humans == ()
    assert match.view(None)["status"] == "game over"


@pytest.mark.parametrize("name", ["captain_bluff", "ren_dhark", "whales_rivals"])
def test_view_holds_only_the_viewers_knowledge(name: str) -> None:
    """The view is the viewer's observation, its picture, their legal actions and their
    account (`announce` for that viewer): a world they cannot tell from the true one gives
    the same view."""
    match, rng = human_game(name, seed=3)
    play_some(match, rng, 6)
    game = match.game
    view: Any = match.view(0)
    assert view["observation"] == to_data(game.observe(match.state, 0))
    tell = announcer(game)
    assert [e["text"] for e in view["log"]] == [
        tell(before, action, 0) for before, action in zip(match.states, match.actions,
                                                          strict=False)]
    assert view["last_move"] == view["log"][-1]
    # Another world seat 0 cannot tell apart: the same view.
    world = game.resample(match.state, 0, random.Random(9))
    assert world != match.state  # hidden cards were redrawn
    match.states[-1] = world
    assert match.view(0) == view


def test_legal_actions_in_the_view() -> None:
    """On the viewer's turn: every legal action in order with its index, notation, label,
    kind, fields (the game's `label` and `action_fields`) and JSON document."""
    match, _ = human_game("ren_dhark")
    game: Any = match.game
    view: Any = match.view(0)
    assert view["status"] == "your move" and view["to_move"] == 0
    legal = game.legal_actions(match.state)
    assert view["actions"] == [
        {"index": i, "notation": str(a), "label": game.label(a), "kind": type(a).__name__,
         "fields": game.action_fields(a), "action": to_data(a)} for i, a in enumerate(legal)]
    assert [a["label"] for a in view["actions"]] == ["Keep the opening hand"]  # D5
    assert view["actions"][0]["fields"] == {"kind": "keep"}
    assert match.view(1)["actions"] == [] and match.view(1)["status"] == "waiting"
    assert match.view(None)["viewer"] is None


def snapshot(match: Match) -> tuple[Any, ...]:
    return tuple(match.actions), tuple(match.states), match.can_redo()


def test_refusals_change_nothing() -> None:
    """Bad choices raise typed errors and leave the match as it was."""
    match, rng = human_game("kivi")
    play_some(match, rng, 1)
    before = snapshot(match)
    count = len(match.game.legal_actions(match.state))
    for seat, choice, error in [
        (1, 0, BoardrulesError),  # a bot's seat
        (0, -1, BoardrulesError), (0, count, BoardrulesError),
        (0, "no such move", InvalidNotationError),
    ]:
        with pytest.raises(error):
            match.act(seat, choice)
        assert snapshot(match) == before
    other, _ = human_game("kivi", seed=99)
    foreign = [a for a in other.game.legal_actions(other.state)
               if a not in match.game.legal_actions(match.state)]
    if foreign:
        with pytest.raises(IllegalActionError):
            match.act(0, foreign[0])
    with pytest.raises(BoardrulesError):
        match.redo(0)
    with pytest.raises(BoardrulesError):
        match.view(2)
    assert snapshot(match) == before
    fresh, _ = human_game("kivi")
    with pytest.raises(BoardrulesError, match="no move to undo"):
        fresh.undo(0)
    with pytest.raises(BoardrulesError, match="seed"):
        Match(match.game, ["human", "random"], seed=-1)


def test_undo_and_redo() -> None:
    """Undo goes back to the human's previous decision (their action and everything after
    it); redo plays the same moves again; a new choice ends the redo."""
    match, rng = human_game("kivi")
    play_some(match, rng, 3)
    decisions = [i for i, s in enumerate(match.states[:-1]) if match.game.to_move(s) == 0]
    after_three = snapshot(match)
    match.undo(0)
    assert len(match.actions) == decisions[-1] and match.to_move == 0
    assert match.view(0)["can_redo"] is True
    match.undo(0)
    assert len(match.actions) == decisions[-2]
    match.redo(0)
    assert len(match.actions) == decisions[-1]
    match.redo(0)
    assert snapshot(match)[:2] == after_three[:2] and not match.can_redo()
    match.undo(0)
    match.act(0, 0)
    assert not match.can_redo()
    with pytest.raises(BoardrulesError):
        match.redo(0)


def test_chance_depends_on_the_step() -> None:
    """Undoing a move and playing it again meets the same chance outcome (no re-rolling
    the dice by undoing)."""
    match, _ = human_game("kivi")
    decision = len(match.actions)
    match.act(0, 0)
    step = next(i for i in range(decision + 1, len(match.actions))
                if match.game.to_move(match.states[i]) is boardrules.CHANCE)
    roll = match.actions[step]
    match.undo(0)
    match.act(0, 0)
    assert match.actions[step] == roll


def test_lazy_export() -> None:
    """``boardrules.Match`` is loaded on first use: importing boardrules does not load it."""
    code = ("import sys, boardrules; assert 'boardrules.apps.match' not in sys.modules; "
            "m = boardrules.Match; assert 'boardrules.apps.match' in sys.modules; "
            "assert 'Match' in dir(boardrules); print(m.__module__)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "boardrules.apps.match"
    assert boardrules.Match is Match


def test_a_bad_record_is_refused() -> None:
    """A record with an illegal action, or for another number of seats, does not start."""
    match, rng = human_game("kivi")
    play_some(match, rng, 2)
    record = match.record()
    broken = Record(record.game, record.rules_version, record.players, record.options,
                    (*record.actions[:3], "zz9"))
    with pytest.raises(boardrules.InvalidStateError, match=r"record.actions\[3\]"):
        Match.from_record(broken, ["human", "random"])
    with pytest.raises(BoardrulesError, match="2 players"):
        Match.from_record(record, ["human", "random", "random"])
