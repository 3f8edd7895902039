"""Work the HTML reader does once for a page or a table instead of once per element or cell
gives the answers the per-element rules give: which elements are styled beyond their tag's
defaults (Styles.plain), which have a declarative shadow root (Styles.shadow_hosts), the
slots spans take (grid.place_rows), the printed form of text (tokens.printed), a row's own
cells (html_tables.row_cells), a Cell made field by field (grid.Cell.__init__) and the faults
of cells drawn alike asked once (html_tables.alike_cell_faults)."""
from __future__ import annotations

import dataclasses
import inspect
import unicodedata

import pytest

from lxml import etree

from conftest import FIXTURES, RAW
from page_variants import PAGE_HTML, with_sheet

from pipeline.extract.html_cascade import HINTED_BY_ATTRIBUTES
from pipeline.extract.html_page import parse_document
from pipeline.extract.html_styles import Styles
from pipeline.extract.text import cell_lines
from pipeline.extract.html_tables import alike_cell_faults, cell_faults, owned_by, row_cells, table_rows
from pipeline.grid import Cell, CellSpec, place_rows
from pipeline.tokens import HYPHENS, is_kept, printed

STYLED_PAGE = """<!DOCTYPE html><html><head><style>.c{color:red} i::before{content:"x"}</style></head><body>
<p>plain <b>bold</b> <span class="c">ruled</span> <i>pseudo</i></p>
<p style="color:red">inline</p><p hidden>hidden</p><p hidden="until-found">found</p><font color="red">font</font>
<table bgcolor="#fff"><tr><td>cell</td><td dir="rtl">rtl</td></tr></table><div popover>pop</div>
<dialog>closed</dialog><input type="hidden" value="1"><input value="2"><audio>a</audio>
<details><summary>s</summary><p>inside</p><span>also</span></details><em color="x">not a hint here, still styled</em>
<template shadowrootmode="open"><b>the body's own</b></template>
<x-card><template shadowrootmode="open"><slot></slot></template><b>light</b></x-card>
<x-own><template shadowrootmode="closed">own text</template>child</x-own>
<x-old><template shadowroot="open">old</template>x</x-old><div><template>a plain template</template></div>
</body></html>"""


def one_by_one(element: etree._Element, matched) -> bool:
    """The per-element rule Styles.plain stands for, written out element by element."""
    tag = element.tag if isinstance(element.tag, str) else ""
    parent = element.getparent()
    return (not any(name in element.attrib for name in ("style", "hidden", "bgcolor", "color", "dir", "popover"))
            and element not in matched and tag not in HINTED_BY_ATTRIBUTES
            and (parent.tag if parent is not None else None) != "details")


def test_the_styled_elements_found_once_are_those_the_per_element_rule_finds():
    root = parse_document(STYLED_PAGE.encode(), "page.html")
    styles = Styles(root, "page.html")
    answers = [(element, styles.plain(element), one_by_one(element, styles.matched)) for element in root.iter()]
    assert [(e.tag, once) for e, once, each in answers if once != each] == []
    assert {e.tag for e, once, _ in answers if not once} >= {"span", "i", "p", "font", "table", "td", "div", "dialog",
                                                              "input", "audio", "summary", "em"}
    assert {e.tag for e, once, _ in answers if once} >= {"html", "body", "b", "tr"}  # both answers, not one


def test_an_element_is_plain_inside_when_no_element_inside_it_is_styled():
    root = parse_document(STYLED_PAGE.encode(), "page.html")
    styles = Styles(root, "page.html")
    answers = [(e, styles.plain_inside(e), all(styles.plain(d) for d in e.iterdescendants())) for e in root.iter()]
    assert [(e.tag, once) for e, once, each in answers if once != each] == []
    assert {e.tag for e, once, _ in answers if not once} >= {"html", "body", "p", "table", "tr", "details"}


