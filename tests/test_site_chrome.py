"""A documentation site's own chrome around the untouched vendor table (hunt 19): a header of a
set height holding a logo and links, the same header fixed or stuck to the window, a cookie
notice at the window's foot, a floated sidebar of a set width, a search box. Chromium draws the
table unchanged on every one (the hunt's screenshots and elementFromPoint checks, a 1600-px
window), and 9 of 10 such pages were refused: a box holding elements was taken as spilling out
of any set size, and an <input> as an inline box painting its padding past its line. Now what a
box holds is measured on the large side (html_extent: text at a full em a character, images at
their set size, boxes stacked, a flex row's items side by side), and form fields are atomic
inline boxes as in every browser's UA sheet. What may still spill, or is not told, is refused."""
from __future__ import annotations

import re

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import LayoutError

BASE = "body{margin:0;font-size:14px;line-height:1.5} a{text-decoration:none}"
LOGO = '<a class="logo" href="/"><img src="logo.png" alt="华为云" height="28" width="96"></a>'
NAV = ('<nav class="nav"><ul><li><a href="#">产品</a></li><li><a href="#">解决方案</a></li><li><a href="#">文档</a></li>'
       '<li><a href="#">定价</a></li></ul></nav>')
HEADER = ".hdr{height:56px;display:flex;align-items:center;padding:0 24px;background:#fff;border-bottom:1px solid #ddd}" \
         ".nav ul{display:flex;list-style:none;margin:0;padding:0} .nav li{margin:0 12px}"
SEARCH = (".search{position:relative;width:260px} .search input{height:32px;width:220px;padding:0 32px 0 10px}"
          ".icon{position:absolute;right:10px;top:50%;transform:translateY(-50%)}")
SEARCH_FORM = '<form class="search"><input type="search" placeholder="搜索"><span class="icon">&#128269;</span></form>'
SIDEBAR = '<aside class="side"><h3>目录</h3><ul><li><a href="#">产品介绍</a></li><li><a href="#">快速入门</a></li>' \
          '<li><a href="#">各模型支持的最小卡数和序列长度</a></li></ul></aside>'


def chrome(css: str, before: str, after: str = "") -> str:
    """The real page with `before` opening its body and `after` closing it, styled by `css`
    (an element `before` leaves open is closed at the end: it holds the table)."""
    body = re.search(r"<body[^>]*>", PAGE_HTML)
    page = PAGE_HTML[:body.end()] + before + PAGE_HTML[body.end():]
    page = page.replace("</body>", after + "</div>" * (before.count("<div") - before.count("</div>")) + "</body>", 1)
    return with_sheet(BASE + css, page)


READ = {
    "static header of a set height, logo and links": (HEADER, f'<header class="hdr">{LOGO}{NAV}</header>', ""),
    "the header fixed to the window": (HEADER + ".hdr{position:fixed;top:0;left:0;right:0} body{padding-top:56px}",
                                       f'<header class="hdr">{LOGO}{NAV}</header>', ""),
    "the header stuck to the window": (HEADER + ".hdr{position:sticky;top:0}", f'<header class="hdr">{LOGO}{NAV}</header>',
                                       ""),
    "a cookie notice fixed at the window's foot, sized by its text": (
        ".cookie{position:fixed;left:0;right:0;bottom:0;padding:12px 24px;background:#333;color:#fff}", "",
        '<div class="cookie">本站使用 Cookie 以提升浏览体验。继续浏览即表示您同意。<button>接受</button></div>'),
    "a floated sidebar of a set width holding a list": (
        ".side{float:left;width:240px;padding:16px} .side ul{padding-left:16px}", SIDEBAR, ""),
    "a search box with vertical padding": (".search input{padding:4px 32px 4px 10px;height:32px}",
                                           '<form class="search"><input type="search" placeholder="搜索"></form>', ""),
    "a search box's icon placed absolutely inside its form": (SEARCH, SEARCH_FORM, ""),
    "a sidebar floated at a percentage of the page's width": (".side{float:left;width:24%;padding:0 15px}", SIDEBAR, ""),
    "a search box's icon at a bare zero offset": (SEARCH.replace("right:10px", "right:0"), SEARCH_FORM, ""),
}


@pytest.mark.parametrize("kind", READ)
def test_a_sites_chrome_around_the_table_is_read(kind, reference):
    """Catches the over-refusals: each was refused (`<header> ... (height: 56px)`, `(position:
    fixed)`, `<aside> ... (width: 240px)`, `<input> ... (padding-top: 4px)`)."""
    css, before, after = READ[kind]
    same_rows(read(chrome(css, before, after))[2].frame, reference[1])


