"""Pages made by other hands, round 22 (hunts 39 and 41, session 36): a letter spacing of a box's own,
drawn after its last glyph too, leaves a gap inside a number. Checked in the system Chromium by
the hunt (glyph boxes: `1` at 369.8 px, 18.5 wide with its spacing, `4` at 388.3): the page read
`<span style="letter-spacing: .6em">1</span>4*Ascend` as 14 with exit 0, where the same cell
written `1 4*Ascend` (a narrower gap) is refused. The cell is the page's first 16*Ascend."""
from __future__ import annotations

import base64
from pathlib import Path

import pytest

from pipeline.errors import MincardsError
from page_variants import read
from test_other_hands_round21 import cell_written, shown
from test_other_hands_sheets import stale_cell

APART = r"'1 6\*Ascend' is not a unit count: a space between '1' and '6\*Ascend' may separate two items"


@pytest.mark.parametrize("inner, head", [
    ('<span style="letter-spacing: 0.6em">1</span>6*Ascend', ""),
    ('<span style="letter-spacing: 2px">1</span>6*Ascend', ""),
    ('<span style="letter-spacing: 30%">1</span>6*Ascend', ""),
    ('<span class="n">1</span>6*Ascend', "<style>.n { letter-spacing: .25em }</style>"),
    ('<span style="--gap: .5em; letter-spacing: var(--gap)">1</span>6*Ascend', ""),
], ids=["em", "px", "percent", "sheet", "var"])
def test_a_letter_spacing_of_a_box_s_own_sets_it_apart(inner, head):
    """Catches: the gap after the box's last glyph was not counted, and 16 was published where
    Chromium draws `1  6*Ascend`. The box is set apart as one with a margin is: a separate word."""
    with pytest.raises(MincardsError, match=APART):
        shown(inner, head)


@pytest.mark.parametrize("inner, head", [
    ('<span style="letter-spacing: 0.05em">1</span>6*Ascend', ""),  # a design's tracking: a 0.8 px gap
    ('<span style="letter-spacing: 0.3em">16*Ascend</span>', ""),  # the whole value spaced alike
    ('<span style="letter-spacing: 0.3em">1<b>6</b>*Ascend</span>', ""),  # inherited: every letter alike
    ('<span style="letter-spacing: normal">1</span>6*Ascend', "<style>p { letter-spacing: .3em }</style>"),
    ('<span style="letter-spacing: -0.02em">1</span>6*Ascend', ""),
])
def test_tracking_that_leaves_no_gap_of_its_own_reads(inner, head):
    """The controls: spacing under the floor, spacing of the whole value or inherited by every
    letter alike, and a slight negative tracking draw the number unbroken."""
    assert shown(inner, head) == "16*Ascend"


# --- hunt 41: an empty generated box is a box; a first letter set apart; a font file's glyphs ----------

@pytest.mark.parametrize("inner, head, apart", [
    ('1<span class="x"></span>6*Ascend', '.x::after { content: ""; display: table; clear: both }', "a line break"),
    ('1<span class="x"></span>6*Ascend', '.x::before { content: ""; display: inline-block; width: .6em }', "a space"),
    ('1<span class="x"></span>6*Ascend', ".x::after { content: ''; padding-left: .6em }", "a space"),
    ('1<span class="x"></span>6*Ascend', '.x::after { content: ""; border-left: .6em solid transparent }', "a space"),
    ('1<span class="x"></span>6*Ascend', '.x::before { content: ""; display: inline-block; width: .6em; '
                                         'visibility: hidden }', "a space"),
], ids=["clearfix", "icon", "padding", "border", "hidden-icon"])
def test_an_empty_generated_box_is_set_apart_as_an_element(inner, head, apart):
    """Catches (hunt 41): a ::before or ::after with `content: ""` was no box at all here, where
    Chromium lays it out: the clearfix's table breaks `1` and `6*Ascend` onto two lines, an icon's
    inline-block or a padding leaves a 9.6 px gap (a space is about 4 px), and 16 was published
    with exit 0. It is set apart as an empty element in its place is."""
    with pytest.raises(MincardsError, match=rf"'1(\\n| )+6\*Ascend' is not a unit count: {apart} between"):
        shown(inner, f"<style>{head}</style>")


