"""The glyph a viewer may draw for each code of a simple font whose program is Type 1 or CFF.

Such a font's codes are drawn by glyph name: the name /Differences gives, else the name of the
base encoding the PDF names (/Encoding /WinAnsiEncoding, or /BaseEncoding), else the name the
font program's own encoding gives (its built-in encoding). PDF 32000 (9.6.6.2) takes
StandardEncoding instead for a nonsymbolic font; pdfium does so, poppler and MuPDF take the
program's. pdfminer reads the program's encoding only for Type 1, from the first /Length1 bytes,
every `N /name put` there (a `/Junk` array's too, not `8#62` radix numbers), and not at all for
CFF, nor for a font named as one of the standard 14 (hunt 172: a program whose encoding gives code
0x32 the glyph `three` drew 34 in every viewer where 24 was read and published). Read here as
viewers read it: a Type 1 program's cleartext `/Encoding` array (FreeType's reading: `dup N
/name put` up to its `def`, N decimal or radix), a CFF program's by fontTools (imported only for
such fonts)."""
from __future__ import annotations

import functools
import io
import re

from pdfminer.encodingdb import name2unicode
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import PSLiteral

SYMBOLIC = 1 << 2  # font descriptor flag
BASE_ENCODINGS = frozenset({"StandardEncoding", "MacRomanEncoding", "WinAnsiEncoding", "MacExpertEncoding"})
# A Type 1 program's /Encoding in its cleartext part: StandardEncoding, or an array filled by `dup N /name put`
TYPE1_ENCODING = re.compile(rb"/Encoding[\s]+(StandardEncoding|\d+\s+array)")
TYPE1_ENTRY = re.compile(rb"dup\s+([0-9]+(?:#[0-9A-Za-z]+)?)\s+/([^\s/\[\]()<>{}%]+)\s+put")
TYPE1_END = re.compile(rb"(?<![^\s])(?:readonly\s+)?def(?![^\s/\[\]()<>{}%])")


def drawn_characters(spec: dict, differences: dict[int, str]) -> dict[int, set[tuple[str, str]]]:
    """code -> the (character, how) a viewer may draw it as, for a simple font whose embedded
    program is Type 1 or CFF and whose codes the PDF leaves to the program's encoding (no base
    encoding named); {} for any other font. `differences`: the names /Differences gives."""
    program = own_encoding(spec)
    if program is None or named_base(spec) is not None:
        return {}
    descriptor = resolve1(spec.get("FontDescriptor"))
    flags = resolve1(descriptor.get("Flags")) if isinstance(descriptor, dict) else None
    symbolic = isinstance(flags, int) and bool(flags & SYMBOLIC)
    drawn: dict[int, set[tuple[str, str]]] = {}
    for code in range(256):
        if code in differences:
            continue  # drawn by the name /Differences gives, in every viewer
        names = {(program.get(code), "its font program's own encoding")}
        if not symbolic:
            names.add((STANDARD_NAMES.get(code), "StandardEncoding, which PDF takes for a nonsymbolic font"))
        for name, how in names:
            character = character_of(name)
            if character:
                drawn.setdefault(code, set()).add((character, f"the glyph {name!r} {how} gives code {code}"))
    return drawn


def character_of(name: str | None) -> str | None:
    if not name or name == ".notdef":
        return None
    try:
        return name2unicode(name)
    except (KeyError, ValueError):
        return None


def named_base(spec: dict) -> str | None:
    """The base encoding the PDF names for the font (/Encoding's name, or its /BaseEncoding)."""
    encoding = resolve1(spec.get("Encoding"))
    if isinstance(encoding, dict):
        encoding = resolve1(encoding.get("BaseEncoding"))
    return encoding.name if isinstance(encoding, PSLiteral) and encoding.name in BASE_ENCODINGS else None


def own_encoding(spec: dict) -> dict[int, str] | None:
    """code -> glyph name by the embedded program's built-in encoding (None: no Type 1 or CFF
    program, or one that does not say)."""
    descriptor = resolve1(spec.get("FontDescriptor"))
    if not isinstance(descriptor, dict):
        return None
    type1, cff = resolve1(descriptor.get("FontFile")), resolve1(descriptor.get("FontFile3"))
    if isinstance(type1, PDFStream):
        return type1_encoding(type1.get_data())
    if isinstance(cff, PDFStream) and getattr(resolve1(cff.get("Subtype")), "name", None) == "Type1C":
        return cff_encoding(cff.get_data())
    return None


@functools.lru_cache(maxsize=32)
def type1_encoding(program: bytes) -> dict[int, str] | None:
    """A Type 1 program's built-in encoding, from its cleartext part (up to `eexec`)."""
    clear = program[:program.find(b"eexec")] if b"eexec" in program else program
    found = TYPE1_ENCODING.search(clear)
    if found is None:
        return None
    if found[1] == b"StandardEncoding":
        return STANDARD_NAMES
    end = TYPE1_END.search(clear, found.end())
    names = {}
    for entry in TYPE1_ENTRY.finditer(clear, found.end(), end.start() if end else len(clear)):
        number = entry[1].decode()
        base, digits = number.split("#") if "#" in number else ("10", number)
        try:
            code = int(digits[:8], int(base))
        except ValueError:
            continue
        if 0 <= code < 256:
            names[code] = entry[2].decode("latin-1")
    return names


@functools.lru_cache(maxsize=32)
def cff_encoding(program: bytes) -> dict[int, str] | None:
    """A CFF program's built-in encoding (its first font's), read by fontTools."""
    from fontTools.cffLib import CFFFontSet

    try:
        fonts = CFFFontSet()
        fonts.decompile(io.BytesIO(program), None)
        encoding = fonts.topDictIndex[0].Encoding
    except Exception:  # noqa: BLE001 (a program cut short or malformed says nothing)
        return None
    if encoding == "StandardEncoding":
        return STANDARD_NAMES
    if not isinstance(encoding, list):
        return None  # ExpertEncoding, a CID-keyed program: not a digit's
    return {code: name for code, name in enumerate(encoding) if name and name != ".notdef"}


def standard_names() -> dict[int, str]:
    from pdfminer.latin_enc import ENCODING

    return {standard: name for name, standard, _, _, _ in ENCODING if standard is not None}


STANDARD_NAMES = standard_names()
