"""Pages made by other hands, round 9: values and boxes. Each case once published a value a
browser does not show, exit 0; each is checked in the system Chromium (headless screenshots,
/usr/bin/chromium): a <marquee> or <details> drawn from the browser's own shadow tree (their
content and their ::before text on lines apart), a ::before on a table row (an anonymous cell
moves the row's cells a column over)."""
from __future__ import annotations

import pytest

from page_variants import COMPARED, PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError, HeaderError, LayoutError
from test_other_hands_round7 import V, cell_problems, unseen
from test_other_hands_round8 import on_value


def cell_error(html: str) -> list[str]:
    with pytest.raises(CellError) as caught:
        read(html)
    return [str(p) for p in caught.value.problems]


def layout_error(html: str) -> list[str]:
    with pytest.raises(LayoutError) as caught:
        read(html)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize(("markup", "css", "seen"), [
    ("<marquee>1</marquee>4*Ascend", "", "1\\n4*Ascend"),
    ('<marquee style="display:inline"></marquee>4*Ascend', 'marquee::before{content:"1"}', "1\\n4*Ascend"),
    ('<details style="display:inline"></details>4*Ascend', 'details::before{content:"1"}', "1\\nDetails\\n4*Ascend"),
    ("<details open><summary>1</summary></details>4*Ascend", "", "1\\n4*Ascend"),
])
def test_a_marquee_and_a_details_draw_their_content_on_lines_apart(markup, css, seen):
    """Catches: `<marquee>1</marquee>4*Ascend` read as 14 (Chromium scrolls the 1 in a box as
    wide as the line, above 4*Ascend); a ::before of an inline <marquee> or <details> glued to
    the text after it or not read at all (Chromium: "1", then the marquee's empty block or
    "▶ Details", then 4*Ascend). Each is now the cell's lines as drawn: an error naming it."""
    problems = cell_error(on_value(markup, css))
    assert len(problems) == 1 and f"row 3, column 4: '{seen}' is not a unit count" in problems[0], problems


@pytest.mark.parametrize(("css", "row", "rule"), [
    ('[id$=row0021]::before{content:""}', 3, '<tr> draws cells out of the table\'s order (::before {content: ""})'),
    ("[id$=row0010]::after{content:'x'}", 2, "<tr> draws cells out of the table's order (::after {content: \"x\"})"),
    ('tbody::before{content:""}', 3, '<tbody> draws cells out of the table\'s order (::before {content: ""})'),
    ('table::before{content:"1"}', 1, '<table> draws cells out of the table\'s order (::before {content: "1"})'),
])
def test_generated_content_on_a_row_a_group_or_the_table_is_an_error_naming_it(css, row, rule):
    """Catches: `[id$=row0017]::before{content:""}` published the row unshifted; Chromium wraps
    the ::before box in an anonymous cell, so the row's cells are drawn a column over (under
    Snt9B23 the value of Snt9B). Now an error naming the row and the rule."""
    problems = layout_error(with_sheet(css))
    assert any(f"row {row}: {rule}" in p for p in problems), problems


def test_rows_whose_before_adds_no_box_still_read(reference):
    """`content: none` or `normal` on a row's ::before generates no box: the rows as before."""
    _, _, frame = read(with_sheet("tr::before{content:none} tr::after{content:normal} [id$=row0021]::before{color:red}"))
    same_rows(frame.frame, reference[1])


PAINTED_OVER = [  # each on a paragraph: Chromium shows a block or a blank where the value was
    ("{c} span{box-shadow:inset 0 0 0 2em #000}", "<span>{v}</span>"),
    ("{c}{box-shadow:0 1px 2px #ccc, inset 0 0 3px 1em currentcolor}", V),
    ("td:has({c}){background:#000;color:#fff;box-shadow:inset 0 0 0 3em #fff}", V),
    ("{c} span{outline:1em solid #fff;outline-offset:-1em}", "<span>{v}</span>"),
    ("{c}{outline:#fff solid 4px;outline-offset:-6px}", V),
]
STILL_READ = [  # shadows of a design (faint, outside the box), an inner border within the padding
    ("{c}{box-shadow:inset 0 1px 1px rgba(0,0,0,.075), 0 0 8px rgba(102,175,233,.6)}", V),
    ("{c}{box-shadow:0 0 0 2em #000}", V), ("{c}{box-shadow:inset 0 0 0 #000}", V),
    ("td:has({c}){outline:1px solid #ddd;outline-offset:-1px}", V),
    ("{c}{outline-offset:-1em}", V), ("{c}{outline:1em solid transparent;outline-offset:-1em}", V),
    ("{c}{outline:1px solid #000}", V),  # a hairline outside the box (a wider one paints over its neighbours: round 10)
]


def test_a_box_painting_over_its_own_text_leaves_it_out_of_sight():
    """Catches: `<span>1</span>32*Ascend` with `span{box-shadow: inset 0 0 0 2em #000}` (a black
    block where the 1 was) and with `outline: 1em solid #fff; outline-offset: -1em` (the 1 painted
    white) read 132. An inset shadow is painted under the text, so its colour is one the text
    lies on; an outline is painted over the box's text, so one drawn inward deeper than the
    padding covers it: each out of sight, an error naming the cell. Design shadows and inner
    borders still read."""
    problems = cell_problems(PAINTED_OVER + STILL_READ)
    assert unseen(problems) == list(range(len(PAINTED_OVER))), problems