def test_an_empty_generated_box_painting_over_a_digit_is_an_error():
    """Catches: `::after { content: ""; margin-left: -.6em; border-left: .6em solid #fff }` on the
    span holding the 1 paints its border over the 1: Chromium shows `6*Ascend`, 16 was published.
    A border drawn under a negative margin paints over the text beside the box, as a background."""
    with pytest.raises(MincardsError, match=r"::after margin-left: -\.6em"):
        shown('<span class="g">1</span>6*Ascend',
              '<style>.g::after { content: ""; margin-left: -.6em; border-left: .6em solid #fff }</style>')


@pytest.mark.parametrize("head", ['.x::after { content: "" }', '.x::after { content: ""; display: table; clear: both }',
                                  '.x::before { content: ""; border-left: .6em solid #fff }'])
def test_an_empty_generated_box_beside_the_whole_value_reads(head):
    """The controls: an empty box drawing nothing, a clearfix after the whole value, a border
    before it (no negative margin: beside the text, not over it)."""
    assert shown('<span class="x">16*Ascend</span>', f"<style>{head}</style>").strip() == "16*Ascend"


@pytest.mark.parametrize("rule", ["margin-right: .6em", "padding-right: .6em", "float: left"])
def test_a_first_letter_set_apart_is_an_error(rule):
    """Catches (hunt 41): `td p::first-letter { margin-right: .6em }` draws every value with a gap
    after its first character (`1  6*Ascend`, `4  096`); every value was published whole. A first
    letter with a box of its own is a rule this reader does not decide: an error naming it."""
    with pytest.raises(MincardsError, match=r"'td p::first-letter' may hide, mark or add text"):
        shown("16*Ascend", f"<style>td p::first-letter {{ {rule} }}</style>")


BOX_FONT = "data:font/ttf;base64," + base64.b64encode(
    (Path(__file__).resolve().parents[1] / "pipeline" / "extract" / "box.ttf").read_bytes()).decode()


@pytest.mark.parametrize("source", [f"url({BOX_FONT})", "url(https://fonts.example/num.woff2) format('woff2')",
                                    f"local('Nothing'), url({BOX_FONT})"], ids=["data", "remote", "local-first"])
def test_a_font_file_drawing_the_table_s_text_is_an_error(source):
    """Catches (hunt 41): an @font-face from a font file whose cmap swaps 3 and 8 (the
    anti-scraping trick) made Chromium draw 82*Ascend for 32*Ascend, and the repo's box font
    drew a digit as a black box; the values were published as the text holds them. A font
    file's glyphs are not read here: text drawn in one is an error naming the face."""
    with pytest.raises(MincardsError, match=r"@font-face \{font-family: Num; src: [^}]*url\("):
        shown('<span class="n">1</span>6*Ascend', f"<style>@font-face {{ font-family: Num; src: {source} }} "
                                                  ".n { font-family: Num, sans-serif }</style>")


@pytest.mark.parametrize("face", [f"font-family: Num; src: url({BOX_FONT}); unicode-range: U+4E00-9FFF",
                                  f"font-family: Num; src: url({BOX_FONT}); unicode-range: U+E0??",
                                  "font-family: Num; src: local('DejaVu Sans')"])
def test_a_font_file_for_other_characters_or_a_system_font_reads(face):
    """The controls: a font file whose unicode-range leaves out the table's characters (CJK,
    an icon font's private use area) draws none of them, and a system font by local()."""
    assert shown('<span class="n">1</span>6*Ascend', f"<style>@font-face {{ {face} }} "
                                                     ".n { font-family: Num, sans-serif }</style>") == "16*Ascend"


# --- hunt 43: the family as Chromium resolves it, and the face as Chromium keeps it -------------------------

FACE = f"@font-face {{ font-family: 'Anti Font'; src: url({BOX_FONT}) }}"