def test_the_shadow_hosts_found_once_are_the_elements_drawn_from_a_shadow_root():
    root = parse_document(STYLED_PAGE.encode(), "page.html")
    hosts = Styles(root, "page.html").shadow_hosts
    # x-card's bare <slot> passes its children through, and x-old's `shadowroot` is no longer
    # an attribute Chromium attaches a shadow root for: neither is drawn from a shadow tree
    assert {e.tag for e in hosts} == {"body", "x-own"}


def test_spans_take_the_slots_of_the_rows_below_and_each_cell_the_next_free_slot():
    rows = [[CellSpec("a", "a", rowspan=3), CellSpec("b", "b", colspan=2), CellSpec("c", "c", rowspan=2)],
            [CellSpec("d", "d", rowspan=2, colspan=2)],
            [CellSpec("e", "e")],
            [CellSpec("f", "f"), CellSpec("g", "g"), CellSpec("h", "h"), CellSpec("i", "i")]]
    placed = [(c.text, c.row, c.col) for c in place_rows("t.html", rows)]
    assert placed == [("a", 0, 0), ("b", 0, 1), ("c", 0, 3), ("d", 1, 1), ("e", 2, 3),
                      ("f", 3, 0), ("g", 3, 1), ("h", 3, 2), ("i", 3, 3)]


ROWS_PAGE = """<!DOCTYPE html><html><body><table><tr><td>a</td><th>b</th><x-wrap><td>wrapped</td></x-wrap>
<td>outer<table><tr><td>nested</td><td>also nested</td></tr></table></td><td style="display:none">gone</td></tr>
<tr><form><td>in a form</td></form><td><span><td>misplaced</td></span></td></tr></table></body></html>"""


def test_a_rows_cells_found_through_their_parent_are_those_the_nearest_row_rule_finds():
    root = parse_document(ROWS_PAGE.encode(), "page.html")
    styles = Styles(root, "page.html")
    for tr in root.iter("tr"):
        by_rule = [c for c in tr.iter("td", "th") if owned_by(c, tr, ("tr", "td", "th", "table"))
                   and not styles.of(c).removed]
        assert row_cells(tr, styles) == by_rule
    texts = [["".join(c.itertext()) for c in row_cells(tr, styles)] for tr in root.iter("tr")]
    assert texts[0][:3] == ["a", "b", "wrapped"] and ["nested", "also nested"] in texts  # both answers


def test_a_cell_made_by_its_slot_setters_holds_what_it_was_given_field_by_field():
    names = [f.name for f in dataclasses.fields(Cell)]
    parameters = list(inspect.signature(Cell.__init__).parameters.values())[1:]
    assert [p.name for p in parameters] == names
    defaults = [inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in dataclasses.fields(Cell)]
    assert [p.default for p in parameters] == defaults
    values = [f"value of {name}" for name in names]  # a different value for each field
    cell = Cell(*values)
    assert [getattr(cell, name) for name in names] == values
    assert Cell(**dict(zip(names, values))) == cell and dataclasses.replace(cell, row=0).row == 0
    try:
        cell.row = 1
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("a Cell is frozen")


def printed_char_by_char(text: str) -> str:
    """tokens.printed as first written: every character's category and decomposition asked."""
    if text.isascii():
        return text
    visible = "".join(ch for ch in text if ch < "\x80" or unicodedata.category(ch) != "Cf").translate(HYPHENS)
    if unicodedata.is_normalized("NFKC", visible):
        return visible
    pieces, start = [], 0
    for index, char in enumerate(visible):
        if char >= "\x80" and is_kept(char):
            pieces += [unicodedata.normalize("NFKC", visible[start:index]), char]
            start = index + 1
    pieces.append(unicodedata.normalize("NFKC", visible[start:]))
    return "".join(pieces)


