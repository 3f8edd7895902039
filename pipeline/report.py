"""Pages people look at: a release's heat map with its data-quality findings, and a
diff page with the changed cells highlighted. Each page is one self-contained
HTML file (inline CSS, no scripts, no external assets; the one link out is to the
vendor's page), plus report.md.

They read on a phone as on a desktop: the page never scrolls sideways; a wide table
scrolls inside its own box, its first column (the model) and its header staying in
view. A cell behind a data-quality finding is outlined, the finding in its tooltip."""
from __future__ import annotations

import html
import math
from collections.abc import Sequence

import pandas as pd

from .diff import ReleaseDiff, side_text, to_markdown as diff_markdown, units_text
from .ids import base_date, revision
from .notes import Uncertain
from .quality import CHECKS
from schemas.min_cards import source_place

from .units import HARDWARE, PLURAL, UNIT_OF_HARDWARE, UNITS_PER_NODE, counted, nodes, units_note, vendor_column_order

ROW_KEY = ["model", "strategy", "seq_len"]
COLUMN_KEY = ["framework", "hardware"]
ARTIFACTS = ("min_cards.csv", "min_cards.parquet", "min_cards.json", "min_cards.jsonl", "grid.csv", "findings.csv",
             "findings.parquet", "report.md", "manifest.json", "datapackage.json")
STYLE = """
html{-webkit-text-size-adjust:100%}
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d232a;overflow-wrap:anywhere}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
table{border-collapse:separate;border-spacing:0;margin:8px 0}
th,td{border:1px solid #c9d1d9;border-width:0 1px 1px 0;padding:3px 7px;text-align:center;white-space:nowrap}
tr>:first-child{border-left-width:1px}thead tr:first-child>*{border-top-width:1px}
th{background:#f2f4f7}td.key{text-align:left;background:#fff}
thead{position:sticky;top:0;z-index:2}
.scroll{overflow:auto;max-width:100%;max-height:85vh;margin:8px 0}.scroll>table{margin:0}
.wide{overflow-x:auto;max-width:100%}
td.key,th.key{position:sticky;left:0;z-index:1}thead th.key{z-index:3}
pre{overflow-x:auto;white-space:pre}
td.finding{outline:2px dashed #a8071a;outline-offset:-4px}
td.wrap{white-space:normal;text-align:left;min-width:16em;max-width:48em}
td.na,td.added-na,.legend .na{background:repeating-linear-gradient(135deg,#eceff2 0 4px,#f8f9fb 4px 8px);color:#6b7682}
td.changed{outline:3px solid #d4380d;outline-offset:-3px;font-weight:600}
td.uncertain{background-image:repeating-linear-gradient(45deg,rgba(114,46,209,.45) 0 2px,transparent 2px 7px)!important}
td.added{background:#effbe8;color:#237804}
td.removed{background:#fff1f0;color:#a8071a;text-decoration:line-through}
td.up{color:#a8071a}td.down{color:#237804}
.legend span{display:inline-block;min-width:2.2em;padding:2px 6px;margin-right:3px;border:1px solid #c9d1d9;
text-align:center}
code{background:#f2f4f7;padding:0 3px}
@media (max-width:600px){body{margin:12px}h1{font-size:19px}}
"""
VENDOR_LINK_TEXT = "表1 模型最小卡数配置 (Huawei Cloud ModelArts)"
# One hue per unit, so that cards (Snt9b) and DIEs (Snt9b23) are never read on one scale.
UNIT_HUE = {"card": 211, "die": 28}
LEGEND_UNITS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def heat_style(units: int, unit: str) -> str:
    """Colour by log2(units) in the unit's own hue: 1 unit clearly coloured (not the grey of
    "not supported"), 512 units dark."""
    level = min(math.log2(max(units, 1)) / 9, 1.0)
    lightness = 84 - 54 * level
    colour = "#fff" if lightness < 58 else "#1d232a"
    return f"background:hsl({UNIT_HUE[unit]},72%,{lightness:.0f}%);color:{colour}"


