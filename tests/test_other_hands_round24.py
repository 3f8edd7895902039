"""Pages made by other hands, round 24 (hunt 59, session 38), each published with exit 0 where
Chromium 156 shows another value: a <noscript> parsed as a browser without scripts parses it, flex
and grid items reached through `display: contents` read as one word, a typed attr() in `content`
read as the attribute's text, and a shadow root with manual slot assignment taken to pass its
host's children through."""
from __future__ import annotations

import re
from html import escape

import pytest
from lxml import etree

from chromium import inner_texts, tab
from page_variants import PAGE_HTML, read
from pipeline.errors import MincardsError
from pipeline.extract.html_tree import SILENT_TAGS, html5_tree
from test_other_hands_sheets import stale_cell, with_stale_six

HIDDEN, SHOWN = "1*Ascend", "16*Ascend"  # the stale 6 hidden by `.x{display:none}`, or shown
FIRST_16 = re.compile(r"<p (id=\"[^\"]+\")>16\*Ascend</p>")


def with_cell(content: str, head: str = "") -> str:
    """The page with its first 16*Ascend cell written as `content`, and `head` added to its <head>."""
    cell = FIRST_16.search(PAGE_HTML)
    html = PAGE_HTML[:cell.start()] + f"<p {cell[1]}>{content}</p>" + PAGE_HTML[cell.end():]
    return html.replace("</head>", head + "</head>", 1)


# --- <noscript> is raw text where scripts run ------------------------------------------------------

# Markup that ends a <noscript> elsewhere for a parser without scripting: a `</noscript>` inside an
# attribute, a comment, a <style> or a <textarea> there is the element's end for Chromium
NOSCRIPT_CELLS = ['<noscript><b title="</noscript>1<noscript>"></b></noscript>6*Ascend',
                  '<noscript><!--</noscript>1<noscript>--></noscript>6*Ascend',
                  '<noscript><style></noscript>1<noscript></style></noscript>6*Ascend',
                  '<noscript><textarea></noscript>1<noscript></textarea></noscript>6*Ascend',
                  '1<noscript><b>6</b></noscript>6*Ascend']


@pytest.mark.parametrize("content", NOSCRIPT_CELLS)
def test_a_noscript_ends_at_its_first_end_tag_whatever_it_seems_to_hold(content):
    """Catches (hunt 59): the tree was built with scripting off, where a <noscript>'s content is
    markup: `<noscript><b title="</noscript>1…">` held the 1 in an attribute, and 6 was published
    where Chromium draws 16 (scripts run there, so the content is text up to `</noscript>`)."""
    grid, _, _ = read(with_cell(content))
    assert stale_cell(grid) == SHOWN


def shown_text(element: etree._Element) -> str:
    """An element's text but what no reader sees (SILENT_TAGS), as html_tree's tree holds it."""
    text = "" if element.tag in SILENT_TAGS else element.text or ""
    for child in element:
        if isinstance(child.tag, str) and child.tag not in SILENT_TAGS:
            text += shown_text(child)
        text += child.tail or ""
    return text


def test_noscript_text_is_what_chromium_draws(browser):
    """The same cells in Chromium: each one's innerText is the text the tree gives it."""
    html = "<!DOCTYPE html><html><head></head><body>" + "".join(
        f"<p id='c{i}'>{content}</p>" for i, content in enumerate(NOSCRIPT_CELLS)) + "</body></html>"
    theirs = inner_texts(browser, html, [f"c{i}" for i in range(len(NOSCRIPT_CELLS))])
    body = html5_tree(html, "page.html").find("body")
    assert [shown_text(body.find(f".//p[@id='c{i}']")) for i in range(len(NOSCRIPT_CELLS))] == theirs


