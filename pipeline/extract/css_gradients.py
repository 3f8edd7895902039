"""Gradients a box paints behind its text: the colours they lay there, and whether they draw a
line across it (and inset shadows that do).

A gradient's colours are weighed against the glyphs' as a plain background's are
(html_style.backgrounds). A narrow band of a colour standing out from the colours on both its
sides is another thing: a line drawn through the glyphs, which a reader takes for a strike (hunt
153: `linear-gradient(transparent 47%, red 47% 55%, transparent 55%)` behind the 1 of 14*Ascend
drew what `<s>1</s>4*Ascend` draws, and 14 was published). So is a gradient repeated in stripes,
or laid in a tile smaller than the box (`linear-gradient(red, red) 0 50% / 100% 2px no-repeat`,
the idiom of drawn underlines). Where such a line lies on the glyphs no layout here tells: the
gradient counts as paint this reader cannot place, as an image does.
"""
from __future__ import annotations

import functools
import math
import re

import tinycss2

from .css_colour import UNCOMPUTED, rgba
from .css_filters import contrast, luminance, over
from .css_math import split_commas

GRADIENT = re.compile(r"(?:-webkit-|-moz-|-o-)?(?:repeating-)?(?:linear|radial|conic)-gradient")
GRADIENT_SAMPLES = 8  # colours taken between two stops (a gradient from black to white passes grey)
GRADIENT_WORDS = frozenset({"to", "left", "right", "top", "bottom", "center", "at", "circle", "ellipse", "closest-side",
                            "closest-corner", "farthest-side", "farthest-corner", "from", "in", "srgb", "srgb-linear",
                            "oklab", "oklch", "lab", "lch", "hsl", "hwb", "xyz", "xyz-d50", "xyz-d65", "display-p3",
                            "shorter", "longer", "increasing", "decreasing", "hue"})
# A band of another colour no wider than this share of the gradient's length (the box's height for
# a gradient down an inline box) is drawn as a line across the glyphs, not as a tint behind them
# (hunt 155: a marker pen's band over 30% of a line, `transparent 62%, #ffe066 62% 92%`, is a highlight)
BAND_WIDTH = 0.2
BAND_CONTRAST = 1.5  # WCAG contrast ratio: a band this far from the colours beside it reads as a line
GRID = 100  # points sampled along a gradient between its stops
TURN = {"deg": 1 / 360, "grad": 1 / 400, "rad": 1 / (2 * math.pi), "turn": 1.0}
FULL_TILE = frozenset({"auto", "cover", "contain", "100%"})
NOT_SET = frozenset({"initial", "unset", "revert", "revert-layer", "inherit"})


def gradients(value: str) -> list | None:
    """The gradient functions of a background-image list; None where it holds another image."""
    found = []
    for token in tinycss2.parse_component_value_list(value):
        if token.type in ("whitespace", "comment") or (token.type == "literal" and token.value == ","):
            continue
        if token.type == "ident" and token.lower_value == "none":
            continue
        if token.type != "function" or not GRADIENT.fullmatch(token.lower_name):
            return None
        found.append(token)
    return found


def stops(function, current: tuple, dark: bool) -> list[tuple[tuple, list]] | None:
    """A gradient's colour stops: each colour with its positions as written (tokens; none, one, or two
    for a stop of double position). The arguments without a colour (a direction, a hint) are left out;
    None where a colour cannot be told."""
    out = []
    for argument in split_commas(function.arguments):
        words = [t for t in argument if t.type not in ("whitespace", "comment")]
        colours = [t for t in words
                   if t.type in ("hash", "function") or (t.type == "ident" and t.lower_value not in GRADIENT_WORDS)]
        found = [rgba(tinycss2.serialize([t]), current, dark) for t in colours]
        if any(c is None or c == UNCOMPUTED for c in found):
            return None
        out += [(c, [t for t in words if t.type in ("percentage", "dimension", "number")]) for c in found]
    return out


Layers = list[tuple[object, list[tuple[tuple, list]]]]  # each gradient function with its stops


def gradient_layers(value: str, current: tuple, dark: bool) -> Layers | None:
    """The layers of a background-image of gradients, each function with its stops (read once for
    the questions below); None for an image, or a colour this reader cannot tell."""
    layers, out = gradients(value), []
    for function in layers if layers is not None else [None]:
        found = stops(function, current, dark) if function is not None else None
        if not found:
            return None
        out.append((function, found))
    return out


