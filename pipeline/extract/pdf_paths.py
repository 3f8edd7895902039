"""Every path drawn where the vendor table is lies on its ruling.

The text layer holds the glyphs; a path draws ink of its own. A print of the vendor page draws
the table's rules as lines (Chromium) or thin rectangles (other printers), and cell backgrounds
as rectangles between rules. A path elsewhere inside the table is ink this reader does not read:
a dot drawn between the 3 and the 2 of `32*Ascend` shows 3.2 (32 was published), a 1 or an 8
drawn as lines or curves beside a value shows another number. So each path inside the table's
box must be one of:

- a thin path (a rule), alone or with the others drawn on its line and touching it, running
  from one boundary across it to another (a 1 drawn as a stroke ends inside its row, a dash
  inside its column);
- a rectangle between boundaries on all four sides (a background of cells), painted in a plain
  colour (a tiling pattern draws a 1 in it, a shading pattern a white strip over part of an 8; a
  curve whose box is the cell's, an 8 in the cell's colour over a 3);
- a speck (smaller than MIN_EDGE both ways, like a rule's end or corner) touching a rule where it
  is drawn;
- an underline: a thin horizontal path just below a run of glyphs' baseline, from the first
  glyph's left to the last one's right (a link printed by Chromium). A line through the glyphs
  (struck text) is none.

Anything else is an error naming the page and the place. The boundaries are the table's ruling
edges (pdf_regions.ruling: rules at least MIN_EDGE long), as the grid is built from them.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right

import numpy as np

from ..errors import LayoutError, Place, Problem
from .pdf_cells import MIN_EDGE, TOLERANCE

NEAR = TOLERANCE  # points: a path's side this close to a boundary lies on it
PATHS = ("line", "rect", "curve")  # pdfplumber's kinds of path objects


def boxes_inside(page, bbox: tuple[float, float, float, float]) -> tuple[np.ndarray, np.ndarray]:
    """(x0, top, x1, bottom) of each path object of the page overlapping the table's box, cut
    to the box (a rule running on past the table's side, where the page cut it, is the table's
    up to its side; what lies past it is pdf_glyphs'), and which of them paint with a pattern
    (pdfminer gives a pattern's name for its colour): pixels of their own, a 1 tiled in a
    cell's background."""
    x0, top, x1, bottom = bbox
    found = [o for kind in PATHS for o in page.objects.get(kind, ())
             if o["x1"] >= x0 - NEAR and o["x0"] <= x1 + NEAR and o["bottom"] >= top - NEAR and o["top"] <= bottom + NEAR]
    boxes = np.array([painted_box(o) for o in found], dtype=float).reshape(-1, 4)
    patterned = np.fromiter(map(patterned_paint, found), dtype=bool, count=len(found))
    square = np.fromiter(map(rectangular, found), dtype=bool, count=len(found))
    return np.clip(boxes, [x0, top, x0, top], [x1, bottom, x1, bottom]), patterned, square


def rectangular(path: dict) -> bool:
    """Is the path a rectangle: every point of its outline at a corner of its box, each line
    along one of its sides (a `re`, or lines around it)? A curve whose box is a cell's may draw
    anything inside it (an 8 filled in the cell's colour over a 3), and lines corner to corner
    an X."""
    corners = ((path["x0"], path["top"]), (path["x1"], path["top"]), (path["x0"], path["bottom"]),
               (path["x1"], path["bottom"]))
    points = path.get("pts") or []
    return all(any(abs(x - cx) <= NEAR and abs(y - cy) <= NEAR for cx, cy in corners) for x, y in points) and all(
        abs(x0 - x1) <= NEAR or abs(y0 - y1) <= NEAR for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))


def painted_box(path: dict) -> tuple[float, float, float, float]:
    """Where a path paints: its box, a stroked one's widened by half its line width each way
    (pdfminer gives the geometry only: a 10.6 pt white stroke on a cell's rule, drawn again thin
    in black, paints over the cell's first glyph)."""
    half = (path["linewidth"] or 0.0) / 2 if path["stroke"] else 0.0
    return path["x0"] - half, path["top"] - half, path["x1"] + half, path["bottom"] + half


def patterned_paint(path: dict) -> bool:
    """Does the path fill or stroke with a pattern (a colour pdfminer gives as a name)?"""
    return (path["fill"] and named(path["non_stroking_color"])) or (path["stroke"] and named(path["stroking_color"]))


def named(colour) -> bool:
    """A colour given by name (a pattern's), alone or among its components."""
    return isinstance(colour, str) or (isinstance(colour, (tuple, list)) and any(isinstance(c, str) for c in colour))


def on(values: np.ndarray, boundaries: np.ndarray) -> np.ndarray:
    """Which values lie within NEAR of one of the sorted boundaries."""
    at = np.clip(np.searchsorted(boundaries, values), 1, len(boundaries) - 1)
    return np.minimum(np.abs(values - boundaries[at - 1]), np.abs(values - boundaries[at])) <= NEAR


def rules_end_on(lines: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """For thin paths along one axis (rows of: position across, start, end), which belong to a
    rule whose two ends lie on `ends` (the sorted boundaries across that axis): the paths drawn
    on one line and touching are one rule (a printer draws a row's rule cell by cell, and a
    page may have no column boundary where two of its pieces meet). Plain Python over the
    paths: a thousand on a page of the real print."""
    kept = np.zeros(len(lines), dtype=bool)
    values, boundaries = lines.tolist(), ends.tolist()

    def on_one(x: float) -> bool:
        at = bisect_left(boundaries, x)
        return any(abs(x - boundaries[k]) <= NEAR for k in (at - 1, at) if 0 <= k < len(boundaries))

    by_line = sorted(range(len(values)), key=lambda i: values[i][0])
    line: list[int] = []
    for index in [*by_line, None]:
        if line and (index is None or values[index][0] - values[line[-1]][0] > NEAR):
            rule, reach = [], float("-inf")
            for at in sorted(line, key=lambda i: values[i][1]) + [None]:
                if rule and (at is None or values[at][1] > reach + NEAR):
                    kept[rule] = on_one(values[rule[0]][1]) and on_one(reach)
                    rule, reach = [], float("-inf")
                if at is not None:
                    rule.append(at)
                    reach = max(reach, values[at][2])
            line = []
        if index is not None:
            line.append(index)
    return kept


SPECK_REACH = 0.5  # points: a speck this close to a rule's own extent is part of it


def on_a_rule(boxes: np.ndarray, edges: list[dict]) -> np.ndarray:
    """Which boxes touch a ruling edge where it is drawn (a rule's end or corner), not merely a
    boundary's line: a point drawn beside a value, 2 pt from the cell's rule, is not the rule's."""
    if not edges:
        return np.zeros(len(boxes), dtype=bool)
    rules = np.array([(e["x0"], e["top"], e["x1"], e["bottom"]) for e in edges], dtype=float)
    x0, top, x1, bottom = (boxes[:, k, None] for k in range(4))
    return ((x0 <= rules[:, 2] + SPECK_REACH) & (rules[:, 0] <= x1 + SPECK_REACH)
            & (top <= rules[:, 3] + SPECK_REACH) & (rules[:, 1] <= bottom + SPECK_REACH)).any(axis=1)


def stray_paths(page, bbox: tuple[float, float, float, float], edges: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    """The boxes (x0, top, x1, bottom) of the paths inside the table's box that are not on its
    ruling (`edges`, pdfplumber's edge dicts) or paint with a pattern, and which of them do."""
    boxes, patterned, square = boxes_inside(page, bbox)
    if not len(boxes):
        return boxes, patterned
    xs = np.array(sorted([e["x0"] for e in edges if e["orientation"] == "v"] + [bbox[0], bbox[2]]), dtype=float)
    ys = np.array(sorted([e["top"] for e in edges if e["orientation"] == "h"] + [bbox[1], bbox[3]]), dtype=float)
    x0, top, x1, bottom = boxes.T
    middle_x, middle_y = (x0 + x1) / 2, (top + bottom) / 2
    narrow, flat = x1 - x0 < MIN_EDGE, bottom - top < MIN_EDGE
    kept = np.where(narrow & flat, on_a_rule(boxes, edges),  # a speck on a rule (its end, a corner)
                    on(x0, xs) & on(x1, xs) & on(top, ys) & on(bottom, ys) & square)  # a background between boundaries
    vertical, horizontal = narrow & ~flat, flat & ~narrow
    kept[vertical] = rules_end_on(np.column_stack([middle_x, top, bottom])[vertical], ys)
    kept[horizontal] = rules_end_on(np.column_stack([middle_y, x0, x1])[horizontal], xs)
    stray = ~kept | patterned
    return boxes[stray], patterned[stray]


UNDERLINE_BAND = (-0.15, 0.15)  # of the font size, around a glyph box's bottom: where its underline is drawn
UNDERLINE_ENDS = 1.0  # points: an underline's ends this close to its glyphs' sides


class Underlined:
    """The page's glyphs by the bottom of their boxes, to tell an underline from a rule: a thin
    horizontal path just below a run of glyphs (UNDERLINE_BAND of their box's bottom), from one's
    left side to one's right (a link printed by Chromium). A line through the glyphs is none."""

    def __init__(self, glyphs: list[dict]):
        self.glyphs = sorted(glyphs, key=lambda g: g["bottom"])
        self.bottoms = [g["bottom"] for g in self.glyphs]
        self.reach = max((g["size"] for g in glyphs), default=0.0) * max(map(abs, UNDERLINE_BAND))

    def underlines(self, x0: float, top: float, x1: float, bottom: float) -> bool:
        if bottom - top >= MIN_EDGE or x1 - x0 < MIN_EDGE:
            return False
        y = (top + bottom) / 2
        near = self.glyphs[bisect_left(self.bottoms, y - self.reach):bisect_right(self.bottoms, y + self.reach)]
        under = [g for g in near if g["bottom"] + UNDERLINE_BAND[0] * g["size"] <= y
                 <= g["bottom"] + UNDERLINE_BAND[1] * g["size"] and g["x1"] > x0 and g["x0"] < x1]
        return any(abs(g["x0"] - x0) <= UNDERLINE_ENDS for g in under) and \
            any(abs(g["x1"] - x1) <= UNDERLINE_ENDS for g in under)


def check_paths(page, number: int, bbox: tuple[float, float, float, float], edges: list[dict], glyphs: list[dict],
                source: str) -> None:
    """No path inside the vendor table's part on this page off its ruling (`glyphs`: the
    characters read from it, whose underlines are theirs)."""
    stray, patterned = stray_paths(page, bbox, edges)
    if len(stray):
        underlined = Underlined(glyphs)  # an underline in a pattern's paint is pixels of its own, like any
        stray = [box for box, pattern in zip(stray, patterned) if pattern or not underlined.underlines(*box)]
    if len(stray):
        x0, top, x1, bottom = stray[0]
        raise LayoutError(source, Problem(
            Place(page=number), f"a path drawn inside the vendor table off its ruling, or painted with a pattern "
            f"({x1 - x0:.1f} by "
            f"{bottom - top:.1f} pt at {x0:.0f} pt from the left, {top:.0f} pt from the top): ink this reader does not "
            "read, which may draw a digit, a point or a mark beside the text",
            "the vendor table's paths on its ruling: rules, and cell backgrounds drawn as rectangles"))
