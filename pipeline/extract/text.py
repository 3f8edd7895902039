"""Cell text as a reader sees it (html_style.py says what each element's style means): blocks
and <br> are line breaks; a box drawn apart from its neighbours (inline-block, float, a flex
item, a margin) is a separate word; footnote marks and revisions, and text out of sight, are
set apart in brackets; ::before/::after text is added where it is drawn; removed and hidden
text is left out."""
from __future__ import annotations

import re

from lxml import etree
from webencodings import ascii_lower

from .bidi import reordering
from .css_math import is_zero
from .html_cascade import details_open
from .html_style import BLOCK_TAGS, BULLETS, Style, value_of
from ..tokens import printed
from .html_styles import Styles
from .html_tree import SILENT_TAGS

# Of those, the ones whose text Chromium draws once a sheet gives them a display (checked).
DRAWN_WHEN_DISPLAYED = frozenset({"script", "style"})
WHITESPACE = re.compile(r"\s+")  # str patterns match Unicode spaces, &nbsp; and U+3000 included


def option_label(option: etree._Element) -> str:
    """What an <option> shows: its `label` where one is written, else its text."""
    return option.get("label") or "".join(option.itertext())


def option_disabled(option: etree._Element) -> bool:
    parent = option.getparent()
    return option.get("disabled") is not None or (parent is not None and parent.tag == "optgroup"
                                                  and parent.get("disabled") is not None)


def option_shown(select: etree._Element) -> str:
    """What a <select> shows (HTML's selectedness rules, checked in Chromium by hunt 104): as a list
    box (`multiple`, or a `size` over 1) every group's label and option; as a drop-down the chosen
    option's label: the last marked selected (the parser leaves one), else the first not disabled
    (nor in a disabled group)."""
    size = (select.get("size") or "").strip()
    if select.get("multiple") is not None or (size.isdigit() and int(size) > 1):
        return " ".join(e.get("label") or "" if e.tag == "optgroup" else option_label(e)
                        for e in select.iter("option", "optgroup"))
    options = list(select.iter("option"))
    selected = [o for o in options if o.get("selected") is not None]
    chosen = selected[-1] if selected else next((o for o in options if not option_disabled(o)), None)
    shown = option_label(chosen) if chosen is not None else ""
    # A customizable select (`appearance: base-select`) draws its first <button> child instead,
    # whatever the button holds: both count, so a select drawing either is never taken as blank.
    button = next((child for child in select if tag_of(child) == "button"), None)
    return " ".join(filter(None, ("".join(button.itertext()) if button is not None else "", shown)))


# An <input>'s type as HTML reads it (ASCII case-insensitive, as written: `type=" hidden"` is a text
# field), and what each draws besides its value: a box, a swatch or a slider no text; a button its label
NO_TEXT_INPUTS = frozenset({"checkbox", "radio", "color", "range", "hidden"})
BUTTON_LABELS = {"submit": "Submit", "reset": "Reset", "button": "", "file": "Choose File"}


# HTML's value sanitization, by type (text fields lose their line breaks; e-mail and URL fields are
# trimmed too; a number that is not one is cleared): a value left empty shows the placeholder
LINE_BREAKS = str.maketrans("", "", "\r\n")
FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def sanitized(kind: str, value: str) -> str:
    if kind == "number":
        return value if FLOAT.fullmatch(value) else ""
    value = value.translate(LINE_BREAKS)
    return value.strip(" \t\f") if kind in ("email", "url") else value


def input_shown(field: etree._Element) -> str:
    kind = ascii_lower(field.get("type") or "")
    if kind in NO_TEXT_INPUTS:
        return ""
    if kind == "image":  # its alt text where no image is drawn (DRAWS_IMAGE: an image where it has a src)
        return field.get("alt") or ("" if given(field, "src") else "Submit")
    if kind == "file":  # its button's label (its value is the user's choice, never the page's)
        return BUTTON_LABELS[kind]
    if kind in BUTTON_LABELS:
        return field.get("value") or BUTTON_LABELS[kind]
    return sanitized(kind, field.get("value") or "") or field.get("placeholder") or ""