REFUSED = {
    "a header of a set height holding more lines than fit": (
        ".hdr{height:56px}", '<header class="hdr"><p>' + "不同模型推荐的训练参数和计算规格要求如下表所示。" * 12 + "</p></header>",
        "(height: 56px)"),
    "a header of a set height holding an image of an untold height": (
        ".hdr{height:56px} .hdr img{width:100%;height:auto}", f'<header class="hdr">{LOGO}</header>', "(height: 56px)"),
    "a fixed bar stretched down the window": (".bar{position:fixed;top:0;bottom:0;left:0;width:200px;background:#fff}",
                                              '<div class="bar">目录</div>', "(position: fixed)"),
    "a fixed notice of more text than a band holds": (
        ".notice{position:fixed;left:0;right:0;bottom:0;background:#fff}",
        '<div class="notice">' + "本站使用 Cookie 以提升浏览体验。" * 40 + "</div>", "(position: fixed)"),
    "a fixed notice a tenth of the window wide": (
        ".notice{position:fixed;left:0;bottom:0;width:10%;background:#fff}",
        '<div class="notice">' + "本站使用 Cookie 以提升浏览体验。" * 3 + "</div>", "(position: fixed)"),
    "a floated sidebar narrower than a word it holds": (
        ".side{float:left;width:60px}", SIDEBAR.replace("快速入门", "ModelArts"), "(width: 60px)"),
    "a sidebar floated at a percentage too narrow for a word it holds": (
        ".side{float:left;width:5%}", SIDEBAR.replace("快速入门", "ModelArts"), "(width: 5%)"),
    "a search icon placed below its form": (SEARCH.replace("top:50%", "top:100%"), SEARCH_FORM, "(position: absolute;"),
    "a search icon moved up by more than its height": (SEARCH.replace("translateY(-50%)", "translateY(-250%)"),
                                                        SEARCH_FORM, "(position: absolute;"),
    "a search icon placed past its form's edge": (SEARCH.replace("right:10px", "right:-40px"), SEARCH_FORM,
                                                 "(position: absolute;"),
    "an icon placed in an inline container whose height does not apply": (
        ".box{position:relative;height:300px} .icon{position:absolute;right:10px;top:50%;transform:translateY(-50%)}",
        '<span class="box"><span class="icon">&#128269;</span></span>', "(position: absolute;"),
    "an icon placed in a container whose max-height caps its height": (
        ".box{position:relative;height:300px;max-height:10px} .icon{position:absolute;right:10px;top:50%}",
        '<div class="box"><span class="icon">&#128269;</span></div>', "(position: absolute;"),
    "an icon placed in a container holding the table": (
        ".main{position:relative} .icon{position:absolute;right:10px;top:50%}",
        '<div class="main"><span class="icon">&#128269;</span>', "(position: absolute;"),
    "a header of a set height inside a flex item, its width not told": (
        ".row{display:flex} .hdr{height:56px}", f'<div class="row"><header class="hdr">{LOGO}{NAV}</header></div>',
        "(height: 56px)"),
}


@pytest.mark.parametrize("kind", REFUSED)
def test_chrome_that_may_spill_over_the_table_is_refused(kind):
    """Catches a measure too lenient: text taller than the set height, an image scaled to an
    untold width, a bar stretched by its offsets, a notice taller than a band or set on narrow
    lines, a word wider than a float, a width that a flex row decides."""
    css, before, named = REFUSED[kind]
    with pytest.raises(LayoutError, match=r"outside the vendor table may be drawn over it " + re.escape(named)):
        read(chrome(css, before))


