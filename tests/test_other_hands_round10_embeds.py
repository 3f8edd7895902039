"""Pages made by other hands, round 10: shadow trees, replaced content, elements drawn in a block
of their own, encodings. Each case once published a value a reader does not see, exit 0 (or
refused a page Chromium shows plainly); each was checked in the system Chromium 156 (Playwright,
/usr/bin/chromium): a declarative shadow root that hides, restyles or reorders its host's
children; an image, frame, poster or CSS image drawing a digit beside a value; an <option> or
<optgroup> outside a <select>; `::details-content` showing a closed <details>; pages labelled GBK
and iso-2022-jp, decoded as the WHATWG Encoding Standard says.

The page is the real 2025-10-22 page with a value cell's `4*Ascend` (row 3, column 4) written as
the markup under test (test_other_hands_round8.on_value)."""
from __future__ import annotations

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError, LayoutError, SourceError
from pipeline.extract.html_page import parse_document
from pipeline.extract.html_styles import Styles
from pipeline.extract.text import cell_lines
from test_other_hands_round8 import on_value


def cell_error(html: str | bytes) -> list[str]:
    with pytest.raises(CellError) as caught:
        read(html)
    return [str(p) for p in caught.value.problems]


# --- declarative shadow roots -------------------------------------------------------------------

SHADOW = '<span><template shadowrootmode="{mode}">{tree}</template>{children}</span>4*Ascend'
DRAWN_FROM_THE_TREE = [  # each hides, restyles or reorders the host's `1`: Chromium shows 4*Ascend (or 61)
    SHADOW.format(mode="open", tree="<span hidden><slot></slot></span>", children="1"),
    SHADOW.format(mode="OPEN", tree="<span hidden><slot></slot></span>", children="1"),  # the mode in any case
    SHADOW.format(mode="open", tree='<slot style="display:none"></slot>', children="1"),
    SHADOW.format(mode="open", tree='<slot style="font-size:0"></slot>', children="1"),
    SHADOW.format(mode="open", tree="<style>::slotted(*){display:none}</style><slot></slot>", children="<b>1</b>"),
    SHADOW.format(mode="open", tree="<style>:host{display:none}</style><slot></slot>", children="1"),
    SHADOW.format(mode="open", tree="<span><slot></slot></span><style>span{display:none}</style>", children="1"),
    SHADOW.format(mode="closed", tree='<slot name="b"></slot><slot></slot>', children='1<b slot="b">6</b>'),
    '<x-card><template shadowrootmode="closed"><span hidden><slot></slot></span></template>1</x-card>4*Ascend',
    SHADOW.format(mode="open", tree="<span hidden><slot></slot></span></template><template shadowrootmode='open'>"
                  "<slot></slot>", children="1"),  # the first shadow root wins; a later template is a plain one
    SHADOW.format(mode="open", tree="<slot></slot>", children='1<b slot="x">6</b>'),  # no slot x: the 6 not drawn
]


@pytest.mark.parametrize("markup", DRAWN_FROM_THE_TREE, ids=range(len(DRAWN_FROM_THE_TREE)))
def test_a_shadow_tree_that_is_not_a_bare_slot_is_an_error_naming_the_cell(markup):
    """Catches: `<span><template shadowrootmode=open><span hidden><slot></slot></span></template>1
    </span>32*Ascend` published 132 (Chromium draws the shadow tree, whose slot is hidden: 32), and
    the same with `<slot style=display:none>`, `::slotted()`, `:host`, a shadow sheet, upper-case
    OPEN, named slots reordering the children (Chromium 61, read 16). A shadow tree is read
    through only when it is one bare <slot>; any other is `[shadow root]`, an error naming the cell."""
    problems = cell_error(on_value(markup))
    assert len(problems) == 1 and "row 3, column 4: '[shadow root]" in problems[0], problems


def test_a_part_rule_of_the_page_reaching_into_a_shadow_tree_is_an_error():
    """Catches: the page's `span::part(x){display:none}` hides the shadow tree's part around its
    slot (Chromium 4*Ascend); 14 was published. A tree with a part is not a bare slot."""
    html = on_value(SHADOW.format(mode="open", tree='<span part="x"><slot></slot></span>', children="1"),
                    "span::part(x){display:none}")
    assert "'[shadow root] 4*Ascend'" in cell_error(html)[0]


NOT_ATTACHED = [  # Chromium attaches no shadow root: a plain template, never drawn; the children read 14
    '<a><template shadowrootmode="open">6</template>1</a>4*Ascend',  # <a> cannot host a shadow root
    '<span><template shadowrootmode="opened">6</template>1</span>4*Ascend',  # not a mode
    '<span><template shadowroot="open">6</template>1</span>4*Ascend',  # the old attribute Chromium dropped
]
PASSED_THROUGH = [SHADOW.format(mode="open", tree=" <slot> </slot> ", children="1"),  # read on main too
                  SHADOW.format(mode="open", tree="<slot></slot></template><template shadowrootmode='open'>6",
                                children="1")]


