"""Images and shadings painted where the vendor table is: pixels this reader does not read.

The text layer holds the glyphs; an image or a shading (`Do` of an image XObject, an inline
image, a stencil mask, `sh`) draws pixels of its own. Over the table they may hide part of a
glyph (a white image over the left half of an 8 leaves a 3, with ink enough for the ink
check) or draw one (a `1` cropped from the print, drawn before `32*Ascend`: a reader sees 132).
Prints of the vendor page draw the table with text and paths only, so any image or shading
inside the table's extent is an error, as an image in a cell is on a page (`[image]`).
"""
from __future__ import annotations

import ctypes

import pypdfium2.raw as pdfium_c
from pdfminer.pdftypes import PDFStream, resolve1

from .pdf_annots import resources_within
from .pdf_forms import mapped, placed_objects

PAINTING = (pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_SHADING)


def painted_boxes(page) -> list[tuple[float, float, float, float]]:
    """The page-space boxes (left, bottom, right, top) of what paints images or shadings, at
    the page's top level or inside forms (boxes_where)."""
    return boxes_where(page, lambda handle, kind: kind in PAINTING)


STROKES = (pdfium_c.FPDF_TEXTRENDERMODE_STROKE, pdfium_c.FPDF_TEXTRENDERMODE_FILL_STROKE)
STROKE_FLOOR = 0.1  # of the font size: a glyph's outline stroked wider paints past its box (a bold's is ~0.03)


def see_through_text(page, masking: bool) -> list[tuple[float, float, float, float]]:
    """The boxes of text objects used as a clip (render modes 4 to 7: a cell's fill painted
    through a 7 Tr `8` cut at its middle shows a 3), stroked wider than STROKE_FLOOR of their
    size (the outline painted past the glyph's box: a 2 stroked white 62.6 pt wide, drawn again
    black, erased the left of the 8 beside it, which showed a 3), or drawn through a soft mask or
    a blend mode: transparency that is not its fill's alpha alone (a partial alpha fades a glyph
    whole, which the ink check judges; a mask may take away part of it). pdfium tells an
    object's transparency, not its kind: on a page whose graphics states hold a mask or a blend
    mode (`masking`: masking_states), text with any transparency is taken as masked."""
    alpha = [ctypes.c_uint() for _ in range(4)]
    width, size, matrix = ctypes.c_float(), ctypes.c_float(), pdfium_c.FS_MATRIX()

    def see_through(handle, kind) -> bool:
        if kind != pdfium_c.FPDF_PAGEOBJ_TEXT:
            return False
        mode = pdfium_c.FPDFTextObj_GetTextRenderMode(handle)
        if mode >= pdfium_c.FPDF_TEXTRENDERMODE_FILL_CLIP:
            return True  # the glyphs' outlines added to the clip: what is painted through it draws their shapes
        if mode in STROKES and stroked_unlike(handle, width, size, matrix):
            return True
        if not pdfium_c.FPDFPageObj_HasTransparency(handle):
            return False
        if masking or not pdfium_c.FPDFPageObj_GetFillColor(handle, *map(ctypes.byref, alpha)):
            return True
        return alpha[3].value == 255
    return boxes_where(page, see_through)


HAIRLINE_TEXT = 0.01  # of the font size: a glyph stroked thinner is drawn by each viewer its own way, or not at all


def stroked_unlike(handle, width, size, matrix) -> bool:
    """Stroked text (render mode 1 or 2) drawn otherwise than its glyph: stroked wider than
    STROKE_FLOOR of its size (the outline painted past the glyph's box: a 2 stroked white 62.6 pt
    wide, drawn again black, erased the left of the 8 beside it, which showed a 3); with a dash
    pattern (`[0 5] 0 d`: dots pdfium draws as specks, poppler and mupdf as nothing), or thinner
    than HAIRLINE_TEXT of its size (`0 w`: mupdf draws nothing; with a fill in the background's
    colour the hairline is all that shows: hunt 141). Hunt 139: a `1` so drawn before 32*Ascend,
    and 132 was published. Its size is the size it is drawn at: the Tf operand scaled by its text
    matrix (`Tf 1` with `Tm 9` is 9 pt: hunt 141)."""
    if pdfium_c.FPDFPageObj_GetDashCount(handle) > 0:
        return True
    if not (pdfium_c.FPDFPageObj_GetStrokeWidth(handle, ctypes.byref(width)) and
            pdfium_c.FPDFTextObj_GetFontSize(handle, ctypes.byref(size)) and
            pdfium_c.FPDFPageObj_GetMatrix(handle, ctypes.byref(matrix))):
        return True
    drawn = abs(size.value) * abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
    return not HAIRLINE_TEXT * drawn <= width.value <= STROKE_FLOOR * drawn


