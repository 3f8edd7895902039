"""Pages and prints made by other hands, round 31 (hunts 101 to 108, session 44; docs/extractors.md).

- **A ::before or ::after shown as a list item** (`content: ""; display: inline list-item;
  list-style: inside "1"`) draws its marker as a list item does: Chromium shows `14*Ascend`. The
  marker of an element shown so was read (and refused); a pseudo-element's was left out, and
  with `content: ""` the box was no box at all: 4 was published, and a marker `q` before
  `wen2.5-32b` published a model of that name (hunt 101).
- **Two model names on two lines of a printed cell** (`qwen3_moe-235B_A22B` / `qwen3_moe-30B_A3B`,
  written with `<br>`, as two paragraphs, or wrapped at a space by the print) were joined into one
  name no one wrote: the grammar takes `A22Bqwen3_moe` for a code between two parts. A line wrap
  after a whole name, before a whole name, is now an error, as a `<br>` there is in the page
  (hunt 102; Chromium and LibreOffice Writer prints, also after qpdf and mutool). So is a wrap in a
  framework heading between another column's framework and more (`Llama-Factory` / `MindSpeed-RL`,
  published as a framework `Llama-FactoryMindSpeed-RL`), or between two hyphenated names (hunt 103).
- **Markers and controls as Chromium draws them** (hunt 104): `list-style: none '1' inside` (a
  `none` beside a type is the image's), an image in the shorthand written as `-webkit-cross-fade()` or
  `light-dark()`, `<li type="1">` in a <ul>, an empty <textarea>'s placeholder, an image input's alt
  text, the option a <select> shows (the last marked selected, the first not disabled, its `label`;
  every option of a list box), an <option> outside a select, and `<input type=" hidden">` (a text
  field: HTML does not trim the type) each drew a 1 the reader left out, and 32 was published for
  132*Ascend. A cell's content drawn in another order than written (a float, a reversed flex
  container, an item's `order`: `*Ascend 32` for `32*Ascend`) is an error naming the declaration, and
  so is a list marker set past its line (painted over the cells above), after the table or in a cell."""
from __future__ import annotations

import pytest

from chromium import evaluated_on
from conftest import RAW
from page_variants import PAGE_HTML, read, reference, same_rows  # noqa: F401 (a fixture)
from pipeline.errors import CellError, HeaderError, LayoutError, MincardsError
from pipeline.extract.pdf import extract_pdf
from pipeline.grid import Cell
from pipeline.header import split_name
from pipeline.normalize import normalize
from pipeline.tokens import TokenError, parse_model_label
from test_other_hands_round27 import CELL, red_in_cell

# --- hunt 101: a pseudo-element shown as a list item ----------------------------------------------

MARKED = f"#{CELL}::before{{content:\"\";display:inline list-item;list-style:inside \"1\";color:red}}"


def with_rule(css: str, page: str = PAGE_HTML) -> str:
    return page.replace("</head>", f"<style>{css}</style></head>", 1)


LIST_ITEM_PSEUDOS = {  # each draws a marker in or beside the cell's value (4*Ascend)
    "inline list item, a string marker": MARKED,
    "list item, a string marker": f"#{CELL}::before{{content:\"\";display:list-item;list-style:inside \"1\"}}",
    "list item, a decimal marker": f"#{CELL}::before{{content:\"\";display:list-item;list-style:inside decimal}}",
    "an ::after": f"#{CELL}::after{{content:\"\";display:inline list-item;list-style:inside \"6\"}}",
    "a space for content": f"#{CELL}::before{{content:\" \";display:inline list-item;list-style:inside \"1\"}}",
    # a rule this reader does not decide (a state it does not match) is judged by what it declares
    "a rule not decided": f"#{CELL}:not(:checked)::before{{content:\"\";display:inline list-item;"
                          "list-style:inside \"1\"}",
}


def test_chromium_draws_the_marker_of_a_pseudo_element_shown_as_a_list_item(browser):
    """The premise: the marker of the ::before, red, is drawn in the cell (none without the rule's
    list item)."""
    assert red_in_cell(browser, with_rule(MARKED)) >= 5
    assert red_in_cell(browser, with_rule(MARKED.replace("inline list-item", "inline"))) == 0


