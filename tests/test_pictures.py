"""Pictures (`svg`): golden files, well-formed SVG, notebooks, sizes, escaping, no leaks.

The golden files in ``tests/pictures/`` are the example pictures of `boardrules.apps.gallery`
(the ones the docs show). Regenerate them after an intended change with
``BOARDRULES_REGEN=1 pytest tests/test_pictures.py`` and look at the diff (and the
pictures: ``.ci/screenshots.py`` draws them in a browser).
"""

from __future__ import annotations

import random
import types
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from boardrules import BoardrulesError
from boardrules.apps.gallery import Picture, pictures
from boardrules.games import GAMES, captain_bluff, kivi, ren_dhark, whales_rivals
from boardrules.pictures.svg import MIN_FONT, SVG_NS, Drawing, num, text_width
from boardrules.testing import check_playout, random_playout
from tests.golden import check_golden

FOLDER = Path(__file__).parent / "pictures"
GALLERY = pictures()
DRAWN = [name for name, game in GAMES.items() if hasattr(game, "svg")]


def _root(text: str) -> ElementTree.Element:
    root = ElementTree.fromstring(text)
    assert root.tag == f"{{{SVG_NS}}}svg"
    return root


def _small_text(root: ElementTree.Element) -> list[str]:
    """The texts of a picture smaller than `MIN_FONT` at its natural size."""
    return [f"{''.join(e.itertext())!r} at {e.get('font-size')}px" for e in root.iter()
            if e.tag == f"{{{SVG_NS}}}text" and float(e.get("font-size") or 0) < MIN_FONT]


def _words(root: ElementTree.Element) -> str:
    """Every text of a picture (titles too), one a line."""
    return "\n".join("".join(e.itertext()) for e in root.iter()
                     if e.tag == f"{{{SVG_NS}}}text")


@pytest.mark.parametrize("picture", GALLERY, ids=[p.name for p in GALLERY])
def test_golden_picture_is_unchanged(picture: Picture) -> None:
    """Every example picture is byte for byte its golden file (the same on every platform)."""
    check_golden(FOLDER / f"{picture.name}.svg", picture.svg())


def test_golden_files_are_the_gallery() -> None:
    """No golden file is left over from a picture that is no longer drawn."""
    assert {p.stem for p in FOLDER.glob("*.svg")} == {p.name for p in GALLERY}


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.svg")), ids=lambda p: p.stem)
def test_golden_file_is_svg(path: Path) -> None:
    """Every golden file parses as XML with an <svg> root in the SVG namespace."""
    root = _root(path.read_text(encoding="utf-8"))
    assert root.get("viewBox") and root.get("width") and root.get("height")


def test_every_game_has_pictures_in_the_gallery() -> None:
    """Each game with `svg` has a start, a middle and an end picture (as the docs show)."""
    for name in DRAWN:
        assert {f"{name}-start", f"{name}-middle", f"{name}-end"} <= {p.name for p in GALLERY}


def test_K10_the_rulebook_example_scores_56() -> None:
    """The KIVI picture of the rulebook's example shows a position worth 56 to player 0."""
    (picture,) = [p for p in GALLERY if p.name == "kivi-rulebook-56"]
    assert kivi.scores(picture.observation.position)[0] == 56
    assert "player 0 wins with 56 points" in picture.svg()


