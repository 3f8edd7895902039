"""Fault injection for the crash tests, shared by every writer and reader that has one.

Steps: a writer counts its steps (publish.py: each file-system step of a publication;
fetch.py: the points of a download and each file-system step of filing a release). With
MINCARDS_FAULT_KILL_AFTER=N in the environment the process kills itself with SIGKILL
right after step N: no cleanup handler runs, as in a real crash. With
MINCARDS_FAULT_ENOSPC_AT=N the N-th file the writer writes fails as a full disk does. The
crash tests run every N.

Signals: MINCARDS_FAULT_KILL_AT=<point>[:<how>] signals a process at a named point of
the extract run (run.py, workers.py; `importing`, the command's start: entry.py): SIGKILL, or TERM, INT, or INT-group (SIGINT to the
whole process group, as a terminal's Ctrl-C does), or self (SIGKILL to the process at the
point, not the run's: a worker the OOM killer takes).

Points: named places in the middle of an operation where a test acts, in this process,
at exactly that moment (`acting_at`), e.g. removing a source file between the listing of
its release folder and its read. Nothing acts outside a test.
"""
from __future__ import annotations

import contextlib
import errno
import os
import signal
from collections.abc import Callable, Iterator

FAULT_ENV = "MINCARDS_FAULT_KILL_AFTER"
FAULT_ENOSPC_ENV = "MINCARDS_FAULT_ENOSPC_AT"
KILL_AT_ENV = "MINCARDS_FAULT_KILL_AT"


def env_number(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    return int(value) if value.isdigit() else None


class Steps:
    """Counts the steps of one run and the files it writes; with kill_after=N (or
    MINCARDS_FAULT_KILL_AFTER=N) the process SIGKILLs itself right after step N, with
    full_at=N (or MINCARDS_FAULT_ENOSPC_AT=N) the N-th file written fails with ENOSPC, as
    creating it on a full disk does (the error names the file), or with `nameless` (N:write) as
    writing into it does (a write's error names no file). `names` says what each step was."""

    def __init__(self, kill_after: int | None = None, full_at: int | None = None, nameless: bool = False):
        self.done = self.writes = 0
        self.kill_after, self.full_at, self.nameless = kill_after, full_at, nameless
        self.names: list[str] = []

    @classmethod
    def from_env(cls) -> Steps:
        full_at, _, how = os.environ.get(FAULT_ENOSPC_ENV, "").partition(":")
        return cls(env_number(FAULT_ENV), int(full_at) if full_at.strip().isdigit() else None, how == "write")

    def step(self, name: str = "") -> None:
        self.done += 1
        self.names.append(name)
        if self.done == self.kill_after:
            os.kill(os.getpid(), signal.SIGKILL)

    def writing(self, path) -> None:
        """Before each file is written."""
        self.writes += 1
        if self.writes == self.full_at:
            if self.nameless:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))


def signal_at(point: str, target: int) -> None:
    """Where MINCARDS_FAULT_KILL_AT names this point, signal `target` as a crash, a kill
    or a Ctrl-C would."""
    name, _, how = os.environ.get(KILL_AT_ENV, "").partition(":")
    if name != point:
        return
    if how == "INT-group":
        os.killpg(os.getpgid(target), signal.SIGINT)
    elif how == "self":
        os.kill(os.getpid(), signal.SIGKILL)
    else:
        os.kill(target, {"": signal.SIGKILL, "TERM": signal.SIGTERM, "INT": signal.SIGINT}[how])


_ACTIONS: dict[str, list[Callable[..., None]]] = {}


def point(name: str, *args: object) -> None:
    """A named place in the middle of an operation: runs what a test asked to do here."""
    for action in list(_ACTIONS.get(name, ())):
        action(*args)


@contextlib.contextmanager
def acting_at(name: str, action: Callable[..., None]) -> Iterator[None]:
    """Within the block, `action(*args)` runs each time point(name, *args) is reached."""
    _ACTIONS.setdefault(name, []).append(action)
    try:
        yield
    finally:
        _ACTIONS[name].remove(action)
