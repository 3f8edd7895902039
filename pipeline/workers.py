"""How `mincards extract --jobs N` starts its worker processes."""
from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

START_METHOD_ENV = "MINCARDS_START_METHOD"  # fork, forkserver or spawn: overrides the choice below


def started_as_command() -> bool:
    """Whether this process was started to run `mincards` (the console script, or
    `python -m pipeline`), rather than calling the pipeline from inside another program
    (a test runner's CliRunner, a notebook, a library caller)."""
    program = Path(sys.argv[0]) if sys.argv and sys.argv[0] else Path()
    return program.name == "mincards" or program.parts[-2:] == ("pipeline", "__main__.py")


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
