"""A picture of a KIVI observation, as SVG.

The board with every square's combination and points (grey 1, light pink 2, dark pink
3, as in the Czech edition), the stones, the lines that score (K10), the squares the
dice allow the player to move, the dice, and each player's score, supply and
forfeited stones. Nothing in KIVI is hidden (K12), so every player's picture shows the
same position; only the label naming the viewer differs.

>>> from boardrules.games import kivi
>>> picture = kivi.svg(kivi.observe(kivi.new_game(2), None))
>>> picture.startswith("<svg")
True
"""

from __future__ import annotations

import itertools
from typing import Final

from boardrules.games.kivi.actions import Action, Displace, Place, Reroll, Roll
from boardrules.games.kivi.board import SIZE, SQUARES, Combination, analyse
from boardrules.games.kivi.observe import Observation
from boardrules.games.kivi.rules import legal_actions, scores
from boardrules.games.kivi.state import ROUNDS, State
from boardrules.pictures.svg import HIGHLIGHT, MIN_FONT, Drawing, expect, plural, text_width

__all__ = ["svg"]

SYMBOL: Final = {
    Combination.TWO_PAIRS: "AA BB", Combination.THREE_KIND: "AAA",
    Combination.SMALL_STRAIGHT: "ABCD", Combination.FULL_HOUSE: "AAA BB",
    Combination.FOUR_KIND: "AAAA", Combination.LARGE_STRAIGHT: "ABCDE",
    Combination.ALL_EVEN: "even", Combination.ALL_ODD: "odd",
    Combination.SUM_LE_12: "Σ ≤ 12", Combination.SUM_GE_30: "Σ ≥ 30",
    Combination.THREE_PAIRS: "AA BB CC", Combination.TWO_TRIPLES: "AAA BBB",
    Combination.FOUR_AND_PAIR: "AAAA BB",
}
"""The mark printed on a square of each combination."""
MEANING: Final = {
    Combination.TWO_PAIRS: "two pairs", Combination.THREE_KIND: "three of a kind",
    Combination.SMALL_STRAIGHT: "four in a row", Combination.FULL_HOUSE: "full house",
    Combination.FOUR_KIND: "four of a kind", Combination.LARGE_STRAIGHT: "five in a row",
    Combination.ALL_EVEN: "all dice even", Combination.ALL_ODD: "all dice odd",
    Combination.SUM_LE_12: "sum 12 or less", Combination.SUM_GE_30: "sum 30 or more",
    Combination.THREE_PAIRS: "three pairs", Combination.TWO_TRIPLES: "two triples",
    Combination.FOUR_AND_PAIR: "four and a pair",
}
"""The combinations in words, for the key."""

# Palette: a paper table, the edition's grey and pinks, four stone colours that differ
# from the pinks and from each other (also for red-green colour blindness: blue, amber,
# teal, purple).
PAPER: Final = "#f6f3ec"
INK: Final = "#2b2d42"
FRAME: Final = "#3b3f58"
SQUARE: Final = {1: "#dcdcdc", 2: "#f7c9d4", 3: "#e388a6"}
SQUARE_INK: Final = {1: "#555", 2: "#8a3150", 3: "#5e0f2b"}
STONE: Final = ("#1d5fa8", "#e8a317", "#17918a", "#7d3c98")
STONE_EDGE: Final = ("#0d3563", "#8f6207", "#0b5450", "#4a2060")
STONE_INK: Final = ("#fff", "#2b2d42", "#fff", "#fff")
ACCENT: Final = "#c2185b"

CELL: Final = 64
"""The side of a square."""
BOARD_X: Final = 40
BOARD_Y: Final = 84
PANEL_X: Final = BOARD_X + SIZE * CELL + 28
WIDTH: Final = PANEL_X + 250
HEIGHT: Final = BOARD_Y + SIZE * CELL + 44

