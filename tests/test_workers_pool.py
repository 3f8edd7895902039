"""pipeline/workers.py `pool` and `meanwhile`: one pool of workers for several rounds of calls
(the cross-release build compares releases, then writes the history's files and pages with
the same workers), calls that run while the parent goes on with its own work, and workers
that end with a block left by an error."""
from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

import pytest

from pipeline.across import run_call
from pipeline.errors import SourceError
from pipeline.store import manifest_entry
from pipeline.workers import in_order, meanwhile, pool

PIDS = [(os.getpid,)] * 4


def test_a_pool_serves_several_rounds_of_calls_with_the_workers_it_started_once():
    """Catches: a pool per round (each round forking workers of its own): four calls a round,
    two rounds, yet two worker processes in all."""
    with pool(run_call, 2) as workers:
        first = [pid for _, pid in in_order(run_call, PIDS, 2, workers=workers)]
        with meanwhile(run_call, PIDS, workers) as outcomes:
            second = outcomes()
        third = [pid for _, pid in in_order(run_call, PIDS, 2, workers=workers)]
    assert len(set(first + second + third)) <= 2
    assert os.getpid() not in first + second + third


def test_meanwhile_gives_the_outcomes_in_the_order_of_the_calls_an_error_as_an_outcome(tmp_path):
    calls = [(str, 1), (manifest_entry, tmp_path / "missing", "min_cards.parquet"), (str, 3)]
    with pool(run_call, 2) as workers, meanwhile(run_call, calls, workers) as outcomes:
        parent_work = "done meanwhile"
        first, failed, third = outcomes()
    assert (parent_work, first, third) == ("done meanwhile", "1", "3")
    assert isinstance(failed, SourceError) and "no readable manifest entry" in str(failed)


def test_without_workers_meanwhile_makes_the_calls_in_this_process_when_waited_for():
    with meanwhile(run_call, PIDS, None) as outcomes:
        assert outcomes() == [os.getpid()] * 4


def test_a_block_left_by_an_error_ends_the_workers_mid_call():
    """Catches: workers left running a call nobody will wait for (here an hour's sleep) once
    the build failed (without the stop, leaving the block would wait for them); the pool's
    processes are gone when the block is left."""
    with pytest.raises(RuntimeError, match="the build failed"):
        with pool(run_call, 2) as workers, meanwhile(run_call, [(time.sleep, 3600)] * 2, workers):
            pids = list(workers.pool._processes)  # started as the calls were sent (the pool's own table)
            assert pids
            raise RuntimeError("the build failed")
    for pid in pids:
        assert not Path(f"/proc/{pid}").exists()


def test_workers_stopped_mid_call_end_even_with_a_result_cut_off_mid_message():
    """Catches: a run stopped early (a failing release, Ctrl-C) hung for ever in the pool's
    shutdown when a worker was killed while it wrote its result: the pool's thread that reads
    results had the start of a message and waited for the rest, which no process would send
    (the parent itself keeps the pipe open). Seen once in `make test` under load. Here the cut
    message is written by hand, so the case is certain: stopping must end the pool."""
    import struct
    import threading

    from pipeline.workers import Workers

    workers = Workers(time.sleep, 2)
    workers.submit((0.01,)).result()  # the pool and its reading thread are running
    slow = workers.submit((60,))
    cut = struct.pack("!i", 1000) + b"x" * 10  # a 1000-byte message of which 10 bytes came
    os.write(workers.pool._result_queue._writer.fileno(), cut)
    closing = threading.Thread(target=workers.close, args=(False,), daemon=True)
    closing.start()
    closing.join(120)  # not a speed bound: without the fix it never returns
    assert not closing.is_alive(), "the pool's shutdown hung on a result cut off mid-message"
    assert slow.done()


def test_a_cross_release_build_gives_back_the_garbage_collectors_settings():
    """Catches: new_objects_collected leaving a library caller's process with the build's rare
    young collections, or its objects frozen, after the block, whether it ends or raises."""
    import gc

    from pipeline.workers import YOUNG_OBJECTS, new_objects_collected

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    for failing in (False, True):
        with contextlib.suppress(RuntimeError), new_objects_collected():
            assert gc.get_threshold()[0] >= YOUNG_OBJECTS
            if failing:
                raise RuntimeError("the build failed")
        assert (gc.get_threshold(), gc.get_freeze_count()) == (before, frozen)


def test_the_first_outcomes_are_waited_for_alone_and_each_call_is_made_once():
    """Catches: waiting for the first call's outcome (the history's rows, which the parent copies
    into the database while the workers go on) waiting for every call, or a call made again when
    all are waited for. Without workers, the second call is made only then, and the first not again;
    with workers, the first outcome comes while the second call still sleeps."""
    made: list[int] = []
    with meanwhile(run_call, [(made.append, 1), (made.append, 2)], None) as outcomes:
        assert outcomes(1) == [None] and made == [1]
        assert outcomes() == [None, None] and made == [1, 2]
    with pool(run_call, 2) as workers, meanwhile(run_call, [(str, 1), (time.sleep, 3600)], workers) as outcomes:
        assert outcomes(1) == ["1"]
