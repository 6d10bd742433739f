"""Captain Bluff options and state (the JSON position format)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final

import attrs

from boardrules._caches import Memo
from boardrules._fields import DERIVED, rebuilt_from_init
from boardrules.errors import InvalidOptionsError
from boardrules.registry import picture

__all__ = ["DEFAULT_TURN_LIMIT", "FaceDown", "Memos", "Options", "Specials", "Stage", "State"]

DEFAULT_TURN_LIMIT: Final = 1000
"""Default engine bound on turns (B17)."""
SPECIAL_TOTAL: Final = 14
"""The game has 14 special cards (B1)."""


def _count(name: str) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_: object, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidOptionsError("specials", f"{name} must be a count >= 0, got {value!r}")

    return check


@attrs.frozen
class Specials:
    """How the 14 special cards split into kinds (B1).

    The split is not published in our sources; the default is an assumption.

    >>> Specials()
    Specials(star=4, arrows=4, eye=3, plus_one=3)
    """

    star: int = attrs.field(default=4, validator=_count("star"))
    """Star cards (jokers); default 4."""
    arrows: int = attrs.field(default=4, validator=_count("arrows"))
    """Arrows cards (change of direction); default 4."""
    eye: int = attrs.field(default=3, validator=_count("eye"))
    """Eye cards (check two destinations); default 3."""
    plus_one: int = attrs.field(default=3, validator=_count("plus_one"))
    """Plus-one cards (delayed flight); default 3."""

    def __attrs_post_init__(self) -> None:
        total = self.star + self.arrows + self.eye + self.plus_one
        if total != SPECIAL_TOTAL:
            raise InvalidOptionsError(
                "specials", f"the game has {SPECIAL_TOTAL} special cards, the split sums to {total}"
            )

    def counts(self) -> tuple[int, int, int, int]:
        """Return the counts in code order: star, arrows, eye, plus_one."""
        return (self.star, self.arrows, self.eye, self.plus_one)


def _to_specials(value: Specials | tuple[int, int, int, int]) -> Specials:
    if isinstance(value, Specials):
        return value
    if isinstance(value, tuple | list) and len(value) == 4:
        return Specials(*value)
    raise InvalidOptionsError(
        "specials", f"expected Specials(star, arrows, eye, plus_one), got {value!r}"
    )


def _check_bool(_: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise InvalidOptionsError(attribute.name, f"expected True or False, got {value!r}")


def _check_limit(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidOptionsError("turn_limit", f"expected a number of turns >= 1, got {value!r}")


def _check_first(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 5:
        raise InvalidOptionsError("first_player", f"expected a seat 0-4, got {value!r}")


MEMO_LIMIT: Final = 1 << 15
"""The most entries each memo of `Memos` holds (a whole game fills a few thousand)."""


class Memos:
    """The rules' bounded memos for one `Options` object (see `Options.memos`).

    They are keyed by positions (rows, the luggage of a hand), not by options, but live
    on the options object so that no memo outlives the games that fill it: every state of
    a game holds the same options object (`new_game` without options shares one default
    object). Each memo empties itself once it holds `MEMO_LIMIT` entries; the values are
    the rules' own (see `rules`), typed loosely here because `rules` imports this module.
    """

    __slots__ = ("last_rows", "numeric", "row_infos", "rows", "runs")

    def __init__(self) -> None:
        self.runs: Memo[int, Any] = Memo(MEMO_LIMIT)
        """`rules._runs` by the values of one destination in hand and a direction."""
        self.rows: Memo[tuple[object, object], Any] = Memo(MEMO_LIMIT)
        """`rules._rows_facts` by rows and star values."""
        self.row_infos: Memo[object, Any] = Memo(MEMO_LIMIT)
        """`rows.row_info` by row (and star values) for `rules._rows_facts`."""
        self.last_rows: tuple[object, object, Any] = (None, None, None)
        """The rows and star values `rules._rows_facts` was last given and their facts
        (the tuples themselves: consecutive decisions usually share them, and a hit by
        identity needs no hashing)."""
        self.numeric: Memo[int, object] = Memo(4)  # 2 to 5 players
        """The numeric layer's tables of each player count (`captain_bluff.numeric`),
        built on first use: an action space of about 2 MiB and the tensors' memos."""


