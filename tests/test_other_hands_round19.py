"""Pages made by other hands, round 19 (hunt 23, session 33): what Chromium 156 shows in a cell
against what the page's text and sheets say, through the parts of HTML and CSS a browser reads
before any layout. Each case was checked in the system Chromium by the hunt (innerText and a
screenshot of the cell); each published a wrong value with exit 0 before.

The cell is the page's first 16*Ascend with its 6 in `.x` (test_other_hands_sheets.with_stale_six):
16*Ascend where a rule hiding `.x` does not apply, 1*Ascend where it does."""
from __future__ import annotations

import base64
import re

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import LayoutError, MincardsError, SourceError
from test_other_hands_round9 import HIDDEN, SHOWN
from test_other_hands_sheets import stale_cell, with_stale_six

HIDE = ".x{display:none}"
HIDE_URL = ".x%7Bdisplay:none%7D"
ENCODED = base64.b64encode(HIDE.encode()).decode()  # Lnh7ZGlzcGxheTpub25lfQ==


def shown(head: str, html: str | None = None) -> str:
    """The changed cell's text as read from the page with `head` in its <head>."""
    return stale_cell(read(html if html is not None else with_stale_six(head))[0])


# --- data: URLs as Fetch reads them (H01-H03) -------------------------------------------------

@pytest.mark.parametrize("href, seen", [
    (f"data:text/css,p{{}}#x{{}} {HIDE_URL}", SHOWN),  # the fragment is no part of the sheet
    (f"data:text/css;base64,{ENCODED[:4]}!{ENCODED[4:]}", SHOWN),  # a character base64 has not
    (f"data:text/css;base64,{ENCODED.rstrip('=')}AAA", SHOWN),  # a length of 1 modulo 4
    (f"data:text/css;base64,{ENCODED[:8]}={ENCODED[8:]}", SHOWN),  # padding in the middle
    (f"data:text/css;base64,{ENCODED.replace('/', '_').replace('+', '-')}X-_", SHOWN),  # URL-safe base64
    (f"&#1; data:text/css,{HIDE_URL}", HIDDEN),  # a control character and a space before it: stripped
    (f"data:text/css;base64,{ENCODED}", HIDDEN),  # the control
    (f"data:text/css;base64, {ENCODED[:8]} {ENCODED[8:]}", HIDDEN),  # white space in base64 is skipped
], ids=["fragment", "bad-character", "length", "inner-padding", "url-safe", "leading-control", "plain", "spaced"])
def test_a_data_url_sheet_is_read_as_fetch_reads_it(href, seen):
    """Catches (hunt 23): the fragment of a data: URL read as CSS (`…#x{} .x{display:none}`
    applied), base64 a browser rejects decoded anyway (the sheet applied; URL-safe base64 ended
    the run with `Incorrect padding`), and `&#1;data:…` taken for no data: URL. Chromium drops a
    URL's fragment, fails the fetch of bad base64 (no sheet) and strips a URL's leading controls."""
    assert shown(f'<link rel="stylesheet" href="{href}">') == seen
    if "&#" not in href:  # a character reference is one in an attribute, not in a sheet
        assert shown(f"<style>@import '{href}';</style>") == seen


# --- media queries: Media Queries 4's unknown (H04) ----------------------------------------------

@pytest.mark.parametrize("head, seen", [
    (f"<style>@media not (prefers-reduced-data: reduce) {{ {HIDE} }}</style>", SHOWN),  # a feature Chromium lacks
    (f"<style>@media not (hover: sometimes) {{ {HIDE} }}</style>", SHOWN),  # a value it does not parse
    (f"<style>@media not all and (foo) {{ {HIDE} }}</style>", SHOWN),
    (f'<style media="not (print)">{HIDE}</style>', SHOWN),  # `print` as a feature: unknown
    (f"<style>@media not print {{ {HIDE} }}</style>", HIDDEN),  # the controls
    (f"<style>@media not (hover: none) {{ {HIDE} }}</style>", HIDDEN),
    (f"<style>@media (foo) or (min-width: 1px) {{ {HIDE} }}</style>", HIDDEN),
])
def test_a_query_over_what_a_browser_does_not_know_is_unknown_and_not_of_it_too(head, seen):
    """Catches (hunt 23): `not` over an unknown feature, or over a known one with a value it does
    not parse, was taken as true and the rule applied (1*Ascend); Chromium evaluates them as
    unknown, `not unknown` as unknown, and a query that comes out unknown as false."""
    assert shown(head) == seen


