"""The terminal program as a person uses it: scripted input to the real command."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Final

import pytest

import boardrules
from boardrules import BoardrulesError, Record, from_json
from boardrules.apps.cli import main
from boardrules.apps.match import Match
from boardrules.apps.terminal import MAX_ROWS, Paint, _account, _menu, play, use_color
from boardrules.bots import ISMCTSBot
from boardrules.bots.spec import make_bot
from boardrules.game import CHANCE
from boardrules.games import GAMES, captain_bluff, kivi, lustry, ren_dhark, whales_rivals
from boardrules.serialization import JSONValue
from boardrules.testing import random_playout


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


LEGENDS: Final = {game.NAME: game.NOTATION_HELP
                  for game in (captain_bluff, kivi, lustry, ren_dhark, whales_rivals)}


class Tty(io.StringIO):
    """Standard output as if it were a terminal."""

    def isatty(self) -> bool:
        return True


def played(argv: Sequence[str], lines: list[str], tmp_path: Path) -> tuple[str, list[str]]:
    """Run `boardrules play` with `argv` and scripted `lines`; return what it wrote and the
    actions of the record it saved."""
    record = tmp_path / "played.json"
    read, _ = scripted(lines)
    out = io.StringIO()
    main(["play", *argv, "--record", str(record)], out=out, read=read)
    return out.getvalue(), list(from_json(record.read_text(encoding="utf-8"), Record).actions)


class TestPlay:
    """`boardrules play`: a whole game, refusals, hot seat, records."""

    def test_full_game_against_a_bot_in_a_real_process(self, tmp_path: Path) -> None:
        record = tmp_path / "game.json"
        # Always answering "1" plays the first legal action: a whole game ends.
        done = subprocess.run(
            [sys.executable, "-m", "boardrules.apps.cli", "play", "kivi", "--seats",
             "human,ismcts:20", "--seed", "2", "--record", str(record)],
            input="1\n" * 200, capture_output=True, text=True, check=False, timeout=120,
            env={k: v for k, v in os.environ.items() if k != "NO_COLOR"},
        )
        assert done.returncode == 0, done.stderr
        assert "\033[" not in done.stdout  # not a terminal: no colours
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
        assert "illegal action forfeit: a stone is forfeited only after the third roll (K6)" \
            in text  # the rules' reason
        assert "Type an action's number or its notation" in text
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


class TestColour:
    """ANSI colours: on for a terminal, off for NO_COLOR and for anything else."""

    @pytest.mark.parametrize(("choice", "tty", "no_color", "expected"), [
        ("auto", True, None, True), ("auto", True, "1", False), ("auto", True, "", True),
        ("auto", False, None, False), ("always", False, "1", True), ("never", True, None, False),
    ])
    def test_use_color(self, choice: str, tty: bool, no_color: str | None,
                       expected: bool) -> None:
        environ = {} if no_color is None else {"NO_COLOR": no_color}
        stream = Tty() if tty else io.StringIO()
        assert use_color(choice, stream, environ) is expected

    def test_paint(self) -> None:
        assert Paint(on=True)("x", "red") == "\033[31mx\033[0m"
        assert Paint(on=False)("x", "red") == "x"

    def test_a_terminal_gets_colours_unless_no_color(self,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv("NO_COLOR", raising=False)
        out = Tty()
        main(["play", "kivi", "--seats", "human,random"], out=out, read=scripted(["q"])[0])
        assert "\033[1mKIVI" in out.getvalue()
        monkeypatch.setenv("NO_COLOR", "1")
        out = Tty()
        main(["play", "kivi", "--seats", "human,random"], out=out, read=scripted(["q"])[0])
        assert "\033[" not in out.getvalue()

    @pytest.mark.parametrize(("flag", "coloured"), [("always", True), ("never", False),
                                                   ("auto", False)])
    def test_the_color_option(self, flag: str, coloured: bool,
                              monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv("NO_COLOR", raising=False)
        out = io.StringIO()  # not a terminal
        main(["play", "kivi", "--seats", "human,random", "--color", flag], out=out,
             read=scripted(["hello", "q"])[0])
        assert ("\033[31mcannot read action 'hello'" in out.getvalue()) is coloured
        assert ("\033[" in out.getvalue()) is coloured


class TestAccount:
    """The log as a viewer reads it: moves of others, chance in a row on one line, events
    indented under what caused them (your own move named when it caused some)."""

    def test_lines(self) -> None:
        entries: list[JSONValue] = [
            {"step": 0, "seat": None, "who": "chance", "text": "draw ?", "events": []},
            {"step": 1, "seat": None, "who": "chance", "text": "draw 5"},
            {"step": 2, "seat": 0, "who": "player 0 (human)", "text": "5>2"},
            {"step": 3, "seat": 0, "who": "player 0 (human)", "text": "challenge",
             "events": [{"kind": "challenge", "text": "A bluff.", "fields": {}}]},
            {"step": 4, "seat": 1, "who": "player 1 (random)", "text": "end",
             "events": ["Round over."]},
            {"step": 5, "seat": None, "who": "chance", "text": "deal 3"},
        ]
        assert _account(entries, 0, Paint(on=False)) == (
            "chance: draw ?, draw 5\nyou: challenge\n  A bluff.\n"
            "player 1 (random): end\n  Round over.\nchance: deal 3\n")
        assert _account(entries, None, Paint(on=False)).startswith(
            "chance: draw ?, draw 5\nplayer 0 (human): 5>2\nplayer 0 (human): challenge\n")


class TestHelp:
    """`help` explains the commands and the game's notation, from its one legend."""

    @pytest.mark.parametrize("name", list(GAMES))
    def test_help_shows_the_games_legend(self, name: str) -> None:
        legend = LEGENDS[name]
        read, _ = scripted(["help", "q"])
        out = io.StringIO()
        main(["play", name, "--seats", "human,random"], out=out, read=read)
        assert "'undo' takes back your last move" in out.getvalue()
        assert legend in out.getvalue()

    @pytest.mark.parametrize("name", list(GAMES))
    def test_every_notation_in_the_legend_reads(self, name: str) -> None:
        """The legend is the notation module's table: each example is an action's text."""
        game = GAMES[name]
        state = game.new_game(game.MIN_PLAYERS)
        rows = [line for line in LEGENDS[name].splitlines()  # not a meaning's second line
                if line.startswith("  ") and not line.startswith("   ")]
        assert len(rows) >= 5
        for row in rows:
            for text in re.split(r"\s{2,}", row.strip())[0].split(" / "):
                game.parse_action(state, text)  # raises InvalidNotationError if not


