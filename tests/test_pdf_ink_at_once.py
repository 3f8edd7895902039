"""The ink test judges all glyphs of a page at once (pdf_ink.judge: arrays of boxes, windows and
pixel runs) where it once looked at each glyph in a loop. These tests pin that both read the same
pixels: the loop as it was (`one_at_a_time`, kept here as the reference) and `judge` must find the
same glyphs off the page, drawn over others and unseen, on random pages of a few glyphs (fractional
positions rounded to pixels, boxes overlapping, slanted, narrower than a pixel, past the page's
sides, under rules) and on the edge cases named below."""
from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.extract.pdf_ink import CONTRAST, LUMINANCE, OWN, REACH, SCALE, judge, rule_mask

# --- the reference: the per-glyph loop of Sight.unseen before it was vectorised -------------------


def glyph_box(ch: dict, origin: tuple[float, float], narrow: int) -> tuple[int, int, int, int]:
    left, top = origin
    x0, x1 = ch["x0"], ch["x1"]
    a, b = ch["matrix"][:2]
    slant = (x1 - x0) - ch["adv"] * a if a > 0 and b == 0 else 0.0
    if slant > 0:
        x0, x1 = x0 + slant / 2, x1 - slant / 2
    return (int((ch["top"] - top) * SCALE) + narrow, int(np.ceil((ch["bottom"] - top) * SCALE)) - narrow,
            int((x0 - left) * SCALE) + narrow, int(np.ceil((x1 - left) * SCALE)) - narrow)


def window(ch: dict, origin: tuple[float, float]) -> tuple[int, int, int, int]:
    left, top = origin
    reach = REACH * ch["size"]
    return (int((ch["top"] - reach - top) * SCALE), int(np.ceil((ch["bottom"] + reach - top) * SCALE)),
            int((ch["x0"] - left) * SCALE) + 1, int(np.ceil((ch["x1"] - left) * SCALE)) - 1)


def coverage(shape, boxes) -> np.ndarray:
    covered = np.zeros(shape, dtype=np.int32)
    for y0, y1, x0, x1 in boxes:
        if y1 > max(y0, 0) and x1 > max(x0, 0):
            covered[max(y0, 0):y1, max(x0, 0):x1] += 1
    return covered


def within(box, rows: slice, cols: slice) -> tuple[slice, slice]:
    y0, y1, x0, x1 = box
    return (slice(min(max(y0, rows.start), rows.stop) - rows.start, max(min(y1, rows.stop), rows.start) - rows.start),
            slice(min(max(x0, cols.start), cols.stop) - cols.start, max(min(x1, cols.stop), cols.start) - cols.start))


def one_at_a_time(image, ruled, glyphs, origin) -> tuple[list[bool], list[bool], list[bool]]:
    """(off, crowded, hidden) for each glyph, as the loop found them."""
    boxes = [glyph_box(ch, origin, 0) for ch in glyphs]
    cores = [glyph_box(ch, origin, 1) for ch in glyphs]
    inked, held = coverage(image.shape, boxes), coverage(image.shape, cores)
    height, width = image.shape
    off, crowded, hidden = [], [], []
    for ch, box, core in zip(glyphs, boxes, cores):
        y0, y1, x0, x1 = window(ch, origin)
        off.append(x0 >= width or x1 <= 0 or y0 >= height or y1 <= 0)
        crowded.append(False)
        hidden.append(False)
        if off[-1]:
            continue
        rows, cols = slice(max(y0, 0), min(y1, height)), slice(max(x0, 0), min(x1, width))
        inside = held[rows, cols][within(core, rows, cols)]
        if (float((inside == 1).mean()) if inside.size else 1.0) < OWN:
            crowded[-1] = True
            continue
        others = inked[rows, cols].copy()
        others[within(box, rows, cols)] -= 1
        shown = image[rows, cols][~ruled[rows, cols] & (others == 0)]
        hidden[-1] = bool(shown.size == 0
                          or LUMINANCE[shown.max()] + 0.05 < CONTRAST * (LUMINANCE[shown.min()] + 0.05))
    return off, crowded, hidden


def at_once(image, ruled, glyphs, origin) -> tuple[list[bool], list[bool], list[bool]]:
    return tuple(list(map(bool, found)) for found in judge(image, ruled, glyphs, origin))


def glyph(x0, x1, top, bottom, size=None, adv=None, a=1.0, b=0.0) -> dict:
    return {"x0": x0, "x1": x1, "top": top, "bottom": bottom, "size": size or bottom - top,
            "adv": adv if adv is not None else x1 - x0, "matrix": (a, b, 0.0, 1.0, 0.0, 0.0), "text": "x"}


def page(width=40, height=30, level=255) -> np.ndarray:
    return np.full((height * 2, width * 2), level, dtype=np.uint8)


def ink(image, ch, origin=(0.0, 0.0), level=0) -> np.ndarray:
    """The glyph's box inked solid (well inside: a pixel in at each side)."""
    y0, y1, x0, x1 = glyph_box(ch, origin, 1)
    image[max(y0, 0):max(y1, 0), max(x0, 0):max(x1, 0)] = level
    return image