# Replaced and embedded elements: a box of its own whose children are not text flowing in
# the line (fallback content, options, a frame's source). What each shows that a reader might
# take for text (an image's alt text, a field's value, the chosen option, a drawing's text) is
# set apart in brackets, so a cell holding it is an error; one showing nothing is a separation.
# A <button> is drawn as a push button, an inline-block of its own labelled with its content
# (checked in Chromium: `<button>1</button>32*Ascend` is a button 1 before 32*Ascend).
REPLACED = {
    "button": lambda e: "".join(e.itertext()),
    "img": lambda e: e.get("alt") or "", "input": input_shown,
    "select": option_shown, "textarea": lambda e: "".join(e.itertext()) or e.get("placeholder") or "",
    "object": lambda e: "".join(e.itertext()), "svg": lambda e: "".join(e.itertext()),
    "math": lambda e: "".join(e.itertext()),  # MathML: fractions, powers, rows laid out apart
    "embed": lambda e: "", "iframe": lambda e: "", "canvas": lambda e: "", "video": lambda e: "",
    "audio": lambda e: "", "progress": lambda e: "", "meter": lambda e: "",
    "fencedframe": lambda e: "",  # a frame: its children are never drawn (its content is set by a script)
    # Chromium's permission elements: a button labelled by the browser ("使用位置信息"), never their
    # children (the fallback of a browser without them)
    **dict.fromkeys(("permission", "geolocation", "camera", "microphone", "usermedia"), lambda e: "button"),
}


def given(element: etree._Element, *names: str) -> bool:
    return any((element.get(name) or "").strip() for name in names)


# What each replaced element paints from a file or a document (a script aside): an image, a frame's
# page, a video's poster or first frame, an <svg>'s <image>. Pixels this reader cannot read, which
# may draw a digit (an SVG holding the text 1): a box set apart as `[image]`, a cell error.
DRAWS_IMAGE = {
    "img": lambda e: given(e, "src", "srcset") or (e.getparent() is not None and e.getparent().tag == "picture"
                                                   and any(given(s, "srcset") for s in e.getparent().iter("source"))),
    "input": lambda e: ascii_lower(e.get("type") or "") == "image" and given(e, "src"),
    "object": lambda e: given(e, "data"), "embed": lambda e: given(e, "src"),
    "iframe": lambda e: given(e, "src", "srcdoc"),
    "video": lambda e: given(e, "poster", "src") or any(given(s, "src") for s in e.iter("source")),
    "svg": lambda e: next(e.iter("image", "feImage", "feimage"), None) is not None,
}


def draws_image(element: etree._Element, tag: str, styles: Styles) -> bool:
    """Does the replaced element paint an image, at a size other than none (a width or height of
    0, as an attribute or declared, paints nothing)?"""
    if tag not in DRAWS_IMAGE or not DRAWS_IMAGE[tag](element):
        return False
    if any(is_zero(element.get(name) or "") for name in ("width", "height")):
        return False
    declared = styles.declared(element, tag)
    return not any(is_zero(value_of(declared, name) or "") for name in ("width", "height", "max-width", "max-height"))


def tag_of(element: etree._Element) -> str:
    """The lower-case tag name; '' for comments, processing instructions and entities."""
    tag = element.tag  # read once: lxml makes a new string at each reading
    return tag.lower() if isinstance(tag, str) else ""


def is_silent(element: etree._Element) -> bool:
    """Script, style, template or noscript: markup whose text is not shown."""
    return tag_of(element) in SILENT_TAGS


