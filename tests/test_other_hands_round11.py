"""Pages made by other hands, round 11: the whole vendor table where a browser does not draw it.
Each case was checked in the system Chromium 156 (no cell of the table has a box; innerText of
the page does not hold it).

Once published whole with exit 0: the table inside an element that is not laid out (the `hidden`
attribute or `display:none` from a sheet on the vendor's own wrapper <div>, a closed <dialog> or
<details>, a popover), inside an element that draws something else than its children (the
fallback of a <canvas>, <video>, <object>, <meter>; options of a <select>), inside SVG (a
<foreignObject> in <defs>, or under `<g display="none">`). With a second copy of the table shown in
an <iframe srcdoc>, the hidden copy's numbers were published while the reader saw others."""
from __future__ import annotations

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from test_other_hands_round7 import layout_problems_of

WRAPPER = '<div class="tablenoborder">'
assert PAGE_HTML.count(WRAPPER) == 1 and PAGE_HTML.count("</table>") == 1


def wrapped(opening: str, closing: str, html: str = PAGE_HTML) -> str:
    """The page with the vendor table's wrapper <div> inside `opening` … `closing`."""
    start = html.index(WRAPPER)
    end = html.index("</div>", html.index("</table>")) + len("</div>")
    return html[:start] + opening + html[start:end] + closing + html[end:]


NOT_LAID_OUT = [  # (the page, the element named)
    (PAGE_HTML.replace(WRAPPER, '<div class="tablenoborder" hidden>'), "<div>"),
    (with_sheet(".tablenoborder{display:none}"), "<div>"),
    (wrapped("<dialog>", "</dialog>"), "<dialog>"),
    (wrapped("<details><summary>表</summary>", "</details>"), "<div>"),
    (wrapped("<div popover>", "</div>"), "<div>"),
]
DRAWING_OTHER = [
    (wrapped('<canvas width="1" height="1">', "</canvas>"), "<canvas>"),
    (wrapped("<video>", "</video>"), "<video>"),
    (wrapped('<object data="data:text/plain,x">', "</object>"), "<object>"),
    (wrapped('<svg width="700" height="3000"><defs><foreignObject width="700" height="3000">',
             "</foreignObject></defs></svg>"), "<svg>"),
    (wrapped('<svg width="700" height="3000"><g display="none"><foreignObject width="700" height="3000">',
             "</foreignObject></g></svg>"), "<svg>"),
]


@pytest.mark.parametrize(("html", "element"), NOT_LAID_OUT)
def test_a_table_inside_an_element_not_laid_out_is_an_error_naming_it(html, element):
    """Catches: `<div class="tablenoborder" hidden>` (and the same by a sheet rule, a closed
    dialog or details, a popover) published all 1,350 rows, none of which Chromium draws: the
    table's own style does not inherit its ancestor's display:none."""
    problems = layout_problems_of(html)
    assert len(problems) == 1 and f"{element} around the vendor table is not drawn (display: none)" in problems[0], \
        problems


@pytest.mark.parametrize(("html", "element"), DRAWING_OTHER)
def test_a_table_inside_an_element_drawing_something_else_is_an_error_naming_it(html, element):
    """Catches: the table as the fallback content of a canvas, video or object with data, or in
    SVG never rendered (<defs>, display="none"), published whole; Chromium draws the canvas, the
    video, the object's data, nothing of the SVG's definitions, and no cell of the table."""
    problems = layout_problems_of(html)
    assert len(problems) == 1 and f"{element} around the vendor table draws something else than its content" in \
        problems[0], problems


def test_a_hidden_table_beside_a_copy_shown_in_a_frame_is_an_error():
    """Catches: the vendor table in `<div hidden>` after an <iframe srcdoc> showing a copy with
    another value: the reader saw 64, the hidden copy's 32 was published."""
    frame = '<iframe width="700" height="3000" srcdoc="&lt;p&gt;a copy&lt;/p&gt;"></iframe>'
    problems = layout_problems_of(wrapped(frame + "<div hidden>", "</div>"))
    assert len(problems) == 1 and "<div> around the vendor table is not drawn" in problems[0], problems


