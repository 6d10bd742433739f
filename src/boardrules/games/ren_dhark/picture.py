"""A picture of a Ren Dhark observation, as SVG.

The two planets with the cards landed on them, the duel in progress in the middle
(the committed cards, their modifiers, the action cards played and what became of
them), and a strip per player: hand, deck and out-of-game pile. The viewer sits at the
bottom (player 0 for the spectator).

Hidden cards are drawn as backs: the opponent's hand (with what the viewer knows of it:
how many are no ships or are action cards), and a face-down committed card, which shows
its declared type. Card faces carry the printed values: strength against a ship, a
person and a unit (``S P U``, ``-`` where the card may not fight), the A value, the para
mark, the G mark and an activation roll; hover a card for its full text.

>>> from boardrules.games import ren_dhark
>>> ren_dhark.svg(ren_dhark.observe(ren_dhark.new_game(2), None)).startswith("<svg")
True
"""

from __future__ import annotations

from typing import Final

from boardrules.games.ren_dhark.actions import Action, Attack, CounterStrike, Defend, PlayAction
from boardrules.games.ren_dhark.cards import COMBAT_TYPES, Card, CombatType, Kind, Side
from boardrules.games.ren_dhark.observe import Observation
from boardrules.games.ren_dhark.render import describe
from boardrules.games.ren_dhark.rules import has_won
from boardrules.games.ren_dhark.state import ATTACKER, DEFENDER, HAND_SIZE, Phase, Status, Tables
from boardrules.pictures.svg import HIGHLIGHT, MIN_FONT, Drawing, expect, plural, text_width, wrap

__all__ = ["svg"]

# Palette: deep space, the two factions, gold for the A value, green for G, red for para.
SPACE: Final = "#f1f2f6"
INK: Final = "#1c1f33"
BAND: Final = "#10132b"
ACCENT: Final = "#6c63ff"
SIDE: Final = {Side.BLUE: "#2358a6", Side.RED: "#b02a30", None: "#5f6470"}
SIDE_DARK: Final = {Side.BLUE: "#142f5c", Side.RED: "#5f1418", None: "#34373f"}
SIDE_LIGHT: Final = {Side.BLUE: "#e6eefa", Side.RED: "#f9e7e7", None: "#eceef1"}
FACE: Final = "#fbfaf5"
GOLD: Final = "#e0a100"
GREEN: Final = "#2e8b57"
PARA: Final = "#c2185b"
STATUS: Final = {Status.PENDING: ("#777", "pending"), Status.WARDED: ("#8e44ad", "warded off"),
                 Status.APPLIED: (GREEN, "applied"), Status.FAILED: ("#c0392b", "failed"),
                 Status.VOID: ("#999", "void")}
KIND: Final = {Kind.SHIP: "ship", Kind.PERSON: "person", Kind.UNIT: "unit",
               Kind.SHIP_OR_UNIT: "ship/unit", Kind.ACTION: "action", Kind.PLANET: "planet"}

ROLLS: Final = {Phase.ACTIVATE: "the activation roll of the card just committed",
                Phase.WARD: "the ward-off roll against an action card",
                Phase.DESTROY: "the roll of a destroying action card",
                Phase.COMBAT: "the combat roll"}
"""What the chance node of each rolling phase rolls."""

WIDTH: Final = 980
FACE_W: Final = 102
FACE_H: Final = 140
BACK_W: Final = 40
BACK_H: Final = 56
MID_W: Final = 56
MID_H: Final = 76
PLANET_W: Final = 272
MINI_W: Final = 32
MINI_H: Final = 44
MIDDLE_H: Final = 332


def _side(o: Observation, player: int) -> Side | None:
    if o.blue is None:
        return None
    return Side.BLUE if player == o.blue else Side.RED


def _who(o: Observation, player: int) -> str:
    side = _side(o, player)
    return f"player {player}" + (f" ({side.value})" if side else "")


def _drawer(o: Observation) -> int | None:
    """Who draws at a draw node: the opening hands blue first, after a battle its attacker
    first (the attacker role has already passed on) (D4, D17)."""
    first = o.attacker if o.mulligans < 2 else 1 - o.attacker
    for p in (first, 1 - first):
        if o.hand_sizes[p] < HAND_SIZE and o.deck_sizes[p]:
            return p
    return None


