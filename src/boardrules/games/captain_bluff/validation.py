"""Validation of Captain Bluff states loaded from untrusted data."""

from __future__ import annotations

from collections import Counter
from typing import Final, NoReturn

from boardrules._observations import check_count, check_witness, refuse, remainder, seat
from boardrules._owners import describe
from boardrules.errors import InvalidStateError
from boardrules.games.captain_bluff.cards import (
    CARDS,
    CONVEYORS,
    EYE,
    LUGGAGE,
    LUGGAGE_DEAL,
    PLUS_ONE,
    SPECIAL_DEAL,
    SPECIAL_KINDS,
    card_name,
)
from boardrules.games.captain_bluff.observe import Observation, _swap_candidates, observe
from boardrules.games.captain_bluff.rows import analyse_row
from boardrules.games.captain_bluff.rules import (
    HAND_LIMIT_PLUS_ONE,
    MAX_OPEN_ROWS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    deal_recipient,
    placements_needed,
)
from boardrules.games.captain_bluff.state import SPECIAL_TOTAL, FaceDown, Options, Stage, State

__all__ = ["validate_observation", "validate_state"]


def _fail(problem: str) -> NoReturn:
    raise InvalidStateError(f"state: {problem}")


def _multiset(name: str, cards: tuple[int, ...]) -> None:
    for c in cards:
        if not 0 <= c < CARDS:
            _fail(f"{name}: {c} is not a card code 0-{CARDS - 1}")
    if list(cards) != sorted(cards):
        _fail(f"{name}: cards must be in ascending order")


def _players(name: str, group: frozenset[int], n: int) -> None:
    for p in group:
        if not 0 <= p < n:
            _fail(f"{name}: no player {p} in a {n}-player game")


