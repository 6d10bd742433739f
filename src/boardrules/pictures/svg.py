"""SVG primitives shared by the games' pictures (private).

Every game draws its observations with a `Drawing`: rectangles, circles, lines, paths
and text, plus the pieces card games share — a card face, a card back, a face-down
pile with its size, a badge, a header and a legend. The output is a standalone SVG
document:

* **standalone** — no external fonts, images, scripts or style sheets; only the generic
  font family ``sans-serif``; no ``id`` attributes either, so many pictures can sit in
  one HTML page (a Jupyter notebook) without clashing;
* **deterministic** — the same calls give the same bytes on every platform: numbers are
  written by `num` (integers as such, other numbers with at most two decimals), never by
  ``repr``; the callers iterate over tuples and sorted sets only, never over a set;
* **escaped** — every text and attribute value goes through `_text` / `_attr`, which
  escape ``& < > "`` and replace characters XML cannot hold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from types import UnionType
from typing import Final

from boardrules._owners import wrong_game
from boardrules.errors import InvalidArgumentError, quote

__all__ = ["FONT", "HIGHLIGHT", "MIN_FONT", "SVG_NS", "Drawing", "expect", "fit", "num",
           "plural", "text_width", "wrap"]

SVG_NS: Final = "http://www.w3.org/2000/svg"
"""The SVG namespace."""
FONT: Final = "sans-serif"
"""The only font family used: the reader's own sans-serif font."""
HIGHLIGHT: Final = "#ff7a00"
"""The colour that marks the place of the last move, in every game."""
MIN_FONT: Final = 11
"""The smallest font size of any text, in pixels at the picture's natural size: `fit`
never shrinks below it, and the tests and the screenshot stage check every picture."""
_CHAR_WIDTH: Final = 0.6
"""Average advance of a character in em for common sans-serif fonts (DejaVu Sans is the
widest of them, about 0.6 em): used to keep labels inside their boxes."""
_BAD_CHARS: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_UNSAFE: Final = re.compile('[&<>"\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]')
_ESCAPES: Final = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})

# The five points of a unit star (outer radius 1, inner 0.4), clockwise from the top:
# written out so that no platform's trigonometry can change a byte of the output.
_STAR: Final = (
    (0.0, -1.0), (0.235, -0.324), (0.951, -0.309), (0.38, 0.124), (0.588, 0.809),
    (0.0, 0.4), (-0.588, 0.809), (-0.38, 0.124), (-0.951, -0.309), (-0.235, -0.324),
)


def num(value: float) -> str:
    """Return a number as SVG writes it: an integer as is, otherwise at most two decimals.

    >>> num(3), num(2.5), num(1 / 3), num(-0.001), num(True)
    ('3', '2.5', '0.33', '0', '1')
    """
    if isinstance(value, int):
        return str(int(value))
    if value.is_integer():
        return str(int(value))
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(value: str) -> str:
    """Escape text for XML; characters XML cannot hold become ``?``."""
    if _UNSAFE.search(value) is None:  # the usual case, and much faster
        return value
    return _BAD_CHARS.sub("?", value).translate(_ESCAPES)


def _attr(name: str, value: str | float) -> str:
    if isinstance(value, str):
        return f' {name}="{_text(value)}"'
    return f' {name}="{num(value)}"'


def expect(game: str, observation: object, cls: type, last_move: object,
           actions: type | UnionType) -> None:
    """Raise `WrongGameError` unless `observation` is an instance of `cls`, the observation
    class of `game` (a picture is drawn from an observation, never from a state), and
    `last_move` is ``None`` or an action of `game` (an instance of `actions`)."""
    if not isinstance(observation, cls):
        raise wrong_game(f"{game}.svg", f"{game}.Observation (from observe)", observation)
    if last_move is not None and not isinstance(last_move, actions):
        raise wrong_game(f"{game}.svg last_move", f"{game} action or None", last_move)


def text_width(text: str, size: float) -> float:
    """Return the estimated width of `text` at font size `size` (sans-serif)."""
    return len(text) * size * _CHAR_WIDTH