def sampled(layers: Layers) -> list[tuple]:
    """The layers' colours, sampled between their stops."""
    out = []
    for _, found in layers:
        colours = [c for c, _ in found]
        for a, b in zip(colours, colours[1:] or colours):
            out += [tuple(x + (y - x) * k / GRADIENT_SAMPLES for x, y in zip(a, b)) for k in range(GRADIENT_SAMPLES + 1)]
    return out


def gradient_colours(value: str, current: tuple, dark: bool) -> list[tuple] | None:
    """The colours of a background-image of gradients, sampled between their stops; None for
    an image or a colour this reader cannot tell."""
    layers = gradient_layers(value, current, dark)
    return sampled(layers) if layers is not None else None


def fraction(token, conic: bool) -> float | None:
    """A stop's position as a share of the gradient's length (of a turn for a conic one); None for
    a length, whose share of a box no layout here tells."""
    if token.type == "number" and token.value == 0:
        return 0.0
    if token.type == "percentage":
        return token.value / 100
    if conic and token.type == "dimension" and token.lower_unit in TURN:
        return token.value * TURN[token.lower_unit]
    return None


def placed(found: list[tuple[tuple, list]], conic: bool) -> list[tuple[float, tuple]] | None:
    """The stops at their used positions (CSS Images 3: the first at 0 and the last at 1 when not
    given, a position before an earlier one moved up to it, the others spread evenly between);
    None where a position is a length."""
    points: list[tuple[float | None, tuple]] = []
    for colour, positions in found:
        for token in positions or [None]:
            at = fraction(token, conic) if token is not None else None
            if token is not None and at is None:
                return None
            points.append((at, colour))
    if points[0][0] is None:
        points[0] = (0.0, points[0][1])
    if points[-1][0] is None:
        points[-1] = (1.0, points[-1][1])
    furthest = points[0][0]
    for i, (at, colour) in enumerate(points):
        if at is not None:
            furthest = max(furthest, at)
            points[i] = (furthest, colour)
    i = 0
    while i < len(points):
        if points[i][0] is None:
            j = next(k for k in range(i, len(points)) if points[k][0] is not None)
            start, end = points[i - 1][0], points[j][0]
            for k in range(i, j):
                points[k] = (start + (end - start) * (k - i + 1) / (j - i + 1), points[k][1])
            i = j
        i += 1
    return points


def profile(points: list[tuple[float, tuple]], base: tuple) -> list[tuple[float, tuple]]:
    """The opaque colours along the gradient over `base`: each stop's, and GRID points between;
    its first colour from 0 and its last to 1 (hunt 155: a conic wedge `red 0 9deg, transparent
    0` is transparent over the rest of the turn)."""
    points = [(min(0.0, points[0][0]), points[0][1]), *points, (max(1.0, points[-1][0]), points[-1][1])]
    out = []
    for (x0, c0), (x1, c1) in zip(points, points[1:]):
        out.append((x0, over(c0, base)))
        steps = max(1, math.ceil((x1 - x0) * GRID))
        out += [(x0 + (x1 - x0) * k / steps, over(tuple(a + (b - a) * k / steps for a, b in zip(c0, c1)), base))
                for k in range(1, steps)]
    return out + [(points[-1][0], over(points[-1][1], base))]


def banded(samples: list[tuple[float, tuple]], width: float) -> bool:
    """Does a colour stand out from colours on both its sides no further apart than `width`?
    (The samples are opaque: their contrast is that of their luminances, each worked out once; a
    gradient none of whose colours stand out from each other draws no band, told at once: a 1px
    rule's tile on each of 792 cells took a minute to read when each pair was blended again.)"""
    lights = [luminance(c) + 0.05 for _, c in samples]
    if not lights or max(lights) < BAND_CONTRAST * min(lights):
        return False

    def apart(i: int, j: int) -> bool:
        return max(lights[i], lights[j]) >= BAND_CONTRAST * min(lights[i], lights[j])

    for i in range(len(samples)):
        before = next((samples[j][0] for j in range(i - 1, -1, -1) if apart(i, j)), None)
        after = next((samples[j][0] for j in range(i + 1, len(samples)) if apart(i, j)), None)
        if before is not None and after is not None and after - before <= width:
            return True
    return False


