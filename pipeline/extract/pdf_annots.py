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
judged by pdf_ink like any other ink), and annotations hidden from view by their flags —
as long as what they draw is no text and hides none: an appearance of any kind that shows
text or an image (a link whose appearance draws a `1` before `32*Ascend`) or paints what may
hide part of a glyph (a white box over the left of an 8 shows a 3), or a form field without
one that a viewer draws from its value or caption, is an error like a FreeText box. A link
given no appearance is judged by the border poppler strokes round it in its colour (pdfium
strokes none): wider than a link's thin box, it may paint over part of a glyph.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from pdfminer.pdfinterp import PDFContentParser
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psexceptions import PSEOF
from pdfminer.psparser import PSKeyword, PSLiteral

from ..errors import LayoutError, Place, Problem
from ..limits import check_running
from .css_filters import luminance as colour_luminance
from .pdf_clips import faint
from .pdf_glyphs import where
from .pdf_paths import UNDERLINE_BAND

HARMLESS = frozenset({"Link", "Popup", "Widget", "Highlight", "Underline", "Squiggly"})
CORE = 0.5  # points: a line this far inside a glyph's box runs through it (one on its edge surrounds it)
# annotation flags (PDF 32000-1 12.5.3): not drawn at all, drawn when printing, not drawn on screen
HIDDEN, PRINT, NO_VIEW = 1 << 1, 1 << 2, 1 << 5


def subtype(annot: dict) -> str:
    kind = annot["data"].get("Subtype")
    return str(getattr(kind, "name", kind) or "?")


def drawn(annot: dict) -> bool:
    """Whether a viewer draws the annotation, on screen or on paper: unless its flags (/F) say
    hidden, or not on screen (NoView) without the Print flag. One drawn only when printing (NoView
    and Print: hunt 146's FreeText drawing a 1 before 32*Ascend, which the screen shows as 32 and a
    print, Chromium's too, as 132) is drawn: the page shows a reader two values. Flags written
    as a real number are read as viewers read them (`/F 4.0` is 4), and flags that are no
    number at all hide nothing (pdfium and poppler draw such an annotation)."""
    flags = resolve1(annot["data"].get("F"))
    if isinstance(flags, bool) or not isinstance(flags, (int, float)) or flags != flags or abs(flags) >= 2**31:
        return True
    flags = int(flags)
    return not flags & HIDDEN and (not flags & NO_VIEW or bool(flags & PRINT))


SHOWN = frozenset({b"Tj", b"TJ", b"'", b'"', b"BI"})  # operators that show text, an inline image
NESTING = 8  # forms drawn inside forms, followed this deep


def name(value) -> str:
    value = resolve1(value)
    return str(getattr(value, "name", value) or "")


def resources_within(resources, depth: int = 0, reached: dict | None = None):
    """These resources (pdfminer's, a page's or a form's) and those of every form XObject they
    hold, NESTING forms deep, each dictionary given once. Forms sharing one dictionary are
    followed once, not once per path: LibreOffice's tiled watermark draws 150 forms whose
    resources are the page's, listing all 150 again (150^8 visits; hunt 60). A dictionary
    reached again nearer the top is walked again below (not given again), so that the depth
    bound is the shortest path's."""
    resources = resolve1(resources)
    reached = {} if reached is None else reached
    if not isinstance(resources, dict) or reached.get(id(resources), NESTING + 1) <= depth:
        return
    if id(resources) not in reached:
        yield resources
    reached[id(resources)] = depth
    if depth < NESTING:
        for form in forms_in(resources):
            yield from resources_within(form.get("Resources"), depth + 1, reached)


def forms_in(resources: dict):
    """The form XObjects a resources dictionary holds."""
    for drawn in (resolve1(resources.get("XObject")) or {}).values():
        drawn = resolve1(drawn)
        if isinstance(drawn, PDFStream) and name(drawn.get("Subtype")) == "Form":
            yield drawn


