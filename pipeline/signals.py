"""Signals held back for a moment, where being interrupted would leave a half-done step."""
from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

STOPPING = frozenset({signal.SIGINT, signal.SIGTERM})  # Ctrl-C and a supervisor's stop


@contextlib.contextmanager
def held(signals=STOPPING) -> Iterator[None]:
    """Deliver these signals only at the end of the block (a process forked inside it
    starts with them held, and lets them through once it has its own handlers)."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def let_through(signals=STOPPING) -> None:
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signals)
