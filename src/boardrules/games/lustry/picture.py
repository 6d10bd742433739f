"""A picture of a Lustry observation, as SVG.

The three draw piles in the middle with the cards being drawn (or, during an exchange,
the replaced sequence's cards on their way under the discard piles); for each player (the
viewer at the bottom, player 0 for the spectator) the hand and, per colour, the laid
sequence with the cards blocking it and unblocking it, the laid steal cards and the
discard pile, top card first.

A card shows its colour, value and symbol: a circle or a square, full or empty; the 1 of
a shape, which belongs to both fills, is drawn half full. A steal card shows a lightning
bolt. A card the viewer does not know is a back in its colour (every back shows it).

>>> from boardrules.games import lustry
>>> lustry.svg(lustry.observe(lustry.new_game(2), 0)).startswith("<svg")
True
"""

from __future__ import annotations

from typing import Final

from boardrules.games.lustry.actions import (
    Action,
    Block,
    Defend,
    Discard,
    Draw,
    Exchange,
    Extend,
    Lay,
    PutUnder,
    Steal,
    Unblock,
)
from boardrules.games.lustry.cards import COLOUR_NAMES, COLOURS
from boardrules.games.lustry.observe import Observation
from boardrules.games.lustry.state import Phase, Protection, Sequence
from boardrules.pictures.svg import HIGHLIGHT, MIN_FONT, Drawing, expect, num, plural

__all__ = ["svg"]

# Palette: a felt table; the three colours, each with a light tint for faces and a dark
# shade for backs; gold for closed sequences.
TABLE: Final = "#eef1ea"
INK: Final = "#222a26"
BAND: Final = "#1f3b2d"
ACCENT: Final = "#d4a017"
COLOUR: Final = {"r": "#c8393b", "g": "#2c8c4e", "b": "#2a62b0"}
DARK: Final = {"r": "#7d1f21", "g": "#175a30", "b": "#173c70"}
TINT: Final = {"r": "#fbe6e5", "g": "#e3f3e8", "b": "#e3ecf9"}
GOLD: Final = "#e1a800"
SEAT: Final = ("#5b4b8a", "#b5651d")

WIDTH: Final = 980
CARD_W: Final = 40
CARD_H: Final = 56
MINI_W: Final = 26
MINI_H: Final = 36
AREA_W: Final = 312
TABLE_H: Final = 206
MIDDLE_H: Final = 112
BOLT: Final = ((0.15, -0.5), (-0.25, 0.05), (0.0, 0.05), (-0.15, 0.5), (0.25, -0.08),
               (0.0, -0.08))
"""A lightning bolt in a unit box, for the steal cards."""


def _status(o: Observation) -> str:
    if o.phase is Phase.OVER:
        if o.winner is None:
            return f"Game over after {o.turn} turns: a draw"
        return f"Game over: player {o.winner} wins with two closed sequences"
    head = f"Turn {o.turn + 1}: player {o.current}"
    if o.phase is Phase.DRAW:
        coming = f" (a card comes off the {COLOUR_NAMES[o.source]} pile)" if o.source else ""
        return f"{head} draws up to 7 cards{coming}"
    if o.phase is Phase.EXCHANGE:
        return f"{head} puts the exchanged cards under the discard piles, one at a time"
    if o.phase is Phase.DEFEND:
        named = COLOUR_NAMES.get(o.named or "", "?")
        return f"{head} steals every {named} card; player {1 - o.current} may defend with a " \
            "steal card or allow it"
    stall = f" (no card added to a sequence for {o.stall} turns)" if o.stall else ""
    return f"{head} plays cards, then ends the turn{stall}"


def _symbol(d: Drawing, cx: float, cy: float, r: float, card: str) -> None:
    """Draw the symbol of a card with a branch: its shape, full, empty or (a 1) half full."""
    colour = COLOUR[card[0]]
    shape, fill = card[2], card[3:] or "half"
    if shape == "c":
        d.circle(cx, cy, r, colour if fill == "f" else "#fff", stroke=colour, width=2)
        if fill == "half":
            d.path(f"M{num(cx)},{num(cy - r)} A{num(r)},{num(r)} 0 0 0 {num(cx)},"
                   f"{num(cy + r)} Z", colour)
    else:
        d.rect(cx - r, cy - r, 2 * r, 2 * r, colour if fill == "f" else "#fff", stroke=colour,
               width=2, rx=1.5)
        if fill == "half":
            d.rect(cx - r, cy - r, r, 2 * r, colour, rx=1)


