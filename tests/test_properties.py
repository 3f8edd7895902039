"""Property-based tests: random vendor-like tables, rendered to HTML (and to PDF with
reportlab), extracted again; the grid must come back exactly.

Profiles (tests/conftest.py): the default `ci` keeps the example counts CI-sized;
`pytest --hypothesis-profile=thorough` runs many more.
"""
from __future__ import annotations

import html
import sys
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO
from pipeline.extract.html import extract_html
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from pipeline.grid import CellSpec, Grid
from pipeline.tokens import squash

sys.path.insert(0, str(REPO / "tools"))

KEYS = ("支持模型参数量", "训练策略类型", "序列长度SEQ_LEN")
STRATEGIES = ("full", "lora", "full/lora")
SEQ_LENS = ("4096", "8192", "4096/8192", "1024/4096/8192", "1024")
NAME_START = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
NAME_REST = NAME_START + "0123456789-."


@dataclass(frozen=True)
class SpecCell:
    row: int
    col: int
    rowspan: int
    colspan: int
    lines: tuple[str, ...]  # paragraphs, as published
    header: bool = False


def value_text(draw) -> tuple[str, ...]:
    if draw(st.booleans()):
        return ("-",)
    text = f"{draw(st.sampled_from([1, 2, 4, 8, 16, 32, 48, 64, 128, 256, 512]))}*Ascend"
    broken = draw(st.sampled_from(["none", "none", "space", "paragraph"]))
    cut = draw(st.integers(1, len(text) - 1))
    if broken == "space":
        return (text[:cut] + " " + text[cut:],)
    if broken == "paragraph":
        return (text[:cut], text[cut:])
    return (text,)


def model_text(draw, index: int) -> tuple[str, ...]:
    family = draw(st.text(NAME_START, min_size=1, max_size=1)) + draw(st.text(NAME_REST, max_size=8))
    name = f"{family}{index}-{draw(st.sampled_from(['0.5b', '7b', '30B_A3B', '8x7b', 'V3/R1']))}"
    if draw(st.booleans()):
        cut = name.index("-") + 1
        return (name[:cut], name[cut:])  # the split model name of the real page
    return (name,)


@st.composite
def tables(draw, max_blocks: int = 6) -> list[SpecCell]:
    """A header (three key headings spanning two rows, 1-8 frameworks over two hardware
    columns) and model blocks of 1-4 rows, tiled with random rowspans and colspans."""
    frameworks = draw(st.lists(st.text(NAME_START, min_size=1, max_size=1).flatmap(
        lambda first: st.text(NAME_REST, max_size=10).map(lambda rest: first + rest)),
        min_size=1, max_size=8, unique_by=str.lower))
    hardware = draw(st.sampled_from([("Snt9b", "Snt9b23"), ("Snt9B", "Snt9B23")]))
    n_cols = 3 + 2 * len(frameworks)
    cells = [SpecCell(0, c, 2, 1, (KEYS[c],), True) for c in range(3)]
    cells += [SpecCell(0, 3 + 2 * i, 1, 2, (f"{fw}规格卡数/DIE",), True) for i, fw in enumerate(frameworks)]
    cells += [SpecCell(1, c, 1, 1, (hardware[(c - 3) % 2],), True) for c in range(3, n_cols)]
    row = 2
    for block in range(draw(st.integers(1, max_blocks))):
        height = draw(st.integers(1, 4))
        taken: set[tuple[int, int]] = set()
        cells.append(SpecCell(row, 0, height, 1, model_text(draw, block)))
        for r in range(row, row + height):
            # every row keeps one single-row cell (its sequence length), as every vendor row does
            for c in range(1, n_cols):
                if (r, c) in taken:
                    continue
                left = row + height - r
                rowspan = 1 if c == 2 else draw(st.integers(1, left))
                colspan = 2 if c >= 3 and (c - 3) % 2 == 0 and (r, c + 1) not in taken and draw(st.booleans()) else 1
                if c == 1:
                    lines = (draw(st.sampled_from(STRATEGIES)),)
                elif c == 2:
                    lines = (draw(st.sampled_from(SEQ_LENS)),)
                else:
                    lines = value_text(draw)
                cells.append(SpecCell(r, c, rowspan, colspan, lines))
                taken |= {(rr, cc) for rr in range(r, r + rowspan) for cc in range(c, c + colspan)}
        row += height
    return cells


