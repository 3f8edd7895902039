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
from pipeline.errors import SourceError
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
    why = "lays out what it holds by SVG or MathML rules" if element == "<svg>" else "draws something else than its content"
    assert len(problems) == 1 and f"{element} around the vendor table {why}" in problems[0], problems


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
    assert saved_page(tmp_path, head, {"site.css": ".x{display:none}", "css/site.css": "p{margin:0}"}) == shown


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


# --- sheets saved beside the page: which URLs and @imports a browser applies -------------------------

def saved_page(tmp_path, head: str, sheets: dict[str, str]):
    """The page with `head` added and the stale 6 of its first 16*Ascend in `.x`, saved in a
    release folder with `sheets` (path -> CSS) beside it; the stale cell as read."""
    from pipeline.extract import SavedFiles, extract_html
    from test_other_hands_sheets import stale_cell, with_stale_six
    folder = tmp_path / "raw" / "2025-10-22"
    for path, css in sheets.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(css, encoding="utf-8")
    page = folder / "page.html"
    page.write_text(with_stale_six(head), encoding="utf-8")
    grid, _ = extract_html(page.read_bytes(), "raw/2025-10-22/page.html",
                           files=SavedFiles.beside(page, "raw/2025-10-22"))
    return stale_cell(grid)


HIDING = {"page_files/a.css": ".x{display:none}"}


@pytest.mark.parametrize(("head", "shown"), [
    ('<link rel="stylesheet" href="file:page_files/a.css">', "1*Ascend"),  # the page's own scheme: relative
    ('<link rel="stylesheet" href="FILE:./page_files//a.css">', "1*Ascend"),
    ('<style>@import "file:page_files/a.css";</style>', "1*Ascend"),
    ('<link rel="stylesheet" href="page%5Ffiles/a.css">', "1*Ascend"),  # an encoded name: still .css
    ('<link rel="stylesheet" href="page_files/a%2Ecss">', "16*Ascend"),  # an encoded dot: not of type text/css
    ('<style>@import "page_files/a%2ecss";</style>', "16*Ascend"),
])
def test_a_saved_sheets_url_is_resolved_and_typed_as_chromium_does(tmp_path, head, shown):
    """Catches: `href="file:page_files/a.css"` (a relative reference with the page's scheme,
    which the URL Standard resolves from the page) was not applied: 16*Ascend published where
    Chromium hides the 6; `page_files/a%2Ecss` was applied (the type taken from the decoded
    name) where Chromium takes the URL's own extension, `%2Ecss`, for no CSS and shows 16*Ascend."""
    assert saved_page(tmp_path, head, HIDING) == shown


@pytest.mark.parametrize(("before", "shown"), [
    (".y::-moz-selection{color:red}", "1*Ascend"),  # an invalid selector list: dropped, the @import still leads
    ("p{margin:0}", "16*Ascend"),  # a style rule: the @import after it is ignored
    ("@media print{p{color:red}}", "16*Ascend"),
])
def test_an_import_after_a_rule_a_browser_drops_is_applied(tmp_path, before, shown):
    """Catches: `%%{color:red} @import "a.css"` (and an invalid selector list before the
    @import) ignored the import as coming after a rule, while Chromium drops the invalid rule
    as it parses the sheet and applies the import: 16*Ascend published, 1*Ascend shown."""
    assert saved_page(tmp_path, f'<style>{before} @import "page_files/a.css";</style>', HIDING) == shown


def test_an_import_after_a_rule_this_reader_cannot_judge_is_checked(tmp_path):
    """Catches: `@foo{} @import "a.css"` ignored the import without a word; Chromium drops the
    unknown at-rule and applies it. This reader does not know every at-rule a browser keeps, so
    the imported rules are checked: an error naming them where they would hide a digit."""
    with pytest.raises(SourceError, match=r"an @import after @foo"):
        saved_page(tmp_path, '<style>@foo{} @import "page_files/a.css";</style>', HIDING)


def test_an_import_chain_deeper_than_followed_is_an_error(tmp_path):
    """Catches: six sheets importing each other in a chain, the last hiding the 6: the chain was
    followed four deep and then silently dropped (16*Ascend published, 1*Ascend shown). Now
    followed sixteen deep, and an error past that."""
    chain = {f"page_files/c{n}.css": f'@import "c{n + 1}.css";' for n in range(1, 6)} | {"page_files/c6.css": ".x{display:none}"}
    assert saved_page(tmp_path, '<link rel="stylesheet" href="page_files/c1.css">', chain) == "1*Ascend"
    deep = {f"page_files/c{n}.css": f'@import "c{n + 1}.css";' for n in range(1, 20)}
    with pytest.raises(SourceError, match=r"@import nested 17 deep"):
        saved_page(tmp_path / "deep", '<link rel="stylesheet" href="page_files/c1.css">', deep)


