"""PDF -> Grid: the same grid and the same tidy rows as the HTML, whichever producer
wrote the PDF; pages stitched; clear errors for PDFs that cannot be read."""
from __future__ import annotations

import functools
import re
import shutil
import sys

import pdfplumber
import pytest
from click.testing import CliRunner

from conftest import FIXTURES, RAW, RELEASES, REPO
from pipeline.cli import main
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.cjk import printed_text
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import cluster, column_boundaries, extract_pdf, vendor_regions
from pipeline.grid import Grid
from pipeline.normalize import fill_spans, normalize
from pipeline.tokens import squash

PDF_FIXTURES = FIXTURES / "pdf"
PRODUCERS = ["browser-chromium.pdf", "browser-chromium-landscape.pdf", "weasyprint.pdf", "libreoffice-writer.pdf",
             "reportlab-rects.pdf", "reportlab-closed.pdf"]
LINEAGE_OF_FORMAT = ["source_file", "source_page", "raw_text"]  # differ by nature between HTML and PDF


# Each input is read once per test process (grids are frozen): many tests look at the same
# real page or fixture PDF from different sides.
@functools.cache
def html_of(release: str):
    return extract_html((RAW / release / "page.html").read_bytes(), f"raw/{release}/page.html")[0]


@functools.cache
def pdf_of(path):
    return extract_pdf(path.read_bytes(), path.name)


def head(grid, rows: int):
    """The grid's first `rows` rows (the header included), cells running on past them cut
    there: a table as long as a test needs, rendered and read in a fraction of the time."""
    from dataclasses import replace
    cells = [replace(c, rowspan=min(c.rowspan, rows - c.row)) for c in grid.cells if c.row < rows]
    return Grid.from_cells(grid.source_file, cells)


def squashed(grid):
    return fill_spans(grid).map(lambda text: "".join(text.split()))


@functools.cache
def page_tables(path):
    with pdfplumber.open(path) as pdf:
        regions = vendor_regions(pdf.pages).regions
        xs = cluster([x for r in regions for x in column_boundaries(r.edges, r.bbox)])
        return [r.table(xs) for r in regions]


@pytest.mark.parametrize("release", RELEASES)
def test_raw_pdf_gives_the_html_grid_and_tidy_rows(release):
    grid, updated = pdf_of(RAW / release / "doc.pdf")
    html = html_of(release)
    assert updated == release
    assert (grid.n_rows, grid.n_cols, len(grid.cells)) == (html.n_rows, html.n_cols, len(html.cells))
    assert squashed(grid).equals(squashed(html))
    assert normalize(grid, release).frame.drop(columns=LINEAGE_OF_FORMAT).equals(
        normalize(html, release).frame.drop(columns=LINEAGE_OF_FORMAT))


@pytest.mark.parametrize("name", PRODUCERS)
def test_every_producer_gives_the_html_tidy_rows(name):
    grid, updated = pdf_of(PDF_FIXTURES / name)
    assert updated == "2025-10-22"
    html = html_of("2025-10-22")
    assert squashed(grid).equals(squashed(html))
    frame = normalize(grid, "2025-10-22").frame
    assert len(frame) == 1350
    assert frame.drop(columns=LINEAGE_OF_FORMAT).equals(normalize(html, "2025-10-22").frame.drop(
        columns=LINEAGE_OF_FORMAT))


# --- each fixture has the feature it is there for, read from the PDF itself ---------------

def body_rows(tables) -> list[int]:
    """Rows drawn below the header on each page (the header repeated on every page)."""
    return [t.n_rows - 2 for t in tables]


def wrapped_over_breaks(tables) -> list[tuple[int, str, str]]:
    """(page, text above the break, text below it) for every column whose text is split by
    a page break: the two parts joined are a cell of the HTML table, the first part is not."""
    html_texts = {squash(c.text) for c in html_of("2025-10-22").cells}
    found = []
    for before, after in zip(tables, tables[1:]):
        for col in range(len(before.xs) - 1):
            head = squash(printed_text("".join(before.cell_at(before.n_rows - 1, col).lines)))
            tail = after.row_texts(2)[col]
            if head and tail and head + tail in html_texts and head not in html_texts:
                found.append((after.page, head, tail))
    return found


