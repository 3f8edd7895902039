"""Prints made by other hands, round 11 (hunt 68, session 39): Chromium at print scale 1.5 wraps
the sequence length `4096/8192` as `409` / `6/81` at the foot of a page and `92` overleaf. The room
left after `6/81` was told with the table's padding, the least gap anywhere (4.57 pt, a header's),
where this cell's own is 5.22: 9.06 pt, and a 9 of 8.09 pt seemed to fit, so `92` was taken for a
row of its own: 1,360 rows published, exit 0, with sequence lengths 81 and 92. The room is now a
range (the table's padding, the cell's own least gap; up to no padding where all text is centred);
where the next character falls inside it, the keys tell: the text joined to the cell above, or
each apart, read as keys as the table prints them (strategies of the vocabulary, sequence lengths
powers of two); where exactly one reading does, it is taken, else an error."""
from __future__ import annotations

import pytest

from conftest import FIXTURES, RAW
from pipeline.errors import LayoutError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

KEYS = ["model", "strategy", "seq_len", "framework", "hardware", "supported", "min_units"]
PRINTS = FIXTURES / "pdf"


def rows(frame) -> set[tuple]:
    return set(frame[KEYS].astype(str).itertuples(index=False))


@pytest.fixture(scope="module")
def page_rows() -> set[tuple]:
    grid, _ = extract_html((RAW / "2025-10-22" / "page.html").read_bytes(), "page.html")
    return rows(normalize(grid, "2025-10-22").frame)


@pytest.mark.parametrize("name", [
    # `409` / `6/81` | break | `92`: 4096/8192 joined, 81 and 92 apart
    "chromium-scale-1.5-legal-2025-10-22.pdf",
    # `8192` | break | `4096/` `8192`: 81924096/8192 joined, 8192 and 4096/8192 apart (its 4 falls inside the range too)
    "chromium-scale-1.45-a4-2025-10-22.pdf",
    # the 1.5 print with every cell centred, which tells no padding at all
    "chromium-scale-1.5-centred-a4-2025-10-22.pdf",
    # `4096` | break | `8192`, the 8 not fitting after 4096 (cells padded 12px): two rows, not 40968192
    "chromium-padding-12-a4-2025-10-22.pdf"])
def test_a_wrap_the_padding_cannot_tell_is_told_by_the_keys(name, page_rows):
    """Catches (hunt 68): the 1.5 print published 1,360 rows (81 and 92 for 8192); a rule
    refusing every key the padding cannot tell would refuse these prints, which Chromium
    draws plainly."""
    grid, _ = extract_pdf((PRINTS / name).read_bytes(), name)
    assert rows(normalize(grid, "2025-10-22").frame) == page_rows


# --- the same, drawn to order -------------------------------------------------------------------

FONT_SIZE = 8


def boxes_pdf(out, pages) -> bytes:
    """Pages of ruled boxes (x0, x1, top, bottom, text, padding; points from the top of an A4
    page), each text set left in its box after its own padding (a header's thinner than a body
    cell's, as a thicker border leaves it)."""
    from render_pdf import CID_FONT, register_cid_font
    from reportlab.pdfgen.canvas import Canvas
    register_cid_font()
    canvas = Canvas(str(out), invariant=1)
    for boxes in pages:
        canvas.setFont(CID_FONT, FONT_SIZE)
        for x0, x1, top, bottom, text, padding in boxes:
            canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
            if text:
                canvas.drawString(x0 + padding, 842 - top - 11, text)
        canvas.showPage()
    canvas.save()
    return out.read_bytes()


def split_seq_len(tmp_path, end: str, rest: str) -> bytes:
    """A row whose sequence length `end` ends page 1 and whose `rest` begins page 2, in a column
    as wide as puts the first character of `rest` inside the room's range (headers padded 1 pt,
    body cells 3 pt), the row's value boxes on page 2 empty."""
    from render_pdf import CID_FONT, register_cid_font
    from reportlab.pdfbase.pdfmetrics import stringWidth
    register_cid_font()
    line, first = stringWidth(end, CID_FONT, FONT_SIZE), stringWidth(rest[0], CID_FONT, FONT_SIZE)
    # the least room (both paddings 3) a point short of the character, the most (both 1) three points over
    xs = [40, 130, 190]
    xs += [xs[-1] + line + 6 + first - 1, xs[-1] + line + 6 + first - 1 + 50]
    xs += [xs[-1] + 50]
    header = [(xs[0], xs[1], 60, 100, "支持模型参数量", 1), (xs[1], xs[2], 60, 100, "训练策略类型", 1),
              (xs[2], xs[3], 60, 100, "序列长度", 1), (xs[3], xs[5], 60, 80, "MS规格卡数/DIE", 1),
              (xs[3], xs[4], 80, 100, "Snt9b", 1), (xs[4], xs[5], 80, 100, "Snt9b23", 1)]
    first = header + [(xs[0], xs[1], 100, 120, "m-7b", 3), (xs[1], xs[2], 100, 120, "full", 3),
                      (xs[2], xs[3], 100, 120, end, 3), (xs[3], xs[4], 100, 120, "8*Ascend", 3),
                      (xs[4], xs[5], 100, 120, "16*Ascend", 3)]
    second = header + [(xs[0], xs[1], 100, 120, "", 3), (xs[1], xs[2], 100, 120, "", 3),
                       (xs[2], xs[3], 100, 120, rest, 3), (xs[3], xs[4], 100, 120, "", 3),
                       (xs[4], xs[5], 100, 120, "", 3)]
    return boxes_pdf(tmp_path / "split.pdf", [first, second])


