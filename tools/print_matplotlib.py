"""Print a release's vendor table with matplotlib, the way an analyst draws a table into a report:
each merged cell a `CustomCell` box, its text by `ax.text`, 25 body rows a page with the header
repeated, saved by matplotlib's own PDF backend. Made tests/fixtures/pdf/matplotlib-type3-2025-10-22.pdf
(hunt 179, session 54) with `--fonttype 3`, matplotlib's default, which writes each font as a
Type 3 font whose /space glyph fills no path.

    python tools/print_matplotlib.py 2025-10-22 out.pdf --fonttype 3 --font /tmp/wqy.ttf

Needs matplotlib (not a dependency of the project) and a CJK font file (WenQuanYi Zen Hei's TrueType,
Debian's fonts-wqy-zenhei, its first face extracted)."""
from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib
from lxml import html

matplotlib.use("pdf")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
from matplotlib import font_manager  # noqa: E402
from matplotlib.backends.backend_pdf import PdfPages  # noqa: E402
from matplotlib.table import CustomCell  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def placed(release: str) -> tuple[list[tuple], int, int, int]:
    """The vendor table's cells as (row, column, rowspan, colspan, text) on its grid, its rows,
    columns and header rows."""
    table = html.parse(str(REPO / "raw" / release / "page.html")).find(".//table")
    rows = table.findall(".//tr")
    header = len(table.findall("./thead/tr")) or 2
    taken, out = set(), []
    for r, row in enumerate(rows):
        c = 0
        for cell in row.findall("./td") + row.findall("./th"):
            while (r, c) in taken:
                c += 1
            rs, cs = int(cell.get("rowspan", 1)), int(cell.get("colspan", 1))
            taken |= {(r + i, c + j) for i in range(rs) for j in range(cs)}
            paragraphs = cell.findall(".//p") or [cell]
            out.append((r, c, rs, cs, "\n".join(" ".join(p.text_content().split()) for p in paragraphs)))
            c += cs
    return out, max(r + rs for r, _, rs, _, _ in out), max(c + cs for _, c, _, cs, _ in out), header


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("release")
    parser.add_argument("out")
    parser.add_argument("--fonttype", type=int, default=42)
    parser.add_argument("--font", required=True, help="a TrueType file with the table's CJK characters")
    parser.add_argument("--rows", type=int, default=25, help="body rows a page")
    parser.add_argument("--size", type=float, default=6.0, help="font size, pt")
    args = parser.parse_args()
    matplotlib.rcParams["pdf.fonttype"] = args.fonttype
    font_manager.fontManager.addfont(args.font)
    matplotlib.rcParams["font.family"] = font_manager.FontProperties(fname=args.font).get_name()
    cells, nrows, ncols, header = placed(args.release)
    widths = [1.6, 1.0, 1.2] + [1.0] * (ncols - 3)
    xs = [sum(widths[:i]) / sum(widths) for i in range(ncols + 1)]
    slot = {(r + i, c + j): (r, c, rs, cs, text) for r, c, rs, cs, text in cells for i in range(rs) for j in range(cs)}
    body = list(range(header, nrows))
    with PdfPages(args.out) as pdf:
        for number, start in enumerate(range(0, len(body), args.rows)):
            rows = list(range(header)) + body[start:start + args.rows]
            figure = plt.figure(figsize=(11.69, 8.27))  # A4 landscape
            axes = figure.add_axes([0.04, 0.04, 0.92, 0.88])
            axes.set_axis_off()
            if number == 0:
                figure.text(0.04, 0.95, "表1 模型最小卡数配置", fontsize=args.size + 2)
            height = 1.0 / (args.rows + header)
            drawn = set()
            for k, r in enumerate(rows):
                for c in range(ncols):
                    top, left, rs, cs, text = slot[(r, c)]
                    if (top, left) in drawn:
                        continue
                    drawn.add((top, left))
                    shown = [i for i, row in enumerate(rows) if top <= row < top + rs]  # its rows on this page
                    box = CustomCell((xs[left], 1 - (shown[-1] + 1) * height), width=xs[left + cs] - xs[left],
                                     height=len(shown) * height, text="", fill=False, visible_edges="closed")
                    box.set_transform(axes.transAxes)
                    box.set_clip_on(False)
                    box.set_linewidth(0.6)
                    axes.add_artist(box)
                    if r == top:  # written where the cell begins, not again on the page it runs on to
                        axes.text(xs[left] + 0.004, 1 - (k + 0.5) * height, text, ha="left", va="center",
                                  fontsize=args.size, transform=axes.transAxes)
            pdf.savefig(figure)
            plt.close(figure)


if __name__ == "__main__":
    main()
