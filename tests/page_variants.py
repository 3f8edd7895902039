"""What the tests of pages made by other hands share: the real 2025-10-22 page, a variant
written to disk and read by the real extractor, and the comparison with the page's rows."""
from __future__ import annotations

import pandas as pd
import pytest

from conftest import RAW
from pipeline.extract.html import extract_html
from pipeline.normalize import normalize

PAGE = RAW / "2025-10-22" / "page.html"
PAGE_HTML = PAGE.read_text(encoding="utf-8")
ROWS = 1350
COMPARED = ["model", "strategy", "seq_len", "framework", "hardware", "supported", "min_units"]


def read(html: str | bytes, name: str = "page.html"):
    """A variant through the real extractor and normalisation: (grid, update date, tidy)."""
    data = html.encode("utf-8") if isinstance(html, str) else html
    grid, updated = extract_html(data, name)
    return grid, updated, normalize(grid, "2025-10-22")


def grid_of(html: str | bytes, name: str = "page.html"):
    """A variant through the real extractor alone: its grid (for tests that look at one cell)."""
    return extract_html(html.encode("utf-8") if isinstance(html, str) else html, name)[0]


def write(tmp_path, html: str, encoding: str = "utf-8") -> bytes:
    """The variant as a file on disk, then its bytes, as the pipeline reads them."""
    path = tmp_path / "page.html"
    path.write_bytes(html.encode(encoding))
    return path.read_bytes()


@pytest.fixture(scope="module")
def reference():
    """The real page read: its grid and its 1,350 rows."""
    grid, updated, tidy = read(PAGE_HTML)
    assert len(tidy.frame) == ROWS and updated == "2025-10-22"
    return grid, tidy.frame


def same_rows(frame: pd.DataFrame, ref: pd.DataFrame) -> None:
    """Exactly the reference rows: key, supported and min_units."""
    assert len(frame) == ROWS
    pd.testing.assert_frame_equal(frame[COMPARED].reset_index(drop=True), ref[COMPARED].reset_index(drop=True))


def first_place(grid, raw_text: str) -> str:
    return str(next(c for c in grid.cells if c.raw_text == raw_text).place)


def with_sheet(css: str, html: str = PAGE_HTML) -> str:
    """The page with a <style> sheet added to its head."""
    assert html.count("</head>") == 1
    return html.replace("</head>", f"<style>{css}</style></head>", 1)