@pytest.mark.parametrize("head, body, shown", [
    # in the head, a tag <head> cannot hold ended the <noscript> for the old tree: its sheet applied
    ("<noscript><b></b><style>.x{display:none}</style></noscript>", "", SHOWN),
    # in the body, a sheet that only seems to be in a <noscript> attribute is the page's
    ("", '<noscript><p title="</noscript><style>.x{display:none}</style><noscript>"></p></noscript>', HIDDEN),
    ('<noscript><meta name="x" content="</noscript><style>.x{display:none}</style><noscript>"></noscript>', "",
     HIDDEN),
])
def test_a_sheet_applies_where_chromium_parses_it_out_of_a_noscript(head, body, shown):
    """Catches (hunt 59): a <style> Chromium reads as the text of a head <noscript> was applied
    (40 rows of a model hidden by it were lost), and one it reads outside a <noscript> was not."""
    html = with_stale_six(head).replace("<body>", f"<body>{body}", 1)
    assert "<body>" in with_stale_six("")
    assert stale_cell(read(html)[0]) == shown


FOREIGN_SHEETS = ['<svg><noscript><style>.x{display:none}</style></noscript></svg>',
                  '<svg><template><style>.x{display:none}</style></template></svg>',
                  '<math><noscript><style>.x{display:none}</style></noscript></math>',
                  '<svg><script><style>.x{display:none}</style></script></svg>',
                  '<noscript><style>.x{display:none}</style></noscript>',
                  '<template><style>.x{display:none}</style></template>']


def test_a_sheet_in_an_svg_element_named_noscript_or_template_applies_as_in_chromium(browser):
    """Found while fixing hunt 59's <noscript>: inside <svg>, `noscript` and `template` are plain
    SVG elements, and an SVG <style> in one applies; sheets in them were left out by tag name
    (16 published where Chromium shows 1). HTML ones hold no sheet a browser applies."""
    page = browser.new_page()
    shown = []
    try:
        for markup in FOREIGN_SHEETS:
            page.set_content(with_stale_six("").replace("<body>", f"<body>{markup}", 1))
            hidden = page.evaluate("getComputedStyle(document.querySelector('.x')).display") == "none"
            shown.append(HIDDEN if hidden else SHOWN)
    finally:
        page.close()
    assert shown == [HIDDEN, HIDDEN, SHOWN, HIDDEN, SHOWN, SHOWN]  # what the cases are about
    for markup, theirs in zip(FOREIGN_SHEETS, shown):
        assert stale_cell(read(with_stale_six("").replace("<body>", f"<body>{markup}", 1))[0]) == theirs, markup


# --- flex and grid items through display: contents ------------------------------------------------

@pytest.mark.parametrize("content, sheet", [
    ('<span style="display:inline-flex;flex-direction:row-reverse"><span style="display:contents">'
     '<i>1</i><i>6</i></span></span>*Ascend', ""),
    ('<span style="display:inline-flex"><span style="display:contents"><i style="order:2">1</i><i>6</i></span>'
     '</span>*Ascend', ""),
    ('<span style="display:inline-grid;grid-template-columns:auto auto"><span style="display:contents">'
     '<i style="grid-column:2">1</i><i style="grid-column:1">6</i></span></span>*Ascend', ""),
    ('<span style="display:inline-flex;gap:1em"><span style="display:contents"><span style="display:contents">'
     '<i>1</i><i>6</i></span></span></span>*Ascend', ""),
    ('<span style="display:inline-flex;flex-direction:row-reverse"><slot><i>1</i><i>6</i></slot></span>*Ascend', ""),
    ('<span class="f"><span class="c"><i>1</i><i>6</i></span></span>*Ascend',
     "<style>.f{display:inline-flex;flex-direction:row-reverse}.c{display:contents}</style>"),
])
def test_the_children_of_display_contents_are_the_containers_items(content, sheet):
    """Catches (hunt 59): the digits in separate elements under a `display: contents` wrapper (or a
    bare <slot>, `display: contents` in the UA sheet) in a flex or grid container were read as one
    word in markup order; Chromium lays them out as the container's items, reversed, reordered or
    set a gap apart (61 or `1  6` drawn where 16 was published). Items are boxes of their own."""
    with pytest.raises(MincardsError, match=r"a space between '1' and '6' may separate two items|draws cells out "
                                            r"of the table's order \((flex-direction: row-reverse|order: 2)\)"):
        read(with_cell(content, sheet))