def _status(o: Observation) -> str:
    d = o.duel
    attacker, defender = _who(o, o.attacker), _who(o, 1 - o.attacker)
    head = f"Battle {o.battle}" if o.battle else "Setup"
    if o.phase is Phase.OVER:
        if o.winner is None:
            return "Game over: a draw"
        return f"Game over: {_who(o, o.winner)} wins"
    if o.phase is Phase.SIDES:
        return "Setup: drawing sides (who plays blue)"
    if o.phase is Phase.DEAL:
        drawer = _drawer(o)
        return f"{head}: {_who(o, drawer)} draws" if drawer is not None else f"{head}: drawing"
    if o.phase is Phase.MULLIGAN:
        assert o.blue is not None
        deciding = o.blue if o.mulligans == 0 else 1 - o.blue
        return f"Setup: {_who(o, deciding)} keeps the opening hand or redraws"
    if o.phase is Phase.ATTACK:
        again = " another card" if d.attack_activated and not d.attack_committed else " a card"
        return f"{head}: {attacker} attacks and commits{again}"
    if o.phase is Phase.DEFEND:
        return f"{head}: {defender} defends and commits a card"
    if o.phase is Phase.WINDOW:
        who = defender if d.window == 1 else attacker
        return f"{head}: action window, {who} adds an action card or passes"
    if o.phase in ROLLS:
        return f"{head}: {ROLLS[o.phase]}"
    assert d.loser is not None
    loser = o.attacker if d.loser == ATTACKER else 1 - o.attacker
    return f"{head}: {_who(o, loser)} lost the duel and may counter-strike with a G card"


def _effect(card: Card) -> str:
    """The effect of an action card in a few words."""
    effect = card.action
    if effect is None:
        return ""
    return card.text.split(". ")[-1].rstrip(".") if card.text else effect.effect.value


def _face(d: Drawing, tables: Tables, x: float, y: float, index: int, *,
          size: str = "full", as_type: CombatType | None = None,
          title_extra: str = "") -> None:
    """Draw a card face up; `size` is ``"full"``, ``"mid"`` or ``"mini"`` (fanned)."""
    card = tables.cards[index]
    w, h = {"full": (FACE_W, FACE_H), "mid": (MID_W, MID_H), "mini": (MINI_W, MINI_H)}[size]
    colour, dark = SIDE[card.side], SIDE_DARK[card.side]
    title = describe(card) + (f" — {card.text}" if card.text else "") + title_extra
    d.rect(x, y, w, h, FACE, stroke=dark, width=1.5, rx=6, title=title)
    band = 16 if size == "mini" else 18 if size == "mid" else 20
    d.rect(x + 1, y + 1, w - 2, band, colour, rx=5)
    d.text(x + 3, y + band / 2 + 1, card.number, size=MIN_FONT, fill="#fff", anchor="start",
           bold=True)
    if size == "mini":
        return
    kind = KIND[card.kind] if as_type is None else as_type.value
    if size == "full":
        d.text(x + w - 4, y + 11, kind, size=MIN_FONT, fill="#fff", anchor="end")
    font = MIN_FONT
    lines = wrap(card.name, w - 4, font, 2)  # a long name is cut (its title has it whole)
    for k, line in enumerate(lines):
        d.text(x + w / 2, y + band + 11 + k * font * 1.2, line, size=font, fill=INK, bold=True)
    if size == "mid":
        d.text(x + w / 2, y + h - 9, kind, size=MIN_FONT, fill=dark)
        return
    if card.strength is not None:
        for k, (letter, value) in enumerate(zip("SPU", card.strength, strict=True)):
            bx = x + 6 + k * 31
            d.rect(bx, y + 62, 28, 26, "#eef0f4", stroke="#c5c9d3", width=0.8, rx=4)
            d.text(bx + 14, y + 69, letter, size=MIN_FONT, fill="#666")
            d.text(bx + 14, y + 81, "-" if value is None else str(value), size=12, fill=INK,
                   bold=True)
    elif card.kind is Kind.ACTION:
        for k, line in enumerate(wrap(_effect(card), w - 8, MIN_FONT, 3)):
            d.text(x + w / 2, y + 66 + k * 12.5, line, size=MIN_FONT, fill=INK, italic=True)
    # The marks along the bottom: A value, para, G, activation roll, ship class.
    marks: list[tuple[str, str]] = []
    if card.a is not None:
        marks.append((GOLD, f"A{card.a}"))
    if card.para:
        marks.append((PARA, "para"))
    if card.g:
        marks.append((GREEN, "G"))
    if card.activation is not None:
        marks.append(("#555", f"{card.activation}+"))
    mx = x + 6
    for colour_, label in marks:
        mx += d.badge(mx + (text_width(label, MIN_FONT) + MIN_FONT * 0.9) / 2, y + 108, label,
                      fill=colour_) + 2
    if card.ship_class is not None:
        d.text(x + w / 2, y + 127, card.ship_class.value, size=MIN_FONT, fill=dark,
               italic=True)
    elif card.race:
        d.text(x + w / 2, y + 127, card.race, size=MIN_FONT, fill=dark, italic=True)


