"""Pages and prints made by other hands, round 31 (hunts 101 and 102, session 44; docs/extractors.md).

- **A ::before or ::after shown as a list item** (`content: ""; display: inline list-item;
  list-style: inside "1"`) draws its marker as a list item does: Chromium shows `14*Ascend`. The
  marker of an element shown so was read (and refused); a pseudo-element's was left out, and
  with `content: ""` the box was no box at all: 4 was published, and a marker `q` before
  `wen2.5-32b` published a model of that name (hunt 101).
- **Two model names on two lines of a printed cell** (`qwen3_moe-235B_A22B` / `qwen3_moe-30B_A3B`,
  written with `<br>`, as two paragraphs, or wrapped at a space by the print) were joined into one
  name no one wrote: the grammar takes `A22Bqwen3_moe` for a code between two parts. A line wrap
  after a whole name, before a whole name, is now an error, as a `<br>` there is in the page
  (hunt 102; Chromium and LibreOffice Writer prints, also after qpdf and mutool)."""
from __future__ import annotations

import pytest

from conftest import RAW
from page_variants import PAGE_HTML, read
from pipeline.errors import CellError, MincardsError
from pipeline.extract.pdf import extract_pdf
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
