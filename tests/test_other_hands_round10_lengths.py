"""Pages made by other hands, round 10: lengths, fonts, clips and media queries. Each case once
published a value Chromium does not show, exit 0, or was refused though Chromium decides it
plainly; each was checked in the system Chromium 156 (Playwright, /usr/bin/chromium: the hunt's
screenshots, computed styles and matchMedia in a 1024x768 and a 1920x1080 window).

Once published wrong: a digit drawn as a speck by a unit the reader did not resolve (1Q, 0.1vmin,
0.1rch, 1rem under `html{font-size:1px}`; an unknown unit was read as fine), glyphs piled by
`letter-spacing:-.1rem` under a 100px root, `math-depth:20; font-size:math`, an @font-face with
`size-adjust:1%`, a thick black underline moved over a black digit, clip-path inset() with
`round` or a reference box, the table moved off the page by a translation, a 3D push-back or a
negative top margin, `@media (scan)` taken as true on a screen. Once refused: media features
Chromium answers the same in every desktop window (monochrome, color-index, aspect-ratio,
-webkit-min-device-pixel-ratio:0, calc() in a width, unknown vendor features)."""
from __future__ import annotations

import pytest

from chromium import tab
from page_variants import read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError, HeaderError, LayoutError, SourceError
from test_other_hands_round7 import V, on_cells, unseen
from test_other_hands_round8 import on_value
from test_other_hands_round9 import HIDDEN, SHOWN
from test_other_hands_round9_values import wrapped
from test_other_hands_sheets import stale_cell, with_stale_six


def cell_errors(html: str) -> list[str]:
    with pytest.raises(CellError) as caught:
        read(html)
    return [str(p) for p in caught.value.problems]


def cell_text(html: str) -> str:
    grid, _, _ = read(html)
    return next(c.raw_text for c in grid.cells if str(c.place) == "row 3, column 4")


# --- every unit resolved as Chromium resolves it ------------------------------------------------------

SPECKS = [  # on a whole value: Chromium draws it below 6px (a speck), or piles its glyphs
    ("{c}{font-size:1Q}", V), ("{c}{font-size:0.1vmin}", V), ("{c}{font-size:0.1rch}", V),
    ("{c}{font-size:0.1rex}", V), ("{c}{font-size:0.1rcap}", V), ("{c}{font-size:0.05ric}", V),
    ("{c}{font-size:0.05dvh}", V), ("{c}{font-size:0.05svw}", V), ("{c}{font-size:0.05lvh}", V),
    ("{c}{font-size:0.05vi}", V), ("{c}{font-size:0.05vb}", V), ("{c}{font-size:0.2vmax}", V),
    ("{c}{font-size:1cqw}", V),  # a container unit: not resolved here, undecided
    ("{c}{letter-spacing:-0.5rlh}", V), ("{c}{font-size:calc(0.1rem + 1Q)}", V),
]
READ_AS_DRAWN = [  # above the floor in both windows, a design's tracking
    ("{c}{font-size:1vmin}", V), ("{c}{font-size:1rem}", V), ("{c}{letter-spacing:-0.02rem}", V),
    ("{c}{font-size:12Q}", V), ("{c}{text-indent:2vw}", V), ("{c}{transform:translateZ(0)}", V),
    ("{c}{will-change:transform;transform:translate3d(0,0,0)}", V),
]


def test_a_length_in_any_unit_is_resolved_or_undecided():
    """Catches: `font-size:1Q` (0.94px), `0.1vmin`, `0.1rch` and the other root-font and viewport
    units published the speck's digit (132 for 32): a unit missing from the reader's table was
    read as fine. Every unit is now resolved as Chromium computes it (Q = 96/101.6 px, rem and
    the r-units of the root's font, the viewport units of both windows), and one it does not
    know (cqw) is undecided: out of sight, an error naming the cell. Readable sizes still read."""
    problems = cell_errors(on_cells(SPECKS + READ_AS_DRAWN))
    assert unseen(problems) == list(range(len(SPECKS))), problems
    assert len(problems) == len(SPECKS), problems


