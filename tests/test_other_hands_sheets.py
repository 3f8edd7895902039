"""Pages made by other hands, the sheets round: which style sheets a browser applies and how
its selectors match, and the attributes HTML reads as colours. Each case once published a
value a reader does not see as written, exit 0: `<font color="ffffff">` (no `#`: HTML's legacy
colour rules read it as white, CSS as no colour), a page labelled with an encoding browsers
replace by one U+FFFD, sheets a browser leaves out (disabled, of another type, of another
title set) or applies only by a script, `<base href>`, `@import` of a data: URL, `@namespace`,
`@property`, quirks mode and HTML's case-insensitive attribute values."""
from __future__ import annotations

import re

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
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
