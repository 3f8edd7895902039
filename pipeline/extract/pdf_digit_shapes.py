"""Every digit of the vendor table drawn as the digit it is read as, by its counters.

A PDF's text is read through its fonts' Unicode maps; the page shows their glyphs. A map
naming another digit than its glyph draws (4 read as 8: the map edited, a producer's bug, or
the glyphs of 4 and 8 exchanged inside the font program) is read alike by both engines, and
the digits' boxes agree with each other, so no other check sees it (hunt 52). A digit's
enclosed counters tell most digits apart in any text font: none in 1, 2, 3, 5 and 7, one in 6
and 9, two in 8, one or two in 0 (a slashed zero), none or one in 4 (open or closed). Each
font's first glyph of each digit in the table (and of each outline size it is read at: a map
may read two glyphs as one digit) is rendered with the page's text alone, GLYPH_PIXELS high,
and its counters counted; a count its digit never has is an error naming the glyph.
Exchanges within one kind (1 and 7, 6 and 9) are not seen: a shape's count, not the shape.
"""
from __future__ import annotations

import numpy as np

from ..errors import LayoutError, Place, Problem
from .pdf_glyphs import where

COUNTERS = {"0": {1, 2}, "1": {0}, "2": {0}, "3": {0}, "4": {0, 1}, "5": {0}, "6": {1}, "7": {0}, "8": {2}, "9": {1}}
GLYPH_PIXELS = 32  # the glyph's outline box rendered this many pixels high (16 and 24 count alike on every print here)
INK = 128  # grey level below which a pixel is ink
# Enclosed background smaller than this is a speck of the rendering's smoothing inside a stroke,
# not a counter (the specks in Chromium's prints in DejaVu Sans Condensed, Noto Sans Mono and
# synthetic italics are 1 pixel; the least counter of every print here, 48)
MIN_COUNTER = (GLYPH_PIXELS / 8) ** 2


def counters(ink: np.ndarray) -> int:
    """The number of enclosed counters of a glyph's ink: regions of background (joined side to
    side, as ink joined only at a corner still closes a counter) that do not reach the edge, of
    MIN_COUNTER pixels or more."""
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
    count = 0
    while enclosed:  # the enclosed pixels' regions, one at a time
        stack, area = [enclosed.pop()], 1
        while stack:
            y, x = stack.pop()
            for near in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if near in enclosed:
                    enclosed.remove(near)
                    stack.append(near)
                    area += 1
        count += area >= MIN_COUNTER
    return count


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
        found = counters(image < INK)
        if found not in COUNTERS[digit]:
            raise LayoutError(source, Problem(
                Place(page=number), f"a digit in the vendor table drawn as another sign than the digit it is read as "
                f"({where([char])}: read as {digit}, its glyph has {found} enclosed counter{'s' * (found != 1)}, "
                f"{'an' if digit == '8' else 'a'} {digit} has {' or '.join(map(str, sorted(COUNTERS[digit])))}): the font's Unicode map names another "
                "character than its glyph draws (edited, or the glyphs exchanged inside the font)",
                "every digit drawn as the digit its font's map names"))
