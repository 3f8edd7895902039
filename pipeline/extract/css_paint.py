"""What a box paints over or under its own text besides its background (checked in Chromium):
an inset box-shadow is painted inside the box, under its text but over its background, so the
text lies on its colour (`inset 0 0 0 2em #000` under black text: a black block); an outline
is painted over everything the box holds, so one drawn inward (a negative outline-offset)
covers the text near the box's edges (`outline: 1em solid #fff; outline-offset: -1em` paints
the text out). Painted outside the box, over the text beside it (checked in Chromium): an outline
over all text, before or after the box (`1<a style="outline: .6em solid #fff">32*Ascend</a>` shows
32*Ascend); an inline box's outer shadow over the text drawn before it (`1<span style="box-shadow:
-.6em 0 0 #fff">32*Ascend</span>` shows 32*Ascend), not over the text after it, and a block's outer
shadow under every text (its background is painted first). A box painted as a layer of its own
(positioned, or a stacking context: html_style.layered) is drawn after all the in-flow text around
it, so whatever it paints past its box is over that text: an outer shadow, a border image moved out
by border-image-outset, a background pulled out by a negative margin (`position: relative;
margin-left: -14em; padding-left: 14em; background: #fff` blanks the cell before it). Values
written with a function this reader does not evaluate count as painting."""
from __future__ import annotations

import tinycss2

from .css_colour import UNCOMPUTED, rgba
from .css_math import PX_PER, evaluated, split_at, split_commas

NOTHING = frozenset({"none", "initial", "unset", "revert", "revert-layer", "inherit"})
LINE_STYLES = frozenset({"dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset", "auto"})
LINE_WIDTHS = {"thin": 1.0, "medium": 3.0, "thick": 5.0}
OUTLINE = ("outline-offset", "outline", "outline-style", "outline-width", "outline-color")  # outline_inward's order
HAIRLINE = 1.6  # px: an outline this far inside the padding (or outside the box) is a design's border, not over text
VIEWPORT = frozenset({"vw", "vh"})  # what a window's size decides: not told here


def px_of(token) -> float | None:
    """A length token in px (em at 16px), None for one this reader cannot tell (a function, vw)."""
    if token.type == "number" and token.value == 0:
        return 0.0
    if token.type == "dimension" and token.lower_unit in PX_PER and token.lower_unit not in VIEWPORT:
        return float(token.value) * PX_PER[token.lower_unit]
    if token.type == "function":
        found = evaluated(tinycss2.serialize([token]))
        parsed = tinycss2.parse_one_component_value(found) if found else None
        return px_of(parsed) if parsed is not None and parsed.type != "function" else None
    return None


def inset_shadows(value: str, current: tuple, dark: bool) -> list[tuple[tuple | None, list[float | None]]]:
    """The inset shadows of a box-shadow list that paint (a shadow with no offset, blur or spread
    paints nothing): each one's colour (None or UNCOMPUTED where it cannot be told) and lengths in
    px (offsets, blur, spread; None for one not told)."""
    if value in NOTHING:
        return []
    out = []
    for shadow in split_commas(tinycss2.parse_component_value_list(value)):
        words = [t for t in shadow if t.type not in ("whitespace", "comment")]
        if not any(t.type == "ident" and t.lower_value == "inset" for t in words):
            continue  # an outer shadow is painted outside the box
        lengths = [px_of(t) for t in words if t.type in ("number", "dimension", "function") and not colour_token(t)]
        if lengths and all(n == 0 for n in lengths):
            continue
        colours = [t for t in words if colour_token(t)]
        out.append((rgba(tinycss2.serialize(colours).strip(), current, dark) if colours else current, lengths))
    return out


def inset_shadow_colours(shadows: list) -> tuple[tuple, ...] | None:
    """The colours inset shadows (inset_shadows) paint under the text; None where one's colour
    cannot be told."""
    colours = tuple(colour for colour, _ in shadows)
    return None if any(c is None or c == UNCOMPUTED for c in colours) else colours


def colour_token(token) -> bool:
    return (token.type == "hash" or (token.type == "ident" and token.lower_value != "inset")
            or (token.type == "function" and token.lower_name not in ("calc", "min", "max", "clamp")))


def painted_width(outline: str | None, style: str | None, width: str | None, colour: str | None) -> float | None:
    """The width in px an outline paints (`outline` or its longhands), None where it paints
    nothing (no line style, a zero width, transparent); inf for a width this reader cannot tell."""
    words = (outline or "").lower().split()
    style = style or next((w for w in words if w in LINE_STYLES or w in ("none", "hidden")), "none")
    width = width or next((w for w in words if w in LINE_WIDTHS or w[:1].isdigit() or w.startswith(".")), "medium")
    found = LINE_WIDTHS.get(width, None)
    if found is None:
        tokens = [t for t in tinycss2.parse_component_value_list(width) if t.type not in ("whitespace", "comment")]
        found = px_of(tokens[0]) if len(tokens) == 1 else None
    transparent = (colour or "").strip().lower() == "transparent" or "transparent" in words
    if style not in LINE_STYLES or found == 0 or transparent:
        return None
    return float("inf") if found is None else found


