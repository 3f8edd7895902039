"""Ctrl-C and SIGTERM: raised where the process is, so every cleanup runs, and held back
for a moment where being interrupted would leave a half-done step.

Holding needs two things. Python runs a signal's handler in the main thread whichever
thread the kernel delivered it to (pyarrow's and OpenBLAS's threads never block it), so a
mask alone does not hold it: the handler itself defers while something is held. The
mask is for processes forked while holding: a child starts with the signals masked and
lets them through once it has handlers of its own."""
from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

from .errors import Terminated

STOPPING = frozenset({signal.SIGINT, signal.SIGTERM})  # Ctrl-C and a supervisor's stop
_holding = 0
_pending: list[int] = []


def stop(signum: int) -> None:
    raise KeyboardInterrupt() if signum == signal.SIGINT else Terminated()


def on_signal(signum: int, frame) -> None:
    if _holding:
        _pending.append(signum)  # delivered when the held step ends
        return
    stop(signum)


@contextlib.contextmanager
def raising() -> Iterator[None]:
    """Within the block, Ctrl-C raises KeyboardInterrupt and SIGTERM raises Terminated
    (unless held). Only the main thread may set handlers: elsewhere (a library caller's
    thread) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, on_signal) for signum in STOPPING}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Ctrl-C and SIGTERM take effect only at the end of the block."""
    global _holding
    _holding += 1
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        _holding -= 1
        if not _holding and _pending:
            signum = _pending[0]
            _pending.clear()
            stop(signum)


def let_through() -> None:
    """In a process forked while holding: the signals are its own again."""
    global _holding
    _holding = 0
    _pending.clear()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)
