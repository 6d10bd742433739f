"""Many games on a Dask cluster: the same tables and records as in one process.

A `LocalCluster` of two worker processes stands in for a cluster; the tests need the
``distributed`` extra (``pip install boardrules[distributed]``) and are skipped without it.
`.ci/run` installs every extra with the wheel it tests, so there they run (and a skip fails
the run: ``BOARDRULES_TEST_ALL_EXTRAS=1``).
"""

from __future__ import annotations

import io
import site
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path

import pytest

# Without the extra: "could not import 'distributed'" (which BOARDRULES_TEST_ALL_EXTRAS=1
# turns into a failure); install it with `pip install boardrules[distributed]`.
pytest.importorskip("distributed")

# Only once the extra is known to be installed (mypy reads Dask's own types).
from distributed import Client, LocalCluster

from boardrules.apps.cli import main
from boardrules.apps.parallel import GameFailedError, _worker_count
from boardrules.apps.simulation import simulate
from boardrules.apps.tournament import run_tournament
from boardrules.games import kivi
from tests.parallel_helpers import SEED, Exploding, Unreachable, records, timeless

pytestmark = pytest.mark.dask


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    """A local cluster of two single-threaded worker processes."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def client(cluster: LocalCluster) -> Iterator[Client]:
    """A client of the cluster."""
    with Client(cluster) as client:
        # The helpers' bot classes travel by reference, as an installed package's would:
        # put the test package within the workers' reach, as a cluster has your code.
        client.run(site.addsitedir, str(Path(__file__).parent.parent))
        yield client


@pytest.fixture
def executor(client: Client) -> Executor:
    """The client's `concurrent.futures.Executor`."""
    executor: Executor = client.get_executor()
    return executor


def test_tournament_as_in_one_process(executor: Executor, tmp_path: Path) -> None:
    one = run_tournament(kivi, ["ismcts:8", "random"], 10, seed=SEED,
                         records=tmp_path / "one")
    dask = run_tournament(kivi, ["ismcts:8", "random"], 10, seed=SEED, executor=executor,
                          records=tmp_path / "dask")
    assert dask == one
    assert records(tmp_path / "dask") == records(tmp_path / "one")


def test_simulate_as_in_one_process(executor: Executor, tmp_path: Path) -> None:
    one = simulate(kivi, 3, 60, SEED, records=tmp_path / "one")
    dask = simulate(kivi, 3, 60, SEED, executor=executor, records=tmp_path / "dask")
    assert timeless(dask) == timeless(one)
    assert records(tmp_path / "dask") == records(tmp_path / "one")


def test_failing_game_is_named(executor: Executor) -> None:
    with pytest.raises(GameFailedError, match=r"^game 6 failed: Boom: my bug, seat 0$"):
        run_tournament(kivi, [Exploding(bad=6), "random"], 10, seed=SEED, executor=executor)


def test_worker_that_cannot_import_a_bot(executor: Executor) -> None:
    """Told at once: Dask itself would retry a batch it cannot read, forever."""
    with pytest.raises(GameFailedError, match="No module named 'boardrules_not_installed"):
        run_tournament(kivi, [Unreachable(), "random"], 4, executor=executor)


def test_batches_sized_for_the_cluster(executor: Executor) -> None:
    assert _worker_count(executor) == 2


def test_command_line(cluster: LocalCluster, tmp_path: Path) -> None:
    """``--dask ADDRESS`` prints what ``--jobs 1`` prints and writes the same records."""
    outputs = {}
    for how in ("--jobs=1", f"--dask={cluster.scheduler_address}"):
        out = io.StringIO()
        status = main(["tournament", "kivi", "--bots", "ismcts:5,random", "--games", "6",
                       "--quiet", "--records", str(tmp_path / how[2:6]), how], out=out,
                      err=io.StringIO())
        assert status == 0
        outputs[how[2:6]] = out.getvalue()
    assert outputs["jobs"] == outputs["dask"]
    assert records(tmp_path / "jobs") == records(tmp_path / "dask")


def test_command_line_bad_address() -> None:
    err = io.StringIO()
    assert main(["simulate", "kivi", "--dask", "no::such"], err=err) == 2
    assert "cannot reach the Dask scheduler at no::such: invalid address" in err.getvalue()