# The pips of a die face on a 3 × 3 grid (column, row).
PIPS: Final = {
    1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def _centre(square: int) -> tuple[int, int]:
    row, col = divmod(square, SIZE)
    return BOARD_X + col * CELL + CELL // 2, BOARD_Y + row * CELL + CELL // 2 + 2


def _status(o: State) -> str:
    total = ROUNDS * o.players
    if o.turn >= total:
        points = scores(o)
        best = max(points)
        winners = [p for p, s in enumerate(points) if s == best]
        if len(winners) == 1:
            return f"Game over after {total} turns: player {winners[0]} wins with {best} points"
        names = " and ".join(f"player {p}" for p in winners)
        return f"Game over after {total} turns: {names} share the win with {best} points"
    who = f"player {o.player}"
    if o.pending:
        doing = f"rolls {plural(o.pending, 'die', 'dice')}" if o.dice else "to roll"
    else:
        doing = f"to play after roll {o.rolls} of 3"
    return f"Round {o.turn // o.players + 1} of {ROUNDS}, turn {o.turn + 1} of {total}: " \
        f"{who} {doing}"


def _places(last_move: Action | None) -> tuple[int, ...]:
    if isinstance(last_move, Place):
        return (last_move.square,)
    if isinstance(last_move, Displace):
        return (last_move.square, last_move.to)
    return ()


def _board(d: Drawing, o: State, last_move: Action | None) -> None:
    layout = o.options.layout
    d.rect(BOARD_X - 8, BOARD_Y - 8, SIZE * CELL + 16, SIZE * CELL + 16, FRAME, rx=8)
    for i in range(SIZE):
        d.text(BOARD_X + i * CELL + CELL / 2, BOARD_Y - 20, "abcdefg"[i], size=13, fill=INK,
               bold=True)
        d.text(BOARD_X - 22, BOARD_Y + i * CELL + CELL / 2, str(i + 1), size=13, fill=INK,
               bold=True)
    for square in range(SQUARES):
        row, col = divmod(square, SIZE)
        points = layout.points[square]
        d.rect(BOARD_X + col * CELL + 1, BOARD_Y + row * CELL + 1, CELL - 2, CELL - 2,
               SQUARE[points], rx=4, title=f"{'abcdefg'[col]}{row + 1}: "
               f"{MEANING[layout.combination[square]]}, {plural(points, 'point')}")
    # The lines that score (K10): over the squares, under their marks and the stones.
    cells = o.cells
    lines = [range(r * SIZE, (r + 1) * SIZE) for r in range(SIZE)]
    lines += [range(c, SQUARES, SIZE) for c in range(SIZE)]
    for line in lines:
        for owner, group in itertools.groupby(line, key=cells.__getitem__):
            run = tuple(group)
            if owner is not None and len(run) >= 2:
                (x1, y1), (x2, y2) = _centre(run[0]), _centre(run[-1])
                d.line(x1, y1, x2, y2, STONE_EDGE[owner % len(STONE)], width=8,
                       round_caps=True, opacity=0.8)
    for square in range(SQUARES):
        row, col = divmod(square, SIZE)
        x, y = BOARD_X + col * CELL, BOARD_Y + row * CELL
        points = layout.points[square]
        mark = SYMBOL[layout.combination[square]]
        if cells[square] is not None:  # a plate under the mark hides a scoring line
            w = text_width(mark, MIN_FONT) + 2
            d.rect(x + (CELL - w) / 2, y + 5, w, 12, SQUARE[points], rx=3)
        d.text(x + CELL / 2, y + 11, mark, size=MIN_FONT, fill=SQUARE_INK[points], bold=True)
        for k in range(points):
            d.circle(x + CELL / 2 + (k - (points - 1) / 2) * 9, y + CELL - 6, 2.6,
                     SQUARE_INK[points])
    allowed, displace = _allowed(o)
    mover = o.player
    for square in range(SQUARES):
        cx, cy = _centre(square)
        owner = cells[square]
        if owner is None:
            if square in allowed:
                d.circle(cx, cy, 15, stroke=STONE[mover % len(STONE)], width=3, dash="5 3")
            continue
        colour = owner % len(STONE)
        d.circle(cx, cy, 16, STONE[colour], stroke=STONE_EDGE[colour], width=2,
                 title=f"player {owner}'s stone")
        d.text(cx, cy, str(owner), size=14, fill=STONE_INK[colour], bold=True)
        if square in displace:
            d.circle(cx, cy, 20, stroke=STONE[mover % len(STONE)], width=3, dash="5 3")
    for square in _places(last_move):
        if 0 <= square < SQUARES:
            row, col = divmod(square, SIZE)
            d.rect(BOARD_X + col * CELL + 2, BOARD_Y + row * CELL + 2, CELL - 4, CELL - 4,
                   stroke=HIGHLIGHT, width=4, rx=5)
    if isinstance(last_move, Displace) and 0 <= last_move.to < SQUARES:
        (x1, y1), (x2, y2) = _centre(last_move.square), _centre(last_move.to)
        d.line(x1, y1, x2, y2, HIGHLIGHT, width=3, dash="6 4", round_caps=True)


def _allowed(o: State) -> tuple[frozenset[int], frozenset[int]]:
    """Return the free squares the dice allow, and the opponents' squares six of a kind
    may take (K7, K8), when a player is to place a stone."""
    if o.pending or o.turn >= ROUNDS * o.players or len(o.dice) != 6:
        return frozenset(), frozenset()
    free: set[int] = set()
    taken: set[int] = set()
    for action in legal_actions(o):
        if isinstance(action, Place):
            free.add(action.square)
        elif isinstance(action, Displace):
            taken.add(action.square)
    return frozenset(free), frozenset(taken)


def _die(d: Drawing, x: float, y: float, value: int | None, *, highlight: bool) -> None:
    size = 32
    if value is None:
        d.rect(x, y, size, size, stroke=INK, width=1.5, rx=6, dash="4 3", opacity=0.6,
               title="a die to roll")
        d.text(x + size / 2, y + size / 2, "?", size=15, fill=INK, opacity=0.6)
        return
    d.rect(x, y, size, size, "#fff", stroke=HIGHLIGHT if highlight else INK,
           width=3 if highlight else 1.5, rx=6, title=f"a die showing {value}")
    for col, row in PIPS.get(value, ()):
        d.circle(x + 8 + col * 8, y + 8 + row * 8, 3.2, INK)
    if value not in PIPS:
        d.text(x + size / 2, y + size / 2, str(value), size=14, fill=INK, bold=True)


def _panel(d: Drawing, o: State, viewer: int | None, last_move: Action | None) -> None:
    x = PANEL_X
    y = BOARD_Y - 8
    d.text(x, y + 4, "Dice", size=13, fill=INK, anchor="start", bold=True)
    rolled = isinstance(last_move, Roll | Reroll)
    for k in range(6):
        value = o.dice[k] if k < len(o.dice) else None
        if k >= len(o.dice) + o.pending:
            continue
        _die(d, x + k * 38, y + 16, value, highlight=rolled and value is not None)
    if o.turn >= ROUNDS * o.players:
        d.text(x, y + 32, "no dice: the game is over", size=11, fill=INK, anchor="start",
               opacity=0.7)
    elif len(o.dice) == 6:
        made = analyse(o.dice)
        if made.wild:
            note = "six of a kind: any square, also an opponent's" if made.six_of_a_kind \
                else "wild: any free square"
        else:
            names = [SYMBOL[c] for c in Combination if c in made.satisfied]
            note = "makes " + (", ".join(names) if names else "nothing")
        d.text(x, y + 64, note, size=MIN_FONT, fill=INK, anchor="start")
    _players(d, o, viewer, y + 88)
    _key(d, o, y + 88 + 22 + o.players * 26 + 4)


def _players(d: Drawing, o: State, viewer: int | None, y: float) -> None:
    """The players: score, stones left, stones forfeited."""
    x = PANEL_X
    d.text(x, y, "Players", size=13, fill=INK, anchor="start", bold=True)
    d.text(x + 150, y, "score", size=MIN_FONT, fill=INK, opacity=0.7)
    d.text(x + 192, y, "left", size=MIN_FONT, fill=INK, opacity=0.7)
    d.text(x + 226, y, "lost", size=MIN_FONT, fill=INK, opacity=0.7)
    points = scores(o)
    over = o.turn >= ROUNDS * o.players
    for p in range(o.players):
        row_y = y + 22 + p * 26
        if not over and p == o.player:
            d.rect(x - 6, row_y - 12, 250, 24, "#ffe9c7", rx=5)
        colour = p % len(STONE)
        d.circle(x + 9, row_y, 9, STONE[colour], stroke=STONE_EDGE[colour], width=1.5)
        d.text(x + 9, row_y, str(p), size=MIN_FONT, fill=STONE_INK[colour], bold=True)
        name = f"player {p}" + (" (you)" if p == viewer else "")
        won = over and points[p] == max(points)
        d.text(x + 24, row_y, name, size=12, fill=INK, anchor="start", bold=won)
        if won:
            d.star(x + 122, row_y, 8, "#f2b705", stroke="#9a7400", title="winner")
        d.text(x + 150, row_y, str(points[p]), size=13, fill=INK, bold=True)
        d.text(x + 192, row_y, str(o.supply(p)), size=12, fill=INK)
        d.text(x + 226, row_y, str(o.lost[p]), size=12, fill=INK)


def _key(d: Drawing, o: State, y: float) -> None:
    """The key: points, marks, and the combinations."""
    x = PANEL_X
    d.text(x, y, "Key", size=13, fill=INK, anchor="start", bold=True)
    for k, points_ in enumerate((1, 2, 3)):
        d.rect(x + k * 80, y + 12, 14, 14, SQUARE[points_], stroke="#0003", width=0.8, rx=2)
        d.text(x + k * 80 + 19, y + 19, plural(points_, "point"), size=MIN_FONT, fill=INK,
               anchor="start")
    d.circle(x + 7, y + 40, 6, stroke=STONE[o.player % len(STONE)], width=2.5, dash="4 2")
    d.text(x + 19, y + 40, "the dice allow it", size=MIN_FONT, fill=INK, anchor="start")
    d.line(x + 120, y + 40, x + 140, y + 40, STONE_EDGE[0], width=6, round_caps=True)
    d.text(x + 146, y + 40, "a scoring line", size=MIN_FONT, fill=INK, anchor="start")
    y += 58
    for k, combination in enumerate(Combination):
        row_y = y + k * 16
        d.text(x, row_y, SYMBOL[combination], size=MIN_FONT, fill=SQUARE_INK[combination.points],
               anchor="start", bold=True)
        d.text(x + 62, row_y, MEANING[combination], size=MIN_FONT, fill=INK, anchor="start")
        d.text(x + 236, row_y, str(combination.points), size=MIN_FONT, fill=INK, anchor="end")


def svg(observation: Observation, *, size: int | None = None,
        last_move: Action | None = None) -> str:
    """Return a picture of `observation` as a standalone SVG document.

    Args:
        observation: what a player (or the spectator) sees, from `observe`.
        size: the width in pixels (the height follows); ``None``: the natural size.
        last_move: the action that led to this position, highlighted: the square of a
            placement, both squares of a displacement, the dice of a roll.
    """
    expect("kivi", observation, Observation, last_move, Action)
    o = observation.position
    d = Drawing(WIDTH, HEIGHT, PAPER)
    viewer = observation.player
    d.header("KIVI", _status(o), viewer,
             ink="#fff", band=INK, accent=ACCENT)
    _board(d, o, last_move)
    _panel(d, o, viewer, last_move)
    label = f"KIVI: {_status(o)}"
    return d.document(size, label)
