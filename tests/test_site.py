"""build/site/: every link resolves (every page, read with lxml), and in the system Chromium
(`make browser`; tests/chromium.py finds it), driven by Playwright through one browser
session from file:// URLs: typing in the search box hides the models that do not match, no
page logs a console error, and no page is wider than a 420 px window. The synthetic build
(tests/history_builds.py) has five releases, a revision, and models that leave and come back."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html
import pyarrow.parquet as pq
import pytest

from chromium import open_page, overflow

VENDOR_PAGES = {"https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_5902044.html",
                "https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_590804.html"}


def links(page: Path) -> list[str]:
    root = lxml.html.fromstring(page.read_bytes())
    return [e.get(a) for e in root.iter() if isinstance(e.tag, str) for a in ("href", "src") if e.get(a)]


def test_every_link_of_every_page_resolves(builds):
    """Catches: a page linking to a file the site does not have (a model page under another
    name, a diff page of a pair that is not consecutive), an anchor that is on no element,
    a link out of the site other than to the vendor's pages."""
    site = builds["synthetic"] / "site"
    pages = sorted(site.rglob("*.html"))
    assert len(pages) == 2 + 4 + len({r["model"] for r in pq.read_table(
        builds["synthetic"] / "history.parquet", columns=["model"]).to_pylist()})  # index, changelog, 4 diffs, models
    ids = {page: {e.get("id") for e in lxml.html.fromstring(page.read_bytes()).iter() if isinstance(e.tag, str)}
           for page in pages}
    seen = 0
    for page in pages:
        for link in links(page):
            parts = urlsplit(link)
            if parts.scheme:
                assert link in VENDOR_PAGES, (page, link)
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            assert target.is_file() and target.is_relative_to(site.resolve()), (page, link)
            if parts.fragment:
                assert parts.fragment in ids[target], (page, link)
            seen += 1
    assert seen > 150  # on every page: the nav and the style sheet; on the index: every model and release


def visible_models(page) -> list[str]:
    return page.evaluate("""Array.from(document.querySelectorAll('#models li'))
        .filter(li => !li.hidden && li.offsetParent !== null).map(li => li.dataset.model)""")


def test_typing_in_the_search_box_filters_the_models(builds, browser):
    """Catches: a search that hides nothing, hides matches, ignores case and separators
    differently from the CLI (qwen2.5 7B finds qwen2.5-7b), or leaves the heat map rows of
    hidden models showing; the count line not following."""
    site = builds["synthetic"] / "site"
    page, errors = open_page(browser, site / "index.html")
    every = visible_models(page)
    assert len(every) == 37
    page.fill("#search", "QWEN2.5 7b")
    assert visible_models(page) == ["qwen2.5-7b"]
    assert page.inner_text("#search-count") == "1 of 37 models"
    rows = page.evaluate("""Array.from(document.querySelectorAll('#heatmap tr.data-row'))
        .filter(tr => tr.offsetParent !== null).map(tr => tr.cells[0].textContent)""")
    assert rows and set(rows) == {"qwen2.5-7b"}
    page.fill("#search", "qwen3")
    assert visible_models(page) == [m for m in every if m.startswith("qwen3")] and len(visible_models(page)) == 8
    page.fill("#search", "no such model")
    assert visible_models(page) == [] and page.inner_text("#search-count") == "0 of 37 models"
    page.fill("#search", "")
    assert visible_models(page) == every
    assert errors == [] and overflow(page) == 0


@pytest.mark.parametrize("path,width", [("index.html", 420), ("changelog.html", 420), ("models/llama3.1-8b.html", 420),
                                        ("diff/2025-07-01..2025-07-01.2.html", 420), ("index.html", 1400),
                                        ("diff/2025-07-01..2025-07-01.2.html", 1400)])
def test_pages_load_without_errors_and_fit_the_window(builds, browser, path, width):
    """Catches: a table or a line too wide for a phone (the page scrolls sideways), a script
    or style sheet that does not load from file://, a console error."""
    page, errors = open_page(browser, builds["synthetic"] / "site" / path, width)
    assert page.evaluate("getComputedStyle(document.body).marginTop") != "8px"  # style.css was applied
    assert errors == [] and overflow(page) == 0


