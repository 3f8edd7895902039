"""Whole documents around the vendor table: a long guide with many tables, pages turned by
/Rotate, and documents whose text cannot be read (a scan, outlines, no Unicode map)."""
from __future__ import annotations

import re

import pdfplumber
import pytest

from conftest import FIXTURES, RAW
from pdf_drawing import HEADER, XS, boxes_pdf, canvas_font  # noqa: F401 (a fixture)
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

PDF_FIXTURES = FIXTURES / "pdf"
LINEAGE_OF_FORMAT = ["source_file", "source_page", "raw_text"]


@pytest.fixture(scope="module")
def html_rows():
    grid, _ = extract_html((RAW / "2025-10-22" / "page.html").read_bytes(), "page.html")
    return normalize(grid, "2025-10-22").frame.drop(columns=LINEAGE_OF_FORMAT)


def tidy(data: bytes, name: str):
    grid, updated = extract_pdf(data, name)
    return normalize(grid, "2025-10-22").frame.drop(columns=LINEAGE_OF_FORMAT), updated


# --- the vendor table inside a long document --------------------------------------------------

def test_the_vendor_table_among_many_in_a_long_guide(html_rows):
    """Catches: in a 14-page guide (tools/print_guide.py, Chromium with header and footer;
    its HTML beside it) the vendor table is one of many, captioned 表1 like the first table
    of every topic; the
    table after it (表1 推理规格, exactly its columns and width) starts mid-page below its notes
    and goes on at the top of the next page: it was read as the vendor table's continuation
    (exit 1 with 65 cell errors, '模型' is not a model name). A table goes on only from the top
    of a page, after a part that filled the page before."""
    name = "guide-2025-10-22.pdf"
    html = (PDF_FIXTURES / "guide-2025-10-22.html").read_text(encoding="utf-8")
    assert len(re.findall(r"<caption[^>]*>(?:\s|<[^>]+>)*表1", html)) >= 4  # captions restart per topic
    with pdfplumber.open(PDF_FIXTURES / name) as pdf:  # the feature, from the PDF itself (pages 9 and 10)
        assert len(pdf.pages) >= 14
        ninth, tenth = (pdf.pages[i].extract_text() for i in (8, 9))
    assert ninth.index("gemma3-27b") < ninth.index("表1 推理规格")  # below the vendor table's last row
    assert "部署方式" in tenth.split("\n", 3)[1]  # going on at the top of the next page
    frame, updated = tidy((PDF_FIXTURES / name).read_bytes(), name)
    assert updated == "2025-10-22"
    assert frame.equals(html_rows)


def body(top: int, rows: list[list[str]]) -> list[tuple]:
    """Ruled rows of 14 pt, one box per value, from `top` down."""
    return [(x0, x1, top + 14 * r, top + 14 * (r + 1), [text])
            for r, row in enumerate(rows) for x0, x1, text in zip(XS, XS[1:], row)]


VENDOR_ROWS = [["m-7b", "full", "4096", "8*Ascend", "16*Ascend"], ["m-8b", "lora", "4096", "1*Ascend", "2*Ascend"]]
OTHER_HEADER = [(XS[0], XS[1], 0, 20, ["模型"]), (XS[1], XS[2], 0, 20, ["部署方式"]), (XS[2], XS[3], 0, 20, ["序列长度"]),
                (XS[3], XS[4], 0, 20, ["单机"]), (XS[4], XS[5], 0, 20, ["多机"])]
OTHER_ROWS = [["llama-1b", "在线", "1024", "8*Ascend", "-"]]


def other_table(top: int) -> list[tuple]:
    """A table with the vendor table's columns and a header of its own, from `top` down."""
    return [(x0, x1, a + top, b + top, text) for x0, x1, a, b, text in OTHER_HEADER] + body(top + 20, OTHER_ROWS)


def page_number(n: int) -> tuple:
    return (300, 820, f"{n}/2", 7)


@pytest.mark.parametrize("layout", ["heading above", "text after the part before"])
def test_a_table_with_the_vendor_columns_on_the_next_page_is_another_table(canvas_font, tmp_path, layout):
    """The vendor table ruled off at the foot of page 1; on page 2 a table with exactly its
    columns (a topic's 表1 in a guide). Catches: with a heading above it on page 2, or a note
    after the vendor table on page 1, it was read as the vendor table's continuation
    (exit 1: '模型' is not a model name)."""
    note = [(XS[0], 160, "注：以上配置仅供参考。", 8)] if layout == "text after the part before" else []
    heading = [(XS[0], 52, "4 推理部署", 12)] if layout == "heading above" else []
    pages = [(HEADER + body(100, VENDOR_ROWS), note + [page_number(1)]),
             (other_table(60 if heading else 40), heading + [page_number(2)])]
    frame, _ = tidy(boxes_pdf(tmp_path / "two.pdf", canvas_font, pages), "two.pdf")
    assert sorted(set(frame.model_label)) == ["m-7b", "m-8b"]
    assert list(frame.min_units) == [8, 16, 1, 2]


