"""Draw every example picture in a real browser (headless Chromium) and check the screenshots.

Usage::

    python .ci/screenshots.py [--chromium /usr/bin/chromium] [--out .ci/pictures] [--site DIR]

For every picture of ``boardrules.apps.gallery`` (the ones the docs show) at its natural
size, and for each game's first picture also scaled to 480 pixels wide: writes
``NAME.svg``, has Chromium screenshot it in a window of the picture's size to
``NAME.png``, and checks the PNG (read with the standard library: zlib and struct):

* it has exactly the expected width and height;
* it is not blank: many colours, none covering nearly all of it;
* the picture fills it: the top-left pixel has the colour of the picture's header band
  and the bottom-right one its background colour.

With ``--site DIR`` (a built docs site, `.ci/run`'s docs stage) it also screenshots four
pages of the site as a reader sees them — the home page, a game page, a framework page and
an API page — to ``site-NAME.png``, each checked to be of the window's size and not blank.

The files stay in the output folder (git-ignored) for a person to look at. Exit status 1
if any check fails.
"""

from __future__ import annotations

import argparse
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

from boardrules.apps.gallery import pictures
from boardrules.pictures.svg import SVG_NS

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--force-device-scale-factor=1")
SCALED = 480
PAGES = {"home": "index.html", "game": "games/kivi/index.html",
         "framework": "frameworks/openspiel/index.html", "api": "reference/kivi/index.html"}
"""The site's pages to screenshot: one of each kind."""
PAGE_SIZE = (1280, 2000)
"""The browser window of a page's screenshot: a laptop's width, the first screens."""
"""The width of the scaled copy of each game's first picture."""


def read_png(data: bytes) -> tuple[int, int, int, list[bytes]]:
    """Return the width, height, bytes per pixel (3 RGB, 4 RGBA) and rows of pixels of an
    8-bit, non-interlaced PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise ValueError(f"bad CRC in chunk {kind!r}")
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"unexpected PNG: depth {depth}, colour type {colour}, interlace "
                         f"{interlace}")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:  # Sub
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:  # Up
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous, strict=True))
        elif kind == 3:  # Average
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + (left + previous[i]) // 2) & 0xFF
        elif kind == 4:  # Paeth
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        elif kind != 0:
            raise ValueError(f"unknown PNG filter {kind}")
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def colour(text: str) -> tuple[int, int, int]:
    """Return the RGB of ``#rgb`` or ``#rrggbb``."""
    text = text.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def near(pixel: bytes, expected: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 6 for a, b in zip(pixel, expected, strict=True))


def screenshot(chromium: str, svg: Path, png: Path, width: int, height: int) -> None:
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}",
                        f"--window-size={width},{height}", svg.resolve().as_uri()],
                       check=True, capture_output=True, timeout=120)


def blank(rows: list[bytes], n: int, width: int, height: int, most: float) -> str | None:
    """Return why a screenshot looks blank, or None: fewer than 16 colours, or one colour
    covering more than `most` of it."""
    counts = Counter(rows[y][x * n:x * n + 3] for y in range(0, height, 2)
                     for x in range(0, width, 2))
    common = counts.most_common(1)[0][1] / sum(counts.values())
    if len(counts) < 16 or common > most:
        return f"looks blank: {len(counts)} colours, the commonest covers {common:.0%}"
    return None


def check(chromium: str, folder: Path, name: str, text: str) -> list[str]:
    """Screenshot one picture and return the problems found."""
    root = ElementTree.fromstring(text)
    width, height = int(root.get("width") or 0), int(root.get("height") or 0)
    rects = [e for e in root if e.tag == f"{{{SVG_NS}}}rect"]
    background, band = colour(rects[0].get("fill") or ""), colour(rects[1].get("fill") or "")
    svg, png = folder / f"{name}.svg", folder / f"{name}.png"
    svg.write_text(text, encoding="utf-8")
    screenshot(chromium, svg, png, width, height)
    got_w, got_h, n, rows = read_png(png.read_bytes())
    problems = []
    if (got_w, got_h) != (width, height):
        problems.append(f"screenshot is {got_w}×{got_h}, expected {width}×{height}")
        return problems

    def pixel(x: int, y: int) -> bytes:
        return rows[y][x * n:x * n + 3]

    why = blank(rows, n, width, height, most=0.95)
    if why:
        problems.append(why)
    if not near(pixel(1, 1), band):
        problems.append(f"top-left pixel {pixel(1, 1).hex()} is not the header band "
                        f"{bytes(band).hex()}: the picture is not where it should be")
    corner = pixel(width - 3, height - 3)
    if not near(corner, background):
        problems.append(f"bottom-right pixel {corner.hex()} is not the background "
                        f"{bytes(background).hex()}: the picture does not fill the window")
    return problems


def check_page(chromium: str, folder: Path, name: str, page: Path) -> list[str]:
    """Screenshot one page of the built site and return the problems found."""
    if not page.is_file():
        return [f"{page} is not in the site"]
    png = folder / f"site-{name}.png"
    width, height = PAGE_SIZE
    screenshot(chromium, page, png, width, height)
    got_w, got_h, n, rows = read_png(png.read_bytes())
    if (got_w, got_h) != (width, height):
        return [f"screenshot is {got_w}×{got_h}, expected {width}×{height}"]
    why = blank(rows, n, width, height, most=0.98)  # a page is mostly white paper
    return [why] if why else []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--out", default=str(Path(__file__).parent / "pictures"))
    parser.add_argument("--site", help="a built docs site: screenshot four of its pages too")
    args = parser.parse_args()
    folder = Path(args.out)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    failed = 0
    for picture in pictures():
        drawn = [(picture.name, picture.svg())]
        if picture.name.endswith("-start"):  # and one picture of each game scaled
            drawn.append((f"{picture.name}-{SCALED}", picture.svg(size=SCALED)))
        for name, text in drawn:
            problems = check(args.chromium, folder, name, text)
            print(f"{'FAIL' if problems else 'ok  '} {name}.png" + "".join(
                f"\n     {p}" for p in problems), flush=True)
            failed += bool(problems)
    for name, path in PAGES.items() if args.site else ():
        problems = check_page(args.chromium, folder, name, Path(args.site) / path)
        print(f"{'FAIL' if problems else 'ok  '} site-{name}.png" + "".join(
            f"\n     {p}" for p in problems), flush=True)
        failed += bool(problems)
    print(f"{failed} of the screenshots failed; the pictures are in {folder}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
