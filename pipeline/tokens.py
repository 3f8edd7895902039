"""The grammar of the table's body cells, with the token repairs the source needs.

Repair is deliberately narrow: the text is read as printed (`printed`: NFKC, so
full-width `８＊Ａｓｃｅｎｄ` and `／` read as `8*Ascend` and `/`; invisible format
characters such as U+200B dropped), and whitespace and line breaks inside a token
are dropped only where that cannot join two separate items (`joined`): inside a word
(`1*Asce nd`) or beside punctuation (`qwen2.5-` / `1.5b`, `8 * Ascend`). A break between
digits, or between a digit and a letter (`4096` / `8192`, `DeepSeek-V3` / `R1`, `2 4*Ascend`),
may separate two values, so it is an error (and so is one after a whole model name
`llama3.1-70b` followed by a letter), except for the line breaks of a PDF's layout
(`16*Ascen` / `d`, `4096/81` / `92`), which are wraps, not the author's. Anything that
still does not match the grammar is an error, never a guess.
"""
from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass

UNITS = re.compile(r"(?P<n>[0-9]+)\*Ascend")  # ASCII digits: `\d` would also read ٨ or ８
NOT_SUPPORTED = "-"
STRATEGIES = ("full", "lora")
SEQ_LEN = re.compile(r"[0-9]+")
MODEL_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9._-]*(?:/[A-Za-z0-9._-]+)*")
WHITESPACE = re.compile(r"\s+")
# A part after `/` that may be a whole model name itself: a family (two letters, then more), `-`, the rest
# (check_plausible_name then judges it as a name).
FULL_MODEL_NAME = re.compile(r"[A-Za-z]{2}[A-Za-z0-9._]*(?:-[A-Za-z0-9._]+)+")
# The parts of a model's name, `-` between them: its family first (`qwen2.5_vl`, `Qwen3`, `glm`), then
# what tells its models apart: a size (`7b`, `0.5b`, `8x7b`, a mixture of experts' `30B_A3B`), the
# experts' active size (`A22B`) or their number (`16e`), a version (`V3`, `R1`, `v0.1`; a bare number
# such as `4.5` where nothing before it holds a digit: `glm-4.5`, `Llama-3.1-8B`), a release stamp
# after them (`0528`), or a word (`instruct`, `Air`, `Next`). Letters glued to a size or a version
# (`8bNEW`), a word in capitals at the end (`-NEW`), or nothing at all (`DeepSee`, `qwen2.5_vl-`) is
# no model of this table: a badge joined to the name, or a name cut at a page break.
SIZE = r"(?:[0-9]+x)?[0-9]+(?:\.[0-9]+)?[bBmMkKtT](?:_[Aa][0-9]+(?:\.[0-9]+)?[bB])?"
NAME_PARTS = {"size": re.compile(SIZE), "active": re.compile(r"[AaEe][0-9]+(?:\.[0-9]+)?[bB]"),  # A3B; gemma-3n's E4B
              "experts": re.compile(r"[0-9]+[eE]"), "version": re.compile(r"[A-Za-z]{1,2}[0-9]+(?:\.[0-9]+)?"),
              "number": re.compile(r"[0-9]+(?:\.[0-9]+)?[Vv]?"), "word": re.compile(r"[a-z]+|[A-Z][a-z]+")}
# 4.5, 3.1, 3, GLM-4.5V's 4.5V (its vision model): a family's version (not 2507, a stamp)
BARE_VERSION = re.compile(r"[0-9]{1,2}(?:\.[0-9]+)?[Vv]?")
FAMILY = re.compile(r"[A-Za-z][A-Za-z0-9._]*")  # qwen2.5_vl, Qwen3, glm
STAMP = re.compile(r"[0-9]{4}")  # 0528, 2507: month and day, or year and month
MEASURES = frozenset({"size", "active", "version"})  # a model of this table states at least one
# Compatibility forms that NFKC would turn into plain digits: a footnote mark `⁴`, `①` or
# `½` next to a count would silently become part of the number, so they are kept as
# published (and the cell then fails to parse, naming itself).
KEEP_AS_PUBLISHED = frozenset({"<super>", "<sub>", "<circle>", "<fraction>"})
# The hyphen and the non-breaking hyphen (`&#8209;`, which editors and CMSs put in names so they
# do not break at the line's end) are the hyphen-minus a reader sees; NFKC leaves them apart.
# Dashes (figure, en, em) and the minus sign are not folded: a range or a negative number.
HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-"})
HYPHEN_CHARS = frozenset(map(chr, HYPHENS))
# Marks Unicode makes default-ignorable, drawn as nothing (checked in Chromium: `3\u034f2*Ascend`
# shows 32*Ascend): the combining grapheme joiner, the Khmer inherent vowels, the Mongolian free
# variation selectors and the variation selectors. The Hangul fillers are not: a font may draw
# them as a space (U+FFA0 is one in Chromium's default font).
IGNORABLE_MARKS = frozenset({0x034F, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, *range(0xFE00, 0xFE10),
                             *range(0xE0100, 0xE01F0)})
