"""Untrusted input (issue #29): bounded reads, records checked on load, cross-game calls,
signals. The fuzz suite that attacks every reader lives in ``tests/fuzz`` (slow tier)."""

from __future__ import annotations

import functools
import inspect
import io
import json
import os
import random
from pathlib import Path
from typing import Any, Final

import attrs
import pytest

from boardrules.apps import cli
from boardrules.chance import playout
from boardrules.errors import (
    BoardrulesError,
    IllegalActionError,
    InvalidOptionsError,
    InvalidStateError,
    WrongGameError,
)
from boardrules.games import GAMES
from boardrules.records import Record
from boardrules.serialization import MAX_DOCUMENT_BYTES, from_json, read_json, to_json
from tests.cross_game import (
    FUNCTIONS,
    NO_GAME_OBJECTS,
    bounded,
    calls,
    objects,
    others,
)


class TestBoundedReads:
    """Every reader refuses a document over its size bound before reading it whole."""

    def test_from_json_refuses_a_text_over_the_limit(self) -> None:
        text = to_json(Record.start("kivi", 2))
        assert from_json(text, Record, limit=len(text)) == Record.start("kivi", 2)
        with pytest.raises(InvalidStateError, match="over 10 bytes"):
            from_json(text, Record, limit=10)
        with pytest.raises(InvalidStateError, match=f"over {MAX_DOCUMENT_BYTES} bytes"):
            from_json(" " * (MAX_DOCUMENT_BYTES + 1))

    def test_from_json_refuses_what_is_not_text(self) -> None:
        with pytest.raises(InvalidStateError, match="expected JSON text"):
            from_json(12)  # type: ignore[call-overload]

    def test_read_json_reads_at_most_the_limit(self, tmp_path: Path) -> None:
        path = tmp_path / "record.json"
        text = to_json(Record.start("kivi", 3))
        path.write_text(text, encoding="utf-8")
        assert read_json(path, Record) == Record.start("kivi", 3)
        with pytest.raises(InvalidStateError, match="the file is over 100 bytes"):
            read_json(path, limit=100)
        stream = io.BytesIO(b" " * 1000 + text.encode())
        with pytest.raises(InvalidStateError, match="over 500 bytes"):
            read_json(stream, limit=500)
        assert stream.tell() == 501  # read no further than the bound
        path.write_bytes(b"\xff\xfe{}")
        with pytest.raises(InvalidStateError, match="not UTF-8"):
            read_json(path)

    @pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
    def test_an_endless_file_fails_fast(self) -> None:
        with pytest.raises(InvalidStateError, match="over 4096 bytes"):
            read_json("/dev/zero", limit=4096)

    @pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
    def test_replay_of_an_endless_file_fails_with_a_message(self) -> None:
        out, err = io.StringIO(), io.StringIO()
        assert cli.main(["replay", "/dev/zero"], out=out, err=err) == 1
        assert "over 33554432 bytes" in err.getvalue()
        assert out.getvalue() == ""


class TestRecordsOnLoad:
    """A record's players and options are checked when it is loaded, not at replay."""

    @pytest.mark.parametrize("players", [2000, -2, 0, 1])
    def test_players_the_game_does_not_take(self, players: int) -> None:
        data = json.loads(to_json(Record.start("kivi", 2)))
        data["data"]["players"] = players
        with pytest.raises(InvalidStateError, match="cannot start the game"):
            from_json(json.dumps(data))

    def test_options_the_game_does_not_take(self) -> None:
        data = json.loads(to_json(Record.start("lustry", 2)))
        data["data"]["options"]["first_player"] = 5
        with pytest.raises(InvalidStateError):
            from_json(json.dumps(data))


# --- cross-game calls (issue #31 item 7) ----------------------------------------------------

