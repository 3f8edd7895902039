"""What the PDF libraries say while a file is read: collected and counted, never printed.

pdfminer logs a warning for every font it cannot fully read (`Could not get FontBBox from
font descriptor ...`: 80-290 lines for a Chromium print whose fonts are Type 3), which
Python's logging prints on stderr when nothing else handles it. While a PDF is read, the
loggers of pdfminer, pdfplumber and pypdfium2 go to a collector instead (and not on to
the root logger), and Python warnings are recorded; each distinct message becomes one
warning of the run, with how often it was said.
"""
from __future__ import annotations

import logging
import warnings
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

LIBRARIES = ("pdfminer", "pdfplumber", "pypdfium2")


class Collector(logging.Handler):
    def __init__(self, said: Counter):
        super().__init__(logging.WARNING)
        self.said = said

    def emit(self, record: logging.LogRecord) -> None:
        self.said[(record.name.split(".")[0], record.getMessage())] += 1


@contextmanager
def library_warnings() -> Iterator[Counter]:
    """Within the block, the libraries' warnings are counted in the Counter yielded, keyed
    by (library, message)."""
    said: Counter = Counter()
    collector = Collector(said)
    loggers = [logging.getLogger(name) for name in LIBRARIES]
    before = [logger.propagate for logger in loggers]
    for logger in loggers:
        logger.addHandler(collector)
        logger.propagate = False
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield said
            for warning in caught:
                library = next((name for name in LIBRARIES if name in warning.filename), "python")
                said[(library, str(warning.message))] += 1
    finally:
        for logger, propagate in zip(loggers, before):
            logger.removeHandler(collector)
            logger.propagate = propagate


def as_warnings(said: Counter) -> tuple[str, ...]:
    """One line per distinct message, in a stable order."""
    return tuple(f"{library} said {times} time{'s' if times > 1 else ''} while reading the PDF: {message}"
                 for (library, message), times in sorted(said.items()))