def _back(d: Drawing, x: float, y: float, side: Side | None, *, w: float = BACK_W,
          h: float = BACK_H, label: str = "", title: str | None = None) -> None:
    d.back(x, y, w, h, fill=SIDE_DARK[side], accent=SIDE[side], label=label, title=title)


def _fan(d: Drawing, tables: Tables, cards: tuple[int, ...], x: float, y: float, *,
         room: float) -> None:
    """Draw public cards as mini faces, overlapping to fit `room`."""
    if not cards:
        d.text(x, y + MINI_H / 2, "none", size=MIN_FONT, fill=INK, anchor="start", opacity=0.6)
        return
    step = MINI_W + 3 if len(cards) == 1 else max(
        1.0, min(MINI_W + 3, (room - MINI_W) / (len(cards) - 1)))
    for i, card in enumerate(cards):
        _face(d, tables, x + i * step, y, card, size="mini")


def _strip(d: Drawing, o: Observation, p: int, y: float, height: float) -> None:
    tables = o.options.tables
    side = _side(o, p)
    d.rect(12, y, WIDTH - 24, height, SIDE_LIGHT[side], stroke=SIDE[side], width=1.2, rx=10)
    d.circle(28, y + 16, 7, SIDE[side])
    you = " (you)" if o.player == p else ""
    d.text(42, y + 16, _who(o, p) + you, size=13, fill=INK, anchor="start", bold=True)
    role = ("attacker" if p == o.attacker else "defender") if o.battle else ""
    if role and o.phase is not Phase.OVER:
        d.badge(220, y + 16, role, fill=SIDE[side], size=MIN_FONT)
    notes = []
    if o.redrew[p]:
        notes.append("redrew the opening hand")
    if o.shown_nonships[p]:
        notes.append(f"{o.shown_nonships[p]} in hand shown to be no ship"
                     + (f", {o.shown_actions[p]} an action card" if o.shown_actions[p] else ""))
    elif o.shown_actions[p]:
        notes.append(f"{o.shown_actions[p]} in hand shown to be action cards")
    for kind, count in zip(COMBAT_TYPES, o.shown_undeployable[p], strict=True):
        if count:
            notes.append(f"{count} shown unable to fight a {kind.value}")
    if notes:
        d.text(290, y + 16, "; ".join(notes), size=MIN_FONT, fill=INK, anchor="start", italic=True)
    row = y + 30
    if o.player == p:
        for i, card in enumerate(o.hand):
            _face(d, tables, 22 + i * (FACE_W + 6), row, card)
        hand_right = 22 + HAND_SIZE * (FACE_W + 6)
        out_y = row + FACE_H + 20
    else:
        for i in range(o.hand_sizes[p]):
            _back(d, 22 + i * (BACK_W + 4), row + 6, side, title="a card in hand")
        hand_right = 22 + HAND_SIZE * (BACK_W + 4)
        out_y = row
    if not o.hand_sizes[p]:
        d.text(22, row + 30, "empty hand", size=MIN_FONT, fill=INK, anchor="start", opacity=0.6)
    d.text(hand_right + 8, row + 1, "deck", size=MIN_FONT, fill=INK, anchor="start")
    d.pile(hand_right + 8, row + 16, BACK_W, BACK_H, o.deck_sizes[p], fill=SIDE_DARK[side],
           accent=SIDE[side])
    out_x = 22 if o.player == p else hand_right + 70
    d.text(out_x, out_y + 1, f"out of the game ({len(o.out[p])})", size=MIN_FONT, fill=INK,
           anchor="start")
    _fan(d, tables, o.out[p], out_x, out_y + 12, room=WIDTH - 30 - out_x)


