"""The named stages of an extract run, timed only when someone is measuring.

bench/bench_run.py wraps the real run in `timed()` to see where the time goes; the
library marks its stages with `stage(name)`, which costs nothing more than a check
when no measurement is running. The benchmark so times the code users run, not a
copy of it.
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

_seconds: dict[str, float] | None = None  # the measurement running, if any


@contextmanager
def stage(name: str) -> Iterator[None]:
    if _seconds is None:
        yield
        return
    start = time.perf_counter()
    try:
        yield
    finally:
        _seconds[name] = _seconds.get(name, 0.0) + time.perf_counter() - start


@contextmanager
def timed() -> Iterator[dict[str, float]]:
    """Seconds spent in each stage while the block runs (stages are not nested)."""
    global _seconds
    outer, _seconds = _seconds, {}
    try:
        yield _seconds
    finally:
        _seconds = outer
