"""The terminal program as a person uses it: scripted input to the real command."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from boardrules import BoardrulesError, Record, from_json
from boardrules.apps.cli import main
from boardrules.apps.terminal import play
from boardrules.bots import ISMCTSBot
from boardrules.bots.spec import make_bot
from boardrules.games import GAMES


def scripted(lines: list[str]) -> tuple[Callable[[str], str], list[str]]:
    """Return a `read` function answering from `lines` (then EOF) and the prompts it saw."""
    prompts: list[str] = []
    answers: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return read, prompts


class TestPlay:
    """`boardrules play`: a whole game, refusals, hot seat, records."""

    def test_full_game_against_a_bot_in_a_real_process(self, tmp_path: Path) -> None:
        record = tmp_path / "game.json"
        # Always answering "1" plays the first legal action: a whole game ends.
        done = subprocess.run(
            [sys.executable, "-m", "boardrules.apps.cli", "play", "kivi", "--seats",
             "human,ismcts:20", "--seed", "2", "--record", str(record)],
            input="1\n" * 200, capture_output=True, text=True, check=False, timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert "Game over." in done.stdout
        assert "player 1 (ismcts:20):" in done.stdout
        loaded = from_json(record.read_text(encoding="utf-8"), Record)
        assert loaded.game == "kivi" and loaded.players == 2

        replayed = subprocess.run(
            [sys.executable, "-m", "boardrules.apps.cli", "replay", str(record)],
            capture_output=True, text=True, check=False, timeout=60,
        )
        assert replayed.returncode == 0, replayed.stderr
        final_scores = done.stdout.rsplit("Scores:", 1)[1].split(".")[0]
        assert final_scores in replayed.stdout

    def test_bad_input_is_refused_politely(self) -> None:
        read, prompts = scripted(["hello", "99", "0", "h9", "forfeit", "?", "q"])
        out = io.StringIO()
        status = main(["play", "kivi", "--seats", "human,random"], out=out, read=read)
        text = out.getvalue()
        assert status == 130
        assert "cannot read action 'hello'" in text
        assert "There is no action 99" in text
        assert "There is no action 0" in text
        assert "cannot read action 'h9'" in text
        assert "forfeit is not legal now" in text
        assert "Type the number of an action" in text
        assert "Game stopped." in text
        assert len(prompts) == 7  # one new prompt after every refusal

    @pytest.mark.parametrize("answer", ["²", "\u0663", "9" * 5000, "0" * 30 + "1x"])
    def test_odd_numbers_are_refused_politely(self, answer: str) -> None:
        """Digits that are not ASCII, and numbers too long for `int`, get a message."""
        for game in ("kivi", "captain_bluff"):
            read, prompts = scripted([answer, f"check {answer}", "q"])
            out = io.StringIO()
            assert main(["play", game, "--seats", "human,random"], out=out, read=read) == 130
            assert len(prompts) == 3
            assert "Game stopped." in out.getvalue()

    def test_a_line_that_is_not_utf8_gets_a_new_prompt(self) -> None:
        """`input` raises UnicodeDecodeError for stray bytes when stdin decodes strictly."""
        lines = iter(["\xff", "", "\xff", "q"])

        def read(prompt: str) -> str:
            line = next(lines)
            if line == "\xff":
                raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
            return line

        out = io.StringIO()
        assert main(["play", "kivi", "--seats", "human,human"], out=out, read=read) == 130
        assert "That line is not UTF-8 text; type it again." in out.getvalue()

    def test_end_of_input_stops_cleanly_and_saves(self, tmp_path: Path) -> None:
        read, _ = scripted(["1", "1"])
        record = tmp_path / "partial.json"
        out = io.StringIO()
        status = main(["play", "kivi", "--seats", "human,random", "--record", str(record)],
                      out=out, read=read)
        assert status == 130
        data = json.loads(record.read_text(encoding="utf-8"))
        assert data["kind"] == "record" and len(data["data"]["actions"]) >= 2

    def test_hot_seat_hides_the_screen_between_humans(self) -> None:
        read, prompts = scripted(["", "1", "", "1", "q"])
        out = io.StringIO()
        main(["play", "kivi", "--seats", "human,human"], out=out, read=read)
        assert prompts[0] == "Pass the screen to player 0 and press Enter. "
        assert prompts[2] == "Pass the screen to player 1 and press Enter. "
        assert "\033[2J" in out.getvalue()

    def test_hidden_moves_are_told_as_the_human_may_see_them(self) -> None:
        """Against a bot at Whales: its face-down whales read ``?>pack``, its draws
        ``draw ?``; the human's own draws show their cards."""
        read, _ = scripted(["1"] * 40)
        out = io.StringIO()
        main(["play", "whales_rivals", "--seats", "human,random", "--seed", "3"],
             out=out, read=read)
        text = out.getvalue()
        bot_moves = re.findall(r"^player 1 \(random\): (.+)$", text, re.MULTILINE)
        assert any(re.fullmatch(r"\?>[123]", move) for move in bot_moves)
        assert not any(re.fullmatch(r"\d+>[123]", move) for move in bot_moves)
        chance = " ".join(re.findall(r"^chance: (.+)$", text, re.MULTILINE))
        assert "draw ?" in chance and re.search(r"draw (\d+|T)\b", chance)

    def test_hot_seat_accounts_are_shown_after_the_screen_is_passed(self) -> None:
        read, _ = scripted(["", "1", "", "1", "", "q"])
        out = io.StringIO()
        main(["play", "whales_rivals", "--seats", "human,human", "--seed", "3"],
             out=out, read=read)
        screens = out.getvalue().split("\033[2J\033[H")
        # Player 1's first screen: player 0's move, face down unless it matched a pack.
        second_turn = next(s for s in screens if "player 1 to act" in s)
        assert re.search(r"^player 0 \(human\): (\?>[123]|\d+>[123] up|turtle.*)$",
                         second_turn, re.MULTILINE)
        assert re.search(r"^chance: .*draw \d", second_turn, re.MULTILINE)  # own draws

    def test_hot_seat_shows_everyone_the_last_moves(self, tmp_path: Path) -> None:
        """When a bot moves last, the moves after the last human turn are still told."""
        record = tmp_path / "game.json"
        read, _ = scripted(["", "1"] * 200)
        out = io.StringIO()
        assert main(["play", "kivi", "--seats", "human,human,random", "--seed", "4",
                     "--record", str(record)], out=out, read=read) == 0
        last = out.getvalue().rsplit("\033[2J\033[H", 1)[1]
        assert last.startswith("Since the last turn:\n")
        actions = from_json(record.read_text(encoding="utf-8"), Record).actions
        assert f"player 2 (random): {actions[-1]}" in last  # KIVI: 20 turns, seat 2 last

    @pytest.mark.parametrize(("argv", "problem"), [
        (["--players", "2", "--seats", "human,random,random"], "names 3 seats but --players is 2"),
        (["--players", "0", "--seats", "random,random"], "got 0"),
        (["--players", "5"], "2 to 4 players, got 5"),
    ])
    def test_seat_counts_that_do_not_fit(self, argv: list[str], problem: str) -> None:
        err = io.StringIO()
        assert main(["play", "kivi", *argv], err=err) == 2
        assert problem in err.getvalue()

    def test_negative_seed_is_refused(self, capsys: pytest.CaptureFixture[str]) -> None:
        """Python seeds -n like n: a negative seed would silently repeat another game."""
        with pytest.raises(SystemExit) as stop:
            main(["play", "kivi", "--seed", "-3"])
        assert stop.value.code == 2
        assert "seed must be a whole number >= 0, got -3" in capsys.readouterr().err

    def test_library_play_refuses_a_negative_seed_too(self) -> None:
        out = io.StringIO()
        with pytest.raises(BoardrulesError, match="seed must be a whole number >= 0"):
            play(GAMES["kivi"], ["random", "random"], seed=-1, read=input, out=out)
        assert out.getvalue() == ""

    def test_record_that_cannot_be_written_fails_before_the_game(self,
                                                                 tmp_path: Path) -> None:
        out, err = io.StringIO(), io.StringIO()
        status = main(["play", "kivi", "--seats", "random,random", "--record", str(tmp_path)],
                      out=out, err=err)
        assert status == 2
        assert f"cannot write {tmp_path}" in err.getvalue()
        assert out.getvalue() == ""  # not a move was played

    def test_unknown_bot(self) -> None:
        err = io.StringIO()
        assert main(["play", "kivi", "--seats", "human,genius"], err=err) == 2
        assert "unknown bot 'genius'" in err.getvalue()

    @pytest.mark.parametrize(("seat", "problem"), [
        ("ismcts:", "'' is not a whole number"),
        ("ismcts:1e3", "'1e3' is not a whole number"),
        ("ismcts:0", "iterations must be a whole number >= 1"),
        ("ismcts:fasts", "'fasts' is not a number of seconds"),
        ("ismcts:-1s", "seconds must be a number > 0"),
        ("ismcts:10/20", "at most one number of iterations"),
        ("ismcts:10/rollout=far", "'far' is not a whole number of steps or 'end'"),
        ("ismcts:10/rollout=-1", "rollout_limit must be 'auto', None or a whole number >= 0"),
        ("ismcts:10/rollout=5/2s", "'5/2s' is not a whole number of steps"),
        ("random:5", "unknown bot"),
    ])
    def test_bad_bot_budget(self, seat: str, problem: str) -> None:
        err = io.StringIO()
        assert main(["play", "kivi", "--seats", f"human,{seat}"], err=err) == 2
        assert f"{seat!r}" in err.getvalue()
        assert problem in err.getvalue()

    @pytest.mark.parametrize(("seat", "iterations", "seconds"), [
        ("ismcts", 1000, None), ("ismcts:20", 20, None), ("ismcts:0.5s", None, 0.5),
        ("ismcts:20/3s", 20, 3.0), ("ismcts:3s/20", 20, 3.0),
    ])
    def test_bot_budgets(self, seat: str, iterations: int | None,
                         seconds: float | None) -> None:
        bot = make_bot(seat, 7)
        assert isinstance(bot, ISMCTSBot)
        assert (bot.iterations, bot.seconds, bot.seed) == (iterations, seconds, 7)
        assert bot.rollout_limit == "auto"
        assert "rollout" not in bot.name

    @pytest.mark.parametrize(("seat", "limit", "name"), [
        ("ismcts:20/rollout=end", None, "ismcts:20/rollout=end"),
        ("ismcts:20/rollout=7", 7, "ismcts:20/rollout=7"),
        ("ismcts:3s/20/rollout=0", 0, "ismcts:20/3s/rollout=0"),
    ])
    def test_bot_rollout_limits(self, seat: str, limit: int | None, name: str) -> None:
        """The command line reaches the search the rules of a game do not fix: rollouts to
        the end (the search before games had their own limit) or of K steps."""
        bot = make_bot(seat, 7)
        assert isinstance(bot, ISMCTSBot)
        assert (bot.rollout_limit, bot.iterations, bot.name) == (limit, 20, name)