def _describe(card: str) -> str:
    colour = COLOUR_NAMES.get(card[0], "?")
    if card.endswith("?"):
        return f"a {colour} card you do not know"
    if card[1] == "0":
        return f"{card}: a {colour} steal card"
    shape = {"c": "circle", "s": "square"}.get(card[2], "?")
    fill = {"f": "full ", "e": "empty "}.get(card[3:], "")
    both = " (both fills)" if len(card) == 3 else ""
    return f"{card}: {colour} {card[1]}, {fill}{shape}{both}"


def _card(d: Drawing, x: float, y: float, card: str, *, mini: bool = False,
          title: str = "") -> None:
    """Draw a card: its face, or its coloured back when it ends in ``?``."""
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    colour = card[0] if card[:1] in COLOUR else "r"
    title = title or _describe(card)
    if card.endswith("?"):
        d.back(x, y, w, h, fill=DARK[colour], accent=COLOUR[colour], title=title)
        return
    d.rect(x, y, w, h, TINT[colour], stroke=COLOUR[colour], width=1.5, rx=5, title=title)
    if card[1] == "0":
        s = w * 0.8
        d.polygon([(x + w / 2 + px * s, y + h / 2 + py * s) for px, py in BOLT], COLOUR[colour])
        return
    d.text(x + 3, y + 9 if mini else y + 10, card[1], size=MIN_FONT if mini else 12,
           fill=DARK[colour], anchor="start", bold=True)
    _symbol(d, x + w / 2, y + h * (0.6 if mini else 0.58), w * (0.24 if mini else 0.26), card)


def _fan(d: Drawing, x: float, y: float, cards: tuple[str, ...], room: float, *,
         mini: bool = False, marks: tuple[bool, ...] = ()) -> None:
    """Draw cards left to right, overlapping to fit `room`; a dot under each marked card."""
    w = MINI_W if mini else CARD_W
    step = (w + 4 if len(cards) <= 1
            else max(2.0, min(w + 4, (room - w) / (len(cards) - 1))))
    for i, card in enumerate(cards):
        _card(d, x + i * step, y, card, mini=mini)
        if i < len(marks) and marks[i]:
            d.circle(x + i * step + 5, y + (MINI_H if mini else CARD_H) + 5, 2.6, INK)


def _area(d: Drawing, o: Observation, p: int, c: int, *, x: float, y: float,
          highlight: bool) -> None:
    """One colour of one player's table: sequence, blockers, unblockers, steals, discards."""
    colour = COLOURS[c]
    seq: Sequence = o.sequences[3 * p + c]
    d.rect(x, y, AREA_W, TABLE_H - 40, "#ffffff", stroke=HIGHLIGHT if highlight else
           COLOUR[colour], width=3.5 if highlight else 1.2, rx=8)
    d.text(x + 10, y + 12, COLOUR_NAMES[colour], size=11, fill=COLOUR[colour], anchor="start",
           bold=True)
    if seq.closed:
        d.badge(x + 112, y + 12, "closed: 1 point", fill=GOLD, ink=INK, size=MIN_FONT)
    elif seq.guarded and o.options.unblock_protects is Protection.SEQUENCE:
        d.badge(x + 112, y + 12, "protected", fill="#2e7d32", size=MIN_FONT,
                title="an unblocking card protects the whole sequence from blocks (L13)")
    if not seq.cards:
        d.text(x + 10, y + 44, "no sequence", size=MIN_FONT, fill=INK, anchor="start", opacity=0.55)
    for i, (card, blocker, unblocker) in enumerate(
            zip(seq.cards, seq.blockers, seq.unblockers, strict=True)):
        cx = x + 10 + i * (CARD_W + 6)
        _card(d, cx, y + 22, card)
        if blocker is not None:
            _card(d, cx + 7, y + 22 + CARD_H - 14, blocker, mini=True,
                  title=f"{_describe(blocker)}, blocking {card}")
            d.badge(cx + CARD_W - 4, y + 24, "×", fill="#c0392b", size=MIN_FONT,
                    title=f"{card} is blocked")
        elif unblocker is not None:
            what = "the sequence" if o.options.unblock_protects is Protection.SEQUENCE \
                else "it"
            _card(d, cx + 7, y + 22 + CARD_H - 14, unblocker, mini=True,
                  title=f"{_describe(unblocker)}, unblocking {card}: it protects {what}")
            d.badge(cx + CARD_W - 4, y + 24, "✓", fill="#2e7d32", size=MIN_FONT,
                    title=f"{card} was unblocked")
    # The discard pile, top (drawn next) first; the steal cards laid, at the right.
    pile = o.discards[3 * p + c]
    dy = y + TABLE_H - 40 - MINI_H - 10
    steals = o.steals[3 * p + c]
    room = AREA_W - 20 - (MINI_W + 12 + (steals - 1) * 8 if steals else 0)
    d.text(x + 10, dy - 7, f"discards ({len(pile)}), top first", size=MIN_FONT, fill=INK,
           anchor="start", opacity=0.8)
    _fan(d, x + 10, dy, pile, room, mini=True, marks=o.seen[3 * p + c])
    if steals:
        d.text(x + AREA_W - 10, dy - 7, f"{plural(steals, 'steal')} laid", size=MIN_FONT, fill=INK,
               anchor="end", opacity=0.8)
        for k in range(steals):
            _card(d, x + AREA_W - 10 - MINI_W - (steals - 1 - k) * 8, dy, f"{colour}0",
                  mini=True)


