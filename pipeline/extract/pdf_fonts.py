"""A font the PDF does not carry is rendered as solid boxes, the same on every machine.

A PDF may name a font without embedding it (reportlab's `STSong-Light`, Word's `SimSun`
left out): each reader draws its own substitute, and pdfium looks for one among the
machine's fonts. On a machine without CJK fonts it draws nothing for those glyphs, and
the ink test (pdf_ink) would refuse text that a reader with the fonts sees, so that
whether a PDF is read would depend on the machine it is read on.

What the test needs of a glyph is where it is drawn, in which colour, under which cover
and clip, none of which depends on the font; only the shape does. So pdfium is given
one substitute for every font it would look up on the machine: `box.ttf` (written by
tools/make_box_font.py), one solid box for every character. The 14 standard fonts are left to
pdfium's built-in copies of them (every reader carries those), and an embedded font is
drawn as embedded: pdfium asks for a substitute only when the file has none.
"""
from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2  # noqa: F401  (initialises pdfium before the font lookup is set)
import pypdfium2.raw as pdfium_c

BOX = (Path(__file__).parent / "box.ttf").read_bytes()
FACE = b"mincards box\0"
HANDLE = 1  # the one font there is; pdfium only passes it back
STANDARD = frozenset({
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
    "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats",
})

_FIELDS = dict(pdfium_c.FPDF_SYSFONTINFO._fields_)


def _copy_out(data: bytes, buffer, size: int) -> int:
    """pdfium's protocol: asked with a buffer too small (or none), say the size needed."""
    if buffer and size >= len(data):
        ctypes.memmove(buffer, data, len(data))
    return len(data)


def _substitute(face) -> int | None:
    """The box for a font pdfium looks up by name; none (pdfium's own copy) for a standard one."""
    return None if ctypes.string_at(face).decode("latin-1") in STANDARD else HANDLE


@_FIELDS["MapFont"]
def _map_font(this, weight, italic, charset, pitch_family, face, exact):
    return _substitute(face)


@_FIELDS["GetFont"]
def _get_font(this, face):
    return _substitute(face)


@_FIELDS["GetFontData"]
def _get_font_data(this, font, table, buffer, size):
    return _copy_out(BOX, buffer, size) if table == 0 else 0  # the whole file; no table alone


@_FIELDS["GetFaceName"]
def _get_face_name(this, font, buffer, size):
    return _copy_out(FACE, buffer, size)


@_FIELDS["GetFontCharset"]
def _get_font_charset(this, font):
    return 1  # DEFAULT_CHARSET: the box has every character


@_FIELDS["DeleteFont"]
def _delete_font(this, font):
    return None


# Held for the life of the process: pdfium keeps the pointer and calls back through it.
_LOOKUP = pdfium_c.FPDF_SYSFONTINFO(version=1, MapFont=_map_font, GetFont=_get_font,
                                    GetFontData=_get_font_data, GetFaceName=_get_face_name,
                                    GetFontCharset=_get_font_charset, DeleteFont=_delete_font)
pdfium_c.FPDF_SetSystemFontInfo(ctypes.byref(_LOOKUP))