# --- a page that sends its reader elsewhere ----------------------------------------------------------

@pytest.mark.parametrize("content", ["0; url=about:blank", "1;URL='page_files/other.html'", "0, other.html"])
def test_a_meta_refresh_to_another_page_is_an_error_naming_it(content):
    """Catches: `<meta http-equiv="refresh" content="0; url=about:blank">` (or to a saved copy
    with other values) published every row; Chromium replaces the page at once and the reader
    sees no table, or the copy's values."""
    with pytest.raises(SourceError, match=r"<meta http-equiv=refresh content=.* replaces the page by"):
        read(PAGE_HTML.replace("</head>", f'<meta http-equiv="refresh" content="{content}"></head>', 1))


def test_a_meta_refresh_of_the_page_itself_is_read(reference):
    """What must not be refused: a refresh without a URL reloads the same page."""
    same_rows(read(PAGE_HTML.replace("</head>", '<meta http-equiv="refresh" content="300"></head>', 1))[2].frame,
              reference[1])


# --- rules nested deep, and rules this reader cannot decide around the table --------------------------

def nested_media(depth: int) -> str:
    return "@media screen{" * depth + ".x{display:none}" + "}" * depth


def test_rules_nested_deeper_than_followed_are_an_error_not_left_out():
    """Catches: `.x{display:none}` inside 20 nested `@media screen{…}` (or 40 nested `&{…}`)
    was silently left out past the reader's 16 levels: 16*Ascend published, Chromium applies the
    rule and shows 1*Ascend. Sixteen levels are read; past them, an error."""
    from test_other_hands_sheets import stale_cell, with_stale_six
    assert stale_cell(read(with_stale_six(f"<style>{nested_media(15)}</style>"))[0]) == "1*Ascend"
    for css in (nested_media(20), ".x{" + "&{" * 40 + "display:none" + "}" * 41):
        with pytest.raises(SourceError, match=r"nests rules more than 16 deep"):
            read(with_stale_six(f"<style>{css}</style>"))


@pytest.mark.parametrize("css", [
    "details::details-content{display:none}",  # the content box of the <details> holding the table
    "@media (min-resolution: 2dppx){details{display:none}}",  # hidden on some desktops' screens only
    "@media (min-resolution: 2dppx){details{direction:rtl}}",  # its columns mirrored there
])
def test_a_rule_this_reader_cannot_decide_that_may_hide_the_table_from_around_it_is_an_error(css):
    """Catches: the table in an open <details> with `details::details-content{display:none}`
    published whole; Chromium draws no part of the details' content. Rules this reader cannot
    decide were checked against the table's own elements only, not against those around it."""
    html = with_sheet(css, wrapped("<details open><summary>表</summary>", "</details>"))
    with pytest.raises(SourceError, match=r"may hide, mark or add text to the <details> around the vendor table"):
        read(html)


def test_an_undecided_rule_around_the_table_that_hides_nothing_is_read(reference):
    """What must not be refused: a window-dependent rule around the table that only lays it out."""
    html = with_sheet("@media (min-resolution: 2dppx){details{display:block;margin:2em;color:#333}}",
                      wrapped("<details open><summary>表</summary>", "</details>"))
    same_rows(read(html)[2].frame, reference[1])


def test_a_sheet_in_the_x_user_defined_encoding_is_decoded_not_a_crash(tmp_path):
    """Catches: a saved sheet starting `@charset "x-user-defined";` (a label of the Encoding
    Standard, which Python has no codec for) ended the run with an internal error (LookupError,
    exit 3). Its ASCII bytes are the same characters: the rule applies, the 6 hidden."""
    css = '@charset "x-user-defined";\n.x{display:none}'
    assert saved_page(tmp_path, '<link rel="stylesheet" href="page_files/a.css">', {"page_files/a.css": css}) == "1*Ascend"


@pytest.mark.parametrize("css", ["1", '; @import "page_files/a.css";', "}{ @import 'page_files/a.css';"])
def test_a_sheet_that_starts_with_a_parse_error_is_read_not_a_crash(tmp_path, css):
    """Catches: a <style> whose first rule is a parse error (`<style>1</style>`: tinycss2 gives
    an error object, no rule) ended the run with an internal error (AttributeError, exit 3) once
    the rules before an @import were judged. A browser swallows the @import into the broken
    rule: nothing is hidden."""
    assert saved_page(tmp_path, f"<style>{css}</style>", HIDING) == "16*Ascend"
