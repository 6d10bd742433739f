"""A picture of a Captain Bluff observation, as SVG.

The six conveyors, each with its face-down destination card (its face when the viewer
knows it; dots name who knows it), its row of luggage and what the row allows next; the
players with their hand sizes and the cards everybody knows they hold; the viewer's own
hand; the draw pile, the discard pile (face up, and face down as backs) and the cards out
of the game.

Luggage cards show their destination's colour (red, green, blue) and value; the
specials their sign: a star (joker; in a row, with the value it stands for), arrows
(change of direction), an eye (check destinations), ``+1`` (delayed flight). A card back
is a card the viewer does not know; a dashed gold frame marks luggage picked up from a
row, which its holder may use only from their next turn on (B14). During a swap (B9) the
conveyor whose destination card was taken shows an empty orange slot, and the taker's
hand frames the card taken in orange: another card goes back.

>>> from boardrules.games import captain_bluff as cb
>>> cb.svg(cb.observe(cb.new_game(3), 0)).startswith("<svg")
True
"""

from __future__ import annotations

from typing import Final

from boardrules.games.captain_bluff.actions import Action, Challenge, PlayEye
from boardrules.games.captain_bluff.cards import (
    ARROWS,
    CONVEYORS,
    DESTINATION_NAMES,
    EYE,
    LUGGAGE,
    MAX_VALUE,
    PLUS_ONE,
    STAR,
    card_name,
)
from boardrules.games.captain_bluff.observe import Observation
from boardrules.games.captain_bluff.rows import RowInfo, analyse_row, star_choices
from boardrules.games.captain_bluff.state import Stage
from boardrules.pictures.svg import HIGHLIGHT, MIN_FONT, Drawing, expect, num, plural, wrap

__all__ = ["svg"]

# Palette: an airport hall; the three destinations; specials in deep violet and gold;
# seat colours unlike the destinations' (purple, orange, teal, brown, slate).
HALL: Final = "#f3f1ec"
INK: Final = "#23262f"
BAND: Final = "#1d2b3a"
ACCENT: Final = "#f0a202"
BELT: Final = "#4a4f5a"
BELT_EDGE: Final = "#2d3139"
DESTINATION: Final = ("#d1403b", "#2d9a56", "#2f6cb8")
DESTINATION_DARK: Final = ("#80211e", "#185c32", "#1a3f6e")
SPECIAL: Final = "#4b3f72"
GOLD: Final = "#f2c230"
BACK: Final = "#34495e"
BACK_ACCENT: Final = "#8fa6bd"
SEAT: Final = ("#7d3c98", "#d35400", "#138d75", "#8d6e63", "#5d6d7e")

WIDTH: Final = 980
CARD_W: Final = 40
CARD_H: Final = 56
MINI_W: Final = 24
MINI_H: Final = 34
LANE_H: Final = 70
LANES_Y: Final = 60
LANES_W: Final = 690
SIDE_X: Final = LANES_W + 24


def _active(o: Observation) -> int:
    return (o.options.first_player + o.turn) % o.players


def _over(o: Observation) -> bool:
    """Whether the game is over: a player has won (B16) or the turn limit is reached (B17)."""
    return o.winner is not None or (o.stage is Stage.PLAY and o.turn >= o.options.turn_limit)


def _status(o: Observation) -> str:
    if o.winner is not None:
        return f"Game over: player {o.winner} has emptied their hand and wins"
    if _over(o):
        return f"Game over: {o.turn} turns played (the turn limit), nobody wins"
    if o.stage is Stage.DEAL:
        return "Setup: dealing the cards"
    if o.stage is Stage.PLACE:
        placer = (o.options.first_player + sum(o.has_destination)) % o.players
        return f"Setup: player {placer} puts a destination card face down at a conveyor"
    head = f"Turn {o.turn + 1}: player {_active(o)}"
    if o.draws:
        return f"{head}; player {o.draws[0]} draws a card"
    if o.window is not None:
        return f"{head} played luggage on conveyor {o.window}; player {o.polled} may " \
            "challenge it or pass"
    if o.swap is not None:
        return f"{head} took the destination card of conveyor {o.swap[0]} and puts another " \
            "card of the hand there"
    done = "main action taken" if o.main_done else "to take the main action"
    special = ", special played" if o.special_used else ""
    return f"{head}, {done}{special}"