EXPECTED: Final = {
    "new_game": InvalidOptionsError, "action_bound": WrongGameError,
    "action_space": InvalidOptionsError, "tensor_layout": InvalidOptionsError,
    "observation_shape": InvalidOptionsError, "info_state_layout": InvalidOptionsError,
    "info_state_shape": InvalidOptionsError,
    "validate_state": InvalidStateError, "validate_observation": InvalidStateError,
}
"""The error each function raises for another game's objects where it is not
`WrongGameError`: options are refused as options, and the validators refuse what they
are given as data that is not their game's (`apply` refuses another game's action as an
`IllegalActionError`, carrying the unchanged state)."""


def _cross_params() -> list[Any]:
    return [pytest.param(name, function, id=f"{name}.{function}")
            for name in GAMES for function in FUNCTIONS
            if callable(getattr(GAMES[name], function, None))]


class TestCrossGame:
    """Every public function of a game, given another game's state, action, observation
    or options, raises a typed error naming both games (within a few seconds: one looped
    forever)."""

    @pytest.mark.parametrize(("name", "function"), _cross_params())
    def test_games_refuse_other_games_objects(self, name: str, function: str) -> None:
        own = objects(name)
        wrong = []
        for other in others(name):
            for called, call in calls(own, objects(other)):
                if called != function:
                    continue
                try:
                    bounded(call)
                except BoardrulesError as exc:
                    message = str(exc)
                    if isinstance(exc, IllegalActionError):  # apply(own state, other action)
                        named = exc.state is own.state and f"a {other}." in message
                    else:
                        expected = EXPECTED.get(function, WrongGameError)
                        named = (isinstance(exc, expected) and f"{name}." in message
                                 and f"{other}." in message)
                        if expected is WrongGameError:  # the function called, by name
                            named = named and message.startswith(
                                (f"{name}.{function}: ", f"{name}.{function} "))
                    if not named:
                        wrong.append(f"{other}: {type(exc).__name__}: {message}"[:300])
                    continue
                except Exception as exc:
                    wrong.append(f"{other}: {type(exc).__name__}: {exc}"[:200])
                    continue
                wrong.append(f"{other}: returned")
        assert not wrong, "\n".join(wrong)

    @pytest.mark.parametrize("name", list(GAMES))
    def test_every_public_function_is_called(self, name: str) -> None:
        """A game's new public function joins `tests.cross_game.calls` (or, if it takes
        no game object, `NO_GAME_OBJECTS`), so that it is checked above."""
        game = GAMES[name]
        public = {member for member in getattr(game, "__all__", ())
                  if inspect.isfunction(getattr(game, member))}
        trusted = {"apply_unchecked"}  # the fast path checks nothing, by design
        assert public - set(FUNCTIONS) - NO_GAME_OBJECTS - trusted == set()

    @pytest.mark.parametrize("name", list(GAMES))
    def test_a_picture_refuses_a_last_move_that_is_no_action(self, name: str) -> None:
        """`svg(last_move=...)` takes an action of the game or None: a move in notation
        (a string) is refused, naming the game, like another game's action."""
        game: Any = GAMES[name]
        own = objects(name)
        assert game.svg(own.observation, last_move=own.action).startswith("<svg")
        with pytest.raises(WrongGameError, match=rf"{name}\.svg last_move: .* got a str '"):
            game.svg(own.observation, last_move=str(own.action))

    def test_the_message_names_the_function_and_both_games(self) -> None:
        kivi, whales = objects("kivi"), objects("whales_rivals")
        with pytest.raises(WrongGameError) as caught:
            GAMES["whales_rivals"].legal_actions(kivi.state)
        assert str(caught.value) == ("whales_rivals.legal_actions: expected a "
                                     "whales_rivals.State, got a kivi.State")
        assert isinstance(caught.value, TypeError) and isinstance(caught.value, ValueError)
        with pytest.raises(IllegalActionError, match=(
                r"is not a KIVI action$")) as refused:
            GAMES["kivi"].apply(kivi.state, whales.action)
        assert refused.value.state is kivi.state
        assert f"{whales.action} (a whales_rivals." in str(refused.value)

    @pytest.mark.parametrize("name", list(GAMES))
    def test_the_calls_are_right(self, name: str) -> None:
        """With the game's own objects every call answers or refuses with a typed error
        (so a cross-game failure is the other game's objects, not a wrong call)."""
        own = objects(name)
        for called, call in calls(own, own):
            try:
                bounded(call)
            except BoardrulesError:
                pass
            except Exception as exc:  # pragma: no cover - the message is the point
                pytest.fail(f"{name}.{called} with its own objects: {exc!r}")

    @pytest.mark.parametrize("name", list(GAMES))
    def test_playout_names_both_games(self, name: str) -> None:
        """boardrules.playout(game, another game's state) is refused at once (it once
        looped forever, max_steps notwithstanding)."""
        for other in others(name):
            state = objects(other).state
            with pytest.raises(WrongGameError) as caught:
                bounded(functools.partial(playout, GAMES[name], state, random.Random(0), 50))
            message = str(caught.value)
            assert f"{name}.State" in message and f"{other}.State" in message

    @pytest.mark.parametrize("name", list(GAMES))
    def test_adapters_refuse_other_games_options(self, name: str) -> None:
        """The adapters' configurations name both games for another game's options."""
        from boardrules.adapters._common import Configuration, parameter_values

        for other in others(name):
            options = GAMES[other].Options()
            expected = f"expected {GAMES[name].TITLE} Options, got a {GAMES[other].TITLE}"
            with pytest.raises(InvalidOptionsError, match=expected):
                Configuration(GAMES[name], GAMES[name].MIN_PLAYERS, options)
            with pytest.raises(InvalidOptionsError, match=expected):
                parameter_values(GAMES[name], options)

    def test_environments_refuse_other_games_actions(self) -> None:
        """An action object (of this game or another) is no action index."""
        pytest.importorskip("pettingzoo")
        from boardrules.adapters import gymnasium, pettingzoo
        from boardrules.errors import UnknownActionError

        foreign = objects("lustry").action
        aec = pettingzoo.env("kivi")
        aec.reset(seed=1)
        single = gymnasium.BoardrulesEnv("kivi")
        single.reset(seed=1)
        for step in (aec.step, single.step):
            with pytest.raises(UnknownActionError):
                step(foreign)

    def test_pettingzoo_step_after_the_end_is_typed(self) -> None:
        """A done agent's only step is None: anything else is UnknownActionError (it was
        PettingZoo's plain ValueError)."""
        pytest.importorskip("pettingzoo")
        from boardrules.adapters import pettingzoo
        from boardrules.errors import UnknownActionError

        aec = pettingzoo.env("kivi", illegal_action="lose")
        aec.reset(seed=1)
        mask = aec.last()[0]["action_mask"]
        aec.step(int(mask.argmin()))  # an illegal index: the game ends, lost
        assert aec.terminations[aec.agent_selection]
        with pytest.raises(UnknownActionError, match="only step is None"):
            aec.step(0)
        aec.step(None)