def validate_state(state: State) -> None:  # noqa: PLR0915 - one check per zone, in order
    """Raise `InvalidStateError` naming the first problem unless `state` is possible.

    Checks the player count and seats, every zone's cards, the conservation of the 65
    cards, the rows and the values of their stars (B6, B12), the stage (deal progress,
    setup placements), the draw pile (never empty while the discard pile is not, and
    before the first reshuffle only what setup left: B3, B15), whose turn it is and the
    turn's progress (the first turn before its main action included), the challenge
    window, pending draws, a swap in progress (B9), the winner, and knowledge (knowers
    are players; every face-down card is known to at least the player who put it there;
    exposed cards lie in their holder's hand; cards picked up are luggage and exposed,
    B14).
    """
    if not isinstance(state, State):
        _fail(f"expected a captain_bluff.State, got {describe(state)}")
    n = state.players
    if not 2 <= n <= 5:
        _fail(f"players: Captain Bluff is for 2 to 5 players, got {n}")
    options = state.options
    if options.first_player >= n:
        _fail(f"options.first_player: no seat {options.first_player} with {n} players")
    for name, size in (("hands", n), ("exposed", n), ("picked_up", n),
                       ("destinations", CONVEYORS), ("knowers", CONVEYORS), ("rows", CONVEYORS),
                       ("star_values", CONVEYORS)):
        if len(getattr(state, name)) != size:
            _fail(f"{name}: expected {size} entries, got {len(getattr(state, name))}")
    for p in range(n):
        _multiset(f"hands[{p}]", state.hands[p])
        _multiset(f"exposed[{p}]", state.exposed[p])
        if Counter(state.exposed[p]) - Counter(state.hands[p]):
            _fail(f"exposed[{p}]: cards known to be in player {p}'s hand are not in it")
        _multiset(f"picked_up[{p}]", state.picked_up[p])
        if any(c >= LUGGAGE for c in state.picked_up[p]):
            _fail(f"picked_up[{p}]: only luggage is picked up from a row (B14)")
        if Counter(state.picked_up[p]) - Counter(state.exposed[p]):
            _fail(f"picked_up[{p}]: the cards picked up are seen by all, so they must be in "
                  f"exposed[{p}] (B14)")
    for name in ("draw", "discard", "removed", "stowed"):
        _multiset(name, getattr(state, name))
    for v in range(CONVEYORS):
        d = state.destinations[v]
        if d is not None and not 0 <= d < CARDS:
            _fail(f"destinations[{v}]: {d} is not a card code")
        for c in state.rows[v]:
            if not 0 <= c < CARDS:
                _fail(f"rows[{v}]: {c} is not a card code")
    for i, f in enumerate(state.buried):
        if not 0 <= f.card < CARDS:
            _fail(f"buried[{i}]: {f.card} is not a card code")
    keys = [(f.card, tuple(sorted(f.known_by))) for f in state.buried]
    if keys != sorted(keys):
        _fail("buried: entries must be ordered by card, then knowers")

    # Conservation: every card exactly once (specials as often as the options say).
    expected: Counter[int] = Counter(range(LUGGAGE))
    for code, count in zip(SPECIAL_KINDS, options.specials.counts(), strict=True):
        expected[code] = count
    found: Counter[int] = Counter()
    for zone in (*state.hands, state.draw, state.discard, state.removed, state.stowed,
                 *state.rows):
        found.update(zone)
    found.update(f.card for f in state.buried)
    found.update(d for d in state.destinations if d is not None)
    if found != expected:
        extra = found - expected
        missing = expected - found
        parts = []
        if extra:
            parts.append("too many " + ", ".join(f"{card_name(c)} x{k}" for c, k in
                                                   sorted(extra.items())))
        if missing:
            parts.append("missing " + ", ".join(f"{card_name(c)} x{k}" for c, k in
                                                 sorted(missing.items())))
        _fail(f"card conservation: {'; '.join(parts)} (65 cards, B1)")
    if any(c != PLUS_ONE for c in state.removed):
        _fail("removed: only played plus_one cards leave the game face up (B12)")
    if PLUS_ONE in state.discard:
        _fail("discard: a played plus_one leaves the game and a destination card is discarded "
              "face down, so no plus_one lies face up in the discard pile (B10, B12)")
    if any(c < LUGGAGE for c in state.stowed):
        _fail("stowed: only special cards leave the game at setup (B3)")
    left_over = sum(options.specials.counts()) - SPECIAL_DEAL[n] * n
    if state.stage is not Stage.DEAL:
        want = 0 if options.specials_in_draw_pile else left_over
        if len(state.stowed) != want:
            _fail(f"stowed: expected {want} specials out of the game after the deal (B3)")
    elif state.stowed:
        _fail("stowed: no card leaves the game during the deal")
    if state.reshuffled and state.stage is not Stage.PLAY:
        _fail("reshuffled: the discard pile is reshuffled only during play (B15)")

    # Knowledge.
    for v in range(CONVEYORS):
        knowers = state.knowers[v]
        _players(f"knowers[{v}]", knowers, n)
        if state.destinations[v] is None and knowers:
            _fail(f"knowers[{v}]: nobody can know the destination of a conveyor without one")
        if state.destinations[v] is not None and not knowers:
            _fail(f"knowers[{v}]: the player who placed a destination card knows it")
    for i, f in enumerate(state.buried):
        _players(f"buried[{i}].known_by", f.known_by, n)
        if not f.known_by:
            _fail(f"buried[{i}].known_by: the player who placed the card knows it")

    # Rows.
    open_rows = 0
    for v in range(CONVEYORS):
        row = state.rows[v]
        if not row:
            if state.star_values[v]:
                _fail(f"star_values[{v}]: an empty row holds no star (B12)")
            continue
        open_rows += 1
        problem = analyse_row(row, state.star_values[v])
        if isinstance(problem, str):
            _fail(f"rows[{v}]: {problem} (B6, B12)")
        if state.destinations[v] is None and (state.swap is None or state.swap[0] != v):
            _fail(f"rows[{v}]: a row lies only at a conveyor with a destination card (B6; "
                  "a swap in progress leaves it without one for a moment, B9)")
    if open_rows > MAX_OPEN_ROWS:
        _fail(f"rows: {open_rows} rows are open, at most {MAX_OPEN_ROWS} (B6)")

    hand_sizes = [len(h) for h in state.hands]
    if state.stage is Stage.DEAL:
        _validate_deal(state, hand_sizes)
        return
    dealt = LUGGAGE_DEAL[n] + SPECIAL_DEAL[n]
    needed = placements_needed(n)
    if state.stage is Stage.PLACE:
        if open_rows or state.discard or state.buried or state.removed or any(state.exposed) \
                or any(state.picked_up):
            _fail("setup: no cards are played before every destination is placed (B4)")
        placed = CONVEYORS - state.destinations.count(None)
        if placed >= needed:
            _fail(f"setup: {placed} destinations placed, the game starts after {needed} (B4)")
        for p in range(n):
            mine = sum(1 for k in state.knowers if k == frozenset({p}))
            should = sum(1 for i in range(placed) if (options.first_player + i) % n == p)
            if mine != should or hand_sizes[p] != dealt - should:
                _fail(f"setup: player {p} must have placed {should} destination(s) known only "
                      f"to them and hold {dealt - should} cards (B4)")
            cards = list(state.hands[p]) + [d for d, k in zip(state.destinations, state.knowers,
                                                              strict=True)
                                            if d is not None and k == frozenset({p})]
            luggage = sum(1 for c in cards if c < LUGGAGE)
            if luggage != LUGGAGE_DEAL[n] or len(cards) - luggage != SPECIAL_DEAL[n]:
                _fail(f"setup: player {p}'s hand and placed destinations must be the "
                      f"{LUGGAGE_DEAL[n]} luggage and {SPECIAL_DEAL[n]} specials dealt (B2)")
        if (state.turn, state.main_done, state.special_used, state.window, state.polled,
                state.swap, state.draws, state.winner) != (0, False, False, None, None, None, (),
                                                           None):
            _fail("setup: no turn has started yet")
        return
    _validate_play(state)


