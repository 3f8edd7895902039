"""Fault injection for the crash tests, shared by every writer and reader that has one.

Steps: a writer counts its steps (publish.py: each file-system step of a publication;
fetch.py: the points of a download and each file-system step of filing a release). With
MINCARDS_FAULT_KILL_AFTER=N in the environment the process kills itself with SIGKILL
right after step N: no cleanup handler runs, as in a real crash. The crash tests run
every N.

Points: named places in the middle of an operation where a test acts, in this process,
at exactly that moment (`acting_at`), e.g. removing a source file between the listing of
its release folder and its read. Nothing acts outside a test.
"""
from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable, Iterator

FAULT_ENV = "MINCARDS_FAULT_KILL_AFTER"


class Steps:
    """Counts the steps of one run; with kill_after=N (or MINCARDS_FAULT_KILL_AFTER=N)
    the process SIGKILLs itself right after step N. `names` says what each step was."""

    def __init__(self, kill_after: int | None = None):
        self.done = 0
        self.kill_after = kill_after
        self.names: list[str] = []

    @classmethod
    def from_env(cls) -> Steps:
        value = os.environ.get(FAULT_ENV, "").strip()
        return cls(int(value) if value.isdigit() else None)

    def step(self, name: str = "") -> None:
        self.done += 1
        self.names.append(name)
        if self.done == self.kill_after:
            os.kill(os.getpid(), signal.SIGKILL)


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