def offset_px(offset: str | None) -> float:
    """An outline-offset in px; a negative infinity for one this reader cannot tell (taken inward)."""
    if offset is None or offset in NOTHING:
        return 0.0
    found = [t for t in tinycss2.parse_component_value_list(offset) if t.type not in ("whitespace", "comment")]
    px = px_of(found[0]) if len(found) == 1 else None
    return float("-inf") if px is None else px


def outline_inward(offset: str | None, outline: str | None, style: str | None, width: str | None,
                   colour: str | None, padding: float) -> bool:
    """Whether an outline is painted over the box's text: drawn inside its edges (a negative
    outline-offset) deeper than its padding, with a line style, a width and a colour that paint
    something (`outline` or its longhands)."""
    if offset is None or offset in NOTHING or -offset_px(offset) <= padding + HAIRLINE:
        return False
    return painted_width(outline, style, width, colour) is not None


def outline_outward(offset: str | None, outline: str | None, style: str | None, width: str | None,
                    colour: str | None) -> bool:
    """Whether an outline is painted outside the box farther than a hairline: over the text beside
    it (before or after it, in its cell or the next) whatever the box's display."""
    width_px = painted_width(outline, style, width, colour)
    if width_px is None:
        return False
    at = offset_px(offset)
    return at == float("-inf") or width_px + at > HAIRLINE


TEXT_SHADOW_FLOOR = 3.0  # px: a text shadow moved farther draws a copy of the glyphs apart from them


FAINT = 0.35  # alpha: a box's shadow no more opaque than this leaves the text under it legible


def outer_shadow_reach(value: str, current: tuple, dark: bool, blurred: bool = True) -> float:
    """How far past the box the outer shadows of a box-shadow list paint, px (offset, blur and
    spread; inf for a length this reader cannot tell); a transparent shadow paints nothing, nor
    does a faint one hide anything (a card's `0 1px 2px rgba(0,0,0,.15)`). Not `blurred`: how far
    the shadows are moved (a text-shadow's copy of the glyphs, which its blur fades rather than
    moves, and which is legible however faint)."""
    if value in NOTHING:
        return 0.0
    reach = 0.0
    for shadow in split_commas(tinycss2.parse_component_value_list(value)):
        words = [t for t in shadow if t.type not in ("whitespace", "comment")]
        if any(t.type == "ident" and t.lower_value == "inset" for t in words):
            continue
        lengths = [px_of(t) for t in words if t.type in ("number", "dimension", "function") and not colour_token(t)]
        if not lengths:
            continue
        colours = [t for t in words if colour_token(t)]
        colour = rgba(tinycss2.serialize(colours).strip(), current, dark) if colours else current
        if colour is not None and colour != UNCOMPUTED and colour[3] <= (FAINT if blurred else 0):
            continue
        if None in lengths:
            return float("inf")
        if len(lengths) < 2:
            return float("inf")  # a shadow of one length (one a math function computes): where it lands, not told
        x, y, blur, spread = (lengths + [0.0, 0.0])[:4]
        reach = max(reach, max(abs(x), abs(y)) + (max(blur, 0.0) + spread if blurred else 0.0))
    return reach


BORDER_IMAGES = ("border-image", "-webkit-border-image", "border-image-source", "border-image-outset")
MARGINS = ("margin-left", "margin-right", "margin-top", "margin-bottom")


def paints_over_neighbours(declared: dict, value_of, current: tuple, dark: bool, over_text: bool, written) -> str:
    """The declaration of what the box paints past itself over text beside it this reader does
    not lay out (`written`: a declaration as the page wrote it, for the message): an outline
    farther than a hairline, whatever the box; where the box is painted over the text around it
    (`over_text`: an inline box, or a layer of its own), also an outer shadow, a border image
    moved out, or a background drawn under a negative margin."""
    if outline_outward(*(value_of(declared, n) for n in OUTLINE)):
        return "; ".join(written(declared, n) for n in OUTLINE if value_of(declared, n) is not None)
    if not over_text:
        return ""
    shadow = value_of(declared, "box-shadow")
    if shadow is not None and outer_shadow_reach(shadow, current, dark) > HAIRLINE:
        return written(declared, "box-shadow")
    found = border_image_outset(declared, value_of)
    if found:
        return written(declared, found)
    if background_painted(declared, value_of, current, dark) or border_painted(declared, value_of, current, dark):
        return next((written(declared, name) for name in MARGINS if margin_negative(value_of(declared, name))), "")
    return ""