@pytest.mark.parametrize("name", LIST_ITEM_PSEUDOS)
def test_the_marker_of_a_pseudo_element_shown_as_a_list_item_is_read(name):
    """Catches: the marker left out, 4 published where Chromium draws 14*Ascend (or 1 above 4*Ascend)."""
    with pytest.raises(MincardsError, match=r"'(\[1\.?\](\s|\\n)*4\*Ascend|4\*Ascend\s*\[6\])'"
                                            r"|may (hide, mark or add text to|change what is read)"):
        read(with_rule(LIST_ITEM_PSEUDOS[name]))


def test_a_list_item_marker_before_a_model_name_is_no_model():
    """Catches: a marker `q` before `wen2.5-32b` (Chromium shows qwen2.5-32b) published a model
    `wen2.5-32b`, 40 rows."""
    cell = 'id="modelarts_llm_train_590804__p0338">qwen2.5-32b<'
    assert PAGE_HTML.count(cell) == 1
    html = with_rule("#modelarts_llm_train_590804__p0338::before{content:\"\";display:inline list-item;"
                     "list-style:inside \"q\"}", PAGE_HTML.replace(cell, cell.replace(">qwen", ">wen")))
    with pytest.raises(CellError, match=r"'\[q\] wen2.5-32b' is not a model name"):
        read(html)


def test_a_pseudo_element_not_shown_as_a_list_item_still_reads():
    """What must not be refused: an empty ::before shown inline (a clearfix, an icon's hook)."""
    grid, _, tidy = read(with_rule(MARKED.replace("inline list-item", "inline")))
    assert len(tidy.frame) == 1350


# --- hunt 102: two names on two lines of a printed cell ------------------------------------------

TWO_NAMES_WRAPPED = [  # as the prints' cells read: wraps inside each name, and one between the two
    "qwen3_moe-\n235B_A22B\nqwen3_moe-\n30B_A3B",
    "DeepSeek-\nR1-Distill-\nQwen-32B\nQwen3-32B",
    "Qwen3-\n235B-A22B-\nInstruct-2507\nQwen3-\n235B-A22B-\nThinking-\n2507",
]


@pytest.mark.parametrize("text", TWO_NAMES_WRAPPED)
def test_a_wrap_between_two_whole_names_is_an_error(text):
    """Catches: `qwen3_moe-235B_A22Bqwen3_moe-30B_A3B` published, a model no one wrote."""
    with pytest.raises(TokenError, match="a line break after the whole name .* may separate two items"):
        parse_model_label(text, layout_breaks=True)


@pytest.mark.parametrize("text, name", [
    ("qwen3_moe-\n235B_A22B", "qwen3_moe-235B_A22B"),  # wraps inside one name, at its hyphens
    ("Qwen3-235B-A22B-Instruct-25\n07", "Qwen3-235B-A22B-Instruct-2507"),  # a word broken anywhere
    ("DeepSeek-R1-Distill-Qwen-3\n2B", "DeepSeek-R1-Distill-Qwen-32B"),
    ("deepseek-\nv3/r1", "deepseek-v3/r1"),
])
def test_a_wrap_inside_one_name_still_reads(text, name):
    """What must not be refused: a name wrapped where the print wraps it, whatever follows is no
    name of its own."""
    assert parse_model_label(text, layout_breaks=True).text == name


def printed_cell(printer, html: str) -> bytes:
    from chromium import tab

    with tab(printer) as page:
        page.set_content(html)
        return page.pdf(format="A4")


def test_two_names_on_two_lines_of_a_chromium_print_are_an_error(printer):
    """The hunt's first print: the page with one model cell holding two names and a <br>, printed
    by Chromium on A4 (its model column wraps each name at its hyphen)."""
    cell = 'id="modelarts_llm_train_590804__p0338">qwen2.5-32b<'
    html = (RAW / "2025-10-22" / "page.html").read_text(encoding="utf-8")
    assert html.count(cell) == 1
    html = html.replace(cell, cell.replace(">qwen2.5-32b<", ">qwen3_moe-235B_A22B<br>qwen3_moe-30B_A3B<"))
    grid, _ = extract_pdf(printed_cell(printer, html), "doc.pdf")
    with pytest.raises(CellError, match="after the whole name 'qwen3_moe-235B_A22B' may separate two items"):
        normalize(grid, "2025-10-22")