def test_libreoffice_writer_splits_rows_over_page_breaks():
    path = PDF_FIXTURES / "libreoffice-writer.pdf"
    with pdfplumber.open(path) as pdf:
        assert pdf.metadata["Producer"].startswith("LibreOffice")
        assert pdf.pages[0].lines  # stroked lines
    tables = page_tables(path)
    header = [tables[0].row_texts(r) for r in range(2)]
    assert all([t.row_texts(r) for r in range(2)] == header for t in tables)  # header repeated on each page
    cut = [c for t in tables[:-1] for c in t.cells if c.open_bottom] + [c for t in tables[1:] for c in t.cells
                                                                         if c.open_top]
    assert not cut  # every row and cell closed at a break
    # more rows drawn than the HTML has: a row drawn on two pages (a band below the header)
    assert sum(body_rows(tables)) > html_of("2025-10-22").n_rows - 2
    assert wrapped_over_breaks(tables)  # and its text wrapped over the break, e.g. 'full/' / 'lora'


def test_reportlab_closed_has_closed_cut_cells_and_split_rows():
    path = PDF_FIXTURES / "reportlab-closed.pdf"
    with pdfplumber.open(path) as pdf:
        assert pdf.pages[0].rects and not pdf.pages[0].lines  # borders as filled rectangles
    tables = page_tables(path)
    assert not [c for t in tables for c in t.cells if c.open_top or c.open_bottom]  # closed at every break
    # the first break falls between grid rows 28 and 29, inside merged cells: each is closed
    # on page 1 and goes on as an empty box below the header of page 2
    html = html_of("2025-10-22")
    assert body_rows(tables)[0] == 27
    merged = [c for c in html.cells if c.row < 29 < c.row + c.rowspan]
    assert merged
    for cell in merged:
        assert tables[0].cell_at(28, cell.col).lines
        below = tables[1].cell_at(2, cell.col)
        assert below.empty and (below.col, below.colspan) == (cell.col, cell.colspan)
    # a later break splits a row: its wrapped text goes on in a band below the header
    assert sum(body_rows(tables)) > html.n_rows - 2
    assert {(head, tail) for _, head, tail in wrapped_over_breaks(tables)} >= {("4096/819", "2"), ("1*Asc", "end")}


def test_chromium_landscape_is_landscape_and_scaled():
    with pdfplumber.open(PDF_FIXTURES / "browser-chromium-landscape.pdf") as pdf:
        page = pdf.pages[0]
        assert page.width > page.height  # A4 landscape
        assert page.rects and not page.lines
    wide = page_tables(PDF_FIXTURES / "browser-chromium-landscape.pdf")[0]
    narrow = page_tables(PDF_FIXTURES / "browser-chromium.pdf")[0]
    width = lambda t: t.xs[-1] - t.xs[0]  # noqa: E731
    assert width(wide) == pytest.approx(1.3 * width(narrow), rel=0.02)  # printed at 130%


@pytest.mark.parametrize("release", RELEASES)
def test_raw_pdfs_are_what_the_issue_asks_for(release):
    path = RAW / release / "doc.pdf"
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) >= 2
        assert all(round(p.width) == 595 and round(p.height) == 842 for p in pdf.pages)  # A4 portrait
        fonts = {c["fontname"] for p in pdf.pages for c in p.chars}
        assert fonts and all("+" in f for f in fonts)  # an embedded (subset) font
    tables = page_tables(path)
    assert len(tables) >= 2
    header = [tables[0].row_texts(r) for r in range(2)]
    assert all([t.row_texts(r) for r in range(2)] == header for t in tables)  # header repeated on each page
    cut = [c for t in tables[:-1] for c in t.cells if c.open_bottom]
    assert cut, "at least one merged cell is cut by a page break"
    grid, _ = pdf_of(path)
    wrapped = [c for c in grid.cells if "\n" in c.raw_text and re.fullmatch(r"\d+\*Ascend", squash(c.raw_text))]
    assert wrapped  # values wrap inside their narrow columns, e.g. "1*Asc" / "end"


