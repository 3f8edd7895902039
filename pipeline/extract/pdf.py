"""Vendor table in a PDF (bytes) -> Grid, from the geometry of its ruling.

One stage per module:
  pdf_warnings   what pdfminer, pdfplumber and pypdfium2 say: counted, never printed
  pdf_guards     the bytes open as a PDF; no compression bomb
  pdf_textlayer  whether the text can be read at all (a scan, outlines, no Unicode map)
  pdf_pages      pages turned upright; running headers and footers; printed page numbers
  pdf_regions    the vendor table on each page among any others (pdfplumber finds the
                 ruled tables), going on only from the top of the next page
  pdf_cells      one page's table -> cells with spans and text, from edge geometry
  pdf_glyphs     every glyph in the table's columns in one cell (a line drawn below the rule)
  pdf_ink        every glyph read is one the page shows (rendered: not white on white,
                 transparent, covered or outside the visible area)
  pdf_clips      no glyph read cut through by a clip path (drawn in part: a 4 cut to a 1)
  pdf_encodings  no glyph read as one character that its font says draws another
  pdf_stitch     the pages' cells -> one table (repeated headers dropped, cells and
                 rows cut by a page break joined)
"""
from __future__ import annotations

from dataclasses import replace

import pypdfium2 as pdfium
from pdfminer.pdfexceptions import PDFException
from pdfplumber.utils.exceptions import MalformedPDFException, PdfminerException

from ..errors import SourceError
from ..grid import Grid
from ..header import CAPTION, KEY_HEADINGS
from ..limits import DEFAULT, Limits, bounding
from .pdf_cells import cluster, column_boundaries
from .pdf_guards import check_page_boxes, check_streams, opened_pdf
from .pdf_keys import check_keys_once
from .pdf_ink import Sight
from .pdf_regions import vendor_regions
from .pdf_stitch import stitch
from .pdf_warnings import as_warnings, library_warnings
from .pdf_xref import check_freed, check_generations, check_linearized_whole, check_one_copy_each, check_stream_lengths

__all__ = ["cluster", "column_boundaries", "extract_pdf", "vendor_regions"]


def extract_pdf(data: bytes, source: str, limits: Limits = DEFAULT) -> tuple[Grid, str | None]:
    """Return the vendor table's grid (cells carry their page; its warnings what the PDF
    libraries said while reading) and the page's update date."""
    with library_warnings() as said:
        grid, updated = read_pdf(data, source, limits)
    return replace(grid, warnings=as_warnings(said)), updated


def check_same_pages(found: int, sight: Sight, source: str) -> None:
    """pdfium shows as many pages as pdfminer finds. A page tree whose /Count says fewer than its
    /Kids hold is shown by pdfium, MuPDF and poppler as that many pages, and pdfminer read the others
    too (hunt 154: `/Count 1` over both pages of a print; an internal error, exit 3, followed). A page,
    or a node of the tree, written without its /Type is shown by pdfium, MuPDF and poppler and
    skipped by pdfminer (hunt 164: a print's last three pages under a node without `/Type /Pages`;
    400 of 1,350 rows published, exit 0). Pages pdfium counts past pdfminer's that fail to load (a
    /Count above the pages there are) are no pages a reader sees."""
    try:
        document = sight.document()
        shown = len(document)
    except pdfium.PdfiumError as exc:
        raise SourceError(source, f"the PDF cannot be read by pdfium ({exc})", "a well-formed PDF") from None
    if shown < found:
        raise SourceError(source, f"its page tree gives {found} page(s) to pdfminer and {shown} to pdfium (a /Count "
                          "unlike the pages its /Kids hold?): viewers show the pages differently",
                          "a page tree whose /Count is the number of its pages")
    if shown > found and (loaded := sum(loads(document, index) for index in range(shown))) > found:
        raise SourceError(source, f"pdfium shows {loaded} page(s) and pdfminer finds {found}: a page or a node of the "
                          "page tree without its /Type, which viewers show and this reader's parser skips?",
                          "a page tree whose pages and nodes carry their /Type (/Page, /Pages)")


def loads(document: pdfium.PdfDocument, index: int) -> bool:
    """Does pdfium load the page (one past the pages there are fails to)?"""
    try:
        document[index].close()
    except pdfium.PdfiumError:
        return False
    return True


def read_pdf(data: bytes, source: str, limits: Limits) -> tuple[Grid, str | None]:
    limits = limits.running()  # the time bound counts from this call
    with bounding(limits, source), opened_pdf(data, source) as pdf:
        try:
            check_page_boxes(pdf.doc, source)  # before pdfplumber makes its pages of them
            limits.check_pages(source, len(pdf.pages))
            if not pdf.pages:  # a page tree left empty, or one a broken update cut off
                raise SourceError(source, "the PDF has no page pdfminer can find (its page tree is empty or broken)",
                                  "a PDF with the vendor table on its pages")
            check_streams(data, source, limits)
            check_stream_lengths(pdf.doc, data, source)
            check_one_copy_each(pdf.doc, data, source)
            check_generations(pdf.doc, data, source)
            check_freed(pdf.doc, data, source)
            check_linearized_whole(data, source)
            check_keys_once(pdf.doc, data, source)
            sight = Sight(data)
            check_same_pages(len(pdf.pages), sight, source)
            scan = vendor_regions(pdf.pages, source, limits, sight)
        except (PdfminerException, PDFException, MalformedPDFException, RecursionError) as exc:  # (an appearance
            # stream whose filter pdfminer does not know: PDFNotImplementedError, hunt 125; a page tree too deep)
            raise SourceError(source, f"the PDF cannot be read ({exc})", "a well-formed PDF") from None
        total = len(pdf.pages)
    if not scan.regions:
        scan.text.check_some_text(source, total)
        scan.text.check_unmapped(source)
        raise SourceError(source, f"no vendor table on any of its {total} page(s)",
                          f"a ruled table captioned {CAPTION} or headed {' / '.join(KEY_HEADINGS.values())}")
    # One set of column boundaries for all pages: the union of each page's.
    xs = cluster([x for r in scan.regions for x in column_boundaries(r.edges, r.bbox)])
    tables = [region.table(xs) for region in scan.regions]
    return Grid.from_cells(source, stitch(tables[0], tables[1:], source)), scan.updated