def border_image_outset(declared: dict, value_of) -> str:
    """The name of the declaration moving a border image out of the box (border-image-outset,
    or the part of the shorthand after its second slash), where an image is painted."""
    source = value_of(declared, "border-image-source") not in (None, *NOTHING)
    moved = "border-image-outset" if outset(value_of(declared, "border-image-outset")) else ""
    for name in ("border-image", "-webkit-border-image"):
        value = value_of(declared, name)
        if value is None or value in NOTHING:
            continue
        parts = split_at(tinycss2.parse_component_value_list(value), "/")
        source = source or any(t.type in ("function", "url") for part in parts for t in part)  # before or after
        if len(parts) > 2 and outset(tinycss2.serialize(parts[2])):
            moved = name
    return moved if source else ""


def outset(value: str | None) -> bool:
    """A border-image-outset other than zero (a number of border widths or a length)."""
    if value is None or value in NOTHING:
        return False
    return any(t.type == "function" or (t.type in ("number", "dimension") and t.value != 0)
               for t in tinycss2.parse_component_value_list(value))


def background_painted(declared: dict, value_of, current: tuple, dark: bool) -> bool:
    """The box paints a background of its own: a colour not transparent, or an image."""
    colour = value_of(declared, "background-color")
    found = rgba(colour, current, dark) if colour not in (None, *NOTHING) else None
    image = value_of(declared, "background-image")
    return (found is not None and (found == UNCOMPUTED or found[3] > 0)) or image not in (None, *NOTHING)


def border_painted(declared: dict, value_of, current: tuple, dark: bool) -> bool:
    """The box paints a border of its own on a side: a style drawn (not none or hidden), a width
    other than zero, a colour not transparent (the current colour where none is given)."""
    for side in ("left", "right", "top", "bottom"):
        style, width = value_of(declared, f"border-{side}-style"), value_of(declared, f"border-{side}-width")
        if style in (None, "none", "hidden", *NOTHING) or (width is not None and px_of_value(width) == 0):
            continue
        colour = value_of(declared, f"border-{side}-color")
        found = rgba(colour, current, dark) if colour not in (None, *NOTHING) else current
        if found is None or found == UNCOMPUTED or found[3] > 0:
            return True
    return False


def px_of_value(value: str) -> float | None:
    """A length written alone, in px (px_of; None for anything else, a keyword or a list)."""
    tokens = [t for t in tinycss2.parse_component_value_list(value) if t.type not in ("whitespace", "comment")]
    return px_of(tokens[0]) if len(tokens) == 1 else None


def margin_negative(value: str | None) -> bool:
    """A margin drawing the box's edge out past a hairline (a length this reader cannot tell counts)."""
    if value is None or value in NOTHING or value == "auto":
        return False
    tokens = [t for t in tinycss2.parse_component_value_list(value) if t.type not in ("whitespace", "comment")]
    px = px_of(tokens[0]) if len(tokens) == 1 else None
    if px is None:
        return not (len(tokens) == 1 and tokens[0].type == "percentage" and tokens[0].value >= 0)
    return px < -HAIRLINE


DECORATION_FLOOR = 0.25  # of the font size: a thinner underline or overline leaves a glyph readable
DECORATION_LINES = frozenset({"underline", "overline"})  # painted under the glyphs (a line-through over them)


def decoration_colours(line: str | None, thickness: str | None, colour: str | None, current: tuple, dark: bool,
                       em: float) -> tuple[tuple, ...] | None:
    """The colours of an underline or overline thicker than DECORATION_FLOOR of the font size
    (text-decoration-line, or the text-decoration shorthand's words, with its thickness and
    colour): Chromium paints them under the glyphs, where an offset or their thickness lays
    them, so the text may lie on them (a black 1.3em underline moved up by -1em under black
    text: a black block); None where the thickness or the colour cannot be told."""
    words = [t for t in tinycss2.parse_component_value_list(line or "") if t.type not in ("whitespace", "comment")]
    if not DECORATION_LINES & {t.lower_value for t in words if t.type == "ident"}:
        return ()
    widths = [t for t in words if t.type in ("dimension", "percentage", "number", "function")
              and not (t.type == "function" and not t.lower_name.startswith(("calc", "min", "max", "clamp")))]
    declared = [t for t in tinycss2.parse_component_value_list(thickness or "") if t.type not in ("whitespace", "comment")]
    found = declared or widths
    if not found or (found[0].type == "ident" and found[0].lower_value in ("auto", "from-font")):
        return ()  # the font's own thickness: a thin line
    width = em * found[0].value / 100 if found[0].type == "percentage" else px_of(found[0])
    if width is not None and width <= DECORATION_FLOOR * em:
        return ()
    named = colour or tinycss2.serialize([t for t in words if colour_token(t) and t not in widths and (
        t.type != "ident" or t.lower_value not in DECORATION_LINES | LINE_STYLES | {"wavy", "none", "blink"})]).strip()
    painted = rgba(named, current, dark) if named else current
    if width is None or painted is None or painted == UNCOMPUTED:
        return None
    return () if painted[3] == 0 else (painted,)