def test_producers_differ_in_the_ways_the_fixtures_claim():
    with pdfplumber.open(PDF_FIXTURES / "browser-chromium.pdf") as pdf:
        page = pdf.pages[0]
        assert page.rects and not page.lines  # borders as filled rectangles
    with pdfplumber.open(PDF_FIXTURES / "weasyprint.pdf") as pdf:
        assert pdf.pages[0].lines  # stroked lines
    tables = page_tables(PDF_FIXTURES / "reportlab-rects.pdf")
    first_rows = [t.row_texts(0) for t in tables[1:]]
    assert all(row != tables[0].row_texts(0) for row in first_rows)  # header not repeated
    last = [c for c in tables[0].cells if c.row + c.rowspan == tables[0].n_rows]
    assert all(c.open_bottom for c in last)  # the whole last row is split by the break
    assert [c.lines for c in tables[1].cells if c.row == 0][3] == ["e nd"]  # '1*Asc' / 'e nd'
    with pdfplumber.open(PDF_FIXTURES / "reportlab-rects.pdf") as pdf:
        text = "".join(c["text"] for c in pdf.pages[0].chars)
        assert "\u2f40" in text and "\u2ed3" in text  # ⽀ and ⻓ as extracted


def test_lineage_carries_the_page():
    grid, _ = pdf_of(RAW / "2025-10-22" / "doc.pdf")
    frame = normalize(grid, "2025-10-22").frame
    pages = frame.groupby("model", sort=False)["source_page"].first()
    assert pages["llama3.1-8b"] == 1 and pages["gemma3-27b"] == 3
    row = frame[(frame.model == "qwen2.5-1.5b") & (frame.framework == "MindSpeed-LLM")].iloc[0]
    assert (row.source_page, row.source_row, row.source_col) == (1, 23, 4)


def test_split_row_text_is_joined_over_the_page_break():
    grid, _ = pdf_of(PDF_FIXTURES / "reportlab-rects.pdf")
    cell = grid.cell_at(22, 3)
    assert (cell.raw_text, cell.text, cell.page) == ("1*Asc\ne nd", "1*Asc\ne nd", 1)
    assert grid.cell_at(0, 0).raw_text == "\u2f40持模型参数量" and grid.cell_at(0, 0).text == "支持模型参数量"


@pytest.mark.parametrize("text, printed", [("\u2f40持", "支持"), ("序列\u2ed3度", "序列长度"), ("ＡＢ１", "AB1"),
                                           ("\u2ee2\u2ef0", "马龙")])
def test_printed_text(text, printed):
    assert printed_text(text) == printed


@pytest.mark.parametrize("name, message", [
    ("image-only.pdf", "no text layer on any of its 1 page(s) (an image-only PDF?)"),
    ("encrypted.pdf", "the PDF is encrypted (expected an unencrypted PDF)"),
    ("no-table.pdf", "no vendor table on any of its 1 page(s)"),
])
def test_unreadable_pdfs_are_a_clear_error(name, message):
    with pytest.raises(SourceError) as info:
        pdf_of(PDF_FIXTURES / "bad" / name)
    assert str(info.value).startswith(f"{name}: cannot read source: ")
    assert message in str(info.value)


@pytest.mark.parametrize("data, message", [
    (b"\x89PNG\r\n\x1a\n", "not a PDF (it starts with b'\\x89PNG\\r\\n\\x1a\\n')"),
    (b"", "not a PDF (the file is empty)"),
])
def test_bytes_that_are_not_a_pdf(data, message):
    with pytest.raises(SourceError, match=re.escape(message)):
        extract_pdf(data, "x.pdf")


