"""A picture of a Whales Rivals observation, as SVG.

The three packs in the middle — grey cards bottom to top, the top one face up, and
each player's whales beside them — and a strip per player: hand, deck, discard pile
and captured cards. The viewer sits at the bottom (player 0 for the spectator).

What the viewer does not know is drawn as a card back: the opponent's hand, the
opponent's face-down whales, unexplored grey cards. A back with a number is a face-down
card the viewer knows (an own whale, an explored grey card). Dots under a face-down grey
card show who has looked at it (public, W23).

>>> from boardrules.games import whales_rivals as wr
>>> wr.svg(wr.observe(wr.new_game(2), 1)).startswith("<svg")
True
"""

from __future__ import annotations

from typing import Final

from boardrules.games.whales_rivals.actions import Action, Flip, Peek, PlayTurtle, PlayWhale
from boardrules.games.whales_rivals.cards import HAND_SIZE, PACKS, ROUNDS, TURTLE
from boardrules.games.whales_rivals.observe import GreyView, Observation, PackView, WhaleView
from boardrules.games.whales_rivals.rules import winners
from boardrules.games.whales_rivals.state import Phase
from boardrules.pictures.svg import HIGHLIGHT, MIN_FONT, Drawing, expect, plural, text_width

__all__ = ["svg"]

# Palette: the sea, the two pods (red, blue), grey prizes, a green turtle.
SEA: Final = "#eef3f6"
INK: Final = "#1f2d3a"
BAND: Final = "#16324f"
ACCENT: Final = "#3aa6b9"
POD: Final = ("#c8372d", "#2563b0")
POD_DARK: Final = ("#7e1f18", "#173f73")
POD_LIGHT: Final = ("#fbeae8", "#e8f0fb")
GREY_FACE: Final = "#eceff1"
GREY_BACK: Final = "#78838c"
GREY_EDGE: Final = "#49535b"
TURTLE_FILL: Final = "#2f8f5b"
NAMES: Final = ("red", "blue")

CARD_W: Final = 42
CARD_H: Final = 60
MINI_W: Final = 24
MINI_H: Final = 34
WIDTH: Final = 930
PACK_X: Final = 18
PACK_W: Final = 228
PACK_Y: Final = 60 + 116 + 10
PACK_H: Final = 272
SIDE_X: Final = PACK_X + PACKS * (PACK_W + 8) + 6
STRIP_H: Final = 116
HEIGHT: Final = PACK_Y + PACK_H + 10 + STRIP_H + 12


def _winners(o: Observation) -> tuple[int, ...]:
    """The winners of a finished game (both: a draw), by W20."""
    return winners(_points(o), (len(o.captured[0]), len(o.captured[1])))


def _round_over(o: Observation) -> bool:
    """Whether a round has just been scored: the next one is about to be dealt (W15-W18)."""
    return o.phase is Phase.DEAL and o.dealt == 0 and o.round > 1


def _status(o: Observation) -> str:
    who = f"player {o.to_act} ({NAMES[o.to_act]})"
    if o.phase is Phase.OVER:
        points = _points(o)
        won = _winners(o)
        if len(won) == 2:
            return f"Game over: a draw at {points[0]} points each, with as many cards"
        p = won[0]
        return f"Game over: player {p} ({NAMES[p]}) wins, {points[p]} to {points[1 - p]}"
    head = f"Round {o.round} of {ROUNDS}"
    if _round_over(o):
        return f"{head}: round {o.round - 1} has been scored; dealing the new packs next"
    if o.phase is Phase.DEAL:
        return f"{head}: dealing the packs ({o.dealt} of 6 grey cards dealt)"
    if o.phase is Phase.DRAW:
        return f"{head}: {who} draws up to {HAND_SIZE} cards"
    if o.phase is Phase.EXPLORE:
        return f"{head}: {who} explores (flip a whale, peek at a pack, or skip)"
    opening = ", the round's opening turn" if o.opening else ""
    return f"{head}: {who} to act, {plural(o.actions_left, 'action')} left{opening}"


