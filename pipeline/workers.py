"""How `mincards extract --jobs N` starts its worker processes, and how they end with
their run: a worker never outlives the process that started it, and never holds what
that process holds (the output folder's lock)."""
from __future__ import annotations

import contextlib
import ctypes
import gc
import itertools
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from . import faults, signals, without_data_synthesis

START_METHOD_ENV = "MINCARDS_START_METHOD"  # fork, forkserver or spawn: overrides the choice below
# What a forkserver imports before it forks a worker: the modules the workers' calls run (a
# release's extraction, the cross-release build), which import the data libraries at their
# top. The pipeline's own modules import those lazily (a question answered without them), so
# a server that imported only the called function's module left each worker to import
# pandas, pyarrow and the extractors again (~1.5 s of CPU a worker, 4 workers a run). A
# process's server starts with its first pool and keeps that pool's imports for the later
# ones, so it is given every worker's.
FORKSERVER_PRELOAD = ("pipeline.release", "pipeline.across")
PR_SET_PDEATHSIG = 1
PARENT_POLL_SECONDS = 1.0
YOUNG_OBJECTS = 10_000  # allocations between two young collections in a cross-release build (new_objects_collected)


def started_as_command() -> bool:
    """Whether this process was started to run `mincards` (the console script, or
    `python -m pipeline`), rather than calling the pipeline from inside another program
    (a test runner's CliRunner, a notebook, a library caller)."""
    program = Path(sys.argv[0]) if sys.argv and sys.argv[0] else Path()
    return program.name == "mincards" or program.parts[-2:] == ("pipeline", "__main__.py")


@contextlib.contextmanager
def libraries_settled() -> Iterator[None]:
    """Around the import of the data libraries in a `mincards` process: no collection while they
    import (~270 passes, 90 ms, over objects that all live to the end), then those objects (hundreds
    of thousands) set out of the garbage collector's sight, so that its full passes, which parsing
    a PDF triggers by the hundred, look at the run's own objects only (~0.2 s of a run with a PDF).
    Forked workers inherit it. Not in another program's process, whose objects may yet become
    garbage."""
    command = started_as_command()
    if command:
        gc.disable()
    try:
        yield
    finally:
        if command:
            gc.freeze()
            gc.enable()


@contextlib.contextmanager
def new_objects_collected() -> Iterator[None]:
    """Within the block, the garbage collector looks at the objects made in it alone: those
    alive before are set out of its sight (gc.freeze), so that its passes over a build of
    many small rows (~200 of them across 16 releases) do not each walk every object the
    process held already (the libraries', a caller's; ~0.3 s of 2). Workers forked inside
    inherit it. Given back after the block (gc.unfreeze) unless the process had frozen
    objects of its own before (a `mincards` process: libraries_settled), whose run then
    ends with these ones frozen too. And a young collection once every YOUNG_OBJECTS
    allocations, not 700: the build keeps tens of thousands of rows alive at a time (a
    release's rows, history runs, page lines), each of which the default threshold
    examined again and again and promoted into full passes (at 128 releases, ~1,500
    collections and 0.45 s of CPU -> ~50 and 0.18 s)."""
    frozen_before = gc.get_freeze_count()
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(threshold[0], YOUNG_OBJECTS), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if not frozen_before:
            gc.unfreeze()


def start_method(command: bool | None = None) -> str:
    """How worker processes start. "fork" in a `mincards` process with no thread of its
    own but the main one: the only other threads at fork time are the idle ones that
    importing numpy and pyarrow starts (OpenBLAS's, jemalloc's background thread), which
    install fork handlers; a worker then starts in a millisecond with everything imported.
    Anywhere else, "forkserver": the caller may hold threads (a test runner after pyarrow
    ran, an application) that a fork would copy mid-work; a clean server process imports
    the pipeline once and forks each worker from there (about one import's time, once).
    Not Linux: "spawn"."""
    chosen = os.environ.get(START_METHOD_ENV, "").strip()
    if chosen:
        return chosen
    if sys.platform != "linux":
        return "spawn"
    if command is None:
        command = started_as_command()
    return "fork" if command and threading.active_count() == 1 else "forkserver"


# --- a worker's life ---------------------------------------------------------------------