# --- selectors Chromium does not accept, or matches otherwise (H05-H07) ---------------------------

@pytest.mark.parametrize("head, seen", [
    ('<style>[class="x" s]{display:none}</style>', SHOWN),  # no `s` flag in Chromium: the rule is dropped
    ('<style>[class="X" i]{display:none}</style>', HIDDEN),  # `i` it knows
    ("<style>.x:lang(en, zh){display:none}</style>", SHOWN),  # no list in :lang() in Chromium 156
    ("<style>.x:lang(zh){display:none}</style>", HIDDEN),
])
def test_selectors_chromium_drops_are_dropped(head, seen):
    """Catches (hunt 23): `[a="x" s]` and `:lang(fr, zh)` applied by cssselect2, dropped whole by
    Chromium 156 (an invalid selector)."""
    assert shown(head) == seen


def test_the_page_language_of_a_content_language_meta_is_matched_by_lang():
    """Catches (hunt 23): `<meta http-equiv="content-language" content="fr">` on a page whose
    <html> has no lang: Chromium matches `:lang(fr)` (the pragma-set default language), cssselect2
    looked for the meta in the XHTML namespace and found none."""
    html = with_stale_six('<meta http-equiv="Content-Language" content="fr"><style>.x:lang(fr){display:none}</style>')
    assert shown("", html.replace('<html lang="zh-cn" xml:lang="zh-cn">', "<html>", 1)) == HIDDEN


def test_a_selector_cssselect2_cannot_compile_is_a_clear_error():
    """Catches (hunt 23): `[*|class]` ended the run with `NotImplementedError` (exit 3)."""
    with pytest.raises(SourceError, match=r"'\.x\[\*\|class\]' may hide, mark or add text"):
        shown("<style>.x[*|class]{display:none}</style>")


# --- links: their colour, visited or not (H08-H10) ------------------------------------------------

def linked_one(opening: str = "", closing: str = "", head: str = "") -> str:
    """The page's first 16*Ascend written `<a href>1</a>6*Ascend` inside `opening`…`closing`."""
    cell = re.search(r"<p (id=\"[^\"]+\")>16\*Ascend</p>", PAGE_HTML)
    html = PAGE_HTML[:cell.start()] + f'<p {cell[1]}>{opening}<a href="https://example.com/">1</a>{closing}6*Ascend</p>' \
        + PAGE_HTML[cell.end():]
    return html.replace("</head>", head + "</head>", 1)


@pytest.mark.parametrize("html", [
    linked_one('<span style="background:#0000ee">', "</span>"),  # the link's own blue on blue
    linked_one(head="<style>a{color:-webkit-link} p span{background:#00e}</style>", opening="<span>", closing="</span>"),
    linked_one().replace("<body", '<body link="#ffffff"', 1),  # <body link>: white links
    linked_one(head="<style>a:visited{color:#fff}</style>"),  # visited: the reader's history
    linked_one().replace("<body", '<body vlink="#ffffff"', 1),
], ids=["blue-on-blue", "webkit-link", "body-link", "visited-rule", "body-vlink"])
def test_a_link_drawn_in_its_own_colour_is_read_as_drawn_or_refused(html):
    """Catches (hunt 23): a link's `1` before 6*Ascend in Chromium's link blue (#0000ee) on a blue
    background, white by <body link>, or white when visited (a link to the page itself is): the
    reader drew it black and published 16. Links now take the UA's colour and <body link>'s;
    the colours of visited and active links (`:visited`, <body vlink>/alink) are checked, as the
    reader's history decides them."""
    with pytest.raises(MincardsError):
        read(html)


