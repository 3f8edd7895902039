"""Glyphs a clip path cuts through: what is left of them reads as another glyph.

A clip path (`re W n`, any path followed by W or W*) limits where what follows it is
drawn. One whose edge runs through a glyph leaves only part of it: `4*Ascend` clipped
just right of the 4's upright stroke shows `1*Ascend`, yet keeps ink, so the ink check
takes the 4 as seen. The text layer (pdfminer) carries no clip paths; pdfium parses them
and gives each page object the clip in force when it is drawn, in page space (a form
XObject's own clip included, and the clip around its `Do` on the form object).

So a glyph is cut when its ink box (pdfium's tight box for the glyph) lies partly inside
and partly outside its clip region: the region is the intersection of the clip's paths,
and a glyph wholly outside one of them is not drawn at all (hidden text, the ink check's).
Prints clip a lot (Chromium and LibreOffice around the page or a cell, WeasyPrint around
boxes), always around whole glyphs; pdfium drops a clip that holds the whole page.
"""
from __future__ import annotations

import ctypes
from dataclasses import dataclass

import numpy as np
import pypdfium2.raw as pdfium_c

from .css_filters import luminance

CUT = 0.1  # points: how far a clip edge must run into a glyph's ink box to cut it (not a float's wobble)
STEPS = 8  # segments a Bezier curve of a clip path is flattened into


@dataclass(frozen=True)
class Path:
    """One path of a clip, as closed polygons (page space), and whether it is one upright rectangle."""
    polygons: tuple[np.ndarray, ...]
    rectangle: bool

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        points = np.concatenate(self.polygons)
        return points[:, 0].min(), points[:, 1].min(), points[:, 0].max(), points[:, 1].max()


