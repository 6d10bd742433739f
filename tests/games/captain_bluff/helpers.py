"""Helpers for Captain Bluff tests: build positions from card names, deal chosen cards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from boardrules import CHANCE
from boardrules.errors import InvalidStateError
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import FaceDown, Options, Stage, State
from boardrules.games.captain_bluff.cards import LUGGAGE_DEAL, SPECIAL_DEAL

C = cb.card_code


def codes(names: Iterable[str] | str) -> tuple[int, ...]:
    """Return the sorted codes of card names (a string is split on spaces)."""
    if isinstance(names, str):
        names = names.split()
    return tuple(sorted(C(n) for n in names))


def ordered(names: str) -> tuple[int, ...]:
    """Return the codes of space-separated card names in the given order (``star=7`` is a
    star)."""
    return tuple(C(n.partition("=")[0]) for n in names.split())


def star_values(names: str) -> tuple[int, ...]:
    """Return the values of the stars of a row written ``r5 r6 star=7``, in row order."""
    return tuple(int(n.partition("=")[2]) for n in names.split() if n.startswith("star"))


def full_deck(options: Options) -> Counter[int]:
    deck: Counter[int] = Counter(range(cb.LUGGAGE))
    for code, count in zip((cb.STAR, cb.ARROWS, cb.EYE, cb.PLUS_ONE),
                           options.specials.counts(), strict=True):
        deck[code] = count
    return deck


def position(
    hands: Sequence[str],
    *,
    destinations: Mapping[int, str] | None = None,
    knowers: Mapping[int, Iterable[int]] | None = None,
    rows: Mapping[int, str] | None = None,
    turn: int | None = None,
    main_done: bool = False,
    special_used: bool = False,
    window: int | None = None,
    polled: int | None = None,
    draw: str | None = None,
    discard: str = "",
    buried: Sequence[tuple[str, Iterable[int]]] = (),
    exposed: Sequence[str] | None = None,
    picked_up: Sequence[str] | None = None,
    options: Options | None = None,
    reshuffled: bool | None = None,
) -> State:
    """Return a validated play-stage position; cards not placed go to the draw pile.

    Rows are written in play order, a star with the value it stands for (``r5 r6 star=7``).
    The specials left out of the game at setup (B3, unless option
    ``specials_in_draw_pile``) are taken from the cards not placed. With `draw` given, the
    other cards left over go to the face-up discard pile instead (a plus-one out of the
    game). Cards in `picked_up` are exposed too (B14).
    Destinations are known to player 0 unless `knowers` says otherwise. Without `turn`,
    the position is the first turn if it can be, else a full round later (same active
    player). Without `reshuffled`, the discard pile counts as reshuffled (B15) exactly
    when the draw pile holds more cards than setup left, or a special that B3 kept out
    of it.
    """
    options = options or Options()
    n = len(hands)
    hand_codes = tuple(codes(h) for h in hands)
    dests: list[int | None] = [None] * cb.CONVEYORS
    know: list[frozenset[int]] = [frozenset()] * cb.CONVEYORS
    for v, name in (destinations or {}).items():
        dests[v] = C(name)
        know[v] = frozenset((knowers or {}).get(v, (0,)))
    row_codes: list[tuple[int, ...]] = [()] * cb.CONVEYORS
    stars: list[tuple[int, ...]] = [()] * cb.CONVEYORS
    for v, names in (rows or {}).items():
        row_codes[v] = ordered(names)
        stars[v] = star_values(names)
    buried_cards = tuple(sorted((FaceDown(C(name), frozenset(k)) for name, k in buried),
                                key=lambda f: (f.card, tuple(sorted(f.known_by)))))
    used: Counter[int] = Counter()
    for cards in (*hand_codes, *row_codes, [d for d in dests if d is not None],
                  [f.card for f in buried_cards]):
        used.update(cards)
    draw_codes, discard_codes, removed, stowed = _piles(options, n, used, draw, discard)
    if reshuffled is None:
        after_setup = sum(full_deck(options).values()) - len(stowed) - \
            (LUGGAGE_DEAL[n] + SPECIAL_DEAL[n]) * n
        reshuffled = len(draw_codes) > after_setup or (
            not options.specials_in_draw_pile and any(c >= cb.LUGGAGE for c in draw_codes))

    picked = tuple(codes(p) for p in picked_up) if picked_up else ((),) * n
    known = tuple(codes(e) for e in exposed) if exposed else ((),) * n
    known = tuple(tuple(sorted(k + p)) for k, p in zip(known, picked, strict=True))

    def build(turn: int) -> State:
        return State(
            options=options, players=n, stage=Stage.PLAY, hands=hand_codes, exposed=known,
            picked_up=picked, draw=draw_codes, discard=discard_codes, buried=buried_cards,
            removed=removed, stowed=stowed, reshuffled=reshuffled, destinations=tuple(dests),
            knowers=tuple(know), rows=tuple(row_codes), star_values=tuple(stars), turn=turn,
            main_done=main_done, special_used=special_used, window=window, polled=polled,
            swap=None, draws=(), winner=None,
        )

    if turn is None:
        state = build(0)
        try:
            cb.validate_state(state)
        except InvalidStateError:
            turn = n  # not a possible first turn (B5): a round later, same active player
        else:
            return state
    state = build(turn)
    cb.validate_state(state)
    return state


def _piles(
    options: Options, n: int, used: Counter[int], draw: str | None, discard: str
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Return the draw pile, discard pile, removed plus-ones and stowed specials of a
    `position` whose other zones hold the cards `used`."""
    discard_codes = codes(discard)
    used = used + Counter(discard_codes)
    rest = full_deck(options) - used
    assert not (used - full_deck(options)), f"cards used twice: {used - full_deck(options)}"
    if draw is not None:
        rest -= Counter(codes(draw))
    stowed: tuple[int, ...] = ()
    if not options.specials_in_draw_pile:
        left = sum(options.specials.counts()) - SPECIAL_DEAL[n] * n
        stowed = tuple(sorted(c for c in rest.elements() if c >= cb.LUGGAGE))[:left]
        rest -= Counter(stowed)
    if draw is None:
        draw_codes = tuple(sorted(rest.elements()))
    else:
        draw_codes = codes(draw)
        discard_codes = tuple(sorted(discard_codes + tuple(rest.elements())))
    # A played plus-one leaves the game face up; none lies face up in the discard pile.
    removed = tuple(c for c in discard_codes if c == cb.PLUS_ONE)
    discard_codes = tuple(c for c in discard_codes if c != cb.PLUS_ONE)
    return draw_codes, discard_codes, removed, stowed


