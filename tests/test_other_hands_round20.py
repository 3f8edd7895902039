"""Pages made by other hands, round 20 (hunt 27, session 34): what Chromium 156 shows in a cell
against what the page's text and sheets say. Each case was checked in the system Chromium by the
hunt (the cell's pixels with and without the text in question); each published a wrong value with
exit 0 before. The cell is the page's first 16*Ascend with its 6 in `.x`
(test_other_hands_sheets.with_stale_six): 16*Ascend where a rule hiding `.x` does not apply,
1*Ascend where it does."""
from __future__ import annotations

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import MincardsError
from test_other_hands_round9 import HIDDEN, SHOWN, saved
from test_other_hands_sheets import stale_cell, with_stale_six

HIDE_URL = "data:text/css,.x%7Bdisplay:none%7D"
SHOW_URL = "data:text/css,.x%7Bdisplay:inline%7D"


def shown(head: str) -> str:
    return stale_cell(read(with_stale_six(head))[0])


# --- what HTML reads as written: tokens split at ASCII white space, values not stripped (N6, N7) ----

@pytest.mark.parametrize("rel, seen", [
    ("stylesheet&#xA0;", SHOWN),  # a no-break space: one token `stylesheet\xa0`, no style sheet
    ("&#xA0;stylesheet", SHOWN),
    ("stylesheet\u3000icon", SHOWN),  # an ideographic space
    ("stylesheet\u2002x", SHOWN),
    ("stylesheet\x0bx", SHOWN),  # a vertical tab is no HTML white space
    ("stylesheet\x85x", SHOWN),
    (" stylesheet\ticon\n", HIDDEN),  # the controls: ASCII white space separates tokens
    ("STYLESHEET", HIDDEN),
], ids=["nbsp", "nbsp-lead", "ideographic", "en-space", "vertical-tab", "next-line", "ascii", "upper"])
def test_a_links_rel_is_split_at_ascii_white_space_only(rel, seen):
    """Catches (hunt 27, N6): rel="stylesheet&nbsp;" applied as a style sheet (Python's split()
    splits at a no-break space); Chromium sees one token and applies none."""
    assert shown(f'<link rel="{rel}" href="{HIDE_URL}">') == seen


def test_a_sheet_a_non_ascii_space_keeps_out_does_not_show_what_another_hides():
    """Catches (hunt 27, rel_nbsp_show): a sheet showing `.x` again behind rel="&nbsp;stylesheet"
    was applied, and the stale 6 was published."""
    assert shown(f'<style>.x{{display:none}}</style><link rel="&#xA0;stylesheet" href="{SHOW_URL}">') == HIDDEN


@pytest.mark.parametrize("equiv, seen", [
    ("default-style ", SHOWN),  # as written: a trailing space names no pragma, no preferred set
    ("default-style&#xA0;", SHOWN),
    ("&#xA0;default-style", SHOWN),
    ("Default-Style", HIDDEN),  # the control: matched ASCII case-insensitively
])
def test_a_meta_http_equiv_is_matched_as_written(equiv, seen):
    """Catches (hunt 27, N7): `http-equiv="default-style "` stripped and taken as the preferred
    set's pragma, applying the alternate sheet titled B; Chromium compares it as written."""
    head = f'<meta http-equiv="{equiv}" content="B"><link rel="alternate stylesheet" title="B" href="{HIDE_URL}">'
    assert shown(head) == seen


# --- foreign elements (N8) ---------------------------------------------------------------------------

@pytest.mark.parametrize("holder", ["svg", "math"])
def test_a_link_inside_svg_or_math_is_no_style_sheet(holder):
    """Catches (hunt 27, N8): `<svg><link rel=stylesheet …/></svg>` applied; the HTML parser makes
    it a foreign element, which Chromium neither loads nor applies."""
    link = f'<link rel="stylesheet" href="{HIDE_URL}"/>'
    html = with_stale_six("").replace("<body>", f"<body><{holder}>{link}</{holder}>", 1)
    assert "<body>" in with_stale_six("") and stale_cell(read(html)[0]) == SHOWN
    assert shown(link) == HIDDEN  # the control: the same link in the head