def _table(d: Drawing, o: Observation, p: int, y: float, where: tuple[str, int, int]) -> None:
    """One player's hand and table, from `y` down."""
    d.rect(6, y, WIDTH - 12, TABLE_H + CARD_H + 30, "#f8faf6", stroke=SEAT[p], width=1.2,
           rx=10)
    d.circle(22, y + 14, 7, SEAT[p])
    you = " (you)" if o.player == p else ""
    hand = o.hands[p]
    closed = sum(o.sequences[3 * p + c].closed for c in range(3))
    d.text(36, y + 14, f"player {p}{you}: {plural(len(hand), 'card')} in hand, "
           f"{plural(closed, 'closed sequence')}", size=12, fill=INK, anchor="start", bold=True)
    if o.phase is not Phase.OVER and o.current == p:
        d.badge(WIDTH - 60, y + 14, "to move" if o.phase is not Phase.DEFEND else "steals",
                fill=SEAT[p], size=MIN_FONT)
    elif o.phase is Phase.DEFEND:
        d.badge(WIDTH - 60, y + 14, "may defend", fill=SEAT[p], size=MIN_FONT)
    if o.winner == p:
        d.star(WIDTH - 110, y + 14, 9, GOLD, stroke="#8a6300", title="the winner")
        d.badge(WIDTH - 60, y + 14, "wins", fill=SEAT[p])
    known = list(o.exposed[p])
    marks = []
    for card in hand:  # mark the cards of the viewer's own hand the opponent knows
        marks.append(o.player == p and card in known)
        if marks[-1]:
            known.remove(card)
    _fan(d, 16, y + 26, hand, WIDTH - 40, marks=tuple(marks))
    for c in range(3):
        _area(d, o, p, c, x=12 + c * (AREA_W + 8), y=y + CARD_H + 42,
              highlight=where == ("area", p, c))