@pytest.mark.parametrize(("root", "markup", "seen"), [
    ("html{font-size:1px} body{font-size:16px}", '<span style="font-size:1rem">1</span>4*Ascend', "[1]4*Ascend"),
    ("html{font-size:6.25%} body{font-size:16px}", '<span style="font-size:1rem">1</span>4*Ascend', "[1]4*Ascend"),
    ("html{font-size:100px} body{font-size:16px}", '<span style="letter-spacing:-.1rem">14</span>*Ascend',
     "[14]*Ascend"),
    ("html{line-height:0.01} body{line-height:normal}", '<span style="font-size:1rlh">1</span>4*Ascend', "[1]4*Ascend"),
])
def test_rem_is_the_root_elements_font_size(root, markup, seen):
    """Catches: under `html{font-size:1px}` a `font-size:1rem` digit (1px in Chromium) and under a
    100px root `letter-spacing:-.1rem` (-10px: the digits drawn on one another) were read at the
    default 16px: 14 published; so was a `1rlh` digit under a root line height of 0.01. rem and
    rlh are now the root element's computed font size and line height (the same markup under
    the default root reads)."""
    assert cell_text(on_value(markup)) == seen.replace("[", "").replace("]", "")
    problems = cell_errors(with_sheet(root, on_value(markup)))
    assert problems == [f"row 3, column 4: '{seen}' is not a unit count (expected N*Ascend with N ≥ 1, "
                        "or - for not supported)"], problems


def test_a_size_the_two_desktop_windows_decide_otherwise_is_an_error_naming_it():
    """`font-size:0.7vmin` is 5.4px in a 1024x768 window (a speck) and 10.1px in a 2560x1440 one:
    what a reader sees depends on the window, an error naming the declaration."""
    problems = cell_errors(on_value('<span style="font-size:0.7vmin">1</span>4*Ascend'))
    assert len(problems) == 1 and "`font-size: 0.7vmin (read otherwise in a 1024x768 and a 2560x1440 window)`" \
        in problems[0], problems


# --- fonts drawn at another size --------------------------------------------------------------------------

FONTS_RESIZED = [  # (sheet, value markup, what the error names): Chromium draws the 1 as a speck
    ('@font-face{font-family:tiny;src:local("DejaVu Sans");size-adjust:1%} .t{font-family:tiny}',
     '<span class="t">1</span>4*Ascend', "font-family: tiny (@font-face {font-family: tiny; size-adjust: 1%})"),
    ("@font-face{font-family:'My Font';src:local(x);size-adjust:5%}", '<span style="font-family:\'My Font\', serif">'
     '1</span>4*Ascend', "size-adjust: 5%"),
    ("", '<span style="math-depth:20;font-size:math">1</span>4*Ascend', "math-depth: 20"),
]


def test_a_font_drawn_at_another_size_than_its_font_size_is_an_error_naming_it():
    """Catches: `@font-face{…size-adjust:1%}` and `math-depth:20; font-size:math` (0.71^20 of the
    size) drew the 1 as a speck; 14 was published. Neither is modelled: an error naming the
    cell and the declaration. An @font-face of the normal size (100%) still reads."""
    for css, markup, named in FONTS_RESIZED:
        problems = cell_errors(on_value(markup, css))
        assert len(problems) == 1 and named in problems[0] and "does not model" in problems[0], problems
    css = '@font-face{font-family:same;src:local("DejaVu Sans");size-adjust:100%} .t{font-family:same}'
    assert cell_text(on_value('<span class="t">1</span>4*Ascend', css)) == "14*Ascend"


# --- decorations painted under the glyphs ---------------------------------------------------------------

DECORATED = [  # (case, seen): Chromium paints an underline or overline under the glyphs
    (("{c}{text-decoration:underline #000;text-decoration-thickness:1.3em;text-underline-offset:-1em}", V), False),
    (("{c}{text-decoration:underline 1.3em;text-underline-offset:-1em}", V), False),  # currentcolor: the text's own
    (("{c}{text-decoration:underline #fff;text-decoration-thickness:1.3em;text-underline-offset:-1em}", V), True),
    (("{c}{text-decoration:underline 2px red}", V), True), (("{c}{text-decoration:underline}", V), True),
    (("{c}{text-decoration:underline transparent;text-decoration-thickness:1em}", V), True),
]


def test_a_thick_decoration_under_the_text_is_a_colour_it_lies_on():
    """Catches: a 1.3em black underline raised over a black 1 (text-underline-offset:-1em) published
    132; Chromium paints underlines and overlines under the glyphs, a black block there (a
    line-through over them is set apart already). One thicker than a quarter of the font size
    is now a colour the text lies on: out of sight without contrast against it; a white one,
    a thin one, a transparent one read."""
    problems = cell_errors(on_cells([case for case, _ in DECORATED]))
    assert unseen(problems) == [k for k, (_, seen) in enumerate(DECORATED) if not seen], problems


# --- clip-path ------------------------------------------------------------------------------------------

CLIPS = [  # (case, seen): each on an inline-block whole value
    ("clip-path:inset(0 0 0 0.62em round 1px)", False), ("clip-path:inset(0 0 0 0.62em) border-box", False),
    ("clip-path:inset(0% 0% 0% 14% round 2px 2px)", False), ("clip-path:inset(0 0 0 0.62em round 0)", False),
    ("clip-path:inset(0 0 0 0.62em)", False), ("clip-path:content-box inset(0 0 0 1em);padding-left:2em", False),
    ("clip-path:inset(0 round 50%)", False), ("clip-path:inset(0 0 0 1em) padding-box junk", False),
    ("clip-path:inset(0 round 2px)", True), ("clip-path:inset(0 0 0 1em);padding-left:2em", True),
    ("clip-path:inset(-5px round 3px / 2px) margin-box", True), ("clip-path:border-box", True),
]