# Hunt 20 (checked in Chromium 156): a box of a set height just before the table holding a filler
# that the estimate once took as small, and under it a white box showing 8*Ascend, pushed by the
# filler onto the first 4*Ascend cell: Chromium showed 8, and 4 was published. The estimate is now
# told only of what it models (html_extent.told); each such box is refused.
FILLERS = {
    "a padding in %": ('<div style="padding-top:25%"></div>', ""),
    "a margin in %": ('<div style="margin-top:26%"></div>', ""),
    "a padding by calc()": ('<div style="padding-top:calc(264px + 0%)"></div>', ""),
    "a min-height": ('<div style="min-height:264px"></div>', ""),
    "an image whose style sets its height auto": ('<img src="x.png" width="10" height="10" style="height:auto">', ""),
    "an image with a min-height": ('<img src="x.png" width="10" height="10" style="min-height:264px">', ""),
    "an aspect ratio": ('<div style="width:10px;aspect-ratio:1/26"></div>', ""),
    "a run of line breaks": ("x" + "<br>" * 12, ""),
    "a run of rules": ("<hr>" * 26, ""),
    "leading new lines kept": ('<div style="white-space:pre-line">' + "\n" * 11 + "x</div>", ""),
    "letter spacing": ('<div style="letter-spacing:200px">xxxxxx</div>', ""),
    "word spacing": ('<div style="word-spacing:1000px">x x x x</div>', ""),
    "an inline box's line height": ('<div>x <span style="line-height:264px">y</span></div>', ""),
    "an inline box's vertical align": ('<div>x <span style="vertical-align:-240px">y</span></div>', ""),
    "a first line set larger": ('<div class="fill">x</div>', ".fill::first-line{font-size:190px}"),
    "a vertical writing mode": ('<div style="writing-mode:vertical-rl">xxxxxxxxxxxxxxxxxxxxxx</div>', ""),
    "a grid's rows": ('<div style="display:grid;grid-auto-rows:264px"><div>x</div></div>', ""),
    "a table's border spacing": ('<div style="display:table;border-spacing:0 120px"><div style="display:table-row">'
                                 '<div style="display:table-cell">x</div></div></div>', ""),
    "a flex column's gaps": ('<div style="display:flex;flex-direction:column;gap:238px"><div>x</div><div>y</div></div>',
                             ""),
    "a button wrapping its words": ('<button style="width:40px">' + "word " * 19 + "</button>", ""),
    "an image input": ('<input type="image" src="x.png" alt="go">', ""),
    # hunt 21 (checked in Chromium, each read wrong by the second version)
    "a font whose @font-face sets its ascent": ('<div style="font-family:Tall">x</div>',
                                                '@font-face{font-family:Tall;src:local("DejaVu Sans");ascent-override:900%}'
                                                ' .hd{line-height:normal}'),
    "a tiny image on a line of a huge font": ('<div style="font-size:300px"><img src="x.png" width="1" height="1"></div>',
                                              ""),
    "an inline-block on a line of a huge line height": ('<div style="line-height:300px"><span style="display:inline-block">'
                                                        'x</span></div>', ""),
    "flex items aligned by their baselines": ('<div style="display:flex;align-items:baseline"><div style="padding-bottom:'
                                              '100px">x</div><div style="padding-top:90px">y</div></div>', ""),
    "an image sized by non-ASCII digits": ('<img src="x.png" width="10" height="\u0661\u0660">', ""),
    "a list marker image": ('<ul style="list-style-image:url(x.svg)"><li>x</li></ul>', ""),
    "an image's border attribute": ('<img src="x.png" width="10" height="10" border="135">', ""),
    # hunt 22 (checked in Chromium, each read wrong by the third version)
    "words that leave each line's end empty": (" ".join(["W" * 32] * 10), ""),
    "Hangul drawn two ems wide by a fallback font": ('<div style="font-family:\'Droid Sans Fallback\'">' + "\uac01" * 200
                                                     + "</div>", ""),
    "a unitless line height at a large font": ('<div style="font-size:60px;line-height:3">x</div>', ""),
    "a line height in exponent notation": ('<div style="line-height:6e2px">x</div>', ""),
    "a line height in container units": ('<div style="line-height:50cqh">x</div>', ""),
    "a vendor's font size keyword": ('<div style="font-size:-webkit-xxx-large"><div style="font-size:5em">x</div></div>',
                                     ""),
    "a font size by max()": ('<div style="font-size:max(200px,1px)">x</div>', ""),
    "a font size in ch": ('<div style="font-size:20ch">x</div>', ""),
    "a no-break space on a tall line": ('<div style="line-height:600px">&nbsp;</div>', ""),
    "an empty list item's marker line": ('<ul><li style="line-height:600px"></li></ul>', ""),
    "an element's content replaced by an image": ('<div style="content:url(x.svg)"></div>', ""),
    "a logical side's border": ('<div style="border-block-start-style:solid"></div>' * 60, ""),
    # and two the session's own review found: glyphs wider than an em, marks stacked on a letter
    "characters drawn wider than an em": ("\ufdfd " * 150, ""),
    "combining marks stacked on a letter": ("a" + "\u0301\u0316" * 40, ""),
}


@pytest.mark.parametrize("kind", FILLERS)
def test_a_box_holding_what_the_estimate_is_not_told_of_is_refused(kind):
    """Catches: 4 published where Chromium showed 8, each filler counted as taking less room than
    it does (0 for a % padding or a run of <br>, one line for a wrapping button...)."""
    filler, css = FILLERS[kind]
    with pytest.raises(LayoutError, match=re.escape("(height: 150px)")):
        read(chrome(".hd{height:150px}" + css, f'<div class="hd">{filler}<p>8*Ascend</p></div>'))


def test_a_fixed_band_on_a_page_that_snaps_is_refused():
    """Catches: a 63-px fixed band over a row, on a page whose scroll snaps to one point (hunt 20:
    Chromium could not scroll the table from under it, and showed 8 for 4 for good)."""
    css = "html{scroll-snap-type:y mandatory} .snap{scroll-snap-align:start} .band{position:fixed;top:0;left:0;" \
          "height:63px;background:#fff}"
    with pytest.raises(LayoutError, match=re.escape("(position: fixed")):
        read(chrome(css, '<div class="snap"></div><div class="band">8*Ascend</div>'))
