"""The report pages: self-contained, and loaded in a real headless browser with no
console errors and the expected number of rows."""
from __future__ import annotations

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
    if BROWSER is None:
        pytest.skip("no chromium on this machine: `make browser` installs it (Debian, root), then run `make test` again")
    result = subprocess.run([BROWSER, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
                             pages(build)[name].as_uri()], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []
    rows = len(re.findall(r'<tr class="data-row"', result.stdout))
    assert rows == EXPECTED_ROWS[name]


def test_diff_page_highlights_the_changed_cells(build):
    text = pages(build)["diff"].read_text(encoding="utf-8")
    assert text.count('<td class="changed"') == 8
    assert re.search(r'<td class="changed" title="was 2 \(raw/2025-05-07/page.html, row 23, column 4: '
                     r"&#x27;2\*Ascend&#x27;\); now raw/2025-10-22/page.html, row 24, column 4: "
                     r'&#x27;4\*Ascend&#x27;">2 → 4</td>', text)


def test_release_page_shows_findings_and_links(build):
    text = pages(build)["2025-10-22"].read_text(encoding="utf-8")
    assert text.count('<tr class="finding">') == 6
    for artifact in ("min_cards.csv", "min_cards.parquet", "min_cards.json", "grid.csv", "report.md"):
        assert f'<a href="{artifact}">' in text