# --- hunt 103: two frameworks in one printed heading ----------------------------------------------

def printed_heading(text: str) -> Cell:
    return Cell(0, 9, 1, 2, text.replace("\n", " "), text, page=1, layout_breaks=True)


@pytest.mark.parametrize("text, others", [
    ("Llama-Factory\nMindSpeed-R\nL规格卡数/DI\nE", {"llama-factory", "verl"}),  # another column's framework
    ("Llama-Factory\nNext规格卡数/\nDIE", {"llama-factory"}),
    ("Llama-Factory\nMindSpeed-LL\nM规格卡数/DI\nE", set()),  # two hyphenated names, the table's only framework
])
def test_a_wrap_beside_a_whole_framework_in_a_printed_heading_is_two_names(text, others):
    """Catches: `Llama-FactoryMindSpeed-RL` published as a framework (270 rows), the heading's two
    lines joined as one name's wrap."""
    assert split_name(printed_heading(text), frozenset(others)) is not None


@pytest.mark.parametrize("text", ["MindSpeed-\nLLM规格卡数/DIE", "MindSpee\nd-LLM规格卡数/DIE", "Llama-Fac\ntory规格卡数/DIE",
                                  "VeRL规格卡\n数/DIE"])
def test_a_wrap_inside_one_framework_name_still_reads(text):
    assert split_name(printed_heading(text), frozenset({"mindspeed-rl", "verl"})) is None


def test_a_print_with_two_frameworks_in_one_heading_is_an_error(printer):
    """The hunt's print: the print fixture's MindSpeed-RL heading written `Llama-Factory<br>MindSpeed-RL`."""
    from conftest import FIXTURES
    from pipeline.header import read_header

    html = (FIXTURES / "pdf" / "print-2025-10-22.html").read_text(encoding="utf-8")
    assert html.count(">MindSpeed-RL规格卡数/DIE<") == 1
    html = html.replace(">MindSpeed-RL规格卡数/DIE<", ">Llama-Factory<br>MindSpeed-RL规格卡数/DIE<")
    grid, _ = extract_pdf(printed_cell(printer, html), "doc.pdf")
    with pytest.raises(HeaderError, match="has whitespace between 'Llama-Factory' and 'MindSpeed-RL'"):
        read_header(grid)


# --- hunt 104: markers and controls ----------------------------------------------------------------

VALUE = f'id="{CELL}">4*Ascend<'
assert PAGE_HTML.count(VALUE) == 1


def in_value(markup: str, css: str = "") -> str:
    """The page with `markup` before the cell's 4*Ascend, and a sheet."""
    return with_rule(css, PAGE_HTML.replace(VALUE, VALUE.replace(">4", f">{markup}4")))


DRAWN_BEFORE = {  # each draws a 1 (a 1. or an image) before 4*Ascend in Chromium (hunt 104's screenshots)
    "list-style none then a string": ("", f"#{CELL}{{display:list-item;list-style:none '1' inside}}"),
    "list-style none then decimal": ("", f"#{CELL}{{display:list-item;list-style:none decimal inside}}"),
    "list-style image by cross-fade": ("", f"#{CELL}{{display:list-item;list-style:disc -webkit-cross-fade("
                                           "url(a.svg), url(b.svg), 50%) inside}}"),
    "li type=1 in a ul": ("<ul style='display:inline;padding:0'><li type='1' style='display:inline list-item;"
                          "list-style-position:inside'></li></ul>", ""),
    "an empty textarea's placeholder": ("<textarea placeholder='1'></textarea>", ""),
    "an image input's alt": ("<input type=image alt='1'>", ""),
    "the last option selected": ("<select><option selected>2</option><option selected>1</option></select>", ""),
    "the first option disabled": ("<select><option disabled>2</option><option>1</option></select>", ""),
    "an option's label": ("<select><option label='1'>2</option></select>", ""),
    "a list box": ("<select size=2><option></option><option>1</option></select>", ""),
    "an option outside a select": ("<option label='1'></option>", ""),
    "a type with a space": ("<input type=' hidden' value='1' style='border:0;padding:0;width:1ch'>", ""),
}


