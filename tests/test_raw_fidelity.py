"""raw/ holds faithful vendor pages: the cells read back equal the vendor cell text,
and the spans reproduce LAYOUT.md's resolved grid row for row."""
from __future__ import annotations

import hashlib
import re

import pytest
from lxml import etree

from conftest import RAW, RELEASES
from pipeline.extract.html import extract_html
from pipeline.normalize import fill_spans


def read_grid(release: str):
    data = (RAW / release / "page.html").read_bytes()
    return extract_html(data, f"raw/{release}/page.html")


def layout_table(layout_md: str, section_heading: str) -> list[list[str]]:
    """The first markdown table after a heading of LAYOUT.md, as lists of cell strings."""
    lines = layout_md.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(section_heading))
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("| # |") or line.startswith("|---"):
            continue
        if line.startswith("| "):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows


@pytest.mark.parametrize("release", RELEASES)
def test_cells_read_back_equal_the_vendor_cell_file(release, vendor_dir):
    grid, _ = read_grid(release)
    paragraphs = [line for cell in grid.cells for line in cell.raw_text.split("\n")]
    expected = (vendor_dir / f"{release}-cells.txt").read_text(encoding="utf-8").splitlines()
    assert paragraphs == expected


def test_source_quirks_are_kept_in_the_page():
    grid, _ = read_grid("2025-10-22")
    raw = {cell.raw_text for cell in grid.cells}
    assert "qwen2.5-\n1.5b" in raw  # one cell, two paragraphs
    assert "1*Asce nd" in raw


@pytest.mark.parametrize("release, section, n_values", [
    ("2025-10-22", "### 4.2", 10),
    ("2025-05-07", "## 5.", 2),
])
def test_dense_grid_equals_layout_md(release, section, n_values, vendor_dir):
    expected = layout_table((vendor_dir / "LAYOUT.md").read_text(encoding="utf-8"), section)
    grid, _ = read_grid(release)
    dense = fill_spans(grid).iloc[grid.header_depth():]
    assert len(dense) == len(expected)
    for (number, *cells), (_, row) in zip(expected, dense.iterrows()):
        ours = [text.replace("\n", "⏎") for text in row]
        assert ours == cells[:3 + n_values], f"LAYOUT.md row {number}"


@pytest.mark.parametrize("release", RELEASES)
def test_page_is_a_complete_vendor_style_document(release):
    data = (RAW / release / "page.html").read_bytes()
    root = etree.fromstring(data, etree.HTMLParser())
    assert root.findtext(".//title").startswith("各模型支持的最小卡数和序列长度")
    assert f"更新时间：{release} GMT+08:00" in "".join(root.itertext())
    caption = "".join(root.find(".//table/caption").itertext())
    assert re.sub(r"\s+", "", caption) == "表1模型最小卡数配置"
    table = root.find(".//table")
    assert table.find("thead") is not None and table.find("tbody") is not None
    cells = table.xpath(".//th | .//td")
    assert cells and all(cell.xpath("./p") for cell in cells)  # every cell's text is in <p>
    assert (RAW / release / "SOURCE.md").is_file()


def test_update_dates_are_read_from_the_pages():
    assert [read_grid(r)[1] for r in RELEASES] == list(RELEASES)


def test_vendor_evidence_is_the_copy_its_provenance_describes(vendor_dir):
    """The evidence is copied in verbatim; an edit must come with new checksums."""
    provenance = (vendor_dir / "PROVENANCE.md").read_text(encoding="utf-8")
    listed = dict(re.findall(r"^\| `([^`]+)` \|.*\| `([0-9a-f]{64})` \|$", provenance, flags=re.M))
    present = {p.name for p in vendor_dir.iterdir()} - {"PROVENANCE.md"}
    assert set(listed) == present
    for name, digest in listed.items():
        assert hashlib.sha256((vendor_dir / name).read_bytes()).hexdigest() == digest, name
