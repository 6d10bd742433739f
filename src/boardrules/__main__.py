"""Run the command line: ``python -m boardrules`` is the ``boardrules`` command.

It is there for a Python with no ``boardrules`` script on its ``PATH`` (a virtual
environment that is not activated, ``pipx run``, a Windows user scripts folder).
"""

from __future__ import annotations

from boardrules.apps.cli import main

if __name__ == "__main__":  # importing the module (doctest discovery) must not run the CLI
    raise SystemExit(main())