def test_a_key_overleaf_inside_the_rooms_range_joined_when_only_joined_it_reads(tools_on_path, tmp_path):
    grid, _ = extract_pdf(split_seq_len(tmp_path, "4096/819", "2"), "split.pdf")
    assert sorted(set(normalize(grid, "2025-10-22").frame.seq_len)) == [4096, 8192]


def test_a_key_overleaf_inside_the_rooms_range_read_neither_way_is_an_error(tools_on_path, tmp_path):
    """`4096/81` then `9`: 4096/819 joined, 81 and 9 apart; no power of two either way."""
    with pytest.raises(LayoutError, match=r"page 2, row 4, column 3: whether '9' at the top of the page is the rest "
                                          r"of the cell above it.*reads as no key either way"):
        extract_pdf(split_seq_len(tmp_path, "4096/81", "9"), "split.pdf")


@pytest.fixture
def tools_on_path():
    import sys
    from conftest import REPO
    sys.path.insert(0, str(REPO / "tools"))
    yield
    sys.path.remove(str(REPO / "tools"))


# --- a column cut before its first glyph (hunt 71) ------------------------------------------------

def test_a_table_cut_inside_a_column_where_no_text_shows_is_an_error():
    """Catches (hunt 71): Chromium clips a table wider than the page at its right margin; with the
    cells padded 12px (`word-break: keep-all`, A4 at 1.25) the clip falls inside the MindSpeed-RL
    column before its first glyph, so only the rows' rules run on past the last closed column.
    810 of 1,350 rows were published, exit 0 (the check for a cut column looked for text in it)."""
    data = (PRINTS / "bad" / "chromium-cut-column-no-text-2025-10-22.pdf").read_bytes()
    with pytest.raises(LayoutError, match=r"page 1: the vendor table's row rules run on 53 pt past its right side "
                                          r"and never close: a column cut"):
        extract_pdf(data, "doc.pdf")


# --- a table clipped on a column's rule (hunt 73) --------------------------------------------------

@pytest.mark.parametrize("name", ["chromium-clip-on-rule-2025-10-22.pdf", "chromium-wrapper-clip-on-rule-2025-10-22.pdf",
                                  "chromium-clip-path-through-rule-2025-10-22.pdf"])
def test_a_table_clipped_on_a_columns_rule_is_an_error(name):
    """Catches (hunt 73): Chromium clips a table wider than the page at its margin (a 330 pt
    page with nowrap cells), or where an `overflow: hidden` wrapper ends; where the clip falls on
    the rule after a framework's columns, that rule lies wholly outside the clip and the table
    shows closed: 270 of 1,350 rows were published, exit 0. A table whose outer border is half
    outside the page's clip (tests' Legal print at 13px) is read as before.
    Hunt 75: `table{clip-path: inset(0 342.137px 0 0)}` puts the clip inside the rule, which is
    then half drawn like that outer border, with nothing drawn past it; the same clip cuts the
    table's caption (表1 模型最|小卡数…), which no print read here does anywhere."""
    with pytest.raises(LayoutError, match=r"page 1: the vendor table's rules or text beside it clipped away"):
        extract_pdf((PRINTS / "bad" / name).read_bytes(), "doc.pdf")


def test_a_table_clipped_on_a_columns_rule_with_nothing_else_cut_reads_as_it_shows(page_rows):
    """Hunt 75's other print: the clip falls inside the rule after VeRL, the caption ends before
    it, and the page shows a whole table of three frameworks, closed by that rule: nothing
    on it tells a reader of the two beyond. It is read as it shows (the 810 rows of those three
    frameworks, each as the page prints it), never with a column of a framework cut short."""
    name = "chromium-clip-path-on-rule-whole-caption-2025-10-22.pdf"
    grid, _ = extract_pdf((PRINTS / name).read_bytes(), name)
    shown = {"Llama-Factory", "MindSpeed-LLM", "VeRL"}
    assert rows(normalize(grid, "2025-10-22").frame) == {row for row in page_rows if row[3] in shown}
