"""Many games at once: the same tables and records for any job count, failures named, and
Ctrl-C stopping the workers (Dask: test_parallel_dask.py)."""

from __future__ import annotations

import hashlib
import io
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from boardrules import BoardrulesError, from_json, replay
from boardrules.apps.cli import Progress, main
from boardrules.apps.parallel import (
    GameFailedError,
    RecordWriter,
    RunInterrupted,
    batch_size,
    check_jobs,
    cores,
    game_seed,
    run_games,
    ship_game,
)
from boardrules.apps.simulation import Summary, simulate
from boardrules.apps.tournament import (
    Entrant,
    Tournament,
    _maker,
    _TournamentGame,
    run_tournament,
)
from boardrules.bots import Bot, RandomBot
from boardrules.games import kivi
from boardrules.records import Record
from tests.parallel_helpers import SEED, Exploding, Unreachable, records, timeless

ENTRANTS: list[Entrant] = ["ismcts:8", RandomBot]


def tournament(jobs: int, directory: Path | None = None, **options: Any) -> Tournament:
    return run_tournament(kivi, ENTRANTS, 10, seed=SEED, jobs=jobs, records=directory,
                          **options)


class TestGameSeed:
    """`game_seed` is the documented digest, so other tools can derive the same seeds."""

    def test_derivation(self) -> None:
        digest = hashlib.sha256(b"5:17:2").digest()
        assert game_seed(5, 17, 2) == int.from_bytes(digest[:8], "big")

    def test_streams_do_not_collide(self) -> None:
        seeds = {game_seed(s, n, k) for s in range(5) for n in range(50) for k in range(4)}
        assert len(seeds) == 5 * 50 * 4


class TestSameResultsWhoeverPlays:
    """Tables and every record are identical for one process and for worker processes."""

    def test_tournament_jobs_1_and_2(self, tmp_path: Path) -> None:
        one = tournament(1, tmp_path / "one")
        two = tournament(2, tmp_path / "two")
        assert one == two
        assert one.games == 10 and [s.games for s in one.standings] == [10, 10]
        assert records(tmp_path / "one") == records(tmp_path / "two")
        assert len(records(tmp_path / "one")) == 11  # ten records and the index

    def test_your_own_process_pool(self) -> None:
        with ProcessPoolExecutor(2) as pool:
            assert tournament(1, executor=pool) == tournament(1)

    def test_simulate_jobs_1_and_2(self, tmp_path: Path) -> None:
        one = simulate(kivi, 3, 40, SEED, records=tmp_path / "one")
        two = simulate(kivi, 3, 40, SEED, jobs=2, records=tmp_path / "two")
        assert timeless(one) == timeless(two)
        assert records(tmp_path / "one") == records(tmp_path / "two")

    def test_batches_do_not_matter(self) -> None:
        """Any cut into batches plays the same games (the seed is the game's own)."""
        task = _TournamentGame(ship_game(kivi, True, records=True),
                               tuple(_maker(e) for e in ENTRANTS), 2, 2, SEED, True)

        def played(batch: int | None, jobs: int) -> dict[int, Any]:
            results: dict[int, Any] = {}
            run_games(task, 7, results.__setitem__, jobs=jobs, batch=batch)
            return results

        reference = played(None, 1)
        assert sorted(reference) == list(range(7))
        for batch in (1, 3, 7):
            assert played(batch, 2) == reference

    def test_results_change_with_the_seed(self) -> None:
        assert timeless(simulate(kivi, 2, 30, 1)) != timeless(simulate(kivi, 2, 30, 2))

    def test_records_replay_to_the_tabled_results(self, tmp_path: Path) -> None:
        table = tournament(2, tmp_path)
        wins = 0
        for number in range(10):
            text = (tmp_path / f"game-{number:04d}.json").read_text(encoding="utf-8")
            record = from_json(text, Record)
            final = replay(record)
            seat_of_ismcts = number % 2  # rotated by the game's number
            wins += kivi.returns(final)[seat_of_ismcts] == 1.0
        assert wins == table.standings[0].wins


