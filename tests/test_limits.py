"""The bounds are configuration; the time bound is a deadline each extraction call starts
for itself. The clock is moved by the tests, never waited for."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from conftest import RAW
from pipeline.cli import main
from pipeline.extract.pdf import extract_pdf
from pipeline.limits import DEFAULT, LimitError, Limits

PDF = RAW / "2025-10-22" / "doc.pdf"  # 3 pages
SHORT_PDF = RAW / "2025-05-07" / "doc.pdf"  # 2 pages, a quarter of the time: where no page count matters


class Clock:
    """A monotonic clock the test moves: `step` seconds pass at every reading."""

    def __init__(self, now: float = 0.0, step: float = 0.0):
        self.now, self.step = now, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_default_limits_hold_no_time():
    assert DEFAULT.started is None
    assert DEFAULT == Limits()  # what the CLI builds from its defaults equals DEFAULT


def test_a_call_long_after_the_limits_were_made_gets_its_full_time():
    clock = Clock()
    limits = Limits(clock=clock)  # made at t=0, like DEFAULT at import
    clock.now = 10 * DEFAULT.max_seconds  # a notebook or a service, hours later
    grid, updated = extract_pdf(SHORT_PDF.read_bytes(), "doc.pdf", limits)
    assert (updated, grid.n_rows) == ("2025-05-07", 43)


def test_each_call_starts_its_own_deadline():
    clock = Clock()
    limits = Limits(max_seconds=100, clock=clock)
    extract_pdf(SHORT_PDF.read_bytes(), "first.pdf", limits)
    clock.now += 1_000  # far past the first call's deadline
    extract_pdf(SHORT_PDF.read_bytes(), "second.pdf", limits)  # not stopped: its own 100 s
    assert limits.started is None  # the configuration itself never starts


def test_the_time_bound_stops_a_slow_extraction_where_it_is():
    clock = Clock(step=40)  # every reading of the clock, 40 s pass
    # started at 40 s; page 1 checked at 80, page 2 at 120: 80 s elapsed, page 3 at 160: 120 s
    with pytest.raises(LimitError, match=r"^doc.pdf: over a limit: extraction ran 120 s and was stopped at "
                                         r"page 3 \(expected at most 100 s \(--max-seconds\)\)$"):
        extract_pdf(PDF.read_bytes(), "doc.pdf", Limits(max_seconds=100, clock=clock))


def test_running_limits_keep_their_start():
    clock = Clock(now=5)
    running = Limits(clock=clock).running()
    clock.now = 50
    assert running.running().started == 5


def test_max_seconds_reaches_the_extraction_from_the_cli(tmp_path):
    raw = tmp_path / "raw" / "2025-10-22"
    raw.mkdir(parents=True)
    (raw / "doc.pdf").write_bytes(PDF.read_bytes())
    result = CliRunner().invoke(main, ["extract", str(tmp_path / "raw"), "--out", str(tmp_path / "build"),
                                       "--max-seconds", "0"])
    assert result.exit_code == 1
    assert "doc.pdf: over a limit: extraction ran 0 s and was stopped at page 1" in result.output
    assert not (tmp_path / "build" / "2025-10-22").exists()