# --- random pages ------------------------------------------------------------------------------

coordinate = st.floats(-6.0, 46.0, allow_nan=False).map(lambda v: round(v * 4) / 4 + 0.13)  # off the pixel grid


@st.composite
def glyphs_on_a_page(draw):
    """A few glyphs, alone or set in a line after the one before (touching it, apart, or over it by
    a fraction of a point), some slanted, some narrower than a pixel, some past the page's sides."""
    chars = []
    for _ in range(draw(st.integers(1, 9))):
        width, height = draw(st.floats(0.0, 9.0)), draw(st.floats(0.0, 9.0))
        if chars and draw(st.booleans()):  # the next in a line
            before = chars[-1]
            x0, top = before["x1"] + draw(st.sampled_from([0.0, -0.3, 0.4, -1.2])), before["top"]
            height = before["bottom"] - before["top"]
        else:
            x0, top = draw(coordinate), draw(coordinate)
        slanted = draw(st.booleans())
        chars.append(glyph(x0, x0 + width, top, top + height, size=draw(st.floats(0.0, 12.0)),
                           adv=width * (draw(st.floats(0.4, 1.0)) if slanted else 1.0),
                           a=draw(st.sampled_from([1.0, 0.8, 0.0])), b=draw(st.sampled_from([0.0, 0.0, 0.3]))))
    return chars


@st.composite
def rules_on_a_page(draw):
    rules = []
    for _ in range(draw(st.integers(0, 3))):
        x0, top = draw(coordinate), draw(coordinate)
        if draw(st.booleans()):
            rules.append({"x0": x0, "x1": x0 + draw(st.floats(0, 40)), "top": top, "bottom": top})
        else:
            rules.append({"x0": x0, "x1": x0, "top": top, "bottom": top + draw(st.floats(0, 30))})
    return rules


@st.composite
def ink_on_a_page(draw, chars, origin):
    """A blank page (white or near-white) with a few glyphs inked solid, and dots of ink here and
    there, most on or next to an edge of a glyph's box or window: whether a glyph is seen turns on
    single pixels where rounding and overlaps decide whose they are."""
    image = np.full((30 * 2, 40 * 2), draw(st.sampled_from([255, 250])), dtype=np.uint8)
    for ch in chars:
        if draw(st.booleans()):
            ink(image, ch, origin, level=draw(st.sampled_from([0, 200, 252])))
    for _ in range(draw(st.integers(0, 12))):
        ch = draw(st.sampled_from(chars))
        edges = glyph_box(ch, origin, 0) + window(ch, origin)
        y = draw(st.sampled_from(edges[0:2] + edges[4:6])) + draw(st.integers(-1, 1))
        x = draw(st.sampled_from(edges[2:4] + edges[6:8])) + draw(st.integers(-1, 1))
        if draw(st.booleans()):  # or anywhere
            y, x = draw(st.integers(0, 59)), draw(st.integers(0, 79))
        if 0 <= y < 60 and 0 <= x < 80:
            image[y, x] = draw(st.sampled_from([0, 90, 230]))
    return image


@settings(max_examples=10 * settings().max_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chars=glyphs_on_a_page(), rules=rules_on_a_page(), origin=st.sampled_from([(0.0, 0.0), (3.3, -2.6)]),
       data=st.data())
def test_all_at_once_finds_what_one_at_a_time_found(chars, rules, origin, data):
    """Catches: a vectorised ink test reading other pixels than the loop did (a box edge rounded the
    other way, a window cut differently at the page's side, another glyph's box counted as its own,
    an empty window judged seen), so that a glyph the page hides would pass. (Cheap: ten times the
    profile's examples.)"""
    image = data.draw(ink_on_a_page(chars, origin))
    ruled = rule_mask(image.shape, rules, origin)
    assert at_once(image, ruled, chars, origin) == one_at_a_time(image, ruled, chars, origin)


# --- edge cases, each pinned to what the loop decided ----------------------------------------------


def test_a_glyph_narrower_than_a_pixel_has_no_window_and_is_unseen():
    chars = [glyph(10.1, 10.4, 5.0, 15.0)]
    image = ink(page(level=0), chars[0])
    ruled = np.zeros(image.shape, bool)
    assert one_at_a_time(image, ruled, chars, (0.0, 0.0)) == ([False], [False], [True])
    assert at_once(image, ruled, chars, (0.0, 0.0)) == ([False], [False], [True])


def test_half_its_core_its_own_is_enough_to_be_judged():
    """Two cores 6 pixels wide overlapping by 3 columns: each has exactly OWN of its core alone."""
    chars = [glyph(10.0, 14.0, 5.0, 11.0), glyph(11.5, 15.5, 5.0, 11.0)]
    image = page()
    for ch in chars:
        ink(image, ch)
    image[10, 10:40] = 0  # and a dark line through both, beside the other's box
    ruled = np.zeros(image.shape, bool)
    assert one_at_a_time(image, ruled, chars, (0.0, 0.0)) == at_once(image, ruled, chars, (0.0, 0.0))
    assert at_once(image, ruled, chars, (0.0, 0.0))[1] == [False, False]
    crowded = [glyph(10.0, 14.0, 5.0, 11.0), glyph(11.0, 15.0, 5.0, 11.0)]  # 4 of the 6 columns covered
    assert at_once(image, ruled, crowded, (0.0, 0.0))[1] == [True, True]


