"""Every path a viewer draws over the vendor table is one the reader read, where it reads it.

pdf_paths judges the paths of the table's part of a page as pdfminer (under pdfplumber) reads
them: rules, cell backgrounds, specks on a rule, underlines. Viewers draw the page with their own
parsers, and where the file misleads pdfminer they draw paths it never sees, or sees elsewhere:
after a form XObject drawn without `q`/`Q` around it, pdfminer keeps the form's transformation for
what follows (an 8 drawn as a path over the 3 of `32` is read 1000 pt up, off the page), and the
viewers do not. And pdfminer gives a stroke's geometry only: a polyline whose corner on a cell's
rule is a sharp miter join (`10000 M`) is read as a speck on the rule, while viewers draw the join
as a spike 20 pt long through the value (struck out).

So each path pdfium draws (in forms too) whose box reaches into the table must be held by the
outlines pdfminer read there: those lying inside its box (widened by SAME_EXTENT) reach its sides,
but for its line width as drawn (pdfminer reads a width set by `gs` or scaled by `cm` as
written: what such a stroke paints over the text is pdf_ink's painted_over), and pdfminer reads a
path of several subpaths as one path each. Its box is pdfium's bounds (the stroke included) and the
spike of every miter join, taken as long as its angle makes it: pdfium gives no miter limit, and a
limit only shortens a spike.
"""
from __future__ import annotations

import ctypes
import math

import numpy as np
import pypdfium2.raw as pdfium_c

from ..errors import LayoutError, Place, Problem
from .pdf_engines import PageSpace, meets
from .pdf_forms import mapped, matrix_of, moved, placed_objects, then
from .pdf_paths import PATHS

SAME_EXTENT = 1.0  # points: each engine's box of the same path, rounded its own way (pdfium's floats, a hairline's width)
SHARPEST = 1e-4  # radians: a corner sharper than this is a path doubling back on itself (no spike either engine draws)

def subpaths(handle) -> list[tuple[list[tuple[float, float]], list[bool], bool]]:
    """The path's subpaths in its own space: each one's points (a curve's control points among
    them), which of them are ends of a segment (where a join is drawn) and whether it is closed."""
    found, x, y = [], ctypes.c_float(), ctypes.c_float()
    for index in range(pdfium_c.FPDFPath_CountSegments(handle)):
        segment = pdfium_c.FPDFPath_GetPathSegment(handle, index)
        pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        kind = pdfium_c.FPDFPathSegment_GetType(segment)
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO or not found:
            found.append(([], [], False))
        points, ends, _ = found[-1]
        points.append((x.value, y.value))
        # a Bezier segment's three points come one at a time: the third ends it
        ends.append(kind != pdfium_c.FPDF_SEGMENT_BEZIERTO or (len(ends) >= 2 and not ends[-1] and not ends[-2]))
        if pdfium_c.FPDFPathSegment_GetClose(segment):
            found[-1] = (points, ends, True)
    return found


def miter_tips(handle) -> list[tuple[float, float]]:
    """Where the stroke's miter joins reach, in the path's own space: at each corner, half the
    line width out along the bisector, divided by the sine of half the corner's angle."""
    width = ctypes.c_float()
    if pdfium_c.FPDFPageObj_GetLineJoin(handle) != pdfium_c.FPDF_LINEJOIN_MITER or \
            not pdfium_c.FPDFPageObj_GetStrokeWidth(handle, ctypes.byref(width)):
        return []
    tips = []
    for points, ends, closed in subpaths(handle):
        corners = range(len(points)) if closed else range(1, len(points) - 1)
        for k in corners:
            if not ends[k]:
                continue
            (px, py), (vx, vy), (nx, ny) = points[k - 1], points[k], points[(k + 1) % len(points)]
            into, out = math.hypot(vx - px, vy - py), math.hypot(nx - vx, ny - vy)
            if not into or not out:
                continue
            ux, uy, wx, wy = (vx - px) / into, (vy - py) / into, (nx - vx) / out, (ny - vy) / out
            angle = math.acos(max(-1.0, min(1.0, -(ux * wx + uy * wy))))  # between the two segments at the corner
            if angle < SHARPEST:
                continue
            bx, by = ux - wx, uy - wy  # outward, along the bisector
            norm = math.hypot(bx, by)
            if not norm:
                continue
            reach = width.value / 2 / math.sin(angle / 2)
            tips.append((vx + bx / norm * reach, vy + by / norm * reach))
    return tips