def as_seen(text: str, style: Style) -> str:
    """Text as a reader sees it in this style: left out where hidden (but for a character that
    reorders the text around it, which a hidden text's layout does: bidi.reordering); set apart like a struck
    value where out of sight (a cell holding it is an error, never a silent number), except
    whitespace (the inline-block spacing trick). `text-transform` is not applied: a letter's
    case changes no number and no name (the vendor's spelling is the published key)."""
    if not style.shown:  # hidden, but laid out: a character that reorders the text beside it is kept,
        return f"[{text}]" if reordering(text) else ""  # apart, for the cell's reordering check (hunt 122)
    return f"[{text}]" if style.unseen and text.strip() else text


def opening(style: Style, tag: str) -> tuple[str, str]:
    """What separates the element's content from its neighbours: line breaks around a block
    (an HTML block element keeps them whatever its display), spaces around a box of its own,
    brackets around a mark."""
    if style.block or tag in BLOCK_TAGS:
        before, after = "\n", "\n"
    elif style.own_box:
        before, after = " ", " "
    else:
        before, after = "", ""
    if style.mark:
        before, after = before + "[", "]" + after
    if tag == "q":  # the browser's quotation marks around it (its ::before and ::after)
        before, after = before + "“", "”" + after
    return before, after


def generated(styles: Styles, element: etree._Element, which: str) -> str:
    """What the element's ::before or ::after box adds to its text: its text, and what sets the
    box apart as an element's would be (an empty box too, `content: ""`: a clearfix's block
    breaks the line, an icon's inline-block or a margin leaves a gap)."""
    found = styles.generated(element, which)
    if found is None:
        box = styles.pseudo_box(element, which)
        return "".join(opening(box, "")) if box is not None else ""  # (hidden, it keeps its room)
    text, style = found
    before, after = opening(style, "")
    if style.display.endswith("list-item"):  # a box shown as a list item draws its marker as an item does
        opened = list_item_opening(element, style, before)
        return opened + as_seen(text, style) + (ITEM_END if BULLET in opened else "") + after
    return before + painted(style) + as_seen(text, style) + after


def painted(style: Style) -> str:
    """An image the box paints (its background, its border image): pixels a reader may read as
    a digit and this reader cannot, set apart like a replaced element's image."""
    return " [image] " if style.image and style.shown else ""


def marker_text(item: etree._Element, kind: str) -> str:
    """What a list item's marker draws: a string as written, else its number (its `value`, or
    its place after its list's `start`) and a dot, whatever the counter style."""
    if kind[:1] in ("'", '"'):
        return kind[1:-1]
    value = (item.get("value") or "").strip()
    if value.lstrip("-").isdigit():
        return f"{value}."
    parent = item.getparent()
    start = (parent.get("start") or "1").strip() if parent is not None else "1"
    before = sum(1 for sibling in item.itersiblings(preceding=True) if sibling.tag == "li")
    return f"{(int(start) if start.lstrip('-').isdigit() else 1) + before}."


def frame(style: Style, tag: str) -> tuple[str, str, bool]:
    """What is drawn around an element of this style and tag: before its content (opening, then
    the image its box paints), after it, and whether it is a list item, whose marker is drawn
    between the two before it (list_item_opening). The same for every element with that style
    and tag: asked once for them (Styles.frames)."""
    before, after = opening(style, tag)
    listed = style.display.endswith("list-item")
    return before if listed else before + painted(style), after, listed


# A list item's bullet (disc, circle, square, a disclosure triangle), marked where it is drawn
# (NUL, which no text of an lxml tree holds and CSS escapes make U+FFFD: between_bullets reads
# it). Beside the item's text, or above or below all of the cell's, a reader reads past it; alone on
# a line between two lines of text (an empty <summary> of a <details> between `3` and `*Ascend`:
# hunt 136) it keeps them apart.
BULLET, ITEM_END = "\0", "\udfff"  # (in no text of an lxml tree, nor made by a CSS escape: U+FFFD for both)


def list_item_opening(item: etree._Element, style: Style, before: str) -> str:
    """A list item's opening, its marker drawn after its own `before` and before its box's image."""
    if style.marker_image and style.shown:
        before += "[image] "  # the image a browser draws as the item's marker
    elif style.marker not in BULLETS:
        before += f"[{marker_text(item, style.marker)}] "  # the number a browser draws before the item
    elif style.marker != "none" and style.shown:
        before += BULLET  # a bullet or a disclosure triangle: a line of its own where the item holds nothing
    return before + painted(style)


