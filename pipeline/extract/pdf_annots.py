"""Annotations drawn over the vendor table: marks added by other hands, which the text layer
does not hold.

A reviewer's PDF carries the vendor's table as printed plus what was laid over it: a value
struck out (a StrikeOut annotation: "no longer valid"), a box of text typed over a cell
(FreeText), a stamp, a drawing, a caret where text is to be inserted, an area marked for
redaction. Viewers draw them all; the reader reads the text layer only, so it would publish
the struck value, or miss the typed one, with nothing said. An annotation that changes what
a reader of the page takes a cell to say is therefore an error naming the page, its kind and
where it is. Left alone: those that only point or emphasise (links, highlights, underlines),
pop-up windows (drawn only when opened), form fields (their appearance is rendered and
judged by pdf_ink like any other ink), and annotations hidden from view by their flags.
"""
from __future__ import annotations

from ..errors import LayoutError, Place, Problem

HARMLESS = frozenset({"Link", "Popup", "Widget", "Highlight", "Underline", "Squiggly"})
HIDDEN, NO_VIEW = 1 << 1, 1 << 5  # annotation flags (PDF 32000-1 12.5.3): not drawn on screen


def subtype(annot: dict) -> str:
    kind = annot["data"].get("Subtype")
    return str(getattr(kind, "name", kind) or "?")


def drawn(annot: dict) -> bool:
    flags = annot["data"].get("F") or 0
    return isinstance(flags, int) and not flags & (HIDDEN | NO_VIEW)


def meets(annot: dict, bbox: tuple[float, float, float, float]) -> bool:
    x0, top, x1, bottom = bbox
    return annot["x0"] < x1 and annot["x1"] > x0 and annot["top"] < bottom and annot["bottom"] > top


def check_annotations(page, number: int, bbox: tuple[float, float, float, float], source: str) -> None:
    """No annotation that changes what a cell says is drawn over the table (`bbox`) on this page."""
    for annot in page.annots:
        if subtype(annot) not in HARMLESS and drawn(annot) and meets(annot, bbox):
            raise LayoutError(source, Problem(
                Place(page=number), f"a {subtype(annot)} annotation drawn over the vendor table (at x {annot['x0']:.0f}"
                f"-{annot['x1']:.0f}, y {annot['top']:.0f}-{annot['bottom']:.0f}): a mark added over the printed "
                "table, which its text does not hold", "the table as printed, without annotations over it "
                "(links, highlights and underlines are read through)"))