@pytest.mark.parametrize("markup", NOT_ATTACHED, ids=range(len(NOT_ATTACHED)))
def test_templates_chromium_attaches_no_shadow_root_for_leave_the_children_drawn(markup):
    """Catches: a `<template shadowrootmode>` on an element that cannot host a shadow root
    (`<a>`), with a mode that is neither open nor closed, the dropped `shadowroot` attribute, or
    after a first shadow root (the first one wins) was taken as the element's shadow tree (an
    error, `[shadow root]`); Chromium ignores it and draws the children: 14*Ascend, read here."""
    grid = read(on_value(markup))[0]
    before = read(PAGE_HTML)[0]
    assert [c.raw_text for c in grid.cells if c.raw_text != before.cells[grid.cells.index(c)].raw_text] == ["14*Ascend"]


def test_a_slots_fallback_is_not_drawn_when_the_host_has_children(reference):
    """Catches: `<span><template shadowrootmode=open><slot><b>9</b></slot></template>4*Ascend</span>`
    refused as `[shadow root]`: the slot's content is a fallback, drawn only when nothing is
    assigned to it, and the host's text is (Chromium 4*Ascend). Read."""
    html = on_value('<span><template shadowrootmode="open"><slot><b>9</b></slot></template>4*Ascend</span>')
    same_rows(read(html)[2].frame, reference[1])


def test_the_vendor_table_inside_a_shadow_host_is_an_error_naming_the_host():
    """Catches: the table inside `<div><template shadowrootmode=open><span hidden><slot></slot>
    </span></template>…</div>`: Chromium draws the div's shadow tree, which hides the table (no
    table on the screen); all 1,350 rows were published. A host around the table that is not a
    bare slot is now a layout error naming it."""
    wrapped = PAGE_HTML.replace("<table", '<div><template shadowrootmode="open"><span hidden><slot></slot></span>'
                                "</template><table", 1)
    wrapped = wrapped.replace("</table>", "</table></div>", 1)
    with pytest.raises(LayoutError, match=r"<div> around the vendor table is drawn from its declarative shadow root"):
        read(wrapped)


SHADOW_PROBES = [markup.replace("4*Ascend", "") for markup in DRAWN_FROM_THE_TREE + NOT_ATTACHED + PASSED_THROUGH]


def children_text(host) -> str:
    """The text of a host's children (its light tree), its templates left out."""
    return (host.text or "") + "".join(("" if c.tag == "template" else "".join(c.itertext())) + (c.tail or "")
                                       for c in host)


def test_what_is_read_of_a_shadow_host_is_what_chromium_draws(browser):
    """For every shadow case above, on a page of its own: where this reader reads the host's
    children (no `[shadow root]`), Chromium's drawn text of the cell is that text; where it
    refuses, Chromium draws something else than the children where its innerText can tell (the
    reader would have been wrong)."""
    page, refused = browser.new_page(), 0
    try:
        for markup in SHADOW_PROBES:
            html = f"<!DOCTYPE html><table><tr><td id=c>{markup}</td></tr></table>"
            page.set_content(html)
            drawn = page.evaluate("() => document.getElementById('c').innerText").strip()
            root = parse_document(html.encode(), "probe.html")
            cell = next(root.iter("td"))
            read_here = " ".join(cell_lines(cell, Styles(root, "probe.html")))
            if "[shadow root]" not in read_here:
                assert drawn == read_here, markup
            refused += "[shadow root]" in read_here and drawn != children_text(cell[0])
    finally:
        page.close()
    assert refused >= 5  # innerText leaves out hidden text, not text drawn at 0px or restyled


# --- replaced content and CSS images -------------------------------------------------------------

SVG_ONE = ("data:image/svg+xml,%3Csvg%20xmlns%3D%27http%3A//www.w3.org/2000/svg%27%20width%3D%279%27%20height%3D"
           "%2718%27%3E%3Ctext%20x%3D%270%27%20y%3D%2714%27%3E1%3C/text%3E%3C/svg%3E")
IMAGES = [  # each draws an SVG holding the digit 1 before 4*Ascend: Chromium shows 14*Ascend
    f'<img src="{SVG_ONE}">', f'<img src="{SVG_ONE}" alt="">', f'<input type="image" src="{SVG_ONE}">',
    f'<picture><source srcset="{SVG_ONE}"><img src="data:," alt=""></picture>',
    f'<svg width="9" height="18"><image href="{SVG_ONE}" width="9" height="18"/></svg>',
    f'<object data="{SVG_ONE}" type="image/svg+xml" width="9" height="18"></object>',
    f'<embed src="{SVG_ONE}" type="image/svg+xml" width="9" height="18">',
    f'<video poster="{SVG_ONE}" width="9" height="18"></video>',
    '<iframe srcdoc="<body style=margin:0>1" width="10" height="22" style="border:0"></iframe>',
    f'<span style="display:list-item;list-style:url(&quot;{SVG_ONE}&quot;) inside"></span>',
    f'<span style="border-left:9px solid;border-image:url(&quot;{SVG_ONE}&quot;) 0 0 0 9 / 0 0 0 9px"></span>',
    f'<span style="display:inline-block;width:9px;height:18px;background:url(&quot;{SVG_ONE}&quot;)"></span>',
]