@pytest.mark.parametrize("holder", ["svg", "math"])
def test_a_base_inside_svg_or_math_sets_no_base_url(holder, tmp_path):
    """Catches (hunt 27, N8): `<svg><base href="x/"/></svg>` taken as the page's base, so
    `page_files/x.css` was looked for under x/: the sheet hiding `.x` was not applied."""
    head = '<link rel="stylesheet" href="page_files/x.css">'
    html = with_stale_six(head).replace("<body>", f'<body><{holder}><base href="elsewhere/"/></{holder}>', 1)
    grid, _ = saved(tmp_path, head, html=html)
    assert stale_cell(grid) == HIDDEN


# --- attribute values matched ASCII case-insensitively (N9) ------------------------------------------

@pytest.mark.parametrize("rule, value, seen", [
    ('[data-k="k" i]', "&#x212A;", SHOWN),  # the Kelvin sign folds to k in Unicode only
    ('[align="k"]', "&#x212A;", SHOWN),  # align: one of HTML's case-insensitive attributes
    ('[dir="k"]', "&#x212A;", SHOWN),
    ('[data-k="k" i]', "K", HIDDEN),  # the controls: ASCII folds
    ('[align="k"]', "K", HIDDEN),
])
def test_case_insensitive_attribute_values_fold_ascii_only(rule, value, seen):
    """Catches (hunt 27, N9): `[data-k="k" i]` matching data-k="&#x212A;" (cssselect2 lower-cases
    in Unicode: the Kelvin sign is k); Chromium folds ASCII letters only."""
    html = with_stale_six(f"<style>{rule}{{display:none}}</style>").replace(
        'class="x"', f'class="x-not" data-k="{value}" align="{value}" dir="{value}"', 1)
    assert 'class="x-not"' in html
    assert stale_cell(read(html)[0]) == seen


# --- paint this reader does not lay out: refused (N1-N5) ---------------------------------------------

ONE = '<span class="one">1</span>'


def with_one(css: str, before: str = ONE) -> str:
    """The page's first 16*Ascend with `before` in front of it, and `css` in a sheet."""
    at = PAGE_HTML.index(">16*Ascend</p>")
    return with_sheet(css, PAGE_HTML[:at + 1] + before + PAGE_HTML[at + 1:])


@pytest.mark.parametrize("css", [
    "td{background:#fff} .one{position:relative;z-index:-1}",  # N1: under the cell's background
    "table{background:#fff} .one{position:relative;z-index:-2;left:0}",
    "body{background:#000} .help-main{background:#fff;height:10vh}",  # N2: the table runs past its wrapper
    "html{background:#000} body{background:#fff;height:10px}",  # ... past <body> over <html>'s background
    "body{background:#000} .tablenoborder{background:#fff;position:relative} table{position:absolute}",
    "body{background:#000} .tablenoborder{display:inline;background:#fff}",  # a block in an inline box
    "body{background:#000} .tablenoborder{display:contents;background:#fff}",  # no box: no background
    ".one{filter:" + " ".join(["drop-shadow(0 0 3px #fff)"] * 12) + "}",  # N5: a halo over the text beside
    "body{background:#000} .help-main{background:#fff} .help-content{height:100px}",  # hunt 30: a child's height
    "body{background:#000} .help-main{background:#fff;display:grid;grid-template-rows:100px}",  # grid tracks
    "body{background:#000} .tablenoborder{background:#fff;width:200px}",  # the table runs out sideways
    "body{background:#000} .section{background:#fff} .tablenoborder table{float:left}",  # past a grandparent
    "html{background:#000} body{width:200px} .help-main{background:#fff}",  # hunt 32: sized from above
    "body{background:#000} .help-content{display:grid;grid-template-columns:200px} .section{background:#fff}",
    "html{background:#000} body{background:#fff} .tablenoborder{transform:scale(3)}",  # scaled off the white
    "html{background:url('data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E')} "
    "body{background:#fff;height:100px}",  # an image under a white box the table runs past
], ids=["z-below-cell", "z-below-table", "short-wrapper", "short-body", "absolute-table", "inline-wrapper",
        "contents-wrapper", "stacked-shadows", "child-height", "grid-rows", "narrow-wrapper", "float-past-section",
        "narrow-body", "grid-track-painter", "scaled", "image-under"])
def test_paint_this_reader_does_not_lay_out_is_refused(css):
    """Catches (hunt 27, N1, N2, N5): a negative z-index paints a box under the cell's (the row's,
    the table's) background, which hides it; a background painted over its own box only leaves a
    table running past it on the page's black; a dozen blurred drop-shadows make an opaque halo.
    Each published the value as if the text were shown (132, or 16 where no text shows)."""
    with pytest.raises(MincardsError):
        read(with_one(css))