@pytest.mark.parametrize("opening", ['<div style="display:contents">', "<fieldset disabled>", "<main><section>",
                                     '<div style="visibility:visible">'])
def test_a_table_inside_elements_that_draw_their_content_is_read(opening, reference):
    """What must not be refused: wrappers a browser lays out with their content (display:contents,
    a disabled fieldset, sectioning elements): every row as on the real page."""
    closing = "".join(f"</{tag.split()[0].strip('<>')}>" for tag in reversed(opening.replace("><", ">\n<").split("\n")))
    same_rows(read(wrapped(opening, closing))[2].frame, reference[1])


# --- a <base href> given after a sheet --------------------------------------------------------------

@pytest.mark.parametrize(("head", "shown"), [
    ('<link rel="stylesheet" href="site.css"><base href="css/">', "1*Ascend"),  # the link's site.css hides the 6
    ('<style>@import "site.css";</style><base href="css/">', "1*Ascend"),
    ('<base href="css/"><link rel="stylesheet" href="site.css">', "16*Ascend"),  # css/site.css hides nothing
])
def test_a_sheet_before_the_base_href_resolves_from_the_page(tmp_path, head, shown):
    """Catches: `<link href="site.css"><base href="css/">` read css/site.css (the base given
    later), where Chromium fetches the sheet as the parser reaches the link, from the page's own
    URL (checked in Chromium 156: `1<span class=x>…` shown as the sheet beside the page says);
    the mirror case published the value the other sheet hides. The same for a <style>'s
    @import before the base."""
    from pipeline.extract import SavedFiles, extract_html
    from test_other_hands_sheets import stale_cell, with_stale_six
    folder = tmp_path / "raw" / "2025-10-22"
    (folder / "css").mkdir(parents=True)
    (folder / "site.css").write_text(".x{display:none}", encoding="utf-8")
    (folder / "css" / "site.css").write_text("p{margin:0}", encoding="utf-8")
    page = folder / "page.html"
    page.write_text(with_stale_six(head), encoding="utf-8")
    grid, _ = extract_html(page.read_bytes(), "raw/2025-10-22/page.html",
                           files=SavedFiles.beside(page, "raw/2025-10-22"))
    assert stale_cell(grid) == shown


# --- format characters a browser draws ---------------------------------------------------------------

def test_the_format_characters_read_as_nothing_are_those_chromium_draws_as_nothing(browser, tmp_path):
    """Catches: `3&#x1BCA0;2*Ascend` (and U+110BD, U+13430) published 32 with a `repaired`
    warning, every format character being dropped, while Chromium draws a box between the 3 and
    the 2. Probes every character of category Cf between two digits in the real browser: one
    that changes the width of `32` is drawn, and must be one printed() keeps (DRAWN_FORMAT);
    one that does not must be dropped."""
    import unicodedata

    from chromium import open_page
    from pipeline.tokens import printed
    formats = [c for c in range(0x80, 0x110000) if unicodedata.category(chr(c)) == "Cf"]
    spans = "".join(f'<span id="c{c:x}">3&#x{c:x};2</span><br>' for c in formats)
    page_file = tmp_path / "formats.html"
    page_file.write_text(f'<!DOCTYPE html><meta charset="utf-8"><span id="plain">32</span><br>{spans}', encoding="utf-8")
    page, errors = open_page(browser, page_file)
    widths = page.evaluate("() => Object.fromEntries([...document.querySelectorAll('span')]"
                           ".map(s => [s.id, s.getBoundingClientRect().width]))")
    page.close()
    drawn = {c for c in formats if abs(widths[f"c{c:x}"] - widths["plain"]) > 0.01}
    kept = {c for c in formats if printed(f"3{chr(c)}2") != "32"}
    assert 0x1BCA0 in drawn and 0x200B not in drawn and not errors
    assert sorted(map(hex, drawn ^ kept)) == []
