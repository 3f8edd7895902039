"""Pages made by other hands, the sheets round: which style sheets a browser applies and how
its selectors match, and the attributes HTML reads as colours. Each case once published a
value a reader does not see as written, exit 0: `<font color="ffffff">` (no `#`: HTML's legacy
colour rules read it as white, CSS as no colour), a page labelled with an encoding browsers
replace by one U+FFFD, sheets a browser leaves out (disabled, of another type, of another
title set) or applies only by a script, `<base href>`, `@import` of a data: URL, `@namespace`,
`@property`, quirks mode and HTML's case-insensitive attribute values."""
from __future__ import annotations

import functools
import re

import pytest

from page_variants import PAGE_HTML, grid_of, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError, MincardsError, SourceError
from pipeline.extract.css_colour import legacy_colour

VALUE_CELL = re.compile(r'<p (id="modelarts_llm_train_590804__p\d+")>(\d+\*Ascend)</p>')


def hex_of(value: str) -> str | None:
    colour = legacy_colour(value)
    return colour and "#" + "".join(f"{round(c * 255):02x}" for c in colour[:3])


def before_first_value(markup: str, html: str = PAGE_HTML) -> str:
    """The page with markup written before the first value cell's text (`4*Ascend`, row 3, column 4)."""
    cell = VALUE_CELL.search(html)
    return html[:cell.start()] + f"<p {cell[1]}>{markup}{cell[2]}</p>" + html[cell.end():]


def test_legacy_colour_rules_as_the_html_standard_writes_them():
    """The HTML Standard's examples and steps: no `#`, seven digits, letters that are not hex
    digits, long values cut to their last 8 then first 2 digits, named colours, `#rgb`."""
    assert [hex_of(v) for v in ("ffffff", "fffffff", "chucknorris", "#abc", " navy ", "#1234567890abcdef", "f",
                                "abcd", "#", "\U0001F600")] == \
        ["#ffffff", "#fffff0", "#c00000", "#aabbcc", "#000080", "#1278cd", "#0f0000", "#abcd00", "#000000", "#000000"]
    assert hex_of("transparent") is None and hex_of("  ") is None


@pytest.mark.parametrize("markup", ['<font color="ffffff">1</font>', '<font color="fffffff">1</font>',
                                    '<font color="ffffffzz">1</font>'])  # #ffff00: yellow on white
def test_a_legacy_font_colour_without_its_hash_is_white_and_out_of_sight(markup):
    """Catches: `<font color="ffffff">1</font>4*Ascend` published 14 (CSS reads `ffffff` as no
    colour, so the 1 was black; a browser reads it by HTML's legacy rules: white on white)."""
    with pytest.raises(CellError, match=r"row 3, column 4: '\[1\]4\*Ascend' is not a unit count"):
        read(before_first_value(markup))


def test_a_legacy_bgcolor_without_its_hash_is_the_cells_background():
    """Catches: `<td bgcolor="000000">` with a black 1 before a red 4*Ascend published 14 (the
    background read as none: black on white); a browser paints the cell black."""
    cell = VALUE_CELL.search(PAGE_HTML)
    td = PAGE_HTML.rindex("<td ", 0, cell.start())
    html = PAGE_HTML[:td] + '<td bgcolor="000000" ' + PAGE_HTML[td + 4:]
    html = before_first_value('<span style="color:#000">1</span><span style="color:#f00">', html)
    html = html.replace("4*Ascend</p>", "4*Ascend</span></p>", 1)
    with pytest.raises(CellError, match=r"row 3, column 4: '\[1\]4\*Ascend' is not a unit count"):
        read(html)


def test_colour_attributes_a_browser_ignores_change_nothing(reference):
    """`<font color=transparent>` is no colour (the legacy rules reject it: black text), bgcolor
    on a <p> is no background, and a sheet's rule overrides the attribute."""
    html = VALUE_CELL.sub(lambda m: f'<p {m[1]} bgcolor="000"><font color="transparent" class="w">{m[2]}</font></p>',
                          with_sheet(".w{color:#123}"))
    _, _, tidy = read(html)
    same_rows(tidy.frame, reference[1])


def test_a_legacy_body_text_colour_applies_to_the_page():
    """`<body text="ffffff">` draws every text white on the white canvas: no table a reader sees."""
    with pytest.raises(MincardsError):
        read(PAGE_HTML.replace("<body>", '<body text="ffffff">', 1))


# --- encodings browsers replace ------------------------------------------------------------------

@pytest.mark.parametrize("meta", ['<meta charset="hz-gb-2312">', '<meta charset=" ISO-2022-KR ">',
                                  '<meta http-equiv="Content-Type" content="text/html; charset=iso-2022-cn">'])