def test_printed_text_is_the_same_when_each_distinct_character_is_asked_once():
    samples = ["更新时间：2025-10-22", "Ｓｎｔ９ｂ ４＊Ａｓｃｅｎｄ", "1\u200b6\u00ad*Ascend\ufeff", "qwen2.5\u20117b",
               "x²₃ ①½ ⽀⻓", "4096/\u2060８１９２ ① ＊", "\u202e61\u202c ١٦", "ﬁ\u3000ﬂ", "", "ascii only"]
    assert [printed(t) for t in samples] == [printed_char_by_char(t) for t in samples]


class NoShortcut(dict):
    """Declarations whose keys overlap every set: a computed value's shortcut for an element
    that declares none of what it reads (`declared.keys().isdisjoint(...)`) is never taken."""

    def keys(self):
        return Overlapping()


class Overlapping:
    def isdisjoint(self, other) -> bool:
        return False


SAMPLE_VALUES = ("opacity(0)", "blur(0) opacity(0%)", "absolute", "relative", "fixed", "-9999px", "0", "1px", "-40px", "hidden", "clip", "rect(0, 0, 0, 0)",
                 "inset(50%)", "polygon(0 0)", "rotate(180deg)", "translatex(4px)", "scalex(-1)", "left", "spin 1s",
                 "none", "inherit", "10px solid", "solid", "2px", "auto", "6px #fff")


def test_each_computed_value_read_without_a_shortcut_is_the_same():
    """The shortcuts of off_screen, own_box, shifted, flipped, unmodelled and faded (and those that were
    there before) name every property their functions read: with one declaration of any property
    the page may set, the value is the same with the shortcut and without it."""
    from pipeline.extract import html_style as S
    from pipeline.extract.css_values import ALL_RESETS
    from pipeline.extract.html_cascade import Declaration
    names = sorted({*ALL_RESETS, "inset", "overflow-x", "overflow-y", "offset", "offset-path", "animation-name",
                    "-webkit-text-stroke-width", "-webkit-line-clamp", "inset-inline", "margin", "padding"})
    parent = S.ROOT
    functions = {"off_screen": lambda d: S.off_screen(d, parent), "own_box": lambda d: S.own_box(d, parent, "inline"),
                 "shifted": S.shifted, "flipped": lambda d: S.flipped(d, parent),
                 "unmodelled": lambda d: S.unmodelled(d, parent), "faded": lambda d: S.faded(d, parent),
                 "filtering": lambda d: S.filtering(d, parent),
                 "edges": lambda d: S.edges(d, parent, "block"),
                 "clipping": lambda d: S.clipping(d, parent, "block", None, S.heights(d, parent, "block")[0],
                                                  S.heights(d, parent, "block")[2], "")}
    differ = []
    for position in (None, "absolute", "relative", "fixed"):  # offsets move a positioned box only
        for name in names:
            for value in SAMPLE_VALUES:
                declared = {name: Declaration(name, value, (), False)}
                if position:
                    declared["position"] = Declaration("position", position, (), False)
                differ += [(function, position, name, value) for function, of in functions.items()
                           if of(declared) != of(NoShortcut(declared))]
    assert differ == []


# Rows whose cells differ where alike_cell_faults must not share an answer: a cell's own style
# (an attribute, a transform), a styled element inside, a ::before rule, the row or group
# painting over them (an outline: the row named, not the cell), a text indent a cell inherits
# past its table's cellpadding (the cell named), and the same cells under another row.
ALIKE_PAGE = """<!DOCTYPE html><html><head><style>td.b::before{content:"x";position:absolute} .w{outline:3px solid}
</style></head><body><table><tbody style="outline:3px solid"><tr><td>a</td><td>b</td></tr></tbody>
<tr style="-webkit-text-stroke:1px"><td>1</td><td>2</td><td style="transform:scaleX(-1)">3</td><td><span
style="position:relative;left:9px">4</span></td><td class="b">5</td><th>6</th></tr><tr><td>7</td><td>8</td></tr>
<tr><td>10</td><td style="text-indent:-40px">11</td><td class="w">12</td><td>13<i style="outline:3px solid">i</i></td>
</tr></table><table cellpadding="50"><tr><td style="text-indent:-40px">14</td><td>15</td></tr></table></body></html>"""