def test_a_link_in_the_plain_colours_is_read():
    """Catches a rule too strict: a link's blue on the page's white is read (1 and 6: 16)."""
    frame = read(linked_one())[2].frame
    assert 16 in set(frame.min_units)


# --- quirks mode colours, backgrounds painted otherwise (H11-H15) --------------------------------

@pytest.mark.parametrize("css, quirks, seen", [
    (".x{color:ffffff}", True, "error"), (".x{color:ffffff}", False, SHOWN),
    (".x{background-color:000000;color:0}", True, "error"), (".x{background:000000;color:0}", True, SHOWN),
    (".x{color:fff}", True, "error"),
])
def test_a_colour_without_its_hash_is_a_colour_in_quirks_mode_only(css, quirks, seen):
    """Catches (hunt 23): `color: ffffff` in a page without a doctype (or an HTML 4.01
    Transitional one) is white in Chromium (the hashless hex colour quirk), so the 6 vanished; the
    reader dropped the declaration as invalid and published 16. `color: 0` is black (padded to six
    digits); the `background` shorthand takes no hashless colour in Chromium 156 (`000000` is its
    position: hunt 173), so black on its transparent background is seen."""
    html = with_stale_six(f"<style>{css}</style>")
    html = html.replace("<!DOCTYPE html>", "", 1) if quirks else html
    if seen == "error":
        with pytest.raises(MincardsError):
            read(html)
    else:
        assert shown("", html) == seen


TABLE = re.search(r"<table [^>]*>", PAGE_HTML)[0]


@pytest.mark.parametrize("html, error", [
    (PAGE_HTML.replace(TABLE, TABLE + '<colgroup><col><col><col><col style="background:#000"></colgroup>', 1),
     r"column 4 has a background painted by its column \(<col> background-color: #000\)"),
    (PAGE_HTML.replace(TABLE, TABLE + '<colgroup style="background-color:black"><col span="9"></colgroup>', 1),
     r"column 1 has a background painted by its column \(<colgroup> background-color: black\)"),
], ids=["col", "colgroup"])
def test_a_background_a_column_paints_is_an_error(html, error):
    """Catches (hunt 23): `<col style="background:#000">` under the value columns drew them
    black in Chromium (no digit seen); the reader paints a cell's and its row's background, not
    its column's, and published every value."""
    with pytest.raises(LayoutError, match=error):
        read(html)


BLACK = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Crect width='9' height='9'/%3E%3C/svg%3E"


@pytest.mark.parametrize("css, html", [
    ("", PAGE_HTML.replace("<td ", f'<td background="{BLACK}" ', 60)),  # the legacy background= attribute
    (".x{background:linear-gradient(#fff,#fff),#fff;background-blend-mode:difference}", None),  # white - white: black
    (".x{-webkit-box-reflect:left}", None),  # a copy of the 6 drawn beside it
], ids=["background-attribute", "blend-mode", "box-reflect"])
def test_paint_this_reader_does_not_work_out_is_an_error(css, html):
    """Catches (hunt 23): a black image given by `<td background=…>`, a background blended into
    black, and a reflection drawing a second copy of a digit beside it: Chromium shows a black
    cell, a black box, 66; the reader published the text as if none were drawn."""
    with pytest.raises(MincardsError):
        read(html if html is not None else with_stale_six(f"<style>{css}</style>"))


# --- elements drawn otherwise than their children (H16, H17, H19) ---------------------------------

@pytest.mark.parametrize("tag", ["geolocation", "permission", "camera", "microphone", "usermedia"])
def test_a_permission_element_is_a_button_not_its_children(tag):
    """Catches (hunt 23): `1<geolocation>6</geolocation>*Ascend`: Chromium draws a button labelled
    by itself in place of the element's children (its fallback), and 16 was published."""
    html = PAGE_HTML.replace("16*Ascend</p>", f"1<{tag}>6</{tag}>*Ascend</p>", 1)
    with pytest.raises(MincardsError, match=r"\[button\]"):
        read(html)