class TestRefusals:
    """An action that is not legal is refused with the rules' reason and rule id."""

    def test_whales_end_before_every_pack_has_whales(self) -> None:
        read, prompts = scripted(["end", "q"])
        out = io.StringIO()
        main(["play", "whales_rivals", "--seats", "human,random"], out=out, read=read)
        assert re.search(r"^illegal action end: .*\(W12\)$", out.getvalue(), re.MULTILINE)
        assert len(prompts) == 2


class TestUndo:
    """`undo` goes back to the human's previous decision; `redo` plays it again."""

    ARGV: Final = ("kivi", "--seats", "human,random", "--seed", "1")

    def test_undo_then_redo_is_the_same_game(self, tmp_path: Path) -> None:
        text, actions = played(self.ARGV, ["1", "undo", "redo", "q"], tmp_path)
        assert "Took back your last move." in text
        assert text.count("turn 1 of 20") == 2  # the first turn shown again
        assert actions == played(self.ARGV, ["1", "q"], tmp_path)[1]

    def test_undo_takes_back_the_bots_reply_too(self, tmp_path: Path) -> None:
        _, before = played(self.ARGV, ["q"], tmp_path)
        assert played(self.ARGV, ["1", "undo", "q"], tmp_path)[1] == before
        _, other = played(self.ARGV, ["1", "undo", "2", "q"], tmp_path)
        state = kivi.apply(kivi.new_game(2), kivi.parse_action(kivi.new_game(2), before[0]))
        assert other[:2] == [before[0], str(kivi.legal_actions(state)[1])]

    def test_nothing_to_undo_or_redo(self) -> None:
        read, prompts = scripted(["undo", "redo", "q"])
        out = io.StringIO()
        main(["play", *self.ARGV], out=out, read=read)
        assert "There is no move of yours to undo." in out.getvalue()
        assert "There is no move to redo." in out.getvalue()
        assert len(prompts) == 3

    def test_not_at_a_hot_seat(self) -> None:
        read, _ = scripted(["", "1", "", "1", "", "undo", "q"])
        out = io.StringIO()
        main(["play", "kivi", "--seats", "human,human"], out=out, read=read)
        assert "not at a hot seat" in out.getvalue()


