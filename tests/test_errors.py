"""The typed errors (issue #31 item 7): every error the docs call a `ValueError` is one,
the docs' table lists every class, messages quote a bounded part of the input, a
relabelled document is blamed on its game, and `parse_action` reads without judging.
Another game's objects everywhere: tests/test_untrusted.py, TestCrossGame."""

from __future__ import annotations

import inspect
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import boardrules
from boardrules import errors
from boardrules.chance import playout, resolve_chance
from boardrules.errors import (
    QUOTE_LIMIT,
    BoardrulesError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidNotationError,
    InvalidStateError,
    WrongGameError,
    quote,
)
from boardrules.games import GAMES
from boardrules.records import Record, replay
from boardrules.serialization import from_json, to_json
from tests.cross_game import objects, others

DOCS = Path(__file__).resolve().parent.parent / "docs"
MEGABYTE = 1_000_000
LONGEST = 600
"""The longest message a refusal of a megabyte of input may have."""


def _error_classes() -> list[type[BaseException]]:
    return [obj for name in errors.__all__
            if inspect.isclass(obj := getattr(errors, name)) and issubclass(obj, Exception)]


class TestValueErrors:
    """The docs: every error caused by bad input is also a `ValueError`."""

    @pytest.mark.parametrize("cls", _error_classes(), ids=lambda c: c.__name__)
    def test_every_error_class_but_the_base_is_a_value_error(self, cls: type) -> None:
        assert issubclass(cls, BoardrulesError)
        assert issubclass(cls, ValueError) or cls is BoardrulesError

    def test_a_wrong_game_is_also_a_type_error(self) -> None:
        assert issubclass(WrongGameError, TypeError)
        assert issubclass(WrongGameError, InvalidArgumentError)

    @pytest.mark.parametrize("name", list(GAMES))
    def test_a_player_who_is_not_at_the_table(self, name: str) -> None:
        own = objects(name)
        for player in (5, -1, True, 1.0, "0"):
            with pytest.raises(InvalidArgumentError, match="does not exist"):
                own.game.observe(own.state, player)
        with pytest.raises(ValueError, match="spectator"):
            own.game.resample(own.state, None, random.Random(0))

    @pytest.mark.parametrize("name", list(GAMES))
    def test_a_picture_size_below_one_pixel(self, name: str) -> None:
        own = objects(name)
        for size in (0, -3, 2.5, "600"):
            with pytest.raises(InvalidArgumentError, match="size must be a width"):
                own.game.svg(own.observation, size=size)

    def test_an_unknown_game(self) -> None:
        for name in ("chess", ["kivi"], "x" * MEGABYTE):
            with pytest.raises(InvalidArgumentError, match="unknown game") as caught:
                boardrules.load(name)  # type: ignore[arg-type]
            assert len(str(caught.value)) < LONGEST

    @pytest.mark.parametrize("name", list(GAMES))
    def test_sample_chance_at_a_decision(self, name: str) -> None:
        own = objects(name)
        with pytest.raises(InvalidArgumentError, match="not a chance node"):
            own.game.sample_chance(own.state, random.Random(0))

    def test_playout_steps(self) -> None:
        kivi = GAMES["kivi"]
        for steps in (-1, 2.0, "3"):
            with pytest.raises(InvalidArgumentError, match="max_steps"):
                playout(kivi, kivi.new_game(2), random.Random(0), steps)  # type: ignore[arg-type]

    def test_a_bad_bot_name(self) -> None:
        from boardrules.bots.spec import check_seed, make_bot

        with pytest.raises(InvalidArgumentError, match="unknown bot"):
            make_bot("greedy", 0)
        with pytest.raises(InvalidArgumentError, match="seed"):
            check_seed(-1)


class TestTheDocsTable:
    def test_the_errors_table_lists_every_class(self) -> None:
        text = (DOCS / "concepts.md").read_text(encoding="utf-8")
        table = text[text.index("## Errors"):]
        table = table[:table.index("\n## ")]
        rows = set(re.findall(r"^\| `(\w+)`", table, flags=re.MULTILINE))
        assert {cls.__name__ for cls in _error_classes()} <= rows
        assert "does not check legality" in text  # parse_action reads, apply judges