def test_a_second_open_details_of_a_name_group_is_closed():
    """Catches (hunt 23): the table in the second of two `<details name=g open>`: the parser closes
    each that opens after the first of its group, so Chromium draws no table; all rows were
    published."""
    start, end = PAGE_HTML.index('<div class="tablenoborder">'), PAGE_HTML.index("</table>") + len("</table>")
    html = PAGE_HTML[:start] + '<details name="g" open><summary>a</summary>b</details><details name="g" open>' \
        '<summary>表</summary>' + PAGE_HTML[start:end] + "</details>" + PAGE_HTML[end:]
    with pytest.raises(LayoutError, match=r"around the vendor table is not drawn"):
        read(html)
    assert read(html.replace('<details name="g" open><summary>a', '<details name="g"><summary>a', 1))[2].frame is not None


def test_a_before_on_a_checkbox_without_its_appearance_is_drawn():
    """Catches (hunt 23): `.p::before{content:"1"}` on `<input type=checkbox style="appearance:none">`
    before 6*Ascend: Chromium draws the 1 (a checkbox without its appearance is a box like any
    other), the reader left it out and published 6 where 16 is... and 32 where 132 was shown. (Since
    hunt 81 a form control's generated text is an error whatever its box: see round 27.)"""
    html = PAGE_HTML.replace("16*Ascend</p>", '<input type="checkbox" class="p" style="appearance:none;border:0;'
                             'margin:0">16*Ascend</p>', 1).replace("</head>", '<style>.p::before{content:"1"}</style></head>')
    with pytest.raises(MincardsError, match=r'<input> is drawn with `::before content: "1"`'):
        read(html)


# --- which sheets apply, and in which encoding (H18, H20) ---------------------------------------

@pytest.mark.parametrize("head", [
    f'<style title="A"></style><link rel="alternate stylesheet" title="A" href="data:text/css,{HIDE_URL}">',
    f'<meta http-equiv="default-style" content="B"><link rel="alternate stylesheet" title="B" '
    f'href="data:text/css,{HIDE_URL}">',
], ids=["same-title", "default-style"])
def test_an_alternate_sheet_of_the_preferred_set_is_applied(head):
    """Catches (hunt 23): an alternate style sheet whose title is the preferred set's (the first
    titled sheet's, or <meta http-equiv=default-style>'s) was never applied; Chromium applies it."""
    assert shown(head) == HIDDEN


@pytest.mark.parametrize("charset, seen", [("", SHOWN), (";charset=utf-8", HIDDEN)])
def test_a_sheet_without_a_charset_is_read_in_the_pages_encoding(charset, seen):
    """Catches (hunt 23): a GBK page linking a UTF-8 sheet `.数{display:none}` (no BOM, no
    @charset): Chromium decodes the sheet as GBK (CSS Syntax: the environment encoding), so the
    selector names another class and hides nothing; the reader decoded UTF-8 and hid the 6."""
    html = with_stale_six(f'<link rel="stylesheet" href="data:text/css{charset},.%E6%95%B0%7Bdisplay:none%7D">')
    html = html.replace('class="x"', 'class="数"', 1).replace("<head>", '<head><meta charset="gbk">', 1)
    assert stale_cell(read(html.encode("gbk"))[0]) == seen


def test_a_quirks_mode_table_does_not_inherit_its_text_size(reference):
    """Catches an over-refusal (hunt 23): `body{font-size:1px}` on a page without a doctype;
    Chromium's quirks sheet sets a table's text back to the medium size, and the table shows as
    ever; the reader took its text for 1 px (out of sight) and refused the page. In a standards
    mode page the table's text is 1 px: refused."""
    quirks = with_sheet("body{font-size:1px}").replace("<!DOCTYPE html>", "", 1)
    same_rows(read(quirks)[2].frame, reference[1])
    with pytest.raises(MincardsError):
        read(with_sheet("body{font-size:1px}"))