_run_parent: int | None = None  # the run's parent process, as seen from a worker


def worker_started(run_parent: int) -> None:
    """The first thing each worker does (the pool's initializer): it ends when the run's
    process ends. The kernel kills it when its own parent dies (Linux: the run's process
    with fork); a watcher thread ends it when the run's process is gone (with forkserver
    the parent is the server, which itself lives as long as any worker does). Ctrl-C and
    SIGTERM are for the run's process, which stops the workers itself."""
    global _run_parent
    _run_parent = run_parent
    without_data_synthesis()  # a forkserver's worker starts from a fresh interpreter
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signals.let_through()  # held by the parent while it forked this worker
    try:
        handle = os.pidfd_open(run_parent)
    except (AttributeError, OSError):  # not Linux 5.3+, or already gone
        handle = None
    if not alive(run_parent):
        os._exit(1)  # orphaned before the watch began
    threading.Thread(target=exit_with, args=(run_parent, handle), daemon=True, name="run-watch").start()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def exit_with(run_parent: int, handle: int | None) -> None:
    """Wait for the run's process to end, then end this worker: a pidfd becomes readable
    when its process exits; without one, look once a second."""
    if handle is not None:
        select.select([handle], [], [])
    else:
        while alive(run_parent):
            time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


STOP_GRACE = 30.0  # seconds a stopped pool's own thread is given to end (it ends within one once the workers are gone)


