"""build/site/: the releases, the history and the changes as a static site, for people who
will never install Python. Plain HTML, one style sheet and a little JavaScript written
here (no framework, no CDN, nothing fetched): it works from a file:// link and from any
static host, and reads at 420 px (a wide table scrolls inside its own box, not the page).

- index.html: the releases (each linked to its diff page and changelog entry), a search
  box that filters the models as you type, and the newest release's heat map
  (pipeline/report.py's);
- models/<model>.html: one model's history, as an inline SVG chart (one step line per
  configuration, units on a log scale, over every release) and as the table of its runs;
- diff/<old>..<new>.html: each consecutive pair of releases, the summary and changed
  values of the diff page (pipeline/report.py);
- changelog.html: the changelog (pipeline/changelog.py) as a page.

Pages are written one at a time as their data arrives (pipeline/across.py), so memory
does not grow with the releases.
"""
from __future__ import annotations

import functools
import math
import re
from pathlib import Path

from .changelog import CHANGED_COLUMNS, TITLE as CHANGELOG_TITLE, Entry, ReleaseInfo, first_text
from .diff import ReleaseDiff
from .report import (STYLE, UNIT_HUE, diff_summary, esc, finding_marks, heat_legend, heat_map, records, vendor_line,
                     vendor_lines)
from .units import PLURAL, UNIT_OF_HARDWARE, counted, units_note

SITE = "site"
SITE_STYLE = STYLE + """
html{-webkit-text-size-adjust:100%}
body{max-width:1200px;overflow-wrap:anywhere}
nav{margin-bottom:12px}nav a{margin-right:12px}
table{display:block;overflow-x:auto;max-width:100%}.scroll>table,.wide>table{display:table;max-width:none}
input[type=search]{font:inherit;padding:6px 8px;width:100%;max-width:28em;box-sizing:border-box}
ul.models{columns:14em;padding-left:1.2em}
ul.models li{break-inside:avoid}
svg.chart{width:100%;max-width:720px;height:auto;border:1px solid #c9d1d9;background:#fff}
svg.chart text{font:13px system-ui,sans-serif;fill:#4a5560}
svg.chart .grid{stroke:#e4e8ec}
svg.chart path{fill:none;stroke-width:2;stroke-opacity:.75}
.muted{color:#6b7682}
@media (max-width:600px){body{margin:12px}h1{font-size:19px}}
"""
SCRIPT = """// Filters the models as you type: list items and heat-map rows carry data-model.
(function () {
  var box = document.getElementById("search");
  if (!box) { return; }
  var fold = function (text) { return text.trim().toLowerCase().replace(/[\\s_\\-]+/g, "-"); };
  var items = Array.prototype.slice.call(document.querySelectorAll("[data-model]"));
  var count = document.getElementById("search-count");
  var total = document.querySelectorAll("#models li").length;
  function filter() {
    var wanted = fold(box.value);
    var shown = 0;
    items.forEach(function (item) {
      var match = fold(item.getAttribute("data-model")).indexOf(wanted) !== -1;
      item.hidden = !match;
      if (match && item.tagName === "LI") { shown += 1; }
    });
    count.textContent = shown + " of " + total + " models";
  }
  box.addEventListener("input", filter);
  filter();
})();
"""
CHART_WIDTH, CHART_HEIGHT, PAD_LEFT, PAD = 560, 210, 40, 22
DIE_SHIFT = 3  # DIE lines drawn a little lower, so that a card line with the same values stays visible


def model_file(model: str) -> str:
    """A model's page name: the name itself where it is made of letters, digits, '.', '_'
    and '-' (all the vendor's are), any other character (and a leading '.') spelled out as
    ~<hex>; so that two names never share a page and none leaves the folder."""
    return re.sub(r"[^A-Za-z0-9._\-]|^\.", lambda m: f"~{ord(m.group()):x};", model) + ".html"


def diff_file(old: str, new: str) -> str:
    return f"{old}..{new}.html"


def page(title: str, body: list[str], depth: int = 0, script: bool = False) -> str:
    up = "../" * depth
    nav = (f'<nav><a href="{up}index.html">Releases and models</a><a href="{up}changelog.html">Changelog</a>'
           "</nav>")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{esc(title)}</title>\n<link rel="stylesheet" href="{up}style.css">\n</head>\n<body>\n'
            + nav + "\n" + "\n".join(body) + "\n"
            + (f'<script src="{up}site.js"></script>\n' if script else "") + "</body>\n</html>\n")