@pytest.mark.parametrize("inner, head", [
    ('<span class="n">1</span>6*Ascend', f"<style>{FACE} :root {{ --num: 'Anti Font' }} .n {{ font-family: var(--num) }}"
                                         "</style>"),
    ('<span class="n">1</span>6*Ascend', f"<style>{FACE} .n {{ font-family: anti\\ font, sans-serif }}</style>"),
    ('<span class="n">1</span>6*Ascend', f"<style>{FACE} .n {{ font-family: Anti/**/Font }}</style>"),
    ('<span class="n">1</span>6*Ascend', f"<style>{FACE} .n {{ font: 16px anti\\ font }}</style>"),
    ('<font face="anti\\ font">1</font>6*Ascend', f"<style>{FACE}</style>"),
], ids=["var", "escape", "comment", "shorthand", "font-face-attribute"])
def test_a_font_file_s_family_named_otherwise_is_an_error(inner, head):
    """Catches (hunt 43): the family named through var(), with a CSS escape or a comment, in the
    font shorthand or a <font face>: Chromium resolves each to the face's family and draws its
    glyphs (an 8 for the 4 of the hunt's font); the written text was compared and the value
    published. The family is read as CSS reads it."""
    with pytest.raises(MincardsError, match=r"@font-face \{font-family: [\"']Anti Font[\"']; src: url\("):
        shown(inner, head)


@pytest.mark.parametrize("descriptors", [
    "unicode-range: U+4E00-9FFF,",  # a trailing comma: Chromium rejects the descriptor, the face covers all
    "unicode-range: U+9FFF-4E00",  # a range ending before it starts
    "unicode-range: U+4E00/**/-9FFF",
    "unicode-range: U+4E00-9FFF; unicode-range: U+4E00-",  # the last one invalid: the first is Chromium's
    "unicode-range: U+0-7F; unicode-range: U+4E00-9FFF",  # two: taken together
])
def test_a_unicode_range_chromium_rejects_is_every_character(descriptors):
    """Catches (hunt 43): a unicode-range Chromium rejects (or one written twice, the last one
    invalid) leaves the face covering every character; the ranges parsed in part here kept it off
    the table's text, whose 4 Chromium drew as an 8."""
    with pytest.raises(MincardsError, match="a font file's glyphs"):
        shown('<span class="n">1</span>6*Ascend', f"<style>@font-face {{ font-family: Num; src: url({BOX_FONT}); "
                                                  f"{descriptors} }} .n {{ font-family: Num }}</style>")


def test_a_family_written_twice_counts_with_each_name():
    """Catches (hunt 43): `font-family: Num; font-family: 3` (the last one invalid): Chromium keeps
    Num, the last written was compared."""
    with pytest.raises(MincardsError, match="a font file's glyphs"):
        shown('<span class="n">1</span>6*Ascend', f"<style>@font-face {{ font-family: Num; font-family: 3; "
                                                  f"src: url({BOX_FONT}) }} .n {{ font-family: Num }}</style>")


@pytest.mark.parametrize("pseudo", ["first-letter", "first-line"])
def test_a_font_named_on_a_first_letter_or_line_is_undecided(pseudo):
    """Catches (hunt 43): the font set on ::first-letter or ::first-line was never looked at; a
    family named there is a rule this reader does not decide."""
    with pytest.raises(MincardsError, match=rf"'td p::{pseudo}' may hide, mark or add text"):
        shown("16*Ascend", f"<style>{FACE} td p::{pseudo} {{ font-family: 'Anti Font' }}</style>")


# --- hunt 45: the initial family, a cell's own generated text, attr()'s fallback ------------------------------

def test_a_font_file_named_as_the_initial_family_is_an_error():
    """Catches (hunt 45): `@font-face { font-family: "Times New Roman"; src: url(…) }`, used by no
    rule: text no rule gives a family is drawn in Chromium's standard font, a family of that very
    name, and the face's glyphs drew every 4 of the table as an 8; all rows were published."""
    with pytest.raises(MincardsError, match=r"the initial font-family, times new roman \(@font-face"):
        shown("16*Ascend", f"<style>@font-face {{ font-family: 'Times New Roman'; src: url({BOX_FONT}) }}</style>")


def test_a_font_file_of_another_name_leaves_the_initial_family_alone():
    """The control: a face of another name, used by no rule, draws nothing of the table."""
    assert shown("16*Ascend", f"<style>@font-face {{ font-family: Num; src: url({BOX_FONT}) }}</style>") == "16*Ascend"


@pytest.mark.parametrize("rule", ["font-family: D050000L", "font-size-adjust: 0.01",
                                  f"font-family: Num; }} @font-face {{ font-family: Num; src: url({BOX_FONT})"],
                         ids=["symbol-font", "font-size-adjust", "font-file"])
