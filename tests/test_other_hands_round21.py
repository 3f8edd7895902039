"""Pages made by other hands, round 21 (hunt 33, session 35): what Chromium 156 shows in a cell
against what the page's text and sheets say. Each case was checked in the system Chromium by the
hunt (the cell's pixels and computed style); the wrong ones published a value with exit 0, the
translated page was refused. The cell is the page's first 16*Ascend, written `<span>1</span>6*Ascend`
where a case styles the 1."""
from __future__ import annotations

import re

import pandas as pd
import pytest

from conftest import RAW
from page_variants import COMPARED, PAGE_HTML, read, reference, same_rows  # noqa: F401 (a fixture)
from pipeline.errors import MincardsError
from test_other_hands_sheets import stale_cell

CELL = re.compile(r"<p (id=\"[^\"]+\")>16\*Ascend</p>")


def cell_written(inner: str, head: str = "") -> str:
    """The page with its first 16*Ascend cell's paragraph holding `inner`, and `head` in its <head>."""
    found = CELL.search(PAGE_HTML)
    html = PAGE_HTML[:found.start()] + f"<p {found[1]}>{inner}</p>" + PAGE_HTML[found.end():]
    return html.replace("</head>", head + "</head>", 1)


def shown(inner: str, head: str = "") -> str:
    return stale_cell(read(cell_written(inner, head))[0])


# --- vertical-align: inherit takes the parent's (Google's page translation) -------------------------

def translated(html: str) -> str:
    """Every paragraph's text wrapped as Chrome's and Google's page translation wrap it."""
    return re.sub(r"(<p[^>]*>)([^<]+)(</p>)", r'\1<font style="vertical-align: inherit;"><font style="vertical-align: '
                  r'inherit;">\2</font></font>\3', html)


def test_a_translated_page_reads_as_the_page(reference):
    """Catches (hunt 33, gt_font): every text of a page saved after Google's translation sits in
    `<font style="vertical-align: inherit">` twice; `inherit` was taken as raising the text, and
    every value was refused as a mark ('[32*Ascend]'). It takes the paragraph's baseline."""
    html = translated(PAGE_HTML)
    assert html.count("vertical-align: inherit") == 2 * 813  # two per paragraph
    same_rows(read(html)[2].frame, reference[1])


def test_inherit_under_a_raised_box_is_raised():
    """The control: inside a box raised as a superscript, `inherit` raises the 1 too (a note mark in a
    note mark)."""
    with pytest.raises(MincardsError, match=r"'\[\[1\]\]6\*Ascend' is not a unit count"):
        shown('<span style="vertical-align: super"><font style="vertical-align: inherit">1</font></span>6*Ascend')


# --- color-scheme on an element, and as Chromium parses it ------------------------------------------

@pytest.mark.parametrize("inner", [
    '<span style="color-scheme: dark; color: light-dark(#000, #fff)">1</span>6*Ascend',
    '<span style="color-scheme: dark"><b style="color: light-dark(#000, #fff)">1</b></span>6*Ascend',
    '<span style="color-scheme: only dark; color: CanvasText">1</span>6*Ascend',
], ids=["own", "inherited", "system-colour"])
def test_an_elements_own_colour_scheme_picks_its_colours(inner):
    """Catches (hunt 33, A): `color-scheme: dark` on an element was ignored (the page's alone was
    read), so light-dark() and CanvasText took their light colour, black: Chromium draws the 1
    white on the white cell, and 16 was published where it shows 6*Ascend."""
    with pytest.raises(MincardsError, match=r"'\[1\]6\*Ascend' is not a unit count"):
        shown(inner)


def test_an_elements_light_scheme_keeps_its_colours():
    """The control: `color-scheme: light` picks light-dark()'s first colour, black: 16*Ascend."""
    assert shown('<span style="color-scheme: light; color: light-dark(#000, #fff)">1</span>6*Ascend') == "16*Ascend"


PAGE_SHEET = "<style>body{color:#000} td,th{background:#fff} .m{color:light-dark(#fff,#000)}</style>"


