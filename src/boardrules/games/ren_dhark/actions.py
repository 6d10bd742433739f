"""Ren Dhark actions: one frozen class per kind, joined in the `Action` union.

Cards are named by their number and name (``I/18 STAHLTANGO``); `str(action)` is the
notation (see `notation`), `repr` is valid Python. Player actions are prebuilt per
card set (`Tables`), so `legal_actions` returns the same objects every time.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from boardrules._fields import exact_fields
from boardrules.errors import InvalidStateError, quote
from boardrules.games.ren_dhark.cards import CombatType

__all__ = [
    "COMBAT_ROLLS",
    "KEEP",
    "PASS",
    "REDRAW",
    "ROLLS",
    "SIDES",
    "Action",
    "AssignSides",
    "Attack",
    "CombatRoll",
    "CounterStrike",
    "Defend",
    "Draw",
    "Keep",
    "Pass",
    "PlayAction",
    "Redraw",
    "Roll",
]


def _combat_type(value: CombatType | str) -> CombatType:
    """Accept a `CombatType` or its value (``"ship"``); refuse anything else with
    `InvalidStateError`."""
    if isinstance(value, CombatType):
        return value
    try:
        return CombatType(value)
    except ValueError:
        kinds = ", ".join(repr(t.value) for t in CombatType)
        raise InvalidStateError(f"a combat type is one of {kinds}, not {quote(value)}") from None


@attrs.frozen
@exact_fields
class AssignSides:
    """Chance outcome: which player draws blue (D4); the other plays red."""

    blue: int
    """The player index (0 or 1) that plays blue."""

    def __str__(self) -> str:
        return f"blue {self.blue}"


@attrs.frozen
@exact_fields
class Draw:
    """Chance outcome: the card the drawing player takes from their deck (D4, D5, D17)."""

    card: str
    """The card number, e.g. ``"I/18"``."""
    name: str
    """The card name."""

    def __str__(self) -> str:
        return f"draw {self.card} {self.name}"


@attrs.frozen
@exact_fields
class Roll:
    """Chance outcome: one die for an activation (D12), ward-off (D11) or destroy roll (D11)."""

    value: int
    """The value rolled, 1-6."""

    def __str__(self) -> str:
        return f"roll {self.value}"


@attrs.frozen
@exact_fields
class CombatRoll:
    """Chance outcome: both combat dice (D13)."""

    attacker: int
    """The attacker's die, 1-6."""
    defender: int
    """The defender's die, 1-6."""

    def __str__(self) -> str:
        return f"combat {self.attacker}:{self.defender}"


@attrs.frozen
@exact_fields
class Keep:
    """Keep the opening hand (D5); every player is asked, eligible for a redraw or not."""

    def __str__(self) -> str:
        return "keep"


@attrs.frozen
@exact_fields
class Redraw:
    """Shuffle the opening hand back and draw 7 anew (D5): fewer than 2 ships or over 3 actions."""

    def __str__(self) -> str:
        return "redraw"


@attrs.frozen
@exact_fields
class Attack:
    """Commit a combat card face down as the attacker and declare its type (D7)."""

    card: str
    """The card number."""
    name: str
    """The card name."""
    as_type: CombatType = attrs.field(converter=_combat_type)
    """The declared type (the Synthetic swarm chooses ship or unit)."""

    def __str__(self) -> str:
        return f"attack {self.card} {self.name} as {self.as_type.value}"


@attrs.frozen
@exact_fields
class Defend:
    """Commit a combat card face down as the defender (D8); its type stays hidden until reveal."""

    card: str
    """The card number."""
    name: str
    """The card name."""
    as_type: CombatType = attrs.field(converter=_combat_type)
    """The type it fights as (the Synthetic swarm chooses ship or unit)."""

    def __str__(self) -> str:
        return f"defend {self.card} {self.name} as {self.as_type.value}"


@attrs.frozen
@exact_fields
class PlayAction:
    """Add an action card to your combat card in the action window (D10)."""

    card: str
    """The card number."""
    name: str
    """The card name."""

    def __str__(self) -> str:
        return f"play {self.card} {self.name}"


@attrs.frozen
@exact_fields
class CounterStrike:
    """Having just lost a duel, commit a G card against the winning card (D15)."""

    card: str
    """The card number."""
    name: str
    """The card name."""
    as_type: CombatType = attrs.field(converter=_combat_type)
    """The type it fights as."""

    def __str__(self) -> str:
        return f"counter {self.card} {self.name} as {self.as_type.value}"


@attrs.frozen
@exact_fields
class Pass:
    """Play no action card in the action window (D10), or strike no counter-blow (D15)."""

    def __str__(self) -> str:
        return "pass"


Action: TypeAlias = (
    AssignSides | Draw | Roll | CombatRoll | Keep | Redraw | Attack | Defend | PlayAction
    | CounterStrike | Pass
)
"""Every Ren Dhark action, the chance outcomes included."""

SIDES: Final = (AssignSides(0), AssignSides(1))
"""The two side draws (D4)."""
ROLLS: Final = tuple(Roll(v) for v in range(1, 7))
"""The six values of one die."""
COMBAT_ROLLS: Final = tuple(CombatRoll(a, d) for a in range(1, 7) for d in range(1, 7))
"""The 36 combat rolls, attacker's die major."""
KEEP: Final = Keep()
"""The one `Keep` action."""
REDRAW: Final = Redraw()
"""The one `Redraw` action."""
PASS: Final = Pass()
"""The one `Pass` action."""