# --- typed attr() in content -------------------------------------------------------------------------

# (content of .z::before, the span's data-n): the text before 6*Ascend is what Chromium draws
ATTR_CASES = [("attr(data-n)", "1"), ("attr(data-n raw-string)", "1"), ("attr(data-n type(<string>))", '"1"'),
              ("attr(data-n type(*))", '"1"'), ("attr(data-m type(<number>), \"7\")", "1"),
              ("attr(data-n type(*))", "1"), ("attr(data-n type(<number>))", "1"), ("attr(data-n px)", "1"),
              ("attr(data-n type(<string>))", "1"), ('"1" attr(data-m type(<string>))', "1"),
              ("attr(data-n type(<number>), \"9\")", "1"), ("attr(data-n type(<custom-ident>))", "abc")]


def attr_page(cases) -> str:
    return "<!DOCTYPE html><html><head><style>" + "".join(
        f"#z{i}::before{{content:{content}}}" for i, (content, _) in enumerate(cases)) + "</style></head><body>" + \
        "".join(f"<p><span id='z{i}' data-n='{value}'></span>6*Ascend</p>" for i, (_, value) in enumerate(cases)) + \
        "</body></html>"


def drawn_content(computed: str) -> str:
    """Chromium's computed `content` of a ::before as the text it draws (strings only here)."""
    return "" if computed in ("none", "normal") else "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', computed))


def test_typed_attr_in_content_draws_what_chromium_draws(browser):
    """Catches (hunt 59): every attr() in `content` was read as the attribute's text, typed or
    not: `attr(data-n type(<number>))` drew 1 for the reader where Chromium's `content` is invalid
    at computed-value time (a number is no content) and draws nothing: 16 published for 6."""
    with tab(browser) as page:
        page.set_content(attr_page(ATTR_CASES))
        theirs = [drawn_content(page.evaluate(f"getComputedStyle(document.getElementById('z{i}'), '::before')"
                                              ".content")) for i in range(len(ATTR_CASES))]
    assert theirs[:5] == ["1", "1", "1", "1", "7"] and theirs[5:] == [""] * 7  # what the cases are about
    for (content, value), drawn in zip(ATTR_CASES, theirs):
        html = with_cell(f"<span class='z' data-n='{value}'></span>6*Ascend", f"<style>.z::before{{content:{content}}}</style>")
        assert stale_cell(read(html)[0]) == drawn + "6*Ascend", content


# --- manual slot assignment ------------------------------------------------------------------------

@pytest.mark.parametrize("fallback", ["", "9"])
def test_a_shadow_root_assigning_slots_by_script_is_no_pass_through(fallback):
    """Catches (hunt 59): `<template shadowrootmode=open shadowrootslotassignment=manual><slot>`
    was taken to draw its host's children; nothing is slotted until a script assigns it, so
    Chromium draws the slot's fallback: 6 shown where 16 was published (96 with a fallback 9)."""
    template = f'<template shadowrootmode="open" shadowrootslotassignment="Manual"><slot>{fallback}</slot></template>'
    with pytest.raises(MincardsError, match=r"\[shadow root\]"):
        read(with_cell(f"<span>{template}1</span>6*Ascend"))
    named = template.replace(' shadowrootslotassignment="Manual"', "")
    grid, _, _ = read(with_cell(f"<span>{named}1</span>6*Ascend"))
    assert stale_cell(grid) == SHOWN  # the control: slots assigned by name pass the children through


def test_a_template_inside_svg_is_an_element_like_any_other():
    """Caught while adding <noscript> to the hand-over's random soups: `<svg><template>` (an SVG
    element named template, no template content of its own) stopped the run with an internal
    IndexError where the tree is copied node by node."""
    grid, _, tidy = read(PAGE_HTML.replace("<body>", "<body><svg><template><g/>x</template></svg>", 1))
    assert len(tidy.frame) == 1350