def _pieces(element: etree._Element, styles: Styles, out: list[str]) -> None:
    tag = element.tag  # read once: lxml makes a new string at each reading
    if not isinstance(tag, str):
        tag = ""
    elif tag in SILENT_TAGS and tag not in DRAWN_WHEN_DISPLAYED:
        return
    style = styles.computed.get(element) or styles.of(element)  # computed by the page's walk: no call
    if style.removed:
        return
    if tag in REPLACED and style.display != "contents":  # a <button> shown as contents: its children
        shown = REPLACED[tag](element).strip() or ("image" if style.shown and draws_image(element, tag, styles) else "")
        made = [generated(styles, element, which) for which in ("before", "after")] if styles.matched else ["", ""]
        out.append(made[0] + (f" [{shown}] " if shown and style.shown else " ") + made[1])  # a ::before of a
        return  # checkbox drawn as a plain box (Styles.may_have_box), none of the others'
    if element in styles.shadow_hosts:
        out.append(" [shadow root] ")  # drawn from its own tree, not from the children read here
        return
    if tag in SHADOW_BLOCKS:
        return _shadow_block(element, tag, style, styles, out)
    key = (id(style), tag)  # styles.computed keeps the style: its id is not reused
    before, after, listed = styles.frames.get(key) or styles.frames.setdefault(key, frame(style, tag))
    if listed:
        before = list_item_opening(element, style, before)
        after = ITEM_END + after if BULLET in before else after
    if tag == "br":
        out.append("\n")
    out.append(before)
    if styles.matched:
        out.append(generated(styles, element, "before"))
    seen = style.shown and not style.unseen  # as_seen gives the text as it is
    if tag == "option" and element.get("label"):  # outside a <select> (which draws its own): its label, in its
        out.append(element.get("label") if seen else as_seen(element.get("label"), style))  # block (hunt 104)
        if styles.matched:
            out.append(generated(styles, element, "after"))
        out.append(after)
        return
    text = element.text  # read once: lxml makes a new string at each reading
    if text and tag:
        out.append(text if seen else as_seen(text, style))
    for child in element:
        _pieces(child, styles, out)
        tail = child.tail
        if tail:  # a tail is shown with its parent's style
            out.append(tail if seen else as_seen(tail, style))
    if styles.matched:
        out.append(generated(styles, element, "after"))
    out.append(after)


# Elements a browser draws from a shadow tree of its own, their content in a block of that tree
# (checked in Chromium): a <marquee>'s content scrolls in a box as wide as the line, a <details>
# shows its summary (or the browser's own "Details") on a line of its own, the rest below it when
# open; an <optgroup> outside a <select> its `label` on a line of its own, its options below. What
# their ::before and ::after add is drawn on lines apart from that block.
SHADOW_BLOCKS = frozenset({"marquee", "details", "optgroup"})


def _shadow_block(element: etree._Element, tag: str, style: Style, styles: Styles, out: list[str]) -> None:
    before, after = opening(style, tag)
    out.append(before + (generated(styles, element, "before") if styles.matched else "") + "\n")
    summary = next(iter(element.iterchildren("summary")), None) if tag == "details" else None
    if tag == "details" and summary is None:
        out.append(as_seen("Details", style) + "\n")  # the browser's own summary
    elif summary is not None:
        _pieces(summary, styles, out)  # drawn first wherever it is
    elif tag == "optgroup":
        out.append(as_seen(element.get("label") or "", style) + "\n")  # its label, drawn from the attribute
    if tag != "details" or details_open(element):
        if element.text:
            out.append(as_seen(element.text, style))
        for child in element:
            if child is not summary:
                _pieces(child, styles, out)
            if child.tail:
                out.append(as_seen(child.tail, style))
    out.append("\n" + (generated(styles, element, "after") if styles.matched else "") + after)