def heat_legend() -> list[str]:
    """The colour scale with numbers, one line per unit, and the marks for no value."""
    lines = []
    for hardware in HARDWARE:
        unit = UNIT_OF_HARDWARE[hardware]
        swatches = "".join(f'<span style="{heat_style(n, unit)}">{n}</span>' for n in LEGEND_UNITS)
        lines.append(f'<p class="legend">{esc(PLURAL[unit])} on {esc(hardware)} ({UNITS_PER_NODE[unit]} per node): '
                     f"{swatches}</p>")
    return lines + ['<p class="legend"><span class="na" style="background:repeating-linear-gradient(135deg,'
                    '#eceff2 0 4px,#f8f9fb 4px 8px)">-</span> not supported · <span>·</span> not listed · '
                    '<span style="outline:2px dashed #a8071a;outline-offset:-4px">8</span> behind a data-quality '
                    'finding · <span class="uncertain" style="background-image:repeating-linear-gradient(45deg,'
                    'rgba(114,46,209,.45) 0 2px,transparent 2px 7px)">8?</span> '
                    "uncertain reading (hatched; report.md lists the other reading); "
                    "hover a cell for the published cell it came from (and the finding).</p>"]


def page(title: str, body: list[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
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
    return [f'<thead><tr><th rowspan="2" class="key">model</th><th rowspan="2">strategy</th>'
            f'<th rowspan="2">seq_len</th>{top}</tr>',
            f"<tr>{bottom}</tr></thead>"]


def lineage(row: dict, prefix: str = "") -> str:
    return f"{row[f'{prefix}source_file']}, {source_place(row, prefix)}: {row[f'{prefix}raw_text']!r}"


UNCERTAIN = "uncertain reading (notes.toml; see report.md)"  # the tooltip of a hatched cell


def value_cell(row: dict | None, finding: str | None = None) -> str:
    """A heat-map cell; `finding`: the data-quality findings it is behind, said first in its
    tooltip; a cell notes.toml declares uncertain is hatched and marked ? (pipeline/notes.py)."""
    if row is None:
        return '<td class="na" title="not listed">·</td>'
    certain = row.get("certain", True)
    classes = (["finding"] if finding else []) + ([] if certain else ["uncertain"])
    said = (f"{finding}; " if finding else "") + ("" if certain else f"{UNCERTAIN}; ")
    mark = "" if certain else "?"
    if not row["supported"]:
        return f'<td class="{" ".join(["na"] + classes)}" title="{esc(said)}not supported; {esc(lineage(row))}">-{mark}</td>'
    css = f' class="{" ".join(classes)}"' if classes else ""
    return (f'<td{css} style="{heat_style(int(row["min_units"]), row["unit"])}" title="{esc(said + lineage(row))}">'
            f'{int(row["min_units"])}{mark}</td>')


def finding_marks(table: pd.DataFrame | None) -> dict[tuple, str]:
    """What to say in the tooltip of each cell behind a finding, by its min_cards key: from the
    findings as data (findings.csv: one line per finding and row involved), numbered as the
    findings table of the report numbers them."""
    if table is None or table.empty:
        return {}
    said: dict[tuple, list[str]] = {}
    for line in table.to_dict("records"):
        key = tuple(line[c] for c in ROW_KEY + COLUMN_KEY)
        said.setdefault(key, []).append(f"finding {line['finding']} ({line['rule']}): {line['detail']}")
    return {key: "; ".join(dict.fromkeys(texts)) for key, texts in said.items()}


def vendor_line(release: str, url: str | None, label: str = "Vendor page") -> str:
    """The vendor's page of a release, with the update date the page gave (a release id is
    that date, plus a revision number when the page changed without a new date)."""
    again = f" (revision {revision(release)} of that date)" if revision(release) > 1 else ""
    updated = f"updated {esc(base_date(release))}{again}"
    if url is None:
        return f'<p class="vendor">{esc(label)}: not recorded (the release has no SOURCE.md); {updated}.</p>'
    return (f'<p class="vendor">{esc(label)}: <a class="vendor" href="{esc(url)}">{esc(VENDOR_LINK_TEXT)}</a>, '
            f"{updated}.</p>")


def records(frame: pd.DataFrame) -> list[dict]:
    """Each row as a plain dict: one pass over columns, not a pandas Series built per row
    (to_dict("records") boxes each value: 5x slower)."""
    columns = {name: frame[name].tolist() for name in frame.columns}
    return [dict(zip(columns, values)) for values in zip(*columns.values())]


def records_by_key(frame: pd.DataFrame) -> dict[tuple, dict]:
    """Each row as a plain dict (records), by (model, strategy, seq_len, framework, hardware)."""
    return {tuple(record[c] for c in ROW_KEY + COLUMN_KEY): record for record in records(frame)}


def heat_map(frame: pd.DataFrame, marks: dict[tuple, str] | None = None) -> list[str]:
    """The release as the vendor prints it, in a box of its own that scrolls; `marks`: the
    cells behind a finding (finding_marks)."""
    rows, columns = grid_axes(frame)
    by_key = records_by_key(frame)
    marks = marks or {}
    out = ['<div class="scroll"><table id="heatmap">'] + header_rows(columns) + ["<tbody>"]
    for key in rows:
        cells = "".join(value_cell(by_key.get(key + column), marks.get(key + column)) for column in columns)
        out.append(f'<tr class="data-row" data-model="{esc(key[0])}"><td class="key">{esc(key[0])}</td>'
                   f"<td>{esc(key[1])}</td><td>{esc(key[2])}</td>{cells}</tr>")
    return out + ["</tbody></table></div>"]


def findings_table(findings: pd.DataFrame) -> list[str]:
    if findings.empty:
        return ["<p>No findings.</p>"]
    out = ['<div class="wide"><table id="findings"><thead><tr><th class="key">#</th><th>rule</th><th>model</th>'
           "<th>framework</th><th>hardware</th><th>detail</th><th>cells</th></tr></thead><tbody>"]
    for n, f in enumerate(findings.itertuples(index=False), start=1):  # numbered as findings.csv numbers them
        out.append(f'<tr class="finding" id="finding-{n}"><td class="key">{n}</td><td>{esc(f.rule)}</td>'
                   f'<td>{esc(f.model)}</td><td>{esc(f.framework)}</td><td>{esc(f.hardware)}</td>'
                   f'<td class="wrap">{esc(f.detail)}</td><td class="wrap">{esc(f.cells)}</td></tr>')
    return out + ["</tbody></table></div>"]


def checks_list() -> list[str]:
    return ["<ul>"] + [f"<li><code>{esc(name)}</code>: {esc(text)}</li>" for name, text in CHECKS.items()] + ["</ul>"]


def release_html(release: str, frame: pd.DataFrame, findings: pd.DataFrame, sources: list[tuple[str, str]],
                 source_url: str | None = None, finding_table: pd.DataFrame | None = None) -> str:
    """`findings`: one line per finding (quality.findings_frame); `finding_table`: the same as
    data, one line per row involved (findings.csv), for marking the cells."""
    supported = int(frame["supported"].sum())
    body = [f"<h1>Minimum Ascend units per model — release {esc(release)}</h1>", vendor_line(release, source_url),
            f"<p>{counted(len(frame), 'configuration')}, {counted(frame['model'].nunique(), 'model')}, "
            f"{counted(frame['framework'].nunique(), 'framework')}; {supported} supported, {len(frame) - supported} not "
            f"supported. Sources: " + ", ".join(f"<code>{esc(p)}</code> (sha256 {esc(h[:12])}…)" for p, h in sources)
            + "</p>",
            "<p>Artifacts: " + " · ".join(f'<a href="{a}">{a}</a>' for a in ARTIFACTS) + "</p>",
            "<h2>Units needed</h2>", *heat_legend()]
    body += heat_map(frame, finding_marks(finding_table))
    body += [f"<h2>Data-quality findings ({len(findings)})</h2>"] + checks_list() + findings_table(findings)
    return page(f"mincards {release}", body)


def uncertain_markdown(uncertain: Sequence[Uncertain]) -> list[str]:
    """The cells notes.toml declares uncertain, with the reason and the other reading."""
    if not uncertain:
        return []
    out = [f"## Uncertain cells ({len(uncertain)})", "", "Declared in the release folder's notes.toml; published "
           "with `certain = false`.", "", "| model | strategy | seq_len | framework | hardware | alternative | reason |",
           "|---|---|---|---|---|---|---|"]
    out += [f"| {u.model} | {u.strategy} | {u.seq_len} | {u.framework} | {u.hardware} | {u.alternative} | "
            f"{u.reason.replace('|', chr(92) + '|')} |" for u in uncertain]
    return out + [""]


def release_markdown(release: str, summary: str, findings: pd.DataFrame, uncertain: Sequence[Uncertain] = ()) -> str:
    out = [f"# mincards release {release}", "", summary, "", f"## Data-quality findings ({len(findings)})", ""]
    out += [f"- `{name}`: {text}" for name, text in CHECKS.items()] + [""]
    if findings.empty:
        out.append("No findings.")
    else:
        out += ["| rule | model | framework | hardware | detail | cells |", "|---|---|---|---|---|---|"]
        out += [f"| {f.rule} | {f.model} | {f.framework} | {f.hardware} | {f.detail} | {f.cells} |"
                for _, f in findings.iterrows()]
    if uncertain:
        out += [""] + uncertain_markdown(uncertain)[:-1]
    return "\n".join(out) + "\n"


def diff_cell(row: dict | None, anchor: str | None = None, finding: str | None = None) -> str:
    """A cell of the diff grid; `finding`: the new release's findings it is behind (finding_marks),
    said first in its tooltip. A cell added as not supported ('-', as most cells of a new
    framework column are) looks not supported, not like added support."""
    if row is None:
        return '<td class="na" title="in neither release">·</td>'
    old, new = (side_text(row, s) for s in ("old", "new"))  # ? where that release's reading is uncertain
    classes, said = [], f"{finding}; " if finding and row["change"] != "removed" else ""
    if said:
        classes.append("finding")
    # by the value, not its text: an uncertain '-' reads '-?'
    unsupported = row["change"] != "removed" and not bool(row["new_supported"])
    if row["change"] == "unchanged":
        classes += ["na"] if unsupported else []
        title, text = lineage(row, "new_"), new
    elif row["change"] == "changed":
        classes.insert(0, "changed")
        title, text = f"was {old} ({lineage(row, 'old_')}); now {lineage(row, 'new_')}", f"{old} → {new}"
    elif row["change"] == "added":
        classes.insert(0, "added-na" if unsupported else "added")
        title, text = f"added ({row['reason']}); {'not supported; ' if unsupported else ''}{lineage(row, 'new_')}", new
    else:
        classes.insert(0, "removed")
        title, text = f"removed ({row['reason']}); {lineage(row, 'old_')}", old
    css = f' class="{" ".join(classes)}"' if classes else ""
    where = f' id="{anchor}"' if anchor else ""
    return f'<td{css}{where} title="{esc(said + title)}">{esc(text)}</td>'


def diff_axes(diff: ReleaseDiff) -> tuple[list[tuple], list[tuple]]:
    rows = diff.rows.assign(_row=diff.rows["new_source_row"].fillna(diff.rows["old_source_row"]),
                            _col=diff.rows["new_source_col"].fillna(diff.rows["old_source_col"]))
    keys = rows.sort_values(["_row", "model", "strategy", "seq_len"])[ROW_KEY].drop_duplicates()
    return [tuple(r) for r in keys.itertuples(index=False)], vendor_column_order(rows, "_col")


def changed_records(diff: ReleaseDiff) -> list[dict]:
    """The changed values in the grid's order (row, then column), each with its anchor."""
    rows, columns = diff_axes(diff)
    by_key = records_by_key(diff.where("changed"))
    found = [by_key[r + c] for r in rows for c in columns if r + c in by_key]
    return [{**record, "anchor": f"change-{n}"} for n, record in enumerate(found, start=1)]


def nodes_of(row: dict, side: str) -> int | None:
    units = row[f"{side}_min_units"]
    return None if pd.isna(units) else nodes(int(units), UNIT_OF_HARDWARE[row["hardware"]])


def change_line(row: dict) -> str:
    """One changed value: old -> new, which way, and what it does to the node count, right
    after the model (on a phone they are what fits on the screen), then the rest of the key;
    the model links to the value's cell when the page has the grid (`anchor`)."""
    old, new = (side_text(row, s) for s in ("old", "new"))  # ? where that release's reading is uncertain
    old_nodes, new_nodes = nodes_of(row, "old"), nodes_of(row, "new")
    if old_nodes is None or new_nodes is None:
        way, css, node_text = ("now supported", "down", "") if old_nodes is None else ("no longer supported", "up", "")
    else:
        delta = int(row["new_min_units"]) - int(row["old_min_units"])
        way, css = (f"↑ +{delta}", "up") if delta > 0 else (f"↓ {delta}", "down")
        node_text = f"{old_nodes} → {new_nodes}" + (f" ({new_nodes - old_nodes:+d})" if new_nodes != old_nodes else "")
    unit = PLURAL[UNIT_OF_HARDWARE[row["hardware"]]]
    model = f'<a href="#{row["anchor"]}">{esc(row["model"])}</a>' if row.get("anchor") else esc(row["model"])
    return (f'<tr class="change"><td class="key">{model}</td><td>{esc(old)} → {esc(new)} {esc(unit)}</td>'
            f'<td class="{css}">{esc(way)}</td><td>{esc(node_text)}</td>'
            f'<td>{esc(row["strategy"])}</td><td>{esc(row["seq_len"])}</td><td>{esc(row["framework"])}</td>'
            f'<td>{esc(row["hardware"])}</td>'
            f'<td class="wrap">{esc(lineage(row, "old_"))} → {esc(lineage(row, "new_"))}</td></tr>')


def changes_table(changed: list[dict]) -> list[str]:
    if not changed:
        return ["<p>No value changed.</p>"]
    return (['<div class="wide"><table id="changes"><thead><tr><th class="key">model</th><th>old → new</th>'
             "<th>change</th><th>nodes</th><th>strategy</th><th>seq_len</th><th>framework</th><th>hardware</th>"
             "<th>cells</th></tr></thead><tbody>"]
            + [change_line(row) for row in changed] + ["</tbody></table></div>"])


def added_removed_list(diff: ReleaseDiff) -> list[str]:
    items = []
    for what, names in (("frameworks", diff.frameworks), ("hardware", diff.hardware), ("models", diff.models)):
        for side in ("added", "removed"):
            if names[side]:
                items.append(f"<li>{what} {side}: {esc(', '.join(names[side]))}</li>")
    for side in ("added", "removed"):
        configurations = diff.values_where(side, "configuration", ROW_KEY + COLUMN_KEY)
        if configurations:
            keys = "; ".join(" / ".join(str(v) for v in key) for key in configurations)
            items.append(f"<li>{counted(len(configurations), 'configuration')} of existing models {side}: "
                         f"{esc(keys)}</li>")
    return ["<ul>"] + (items or ["<li>nothing added or removed</li>"]) + ["</ul>"]


def diff_summary(diff: ReleaseDiff, changed: list[dict]) -> list[str]:
    """The summary with the changed values, then what was added or removed: the top of the
    diff page, and the whole of the static site's diff pages (pipeline/site.py)."""
    return ['<section id="summary"><h2>Summary</h2>', f"<p>{esc(diff.summary())}</p>",
            f"<h3>{counted(len(changed), 'value')} changed</h3>", *changes_table(changed), "</section>",
            '<section id="added-removed"><h2>Added and removed</h2>', *added_removed_list(diff), "</section>"]


def vendor_lines(diff: ReleaseDiff, urls: dict[str, str | None] | None) -> list[str]:
    """The vendor's page of each side, with its update date (`urls`: release id -> URL)."""
    urls = urls or {}
    return [vendor_line(release, urls.get(release), f"Vendor page of {release}") for release in (diff.old, diff.new)]


def diff_html(diff: ReleaseDiff, urls: dict[str, str | None] | None = None,
              marks: dict[tuple, str] | None = None) -> str:
    """Summary and changed values first (what a reader came for), then what was added or removed,
    then the whole grid with every change marked; each changed value links to its cell.
    `urls`: each release's vendor page (release id -> URL); `marks`: the cells behind a finding
    of the new release (finding_marks)."""
    rows, columns = diff_axes(diff)
    by_key = records_by_key(diff.rows)
    changed = changed_records(diff)
    anchors = {tuple(r[k] for k in ROW_KEY + COLUMN_KEY): r["anchor"] for r in changed}
    marks = marks or {}
    table = ['<div class="scroll"><table id="diff">'] + header_rows(columns) + ["<tbody>"]
    for key in rows:
        cells = "".join(diff_cell(by_key.get(key + column), anchors.get(key + column), marks.get(key + column))
                        for column in columns)
        table.append(f'<tr class="data-row"><td class="key">{esc(key[0])}</td><td>{esc(key[1])}</td>'
                     f"<td>{esc(key[2])}</td>{cells}</tr>")
    table.append("</tbody></table></div>")
    body = [f"<h1>What changed: {esc(diff.old)} → {esc(diff.new)}</h1>", *vendor_lines(diff, urls),
            *diff_summary(diff, changed),
            '<section id="grid"><h2>All configurations</h2>',
            '<p class="legend"><span class="changed" style="outline:3px solid #d4380d">2 → 4</span>value changed '
            '<span style="background:#effbe8;color:#237804">8</span>added '
            '<span class="removed" style="background:#fff1f0;text-decoration:line-through">4</span>removed '
            '<span class="na">-</span>not supported (added or not) <span>·</span>in neither release '
            '<span style="outline:2px dashed #a8071a;outline-offset:-4px">8</span>behind a data-quality finding of '
            f"{esc(diff.new)}; units: {esc(units_note())}</p>", *table, "</section>",
            '<section id="text"><h2>As text</h2>', f"<pre>{esc(diff_markdown(diff))}</pre>", "</section>"]
    return page(f"mincards diff {diff.old}..{diff.new}", body)
