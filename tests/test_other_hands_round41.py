"""Pages made by other hands, round 41 (session 54).

- **A sum without white space around its sign** (round 40's left item): CSS Values 4 wants white
  space on both sides of `+` and `-` in math, and Chromium drops `calc(1px+(15px))` and `calc(1+(0))`
  (a sign before a bracket is no number's sign). This reader worked such a sum out all the same
  (css_math.quantity_of_sum), so a later declaration Chromium drops undid one that hides the stale 1:
  `.x{font-size:0;font-size:calc(1px+(15px))}` published 14 where Chromium shows 4, exit 0. A sum
  is now worked out only with its signs spaced, as its type already was (css_math.sum_type).
- **A bracketed block in a value** (found beside the item above): a value holding `(…)` or `{…}`
  outside any function was kept whatever its property ("left to the reader"), so `.x{color:
  transparent;color:red (x)}` and `.x{opacity:0;opacity:(1)}` published 14 where Chromium shows
  4. Chromium 156 drops such a value in each of its 497 properties, and `[…]` everywhere but a
  grid's line names; so does this reader now (css_values.valid_value), custom properties aside.
- **A `!` left in a value** (a differential of random values against Chromium): CSS allows no `!`
  but `!important` at a value's top level or at that of a substitution function's arguments, and
  Chromium drops `opacity: var(--a, 1) !x` (a typo of !important), `var(--a, !)` and `attr(x) !x`;
  this reader kept them (a value with var() is decided once substituted), so the 1 an earlier
  `opacity: 0` hides was published: 14 for 4 (html_cascade.malformed).
- **A bad string, a bad url or an unmatched bracket beside var()** (the same differential): CSS
  Syntax allows them nowhere in a value, and Chromium drops `opacity: var(--b, 1) )` and
  `var(--b, url(a b))`; this reader kept them for substitution, and after it found the value no
  opacity, unset it: 14 for 4 (html_cascade.malformed, which holds the `!` rule too).
- **A function in a font or border shorthand that none of its parts takes**: `font: rgb(0 0 0)
  16px a` and `border-left: counter(x)` were kept ("a function this reader does not know"); Chromium
  keeps no function there but math and colours. The font one undid an earlier `font-size: 0`: 14
  for 4 (css_values.font_valid, border_part).
- **A background whose position's words stand apart, or whose size does not follow them** (`0 0
  #fff / cover`, `0 #fff 0`; the differential of shorthands' longhands): kept, so a white background
  Chromium drops took a white 1 on black for out of sight, and the page was refused
  (css_values.layer_valid).
- **border-inline-start and -end given a colour or a CSS-wide keyword alone** (round 40's left
  item): they reset the side's width and style as `border-left` does, which this reader did not
  expand, so a border they remove still set the 1 apart and the page was refused.
"""
from __future__ import annotations

import pytest

from chromium import evaluated_on
from pipeline.errors import CellError
from pipeline.extract.css_values import ALL_RESETS, VALIDATORS
from test_other_hands_round39 import HIDDEN_1, kept_otherwise, published
from test_other_hands_round40 import styled

# A hiding declaration, then one Chromium drops; the property and what Chromium computes (the
# premise and the refusal: test_chromium_drops_the_later_declarations and the test after it)
UNSPACED = {
    "a font size of a sum without spaces": (".x{font-size:0;font-size:calc(1px+(15px))}", "fontSize", "0px"),
    "an opacity of a sum without spaces": (".x{opacity:0;opacity:calc(1+(0))}", "opacity", "0"),
    "a font size of a difference spaced on one side": (".x{font-size:0;font-size:calc(16px -(0px))}", "fontSize", "0px"),
}


def test_a_zero_size_of_a_sum_without_spaces_hides_nothing():
    """The over-refusal the same rule ends: Chromium drops `font-size: calc(0px+(0px))`, so the 1
    is drawn at its size and the cell reads 14*Ascend."""
    assert published(styled(".x{font-size:calc(0px+(0px))}")) == {14}


VALIDITY = [(name, value) for name in ("font-size", "opacity", "margin-top", "text-indent")
            for value in ("calc(1px+(1q))", "calc(1q+-1px)", "calc(1px +(2px))", "calc((1px)-(1px))", "calc(1 +(1))",
                          "calc(1px/**/+ 1px)", "calc(1px + (1px))", "calc( 1px - 1q )", "min(1px+(1px), 2px)",
                          "calc(1px + -1px)", "calc(1 - -1)", "calc((1)+ 1)")]


@pytest.mark.parametrize("quirks", [False, True], ids=["standards", "quirks"])
def test_sums_are_kept_as_chromium_keeps_them(browser, quirks):
    """Catches a sum whose sign has no white space on a side kept (a hiding declaration undone
    where Chromium keeps it), and a spaced one dropped."""
    assert kept_otherwise(browser, VALIDITY, quirks) == []