def _face(d: Drawing, x: float, y: float, card: int, *, mini: bool = False,
          stands_for: int | None = None, title: str | None = None) -> None:
    """Draw a card face up (`mini`: small, fanned, with its mark in the corner); a star in a
    row shows the value it `stands_for` (B12)."""
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    name = card_name(card)
    if 0 <= card < LUGGAGE:
        dest, value = divmod(card, MAX_VALUE)
        label, corner = ("", str(value + 1)) if mini else (str(value + 1), "")
        d.card(x, y, w, h, fill=DESTINATION[dest], edge=DESTINATION_DARK[dest], ink="#fff",
               label=label, corner=corner,
               title=title or f"{name}: {DESTINATION_NAMES[dest]} luggage, value {value + 1}")
        if not mini:  # a small suitcase under the value
            d.rect(x + w / 2 - 7, y + h - 13, 14, 9, stroke="#fff", width=1.2, rx=2,
                   opacity=0.8)
            d.line(x + w / 2 - 3, y + h - 13, x + w / 2 - 3, y + h - 16, "#fff", width=1.2,
                   opacity=0.8)
            d.line(x + w / 2 + 3, y + h - 13, x + w / 2 + 3, y + h - 16, "#fff", width=1.2,
                   opacity=0.8)
        return
    if stands_for is not None:
        title = title or f"a star standing for {stands_for}"
    d.card(x, y, w, h, fill=SPECIAL, edge="#2c2446", title=title or f"{name}: a special card")
    cx, cy, r = x + w / 2, y + h / 2, w * 0.32
    if mini:
        cx, cy, r = x + 8, y + 10, 6
    if card == STAR and stands_for is not None and not mini:
        d.star(cx, y + h * 0.34, r * 0.8, GOLD)
        d.text(cx, y + h * 0.72, str(stands_for), size=w * 0.36, fill="#fff", bold=True)
    elif card == STAR:
        d.star(cx, cy, r, GOLD)
    elif card == ARROWS:
        left, right, upper, lower = num(cx - r), num(cx + r), num(cy - r / 2), num(cy + r / 2)
        tip = num(r / 2)
        d.path(f"M{left},{upper} H{right} l-{tip},-{tip} M{right},{upper} l-{tip},{tip} "
               f"M{right},{lower} H{left} l{tip},-{tip} M{left},{lower} l{tip},{tip}",
               stroke=GOLD, width=2 if not mini else 1.4)
    elif card == EYE:
        d.path(f"M{num(cx - r)},{num(cy)} Q{num(cx)},{num(cy - r)} {num(cx + r)},{num(cy)} "
               f"Q{num(cx)},{num(cy + r)} {num(cx - r)},{num(cy)} Z", "#fff", stroke=GOLD,
               width=1.5)
        d.circle(cx, cy, r * 0.38, SPECIAL)
    elif card == PLUS_ONE:
        d.text(cx, cy, "+1", size=max(r * 1.5, MIN_FONT), fill=GOLD, bold=True)
    else:
        d.text(cx, cy, "?", size=max(r * 1.5, MIN_FONT), fill=GOLD, bold=True)


def _seat_dot(d: Drawing, cx: float, cy: float, player: int, r: float = 8) -> None:
    d.circle(cx, cy, r, SEAT[player % len(SEAT)], stroke="#fff", width=1)
    d.text(cx, cy, str(player), size=max(r * 1.3, MIN_FONT), fill="#fff", bold=True)


def _hint(info: RowInfo) -> str:
    """What the row allows next, from the values a star may take there (B6, B12): luggage
    continues a row by the same steps."""
    values = star_choices(info)
    if values == range(1, MAX_VALUE + 1):
        return "next: any value"
    if not values:
        return "next: no value"
    return "next: " + " or ".join(str(v) for v in values)