def draws_lines(layers: Layers, tiling: tuple, base: tuple) -> bool:
    """Does a layer of a background-image of gradients (`tiling`: its background-size, -position
    and -repeat) draw a line across the text: a band narrow against the gradient's length, stripes
    repeated, the edge of a radial or conic shape, or colours that stand out laid in a tile smaller
    than the box, elsewhere than along one of its edges? (Layers laid over each other are counted
    as shapes: uneven_layers.)"""
    for index, (function, found) in enumerate(layers):
        colours = [over(c, base) for c, _ in found]
        if not stands_out(colours, base):
            continue
        if tile_across(*(layer_of(given, index) for given in tiling)):
            return True
        conic = "conic" in function.lower_name
        points = placed(found, conic)
        if points is None:  # a length's share of the box: a band of any width
            samples = [(0.0, c) for c in colours]
            if banded(samples, 0.0):
                return True
            continue
        if function.lower_name.startswith(("repeating-", "-webkit-repeating-", "-moz-repeating-")) \
                and points[-1][0] - points[0][0] < 1:
            return True
        samples = profile(points, base)
        if not function.lower_name.endswith("linear-gradient") and hard_edge(samples):
            return True  # the edge of a disc, an ellipse or a wedge: a shape (hunt 155: `ellipse 100% 5%`)
        if conic:  # a turn: the colours before its start are those at its end
            samples = [(x - 1, c) for x, c in samples] + samples + [(x + 1, c) for x, c in samples]
        if banded([(x, c) for x, c in samples], BAND_WIDTH):
            return True
    return False


@functools.lru_cache(maxsize=256)  # a sheet's rule paints the same gradient under every cell it reaches
def gradient_paint(value: str, tiling: tuple, current: tuple, dark: bool, base: tuple) -> tuple[tuple, int] | None:
    """What a background-image of gradients lays under the text over `base`: the colours it adds
    and how many shapes it paints (uneven_layers); None for an image, a colour this reader cannot
    tell, or a gradient drawing a line across the text (draws_lines)."""
    layers = gradient_layers(value, current, dark)
    if layers is None or draws_lines(layers, tiling, base):
        return None
    return tuple(over(c, base) for c in sampled(layers)), uneven_layers(layers, base)


def stands_out(colours: list[tuple], base: tuple) -> bool:
    """Colours (opaque, over `base`) standing out from each other or from the box's background."""
    return any(contrast(a, b) >= BAND_CONTRAST for a in colours for b in colours) or any(
        contrast(c, base) >= BAND_CONTRAST for c in colours)


def opaque_in_part(found: list[tuple[tuple, list]]) -> bool:
    """A layer opaque in part hides the layers under it there: a shape, even in the box's colour."""
    return any(abs(a[3] - b[3]) > 0.5 for (a, _), (b, _) in zip(found, found[1:]))


def uneven_layers(layers: Layers, base: tuple) -> int:
    """How many layers of a background-image of gradients paint a shape (colours standing out, or
    opaque in part): paint under the text that another shape, of this box or one around it, may
    cut into a line (hunt 157: a red lower half, and a white upper half on a box inside it)."""
    return sum(stands_out([over(c, base) for c, _ in found], base) or opaque_in_part(found) for _, found in layers)


def filled_border_image(declared, value_of) -> str:
    """The gradients a border image paints over the box's middle too, as a background is
    (`border-image: linear-gradient(…) fill 0 / 0`; -webkit-border-image fills it always; hunt 157)."""
    for name, always in (("border-image", False), ("-webkit-border-image", True)):
        value = value_of(declared, name)
        if value and (always or FILL.search(value)):
            return gradients_in(value)
    source, slices = value_of(declared, "border-image-source"), value_of(declared, "border-image-slice")
    return gradients_in(source) if source and slices and FILL.search(slices) else ""


FILL = re.compile(r"(?<![\w-])fill(?![\w-])")


def gradients_in(value: str) -> str:
    """The gradient functions of a value, as a background-image list."""
    return ", ".join(tinycss2.serialize([t]) for t in tinycss2.parse_component_value_list(value)
                     if t.type == "function" and GRADIENT.fullmatch(t.lower_name))


