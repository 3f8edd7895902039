"""The report pages (a release's report.html, the diff page): self-contained but for the
link to the vendor's page, and loaded in the system Chromium (tests/chromium.py, one browser
for the session) at 1400 and 420 px: no console errors, the expected rows, no sideways
scrolling of the page, every cell behind a finding marked, the vendor's page linked."""
from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import lxml.html
import pytest
from click.testing import CliRunner

from chromium import open_page, overflow
from pipeline.cli import main

RAW = Path(__file__).resolve().parents[1] / "raw"


@pytest.fixture(scope="module")
def build(published, tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "build"
    shutil.copytree(published, out)
    assert CliRunner().invoke(main, ["diff", "--build", str(out), "--save", str(out / "diff")]).exit_code == 0
    return out


def pages(build):
    return {"2025-05-07": build / "2025-05-07" / "report.html", "2025-10-22": build / "2025-10-22" / "report.html",
            "diff": build / "diff" / "2025-05-07..2025-10-22.html"}


# rows of the heat map: distinct (model, strategy, seq_len); the diff shows the union
EXPECTED_ROWS = {"2025-05-07": 62, "2025-10-22": 135, "diff": 135}


def test_expected_row_counts_match_the_data(tidy):
    for release in ("2025-05-07", "2025-10-22"):
        frame = tidy[release]
        assert len(frame[["model", "strategy", "seq_len"]].drop_duplicates()) == EXPECTED_ROWS[release]


def public_page(release: str) -> str:
    """The vendor page's URL as raw/<release>/SOURCE.md records it (read here, not by the pipeline)."""
    return re.search(r"\*\*Public page:\*\* (\S+)", (RAW / release / "SOURCE.md").read_text(encoding="utf-8"))[1]


@pytest.mark.parametrize("name", sorted(EXPECTED_ROWS))
def test_pages_are_self_contained(build, name):
    """Catches: a script, style sheet, image or font fetched from elsewhere; the one link out
    is to the vendor's page."""
    text = pages(build)[name].read_text(encoding="utf-8")
    assert not re.search(r"""<(script|link|img|iframe)\b|src\s*=|@import|url\(""", text)
    outside = re.findall(r"""<(\w+)[^>]*\bhref\s*=\s*["']?((?:https?:)?//[^"' >]*)""", text)
    releases = ["2025-05-07", "2025-10-22"] if name == "diff" else [name]
    assert outside == [("a", public_page(release)) for release in releases]


@pytest.mark.parametrize("name", sorted(EXPECTED_ROWS))
def test_vendor_page_linked_with_the_update_date(build, name):
    """Catches: no link to the vendor's page, a link to another release's page, no update date."""
    root = lxml.html.fromstring(pages(build)[name].read_bytes())
    lines = root.find_class("vendor")
    releases = ["2025-05-07", "2025-10-22"] if name == "diff" else [name]
    said = [(p.find("a").get("href"), p.text_content()) for p in lines if p.tag == "p"]
    assert [href for href, _ in said] == [public_page(release) for release in releases]
    assert all(text.endswith(f", updated {release}.") for (_, text), release in zip(said, releases))


@pytest.mark.parametrize("width", [1400, 420])
@pytest.mark.parametrize("name", sorted(EXPECTED_ROWS))
def test_pages_load_in_a_browser_and_fit_the_window(build, browser, name, width):
    """Catches: a console error, rows missing, a page wider than the window (no viewport, a
    table or a line too wide: the report was cut off after its first framework at 420 px)."""
    page, errors = open_page(browser, pages(build)[name], width)
    assert errors == []
    assert page.locator("tr.data-row").count() == EXPECTED_ROWS[name]
    assert overflow(page) == 0
    assert page.evaluate("document.querySelector('meta[name=viewport]').content") == \
        "width=device-width, initial-scale=1"
    page.close()


@pytest.mark.parametrize("name", ["2025-10-22", "diff"])
def test_at_420_px_the_grid_scrolls_in_its_box_with_the_model_in_view(build, browser, name):
    """Catches: a grid the page itself scrolls (or cuts off) sideways, a first column that
    scrolls out of view with the values (the reader no longer knows the row's model)."""
    page, _ = open_page(browser, pages(build)[name], 420)
    box = page.locator(".scroll").first
    assert box.evaluate("b => b.scrollWidth - b.clientWidth") > 500  # ten value columns do not fit in 420 px
    assert box.evaluate("b => b.getBoundingClientRect().right") <= 420
    model = page.locator("tr.data-row td.key").nth(3)
    before = model.bounding_box()
    box.evaluate("b => { b.scrollLeft = 400; }")
    after = model.bounding_box()
    assert box.evaluate("b => b.scrollLeft") == 400
    assert (after["x"], after["width"]) == (before["x"], before["width"]) and after["x"] >= 0
    page.close()


def finding_keys(build, release: str) -> dict[tuple, set[str]]:
    """findings.csv read with the csv module: each cell's key -> the numbers of its findings."""
    keys: dict[tuple, set[str]] = {}
    with open(build / release / "findings.csv", encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            key = (row["model"], row["strategy"], row["seq_len"], row["framework"], row["hardware"])
            keys.setdefault(key, set()).add(f"finding {row['finding']} ({row['rule']}): {row['detail']}")
    return keys


def grid_cells(root, table_id: str) -> dict[tuple, object]:
    """Each value cell of a page's grid by its key (model, strategy, seq_len, framework, hardware)."""
    table = root.get_element_by_id(table_id)
    top, bottom = table.findall("thead/tr")
    frameworks = [th.text_content() for th in top.findall("th")[3:] for _ in range(int(th.get("colspan", 1)))]
    columns = list(zip(frameworks, [th.text_content() for th in bottom.findall("th")]))
    cells = {}
    for tr in table.findall("tbody/tr"):
        model, strategy, seq_len, *values = tr.findall("td")
        for column, td in zip(columns, values):
            cells[(model.text_content(), strategy.text_content(), seq_len.text_content(), *column)] = td
    return cells


@pytest.mark.parametrize("name,table", [("2025-10-22", "heatmap"), ("diff", "diff")])
def test_every_finding_cell_is_marked_with_its_finding(build, browser, name, table):
    """Catches: a cell behind a finding (findings.csv of the newer release) not marked, a cell
    marked that no finding names, a mark without its finding in the tooltip, a mark the browser
    does not draw (the style not applied)."""
    page, _ = open_page(browser, pages(build)[name], 420)
    cells = grid_cells(lxml.html.fromstring(page.content()), table)
    expected = finding_keys(build, "2025-10-22")
    assert len(expected) == 14
    marked = {key for key, td in cells.items() if "finding" in td.get("class", "").split()}
    assert marked == set(expected)
    for key in marked:
        assert all(finding in cells[key].get("title") for finding in expected[key]), key
    drawn = page.evaluate("""Array.from(document.querySelectorAll('td.finding'))
        .map(td => getComputedStyle(td).outlineStyle + ' ' + getComputedStyle(td).outlineColor)""")
    assert drawn == ["dashed rgb(168, 7, 26)"] * 14
    page.close()


def test_screenshot_at_420_px_shows_the_marked_cells(build, browser):
    """The report as a phone shows it: a 420 px wide picture, not blank, with the heat map's
    colours and a finding cell's mark (its dashed outline's red) drawn where the cell is.
    Catches: a blank or unstyled page, a finding mark invisible at that width."""
    from PIL import Image

    page, _ = open_page(browser, pages(build)["2025-10-22"], 420)
    cell = page.locator("#heatmap td.finding").first
    cell.scroll_into_view_if_needed()
    box = cell.bounding_box()
    # where the mark may be drawn: the finding cells, and the legend's sample of it
    allowed = [b for b in (e.bounding_box() for e in page.locator("#heatmap td.finding, .legend").all()) if b]
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    page.close()
    assert shot.size == (420, 800)
    assert len(shot.getcolors(420 * 800)) > 50  # text, borders, the heat map's shades: not a blank page
    assert 0 <= box["x"] and box["x"] + box["width"] <= 420 and 0 <= box["y"] and box["y"] + box["height"] <= 800
    inside = shot.crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]), int(box["y"] + box["height"])))
    mark = (168, 7, 26)
    assert sum(n for n, colour in inside.getcolors(10_000) if colour == mark) > 20
    elsewhere = shot.copy()
    for b in allowed:  # blank out where the mark belongs; none of its red may be left
        elsewhere.paste((255, 255, 255), (int(b["x"]) - 1, int(b["y"]) - 1, int(b["x"] + b["width"]) + 2,
                                          int(b["y"] + b["height"]) + 2))
    assert not any(colour == mark for _, colour in elsewhere.getcolors(420 * 800))  # only where marked


