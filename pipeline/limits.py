"""Bounds on what one input may cost, so that no file can hang the pipeline or exhaust
memory. The defaults are far above any real vendor release (a 110 KB page, a 3-page
PDF, 810 cells) and configurable from the CLI."""
from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field, replace

from .errors import MincardsError

MiB = 2**20


class LimitError(MincardsError):
    kind = "over a limit"


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 20 * MiB  # size of one source file
    max_pages: int = 200  # pages of a PDF
    max_cells: int = 100_000  # grid slots (rows x columns) of the table
    max_stream_bytes: int = 64 * MiB  # one PDF stream once inflated
    max_seconds: float = 300.0  # extracting one source file
    # The clock is configuration (a test can move it); the deadline is not: `started`
    # stays None until an extraction call starts its own (`running`).
    clock: Callable[[], float] = field(default=time.monotonic, compare=False, repr=False)
    started: float | None = field(default=None, compare=False)

    def running(self) -> Limits:
        """These bounds with the extraction's clock started now, unless it already runs:
        each extraction call measures its own time, however old the process is."""
        return self if self.started is not None else replace(self, started=self.clock())

    def check_bytes(self, source: str, size: int) -> None:
        if size > self.max_bytes:
            raise LimitError(source, f"the file is {size:,} bytes", f"at most {self.max_bytes:,} (--max-bytes)")

    def check_pages(self, source: str, pages: int) -> None:
        if pages > self.max_pages:
            raise LimitError(source, f"the PDF has {pages:,} pages", f"at most {self.max_pages:,} (--max-pages)")

    def check_cells(self, source: str, cells: int) -> None:
        if cells > self.max_cells:
            raise LimitError(source, f"the table would have {cells:,} grid slots",
                             f"at most {self.max_cells:,} (--max-cells)")

    def check_time(self, source: str, where: str) -> None:
        if self.started is None:
            raise RuntimeError("check_time on Limits that are not running; call running() first")
        elapsed = self.clock() - self.started
        if elapsed > self.max_seconds:
            raise LimitError(source, f"extraction ran {elapsed:.0f} s and was stopped at {where}",
                             f"at most {self.max_seconds:g} s (--max-seconds)")


DEFAULT = Limits()  # bounds only: no time is taken at import

# The running extraction's bounds and source, for the loops deep inside a page that no caller
# between them and the extraction passes the limits to (pdf_annots.content_tokens).
RUNNING: ContextVar[tuple[Limits, str] | None] = ContextVar("mincards_running_limits", default=None)


@contextlib.contextmanager
def bounding(limits: Limits, source: str):
    """These running limits (and the source they bound) told to check_running within the block."""
    token = RUNNING.set((limits.running(), source))
    try:
        yield
    finally:
        RUNNING.reset(token)


def check_running(where: str) -> None:
    """The time bound of the extraction running here (bounding), if any: LimitError past it."""
    running = RUNNING.get()
    if running is not None:
        running[0].check_time(running[1], where)
