"""`boardrules render`: a position of a record, a JSON state or observation, or a random
game, drawn as SVG for a player or the spectator."""

from __future__ import annotations

import io
import random
from pathlib import Path
from xml.etree import ElementTree

import pytest

import boardrules
import boardrules.apps.cli
from boardrules.games import kivi, whales_rivals
from boardrules.records import Record
from boardrules.testing import random_playout
from tests.test_cli import run


def label(svg: str) -> str:
    return ElementTree.fromstring(svg).get("aria-label") or ""


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """A finished two-player Whales Rivals game saved as a record."""
    _, actions = random_playout(whales_rivals, 2, rng=random.Random(5))
    path = tmp_path / "game.json"
    path.write_text(boardrules.to_json(Record.start("whales_rivals", 2).extended(actions)),
                    encoding="utf-8")
    return path


class TestRender:
    """Pictures from the command line."""

    def test_a_new_game_to_standard_output(self) -> None:
        status, out, err = run("render", "kivi")
        assert (status, err) == (0, "")
        assert "turn 1 of 20: player 0 to roll" in label(out)

    def test_random_moves_are_seeded(self) -> None:
        first = run("render", "kivi", "--players", "3", "--moves", "25", "--seed", "4")[1]
        assert first == run("render", "kivi", "--players", "3", "--moves", "25",
                            "--seed", "4")[1]
        assert first != run("render", "kivi", "--players", "3", "--moves", "25",
                            "--seed", "5")[1]

    def test_a_record_after_n_moves_for_a_player(self, record_file: Path) -> None:
        status, out, _ = run("render", "whales_rivals", "--record", str(record_file),
                             "--moves", "20", "--player", "1")
        assert status == 0
        record = boardrules.from_json(record_file.read_text(encoding="utf-8"), Record)
        states = list(boardrules.replay_states(record))
        last = whales_rivals.parse_action(states[19], record.actions[19])
        assert out == whales_rivals.svg(whales_rivals.observe(states[20], 1), last_move=last)
        plain = run("render", "whales_rivals", "--record", str(record_file), "--moves", "20",
                    "--player", "1", "--no-last-move")[1]
        assert plain == whales_rivals.svg(whales_rivals.observe(states[20], 1))

    def test_the_whole_record_by_default(self, record_file: Path) -> None:
        out = run("render", "whales_rivals", "--record", str(record_file))[1]
        assert "Game over" in label(out) and "spectator" in out

    def test_a_state_and_an_observation_from_json(self, tmp_path: Path) -> None:
        state, _ = random_playout(kivi, 3, rng=random.Random(1), max_actions=30)
        (tmp_path / "state.json").write_text(boardrules.to_json(state), encoding="utf-8")
        (tmp_path / "view.json").write_text(boardrules.to_json(kivi.observe(state, 2)),
                                            encoding="utf-8")
        out = run("render", "kivi", "--state", str(tmp_path / "state.json"), "--player", "2")[1]
        assert out == kivi.svg(kivi.observe(state, 2))
        assert run("render", "kivi", "--state", str(tmp_path / "view.json"))[1] == out

    def test_to_a_file_with_a_size(self, tmp_path: Path) -> None:
        path = tmp_path / "kivi.svg"
        status, out, _ = run("render", "kivi", "--size", "300", "-o", str(path))
        assert (status, out) == (0, "")
        root = ElementTree.fromstring(path.read_text(encoding="utf-8"))
        assert root.get("width") == "300"

    @pytest.mark.parametrize(("argv", "message"), [
        (("render", "chess"), "unknown game 'chess'"),
        (("render", "kivi", "--player", "3"), "player 3 does not exist"),
        (("render", "kivi", "--player", "me"), "a seat number or 'spectator'"),
        (("render", "kivi", "--players", "7"), "2 to 4 players"),
        (("render", "kivi", "--moves", "-1"), "at least 0"),
        (("render", "kivi", "--size", "0"), "size must be"),
        (("render", "kivi", "-o", "picture.PNG"), "SVG only"),
        (("render", "kivi", "--record", "/no/such/file"), "cannot read /no/such/file"),
        (("render", "kivi", "--state", "/no/such/file", "--moves", "3"), "--moves goes with"),
    ])
    def test_bad_input(self, argv: tuple[str, ...], message: str) -> None:
        status, out, err = run(*argv)
        assert status == 2 and out == ""
        assert message in err

    def test_not_to_a_terminal(self, tmp_path: Path) -> None:
        """SVG is no text for a person: without -o, a terminal gets a message instead."""

        class Tty(io.StringIO):
            def isatty(self) -> bool:
                return True

        out, err = Tty(), io.StringIO()
        assert boardrules.apps.cli.main(["render", "kivi"], out=out, err=err) == 2
        assert out.getvalue() == ""
        assert "write it to a file with -o FILE" in err.getvalue()
        path = tmp_path / "kivi.svg"
        assert boardrules.apps.cli.main(["render", "kivi", "-o", str(path)], out=out) == 0
        assert path.read_text(encoding="utf-8") == run("render", "kivi")[1]

    def test_a_record_of_another_game(self, record_file: Path) -> None:
        status, _, err = run("render", "kivi", "--record", str(record_file))
        assert status == 2 and "a record of whales_rivals, not kivi" in err

    def test_more_moves_than_the_record(self, record_file: Path) -> None:
        status, _, err = run("render", "whales_rivals", "--record", str(record_file),
                             "--moves", "100000")
        assert status == 2 and "not 100000" in err

    def test_a_record_is_no_state(self, record_file: Path) -> None:
        status, _, err = run("render", "whales_rivals", "--state", str(record_file))
        assert status == 2 and "holds no state or observation" in err

    def test_an_observation_has_its_viewer(self, tmp_path: Path) -> None:
        path = tmp_path / "view.json"
        path.write_text(boardrules.to_json(kivi.observe(kivi.new_game(2), 0)), encoding="utf-8")
        status, _, err = run("render", "kivi", "--state", str(path), "--player", "1")
        assert status == 2 and "--player goes with a state" in err