class TestQuotedInput:
    """A message quotes at most `QUOTE_LIMIT` characters of the input it refuses."""

    def test_quote(self) -> None:
        assert quote("a1") == "'a1'"
        long = quote("x" * MEGABYTE)
        assert len(long) < QUOTE_LIMIT + 40 and long.endswith("(1,000,000 characters)")
        assert len(quote(list(range(MEGABYTE)))) <= QUOTE_LIMIT + 1

    @pytest.mark.parametrize("name", list(GAMES))
    def test_a_megabyte_of_notation(self, name: str) -> None:
        own = objects(name)
        word = str(own.action).split(" ")[0]
        for text in ("x" * MEGABYTE, f"{word} {'9' * MEGABYTE}", f"{word} " + "r5cf>" * 200_000,
                     "1>" + "1" * MEGABYTE, "star " + "1=" * (MEGABYTE // 2)):
            with pytest.raises(InvalidNotationError) as caught:
                own.game.parse_action(own.state, text)
            assert len(str(caught.value)) < LONGEST
            assert caught.value.text == text  # the whole text stays on the error

    def test_a_megabyte_in_a_document(self) -> None:
        kivi = GAMES["kivi"]
        state = json.loads(to_json(kivi.new_game(2)))
        documents = []
        for change in ("field", "format", "game", "kind", "rules_version"):
            data = json.loads(json.dumps(state))
            if change == "field":
                data["data"]["x" * MEGABYTE] = 1
            else:
                data[change] = "x" * MEGABYTE
            documents.append(data)
        action = json.loads(to_json(kivi.legal_actions(kivi.new_game(2))[0]))
        action["data"]["type"] = "x" * MEGABYTE
        documents.append(action)
        options = json.loads(to_json(GAMES["lustry"].Options()))
        options["data"]["unblock_protects"] = "x" * MEGABYTE
        documents.append(options)
        for data in documents:
            with pytest.raises(BoardrulesError) as caught:
                from_json(json.dumps(data), limit=4 * MEGABYTE)
            assert len(str(caught.value)) < LONGEST, str(caught.value)[:300]

    def test_a_megabyte_in_a_record(self) -> None:
        record = Record.start("kivi", 2)
        record = Record(record.game, record.rules_version, record.players, record.options,
                        ("x" * MEGABYTE,))
        with pytest.raises(InvalidStateError, match=r"record\.actions\[0\]") as caught:
            replay(record)
        assert len(str(caught.value)) < 2 * LONGEST

    def test_an_illegal_action_with_a_long_text(self) -> None:
        class Long:
            def __str__(self) -> str:
                return "y" * MEGABYTE

        kivi = GAMES["kivi"]
        with pytest.raises(IllegalActionError) as caught:
            kivi.apply(kivi.new_game(2), Long())
        assert len(str(caught.value)) < 2 * LONGEST


class TestRelabelledDocuments:
    """A document of one game relabelled with another game's name is blamed on the
    mismatch, not on the rules version it carries."""

    @pytest.mark.parametrize("name", list(GAMES))
    def test_every_kind(self, name: str) -> None:
        own = objects(name)
        for obj, kind in ((own.state, "state"), (own.observation, "observation"),
                          (own.options, "options"), (own.action, "action")):
            for other in others(name):
                data = json.loads(to_json(obj))
                data["game"] = other
                try:
                    from_json(json.dumps(data))
                except InvalidStateError as exc:
                    message = str(exc)
                else:  # the other game has an action of that name (both have "pass")
                    assert kind == "action"
                    continue
                if not message.startswith("document.game:"):  # both games read the data
                    assert kind == "action", message
                    continue
                owners = re.fullmatch(
                    f"document.game: the document names the game {other!r}, but its data "
                    f"is a (.*) {kind}: the game does not match the data", message)
                assert owners is not None, message
                assert name in owners[1].split(" or "), message

    def test_the_rules_version_is_still_blamed_when_it_is_the_fault(self) -> None:
        data = json.loads(to_json(GAMES["whales_rivals"].new_game(2)))
        data["rules_version"] = "0"
        with pytest.raises(InvalidStateError, match=r"^document\.rules_version: written under "):
            from_json(json.dumps(data))

    def test_a_document_of_no_game_is_refused_as_before(self) -> None:
        data = json.loads(to_json(GAMES["kivi"].new_game(2)))
        data["data"]["cells"] = "nonsense"
        with pytest.raises(InvalidStateError, match=r"^state\.cells: "):
            from_json(json.dumps(data))


class TestParseActionDoesNotJudge:
    """`parse_action` reads notation and does not check legality; `apply` judges."""

    @pytest.mark.parametrize("name", list(GAMES))
    def test_an_illegal_move_is_read(self, name: str) -> None:
        game: Any = GAMES[name]
        rng = random.Random(3)
        state = resolve_chance(game.new_game(game.MIN_PLAYERS), rng)
        seen: dict[str, object] = {}
        for _ in range(12):
            seen.update((str(a), a) for a in game.legal_actions(state))
            nxt = resolve_chance(game.apply(state, rng.choice(game.legal_actions(state))), rng)
            if game.is_terminal(nxt):
                break
            state = nxt
        legal = game.legal_actions(state)
        read = 0
        for text, action in seen.items():
            if action in legal:
                continue
            try:
                parsed = game.parse_action(state, text)
            except InvalidNotationError:  # notation that needs its own position
                continue
            assert parsed == action
            with pytest.raises(IllegalActionError):
                game.apply(state, parsed)
            read += 1
        assert read