def test_truncated_pdf():
    data = (RAW / "2025-10-22" / "doc.pdf").read_bytes()
    with pytest.raises(SourceError, match=r"x.pdf: cannot read source: the PDF cannot be"):
        extract_pdf(data[: len(data) // 3], "x.pdf")


def copy_release(tmp_path, release, keep):
    folder = tmp_path / "raw" / release
    folder.mkdir(parents=True)
    for name in keep:
        shutil.copy(RAW / release / name, folder / name)
    return tmp_path / "raw"


def test_release_with_only_a_pdf_publishes_from_it(tmp_path):
    raw = copy_release(tmp_path, "2025-05-07", ["doc.pdf"])
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(tmp_path / "build")])
    assert result.exit_code == 0, result.output
    assert re.match(r"2025-05-07: 124 rows, 17 models, 1 framework, \d+ warnings, 0 findings -> ", result.output)
    csv = (tmp_path / "build" / "2025-05-07" / "min_cards.csv").read_text(encoding="utf-8")
    assert ",raw/2025-05-07/doc.pdf,1,3,4,4*Ascend" in csv  # llama3.1-8b full: page 1, row 3, column 4


def test_html_and_pdf_that_disagree_fail_with_both_cells(tmp_path):
    raw = copy_release(tmp_path, "2025-05-07", ["page.html", "doc.pdf"])
    page = raw / "2025-05-07" / "page.html"
    page.write_text(page.read_text(encoding="utf-8").replace(">512*Ascend<", ">256*Ascend<"), encoding="utf-8")
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(tmp_path / "build")])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == "error: raw/2025-05-07/page.html and raw/2025-05-07/doc.pdf: sources disagree: 4 problems"
    assert lines[1] == ("  - DeepSeek-R1 / full / 4096 / MindSpeed-LLM / Snt9b: 256 (raw/2025-05-07/page.html row 42, "
                        "column 4: '256*Ascend') vs 512 (raw/2025-05-07/doc.pdf page 2, row 42, column 4: "
                        "'512*Ascend')")
    assert not (tmp_path / "build").exists()


def test_two_pdfs_in_one_release_is_an_error(tmp_path):
    raw = copy_release(tmp_path, "2025-05-07", ["doc.pdf"])
    shutil.copy(raw / "2025-05-07" / "doc.pdf", raw / "2025-05-07" / "print.pdf")
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(tmp_path / "build")])
    assert result.exit_code == 1
    assert "release: 2 PDF files (doc.pdf, print.pdf) (expected at most one PDF file per release)" in result.output


# --- rows cut by a page break, rendered on purpose -----------------------------------------

def renderer():
    sys.path.insert(0, str(REPO / "tools"))
    return pytest.importorskip("render_pdf")


@pytest.mark.parametrize("rects", [False, True], ids=["lines", "rects"])
def test_an_empty_band_below_the_header_is_the_rest_of_the_row_above(rects, tmp_path):
    """Grid row 20 (qwen2-72b / full / 8192) cut after its first line, closed at the page
    bottom, going on as an empty band below the repeated header (as LibreOffice Writer draws
    it): read as a row of its own it gave 'qwen2-72b / full / 8192 ... is listed 2 times'."""
    render_pdf = renderer()
    html = head(html_of("2025-10-22"), 40)  # three pages
    style = render_pdf.Style(font_name=render_pdf.CID_FONT, borders_as_rects=rects, close_at_break=True,
                             split_row=19)
    out = tmp_path / "split.pdf"
    render_pdf.render(html, "2025-10-22", out, style, "split")
    tables = page_tables(out)
    assert body_rows(tables)[0] == 18  # page 1 ends with the head of grid row 20
    band = [c for c in tables[1].cells if c.row == 2]
    assert band and all(c.empty and not c.open_top for c in band)  # the feature: an empty, closed band
    assert not [c for c in tables[0].cells if c.open_bottom]
    grid, _ = pdf_of(out)
    assert squashed(grid).equals(squashed(html))
    assert normalize(grid, "2025-10-22").frame.drop(columns=LINEAGE_OF_FORMAT).equals(
        normalize(html, "2025-10-22").frame.drop(columns=LINEAGE_OF_FORMAT))