def test_a_page_labelled_with_an_encoding_browsers_replace_is_refused(meta):
    """Catches: a page labelled hz-gb-2312 (or iso-2022-kr) was decoded by Python's codec and its
    1,350 rows published; the Encoding Standard maps these labels to the replacement encoding,
    and a browser shows one U+FFFD. Now one error naming the label, from the file-kind check and
    the extractor alike."""
    from pipeline.extract import check_kind
    data = PAGE_HTML.replace('<meta charset="utf-8">', meta, 1).encode("ascii", "xmlcharrefreplace")
    for reading in (lambda: check_kind(data, "html", "page.html"), lambda: read(data)):
        with pytest.raises(SourceError, match=r"declares the encoding '.*', which browsers decode as the "
                                              r"'replacement' encoding"):
            reading()


def test_a_data_url_sheet_labelled_with_a_replaced_encoding_is_refused():
    html = with_sheet("").replace("<style></style>", '<link rel="stylesheet" href="data:text/css;charset=hz-gb-2312,'
                                  '.x%7Bdisplay:none%7D">', 1)
    with pytest.raises(SourceError, match=r"style sheet in a data: URL.*'hz-gb-2312'.*replacement"):
        read(html)


# --- which sheets a browser applies --------------------------------------------------------------

STALE = '1<span class="x">6</span>*Ascend'  # the 6 hidden: 1*Ascend; shown: 16*Ascend, the page's value


def with_stale_six(head: str) -> str:
    """The page's first 16*Ascend written with its 6 in `.x`, and `head` added to its <head>."""
    cell = re.search(r"<p (id=\"[^\"]+\")>16\*Ascend</p>", PAGE_HTML)
    html = PAGE_HTML[:cell.start()] + f"<p {cell[1]}>{STALE}</p>" + PAGE_HTML[cell.end():]
    return html.replace("</head>", head + "</head>", 1)


HIDE = ".x%7Bdisplay:none%7D"


@pytest.mark.parametrize("head", [
    f'<link rel="stylesheet" disabled href="data:text/css,{HIDE}">',
    f'<link rel="stylesheet" type="text/plain" href="data:text/css,{HIDE}">',
    f'<link rel="alternate stylesheet" title="Big" href="data:text/css,{HIDE}">',
    '<style title="Default">p{margin:0}</style><style title="Compact">.x{display:none}</style>',
    f'<meta http-equiv="Default-Style" content="Wide"><link rel="stylesheet" title="Compact" href="data:text/css,{HIDE}">',
    '<style type="text/x-template">.x{display:none}</style>',
], ids=["disabled", "type", "alternate", "second-title-set", "default-style", "style-type"])
def test_a_sheet_a_browser_leaves_out_is_not_applied(head, reference):
    """Catches: a disabled <link>, one of another type, and a sheet of a title set other than
    the preferred one (the first title, or <meta http-equiv=Default-Style>) were applied: the 6
    hidden, 1*Ascend published where a browser shows 16*Ascend."""
    same_rows(read(with_stale_six(head))[2].frame, reference[1])


@pytest.mark.parametrize("head", [
    '<style title="Compact">.x{display:none}</style><style title="Default">p{margin:0}</style>',
    '<style>@import url("data:text/css,.x{display:none}");</style>',
    f'<style>@import url("data:text/css;base64,{__import__("base64").b64encode(b".x{display:none}").decode()}");</style>',
    '<style>@namespace url(http://www.w3.org/1999/xhtml); .x{display:none}</style>',
    '<style>@namespace h url(http://www.w3.org/1999/xhtml); h|span.x{display:none}</style>',
], ids=["first-title-set", "import-data", "import-base64", "namespace-html", "namespace-prefix"])
def test_a_sheet_a_browser_applies_hides_what_it_hides(head):
    """Catches: `@import url(data:…)` in a <style> was silently dropped (the hidden 1 read). The
    preferred title set, and rules in the HTML namespace, apply."""
    grid = read(with_stale_six(head))[0]
    assert stale_cell(grid) == "1*Ascend"


@functools.cache
def stale_place() -> tuple[int, int]:
    """Where the page's grid has its first 16*Ascend (the page read once)."""
    return next((c.row, c.col) for c in grid_of(PAGE_HTML).cells if c.raw_text == "16*Ascend")


def stale_cell(grid) -> str:
    """The raw text of the cell with_stale_six changed (where the page's grid has its first 16*Ascend)."""
    place = stale_place()
    return next(c.raw_text for c in grid.cells if (c.row, c.col) == place)


def test_rules_of_another_namespace_match_no_html_element(reference):
    """Catches: `@namespace url(svg); .x{display:none}` was applied to HTML elements (cssselect2
    takes a default namespace for type selectors only); a browser matches SVG elements alone."""
    head = '<style>@namespace url(http://www.w3.org/2000/svg); .x{display:none}</style>'
    same_rows(read(with_stale_six(head))[2].frame, reference[1])


