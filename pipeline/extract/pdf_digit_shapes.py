"""Every digit of the vendor table drawn as the digit it is read as, by its counters.

A PDF's text is read through its fonts' Unicode maps; the page shows their glyphs. A map
naming another digit than its glyph draws (4 read as 8: the map edited, a producer's bug, or
the glyphs of 4 and 8 exchanged inside the font program) is read alike by both engines, and
the digits' boxes agree with each other, so no other check sees it (hunt 52). A digit's
enclosed counters tell most digits apart in any text font: none in 1, 2, 3, 5 and 7; one in
6 (low), 9 (high), 0 (its whole height) and a closed 4 (small, in the middle); two in 8 and a
slashed 0. Each font's first glyph of each digit and outline in the table (a map may read two
glyphs as one digit) is rendered with the page's text alone, GLYPH_PIXELS high, and its counters
found; a shape its digit never has is an error naming the glyph. Exchanges among 1, 2, 3, 5
and 7, and an open 4's (no counter) with them, are not seen: the counters, not the whole shape.
"""
from __future__ import annotations

import numpy as np

from ..errors import LayoutError, Place, Problem
from .pdf_glyphs import where

GLYPH_PIXELS = 32  # the glyph's outline box rendered this many pixels high (16 and 24 count alike on every print here)
INK = 128  # grey level below which a pixel is ink
# Enclosed background smaller than this is a speck of the rendering's smoothing inside a stroke,
# not a counter (the specks in Chromium's prints in DejaVu Sans Condensed, Noto Sans Mono and
# synthetic italics are 1 pixel; the least counter of every print here, 48)
MIN_COUNTER = (GLYPH_PIXELS / 8) ** 2
# A glyph's counters, as a digit has them. One counter is told by where it lies and how tall it
# is, as fractions of the ink's height (1,399 glyph shapes of 132 real prints in 40 fonts, all
# producers here: a 0's is 0.66-0.91 tall; a 6's centre 0.63-0.69 down, a 9's 0.26-0.34, a closed
# 4's 0.43-0.55 and 0.34-0.59 tall)
TALL, LOW, HIGH = 0.625, 0.59, 0.38
SHAPES = {"none": "no enclosed counter", "two": "two enclosed counters", "tall": "one enclosed counter its whole height",
          "low": "one enclosed counter in its lower part", "high": "one enclosed counter in its upper part",
          "middle": "one small enclosed counter in its middle"}
DIGIT_SHAPES = {"0": ("tall", "two"), "1": ("none",), "2": ("none",), "3": ("none",), "4": ("none", "middle"),
                "5": ("none",), "6": ("low",), "7": ("none",), "8": ("two",), "9": ("high",)}


def shape_of(ink: np.ndarray) -> str:
    """What a glyph's counters look like (a key of SHAPES)."""
    found = counters(ink)
    if len(found) != 1:
        return "none" if not found else "two"
    rows = np.nonzero(ink.any(axis=1))[0]
    top, height = rows[0], rows[-1] - rows[0] + 1
    first, last, middle = found[0]
    return "tall" if (last - first + 1) / height >= TALL else "low" if (middle - top) / height >= LOW else \
        "high" if (middle - top) / height <= HIGH else "middle"


def counters(ink: np.ndarray) -> list[tuple[int, int, float]]:
    """The enclosed counters of a glyph's ink, each as its first and last row and its middle:
    regions of background (joined side to side, as ink joined only at a corner still closes a
    counter) that do not reach the edge, of MIN_COUNTER pixels or more."""
    background = ~ink
    outside = np.zeros_like(background)
    outside[[0, -1], :], outside[:, [0, -1]] = background[[0, -1], :], background[:, [0, -1]]
    while True:  # the background reached from the edge, grown a pixel a step
        grown = outside.copy()
        grown[1:, :] |= outside[:-1, :]
        grown[:-1, :] |= outside[1:, :]
        grown[:, 1:] |= outside[:, :-1]
        grown[:, :-1] |= outside[:, 1:]
        grown &= background
        if (grown == outside).all():
            break
        outside = grown
    enclosed = {(int(y), int(x)) for y, x in zip(*np.nonzero(background & ~outside))}
    found = []
    while enclosed:  # the enclosed pixels' regions, one at a time
        stack = [enclosed.pop()]
        rows = [stack[0][0]]
        while stack:
            y, x = stack.pop()
            for near in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if near in enclosed:
                    enclosed.remove(near)
                    stack.append(near)
                    rows.append(near[0])
        if len(rows) >= MIN_COUNTER:
            found.append((min(rows), max(rows), sum(rows) / len(rows)))
    return found


def check_digit_shapes(sight, page, number: int, digits: list[tuple[tuple, str, tuple, dict]], source: str) -> None:
    """`digits`: (its font and outline size, the digit read, its outline box in pdfium's page
    space, pdfminer's character) for each font's first glyph of each digit and outline size in
    the table on this page; each is looked at once in the document (sight.digits_seen)."""
    digits = [d for d in digits if d[:2] not in sight.digits_seen]
    sight.digits_seen.update(d[:2] for d in digits)
    images = sight.glyph_images(page, [box for _, _, box, _ in digits], GLYPH_PIXELS) if digits else []
    for (_, digit, _, char), image in zip(digits, images):
        if image is None or image.min() >= INK:
            continue  # nothing drawn there: the checks of what the page shows name it
        found = shape_of(image < INK)
        if found not in DIGIT_SHAPES[digit]:
            raise LayoutError(source, Problem(
                Place(page=number), f"a digit in the vendor table drawn as another sign than the digit it is read as "
                f"({where([char])}: read as {digit}, its glyph has {SHAPES[found]}, "
                f"{'an' if digit == '8' else 'a'} {digit} has {' or '.join(SHAPES[k] for k in DIGIT_SHAPES[digit])}): the "
                "font's Unicode map names another character than its glyph draws (edited, or the glyphs exchanged "
                "inside the font)", "every digit drawn as the digit its font's map names"))
