"""Every glyph a viewer draws on a page holding the vendor table is one the reader read.

pdfminer (under pdfplumber) reads the glyphs the table is made of; viewers draw the page
with their own parsers (pdfium in Chromium's, poppler in most others). Where the file is
malformed they part ways, and the reader then publishes what no viewer shows: a content
stream whose /Length stops short of its data (pdfminer stops at the length, pdfium and
poppler read on to `endstream`) hides from the reader a `1` that every viewer draws
before `32*Ascend`. So the glyphs of each table page, read by pdfium, must all be among
those pdfminer read, counted character by character in their printed form (both engines'
text folded alike: radicals, compatibility forms; pdfium's mark for a hyphen ending a line
is a hyphen). The other way round is pdf_ink's: a glyph read must show ink where it is
drawn (pdfium also reads a glyph printed twice over itself, a shadow, once). Neither the
order nor glyphs without a Unicode mapping are compared: the engines order text
differently, and unmapped text is its own error (pdf_textlayer).
"""
from __future__ import annotations

import unicodedata
from collections import Counter


from ..errors import LayoutError, Place, Problem
from .cjk import printed_text
from .pdf_textlayer import unmapped

# pdfium's text for a hyphen it takes as breaking a word at a line's end (U+0002 per glyph,
# U+FFFE in a page's text)
LINE_END_HYPHEN = str.maketrans({"\x02": "-", "\ufffe": "-"})


def glyph_counts(text: str) -> Counter:
    """The printed characters of `text`, counted: no spaces or line breaks (engines
    differ in which they add between words and lines), no control characters (pdfium's
    text for glyphs it cannot map)."""
    return Counter(ch for ch in printed_text(text.translate(LINE_END_HYPHEN))
                   if not ch.isspace() and unicodedata.category(ch) != "Cc")


def check_drawn_were_read(drawn: str, page, number: int, source: str) -> None:
    """Every glyph pdfium reads on this page (`drawn`: its text) is one pdfminer read (`page`:
    pdfplumber's)."""
    chars = page.chars
    if any(unmapped(ch) for ch in chars):
        return  # pdf_textlayer's error
    unread = glyph_counts(drawn) - glyph_counts("".join(ch["text"] for ch in chars))
    if unread:
        raise LayoutError(source, Problem(
            Place(page=number), f"text a viewer draws on the page that the extractor does not read: "
            f"{''.join(sorted(unread.elements()))[:40]!r} (pdfium reads it, pdfminer does not: a malformed file, "
            "e.g. a content stream longer than its /Length)", "a PDF whose text every reader reads alike"))
