"""MkDocs hook: draw the example pictures of every game while the site is built.

The pictures come from the code of the games (`boardrules.apps.gallery`), so they never go
stale. A page shows one with a marker on a line of its own::

    <!-- picture: kivi-start -->

which becomes the picture and its caption; a marker naming no picture stops the build.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from boardrules.apps.gallery import Picture, pictures

MARKER = re.compile(r"^<!-- picture: ([\w-]+) -->$", re.MULTILINE)


@functools.cache
def _gallery() -> dict[str, Picture]:
    return {picture.name: picture for picture in pictures()}


def on_files(files: Files, config: Any) -> Files:
    """Add every picture to the site as ``pictures/NAME.svg``."""
    for name, picture in _gallery().items():
        files.append(File.generated(config, f"pictures/{name}.svg", content=picture.svg()))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """Replace every picture marker with the picture and its caption."""
    depth = page.file.src_uri.count("/")

    def figure(match: re.Match[str]) -> str:
        name = match.group(1)
        picture = _gallery().get(name)
        if picture is None:
            raise PluginError(f"{page.file.src_uri}: no picture named {name!r}")
        path = "../" * depth + f"pictures/{name}.svg"
        return f"![{picture.caption}]({path})\n\n*{picture.caption}*"

    return MARKER.sub(figure, markdown)