def expected(cells: list[SpecCell]) -> list[tuple]:
    return sorted((c.row, c.col, c.rowspan, c.colspan, "\n".join(c.lines)) for c in cells)


def render_html(cells: list[SpecCell], draw) -> str:
    """The table as a saved page might carry it: <p> or <br> between paragraphs, stray
    whitespace and &nbsp; around the text, with or without thead, th or td headers."""
    thead = draw(st.booleans())
    header_tag = draw(st.sampled_from(["th", "td"]))
    rows: dict[int, list[str]] = {}
    for c in sorted(cells, key=lambda c: (c.row, c.col)):
        pad = draw(st.sampled_from(["", " ", "\n  ", "&nbsp;", "\t"]))
        if draw(st.booleans()):
            body = "".join(f"<p>{pad}{html.escape(line)}{pad}</p>" for line in c.lines)
        else:
            body = pad + "<br>".join(html.escape(line) for line in c.lines) + pad
        tag = header_tag if c.header else "td"
        spans = (f' rowspan="{c.rowspan}"' if c.rowspan > 1 else "") + (f' colspan="{c.colspan}"' if c.colspan > 1 else "")
        rows.setdefault(c.row, []).append(f"<{tag}{spans}>{body}</{tag}>")
    trs = ["<tr>" + "".join(rows[r]) + "</tr>" for r in sorted(rows)]
    head, body = trs[:2], trs[2:]
    table = (f"<thead>{''.join(head)}</thead><tbody>{''.join(body)}</tbody>" if thead else "".join(trs))
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'></head><body><p>更新时间：2025-01-01 GMT+08:00</p>"
            f"<table border='1'><caption>表1 模型最小卡数配置</caption>{table}</table></body></html>")


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_html_grid_round_trips(data):
    cells = data.draw(tables())
    page = render_html(cells, data.draw)
    grid, updated = extract_html(page.encode("utf-8"), "random.html")
    assert updated == "2025-01-01"
    got = sorted((c.row, c.col, c.rowspan, c.colspan, c.text) for c in grid.cells)
    assert got == expected(cells)


def render_rows(cells: list[SpecCell], draw) -> dict[int, str]:
    """Each grid row as one <tr>, paragraphs as <p> or <br>, header cells as th or td."""
    header_tag = draw(st.sampled_from(["th", "td"]))
    rows: dict[int, list[str]] = {}
    for c in sorted(cells, key=lambda c: (c.row, c.col)):
        body = (("".join(f"<p>{html.escape(line)}</p>" for line in c.lines)) if draw(st.booleans())
                else "<br>".join(html.escape(line) for line in c.lines))
        tag = header_tag if c.header else "td"
        spans = (f' rowspan="{c.rowspan}"' if c.rowspan > 1 else "") + (f' colspan="{c.colspan}"' if c.colspan > 1 else "")
        rows.setdefault(c.row, []).append(f"<{tag}{spans}>{body}</{tag}>")
    return {r: "<tr>" + "".join(tds) + "</tr>" for r, tds in rows.items()}