def test_a_model_page_shows_its_history_as_a_chart_and_a_table(builds):
    """Catches: a chart without a line per configuration that had a number, a table that is
    not the model's history (llama3.1-8b's runs in history.parquet). Static HTML: lxml
    reads it as the browser would (the browser test above loads the same page)."""
    build = builds["synthetic"]
    runs = [r for r in pq.read_table(build / "history.parquet").to_pylist() if r["model"] == "llama3.1-8b"]
    root = lxml.html.fromstring((build / "site" / "models" / "llama3.1-8b.html").read_bytes())
    titles = [t.text_content() for t in root.xpath("//*[local-name()='svg']//*[local-name()='title']")]
    numbered = {(r["strategy"], r["seq_len"], r["framework"], r["hardware"]) for r in runs if r["min_units"]}
    assert sorted(titles) == sorted(f"{s} / {q} / {f} / {h} ({'cards' if h == 'Snt9b' else 'DIEs'})"
                                    for s, q, f, h in numbered)
    table = [[td.text_content() for td in tr] for tr in root.xpath("//table[@class='history']/tbody/tr")]
    assert [(row[0], int(row[1]), row[2], row[3], row[6], row[7]) for row in table] == [
        (r["strategy"], r["seq_len"], r["framework"], r["hardware"], r["first_release"], r["last_release"])
        for r in runs]
    # the edits of tests/history_builds.py: llama3.1-8b full MindSpeed-LLM 4 -> 8 in the revision
    assert [row[9] for row in table if row[6] == "2025-07-01.2" and row[2] == "MindSpeed-LLM"] == ["up 4 → 8"] * 4


def test_index_marks_the_newest_releases_finding_cells_and_pages_link_the_vendor(builds):
    """Catches: the index's heat map without the marks of the newest release's findings
    (findings.csv, read with the csv module), a diff page without each release's vendor page
    and update date (a revision said as such)."""
    import csv

    site = builds["synthetic"] / "site"
    with open(builds["synthetic"] / "2025-09-01" / "findings.csv", encoding="utf-8", newline="") as handle:
        findings = {(r["model"], r["strategy"], r["seq_len"], r["framework"], r["hardware"]): r["finding"]
                    for r in csv.DictReader(handle)}
    root = lxml.html.fromstring((site / "index.html").read_bytes())
    table = root.get_element_by_id("heatmap")
    top, bottom = table.findall("thead/tr")
    frameworks = [th.text_content() for th in top.findall("th")[3:] for _ in range(int(th.get("colspan", 1)))]
    columns = list(zip(frameworks, [th.text_content() for th in bottom.findall("th")]))
    marked = {}
    for tr in table.findall("tbody/tr"):
        model, strategy, seq_len, *cells = (td for td in tr.findall("td"))
        for column, td in zip(columns, cells):
            if "finding" in td.get("class", "").split():
                marked[(model.text_content(), strategy.text_content(), seq_len.text_content(), *column)] = td
    assert len(findings) == 14 and set(marked) == set(findings)
    assert all(td.get("title").startswith(f"finding {findings[key]} (") for key, td in marked.items())
    vendor = [p.text_content() for p in root.find_class("vendor") if p.tag == "p"]
    assert vendor == ["Vendor page: 表1 模型最小卡数配置 (Huawei Cloud ModelArts), updated 2025-09-01."]
    diff = lxml.html.fromstring((site / "diff" / "2025-07-01..2025-07-01.2.html").read_bytes())
    lines = [p for p in diff.find_class("vendor") if p.tag == "p"]
    assert [p.text_content().rsplit(", ", 1)[1] for p in lines] == [
        "updated 2025-07-01.", "updated 2025-07-01 (revision 2 of that date)."]
    assert [p.find("a").get("href") for p in lines] == [
        "https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_590804.html"] * 2