# Format characters a browser draws as a glyph of their own (a box where no font has one): Unicode's
# prepended concatenation marks (the Arabic number sign, U+06DD, the Kaithi number sign…), the
# Egyptian hieroglyph and the shorthand format controls. Chromium 156 draws these 26 of the 163 and no
# other (every one probed: tests/test_other_hands_round11.py). Kept, so `3\U0001bca02*Ascend`, a 3,
# a box and a 2 on the page, fails to parse naming its cell instead of reading 32.
DRAWN_FORMAT = frozenset({*range(0x0600, 0x0606), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD,
                          *range(0x13430, 0x13440), *range(0x1BCA0, 0x1BCA4)})


class TokenError(ValueError):
    """A cell text outside the grammar; `expected` says what would have parsed."""

    def __init__(self, message: str, expected: str):
        super().__init__(message)
        self.expected = expected


@dataclass(frozen=True)
class Parsed:
    value: object
    text: str  # the token the value was read from, after repair
    repaired: bool  # True when repair changed the published text


def is_kept(char: str) -> bool:
    return unicodedata.decomposition(char).split(" ", 1)[0] in KEEP_AS_PUBLISHED


def drawn_as_nothing(char: str) -> bool:
    """A format character (Unicode category Cf) a browser draws as nothing."""
    return unicodedata.category(char) == "Cf" and ord(char) not in DRAWN_FORMAT


def printed(text: str) -> str:
    """The characters a reader sees, in one form: format characters drawn as nothing (Unicode
    category Cf but DRAWN_FORMAT: zero-width spaces and joiners, U+2060, a stray BOM, soft
    hyphens, direction marks) and the
    default-ignorable marks (IGNORABLE_MARKS: U+034F, variation selectors) are dropped, and NFKC folds full-width and other compatibility forms (`Ｓｎｔ９ｂ`, `＊`,
    `／`, `－`, Kangxi radicals) into the ordinary ones, except superscripts, subscripts,
    circled numbers and fractions (KEEP_AS_PUBLISHED); the hyphens U+2010 and U+2011 are the
    hyphen-minus (HYPHENS). Every extractor and parser reads
    text through this one function."""
    if text.isascii():  # no format character, nothing to fold
        return text
    # each distinct character's category asked once (a page's text repeats a few hundred), not each one's
    chars = set(text)
    dropped = {ord(ch): None for ch in chars
               if ch >= "\x80" and (drawn_as_nothing(ch) or ord(ch) in IGNORABLE_MARKS)}
    # no hyphen is a format character: one table does both; a dict table is looked up for every
    # character, so a text holding none of its characters (most) is kept as it is
    visible = text.translate({**HYPHENS, **dropped}) if dropped or not HYPHEN_CHARS.isdisjoint(chars) else text
    if unicodedata.is_normalized("NFKC", visible):  # nothing to fold, so nothing kept from folding
        return visible
    kept = {ch for ch in set(visible) if ch >= "\x80" and is_kept(ch)}
    if not kept:
        return unicodedata.normalize("NFKC", visible)
    pieces, start = [], 0
    for index, char in enumerate(visible):
        if char in kept:
            pieces += [unicodedata.normalize("NFKC", visible[start:index]), char]
            start = index + 1
    pieces.append(unicodedata.normalize("NFKC", visible[start:]))
    return "".join(pieces)


def squash(text: str) -> str:
    """The printed form with all whitespace removed: how tokens and headings are compared."""
    return WHITESPACE.sub("", printed(text))