BLOCKED = {  # a hiding declaration, then one holding a block Chromium drops
    "a colour with a bracket after it": (".x{color:transparent;color:red (x)}", "color", "rgba(0, 0, 0, 0)"),
    "an opacity in brackets": (".x{opacity:0;opacity:(1)}", "opacity", "0"),
    "a font size with a bracket after it": (".x{font-size:0;font-size:16px (0)}", "fontSize", "0px"),
    "a letter spacing with a signed bracket": (".x{letter-spacing:-5em;letter-spacing:1px -(0) 2px}", "letterSpacing",
                                               "-80px"),
}


BLOCK_VALUES = ("(1px)", "1px (0)", "1px -(0) 2px", "[a]", "{1px}", "1px {a}", "none (x)", "(none)", "[a] 1px",
                "red (x)", "0 (0)", "((0))", "[]", "1 [a]")
BLOCK_VALIDITY = [*((name, value) for name in sorted({*ALL_RESETS, *VALIDATORS}) for value in BLOCK_VALUES),
                  *(("grid-template-columns", value) for value in ("[a] 1px", "1px [a]", "[a] 1fr [b]"))]


@pytest.mark.parametrize("quirks", [False, True], ids=["standards", "quirks"])
def test_values_holding_blocks_are_kept_as_chromium_keeps_them(browser, quirks):
    """Catches a value with a block outside any function kept in a property this reader computes
    (Chromium keeps none), and a grid's line names dropped."""
    assert kept_otherwise(browser, BLOCK_VALIDITY, quirks) == []


UNDONE = {  # a ! left in a value, a bad token beside var(), a font shorthand's function of no part
    "a var() value with a typo of !important": (".x{opacity:0;opacity:var(--a, 1) !x}", "opacity", "0"),
    "a var() value ending in !": (".x{opacity:0;opacity:var(--a,1)!}", "opacity", "0"),
    "a var() whose fallback holds !": (".x{font-size:0;font-size:var(--a, !)}", "fontSize", "0px"),
    "an attr() value with a word after !": (".x{opacity:0;opacity:attr(data-o type(<number>), 1) !x}", "opacity", "0"),
    "a var() value after which a bracket closes nothing": (".x{opacity:0;opacity:var(--b, 1) )}", "opacity", "0"),
    "a var() fallback holding a bad url": (".x{opacity:0;opacity:var(--b, url(a b))}", "opacity", "0"),
    "a var() value with a bad string": (".x{font-size:0;font-size:var(--b, 16px) 'x\n}", "fontSize", "0px"),
    "a font shorthand holding a colour": (".x{font-size:0;font:rgb(0 0 0) 16px a}", "fontSize", "0px"),
    "a font shorthand holding a function of no part": (".x{font-size:0;font:16px generic(x)}", "fontSize", "0px"),
}


LATER_DROPPED = {**UNSPACED, **BLOCKED, **UNDONE}


def test_chromium_drops_the_later_declarations(browser):
    """The premise: each later declaration is dropped, so the 1 keeps what hid it (a zero size or
    opacity, a transparent colour; a letter spacing drawing it 5em back, over the 4)."""
    seen = {name: evaluated_on(browser, styled(sheet),
                               f"() => getComputedStyle(document.querySelector('.x')).{prop}")
            for name, (sheet, prop, _) in LATER_DROPPED.items()}
    assert seen == {name: computed for name, (_, _, computed) in LATER_DROPPED.items()}


@pytest.mark.parametrize("name", LATER_DROPPED)
def test_a_declaration_chromium_drops_does_not_show_the_1(name):
    """Catches: each published 14, exit 0, where Chromium does not show the 1 beside the 4."""
    with pytest.raises(CellError, match=HIDDEN_1):
        published(styled(LATER_DROPPED[name][0]))


BORDERS_REMOVED = {  # a border on the 1's box, then a shorthand that removes it
    "border-inline-start given a colour": ".x{border-inline-start:6px solid red;border-inline-start:red}",
    "border-inline-end given initial": ".x{border-inline-end:6px solid red;border-inline-end:initial}",
    "border-left given initial": ".x{border-left:6px solid red;border-left:initial}",
}
BACKGROUNDS_DROPPED = {  # white text on black, then a white background Chromium drops
    "a size not right after the position": ".x{color:#fff;background:#000;background:0 0 #fff / cover}",
    "a position's words apart": ".x{color:#fff;background:#000;background:0 #fff 0}",
}


