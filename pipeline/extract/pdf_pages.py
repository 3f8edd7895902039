"""The pages as printed: turned so that their text reads across; their running headers
and footers, told from the body by recurring on the next page; the page numbers printed
in their margins, checked to run on without a gap.

A page turned by /Rotate is read as displayed, unless that turns its text off the
horizontal (a landscape print turned a quarter by `qpdf --rotate=90`): it is then read as
stored, where the text runs across the page as it was set.

A page dropped from the middle of a PDF where the table is ruled off at both breaks
leaves no trace in the table's geometry: the rows before and after it stitch
cleanly, and a release with no HTML beside it would lose them without a word. The
printed page numbers show the gap (`1/4`, `2/4`, `4/4`). They are read only where
every page of the table carries exactly one, in its top or bottom margin and outside
the table; a document without them is not checked.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from pdfminer.pdftypes import resolve1
from pdfplumber.page import Page

from ..errors import LayoutError, Place, Problem
from ..tokens import printed
from .pdf_cells import char_lines, line_text

MARGIN = 0.12  # the top and bottom 12 % of the page hold its running header and footer
# `3/12` (not part of a date or a path), `第 3 页` (`共 12 页` may follow), `Page 3` (`of 12`)
PAGE_MARK = re.compile(r"(?<![\w/.:-])(?P<a>\d{1,4})\s*/\s*(?P<a_of>\d{1,4})(?![\w/.:-])"
                       r"|第\s*(?P<b>\d{1,4})\s*页(?:\s*[,，]?\s*共\s*(?P<b_of>\d{1,4})\s*页)?"
                       r"|\b[Pp]age\s+(?P<c>\d{1,4})(?:\s+of\s+(?P<c_of>\d{1,4}))?\b")
NUMBER = re.compile(r"\d+")
Mark = tuple[int, int | None]  # the page's number, and the document's page count when printed


def mark_of(match: re.Match) -> Mark | None:
    """A match as (number, count); None for `N/M` with N > M (`4096/8192` is no page mark)."""
    for kind in "abc":
        if match[kind]:
            number, count = int(match[kind]), int(match[f"{kind}_of"]) if match[f"{kind}_of"] else None
            return None if count is not None and not 1 <= number <= count else (number, count)
    return None


def page_mark(page, table_bbox: tuple | None) -> Mark | None:
    """The page number printed in the page's top or bottom margin, outside the table's box;
    None when there is none, or more than one (a mark that cannot be told apart)."""
    left, head, right, foot = map(float, page.bbox)  # a MediaBox need not start at 0, 0 (pdfcrop, mutool poster)
    bands = margins(head, foot, table_bbox)
    near = page.filter(lambda obj: obj["object_type"] == "char" and any(touches(obj, band) for band in bands))
    numbers = set()
    for top, bottom in bands:
        text = printed(near.crop((left, top, right, bottom)).extract_text() or "")
        numbers |= {mark for m in PAGE_MARK.finditer(text) if (mark := mark_of(m)) is not None}
    return numbers.pop() if len(numbers) == 1 else None


def margins(head: float, foot: float, table_bbox: tuple | None) -> list[tuple[float, float]]:
    """The top and bottom margins (top, bottom) where a page mark is looked for: outside the
    table's box (the table's own cells are never a page mark), each at least a point high."""
    height = foot - head
    bands = []
    for top, bottom, is_head in ((head, head + height * MARGIN, True), (foot - height * MARGIN, foot, False)):
        if table_bbox is not None:
            top, bottom = (top, min(bottom, table_bbox[1])) if is_head else (max(top, table_bbox[3]), bottom)
        if bottom - top >= 1:
            bands.append((top, bottom))
    return bands


def touches(obj: dict, band: tuple[float, float]) -> bool:
    """Does the object reach the band (from above or below, touching counts)? Every character a
    crop to the band keeps does: cropping only the characters that do (not every object on the
    page) reads the same text."""
    return min(obj["bottom"], band[1]) >= max(obj["top"], band[0])


def check_page_marks(marks: list[tuple[int, Mark | None]], source: str) -> None:
    """`marks`: (page of the file, printed mark) for each page the table is on, in order.
    When each of them prints its number (and the same page count, if any), each number
    must be one more than the page before's. Where they print the page count too, the table's
    first page is printed as no later page than it is in the file: a file whose first page says
    `2/3` lost the page before (hunt 131: it was told as a cell without a model name)."""
    if not marks or any(mark is None for _, mark in marks) or len({m[1] for _, m in marks}) != 1:
        return
    first_page, (first_number, count) = marks[0]
    if count is not None and first_number > first_page:
        raise LayoutError(source, Problem(
            Place(page=first_page), f"the table's first page is printed as page {first_number} of {count} but is page "
            f"{first_page} of the file (pages before it missing? the table may begin on one)",
            "the table's pages in order, none left out"))
    numbered = [(page, mark[0]) for page, mark in marks]
    for (_, before), (page, number) in zip(numbered, numbered[1:]):
        if number != before + 1:
            raise LayoutError(source, Problem(
                Place(page=page), f"the page is printed as page {number} but follows the page printed as {before} "
                "(a page missing, or pages out of order?)", "the table's pages in order, none left out"))


# --- running headers and footers: what every page prints around its body -------------------

SAME_HEIGHT = 1.0  # points: a line this close to the height of a line on another page is at the same place


@dataclass(frozen=True)
class PrintedLine:
    """A line of text on a page: its top, how far its foot is above the page's, and its text with
    every number as `#` (a running header or footer is the same on every page but for its page
    number and counts); its text as printed, for a message."""
    top: float
    shape: str
    text: str = field(default="", compare=False)
    foot: float = field(default=0.0, compare=False)


def printed_lines(chars: list[dict], height: float) -> list[PrintedLine]:
    """The lines of `chars` on a page `height` high."""
    return [PrintedLine(min(ch["top"] for ch in line), NUMBER.sub("#", text), text,
                        height - max(ch["bottom"] for ch in line))
            for line in char_lines(chars) for text in (line_text(line),)]


def running(lines: list[PrintedLine], other_page: list[PrintedLine]) -> bool:
    """Are all `lines` running headers or footers: each printed at the same height, from the
    page's top or from its foot (pages cropped each to its own box, as pdfcrop leaves them, are
    of different heights), with the same text but for its numbers, on the other page?"""
    return not not_running(lines, other_page)


def not_running(lines: list[PrintedLine], other_page: list[PrintedLine]) -> list[PrintedLine]:
    """Those of `lines` that are no running header or footer of the other page (see running)."""
    return [line for line in lines
            if not any(line.shape == other.shape and (abs(line.top - other.top) <= SAME_HEIGHT
                                                      or abs(line.foot - other.foot) <= SAME_HEIGHT)
                       for other in other_page)]


# --- pages turned by /Rotate ------------------------------------------------------------------

LEVEL_DEGREES = 2.0  # a glyph set this close to the horizontal, left to right, reads across


def reads_across(chars: list[dict]) -> bool:
    """Is most of the text set on the horizontal, left to right (not turned a quarter or a
    half turn)?"""
    level = sum(1 for ch in chars if abs(math.degrees(math.atan2(ch["matrix"][1], ch["matrix"][0]))) <= LEVEL_DEGREES)
    return 2 * level > len(chars)


def check_quarter_turns(page: Page, number: int, source: str) -> None:
    """A page's /Rotate is a whole number of quarter turns, written as an integer, as the PDF
    format requires: viewers disagree on any other (pdfium turns /Rotate 100 a quarter and
    /Rotate 90.0 too, poppler neither, pdfminer reads 90.0 as 0), so no reading of the page
    is the one its reader sees. An error naming the page and the value."""
    turn = resolve1(page.page_obj.attrs.get("Rotate", 0))
    if type(turn) is not int or turn % 90:
        raise LayoutError(source, Problem(
            Place(page=number), f"the page's /Rotate is {turn!r}, not a whole number of quarter turns (viewers "
            "turn such a page each their own way)", "a /Rotate of 0, 90, 180 or 270 (an integer, a multiple of 90)"))


def upright(page: Page) -> Page:
    """The page as it is read: as displayed, or, when its /Rotate turns the text off the
    horizontal and the page as stored has it across, as stored (the page read again
    without the turn, the displayed one released)."""
    if not page.rotation or not page.chars or reads_across(page.chars):
        return page
    page_obj = page.page_obj
    turn = page_obj.attrs.get("Rotate"), page_obj.rotate
    page_obj.attrs = dict(page_obj.attrs, Rotate=0)
    page_obj.rotate = 0
    stored = Page(page.pdf, page_obj, page.page_number, page.initial_doctop)
    if reads_across(stored.chars):
        page.close()
        return stored
    page_obj.attrs["Rotate"], page_obj.rotate = turn
    stored.close()
    return page