def _lane(d: Drawing, o: Observation, v: int, y: float, highlight: bool) -> None:
    window = o.window == v
    d.rect(12, y, LANES_W, LANE_H - 6, "#fff8e6" if window else "#ffffff",
           stroke=HIGHLIGHT if highlight or window else "#d6d3cb",
           width=3 if highlight or window else 1, rx=8)
    d.text(30, y + 26, str(v), size=22, fill=INK, bold=True, title=f"conveyor {v}")
    # The destination slot.
    dx, dy = 54, y + 4
    if o.swap is not None and o.swap[0] == v:
        taken = "" if o.swap[1] is None else f" ({card_name(o.swap[1])})"
        d.rect(dx, dy, CARD_W, CARD_H, stroke=ACCENT, width=2, rx=5, dash="4 3",
               title=f"player {_active(o)} took this destination card{taken}; another card "
                     "of their hand goes here (B9)")
        d.text(dx + CARD_W / 2, dy + CARD_H / 2, "taken", size=MIN_FONT, fill=INK, bold=True)
    elif not o.has_destination[v]:
        d.rect(dx, dy, CARD_W, CARD_H, stroke="#9aa0a6", width=1.2, rx=5, dash="4 3")
        d.text(dx + CARD_W / 2, dy + CARD_H / 2, "none", size=MIN_FONT, fill=INK, opacity=0.6)
    else:
        who = ", ".join(f"player {p}" for p in sorted(o.knowers[v])) or "nobody"
        card = o.destinations[v]
        if card is None:
            d.back(dx, dy, CARD_W, CARD_H, fill=BACK, accent=BACK_ACCENT,
                   title=f"a face-down destination card, known to {who}")
        else:
            _face(d, dx, dy, card, title=f"the destination card {card_name(card)}, face down "
                  f"(you know it; so does {who})")
            d.rect(dx + 2, dy + 2, CARD_W - 4, CARD_H - 4, stroke="#fff", width=1.2, rx=4,
                   dash="3 2")
        for k, p in enumerate(sorted(o.knowers[v])):  # three a column
            _seat_dot(d, dx + CARD_W + 11 + 18 * (k // 3), dy + 9 + 19 * (k % 3), p)
    # The belt and its row.
    bx = dx + CARD_W + 30 + 18 * ((o.players - 1) // 3)
    room = LANES_W - bx - 120
    d.rect(bx, y + 8, room + 12, CARD_H - 8, BELT, stroke=BELT_EDGE, width=1, rx=6)
    for k in range(int((room + 4) // 24) + 1):  # the ticks stay inside the belt
        d.line(bx + 6 + k * 24, y + 10, bx + 6 + k * 24, y + CARD_H - 2, "#5f6572", width=1)
    row, stars = o.rows[v], o.star_values[v]
    step = CARD_W + 4 if len(row) <= 1 else min(CARD_W + 4, (room - CARD_W) / (len(row) - 1))
    values = iter(stars)
    for i, card in enumerate(row):
        _face(d, bx + 6 + i * step, y + 4, card,
              stands_for=next(values, None) if card == STAR else None)
    if not row:
        return
    info = analyse_row(row, stars)
    if isinstance(info, str):  # no valid row (an observation built by hand): no hints
        return
    arrow = {1: "ascending", -1: "descending", 0: "no direction yet"}[info.direction]
    tx = LANES_W - 104
    d.text(tx, y + 14, DESTINATION_NAMES[info.destination], size=12,
           fill=DESTINATION[info.destination], anchor="start", bold=True)
    d.text(tx, y + 31, arrow, size=MIN_FONT, fill=INK, anchor="start")
    d.text(tx, y + 48, _hint(info), size=MIN_FONT, fill=INK, anchor="start", bold=True)


def _players(d: Drawing, o: Observation, y: float) -> float:
    d.text(SIDE_X, y, "Players", size=13, fill=INK, anchor="start", bold=True)
    y += 14
    active = _active(o)
    for p in range(o.players):
        row_h = 24 + (MINI_H + 4 if o.exposed[p] else 0)
        if o.stage is Stage.PLAY and not _over(o) and p == active:
            d.rect(SIDE_X - 6, y - 2, WIDTH - SIDE_X - 6, row_h, "#fff3d6", rx=6)
        _seat_dot(d, SIDE_X + 8, y + 10, p, r=8)
        you = " (you)" if p == o.player else ""
        d.text(SIDE_X + 22, y + 10, f"player {p}{you}: {plural(o.hand_sizes[p], 'card')}",
               size=11, fill=INK, anchor="start", bold=p == o.player)
        tags = []
        if o.winner == p:
            tags.append("wins")
        elif o.polled == p:
            tags.append("may challenge")
        elif p in o.draws:
            tags.append("draws")
        elif o.stage is Stage.PLAY and not _over(o) and p == active:
            tags.append("to move")
        for tag in tags:
            d.badge(WIDTH - 58, y + 10, tag, fill=SEAT[p % len(SEAT)])
        if o.winner == p:
            d.star(WIDTH - 96, y + 10, 9, GOLD, stroke="#8a6300", title="the winner")
        if o.exposed[p]:
            d.text(SIDE_X + 22, y + 27, "known", size=MIN_FONT, fill=INK, anchor="start",
                   opacity=0.8, title="cards in this hand that every player knows")
            d.text(SIDE_X + 22, y + 41, "to all:", size=MIN_FONT, fill=INK, anchor="start",
                   opacity=0.8)
            room = WIDTH - 18 - (SIDE_X + 86)
            step = min(MINI_W + 2, (room - MINI_W) / max(1, len(o.exposed[p]) - 1))
            waiting = _waiting(o.exposed[p], o.picked_up[p])
            for i, card in enumerate(o.exposed[p]):
                _face(d, SIDE_X + 86 + i * step, y + 22, card, mini=True)
                if waiting[i]:
                    _mark_waiting(d, SIDE_X + 86 + i * step, y + 22, MINI_W, MINI_H)
        y += row_h + 6
    return y


def _waiting(cards: tuple[int, ...], picked: tuple[int, ...]) -> list[bool]:
    """For each card of `cards`, whether it is one of the `picked` ones (a sub-multiset)."""
    left = list(picked)
    out = []
    for card in cards:
        out.append(card in left)
        if out[-1]:
            left.remove(card)
    return out


def _mark_waiting(d: Drawing, x: float, y: float, w: float, h: float) -> None:
    """Mark a card picked up from a row: its holder may use it from their next turn (B14)."""
    d.rect(x - 1.5, y - 1.5, w + 3, h + 3, stroke=GOLD, width=2.5, rx=5, dash="3 2",
           title="picked up: usable from its holder's next turn on (B14)")


def _piles(d: Drawing, o: Observation, y: float) -> None:
    x = SIDE_X
    d.text(x, y, "Piles", size=13, fill=INK, anchor="start", bold=True)
    d.pile(x, y + 16, CARD_W, CARD_H, o.draw_size, fill=BACK, accent=BACK_ACCENT)
    d.text(x + CARD_W / 2, y + CARD_H + 30, "draw", size=MIN_FONT, fill=INK)
    out = []
    if o.removed:
        out.append(f"{plural(len(o.removed), 'plus-one')} played")
    if o.stowed_size:
        out.append(f"{o.stowed_size} unseen")
    gx = x + CARD_W + 16
    room = WIDTH - 16 - gx
    d.text(gx, y + 22, f"discards: {len(o.discard)} up, {len(o.buried)} down", size=MIN_FONT,
           fill=INK, anchor="start", title="the discard pile: cards face up, and destination "
           "cards face down")
    cards = len(o.discard) + len(o.buried)
    step = MINI_W + 2 if cards <= 1 else min(MINI_W + 2, (room - MINI_W) / (cards - 1))
    for i, card in enumerate(o.discard):
        _face(d, gx + i * step, y + 32, card, mini=True)
    for k, buried in enumerate(o.buried):
        who = ", ".join(f"player {p}" for p in sorted(buried.known_by)) or "nobody"
        label = "" if buried.card is None else card_name(buried.card)
        d.back(gx + (len(o.discard) + k) * step, y + 32, MINI_W, MINI_H, fill=BACK,
               accent=BACK_ACCENT, corner=label,
               title=f"a face-down destination card{' ' + label if label else ''}, "
                     f"known to {who}")
    notes = (["the draw pile was reshuffled"] if o.reshuffled else []) + (
        ["out of the game: " + ", ".join(out)] if out else [])
    for k, line in enumerate(wrap("; ".join(notes), WIDTH - 16 - x, MIN_FONT, 3)):
        d.text(x, y + CARD_H + 48 + 15 * k, line, size=MIN_FONT, fill=INK, anchor="start")


def _outcome(d: Drawing, o: Observation, last_move: Action | None, y: float) -> None:
    """Say how the game ended, and what the last move did when it was a challenge (B13):
    the observation shows a challenge's outcome only as cards now known to all."""
    x, w = SIDE_X - 6, WIDTH - SIDE_X - 6
    if isinstance(last_move, Challenge):
        active = _active(o)
        y += d.note(x, y, w, "Last move: a challenge (B13)",
                    f"Player {active}'s luggage was challenged; the destination card was "
                    f"shown to all. Bluff: player {active} took the row and that card; "
                    "honest: the challenger did. Those cards are now known to all.",
                    lines=6) + 8
    if o.winner is not None:
        d.note(x, y, w, f"Player {o.winner} wins", "Their hand is empty (B16).",
               fill="#fdf1c7", edge=GOLD)
    elif _over(o):
        d.note(x, y, w, "Nobody wins", f"The turn limit of {o.options.turn_limit} turns "
               "is reached (B17).", fill="#fdf1c7", edge=GOLD)


def _hand(d: Drawing, o: Observation, y: float) -> None:
    hand = o.hand or ()
    d.rect(12, y, WIDTH - 24, CARD_H + 34, "#eef2f7", stroke=SEAT[(o.player or 0) % len(SEAT)],
           width=1.2, rx=10)
    d.text(24, y + 14, f"Your hand ({len(hand)})", size=12, fill=INK, anchor="start",
           bold=True)
    step = CARD_W + 4 if len(hand) <= 1 else min(CARD_W + 4, (WIDTH - 60 - CARD_W) /
                                                 (len(hand) - 1))
    viewer = o.player if o.player is not None else 0
    waiting = _waiting(hand, o.picked_up[viewer])
    taken = o.swap[1] if o.swap is not None else None
    for i, card in enumerate(hand):
        _face(d, 24 + i * step, y + 26, card)
        if waiting[i]:
            _mark_waiting(d, 24 + i * step, y + 26, CARD_W, CARD_H)
        if card == taken:
            d.rect(24 + i * step - 1.5, y + 24.5, CARD_W + 3, CARD_H + 3, stroke=ACCENT,
                   width=2.5, rx=5, title=f"{card_name(card)}: just taken from conveyor "
                   f"{o.swap[0]}; another card goes there (B9)")  # type: ignore[index]
            taken = None  # one copy
    if any(waiting):
        d.rect(WIDTH - 290, y + 8, 12, 12, stroke=GOLD, width=2.5, rx=3, dash="3 2")
        d.text(WIDTH - 272, y + 14, "picked up: usable from your next turn", size=MIN_FONT,
               fill=INK, anchor="start")


def _conveyors_touched(last_move: Action | None) -> frozenset[int]:
    if isinstance(last_move, PlayEye):
        return frozenset(last_move.conveyors)
    conveyor = getattr(last_move, "conveyor", None)
    return frozenset({conveyor}) if isinstance(conveyor, int) else frozenset()


def svg(observation: Observation, *, size: int | None = None,
        last_move: Action | None = None) -> str:
    """Return a picture of `observation` as a standalone SVG document.

    Args:
        observation: what a player (or the spectator) sees, from `observe`.
        size: the width in pixels (the height follows); ``None``: the natural size.
        last_move: the action that led to this position: the conveyors it touched are
            highlighted (only the place, never a face-down card).
    """
    expect("captain_bluff", observation, Observation, last_move, Action)
    o = observation
    height = LANES_Y + CONVEYORS * LANE_H + 4 + (CARD_H + 44 if o.player is not None else 0)
    notes = 128 * isinstance(last_move, Challenge) + 53 * _over(o)  # see `_outcome`
    side = LANES_Y + 20 + sum(24 + (MINI_H + 4 if e else 0) + 6 for e in o.exposed) + 160 + notes
    height = max(height, side + (CARD_H + 44 if o.player is not None else 0))
    d = Drawing(WIDTH, height, HALL)
    d.header("Captain Bluff", _status(o), o.player, ink="#fff", band=BAND, accent=ACCENT)
    touched = _conveyors_touched(last_move)
    for v in range(CONVEYORS):
        _lane(d, o, v, LANES_Y + v * LANE_H, v in touched)
    y = _players(d, o, LANES_Y + 8)
    _piles(d, o, y + 6)
    _outcome(d, o, last_move, y + 6 + 156)
    if o.player is not None:
        _hand(d, o, height - CARD_H - 40)
    return d.document(size, f"Captain Bluff: {_status(o)}")