def fit(text: str, width: float, size: float, smallest: float | None = None) -> tuple[str, float]:
    """Return `text` and a font size that fit `width`: the size shrinks down to `smallest`
    (default two thirds of `size`, never below `MIN_FONT`), then the text is cut with an
    ellipsis.

    >>> fit("Global protective shield", 100, 12)
    ('Global protect…', 11)
    >>> fit("Terra", 100, 12)
    ('Terra', 12)
    """
    smallest = max(size * 2 / 3 if smallest is None else smallest, MIN_FONT)
    if text_width(text, size) <= width:
        return text, size
    shrunk = width / (len(text) * _CHAR_WIDTH)
    if shrunk >= smallest:
        return text, float(f"{shrunk:.1f}") if shrunk < size else size
    keep = max(1, int(width / (smallest * _CHAR_WIDTH)) - 1)
    return text[:keep].rstrip() + "…", smallest


def wrap(text: str, width: float, size: float, lines: int) -> list[str]:
    """Return `text` broken into at most `lines` lines that fit `width` at font size `size`;
    the last line is cut with an ellipsis if the text does not fit.

    >>> wrap("Global protective shield", 120, 11, 2)
    ['Global protective', 'shield']
    >>> wrap("Global protective shield", 80, 11, 2)
    ['Global', 'protective…']
    """
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], size) <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out[-1] += " " + " ".join(words)
    if out:
        out[-1] = fit(out[-1], width, size, size)[0]
    return out


def plural(count: int, word: str, words: str | None = None) -> str:
    """Return ``"1 card"`` or ``"3 cards"``.

    >>> plural(1, "card"), plural(0, "card"), plural(2, "die", "dice")
    ('1 card', '0 cards', '2 dice')
    """
    return f"{count} {word if count == 1 else (words or word + 's')}"