def _planet(d: Drawing, o: Observation, owner_side: Side, x: float, y: float) -> None:
    """Draw the planet of `owner_side` with the enemy cards landed on it (D14, D18)."""
    tables = o.options.tables
    planet = tables.cards[tables.planets[0 if owner_side is Side.BLUE else 1]]
    w = PLANET_W
    d.rect(x, y, w, MIDDLE_H, SIDE_LIGHT[owner_side], stroke=SIDE[owner_side], width=1.2, rx=10)
    d.circle(x + 34, y + 34, 22, SIDE[owner_side], stroke=SIDE_DARK[owner_side], width=2)
    d.circle(x + 27, y + 27, 7, "#ffffff", opacity=0.25)
    d.text(x + 64, y + 24, planet.name, size=14, fill=INK, anchor="start", bold=True,
           title=describe(planet))
    d.text(x + 64, y + 42, f"{owner_side.value}'s planet", size=MIN_FONT, fill=INK, anchor="start")
    if o.blue is None:
        d.text(x + w / 2, y + 120, "sides not drawn yet", size=MIN_FONT, fill=INK, opacity=0.6)
        return
    lander = 1 - o.blue if owner_side is Side.BLUE else o.blue
    landed = o.landed[lander]
    d.text(x + 12, y + 70, f"landed by {_who(o, lander)}: {len(landed)}", size=MIN_FONT, fill=INK,
           anchor="start", bold=True)
    for i, landing in enumerate(landed):
        row, col = divmod(i, 4)
        _face(d, tables, x + 12 + col * (MID_W + 6), y + 80 + row * (MID_H + 6),
              landing.card, size="mid", as_type=landing.as_type)
    ground = sum(1 for landing in landed if landing.as_type is not CombatType.SHIP)
    if has_won(landed):
        goal = "enough to win (D18)"
    else:
        goal = "wins with 7, or 6 incl. a person/unit, or 5 incl. two"
    d.text(x + 12, y + MIDDLE_H - 34, f"{plural(len(landed) - ground, 'ship')}, "
           f"{ground} person/unit", size=MIN_FONT, fill=INK, anchor="start")
    d.text(x + 12, y + MIDDLE_H - 18, goal, size=MIN_FONT, fill=INK, anchor="start", italic=True)


def _slot(d: Drawing, o: Observation, role: int, x: float, y: float, *,
          highlight: bool) -> None:
    tables = o.options.tables
    duel = o.duel
    owner = o.attacker if role == ATTACKER else 1 - o.attacker
    side = _side(o, owner)
    card = duel.attack if role == ATTACKER else duel.defense
    committed = duel.attack_committed if role == ATTACKER else duel.defense_committed
    as_type = duel.attack_type if role == ATTACKER else duel.defense_type
    activated = duel.attack_activated if role == ATTACKER else duel.defense_activated
    modifier = duel.attack_mod if role == ATTACKER else duel.defense_mod
    name = "attacker" if role == ATTACKER else "defender"
    d.text(x + FACE_W / 2, y - 10, f"{name}: {_who(o, owner)}", size=MIN_FONT, fill=INK, bold=True)
    if card is not None:
        _face(d, tables, x, y, card, as_type=as_type)
    elif committed:
        declared = f"as {as_type.value}" if as_type is not None else ""
        _back(d, x, y, side, w=FACE_W, h=FACE_H, label=declared,
              title=f"a face-down card{', declared ' + declared if declared else ''}")
    elif duel.loser == role:
        d.rect(x, y, FACE_W, FACE_H, stroke=SIDE[side], width=1.5, rx=6, dash="5 4")
        d.text(x + FACE_W / 2, y + FACE_H / 2, "lost the duel", size=MIN_FONT, fill=INK)
    else:
        d.rect(x, y, FACE_W, FACE_H, stroke=SIDE[side], width=1.5, rx=6, dash="5 4",
               opacity=0.6)
        d.text(x + FACE_W / 2, y + FACE_H / 2, "no card", size=MIN_FONT, fill=INK, opacity=0.6)
    if highlight:
        d.rect(x - 4, y - 4, FACE_W + 8, FACE_H + 8, stroke=HIGHLIGHT, width=3.5, rx=8)
    notes = []
    if modifier:
        notes.append(f"{modifier:+d}".replace("-", "−"))
    if activated:
        notes.append("activated")
    for k, note in enumerate(notes):
        d.badge(x + FACE_W / 2, y + FACE_H + 12 + k * 18, note,
                fill=GREEN if note.startswith("+") else "#c0392b" if note[0] == "−" else "#555",
                size=MIN_FONT)