def _validate_deal(state: State, hand_sizes: list[int]) -> None:
    n = state.players
    if any(d is not None for d in state.destinations) or state.discard or state.buried or \
            state.removed or any(state.exposed) or any(state.picked_up) or any(state.rows):
        _fail("deal: only hands and the draw pile hold cards during the deal (B2)")
    if (state.turn, state.main_done, state.special_used, state.window, state.polled,
            state.swap, state.draws, state.winner) != (0, False, False, None, None, None, (), None):
        _fail("deal: no turn has started yet")
    dealt = sum(hand_sizes)
    if dealt >= (LUGGAGE_DEAL[n] + SPECIAL_DEAL[n]) * n:
        _fail("deal: every card is dealt, so the stage must be 'place'")
    for p, (lug, spec) in enumerate(_dealt_so_far(n, dealt)):
        have_lug = sum(1 for c in state.hands[p] if c < LUGGAGE)
        if have_lug != lug or hand_sizes[p] - have_lug != spec:
            _fail(f"deal: player {p} should hold {lug} luggage and {spec} specials so far, "
                  "dealt one at a time in seat order (B2)")
    assert deal_recipient(state)  # the deal can continue


def _dealt_so_far(n: int, dealt: int) -> list[tuple[int, int]]:
    """Return each player's numbers of luggage and specials once `dealt` cards are dealt:
    the luggage first, then the specials, one card at a time in seat order (B2)."""
    luggage_dealt = min(dealt, LUGGAGE_DEAL[n] * n)
    specials_dealt = dealt - luggage_dealt
    return [((luggage_dealt + n - 1 - p) // n, (specials_dealt + n - 1 - p) // n)
            for p in range(n)]


def _validate_draw_pile(state: State) -> None:
    """Check the draw pile: it is never empty while the discard pile holds cards (B15);
    until the first reshuffle it only shrinks from what setup left, and holds no special
    if the specials left the game at setup (B3)."""
    if not state.draw and (state.discard or state.buried):
        _fail("draw: the draw pile is empty but the discard pile is not: it becomes the new "
              "draw pile as soon as the draw pile runs out (B15)")
    if state.reshuffled:
        return
    n = state.players
    options = state.options
    left = sum(options.specials.counts()) + LUGGAGE - len(state.stowed) - \
        (LUGGAGE_DEAL[n] + SPECIAL_DEAL[n]) * n
    if len(state.draw) > left:
        _fail(f"draw: {len(state.draw)} cards, but the deal left {left} and the discard "
              "pile has not been reshuffled into it (B3, B15)")
    if not options.specials_in_draw_pile and any(c >= LUGGAGE for c in state.draw):
        _fail("draw: without specials_in_draw_pile the draw pile holds only luggage "
              "until the discard pile is reshuffled into it (B3, B15)")


def _validate_play(state: State) -> None:
    n = state.players
    options = state.options
    _validate_draw_pile(state)
    limit = options.turn_limit
    if not 0 <= state.turn <= limit:
        _fail(f"turn: expected 0 to {limit}, got {state.turn}")
    active = state.active
    ended = state.turn >= limit
    window = state.window
    if ended and (state.main_done or state.special_used or window is not None or state.draws or
                  state.winner is not None):
        _fail("turn: the turn limit is reached, so no turn can be in progress (B17)")
    if state.turn == 0 and not state.main_done:
        _validate_first_turn(state)
    if (window is None) != (state.polled is None):
        _fail("window, polled: an open challenge window asks one player (B13)")
    if window is not None:
        assert state.polled is not None
        if not 0 <= window < CONVEYORS or not state.rows[window]:
            _fail("window: a challenge window needs the row just played on (B13)")
        if not 0 <= state.polled < n or state.polled == active:
            _fail("polled: the polled player must be another player (B13)")
        if not state.main_done:
            _fail("window: a challenge window opens only after the main action (B13)")
        if state.draws:
            _fail("draws: nobody draws while a challenge window is open")
    _validate_draws(state)
    if state.swap is not None:
        _validate_swap(state, state.swap)
    for p in range(n):
        if p != active and not state.hands[p]:
            _fail(f"hands[{p}]: only the active player can empty their hand (B16)")
    if state.winner is not None:
        if state.winner != active or state.hands[active] or window is not None or state.draws:
            _fail("winner: the active player wins with an empty hand after resolving (B16)")
    elif ended and not state.hands[active]:
        _fail(f"hands[{active}]: a player who empties their hand wins at once, so the turn "
              "limit cannot end the game with an empty hand (B16, B17)")
    elif not state.draws and window is None and not state.hands[active]:
        _fail(f"hands[{active}]: the active player's hand is empty, so they have won (B16)")


def _validate_swap(state: State, swap: tuple[int, int]) -> None:
    """Check a swap in progress (B9): the active player took the destination card of a
    conveyor that now has none into hand, nothing else has happened since, and the hand
    holds another usable card to put there."""
    v, card = swap
    active = state.active
    if not 0 <= v < CONVEYORS:
        _fail(f"swap: there is no conveyor {v}")
    if state.destinations[v] is not None:
        _fail(f"swap: the destination card of conveyor {v} was taken, so it has none until "
              "another card is put there (B9)")
    if not 0 <= card < CARDS:
        _fail(f"swap: {card} is not a card code")
    if card not in state.hands[active]:
        _fail(f"swap: the card taken, {card_name(card)}, must be in the active player's hand "
              "(B9)")
    if (not state.main_done or state.window is not None or state.draws
            or state.winner is not None or state.turn >= state.options.turn_limit):
        _fail("swap: a swap's two steps follow each other in the main action of a turn in "
              "progress (B9)")
    hand = list(state.hands[active])
    hand.remove(card)
    if all(c in state.picked_up[active] for c in hand):
        _fail(f"swap: player {active} holds no card but {card_name(card)} they may put down "
              "in its place (B9, B14)")


def _validate_draws(state: State) -> None:
    """Check the pending draws: whose they are (B7, B12) and that the pile can serve the
    first (B12, B15)."""
    n = state.players
    active = state.active
    draws = state.draws
    for p in draws:
        if not 0 <= p < n:
            _fail(f"draws: no player {p}")
    if not draws:
        return
    if not state.draw:
        _fail("draws: a draw is pending but the draw pile is empty (B15: reshuffle first)")
    if draws[0] != active and state.draw[0] >= LUGGAGE:
        _fail("draws: a plus-one's draw is pending but the draw pile holds no luggage, "
              "so it is skipped (B12)")
    if len(set(draws)) != len(draws):
        _fail("draws: a player draws at most once at a time")
    if draws == (active,):
        if not state.main_done:
            _fail("draws: the active player draws only after setting a destination (B7)")
    elif active in draws or not state.special_used or PLUS_ONE not in state.removed:
        _fail("draws: only a plus-one card makes the other players draw (B12)")
    elif any(len(state.hands[p]) >= HAND_LIMIT_PLUS_ONE for p in draws):
        _fail("draws: a plus-one card makes only players with fewer than 5 cards draw (B12)")
    elif [(p - active) % n for p in draws] != sorted((p - active) % n for p in draws):
        _fail("draws: after a plus-one the other players draw in seat order from the "
              "active player's left (B12)")


def _validate_first_turn(state: State) -> None:
    """Check the first turn before its main action (B5): no row exists yet, so the only
    possible special is an eye or a plus-one, and nothing else has left a hand."""
    if any(state.rows) or state.buried or state.reshuffled or any(state.exposed):
        _fail("turn 0: before the first main action no card is played, discarded, picked up "
              "or reshuffled (B5)")
    placed = CONVEYORS - state.destinations.count(None)
    if placed != placements_needed(state.players):
        _fail(f"turn 0: before the first main action the {placements_needed(state.players)} "
              f"destinations of setup lie at the conveyors, found {placed} (B4, B5)")
    special = state.discard + state.removed
    if special not in ((), (EYE,), (PLUS_ONE,)) or bool(special) != state.special_used:
        _fail("turn 0: before the first main action the only card played can be the turn's "
              "special, an eye (discarded) or a plus_one (removed) (B5, B12)")


_SHAPES: dict[str, int | None] = {
    "hand_sizes": None, "exposed": None, "picked_up": None, "has_destination": CONVEYORS,
    "destinations": CONVEYORS, "knowers": CONVEYORS, "rows": CONVEYORS,
    "star_values": CONVEYORS,
}
"""The number of entries of each indexed field of an observation (``None``: one per player)."""

_ALL_CARDS: Final = LUGGAGE + SPECIAL_TOTAL
"""The 65 cards of the game (B1)."""

_Slot = tuple[str, int]
"""A place of hidden cards in the witness: ``("hand", p)``, ``("draw", 0)``, ``("dest", v)``,
``("buried", i)`` or ``("stowed", 0)``."""


def validate_observation(observation: Observation) -> None:
    """Raise `InvalidStateError` naming the first problem unless `observation` is possible.

    An observation is possible when some state `validate_state` accepts shows exactly
    it to its observer (B18). Checked first, on the observation: 2 to 5 players, the
    observer a seat or ``None`` (a spectator, who sees no hand); one entry per player
    (hand sizes, exposed and picked-up cards) and per conveyor (destinations, who knows
    them, rows, star values); hand sizes, the draw pile and the stowed specials within
    the 65 cards, and no more cards known in a hand than it holds; every card written
    is a card code; no card is shown more often than the options' 65 cards hold it, and
    the cards not shown fill exactly the hidden places — the other hands beyond their
    exposed cards, the draw pile, the destinations and face-down discards the observer
    does not know, the stowed specials (B1). Then a *witness* state is built, the hidden
    places filled from those cards, and judged by `validate_state` (the rows and their
    star values, the stage, the deal and setup, the draw pile, the turn and its progress,
    the challenge window, pending draws, the winner, knowledge, picked-up cards). Last,
    `observe` of the witness must give back the observation: the observer's own hand
    and every destination and face-down discard they know show, the others do not, in
    the order `observe` writes them. The rules look at hidden cards only for whether
    they are luggage or specials, and the witness fills first what must be one or the
    other: the stowed specials (B3), the draw pile's luggage until the first reshuffle
    (B3, B15) or the one luggage card a pending plus-one draw needs (B12), each
    player's share of the deal and, during setup, of their hand and placed destinations
    together (B2, B4); so it exists whenever any possible state does. A swap in progress
    (B9) names a conveyor, and the card taken exactly when the observer is the active
    player; the witness's card taken is that card, else one of the active player's hidden
    cards.
    """
    o = observation
    if not isinstance(o, Observation):
        refuse("observation", f"expected a captain_bluff.Observation, got {describe(o)}")
    n = o.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        refuse("observation.players", f"Captain Bluff is for {MIN_PLAYERS} to {MAX_PLAYERS} "
               f"players, got {n}")
    seat(o.player, n)
    for field, size in _SHAPES.items():
        want = n if size is None else size
        if len(getattr(o, field)) != want:
            refuse(f"observation.{field}", f"expected {want} entries")
    if (o.hand is None) != (o.player is None):
        refuse("observation.hand", "a player sees their own hand, a spectator none")
    for p, size in enumerate(o.hand_sizes):
        check_count(size, _ALL_CARDS, f"observation.hand_sizes[{p}]")
        if p != o.player and len(o.exposed[p]) > size:
            refuse(f"observation.exposed[{p}]", f"{len(o.exposed[p])} cards known in a hand "
                   f"of {size}")
    check_count(o.draw_size, _ALL_CARDS, "observation.draw_size")
    check_count(o.stowed_size, SPECIAL_TOTAL, "observation.stowed_size")
    known = _shown_cards(o)
    whole = [*range(LUGGAGE), *(code for code, count in zip(
        SPECIAL_KINDS, o.options.specials.counts(), strict=True) for _ in range(count))]
    pool = remainder(whole, known, "observation", "the 65 cards")
    slots = _hidden_slots(o)
    hidden = sum(slots.values())
    if len(pool) != hidden:
        refuse("observation", f"{len(pool)} cards are not shown, but {hidden} lie hidden in "
               "the other hands, the draw pile, unknown destinations and face-down discards "
               "and the stowed specials (65 cards, B1)")
    filled = _fill(o, slots, pool)
    hands = tuple(o.hand if p == o.player and o.hand is not None
                  else tuple(sorted(o.exposed[p] + filled["hand", p])) for p in range(n))
    swap = _witness_swap(o, filled)
    destinations = tuple(
        (filled["dest", v][0] if ("dest", v) in filled else o.destinations[v])
        for v in range(CONVEYORS))
    buried = sorted((FaceDown(filled["buried", i][0] if b.card is None else b.card, b.known_by)
                     for i, b in enumerate(o.buried)),
                    key=lambda f: (f.card, sorted(f.known_by)))
    witness = State(
        options=o.options, players=n, stage=o.stage, hands=hands, exposed=o.exposed,
        picked_up=o.picked_up, draw=filled["draw", 0], discard=o.discard, buried=tuple(buried),
        removed=o.removed, stowed=filled["stowed", 0], reshuffled=o.reshuffled,
        destinations=destinations, knowers=o.knowers, rows=o.rows, star_values=o.star_values,
        turn=o.turn, main_done=o.main_done, special_used=o.special_used, window=o.window,
        polled=o.polled, swap=swap, draws=o.draws, winner=o.winner)
    check_witness(validate_state, observe, witness, o, player=o.player)


def _witness_swap(o: Observation, filled: dict[_Slot, tuple[int, ...]]
                  ) -> tuple[int, int] | None:
    """Return the witness's swap in progress (B9): the observation's; the card taken, if the
    observer does not see it, one `resample` could draw there."""
    swap = o.swap
    if swap is None:
        return None
    if type(swap[0]) is not int or not 0 <= swap[0] < CONVEYORS:
        refuse("observation.swap", f"{swap[0]!r} is not a conveyor")
    active = (o.options.first_player + o.turn) % o.players
    if swap[1] is not None:
        return swap[0], swap[1]  # `observe` of the witness tells whether it may be seen
    if o.player == active:
        refuse("observation.swap", "the active player sees the card they took")
    held = _swap_candidates(filled.get(("hand", active), ()), o.exposed[active])
    if not held:
        refuse("observation.swap", f"player {active} holds no card the swap can have taken "
               "(B9)")
    return swap[0], held[0]


def _shown_cards(o: Observation) -> list[int]:
    """Return every card the observation shows, once per copy (the exposed cards of the
    observer's hand are in the hand, and picked-up cards are among the exposed ones);
    refuse a code that is no card."""
    zones: list[tuple[str, tuple[int | None, ...]]] = [
        ("discard", o.discard), ("removed", o.removed), ("destinations", o.destinations),
        ("buried", tuple(b.card for b in o.buried))]
    if o.hand is not None:
        zones.append(("hand", o.hand))
    zones += [(f"exposed[{p}]", cards) for p, cards in enumerate(o.exposed) if p != o.player]
    zones += [(f"rows[{v}]", row) for v, row in enumerate(o.rows)]
    out: list[int] = []
    for name, cards in zones:
        for j, card in enumerate(cards):
            if card is None:
                continue
            if not 0 <= card < CARDS:
                where = f"buried[{j}].card" if name == "buried" else f"{name}[{j}]"
                refuse(f"observation.{where}", f"{card} is not a card code 0-{CARDS - 1}")
            out.append(card)
    for p, cards in enumerate(o.picked_up):
        for j, card in enumerate(cards):
            if not 0 <= card < CARDS:
                refuse(f"observation.picked_up[{p}][{j}]",
                       f"{card} is not a card code 0-{CARDS - 1}")
    return out


def _hidden_slots(o: Observation) -> dict[_Slot, int]:
    """Return the places of the cards the observer does not see, with their sizes."""
    slots: dict[_Slot, int] = {("draw", 0): o.draw_size, ("stowed", 0): o.stowed_size}
    for p in range(o.players):
        if p != o.player:
            slots["hand", p] = o.hand_sizes[p] - len(o.exposed[p])
    for v in range(CONVEYORS):
        if o.has_destination[v] and o.destinations[v] is None:
            slots["dest", v] = 1
    for i, b in enumerate(o.buried):
        if b.card is None:
            slots["buried", i] = 1
    return slots


def _fill(o: Observation, slots: dict[_Slot, int], pool: list[int]) -> dict[_Slot, tuple[int, ...]]:
    """Return the witness's cards of each hidden place, dealt from `pool`.

    The rules tell hidden cards apart only as luggage or specials, and some places must
    hold so many of each (see `_luggage_bounds`). Each such group first takes its fewest
    luggage and fewest specials, then every group fills up with what is left: this meets
    all the bounds whenever the pool can, and otherwise `validate_state` names the place
    that could not get what it needs.
    """
    groups = _luggage_bounds(o, slots)
    luggage = [c for c in pool if c < LUGGAGE]
    specials = [c for c in pool if c >= LUGGAGE]
    dealt: list[list[int]] = []
    for members, low, high in groups:
        size = sum(slots[s] for s in members)
        take_luggage = min(low, len(luggage))
        take_specials = min(size - high, len(specials))
        dealt.append(luggage[:take_luggage] + specials[:take_specials])
        del luggage[:take_luggage], specials[:take_specials]
    rest = luggage + specials
    filled: dict[_Slot, tuple[int, ...]] = {}
    for (members, _, _), minimum in zip(groups, dealt, strict=True):
        missing = sum(slots[s] for s in members) - len(minimum)
        cards = minimum + rest[:missing]
        del rest[:missing]
        start = 0
        for s in members:
            filled[s] = tuple(sorted(cards[start:start + slots[s]]))
            start += slots[s]
    return filled


def _luggage_bounds(o: Observation,
                    slots: dict[_Slot, int]) -> list[tuple[list[_Slot], int, int]]:
    """Return the hidden places in groups, each with the fewest and most luggage cards it
    may hold; every place is in one group.

    The places the rules bound: the stowed cards are specials (B3); until the first
    reshuffle the draw pile holds luggage only, unless option ``specials_in_draw_pile``
    (B3, B15), and while a plus-one's draw is pending at least one luggage card (B12);
    during the deal each hand holds its share of luggage and specials (B2), and during
    setup each hand together with the destinations its player placed holds what was
    dealt (B4). A group whose known cards already exceed its share gets bounds it cannot
    meet either way; `validate_state` then refuses the witness.
    """
    n = o.players
    options: Options = o.options
    draw_size = slots["draw", 0]
    groups: list[tuple[list[_Slot], int, int]] = [([("stowed", 0)], 0, 0)]
    if o.stage is Stage.PLAY and not o.reshuffled and not options.specials_in_draw_pile:
        groups.append(([("draw", 0)], draw_size, draw_size))
    elif (o.stage is Stage.PLAY and o.draws
          and o.draws[0] != (options.first_player + o.turn) % n):
        groups.append(([("draw", 0)], min(1, draw_size), draw_size))
    else:
        groups.append(([("draw", 0)], 0, draw_size))
    grouped = {("stowed", 0), ("draw", 0)}
    if o.stage is not Stage.PLAY:
        shares = (_dealt_so_far(n, sum(o.hand_sizes)) if o.stage is Stage.DEAL
                  else [(LUGGAGE_DEAL[n], SPECIAL_DEAL[n])] * n)
        for p, (lug, spec) in enumerate(shares):
            if p == o.player:
                continue
            members: list[_Slot] = [("hand", p)]
            known = list(o.exposed[p])
            if o.stage is Stage.PLACE:
                mine = [v for v in range(CONVEYORS) if o.knowers[v] == frozenset({p})]
                members += [("dest", v) for v in mine if ("dest", v) in slots]
                known += [c for v in mine if (c := o.destinations[v]) is not None]
            size = sum(slots[s] for s in members)
            known_luggage = sum(1 for c in known if c < LUGGAGE)
            low = min(max(lug - known_luggage, 0), size)
            high = max(min(size - (spec - (len(known) - known_luggage)), size), low)
            groups.append((members, low, high))
            grouped.update(members)
    groups += [([s], 0, slots[s]) for s in slots if s not in grouped]
    return groups