# --- hunt 61: small figures a font feature draws, an animation that names no keyframes -----------------

SMALL_FIGURES = ["font-variant-position:super", "font-variant-position:sub", "font-variant:super",
                 "font-feature-settings:'sups'", 'font-feature-settings:"subs" 1', "font-feature-settings:'numr' on",
                 "font-variant-numeric:ordinal", "font-variant-numeric:diagonal-fractions"]
PLAIN_FIGURES = ["font-variant-position:normal", "font-feature-settings:'sups' 0", "font-feature-settings:'tnum'",
                 "font-variant-numeric:tabular-nums", "font-variant:small-caps"]


@pytest.mark.parametrize("declaration", SMALL_FIGURES)
def test_a_digit_a_font_feature_draws_small_is_set_apart_as_a_mark(declaration):
    """Catches (hunt 61): `1<span style="font-variant-position:super">6</span>*Ascend` with the
    common Arial stack: Liberation Sans draws a raised 6 (as `<sup>6</sup>`, refused), and 16 was
    published. Whatever the font, text asking for small figures is a mark."""
    with pytest.raises(MincardsError, match=r"'1\[6\]\*Ascend' is not a unit count"):
        read(with_cell(f'1<span style="{escape(declaration)}">6</span>*Ascend'))


@pytest.mark.parametrize("declaration", PLAIN_FIGURES)
def test_font_features_that_keep_figures_whole_are_read(declaration):
    grid, _, _ = read(with_cell(f'1<span style="{escape(declaration)}">6</span>*Ascend'))
    assert stale_cell(grid) == SHOWN


def test_chromium_draws_those_figures_small_in_the_arial_stand_in(browser):
    """The premise, in the browser: with Liberation Sans (what Arial is on Linux) each of the
    small-figure declarations draws the 6 narrower than a plain 6, and the plain ones do not."""
    spans = "".join(f'<span style="{escape(d)}">6</span>' for d in ["", *SMALL_FIGURES, *PLAIN_FIGURES])
    with tab(browser) as page:
        page.set_content(f'<p style="font-family:\'Liberation Sans\';font-size:40px">{spans}</p>')
        widths = page.evaluate("[...document.querySelectorAll('span')].map(s => s.getBoundingClientRect().width)")
    plain, small, kept = widths[0], widths[1:1 + len(SMALL_FIGURES)], widths[1 + len(SMALL_FIGURES):]
    if not any(w < plain for w in small):
        pytest.skip("no font with small figures here (Liberation Sans)")
    assert all(w == plain for w in kept)
    assert [w < plain for w in small[:5]] == [True] * 5  # position and sups/subs (numr, ordn, fractions vary)


@pytest.mark.parametrize("animation", ["auto ease 0s 1 normal none running none", "none, none",
                                       "0s cubic-bezier(0.1, 0.7, 1, 0.1) 1 none"])
def test_an_animation_naming_no_keyframes_is_no_animation(animation):
    """Catches (hunt 61, refused): a script setting `animation = "none"` (AMP's runtime on <body>) leaves
    Chromium's serialisation `animation: auto ease 0s 1 normal none running none`; a page saved then
    was refused whole. Its name is none (the first `none` is the fill mode)."""
    grid, _, tidy = read(PAGE_HTML.replace("<body", f'<body style="animation: {animation}"', 1))
    assert len(tidy.frame) == 1350


def test_an_animation_with_a_name_is_still_an_error():
    with pytest.raises(MincardsError, match="animation"):
        read(with_cell('1<span style="animation: auto ease 0s 1 normal none running fade">6</span>*Ascend'))


# --- hunt 63: glyphs drawn past their line, after the table --------------------------------------------

@pytest.mark.parametrize("style", ["font:120px/0 sans-serif", "font-size:120px;line-height:4px",
                                   "font-size:60px;line-height:0.5"])