@pytest.mark.parametrize("scheme", [
    '<meta name="color-scheme " content="dark">',  # the name as written: a trailing space names nothing
    '<meta name="color-scheme&#xA0;" content="dark">',
    '<meta name="color-scheme" content="dark,">',  # values the color-scheme grammar refuses
    '<meta name="color-scheme" content="dark normal">',
    '<meta name="color-scheme" content="only dark only">',
    "<style>:root{color-scheme: dark normal}</style>",
    "<style>:root{color-scheme: dark,}</style>",
], ids=["name-space", "name-nbsp", "comma", "normal", "only-twice", "root-normal", "root-comma"])
def test_a_colour_scheme_chromium_drops_leaves_the_page_light(scheme):
    """Catches (hunt 33, C): each of these made the page dark here, so `.m`'s light-dark() was black
    and 16 was published; Chromium drops them, the page stays light, and the 1 is white on white."""
    with pytest.raises(MincardsError, match=r"'\[1\]6\*Ascend' is not a unit count"):
        shown('<span class="m">1</span>6*Ascend', PAGE_SHEET + scheme)


@pytest.mark.parametrize("scheme", [
    '<meta name="Color-Scheme" content="dark">',
    '<meta name="color-scheme" content="only dark">',
    '<meta name="color-scheme" content="dark,"><meta name="color-scheme" content="dark">',  # the first valid one
    "<style>:root{color-scheme: dark}</style>",
], ids=["name-case", "only", "first-valid", "root"])
def test_a_valid_dark_scheme_makes_the_page_dark(scheme):
    """The controls: the page is dark, `.m`'s 1 black on the white cell: 16*Ascend."""
    assert shown('<span class="m">1</span>6*Ascend', PAGE_SHEET + scheme) == "16*Ascend"


# --- a margin or padding in percent of a cell's width ------------------------------------------------

@pytest.mark.parametrize("style", [
    "padding-left: 100%; white-space: nowrap; overflow: hidden",
    "padding-inline-start: 100%; overflow: clip",
    "padding: 0 0 0 calc(100% - 1px); overflow: hidden",
    "margin-left: 100%",
], ids=["padding", "logical", "calc", "margin"])
def test_a_percentage_inset_in_a_cell_is_an_error(style):
    """Catches (hunt 33, B): a percentage margin or padding counted 0; auto table layout sizes the
    cell without it, then it resolves against the cell's width: Chromium draws the value past the
    cell's edge (clipped away, or over the next cell), and 16 was published."""
    with pytest.raises(MincardsError, match=r"<span> is drawn with `(padding|margin)-left: (calc\()?100%"):
        shown(f'<span style="display: inline-block; {style}">16*Ascend</span>')


def test_a_zero_percentage_inset_reads():
    """The control: 0% moves nothing."""
    assert shown('<span style="display: inline-block; padding-left: 0%">16*Ascend</span>') == "16*Ascend"


# --- what paints nothing ----------------------------------------------------------------------------

GOOGLE_DOCS_SHEET = ('<style>.c1{color:#000000;font-weight:400;text-decoration:none;vertical-align:baseline;'
                     'font-size:11pt;font-family:"Arial";font-style:normal} .c0{padding-top:0pt;padding-bottom:0pt;'
                     'line-height:1.15;orphans:2;widows:2;text-align:left} .c8{height:11pt}</style>')


def test_an_empty_paragraph_of_a_set_height_reads():
    """Catches (hunt 33, gdocs): Google Docs' export writes an empty line as a paragraph of a set
    height (11pt, its line 1.15 times that) holding an empty span whose class declares
    `text-decoration: none`; the declaration was taken as paint that might spill over the table,
    and the page was refused. A painting declaration of nothing paints nothing."""
    page = (RAW / "2025-05-07" / "page.html").read_text(encoding="utf-8")
    empty = GOOGLE_DOCS_SHEET + '<p class="c0 c8"><span class="c1"></span></p>'
    html = page.replace('<div class="tablenoborder">', empty + '<div class="tablenoborder">', 1)
    assert empty in html
    frame, untouched = read(html)[2].frame, read(page)[2].frame
    assert len(frame) == 124
    pd.testing.assert_frame_equal(frame[COMPARED], untouched[COMPARED])


COOKIE_BAR = ('<div style="position:fixed;left:0;right:0;bottom:0;z-index:9999;background:#222;color:#fff;'
              'padding:16px 24px;font-size:14px;box-shadow:0 -2px 8px rgba(0,0,0,.3)">We use cookies to improve your '
              'experience. <a href="#" style="color:#9cf">Learn more</a> <button style="margin-left:16px;'
              'padding:6px 14px">Accept</button></div>')


