"""What a user installs: the package under test, its metadata, version and changelog.

The metadata tests read the installed distribution (the wheel's METADATA in CI), so
they check what PyPI shows, not what pyproject.toml meant to say.
"""

from __future__ import annotations

import datetime
import importlib
import inspect
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import NamedTuple

import pytest

import boardrules
from boardrules.games import GAMES
from tests.installed import (
    COMPILED_SWITCH,
    INSTALLED_SWITCH,
    RELEASE_SWITCH,
    loaded_modules,
    package_dir,
    problems_with_installed_wheel,
    switched_on,
)

ROOT = Path(__file__).parent.parent
VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:(a|b|rc)(\d+))?")
"""The versions boardrules releases: X.Y.Z, or a pre-release X.Y.ZaN, bN, rcN."""


class TestPackageUnderTest:
    """The tests see one boardrules, and in CI it is the installed wheel."""

    def test_one_copy(self) -> None:
        """Every imported boardrules module, doctests' included, is from the same folder."""
        strays = {name: path for name, path in loaded_modules().items()
                  if not path.is_relative_to(package_dir())}
        assert not strays, f"modules from outside {package_dir()}: {strays}"
        assert len(loaded_modules()) > 20  # the suite imported the package, games and all

    @pytest.mark.skipif(not switched_on(INSTALLED_SWITCH),
                        reason=f"{INSTALLED_SWITCH}=1 is set where the wheel is tested")
    def test_installed_wheel(self) -> None:
        """Every imported boardrules module is a file the installed wheel recorded."""
        assert problems_with_installed_wheel(ROOT) == []

    @pytest.mark.skipif(not switched_on(COMPILED_SWITCH),
                        reason=f"{COMPILED_SWITCH}=1 is set where the compiled wheel is tested")
    def test_compiled_modules(self) -> None:
        """Every module the build hook compiles (``BOARDRULES_COMPILE=1``) is imported from
        its extension module, so the suite tests the compiled code, not the sources."""
        hooks = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
            "tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
        compiled = hooks["custom"]["compile"]
        assert compiled
        for name in compiled:
            file = importlib.import_module(name).__file__
            assert file is not None and file.endswith(tuple(EXTENSION_SUFFIXES)), (name, file)

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_new_game_checks_in_pure_python(self, name: str) -> None:
        """Every game's `new_game` is the pure-Python check of `_seats.player_count` in
        every build, so a bad player count (``True``, ``2.0``, ``"2"``) meets the rules'
        `InvalidOptionsError` before any compiled code checks it against ``int``."""
        new_game = GAMES[name].new_game
        assert inspect.isfunction(new_game), f"{name}.new_game is {new_game!r}"
        assert Path(new_game.__code__.co_filename).name == "_seats.py", (
            f"{name}.new_game is not wrapped by boardrules._seats.player_count")


def _project_urls() -> dict[str, str]:
    entries = metadata.metadata("boardrules").get_all("Project-URL") or []
    return dict(entry.split(", ", 1) for entry in entries)


class TestMetadata:
    """The distribution's metadata: what pip resolves and what PyPI shows."""

    def test_version(self) -> None:
        """The metadata version is ``boardrules.__version__``, its one source."""
        assert metadata.version("boardrules") == boardrules.__version__, (
            "stale metadata: reinstall (pip install -e .) after changing __version__")

    def test_version_form(self) -> None:
        """The version is X.Y.Z or a pre-release of one (what RELEASING.md tags)."""
        assert VERSION.fullmatch(boardrules.__version__)

    def test_runtime_dependencies_are_attrs_only(self) -> None:
        """Without extras, installing boardrules pulls in attrs and nothing else."""
        plain = [requirement for requirement in metadata.requires("boardrules") or []
                 if "extra ==" not in requirement]
        assert [re.split(r"[ ;<>=!~\[]", requirement)[0] for requirement in plain] == ["attrs"]

    def test_extras_listed_in_readme(self) -> None:
        """Every extra is shown in the README as ``boardrules[name]``."""
        extras = metadata.metadata("boardrules").get_all("Provides-Extra") or []
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        assert extras, "no extras: the testing extra is gone"
        assert [extra for extra in extras if f"boardrules[{extra}]" not in readme] == []

    def test_project_urls(self) -> None:
        """Homepage, source, issues, docs and changelog agree with each other and the docs."""
        urls = _project_urls()
        assert set(urls) == {"Homepage", "Documentation", "Source", "Issues", "Changelog"}
        source = urls["Source"]
        assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+", source)
        assert urls["Homepage"] == source
        assert urls["Issues"] == f"{source}/issues"
        docs = urls["Documentation"]
        assert re.fullmatch(r"https://[\w-]+\.readthedocs\.io", docs)
        assert urls["Changelog"].startswith(f"{docs}/")
        mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
        assert f"repo_url: {source}\n" in mkdocs
        assert re.search(rf"^site_url: .*\"{re.escape(docs)}/", mkdocs, re.MULTILINE)
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        assert docs in readme and source in readme