def write_page(folder: Path, name: str, text: str) -> None:
    """A page (made durable with everything else the run stages, before the rename that
    publishes the folder: pipeline/across.py)."""
    (folder / name).write_bytes(text.encode("utf-8"))


def diff_page(folder: Path, diff: ReleaseDiff, urls: dict[str, str | None] | None = None) -> None:
    """diff/<old>..<new>.html of the site in `folder` (written by a worker of the run);
    `urls`: each release's vendor page (release id -> URL)."""
    changed = records(diff.where("changed"))  # in the vendor's order; no grid here to point into
    body = [f"<h1>What changed: {esc(diff.old)} → {esc(diff.new)}</h1>", *vendor_lines(diff, urls),
            f'<p>The changelog\'s entry: <a href="../changelog.html#r-{esc(diff.new)}">{esc(diff.new)}</a>. '
            f"The whole grid with every change marked: <code>mincards diff {esc(diff.old)} {esc(diff.new)} "
            "--format html -o FILE</code>.</p>", *diff_summary(diff, changed)]
    write_page(folder, f"diff/{diff_file(diff.old, diff.new)}", page(f"mincards diff {diff.old}..{diff.new}", body, 1))


def model_page(folder: Path, model: str, runs: list[dict], releases: list[str]) -> tuple[str, str]:
    """models/<model>.html of the site in `folder` (written by a worker of the run).
    `runs`: the model's history rows (pipeline/history.py COLUMNS), in key order. Returns
    the first and last release the model is in."""
    keys = [key_of(run) for run in runs]  # once per run: the table, the chart and the count use them
    present = [run for run in runs if run["change"] != "removed"]
    first, last = min(r["first_release"] for r in present), max(r["last_release"] for r in present)
    body = [f"<h1>{esc(model)}</h1>",
            f"<p>In the published table from {esc(first)} to {esc(last)} ({counted(len(releases), 'release')} "
            f"published in all); {counted(len(dict.fromkeys(keys)), 'configuration')}, {counted(len(runs), 'run')} "
            f"of unchanged value. Units: {esc(units_note())}.</p>",
            "<h2>Minimum units, release by release</h2>", *chart(model, runs, keys, releases),
            f"<h2>History ({counted(len(runs), 'row')})</h2>",
            "<p>One row per configuration per run of releases in which its value held; "
            "<em>change</em> says how the run began.</p>", *runs_table(runs, keys)]
    write_page(folder, f"models/{model_file(model)}", page(f"mincards {model}", body, 1))
    return first, last


class Site:
    """The site being written into `folder` (the run's staging copy of build/site)."""

    def __init__(self, folder: Path):
        self.folder = folder
        for sub in ("models", "diff"):
            (folder / sub).mkdir(parents=True, exist_ok=True)
        self.write("style.css", SITE_STYLE.lstrip())
        self.write("site.js", SCRIPT)

    def write(self, name: str, text: str) -> None:
        write_page(self.folder, name, text)

    # --- the pages that list everything ---

    def changelog_page(self, entries_newest_first: list[Entry]) -> None:
        body = [f"<h1>{esc(CHANGELOG_TITLE)}</h1>",
                "<p>What changed in each published release, newest first; the same diffs as "
                f"<code>mincards diff</code>. Units: {esc(units_note())}; - not supported.</p>"]
        for item in entries_newest_first:
            body += entry_html(item)
        self.write("changelog.html", page(CHANGELOG_TITLE, body))

    @staticmethod
    def heat_map(newest_frame, newest_findings=None) -> list[str]:
        """The index's heat map of the newest release, its legend first (drawn while the
        workers write the model pages); `newest_findings`: its findings as data
        (findings.parquet)."""
        return [*heat_legend(), *heat_map(newest_frame, finding_marks(newest_findings))]

    def index_page(self, infos: list[ReleaseInfo], entries: dict[str, Entry], models: list[tuple[str, str]],
                   heat: list[str]) -> None:
        """`models`: (name, what to say beside it) for every model of any release; `heat`:
        the newest release's heat map (Site.heat_map)."""
        newest = infos[-1]
        body = ["<h1>Minimum Ascend units per model</h1>",
                f"<p>Huawei Cloud ModelArts' table 表1 模型最小卡数配置, {counted(len(infos), 'published release')}, "
                f"the newest {esc(newest.release)} ({newest.rows} rows, {counted(newest.models, 'model')}). "
                'The <a href="changelog.html">changelog</a> says what changed in each.</p>',
                '<h2 id="models-heading">Models</h2>',
                '<p><label for="search">Find a model</label><br>'
                '<input id="search" type="search" placeholder="e.g. qwen2.5-7b" autocomplete="off"></p>',
                f'<p id="search-count" class="muted">{len(models)} of {len(models)} models</p>',
                '<ul id="models" class="models">']
        body += [f'<li data-model="{esc(name)}"><a href="models/{esc(model_file(name))}">{esc(name)}</a>'
                 + (f' <span class="muted">{esc(note)}</span>' if note else "") + "</li>" for name, note in models]
        body += ["</ul>", "<h2>Releases</h2>", *releases_table(infos, entries),
                 f"<h2>The newest release, {esc(newest.release)}</h2>",
                 vendor_line(newest.release, newest.source_url), *heat]
        self.write("index.html", page("mincards: minimum Ascend units per model", body, script=True))