def appearances(annot: dict) -> list[PDFStream]:
    """The normal appearance a viewer draws: the stream, or the one its state (/AS) picks
    among several (all of them when none is picked)."""
    normal = resolve1((resolve1(annot["data"].get("AP")) or {}).get("N"))
    if isinstance(normal, PDFStream):
        return [normal]
    if isinstance(normal, dict):
        states = {name(key): resolve1(value) for key, value in normal.items()}
        state = name(annot["data"].get("AS"))
        picked = [states[state]] if state in states else list(states.values())
        return [stream for stream in picked if isinstance(stream, PDFStream)]
    return []


FILLS = frozenset({b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"})
STROKES = frozenset({b"S", b"s", b"B", b"B*", b"b", b"b*"})
KEEPING_TEXT = frozenset({"Multiply", "Darken"})  # blend modes whose paint leaves dark glyphs dark (a highlight's)
LIGHT = 0.1  # relative luminance: a fill this light multiplied over the page keeps black glyphs at 3:1 contrast (red: 0.21)
THIN = 2.0  # points: a stroke this wide at most (a link's box, an underline) leaves a glyph beside it readable
FILL_COLOURS = {b"g": 1, b"rg": 3, b"k": 4}  # operators setting the fill colour, by their operands


def convex(points: list[tuple[float, float]], least: float = 0.0) -> bool:
    """Do the points, in order (a path's, a curve's control points among them), go once around a
    convex shape (a highlight over a run of text, upright or turned, its ends straight or rounded
    as Acrobat draws them), not a bow-tie, a star or any other shape, at least `least` across in
    every direction (a line of text, not a stroke of a digit)?"""
    corners = points[:-1] if len(points) > 3 and points[0] == points[-1] else points
    corners = [p for n, p in enumerate(corners) if p != corners[n - 1]]  # (a point given twice in a row)
    if len(corners) < 3:
        return False
    edges = list(zip(corners, corners[1:] + corners[:1]))
    turns = [(b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0])
             for (a, b), (c, d) in zip(edges, edges[1:] + edges[:1])]
    if not (all(t >= 0 for t in turns) or all(t <= 0 for t in turns)):
        return False
    heading = [math.atan2(b[1] - a[1], b[0] - a[0]) for a, b in edges]
    turned = sum((after - before + math.pi) % (2 * math.pi) - math.pi
                 for before, after in zip(heading, heading[1:] + heading[:1]))
    if abs(abs(turned) - 2 * math.pi) > 1e-6:
        return False  # round more than once: a star
    return not least or min(max(abs((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / max(math.dist(a, b), 1e-9)
                                for p in corners) for a, b in edges) >= least


def luminance(components: list) -> float | None:
    """A fill colour's relative luminance (css_filters.luminance: WCAG, taken as sRGB) from its
    operands (grey, RGB or CMYK), None for none of those."""
    if not all(isinstance(c, (int, float)) for c in components):
        return None
    components = [min(1.0, max(0.0, float(c))) for c in components]  # as viewers clamp them (`2 2 2 2 k` is black)
    if len(components) == 1:  # grey
        components = components * 3
    elif len(components) == 4:  # CMYK
        c, m, y, k = components
        components = [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)]
    return colour_luminance(components) if len(components) == 3 else None


TOKENS_BETWEEN_CHECKS = 50_000  # a content stream's tokens read between two looks at the time bound


def content_tokens(stream: PDFStream):
    """The operands and operators of a content stream, in order (an inline image, BI ... ID ...
    EI, as one PDFStream). The time bound is looked at every TOKENS_BETWEEN_CHECKS: a glyph or
    form of a million operators is read within --max-seconds (hunt 62)."""
    parser = PDFContentParser([stream])
    read = 0
    while True:
        read += 1
        if read % TOKENS_BETWEEN_CHECKS == 0:
            check_running("reading a content stream")
        try:
            yield parser.nextobject()[1]
        except PSEOF:
            return


Segment = tuple[tuple[float, float], tuple[float, float]]  # a stroked line's ends, in its form's space


def shows_or_hides(stream: PDFStream, depth: int = 0, strokes_drawn: list[Segment] | None = None,
                   scale: float = 1.0, turned: bool = False, plain: set | None = None) -> bool:
    """Whether a form's content shows text or an image, or paints what may hide part of a glyph
    (a fill that does not blend with what is below: a white box over the left of an 8 shows a
    3; a dark fill multiplied over it; a stroke wider than THIN, or of lines rising more than
    THIN or of curves, which may draw a digit; a shading), itself or in the forms it draws. A
    highlight's light fill multiplied over the text, a link's thin box, an underline's level
    line are read through; their lines are added to `strokes_drawn` (where they lie against the
    glyphs is check_annotations'), and a form drawn inside it may stroke none. Its lengths are
    measured on the page (`scale`: how far its placement stretches them); placed turned or
    stretched unevenly (`turned`), a line of it may be drawn as anything. A highlight's fill is
    one convex shape, or too faint to show a shape (a grey 8 multiplied over a 3 shows 82)."""
    resources = resolve1(stream.get("Resources")) or {}
    objects = resolve1(resources.get("XObject")) or {}
    states = resolve1(resources.get("ExtGState")) or {}
    operands, width, blend, light = [], 1.0, "Normal", 0.0  # black: the default
    heights, curved = [], False  # the current path's points' heights (its lines), and whether it has curves
    boxes, strokes, fills = [], 0, 0  # its rectangles (width, height); paths stroked, filled (not faint);
    # `turned`: a cm seen, or placed so
    points, segments = [], []  # the current path's points and its lines (a rectangle's four sides)
    for token in content_tokens(stream):
        if not isinstance(token, PSKeyword):
            operands.append(token)
            continue
        operator, operand, given = token.name, operands[-1] if operands else None, operands
        operands = []
        if operator in SHOWN or operator == b"sh":
            return True
        if operator in (b"m", b"l") and isinstance(operand, (int, float)):
            heights.append(float(operand))
            if len(given) == 2 and isinstance(given[0], (int, float)):
                point = (float(given[0]), float(operand))
                segments += [(points[-1], point)] if operator == b"l" and points else []
                points.append(point)
        elif operator in (b"c", b"v", b"y"):
            curved = True
            numbers_given = [float(v) for v in given if isinstance(v, (int, float))]
            points += list(zip(numbers_given[::2], numbers_given[1::2]))  # the control points, then the end
        elif operator == b"re" and len(given) == 4 and all(isinstance(v, (int, float)) for v in given):
            boxes.append((abs(float(given[2])), abs(float(given[3]))))
            x, y, w, h = map(float, given)
            corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            segments += list(zip(corners, corners[1:] + corners[:1]))
            points.append((x, y))  # the current point after `re`: a line drawn on starts there
        elif operator == b"cm":
            turned = True  # lines measured before it may be turned or stretched into anything
        elif operator in STROKES:
            strokes += 1
            if curved or turned or strokes > 2 or (heights and (max(heights) - min(heights)) * scale > THIN) or \
                    len(boxes) > 1 or any(min(box) * scale < 2 * THIN for box in boxes) or strokes_drawn is None:
                return True  # lines, curves or bars that may draw a digit (a 7 of two strokes, a 4 of thin boxes):
                # a box around a link and a line under the text are one rectangle and one level line
            strokes_drawn += segments
        if operator in FILLS and not faint(light):
            fills += 1
            if fills > 1 or not ((len(boxes) == 1 and not points and min(boxes[0]) * scale >= 2 * THIN) or
                                 (not boxes and convex(points, 2 * THIN / scale))):
                return True  # a fill legible as a shape (a digit; or many small ones), not a highlight's band
        if operator in FILLS or operator in STROKES or operator == b"n":  # the path painted (or ended): a new one
            heights, curved, boxes, points, segments = [], False, [], [], []
        if operator == b"w" and isinstance(operand, (int, float)):
            width = float(operand)
        elif operator in FILL_COLOURS or operator in (b"sc", b"scn", b"cs"):  # another space's: not told light
            light = (luminance(given[-FILL_COLOURS[operator]:]) or 0.0) if operator in FILL_COLOURS else 0.0
        elif operator == b"gs" and isinstance(operand, PSLiteral):
            state = resolve1(states.get(name(operand))) or {}
            blend = name(state.get("BM")) or blend if "BM" in state else blend
            set_width = resolve1(state.get("LW"))
            width = float(set_width) if isinstance(set_width, (int, float)) else width  # as `w` sets it
            if name(state.get("SMask")) not in ("", "None"):
                return True  # paint shown through a mask's shape (an 8 cut out of a black box), whatever its path
        elif (operator in FILLS and not (blend in KEEPING_TEXT and light >= LIGHT)) or \
                (operator in STROKES and width * scale > THIN):
            return True
        elif operator == b"Do" and isinstance(operand, PSLiteral):
            drawn = resolve1(objects.get(name(operand)))
            plain = set() if plain is None else plain  # forms found to show and hide nothing: looked at once
            if isinstance(drawn, PDFStream) and (name(drawn.get("Subtype")) == "Image" or (
                    name(drawn.get("Subtype")) == "Form" and depth >= NESTING)  # past where it is looked into
                    or (id(drawn) not in plain and shows_or_hides(drawn, depth + 1, plain=plain))):
                return True
            plain.add(id(drawn))
    return False


def inherited(data: dict, key: str):
    """A form field's entry, from the widget or the field above it (/Parent)."""
    for _ in range(NESTING):
        if data.get(key) is not None:
            return resolve1(data.get(key))
        data = resolve1(data.get("Parent")) or {}
    return None


def rebuilt_fields(page) -> bool:
    """Does the document ask viewers to make its form fields' appearances anew (the interactive
    form's /NeedAppearances, as `pdftk fill_form` writes it)? pdfium and poppler then draw each
    field from its value, whatever appearance it carries (an empty one too)."""
    form = resolve1(page.pdf.doc.catalog.get("AcroForm")) or {}
    return resolve1(form.get("NeedAppearances")) is True


def marks_the_text(annot: dict, rebuilt: bool = False, lines: list | None = None) -> bool:
    """Whether the annotation's appearance shows text or an image or may hide part of a glyph
    (shows_or_hides), or the one a viewer makes without one does: a field's (from its value, or
    a button's caption) shows text, a highlight's in a dark colour hides it. A field whose
    appearance viewers make anew (`rebuilt`) is judged by the one they make. The lines an
    appearance strokes are added to `lines`, each with its stream."""
    shown = [] if rebuilt and subtype(annot) == "Widget" else appearances(annot)
    if shown:
        for stream in shown:
            segments: list[Segment] = []
            (a, b, c, d, _, _), (sx, sy), _ = placement(annot, stream)
            across, down = math.hypot(a * sx, b * sy), math.hypot(c * sx, d * sy)
            even = abs(b) < 1e-6 and abs(c) < 1e-6 and abs(across - down) <= 0.01 * max(across, down)
            if shows_or_hides(stream, 0, segments, scale=across, turned=not even):
                return True
            if lines is not None:
                lines += [(stream, segment) for segment in segments]
        return False
    data = annot["data"]
    if subtype(annot) == "Link":  # poppler strokes its border around its /Rect (pdfium draws nothing)
        width = border_width(data)
        if width > THIN:
            return True  # a wide stroke: over a glyph it hides part of it (the left of a 3 shows a 2)
        if width and lines is not None:
            lines += [(None, side) for side in rect_sides(data)]
        return False
    if subtype(annot) in LINED or subtype(annot) == "Highlight":
        quads = quadrilaterals(data)
        if any(height < 2 * THIN for _, height in quads) or stacked(quads):
            return True  # a viewer fills or lines each: thinner than a line of text, or piled up, they draw a shape
        if lines is not None and subtype(annot) in LINED:  # the viewer draws a line along each one's foot
            lines += [(None, foot) for foot, _ in quads]
    if subtype(annot) == "Highlight":  # the viewer multiplies its colour over the text: a dark one hides it
        colour = resolve1(data.get("C"))
        return isinstance(colour, list) and bool(colour) and (luminance([resolve1(c) for c in colour]) or 0.0) < LIGHT
    looks = resolve1(data.get("MK")) or {}
    drawn_anyway = any(resolve1(looks.get(key)) for key in ("BG", "BC")) or (  # its background or border,
        name(inherited(data, "FT")) == "Ch" and bool(inherited(data, "Opt")))  # a list's options
    return subtype(annot) == "Widget" and bool(inherited(data, "V") not in (None, b"", "") or looks.get("CA")
                                               or drawn_anyway)


def border_width(data: dict) -> float:
    """The width of the border a viewer strokes around an annotation given no appearance
    (poppler, in the annotation's colour /C; without a colour it strokes none): its border
    style's /W, else the third number of /Border, 1 by default (PDF 32000-1 12.5.2, 12.5.4)."""
    colour = resolve1(data.get("C"))
    if not (isinstance(colour, list) and colour):
        return 0.0
    style, border = resolve1(data.get("BS")), resolve1(data.get("Border"))
    if isinstance(style, dict):
        width = resolve1(style.get("W", 1))
    elif isinstance(border, list):
        width = resolve1(border[2]) if len(border) >= 3 else 0
    else:
        width = 1
    return float(width) if isinstance(width, (int, float)) and not isinstance(width, bool) and width > 0 else 0.0


def rect_sides(data: dict) -> list[Segment]:
    """The four sides of the /Rect a border is stroked inside (page space, as on_page takes it
    without an appearance): its ink runs inwards from them, so a side on the edge of a glyph's
    box surrounds the text (LaTeX's hyperref strokes its 1 pt box round a link's text exactly)."""
    x0, y0, x1, y1 = numbers(data.get("Rect"), 4) or (0.0, 0.0, 0.0, 0.0)
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return list(zip(corners, corners[1:] + corners[:1]))


LINED = frozenset({"Underline", "Squiggly"})  # drawn without an appearance as a line under each quadrilateral


def quadrilaterals(data: dict) -> list[tuple[Segment, float]]:
    """Each quadrilateral of the annotation's /QuadPoints (page space): its foot (its lowest
    side), where a viewer draws an underline or a squiggle it is given no appearance for, and its
    height."""
    points = numbers(data.get("QuadPoints"), len(resolve1(data.get("QuadPoints")) or ()))
    found = []
    for at in range(0, len(points or ()) - 7, 8):
        xs, ys = points[at:at + 8:2], points[at + 1:at + 8:2]
        found.append((((min(xs), min(ys)), (max(xs), min(ys))), max(ys) - min(ys)))
    return found


def stacked(quads: list[tuple[Segment, float]]) -> bool:
    """Do two of the quadrilaterals lie over each other, their feet closer than a line of text
    (lines of text marked one under the other are a line apart)?"""
    return any(a[0][0] < b[1][0] and b[0][0] < a[1][0] and abs(a[0][1] - b[0][1]) < 2 * THIN
               for n, (a, _) in enumerate(quads) for b, _ in quads[n + 1:])


def placement(annot: dict, stream: PDFStream) -> tuple[tuple, tuple[float, float], tuple[float, float]]:
    """How an appearance stream is drawn on the page (PDF 32000-1 12.5.5): its /Matrix, then the
    scales (x, y) fitting the box it makes of its /BBox to the annotation's /Rect, and that box's
    left and top."""
    a, b, c, d, e, f = numbers(stream.get("Matrix"), 6) or (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    x0, y0, x1, y1 = numbers(stream.get("BBox"), 4) or (0.0, 0.0, 1.0, 1.0)
    corners = [(x * a + y * c + e, x * b + y * d + f) for x in (x0, x1) for y in (y0, y1)]
    bx0, by0 = min(p[0] for p in corners), min(p[1] for p in corners)
    bx1, by1 = max(p[0] for p in corners), max(p[1] for p in corners)
    rx0, ry0, rx1, ry1 = numbers(annot["data"].get("Rect"), 4) or (0.0, 0.0, 0.0, 0.0)
    sx = abs(rx1 - rx0) / (bx1 - bx0) if bx1 > bx0 else 1.0
    sy = abs(ry1 - ry0) / (by1 - by0) if by1 > by0 else 1.0
    return (a, b, c, d, e, f), (sx, sy), (bx0, by1)


def on_page(annot: dict, stream: PDFStream | None) -> Callable[[float, float], tuple[float, float]]:
    """A point of the appearance stream's space (the page's own without one) to the page's, as
    pdfplumber gives it (x, top)."""
    if stream is None:
        rect = numbers(annot["data"].get("Rect"), 4) or (0.0, 0.0, 0.0, 0.0)
        return lambda x, y: (annot["x0"] + x - min(rect[0], rect[2]), annot["top"] + max(rect[1], rect[3]) - y)
    (a, b, c, d, e, f), (sx, sy), (bx0, by1) = placement(annot, stream)

    def place(x: float, y: float) -> tuple[float, float]:
        px, py = x * a + y * c + e, x * b + y * d + f
        return annot["x0"] + (px - bx0) * sx, annot["top"] + (by1 - py) * sy
    return place


def numbers(value, count: int) -> list[float] | None:
    value = resolve1(value)
    if not isinstance(value, list) or len(value) != count:
        return None
    found = [resolve1(v) for v in value]
    return [float(v) for v in found] if all(isinstance(v, (int, float)) for v in found) else None


def struck_through(annot: dict, lines: list, glyphs: list[dict]) -> dict | None:
    """The first glyph a line of the annotation's appearance runs through, above its underline's
    band (pdf_paths.UNDERLINE_BAND: a line there strikes the value out, as a StrikeOut would)."""
    places = {}  # each appearance's placement, worked out once for all its lines
    for stream, ((ax, ay), (bx, by)) in lines:
        if id(stream) not in places:
            places[id(stream)] = on_page(annot, stream)
        place = places[id(stream)]
        (x0, top), (x1, bottom) = place(ax, ay), place(bx, by)
        x0, x1, top, bottom = min(x0, x1), max(x0, x1), min(top, bottom), max(top, bottom)
        for glyph in glyphs:
            core = (glyph["x0"] + CORE, glyph["top"] + CORE, glyph["x1"] - CORE,
                    glyph["bottom"] + UNDERLINE_BAND[0] * glyph["size"])
            if x0 <= core[2] and x1 >= core[0] and top <= core[3] and bottom >= core[1]:
                return glyph
    return None


def annotations(page) -> list[dict]:
    """The page's annotations as pdfplumber gives them (page.annots), but for the entries viewers
    skip: one that is no dictionary, or whose /Rect is not four numbers (pdfplumber would stop at
    it: a link without a /Rect, an integer among the /Annots)."""
    raw = resolve1(page.page_obj.annots)
    if raw is None:
        return []
    entries = raw if isinstance(raw, list) else []
    kept = [entry for entry in entries if isinstance(resolve1(entry), dict) and numbers(resolve1(entry).get("Rect"), 4)]
    if len(kept) == len(entries) and isinstance(raw, list):
        return page.annots
    page.page_obj.annots = kept  # read by pdfplumber as it reads them all
    try:
        return page.annots
    finally:
        page.page_obj.annots = raw


def unplaced(page) -> dict | None:
    """The first entry of the page's /Annots that a viewer may draw where this reader cannot
    tell (annotations leaves it out): a dictionary with a /Rect that is not four numbers (pdfium
    reads what is no number as 0 and draws the annotation there; mupdf takes the first four of
    more), or an annotation written as a stream (mupdf draws it); one hidden by its flags aside."""
    raw = resolve1(page.page_obj.annots)
    for entry in raw if isinstance(raw, list) else []:
        found = resolve1(entry)
        attrs = found.attrs if isinstance(found, PDFStream) else found
        if not isinstance(attrs, dict) or "Rect" not in attrs or (found is attrs and numbers(attrs["Rect"], 4)):
            continue
        if drawn({"data": attrs}):
            return attrs
    return None


def meets(annot: dict, bbox: tuple[float, float, float, float]) -> bool:
    x0, top, x1, bottom = bbox
    return annot["x0"] < x1 and annot["x1"] > x0 and annot["top"] < bottom and annot["bottom"] > top


def check_annotations(page, number: int, bbox: tuple[float, float, float, float], glyphs: list[dict],
                      source: str) -> None:
    """No annotation that changes what a cell says is drawn over the table (`bbox`, holding
    `glyphs`) on this page."""
    odd = unplaced(page)
    if odd is not None:  # (hunt 123: `/Rect [/Foo 650 235 675]` drew a 1 before 4*Ascend in every viewer)
        rect = resolve1(odd["Rect"])
        shown = [resolve1(v) for v in rect] if isinstance(rect, list) else rect
        raise LayoutError(source, Problem(
            Place(page=number), f"a {subtype({'data': odd})} annotation whose place this reader cannot read (/Rect "
            f"{shown!r}{', written as a stream' if odd is not resolve1(odd) else ''}): viewers draw it, perhaps over the "
            "vendor table (pdfium reads what is no number as 0)", "annotations each placed by a /Rect of four numbers"))
    rebuilt = rebuilt_fields(page)
    for annot in annotations(page):
        if not (drawn(annot) and meets(annot, bbox)):
            continue
        lines: list = []
        if subtype(annot) in HARMLESS and marks_the_text(annot, rebuilt, lines):
            raise LayoutError(source, Problem(
                Place(page=number), f"a {subtype(annot)} annotation drawn over the vendor table (at x {annot['x0']:.0f}"
                f"-{annot['x1']:.0f}, y {annot['top']:.0f}-{annot['bottom']:.0f}) whose appearance shows text or an "
                "image, or paints what may hide part of a glyph (a fill not blended with the text, a wide stroke, a wide "
                "border that viewers stroke around one given no appearance): a "
                "mark added over the printed table, which its text does not hold",
                "the table as printed (annotations over it draw no text and hide none)"))
        struck = struck_through(annot, lines, glyphs) if subtype(annot) in HARMLESS else None
        if struck is not None:
            raise LayoutError(source, Problem(
                Place(page=number), f"a {subtype(annot)} annotation whose appearance draws a line through the vendor "
                f"table's text ({where([struck])}): the value shown struck out, a mark its text does not hold",
                "annotations over the table whose lines run under or around the text, never through it"))
        if subtype(annot) not in HARMLESS:
            raise LayoutError(source, Problem(
                Place(page=number), f"a {subtype(annot)} annotation drawn over the vendor table (at x {annot['x0']:.0f}"
                f"-{annot['x1']:.0f}, y {annot['top']:.0f}-{annot['bottom']:.0f}): a mark added over the printed "
                "table, which its text does not hold", "the table as printed, without annotations over it "
                "(links, highlights and underlines are read through)"))