def _points(o: Observation) -> tuple[int, int]:
    """The sum of each player's captured cards that the viewer knows (all, at the end)."""
    return (sum(g.value or 0 for g in o.captured[0]), sum(g.value or 0 for g in o.captured[1]))


def _grey(d: Drawing, x: float, y: float, card: GreyView, *, mini: bool = False,
          top: bool = False) -> None:
    """Draw a grey card (`mini`: small, fanned, its value in the corner)."""
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    value = "" if card.value is None else str(card.value)
    label, corner = ("", value) if mini else (value, "")
    seen = " and ".join(f"player {p}" for p in (0, 1) if card.seen[p])
    looked = f"; {seen} looked at it" if seen and not card.shown else ""
    if card.shown:
        d.card(x, y, w, h, fill=GREY_FACE, edge=INK if top else GREY_EDGE, ink=INK, label=label,
               corner=corner, title=f"grey card {value}, face up{looked}")
        if top:
            d.rect(x - 2, y - 2, w + 4, h + 4, stroke=INK, width=1.5, rx=6)
    elif value:
        d.back(x, y, w, h, fill=GREY_BACK, accent="#c3cad0", label=label, corner=corner,
               title=f"grey card {value}, face down: you know it{looked}")
    else:
        d.back(x, y, w, h, fill=GREY_BACK, accent="#c3cad0",
               title=f"grey card, face down, unknown{looked}")


def _seen_marks(d: Drawing, x: float, y: float, card: GreyView) -> None:
    if card.shown:
        return
    for p in (0, 1):
        if card.seen[p]:
            d.circle(x + 6 + 9 * p, y, 3.6, POD[p], stroke="#fff", width=1)


def _whale(d: Drawing, x: float, y: float, whale: WhaleView, owner: int) -> None:
    if whale.face_up:
        d.card(x, y, CARD_W, CARD_H, fill=POD[owner], edge=POD_DARK[owner], ink="#fff",
               label=str(whale.value), title=f"{NAMES[owner]} whale {whale.value}, face up")
    elif whale.value is not None:
        d.back(x, y, CARD_W, CARD_H, fill=POD_DARK[owner], accent=POD[owner],
               label=str(whale.value), title=f"your whale {whale.value}, face down")
    else:
        d.back(x, y, CARD_W, CARD_H, fill=POD_DARK[owner], accent=POD[owner],
               title=f"a {NAMES[owner]} whale, face down")


def _player_card(d: Drawing, x: float, y: float, card: int, owner: int, *,
                 mini: bool = False) -> None:
    """Draw a whale or turtle of `owner` (`mini`: small, fanned, its value in the corner)."""
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    value = "T" if card == TURTLE else str(card)
    label, corner = ("", value) if mini else (value, "")
    if card == TURTLE:  # its letter above its shell
        d.card(x, y, w, h, fill=TURTLE_FILL, edge="#1b5636", ink="#fff", corner=corner,
               title="a turtle")
        if label:
            d.text(x + w / 2, y + h * 0.36, label, size=w * 0.42, fill="#fff", bold=True)
        d.circle(x + w / 2, y + h * 0.74, w * (0.17 if label else 0.2), "#bfe3c9",
                 stroke="#1b5636", width=1)
    else:
        d.card(x, y, w, h, fill=POD[owner], edge=POD_DARK[owner], ink="#fff", label=label,
               corner=corner, title=f"{NAMES[owner]} whale {card}")


def _step(count: int, room: float, width: float, most: float) -> float:
    """The offset between overlapping cards so that `count` cards fit in `room`."""
    if count <= 1:
        return most
    return max(1.0, min(most, (room - width) / (count - 1)))