def _duel(d: Drawing, o: Observation, x: float, y: float, w: float, *,
          last_move: Action | None) -> None:
    duel = o.duel
    d.rect(x, y, w, MIDDLE_H, "#ffffff", stroke="#c9cce0", width=1.2, rx=10)
    d.text(x + 12, y + 16, "Counter-strike" if duel.counter else "Duel", size=13, fill=INK,
           anchor="start", bold=True)
    if o.phase is not Phase.OVER and not o.battle:
        d.text(x + w / 2, y + MIDDLE_H / 2, "the battles begin once both opening hands",
               size=11, fill=INK, opacity=0.7)
        d.text(x + w / 2, y + MIDDLE_H / 2 + 16, "are kept: blue attacks first", size=11,
               fill=INK, opacity=0.7)
        return
    if o.phase is Phase.OVER:
        d.text(x + w / 2, y + MIDDLE_H / 2 - 10, "Game over", size=20, fill=INK, bold=True)
        if o.winner is None:
            d.text(x + w / 2, y + MIDDLE_H / 2 + 16, "a draw", size=14, fill=INK)
        else:
            side = _side(o, o.winner)
            d.star(x + w / 2, y + MIDDLE_H / 2 - 50, 16, GOLD, stroke="#8a6300")
            d.text(x + w / 2, y + MIDDLE_H / 2 + 16, f"{_who(o, o.winner)} wins", size=14,
                   fill=SIDE[side], bold=True)
        return
    if o.battle:
        d.text(x + w - 12, y + 16, f"battle {o.battle}", size=MIN_FONT, fill=INK, anchor="end")
    if duel.revealed:
        d.text(x + w / 2, y + 16, "revealed", size=MIN_FONT, fill=GREEN, bold=True)
    ax, dx = x + 30, x + w - 30 - FACE_W
    sy = y + 58
    moved = last_move.__class__
    _slot(d, o, ATTACKER, ax, sy, highlight=moved is Attack or (
        moved is CounterStrike and duel.loser == ATTACKER))
    _slot(d, o, DEFENDER, dx, sy, highlight=moved is Defend or (
        moved is CounterStrike and duel.loser == DEFENDER))
    d.text(x + w / 2, sy + FACE_H / 2, "vs", size=16, fill=INK, bold=True, opacity=0.5)
    # The action cards played in this duel, in order.
    tables = o.options.tables
    py = y + MIDDLE_H - MID_H - 10
    if duel.played:
        d.text(x + 12, py - 10, "action cards played", size=MIN_FONT, fill=INK, anchor="start")
    for i, entry in enumerate(duel.played):
        px = x + 12 + i * (MID_W + 40)
        _face(d, tables, px, py, entry.card, size="mid")
        colour, word = STATUS[entry.status]
        owner = "attacker" if entry.role == ATTACKER else "defender"
        d.text(px + MID_W + 7, py + 14, owner, size=MIN_FONT, fill=INK, anchor="start")
        d.text(px + MID_W + 7, py + 28, word, size=MIN_FONT, fill=colour, anchor="start", bold=True)
        if i == duel.resolving and entry.status is Status.PENDING and o.phase in (
                Phase.WARD, Phase.DESTROY):
            d.text(px + MID_W + 7, py + 42, "resolving", size=MIN_FONT, fill=HIGHLIGHT,
                   anchor="start")
        if isinstance(last_move, PlayAction) and i == len(duel.played) - 1:
            d.rect(px - 3, py - 3, MID_W + 6, MID_H + 6, stroke=HIGHLIGHT, width=3, rx=7)
    if o.phase is Phase.WINDOW:
        step = {0: "the attacker may add an action card", 1: "the defender may add an action "
                "card", 2: "the attacker may answer with an action card"}.get(duel.window, "")
        if step:
            d.text(x + w / 2, y + 32, step, size=MIN_FONT, fill=ACCENT, bold=True)


def svg(observation: Observation, *, size: int | None = None,
        last_move: Action | None = None) -> str:
    """Return a picture of `observation` as a standalone SVG document.

    Args:
        observation: what a player (or the spectator) sees, from `observe`.
        size: the width in pixels (the height follows); ``None``: the natural size.
        last_move: the action that led to this position: the card slot it filled is
            highlighted (only the place, never a hidden card).
    """
    expect("ren_dhark", observation, Observation, last_move, Action)
    o = observation
    viewer = o.player
    bottom = 0 if viewer is None else viewer
    top_h = 30 + BACK_H + 24
    bottom_h = top_h if viewer is None else 30 + FACE_H + 20 + MINI_H + 20
    middle_y = 58 + top_h + 10
    height = middle_y + MIDDLE_H + 10 + bottom_h + 12
    d = Drawing(WIDTH, height, SPACE)
    d.header("Ren Dhark TCG", _status(o), viewer, ink="#fff", band=BAND, accent=ACCENT)
    _strip(d, o, 1 - bottom, 58, top_h)
    _planet(d, o, Side.BLUE, 12, middle_y)
    _duel(d, o, 12 + PLANET_W + 10, middle_y, WIDTH - 24 - 2 * (PLANET_W + 10),
          last_move=last_move)
    _planet(d, o, Side.RED, WIDTH - 12 - PLANET_W, middle_y)
    _strip(d, o, bottom, middle_y + MIDDLE_H + 10, bottom_h)
    return d.document(size, f"Ren Dhark: {_status(o)}")