class TestEveryGame:
    """Properties of every game's pictures, along a random game."""

    @pytest.mark.parametrize("name", DRAWN)
    def test_every_view_of_every_position_is_svg(self, name: str) -> None:
        game = GAMES[name]
        draw: Any = game.svg  # type: ignore[attr-defined]
        state, actions = random_playout(game, game.MIN_PLAYERS, rng=random.Random(1))
        states = [game.new_game(game.MIN_PLAYERS)]
        for action in actions:
            states.append(game.apply(states[-1], action))
        for index in (*range(0, len(states), max(1, len(states) // 12)), len(states) - 1):
            for player in (None, *range(game.MIN_PLAYERS)):
                observation = game.observe(states[index], player)
                last = actions[index - 1] if index else None
                root = _root(draw(observation, last_move=last))
                assert not _small_text(root), (index, player)
        assert state == states[-1]

    @pytest.mark.parametrize("name", DRAWN)
    @pytest.mark.parametrize("seed", [1, 2, 3])
    def test_a_finished_game_shows_its_result_not_a_turn(self, name: str, seed: int) -> None:
        """The end of a game: every view names the outcome (a winner or a draw) and no
        player is "to move"."""
        game = GAMES[name]
        draw: Any = game.svg  # type: ignore[attr-defined]
        state, actions = random_playout(game, game.MIN_PLAYERS, rng=random.Random(seed))
        assert game.is_terminal(state)
        for player in (None, *range(game.MIN_PLAYERS)):
            words = _words(_root(draw(game.observe(state, player), last_move=actions[-1])))
            assert "to move" not in words.lower()
            assert "Game over" in words
            assert any(w in words for w in ("wins", "draw", "nobody")), words

    def test_B17_a_game_ended_by_the_turn_limit_has_no_player_to_move(self) -> None:
        options = captain_bluff.Options(turn_limit=4)
        state, actions = random_playout(captain_bluff, 3, options, rng=random.Random(1))
        assert state.winner is None
        for player in (None, 0, 1, 2):
            words = _words(_root(captain_bluff.svg(captain_bluff.observe(state, player),
                                                   last_move=actions[-1])))
            assert "to move" not in words
            assert "Nobody wins" in words and "turn limit of 4 turns" in words

    @pytest.mark.parametrize("name", DRAWN)
    def test_notebooks_show_states_and_observations(self, name: str) -> None:
        """`_repr_svg_`: a state shows the spectator's picture, an observation its own."""
        game = GAMES[name]
        draw: Any = game.svg  # type: ignore[attr-defined]
        state, _ = random_playout(game, game.MIN_PLAYERS, rng=random.Random(2), max_actions=40)
        assert state._repr_svg_() == draw(game.observe(state, None))
        observation = game.observe(state, 1)
        assert observation._repr_svg_() == draw(observation)

    @pytest.mark.parametrize("name", DRAWN)
    def test_size_scales_the_picture(self, name: str) -> None:
        game = GAMES[name]
        draw: Any = game.svg  # type: ignore[attr-defined]
        observation = game.observe(game.new_game(game.MIN_PLAYERS), None)
        natural = _root(draw(observation))
        small = _root(draw(observation, size=300))
        assert small.get("width") == "300"
        assert small.get("viewBox") == natural.get("viewBox")
        width, height = (int(natural.get(k) or 0) for k in ("width", "height"))
        assert small.get("height") == str(round(300 * height / width))

    @pytest.mark.parametrize("name", DRAWN)
    @pytest.mark.parametrize("size", [0, -5, 2.5, True, "300"])
    def test_bad_size_is_refused(self, name: str, size: object) -> None:
        game = GAMES[name]
        draw: Any = game.svg  # type: ignore[attr-defined]
        with pytest.raises(BoardrulesError, match="size"):
            draw(game.observe(game.new_game(game.MIN_PLAYERS), None), size=size)

    @pytest.mark.parametrize("name", DRAWN)
    def test_a_state_is_no_observation(self, name: str) -> None:
        game = GAMES[name]
        draw: Any = game.svg  # type: ignore[attr-defined]
        with pytest.raises(BoardrulesError, match="Observation"):
            draw(game.new_game(game.MIN_PLAYERS))


class TestOutcomes:
    """The pictures say what happened: row hints, a challenge, a round's end, the winner."""

    def test_B6_B12_row_hints_offer_only_values_a_card_may_take(self) -> None:
        from boardrules.games.captain_bluff.picture import _hint
        from boardrules.games.captain_bluff.rows import row_info

        r = {value: value - 1 for value in range(1, 18)}  # red luggage by value
        assert _hint(row_info((r[1],))) == "next: 2"  # not "0 or 2"
        assert _hint(row_info((r[17],))) == "next: 16"  # not "16 or 18"
        assert _hint(row_info((r[5],))) == "next: 4 or 6"
        assert _hint(row_info((r[16], r[17]))) == "next: no value"  # not "next: 18"
        assert _hint(row_info((r[5], captain_bluff.ARROWS))) == "next: any value"

    def test_B13_the_picture_after_a_challenge_says_what_it_did(self) -> None:
        (picture,) = [p for p in GALLERY if p.name == "captain_bluff-challenge"]
        assert isinstance(picture.last_move, captain_bluff.Challenge)
        assert "Last move: a challenge (B13)" in _words(_root(picture.svg()))

    def test_W15_W16_the_picture_after_a_round_shows_what_was_revealed(self) -> None:
        """Each pack shows the whales its round end revealed, their sums and who took it."""
        (picture,) = [p for p in GALLERY if p.name == "whales_rivals-round"]
        words = _words(_root(picture.svg()))
        assert "round 1 has been scored" in words
        for k, (red, blue) in enumerate(picture.observation.revealed):
            assert f"Σ {sum(red)} revealed" in words and f"Σ {sum(blue)} revealed" in words
            taker = "red" if sum(red) > sum(blue) else "blue" if sum(blue) > sum(red) else None
            assert (f"{taker} took it" if taker else "tie: it stays") in words, k
        assert 'stroke-width="4"' not in picture.svg()  # no pack is marked as the last move's

    def test_W20_the_final_picture_names_the_winner_and_marks_no_empty_pack(self) -> None:
        (picture,) = [p for p in GALLERY if p.name == "whales_rivals-end"]
        words = _words(_root(picture.svg()))
        assert "Player 1 (blue) wins, 47 to 7" in words
        assert 'stroke-width="4"' not in picture.svg()


class TestLayout:
    """Labels that once covered each other."""

    def test_whales_to_move_pill_leaves_the_players_name_readable(self) -> None:
        """The pill starts after "player 1: blue whales (you)", by the width estimate."""
        state, _ = random_playout(whales_rivals, 2, rng=random.Random(4), max_actions=30)
        for player in (0, 1):
            texts = [e for e in _root(whales_rivals.svg(whales_rivals.observe(state, player)))
                     .iter() if e.tag == f"{{{SVG_NS}}}text"]
            names = {"".join(e.itertext()): e for e in texts
                     if "".join(e.itertext()).startswith("player ")}
            (pill,) = [e for e in texts if "".join(e.itertext()).startswith("to move")]
            mover = f"player {state.player}: {('red', 'blue')[state.player]} whales" + (
                " (you)" if player == state.player else "")
            name = names[mover]
            end = float(name.get("x") or 0) + text_width(mover, 13)
            label = "".join(pill.itertext())
            assert float(pill.get("x") or 0) - text_width(label, MIN_FONT) / 2 > end


    def test_whales_turtle_letter_is_above_its_shell(self) -> None:
        (picture,) = [p for p in GALLERY if p.name == "whales_rivals-start"]
        assert whales_rivals.TURTLE in picture.observation.hand
        root = _root(picture.svg())
        letters = [e for e in root.iter() if e.tag == f"{{{SVG_NS}}}text"
                   and "".join(e.itertext()) == "T" and float(e.get("font-size") or 0) > 12]
        shells = [e for e in root.iter() if e.tag == f"{{{SVG_NS}}}circle"
                  and e.get("fill") == "#bfe3c9"]
        assert letters and len(letters) <= len(shells)
        for letter in letters:  # its baseline above the top of the shell under it
            x, baseline = float(letter.get("x") or 0), float(letter.get("y") or 0)
            (shell,) = [c for c in shells if float(c.get("cx") or 0) == x
                        and float(c.get("cy") or 0) > baseline - 20]
            assert baseline < float(shell.get("cy") or 0) - float(shell.get("r") or 0)


class TestNoLeaks:
    """A picture shows no more than the observation, whatever `last_move` says."""

    def test_whales_last_move_shows_the_pack_not_the_value(self) -> None:
        state, _ = random_playout(whales_rivals, 2, rng=random.Random(4), max_actions=30)
        observation = whales_rivals.observe(state, 1)
        a, b = whales_rivals.PlayWhale(3, 1), whales_rivals.PlayWhale(5, 1)
        assert whales_rivals.svg(observation, last_move=a) == whales_rivals.svg(
            observation, last_move=b)
        assert whales_rivals.svg(observation, last_move=a) != whales_rivals.svg(observation)

    def test_ren_dhark_last_move_shows_the_slot_not_the_card(self) -> None:
        state, _ = random_playout(ren_dhark, 2, rng=random.Random(4), max_actions=30)
        observation = ren_dhark.observe(state, 1)
        first, second = ren_dhark.STARTER_I.cards[12], ren_dhark.STARTER_I.cards[13]
        a = ren_dhark.Attack(first.number, first.name, ren_dhark.CombatType.SHIP)
        b = ren_dhark.Attack(second.number, second.name, ren_dhark.CombatType.SHIP)
        assert ren_dhark.svg(observation, last_move=a) == ren_dhark.svg(observation,
                                                                         last_move=b)


class TestDocument:
    """The shared drawing primitives."""

    def test_text_is_escaped_and_cleaned(self) -> None:
        d = Drawing(100, 50, "#fff")
        d.text(10, 10, 'a < b & "c" \x01', title="<script>")
        d.rect(0, 0, 5, 5, "#000", title="x > y")
        root = _root(d.document(None, "label & <more>"))
        (text,) = [e for e in root.iter() if e.tag == f"{{{SVG_NS}}}text"]
        assert "".join(text.itertext()) == '<script>a < b & "c" ?'
        assert root.get("aria-label") == "label & <more>"
        assert not any(e.tag.endswith("}script") for e in root.iter())

    def test_numbers_are_written_the_same_everywhere(self) -> None:
        assert [num(v) for v in (3, 2.0, 2.5, 1 / 3, -0.004, 12.345678)] == [
            "3", "2", "2.5", "0.33", "0", "12.35"]

    def test_the_same_calls_give_the_same_bytes(self) -> None:
        def picture() -> str:
            d = Drawing(200, 100, "#eee")
            d.star(50, 50, 20, "#fc0")
            d.card(100, 10, 40, 60, fill="#fff", edge="#000", label="10")
            d.back(150, 10, 40, 60, fill="#235", accent="#58c", label="4")
            d.pile(10, 10, 30, 40, 7, fill="#235", accent="#58c", caption="deck")
            return d.document(400, "test")

        assert picture() == picture()
        assert 'width="400" height="200"' in picture()


class TestKitCatchesBadPictures:
    """The conformance kit fails a game whose pictures break the contract."""

    @staticmethod
    def game(**overrides: object) -> Any:
        namespace = types.SimpleNamespace(**{k: getattr(whales_rivals, k)
                                             for k in dir(whales_rivals) if not k.startswith("__")})
        for name, value in overrides.items():
            setattr(namespace, name, value)
        return namespace

    def test_a_picture_that_shows_hidden_cards(self) -> None:
        """A picture that reads the true state behind the observation (here: the last state
        `observe` saw, which is a world `resample` drew) shows the opponent's hand."""
        seen: list[Any] = [None]

        def observe(state: Any, player: int | None) -> Any:
            seen[0] = state
            return whales_rivals.observe(state, player)

        def svg(observation: Any, **options: Any) -> str:
            hands = "" if seen[0] is None else repr(seen[0].hands)
            return whales_rivals.svg(observation, **options).replace("</svg>", f"<!--{hands}-->"
                                                                     "</svg>")

        with pytest.raises(AssertionError, match="differs in a world resample drew"):
            check_playout(self.game(observe=observe, svg=svg), 2, picture_every=1)

    @pytest.mark.parametrize(("picture", "message"), [
        ('<svg xmlns="http://www.w3.org/2000/svg"><rect', "not well-formed"),
        ("<svg><rect/></svg>", "not <svg> in the SVG namespace"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><image href="https://x.org/a.png"/></svg>',
         "<image> element"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(https://x.org/p)"/></svg>',
         "stand alone"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><style>@import "x.css";</style></svg>',
         "stand alone"),
    ])
    def test_a_picture_that_is_no_standalone_svg(self, picture: str, message: str) -> None:
        with pytest.raises(AssertionError, match=message):
            check_playout(self.game(svg=lambda observation, **_: picture), 2)

    def test_a_picture_that_changes_between_calls(self) -> None:
        calls = [0]

        def svg(observation: Any, **options: Any) -> str:
            calls[0] += 1
            return whales_rivals.svg(observation, **options).replace(
                "</svg>", f"<!--{calls[0]}--></svg>")

        with pytest.raises(AssertionError, match="not deterministic"):
            check_playout(self.game(svg=svg), 2)

    def test_the_real_pictures_pass(self) -> None:
        check_playout(self.game(), 2, picture_every=1)