@pytest.mark.parametrize("head", [
    f'<link rel="preload" as="style" href="data:text/css,{HIDE}" onload="this.onload=null;this.rel=\'stylesheet\'">',
    f'<link rel="stylesheet" media="print" href="data:text/css,{HIDE}" onload="this.media=\'all\'">',
])
def test_a_sheet_only_a_script_applies_is_an_error_where_it_would_change_the_table(head):
    """Catches: loadCSS's `<link rel=preload as=style onload="this.rel='stylesheet'">` (and the
    media=print switch) was left out, while a browser's script applies it: 16*Ascend published
    where a browser shows 1*Ascend. This reader runs no script: its rules are checked as
    undecided ones are, an error where they would change what a reader sees of the table."""
    with pytest.raises(SourceError, match=r"\(a sheet a script may apply\)\) may hide, mark or add text"):
        read(with_stale_six(head))


def test_a_relative_sheet_resolves_from_base_href_inside_the_release_folder(tmp_path):
    """Catches: with `<base href="css/">`, `<link href="site.css">` was read from the page's own
    folder (a decoy site.css there), where a browser loads css/site.css (which hides the 6)."""
    from pipeline.extract import SavedFiles, extract_html
    folder = tmp_path / "raw" / "2025-10-22"
    (folder / "css").mkdir(parents=True)
    (folder / "css" / "site.css").write_text(".x{display:none}", encoding="utf-8")
    (folder / "site.css").write_text("p{margin:0}", encoding="utf-8")
    page = folder / "page.html"
    page.write_text(with_stale_six('<base href="css/"><link rel="stylesheet" href="site.css">'), encoding="utf-8")
    grid, _ = extract_html(page.read_bytes(), "raw/2025-10-22/page.html",
                           files=SavedFiles.beside(page, "raw/2025-10-22"))
    assert stale_cell(grid) == "1*Ascend"


# --- how selectors match in an HTML page -------------------------------------------------------------

def test_class_and_id_selectors_are_case_insensitive_in_quirks_mode_only():
    """Catches: a page without a doctype (quirks mode) with `.STALE{display:none}` and
    `<span class=stale>6</span>` published 16*Ascend where a browser hides the 6
    (class and id selectors match ASCII case-insensitively in quirks mode). With the doctype
    the class stays case-sensitive, as browsers match it."""
    from pipeline.extract.html_tree import quirks_mode
    html = with_stale_six("<style>.X{display:none} #NONE{color:red}</style>")
    assert PAGE_HTML.startswith("<!DOCTYPE html>")
    assert stale_cell(read(html.replace("<!DOCTYPE html>", "", 1))[0]) == "1*Ascend"
    assert stale_cell(read(html)[0]) == "16*Ascend"
    assert [quirks_mode(t) for t in ('<!-- c --><!DOCTYPE html>', '<?xml version="1.0"?><!DOCTYPE html>',
                                     '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">',
                                     '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "x">')] == \
        [False, False, True, False]


@pytest.mark.parametrize("rule, shown", [('span[lang="en"]', "1*Ascend"), ('span[lang="en" s]', "16*Ascend"),
                                         ('span[data-k="en"]', "16*Ascend"), (':not([dir=RTL]) > span[lang|=en]',
                                                                              "1*Ascend")])
def test_attribute_values_of_htmls_case_insensitive_list_match_case_insensitively(rule, shown):
    """Catches: `span[lang="en"]{display:none}` left `<span lang="EN">` shown (cssselect2 matches
    every value case-sensitively); HTML lists the attributes (lang, type, dir, …) whose values
    match ASCII case-insensitively, other attributes and an `s` flag stay case-sensitive."""
    html = with_stale_six(f"<style>{rule}{{display:none}}</style>")
    html = html.replace(STALE, STALE.replace('class="x"', 'class="x" lang="EN" data-k="EN"'), 1)
    assert stale_cell(read(html)[0]) == shown


@pytest.mark.parametrize("registration", ["@property --c { syntax: '<color>'; inherits: false; initial-value: #fff }",
                                          "@media screen { @property --fs { syntax: '<length>'; inherits: false; "
                                          "initial-value: 0px } }"])
def test_a_custom_property_registered_by_at_property_takes_its_initial_value(registration):
    """Catches: `@property --c {initial-value: #fff}` with `.x {color: var(--c)}` on a `1`
    before a value published 14: a browser gives the unset --c its registered initial value
    (white on white; a size of 0), the reader took var(--c) as undefined (black). Applied since
    session 45 (html_style.custom_properties): the 1 is out of sight, and the cell an error."""
    html = with_sheet(registration + " .x { color: var(--c); font-size: var(--fs) }")
    with pytest.raises(CellError, match=r"'\[1\]4\*Ascend' is not a unit count"):
        read(before_first_value('<span class="x">1</span>', html))