def deal(
    luggage: Sequence[str], specials: Sequence[str], options: Options | None = None
) -> State:
    """Deal the chosen cards through the public API: one `Draw` per card in deal order."""
    n = len(luggage)
    state = cb.new_game(n, options)
    hands_l = [ordered(h) for h in luggage]
    hands_s = [ordered(h) for h in specials]
    for i in range(len(hands_l[0])):
        for p in range(n):
            state = cb.apply(state, cb.Draw(hands_l[p][i]))
    for i in range(len(hands_s[0])):
        for p in range(n):
            state = cb.apply(state, cb.Draw(hands_s[p][i]))
    return state


def play(state: State, *texts: str) -> State:
    """Apply actions given in notation, checking each."""
    for text in texts:
        state = cb.apply(state, cb.parse_action(state, text))
    return state


def legal(state: State) -> list[str]:
    """Return the legal actions in notation."""
    return [str(a) for a in cb.legal_actions(state)]


def stars(state: State) -> list[str]:
    """Return the legal star plays in notation."""
    return [a for a in legal(state) if a.startswith("star")]


def turn_states(options: Options, players: int, seed: int) -> list[State]:
    """Return the states of one random game where the active player acts in their turn."""
    rng = random.Random(seed)
    state, out = cb.new_game(players, options), []
    while not cb.is_terminal(state):
        if cb.to_move(state) is CHANCE:
            state = cb.apply_unchecked(state, cb.sample_chance(state, rng))
            continue
        legal = cb.legal_actions(state)
        if state.stage is Stage.PLAY and state.window is None:
            out.append(state)
        state = cb.apply_unchecked(state, legal[rng.randrange(len(legal))])
    return out