def test_a_table_of_other_columns_at_the_top_of_the_next_page_is_another_table(canvas_font, tmp_path):
    """The vendor table ruled off at the foot of page 1, a table of the same width but other
    columns at the top of page 2, with nothing above it: another table, not the vendor
    table's rest (it was: its rows read as the vendor table's)."""
    xs = [XS[0], 150, 230, XS[5]]
    other = [(a, b, 40, 54, [text]) for a, b, text in zip(xs, xs[1:], ["规格", "vCPU", "内存"])]
    other += [(a, b, 54, 68, [text]) for a, b, text in zip(xs, xs[1:], ["bm.8", "192", "1536GiB"])]
    pages = [(HEADER + body(100, VENDOR_ROWS), [page_number(1)]), (other, [page_number(2)])]
    frame, _ = tidy(boxes_pdf(tmp_path / "cols.pdf", canvas_font, pages), "cols.pdf")
    assert list(frame.min_units) == [8, 16, 1, 2]


def test_the_vendor_table_going_on_at_the_top_of_the_next_page_is_read(canvas_font, tmp_path):
    """The same two pages with the vendor table's rows on page 2 (its header not repeated),
    below only the running footer and header: read as its continuation."""
    pages = [(HEADER + body(100, VENDOR_ROWS[:1]), [page_number(1)]),
             (body(40, VENDOR_ROWS[1:]), [page_number(2)])]
    frame, _ = tidy(boxes_pdf(tmp_path / "on.pdf", canvas_font, pages), "on.pdf")
    assert sorted(set(frame.model_label)) == ["m-7b", "m-8b"]
    assert list(frame.min_units) == [8, 16, 1, 2]


# --- pages turned by /Rotate -------------------------------------------------------------------

TURNS = [90, 270, 180, 90, 0, 270, 90]  # per page of the landscape print


def test_pages_turned_by_rotate_are_read_as_their_text_runs(tmp_path, html_rows):
    """Catches: the landscape Chromium print with its pages turned by /Rotate (as `qpdf
    --rotate=90` does; here pypdfium2's set_rotation, the same /Rotate entry), a quarter,
    a half and three quarters: the text, turned off the horizontal as displayed, was not
    found as a table ('no vendor table'). Each page is read as stored, where its text runs
    across."""
    import pypdfium2 as pdfium
    document = pdfium.PdfDocument(str(PDF_FIXTURES / "browser-chromium-landscape.pdf"))
    for index, turn in enumerate(TURNS):
        document[index].set_rotation(turn)
    document.save(str(tmp_path / "turned.pdf"))
    with pdfplumber.open(tmp_path / "turned.pdf") as pdf:  # the feature: displayed turned, text not across
        assert [page.rotation for page in pdf.pages] == TURNS
        level = [c for c in pdf.pages[0].chars if c["matrix"][1] == 0 and c["matrix"][0] > 0]
        assert len(level) < len(pdf.pages[0].chars) / 10
    frame, updated = tidy((tmp_path / "turned.pdf").read_bytes(), "turned.pdf")
    assert updated == "2025-10-22"
    assert frame.equals(html_rows)


# --- text a reader sees but that cannot be read -----------------------------------------------

def has_feature(path, feature: str) -> bool:
    """The fixture is what it is there for, read from the PDF itself."""
    data = path.read_bytes()
    if feature == "outlines":  # no font in the file (no object streams to hide one), the page drawn
        return b"/Font" not in data and b"/ObjStm" not in data and b"/Contents" in data
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        if feature == "images":
            return not page.chars and bool(page.images)
        return sum(c["text"].startswith("(cid:") for c in page.chars) > 100