@pytest.mark.parametrize("name", DRAWN_BEFORE)
def test_what_a_marker_or_control_draws_before_the_value_is_read(name):
    """Catches: each drew a 1 (or an image) before 4*Ascend, left out: 4 published."""
    markup, css = DRAWN_BEFORE[name]
    with pytest.raises(CellError, match=r"'(\[(1\.?|image)\]|1)(\s|\\n)*4\*Ascend' is not a unit count"):
        read(in_value(markup, css))


SELECTS = {  # the select, and the label Chromium shows (its selectedOptions' first, or all of a list box's)
    "<select><option selected>2</option><option selected>1</option></select>": "1",
    "<select><option disabled>2</option><option>1</option></select>": "1",
    "<select><optgroup disabled><option>2</option></optgroup><option>1</option></select>": "1",
    "<select><option label='1'>2</option></select>": "1",
}


def test_chromium_shows_the_option_html_chooses(browser):
    """The premise for the selects: the option Chromium selects, and its label."""
    html = "".join(f"<div>{select}</div>" for select in SELECTS)
    shown = evaluated_on(browser, html, "() => [...document.querySelectorAll('select')].map(s => s.selectedOptions[0].label)")
    assert shown == list(SELECTS.values())
    assert evaluated_on(browser, "<input type=' hidden'><ul><li type='1'>x</li></ul>", "() => [document.querySelector("
                        "'input').type, getComputedStyle(document.querySelector('li')).listStyleType]") == ["text", "decimal"]


def test_chromium_draws_the_marker_the_shorthand_gives(browser):
    """The premise for `list-style: none '1' inside`: its marker drawn (red) in the cell."""
    css = f"#{CELL}{{display:list-item;list-style:none '1' inside}} #{CELL}::marker{{color:red}}"
    assert red_in_cell(browser, with_rule(css)) >= 5
    assert red_in_cell(browser, with_rule(css.replace("'1'", ""))) == 0


@pytest.mark.parametrize("markup", ["<input type=checkbox value='1'>", "<input type=color value='#111111'>",
                                    "<ol style='display:inline;padding:0'><li type=disc style='display:inline list-item'></li></ol>"])
def test_controls_and_bullets_that_draw_no_digit_still_read(markup, reference):  # noqa: F811
    """What must not be refused: a checkbox's value and a colour are not drawn as text; a disc is
    no digit."""
    same_rows(read(in_value(markup))[2].frame, reference[1])


# --- hunt 104: content drawn in another order inside a cell ---------------------------------------

REORDERED = {  # markup of the cell's value (4*Ascend split in two), and its sheet: Chromium draws `*Ascend` first
    "float right": ('<span class="z">4</span>*Ascend', ".z{float:right}"),
    "flex row-reverse": ('<span>4</span><span>*Ascend</span>', f"#{CELL}{{display:flex;flex-direction:row-reverse}}"),
    "flex column-reverse": ('<span>4</span><span>*Ascend</span>', f"#{CELL}{{display:flex;flex-flow:column-reverse}}"),
    "an order": ('<span class="z">4</span><span>*Ascend</span>', f"#{CELL}{{display:flex}} .z{{order:1}}"),
    "a grid item's order": ('<span class="z">4</span><span>*Ascend</span>', f"#{CELL}{{display:grid;grid-auto-flow:column}} "
                                                                           ".z{order:1}"),
}


def reordered_page(name: str) -> str:
    markup, css = REORDERED[name]
    return with_rule(css, PAGE_HTML.replace(VALUE, VALUE.replace(">4*Ascend<", f">{markup}<")))