def test_text_after_the_table_drawn_past_its_line_is_an_error(style):
    """Catches (hunt 63): `<p style="font:120px/0 sans-serif;color:#fff">┃</p>` after the table:
    Chromium draws the whole glyph centred on the empty line, and the white bar painted over the 6
    of the last row's 64 (4 drawn, 64 published). Text after the table is painted after it; its
    glyphs reaching past their line by more than LINE_REACH_FLOOR of the font may land on it."""
    html = PAGE_HTML.replace("</table>", f'</table><p style="margin:0;{style};color:#fff">\u2503</p>', 1)
    with pytest.raises(MincardsError, match=r"outside the vendor table may be drawn over it \(font-size .*its glyphs "
                                          r"drawn past the line\)"):
        read(html)


@pytest.mark.parametrize("style", ["font-size:32px;line-height:1.1", "font:20px/1 sans-serif", ""])
def test_text_after_the_table_within_its_line_is_read(style):
    grid, _, tidy = read(PAGE_HTML.replace("</table>", f'</table><p style="{style}">\u2503 note</p>', 1))
    assert len(tidy.frame) == 1350


def test_text_after_the_table_past_its_line_but_within_its_margin_is_read():
    """Its own top margin keeps the glyphs off what lies above: a p's 1em of a 60px font, 60px."""
    html = PAGE_HTML.replace("</table>", '</table><p style="margin-top:1em;font-size:60px;line-height:0.5">\u2503</p>', 1)
    assert len(read(html)[2].frame) == 1350


def test_small_figures_asked_by_a_font_face_are_not_read_as_whole_digits():
    """Catches (hunt 64): `@font-face {font-family: SupArial; src: local("Liberation Sans");
    font-feature-settings: "sups"}` and `1<span style="font-family:SupArial">6</span>`: Chromium
    draws a raised 6 and 16 was published (the rule looked at properties only)."""
    face = '<style>@font-face{font-family:SupArial;src:local("Liberation Sans");font-feature-settings:"sups"}</style>'
    with pytest.raises(MincardsError, match=r"@font-face \{font-family: SupArial; font-feature-settings: \"sups\"\}"):
        read(with_cell('1<span style="font-family:SupArial">6</span>*Ascend', face))


@pytest.mark.parametrize("holder, asked", [("tr", "font-variant-position:super"),
                                           ("tbody", "font-variant-position:super"), ("tr", "font-variant:super")])
def test_small_figures_inherited_and_given_up_inside_a_cell_set_the_rest_apart(holder, asked):
    """Catches (hunt 64): `font-variant-position: super` on the row (or its group), the cell's 1
    in a span turning it off: Chromium draws a whole 1 and a raised 6; 16 was published (only the
    element declaring it was a mark). Figures drawn otherwise than the parent's are a mark. Set by
    the `font-variant` shorthand and given up by the longhand (review: the shorthand was kept as a
    state of its own, and 16 was published)."""
    html = with_cell('<span style="font-variant-position:normal">1</span>6*Ascend')
    cell = html.index("font-variant-position:normal")
    at = html.rindex("<tr" if holder == "tr" else "<tbody", 0, cell) + len(holder) + 1
    html = html[:at] + f' style="{asked}"' + html[at:]
    with pytest.raises(MincardsError, match=r"'\[1\]6\*Ascend' is not a unit count"):
        read(html)


@pytest.mark.parametrize("sheet", [".tablenoborder::after{content:'\\2502';display:block;margin:0;font:300px/0 sans-serif;color:#fff}",
                                   ".tablenoborder::after{content:'\\2502';font-size:300px;line-height:calc(0% + 0px);color:#fff}"])
def test_generated_text_after_the_table_drawn_past_its_line_is_an_error(sheet):
    """Catches (hunt 66): the same bar drawn by an ::after of the table's wrapper (or a ::before of
    the block after it): its glyphs were not looked at, only elements' own text (Chromium draws
    6*Ascend where 16 was published)."""
    with pytest.raises(MincardsError, match=r"::after font-size 300px on a line 0px high \(its glyphs drawn past"):
        read(PAGE_HTML.replace("</head>", f"<style>{sheet}</style></head>", 1))
