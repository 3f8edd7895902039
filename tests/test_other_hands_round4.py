"""Pages made by other hands, round 4: site style sheets written the way design systems,
CSS frameworks and single-file savers write them (custom properties, nesting, the `font`
shorthand, sheets inlined as data: URLs), and markup whose content a browser does not draw
as text (embedded elements' fallback, closed <details> and <dialog>, declarative shadow
roots). On each the extractor once exited 0 with a number a reader does not see.

Each test puts its cases in different value cells of the real 2025-10-22 page and reads it
once: a stale digit `1` before a cell's `N*Ascend`, which a reader does not see (out of
sight, removed, or not drawn as text). Read as text it publishes 1N cards; so every case
must either leave the page's rows exactly as they are, or be one cell error of its own."""
from __future__ import annotations

import base64
import re
import urllib.parse

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError, MincardsError

VALUE_CELL = re.compile(r'(<p id="modelarts_llm_train_590804__p\d+">)(\d+\*Ascend)</p>')


def stale_digits(wrappers: list[tuple[str, str]], html: str = PAGE_HTML) -> str:
    """The page with a stale `1` inside each wrapper (opening, closing), the i-th before the
    i-th value cell's `N*Ascend` (cells of distinct rows and columns: every fifth one)."""
    cells = VALUE_CELL.finditer(html)
    out, last = [], 0
    for (opening, closing), cell in zip(wrappers, [c for i, c in enumerate(cells) if i % 5 == 0]):
        out += [html[last:cell.start()], f"{cell[1]}{opening}1{closing}{cell[2]}</p>"]
        last = cell.end()
    assert len(out) == 2 * len(wrappers)
    return "".join(out) + html[last:]


def cell_errors(html: str) -> list[str]:
    with pytest.raises(CellError) as caught:
        read(html)
    return [str(p) for p in caught.value.problems]


# --- the cascade: what site sheets of today write ------------------------------------------------

OUT_OF_SIGHT = [  # a rule for class .s{i}
    ":root{{--bg:#fff}} .s{i}{{color:var(--bg)}}",  # a design token for the background colour
    ":root{{--muted:0}} .s{i}{{opacity:var(--muted)}}",
    ":root{{--none:0}} .s{i}{{font-size:var(--none)}}",
    ".s{i}{{color:var(--undefined, transparent)}}",  # the fallback of an undefined property
    ":root{{--a{i}:var(--b{i})}} :root{{--b{i}:rgba(0,0,0,0)}} .s{i}{{color:var(--a{i}) !important}}",
    ".s{i}{{font:0/0 a}}",  # the image-replacement idiom: the `font` shorthand sets the size 0
    ".s{i}{{-webkit-text-fill-color:transparent}}",  # the fill, not the colour, paints the glyphs
    ".s{i}{{filter:opacity(0)}}",
]


def test_stale_digits_out_of_sight_by_todays_site_css_are_errors():
    """Catches: custom properties (`var()`, their fallbacks, one defined by another), the `font`
    shorthand, -webkit-text-fill-color and the opacity() filter were not read, so a digit a
    reader cannot see was published (4 cards as 14, exit 0). Out of sight, it is set apart
    (`[1]`), and each such cell is an error of its own."""
    css = " ".join(rule.format(i=i) for i, rule in enumerate(OUT_OF_SIGHT))
    html = with_sheet(css, stale_digits([(f'<span class="s{i}">', "</span>") for i in range(len(OUT_OF_SIGHT))]))
    problems = cell_errors(html)
    assert len(problems) == len(OUT_OF_SIGHT)
    assert all(re.search(r"column \d+: '\[1\]\d+\*Ascend' is not a unit count", p) for p in problems)


def test_stale_digits_removed_by_custom_properties_or_nested_rules_are_not_read(reference):
    """Catches: `display:var(--hide)` and nested rules (CSS nesting, every browser since 2023;
    a nested @media) were not applied: the digits a browser removes were read (14 published
    for 4), or var() in display taken for a block (an error)."""
    css = ":root{--hide:none} .r0{display:var(--hide)} td{ & .r1{display:none} } td{ .r2{ @media screen " \
          "{ display:none } } }"
    html = with_sheet(css, stale_digits([(f'<span class="r{i}">', "</span>") for i in range(3)]))
    same_rows(read(html)[2].frame, reference[1])


def test_style_sheets_inlined_as_data_urls_are_applied_and_others_are_not(reference):
    """Catches: a page saved by a single-file saver (monolith writes each linked sheet as
    `<link rel=stylesheet href="data:text/css;base64,…">`) kept its sheet in the page, yet it
    was not applied: the digits its rules remove were published (14 for 4). An alternate sheet,
    or one elsewhere (never fetched), is not applied: the digit it would remove stays, out of
    sight, an error."""
    links = [f'<link rel="stylesheet" href="data:text/css;base64,{base64.b64encode(b".d0{display:none}").decode()}">',
             f'<link rel="stylesheet" href="data:text/css;charset=utf-8,{urllib.parse.quote(".d1{display:none}")}">']
    html = stale_digits([('<span class="d0">', "</span>"), ('<span class="d1">', "</span>")])
    same_rows(read(html.replace("</head>", "".join(links) + "</head>"))[2].frame, reference[1])
    others = [f'<link rel="alternate stylesheet" href="data:text/css,{urllib.parse.quote(".a0{display:none}")}">',
              '<link rel="stylesheet" href="https://example.invalid/site.css">']
    html = stale_digits([('<span class="a0" style="opacity:0">', "</span>")])
    assert len(cell_errors(html.replace("</head>", "".join(others) + "</head>"))) == 1


