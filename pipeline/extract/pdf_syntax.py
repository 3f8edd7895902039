"""A page's content streams written as PDF says, where viewers read them alike.

Where a content stream breaks PDF's grammar, each viewer recovers its own way, and the tool's two
readers (pdfminer, pdfium) may agree with each other and not with the reader's viewer (hunt 166,
after hunt 139 left it open): poppler stops drawing the page at an operator given too few operands
(`w` alone, `BT 5 Td ET`) or at a `Q` with no `q` to restore; MuPDF takes the first of too many
operands (`1 0 g` draws white, `3 0 Tr` nothing) and gives up on a page after 100 unknown
operators. Each drew 4*Ascend where the tool published 14. Every operator of a page's content,
and of the forms it draws, must be one PDF defines (outside a BX/EX compatibility section), given
as many operands as it takes (a colour operator as many as its colour space has components), and
no operator may follow a `Q` that closed no `q`. The streams are read by regular expressions, not by
pdfminer's parser, which pdfplumber has already run and which keeps no trace of what it skipped.
"""
from __future__ import annotations

import re

from pdfminer.pdftypes import PDFStream, resolve1

from ..errors import LayoutError, Place, Problem
from .pdf_annots import forms_in, name, resources_within
from .pdf_tokens import DELIMITED, string_end

# Each operator and the operands it takes (PDF 32000-1, Annex A); None: as many as the colour space has
ARITY = {
    b"b": 0, b"B": 0, b"b*": 0, b"B*": 0, b"BDC": 2, b"BI": 0, b"BMC": 1, b"BT": 0, b"BX": 0, b"c": 6, b"cm": 6,
    b"CS": 1, b"cs": 1, b"d": 2, b"d0": 2, b"d1": 6, b"Do": 1, b"DP": 2, b"EMC": 0, b"ET": 0, b"EX": 0, b"f": 0,
    b"F": 0, b"f*": 0, b"G": 1, b"g": 1, b"gs": 1, b"h": 0, b"i": 1, b"j": 1, b"J": 1, b"K": 4, b"k": 4, b"l": 2,
    b"m": 2, b"M": 1, b"MP": 1, b"n": 0, b"q": 0, b"Q": 0, b"re": 4, b"RG": 3, b"rg": 3, b"ri": 1, b"s": 0,
    b"S": 0, b"SC": None, b"sc": None, b"SCN": None, b"scn": None, b"sh": 1, b"T*": 0, b"Tc": 1, b"Td": 2,
    b"TD": 2, b"Tf": 2, b"Tj": 1, b"TJ": 1, b"TL": 1, b"Tm": 6, b"Tr": 1, b"Ts": 1, b"Tw": 1, b"Tz": 1, b"v": 4,
    b"w": 1, b"W": 0, b"W*": 0, b"y": 4, b"'": 1, b'"': 3}
# A content stream's tokens, each with the white space before it: an operand (a number, a name, a
# hexadecimal string), a literal string's start, an array's or dictionary's start or end, a comment,
# a word (an operator, or true, false, null)
CONTENT = re.compile(rb"[\x00\t\n\x0c\r ]*(?:(?P<operand>[+-]?(?:\d+\.?\d*|\.\d+)(?![^" + DELIMITED + rb"])"
                     rb"|/[^" + DELIMITED + rb"]*|<[^<>]*>)|(?P<string>\()|(?P<open><<|\[)|(?P<close>>>|\])"
                     rb"|(?P<comment>%[^\r\n]*)|(?P<word>[^" + DELIMITED + rb"]+)|(?P<other>[^\x00\t\n\x0c\r ]))")
CONSTANTS = frozenset({b"true", b"false", b"null"})
IMAGE_END = re.compile(rb"[\x00\t\n\x0c\r ]EI(?=[\x00\t\n\x0c\r ]|$)")  # where pdfminer ends an inline image
DEVICE = {"DeviceGray": 1, "G": 1, "DeviceRGB": 3, "RGB": 3, "DeviceCMYK": 4, "CMYK": 4}
# the colour space an operator sets, with its components: (stroking?, components)
SETS_SPACE = {b"G": (True, 1), b"g": (False, 1), b"RG": (True, 3), b"rg": (False, 3), b"K": (True, 4),
              b"k": (False, 4)}
STROKING = frozenset({b"SC", b"SCN", b"CS"})


