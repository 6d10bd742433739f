"""The OpenSpiel adapter and untrusted text (issue #29): states serialize as boardrules
JSON, read back with every action checked; pyspiel's own deserializer unpickles, which
the docs warn about (and this file shows).

Skipped without ``boardrules[openspiel]``.
"""

from __future__ import annotations

import base64
import contextlib
import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from boardrules.adapters import openspiel  # noqa: E402
from boardrules.adapters._common import numeric_games  # noqa: E402
from boardrules.errors import InvalidStateError  # noqa: E402
from boardrules.records import Record  # noqa: E402
from boardrules.serialization import from_json, to_json  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs"


class _Touch:
    """A pickle that creates a file when it is loaded: the proof of the issue."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.path,))


def _walk(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _crafted(game: Any, path: Path) -> str:
    """pyspiel's serialization of a fresh state, its pickled part replaced by `_Touch`."""
    text: str = pyspiel.serialize_game_and_state(game, game.new_initial_state())
    payload = base64.b64encode(pickle.dumps({"x": _Touch(path)})).decode()
    return "\n".join("__dict__=" + payload if line.startswith("__dict__=") else line
                     for line in text.split("\n"))


class TestSerialization:
    """state.serialize() is the game's record as JSON; deserialize_state replays it."""

    @pytest.mark.parametrize("name", numeric_games())
    def test_round_trip(self, name: str) -> None:
        game = openspiel.load(name)
        state = _walk(game.new_initial_state(), random.Random(3), 40)
        text = state.serialize()
        record = from_json(text, Record)
        assert record.game == name and len(record.actions) == len(state.history())
        for again in (game.deserialize_state(text),
                      openspiel.deserialize_game_and_state(text)[1]):
            assert str(again) == str(state) and again.history() == state.history()
            assert again.information_state_string(1) == state.information_state_string(1)

    def test_resampled_world_serializes_as_its_state(self) -> None:
        game = openspiel.load("lustry")
        state = _walk(game.new_initial_state(), random.Random(4), 12)
        world = state.resample_from_infostate(0, lambda: 0.25)
        again = game.deserialize_state(world.serialize())
        assert str(again) == str(world)

    def test_tampered_record_is_refused(self) -> None:
        game = openspiel.load("kivi")
        state = _walk(game.new_initial_state(), random.Random(5), 6)
        data = json.loads(state.serialize())
        data["data"]["actions"][-1] = data["data"]["actions"][0]  # a roll where one moves
        with pytest.raises(InvalidStateError, match=r"record\.actions\[5\]"):
            game.deserialize_state(json.dumps(data))

    def test_another_configuration_is_refused(self) -> None:
        three = openspiel.load("kivi", 3).new_initial_state().serialize()
        with pytest.raises(InvalidStateError, match="for 3 players"):
            openspiel.load("kivi", 2).deserialize_state(three)
        lustry = to_json(Record.start("lustry", 2))
        with pytest.raises(InvalidStateError, match="a record of lustry"):
            openspiel.load("kivi").deserialize_state(lustry)

    def test_oversized_text_is_refused(self) -> None:
        game = openspiel.load("kivi")
        with pytest.raises(InvalidStateError, match="over 100 bytes"):
            game.deserialize_state(" " * 101, limit=100)


class TestPickleProof:
    """The issue's proof: a crafted pyspiel string runs code through pyspiel's C++
    deserializer (which a Python game cannot replace), never through ours."""

    def test_our_route_refuses_the_crafted_string(self, tmp_path: Path) -> None:
        marker = tmp_path / "ran"
        game = openspiel.load("kivi")
        crafted = _crafted(game, marker)
        with pytest.raises(InvalidStateError):
            openspiel.deserialize_game_and_state(crafted)
        state_part = crafted.split("[State]\n", 1)[1]
        with pytest.raises(InvalidStateError):
            game.deserialize_state(state_part)
        assert not marker.exists()

    def test_pyspiels_own_route_unpickles_as_the_docs_warn(self, tmp_path: Path) -> None:
        marker = tmp_path / "ran"
        crafted = _crafted(openspiel.load("kivi"), marker)
        # What the unpickled dict does to the state afterwards does not matter here.
        with contextlib.suppress(Exception):
            pyspiel.deserialize_game_and_state(crafted)
        assert marker.exists(), "pyspiel no longer unpickles: update the warning"

    def test_the_warning_is_on_the_pages(self) -> None:
        for page in ("untrusted-input.md", "frameworks/openspiel.md"):
            text = (DOCS / page).read_text(encoding="utf-8")
            assert "unpickle" in text and "deserialize_game_and_state" in text, page
        assert "unpickles" in (openspiel.__doc__ or "")