def drawn_extents(page) -> list[tuple[tuple[float, float, float, float], float]]:
    """Each path pdfium paints (filled or stroked) on the page, in forms too: its box in the
    page's space (pdfium's bounds, the stroke's width included, and the spikes of its miter
    joins), and how far its paint may reach past its outline: its line width as drawn (pdfium's
    bounds reach that far past a line's ends; a width set otherwise than pdfminer reads it, by
    `gs` or `cm`, is pdf_ink's to see)."""
    found = []
    mode, stroke, width = ctypes.c_int(), ctypes.c_int(), ctypes.c_float()
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    # (asked of every path on the page: the functions and the pointers to the answers taken once)
    draw_mode, bounds_of = pdfium_c.FPDFPath_GetDrawMode, pdfium_c.FPDFPageObj_GetBounds
    modes, edges = (ctypes.byref(mode), ctypes.byref(stroke)), tuple(map(ctypes.byref, (left, bottom, right, top)))
    path = pdfium_c.FPDF_PAGEOBJ_PATH
    for handle, kind, outer in placed_objects(page):  # a form's objects are in its space: moved by its matrix
        if kind == path and draw_mode(handle, *modes) and (mode.value or stroke.value) and bounds_of(handle, *edges):
            box, reach = (left.value, bottom.value, right.value, top.value), 0.0
            if stroke.value and pdfium_c.FPDFPageObj_GetStrokeWidth(handle, ctypes.byref(width)):
                own = matrix_of(handle)
                placed = then(own, outer) if outer is not None else own
                reach = width.value * math.sqrt(abs(placed[0] * placed[3] - placed[1] * placed[2]))
                if pdfium_c.FPDFPath_CountSegments(handle) > 2:  # (a line of two points has no join)
                    xs, ys = zip((box[0], box[1]), (box[2], box[3]), *moved(miter_tips(handle), own))
                    box = (min(xs), min(ys), max(xs), max(ys))
            found.append((mapped(box, outer), reach))
    return found


def outlines_read(page, space: PageSpace) -> np.ndarray:
    """The boxes of pdfminer's paths of the page (their outlines: no line width), in its user space."""
    boxes = [space.box({"x0": path["x0"], "x1": path["x1"]}, path["top"], path["bottom"])
             for kind in PATHS for path in page.objects.get(kind, ())]
    return np.array(boxes, dtype=float).reshape(-1, 4)


# A position to a tenth of a point on a grid shifted off the values producers write (hundredths,
# Chromium's quarter points of 0.75 px): the engines' floats, which differ in the fifth digit, fall
# on one side of its boundaries.
GRID_SHIFT = 0.31831


def tenths(values) -> np.ndarray:
    """Positions (points) to whole tenths on that grid, half to even as round() does (kept as
    floats: a hostile position of 1e30 points stays itself, where an integer type would wrap)."""
    return np.rint(np.asarray(values, dtype=float) * 10 + GRID_SHIFT)


CHUNK = 256  # drawn boxes compared with every outline read at once (a chunk's arrays: CHUNK by outlines)


def held(boxes: np.ndarray, reaches: np.ndarray, read: np.ndarray) -> np.ndarray:
    """For each box drawn (with how far its paint reaches past its outline), do the outlines read
    that lie inside it (widened by SAME_EXTENT) reach all its sides, but for that reach?"""
    found = np.zeros(len(boxes), dtype=bool)
    for at in range(0, len(boxes), CHUNK):
        box, near = boxes[at:at + CHUNK, :, None], reaches[at:at + CHUNK, None] + SAME_EXTENT
        inside = ((read[:, 0] >= box[:, 0] - SAME_EXTENT) & (read[:, 1] >= box[:, 1] - SAME_EXTENT)
                  & (read[:, 2] <= box[:, 2] + SAME_EXTENT) & (read[:, 3] <= box[:, 3] + SAME_EXTENT))
        low = np.where(inside[:, :, None], read[None, :, :2], np.inf).min(axis=1)
        high = np.where(inside[:, :, None], read[None, :, 2:], -np.inf).max(axis=1)
        found[at:at + CHUNK] = inside.any(axis=1) & (low <= box[:, :2, 0] + near).all(axis=1) & \
            (high >= box[:, 2:, 0] - near).all(axis=1)
    return found


def check_paths_drawn_as_read(drawn_page, page, number: int, table: tuple[float, float, float, float],
                              source: str) -> None:
    """Every path pdfium draws on this page (`drawn_page`: its page) into the vendor table
    (`table`: its box, pdfplumber's) is held by paths pdfminer read (`page`: pdfplumber's)."""
    space = PageSpace(page)
    table_box = space.box({"x0": table[0], "x1": table[2]}, table[1], table[3])
    drawn = [(box, reach) for box, reach in drawn_extents(drawn_page) if meets(box, table_box)]
    if not drawn:
        return
    outlines = outlines_read(page, space)
    # most paths are read exactly as drawn: their outline (pdfium's box less the line width) found by
    # its box to a tenth of a point, the rest by held()
    exact = set(map(tuple, tenths(outlines).tolist()))
    boxes, reaches = np.array([box for box, _ in drawn], dtype=float), np.array([reach for _, reach in drawn])
    outline_drawn = tenths(boxes + reaches[:, None] * np.array([1, 1, -1, -1])).tolist()  # the box less the width
    missed = [found for found, outline in zip(drawn, outline_drawn) if tuple(outline) not in exact]
    if not missed:
        return
    boxes, reaches = np.array([box for box, _ in missed], dtype=float), np.array([reach for _, reach in missed])
    astray = [box for (box, _), ok in zip(missed, held(boxes, reaches, outlines)) if not ok]
    if astray:
        left, bottom, right, top = astray[0]
        raise LayoutError(source, Problem(
            Place(page=number), f"a path a viewer draws into the vendor table that the extractor does not read there: "
            f"painted at ({left:.0f}, {bottom:.0f})-({right:.0f}, {top:.0f}) pt in the page's own coordinates "
            "(pdfium draws it there, pdfminer reads no such path: a transformation left in force after a form, a "
            "stroke's sharp corner drawn as a long spike, or a malformed file)",
            "a PDF whose paths every reader reads alike"))