def _pack(d: Drawing, k: int, pack: PackView, top_player: int, *, highlight: bool,
          revealed: tuple[tuple[int, ...], tuple[int, ...]] | None, over: bool) -> None:
    """Draw a pack; just after a round is scored, the whales that were `revealed` there
    (now in the discard piles) and who took it (W15, W16)."""
    x = PACK_X + k * (PACK_W + 8)
    d.rect(x, PACK_Y, PACK_W, PACK_H, "#dde7ee", stroke=HIGHLIGHT if highlight else "#b7c7d3",
           width=4 if highlight else 1.2, rx=10)
    top = f"top card {pack.grey[-1].value}" if pack.grey and pack.grey[-1].shown else "no cards"
    if revealed is not None:
        sums = (sum(revealed[0]), sum(revealed[1]))
        taker = 0 if sums[0] > sums[1] else 1 if sums[1] > sums[0] else None
        top = (f"{NAMES[taker]} took it" if taker is not None else
               "tie: nobody took it" if over else "tie: it stays")
    d.text(x + 10, PACK_Y + 14, f"Pack {k + 1}", size=13, fill=INK, anchor="start", bold=True)
    d.text(x + PACK_W - 10, PACK_Y + 14, top, size=MIN_FONT, fill=INK, anchor="end")
    # The grey cards, bottom to top, left to right.
    greys = pack.grey
    step = _step(len(greys), PACK_W - 20, CARD_W, CARD_W + 6)
    span = CARD_W + step * (len(greys) - 1) if greys else 0
    gx = x + (PACK_W - span) / 2
    gy = PACK_Y + 108
    if not greys:
        d.rect(x + (PACK_W - CARD_W) / 2, gy, CARD_W, CARD_H, stroke=GREY_EDGE, width=1.2,
               rx=5, dash="4 3", opacity=0.6)
    for i, card in enumerate(greys):
        _grey(d, gx + i * step, gy, card, top=i == len(greys) - 1)
        _seen_marks(d, gx + i * step, gy + CARD_H + 7, card)
    # Each player's whales: the top player's above the greys, the other's below.
    # Just after a round is scored: the whales it revealed, face up.
    for owner, wy in ((top_player, PACK_Y + 26), (1 - top_player, PACK_Y + 200)):
        whales = pack.whales[owner] if revealed is None else tuple(
            WhaleView(value, True) for value in revealed[owner])
        step = _step(len(whales), PACK_W - 20, CARD_W, CARD_W + 6)
        wx = x + (PACK_W - CARD_W - step * (len(whales) - 1)) / 2
        for i, whale in enumerate(whales):
            _whale(d, wx + i * step, wy, whale, owner)
        if not whales:
            d.text(x + PACK_W / 2, wy + CARD_H / 2, "no whales", size=MIN_FONT,
                   fill=POD[owner], opacity=0.6)
            continue
        known = sum(w.value or 0 for w in whales)
        hidden = sum(w.value is None for w in whales)
        total = f"Σ {known}" + (f" + {hidden} hidden" if hidden else "") + (
            " revealed" if revealed is not None else "")
        ty = wy + CARD_H + 9 if owner == top_player else wy - 10
        d.text(x + PACK_W / 2, ty, total, size=MIN_FONT, fill=POD_DARK[owner], bold=True)