def each_cell_both_ways(html: str) -> list[tuple[str, object, object]]:
    """Every shown cell of every table: (its text, alike_cell_faults, cell_faults), asked in
    document order as the drawing check asks, with one `alike` per table."""
    root = parse_document(html.encode(), "page.html")
    styles = Styles(root, "page.html")
    answers = []
    for table in root.iter("table"):
        alike = {}
        for tr in table_rows(table, styles):
            answers += [("".join(cell.itertext()).strip(), alike_cell_faults(cell, styles, alike),
                         cell_faults(cell, styles)) for cell in row_cells(tr, styles)]
    return answers


def test_the_faults_of_cells_drawn_alike_asked_once_are_each_cells_own():
    answers = each_cell_both_ways(ALIKE_PAGE)
    assert [(text, once) for text, once, each in answers if once != each] == []
    found = {text: (once[0][0].tag if once[0] else None, once[1][0].tag if once[1] else None)
             for text, once, _ in answers}
    assert found["a"] == found["b"] == (None, "tbody")  # the group painting over both: named, not the cell
    assert found["1"] == found["2"] == (None, "td") and found["6"] == (None, "th")  # the stroke each inherits
    assert found["3"] == found["5"] == ("td", "td") and found["4"] == ("span", "td")
    assert found["7"] == found["8"] == found["10"] == found["14"] == found["15"] == (None, None)
    assert found["11"] == ("td", None) and found["12"] == (None, "td") and found["13i"] == (None, "i")
    # each answer names its own cell, not the first cell asked with that style and parent
    named = [once[1][0] for text, once, _ in answers if text in ("1", "2")]
    assert named[0] is not named[1] and ["".join(e.itertext()) for e in named] == ["1", "2"]