# --- hunt 25, around the rules above --------------------------------------------------------------

@pytest.mark.parametrize("html", [
    PAGE_HTML.replace(TABLE, TABLE + '<colgroup><col span="3"><col bgcolor="#000"></colgroup>', 1),
    PAGE_HTML.replace(TABLE, TABLE + f'<colgroup><col span="3"><col background="{BLACK}"></colgroup>', 1),
    PAGE_HTML.replace(TABLE, TABLE + '<colgroup bgcolor="black"><col span="9"></colgroup>', 1),
], ids=["col-bgcolor", "col-background", "colgroup-bgcolor"])
def test_a_column_painted_by_its_attributes_is_an_error(html):
    """Catches (hunt 25): `bgcolor=` and `background=` on <col>/<colgroup>, which Chromium paints
    under the column's cells as it paints a CSS background; only the CSS ones were seen."""
    with pytest.raises(LayoutError, match=r"has a background painted by its column"):
        read(html)


def test_link_pseudo_classes_weigh_as_a_pseudo_class():
    """Catches (hunt 25): `a.w{color:#fff} :link{color:#000}` on the `1` before 6*Ascend: in a
    browser a.w (0,1,1) outweighs :link (0,1,0) and the 1 is white; :link was matched as
    `:is(a, area)[href]` (0,1,1), came later and won, and 16 was published."""
    html = linked_one(head="<style>a.w{color:#fff} :link{color:#000}</style>").replace('<a href=', '<a class="w" href=', 1)
    with pytest.raises(MincardsError):
        read(html)


@pytest.mark.parametrize("head", [
    "<style>:root{--c:ffffff} .x{color:var(--c)}</style>",  # a quirky colour through var()
    '<style>body{color:-webkit-link}</style>',  # <body link>'s colour, which this reader does not take
    "<style>.x{color:-webkit-activelink}</style>",
])
def test_colours_a_quirks_page_or_chromium_resolves_late_are_not_taken_as_none(head):
    """Catches (hunt 25): a hashless colour substituted by var() in a quirks mode page, and
    Chromium's `-webkit-link` (the <body link> colour) and `-webkit-activelink` (red): the
    declarations were dropped and the 6 drawn black (16*Ascend published where the page shows
    1*Ascend, or white text)."""
    html = with_stale_six(head).replace("<!DOCTYPE html>", "", 1).replace("<body", '<body link="#ffffff"', 1)
    with pytest.raises(MincardsError):
        read(html)


def test_a_quirks_mode_table_takes_its_colour_from_the_body(reference):
    """Catches (hunt 25): `.tablenoborder{background:#000;color:#fff}` around the table of a page
    without a doctype: Chromium's quirks sheet takes a table's colour from <body> (black), so the
    table is black on black, and every row was published; with a white background the table shows
    (black on white) and was refused for white text."""
    quirks = lambda css: with_sheet(css).replace("<!DOCTYPE html>", "", 1)  # noqa: E731
    with pytest.raises(MincardsError):
        read(quirks(".tablenoborder{background:#000;color:#fff}"))
    same_rows(read(quirks(".tablenoborder{color:#fff}"))[2].frame, reference[1])


@pytest.mark.parametrize("content, seen", [(" fr", SHOWN), ("fr\t", SHOWN), ("fr", HIDDEN)])
def test_a_content_language_with_white_space_names_no_language(content, seen):
    """Catches (hunt 25): `content=" fr"`: Chromium then matches no `:lang(fr)` (the 6 shown);
    the reader stripped the white space and hid it."""
    html = with_stale_six(f'<meta http-equiv="content-language" content="{content}">'
                          "<style>.x:lang(fr){display:none}</style>")
    assert shown("", html.replace('<html lang="zh-cn" xml:lang="zh-cn">', "<html>", 1)) == seen