def hard_edge(samples: list[tuple[float, tuple]]) -> bool:
    """Two colours standing out from each other at one place of the gradient."""
    return any(x0 == x1 and contrast(c0, c1) >= BAND_CONTRAST for (x0, c0), (x1, c1) in zip(samples, samples[1:]))


def layer_of(given: str | None, index: int) -> str | None:
    """A background longhand's value for one layer (the list repeated where it is shorter)."""
    if given is None or given in NOT_SET:
        return None
    values = [v.strip() for v in given.split(",")]
    return values[index % len(values)]


EDGES = {"y": frozenset({"top", "bottom", "0", "0%", "100%"}), "x": frozenset({"left", "right", "0", "0%", "100%"})}
REPEATED = {"y": frozenset({"repeat", "repeat-y", "space", "round"}), "x": frozenset({"repeat", "repeat-x", "space", "round"})}


def tile_across(size: str | None, position: str | None, repeat: str | None) -> bool:
    """Does background-size lay the image in a tile smaller than the box, elsewhere than a strip as
    long as the box along one of its edges, unrepeated across it? (A strip at a cell's foot is a
    rule as a border is: `linear-gradient(#ccc, #ccc) 0 100% / 100% 1px no-repeat`, hunt 155.)"""
    words = (size or "auto").split()
    across, down = words[0], words[1] if len(words) > 1 else "auto"
    if across in FULL_TILE and down in FULL_TILE:
        return False
    if across not in FULL_TILE and down not in FULL_TILE:
        return True  # a mark of the box's inside
    axis = "y" if across in FULL_TILE else "x"  # the axis the strip is thin in
    repeats = (repeat or "repeat").split()
    repeated = {"y": repeats[-1], "x": repeats[0]}[axis] if len(repeats) == 2 else repeats[0]
    if len(repeats) == 2 and repeated in ("repeat", "space", "round") or len(repeats) == 1 and repeated in REPEATED[axis]:
        return True
    return where_along(position, axis) not in EDGES[axis]


def where_along(position: str | None, axis: str) -> str:
    """The one- or two-value background-position's word for an axis (center where not given;
    "" for the three- and four-value forms, not read here)."""
    words = (position or "0% 0%").split()
    if len(words) == 1:
        word = words[0]
        if word in ("top", "bottom"):
            return word if axis == "y" else "center"
        return "center" if axis == "y" else word
    if len(words) != 2:
        return ""
    x, y = words
    if x in ("top", "bottom") or y in ("left", "right"):
        x, y = y, x
    return y if axis == "y" else x


# px: an inset shadow spread this far or less may leave a hole of its box's background inside it as
# thin as a line (a spread past any cell's half height fills the box: Bootstrap 5 paints its tables'
# rows with `inset 0 0 0 9999px`); one reaching no farther in than EDGE_LINE is a border's rule
# (Tailwind's `ring-1 ring-inset`, `inset 0 0 0 1px #bbb` on cells, `inset 0 -1px 0` under a row)
FRAME_SPREAD = 3 * 16.0
EDGE_LINE = 2.0


def inset_shadow_shapes(shadows: list, under: tuple) -> int:
    """The shapes a box's inset shadows (css_paint.inset_shadows) standing out from what they are
    painted over (`under`: the box's background and its gradients' colours) paint: a band along a
    side each, a frame two (around a hole as thin as a line, maybe); a rule along its edges, or a
    fill, none. Two shapes under the text may leave a line between them (hunt 155: `background: red;
    box-shadow: inset 0 .62em 0 #fff, inset 0 -.72em 0 #fff` left a red bar across a 1)."""
    return sum(shadow_shapes(lengths) for colour, lengths in shadows
               if lengths and colour is not None and colour != UNCOMPUTED
               and any(contrast(over(colour, u), u) >= BAND_CONTRAST for u in under))


def shadow_shapes(lengths: list[float | None]) -> int:
    """The shapes one inset shadow paints: its offsets, blur and spread (None: a length not told)."""
    if None in lengths:
        return 2
    offsets, (blur, spread) = lengths[:2], (lengths[2:] + [0.0, 0.0])[:2]
    reach = max(map(abs, offsets + [0.0])) + max(spread, 0.0) + blur / 2  # how far in from its edge it paints
    if reach <= EDGE_LINE:
        return 0
    if not any(offsets):
        return 0 if max(spread, 0.0) + blur / 2 > FRAME_SPREAD else 2  # a fill, or a frame around a hole
    return 1