@pytest.mark.parametrize("page", [*sorted(RAW.glob("*/page.html")), *sorted((FIXTURES / "html").glob("*.html"))],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_faults_of_cells_drawn_alike_are_those_of_each_cell_on_real_pages(page):
    answers = each_cell_both_ways(page.read_text(encoding="utf-8"))
    assert len(answers) > 20 and [(text, once) for text, once, each in answers if once != each] == []


def test_the_faults_of_cells_drawn_alike_are_those_of_each_cell_under_a_sheet():
    # rows, not cells, matched (the cells' answers shared), a cell's paragraph moved (not shared)
    page = with_sheet("tbody tr:nth-child(3n){outline:3px solid} tr:nth-child(4n){-webkit-text-stroke:1px} "
                      "td:nth-child(6) p{position:relative;left:3px}")
    answers = each_cell_both_ways(page)
    assert [(text, once) for text, once, each in answers if once != each] == []
    assert sum(1 for _, once, _ in answers if once[0]) > 10 and sum(1 for _, once, _ in answers if once[1]) > 100


class Forgetting(dict):
    """A cache that keeps nothing: every element's frame worked out for it alone."""

    def setdefault(self, key, value):
        return value


FRAMES_PAGE = """<!DOCTYPE html><html><head><style>.img{background-image:url(x.png)} li.n{list-style-type:decimal}
</style></head><body><table><tr><td>a<p>b</p><span>c</span><q>d</q><br>e<div>f</div></td><td class="img">g</td></tr>
<tr><td><ol start="3"><li>one</li><li class="n">two</li><li value="9" class="n">nine</li></ol><ul><li>dot</li></ul>
<span style="display:inline-block">h</span><i class="img">i</i><sup>2</sup></td><td><p class="img">j</p><p>k</p></td></tr>
</table></body></html>"""


@pytest.mark.parametrize("page", [*sorted(RAW.glob("*/page.html")), *sorted((FIXTURES / "html").glob("*.html")), None],
                         ids=lambda p: f"{p.parent.name}/{p.name}" if p else "frames-page")
def test_what_is_drawn_around_an_element_taken_once_per_style_and_tag_is_its_own(page):
    """_pieces takes an element's frame (text.frame) once for its style and tag (Styles.frames):
    every cell's lines are those of a reading that works out each element's frame for it alone."""
    html = page.read_text(encoding="utf-8") if page else FRAMES_PAGE
    root = parse_document(html.encode(), "page.html")
    cached, alone = Styles(root, "page.html"), Styles(root, "page.html")
    alone.frames = Forgetting()
    cells = list(root.iter("td", "th"))
    lines = [cell_lines(cell, cached) for cell in cells]
    assert len(cached.frames) > 1 and lines == [cell_lines(cell, alone) for cell in cells]
    if page is None:  # blocks, a <br>, quotes, images painted, list markers numbered by their place: all drawn
        assert lines[0] == ["a", "b", "c“d”", "e", "f"] and all(line[0].startswith("[image] ") for line in lines[1::2])
        assert [line.split("]")[0] for line in lines[2][:3]] == ["[3.", "[4.", "[9."] and lines[3][1] == "k"


PLAIN_CELLS_PAGE = """<!DOCTYPE html><html><head><style>.w{color:#fff} .m::after{content:"1"} .b{display:inline}
</style></head><body><table><tr><td><p>4*Ascend</p></td><td> <p>a
b</p> </td><td><p class="w">white</p></td><td class="m"><p>marked</p></td><td><div>div</div></td>
<td><p class="b">inline</p></td><td>&#x200b;<p>zero width</p></td><td><p>x</p>tail</td><td><p><b>bold</b></p></td>
<td style="background-image:url(x.png)"><p>image</p></td><td><sup>2</sup></td><td><p hidden>hidden</p></td>
<td><p style="visibility:hidden">unseen</p></td><td><p>&nbsp;</p></td></tr>
<tr class="w"><td><p>white row</p></td></tr><tr style="visibility:hidden"><td><p>hidden row</p></td></tr>
</table></body></html>"""


@pytest.mark.parametrize("page", [*sorted(RAW.glob("*/page.html")), *sorted((FIXTURES / "html").glob("*.html")), None],
                         ids=lambda p: f"{p.parent.name}/{p.name}" if p else "plain-cells-page")
def test_a_plain_cells_lines_read_without_walking_it_are_those_drawn(page):
    """text.plain_cell_lines answers for a cell holding one plain paragraph (the vendor's) without
    walking it: every cell's lines are those drawn_lines gives, with the page walk's styles."""
    from pipeline.extract.html_page import read_page
    from pipeline.extract.text import drawn_lines, plain_cell_lines
    html = page.read_text(encoding="utf-8") if page else PLAIN_CELLS_PAGE
    root = parse_document(html.encode(), "page.html")
    styles = read_page(root, "page.html").styles
    cells = list(root.iter("td", "th"))
    shortcut = [plain_cell_lines(cell, styles) for cell in cells]
    drawn = [drawn_lines(cell, styles) for cell in cells]
    assert [(n, s, d) for n, (s, d) in enumerate(zip(shortcut, drawn)) if s is not None and s != d] == []
    taken = sum(s is not None for s in shortcut)
    if page is None:  # only the plain paragraphs and the div: not the styled, marked, tailed, nested, hidden or
        # unseen (a row's white text, a hidden row: the cells plain, their styles not)
        assert [n for n, s in enumerate(shortcut) if s is not None] == [0, 1, 4, 13] and drawn[1] == ["a", "b"]
        assert drawn[14] != ["white row"] and drawn[15] == []
    elif page.parent.name in ("2025-05-07", "2025-10-22"):
        assert taken > 0.9 * len(cells)  # the vendor's cells: the shortcut is what is measured