@rebuilt_from_init
@attrs.frozen
class Options:
    """Captain Bluff options.

    >>> Options().turn_limit, Options().specials_in_draw_pile
    (1000, False)
    >>> Options(specials=(5, 3, 3, 3)).specials.star
    5
    """

    specials: Specials = attrs.field(factory=Specials, converter=_to_specials)
    """The split of the 14 special cards (B1); default star 4, arrows 4, eye 3, plus_one 3
    (an assumption: the split is not published)."""
    specials_in_draw_pile: bool = attrs.field(default=False, validator=_check_bool)
    """Whether the specials left after the deal leave the game unseen (default, the
    rulebook: the draw pile is the luggage left over) or are shuffled into the draw pile
    (``True``, a variant) (B3)."""
    turn_limit: int = attrs.field(default=DEFAULT_TURN_LIMIT, validator=_check_limit)
    """Turns after which the game ends with no winner (B17, an engine bound); default 1000."""
    first_player: int = attrs.field(default=0, validator=_check_first)
    """The seat that places the first destination and takes the first turn (B4); default 0.
    Must be a seat of the game."""
    memos: Memos = attrs.field(init=False, eq=False, repr=False, metadata=DERIVED,
                               factory=Memos)
    """The rules' bounded memos of the games played with this object (derived, not
    serialized; see `Memos`)."""


class Stage(enum.Enum):
    """The part of the game in progress."""

    DEAL = "deal"
    """Cards are dealt one by one (chance, B2)."""
    PLACE = "place"
    """Players place the first destination cards (B4)."""
    PLAY = "play"
    """Turns (B5–B17); the game is over when `State.winner` is set or the turn limit is hit."""


@attrs.frozen
class FaceDown:
    """A destination card lying face down in the discard pile (B10)."""

    card: int
    """The card's code."""
    known_by: frozenset[int]
    """The players who know which card it is."""


@attrs.frozen
class State:
    """A Captain Bluff position.

    Multisets (hands, piles) are ascending tuples of card codes (see `cards`). The draw
    pile has no order: a draw is a chance node over its contents.
    """

    options: Options
    """The options of the game."""
    players: int
    """Number of players, 2–5."""
    stage: Stage
    """Deal, placement of the first destinations, or play."""
    hands: tuple[tuple[int, ...], ...]
    """Each player's hand, ascending."""
    exposed: tuple[tuple[int, ...], ...]
    """For each player, the cards of their hand every player knows they hold (taken face up
    at a challenge or a pick-up), ascending; always part of that hand."""
    picked_up: tuple[tuple[int, ...], ...]
    """For each player, the luggage they picked up from a row since their last turn began
    (B14), ascending: they may use it only from their next turn on. Public; always part
    of `exposed`."""
    draw: tuple[int, ...]
    """The face-down draw pile, ascending (no order exists)."""
    discard: tuple[int, ...]
    """The face-up cards of the discard pile, ascending."""
    buried: tuple[FaceDown, ...]
    """The face-down destination cards of the discard pile, by card then knowers."""
    removed: tuple[int, ...]
    """Cards out of the game face up (played plus-one cards), ascending."""
    stowed: tuple[int, ...]
    """Specials that left the game unseen at setup (B3; none with option
    ``specials_in_draw_pile=True``)."""
    reshuffled: bool
    """Whether the discard pile has been turned into the draw pile yet (B15). Until then
    the draw pile holds only cards left over from the deal: by default only luggage."""
    destinations: tuple[int | None, ...]
    """Each conveyor's face-down destination card, or ``None``."""
    knowers: tuple[frozenset[int], ...]
    """For each conveyor, the players who know its destination card (empty without one)."""
    rows: tuple[tuple[int, ...], ...]
    """Each conveyor's face-up row in play order (luggage, stars, arrows)."""
    star_values: tuple[tuple[int, ...], ...]
    """For each conveyor, the value (1–17) each star of its row stands for, in row order
    (B12)."""
    turn: int
    """Turns completed in the play stage; the active player is
    ``(first_player + turn) % players``."""
    main_done: bool
    """Whether the active player has taken the turn's main action."""
    special_used: bool
    """Whether the active player has played the turn's special card."""
    window: int | None
    """The conveyor of the open challenge window (B13), if any."""
    polled: int | None
    """The player asked to challenge or pass in the open window (never the active player)."""
    swap: tuple[int, int] | None
    """The swap in progress (B9), between its two steps: the conveyor whose destination
    card the active player took into hand, and that card (in their hand); the next
    decision puts another card of the hand there. ``None`` otherwise."""
    draws: tuple[int, ...]
    """Players still to draw one card each, in order (chance nodes)."""
    winner: int | None
    """The player who emptied their hand (B16), once the game is won."""

    @property
    def active(self) -> int:
        """The player whose turn it is (in the play stage)."""
        return (self.options.first_player + self.turn) % self.players

    def _repr_svg_(self) -> str:
        """Return the spectator's picture of this state, for Jupyter (see `svg`)."""
        return picture(self)
