"""Pages people look at: a release's heat map with its data-quality findings, and a
diff page with the changed cells highlighted. Each page is one self-contained
HTML file (inline CSS, no scripts, no external assets), plus report.md."""
from __future__ import annotations

import html
import math

import pandas as pd

from .diff import ReleaseDiff, to_markdown as diff_markdown, units_text
from .quality import CHECKS
from schemas.min_cards import source_place

from .units import units_note, vendor_column_order

ROW_KEY = ["model", "strategy", "seq_len"]
COLUMN_KEY = ["framework", "hardware"]
ARTIFACTS = ("min_cards.csv", "min_cards.parquet", "min_cards.json", "min_cards.jsonl", "grid.csv", "findings.csv",
             "findings.parquet", "report.md", "manifest.json", "datapackage.json")
STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d232a}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0}
th,td{border:1px solid #c9d1d9;padding:3px 7px;text-align:center;white-space:nowrap}
th{background:#f2f4f7}td.key{text-align:left;background:#fff}
td.na{background:#eceff2;color:#8a949e}
td.changed{outline:3px solid #d4380d;outline-offset:-3px;font-weight:600}
td.added{background:#effbe8;color:#237804}
td.removed{background:#fff1f0;color:#a8071a;text-decoration:line-through}
.legend span{display:inline-block;padding:2px 8px;margin-right:6px;border:1px solid #c9d1d9}
code{background:#f2f4f7;padding:0 3px}
"""


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def heat_style(units: int) -> str:
    """Colour by log2(units): 1 unit pale, 512 units dark."""
    level = min(math.log2(max(units, 1)) / 9, 1.0)
    lightness = 94 - 58 * level
    colour = "#fff" if lightness < 60 else "#1d232a"
    return f"background:hsl(211,68%,{lightness:.0f}%);color:{colour}"


def page(title: str, body: list[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def grid_axes(frame: pd.DataFrame) -> tuple[list[tuple], list[tuple]]:
    """Rows in the vendor's order (first published row), columns in header order."""
    rows = frame.sort_values(["source_row", "model", "strategy", "seq_len"])[ROW_KEY].drop_duplicates()
    return [tuple(r) for r in rows.itertuples(index=False)], vendor_column_order(frame)


def header_rows(columns: list[tuple]) -> list[str]:
    frameworks = list(dict.fromkeys(fw for fw, _ in columns))
    top = "".join(f'<th colspan="{sum(1 for f, _ in columns if f == fw)}">{esc(fw)}</th>' for fw in frameworks)
    bottom = "".join(f"<th>{esc(hw)}</th>" for _, hw in columns)
    return [f'<thead><tr><th rowspan="2">model</th><th rowspan="2">strategy</th><th rowspan="2">seq_len</th>{top}</tr>',
            f"<tr>{bottom}</tr></thead>"]


def lineage(row: dict, prefix: str = "") -> str:
    return f"{row[f'{prefix}source_file']}, {source_place(row, prefix)}: {row[f'{prefix}raw_text']!r}"


def value_cell(row: dict | None) -> str:
    if row is None:
        return '<td class="na" title="not listed">·</td>'
    if not row["supported"]:
        return f'<td class="na" title="not supported; {esc(lineage(row))}">-</td>'
    return (f'<td style="{heat_style(int(row["min_units"]))}" title="{esc(lineage(row))}">'
            f'{int(row["min_units"])}</td>')


def records_by_key(frame: pd.DataFrame) -> dict[tuple, dict]:
    """Each row as a plain dict, by (model, strategy, seq_len, framework, hardware): one
    pass over columns, not a pandas Series built per row."""
    keys = zip(*(frame[c].tolist() for c in ROW_KEY + COLUMN_KEY))
    return dict(zip(keys, frame.to_dict("records")))


def heat_map(frame: pd.DataFrame) -> list[str]:
    rows, columns = grid_axes(frame)
    by_key = records_by_key(frame)
    out = ['<table id="heatmap">'] + header_rows(columns) + ["<tbody>"]
    for key in rows:
        cells = "".join(value_cell(by_key.get(key + column)) for column in columns)
        out.append(f'<tr class="data-row"><td class="key">{esc(key[0])}</td><td>{esc(key[1])}</td>'
                   f"<td>{esc(key[2])}</td>{cells}</tr>")
    return out + ["</tbody></table>"]


def findings_table(findings: pd.DataFrame) -> list[str]:
    if findings.empty:
        return ["<p>No findings.</p>"]
    out = ['<table id="findings"><thead><tr><th>check</th><th>model</th><th>framework</th><th>hardware</th>'
           "<th>detail</th><th>cells</th></tr></thead><tbody>"]
    for _, f in findings.iterrows():
        out.append(f'<tr class="finding"><td class="key">{esc(f.check)}</td><td>{esc(f.model)}</td>'
                   f"<td>{esc(f.framework)}</td><td>{esc(f.hardware)}</td><td class=\"key\">{esc(f.detail)}</td>"
                   f'<td class="key">{esc(f.cells)}</td></tr>')
    return out + ["</tbody></table>"]


def checks_list() -> list[str]:
    return ["<ul>"] + [f"<li><code>{esc(name)}</code>: {esc(text)}</li>" for name, text in CHECKS.items()] + ["</ul>"]


def release_html(release: str, frame: pd.DataFrame, findings: pd.DataFrame, sources: list[tuple[str, str]]) -> str:
    supported = int(frame["supported"].sum())
    body = [f"<h1>Minimum Ascend units per model — release {esc(release)}</h1>",
            f"<p>{len(frame)} configurations, {frame['model'].nunique()} models, "
            f"{frame['framework'].nunique()} frameworks; {supported} supported, {len(frame) - supported} not "
            f"supported. Sources: " + ", ".join(f"<code>{esc(p)}</code> (sha256 {esc(h[:12])}…)" for p, h in sources)
            + "</p>",
            "<p>Artifacts: " + " · ".join(f'<a href="{a}">{a}</a>' for a in ARTIFACTS) + "</p>",
            "<h2>Units needed</h2>",
            f'<p class="legend">{esc(units_note())}; darker = more units; '
            '<span class="na">-</span> not supported; hover a cell for the published cell it came from.</p>']
    body += heat_map(frame)
    body += [f"<h2>Data-quality findings ({len(findings)})</h2>"] + checks_list() + findings_table(findings)
    return page(f"mincards {release}", body)


def release_markdown(release: str, summary: str, findings: pd.DataFrame) -> str:
    out = [f"# mincards release {release}", "", summary, "", f"## Data-quality findings ({len(findings)})", ""]
    out += [f"- `{name}`: {text}" for name, text in CHECKS.items()] + [""]
    if findings.empty:
        out.append("No findings.")
    else:
        out += ["| check | model | framework | hardware | detail | cells |", "|---|---|---|---|---|---|"]
        out += [f"| {f.check} | {f.model} | {f.framework} | {f.hardware} | {f.detail} | {f.cells} |"
                for _, f in findings.iterrows()]
    return "\n".join(out) + "\n"


def diff_cell(row: dict | None) -> str:
    if row is None:
        return '<td class="na" title="in neither release">·</td>'
    old, new = (units_text(row[f"{s}_supported"], row[f"{s}_min_units"]) for s in ("old", "new"))
    if row["change"] == "unchanged":
        return f'<td title="{esc(lineage(row, "new_"))}">{esc(new)}</td>'
    if row["change"] == "changed":
        return (f'<td class="changed" title="was {esc(old)} ({esc(lineage(row, "old_"))}); now '
                f'{esc(lineage(row, "new_"))}">{esc(old)} → {esc(new)}</td>')
    if row["change"] == "added":
        return f'<td class="added" title="added ({esc(row["reason"])}); {esc(lineage(row, "new_"))}">{esc(new)}</td>'
    return f'<td class="removed" title="removed ({esc(row["reason"])}); {esc(lineage(row, "old_"))}">{esc(old)}</td>'


def diff_axes(diff: ReleaseDiff) -> tuple[list[tuple], list[tuple]]:
    rows = diff.rows.assign(_row=diff.rows["new_source_row"].fillna(diff.rows["old_source_row"]),
                            _col=diff.rows["new_source_col"].fillna(diff.rows["old_source_col"]))
    keys = rows.sort_values(["_row", "model", "strategy", "seq_len"])[ROW_KEY].drop_duplicates()
    return [tuple(r) for r in keys.itertuples(index=False)], vendor_column_order(rows, "_col")


def diff_html(diff: ReleaseDiff) -> str:
    rows, columns = diff_axes(diff)
    by_key = records_by_key(diff.rows)
    table = ['<table id="diff">'] + header_rows(columns) + ["<tbody>"]
    for key in rows:
        cells = "".join(diff_cell(by_key.get(key + column)) for column in columns)
        table.append(f'<tr class="data-row"><td class="key">{esc(key[0])}</td><td>{esc(key[1])}</td>'
                     f"<td>{esc(key[2])}</td>{cells}</tr>")
    table.append("</tbody></table>")
    body = [f"<h1>What changed: {esc(diff.old)} → {esc(diff.new)}</h1>", f"<p>{esc(diff.summary())}</p>",
            '<p class="legend"><span class="changed" style="outline:3px solid #d4380d">2 → 4</span>value changed '
            '<span style="background:#effbe8;color:#237804">8</span>added '
            '<span class="removed" style="background:#fff1f0;text-decoration:line-through">4</span>removed '
            '<span class="na">-</span>not supported</p>', "<h2>All configurations</h2>"]
    body += table + ["<h2>As text</h2>", f"<pre>{esc(diff_markdown(diff))}</pre>"]
    return page(f"mincards diff {diff.old}..{diff.new}", body)