def test_a_clip_path_inset_is_read_with_its_corners_and_reference_box():
    """Catches: `clip-path:inset(0 0 0 .62em round 1px)` (and with a reference box, or a
    percentage) cut the 1 off an inline-block `132*Ascend` in Chromium; 132 was published. An
    inset() deeper than the box's padding (none on a content-box) or rounding past a few pixels
    may cut a glyph: out of sight; any form not parsed is too. Insets within the padding, small
    radii and negative insets clip nothing of the text."""
    cases = [("{c}{display:inline-block;" + clip + "}", V) for clip, _ in CLIPS]
    problems = cell_errors(on_cells(cases))
    assert unseen(problems) == [k for k, (_, seen) in enumerate(CLIPS) if not seen], problems


# --- the table moved off the page -------------------------------------------------------------------

@pytest.mark.parametrize("style", ["translate:-100000px 0", "transform:translateX(-100000px)",
                                   "transform:translateY(-100000px)", "margin-top:-100000px",
                                   "transform:translate(0, -300%)", "translate:0 -200vh"])
def test_a_table_translated_off_the_page_is_refused(style):
    """Catches: the table's wrapper moved by `translate:-100000px 0`, `translateY(-100000px)` or
    `margin-top:-100000px` (Chromium draws it where no scrolling reaches) published every row.
    Now out of sight like `position:relative; left:-100000px`: refused where it is read, or (moved
    left) as a table left of the page (round 26)."""
    with pytest.raises((HeaderError, LayoutError),
                       match=r"unrecognised heading '\[|may put part of the vendor table where no reader scrolls"):
        read(wrapped(style))


@pytest.mark.parametrize("style", ["transform:perspective(100px) translateZ(-100000px)", "translate:0 0 -100000px",
                                   "transform:translate3d(0, 0, 50px)"])
def test_a_table_pushed_back_in_depth_is_refused(style):
    """Catches: `transform: perspective(100px) translateZ(-100000px)` drew the table as a 1x3px
    speck in Chromium; every row was published. A depth is not worked out: an error naming it."""
    with pytest.raises(LayoutError, match="draws cells out of the table's order"):
        read(wrapped(style))


def test_small_moves_and_the_layer_hack_still_read_beside_a_depth_refused(reference):
    """translateZ(0) (a GPU layer, drawn in place), a nudge, perspective() alone: every row; a
    translateZ under a perspective() (drawn smaller) refused."""
    for style in ["transform:translateZ(0)", "translate:10px 5px", "margin-top:-10px", "transform:perspective(500px)"]:
        same_rows(read(wrapped(style))[2].frame, reference[1])
    with pytest.raises(LayoutError, match=r"\(transform: perspective\(500px\) translatez\(-1px\)\)"):
        read(wrapped("transform:perspective(500px) translateZ(-1px)"))


@pytest.mark.parametrize("css", ["html,body{height:100%;overflow:hidden}",
                                 "html{overflow:clip;height:100%} body{height:100%;overflow:clip}",
                                 "body{overflow-y:hidden}"])
def test_a_window_that_cannot_be_scrolled_is_refused(css):
    """Catches: `html,body{height:100%;overflow:hidden}` published every row; Chromium gives the
    root's (or body's) overflow to the window, which then cannot be scrolled: only the rows of
    the first screen are ever seen. A layout error naming it (the window's overflow, or the body's
    own clip at the window's height: test_other_hands_round10_reach.py has each); `overflow-x:hidden` on the body
    (the window still scrolls down) is the window's too, which then cuts this table's last column off
    in a 1024px window: tests/test_other_hands_round26.py."""
    with pytest.raises(LayoutError, match=r"overflow(-x)?: (hidden|clip)"):
        read(with_sheet(css))


# --- media queries as Chromium answers them on a desktop screen ----------------------------------------