# --- markup a browser does not draw as text ------------------------------------------------------

NOT_DRAWN = [
    ("<iframe>", "</iframe>"), ("<canvas>", "</canvas>"), ("<video>", "</video>"), ("<audio>", "</audio>"),
    ("<progress>", "</progress>"), ("<noembed>", "</noembed>"), ("<datalist><option>", "</option></datalist>"),
    ("<dialog>", "</dialog>"), ("<details><summary></summary>", "</details>"), ("<ruby><rp>", "</rp></ruby>"),
]


def test_content_a_browser_does_not_draw_is_not_cell_text(reference):
    """Catches: the fallback content of embedded elements (a frame's, a canvas's, a video's),
    a datalist's options, a closed dialog's or details' content and ruby's parentheses were
    read as cell text, glued to the value: `<canvas>1</canvas>4*Ascend` published as 14 cards
    (exit 0); a browser draws none of it."""
    same_rows(read(stale_digits(NOT_DRAWN))[2].frame, reference[1])


SHOWN_APART = [
    ("<select><option>", "</option></select>"),  # a drop-down showing 1, beside 4*Ascend
    ("<textarea>", "</textarea>"), ('<svg width="9" height="9"><text>', "</text></svg>"),
    ('<img src="x.png" alt="', '">'),  # the image left out, its text says 1
]


def test_what_an_embedded_element_shows_is_a_box_apart_never_glued():
    """Catches: a drop-down's option, a text field's text or a drawing's text glued to the
    value beside it (`<select><option>1</option></select>4*Ascend` published as 14), and an
    image left out (4 published where the image's text says 1). What it shows is a box of its
    own, set apart: each such cell an error."""
    problems = cell_errors(stale_digits(SHOWN_APART))
    assert len(problems) == len(SHOWN_APART)
    assert all(re.search(r"'\[1\] \d+\*Ascend' is not a unit count", p) for p in problems)


def test_a_declarative_shadow_root_is_drawn_not_its_children():
    """A single-file save of a web component writes its shadow tree as `<template
    shadowrootmode>`: a browser draws that tree (here `6`), not the element's children (`1`),
    so the reader sees 6N*Ascend where the children read 1N*Ascend: an error naming the cell.
    A shadow root that only passes its children through a <slot> shows them, and is read."""
    shadow = '<span><template shadowrootmode="open">{}</template>'
    problems = cell_errors(stale_digits([(shadow.format("6"), "</span>"), (shadow.format("<slot></slot>"), "</span>")]))
    assert len(problems) == 1  # the pass-through one shows its `1` (a count, 1N, as a reader sees it)
    assert re.search(r"'\[shadow root\] \d+\*Ascend' is not a unit count", problems[0])


# --- rows of layout ---------------------------------------------------------------------------------

WORD_SIZING_ROW = ("<![if !supportMisalignedColumns]><tr height=0>" + "<td width=64 style='border:none'></td>" * 13
                   + "</tr><![endif]>")


def test_rows_a_reader_sees_no_text_in_are_layout_not_data(reference):
    """Catches: Word's "Save as Web Page" ends a table with merged cells with a zero-height row
    of empty sizing cells (`<![if !supportMisalignedColumns]><tr height=0>…`), and editors leave
    a blank row of `&nbsp;` cells: each was read as a row of 13 empty values and the page
    refused (13 cell errors). A row with no text, that no cell spans into or out of, is layout
    (the vendor table has no empty cells of its own); one inside a merged cell is still an error."""
    blank = "<tr>" + "<td>&nbsp;</td>" * 13 + "</tr>"
    html = PAGE_HTML.replace("</tbody>", f"{blank}{WORD_SIZING_ROW}</tbody>", 1)
    same_rows(read(html)[2].frame, reference[1])
    inside = PAGE_HTML.replace('<tr id="modelarts_llm_train_590804__row0033">', "<tr>" + "<td></td>" * 11 + "</tr>"
                               '<tr id="modelarts_llm_train_590804__row0033">', 1)  # under llama3.1-8b's spans
    with pytest.raises(MincardsError, match=r"row 5: the row fills 11 of 13 columns"):
        read(inside)


def test_non_breaking_hyphens_in_model_names_are_hyphens(reference):
    """Catches: a CMS or an editor that keeps names from breaking at a line's end writes their
    hyphens as U+2011 (`&#8209;`, or the hyphen U+2010): NFKC leaves both apart, and the page
    was refused (`MindSpeed‑LLM规格卡数/DIE` an unrecognised heading, 'llama3.1‑8b' not a model name). A reader sees a hyphen. Dashes
    and the minus sign still are not hyphens (a range, a negative number): an error."""
    html = re.sub(r'(<p id="[^"]+">[A-Za-z][^<]*?)-', "\\1&#8209;", PAGE_HTML)  # each name's first hyphen
    html = html.replace("DeepSeek&#8209;V3/R1", "DeepSeek&#8208;V3/R1")
    assert html.count("&#8209;") > 30
    same_rows(read(html)[2].frame, reference[1])
    with pytest.raises(CellError, match=r"'llama3\.1–8b' is not a model name"):
        read(PAGE_HTML.replace(">llama3.1-8b<", ">llama3.1&#8211;8b<", 1))
