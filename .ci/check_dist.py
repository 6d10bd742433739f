"""Check the files about to be published: one sdist and the one pure wheel built from it.

    python .ci/check_dist.py DIST [--same-as WHEEL] [--tag vX.Y.Z] [--notes FILE]

Beyond ``twine check --strict`` (metadata and README render) and
``check-wheel-contents`` (a wheel's common mistakes), it checks what is particular to
boardrules:

* the names, the metadata of both files and ``__version__`` in the sdist agree on one
  version (the tag's too, with ``--tag``, in the release workflow);
* the wheel is pure Python (``py3-none-any``, purelib): one wheel for every OS;
* the wheel holds exactly the package files of the sdist's ``src/boardrules/`` (data
  files and ``py.typed`` included, tests and stray files not), the licence and the
  ``boardrules`` command;
* with ``--same-as``, the wheel built from the sdist equals one built straight from the
  source tree, file by file (so the sdist lacks nothing the package needs).

``--notes FILE`` writes the version's CHANGELOG section, for the GitHub release.
Only the standard library is used.
"""

from __future__ import annotations

import argparse
import re
import sys
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path

PROJECT = "boardrules"


def main() -> int:
    """Check DIST; print what is wrong and return 1, or print a summary and return 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dist", type=Path, help="folder with one sdist and one wheel")
    parser.add_argument("--same-as", type=Path, metavar="WHEEL",
                        help="a wheel built from the source tree, to compare with")
    parser.add_argument("--tag", help="the git tag being released, vX.Y.Z")
    parser.add_argument("--notes", type=Path, metavar="FILE",
                        help="write the version's CHANGELOG section here")
    args = parser.parse_args()

    files = sorted(path.name for path in args.dist.iterdir())
    sdists = [name for name in files if name.endswith(".tar.gz")]
    wheels = [name for name in files if name.endswith(".whl")]
    if len(sdists) != 1 or len(wheels) != 1 or len(files) != 2:
        print(f"{args.dist} must hold one sdist and one wheel, not {files}")
        return 1
    with tarfile.open(args.dist / sdists[0]) as sdist_file, \
            zipfile.ZipFile(args.dist / wheels[0]) as wheel_file:
        sdist = {member.name: sdist_file.extractfile(member).read()  # type: ignore[union-attr]
                 for member in sdist_file.getmembers() if member.isfile()}
        wheel = {name: wheel_file.read(name) for name in wheel_file.namelist()}
    problems, version = check(sdists[0], sdist, wheels[0], wheel)
    if args.same_as:
        with zipfile.ZipFile(args.same_as) as other:
            problems += compare(wheel, {name: other.read(name) for name in other.namelist()})
    if args.tag is not None and args.tag != f"v{version}":
        problems.append(f"the tag {args.tag} is not v{version}, the version built")
    if args.notes:
        changelog = sdist[f"{PROJECT}-{version}/CHANGELOG.md"].decode("utf-8")
        notes = section(changelog, version)
        if notes is None:
            problems.append(f"CHANGELOG.md has no '## [{version}] - YYYY-MM-DD' section")
        else:
            args.notes.write_text(notes, encoding="utf-8")
    for problem in problems:
        print(f"dist: {problem}")
    if not problems:
        print(f"dist: {sdists[0]} and {wheels[0]} agree on {version}; pure wheel of "
              f"{sum(n.startswith(PROJECT + '/') for n in wheel)} package files"
              + (", same as the source tree's" if args.same_as else ""))
    return 1 if problems else 0


def check(sdist_name: str, sdist: dict[str, bytes],
          wheel_name: str, wheel: dict[str, bytes]) -> tuple[list[str], str]:
    """Return the problems of the pair, and the version its names give."""
    problems: list[str] = []
    named = re.fullmatch(rf"{PROJECT}-(.+)\.tar\.gz", sdist_name)
    version = named[1] if named else "?"
    top = f"{PROJECT}-{version}"
    if wheel_name != f"{top}-py3-none-any.whl":
        problems.append(f"{wheel_name} is not {top}-py3-none-any.whl (pure Python, same version)")
    info = f"{top}.dist-info"
    metadata = HeaderParser().parsestr(wheel.get(f"{info}/METADATA", b"").decode("utf-8"))
    pkg_info = HeaderParser().parsestr(sdist.get(f"{top}/PKG-INFO", b"").decode("utf-8"))
    init = sdist.get(f"{top}/src/{PROJECT}/__init__.py", b"").decode("utf-8")
    in_init = re.search(r'^__version__ = "([^"]+)"$', init, re.MULTILINE)
    for where, found in [("the wheel's METADATA", metadata["Version"]),
                         ("the sdist's PKG-INFO", pkg_info["Version"]),
                         ("__version__ in the sdist", in_init[1] if in_init else None)]:
        if found != version:
            problems.append(f"{where} says {found}, the file names {version}")
    flags = HeaderParser().parsestr(wheel.get(f"{info}/WHEEL", b"").decode("utf-8"))
    if flags["Root-Is-Purelib"] != "true" or flags.get_all("Tag") != ["py3-none-any"]:
        problems.append("the wheel is not pure Python (WHEEL: Root-Is-Purelib, Tag)")
    package = {name.removeprefix(f"{top}/src/") for name in sdist
               if name.startswith(f"{top}/src/{PROJECT}/") and "__pycache__" not in name}
    shipped = {name for name in wheel if not name.startswith(f"{info}/")}
    if shipped != package:
        problems.append(f"the wheel lacks {sorted(package - shipped)} "
                        f"and adds {sorted(shipped - package)} to the sdist's package")
    if f"{info}/licenses/LICENSE" not in wheel:
        problems.append("the wheel has no licence file")
    entry_points = wheel.get(f"{info}/entry_points.txt", b"").decode("utf-8")
    if f"{PROJECT} = {PROJECT}.apps.cli:main" not in entry_points:
        problems.append("the wheel has no boardrules command")
    return problems, version


def compare(wheel: dict[str, bytes], other: dict[str, bytes]) -> list[str]:
    """Return how the wheel from the sdist differs from the one from the source tree."""
    differences = {
        "files only in the one from the sdist": sorted(wheel.keys() - other.keys()),
        "files only in the one from the tree": sorted(other.keys() - wheel.keys()),
        "files that differ": sorted(name for name in wheel.keys() & other.keys()
                                    if wheel[name] != other[name]),
    }
    return [f"the wheels built from the sdist and from the source tree differ: {what}: {names}"
            for what, names in differences.items() if names]


def section(changelog: str, version: str) -> str | None:
    """Return the body of ``## [version] - date`` in the changelog, or None."""
    found = re.search(rf"^## \[{re.escape(version)}\] - \d{{4}}-\d{{2}}-\d{{2}}\n(.*?)(?=^## |\Z)",
                      changelog, re.MULTILINE | re.DOTALL)
    return found[1].strip() + "\n" if found else None


if __name__ == "__main__":
    sys.exit(main())