def test_chromium_draws_each_cell_in_another_order_than_written(browser):
    """The premise: in each, the first span written is not the first drawn from the left (or the top)."""
    for name in REORDERED:
        order = evaluated_on(browser, reordered_page(name), f"""() => {{
            const spans = [...document.getElementById('{CELL}').querySelectorAll('span')];
            const text = document.createRange(); text.selectNodeContents(document.getElementById('{CELL}'));
            const boxes = [...text.getClientRects()];
            const first = spans[0].getBoundingClientRect();
            return boxes.some(b => b.width > 0 && (b.right <= first.left + 0.5 || b.bottom <= first.top + 0.5)); }}""")
        assert order, name


@pytest.mark.parametrize("name", REORDERED)
def test_a_cell_drawn_in_another_order_than_written_is_an_error(name):
    """Catches: `32*Ascend` read where Chromium draws `*Ascend 32` (the space between the two boxes
    repaired away), exit 0."""
    with pytest.raises(LayoutError, match=r"\((float: (right|left)|flex-direction: column-reverse|flex-flow: "
                                          r"column-reverse|flex-direction: row-reverse|order: 1)\)"):
        read(reordered_page(name))


@pytest.mark.parametrize("markup", ['<i style="float:left;width:8px;height:8px"></i>4*Ascend',
                                    '4*Ascend<i style="float:right;width:8px;height:8px"></i>'])
def test_a_float_at_the_start_or_end_of_a_cell_still_reads(markup, reference):  # noqa: F811
    """What must not be refused: an icon floated to the side it stands on."""
    same_rows(read(PAGE_HTML.replace(VALUE, VALUE.replace(">4*Ascend<", f">{markup}<")))[2].frame, reference[1])


# --- hunt 104: a list marker painted over the table -------------------------------------------------

BIG_DISC = "margin:0;padding:0 0 0 560px;list-style:disc outside;color:#fff;font-size:300px;line-height:0"


def test_an_empty_list_items_marker_after_the_table_set_past_its_line_is_an_error():
    """Catches: an empty <li> after the table, its white disc 300px high on a line of no height
    (inherited from its list), drawn over the last rows (`*Ascend` shown for 64*Ascend), exit 0:
    only an element holding text was asked whether its glyphs reach past its line."""
    html = PAGE_HTML.replace("</table>", f'</table><ul style="{BIG_DISC}"><li></li></ul>', 1)
    with pytest.raises(LayoutError, match=r"<ul> outside the vendor table may be drawn over it \(a list marker's "
                                          r"font-size 300px on a line 0px high"):
        read(html)


def test_a_list_marker_in_a_cell_set_past_its_line_is_an_error():
    """Catches: a list in a cell whose disc, 500px high on a line of no height, is drawn over the
    cells around it (hunt 104: `4096` and `32*` blanked), its item's own text read as the value."""
    markup = (f'<ul style="{BIG_DISC.replace("560px", "0")}"><li><span style="font-size:16px;color:#000;'
              'line-height:normal">4*Ascend</span></li></ul>')
    with pytest.raises(LayoutError, match=r"<ul> draws cells out of the table's order \(a list marker's font-size "
                                          r"300px on a line 0px high"):
        read(PAGE_HTML.replace(VALUE, VALUE.replace(">4*Ascend<", f">{markup}<")))


def test_a_list_after_the_table_in_its_own_line_still_reads(reference):  # noqa: F811
    """What must not be refused: a note list after the table, its markers on lines of their own."""
    html = PAGE_HTML.replace("</table>", '</table><ul style="font-size:14px"><li>注</li><li></li></ul>', 1)
    same_rows(read(html)[2].frame, reference[1])


# --- hunt 105: routes around this round's rules ------------------------------------------------------

FIELD = "border:0;padding:0;margin:0;font:inherit;width:0.6em;background:none"
PLACEHOLDER_SHOWN = "input::placeholder{color:#000;opacity:1}"


@pytest.mark.parametrize("field", [f'<input style="{FIELD}" placeholder="1" value="&#10;">',
                                   f'<input style="{FIELD}" placeholder="1" value="&#13;&#10;">',
                                   f'<input type="email" style="{FIELD}" placeholder="1" value="  ">',
                                   f'<input type="number" style="{FIELD}" placeholder="1" value="x">'])
