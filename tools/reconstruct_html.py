"""Rebuild raw/<release>/page.html from what is known of a vendor release.

Inputs: the cell text of the release (tests/fixtures/vendor/<release>-cells.txt, one
paragraph per line, document order) and tools/pages/<release>.page, which says
how those paragraphs group into cells, rows, rowspans and colspans (taken from
tests/fixtures/vendor/LAYOUT.md) plus the prose around the table. The output is
written in the markup style of the vendor's documentation portal, so that the
extractor is exercised on the kind of HTML a user saves from the browser.

This is a maintenance tool, not part of the pipeline: the generated pages are
committed and the tests never need it.

    python tools/reconstruct_html.py [--vendor DIR] [RELEASE ...]
"""
from __future__ import annotations

import argparse
import html
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_VENDOR = REPO / "tests" / "fixtures" / "vendor"  # copied in with its provenance
TOKEN = re.compile(r"^(?:r(?P<r>\d+))?(?:c(?P<c>\d+))?(?:p(?P<p>\d+))?$")


@dataclass
class PageSpec:
    meta: dict[str, list[str]] = field(default_factory=dict)
    head: list[list[str]] = field(default_factory=list)
    body: list[list[str]] = field(default_factory=list)

    def one(self, key: str) -> str:
        (value,) = self.meta[key]
        return value


def read_spec(path: Path) -> PageSpec:
    spec = PageSpec()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, _, value = line.partition(": ")
        if key in ("head", "body"):
            getattr(spec, key).append(value.split())
        else:
            spec.meta.setdefault(key, []).append(value)
    return spec


def parse_token(token: str) -> tuple[int, int, int]:
    """'r4c2' -> (rowspan 4, colspan 2, 1 paragraph); '.' -> (1, 1, 1)."""
    if token == ".":
        return 1, 1, 1
    m = TOKEN.match(token)
    if not m or not token:
        raise ValueError(f"bad layout token {token!r}")
    return int(m["r"] or 1), int(m["c"] or 1), int(m["p"] or 1)


class Ids:
    """Deterministic element ids in the portal's `<page>__<kind><n>` style."""

    def __init__(self, page_id: str):
        self.page_id = page_id
        self.n = 0

    def __call__(self, kind: str) -> str:
        self.n += 1
        return f"{self.page_id}__{kind}{self.n:04d}"


def render_cell(tag: str, paragraphs: list[str], rs: int, cs: int, ids: Ids, headers: str) -> str:
    attrs = ['class="cellrowborder"', 'valign="top"']
    if tag == "th":
        attrs.insert(0, 'align="left"')
        attrs.append(f'id="mcps1.3.1.4.2.{ids.n}"')
    else:
        attrs.append(f'headers="{headers}"')
    if rs > 1:
        attrs.append(f'rowspan="{rs}"')
    if cs > 1:
        attrs.append(f'colspan="{cs}"')
    paras = "".join(f'<p id="{ids("p")}">{html.escape(p, quote=False)}</p>' for p in paragraphs)
    return f"<{tag} {' '.join(attrs)}>{paras}</{tag}>"


def render_rows(rows: list[list[str]], paragraphs: list[str], tag: str, ids: Ids) -> tuple[list[str], list[str]]:
    out = []
    for tokens in rows:
        row_id = ids("row")
        cells = []
        for token in tokens:
            rs, cs, np_ = parse_token(token)
            if len(paragraphs) < np_:
                raise ValueError("the cells file ran out before the layout did")
            text, paragraphs[:] = paragraphs[:np_], paragraphs[np_:]
            cells.append(render_cell(tag, text, rs, cs, ids, "mcps1.3.1.4.2.1.1 "))
        out.append(f'<tr id="{row_id}">' + "".join(cells) + "</tr>")
    return out, paragraphs


def render_page(spec: PageSpec, paragraphs: list[str]) -> str:
    page_id = spec.one("page_id")
    ids = Ids(page_id)
    paragraphs = list(paragraphs)
    head, paragraphs = render_rows(spec.head, paragraphs, "th", ids)
    body, paragraphs = render_rows(spec.body, paragraphs, "td", ids)
    if paragraphs:
        raise ValueError(f"{len(paragraphs)} cell paragraphs left over after the layout")
    esc = lambda s: html.escape(s, quote=False)  # noqa: E731
    intro = "\n".join(f'<p id="{ids("p")}">{esc(t)}</p>' for t in spec.meta["intro"])
    notes = "".join(f"<li>{esc(t)}</li>" for t in spec.meta["note"])
    title = spec.one("title")
    head_rows, body_rows = "\n".join(head), "\n".join(body)
    return f"""<!DOCTYPE html>
<html lang="zh-cn" xml:lang="zh-cn">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)}_AI开发平台ModelArts_华为云</title>
<link rel="stylesheet" href="https://res-static.hc-cdn.cn/cloudbu-site/public/header-footer/help.css">
</head>
<body>
<div class="help-main">
<div class="help-content" id="{page_id}">
<h1 class="topictitle1">{esc(title)}</h1>
<div class="update-time"><span>更新时间：{spec.one("updated")} GMT+08:00</span></div>
<div id="body0000001"><div class="section" id="{page_id}__section0001"><h4 class="sectiontitle">{esc(spec.one("section"))}</h4>
{intro}
<div class="tablenoborder"><a name="{page_id}__table0001"></a><a name="table0001"></a><table cellpadding="4" cellspacing="0" summary="" id="{page_id}__table0001" frame="border" border="1" rules="all"><caption><b>表1 </b>{esc(spec.one("caption"))}</caption>
<thead align="left">
{head_rows}
</thead>
<tbody>
{body_rows}
</tbody>
</table>
</div>
<div class="note" id="{page_id}__note0001"><img src="public_sys-resources/note_3.0-zh-cn.png"><span class="notetitle"> </span><div class="notebody"><ol>{notes}</ol>
</div></div>
</div>
</div>
</div>
</div>
</body>
</html>
"""


def build(release: str, vendor: Path) -> Path:
    spec = read_spec(REPO / "tools" / "pages" / f"{release}.page")
    cells = (vendor / f"{release}-cells.txt").read_text(encoding="utf-8").splitlines()
    out = REPO / "raw" / release / "page.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_page(spec, cells), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("releases", nargs="*")
    parser.add_argument("--vendor", type=Path, default=DEFAULT_VENDOR)
    args = parser.parse_args(argv)
    releases = args.releases or sorted(p.stem for p in (REPO / "tools" / "pages").glob("*.page"))
    for release in releases:
        print(build(release, args.vendor).relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
