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
  and the bottom-right one its background colour;
* its text is legible: no font size below ``MIN_FONT`` (11 px) at the natural size;
* a finished game's picture (``*-end``) names the outcome (a winner, a draw or nobody)
  and shows no player "to move".

With ``--site DIR`` (a built docs site, `.ci/run`'s docs stage) it also screenshots four
pages of the site as a reader sees them — the home page, a game page, a framework page and
an API page — to ``site-NAME.png``, each checked to be of the window's size and not blank.

With ``--serve`` it also plays a whole game of every game in ``boardrules serve``: a
server on a free port of 127.0.0.1, the human seat's choices (seeded random) sent to its
JSON API against an ``ismcts:20`` bot, and the page of that session screenshot at the
start, in the middle and at the end to ``serve-GAME-WHEN.png`` (each checked to be of the
window's size and not blank); then one game of KIVI played by the page itself
(``?autoplay=1``: its JavaScript clicks the first action button until the game is over),
checked to have ended on the server, to ``serve-kivi-autoplay.png``.

The files stay in the output folder (git-ignored) for a person to look at. Exit status 1
if any check fails.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import urllib.request
import zlib
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

from boardrules.apps.gallery import pictures
from boardrules.apps.serve import make_server
from boardrules.game import TERMINAL
from boardrules.pictures.svg import MIN_FONT, SVG_NS
from boardrules.registry import GAMES

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


def screenshot(chromium: str, svg: Path | str, png: Path, width: int, height: int,
               *extra: str) -> None:
    """Screenshot a file or a URL in a window of the given size."""
    address = svg.resolve().as_uri() if isinstance(svg, Path) else svg
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}",
                        f"--window-size={width},{height}", *extra, address],
                       check=True, capture_output=True, timeout=300)


def blank(rows: list[bytes], n: int, width: int, height: int, most: float) -> str | None:
    """Return why a screenshot looks blank, or None: fewer than 16 colours, or one colour
    covering more than `most` of it."""
    counts = Counter(rows[y][x * n:x * n + 3] for y in range(0, height, 2)
                     for x in range(0, width, 2))
    common = counts.most_common(1)[0][1] / sum(counts.values())
    if len(counts) < 16 or common > most:
        return f"looks blank: {len(counts)} colours, the commonest covers {common:.0%}"
    return None


def read_problems(name: str, root: ElementTree.Element) -> list[str]:
    """Return what makes a picture's text hard to read or wrong: text below `MIN_FONT`,
    and in a finished game's picture a player "to move" or no outcome."""
    texts = [e for e in root.iter() if e.tag == f"{{{SVG_NS}}}text"]
    problems = [f"text {''.join(e.itertext())!r} is {e.get('font-size')} px, below "
                f"{MIN_FONT}" for e in texts if float(e.get("font-size") or 0) < MIN_FONT]
    if name.endswith("-end"):
        words = "\n".join("".join(e.itertext()) for e in texts)
        if "to move" in words.lower():
            problems.append("the game is over but a player is shown 'to move'")
        if not any(w in words for w in ("wins", "draw", "nobody", "Nobody")):
            problems.append("the game is over but the picture names no winner or draw")
    return problems


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
    problems = read_problems(name, root)
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


SERVE_SIZE = (1280, 900)
"""The browser window of the served page's screenshots."""


def check_served(chromium: str, folder: Path, name: str, url: str, budget: int = 20000
                 ) -> list[str]:
    """Screenshot a page of the server and return the problems found."""
    png = folder / f"serve-{name}.png"
    width, height = SERVE_SIZE
    # The page asks the server for its view: give it (virtual) time to do so.
    screenshot(chromium, url, png, width, height, f"--virtual-time-budget={budget}")
    got_w, got_h, n, rows = read_png(png.read_bytes())
    if (got_w, got_h) != (width, height):
        return [f"screenshot is {got_w}×{got_h}, expected {width}×{height}"]
    why = blank(rows, n, width, height, most=0.9)
    return [why] if why else []


def post(base: str, path: str, body: dict[str, object]) -> dict[str, object]:
    """POST a JSON body to the server; return its JSON answer."""
    request = urllib.request.Request(base + path, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=300) as answer:
        data: dict[str, object] = json.loads(answer.read())
        return data


def serve_games(chromium: str, folder: Path) -> list[tuple[str, list[str]]]:
    """Play a whole game of every game through ``boardrules serve``; return each
    screenshot's name and problems."""
    server = make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    checked: list[tuple[str, list[str]]] = []
    try:
        for name in GAMES:
            rng = random.Random(name)
            new = post(base, "/api/new", {"game": name, "seats": ["human", "ismcts:20"],
                                          "seed": 1})
            session, view = new["session"], new["view"]
            assert isinstance(view, dict)
            shots = {"start": 0, "middle": 10}
            moves = 0
            while view["status"] != "game over":
                for when, at in shots.items():
                    if moves == at:
                        url = f"{base}/?session={session}"
                        checked.append((f"{name}-{when}",
                                        check_served(chromium, folder, f"{name}-{when}", url)))
                actions = view["actions"]
                assert isinstance(actions, list) and view["status"] == "your move", view
                choice = actions[rng.randrange(len(actions))]["index"]
                view = post(base, "/api/act", {"session": session, "index": choice})["view"]
                assert isinstance(view, dict)
                moves += 1
            problems = check_served(chromium, folder, f"{name}-end",
                                    f"{base}/?session={session}")
            if not view["result"]:
                problems.append("the game ended without a result text")
            checked.append((f"{name}-end ({moves} moves)", problems))
        before = set(server.sessions)
        problems = check_served(chromium, folder, "kivi-autoplay",
                                f"{base}/?autoplay=1&game=kivi&seats=human,random&seed=3",
                                budget=120000)
        played = [server.sessions[s][0] for s in set(server.sessions) - before]
        if len(played) != 1 or played[0].to_move is not TERMINAL:
            problems.append("the page did not play its game to the end")
        checked.append(("kivi-autoplay", problems))
    finally:
        server.shutdown()
        server.server_close()
    return checked


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--out", default=str(Path(__file__).parent / "pictures"))
    parser.add_argument("--site", help="a built docs site: screenshot four of its pages too")
    parser.add_argument("--serve", action="store_true",
                        help="play a game of every game in boardrules serve, screenshot it")
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
    for name, problems in serve_games(args.chromium, folder) if args.serve else ():
        print(f"{'FAIL' if problems else 'ok  '} serve-{name}" + "".join(
            f"\n     {p}" for p in problems), flush=True)
        failed += bool(problems)
    print(f"{failed} of the screenshots failed; the pictures are in {folder}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