class TestMenus:
    """A large decision is shown as groups with counts; a group's name or `filter` lists
    some of its actions, numbered as in the whole list."""

    ARGV: Final = ("captain_bluff", "--seats", "human,random", "--seed", "2")

    @staticmethod
    def legal() -> list[str]:
        match = Match(captain_bluff, ["human", "random"], seed=2)
        return [str(a) for a in captain_bluff.legal_actions(match.state)]

    def test_groups_with_counts(self, tmp_path: Path) -> None:
        legal = self.legal()
        assert len(legal) > 4 * MAX_ROWS
        text, _ = played(self.ARGV, ["q"], tmp_path)
        menu = text.split("draw pile:")[1]
        counts = [int(n) for n in re.findall(r"\((\d+)\)", menu)]
        singles = re.findall(r"\d+\. \S+", menu)
        assert sum(counts) + len(singles) == len(legal)
        assert f"{len(legal)} actions: type a group's name" in menu
        assert len(menu.strip().splitlines()) <= MAX_ROWS + 2  # the board stays on screen

    def test_a_group_by_its_name_and_a_choice_by_its_number(self, tmp_path: Path) -> None:
        legal = self.legal()
        text, actions = played(self.ARGV, ["set 1", "15", "q"], tmp_path)
        listed = re.findall(r"(\d+)\. (set 1 \S+)", text)
        assert {(int(n), a) for n, a in listed} == {
            (i, a) for i, a in enumerate(legal, 1) if a.startswith("set 1 ")}
        human = next(i for i, a in enumerate(actions) if a.startswith("set "))
        assert actions[human] == legal[14]

    def test_filter(self, tmp_path: Path) -> None:
        legal = self.legal()
        text, _ = played(self.ARGV, ["filter STAR", "filter", "filter nothing", "q"], tmp_path)
        found = [a for a in legal if "star" in a]
        assert f"{len(found)} of {len(legal)} actions contain 'STAR':" in text
        assert set(re.findall(r"\d+\. (set \d star)", text)) == set(found)
        assert "Filter by what?" in text
        assert f"0 of {len(legal)} actions contain 'nothing':\n  (none)" in text

    def test_few_labelled_actions_one_a_line(self) -> None:
        """With a game's `label`, a short list shows each action's label beside it."""
        shown = _menu([(1, "5>2", "Play whale 5 face down at pack 2"), (2, "end", "End")],
                      Paint(on=False))
        assert shown == "  1. 5>2   Play whale 5 face down at pack 2\n  2. end   End\n"

    @pytest.mark.parametrize("name", list(GAMES))
    def test_every_menu_fits_and_counts_every_action(self, name: str) -> None:
        """Along random games, each decision's menu takes at most MAX_ROWS + 1 lines, and
        its numbers and group counts add up to the legal actions."""
        game = GAMES[name]
        rng = random.Random(0)
        for players in (game.MIN_PLAYERS, game.MAX_PLAYERS):
            state = game.new_game(players)
            while not game.is_terminal(state):
                if game.to_move(state) is CHANCE:
                    state = game.apply(state, game.sample_chance(state, rng))
                    continue
                legal = game.legal_actions(state)
                shown = _menu([(i, str(a), str(a)) for i, a in enumerate(legal, 1)],
                              Paint(on=False))
                assert len(shown.splitlines()) <= MAX_ROWS + 1
                numbers = len(re.findall(r"(?:^|\s)\d+\. ", shown))
                counts = sum(int(n) for n in re.findall(r"\((\d+)\)", shown))
                assert numbers + counts == len(legal), shown
                state = game.apply(state, rng.choice(legal))


