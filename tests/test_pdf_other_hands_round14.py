"""Prints made by other hands, round 14 (hunt 107, session 44): Writer page breaks inside merged cells.

LibreOffice Writer, printing the vendor page at 7 pt with a paragraph pushed down, closes qwen2vl-72b's
merged model cell after its first row and leaves the next row's model slot open at the table's left side
and into the cell below. No rule parts that slot from qwen2.5_vl-3b's cell, so the two were joined and
qwen2vl-72b's lora row published as qwen2.5_vl-3b's with exit 0. A slot open at the table's side is no
cell a reader can tell: the side of a table drawn along some rows must be drawn along all of them
(pdf_cells.check_sides_drawn).

Hunt 109 swept the break over many heights. Where it falls inside a merged sequence length
(`4096/8192` over the full and lora rows), Writer closes the cell at the foot of the page with
`4096/8` (or `4096/81`, `4096/819`) in it and writes the rest (`192`) in the lora row's box overleaf,
a row of its own: the rest was read as that row's sequence length (full with 4096 and 8, lora with
192; exit 0). Text overleaf in a row of its own is the rest of the closed cell above where it did
not fit the room left there and reads whole only joined to it (pdf_stitch.wrapped_over): a value
(`16*Asc` / `end`) or a model name (`qwen3_moe-` / `235B_A22B`), refused before, or `4096/` and
`8192`. Where both parts read as sequence lengths (`4096/8` and `192`) it is an error."""
from __future__ import annotations

import io

import pdfplumber
import pytest

from conftest import FIXTURES, RAW
from pipeline.extract.html import extract_html
from pipeline.normalize import normalize
from test_pdf_other_hands_round11 import rows
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf

WRITER_OPEN_SLOT = FIXTURES / "pdf" / "writer-closed-after-first-row-2025-10-22.pdf"


def test_writer_leaves_a_slot_open_at_the_left_side_and_into_the_cell_below():
    """The premise, as pdfplumber reads the print's rules on page 3: the left border stops at the
    bottom of qwen2vl-72b's first row and starts again at the top of qwen2.5_vl-3b's, and the rule
    under the open slot starts right of the model column."""
    with pdfplumber.open(WRITER_OPEN_SLOT) as pdf:
        page = pdf.pages[2]
        words = {w["text"]: w for w in page.extract_words()}
        above, below = words["qwen2vl-72b"], words["qwen2.5_vl-3b"]
        left = [e for e in page.edges if e["orientation"] == "v" and e["x0"] < above["x0"]]
        gap = [(round(a["bottom"]), round(b["top"])) for a in left for b in left if 5 < b["top"] - a["bottom"]]
        assert len(gap) == 1 and above["top"] < gap[0][0] < gap[0][1] < below["top"]
        under = [e for e in page.edges if e["orientation"] == "h" and abs(e["top"] - gap[0][1]) < 1]
        assert under and min(e["x0"] for e in under) > above["x1"]


def test_a_row_open_at_the_tables_side_is_an_error():
    """Catches: the open slot joined to the cell below it, qwen2vl-72b's lora 1024 row published as
    qwen2.5_vl-3b's (exit 0)."""
    with pytest.raises(LayoutError, match=r"page 3, row \d+, column 1: the table's left border is not drawn along "
                                          r"this row \(expected a border drawn along every row\)"):
        extract_pdf(WRITER_OPEN_SLOT.read_bytes(), WRITER_OPEN_SLOT.name)


WRITER_KEY_OVERLEAF = FIXTURES / "pdf" / "writer-key-over-the-break-2025-05-07.pdf"


def test_writer_closes_a_merged_sequence_length_at_the_break_and_writes_its_rest_overleaf():
    """The premise, as pdfplumber reads the print (LibreOffice Writer 7.4, the 2025-05-07 Writer
    copy at 7 pt, 195 pt above the table): llama3.2-3b's full row ends page 1 with `4096/8`, and
    page 2 opens under the header with its lora row holding `192`."""
    with pdfplumber.open(WRITER_KEY_OVERLEAF) as pdf:
        last = pdf.pages[0].extract_text().splitlines()
        first = pdf.pages[1].extract_text().splitlines()
    assert any(line.startswith("llama3.2-3b full 4096/8 ") for line in last)
    assert any(line.startswith("lora 192 ") for line in first[:6])


def test_a_key_overleaf_that_reads_as_a_length_either_way_is_an_error():
    """Catches: `192` read as the lora row's sequence length and `4096/8` as the full row's (122 rows,
    two of them wrong, exit 0; both rows have 4096 and 8192 in the page). `4096/8` and `192` are
    lengths too, only not powers of two (hunt 115: `10` and `24` in two ruled cells were joined into
    1024 by that): the ruling does not tell, an error naming the box."""
    with pytest.raises(LayoutError, match=r"page 2, row \d+, column 3: whether '192' at the top of the page is the "
                                          r"rest of '4096/8' above the break"):
        extract_pdf(WRITER_KEY_OVERLEAF.read_bytes(), WRITER_KEY_OVERLEAF.name)