class Section(NamedTuple):
    """One ``## `` section of the changelog."""

    line: int
    """Its heading's line number."""
    version: str | None
    """The version, or None for "Unreleased"."""
    date: datetime.date | None
    """The release date, or None for "Unreleased"."""
    body: str
    """The text up to the next section."""


HEADING = re.compile(r"## (?:Unreleased|\[(?P<version>[^\]]+)\] - (?P<date>\d{4}-\d{2}-\d{2}))")


def parse_changelog(text: str) -> tuple[list[Section], list[str]]:
    """Return the sections of a changelog, and its headings that are neither form."""
    sections: list[Section] = []
    problems: list[str] = []
    lines = text.splitlines()
    starts = [number for number, line in enumerate(lines) if line.startswith("## ")]
    for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        heading = HEADING.fullmatch(lines[start])
        if heading is None:
            problems.append(f"line {start + 1}: {lines[start]!r} is neither "
                            "'## Unreleased' nor '## [X.Y.Z] - YYYY-MM-DD'")
            continue
        try:
            date = datetime.date.fromisoformat(heading["date"]) if heading["date"] else None
        except ValueError:
            problems.append(f"line {start + 1}: no such date {heading['date']}")
            continue
        sections.append(Section(start + 1, heading["version"], date,
                                "\n".join(lines[start + 1:end])))
    return sections, problems


def changelog_problems(text: str, version: str, *, releasing: bool,
                       today: datetime.date | None = None) -> list[str]:
    """Return what is wrong with a changelog, for a package at ``version``.

    Always: each section is "## Unreleased" (first, at most once) or
    "## [X.Y.Z] - YYYY-MM-DD", newest first, and none is newer than ``version``.
    When ``releasing``: a dated section for ``version`` exists, dated no later than
    tomorrow, and "Unreleased" has no entries left.
    """
    sections, problems = parse_changelog(text)
    unreleased = [section for section in sections if section.version is None]
    released = [(section, section.version, section.date) for section in sections
                if section.version is not None and section.date is not None]
    if unreleased and (len(unreleased) > 1 or sections[0].version is not None):
        problems.append("'## Unreleased' must come first, once")
    problems += [f"line {section.line}: {number!r} is not X.Y.Z"
                 for section, number, _ in released if not VERSION.fullmatch(number)]
    if problems:
        return problems
    keys = [_version_key(number) for _, number, _ in released]
    if keys != sorted(set(keys), reverse=True):
        problems.append("released versions are not newest first, each once")
    dates = [date for _, _, date in released]
    if dates != sorted(dates, reverse=True):
        problems.append("release dates are not newest first")
    if keys and keys[0] > _version_key(version):
        problems.append(f"{released[0][1]} is released, but the package is {version}")
    if releasing:
        mine = [(section, date) for section, number, date in released if number == version]
        latest = (today or datetime.date.today()) + datetime.timedelta(days=1)
        if not mine:
            problems.append(f"no '## [{version}] - YYYY-MM-DD' section for the release")
        elif mine[0][1] > latest:
            problems.append(f"line {mine[0][0].line}: {version} is dated in the future")
        if any(re.search(r"^\s*[-*] ", section.body, re.MULTILINE) for section in unreleased):
            problems.append("'## Unreleased' still has entries: fold them into the release")
    return problems


def _version_key(version: str) -> tuple[int, int, int, int, int]:
    """Order X.Y.Z versions: a pre-release (a < b < rc) comes before its release."""
    match = VERSION.fullmatch(version)
    assert match is not None
    major, minor, patch, kind, number = match.groups()
    rank = {"a": 0, "b": 1, "rc": 2, None: 3}[kind]
    return int(major), int(minor), int(patch), rank, int(number or 0)