def key_of(run: dict) -> tuple:
    return run["strategy"], run["seq_len"], run["framework"], run["hardware"]


def value_text(run: dict) -> str:
    if run["change"] == "removed":
        return "not listed"
    return str(run["min_units"]) if run["supported"] else "-"


def change_text(run: dict) -> str:
    previous = run["previous_min_units"]
    if run["change"] in ("up", "down"):
        return f"{run['change']} {previous} → {run['min_units']}"
    if run["change"] == "support_removed" and previous is not None:
        return f"support removed (was {previous})"
    return run["change"].replace("_", " ")


@functools.lru_cache(maxsize=4096)
def esc_word(value: str) -> str:
    """esc for the few words a history table repeats on every row (frameworks, releases)."""
    return esc(value)


def runs_table(runs: list[dict], keys: list[tuple]) -> list[str]:
    """`keys`: each run's key_of. A key's cells are written once, for all its runs."""
    head = "".join(f"<th>{c}</th>" for c in ("strategy", "seq_len", "framework", "hardware", "units", "unit",
                                                 "from", "to", "releases", "change"))
    out = [f'<table class="history"><thead><tr>{head}</tr></thead><tbody>']
    cells: dict[tuple, str] = {}
    for run, key in zip(runs, keys):
        start = cells.get(key)
        if start is None:
            strategy, seq_len, framework, hardware = key
            start = cells[key] = (f'<tr><td class="key">{esc_word(strategy)}</td><td>{seq_len}</td>'
                                  f'<td>{esc_word(framework)}</td><td>{esc_word(hardware)}</td>')
        css = ' class="na"' if run["change"] == "removed" or not run["supported"] else ""
        out.append(f'{start}<td{css}>{value_text(run)}</td><td>{esc_word(run["unit"])}</td>'
                   f'<td>{esc_word(run["first_release"])}</td><td>{esc_word(run["last_release"])}</td>'
                   f'<td>{run["releases"]}</td><td>{esc_word(change_text(run))}</td></tr>')
    return out + ["</tbody></table>"]