def _strip(d: Drawing, o: Observation, p: int, y: float) -> None:
    d.rect(12, y, WIDTH - 24, STRIP_H, POD_LIGHT[p], stroke=POD[p], width=1.2, rx=10)
    you = " (you)" if o.player == p else ""
    d.circle(28, y + 16, 7, POD[p])
    name = f"player {p}: {NAMES[p]} whales{you}"
    d.text(42, y + 16, name, size=13, fill=INK, anchor="start", bold=True)
    after = 42 + text_width(name, 13) + 14  # what follows the name starts here
    if o.phase is Phase.OVER:
        if p in _winners(o):
            d.star(after + 8, y + 16, 9, "#f2c230", stroke="#8a6300", title="the winner")
            d.text(after + 22, y + 16, "wins" if len(_winners(o)) == 1 else "draws",
                   size=12, fill=INK, anchor="start", bold=True)
    elif o.to_act == p:
        doing = {Phase.DEAL: "starts the round", Phase.DRAW: "draws",
                 Phase.EXPLORE: "explores"}.get(o.phase, f"{plural(o.actions_left, 'action')} "
                                                          "left")
        label = f"to move: {doing}"
        d.badge(after + (text_width(label, MIN_FONT) + MIN_FONT * 0.9) / 2, y + 16, label,
                fill=POD[p])
    # Hand: faces when it is the viewer's, backs otherwise.
    hy = y + 48
    d.text(22, y + 36, f"hand ({o.hand_sizes[p]})", size=MIN_FONT, fill=INK, anchor="start")
    if o.player == p:
        for i, card in enumerate(o.hand):
            _player_card(d, 22 + i * (CARD_W + 5), hy, card, p)
    else:
        for i in range(o.hand_sizes[p]):
            d.back(22 + i * (CARD_W + 5), hy, CARD_W, CARD_H, fill=POD_DARK[p], accent=POD[p],
                   title="a card in hand")
    # Deck: a face-down pile; its owner knows what is in it (by elimination).
    dx = 22 + HAND_SIZE * (CARD_W + 5) + 14
    title = None
    if o.player == p and o.deck:
        title = "your deck holds " + " ".join("T" if c == TURTLE else str(c) for c in o.deck)
    d.pile(dx, hy, CARD_W, CARD_H, o.deck_sizes[p], fill=POD_DARK[p], accent=POD[p],
           title=title)
    d.text(dx, y + 36, "deck", size=MIN_FONT, fill=INK, anchor="start")
    # Discard pile (public) and captured grey cards.
    cx = dx + CARD_W + 28
    d.text(cx, y + 36, f"discards ({len(o.discards[p])})", size=MIN_FONT, fill=INK,
           anchor="start")
    cards = o.discards[p]
    step = _step(len(cards), 300, MINI_W, MINI_W + 3)
    for i, card in enumerate(cards):
        _player_card(d, cx + i * step, y + 48, card, p, mini=True)
    gx = cx + 318
    captured = o.captured[p]
    known = sum(g.value or 0 for g in captured)
    unknown = sum(g.value is None for g in captured)
    what = f"captured: {plural(len(captured), 'card')}, {known} points" + (
        f" + {unknown} unknown" if unknown else "")
    d.text(gx, y + 36, what, size=MIN_FONT, fill=INK, anchor="start")
    step = _step(len(captured), WIDTH - 30 - gx, MINI_W, MINI_W + 3)
    for i, grey in enumerate(captured):
        _grey(d, gx + i * step, y + 48, grey, mini=True)