def test_a_fields_value_is_sanitized_as_html_does_before_its_placeholder_is_judged(field):
    """Catches: `value="&#10;"` (HTML strips a text field's line breaks, an e-mail field's spaces)
    taken for the value drawn, the placeholder 1 Chromium draws left out: 4 published for 14*Ascend."""
    with pytest.raises(CellError, match=r"'\[1\] 4\*Ascend' is not a unit count"):
        read(in_value(field, PLACEHOLDER_SHOWN))


def test_chromium_sanitizes_the_values_so(browser):
    """The premise: those fields' values as Chromium holds them (the placeholder shows where empty)."""
    html = ('<input value="&#10;"><input value="&#13;&#10;"><input type=email value="  "><input type=number value="x">'
            '<input type=number value="1e3">')
    assert evaluated_on(browser, html, "() => [...document.querySelectorAll('input')].map(i => i.value)") == \
        ["", "", "", "", "1e3"]


MARKER_IN_A_BLOCK = {  # a rule this reader does not decide, giving a list item (or a ::before) a marker that draws 1
    "@container": "@container (min-width: 1px){ .q{list-style:inside \"1\"} }",
    "@supports": "@supports (display:grid){ .q{list-style:inside \"1\"} }",
    "@scope": "@scope (td){ .q{list-style:inside \"1\"} }",
    "a longhand": "@supports (display:grid){ .q{list-style-type:\"1\"} }",
}


@pytest.mark.parametrize("name", MARKER_IN_A_BLOCK)
def test_a_marker_given_by_a_rule_not_decided_is_an_error(name):
    """Catches (hunt 105): list-style was not among what a rule this reader cannot decide may change:
    4 published where Chromium draws 14*Ascend."""
    item = '<li style="display:inline list-item;list-style-position:inside" class=q></li>'
    with pytest.raises(MincardsError, match=r"may hide, mark or add text to the table's <li> elements"):
        read(in_value(item, MARKER_IN_A_BLOCK[name]))


def test_a_pseudo_element_shown_as_a_list_item_by_a_rule_not_decided_is_an_error():
    with pytest.raises(MincardsError, match=r"may hide, mark or add text to the table's <p> elements"):
        read(with_rule(f"@supports (display:grid){{ #{CELL}::before{{content:\"\";display:inline list-item;list-style:inside \"1\"}} }}"))


ICONS = ".float-end{float:right!important}.d-flex{display:flex!important}.flex-row-reverse{flex-direction:" \
        "row-reverse!important}.bi::before{content:\"\";display:inline-block;width:1em;height:1em;background:#999}"


@pytest.mark.parametrize("markup", ['<i class="bi float-end"></i>4*Ascend',
                                    '<span class="d-flex flex-row-reverse"><span>4*Ascend</span></span>',
                                    '<span class="d-flex flex-row-reverse"><i class="bi"></i><span>4*Ascend</span></span>',
                                    '<span class="d-flex"><span>4*Ascend</span><i class="bi" style="order:-1"></i></span>'])
def test_an_icon_moved_or_a_single_item_reversed_still_reads(markup, reference):  # noqa: F811
    """What must not be refused (hunt 105, Bootstrap's utilities): an empty box moved, or one item
    reversed, leaves the text in its order."""
    same_rows(read(with_rule(ICONS, PAGE_HTML.replace(VALUE, VALUE.replace(">4*Ascend<", f">{markup}<"))))[2].frame,
              reference[1])


# --- hunt 108: sheets and bases as a saved page names them ----------------------------------------

HIDE_ROW = "modelarts_llm_train_590804__row0087"  # llama3.2-1b: 40 rows