@pytest.mark.parametrize("name, feature, message", [
    ("scan.pdf", "images", "no text layer on any of its 1 page(s) (an image-only PDF?) (expected a PDF with text)"),
    ("outlines.pdf", "outlines", "no text layer on any of its 1 page(s): the glyphs are drawn as outlines on page "
                                 "1 (text converted to paths), which cannot be read (expected a PDF with text)"),
    ("no-unicode-map.pdf", "cid", "1,446 glyphs on pages 1, 2, 3 have no Unicode map (read as (cid:N)): the text "
                                  "cannot be read (expected fonts that map their glyphs to Unicode (a ToUnicode "
                                  "map))"),
])
def test_text_that_cannot_be_read_is_one_clear_error(name, feature, message):
    """Made by the tools that make them (tools/print_unreadable.py): a page rasterised by
    pdftoppm and wrapped by img2pdf; Ghostscript's -dNoOutputFonts; a Chromium print whose
    cell font (Type 3) lost its ToUnicode map (qpdf). Catches: the outlines' shapes read as
    ruling ('the ruling encloses a region that is not a rectangle'), and 792 cell errors
    for the `(cid:N)` text."""
    path = PDF_FIXTURES / "bad" / name
    assert has_feature(path, feature)
    with pytest.raises(SourceError) as info:
        extract_pdf(path.read_bytes(), name)
    assert str(info.value) == f"{name}: cannot read source: {message}"


def test_the_pdf_libraries_warnings_are_counted_not_printed(tmp_path):
    """Catches: pdfminer's `Could not get FontBBox` printed 89 times on stderr for a Chromium
    print whose fonts are Type 3 (Noto Sans CJK; tools/print_unreadable.py), through
    Python's last-resort log handler. A real `mincards extract` process: stderr stays
    empty; the message is one warning of the run, with its count."""
    import subprocess
    import sys
    name = "chromium-type3-2025-05-07.pdf"
    assert (PDF_FIXTURES / name).read_bytes().count(b"/Subtype /Type3") == 89  # the feature
    folder = tmp_path / "raw" / "2025-05-07"
    folder.mkdir(parents=True)
    (folder / "doc.pdf").write_bytes((PDF_FIXTURES / name).read_bytes())
    done = subprocess.run([sys.executable, "-m", "pipeline", "extract", str(tmp_path / "raw"), "--out",
                           str(tmp_path / "build"), "--verbose"], capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stderr) == (0, "")
    assert re.match(r"2025-05-07: 124 rows, 17 models, 1 framework, \d+ warnings, 0 findings -> ", done.stdout)
    assert ("  warning: raw/2025-05-07/doc.pdf: pdfminer said 89 times while reading the PDF: Could not get FontBBox "
            "from font descriptor because None cannot be parsed as 4 floats") in done.stdout.splitlines()


def test_the_pdf_libraries_warnings_do_not_reach_the_root_logger(caplog):
    """Where the application logs (pytest here: a handler on the root logger), the PDF
    libraries' warnings still go only into the grid's warnings, counted."""
    name = "chromium-type3-2025-05-07.pdf"
    with caplog.at_level("WARNING"):
        grid, _ = extract_pdf((PDF_FIXTURES / name).read_bytes(), name)
    assert [r for r in caplog.records if r.name.startswith(("pdfminer", "pdfplumber", "pypdfium2"))] == []
    assert grid.warnings == ("pdfminer said 89 times while reading the PDF: Could not get FontBBox from font "
                             "descriptor because None cannot be parsed as 4 floats",)


def test_a_page_without_text_where_the_table_goes_on_is_an_error(tmp_path):
    """reportlab-rects.pdf with its page 2 replaced by a picture of it (rendered by pdfium,
    placed as an image: a scanned page among text pages). The table is left open at the
    foot of page 1, so it goes on there: an error naming the page, not rows lost."""
    import pypdfium2 as pdfium
    source = pdfium.PdfDocument(str(PDF_FIXTURES / "reportlab-rects.pdf"))
    width, height = source[1].get_size()
    new = pdfium.PdfDocument.new()
    new.import_pages(source, [0])
    sheet = new.new_page(width, height)
    picture = pdfium.PdfImage.new(new)
    picture.set_bitmap(source[1].render(scale=1))
    picture.set_matrix(pdfium.PdfMatrix().scale(width, height))
    sheet.insert_obj(picture)
    sheet.gen_content()
    new.import_pages(source, [2])
    new.save(str(tmp_path / "scanned.pdf"))
    with pdfplumber.open(tmp_path / "scanned.pdf") as pdf:  # the feature: page 2 is a picture only
        assert not pdf.pages[1].chars and pdf.pages[1].images
    with pytest.raises(LayoutError) as info:
        extract_pdf((tmp_path / "scanned.pdf").read_bytes(), "scanned.pdf")
    assert str(info.value) == ("scanned.pdf: table layout: page 2: the vendor table goes on from page 1, but this "
                               "page has no text layer (images only) (expected the whole table as text)")