class TestShipping:
    """A bot factory that cannot reach a worker is refused before any game."""

    @pytest.mark.parametrize("jobs", [2, 0])
    def test_lambda_refused(self, jobs: int) -> None:
        with pytest.raises(BoardrulesError, match=r"entrant 2 \(random\) cannot be sent to "
                                                  r"worker processes: .*lambda"):
            run_tournament(kivi, ["random", lambda seed: RandomBot(seed + 1)], 4, jobs=jobs)

    def test_local_class_refused(self, tmp_path: Path) -> None:
        class Local(RandomBot):
            name = "local"

        with pytest.raises(BoardrulesError, match=r"entrant 1 \(local\) cannot be sent.*"
                                                  r"local object.*top level of a module"):
            run_tournament(kivi, [Local, "random"], 4, jobs=2, records=tmp_path / "r")
        assert not (tmp_path / "r").exists() or not any((tmp_path / "r").iterdir())

    def test_in_one_process_anything_goes(self) -> None:
        def make(seed: int) -> Bot:
            return RandomBot(seed)

        assert run_tournament(kivi, [make, lambda s: RandomBot(s + 1)], 2).games == 2


class TestFailures:
    """A game that raises stops the run with its number; finished games are kept."""

    @pytest.mark.parametrize("jobs", [1, 2])
    def test_bot_that_raises(self, jobs: int, tmp_path: Path) -> None:
        with pytest.raises(GameFailedError, match=r"^game 14 failed: Boom: my bug, seat 0$"
                           ) as caught:
            run_tournament(kivi, [Exploding(bad=14), "random"], 40, seed=SEED, jobs=jobs,
                           records=tmp_path)
        assert caught.value.number == 14
        assert "in act" in caught.value.details  # the traceback where the game ran
        names = {p.name for p in tmp_path.glob("game-*.json")}
        # Nothing finished is lost: in one process every game before; with workers at
        # least those of game 14's batch (12 to 14: 40 games in 16 batches), as the others
        # may still have been playing when the run stopped.
        kept = range(14) if jobs == 1 else range(12, 14)
        assert {f"game-{n:04d}.json" for n in kept} <= names
        assert "game-0014.json" not in names
        index = (tmp_path / "index.jsonl").read_text(encoding="utf-8").splitlines()
        assert sorted(f'"record": "{name}"' for name in names) == sorted(
            line.split(", ")[1] for line in index)

    def test_worker_that_dies(self) -> None:
        with pytest.raises(GameFailedError, match=r"the worker playing games \d+ to \d+ "
                                                  r"failed: BrokenProcessPool"):
            run_tournament(kivi, [Exploding(bad=4, die=True), "random"], 20, seed=SEED,
                           jobs=2)

    def test_worker_that_cannot_import_a_bot(self) -> None:
        with pytest.raises(GameFailedError, match=r"a worker cannot rebuild the games' bots "
                           r"and game: ModuleNotFoundError: No module named "
                           r"'boardrules_not_installed_here'\. The workers must be able to "
                           r"import every module"):
            run_tournament(kivi, [Unreachable(), "random"], 4, jobs=2)

    def test_records_directory_in_use_exit_2(self, tmp_path: Path) -> None:
        err = io.StringIO()
        status = main(["simulate", "kivi", "--games", "5", "--records", str(tmp_path)],
                      out=io.StringIO(), err=err)
        assert status == 0
        status = main(["simulate", "kivi", "--games", "5", "--records", str(tmp_path)],
                      out=io.StringIO(), err=err)
        assert status == 2
        assert "already holds game records" in err.getvalue()