def wrapped(style: str) -> str:
    """The page with the vendor table inside a <div> of that style."""
    start, end = PAGE_HTML.index("<table"), PAGE_HTML.index("</table>") + len("</table>")
    return f'{PAGE_HTML[:start]}<div style="{style}">{PAGE_HTML[start:end]}</div>{PAGE_HTML[end:]}'


@pytest.mark.parametrize("style", [
    "position:absolute;clip:rect(0px,2000px,300px,0px)", "position:fixed;clip:rect(0 auto 300px 0)",
    "transform:scale(.05);transform-origin:0 0", "scale:5%", "transform:translate(5px) scale(.1)",
    "zoom:.5;transform:scaleY(.5)",
])
def test_a_table_clipped_by_a_legacy_clip_or_drawn_as_specks_is_refused(style):
    """Catches: the table inside `position:absolute; clip:rect(0,2000px,300px,0)` (Chromium
    shows the header and one row) or `transform: scale(.05)` (text drawn 0.8px high) published
    every row. A legacy clip of an absolutely positioned box may cut its text off anywhere, and
    a scaling transform draws text smaller like zoom: out of sight, refused where it is read
    (the first heading)."""
    with pytest.raises(HeaderError, match=r"unrecognised heading '\["):
        read(wrapped(style))


@pytest.mark.parametrize("style", [
    "clip:rect(0px,10px,10px,0px)", "position:absolute;clip:auto", "position:absolute;clip:rect(auto,auto,auto,auto)",
    "transform:scale(.5)", "transform:scale(1.5) translateX(10px);transform-origin:0 0", "scale:1",
])
def test_clips_that_do_not_apply_and_readable_scales_still_read(style, reference):
    """`clip` on a box not absolutely positioned does nothing; text scaled to half of 16px is
    8px, above the speck floor (6px). (Scaled up about its centre, the box's left side moves left
    of the page: round 26.)"""
    _, _, frame = read(wrapped(style))
    same_rows(frame.frame, reference[1])


ROW = "[id$=row0087]"  # llama3.2-1b, a row of its own
TAGGED = PAGE_HTML.replace('<tr id="modelarts_llm_train_590804__row0087"', '<tr data-d="none" id="modelarts_llm_train_590804__row0087"', 1)


@pytest.fixture(scope="module")
def without_row():
    """The rows of the page with the llama3.2-1b row hidden, as Chromium shows each case below."""
    _, _, frame = read(with_sheet(ROW + "{display:none}"))
    assert 0 < len(frame.frame) < 1350
    return frame.frame


@pytest.mark.parametrize(("css", "html"), [
    (ROW + "{display: attr(data-d type(<custom-ident>), table-row)}", TAGGED),
    (ROW + "{display: env(no-such-var, none)}", PAGE_HTML),
    (ROW + "{display: if(media(min-width: 1px): none; else: table-row)}", PAGE_HTML),
    (ROW + "{--d: env(no-such-var, none); display: var(--d)}", PAGE_HTML),
])
def test_env_attr_and_if_are_substituted_as_a_browser_substitutes_them(css, html, without_row):
    """Catches: `display: attr(data-d type(<custom-ident>), table-row)` with data-d=none,
    `display: env(no-such-var, none)` and `display: if(media(…): none; else: table-row)`
    were dropped as invalid displays, and the row Chromium hides was published. A browser
    keeps a declaration holding a substitution function and substitutes it when it computes
    the style: the row is hidden here too."""
    _, _, frame = read(with_sheet(css, html))
    assert frame.frame[COMPARED].reset_index(drop=True).equals(without_row[COMPARED].reset_index(drop=True))


@pytest.mark.parametrize("value", ["if(media(width > 1400px): none; else: table-row)",
                                   "if(supports(display: grid): none; else: table-row)", "env(titlebar-area-x, none)",
                                   "inherit(--d, none)", "--hide(table-row)"])
def test_a_substitution_this_reader_cannot_resolve_is_an_error_naming_it(value):
    """What this reader cannot work out exactly (a query that depends on the window, supports(),
    an environment variable a desktop may define, inherit(), a custom function) leaves the row's
    text undecided: an error naming each of its cells and the declaration."""
    problems = cell_error(with_sheet(f"{ROW}{{display: {value}}}"))
    assert problems and all(f"is drawn with `display: {value}`" in p for p in problems), problems
    assert {p.split(",")[0] for p in problems} == {"row 9"}, problems


def test_substitutions_that_change_nothing_still_read(reference):
    """The safe-area insets are 0px on a desktop (iPhone-ready sites write them everywhere); an
    attribute that is missing gives the fallback; an unresolved value in a property this reader
    does not read changes nothing."""
    css = (f"body{{padding:env(safe-area-inset-left) env(safe-area-inset-right)}} td p{{margin-left:"
           f"max(0px, env(safe-area-inset-left));font-size:max(14px, env(safe-area-inset-bottom))}} "
           f"{ROW}{{display:attr(data-missing type(<custom-ident>), table-row);cursor:if(style(--x): auto)}}")
    _, _, frame = read(with_sheet(css))
    same_rows(frame.frame, reference[1])