class TestReplay:
    """`boardrules replay`: every action, or a player's view; unreadable files reported."""

    @pytest.fixture
    def whales(self, tmp_path: Path) -> tuple[Path, Record]:
        """A finished two-player Whales Rivals game saved as a record."""
        _, actions = random_playout(whales_rivals, 2, rng=random.Random(5))
        record = Record.start("whales_rivals", 2).extended(actions)
        path = tmp_path / "game.json"
        path.write_text(boardrules.to_json(record), encoding="utf-8")
        return path, record

    def test_every_action_in_full(self, whales: tuple[Path, Record]) -> None:
        path, record = whales
        out = io.StringIO()
        assert main(["replay", str(path)], out=out) == 0
        lines = re.findall(r"^ +\d+\. (chance|player \d): (.+)$", out.getvalue(), re.MULTILINE)
        assert [text for _, text in lines] == list(record.actions)

    def test_as_a_player_saw_it(self, whales: tuple[Path, Record]) -> None:
        """Player 1 reads the other's face-down whales as ``?>pack`` and the other's draws
        as ``draw ?``, and sees their own view before each of their decisions."""
        path, record = whales
        out = io.StringIO()
        assert main(["replay", str(path), "--player", "1"], out=out) == 0
        text = out.getvalue()
        assert "actions, as player 1 saw them" in text
        moves = re.findall(r"^ +\d+\. (chance|player \d): (.+)$", text, re.MULTILINE)
        assert len(moves) == len(record.actions)
        theirs = [move for who, move in moves if who == "player 0"]
        assert any(re.fullmatch(r"\?>[123]", move) for move in theirs)
        assert not any(re.fullmatch(r"\d+>[123]", move) for move in theirs)
        assert "draw ?" in [move for who, move in moves if who == "chance"]
        states = list(boardrules.replay_states(record))
        for state in states[:-1]:
            if whales_rivals.to_move(state) == 1:
                assert whales_rivals.render(whales_rivals.observe(state, 1)) in text
        assert whales_rivals.render(whales_rivals.observe(states[-1], 1)) in text

    def test_as_the_spectator(self, whales: tuple[Path, Record]) -> None:
        path, _ = whales
        out = io.StringIO()
        assert main(["replay", str(path), "--player", "spectator"], out=out) == 0
        moves = re.findall(r"^ +\d+\. (?:chance|player \d): (.+)$", out.getvalue(),
                           re.MULTILINE)
        assert not any(re.fullmatch(r"draw (\d+|T)", move) for move in moves)

    def test_a_record_that_ends_before_the_game(self, whales: tuple[Path, Record],
                                                 tmp_path: Path) -> None:
        """Cut just before a chance event: told up to its last action, nothing drawn more."""
        _, record = whales
        states = list(boardrules.replay_states(record))
        cut = next(i for i in range(20, len(states)) if whales_rivals.to_move(states[i])
                   is CHANCE)
        path = tmp_path / "part.json"
        path.write_text(boardrules.to_json(Record.start("whales_rivals", 2).extended(
            record.actions[:cut])), encoding="utf-8")
        out = io.StringIO()
        assert main(["replay", str(path), "--player", "0"], out=out) == 0
        moves = re.findall(r"^ +(\d+)\. ", out.getvalue(), re.MULTILINE)
        assert moves == [str(n) for n in range(1, cut + 1)]
        assert "The record ends before the game does." in out.getvalue()

    @pytest.mark.parametrize("player", ["2", "-1", "me", "9" * 5000])
    def test_a_seat_the_record_has_not(self, whales: tuple[Path, Record],
                                       player: str) -> None:
        out, err = io.StringIO(), io.StringIO()
        assert main(["replay", str(whales[0]), "--player", player], out=out, err=err) == 2
        assert "--player must be a seat 0 to 1 of this record or 'spectator'" in err.getvalue()
        assert out.getvalue() == ""

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