def draw_boxes(canvas, boxes) -> None:
    """(x0, x1, top, bottom, text) in points from the page's top, each box ruled all round."""
    height = 842
    for x0, x1, top, bottom, text in boxes:
        canvas.rect(x0, height - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
        if text:
            canvas.drawString(x0 + 3, height - top - 11, text)


def test_a_band_that_is_neither_a_row_nor_the_rest_of_one_is_an_error(tmp_path):
    """A band below the repeated header that begins no strategy or sequence length (so it
    cannot be a row of its own) and whose cells do not line up with the row above (so it
    cannot be the rest of it): an error naming the page, row and column, not a guess."""
    render_pdf = renderer()
    render_pdf.register_cid_font()
    from reportlab.pdfgen.canvas import Canvas
    xs = [40, 130, 176, 226, 276, 326]
    header = [(xs[0], xs[1], 60, 100, "支持模型参数量"), (xs[1], xs[2], 60, 100, "训练策略类型"),
              (xs[2], xs[3], 60, 100, "序列长度"), (xs[3], xs[5], 60, 80, "MS规格卡数/DIE"),
              (xs[3], xs[4], 80, 100, "Snt9b"), (xs[4], xs[5], 80, 100, "Snt9b23")]
    out = tmp_path / "ambiguous.pdf"
    canvas = Canvas(str(out), invariant=1)
    canvas.setFont(render_pdf.CID_FONT, 8)
    draw_boxes(canvas, header + [(xs[0], xs[1], 100, 120, "m-7b"), (xs[1], xs[2], 100, 120, "full"),
                                 (xs[2], xs[3], 100, 120, "4096"), (xs[3], xs[4], 100, 120, "8*Ascend"),
                                 (xs[4], xs[5], 100, 120, "16*Ascend")])
    canvas.showPage()
    canvas.setFont(render_pdf.CID_FONT, 8)
    draw_boxes(canvas, header + [(xs[0], xs[1], 100, 120, ""), (xs[1], xs[2], 100, 120, ""),
                                 (xs[2], xs[3], 100, 120, ""), (xs[3], xs[5], 100, 120, "8*Ascend")])
    canvas.showPage()
    canvas.save()
    with pytest.raises(LayoutError) as info:
        pdf_of(out)
    assert str(info.value) == (
        "ambiguous.pdf: table layout: page 2, row 4, column 4: the first row below the header begins no strategy "
        "or sequence length of its own, yet its cells do not line up with the row above it on the previous page "
        "(expected either a row of its own or the rest of the row cut by the page break)")


def test_the_rest_of_a_row_alone_on_the_last_page_is_kept(tmp_path):
    """The last row split open over the break, the header not repeated: the last page holds
    only the row's tail, with no rule above it, so pdfplumber finds no table there; its
    text ('4096/' / '8192' over the break) must still come back."""
    render_pdf = renderer()
    html = head(html_of("2025-10-22"), 43)  # its last row: 4096/8192
    style = render_pdf.Style(font_name=render_pdf.CID_FONT, repeat_header=False, split_row=html.n_rows - 1,
                             key_widths=(90, 46, 30))  # the sequence length wraps
    out = tmp_path / "tail.pdf"
    pages = render_pdf.render(html, "2025-10-22", out, style, "tail")
    with pdfplumber.open(out) as pdf:
        last = pdf.pages[pages - 1]
        assert not last.find_tables()  # the feature: no ruled table on the last page
        assert "192" in last.extract_text()  # the rest of '4096/8192'
    grid, _ = pdf_of(out)
    assert squashed(grid).equals(squashed(html))