def _side(d: Drawing, o: Observation) -> None:
    x = SIDE_X
    d.text(x, PACK_Y + 8, "Grey deck", size=12, fill=INK, anchor="start", bold=True)
    d.pile(x + 4, PACK_Y + 24, CARD_W, CARD_H, o.grey_deck_size, fill=GREY_BACK,
           accent="#c3cad0")
    d.text(x + 62, PACK_Y + 54, plural(o.grey_deck_size, "card"), size=MIN_FONT, fill=INK,
           anchor="start")
    y = PACK_Y + 106
    d.text(x, y, "Unclaimed", size=12, fill=INK, anchor="start", bold=True)
    if not o.unclaimed:
        d.text(x, y + 18, "none (ties in round 3)", size=MIN_FONT, fill=INK, anchor="start",
               opacity=0.6)
    step = _step(len(o.unclaimed), WIDTH - 20 - x, MINI_W, MINI_W + 3)
    for i, grey in enumerate(o.unclaimed):
        _grey(d, x + i * step, y + 12, grey, mini=True)
    y += 62
    d.text(x, y, "Key", size=12, fill=INK, anchor="start", bold=True)
    rows = (("grey card, face up", "face"), ("face down, you know it", "known"),
            ("face down, unknown", "back"))
    for i, (label, kind) in enumerate(rows):
        ry = y + 14 + i * 22
        if kind == "face":
            d.rect(x, ry, 14, 18, GREY_FACE, stroke=GREY_EDGE, width=1, rx=2)
        else:
            d.rect(x, ry, 14, 18, GREY_BACK, stroke="#c3cad0", width=1, rx=2)
            if kind == "known":
                d.text(x + 7, ry + 9, "4", size=MIN_FONT, fill="#fff", bold=True)
        d.text(x + 20, ry + 9, label, size=MIN_FONT, fill=INK, anchor="start")
    ry = y + 14 + 3 * 22 + 9
    for p in (0, 1):
        d.circle(x + 7, ry + 16 * p, 4, POD[p], stroke="#fff", width=1)
        d.text(x + 20, ry + 16 * p, f"player {p} has looked at it", size=MIN_FONT, fill=INK,
               anchor="start")


def _outcome(d: Drawing, o: Observation) -> None:
    """Across the packs: who won (W20)."""
    x, y, w = PACK_X + 30, PACK_Y + 103, PACKS * (PACK_W + 8) - 8 - 60
    cards = [f"player {p} ({NAMES[p]}) {plural(len(o.captured[p]), 'card')}" for p in (0, 1)]
    if o.phase is Phase.OVER:
        points, won = _points(o), _winners(o)
        heading = (f"A draw at {points[0]} points each" if len(won) == 2 else
                   f"Player {won[0]} ({NAMES[won[0]]}) wins, {points[won[0]]} to "
                   f"{points[1 - won[0]]}")
        unclaimed = (f" {plural(len(o.unclaimed), 'card')} of packs tied in round {ROUNDS} "
                     "went to nobody." if o.unclaimed else "")
        d.note(x, y, w, heading, "The score is the sum of each player's captured grey cards; "
               f"on a tie, fewer cards wins (W20). Captured: {cards[0]}, {cards[1]}."
               + unclaimed, fill="#fdf1c7", edge="#c99a06")


def _where(last_move: Action | None) -> int | None:
    if isinstance(last_move, PlayWhale | Flip | Peek):
        return last_move.pack
    if isinstance(last_move, PlayTurtle):
        return last_move.pack
    return None


def svg(observation: Observation, *, size: int | None = None,
        last_move: Action | None = None) -> str:
    """Return a picture of `observation` as a standalone SVG document.

    Args:
        observation: what a player (or the spectator) sees, from `observe`.
        size: the width in pixels (the height follows); ``None``: the natural size.
        last_move: the action that led to this position: its pack is highlighted (only
            the place, never a hidden value, so the picture tells no more than the
            observation).
    """
    expect("whales_rivals", observation, Observation, last_move, Action)
    o = observation
    viewer = o.player
    bottom = 0 if viewer is None else viewer
    d = Drawing(WIDTH, HEIGHT, SEA)
    d.header("Whales Destroying the World: Rivals", _status(o),
             viewer,
             ink="#fff", band=BAND, accent=ACCENT)
    _strip(d, o, 1 - bottom, 60)
    # Once the packs are scored, the last move's pack is no longer where it was played.
    where = None if o.phase is Phase.OVER or _round_over(o) else _where(last_move)
    scored = o.phase is Phase.OVER or _round_over(o)
    for k, pack in enumerate(o.packs):
        _pack(d, k, pack, 1 - bottom, highlight=where == k,
              revealed=o.revealed[k] if scored else None, over=o.phase is Phase.OVER)
    _outcome(d, o)
    _side(d, o)
    _strip(d, o, bottom, PACK_Y + PACK_H + 10)
    return d.document(size, f"Whales Rivals: {_status(o)}")
