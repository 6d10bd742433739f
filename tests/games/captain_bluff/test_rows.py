"""Captain Bluff rows: what `analyse_row`, `row_info` and `star_choices` say of a row,
exactly (B6 runs, B12 stars and arrows, B14 pick-ups)."""

from __future__ import annotations

import pytest

from boardrules import InvalidNotationError
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import ARROWS, EYE, STAR, RowInfo, analyse_row, star_choices
from tests.games.captain_bluff.helpers import C

STAR_RULE = ("there (B12: the next value in the row's direction, either neighbour without a "
             "direction, any value after arrows; within 1-17)")

VALID: list[tuple[str, tuple[int, ...], tuple[int, ...], RowInfo]] = [
    ("B6-one-card", (C("r4"),), (), RowInfo(0, 4, 0, False, 0)),
    ("B6-lowest", (C("r1"),), (), RowInfo(0, 1, 0, False, 0)),
    ("B6-up", (C("r4"), C("r5"), C("r6")), (), RowInfo(0, 6, 1, False, 2)),
    ("B6-down", (C("r5"), C("r4"), C("r3")), (), RowInfo(0, 3, -1, False, 2)),
    ("B6-up-to-17", (C("r16"), C("r17")), (), RowInfo(0, 17, 1, False, 1)),
    ("B6-down-to-1", (C("r2"), C("r1")), (), RowInfo(0, 1, -1, False, 1)),
    ("B6-blue-down", (C("b17"), C("b16")), (), RowInfo(2, 16, -1, False, 1)),
    ("B12-arrows-reverse", (C("r4"), C("r5"), ARROWS), (), RowInfo(0, 5, -1, True, 0)),
    ("B12-any-value-after-arrows", (C("r4"), C("r5"), ARROWS, C("r11")), (),
     RowInfo(0, 11, -1, False, 1)),
    ("B12-new-direction-after-arrows", (C("r4"), C("r5"), ARROWS, C("r11"), C("r10")), (),
     RowInfo(0, 10, -1, False, 2)),
    ("B12-arrows-before-a-direction", (C("r4"), ARROWS), (), RowInfo(0, 4, 0, True, 0)),
    ("B12-direction-set-after-arrows", (C("r4"), ARROWS, C("r11"), C("r12")), (),
     RowInfo(0, 12, 1, False, 2)),
    ("B12-star-down-sets-direction", (C("r4"), STAR), (3,), RowInfo(0, 3, -1, False, 0)),
    ("B12-star-up-sets-direction", (C("r4"), STAR), (5,), RowInfo(0, 5, 1, False, 0)),
    ("B12-star-on-r1", (C("r1"), STAR), (2,), RowInfo(0, 2, 1, False, 0)),
    ("B12-star-on-r17", (C("r17"), STAR), (16,), RowInfo(0, 16, -1, False, 0)),
    ("B12-star-after-arrows", (C("r4"), C("r5"), ARROWS, STAR), (9,),
     RowInfo(0, 9, -1, False, 0)),
    ("B12-arrows-after-a-star", (C("r4"), C("r5"), STAR, ARROWS), (6,),
     RowInfo(0, 6, -1, True, 0)),
    ("B14-pick-after-the-last-special", (C("r4"), C("r5"), STAR, C("r7"), C("r8")), (6,),
     RowInfo(0, 8, 1, False, 2)),
]

INVALID: list[tuple[str, tuple[int, ...], tuple[object, ...], str]] = [
    ("empty", (), (), "an empty row"),
    ("B6-starts-with-a-star", (STAR,), (), "card 0 (star): a row starts with a luggage card"),
    ("B6-starts-with-no-card", (55,), (), "card 0 (55): a row starts with a luggage card"),
    ("B6-starts-with-a-negative", (-1,), (), "card 0 (-1): a row starts with a luggage card"),
    ("B12-star-without-value", (C("r4"), STAR), (),
     "1 star(s) in the row but 0 star value(s)"),
    ("B12-value-without-star", (C("r4"),), (5,), "0 star(s) in the row but 1 star value(s)"),
    ("B6-gap", (C("r4"), C("r6")), (),
     "card 1 (r6): expected value 5 or 3 after r4 (steps of exactly 1)"),
    ("B6-turn-back", (C("r5"), C("r4"), C("r5")), (),
     "card 2 (r5): expected value 3 (steps of exactly 1 in the row's direction)"),
    ("B6-one-destination", (C("r4"), C("g5")), (), "card 1 (g5): a row holds one destination"),
    ("B12-star-off-the-run", (C("r4"), STAR), (7,), f"card 1 (star): it cannot stand for 7 "
     f"{STAR_RULE}"),
    ("B12-star-against-the-direction", (C("r4"), C("r5"), STAR), (4,),
     f"card 2 (star): it cannot stand for 4 {STAR_RULE}"),
    ("B12-star-value-no-number", (C("r4"), STAR), ("5",),
     f"card 1 (star): it cannot stand for '5' {STAR_RULE}"),
    ("B12-star-beyond-17", (C("r16"), C("r17"), STAR), (18,),
     f"card 2 (star): it cannot stand for 18 {STAR_RULE}"),
    ("B12-eye-in-a-row", (C("r4"), EYE), (), "card 1: eye cannot lie in a row"),
    ("no-card", (C("r4"), 60), (), "card 1: 60 cannot lie in a row"),
    ("no-card-just-above-the-codes", (C("r4"), 55), (), "card 1: 55 cannot lie in a row"),
    ("negative-card", (C("r4"), -2), (), "card 1: -2 cannot lie in a row"),
]


