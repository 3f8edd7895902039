"""How `mincards extract --jobs N` starts its worker processes. A small module: the
command decides before it imports pandas and pyarrow, whose imports start threads."""
from __future__ import annotations

import os
import sys
import threading

START_METHOD_ENV = "MINCARDS_START_METHOD"  # fork, forkserver or spawn: overrides the choice below


def os_threads() -> int:
    """Threads of this process as the OS counts them (native ones included); Python's
    count where the system does not say."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def start_method(threads_at_start: int) -> str:
    """How worker processes start. "fork" when the caller was single-threaded before it
    imported the pipeline (a fresh `mincards` process: the only other threads at fork
    time are the idle ones the imports started, OpenBLAS's and jemalloc's, which both
    install fork handlers), so a worker starts in about a millisecond with everything
    imported. Otherwise (a library caller, a test runner, anything that ran pyarrow or
    has threads of its own) "forkserver": a clean server process imports the pipeline
    once and forks each worker from there. Not Linux: "spawn"."""
    chosen = os.environ.get(START_METHOD_ENV, "").strip()
    if chosen:
        return chosen
    if sys.platform != "linux":
        return "spawn"
    return "fork" if threads_at_start == 1 else "forkserver"