def test_chromium_draws_no_border(browser):
    """The premise: the shorthand resets the width and style, so no border is drawn."""
    script = ("() => { const s = getComputedStyle(document.querySelector('.x')); "
              "return [s.borderLeftStyle, s.borderRightStyle]; }")
    assert {name: evaluated_on(browser, styled(sheet), script) for name, sheet in BORDERS_REMOVED.items()} == \
        dict.fromkeys(BORDERS_REMOVED, ["none", "none"])


@pytest.mark.parametrize("name", BORDERS_REMOVED)
def test_a_border_shorthand_that_removes_the_border_sets_nothing_apart(name):
    """Catches the over-refusal: `1 4*Ascend` taken for two items where Chromium shows 14*Ascend."""
    assert published(styled(BORDERS_REMOVED[name])) == {14}


def test_chromium_keeps_the_black_background(browser):
    """The premise: the later background is dropped; the white 1 stands on black."""
    script = "() => getComputedStyle(document.querySelector('.x')).backgroundColor"
    assert {name: evaluated_on(browser, styled(sheet), script) for name, sheet in BACKGROUNDS_DROPPED.items()} == \
        dict.fromkeys(BACKGROUNDS_DROPPED, "rgb(0, 0, 0)")


@pytest.mark.parametrize("name", BACKGROUNDS_DROPPED)
def test_a_background_chromium_drops_does_not_hide_the_1(name):
    """Catches the over-refusal: the white background kept, the white 1 taken as out of sight and
    the page refused, where Chromium shows 14*Ascend."""
    assert published(styled(BACKGROUNDS_DROPPED[name])) == {14}


SHORTHAND_VALIDITY = [
    *(("opacity", v) for v in ("var(--b, 1) !x", "var(--b,1)!", "attr(x) !x", "var(--b) !important x", "var(--b, !x)",
                               "var(--b, (!))", "var(--b, f(!))", "var(--b, 1) (!)", "calc(var(--b, !) * 1)",
                               "var(--b, var(--c, !))", "f(var(--b, !))", "env(x, !)", "attr(x, !)", "var(--b, [!])",
                               "if(style(--x: 1): 1; else: !)", "inherit(--b, !)", "--f(!)", "var(--b, 1) ! important")),
    *(("--a", v) for v in ("1 !x", "(1 !x)", "[!]", "{!}", "f(!)", "'!'", "var(--b, !)", "1 ! x", "url(a b)", "'x\n", ")",
                           "]", "f(url(a b))", "[a ) ]", "url(a)", "\\")),
    *(("opacity", v) for v in ("var(--b, 1) url(a b)", "var(--b, 1) 'x\n", "var(--b, 1) )", "var(--b, 1) ]",
                               "var(--b, url(a b))", "var(--b, 'x\n)", "var(--b,1) <!--", "var(--b,1) @x", "var(--b,1) #")),
    *(("font", v) for v in ("rgb(0 0 0) 16px a", "16px a(b)", "16px/normal f(x)", "bold 16px local(a)", "16px 'a', b(c)",
                            "16px a rgb(0 0 0)", "x(1) 16px a", "16px/anchor(top) a", "16px generic(fangsong)",
                            "oblique calc(10deg) 16px a", "calc(400) 16px a", "16px/min(1, 2) a", "sibling-index() 16px a",
                            "16px attr(x)", "clamp(1px, 16px, 20px) a")),
    *(("background", v) for v in ("0 0 red / cover", "0 red 0", "left url(x) top", "0 0 / cover red", "red 0 0 / cover",
                                  "center / cover", "left 10px top 10px / cover", "left 10px url(x) top 10px",
                                  "0 0 / 10px repeat 0", "no-repeat 0 0 / auto", "0 0 no-repeat / cover",
                                  "center url(x) / cover", "0 0, 0 red 0", "0 0 / 10px, red 1px 1px / auto")),
    *((name, v) for name in ("border-left", "border-left-color", "border-left-width", "border-style", "border-inline-start",
                             "border-inline-end", "border-inline")
      for v in ("counter(x)", "1px solid counter(x)", "url(x)", "foo(1)", "contrast-color(red)", "alpha(from red / 0.5)",
                "color-mix(in srgb, red, blue)", "random(1px, 2px)", "red", "initial", "inherit", "1px solid red")),
]


@pytest.mark.parametrize("quirks", [False, True], ids=["standards", "quirks"])
def test_bangs_fonts_and_borders_are_kept_as_chromium_keeps_them(browser, quirks):
    """Catches a `!` left in a value kept (or one inside a block or another function dropped), a bad
    string, a bad url or an unmatched bracket kept beside var() or in a custom property, a
    font or border shorthand holding a function of none of its parts kept, and border-inline's
    shorthands given a colour or a keyword alone dropped."""
    assert kept_otherwise(browser, SHORTHAND_VALIDITY, quirks) == []