class TestSettings:
    """Bad jobs, executors and record directories are refused before any game."""

    @pytest.mark.parametrize("jobs", [-1, 1.5, True, "2"])
    def test_bad_jobs(self, jobs: Any) -> None:
        with pytest.raises(BoardrulesError, match="jobs must be a whole number >= 0"):
            run_tournament(kivi, ["random"], 2, jobs=jobs)

    def test_jobs_and_executor(self) -> None:
        with ProcessPoolExecutor(1) as pool, pytest.raises(BoardrulesError, match="not both"):
            simulate(kivi, 2, 2, 0, jobs=2, executor=pool)
        with pytest.raises(BoardrulesError, match="not list"):
            simulate(kivi, 2, 2, 0, executor=[])  # type: ignore[arg-type]

    def test_zero_means_every_core(self) -> None:
        assert check_jobs(0, None) == cores() >= 1
        assert check_jobs(3, None) == 3

    def test_records_directory_in_use(self, tmp_path: Path) -> None:
        (tmp_path / "game-0000.json").write_text("{}", encoding="utf-8")
        with pytest.raises(BoardrulesError, match="already holds game records"):
            RecordWriter(tmp_path, 3)
        (tmp_path / "plain").write_text("", encoding="utf-8")
        with pytest.raises(BoardrulesError, match="cannot write records to"):
            RecordWriter(tmp_path / "plain" / "sub", 3)

    def test_record_names_are_padded_alike(self, tmp_path: Path) -> None:
        assert RecordWriter(tmp_path / "a", 10).name(7) == "game-0007.json"
        assert RecordWriter(tmp_path / "b", 123_456).name(7) == "game-000007.json"

    def test_batches(self) -> None:
        """Eight batches a worker (one game at least, a hundred at most)."""
        assert batch_size(10, 2) == 1
        assert batch_size(40, 2) == 3
        assert batch_size(1000, 2) == 63
        assert batch_size(100_000, 2) == 100