def test_a_cookie_bar_with_a_link_and_a_button_reads(reference):
    """Catches (hunt 33, cookie_bottom): the bar's sentence, link and button were each taken as a
    line of their own (187 px), past the quarter of the window a fixed band may take, and the page
    was refused; they fit one line (their widths, each taken on the large side, add up to less
    than the bar's), as high as the button."""
    html = PAGE_HTML.replace("</body>", COOKIE_BAR + "</body>", 1)
    assert COOKIE_BAR in html
    same_rows(read(html)[2].frame, reference[1])


def test_a_cookie_bar_too_long_for_one_line_is_still_measured_line_by_line():
    """The control: with its sentence forty times over, the bar's lines no longer fit one, and
    it may cover more of the window than a band: refused, as before."""
    long_bar = COOKIE_BAR.replace("We use cookies to improve your experience. ",
                                  "We use cookies to improve your experience. " * 40)
    with pytest.raises(MincardsError, match=r"<div> outside the vendor table may be drawn over it \(position: fixed\)"):
        read(PAGE_HTML.replace("</body>", long_bar + "</body>", 1))


# --- hunt 35: colours a browser drops, schemes where the page has them --------------------------------

@pytest.mark.parametrize("invalid", [
    "color: hsl(0, 0, 0)",  # the comma form wants percentages
    "color: hwb(0, 0%, 0%)",  # hwb() has no comma form
    "color: rgb(0, 0, none)",  # nor does `none` go with commas
    "color: light-dark(#000, nonsense)",  # both must be colours
    "-webkit-text-fill-color: hsl(0, 0, 0)",
], ids=["hsl-numbers", "hwb-commas", "rgb-none", "light-dark-half", "fill"])
def test_a_colour_a_browser_drops_leaves_the_one_before(invalid):
    """Catches (hunt 33, D): tinycss2 reads these as colours (black), Chromium drops them and keeps
    the white before them: the 1 is white on the white cell, and 16 was published."""
    prop = invalid.split(":")[0]
    with pytest.raises(MincardsError, match=r"'\[1\]6\*Ascend' is not a unit count"):
        shown(f'<span style="{prop}: #fff; {invalid}">1</span>6*Ascend')


def test_a_background_shorthand_with_a_colour_a_browser_drops_is_dropped_whole():
    """Catches (hunt 35, D): `background: hsl(0, 0, 100)` was read as white over the black before
    it; Chromium drops the shorthand, and the 1 is black on black."""
    with pytest.raises(MincardsError, match=r"'\[1\]6\*Ascend' is not a unit count"):
        shown('<span style="color: #000; background: #000; background: hsl(0, 0, 100)">1</span>6*Ascend')


def test_the_modern_forms_are_colours():
    """The control: the same colours written as CSS Color 4 writes them are black."""
    assert shown('<span style="color: #fff; color: hsl(0 0% 0%)">1</span><span style="color: #fff; '
                 'color: rgb(0 0 none)">6</span>*Ascend') == "16*Ascend"


LIGHT_DARK_WHITE_FIRST = "<style>td,th{background:#fff} .m{color:light-dark(#fff,#000)}</style>"
LIGHT_DARK_WHITE_SECOND = "<style>body{color:#000} td,th{background:#fff} .m{color:light-dark(#000,#fff)}</style>"


@pytest.mark.parametrize("where", [
    '<template><meta name="color-scheme" content="dark"></template>',
    '<noscript><meta name="color-scheme" content="dark"></noscript>',
], ids=["template", "noscript"])
def test_a_meta_outside_the_document_sets_no_scheme(where):
    """Catches (hunt 35, E): a dark <meta name=color-scheme> in a <template> or a <noscript> made
    the page dark; Chromium counts neither, the page is light and the 1 white on white."""
    with pytest.raises(MincardsError, match=r"'\[1\]6\*Ascend' is not a unit count"):
        shown('<span class="m">1</span>6*Ascend', LIGHT_DARK_WHITE_FIRST + where)


@pytest.mark.parametrize("root", [":root{--s: dark; color-scheme: var(--s)}", ":root{color-scheme: var(--none, dark)}"],
                         ids=["var", "fallback"])
def test_the_roots_scheme_through_var_is_substituted(root):
    """Catches (hunt 35, F): the root's `color-scheme: var(--s)` was read unsubstituted (light);
    Chromium's page is dark, and the 1 (light-dark()'s second colour) white on the white cell."""
    with pytest.raises(MincardsError, match=r"'\[1\]6\*Ascend' is not a unit count"):
        shown('<span class="m">1</span>6*Ascend', LIGHT_DARK_WHITE_SECOND + f"<style>{root}</style>")