def test_unsupported_cells_added_look_unsupported_not_added(build, browser):
    """Catches: '-' cells of the new framework columns shaded green like added support."""
    page, _ = open_page(browser, pages(build)["diff"], 1400)
    cells = grid_cells(lxml.html.fromstring(page.content()), "diff")
    dashes = [td for td in cells.values() if td.text_content() == "-"]
    assert len(dashes) > 700 and all({"na", "added-na"} & set(td.get("class", "").split()) for td in dashes)
    looks = page.evaluate("""['.legend .na', '#diff td.added-na', '#diff td.added'].map(css => {
        const style = getComputedStyle(document.querySelector(css));
        return [style.backgroundImage, style.backgroundColor, style.color]; })""")
    assert looks[0] == looks[1] and looks[1] != looks[2]
    page.close()


def test_diff_page_highlights_the_changed_cells(build):
    text = pages(build)["diff"].read_text(encoding="utf-8")
    assert text.count('<td class="changed"') == 8
    assert re.search(r'<td class="changed" id="change-\d+" title="was 2 \(raw/2025-05-07/page.html, row 23, column 4: '
                     r"&#x27;2\*Ascend&#x27;\); now raw/2025-10-22/page.html, row 24, column 4: "
                     r'&#x27;4\*Ascend&#x27;">2 → 4</td>', text)


