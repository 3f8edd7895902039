"""What a reader sees, from the real CSS cascade (html_cascade.py: tinycss2 and cssselect2;
html_style.py: one function per computed value): badges drawn as boxes of their own, text out
of sight whether styled inline or by a sheet, text added by ::before/::after, and the bound on
work. Each variant is the real 2025-10-22 page, read by the real extractor."""
from __future__ import annotations

import re

import pytest

from page_variants import PAGE_HTML, ROWS, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import MincardsError, SourceError

QWEN = ">qwen3-8b</p>"
VALUE = ">16*Ascend</p>"


def badge(style: str, tag: str = "span", attrs: str = "") -> str:
    """The page with a badge beside qwen3-8b, styled inline or by its attributes."""
    return PAGE_HTML.replace(QWEN, f'>qwen3-8b<{tag}{attrs} style="{style}">NEW</{tag}></p>', 1)


@pytest.mark.parametrize("style", ["display:inline-block;margin-left:4px", "display:inline-block",
                                   "margin-left:4px", "padding:0 3px", "border:1px solid red", "float:right",
                                   "display:inline-flex"])
def test_a_badge_drawn_as_a_box_of_its_own_is_a_separate_word_refused_as_a_label(style):
    """Catches: the badge glued to the name, a model nobody wrote published (`qwen3-8bNEW`). Drawn
    apart, it is `qwen3-8b NEW`: a whole name, a space, a letter, an error naming the cell."""
    with pytest.raises(MincardsError, match=r"row \d+, column 1: 'qwen3-8b NEW' is not a model name"):
        read(badge(style))


def test_a_badge_styled_by_a_class_in_a_sheet_is_a_separate_word():
    html = with_sheet(".tag-new{display:inline-block;margin-left:4px;background:#e00;color:#fff}",
                      PAGE_HTML.replace(QWEN, '>qwen3-8b<span class="tag-new">NEW</span></p>', 1))
    with pytest.raises(MincardsError, match=r"'qwen3-8b NEW' is not a model name"):
        read(html)


def test_a_badge_inside_a_flex_container_is_a_separate_word():
    html = PAGE_HTML.replace(QWEN, '><span style="display:flex">qwen3-8b<b>NEW</b></span></p>', 1)
    with pytest.raises(MincardsError, match=r"'qwen3-8b\nNEW' is not a model name|'qwen3-8b NEW'"):
        read(html)


def test_a_plain_inline_span_stays_part_of_the_word(reference):
    """An inline element with no box of its own (a colour, a font) joins its neighbours as a
    browser draws them: `16*<span>Ascend</span>` is 16*Ascend."""
    html = re.sub(r">(\d+)\*Ascend</p>", r"><span style='color:#333'>\1</span>*<b>Ascend</b></p>", PAGE_HTML)
    same_rows(read(html)[2].frame, reference[1])


# --- out of sight, by a sheet as by an inline style -------------------------------------------------

@pytest.mark.parametrize("css", [".stale{color:transparent}", ".stale{font-size:0}", ".stale{opacity:0}",
                                 "td .stale{color:rgba(0,0,0,0)}", ".stale{color:#fff}",
                                 ".stale{position:absolute;left:-9999px}", ".stale{text-indent:-9999px;display:block}",
                                 ".stale{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}"])
def test_a_stale_digit_kept_out_of_sight_by_a_sheet_is_an_error(css):
    """Catches: a class making a stale digit transparent (font-size 0, opacity 0, white on white,
    moved off-screen) was not applied, and `8` published as `18`."""
    html = with_sheet(css, PAGE_HTML.replace(VALUE, '><span class="stale">1</span>8*Ascend</p>', 1))
    with pytest.raises(MincardsError, match=r"'\[1\]( |\\n)?8\*Ascend' is not a unit count"):
        read(html)


def test_text_coloured_like_its_cells_background_is_out_of_sight():
    """White on a white cell is read as a reader sees it: not at all (`16` was published as `316`)."""
    html = PAGE_HTML.replace(VALUE, '><span style="color:#fefefe">3</span>16*Ascend</p>', 1)
    with pytest.raises(MincardsError, match=r"'\[3\]16\*Ascend' is not a unit count"):
        read(html)
    dark = html.replace('<span style="color:#fefefe">3</span>16', '<span style="color:#fff;background:#000">3</span>16')
    assert any(c.text == "316*Ascend" for c in read(dark)[0].cells)  # white on black is seen, and read


def test_visibility_visible_inside_a_hidden_row_shows_that_text():
    """visibility is inherited and undone inside: a browser shows the inner text of a hidden row."""
    html = PAGE_HTML.replace(VALUE, '><span style="visibility:hidden">1<i style="visibility:visible">6</i></span>'
                                    '*Ascend</p>', 1)
    grid = read(html)[0]
    assert any(c.text == "6*Ascend" for c in grid.cells)


# --- text added by ::before and ::after ----------------------------------------------------------------

def test_text_a_sheet_adds_before_a_value_is_read_as_shown():
    """A browser shows `1` + `6*Ascend`: 16*Ascend is what a reader sees, and is read."""
    html = with_sheet(".x::before{content:'1'}", PAGE_HTML.replace(">16*Ascend</p>", ' class="x">6*Ascend</p>', 1))
    grid = read(html)[0]
    assert sum(c.text == "16*Ascend" for c in grid.cells) == PAGE_HTML.count(">16*Ascend</p>")


def test_a_badge_added_by_after_content_is_a_separate_word():
    html = with_sheet(".new::after{content:'NEW';display:inline-block;margin-left:4px}",
                      PAGE_HTML.replace(">qwen3-8b</p>", ' class="new">qwen3-8b</p>', 1))
    with pytest.raises(MincardsError, match=r"'qwen3-8b NEW' is not a model name"):
        read(html)


def test_generated_text_this_reader_cannot_spell_out_is_an_error_naming_it():
    html = with_sheet(".x::after{content:counter(item)}", PAGE_HTML.replace(VALUE, ' class="x">16*Ascend</p>', 1))
    with pytest.raises(SourceError, match=r"generated text `content: counter\(item\)` on a <p>"):
        read(html)


# --- the bound on work ---------------------------------------------------------------------------

def test_a_hostile_chain_of_descendant_selectors_on_a_deep_page_is_an_error_not_a_hang():
    """`x div div div div div` on text 200 divs deep would try millions of ancestor combinations."""
    deep = "<div>" * 200 + "8*Ascend" + "</div>" * 200
    html = with_sheet("x div div div div div{display:none}", PAGE_HTML.replace(VALUE, f">16*Ascend</p>{deep}", 1))
    with pytest.raises(SourceError, match=r"page\.html: .*<style> rules need over 400,000 selector tests and steps"):
        read(html)