def test_an_elements_normal_scheme_is_the_pages_supported_one():
    """Catches (hunt 35, G): `color-scheme: normal` on an element was taken as light; it is the
    page's supported scheme, its <meta>'s (dark): the 1 is white on the white cell."""
    with pytest.raises(MincardsError, match=r"'\[1\]6\*Ascend' is not a unit count"):
        shown('<span style="color-scheme: normal; color: light-dark(#000, #fff)">1</span>6*Ascend',
              '<meta name="color-scheme" content="dark"><style>body{color:#000} td,th{background:#fff}</style>')


def test_an_elements_normal_scheme_without_a_meta_is_light():
    """The control: a dark root without a <meta> supports no scheme: `normal` is light, the 1 black."""
    assert shown('<span style="color-scheme: normal; color: light-dark(#000, #fff)">1</span>6*Ascend',
                 "<style>:root{color-scheme: dark} body{color:#000} td,th{background:#fff}</style>") == "16*Ascend"


def test_an_empty_pseudo_box_painting_nothing_lands_anywhere(reference):
    """Catches (hunt 35, Jupyter's classic template): `div.cell:before`, absolutely placed, empty,
    its background transparent (the shorthand's clip and the `-webkit-box-sizing` taken for
    paint), was refused as drawn over the table; it draws nothing wherever it lands."""
    sheet = ("<style>div.cell{position:relative} div.cell:before{position:absolute;display:block;top:-1px;"
             "left:-1px;width:5px;height:calc(100% + 2px);content:'';background:transparent;"
             "-webkit-box-sizing:border-box}</style>")
    html = PAGE_HTML.replace("</head>", sheet + "</head>", 1).replace("<body>", '<body><div class="cell">In [1]:</div>', 1)
    assert '<div class="cell">' in html
    same_rows(read(html)[2].frame, reference[1])


# --- hunt 37: colours clamped as parsed, math functions and numbers as CSS writes them ---------------

@pytest.mark.parametrize("style", [
    "color: lch(100 -100 0)",  # a negative chroma is 0: white, not cyan
    "color: oklch(1 -0.4 0)",
    "background-color: #808080; color: hsl(0 -100% 50%)",  # a negative saturation is 0: grey on grey
    "color: #000; color: rgba(0, 0, 0, sin(0deg))",  # kept (a math function computes the alpha): transparent
    "opacity: sin(0deg)",  # math functions this reader does not evaluate: not told, taken as hiding
    "font-size: hypot(0px)",
    "zoom: exp(-10)",
    "-webkit-text-stroke: hypot(5px) #fff",
    "opacity: 0e0",  # scientific notation
    "font-size: 0e0px",
], ids=["lch", "oklch", "hsl", "alpha-by-sin", "opacity-sin", "size-hypot", "zoom-exp", "stroke-hypot", "opacity-0e0",
        "size-0e0px"])
def test_a_value_chromium_reads_hiding_the_one_is_not_read_as_showing_it(style):
    """Catches (hunt 37, H, J, L, M): each hides the 1 of 16*Ascend in Chromium (white on white,
    transparent, no size, a tiny zoom, a white stroke over it); this reader took the colour as
    cyan, dropped the declaration, or read no number, and published 16."""
    with pytest.raises(MincardsError, match=r"(\[1\]6\*Ascend|is drawn with `-webkit-text-stroke)"):
        shown(f'<span style="{style}">1</span>6*Ascend')


@pytest.mark.parametrize("style", ["color: lch(none 0 0)", "color: oklab(0.2 none none)"], ids=["lch", "oklab"])
def test_none_in_a_colour_channel_is_zero(style):
    """Catches (hunt 37, I): `none` in a lab/lch channel other than hue stopped the run (exit 3,
    an internal error); it is 0: a black (or dark grey) 1."""
    assert shown(f'<span style="{style}">1</span>6*Ascend') == "16*Ascend"


def test_a_shadow_of_one_length_a_function_computes_is_not_told():
    """Catches (hunt 37, K): `text-shadow: hypot(0px) hypot(0px) 0 #fff` stopped the run (exit 3);
    where its copy lands is not told: an error naming the declaration."""
    with pytest.raises(MincardsError, match=r"text-shadow"):
        shown('<span style="text-shadow: hypot(0px) hypot(0px) 0 #fff">1</span>6*Ascend')