def test_diff_page_counts_nodes_rounded_up(build):
    """Catches: nodes rounded down on the diff page (2 cards shown as 0 nodes, 8 cards as 1)."""
    root = lxml.html.fromstring(pages(build)["diff"].read_text(encoding="utf-8"))
    changes = root.get_element_by_id("changes").findall("tbody/tr")
    # LAYOUT.md §6: 2 -> 4 and 2 -> 8, in cards (8 a node) and in DIEs (16 a node): one node before and after
    assert [(tr[1].text_content().replace("?", ""), tr[3].text_content()) for tr in changes] == [
        (f"2 → {n} {unit}", "1 → 1") for n in (4, 8) for unit in ("cards", "DIEs")] * 2


def test_release_page_shows_findings_and_links(build):
    text = pages(build)["2025-10-22"].read_text(encoding="utf-8")
    assert len(re.findall(r'<tr class="finding" id="finding-\d+">', text)) == 6
    for artifact in ("min_cards.csv", "min_cards.parquet", "min_cards.json", "grid.csv", "report.md"):
        assert f'<a href="{artifact}">' in text


def dom(browser, path) -> str:
    """The page as a real browser built it (the DOM after load)."""
    page, errors = open_page(browser, path, 1400)
    content = page.content()
    page.close()
    assert errors == []
    return content


def test_diff_page_opens_with_the_summary_and_the_changed_values(build, browser):
    root = lxml.html.fromstring(dom(browser, pages(build)["diff"]))
    body = [e for e in root.find("body") if isinstance(e.tag, str)]
    assert [e.tag for e in body[:4]] == ["h1", "p", "p", "section"] and body[3].get("id") == "summary"
    assert [e.get("class") for e in body[1:3]] == ["vendor", "vendor"]
    assert [s.get("id") for s in root.iter("section")] == ["summary", "added-removed", "grid", "text"]
    changes = root.get_element_by_id("changes").findall("tbody/tr")
    # the 8 values LAYOUT.md §6 lists: qwen2-7b lora and qwen2.5-7b full, MindSpeed-LLM, both hardware
    # (4?: the new value is read from LAYOUT.md's ambiguous row 13, declared in raw/2025-10-22/notes.toml)
    assert [(tr[0].text_content(), tr[4].text_content(), tr[5].text_content(), tr[7].text_content(),
             tr[1].text_content()) for tr in changes] == [
        ("qwen2-7b", "lora", "4096", "Snt9b", "2 → 4 cards"), ("qwen2-7b", "lora", "4096", "Snt9b23", "2 → 4? DIEs"),
        ("qwen2-7b", "lora", "8192", "Snt9b", "2 → 8 cards"), ("qwen2-7b", "lora", "8192", "Snt9b23", "2 → 8 DIEs"),
        ("qwen2.5-7b", "full", "4096", "Snt9b", "2 → 4 cards"), ("qwen2.5-7b", "full", "4096", "Snt9b23", "2 → 4 DIEs"),
        ("qwen2.5-7b", "full", "8192", "Snt9b", "2 → 8 cards"), ("qwen2.5-7b", "full", "8192", "Snt9b23", "2 → 8 DIEs")]
    for tr in changes:  # each links to its highlighted cell in the grid
        target = root.get_element_by_id(tr[0].find("a").get("href").lstrip("#"))
        assert target.get("class") == "changed" and target.text_content() == tr[1].text_content().split(" ")[0] + \
            " → " + tr[1].text_content().split(" ")[2]


def test_diff_page_columns_in_the_vendor_order_in_the_browser(build, browser):
    table = lxml.html.fromstring(dom(browser, pages(build)["diff"])).get_element_by_id("diff")
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
