"""A page saved "complete" by a browser: `page.html` with its sheets in `page_files/`, linked by
relative URL. The real page of 2025-10-22 in a release folder of a temporary raw/, one cell
given a stale digit (`<span class="old">1</span>4*Ascend`) that a sheet saved beside it hides:
the sheet is applied as a browser applies it, never one outside the release folder, a missing
one is a warning, and an edit of a sheet makes the next run extract the release again."""
from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from conftest import RAW
from pipeline.cli import main
from pipeline.errors import MincardsError
from pipeline.extract import SavedFiles, extract_html
from pipeline.files import MANIFEST
from pipeline.limits import Limits
from pipeline.normalize import normalize

RELEASE = "2025-10-22"
PAGE = (RAW / RELEASE / "page.html").read_text(encoding="utf-8")
CELL = '<p id="modelarts_llm_train_590804__p0025">4*Ascend</p>'  # llama3.1-8b full 4096, MindSpeed-LLM
STALE = '<p id="modelarts_llm_train_590804__p0025"><span class="old">1</span>4*Ascend</p>'


def saved_page(tmp_path, sheets: dict[str, str], href: str = "page_files/site.css"):
    """raw/<release>/page.html with the stale digit and a <link> to `href`, and `sheets` (path
    under raw/<release> -> CSS) written beside it. Returns the page's path."""
    assert PAGE.count(CELL) == 1 and PAGE.count("</head>") == 1
    folder = tmp_path / "raw" / RELEASE
    folder.mkdir(parents=True)
    page = PAGE.replace(CELL, STALE).replace("</head>", f'<link rel="stylesheet" href="{href}"></head>')
    (folder / "page.html").write_text(page, encoding="utf-8")
    for name, css in sheets.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(css, encoding="utf-8")
    return folder / "page.html"


def extracted(page):
    files = SavedFiles.beside(page, f"raw/{RELEASE}")
    grid, _ = extract_html(page.read_bytes(), f"raw/{RELEASE}/page.html", files=files)
    return grid


def cell_text(grid) -> str:
    """The text of the cell holding the stale digit (row 3, column 4 of the vendor table)."""
    return next(c.text for c in grid.cells if (c.row, c.col) == (2, 3))


@pytest.fixture(scope="module")
def original():
    return extract_html(PAGE.encode("utf-8"), f"raw/{RELEASE}/page.html")[0]


@pytest.mark.parametrize("sheets", [
    {"page_files/site.css": ".old{display:none}"},
    # ./x.css, an @import in the saved sheet, and its own @import of the same sheet (a cycle)
    {"page_files/site.css": '@charset "utf-8"; @import url("./more/hide.css"); td{color:black}',
     "page_files/more/hide.css": '@import "../site.css"; .old{display:none}'},
], ids=["linked", "imported"])
def test_a_class_in_a_sheet_saved_beside_the_page_hides_what_it_hides_in_a_browser(tmp_path, original, sheets):
    """Catches: a sheet of page_files/ not read (the stale digit published, 14 cards, exit 0),
    or a sheet it @imports not read."""
    grid = extracted(saved_page(tmp_path, sheets))
    assert cell_text(grid) == "4*Ascend"
    assert grid == original  # every cell, text and raw text, as the page a reader opens
    assert not grid.warnings


def test_text_a_saved_sheet_makes_unseen_is_an_error_naming_the_cell(tmp_path):
    """Catches: a saved sheet's `color:white` ignored (a digit nobody sees published as 14)."""
    page = saved_page(tmp_path, {"page_files/site.css": ".old{color:white}"})
    with pytest.raises(MincardsError) as error:
        normalize(extracted(page), RELEASE)
    assert "row 3, column 4" in str(error.value) and "'[1]4*Ascend'" in str(error.value)


def test_a_sheet_outside_the_release_folder_is_not_applied(tmp_path):
    """Catches: `../` followed out of the release folder, or a link out of it, or no warning."""
    page = saved_page(tmp_path, {"../outside.css": ".old{display:none}"}, href="../outside.css")
    grid = extracted(page)
    assert cell_text(grid) == "14*Ascend"
    assert grid.warnings == (f"the style sheet '../outside.css' linked from raw/{RELEASE}/page.html leads out of "
                             "the release folder; it is not applied (a browser shows the page without it too)",)
    os.symlink(tmp_path / "raw" / "outside.css", page.parent / "link.css")
    page.write_text(page.read_text(encoding="utf-8").replace("../outside.css", "link.css"), encoding="utf-8")
    grid = extracted(page)
    assert cell_text(grid) == "14*Ascend" and "'link.css'" in grid.warnings[0] and "a link out" in grid.warnings[0]


def test_a_linked_sheet_missing_from_the_folder_is_a_warning_and_the_page_is_read_without_it(tmp_path):
    """Catches: a missing sheet silently skipped (taken for applied), or a run failing on it."""
    grid = extracted(saved_page(tmp_path, {}, href="page_files/gone.css?v=2"))
    assert cell_text(grid) == "14*Ascend"  # as a browser shows the page without it
    assert grid.warnings == (f"the style sheet 'page_files/gone.css?v=2' linked from raw/{RELEASE}/page.html "
                             f"names no file (raw/{RELEASE}/page_files/gone.css); it is not applied (a browser "
                             "shows the page without it too)",)


def test_a_sheet_over_the_byte_limit_or_not_utf8_is_an_error_naming_it(tmp_path):
    """Catches: a sheet read whatever its size, or decoded with replacement characters."""
    page = saved_page(tmp_path, {"page_files/site.css": ".old{display:none}"})
    files = SavedFiles.beside(page, f"raw/{RELEASE}", Limits(max_bytes=10))
    with pytest.raises(MincardsError, match=f"raw/{RELEASE}/page_files/site.css.*18 bytes"):
        extract_html(page.read_bytes(), "page.html", files=files)
    (page.parent / "page_files" / "site.css").write_bytes(b".old{display:none} /* caf\xe9 */")
    with pytest.raises(MincardsError, match=f"raw/{RELEASE}/page_files/site.css.*not utf-8 text"):
        extracted(page)


def test_an_edited_saved_sheet_makes_the_next_run_extract_the_release_again(tmp_path):
    """Catches: the sheets left out of the release's inputs (an incremental run would keep the
    value the old sheet gave), or a release extracted again with nothing changed."""
    page = saved_page(tmp_path, {"page_files/site.css": ".old{display:none}"})
    out = tmp_path / "build"

    def run() -> list[str]:
        result = CliRunner().invoke(main, ["extract", str(tmp_path / "raw"), "--out", str(out), "--jobs", "1"])
        assert result.exit_code == 0, result.output
        return result.output.splitlines()

    def published_cell() -> str:
        rows = (out / RELEASE / "min_cards.csv").read_text(encoding="utf-8").splitlines()
        return next(r for r in rows if ",llama3.1-8b," in r and ",full,4096,MindSpeed-LLM,Snt9b," in r)

    run()
    assert ",4,card," in published_cell()
    manifest = json.loads((out / RELEASE / MANIFEST).read_bytes())
    assert f"raw/{RELEASE}/page_files/site.css" in [entry["path"] for entry in manifest["notes"]]
    assert f"{RELEASE}: unchanged -> {out / RELEASE}" in run()
    (page.parent / "page_files" / "site.css").write_text(".old{font-weight:bold}", encoding="utf-8")
    assert not any("unchanged" in line for line in run())
    assert ",14,card," in published_cell()