def joinable(before: str, after: str) -> bool:
    """Whether removing the whitespace between these two characters repairs a token rather
    than joining two items: both letters (a word cut: `Asce nd`), or either one not a letter
    or digit (`qwen2.5-` + `1.5b`, `8 * Ascend`). Digit and digit, or digit and letter in
    either order, may be two values (`4096 8192`, `V3 R1`, `70b 1`)."""
    return (before.isalpha() and after.isalpha()) or not before.isalnum() or not after.isalnum()


def is_wrap(run: str) -> bool:
    """Is a whitespace run of a PDF cell's text a line wrap of its layout? One line break is; a
    blank line is a break the text's author made (the PDF reader writes one where the line before
    had room for the next one's first character, or the step down to it was a paragraph's:
    pdf_cells.with_author_breaks)."""
    return "\n" in run and "\n\n" not in run


def joined(text: str, what: str, expected: str, layout_breaks: bool = False) -> str:
    """The printed text with the whitespace runs inside it removed where `joinable` allows;
    any other run is a TokenError naming the text. With `layout_breaks` (a PDF: its line
    breaks are the layout's wraps, not the author's), a run holding a line break is a wrap
    (is_wrap) and always removed; spaces and the author's breaks are still checked."""
    shown = printed(text).strip()
    pieces, runs = WHITESPACE.split(shown), WHITESPACE.findall(shown)
    for run, left, right in zip(runs, pieces, pieces[1:]):
        if layout_breaks and is_wrap(run):
            continue
        if not joinable(left[-1], right[0]):
            where = "a line break" if "\n" in run else "a space"
            raise TokenError(f"{text!r} is not {what}: {where} between {left!r} and {right!r} may separate two "
                             "items", f"{expected}; one value per cell, its parts joined by /")
    return "".join(pieces)


def compact(text: str, what: str = "one token", expected: str = "one token",
            layout_breaks: bool = False) -> Parsed:
    """The token a cell holds (`joined`); `repaired` when that differs from the published
    text in any way (whitespace, width, invisible characters), so that a warning names the cell."""
    token = joined(text, what, expected, layout_breaks)
    return Parsed(token, token, token != text)


def parse_units(text: str, layout_breaks: bool = False) -> Parsed:
    """`N*Ascend` -> N (cards or DIEs, by column); `-` -> None (not supported)."""
    expected = "N*Ascend with N ≥ 1, or - for not supported"
    token = compact(text, "a unit count", expected, layout_breaks)
    if token.text == NOT_SUPPORTED:
        return Parsed(None, token.text, token.repaired)
    match = UNITS.fullmatch(token.text)
    if not match:
        raise TokenError(f"{text!r} is not a unit count", expected)
    units = int(match["n"])
    if units < 1:
        raise TokenError(f"{text!r} asks for {units} units", expected)
    return Parsed(units, token.text, token.repaired)


def parse_strategies(text: str, layout_breaks: bool = False) -> Parsed:
    """`full`, `lora` or `full/lora` -> a tuple of strategies."""
    token = compact(text, "a training strategy", "full, lora or full/lora", layout_breaks)
    parts = token.text.split("/")
    if any(p not in STRATEGIES for p in parts) or len(set(parts)) != len(parts):
        raise TokenError(f"{text!r} is not a training strategy", "full, lora or full/lora")
    return Parsed(tuple(parts), token.text, token.repaired)


def parse_seq_lens(text: str, layout_breaks: bool = False) -> Parsed:
    """`4096`, `4096/8192`, `1024/4096/8192` -> a tuple of ints. In a print, a length wrapped
    between two of its digits (`409` / `6/81` / `92`, a column breaking words anywhere) must come
    out a power of two, as every release prints them: `4096` / `8192` set as two paragraphs as close
    as wrapped lines, in a column too narrow to show the room, prints as `40968192` wrapped would,
    and a reader sees two lengths."""
    token = compact(text, "a sequence length", "positive whole numbers joined by /", layout_breaks)
    parts = token.text.split("/")
    if not all(SEQ_LEN.fullmatch(p) and int(p) > 0 for p in parts) or len(set(parts)) != len(parts):
        raise TokenError(f"{text!r} is not a sequence length", "positive whole numbers joined by /")
    if layout_breaks:
        for part in wrapped_between_digits(text):
            if int(part) & (int(part) - 1):
                raise TokenError(f"{text!r}: cannot tell {part} wrapped from two sequence lengths "
                                 f"(a line break between its digits, and {part} is not a power of two)",
                                 "one sequence length per line, or lengths joined by /")
    return Parsed(tuple(int(p) for p in parts), token.text, token.repaired)