def stop_workers(pool) -> None:
    """End a pool's workers now, mid-task (the run was interrupted or failed): waiting for
    them would finish releases nobody will publish. Python 3.14 has the call; before it,
    the pool's own table of processes."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
    else:
        for process in processes:
            if process.is_alive():
                process.kill()
    # A worker killed while it wrote its result leaves the start of a message in the results
    # pipe, and the pool's reading thread waits for the rest for ever (shutdown with it): the
    # parent holds the pipe's writing end too, so it never sees the end of the file. Once the
    # workers are gone, that end is closed: the reader gets EOF and takes the pool as broken.
    for process in processes:
        process.join()
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    if writer is not None:
        writer.close()


# --- calls in order, in worker processes ---------------------------------------------------

class Workers:
    """A pool of `jobs` worker processes for `function`, started as `start_method` says and
    ending with the run. `close(finished=False)`: the run stopped early (a failure, Ctrl-C,
    SIGTERM), so no call still running is wanted and the workers end mid-call."""

    def __init__(self, function: Callable, jobs: int, method: str | None = None):
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        method = method or start_method()
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload([function.__module__, *FORKSERVER_PRELOAD])
        self.function, self.jobs = function, jobs
        self.pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=worker_started,
                                        initargs=(os.getpid(),))

    def submit(self, args: tuple):
        with signals.held():  # a worker forked here starts with Ctrl-C held until it ignores it
            return self.pool.submit(self.function, *args)

    def close(self, finished: bool) -> None:
        if finished:
            self.pool.shutdown(wait=True, cancel_futures=True)
            return
        stop_workers(self.pool)
        # The workers are gone; the pool's own thread ends once it has seen them go. It is given
        # STOP_GRACE, not waited for without end: a stop must end the run whatever state it caught
        # the pool in (a hang here once kept a stopped run alive for minutes).
        manager = getattr(self.pool, "_executor_manager_thread", None)  # shutdown forgets it
        self.pool.shutdown(wait=False, cancel_futures=True)
        if manager is not None:
            manager.join(STOP_GRACE)


def outcome_of(future, args: tuple = ()) -> object:
    """A call's result, or the MincardsError it raised. A worker that died (a signal: the OOM killer
    picks the process holding most memory, a worker reading a PDF) breaks the pool: an error naming
    what this call reads (the first one waited for), not an internal one."""
    from concurrent.futures import BrokenExecutor

    from .errors import MincardsError, ReleaseError

    try:
        return future.result()
    except MincardsError as error:
        return error
    except BrokenExecutor:
        raise ReleaseError(named_by(args), "a worker process of the run ended abruptly before this was read (killed "
                           "by a signal: out of memory, or a kill)", "the run again; with fewer --jobs where memory "
                           "is short") from None


def named_by(args: tuple) -> str:
    """What a call reads, for a message: its first argument that is a release (its label) or a path."""
    for arg in args:
        if hasattr(arg, "label"):
            return str(arg.label)
        if isinstance(arg, os.PathLike):
            return os.fspath(arg)
    return "the run"


def in_order(function: Callable, calls: Iterable[tuple], jobs: int = 1, method: str | None = None,
             handed_back: Callable[[], None] | None = None,
             workers: Workers | None = None) -> Iterator[tuple[tuple, object]]:
    """(args, function(*args)) for each args of `calls`, in their order, as each one is
    ready; a MincardsError a call raises is its result. With jobs > 1, in that many worker
    processes (`Workers`), at most 2 x jobs calls in flight, so the results waiting for their
    turn stay few whatever the number of calls (`calls` is taken from as they go out: it may
    make each one then); `handed_back()` runs in this process as each worker's result
    arrives. Stopping the iteration cancels the calls not started and ends the workers
    mid-call. `workers`: a pool of `function` kept for other calls after these
    (`pool`), which then ends it."""
    from .errors import MincardsError

    queue = iter(calls)
    window = list(itertools.islice(queue, 2 * jobs)) if jobs > 1 else []
    if len(window) <= 1:  # one process: each call made as it is run
        for args in itertools.chain(window, queue):
            try:
                outcome = function(*args)
            except MincardsError as error:
                outcome = error
            yield args, outcome
        return
    from collections import deque

    owned = workers is None
    workers = workers or Workers(function, min(jobs, len(window)), method)
    finished = False
    try:
        pending = deque((args, workers.submit(args)) for args in window)
        while pending:
            args, future = pending.popleft()
            outcome = outcome_of(future, args)
            if handed_back:
                handed_back()
            for more in queue:
                pending.append((more, workers.submit(more)))
                break
            yield args, outcome
        finished = True
    finally:
        if owned or not finished:
            workers.close(finished)


@contextlib.contextmanager
def pool(function: Callable, jobs: int, method: str | None = None) -> Iterator[Workers | None]:
    """`jobs` worker processes for `function` kept for several rounds of calls (in_order's
    and meanwhile's `workers`), so that they are started once; None for one process.
    Leaving the block by an exception ends them mid-call."""
    if jobs <= 1:
        yield None
        return
    workers = Workers(function, jobs, method)
    finished = False
    try:
        yield workers
        finished = True
    finally:
        workers.close(finished)


class Awaited:
    """The outcomes of calls sent to workers (their futures), or, without workers, made in this
    process when first waited for; each one once."""

    def __init__(self, function: Callable, calls: list[tuple], futures: list | None):
        self.function, self.calls, self.futures = function, calls, futures
        self.known: list = []

    def __call__(self, first: int | None = None) -> list:
        """The outcomes of the calls (of the first `first` of them), in their order, each
        waited for."""
        wanted = len(self.calls) if first is None else first
        while len(self.known) < wanted:
            at = len(self.known)
            self.known.append(outcome_of(self.futures[at], self.calls[at]) if self.futures is not None else
                              next(in_order(self.function, [self.calls[at]]))[1])
        return self.known[:wanted]


@contextlib.contextmanager
def meanwhile(function: Callable, calls: list[tuple], workers: Workers | None) -> Iterator[Callable[[], list]]:
    """function(*args) for each args of `calls`, sent at once to the `workers` (`pool`)
    while this process goes on with the block; the block calls what it is given (`Awaited`)
    to wait for their outcomes, in the order of `calls`, all or the first few (a MincardsError
    a call raises is its outcome). Without workers, the calls are made in this process when
    waited for. Leaving the block by an exception ends the workers mid-call, as in_order does."""
    if workers is None:
        yield Awaited(function, calls, None)
        return
    finished = False
    try:
        futures = [workers.submit(args) for args in calls]
        yield Awaited(function, calls, futures)
        finished = all(future.done() for future in futures)
    finally:
        if not finished:
            workers.close(finished)


# --- fault points, for the kill tests ----------------------------------------------------

def fault_point(point: str) -> None:
    """A point of the run where MINCARDS_FAULT_KILL_AT may signal the run's process (from
    a worker: the process that started the run, as a crash or a kill of it would)."""
    faults.signal_at(point, _run_parent or os.getpid())
