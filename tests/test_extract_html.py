"""HTML -> Grid: table found by its headings, spans explicit, text normalised,
and markup variations a saved page can carry do not change the result."""
from __future__ import annotations

import re

import pytest

from conftest import FIXTURES, RAW
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.html import extract_html
from pipeline.normalize import normalize

MINIMAL = FIXTURES / "html" / "minimal.html"
PAGE = RAW / "2025-10-22" / "page.html"


def grid_of(text: str | bytes, name: str = "page.html"):
    data = text.encode("utf-8") if isinstance(text, str) else text
    return extract_html(data, name)[0]


def cells_of(grid):
    return [(c.row, c.col, c.rowspan, c.colspan, c.text, c.raw_text) for c in grid.cells]


def test_minimal_fixture_grid_is_read_exactly():
    grid, updated = extract_html(MINIMAL.read_bytes(), "minimal.html")
    assert updated == "2025-01-15"
    assert (grid.n_rows, grid.n_cols, grid.header_depth()) == (5, 7, 2)
    body = [(c.row, c.col, c.rowspan, c.colspan, c.text, c.raw_text) for c in grid.cells if c.row >= 2]
    assert body == [
        (2, 0, 2, 1, "toy2.5-\n7b", "toy2.5-\n7b"),
        (2, 1, 1, 1, "full", "full"),
        (2, 2, 2, 1, "4096/8192", "4096/8192"),
        (2, 3, 1, 2, "4*Ascend", "4*Ascend"),
        (2, 5, 2, 1, "8*Ascend", "8*Ascend"),
        (2, 6, 2, 1, "16*Ascend", "16*Ascend"),
        (3, 1, 1, 1, "lora", "lora"),
        (3, 3, 1, 1, "1*Asce nd", "1*Asce nd"),
        (3, 4, 1, 1, "2*Ascend", "2*Ascend"),  # the comment inside the cell adds nothing
        (4, 0, 1, 1, "Toy-V1/R2", "Toy-V1/R2"),
        (4, 1, 1, 1, "full/lora", "full/lora"),
        (4, 2, 1, 1, "1024/4096/8192", "1024/4096/8192"),
        (4, 3, 1, 1, "32*Ascend", "32*Ascend"),  # nested span/strong
        (4, 4, 1, 1, "64*Ascend", "64*Ascend"),  # entity decoded, trailing <br> adds no line
        (4, 5, 1, 2, "-", "-"),  # &nbsp; is whitespace
    ]


def test_covered_slots_point_at_their_origin_and_are_marked():
    grid = grid_of(MINIMAL.read_text(encoding="utf-8"))
    assert grid.is_covered(3, 0) and grid.cell_at(3, 0).text == "toy2.5-\n7b"
    assert grid.is_covered(2, 4) and grid.cell_at(2, 4) is grid.cell_at(2, 3)  # colspan
    assert grid.is_covered(3, 6) and grid.cell_at(3, 6).text == "16*Ascend"  # rowspan
    assert not grid.is_covered(3, 3)
    assert [c.text for c in grid.row_cells(3)] == ["lora", "1*Asce nd", "2*Ascend"]


def test_paragraphs_br_entities_and_whitespace():
    html = MINIMAL.read_text(encoding="utf-8").replace(
        "<p>4*Ascend</p>", "<p>\n   4&#42;<br>Asc&nbsp;&nbsp; end\t</p>")
    cell = grid_of(html).cell_at(2, 3)
    assert cell.raw_text == "4*\nAsc\xa0\xa0 end"
    assert cell.text == "4*\nAsc end"


# Each variation rewrites the real 2025-10-22 page the way a browser save or another tool might.
VARIATIONS = {
    "no thead/tbody": lambda s: re.sub(r"</?(thead|tbody)[^>]*>", "", s),
    "header cells as td": lambda s: s.replace("<th ", "<td ").replace("</th>", "</td>"),
    "upper-case tags": lambda s: re.sub(r"<(/?)([a-z][a-z0-9]*)", lambda m: f"<{m[1]}{m[2].upper()}", s),
    "unquoted attributes": lambda s: re.sub(r'(\w+)="([^"\s<>=]+)"', r"\1=\2", s),
    "nested span/strong": lambda s: re.sub(r"(<p id=[^>]*>)(.*?)</p>", r"\1<span><strong>\2</strong></span></p>", s),
    "pretty-printed": lambda s: s.replace("<p ", "\n    <p ").replace("</p>", "\n    </p>\n").replace("<tr", "\n  <tr"),
    "br between paragraphs": lambda s: re.sub(r"</p><p id=[^>]*>", "<br/>", s),
    "comments and data blocks": lambda s: s.replace("</p></td>", '<!-- x --><script type="application/json">[1]</script>'
                                                                 "</p></td>"),
}


@pytest.fixture(scope="module")
def reference():
    grid = grid_of(PAGE.read_bytes())
    return cells_of(grid), normalize(grid, "2025-10-22").frame


@pytest.mark.parametrize("name", sorted(VARIATIONS))
def test_markup_variations_do_not_change_the_result(name, reference, tmp_path):
    variant = tmp_path / "page.html"
    variant.write_text(VARIATIONS[name](PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    grid = grid_of(variant.read_bytes())
    assert cells_of(grid) == reference[0]
    assert normalize(grid, "2025-10-22").frame.equals(reference[1])


def test_page_saved_in_another_encoding(reference):
    text = PAGE.read_text(encoding="utf-8").replace('charset="utf-8"', 'charset="gb18030"')
    assert cells_of(grid_of(text.encode("gb18030"))) == reference[0]


def test_page_without_the_vendor_table_is_a_clear_error():
    html = re.sub(r'<table id="vendor">.*</table>', "", MINIMAL.read_text(encoding="utf-8"), flags=re.S)
    with pytest.raises(SourceError, match=r"minimal.html: .*no vendor table among the page's 1 table\(s\)"):
        extract_html(html.encode(), "minimal.html")


def test_page_with_two_vendor_tables_is_a_clear_error():
    html = MINIMAL.read_text(encoding="utf-8")
    table = re.search(r'<table id="vendor">.*</table>', html, flags=re.S).group(0)
    with pytest.raises(SourceError, match=r"2 tables look like the vendor table \(#2, #3 of 3\)"):
        extract_html(html.replace(table, table + table).encode(), "twice.html")


@pytest.mark.parametrize("data, message", [
    (b"", "the file is empty"),
    (b"   \n", "the file is empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe\xfa", "bad.html: cannot read source: the file is binary data, not utf-8 "
                                                "text (byte 0)"),
])
def test_unreadable_bytes_are_a_clear_error(data, message):
    with pytest.raises(SourceError, match=re.escape(message)):
        extract_html(data, "bad.html")


def test_bad_span_attribute_names_the_cell():
    html = MINIMAL.read_text(encoding="utf-8").replace('<td colspan="2"><p>4*Ascend', '<td colspan="two"><p>4*Ascend')
    with pytest.raises(LayoutError, match=r"row 3, column 4: colspan='two' \(expected a whole number"):
        grid_of(html)
