"""The report pages: self-contained, and loaded in a real headless browser with no
console errors and the expected number of rows."""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from pipeline.cli import main

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0"]


@pytest.fixture(scope="module")
def build(published, tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "build"
    shutil.copytree(published, out)
    assert CliRunner().invoke(main, ["diff", "--build", str(out), "--save", str(out / "diff")]).exit_code == 0
    return out


def browser(page, tmp_path) -> subprocess.CompletedProcess:
    """Headless chromium dumping the page's DOM, with its profile, config and cache in
    tmp_path: chromium writes crash-report settings and dconf files under $HOME and the XDG
    folders even with --user-data-dir, and the tests change nothing outside their folders."""
    if BROWSER is None:
        pytest.skip("no chromium on this machine: `make browser` installs it (Debian, root), then run `make test` again")
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_CACHE_HOME": str(home / ".cache"), "XDG_RUNTIME_DIR": str(home / "run")}
    result = subprocess.run([BROWSER, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    return result


def pages(build):
    return {"2025-05-07": build / "2025-05-07" / "report.html", "2025-10-22": build / "2025-10-22" / "report.html",
            "diff": build / "diff" / "2025-05-07..2025-10-22.html"}


# rows of the heat map: distinct (model, strategy, seq_len); the diff shows the union
EXPECTED_ROWS = {"2025-05-07": 62, "2025-10-22": 135, "diff": 135}


def test_expected_row_counts_match_the_data(tidy):
    for release in ("2025-05-07", "2025-10-22"):
        frame = tidy[release]
        assert len(frame[["model", "strategy", "seq_len"]].drop_duplicates()) == EXPECTED_ROWS[release]


@pytest.mark.parametrize("name", sorted(EXPECTED_ROWS))
def test_pages_are_self_contained(build, name):
    text = pages(build)[name].read_text(encoding="utf-8")
    assert not re.search(r"""<(script|link|img|iframe)\b|(src|href)\s*=\s*["']?(https?:|//)|@import|url\(""", text)


@pytest.mark.parametrize("name", sorted(EXPECTED_ROWS))
def test_pages_load_in_a_headless_browser(build, name, tmp_path):
    result = browser(pages(build)[name], tmp_path)
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []
    rows = len(re.findall(r'<tr class="data-row"', result.stdout))
    assert rows == EXPECTED_ROWS[name]


def test_diff_page_highlights_the_changed_cells(build):
    text = pages(build)["diff"].read_text(encoding="utf-8")
    assert text.count('<td class="changed"') == 8
    assert re.search(r'<td class="changed" id="change-\d+" title="was 2 \(raw/2025-05-07/page.html, row 23, column 4: '
                     r"&#x27;2\*Ascend&#x27;\); now raw/2025-10-22/page.html, row 24, column 4: "
                     r'&#x27;4\*Ascend&#x27;">2 → 4</td>', text)


def test_diff_page_counts_nodes_rounded_up(build):
    """Catches: nodes rounded down on the diff page (2 cards shown as 0 nodes, 8 cards as 1)."""
    import lxml.html

    root = lxml.html.fromstring(pages(build)["diff"].read_text(encoding="utf-8"))
    changes = root.get_element_by_id("changes").findall("tbody/tr")
    # LAYOUT.md §6: 2 -> 4 and 2 -> 8, in cards (8 a node) and in DIEs (16 a node): one node before and after
    assert [(tr[5].text_content().replace("?", ""), tr[7].text_content()) for tr in changes] == [
        (f"2 → {n} {unit}", "1 → 1") for n in (4, 8) for unit in ("cards", "DIEs")] * 2


def test_release_page_shows_findings_and_links(build):
    text = pages(build)["2025-10-22"].read_text(encoding="utf-8")
    assert text.count('<tr class="finding">') == 6
    for artifact in ("min_cards.csv", "min_cards.parquet", "min_cards.json", "grid.csv", "report.md"):
        assert f'<a href="{artifact}">' in text


def dom(page, tmp_path) -> str:
    """The page as a real browser built it (headless chromium's DOM after load)."""
    return browser(page, tmp_path).stdout


def test_diff_page_opens_with_the_summary_and_the_changed_values(build, tmp_path):
    import lxml.html

    root = lxml.html.fromstring(dom(pages(build)["diff"], tmp_path))
    body = [e for e in root.find("body") if isinstance(e.tag, str)]
    assert [e.tag for e in body[:2]] == ["h1", "section"] and body[1].get("id") == "summary"
    assert [s.get("id") for s in root.iter("section")] == ["summary", "added-removed", "grid", "text"]
    changes = root.get_element_by_id("changes").findall("tbody/tr")
    # the 8 values LAYOUT.md §6 lists: qwen2-7b lora and qwen2.5-7b full, MindSpeed-LLM, both hardware
    # (4?: the new value is read from LAYOUT.md's ambiguous row 13, declared in raw/2025-10-22/notes.toml)
    assert [(tr[0].text_content(), tr[1].text_content(), tr[2].text_content(), tr[4].text_content(),
             tr[5].text_content()) for tr in changes] == [
        ("qwen2-7b", "lora", "4096", "Snt9b", "2 → 4 cards"), ("qwen2-7b", "lora", "4096", "Snt9b23", "2 → 4? DIEs"),
        ("qwen2-7b", "lora", "8192", "Snt9b", "2 → 8 cards"), ("qwen2-7b", "lora", "8192", "Snt9b23", "2 → 8 DIEs"),
        ("qwen2.5-7b", "full", "4096", "Snt9b", "2 → 4 cards"), ("qwen2.5-7b", "full", "4096", "Snt9b23", "2 → 4 DIEs"),
        ("qwen2.5-7b", "full", "8192", "Snt9b", "2 → 8 cards"), ("qwen2.5-7b", "full", "8192", "Snt9b23", "2 → 8 DIEs")]
    for tr in changes:  # each links to its highlighted cell in the grid
        target = root.get_element_by_id(tr[0].find("a").get("href").lstrip("#"))
        assert target.get("class") == "changed" and target.text_content() == tr[5].text_content().split(" ")[0] + \
            " → " + tr[5].text_content().split(" ")[2]


def test_diff_page_columns_in_the_vendor_order_in_the_browser(build, tmp_path):
    import lxml.html

    table = lxml.html.fromstring(dom(pages(build)["diff"], tmp_path)).get_element_by_id("diff")
    hardware = [th.text_content() for th in table.findall("thead/tr")[1].findall("th")]
    assert hardware == ["Snt9b", "Snt9b23"] * 5


def test_counts_agree_with_their_nouns(build):
    text = pages(build)["2025-05-07"].read_text(encoding="utf-8")
    assert "124 configurations, 17 models, 1 framework;" in text


def test_cards_and_dies_have_their_own_colours_and_a_legend_with_numbers(build):
    text = pages(build)["2025-10-22"].read_text(encoding="utf-8")
    legend = re.findall(r'<p class="legend">(cards|DIEs) on (Snt9b(?:23)?) \((\d+) per node\): (.*?)</p>', text)
    assert [(unit, hw, per_node) for unit, hw, per_node, _ in legend] == [("cards", "Snt9b", "8"),
                                                                        ("DIEs", "Snt9b23", "16")]
    hues = [set(re.findall(r"hsl\((\d+),", swatches)) for *_, swatches in legend]
    assert len(hues[0]) == len(hues[1]) == 1 and hues[0] != hues[1]
    assert [re.findall(r">(\d+)</span>", swatches) for *_, swatches in legend] == [
        ["1", "2", "4", "8", "16", "32", "64", "128", "256", "512"]] * 2


@pytest.mark.parametrize("release", ["2025-05-07", "2025-10-22"])
def test_every_heat_map_cell_is_the_published_value_with_its_source_cell(build, release):
    """The heat map is built from plain records by key (not pandas lookups row by row):
    every cell, read back from the page, must be the value min_cards.csv publishes for
    its (model, strategy, seq_len, framework, hardware), with that row's source cell in
    its tooltip; a configuration the CSV does not list shows '·'. The CSV is read with
    the csv module, independently of the code that renders the page."""
    import csv

    import lxml.html

    with open(build / release / "min_cards.csv", encoding="utf-8", newline="") as handle:
        published = {(r["model"], r["strategy"], r["seq_len"], r["framework"], r["hardware"]): r
                     for r in csv.DictReader(handle)}
    table = lxml.html.fromstring((build / release / "report.html").read_bytes()).get_element_by_id("heatmap")
    top, bottom = table.findall("thead/tr")
    frameworks = [th.text_content() for th in top.findall("th")[3:] for _ in range(int(th.get("colspan", 1)))]
    columns = list(zip(frameworks, [th.text_content() for th in bottom.findall("th")]))
    seen = set()
    for tr in table.findall("tbody/tr"):
        model, strategy, seq_len, *cells = tr.findall("td")
        assert len(cells) == len(columns)
        for (framework, hardware), td in zip(columns, cells):
            key = (model.text_content(), strategy.text_content(), seq_len.text_content(), framework, hardware)
            row = published.get(key)
            if row is None:
                assert td.text_content() == "·", key
                continue
            seen.add(key)
            mark = "" if row["certain"] == "True" else "?"  # a cell notes.toml declares uncertain
            assert td.text_content() == (row["min_units"] if row["supported"] == "True" else "-") + mark, key
            assert ("uncertain" in td.get("class", "").split()) == (mark == "?"), key
            place = f"row {row['source_row']}, column {row['source_col']}"
            assert f"{row['source_file']}, {place}: {row['raw_text']!r}" in td.get("title"), key
    assert seen == set(published)  # every published row is on the page, once
