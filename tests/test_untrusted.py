"""Untrusted input (issue #29): bounded reads, records checked on load, cross-game calls,
signals. The fuzz suite that attacks every reader lives in ``tests/fuzz`` (slow tier)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from boardrules import cli
from boardrules.errors import InvalidStateError
from boardrules.records import Record
from boardrules.serialization import MAX_DOCUMENT_BYTES, from_json, read_json, to_json


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
