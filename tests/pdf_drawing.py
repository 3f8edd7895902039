"""Small PDFs drawn with reportlab for the PDF tests: ruled boxes holding lines of text,
the vendor table's header above them, free text anywhere on the page."""
from __future__ import annotations

import re
import sys

import pytest

from conftest import REPO

XS = [40, 110, 160, 210, 260, 310]
HEADER = [(XS[0], XS[1], 60, 100, ["支持模型参数量"]), (XS[1], XS[2], 60, 100, ["训练策略类型"]),
          (XS[2], XS[3], 60, 100, ["序列长度"]), (XS[3], XS[5], 60, 80, ["MS规格卡数/DIE"]),
          (XS[3], XS[4], 80, 100, ["Snt9b"]), (XS[4], XS[5], 80, 100, ["Snt9b23"])]
LEADING = 10


def header_and_row(cells: tuple[str, ...]) -> list[tuple[float, float, float, float, str]]:
    """The boxes (x0, x1, top, bottom, text) of the table's header, one line each, and of one
    row below it holding `cells`, points from the top of an A4 page."""
    rows = [(x0, x1, top, bottom, lines[0]) for x0, x1, top, bottom, lines in HEADER]
    return rows + [(XS[k], XS[k + 1], 100, 120, text) for k, text in enumerate(cells)]


@pytest.fixture(scope="module")
def canvas_font():
    sys.path.insert(0, str(REPO / "tools"))
    from render_pdf import CID_FONT, register_cid_font
    register_cid_font()
    yield CID_FONT
    sys.path.remove(str(REPO / "tools"))


def boxes_pdf(out, font: str, pages) -> bytes:
    """Pages of boxes (x0, x1, top, bottom, lines[, open_top, open_bottom]), points from the
    top of an A4 page, each line set 8 pt at 3 pt from the box's left, 10 pt apart (a line
    that does not fit is drawn on below the box, as Chromium does), the top or bottom rule
    left out where open; plus free text (x, baseline, text, size)."""
    from reportlab.pdfgen.canvas import Canvas
    canvas = Canvas(str(out), invariant=1)
    for boxes, free in pages:
        for x0, x1, top, bottom, lines, *opened in boxes:
            open_top, open_bottom = opened or (False, False)
            canvas.line(x0, 842 - top, x0, 842 - bottom)
            canvas.line(x1, 842 - top, x1, 842 - bottom)
            for y, drawn in ((top, not open_top), (bottom, not open_bottom)):
                if drawn:
                    canvas.line(x0, 842 - y, x1, 842 - y)
            canvas.setFont(font, 8)
            for n, line in enumerate(lines):
                canvas.drawString(x0 + 3, 842 - top - 10 - n * LEADING, line)
        for x, baseline, text, size in free:
            canvas.setFont(font, size)
            canvas.drawString(x, 842 - baseline, text)
        canvas.showPage()
    canvas.save()
    return out.read_bytes()


def stream(head: bytes, data: bytes) -> bytes:
    """A stream object's body: its dictionary's entries `head`, its length and `data`."""
    return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (head, len(data), data)


def incremental_update(data: bytes, objects: dict[int, bytes], generations: dict[int, int] | None = None) -> bytes:
    """The PDF `data` with `objects` (number -> body) added or replaced as an editor saves them:
    appended after its end with their cross-reference section and a trailer pointing back
    (`generations`: an object's generation number where it is not 0)."""
    body, offsets, generations = b"", {}, generations or {}
    for number, text in sorted(objects.items()):
        offsets[number] = len(data) + len(body)
        body += b"%d %d obj\n%s\nendobj\n" % (number, generations.get(number, 0), text)
    root, size = re.search(rb"/Root (\d+ 0 R)", data)[1], int(re.search(rb"/Size (\d+)", data)[1])
    prev = re.findall(rb"startxref\s+(\d+)", data)[-1]
    xref = b"xref\n0 1\n0000000000 65535 f \n" + b"".join(
        b"%d 1\n%010d %05d n \n" % (number, offset, generations.get(number, 0)) for number, offset in offsets.items())
    trailer = b"trailer\n<< /Size %d /Root %s /Prev %s >>\nstartxref\n%d\n%%%%EOF\n" % (
        max(size, max(objects) + 1), root, prev, len(data) + len(body))
    return data + body + xref + trailer
