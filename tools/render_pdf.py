"""Render a vendor table to PDF the way a print of the page would look.

    python tools/render_pdf.py                 # raw/<release>/doc.pdf for every release
    python tools/render_pdf.py --fixtures      # also tests/fixtures/pdf/reportlab-*.pdf
    python tools/render_pdf.py --fixtures --no-raw   # only the fixtures

The table layout is read from raw/<release>/page.html with the project's own
HTML extractor (so the PDF and the HTML cannot drift apart) and drawn with
reportlab's canvas: A4 portrait, the text in WenQuanYi Zen Hei (a TrueType CJK
font, embedded as a subset), full cell borders, narrow value columns so that
long values wrap inside their cells (`16*Ascen` / `d`), the table running over
several pages with the header rows repeated, and merged cells cut by page
breaks (open at the bottom of one page, an empty box on the next).

Options reproduce what other producers do differently (borders as filled
rectangles, no repeated header, rows split across a page break, every cell
closed at a page break and continued in a box below it, CJK glyphs whose text
is a Kangxi / CJK-radical code point).

Needs: reportlab (pip) and the font file of Debian's fonts-wqy-zenhei
(apt-get install fonts-wqy-zenhei), or --font PATH. Output is deterministic
(reportlab's invariant mode: no dates or random ids in the file).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from pipeline.extract.html import extract_html  # noqa: E402
from pipeline.grid import Grid  # noqa: E402

FONT_PATH = Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc")
FONT = "WQYZenHei"
# A CJK font reportlab knows without any font file (not embedded; readers map it by
# name). The property tests use it, so that they need no system font.
CID_FONT = "STSong-Light"
# Code points some producers' ToUnicode maps give for common ideographs.
RADICALS = {"支": "\u2f40", "长": "\u2ed3"}


@dataclass(frozen=True)
class Style:
    font_size: float = 9.0
    leading: float = 11.0
    pad: float = 3.0
    key_widths: tuple[float, ...] = (90.0, 46.0, 50.0)  # model, strategy, seq_len
    value_width: float = 32.0
    margin: float = 42.0
    line_width: float = 0.6
    borders_as_rects: bool = False  # filled thin rectangles instead of stroked lines
    repeat_header: bool = True
    split_rows: bool = False  # a row that does not fit is split across the page break
    close_at_break: bool = False  # rule off every fragment at a page break (as LibreOffice Writer does)
    radicals: bool = False  # draw 支/长/度 as Kangxi / CJK-radical code points
    decoy_table: bool = False  # a small ruled table above the vendor table
    font_name: str = FONT
    first_page_rows: int | None = None  # force the first page break after this many body rows
    split_row: int | None = None  # force a page break inside this grid row, after its first line
    overflow_below: bool = False  # a cell cut open at a break draws its next line below the rule (Chromium)


@dataclass
class Fragment:
    """The part of one cell drawn on one page."""
    x0: float
    x1: float
    top: float
    bottom: float
    lines: list[str]
    open_top: bool = False
    open_bottom: bool = False


@dataclass
class PageLayout:
    fragments: list[Fragment] = field(default_factory=list)



def register_font(path: Path) -> None:
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(path), subfontIndex=0))


def register_cid_font() -> None:
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    if CID_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(CID_FONT))


def wrap(text: str, width: float, style: Style) -> list[str]:
    """Greedy wrapping by character: tokens in this table break anywhere, as in a browser
    with narrow columns and `word-break: break-all`."""
    lines = []
    for paragraph in text.split("\n"):
        current = ""
        for char in paragraph:
            if current and pdfmetrics.stringWidth(current + char, style.font_name, style.font_size) > width:
                lines.append(current)
                current = char.lstrip() if char == " " else char
            else:
                current += char
        lines.append(current)
    return lines


def column_edges(grid: Grid, style: Style) -> list[float]:
    widths = list(style.key_widths) + [style.value_width] * (grid.n_cols - len(style.key_widths))
    edges = [style.margin]
    for width in widths:
        edges.append(edges[-1] + width)
    return edges


def cell_lines(grid: Grid, edges: list[float], style: Style) -> list[list[str]]:
    width = lambda c: edges[c.col + c.colspan] - edges[c.col] - 2 * style.pad  # noqa: E731
    text = lambda c: "".join(RADICALS.get(ch, ch) for ch in c.raw_text) if style.radicals else c.raw_text  # noqa: E731
    return [wrap(text(c), width(c), style) for c in grid.cells]


def row_heights(grid: Grid, lines: list[list[str]], style: Style) -> list[float]:
    """Each row tall enough for its single-row cells; a spanning cell's surplus goes to its last
    row. With close_at_break each row is tall enough for all cells starting in it: a merged
    cell's text is then never carried into the closed box of a later row at a page break
    (Writer breaks the row across the page instead)."""
    need = lambda i: len(lines[i]) * style.leading + 2 * style.pad  # noqa: E731
    heights = [style.leading + 2 * style.pad] * grid.n_rows
    for i, cell in enumerate(grid.cells):
        if cell.rowspan == 1 or style.close_at_break:
            heights[cell.row] = max(heights[cell.row], need(i))
    for i, cell in enumerate(grid.cells):
        rows = range(cell.row, cell.row + cell.rowspan)
        short = need(i) - sum(heights[r] for r in rows)
        if short > 0:
            heights[rows[-1]] += short
    return heights


@dataclass(frozen=True)
class Placement:
    page: int
    row: int
    top: float
    bottom: float
    part: str = "whole"  # "head" / "tail" for the two halves of a row split by a page break


def place_rows(grid: Grid, heights: list[float], style: Style, first_top: float) -> list[Placement]:
    """Rows top-down; at a page break the header rows are repeated (if asked) and, with
    split_rows, a row that does not fit is split instead of moved."""
    depth = grid.header_depth()
    placements: list[Placement] = []
    page, y, body_rows = 0, first_top, 0
    min_part = style.leading + 2 * style.pad

    def new_page() -> None:
        nonlocal page, y, body_rows
        page, y, body_rows = page + 1, A4[1] - style.margin, 0
        for header_row in range(depth if style.repeat_header else 0):
            placements.append(Placement(page, header_row, y, y - heights[header_row]))
            y -= heights[header_row]

    def split(row: int, head: float) -> None:
        """The row's first `head` points on this page, the rest on the next."""
        nonlocal y, body_rows
        placements.append(Placement(page, row, y, y - head, "head"))
        new_page()
        tail = max(heights[row] - head + style.leading, min_part)
        placements.append(Placement(page, row, y, y - tail, "tail"))
        y -= tail
        body_rows += 1

    for row in range(grid.n_rows):
        height = heights[row]
        if row == style.split_row:
            split(row, min_part)
            continue
        if row >= depth:
            forced = page == 0 and style.first_page_rows is not None and body_rows == style.first_page_rows
            room = y - style.margin
            if forced or height > room:
                if style.split_rows and not forced and room >= min_part:
                    split(row, room)
                    continue
                new_page()
            body_rows += 1
        placements.append(Placement(page, row, y, y - height))
        y -= height
    return placements