@pytest.mark.parametrize("markup", IMAGES, ids=range(len(IMAGES)))
def test_an_image_drawn_in_a_cell_is_an_error_naming_the_cell(markup):
    """Catches: `<img src="data:image/svg+xml,…1…">32*Ascend` published 32 (Chromium shows the image's
    1: 132*Ascend), and the same with alt="", <input type=image>, <picture><source>, an <svg>
    <image>, <object>, <embed>, a <video> poster, an <iframe srcdoc>, a list-style image, a border
    image and a background image. An image painted in a cell is pixels this reader cannot read:
    `[image]`, an error naming the cell."""
    problems = cell_error(on_value(markup + "4*Ascend"))
    assert len(problems) == 1 and "row 3, column 4: '[image]" in problems[0], problems


def test_frames_and_images_that_draw_nothing_still_read(reference):
    """Catches: `<fencedframe>1</fencedframe>4*Ascend` read as 14 (a fenced frame, like an iframe,
    never draws its children: Chromium 4*Ascend). Images of no size, removed or hidden, draw
    nothing and still read."""
    markup = (f'<fencedframe style="width:0;height:0;border:0">1</fencedframe><img src="{SVG_ONE}" width="0">'
              f'<img src="{SVG_ONE}" style="display:none"><img src="{SVG_ONE}" style="visibility:hidden">'
              f'<iframe srcdoc="1" style="width:0;height:0;border:0"></iframe><video></video>4*Ascend')
    same_rows(read(on_value(markup))[2].frame, reference[1])


# --- elements a browser draws in a block of their own ----------------------------------------------

@pytest.mark.parametrize("markup", ["<option>1</option>4*Ascend", '<optgroup label="1"></optgroup>4*Ascend',
                                    "<optgroup>1</optgroup>4*Ascend", '<span style="display:block ruby">1</span>4*Ascend'])
def test_an_option_or_optgroup_outside_a_select_is_a_line_of_its_own(markup):
    """Catches: `<option>1</option>32*Ascend` and `<optgroup>1</optgroup>32*Ascend` published 132 and
    `<optgroup label=1></optgroup>32*Ascend` 32: outside a <select>, Chromium draws an option as a
    block and an optgroup's label on a line of its own before its content (1 above 32*Ascend); a
    `display: block ruby` container is a block too. Each is now `1` / `4*Ascend`: an error naming the cell."""
    problems = cell_error(on_value(markup))
    assert len(problems) == 1 and "row 3, column 4: '1\\n4*Ascend'" in problems[0], problems


def test_a_rule_on_details_content_reaching_the_table_is_an_error_naming_it():
    """Catches: `details::details-content{content-visibility:visible;display:inline}` on a closed
    `<details>` holding a 1 before 32*Ascend: Chromium 156 draws the closed content (132); 32 was
    published. A rule on the box of a details' content is not computed here: an error naming it."""
    html = on_value('<details style="display:inline"><summary style="display:none"></summary>1</details>4*Ascend',
                    "details::details-content{content-visibility:visible;display:inline}")
    with pytest.raises(SourceError, match=r"rule 'details::details-content' may hide, mark or add text"):
        read(html)


# --- encodings --------------------------------------------------------------------------------

def test_a_page_labelled_gbk_is_decoded_with_the_gb18030_decoder(reference):
    """Catches: a page labelled GBK (or gb2312) holding a GB18030 four-byte sequence or the byte
    0x80 outside the table refused as 'binary data, not gbk text'; browsers decode every GBK label
    with the gb18030 decoder (the Encoding Standard), where 0x80 is €. The page is read."""
    html = PAGE_HTML.replace('<meta charset="utf-8">', '<meta charset="gb2312">', 1)
    end = "以此类推。".encode("gbk")
    data = html.encode("gbk").replace(end, end[:-2] + b"\x80\x81\x30\x81\x30" + end[-2:], 1)
    assert data.count(b"\x81\x30\x81\x30") == 1
    same_rows(read(data)[2].frame, reference[1])


def test_an_iso_2022_jp_page_with_escapes_is_refused(reference):
    """Catches: an iso-2022-jp page whose cell holds an empty switch to JIS X 0208 and back
    (`3 ESC$B ESC(B 2*Ascend`): browsers' decoder emits U+FFFD for it (Chromium 3�2*Ascend), Python's
    nothing, and 32 was published. Its escapes and shifts are decoded otherwise by Python: refused."""
    html = on_value("4*Ascend").replace('<meta charset="utf-8">', '<meta charset="iso-2022-jp">', 1)
    data = html.encode("ascii", "xmlcharrefreplace").replace(b">4*Ascend<", b">\x1b$B\x1b(B4*Ascend<", 1)
    assert data.count(b"\x1b$B") == 1
    with pytest.raises(SourceError, match=r"declares 'iso-2022-jp' and holds an iso2022_jp escape or shift byte"):
        read(data)
    same_rows(read(html.encode("ascii", "xmlcharrefreplace"))[2].frame, reference[1])  # without them: ASCII