def wrapped_between_digits(text: str) -> list[str]:
    """The numbers of a printed cell (joined at its wraps) that a wrap cuts between two digits."""
    shown = printed(text).strip()
    out, number, cut = [], "", False
    for piece, run in itertools.zip_longest(WHITESPACE.split(shown), WHITESPACE.findall(shown), fillvalue=""):
        cut = cut and piece[:1].isdigit()  # a wrap before a digit cuts the number; before `/`, it ends it
        for char in piece:
            if char.isdigit():
                number += char
            else:
                out += [number] if cut and number else []
                number, cut = "", False
        if run and number and piece and piece[-1].isdigit():
            cut = True  # the next piece goes on with this number if it opens with a digit
    out += [number] if cut and number else []
    return out


def check_whole_names(text: str, layout_breaks: bool = False) -> None:
    """Whitespace after a whole model name (one check_plausible_name passes: `llama3.1-70b`,
    `glm-4.5-air`), then a letter, separates two items (`llama3.1-70b` / `llama3.1-405b`,
    `glm-4.5-air new`): joining letters is for a word cut (`Asce nd`), and a whole name is not a
    cut word. A PDF's line wrap (`layout_breaks`, tokens.is_wrap) after a whole name separates
    two items too where what follows it is a whole name (`qwen3_moe-235B_A22B` / `qwen3_moe-30B_A3B`,
    two names on two lines of a print: joined, a name no one wrote) or where the name ends in a
    word (`Qwen3-30B-A3B-Instruct` / `beta` fills the column of a Chromium print as one word broken
    anywhere would): neither a reader nor this one can tell which. A wrap inside any other part
    (`mixtral-8` / `x7b`) is the layout's."""
    shown = printed(text).strip()
    pieces, runs = WHITESPACE.split(shown), WHITESPACE.findall(shown)
    for at, (run, right) in enumerate(zip(runs, pieces[1:]), start=1):
        left = "".join(pieces[:at]).rsplit("/", 1)[-1]  # wraps before it joined (`Qwen3-30B-A3B-` / `Instruct`)
        if not right[:1].isalpha() or not is_model_name(left):
            continue
        rest = "".join(pieces[at:]).split("/", 1)[0]  # and the wraps after it (`qwen3_moe-` / `30B_A3B`)
        if layout_breaks and is_wrap(run) and name_parts(left)[-1][1] != "word" and not is_model_name(rest):
            continue
        where = "a line break" if "\n" in run else "a space"
        raise TokenError(f"{text!r} is not a model name: {where} after the whole name {left!r} may separate "
                         "two items", "a name such as qwen2.5-7b or DeepSeek-V3/R1; one value per cell, its "
                         "parts joined by /")


def parse_model_label(text: str, layout_breaks: bool = False) -> Parsed:
    """The model cell, its paragraphs joined: `qwen2.5-` + `1.5b` -> `qwen2.5-1.5b`; a whole
    name followed by more letters is two items (check_whole_names)."""
    check_whole_names(text, layout_breaks)
    token = compact(text, "a model name", "a name such as qwen2.5-7b or DeepSeek-V3/R1", layout_breaks)
    if not MODEL_LABEL.fullmatch(token.text):
        raise TokenError(f"{text!r} is not a model name", "a name such as qwen2.5-7b or DeepSeek-V3/R1")
    for model in split_model_label(token.text):  # an alternative neither a suffix nor a name fails there
        check_plausible_name(model, text)
    return Parsed(token.text, token.text, token.repaired)


def is_model_name(model: str) -> bool:
    try:
        check_plausible_name(model, model)
    except TokenError:
        return False
    return True


