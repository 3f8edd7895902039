"""Pages and prints made by other hands, round 32 (the open findings of hunts 104 to 108, session 45).

- **A customizable select draws its button** (`appearance: base-select`): Chromium draws the select's
  first <button> child, whatever it holds, in place of the chosen option. A select without options
  was taken as drawing nothing, so a button's `1` before 4*Ascend was left out and 4 published.
- **A <base> under a policy restricting base URLs** (`<meta http-equiv=Content-Security-Policy
  content="base-uri 'none'">`): Chromium ignores the base and loads the relative sheets from beside
  the page; they were read from the base's folder (40 rows hidden that Chromium draws, hunt 108). A
  base that moves where sheets load from, under a `base-uri`, is an error naming both.
- **Tabs and newlines in a data: sheet's body** are kept by Chromium (the URL Standard removes them):
  `display:no<newline>ne` is no `none`, and the row is drawn; they were removed here and 40 rows hidden
  (hunt 108).
- **A sheet URL holding a newline and `<`** is blocked by Chromium (markup left dangling by an
  unclosed attribute), and so is a file:// URL with `%2F` in its path: the saved sheet was read, 40
  rows hidden that Chromium draws (hunt 108)."""
from __future__ import annotations

import pytest

from chromium import tab
from page_variants import PAGE_HTML, read
from pipeline.errors import SourceError
from pipeline.errors import CellError
from test_other_hands_round27 import red_in_cell
from test_other_hands_round31 import HIDE_ROW, in_value, saved_with_sheet

BASE_SELECT = "select{appearance:base-select}"
BUTTONED_SELECTS = {  # each draws a 1 before 4*Ascend in Chromium as a customizable select
    "a button, no option": "<select><button style='color:red'>1</button></select>",
    "a button beside an empty option": "<select><button style='color:red'>1</button><option></option></select>",
}


def test_chromium_draws_a_customizable_selects_button(browser):
    """The premise: the button's red 1 is drawn in the cell when the select is a base-select."""
    for markup in BUTTONED_SELECTS.values():
        assert red_in_cell(browser, in_value(markup, BASE_SELECT)) >= 5


@pytest.mark.parametrize("name", BUTTONED_SELECTS)
def test_what_a_customizable_selects_button_draws_is_read(name):
    """Catches: the select read as blank (no option to show), 4 published for 14*Ascend."""
    with pytest.raises(CellError, match=r"'\[1\](\s|\\n)*4\*Ascend' is not a unit count"):
        read(in_value(BUTTONED_SELECTS[name], BASE_SELECT))


# --- hunt 108: a base a policy may block ------------------------------------------------------------

RESTRICTED = "<meta http-equiv=\"Content-Security-Policy\" content=\"base-uri 'none'\">"
BASED = '<base href="page_files/"><link rel="stylesheet" href="hide.css">'


def test_chromium_ignores_a_base_the_policy_blocks(browser, tmp_path):
    """The premise, on the saved files: the row hidden by page_files/hide.css through the base, shown
    when the policy comes first (the base ignored, hide.css looked for beside the page), hidden again
    when the policy comes after the base."""
    folder = tmp_path / "site"
    (folder / "page_files").mkdir(parents=True)
    (folder / "page_files" / "hide.css").write_text(f"[id$={HIDE_ROW[-6:]}]{{display:none}}", encoding="utf-8")
    shown = []
    for head in (BASED, RESTRICTED + BASED, BASED + RESTRICTED):
        page = folder / f"page{len(shown)}.html"
        page.write_text(PAGE_HTML.replace("</head>", f"{head}</head>", 1), encoding="utf-8")
        with tab(browser) as window:
            window.goto(page.as_uri())
            shown.append(window.evaluate(f"() => document.getElementById('{HIDE_ROW}').getBoundingClientRect().height > 0"))
    assert shown == [False, True, False]