class TestChangelog:
    """CHANGELOG.md is well formed, and at release time has the version's section."""

    def test_well_formed(self) -> None:
        """The shipped changelog passes the checks that always hold."""
        text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
        problems = changelog_problems(text, boardrules.__version__, releasing=False)
        assert not problems, "CHANGELOG.md: " + "; ".join(problems)

    @pytest.mark.skipif(not switched_on(RELEASE_SWITCH),
                        reason=f"{RELEASE_SWITCH}=1 is set by the release workflow")
    def test_release_section(self) -> None:
        """The version being released has its dated section and nothing is left unreleased."""
        text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
        problems = changelog_problems(text, boardrules.__version__, releasing=True)
        assert not problems, "CHANGELOG.md: " + "; ".join(problems)

    RELEASED = ("# Changelog\n\n## Unreleased\n\n## [0.2.0] - 2026-03-01\n\n- Two.\n\n"
                "## [0.1.0] - 2026-01-01\n\n- One.\n")

    def test_good_release(self) -> None:
        """A changelog ready for 0.2.0 passes, releasing or not."""
        assert changelog_problems(self.RELEASED, "0.2.0", releasing=True,
                                  today=datetime.date(2026, 3, 1)) == []
        assert changelog_problems(self.RELEASED, "0.3.0a1", releasing=False) == []

    @pytest.mark.parametrize(
        ("text", "version", "problem"),
        [
            ("## Unreleased\n\n- One.\n", "0.1.0", "no '## [0.1.0] - YYYY-MM-DD' section"),
            (RELEASED.replace("## Unreleased\n", "## Unreleased\n- Three.\n"), "0.2.0",
             "still has entries"),
            (RELEASED.replace("2026-03-01", "2026-03-09"), "0.2.0", "dated in the future"),
            (RELEASED, "0.1.0", "0.2.0 is released, but the package is 0.1.0"),
            (RELEASED.replace("[0.1.0]", "[0.3.0]"), "0.3.0", "not newest first, each once"),
            (RELEASED.replace("2026-01-01", "2026-04-01"), "0.2.0", "dates are not newest"),
            (RELEASED.replace("## [0.1.0] -", "## 0.1.0 —"), "0.2.0", "line 9: '## 0.1.0 —"),
            (RELEASED.replace("2026-01-01", "2026-02-30"), "0.2.0", "no such date"),
            (RELEASED.replace("[0.1.0]", "[v0.1]"), "0.2.0", "'v0.1' is not X.Y.Z"),
            (RELEASED + "## Unreleased\n", "0.2.0", "must come first, once"),
        ],
    )
    def test_bad_changelog(self, text: str, version: str, problem: str) -> None:
        """Each mistake a maintainer can make in the changelog is named."""
        problems = changelog_problems(text, version, releasing=True,
                                      today=datetime.date(2026, 3, 1))
        assert any(problem in line for line in problems), problems


class TestImportsOnlyWhatIsUsed:
    """`import boardrules` loads the core and a lazy registry; a game loads its rules alone."""

    @staticmethod
    def loaded(code: str) -> list[str]:
        out = subprocess.run(
            [sys.executable, "-c", f"{code}\nimport sys\n"
             "print('\\n'.join(m for m in sys.modules if m.split('.')[0] == 'boardrules'))"],
            capture_output=True, text=True, check=True).stdout
        return out.split()

    def test_import_boardrules_loads_the_core_only(self) -> None:
        modules = self.loaded("import boardrules")
        assert len(modules) <= 15, modules
        assert not [m for m in modules if m.startswith("boardrules.games")], modules

    def test_a_game_loads_its_numeric_code_and_pictures_on_first_use(self) -> None:
        modules = self.loaded("from boardrules.games import kivi")
        assert "boardrules.games.kivi.rules" in modules
        assert not [m for m in modules if m.endswith((".numeric", ".svg"))
                    or ".numeric." in m or ".pictures" in m], modules
        used = self.loaded("from boardrules.games import kivi\nkivi.svg\nkivi.action_space")
        assert {"boardrules.games.kivi.svg", "boardrules.games.kivi.numeric"} <= set(used)