@pytest.mark.parametrize("before", [
    '<p style="width:.9em;content-visibility:auto;white-space:nowrap">1</p>',  # N3: contains its paint
    '<div style="width:1.2em"><div style="overflow:hidden;white-space:nowrap">1</div></div>',  # N4
    '<div style="max-width:1.2em"><div style="overflow:hidden;white-space:nowrap">1</div></div>',
    '<span style="display:grid;grid-template-columns:1.2em"><span><span style="display:block;overflow:hidden;'
    'white-space:nowrap">1</span></span></span>',  # hunt 30: a grid track's width
    '<span style="float:left;contain:inline-size;overflow:hidden;white-space:nowrap;min-width:1.2em">1</span>',
], ids=["content-visibility", "parent-width", "parent-max-width", "grid-track", "contained-float"])
def test_a_box_clipping_to_a_width_set_around_it_is_refused(before):
    """Catches (hunt 27, N3, N4): `content-visibility: auto` clips like `contain: paint`, and a box
    with its overflow hidden is as narrow as a width set on a box around it: `132*Ascend` in such
    a box of 1.2em shows 13 in Chromium; the whole value was published."""
    at = PAGE_HTML.index(">16*Ascend</p>")
    cell = before.replace(">1<", ">116*Ascend<")
    html = PAGE_HTML[:at].rsplit("<p", 1)[0] + cell + PAGE_HTML[at + len(">16*Ascend</p>"):]
    with pytest.raises(MincardsError):
        read(html)


@pytest.mark.parametrize("css, seen", [
    (".x{color:white;color:blac\u212a}", "refused"),  # a Kelvin sign: no keyword, the white kept (Chromium)
    (".x{display:none;all:unset\u00a0}", HIDDEN),  # `unset` and a no-break space: no CSS-wide keyword
    (".x{color:transparent\u00a0}", SHOWN),  # no colour: the declaration is dropped, the 6 shown
], ids=["kelvin-keyword", "nbsp-all", "nbsp-colour"])
def test_css_keywords_fold_ascii_and_end_at_ascii_white_space(css, seen):
    """Catches (hunt 30, P6): `blac\u212a` taken for black and `unset\xa0` for unset (Python's lower()
    and strip() are Unicode's): Chromium drops both declarations. (An invalid colour on text is
    refused where the text's colour is then in doubt.)"""
    html = with_stale_six(f"<style>{css}</style>")
    if seen == "refused":
        with pytest.raises(MincardsError):
            read(html)
    else:
        assert stale_cell(read(html)[0]) == seen


def test_an_import_condition_ends_at_ascii_white_space():
    """Catches (hunt 30, P6): `@import url(…) screen\xa0` applied as `screen`; a no-break space is
    part of the media type in Chromium, which applies no sheet."""
    assert shown(f"<style>@import url('{HIDE_URL}') screen\u00a0;</style>") == SHOWN
    assert shown(f"<style>@import url('{HIDE_URL}') screen;</style>") == HIDDEN


def test_backgrounds_under_the_text_in_flow_are_read(reference):
    """Catches rules too strict: a dark page with the table's wrapper white and growing with it
    (no height set, or a width of 100%), a grey page with a white card of a set width, and a dark
    badge's white text in an inline box of a cell, are read."""
    same_rows(read(with_sheet("body{background:#000} .help-main{background:#fff}"))[2].frame, reference[1])
    same_rows(read(with_sheet("body{background:#000} .help-main{background:#fff;width:100%}"))[2].frame, reference[1])
    same_rows(read(with_sheet("body{background:#eee} .help-main{background:#fff;max-width:1200px}"))[2].frame,
              reference[1])
    for dark in ("body{background:#0d1117;color:#e6edf3} .help-main{max-width:1200px;margin:auto}",  # hunt 32: the
                 "html{background:#282a36;color:#f8f8f2} .help-content{width:80%}"):  # page's colour is the canvas's
        same_rows(read(with_sheet(dark))[2].frame, reference[1])
    badge = PAGE_HTML.replace(">16*Ascend</p>", '>16<span style="background:#000;color:#fff">*Ascend</span></p>', 1)
    same_rows(read(badge)[2].frame, reference[1])