WRITER_LAST_ROW_OPEN = FIXTURES / "pdf" / "writer-last-row-open-2025-10-22.pdf"


def test_a_last_row_open_at_the_side_is_named_as_such_not_as_a_missing_page():
    """Catches (hunt 109): the table's end, where Writer leaves the last row's model slot open at the
    left and below, refused as "left open at the bottom of the page … (a page missing?)", though the
    notes follow right below it on the same page (pdfplumber's text of page 5)."""
    with pdfplumber.open(WRITER_LAST_ROW_OPEN) as pdf:
        text = pdf.pages[4].extract_text()
    assert "gemma3-27b" in text and text.index("gemma3-27b") < text.index("1. Llama-Factory")
    with pytest.raises(LayoutError, match=r"page 5, row \d+, column 1: the table's left border is not drawn along "
                                          r"this row"):
        extract_pdf(WRITER_LAST_ROW_OPEN.read_bytes(), WRITER_LAST_ROW_OPEN.name)


@pytest.mark.parametrize("name, foot, overleaf", [
    ("writer-value-over-the-break-2025-10-22.pdf", "16*Asc", "end"),
    ("writer-model-over-the-break-2025-10-22.pdf", "qwen3_moe-", "235B_A22B"),
])
def test_a_value_or_name_closed_at_the_break_and_going_on_overleaf_is_read_whole(page_rows_1022, name, foot, overleaf):
    """Catches: the two fragments read as two cells, each no value or name (refused, though the print
    shows the merged cell's text going on overleaf: pdfplumber reads the foot of one page and the
    top of the next so)."""
    path = FIXTURES / "pdf" / name
    with pdfplumber.open(path) as pdf:
        words = [[w["text"] for w in page.extract_words()] for page in pdf.pages]
    assert any(foot in page and overleaf in words[i + 1] for i, page in enumerate(words[:-1]))
    printed, _ = extract_pdf(path.read_bytes(), name)
    assert rows(normalize(printed, "2025-10-22").frame) == page_rows_1022


@pytest.fixture(scope="module")
def page_rows_1022() -> set[tuple]:
    grid, _ = extract_html((RAW / "2025-10-22" / "page.html").read_bytes(), "page.html")
    return rows(normalize(grid, "2025-10-22").frame)


def test_no_key_goes_on_into_a_row_that_begins_a_model_of_its_own():
    """Catches (hunt 113): `102` closed at page 2's foot (glm4-9b, lora) and `4` opening page 3 in
    mixtral-8x7b's own row were read as one sequence length, 1024, for both (exit 0). The viewer
    shows two rows of two models, each with its own value."""
    path = FIXTURES / "pdf" / "reportlab-keys-either-side-of-a-model-break-2025-05-07.pdf"
    with pdfplumber.open(path) as pdf:
        assert any(line.startswith("lora 102 ") for line in pdf.pages[1].extract_text().splitlines()[-3:])
        assert any(line.startswith("mixtral-8x7b full 4 ") for line in pdf.pages[2].extract_text().splitlines()[:10])
    frame = normalize(extract_pdf(path.read_bytes(), path.name)[0], "2025-05-07").frame
    seen = set(frame[frame.model.isin(["glm4-9b", "mixtral-8x7b"])][["model", "strategy", "seq_len"]]
               .astype(str).itertuples(index=False))
    assert ("glm4-9b", "lora", "102") in seen and ("mixtral-8x7b", "full", "4") in seen
    assert not any(seq == "1024" for model, _, seq in seen)


ZEBRA = ("tbody tr:nth-child(even) td {background:#e0e0e0} table{border-left:none;border-right:none} "
         "th:first-child,td:first-child{border-left:none} th:last-child,td:last-child{border-right:none}")


@pytest.mark.parametrize("backgrounds", [True, False])
def test_a_zebra_striped_table_without_side_borders_is_read(printer, page_rows_1022, backgrounds):
    """Catches (hunt 113): the stripes' filled boxes end at the table's sides on every other row, and
    were taken for a side border drawn along some rows only (refused; read exactly before the side
    rule). Chromium prints the stripes (white boxes without backgrounds): the sides of a background
    are no border (pdf_regions.background_sides)."""
    from chromium import tab
    html = (FIXTURES / "pdf" / "print-2025-10-22.html").read_text(encoding="utf-8").replace(
        "</style>", ZEBRA + "</style>", 1)
    with tab(printer) as page:
        page.set_content(html)
        data = page.pdf(format="A4", print_background=backgrounds)
    with pdfplumber.open(io.BytesIO(data)) as pdf:  # the premise: filled boxes ending at the table's left side
        left = min(e["x0"] for e in pdf.pages[0].edges if e["orientation"] == "v")
        assert any(r["fill"] and abs(r["x0"] - left) < 1 for r in pdf.pages[0].rects)
    assert rows(normalize(extract_pdf(data, "zebra.pdf")[0], "2025-10-22").frame) == page_rows_1022