def render_split_html(cells: list[SpecCell], draw) -> tuple[str, list[int]]:
    """The table as the vendor's editor splits it: 2-4 <table> parts cut at model blocks (a
    rowspan never crosses a part), each later part with its header rows repeated or not, a
    '（续）' caption or none, and a caption line, a wrapper or nothing between the parts.
    Returns the page and the first grid row of each part."""
    trs = render_rows(cells, draw)
    header = trs[0] + trs[1]
    blocks = sorted(c.row for c in cells if c.col == 0 and not c.header)
    cuts = sorted(draw(st.lists(st.sampled_from(blocks[1:] or [2]), min_size=1, max_size=3, unique=True)))
    starts = [0] + cuts
    ends = cuts + [max(trs) + 1]
    pieces = []
    for index, (start, end) in enumerate(zip(starts, ends)):
        if index == 0:
            caption, head = "<caption>表1 模型最小卡数配置</caption>", header
            body_from = 2
        else:
            caption = draw(st.sampled_from(["", "<caption>表1 模型最小卡数配置（续）</caption>",
                                            "<caption>续表1</caption>"]))
            head = header if draw(st.booleans()) else ""
            body_from = start
            pieces.append(draw(st.sampled_from(["", "\n", "<p>表1 模型最小卡数配置（续）</p>", "</div><div>"])))
        body = "".join(trs[r] for r in range(body_from, end))
        pieces.append(f"<table border='1'>{caption}{head}{body}</table>")
    page = (f"<!DOCTYPE html><html><head><meta charset='utf-8'></head><body><p>更新时间：2025-01-01 GMT+08:00</p>"
            f"<div>{''.join(pieces)}</div></body></html>")
    return page, [2 if s == 0 else s for s in starts]


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_html_table_split_in_parts_gives_the_unsplit_grid(data):
    """Parts stitched into one table: the same cells at the same (renumbered) rows as the
    table in one piece, every cell tagged with the part it was published in."""
    cells = data.draw(tables())
    page, part_starts = render_split_html(cells, data.draw)
    grid, updated = extract_html(page.encode("utf-8"), "split.html")
    assert updated == "2025-01-01"
    assert sorted((c.row, c.col, c.rowspan, c.colspan, c.text) for c in grid.cells) == expected(cells)
    part_of = lambda row: 1 if row < 2 else max(i for i, s in enumerate(part_starts, 1) if s <= row)  # noqa: E731
    assert all(c.part == part_of(c.row) for c in grid.cells)


def pdf_examples() -> int:
    """A fifth of the profile's examples: each PDF example renders and parses pages."""
    return max(4, settings().max_examples // 5)


def pdf_style(draw, grid: Grid) -> dict:
    """How the random table is drawn: stroked lines or filled rectangles; header repeated or
    not; page breaks between rows or inside them, a forced one inside a random body row.
    Cut open (reportlab's split_rows), or closed at the break (as LibreOffice Writer does):
    the row goes on in a band below the header, empty or holding the rest of its text.
    Cut open, a cell's line that does not fit may be drawn below the bottom rule, the rest
    going on in its box on the next page (as Chromium does; the model column narrowed so
    that names wrap over more lines than their first rows hold).
    Writer lets a row that does not fit break across the page, so a merged cell's text never
    flows into the box of another row; closed breaks are drawn that way only."""
    common = dict(borders_as_rects=draw(st.booleans()), repeat_header=draw(st.booleans()),
                  split_row=draw(st.one_of(st.none(), st.integers(2, grid.n_rows - 1))))
    if draw(st.booleans()):
        return dict(common, close_at_break=True, split_rows=True)
    overflow = dict(overflow_below=True, key_widths=(40.0, 46.0, 50.0)) if draw(st.booleans()) else {}
    return dict(common, split_rows=draw(st.booleans()), first_page_rows=draw(st.one_of(st.none(), st.integers(1, 30))),
                **overflow)


@settings(max_examples=pdf_examples(), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_pdf_grid_round_trips(data, tmp_path_factory):
    render_pdf = pytest.importorskip("render_pdf")
    cells = data.draw(tables(max_blocks=30))
    specs: dict[int, list[CellSpec]] = {}
    for c in sorted(cells, key=lambda c: (c.row, c.col)):
        specs.setdefault(c.row, []).append(CellSpec("\n".join(c.lines), "\n".join(c.lines), c.rowspan, c.colspan))
    grid = Grid.from_rows("random", [specs[r] for r in sorted(specs)])
    style = render_pdf.Style(**pdf_style(data.draw, grid), font_name=render_pdf.CID_FONT)
    out = tmp_path_factory.mktemp("pdf") / "random.pdf"
    render_pdf.render(grid, "2025-01-01", out, style, "random")
    try:
        got, updated = extract_pdf(out.read_bytes(), "random.pdf")
    except LayoutError as error:  # a table drawn wider than the page: its text past the edge is not seen
        if "outside the page's visible area" not in str(error):
            raise
        import pdfplumber
        with pdfplumber.open(out) as pdf:
            assert any(ch["x1"] > page.width or ch["bottom"] > page.height for page in pdf.pages for ch in page.chars
                       if ch["text"].strip())
        return
    assert updated == "2025-01-01"
    assert sorted((c.row, c.col, c.rowspan, c.colspan, squash(c.text)) for c in got.cells) == sorted(
        (r, c, rs, cs, squash(t)) for r, c, rs, cs, t in expected(cells))