@pytest.mark.parametrize("owner", ["td:has(> p:empty)", "td p:empty"], ids=["cell", "paragraph"])
def test_a_cell_s_generated_text_drawn_unlike_text_is_an_error(rule, owner):
    """Catches (hunt 45): a value written as the cell's own ::after (or its paragraph's) in a
    symbol font, at a font-size-adjust that draws a speck, or in a font file: the declarations
    were checked on elements inside the cell, never on the cell's own generated box, nor a font
    named on any generated box."""
    with pytest.raises(MincardsError, match=r"::after (font-family|font-size-adjust)"):
        shown("", f"<style>{owner}::after {{ content: '16*Ascend'; {rule} }}</style>")


@pytest.mark.parametrize("attributes, seen", [("", "16*Ascend"), (' data-n=""', "6*Ascend"), (' data-n="3"', "36*Ascend")])
def test_attr_draws_its_fallback_for_a_missing_attribute(attributes, seen):
    """Catches (hunt 45): `content: attr(data-n, "1")` on an element without data-n draws the
    fallback (Chromium shows 16*Ascend); it was read as nothing. An empty attribute is empty."""
    assert shown(f'<span class="x"{attributes}>6*Ascend</span>',
                 '<style>.x::before { content: attr(data-n, "1") }</style>') == seen


# --- hunt 47: a family given by the font shorthand through var(), by env() or attr(); the system font ---------

@pytest.mark.parametrize("inner, rule", [
    ('<span class="n">1</span>6*Ascend', ":root { --f: 400 14px/1.5 Num, sans-serif } .n { font: var(--f) }"),
    ('<span class="n">1</span>6*Ascend', ".n { font-family: env(no-such-variable, Num) }"),
    ('<span class="n" data-f="Num">1</span>6*Ascend', ".n { font-family: attr(data-f type(<custom-ident>)) }"),
], ids=["shorthand-var", "env", "attr"])
def test_a_font_file_named_through_a_function_is_an_error(inner, rule):
    """Catches (hunt 47): the design-token rule `font: var(--font-sans)`, and a family given by env()
    or a typed attr(): the family was read before they were worked out (a shorthand holding var()
    declared no family at all), and Chromium's 8 for a 4 was published as 4."""
    with pytest.raises(MincardsError, match="a font file's glyphs"):
        shown(inner, f"<style>@font-face {{ font-family: Num; src: url({BOX_FONT}) }} {rule}</style>")


@pytest.mark.parametrize("inner", ['<span style="font: caption">1</span>6*Ascend',
                                   '<span style="font: -webkit-small-control">1</span>6*Ascend',
                                   '<button style="display: contents">1</button>6*Ascend'],
                         ids=["caption", "small-control", "button"])
def test_a_font_file_named_as_the_system_font_is_an_error(inner):
    """Catches (hunt 47): Chromium draws the `font` keywords of the system font (caption, menu,
    status-bar…) and form controls' text in a family named Arial: an @font-face of that name drew
    their 4 as an 8, and 4 was published. The keywords were dropped as no font."""
    with pytest.raises(MincardsError, match=r"font-family: arial \(@font-face"):
        shown(inner, f"<style>@font-face {{ font-family: Arial; src: url({BOX_FONT}) }}</style>")


def test_a_details_closed_by_an_open_ancestor_of_its_name_hides_its_value():
    """Catches (hunt 49): a cell's value inside `<details name="g" open>` within an open
    `<details name="g">` around the table: one of a name is open at a time, an ancestor counting,
    so Chromium closes the inner one and the cell shows no value; 16 was published."""
    html = cell_written('<details name="g" open><summary></summary>16*Ascend</details>')
    html = html.replace("<table", '<details name="g" open><summary>表</summary><table', 1).replace(
        "</table>", "</table></details>", 1)
    with pytest.raises(MincardsError, match=r"'' is not a unit count"):
        stale_cell(read(html)[0])


@pytest.mark.parametrize("holder", ["template", "noscript", "svg"])
def test_an_open_details_of_the_name_in_another_tree_leaves_the_value_open(holder):
    """The converse (hunt 49): an open `<details name="g">` inside a <template>, a <noscript> or an
    <svg> is in no group of the page's (another tree, raw text where scripts run, a foreign element):
    Chromium shows the cell's details open, and its value is read."""
    html = cell_written('<details name="g" open><summary></summary>16*Ascend</details>')
    html = html.replace("<table", f'<{holder}><details name="g" open><summary>x</summary></details></{holder}><table', 1)
    assert stale_cell(read(html)[0]).strip() == "16*Ascend"