ANSWERED = [  # (query, what Chromium shows of the stale 6) in both desktop windows
    ("(scan: progressive)", SHOWN), ("(scan)", SHOWN), ("not screen and (scan)", HIDDEN),
    ("screen and (-webkit-min-device-pixel-ratio:0)", HIDDEN), ("(-webkit-transform-3d)", HIDDEN),
    ("(monochrome: 0)", HIDDEN), ("(color-index: 0)", HIDDEN), ("(min-color: 9)", SHOWN),
    ("not (monochrome)", HIDDEN), ("(monochrome) or (color)", HIDDEN), ("(min-aspect-ratio: 1/1)", HIDDEN),
    ("(max-width: calc(100000px))", HIDDEN), ("(max-width: 1e5px)", HIDDEN), ("(max-width: 200vw)", HIDDEN),
    ("(prefers-contrast: no-preference)", HIDDEN), ("(prefers-reduced-transparency: no-preference)", HIDDEN),
    ("(overflow-inline: scroll)", HIDDEN), ("(min--moz-device-pixel-ratio:0)", SHOWN),
    ("all and (-ms-high-contrast: none)", SHOWN), ("(color: 9)", SHOWN), ("(width > 1px) or (foo)", HIDDEN),
]


@pytest.mark.parametrize(("query", "shown"), ANSWERED)
def test_media_features_are_answered_as_on_a_desktop_screen(query, shown):
    """Catches: `@media (scan: progressive)` hid a row Chromium shows (scan is false on a screen)
    and `not screen and (scan)` showed one it hides; monochrome, color-index, aspect-ratio,
    calc() and vw in a width, -webkit-min-device-pixel-ratio:0 and vendor features Chromium does
    not know were refused. Each is now answered for both windows as Chromium answers it."""
    assert stale_cell(read(with_stale_six(f"<style>@media {query}{{.x{{display:none}}}}</style>"))[0]) == shown


def test_a_feature_desktops_answer_otherwise_stays_undecided():
    """A pixel ratio, a wide-gamut or HDR display, a window width past 1400px: refused, where
    `(scan)` beside them is answered (false on a screen: the 6 shown)."""
    for query in ["(min-resolution: 2dppx)", "(color-gamut: p3)", "(dynamic-range: high)", "(min-width: 1500px)"]:
        with pytest.raises(SourceError, match=r"inside @media"):
            read(with_stale_six(f"<style>@media {query}, (scan){{.x{{display:none}}}}</style>"))
    assert stale_cell(read(with_stale_six("<style>@media (scan), (color: 9){.x{display:none}}</style>"))[0]) == SHOWN


# --- the tables above are Chromium's -------------------------------------------------------------------

UNKNOWN_FEATURES = ["-ms-high-contrast", "min--moz-device-pixel-ratio", "transform-3d", "prefers-dark-interface"]
MACHINE_DEPENDENT = {"resolution", "-webkit-device-pixel-ratio", "device-width", "device-height",
                     "device-aspect-ratio", "color-gamut", "dynamic-range"}


def media_probes() -> list[str]:
    from pipeline.extract.html_media import DISCRETE, RANGES
    probes = [f"({name})" for name in [*RANGES, *DISCRETE, *UNKNOWN_FEATURES]]
    probes += [f"({name}: {value})" for name, (value, _) in DISCRETE.items() if value not in (None, "1")]
    probes += [f"(min-{name}: 0)" for name in RANGES] + [f"(max-{name}: 1)" for name in RANGES]
    return probes + [q for q, _ in ANSWERED]


def test_the_media_features_and_units_are_chromiums(browser):
    """html_media's table of features answers every probe as Chromium's matchMedia does in both
    desktop windows (but what differs between desktops, left undecided), and css_math resolves
    every absolute, em, rem and viewport unit to the font size Chromium computes for it."""
    from pipeline.extract.css_math import ABSOLUTE_PX, VIEWPORT, Measure, unit_px
    from pipeline.extract.html_media import WINDOWS, applies_in
    probes = media_probes()
    units = [*ABSOLUTE_PX, "em", "rem", *VIEWPORT]
    wrong, sizes = [], {}
    for window in WINDOWS:
        with tab(browser, int(window["width"]), int(window["height"])) as page:
            page.set_content("<!DOCTYPE html><html style='font-size:20px'><body style='font-size:10px'><p>x</p>")
            matches = page.evaluate("qs => qs.map(q => matchMedia(q).matches)", probes)
            sizes[window["width"]] = page.evaluate(
                "us => us.map(u => { const s = document.createElement('span'); s.style.fontSize = '3' + u; "
                "document.body.append(s); return parseFloat(getComputedStyle(s).fontSize) })", units)
        for query, found in zip(probes, matches):
            ours = applies_in(query, window)
            if ours != found and not (ours is None and any(n in query for n in MACHINE_DEPENDENT)):
                wrong.append((window["width"], query, found, ours))
        measure = Measure(10.0, 20.0, (window["width"], window["height"]))
        wrong += [(window["width"], u, n, 3 * unit_px(u, measure)) for u, n in zip(units, sizes[window["width"]])
                  if abs(n - 3 * unit_px(u, measure)) > 0.01]
    assert wrong == [], "\n".join(map(str, wrong))