class TestFuzzChecks:
    """The fuzz suite's checks (tests/fuzz, slow tier) catch what they are for."""

    def test_an_untyped_error_is_a_finding(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from tests.fuzz import engine

        def broken(*args: object, **kwargs: object) -> object:
            empty: dict[str, object] = {}
            return empty["data"]

        monkeypatch.setattr(engine, "from_json", broken)
        with pytest.raises(engine.Finding, match="untyped KeyError"):
            engine.check_document({"kind": "document", "text": "{}"})

    def test_a_hang_is_a_finding(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from tests.fuzz import engine

        def endless(*args: object, **kwargs: object) -> object:
            while True:
                pass

        monkeypatch.setattr(engine, "SECONDS", 0.2)
        monkeypatch.setattr(engine, "playout", endless)
        state = to_json(GAMES["kivi"].new_game(2))
        with pytest.raises(engine.Finding, match=r"no answer within 0\.2 s"):
            engine.check_playout({"kind": "playout", "game": "kivi", "state": state})

    def test_a_record_that_cannot_start_is_a_finding(self) -> None:
        from tests.fuzz import engine

        bad = attrs.evolve(Record.start("kivi", 2), players=2000)
        with pytest.raises(engine.Finding, match="cannot start"):
            engine.check_loaded({}, bad)