def saved_with_sheet(tmp_path, head: str):
    """The page saved with `head` in its <head> and page_files/hide.css (hiding llama3.2-1b's row)
    beside it, read as a release folder: its tidy rows."""
    from pipeline.extract import SavedFiles, extract_html

    folder = tmp_path / "raw" / "2025-10-22"
    (folder / "page_files").mkdir(parents=True)
    (folder / "page_files" / "hide.css").write_text(f"[id$={HIDE_ROW[-6:]}]{{display:none}}", encoding="utf-8")
    page = folder / "page.html"
    page.write_text(PAGE_HTML.replace("</head>", f"{head}</head>", 1), encoding="utf-8")
    grid, _ = extract_html(page.read_bytes(), "raw/2025-10-22/page.html", files=SavedFiles.beside(page, "raw/2025-10-22"))
    return normalize(grid, "2025-10-22").frame


def rows_shown_in_chromium(browser, tmp_path, heads) -> list[bool]:
    """For each of `heads` added to the page's <head>, saved with page_files/hide.css (hiding
    llama3.2-1b's row) beside it: does Chromium draw that row, the page opened from disk?"""
    from chromium import tab

    folder = tmp_path / "site"
    (folder / "page_files").mkdir(parents=True)
    (folder / "page_files" / "hide.css").write_text(f"[id$={HIDE_ROW[-6:]}]{{display:none}}", encoding="utf-8")
    shown = []
    for head in heads:
        page = folder / f"page{len(shown)}.html"
        page.write_text(PAGE_HTML.replace("</head>", f"{head}</head>", 1), encoding="utf-8")
        with tab(browser) as window:
            window.goto(page.as_uri())
            shown.append(window.evaluate(f"() => document.getElementById('{HIDE_ROW}').getBoundingClientRect().height > 0"))
    return shown


def test_a_sheet_linked_with_crossorigin_from_a_saved_page_is_undecided(tmp_path):
    """Catches: `<link rel=stylesheet crossorigin href=page_files/hide.css>` applied (1,310 rows
    published): Chromium makes a CORS request for it, which it blocks from the file:// page (origin
    null) and lets through from the page's site. Undecided, as a sheet with a matching integrity is
    (round 9): an error where it would change the table."""
    for name, attribute in (("bare", "crossorigin"), ("anonymous", 'crossorigin="anonymous"'),
                            ("credentials", 'crossorigin="use-credentials"')):
        with pytest.raises(MincardsError, match=r"<link crossorigin> \(a sheet a browser applies from the page's "
                                                r"site, not from disk\).* may hide, mark or add text"):
            saved_with_sheet(tmp_path / name, f'<link rel="stylesheet" {attribute} href="page_files/hide.css">')
    assert len(saved_with_sheet(tmp_path / "plain", '<link rel="stylesheet" href="page_files/hide.css">')) == 1310


@pytest.mark.parametrize("base", ["data:,", "javascript:void(0)", "http://[bad/"])
def test_a_base_a_browser_ignores_leaves_the_relative_sheets_beside_the_page(tmp_path, base):
    """Catches: `<base href="data:,">` (or javascript:, or no URL at all) taken for the base, the
    relative sheet not read (1,350 rows where Chromium hides 40), or `internal error: ValueError`."""
    assert len(saved_with_sheet(tmp_path, f'<base href="{base}"><link rel="stylesheet" href="page_files/hide.css">')) \
        == 1310


@pytest.mark.parametrize("href", ["http://", "https://host:99999/x.css", "page_files/hide.css%00"])
def test_a_sheet_href_that_is_no_url_loads_nothing_and_is_no_crash(tmp_path, href):
    assert len(saved_with_sheet(tmp_path, f'<link rel="stylesheet" href="{href}"><style>@import url("http://[bad/x.css");'
                                          '</style>')) == 1350


def test_chromium_blocks_the_crossorigin_sheet_and_ignores_the_data_base(browser, tmp_path):
    """The premises, on the saved files in Chromium: the row hidden by the plain link, shown under
    crossorigin; hidden again under `<base href="data:,">`."""
    assert rows_shown_in_chromium(browser, tmp_path, (
        '<link rel="stylesheet" href="page_files/hide.css">',
        '<link rel="stylesheet" crossorigin href="page_files/hide.css">',
        '<base href="data:,"><link rel="stylesheet" href="page_files/hide.css">')) == [False, True, False]
