"""Example positions of every game, as pictures (private).

One list, `pictures()`, feeds the docs (drawn when the site is built, so they never go
stale), the golden SVG files of the tests and the CI's check in a real browser: for every
game with pictures, the first decision, a middle position and the end of one seeded
random game, each from another seat; the moment that shows an outcome (Captain Bluff's
first challenge, the end of Whales Rivals' first round); and for KIVI, the rulebook's
scoring example (K10).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import attrs

from boardrules.game import CHANCE
from boardrules.games import captain_bluff, kivi
from boardrules.registry import GAMES, AnyGame

__all__ = ["Picture", "pictures"]


@attrs.frozen
class Picture:
    """One example position and whose view of it to draw."""

    name: str
    """The file name without extension, e.g. ``"kivi-start"``."""
    game: str
    """The game's registry name."""
    caption: str
    """What the picture shows, in a sentence."""
    observation: Any
    """What the viewer sees."""
    last_move: Any
    """The action that led to the position (highlighted), or ``None``."""

    def svg(self, size: int | None = None) -> str:
        """Return the picture as SVG."""
        draw: Callable[..., str] = GAMES[self.game].svg  # type: ignore[attr-defined]
        return draw(self.observation, size=size, last_move=self.last_move)


_GAMES: Final[dict[str, tuple[int, int, int]]] = {
    "captain_bluff": (4, 11, 0),
    "kivi": (3, 7, 0),
    "lustry": (2, 5, 14),
    "ren_dhark": (2, 3, 0),
    "whales_rivals": (2, 3, 0),
}
"""Per game: the players and the seed of the example game, and the actions before its
"start" picture (Lustry's first player draws seven cards before the first real choice)."""


def _play(game: AnyGame, players: int, seed: int) -> tuple[list[Any], list[Any]]:
    """Return every state of one seeded random game and the actions between them."""
    rng = random.Random(seed)
    states = [game.new_game(players)]
    actions: list[Any] = []
    while not game.is_terminal(states[-1]):
        state = states[-1]
        action = (game.sample_chance(state, rng) if game.to_move(state) is CHANCE
                  else rng.choice(game.legal_actions(state)))
        actions.append(action)
        states.append(game.apply(state, action))
    return states, actions


def _decision(game: AnyGame, states: list[Any], start: int) -> int:
    """The index of the first state at or after `start` where a player decides."""
    index = start
    while game.to_move(states[index]) is CHANCE:
        index += 1
    return index


def _game_pictures(name: str) -> list[Picture]:
    game = GAMES[name]
    players, seed, opening = _GAMES[name]
    states, actions = _play(game, players, seed)
    where = f"a random {players}-player game (seed {seed})"
    first = _decision(game, states, opening)
    middle = _decision(game, states, len(states) // 2)
    end = len(states) - 1
    out = []
    for label, index, viewer, words in (
        ("start", first, 0, f"The start of {where}, as player 0 sees it."),
        ("middle", middle, 1, "Half-way through the same game, as player 1 sees it."),
        ("end", end, None, "The end of the same game, as a spectator sees it."),
    ):
        last = actions[index - 1] if index else None
        out.append(Picture(f"{name}-{label}", name, words,
                           game.observe(states[index], viewer), last))
    if name in _MOMENTS:  # the first time the game's outcome view appears
        label, words, found = _MOMENTS[name]
        index = next(i for i in range(1, len(states))
                     if found(states[i - 1], actions[i - 1], states[i]))
        out.append(Picture(f"{name}-{label}", name, words, game.observe(states[index], 0),
                           actions[index - 1]))
    return out


def _challenged(before: Any, action: Any, after: Any) -> bool:
    return isinstance(action, captain_bluff.Challenge)


def _round_scored(before: Any, action: Any, after: Any) -> bool:
    return bool(after.round > before.round)


_MOMENTS: Final[dict[str, tuple[str, str, Callable[[Any, Any, Any], bool]]]] = {
    "captain_bluff": ("challenge", "Just after the same game's first challenge, as player 0 "
                      "sees it.", _challenged),
    "whales_rivals": ("round", "The same game just after its first round was scored, as "
                      "player 0 sees it.", _round_scored),
}
"""Per game: a picture of the moment that shows an outcome (a challenge, a round's end)."""


def _kivi_rulebook() -> Picture:
    """The rulebook's scoring example (K10) on the default board: player 0 scores 56."""
    cells: list[int | None] = [None] * 49
    scoring = ("d1", "f1", "a2", "b2", "c2", "c3", "c4", "d4", "d5")
    others = ("g1", "e2", "g3", "f4", "a5", "g5", "f6", "a7", "b7", "e7")
    for owner, squares in ((0, scoring), (1, others)):
        for square in squares:
            cells[kivi.square_index(square)] = owner
    state = kivi.State(kivi.Options(), 2, tuple(cells), (1, 0), 20, 0, (), 0)
    kivi.validate_state(state)
    return Picture(
        "kivi-rulebook-56", "kivi",
        "The rulebook's scoring example (K10): player 0's stones score 56 — singles d1 (1) "
        "and f1 (2), row a2–c2 (2+3+1) × 3, row c4–d4 (2+3) × 2, column c2–c4 (1+2+2) × 3 "
        "and column d4–d5 (3+2) × 2.",
        kivi.observe(state, None), None)


def pictures(game: str | None = None) -> list[Picture]:
    """Return the example pictures of one game (by name), or of every game with pictures."""
    names = [game] if game is not None else [n for n in _GAMES if hasattr(GAMES[n], "svg")]
    out: list[Picture] = []
    for name in names:
        out += _game_pictures(name)
        if name == "kivi":
            out.append(_kivi_rulebook())
    return out