def chart(model: str, runs: list[dict], keys: list[tuple], releases: list[str]) -> list[str]:
    """Each configuration of the model as a step line over every release: its units on a
    log2 scale, cards and DIEs in report.py's two hues; a gap where it is not supported
    or not listed. Each release has a slot of the x axis; hover a line for its configuration.
    `keys`: each run's key_of."""
    index = {release: i for i, release in enumerate(releases)}
    values = [run["min_units"] for run in runs if run["min_units"] is not None]
    top = max(1, math.ceil(math.log2(max(values)))) if values else 1
    slot = (CHART_WIDTH - PAD_LEFT - PAD) / len(releases)

    def x(i: int) -> float:  # where release i's slot begins
        return PAD_LEFT + slot * i

    def y(units: int) -> float:
        return CHART_HEIGHT - PAD - (CHART_HEIGHT - 2 * PAD) * math.log2(units) / top

    out = [f'<svg class="chart" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" '
           f'aria-label="{esc(model)}: minimum units per configuration, release by release">']
    for power in range(0, top + 1, max(1, math.ceil((top + 1) / 6))):
        out.append(f'<line class="grid" x1="{PAD_LEFT}" x2="{CHART_WIDTH - PAD}" y1="{y(2 ** power):.1f}" '
                   f'y2="{y(2 ** power):.1f}"/><text x="{PAD_LEFT - 6}" y="{y(2 ** power) + 4:.1f}" '
                   f'text-anchor="end">{2 ** power}</text>')
    ends = [(0, "start"), (len(releases) - 1, "end")] if len(releases) > 1 else [(0, "middle")]
    for i, anchor in ends:
        where = {"start": x(i), "end": x(i + 1), "middle": x(i) + slot / 2}[anchor]
        out.append(f'<text x="{where:.1f}" y="{CHART_HEIGHT - 6}" text-anchor="{anchor}">{esc(releases[i])}</text>')
    lines: dict[tuple, list[tuple[str, int]]] = {}
    for run, key in zip(runs, keys):
        path = lines.setdefault(key, [])
        if run["min_units"] is None:
            continue
        start, end = index[run["first_release"]], index[run["last_release"]]
        move = "L" if path and path[-1][1] == start - 1 else "M"  # a step from the run before, or a new line
        path.append((f"{move}{x(start):.1f},{y(run['min_units']):.1f}H{x(end + 1):.1f}", end))
    for key, path in lines.items():
        if not path:
            continue
        unit = UNIT_OF_HARDWARE[key[3]]
        label = " / ".join(str(part) for part in key) + f" ({PLURAL[unit]})"
        shift = f' transform="translate(0,{DIE_SHIFT})"' if unit == "die" else ""  # cards and DIEs often agree
        out.append(f'<path d="{"".join(step for step, _ in path)}" stroke="hsl({UNIT_HUE[unit]},72%,42%)"{shift}>'
                   f"<title>{esc(label)}</title></path>")
    return out + ["</svg>",
                  f'<p class="legend muted">Lines: <span style="color:hsl({UNIT_HUE["card"]},72%,42%)">cards on '
                  f'Snt9b</span>, <span style="color:hsl({UNIT_HUE["die"]},72%,42%)">DIEs on Snt9b23</span>; '
                  "log scale; a gap where the configuration is not supported or not listed.</p>"]


def releases_table(infos: list[ReleaseInfo], entries: dict[str, Entry]) -> list[str]:
    out = ['<table id="releases"><thead><tr><th>release</th><th>updated</th><th>rows</th><th>models</th>'
           "<th>findings</th><th>changes</th></tr></thead><tbody>"]
    for info in reversed(infos):
        item = entries[info.release]
        if item.previous is None:
            changes = "the first release"
        else:
            said = "; ".join(f"{line.what}: {line.count}" for line in item.summary) or "no change"
            changes = (f'<a href="diff/{esc(diff_file(item.previous, info.release))}">{esc(said)}</a>')
        out.append(f'<tr><td class="key"><a href="changelog.html#r-{esc(info.release)}">{esc(info.release)}</a>'
                   f"</td><td>{esc(info.updated)}</td><td>{info.rows}</td><td>{info.models}</td>"
                   f'<td>{info.findings}</td><td class="wrap">{changes}</td></tr>')
    return out + ["</tbody></table>"]


def entry_html(item: Entry) -> list[str]:
    info = item.info
    out = [f'<section id="r-{esc(info.release)}"><h2>{esc(info.release)}</h2>',
           f"<p>{about_html(info)}</p>"]
    if item.previous is None:
        return out + [f"<p>{esc(first_text(info))}</p>", "</section>"]
    out.append(f'<p>Against {esc(item.previous)} (<a href="diff/{esc(diff_file(item.previous, info.release))}">'
               "the diff</a>):</p>")
    out += ["<ul>"] + [f"<li>{esc(line)}</li>" for line in item.summary or ["no change"]] + ["</ul>"]
    if item.changed:
        head = "".join(f"<th>{c}</th>" for c in CHANGED_COLUMNS)
        rows = ["<tr>" + "".join(f"<td>{esc(row[c])}</td>" for c in CHANGED_COLUMNS) + "</tr>"
                for row in item.changed]
        out += [f"<table><thead><tr>{head}</tr></thead><tbody>", *rows, "</tbody></table>"]
    return out + ["</section>"]


def about_html(info: ReleaseInfo) -> str:
    """changelog.about, as HTML: the vendor page linked."""
    revision = f" (revision {info.revision} of that date)" if info.revision > 1 else ""
    page = f' · <a href="{esc(info.source_url)}">vendor page</a>' if info.source_url else ""
    sources = ", ".join(f"<code>{esc(path)}</code> (sha256 <code>{esc(sha[:12])}…</code>)" for path, sha in info.sources)
    return (f"Updated {esc(info.updated)}{revision} · {info.rows} rows, {info.models} models, {info.findings} "
            f"findings{page} · sources: {sources}")


def model_note(first: str, last: str, newest: str) -> str:
    return "" if last == newest else f"not in the newest release (last in {last})"
