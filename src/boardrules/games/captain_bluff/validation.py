"""Validation of Captain Bluff states loaded from untrusted data."""

from __future__ import annotations

from collections import Counter
from typing import NoReturn

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
from boardrules.games.captain_bluff.rows import analyse_row
from boardrules.games.captain_bluff.rules import (
    HAND_LIMIT_PLUS_ONE,
    MAX_OPEN_ROWS,
    deal_recipient,
    placements_needed,
)
from boardrules.games.captain_bluff.state import Stage, State

__all__ = ["validate_state"]


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
    window, pending draws, the winner, and knowledge (knowers are players; every face-down
    card is known to at least the player who put it there; exposed cards lie in their
    holder's hand; cards picked up are luggage and exposed, B14).
    """
    if not isinstance(state, State):
        _fail(f"expected a captain_bluff.State, got {type(state).__name__}")
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
        if state.destinations[v] is None:
            _fail(f"rows[{v}]: a row lies only at a conveyor with a destination card (B6)")
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
                state.draws, state.winner) != (0, False, False, None, None, (), None):
            _fail("setup: no turn has started yet")
        return
    _validate_play(state)


def _validate_deal(state: State, hand_sizes: list[int]) -> None:
    n = state.players
    if any(d is not None for d in state.destinations) or state.discard or state.buried or \
            state.removed or any(state.exposed) or any(state.picked_up) or any(state.rows):
        _fail("deal: only hands and the draw pile hold cards during the deal (B2)")
    if (state.turn, state.main_done, state.special_used, state.window, state.polled,
            state.draws, state.winner) != (0, False, False, None, None, (), None):
        _fail("deal: no turn has started yet")
    dealt = sum(hand_sizes)
    luggage_each, special_each = LUGGAGE_DEAL[n], SPECIAL_DEAL[n]
    if dealt >= (luggage_each + special_each) * n:
        _fail("deal: every card is dealt, so the stage must be 'place'")
    luggage_dealt = min(dealt, luggage_each * n)
    specials_dealt = dealt - luggage_dealt
    for p in range(n):
        lug = (luggage_dealt + n - 1 - p) // n
        spec = (specials_dealt + n - 1 - p) // n
        have_lug = sum(1 for c in state.hands[p] if c < LUGGAGE)
        if have_lug != lug or hand_sizes[p] - have_lug != spec:
            _fail(f"deal: player {p} should hold {lug} luggage and {spec} specials so far, "
                  "dealt one at a time in seat order (B2)")
    assert deal_recipient(state)  # the deal can continue


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
