"""Vendor-like pages with the markup errors editors make (a second <table> opened inside the
first, stray or missing end tags, text and paragraphs between rows, wrappers left open), and
the tree a real browser builds from each.

Chromium parses every page of a batch with its own HTML parser (DOMParser, in one headless
run) and gives back each tree serialised; that serialisation closes every element, so any
HTML5 parser reads the browser's tree from it. tools/browser_trees.py stores a batch in
tests/fixtures/html/browser_trees.json; tests/test_html5_tree.py compares what the extractor
reads from each page with what it reads from the browser's tree.
"""
from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import strategies as st
from lxml import etree

from pipeline.errors import MincardsError
from pipeline.extract.html import extract_html
from test_properties import SpecCell, expected, tables

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "html" / "browser_trees.json"
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# End tags a browser ignores inside a row, after a cell, and between rows.
STRAY_IN_ROW = ["</td>", "</th>", "</p>", "</span>", "</div>", "</caption>", "</form>"]
STRAY_BETWEEN_ROWS = ["</tr>", "</td>", "</tbody>", "</thead>"]
# What browsers move out of a table, before it (foster parenting): text, paragraphs, line breaks.
BETWEEN_ROWS = ["<p>注：见下表</p>", "注", "<br>", "<span>说明</span>", "<div></div>", "<form></form>"]
# Where a model block begins, what an editor may leave: a second table opened without closing
# the first (its header repeated or not, a continuation caption), a clean split; a browser shows
# the table in parts, read as one.
PART_BREAKS = ["<table border='1'>", "<table border='1'>{header}",
               "<table border='1'><caption>表1 模型最小卡数配置（续）</caption>",
               "</table><table border='1'>", "</table><p>续表</p><table border='1'>{header}"]
# A table opened inside a cell and never closed: the rows after it are the nested table's, in
# a browser too; the reading must then be the browser's (an error here), not the table intact.
NESTING_BREAK = "<tr><td colspan='3'><table border='1'>"


def cell_markup(cell: SpecCell, draw) -> str:
    body = (("".join(f"<p>{html.escape(line)}</p>" for line in cell.lines)) if draw(st.booleans())
            else "<br>".join(html.escape(line) for line in cell.lines))
    tag = "th" if cell.header and draw(st.booleans()) else "td"
    spans = (f' rowspan="{cell.rowspan}"' if cell.rowspan > 1 else "") + \
        (f' colspan="{cell.colspan}"' if cell.colspan > 1 else "")
    end = draw(st.sampled_from([f"</{tag}>"] * 3 + [""]))  # an optional end tag left out
    return f"<{tag}{spans}>{body}{end}" + draw(st.sampled_from([""] * 12 + STRAY_IN_ROW))


def row_markup(cells: list[SpecCell], draw) -> str:
    end = draw(st.sampled_from(["</tr>"] * 3 + [""]))
    return "<tr>" + "".join(cell_markup(c, draw) for c in cells) + end


@st.composite
def malformed_pages(draw) -> tuple[str, list[tuple] | None]:
    """A random vendor-like table (test_properties.tables) written with editors' mistakes, and
    the cells a browser shows of it (test_properties.expected): None where a table was opened
    inside a cell and took the rows after it."""
    cells = draw(tables(max_blocks=4))
    by_row: dict[int, list[SpecCell]] = {}
    for cell in sorted(cells, key=lambda c: (c.row, c.col)):
        by_row.setdefault(cell.row, []).append(cell)
    header = row_markup(by_row[0], draw) + row_markup(by_row[1], draw)
    blocks = {c.row for c in cells if c.col == 0 and not c.header}
    pieces = ["<table border='1'><caption>表1 模型最小卡数配置</caption>", draw(st.sampled_from(["<thead>", ""])),
              header, draw(st.sampled_from(["</thead><tbody>", "<tbody>", ""]))]
    intact = True
    for row in sorted(by_row)[2:]:
        if row in blocks and row != min(blocks):
            cut = draw(st.sampled_from([""] * 6 + PART_BREAKS + [NESTING_BREAK]))
            intact = intact and cut != NESTING_BREAK
            pieces.append(cut.format(header=header))
        # text after a row left open goes into its last cell, as a browser shows it: not drawn
        after_open_row = not pieces[-1].endswith("</tr>")
        pieces.append(draw(st.sampled_from([""] * 10 + STRAY_BETWEEN_ROWS + ([] if after_open_row else BETWEEN_ROWS))))
        pieces.append(row_markup(by_row[row], draw))
    pieces.append(draw(st.sampled_from(["</tbody></table>", "</table>", "", "</table></table>"])))
    doctype = draw(st.sampled_from(["<!DOCTYPE html>", ""]))  # none: quirks mode, where <p> holds a table
    before, after = draw(st.sampled_from([("", ""), ("<p>", "</p>"), ("<b>", ""), ("<font size='2'>", "</font>"),
                                          ("<div><span>", "</span></div>"), ("<a name='t1'>", "")]))
    page = (f"{doctype}<html><head><meta charset='utf-8'><title>t</title></head><body>"
            f"<p>更新时间：2025-01-01 GMT+08:00</p>{before}{''.join(pieces)}{after}<p>end</p></body></html>")
    return page, expected(cells) if intact else None


def reading(page: str) -> tuple:
    """What the extractor reads from a page: every cell with its part and the update date, or
    the error it gives."""
    try:
        grid, updated = extract_html(page.encode("utf-8"), "page.html")
    except MincardsError as exc:
        return ("error", str(exc))
    return (updated, sorted((c.row, c.col, c.rowspan, c.colspan, c.text, c.part or 0) for c in grid.cells))


PARSE_ALL = """<!DOCTYPE html><html><body><pre id="out"></pre><script type="application/json" id="pages">{pages}</script>
<script>
const pages = JSON.parse(document.getElementById("pages").textContent);
document.getElementById("out").textContent = JSON.stringify(pages.map(page => {{
  const tree = new DOMParser().parseFromString(page, "text/html");
  return (tree.doctype ? "<!DOCTYPE html>" : "") + tree.documentElement.outerHTML;
}}));
</script></body></html>"""


def browser_trees(pages: list[str]) -> list[str]:
    """Each page as Chromium's HTML parser builds it, serialised: one headless run for all."""
    assert BROWSER is not None, "no chromium on this machine: `make browser` installs it"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        page = folder / "parse.html"
        page.write_text(PARSE_ALL.format(pages=json.dumps(pages).replace("</", "<\\/")), encoding="utf-8")
        home = folder / "home"
        env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
               "XDG_CACHE_HOME": str(home / ".cache"), "XDG_RUNTIME_DIR": str(home / "run")}
        result = subprocess.run([BROWSER, *FLAGS, f"--user-data-dir={folder / 'profile'}", "--dump-dom",
                                 page.as_uri()], capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    out = etree.fromstring(result.stdout, etree.HTMLParser()).find(".//pre")
    trees = json.loads(out.text)
    assert len(trees) == len(pages)
    return trees