@pytest.mark.parametrize(("row", "stars", "info"), [c[1:] for c in VALID],
                         ids=[c[0] for c in VALID])
def test_valid_rows(row: tuple[int, ...], stars: tuple[int, ...], info: RowInfo) -> None:
    assert analyse_row(row, stars) == info
    assert cb.row_info(row, stars) == info


@pytest.mark.parametrize(("row", "stars", "reason"), [c[1:] for c in INVALID],
                         ids=[c[0] for c in INVALID])
def test_invalid_rows_name_the_problem(row: tuple[int, ...], stars: tuple[int, ...],
                                       reason: str) -> None:
    assert analyse_row(row, stars) == reason
    if row and row.count(STAR) == len(stars):
        with pytest.raises(ValueError) as err:
            cb.row_info(row, stars)
        assert str(err.value) == f"invalid row {row} with star values {stars}: {reason}"


@pytest.mark.parametrize(("info", "values"), [
    (RowInfo(0, 5, 1, False, 0), [6]),
    (RowInfo(0, 5, -1, False, 0), [4]),
    (RowInfo(0, 17, 1, False, 0), []),
    (RowInfo(0, 1, -1, False, 0), []),
    (RowInfo(0, 5, 0, False, 0), [4, 6]),
    (RowInfo(0, 1, 0, False, 0), [2]),
    (RowInfo(0, 17, 0, False, 0), [16]),
    (RowInfo(0, 2, 0, False, 0), [1, 3]),  # both neighbours next to the ends of 1-17
    (RowInfo(0, 16, 0, False, 0), [15, 17]),
    (RowInfo(0, 5, 1, True, 0), list(range(1, 18))),
    (RowInfo(0, 16, 1, False, 0), [17]),
    (RowInfo(0, 2, -1, False, 0), [1]),
])
def test_B12_star_choices(info: RowInfo, values: list[int]) -> None:
    """B12: the next value in the row's direction, either neighbour without a direction,
    any value after arrows; always within 1-17."""
    assert list(star_choices(info)) == values


def test_B1_card_codes_of_luggage() -> None:
    """B1: 51 luggage cards, red, green and blue, values 1-17, codes 0-50; then the four
    specials: every code's destination, value and name agree with `luggage`."""
    codes = [cb.luggage(d, v) for d in range(3) for v in range(1, 18)]
    assert codes == list(range(51))
    assert (cb.luggage(0, 1), cb.luggage(1, 5), cb.luggage(2, 17)) == (0, 21, 50)
    for code in codes:
        d, v = cb.destination_of(code), cb.value_of(code)
        assert cb.luggage(d, v) == code and cb.is_luggage(code)
        assert cb.card_name(code) == f"{'rgb'[d]}{v}" and cb.card_code(f"{'rgb'[d]}{v}") == code
    assert [cb.is_luggage(c) for c in (50, 51, 52, 53, 54)] == [True, False, False, False, False]
    assert (cb.destination_of(C("g17")), cb.value_of(C("g17"))) == (1, 17)


def test_card_code_refuses_an_unknown_name() -> None:
    with pytest.raises(InvalidNotationError) as err:
        cb.card_code(" r18 ")
    assert err.value.text == " r18 "
    assert str(err.value) == ("cannot read action ' r18 ': expected a card such as 'r5', "
                              "'g17', 'b1', 'star', 'arrows', 'eye', 'plus_one'")
    assert cb.card_code(" G5 ") == C("g5")