def see_through_paths(page, masking: bool) -> list[tuple[float, float, float, float]]:
    """The boxes of paths drawn through a soft mask or a blend mode (on a page whose graphics
    states hold one, `masking`: a path with any transparency): what shows of one is the mask's
    shape, not its path's (a cell's black background shown through a mask cut as an 8)."""
    if not masking:
        return []
    return boxes_where(page, lambda handle, kind: kind == pdfium_c.FPDF_PAGEOBJ_PATH
                       and bool(pdfium_c.FPDFPageObj_HasTransparency(handle)))


PLAIN_BLENDS = frozenset({"Normal", "Compatible"})


def masking_states(resources) -> bool:
    """Do these resources (pdfminer's, a page's or a form's, and the forms they draw, 8 deep)
    hold a graphics state with a soft mask or a blend mode other than Normal, or draw a form that
    is a knockout group (`/Group << /K true >>`: a glyph drawn again transparent knocks out the one
    beneath in mupdf, not in pdfium or poppler; hunt 139)?"""
    for held in resources_within(resources):
        for drawn in (resolve1(held.get("XObject")) or {}).values():
            group = resolve1(drawn.get("Group")) if isinstance(drawn := resolve1(drawn), PDFStream) else None
            if isinstance(group, dict) and resolve1(group.get("K")) is True:
                return True
        for state in (resolve1(held.get("ExtGState")) or {}).values():
            state = resolve1(state) or {}
            mask, blend = resolve1(state.get("SMask")), resolve1(state.get("BM"))
            if (mask is not None and getattr(mask, "name", None) != "None") or (
                    blend is not None and getattr(blend, "name", None) not in PLAIN_BLENDS):
                return True
    return False


def states_setting_fonts(resources) -> str:
    """The name of a graphics state (ExtGState) these resources hold, or the forms they draw, that
    sets a font (`/Font`): poppler, mupdf and Ghostscript draw the text after it in that font,
    pdfium and pdfminer in the one `Tf` set (hunt 139: 32 read and drawn by pdfium, 82 drawn by
    the others); "" for none."""
    for held in resources_within(resources):
        for key, state in (resolve1(held.get("ExtGState")) or {}).items():
            if isinstance(state := resolve1(state), dict) and "Font" in state:
                return str(key)
    return ""


def colorants_none(resources) -> bool:
    """Do these resources, or the forms they draw, hold a Separation or DeviceN colour space whose
    colorants are all /None? Such a colour paints nothing (PDF 32000, 8.6.6.4); poppler's Splash
    paints nothing, pdfium, mupdf and Cairo paint it (hunt 139: a 1 so painted before 32*Ascend)."""
    for held in resources_within(resources):
        for space in (resolve1(held.get("ColorSpace")) or {}).values():
            space = resolve1(space)
            if isinstance(space, list) and space and getattr(resolve1(space[0]), "name", None) in ("Separation", "DeviceN"):
                names = resolve1(space[1]) if len(space) > 1 else None
                names = names if isinstance(names, list) else [names]
                if names and all(getattr(resolve1(n), "name", None) == "None" for n in names):
                    return True
    return False


def boxes_where(page, chosen) -> list[tuple[float, float, float, float]]:
    """The page-space boxes (left, bottom, right, top) of the page's objects `chosen(handle,
    kind)` picks, at its top level or inside form XObjects at any depth (pdf_forms). (A
    form's own bounds, taken before, hold every object of it: a page imposed as one form by
    pdfjam was all image where its logo was one.)"""
    found = []
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    for handle, kind, to_page in placed_objects(page):
        if chosen(handle, kind) and pdfium_c.FPDFPageObj_GetBounds(handle, *map(ctypes.byref, (left, bottom, right, top))):
            found.append(mapped((left.value, bottom.value, right.value, top.value), to_page))
    return found