def test_a_base_under_a_policy_restricting_it_is_an_error(tmp_path):
    """Catches: the sheet read through the base the policy blocks, 1,310 rows where Chromium draws 1,350."""
    with pytest.raises(SourceError, match=r"content=\"base-uri 'none'\"> may make a browser ignore its "
                                          r"<base href='page_files/'>"):
        saved_with_sheet(tmp_path / "before", RESTRICTED + BASED)
    assert len(saved_with_sheet(tmp_path / "after", BASED + RESTRICTED)) == 1310
    assert len(saved_with_sheet(tmp_path / "plain", BASED)) == 1310


# --- hunt 108: tabs and newlines in a data: sheet ---------------------------------------------------

SPLIT_BY = {"newline": "\n", "tab": "\t", "carriage return": "\r"}


def data_sheet(split: str) -> str:
    return f'<link rel="stylesheet" href="data:text/css,[id$={HIDE_ROW[-6:]}]{{display:no{split}ne}}">'


def test_chromium_keeps_tabs_and_newlines_in_a_data_sheets_body(browser):
    """The premise: the row drawn when `none` is split by a tab or a newline, hidden when not."""
    for split in ("", *SPLIT_BY.values()):
        with tab(browser) as window:
            window.set_content(PAGE_HTML.replace("</head>", f"{data_sheet(split)}</head>", 1))
            shown = window.evaluate(f"() => document.getElementById('{HIDE_ROW}').getBoundingClientRect().height > 0")
        assert shown is bool(split)


@pytest.mark.parametrize("name", SPLIT_BY)
def test_a_data_sheets_body_keeps_its_tabs_and_newlines(name):
    """Catches: the tab or newline removed, `none` read, 1,310 rows where Chromium draws 1,350."""
    assert len(read(PAGE_HTML.replace("</head>", f"{data_sheet(SPLIT_BY[name])}</head>", 1))[2].frame) == 1350
    assert len(read(PAGE_HTML.replace("</head>", f"{data_sheet('')}</head>", 1))[2].frame) == 1310


# --- hunt 108: a URL Chromium blocks as dangling markup -----------------------------------------------

DANGLING = {"newline": "page_files/hide.css?a=\n<", "tab": "page_files/hide.css?\t<",
            "newline in the path": "page_files/hi\nde.css?<",
            "an encoded slash": "page_files%2Fhide.css", "lower case": "page_files%2fhide.css"}
LOADED = {"no newline": "page_files/hide.css?<", "no <": "page_files/hi\nde.css", "encoded": "page_files/hide.css?\n%3C",
          "an encoded slash in the query": "page_files/hide.css?a%2Fb"}


def test_chromium_blocks_a_sheet_url_with_a_newline_and_a_less_than_sign_or_an_encoded_slash(browser, tmp_path):
    """The premise, on the saved files: the row drawn under each dangling URL, hidden under the others."""
    folder = tmp_path / "site"
    (folder / "page_files").mkdir(parents=True)
    (folder / "page_files" / "hide.css").write_text(f"[id$={HIDE_ROW[-6:]}]{{display:none}}", encoding="utf-8")
    shown = []
    for href in (*DANGLING.values(), *LOADED.values()):
        page = folder / f"page{len(shown)}.html"
        page.write_text(PAGE_HTML.replace("</head>", f'<link rel="stylesheet" href="{href}"></head>', 1), encoding="utf-8")
        with tab(browser) as window:
            window.goto(page.as_uri())
            shown.append(window.evaluate(f"() => document.getElementById('{HIDE_ROW}').getBoundingClientRect().height > 0"))
    assert shown == [True] * len(DANGLING) + [False] * len(LOADED)


def test_a_sheet_url_chromium_blocks_is_not_read(tmp_path):
    """Catches: the sheet read, 1,310 rows where Chromium draws 1,350."""
    for name, href in DANGLING.items():
        assert len(saved_with_sheet(tmp_path / name.replace(" ", "-"), f'<link rel="stylesheet" href="{href}">')) == 1350
    for name, href in LOADED.items():
        assert len(saved_with_sheet(tmp_path / name.replace(" ", "-"), f'<link rel="stylesheet" href="{href}">')) == 1310