def test_a_glyph_across_the_pages_side_is_judged_by_the_part_on_it():
    chars = [glyph(-3.0, 3.0, 5.0, 11.0), glyph(37.0, 43.0, -3.0, 3.0)]
    image = page()
    ruled = np.zeros(image.shape, bool)
    assert at_once(image, ruled, chars, (0.0, 0.0)) == ([False, False], [False, False], [True, True])
    for ch in chars:
        ink(image, ch)
    assert at_once(image, ruled, chars, (0.0, 0.0)) == ([False, False], [False, False], [False, False])
    assert one_at_a_time(image, ruled, chars, (0.0, 0.0)) == at_once(image, ruled, chars, (0.0, 0.0))


def test_a_glyph_set_absurdly_far_off_is_off_the_page():
    """Positions beyond 2**40 pixels are held there: no integer overflow wrapping a glyph back on."""
    chars = [glyph(1e30, 1e30 + 5, 5.0, 11.0), glyph(-1e30, -1e30 + 5, 5.0, 11.0), glyph(5.0, 9.0, 1e25, 1e25 + 6)]
    image = page(level=0)
    ruled = np.zeros(image.shape, bool)
    assert at_once(image, ruled, chars, (0.0, 0.0))[0] == [True, True, True]
    assert one_at_a_time(image, ruled, chars, (0.0, 0.0))[0] == [True, True, True]


def test_a_slanted_glyph_is_judged_in_its_advance_and_ink_beside_its_box_counts_only_when_no_box_is_there():
    """A synthetic italic: its box cut to its advance; the window's columns past the box (its own
    slant) show ink only where no glyph's box lies."""
    chars = [glyph(10.0, 16.0, 5.0, 11.0, adv=3.0), glyph(16.5, 20.0, 5.0, 11.0)]
    image = page()
    image[12:20, 21:23] = 0  # ink left of the slanted box's advance, in its window, in no box
    ruled = np.zeros(image.shape, bool)
    assert at_once(image, ruled, chars, (0.0, 0.0)) == one_at_a_time(image, ruled, chars, (0.0, 0.0))
    assert at_once(image, ruled, chars, (0.0, 0.0))[2] == [False, True]


def test_ink_under_a_rule_is_no_glyphs():
    chars = [glyph(10.0, 14.0, 5.0, 11.0)]
    image = ink(page(), chars[0])
    rules = [{"x0": 8.0, "x1": 16.0, "top": 8.0, "bottom": 8.0}, {"x0": 12.0, "x1": 12.0, "top": 0.0, "bottom": 20.0}]
    ruled = rule_mask(image.shape, rules, (0.0, 0.0))
    assert at_once(image, np.zeros(image.shape, bool), chars, (0.0, 0.0))[2] == [False]
    image[:, :] = 255
    image[ruled] = 0  # the only ink: the rules'
    assert at_once(image, ruled, chars, (0.0, 0.0))[2] == [True]
    assert one_at_a_time(image, ruled, chars, (0.0, 0.0))[2] == [True]


def test_a_slanted_glyphs_box_ends_at_its_advance_and_what_lies_beside_it_is_its_neighbours():
    """The box of a synthetic italic (6 pt drawn, 3 pt advance) is cut to 3 pt in its middle,
    pixels 23 to 29: the neighbour on its left, whose box reaches pixel 24, has pixel 22 to itself
    (the italic's window starts at pixel 21: what lies there is in no box of the italic's)."""
    italic, left = glyph(10.0, 16.0, 5.0, 11.0, adv=3.0), glyph(8.0, 11.8, 5.0, 11.0)
    image = page()
    image[14, 22] = 0  # the only ink: in the left glyph's box, beside the italic's
    ruled = np.zeros(image.shape, bool)
    assert one_at_a_time(image, ruled, [italic, left], (0.0, 0.0))[2] == [True, False]
    assert at_once(image, ruled, [italic, left], (0.0, 0.0))[2] == [True, False]
    image[14, 22], image[14, 23] = 255, 0  # now on the italic's first column, in the left one's box too
    assert at_once(image, ruled, [italic, left], (0.0, 0.0))[2] == [True, True]
    assert at_once(image, ruled, [italic], (0.0, 0.0))[2] == [False]  # alone, it is the italic's


def test_a_window_starting_a_fraction_of_a_pixel_off_the_page_starts_where_int_cuts_it():
    """x0 = -0.25 pt is pixel -0.5: int() cuts toward zero (0), and the window starts a pixel in, at 1;
    ink in the page's first column is not looked at."""
    chars = [glyph(-0.25, 4.0, 5.0, 11.0)]
    image = page()
    image[12:20, 0] = 0
    ruled = np.zeros(image.shape, bool)
    assert one_at_a_time(image, ruled, chars, (0.0, 0.0))[2] == [True]
    assert at_once(image, ruled, chars, (0.0, 0.0))[2] == [True]