def _middle(d: Drawing, o: Observation, y: float, where: tuple[str, int, int]) -> None:
    d.text(16, y + 12, "Draw piles", size=12, fill=INK, anchor="start", bold=True)
    for c, colour in enumerate(COLOURS):
        x = 20 + c * 74
        d.pile(x, y + 26, CARD_W, CARD_H, o.draw_sizes[c], fill=DARK[colour],
               accent=COLOUR[colour], caption=COLOUR_NAMES[colour])
        if where == ("draw", c, 0) or o.source == colour:
            d.rect(x - 5, y + 18, CARD_W + 12, CARD_H + 14, stroke=HIGHLIGHT, width=3, rx=6)
    x = 260
    _legend(d, 640, y + 8, o.options.unblock_protects)
    if o.phase is Phase.DEFEND and o.named:
        d.rect(x, y + 8, 360, 84, "#fff3d6", stroke=HIGHLIGHT, width=1.5, rx=8)
        d.text(x + 180, y + 34, f"player {o.current} steals every", size=12, fill=INK)
        d.text(x + 180, y + 56, f"{COLOUR_NAMES[o.named]} card", size=16,
               fill=COLOUR[o.named], bold=True)
        d.text(x + 180, y + 78, f"player {1 - o.current} may defend with a steal card",
               size=MIN_FONT, fill=INK)
        return
    if o.exchanged:
        d.text(x, y + 12, "Exchanged: to go under the discard piles", size=12, fill=INK,
               anchor="start", bold=True)
        _fan(d, x, y + 26, o.exchanged, 360)
        return
    d.text(x, y + 12, "Drawn this turn, not looked at yet", size=12, fill=INK, anchor="start",
           bold=True)
    if o.pending:
        _fan(d, x, y + 26, o.pending, 360)
    else:
        d.text(x, y + 50, "none", size=MIN_FONT, fill=INK, anchor="start", opacity=0.55)


def _legend(d: Drawing, x: float, y: float, protects: Protection) -> None:
    d.text(x, y + 4, "Key", size=12, fill=INK, anchor="start", bold=True)
    what = "the sequence" if protects is Protection.SEQUENCE else "the card"
    lines = (("×", "#c0392b", "blocked by the small card below it"),
             ("✓", "#2e7d32", f"unblocked: the small card protects {what}"),
             ("•", INK, "under a card: its holder's opponent knows it"))
    for k, (mark, colour, text) in enumerate(lines):
        d.badge(x + 8, y + 24 + k * 18, mark, fill=colour, size=MIN_FONT)
        d.text(x + 22, y + 24 + k * 18, text, size=MIN_FONT, fill=INK, anchor="start")
    _symbol(d, x + 8, y + 78, 6, "r1c")
    d.text(x + 22, y + 78, "a 1: both fills", size=MIN_FONT, fill=INK, anchor="start")
    _symbol(d, x + 140, y + 78, 6, "r2cf")
    _symbol(d, x + 156, y + 78, 6, "r2se")
    d.text(x + 170, y + 78, "full, empty", size=MIN_FONT, fill=INK, anchor="start")


def _where(o: Observation, last_move: Action | None) -> tuple[str, int, int]:
    """The place of the last move: ("area", player, colour) or ("draw", colour, 0)."""
    me, other = o.current, 1 - o.current
    index = COLOURS.index
    match last_move:
        case Draw(colour=colour, owner=None):
            return ("draw", index(colour), 0)
        case Draw(colour=colour, owner=owner) if owner is not None:
            return ("area", owner, index(colour))
        case Lay(first=card) | Exchange(first=card) | Extend(card=card) | Unblock(card=card) \
                | Steal(card=card) | Discard(card=card) | PutUnder(card=card):
            return ("area", me, index(card[0]))
        case Block(target=card):
            return ("area", other, index(card[0]))
        case Defend(card=card):
            return ("area", other, index(card[0]))
        case _:
            return ("", 0, 0)


def svg(observation: Observation, *, size: int | None = None,
        last_move: Action | None = None) -> str:
    """Return a picture of `observation` as a standalone SVG document.

    Args:
        observation: what a player (or the spectator) sees, from `observe`.
        size: the width in pixels (the height follows); ``None``: the natural size.
        last_move: the action that led to this position: the pile or the colour area it
            touched is highlighted (only the place, never a hidden card).
    """
    expect("lustry", observation, Observation, last_move, Action)
    o = observation
    bottom = 0 if o.player is None else o.player
    table = TABLE_H + CARD_H + 30
    height = 56 + table + 8 + MIDDLE_H + 8 + table + 10
    d = Drawing(WIDTH, height, TABLE)
    d.header("Lustry", _status(o), o.player, ink="#fff", band=BAND, accent=ACCENT)
    where = _where(o, last_move)
    _table(d, o, 1 - bottom, 56, where)
    _middle(d, o, 56 + table + 8, where)
    _table(d, o, bottom, 56 + table + 8 + MIDDLE_H + 8, where)
    return d.document(size, f"Lustry: {_status(o)}")