def cell_lines(cell: etree._Element, styles: Styles) -> list[str]:
    """The cell's lines as published: trimmed, blank ones dropped, inner spaces kept."""
    lines = plain_cell_lines(cell, styles)
    return lines if lines is not None else drawn_lines(cell, styles)


def drawn_lines(cell: etree._Element, styles: Styles) -> list[str]:
    """cell_lines, from what is drawn around and in each element of the cell (_pieces)."""
    pieces: list[str] = []
    _pieces(cell, styles, pieces)
    drawn = "".join(pieces)
    if BULLET in drawn:
        return between_bullets(drawn)
    return [stripped for line in drawn.split("\n") if (stripped := line.strip())]


def between_bullets(drawn: str) -> list[str]:
    """The cell's lines (`drawn` with its items' bullets and ends marked): a bullet of an item
    holding text a reader sees is read past, beside that text (on the line of the item's first
    block: `<li><p>qwen2.5-</p></li>`); one of an item holding none (nothing, or only characters
    drawn as nothing: hunt 140) is drawn, `•`, on a line of its own: above or below all of the
    cell's text a reader reads past it too, between two lines of text it keeps them apart."""
    items = drawn.split(BULLET)
    for index, item in enumerate(items[1:], start=1):
        content = item.split(ITEM_END, 1)[0]
        if not printed(content).strip():
            items[index] = "\n\u2022\n" + item
        elif printed(items[index - 1].rsplit("\n", 1)[-1].replace(ITEM_END, "")).strip():
            items[index] = " \u2022 " + item  # an inline item's bullet after text on its line: drawn between them
    lines = [stripped for line in "".join(items).replace(ITEM_END, "").split("\n") if (stripped := line.strip())]
    text = [i for i, line in enumerate(lines) if line != "\u2022"]
    return lines[text[0]:text[-1] + 1] if text else []


PLAIN_BLOCKS = frozenset({"p", "div"})  # drawn as a block by their tag, around their text and nothing else


def plain_cell_lines(cell: etree._Element, styles: Styles) -> list[str] | None:
    """The lines of a cell that holds one plain paragraph of text, as the vendor's cells do
    (`<td><p>4*Ascend</p></td>`): the paragraph's text lines, without walking the two elements
    (drawn_lines gives the same: each draws only line breaks around the text, no mark, image or
    generated text, the text shown as it is); None for any other cell. Asked only of styles the
    page walk computed (Styles.computed): nothing is worked out here."""
    if len(cell) != 1 or cell in styles.holding_styled or cell in styles.styled:
        return None  # styled here or inside: a sheet's rule, a style attribute, a hint
    child = cell[0]
    if child.tag not in PLAIN_BLOCKS or len(child) or (cell.text and not cell.text.isspace()) \
            or (child.tail and not child.tail.isspace()):
        return None
    outer, inner = styles.computed.get(cell), styles.computed.get(child)
    if outer is None or inner is None or outer.mark or outer.image or inner.mark or inner.image or \
            not inner.block or not inner.shown or inner.unseen:
        return None
    return [stripped for line in (child.text or "").split("\n") if (stripped := line.strip())]


def collapse_lines(lines: list[str]) -> str:
    """Whitespace runs (tabs, &nbsp;, ideographic spaces) become one space per line."""
    if len(lines) == 1:  # most cells: without building a list to join
        return lines[0] if plain_spaced(lines[0]) else WHITESPACE.sub(" ", lines[0])
    return "\n".join([line if plain_spaced(line) else WHITESPACE.sub(" ", line) for line in lines])


def plain_spaced(line: str) -> bool:
    """A line with nothing to collapse: printable ASCII (whose only whitespace is the space)
    without two spaces in a row. Most cells' lines are (`4*Ascend`, `qwen2.5-7b`)."""
    return line.isascii() and line.isprintable() and "  " not in line


