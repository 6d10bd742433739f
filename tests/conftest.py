"""Hypothesis profiles, the boardrules under test in the header, and CI's guards.

Hypothesis profiles: ``ci`` (default, bounded), ``dev`` (more examples) and ``mutation``
(derandomized, for `.ci/mutation.py`); choose one with ``HYPOTHESIS_PROFILE=dev pytest``.

The header of every run says which boardrules the tests import and how it was
installed. With ``BOARDRULES_TEST_INSTALLED=1`` (set by ``.ci/test_wheel.py``) the run
stops before collecting anything unless that is an installed wheel; with
``BOARDRULES_TEST_ALL_EXTRAS=1`` a test (or test module) skipped for a missing module
fails instead.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest
from hypothesis import HealthCheck, settings

from tests.installed import (
    ALL_EXTRAS_SWITCH,
    INSTALLED_SWITCH,
    problems_with_installed_wheel,
    provenance,
    switched_on,
)

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "dev", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(  # .ci/mutation.py: mutmut runs the tests twice in one process
    "mutation", max_examples=60, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_report_header(config: pytest.Config) -> str:
    """Say which boardrules the tests import (the source tree or an installed wheel)."""
    return provenance()


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stop at once when CI asks for the installed wheel and the tests would see another."""
    if switched_on(INSTALLED_SWITCH):
        problems = problems_with_installed_wheel(session.config.rootpath)
        if problems:
            pytest.exit(f"{INSTALLED_SWITCH}=1 but " + "; ".join(problems),
                        returncode=pytest.ExitCode.USAGE_ERROR)


def _missing_module(report: pytest.TestReport | pytest.CollectReport) -> str | None:
    """Return the skip message of a test or module skipped for a missing module."""
    if (switched_on(ALL_EXTRAS_SWITCH) and report.skipped
            and isinstance(report.longrepr, tuple)
            and "could not import" in report.longrepr[2]):
        return (f"skipped for a missing module, but {ALL_EXTRAS_SWITCH}=1 says every "
                f"optional dependency is installed: {report.longrepr[2]}")
    return None


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """Fail, where every extra must be installed, a module skipped for a missing module
    (``pytest.importorskip`` at the top of a test module)."""
    report = yield
    message = _missing_module(report)
    if message is not None:
        report.outcome = "failed"
        report.longrepr = message
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Fail, where every extra must be installed, a test skipped for a missing module."""
    report = yield
    message = _missing_module(report)
    if message is not None:
        report.outcome = "failed"
        report.longrepr = message
    return report