def bezier(p0, c1, c2, p3) -> list[tuple[float, float]]:
    t = np.linspace(0, 1, STEPS + 1)[1:, None]
    points = (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * c1 + 3 * (1 - t) * t**2 * c2 + t**3 * p3
    return [tuple(p) for p in points]


def read_path(clip, index: int) -> Path | None:
    """Path `index` of a clip (FPDF_CLIPPATH) as polygons, one a subpath (a curve flattened)."""
    polygons, current, curve = [], [], []
    x, y = ctypes.c_float(), ctypes.c_float()
    for s in range(pdfium_c.FPDFClipPath_CountPathSegments(clip, index)):
        segment = pdfium_c.FPDFClipPath_GetPathSegment(clip, index, s)
        pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        kind, point = pdfium_c.FPDFPathSegment_GetType(segment), (x.value, y.value)
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO:
            polygons.append(current)
            current = [point]
        elif kind == pdfium_c.FPDF_SEGMENT_BEZIERTO:
            curve.append(point)
            if len(curve) == 3 and current:
                current += bezier(np.array(current[-1]), *map(np.array, curve))
                curve = []
        else:
            current.append(point)
    polygons = [np.array(p, dtype=float) for p in polygons + [current] if len(p) >= 3]
    if not polygons:
        return None  # a clip path with no area: nothing it holds is drawn (hidden text)
    corners = polygons[0]
    upright = len(polygons) == 1 and len(np.unique(corners[:, 0].round(3))) == 2 == len(np.unique(corners[:, 1].round(3)))
    return Path(tuple(polygons), upright and len(corners) in (4, 5))


def clip_of(handle) -> list[Path | None]:
    """The paths of a page object's own clip (none when it has none)."""
    clip = pdfium_c.FPDFPageObj_GetClipPath(handle)
    if not clip:
        return []
    return [read_path(clip, i) for i in range(pdfium_c.FPDFClipPath_CountPaths(clip))]


def under_clips(page, kind: int):
    """The page's objects of this kind (pdfium's FPDF_PAGEOBJ_*), each with the paths of the clip
    it is drawn under: its own and those of the form XObjects holding it."""
    def walk(objects, outer: list):
        for handle in objects:
            found = pdfium_c.FPDFPageObj_GetType(handle)
            if found == pdfium_c.FPDF_PAGEOBJ_FORM:
                yield from walk((pdfium_c.FPDFFormObj_GetObject(handle, i)
                                 for i in range(pdfium_c.FPDFFormObj_CountObjects(handle))), outer + clip_of(handle))
            elif found == kind:
                yield handle, outer + clip_of(handle)

    yield from walk((pdfium_c.FPDFPage_GetObject(page, i) for i in range(pdfium_c.FPDFPage_CountObjects(page))), [])


def clipped_text(clips: PageClips) -> dict[int, list[Path | None]]:
    """The page's text objects drawn under a clip (by address): their own clip's paths and
    those of the form XObjects holding them."""
    return {ctypes.cast(handle, ctypes.c_void_p).value: paths
            for handle, paths in clips.under(pdfium_c.FPDF_PAGEOBJ_TEXT) if paths}


def crosses(box: tuple[float, float, float, float], polygon: np.ndarray) -> bool:
    """Does an edge of the polygon run through the box (left, bottom, right, top)? Each
    edge is cut to the box's slab in x, then its y range there is compared with the box's."""
    left, bottom, right, top = box
    start, end = polygon, np.roll(polygon, -1, axis=0)
    dx = end[:, 0] - start[:, 0]
    with np.errstate(divide="ignore", invalid="ignore"):
        t0 = np.where(dx == 0, 0.0, np.minimum((left - start[:, 0]) / dx, (right - start[:, 0]) / dx))
        t1 = np.where(dx == 0, 1.0, np.maximum((left - start[:, 0]) / dx, (right - start[:, 0]) / dx))
    t0, t1 = np.clip(t0, 0, 1), np.clip(t1, 0, 1)
    in_slab = (t0 < t1) & ((dx != 0) | ((left < start[:, 0]) & (start[:, 0] < right)))
    y0 = start[:, 1] + t0 * (end[:, 1] - start[:, 1])
    y1 = start[:, 1] + t1 * (end[:, 1] - start[:, 1])
    return bool((in_slab & (np.maximum(y0, y1) > bottom) & (np.minimum(y0, y1) < top)).any())


def inside(point: tuple[float, float], polygons: tuple[np.ndarray, ...]) -> bool:
    """Even-odd rule: a ray to the right crosses the polygons' edges an odd number of times."""
    x, y = point
    count = 0
    for polygon in polygons:
        start, end = polygon, np.roll(polygon, -1, axis=0)
        spans = (start[:, 1] > y) != (end[:, 1] > y)
        with np.errstate(divide="ignore", invalid="ignore"):
            at = start[:, 0] + (y - start[:, 1]) * (end[:, 0] - start[:, 0]) / (end[:, 1] - start[:, 1])
        count += int((spans & (at > x)).sum())
    return count % 2 == 1


def relation(box: tuple[float, float, float, float], path: Path | None) -> str:
    """'in', 'out' or 'cut': where a glyph's box (narrowed by CUT) lies against one clip path."""
    if path is None:
        return "out"
    left, bottom, right, top = box
    x0, y0, x1, y1 = path.bounds
    if right <= x0 or left >= x1 or top <= y0 or bottom >= y1:
        return "out"
    if left >= x0 and right <= x1 and bottom >= y0 and top <= y1 and path.rectangle:
        return "in"
    if path.rectangle or any(crosses(box, polygon) for polygon in path.polygons):
        return "cut"
    return "in" if inside(((left + right) / 2, (bottom + top) / 2), path.polygons) else "out"


def cut(box: tuple[float, float, float, float], paths: list[Path | None]) -> bool:
    """Is a glyph with this ink box (left, bottom, right, top) partly drawn under the clip?"""
    left, bottom, right, top = box
    if right - left <= 2 * CUT or top - bottom <= 2 * CUT:
        return False  # no ink to cut (a space), or a hairline that is all or nothing
    sides = [relation((left + CUT, bottom + CUT, right - CUT, top - CUT), path) for path in paths]
    return "out" not in sides and "cut" in sides


class PageClips:
    """A pdfium page's objects with the clips they are drawn under, walked once for all the
    checks that ask (a walk calls pdfium for every object of the page: thousands on a print),
    and the glyphs of its text page a clip cuts, found once."""

    def __init__(self, page, textpage):
        self.page, self.textpage = page, textpage
        self.walked: dict[int, list] = {}
        self.cut: list | None = None

    def under(self, kind: int) -> list:
        """under_clips(page, kind), as a list."""
        found = self.walked.get(kind)
        if found is None:
            found = self.walked[kind] = list(under_clips(self.page, kind))
        return found

    def glyphs_cut(self) -> list:
        """cut_glyphs_by(page, textpage)."""
        if self.cut is None:
            self.cut = cut_glyphs_by(self)
        return self.cut


def cut_glyphs(clips: PageClips) -> list[tuple[int, tuple[float, float, float, float]]]:
    """The glyphs of the page (pdfium's text page index, ink box in page space) a clip path
    cuts through."""
    return [(index, box) for index, box, _ in clips.glyphs_cut()]


def cut_across(clips: PageClips) -> list[tuple[tuple[float, float, float, float], float]]:
    """(ink box, x) of each glyph of the page that the left or right edge of its clip, at x,
    cuts through (page space)."""
    found = []
    for _, box, paths in clips.glyphs_cut():
        for path in paths:
            if path is not None and relation(box, path) == "cut":
                found += [(box, edge) for edge in (path.bounds[0], path.bounds[2]) if box[0] < edge < box[2]]
    return found


def cut_glyphs_by(clips: PageClips):
    """(index, ink box, the clip's paths) of each glyph of the page a clip path cuts through."""
    clipped, textpage = clipped_text(clips), clips.textpage
    if not clipped:
        return []
    found = []
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    for index in range(pdfium_c.FPDFText_CountChars(textpage)):
        handle = pdfium_c.FPDFText_GetTextObject(textpage, index)
        paths = clipped.get(ctypes.cast(handle, ctypes.c_void_p).value) if handle else None
        if not paths:
            continue
        pdfium_c.FPDFText_GetCharBox(textpage, index, *map(ctypes.byref, (left, right, bottom, top)))
        box = (left.value, bottom.value, right.value, top.value)
        if cut(box, paths):
            found.append((index, box, paths))
    return found


FAINT = 1.25  # contrast with white under which a fill draws nothing legible (pdf_ink.CONTRAST)


def faint(luminance: float) -> bool:
    """A colour (its relative luminance) too faint against white to show a shape (under FAINT)."""
    return 1.05 / (luminance + 0.05) < FAINT


def clipped_fills(clips: PageClips) -> list[tuple[float, float, float, float]]:
    """The bounds (page space) of the page's filled boxes that their clip cuts: what they paint
    is not their box (a clip may shape a dark fill into a 1 that passes for a cell's
    background). Rules (thinner than 3 pt) are left out, and fills too light to draw anything
    legible on white (under FAINT: a zebra row's #f2f2f2 that Chromium clips at a page break);
    what a light fill paints over a glyph is pdf_ink.Sight.painted_over's."""
    found = []
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    colour = [ctypes.c_uint() for _ in range(4)]
    for handle, paths in clips.under(pdfium_c.FPDF_PAGEOBJ_PATH):
        if not paths or not pdfium_c.FPDFPath_GetDrawMode(handle, ctypes.byref(mode), ctypes.byref(stroke)) \
                or not mode.value or not pdfium_c.FPDFPageObj_GetBounds(handle, *map(ctypes.byref, (left, bottom, right, top))):
            continue
        box = (left.value, bottom.value, right.value, top.value)
        if box[2] - box[0] < 3 or box[3] - box[1] < 3 or not cut(box, paths):
            continue
        light = stroke.value == 0 and pdfium_c.FPDFPageObj_GetFillColor(handle, *map(ctypes.byref, colour)) and \
            faint(luminance([c.value / 255 for c in colour[:3]]))
        if not light:
            found.append(box)
    return found






def clipped_away_across(clips: PageClips) -> list[tuple[float, float, float, float]]:
    """The bounds (page space) of the page's paths and text drawn wholly outside their clip
    across (left or right of it, where it holds their middle height): not drawn at all, so where
    they lie beside a table it goes on unseen past the clip. Chromium clips a table wider than
    the page at its margin, and where the clip falls on a column's rule that rule lies just
    outside it (hunt 73). A table's outer border half outside the page's clip is partly drawn,
    and read; what a page break cuts lies above or below its clip. Not told: a clip of the
    table's own cutting through a column's rule with nothing drawn past it (`clip-path:
    inset()`, hunt 75), which looks as that outer border does."""
    found = []
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    for kind in (pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_TEXT):
        for handle, paths in clips.under(kind):
            if not paths or None in paths or \
                    not pdfium_c.FPDFPageObj_GetBounds(handle, *map(ctypes.byref, (left, bottom, right, top))):
                continue
            box = (left.value, bottom.value, right.value, top.value)
            middle = (box[1] + box[3]) / 2
            if any(box[0] >= p.bounds[2] - CUT / 2 or box[2] <= p.bounds[0] + CUT / 2 for p in paths
                   if p.bounds[1] < middle < p.bounds[3]):
                found.append(box)
    return found