def lines_that_fit(height: float, style: Style) -> int:
    return max(int((height - style.pad - style.font_size) // style.leading) + 1, 0)


def fragments(grid: Grid, lines: list[list[str]], placements: list[Placement], style: Style) -> list[PageLayout]:
    """Cut each cell into one fragment per page it appears on. Header cells are whole on
    every page they are repeated on; a body cell's lines fill its fragments in order, each
    taking what fits (so a row split by the break carries its last lines over), later
    fragments of a merged cell being empty boxes."""
    edges = column_edges(grid, style)
    depth = grid.header_depth()
    pages = [PageLayout() for _ in range(max(p.page for p in placements) + 1)]
    for index, cell in enumerate(grid.cells):
        rows = range(cell.row, cell.row + cell.rowspan)
        mine = [p for p in placements if p.row in rows]
        on_pages = sorted({p.page for p in mine})
        remaining = list(lines[index])
        for page in on_pages:
            here = [p for p in mine if p.page == page]
            box = (edges[cell.col], edges[cell.col + cell.colspan], here[0].top, here[-1].bottom)
            if cell.row < depth:
                if here[0].row == cell.row:
                    pages[page].fragments.append(Fragment(*box, lines[index]))
                continue
            fit = lines_that_fit(box[2] - box[3], style)
            if style.overflow_below and not style.close_at_break and page != on_pages[-1]:
                fit += 1  # the line that does not fit is drawn anyway, below the bottom rule
            text, remaining = remaining[:fit], remaining[fit:]
            cut = not style.close_at_break
            pages[page].fragments.append(Fragment(*box, text, open_top=cut and page != on_pages[0],
                                                  open_bottom=cut and page != on_pages[-1]))
    return pages


def draw_edge(canvas: Canvas, x0: float, y0: float, x1: float, y1: float, style: Style) -> None:
    if style.borders_as_rects:
        w = style.line_width
        if y0 == y1:
            canvas.rect(x0 - w / 2, y0 - w / 2, x1 - x0 + w, w, stroke=0, fill=1)
        else:
            canvas.rect(x0 - w / 2, min(y0, y1) - w / 2, w, abs(y1 - y0) + w, stroke=0, fill=1)
    else:
        canvas.line(x0, y0, x1, y1)


def draw_fragment(canvas: Canvas, f: Fragment, style: Style) -> None:
    if not f.open_top:
        draw_edge(canvas, f.x0, f.top, f.x1, f.top, style)
    if not f.open_bottom:
        draw_edge(canvas, f.x0, f.bottom, f.x1, f.bottom, style)
    draw_edge(canvas, f.x0, f.bottom, f.x0, f.top, style)
    draw_edge(canvas, f.x1, f.bottom, f.x1, f.top, style)
    canvas.setFont(style.font_name, style.font_size)
    for n, line in enumerate(f.lines):
        canvas.drawString(f.x0 + style.pad, f.top - style.pad - style.font_size - n * style.leading, line)


def draw_prose(canvas: Canvas, title: str, updated: str | None, style: Style) -> float:
    """The page's title block; returns the y where the table starts."""
    y = A4[1] - style.margin
    canvas.setFont(style.font_name, 14)
    canvas.drawString(style.margin, y - 14, title)
    canvas.setFont(style.font_name, 8)
    if updated:
        canvas.drawString(style.margin, y - 30, f"更新时间：{updated} GMT+08:00")
    y -= 44
    if style.decoy_table:
        canvas.setFont(style.font_name, 8)
        for row, (a, b) in enumerate((("规格", "说明"), ("Snt9b", "单节点8卡"), ("Snt9b23", "单机16*DIE"))):
            top = y - row * 14
            for x0, x1, text in ((style.margin, style.margin + 80, a), (style.margin + 80, style.margin + 220, b)):
                for edge in ((x0, top, x1, top), (x0, top - 14, x1, top - 14), (x0, top - 14, x0, top),
                             (x1, top - 14, x1, top)):
                    draw_edge(canvas, *edge, style)
                canvas.drawString(x0 + 3, top - 10, text)
        y -= 3 * 14 + 16
    canvas.setFont(style.font_name, 9)
    canvas.drawString(style.margin, y - 10, "表1 模型最小卡数配置")
    return y - 18


def render(grid: Grid, updated: str | None, out: Path, style: Style, title: str) -> int:
    """Write the PDF; returns the number of pages."""
    if style.font_name == CID_FONT:
        register_cid_font()
    edges = column_edges(grid, style)
    lines = cell_lines(grid, edges, style)
    heights = row_heights(grid, lines, style)
    canvas = Canvas(str(out), pagesize=A4, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setLineWidth(style.line_width)
    table_top = draw_prose(canvas, title, updated, style)
    pages = fragments(grid, lines, place_rows(grid, heights, style, table_top), style)
    for number, layout in enumerate(pages):
        if number:
            canvas.setLineWidth(style.line_width)
        for fragment in layout.fragments:
            draw_fragment(canvas, fragment, style)
        canvas.setFont(style.font_name, 7)
        canvas.drawString(A4[0] / 2 - 10, style.margin / 2, f"{number + 1}/{len(pages)}")
        canvas.showPage()
    canvas.save()
    return len(pages)


def release_grid(release: str) -> tuple[Grid, str | None]:
    return extract_html((REPO / "raw" / release / "page.html").read_bytes(), f"raw/{release}/page.html")


# Per release, where the default flow would break pages only between models, force the
# first break inside a model's merged cells so that every raw PDF has one cut by a break.
RAW_STYLES = {"2025-05-07": Style(first_page_rows=30), "2025-10-22": Style(first_page_rows=27)}

FIXTURES = {
    # borders as filled rectangles, header not repeated, a row split across a page break,
    # header glyphs extracted as Kangxi / CJK-radical code points, a decoy ruled table
    "reportlab-rects.pdf": Style(borders_as_rects=True, repeat_header=False, split_rows=True, radicals=True,
                                 decoy_table=True, split_row=22),  # qwen2.5-1.5b: '1*Asce' / 'nd' over the break
    # every fragment closed at a page break, as LibreOffice Writer draws it: merged cells
    # cut at the first break (a closed box, then an empty box below the repeated header),
    # rows split at later breaks (a band below the header: empty, or the rest of wrapped
    # text); borders as filled rectangles
    "reportlab-closed.pdf": Style(borders_as_rects=True, close_at_break=True, split_rows=True,
                                  first_page_rows=27,  # the break cuts qwen2.5-14b's merged cells
                                  split_row=42),  # qwen2vl-7b lora: "4096/819" / "2", "1*Asce" / "nd"
}


PRINT_CSS = """<style>
@page { size: PAGE; margin: 14mm; }
body { font-family: "WenQuanYi Zen Hei", sans-serif; font-size: 9pt; }
table { border-collapse: collapse; table-layout: fixed; }
th, td { border: 0.6pt solid #000; padding: 2pt 3pt; vertical-align: top; word-break: break-all; }
td p, th p { margin: 0; }
thead { display: table-header-group; }
</style>"""


def column_widths(release: str) -> list[float]:
    """The narrow columns of the reportlab rendering, in points, so that values wrap."""
    grid, _ = release_grid(release)
    return list(Style().key_widths) + [Style().value_width] * (grid.n_cols - len(Style().key_widths))


def print_ready_html(release: str, page_size: str = "A4 portrait", extra_css: str = "") -> str:
    """The saved page plus a print style sheet: A4 (or `page_size`), fixed narrow columns,
    collapsed borders."""
    page = (REPO / "raw" / release / "page.html").read_text(encoding="utf-8")
    cols = "<colgroup>" + "".join(f'<col style="width:{w}pt">' for w in column_widths(release)) + "</colgroup>"
    css = PRINT_CSS.replace("PAGE", page_size).replace("</style>", extra_css + "</style>")
    page = page.replace("</head>", css + "</head>", 1)
    return page.replace("</caption>", "</caption>" + cols, 1)


def render_with_browser(html: Path, out: Path) -> None:
    """Chromium's print to PDF (Debian package chromium)."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={profile}", "--no-pdf-header-footer", f"--print-to-pdf={out}",
                        html.as_uri()], check=True, capture_output=True, timeout=120)


def render_with_weasyprint(html: Path, out: Path) -> None:
    """WeasyPrint (pip install weasyprint): an HTML-to-PDF library."""
    import weasyprint
    weasyprint.HTML(filename=str(html)).write_pdf(str(out))


def render_bad_fixtures(folder: Path) -> None:
    """PDFs that must fail clearly: image only, encrypted, no vendor table."""
    from reportlab.lib.utils import ImageReader
    from reportlab.lib import pdfencrypt
    from PIL import Image, ImageDraw
    folder.mkdir(parents=True, exist_ok=True)
    image = Image.new("L", (400, 200), 255)
    draw = ImageDraw.Draw(image)
    for x in range(0, 401, 80):
        draw.line([(x, 0), (x, 199)], fill=0)
    for y in range(0, 201, 40):
        draw.line([(0, y), (399, y)], fill=0)
    canvas = Canvas(str(folder / "image-only.pdf"), pagesize=A4, invariant=1)
    canvas.drawImage(ImageReader(image), 60, 500, 400, 200)
    canvas.showPage()
    canvas.save()
    grid, updated = release_grid("2025-05-07")
    encrypt = pdfencrypt.StandardEncryption("secret", canPrint=0)
    canvas = Canvas(str(folder / "encrypted.pdf"), pagesize=A4, invariant=1, encrypt=encrypt)
    canvas.setFont(FONT, 12)
    canvas.drawString(60, 700, "表1 模型最小卡数配置")
    canvas.showPage()
    canvas.save()
    canvas = Canvas(str(folder / "no-table.pdf"), pagesize=A4, invariant=1)
    canvas.setFont(FONT, 12)
    canvas.drawString(60, 760, "各模型支持的最小卡数和序列长度")
    canvas.drawString(60, 740, "表1 模型最小卡数配置 (the table was left out of this print)")
    canvas.line(60, 700, 400, 700)
    canvas.showPage()
    canvas.save()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font", type=Path, default=None, help=f"TrueType CJK font (default {FONT_PATH})")
    parser.add_argument("--fixtures", action="store_true", help="also write tests/fixtures/pdf/reportlab-*.pdf")
    parser.add_argument("--no-raw", action="store_true", help="leave raw/<release>/doc.pdf as it is")
    args = parser.parse_args(argv)
    register_font(args.font or FONT_PATH)
    title = "各模型支持的最小卡数和序列长度"
    for page in [] if args.no_raw else sorted((REPO / "raw").glob("*/page.html")):
        release = page.parent.name
        grid, updated = release_grid(release)
        out = page.parent / "doc.pdf"
        style = RAW_STYLES.get(release, Style())
        print(f"{out.relative_to(REPO)}: {render(grid, updated, out, style, title)} pages")
    if args.fixtures:
        grid, updated = release_grid("2025-10-22")
        for name, style in FIXTURES.items():
            out = REPO / "tests" / "fixtures" / "pdf" / name
            out.parent.mkdir(parents=True, exist_ok=True)
            print(f"{out.relative_to(REPO)}: {render(grid, updated, out, style, title)} pages")
        render_bad_fixtures(REPO / "tests" / "fixtures" / "pdf" / "bad")
        html = REPO / "tests" / "fixtures" / "pdf" / "print-2025-10-22.html"
        html.write_text(print_ready_html("2025-10-22"), encoding="utf-8")
        for name, producer in (("browser-chromium.pdf", render_with_browser),
                               ("weasyprint.pdf", render_with_weasyprint)):
            out = html.parent / name
            producer(html, out)
            print(f"{out.relative_to(REPO)}: written by {producer.__doc__.split(chr(10))[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