class TestReplay:
    """`boardrules replay` reports unreadable files plainly."""

    def test_bad_file(self, tmp_path: Path) -> None:
        bad = tmp_path / "bad.json"
        bad.write_text("{}", encoding="utf-8")
        err = io.StringIO()
        assert main(["replay", str(bad)], err=err) == 1
        assert "exactly the keys" in err.getvalue()
        assert main(["replay", str(tmp_path / "missing.json")], err=err) == 1
        assert "cannot read" in err.getvalue()

    def test_file_that_is_not_text(self, tmp_path: Path) -> None:
        bad = tmp_path / "bad.json"
        bad.write_bytes(b"\xff\xfe garbage")
        err = io.StringIO()
        assert main(["replay", str(bad)], err=err) == 1
        assert "not UTF-8 text" in err.getvalue()


class TestTournament:
    """`boardrules tournament`: seats rotate; the table adds up."""

    def test_table(self) -> None:
        out, err = io.StringIO(), io.StringIO()
        status = main(["tournament", "kivi", "--bots", "ismcts:10,random", "--games", "4"],
                      out=out, err=err)
        assert status == 0, err.getvalue()
        rows = [line for line in out.getvalue().splitlines()
                if line.startswith(("ismcts:10", "random"))]
        assert len(rows) == 2
        for row in rows:
            games, wins, draws, losses = map(int, row.split()[1:5])
            assert games == 4 and wins + draws + losses == 4
        assert "4/4 100%" in err.getvalue()

    @pytest.mark.parametrize(("argv", "problem"), [
        (["--games", "0"], "games >= 1, got 0"), (["--bots", ","], "at least one entrant"),
    ])
    def test_bad_settings_exit_2(self, argv: list[str], problem: str) -> None:
        err = io.StringIO()
        assert main(["tournament", "kivi", "--quiet", *argv], err=err) == 2
        assert problem in err.getvalue()

    def test_repeated_entrants_are_told_apart(self) -> None:
        out = io.StringIO()
        status = main(["tournament", "captain_bluff", "--players", "3", "--bots",
                       "ismcts:5,random,random", "--games", "3", "--quiet"],
                      out=out, err=io.StringIO())
        assert status == 0
        rows = out.getvalue().splitlines()[3:]
        assert [row[:16].rstrip() for row in rows] == ["ismcts:5", "random #1", "random #2"]