def check_plausible_name(model: str, text: str) -> None:
    """A model of this table is a family, then parts after `-` that state a size or a version
    (name_parts); anything else is a label no reader would take for a model: a badge glued to
    the name (`qwen3-8bNEW`, `DeepSeek-R1NEW`), a word in capitals after it (`qwen3-8b-NEW`), a
    name cut short (`DeepSee`, `qwen2.5_vl-`, `qwen2.5-1`). New models with ordinary names pass:
    `Qwen3-Next-80B-A3B`, `glm-4.5-air`, `llama4-scout-17b-16e`, `DeepSeek-R1-0528`."""
    parts = name_parts(model)
    if not FAMILY.fullmatch(model.split("-", 1)[0]):
        why = "no family before its first '-'"
    elif not parts:
        why = "no '-' after its family"
    elif parts[-1][1] == "other":
        why = (f"it ends in {parts[-1][0]!r}, neither a size (7b, 30B_A3B, A3B, 16e), a version (V3, R1, 4.5), a "
               "date stamp (0528) nor a word (instruct, Air)")
    elif "" in (part for part, _ in parts):
        why = "an empty part between two '-'"
    elif not MEASURES & {kind for _, kind in parts}:
        why = "it states no size (7b, 30B_A3B) or version (V3, R1, 4.5)"
    else:
        return
    raise TokenError(f"{text!r} is not a model name of this table ({model!r}: {why})",
                     "a family, '-', then a size or a version, such as qwen2.5-7b, qwen3_moe-30B_A3B, "
                     "Qwen3-30B-A3B-Instruct, glm-4.5-air or DeepSeek-V3/R1")


def name_parts(model: str) -> list[tuple[str, str]]:
    """Each part of a model's name after its family, with its kind (name_part_kind). A bare number
    of one or two digits is the family's version where nothing before it holds a digit (`glm-4.5`,
    `Llama-3.1-8B`), four digits a release stamp after a size or a version (`DeepSeek-R1-0528`, not
    `Thinking-2507`), and any other no part of a name (`qwen2.5-1`: cut inside its size)."""
    family, *rest = model.split("-")
    digits_before, measured = any(c.isdigit() for c in family), False
    parts = []
    for part in rest:
        kind = name_part_kind(part)
        if kind == "number":
            kind = ("version" if not digits_before and BARE_VERSION.fullmatch(part) else
                    "stamp" if measured and STAMP.fullmatch(part) else "other")
        measured |= kind in MEASURES
        digits_before |= any(c.isdigit() for c in part)
        parts.append((part, kind))
    return parts


def name_part_kind(part: str) -> str:
    """What one part of a model's name is: a size (7b, 8x7b, 30B_A3B), the experts' active size
    (A3B) or number (16e), a version (V3, R1), a bare number (4.5), a word (instruct, Air), or
    something else (8bNEW, NEW)."""
    return next((kind for kind, shape in NAME_PARTS.items() if shape.fullmatch(part)), "other")


def split_model_label(label: str) -> tuple[str, ...]:
    """`DeepSeek-V3/R1` -> (`DeepSeek-V3`, `DeepSeek-R1`), `qwen2.5-7b/14b` -> (`qwen2.5-7b`,
    `qwen2.5-14b`): a short alternative after a slash replaces the last `-` segment of
    the first name; an alternative that is a whole name itself (a family with a letter
    in it, `-`, then the rest: `DeepSeek-V3/DeepSeek-R1`) stays whole."""
    first, *alternatives = label.split("/")
    stem = first.rsplit("-", 1)[0] + "-" if "-" in first else ""
    replaced = first.rsplit("-", 1)[-1]
    models = [first]
    for alt in alternatives:
        if "-" not in alt:
            if name_part_kind(alt) not in ("other", name_part_kind(replaced)):  # `qwen3-8b-instruct/14b`: not
                # qwen3-8b-14b; `Qwen3-30B-A3B/Instruct`: not Qwen3-30B-Instruct
                raise TokenError(f"{label!r}: {alt!r} after the slash would take the place of {replaced!r} in "
                                 f"{first!r}, which is not alike (a size for a size, a version for a version, a "
                                 "word for a word)",
                                 "a suffix alike the last part of the first name (qwen2.5-7b/14b, DeepSeek-V3/R1) "
                                 "or a whole model name (qwen3-8b-instruct/qwen3-14b-instruct)")
            models.append(stem + alt)
        elif FULL_MODEL_NAME.fullmatch(alt) and is_model_name(alt):  # DeepSeek-V3.1/DeepSeek-R1-0528
            models.append(alt)
        else:  # `DeepSeek-V3/R1-Zero`: DeepSeek-R1-Zero, or a model called R1-Zero?
            raise TokenError(f"{label!r}: {alt!r} after the slash is neither a suffix of {first!r} nor a "
                             "whole model name", "a suffix with no '-' (DeepSeek-V3/R1) or a whole name "
                             "(DeepSeek-V3/DeepSeek-R1)")
    return tuple(models)