def check_content_syntax(page, number: int, source: str) -> None:
    """The page's content (its /Contents read as one stream, as viewers read them) and every form
    its resources hold (pdf_annots.resources_within), as PDF writes them: an error naming the page
    and the first fault."""
    found = next((what + found for what, data, resources, initial in streams_drawn(page)
                  if (found := fault(data, resources, initial)) is not None), None)
    if found is not None:
        raise LayoutError(source, Problem(Place(page=number), f"the page's content is not written as PDF says: {found}, "
                                          "which viewers recover from each their own way (poppler stops drawing the "
                                          "page, MuPDF reads other operands)",
                                          "content streams of operators PDF defines, each with its operands"))


def streams_drawn(page):
    """(what it is, its data, its resources, the components of the colour space it starts in) of
    the page's content and of each form its resources hold, read one after the other."""
    resources = page.page_obj.resources
    streams = (resolve1(s) for s in page.page_obj.contents or ())
    yield "", b"\n".join(s.get_data() for s in streams if isinstance(s, PDFStream)), resources, 1
    for held in resources_within(resources):
        for form in forms_in(held):  # (a form inherits the colour space it is drawn in: not told)
            yield "a form it draws: ", form.get_data(), form.get("Resources") or held, None


def fault(data: bytes, resources, initial: int | None) -> str | None:
    """The first fault of a content stream (`initial`: the components of the colour space it
    starts in, None where a form inherits one), or None."""
    count, last = 0, b""  # the operands since the last operator, and the last of them
    saved = compatible = nested = 0
    stray = False  # a Q restored no state: poppler draws nothing after it
    spaces = [initial, initial]  # (fill, stroke)
    at = 0
    while (found := CONTENT.match(data, at)) is not None:
        kind, at = found.lastgroup, found.end()
        if kind == "string":
            at = string_end(data, at)
        if kind in ("operand", "string"):
            count, last = (count + 1, found[kind]) if not nested else (count, last)
            continue
        if kind == "open":
            nested += 1
            continue
        if kind == "close":
            nested -= 1
            count += nested == 0
            continue
        if kind == "comment" or nested:
            continue  # (words inside an array or a dictionary are its own)
        word = found[kind]
        if word in CONSTANTS:
            count, last = count + 1, word
            continue
        if word == b"BI":  # an inline image: its dictionary, then its data up to EI
            ends = IMAGE_END.search(data, at)
            at, count = (ends.end() if ends else len(data)), 0
            continue
        takes = ARITY.get(word, -1)
        if takes == -1 and not compatible:
            return f"{word.decode('latin-1')!r} is no operator"
        if word == b"BX":
            compatible += 1
        elif word == b"EX":
            compatible = max(0, compatible - 1)
        elif word == b"q":
            saved += 1
        elif word == b"Q":
            stray = stray or not saved
            saved = max(0, saved - 1)
        if stray and word != b"Q":  # (a stray Q at the end of the content loses nothing)
            return f"a Q restores no state saved by q, and {word.decode('latin-1')} follows it"
        if takes is None:
            takes = spaces[word in STROKING]
            if takes is not None and word.endswith(b"N") and last.startswith(b"/"):
                takes = None  # a pattern's name (and an uncoloured one's components)
        if takes is not None and takes != -1 and count != takes:
            return f"{word.decode('latin-1')} is given {count} operand(s) where it takes {takes}"
        if word in (b"cs", b"CS") and count:
            spaces[word == b"CS"] = components(last, resources)
        elif word in SETS_SPACE:
            stroking, components_of = SETS_SPACE[word]
            spaces[stroking] = components_of
        count, last = 0, b""
    return None


def components(written: bytes, resources) -> int | None:
    """How many components a colour of the named space has; None where this reader does not tell
    (a pattern, a space it does not resolve)."""
    named = written[1:].decode("latin-1")
    if named in DEVICE:
        return DEVICE[named]
    space = resolve1((resolve1((resolve1(resources) or {}).get("ColorSpace")) or {}).get(named))
    family = name(resolve1(space[0])) if isinstance(space, list) and space else name(space)
    if family in DEVICE:
        return DEVICE[family]
    if family in ("Lab", "CalRGB"):
        return 3
    if family in ("CalGray", "Indexed", "I", "Separation"):
        return 1
    if family == "DeviceN" and isinstance(space, list) and len(space) > 1 and isinstance(resolve1(space[1]), list):
        return len(resolve1(space[1]))
    if family == "ICCBased" and isinstance(space, list) and len(space) > 1:
        profile = resolve1(space[1])
        count = resolve1(profile.get("N")) if isinstance(profile, PDFStream) else None
        return count if isinstance(count, int) else None
    return None
