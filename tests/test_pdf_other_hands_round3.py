"""PDFs made by other hands, round 3: the real vendor page printed by the system Chromium
(`make browser`, with a CJK font; skipped without them) as a user prints it, with the page sizes and scales of
its print dialog, on which the extractor once exited 0 with the wrong rows or refused an
ordinary print. Each is printed here, now, through Playwright (tests/chromium.py)."""
from __future__ import annotations

import io
import re

import pdfplumber
import pytest

from chromium import tab
from conftest import RAW
from pipeline.errors import LayoutError
from pipeline.extract.cjk import printed_text
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

LINEAGE_OF_FORMAT = ["source_file", "source_page", "raw_text"]


def printed(browser, release: str, **options) -> bytes:
    """The release's page as Chromium prints it (`options`: Playwright's page.pdf: format,
    landscape, scale); its remote style sheet left out, as offline."""
    html = re.sub(r'<link rel="stylesheet"[^>]*>', "", (RAW / release / "page.html").read_text(encoding="utf-8"))
    with tab(browser) as page:
        page.set_content(html)
        return page.pdf(**options)


def tidy_pdf(data: bytes, release: str):
    grid, _ = extract_pdf(data, "doc.pdf")
    return normalize(grid, release).frame.drop(columns=LINEAGE_OF_FORMAT)


def tidy_html(release: str):
    grid, _ = extract_html((RAW / release / "page.html").read_bytes(), "page.html")
    return normalize(grid, release).frame.drop(columns=LINEAGE_OF_FORMAT)


def page_texts(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [printed_text(page.extract_text() or "") for page in pdf.pages]  # Kangxi radicals folded


def test_a_table_cut_by_the_page_inside_a_column_is_an_error(printer):
    """Catches: the 2025-10-22 page printed on A5 (Chromium's defaults otherwise) is wider
    than the page: Chromium cuts it inside the MindSpeed-RL column, drawing that column's
    rules on past the page's edge and its text up to it (`Mind`, `Snt9`, `-`). pdfplumber's
    table ends at the last closed column, so the extractor published 810 rows (3 of the 5
    frameworks) with exit 0. Text in the table's rows under rules that run on past its side
    is a column left unread: an error naming the page and the text."""
    data = printed(printer, "2025-10-22", format="A5")
    first = page_texts(data)[0]
    assert "MindSpeed-LLM" in first and "MindSpeed-RL" not in first and "Mind" in first.split("Llama")[-1]
    with pytest.raises(LayoutError, match=r"page 1: text printed in the vendor table's rows past its right side.*"
                                          r"'Mind.*the table was cut"):
        extract_pdf(data, "doc.pdf")


def test_a_first_page_holding_only_the_header_rows_is_read(printer):
    """Catches: the 2025-05-07 page printed on A4 landscape at 150%: the table's header rows
    fit at the foot of page 1 and Chromium moved the body overleaf, the header repeated.
    The first body row was taken for the rest of a header row cut by the break (its cells do
    not line up with the header's), and the print refused: 'the first row below the header
    begins no strategy or sequence length of its own'. A header row is never continued."""
    data = printed(printer, "2025-05-07", format="A4", landscape=True, scale=1.5)
    pages = page_texts(data)
    assert "支持模型参数量" in pages[0] and "llama3.1-8b" not in pages[0]  # page 1: the header alone
    assert pages[1].lstrip().startswith("支持模型参数量") and "llama3.1-8b" in pages[1]  # repeated overleaf
    assert tidy_pdf(data, "2025-05-07").equals(tidy_html("2025-05-07"))


def test_a_column_open_at_both_ends_on_a_page_is_read(printer):
    """Catches (hunt round 13): the 2025-05-07 page printed 210 mm by 97 mm. On page 5 the model
    column holds the end of qwen2-7b's merged cell and the start of qwen2-72b's, open at the
    page's foot: no cell of that column is closed, pdfplumber leaves the column out, and the
    table was taken to go on only in the band above qwen2-72b. Its rows were then text after
    the table: 56 of 124 rows (7 of 17 models) were published with exit 0. The part going on
    reaches as far down as the vertical rules between the table's sides go on."""
    data = printed(printer, "2025-05-07", width="210mm", height="97mm", print_background=True)
    assert "qwen2-72b" in page_texts(data)[4]
    assert tidy_pdf(data, "2025-05-07").equals(tidy_html("2025-05-07"))


def test_links_in_cells_printed_with_underlines_are_read(printer):
    """Catches: Chromium prints a link's underline as a thin rectangle just under its text. The
    one under a model name, as long as a rule, posed as a row boundary and cut the merged model
    cell in two ('' is not a model name); the one under a value was a path off the ruling. An
    underline (just below a run of glyphs, from the first one's left to the last one's right) is
    neither a rule nor stray ink. Also (hunt round 13): every print of this page by this
    machine's Chromium was refused, links or not: pdfminer reads the 户 of 用户 above the table
    as the radical ⼾ (its ToUnicode map), whose printed form is 戶, while pdfium reads 户 from
    the font, and that was taken for text a viewer draws that the extractor did not read. A
    radical and an ideograph read at one origin are one glyph."""
    html = re.sub(r'<link rel="stylesheet"[^>]*>', "", (RAW / "2025-10-22" / "page.html").read_text(encoding="utf-8"))
    for text in ("llama3.1-70b", "32*Ascend"):
        html = re.sub(rf'(<p id="[^"]+">){re.escape(text)}</p>', rf'\1<a href="https://example.com/">{text}</a></p>',
                      html, count=1)
    with tab(printer) as page:
        page.set_content(html)
        data = page.pdf(format="A4", print_background=True)
    assert tidy_pdf(data, "2025-10-22").equals(tidy_html("2025-10-22"))