class TestCommandLine:
    """``--jobs`` and ``--records`` for simulate and tournament."""

    @pytest.mark.parametrize("argv", [
        ["simulate", "kivi", "--players", "3", "--games", "30"],
        ["tournament", "kivi", "--bots", "ismcts:5,random,random", "--games", "6"],
    ])
    def test_same_output_for_any_jobs(self, argv: list[str], tmp_path: Path) -> None:
        outputs = []
        for jobs in ("1", "2"):
            out = io.StringIO()
            directory = tmp_path / jobs
            status = main([*argv, "--seed", "4", "--quiet", "--jobs", jobs, "--records",
                           str(directory)], out=out, err=io.StringIO())
            assert status == 0
            outputs.append([line for line in out.getvalue().splitlines()
                            if "second" not in line and "time" not in line])
        assert outputs[0] == outputs[1]
        assert records(tmp_path / "1") == records(tmp_path / "2")

    def test_bad_jobs_exit_2(self) -> None:
        err = io.StringIO()
        with pytest.raises(SystemExit) as caught:
            main(["simulate", "kivi", "--jobs", "-2"], err=err)
        assert caught.value.code == 2

    def test_dask_without_the_extra(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(sys.modules, "distributed", None)  # import fails as if absent
        err = io.StringIO()
        assert main(["simulate", "kivi", "--dask", "tcp://host:8786"], err=err) == 2
        assert "--dask needs Dask: pip install 'boardrules[distributed]'" in err.getvalue()

    def test_dask_and_jobs(self) -> None:
        err = io.StringIO()
        assert main(["simulate", "kivi", "--dask", "tcp://host:8786", "--jobs", "2"],
                    err=err) == 2
        assert "--jobs and --dask do not mix" in err.getvalue()

    def test_failing_game_exit_1(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                 ) -> None:
        def broken(*args: Any, **kwargs: Any) -> Any:
            raise GameFailedError(3, "Boom: no", "Traceback …\n")

        monkeypatch.setattr("boardrules.apps.cli.run_tournament", broken)
        err = io.StringIO()
        status = main(["tournament", "kivi", "--quiet", "--records", str(tmp_path)],
                      out=io.StringIO(), err=err)
        assert status == 1
        assert "boardrules: game 3 failed: Boom: no\nTraceback …\n" in err.getvalue()
        assert f"records of the games finished are in {tmp_path}" in err.getvalue()


    def test_record_that_cannot_be_written_exit_1(self, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
        def full(*args: Any) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(RecordWriter, "write", full)
        err = io.StringIO()
        status = main(["simulate", "kivi", "--quiet", "--records", str(tmp_path)],
                      out=io.StringIO(), err=err)
        assert status == 1
        assert f"cannot write a record to {tmp_path}: No space left on device" in err.getvalue()

    def test_progress_moves_as_batches_finish(self) -> None:
        """Off a terminal a line for every tenth done, also when a batch crosses one."""
        stream = io.StringIO()
        bar = Progress(200, stream, "kivi")
        for done in range(13, 200, 13):
            bar.update(done)
        bar.update(200)
        counts = [line.split()[2] for line in stream.getvalue().splitlines()]
        assert counts == ["26/200", "52/200", "65/200", "91/200", "104/200", "130/200",
                          "143/200", "169/200", "182/200", "200/200"]


class TestInterrupt:
    """Ctrl-C stops the workers at once and prints the table of the games finished."""

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_ctrl_c(self, jobs: str, tmp_path: Path) -> None:
        argv = ["tournament", "kivi", "--bots", "ismcts:10,random", "--games", "200",
                "--jobs", jobs, "--records", str(tmp_path)]
        # As at a terminal: Ctrl-C raises KeyboardInterrupt even if this test runs where
        # SIGINT is ignored (a background job), which the child would inherit.
        command = [sys.executable, "-c", "import signal, sys; "
                   "from boardrules.apps.cli import main; "
                   "signal.signal(signal.SIGINT, signal.default_int_handler); "
                   "sys.exit(main(sys.argv[1:]))", *argv]
        # A session of its own: Ctrl-C at a terminal reaches every process of the group.
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, start_new_session=True)
        try:
            assert child.stderr is not None
            first = child.stderr.readline()  # the bar at 10 %: games are being played
            assert "20/200" in first or "/200" in first, first
            os.killpg(child.pid, signal.SIGINT)
            start = time.monotonic()
            out, err = child.communicate(timeout=60)
            stopped = time.monotonic() - start
        finally:
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
        assert child.returncode == 130, err
        assert stopped < 10  # the workers were stopped, not waited for
        assert "Traceback" not in err
        finished = int(err.split("interrupted after ")[1].split()[0])
        assert 20 <= finished < 200
        assert f"{finished} games of kivi" in out
        rows = [line for line in out.splitlines() if line.startswith(("ismcts", "random"))]
        assert [int(row.split()[1]) for row in rows] == [finished, finished]
        assert len(list(tmp_path.glob("game-*.json"))) == finished
        time.sleep(0.5)
        with pytest.raises(ProcessLookupError):  # no worker outlived the run
            os.killpg(child.pid, 0)

    def test_partial_table_in_python(self) -> None:
        calls = 0

        def progress(finished: int) -> None:
            nonlocal calls
            calls += 1
            if finished == 3:
                raise KeyboardInterrupt

        with pytest.raises(RunInterrupted) as caught:
            run_tournament(kivi, ["random", "random"], 10, progress=progress)
        assert caught.value.finished == 3 and caught.value.games == 10
        partial = caught.value.partial
        assert isinstance(partial, Tournament) and partial.games == 3
        assert partial == run_tournament(kivi, ["random", "random"], 3)
        assert calls == 3

    def test_partial_summary_in_python(self) -> None:
        def progress(finished: int) -> None:
            if finished == 5:
                raise KeyboardInterrupt

        with pytest.raises(RunInterrupted) as caught:
            simulate(kivi, 2, 50, SEED, progress=progress)
        partial = caught.value.partial
        assert isinstance(partial, Summary)
        assert timeless(partial) == timeless(simulate(kivi, 2, 5, SEED))