class Drawing:
    """An SVG picture under construction, in user units (1 unit = 1 pixel at natural size).

    Shapes are appended in painting order; `document` returns the finished SVG.
    """

    __slots__ = ("_parts", "height", "width")

    def __init__(self, width: int, height: int, background: str) -> None:
        self.width = width
        """Natural width of the picture."""
        self.height = height
        """Natural height of the picture."""
        self._parts: list[str] = []
        self.rect(0, 0, width, height, background)

    # -- basic shapes -----------------------------------------------------------------

    def _add(self, tag: str, attributes: str, title: str | None) -> None:
        if title:
            self._parts.append(f"<{tag}{attributes}><title>{_text(title)}</title></{tag}>")
        else:
            self._parts.append(f"<{tag}{attributes}/>")

    @staticmethod
    def _paint(fill: str | None, stroke: str | None, width: float | None,
               dash: str | None = None, opacity: float | None = None) -> str:
        out = _attr("fill", fill or "none")
        if stroke:
            out += _attr("stroke", stroke)
            if width is not None:
                out += _attr("stroke-width", width)
            if dash:
                out += _attr("stroke-dasharray", dash)
        if opacity is not None:
            out += _attr("opacity", opacity)
        return out

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, *,
             stroke: str | None = None, width: float | None = None, rx: float = 0,
             dash: str | None = None, opacity: float | None = None,
             title: str | None = None) -> None:
        """Draw a rectangle (rounded when `rx` > 0)."""
        attributes = _attr("x", x) + _attr("y", y) + _attr("width", w) + _attr("height", h)
        if rx:
            attributes += _attr("rx", rx)
        self._add("rect", attributes + self._paint(fill, stroke, width, dash, opacity), title)

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None, *,
               stroke: str | None = None, width: float | None = None, dash: str | None = None,
               opacity: float | None = None, title: str | None = None) -> None:
        """Draw a circle."""
        attributes = _attr("cx", cx) + _attr("cy", cy) + _attr("r", r)
        self._add("circle", attributes + self._paint(fill, stroke, width, dash, opacity), title)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, *,
             width: float = 1, dash: str | None = None, opacity: float | None = None,
             round_caps: bool = False) -> None:
        """Draw a straight line."""
        attributes = (_attr("x1", x1) + _attr("y1", y1) + _attr("x2", x2) + _attr("y2", y2)
                      + self._paint(None, stroke, width, dash, opacity))
        if round_caps:
            attributes += _attr("stroke-linecap", "round")
        self._add("line", attributes, None)

    def polygon(self, points: Sequence[tuple[float, float]], fill: str | None = None, *,
                stroke: str | None = None, width: float | None = None,
                opacity: float | None = None, title: str | None = None) -> None:
        """Draw a closed polygon through `points`."""
        coords = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        attributes = _attr("points", coords) + self._paint(fill, stroke, width, None, opacity)
        self._add("polygon", attributes + _attr("stroke-linejoin", "round") if stroke
                  else attributes, title)

    def path(self, d: str, fill: str | None = None, *, stroke: str | None = None,
             width: float | None = None, opacity: float | None = None,
             title: str | None = None) -> None:
        """Draw a path; `d` must be built with `num` for its numbers."""
        attributes = _attr("d", d) + self._paint(fill, stroke, width, None, opacity)
        if stroke:
            attributes += _attr("stroke-linecap", "round") + _attr("stroke-linejoin", "round")
        self._add("path", attributes, title)

    def text(self, x: float, y: float, text: str, *, size: float = 12, fill: str = "#000",
             anchor: str = "middle", bold: bool = False, italic: bool = False,
             opacity: float | None = None, halo: str | None = None,
             title: str | None = None) -> None:
        """Write one line of text; `y` is the line's vertical middle (not its baseline);
        a `halo` colour outlines the letters, to keep them legible over other shapes."""
        attributes = (_attr("x", x) + _attr("y", y + size * 0.35) + _attr("font-size", size)
                      + _attr("fill", fill))
        if anchor != "start":
            attributes += _attr("text-anchor", anchor)
        if bold:
            attributes += _attr("font-weight", "bold")
        if italic:
            attributes += _attr("font-style", "italic")
        if opacity is not None:
            attributes += _attr("opacity", opacity)
        if halo:
            attributes += (_attr("stroke", halo) + _attr("stroke-width", size / 4)
                           + _attr("stroke-linejoin", "round") + _attr("paint-order", "stroke"))
        body = _text(text)
        if title:
            body = f"<title>{_text(title)}</title>{body}"
        self._parts.append(f"<text{attributes}>{body}</text>")

    # -- pieces the games share ------------------------------------------------------

    def star(self, cx: float, cy: float, r: float, fill: str, *, stroke: str | None = None,
             title: str | None = None) -> None:
        """Draw a five-pointed star of outer radius `r`."""
        self.polygon([(cx + r * x, cy + r * y) for x, y in _STAR], fill, stroke=stroke,
                     width=1 if stroke else None, title=title)

    def card(self, x: float, y: float, w: float, h: float, *, fill: str, edge: str,
             label: str = "", ink: str = "#000", size: float | None = None,
             corner: str = "", rx: float = 5, dashed: bool = False,
             title: str | None = None) -> None:
        """Draw a face-up card: a rounded face with a big centred `label`, or its `corner`
        index alone (for cards fanned so that only their left edge shows)."""
        self.rect(x, y, w, h, fill, stroke=edge, width=1.5, rx=rx, dash="4 3" if dashed else None,
                  title=title)
        if label:
            text, font = fit(label, w - 6, size or max(min(w, h) * 0.42, MIN_FONT))
            self.text(x + w / 2, y + h / 2, text, size=font, fill=ink, bold=True)
        if corner:
            self.text(x + 2, y + 9, corner, size=MIN_FONT, fill=ink, anchor="start", bold=True)

    def back(self, x: float, y: float, w: float, h: float, *, fill: str, accent: str,
             rx: float = 5, label: str = "", corner: str = "", title: str | None = None) -> None:
        """Draw a card's back: a framed face with a diamond, and optionally a `label` (or a
        `corner` index) for a face-down card the viewer knows."""
        self.rect(x, y, w, h, fill, stroke=accent, width=1.5, rx=rx, title=title)
        inset = min(w, h) * 0.14
        self.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=accent, width=1,
                  rx=max(rx - 2, 1), opacity=0.7)
        cx, cy = x + w / 2, y + h / 2
        dx, dy = (w / 2 - inset) * 0.55, (h / 2 - inset) * 0.55
        self.polygon([(cx, cy - dy), (cx + dx, cy), (cx, cy + dy), (cx - dx, cy)], accent,
                     opacity=0.55)
        if label:
            text, font = fit(label, w - 4, max(min(w, h) * 0.36, MIN_FONT))
            self.text(cx, cy, text, size=font, fill="#fff", bold=True, halo=fill)
        if corner:
            self.text(x + 2, y + 9, corner, size=MIN_FONT, fill="#fff", anchor="start",
                      bold=True, halo=fill)

    def badge(self, cx: float, cy: float, label: str, *, fill: str = "#333",
              ink: str = "#fff", size: float = MIN_FONT, title: str | None = None) -> float:
        """Draw a pill with `label` centred on (`cx`, `cy`); return its width."""
        w = max(text_width(label, size) + size * 0.9, size * 1.6)
        h = size * 1.5
        self.rect(cx - w / 2, cy - h / 2, w, h, fill, rx=h / 2, title=title)
        self.text(cx, cy, label, size=size, fill=ink, bold=True)
        return w

    def pile(self, x: float, y: float, w: float, h: float, count: int, *, fill: str,
             accent: str, caption: str = "", ink: str = "#333", title: str | None = None) -> None:
        """Draw a face-down pile of `count` cards: up to three stacked backs and its size
        (an empty pile is a dashed outline), with a `caption` underneath."""
        if count <= 0:
            self.rect(x, y, w, h, stroke=accent, width=1.2, rx=5, dash="4 3", opacity=0.8,
                      title=title)
            self.text(x + w / 2, y + h / 2, "empty", size=MIN_FONT, fill=ink, opacity=0.7)
        else:
            layers = min(count, 3)
            for layer in range(layers - 1, -1, -1):
                self.back(x + 2.5 * layer, y - 2.5 * layer, w, h, fill=fill, accent=accent,
                          title=title if layer == 0 else None)
            self.badge(x + w / 2, y + h / 2, str(count), fill="#fff", ink="#222", size=11)
        if caption:
            self.text(x + w / 2, y + h + 10, caption, size=MIN_FONT, fill=ink)

    def note(self, x: float, y: float, w: float, heading: str, text: str, *,
             fill: str = "#fff3d6", edge: str = HIGHLIGHT, ink: str = "#222",
             lines: int = 6) -> float:
        """Draw a framed note `w` wide: a bold `heading` and `text` wrapped to at most
        `lines` lines (an outcome: a challenge resolved, a round scored, the winner);
        return its height."""
        body = wrap(text, w - 20, MIN_FONT, lines) if text else []
        h = 30 + 15 * len(body)
        self.rect(x, y, w, h, fill, stroke=edge, width=2, rx=8)
        self.text(x + 10, y + 14, fit(heading, w - 20, 13)[0], size=13, fill=ink,
                  anchor="start", bold=True)
        for k, line in enumerate(body):
            self.text(x + 10, y + 31 + 15 * k, line, size=MIN_FONT, fill=ink, anchor="start")
        return h

    def header(self, title: str, status: str, player: int | None, *, ink: str, band: str,
               accent: str) -> None:
        """Draw the top band: the game's `title`, the `status` line, and whose view it is
        (`player`, ``None`` for the spectator)."""
        viewer = "spectator" if player is None else f"player {player}'s view"
        self.rect(0, 0, self.width, 46, band)
        self.rect(0, 46, self.width, 3, accent)
        self.text(14, 16, title, size=15, fill=ink, anchor="start", bold=True)
        line, font = fit(status, self.width - 40 - text_width(viewer, 11), 12)
        self.text(14, 34, line, size=font, fill=ink, anchor="start")
        self.badge(self.width - 14 - (text_width(viewer, 11) + 10) / 2, 16, viewer,
                   fill=accent, ink="#fff", size=11)

    def document(self, size: int | None, label: str) -> str:
        """Return the finished SVG: `size` is the width in pixels (``None``: the natural
        width; the height follows the picture's proportions), `label` its accessible name."""
        if size is None:
            width, height = self.width, self.height
        elif type(size) is not int or size < 1:
            raise InvalidArgumentError(
                f"size must be a width in pixels >= 1 (an int), got {quote(size)}")
        else:
            width, height = size, max(1, round(size * self.height / self.width))
        head = (f'<svg xmlns="{SVG_NS}"' + _attr("width", width) + _attr("height", height)
                + _attr("viewBox", f"0 0 {self.width} {self.height}")
                + _attr("font-family", FONT) + _attr("role", "img") + _attr("aria-label", label)
                + ">")
        return "\n".join([head, f"<title>{_text(label)}</title>", *self._parts, "</svg>"]) + "\n"
