"""Checks before any page is read: the bytes are a PDF that opens and no stream inflates past
the limit (a compression bomb) (the cross-reference table's checks: pdf_xref); and before each
page is laid out or rendered, that it draws no more forms, nor runs no longer PostScript
functions, than a bound (work no time bound could stop once started)."""
from __future__ import annotations

import base64
import contextlib
import io
import re
import zlib
from collections.abc import Iterator

import pdfplumber
from pdfminer.lzw import LZWDecoder
from pdfminer.pdfexceptions import PDFException
from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdfparser import PDFSyntaxError
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFStream, resolve1
from pdfplumber.utils.exceptions import PdfminerException

from ..errors import LayoutError, Place, Problem, SourceError
from ..limits import LimitError, Limits
from .pdf_annots import NESTING, name, resources_within
from .pdf_tokens import DELIMITED


@contextlib.contextmanager
def opened_pdf(data: bytes, source: str):
    """open_pdf as a block, the document closed on leaving it without its closing replacing
    the error met inside: pdfplumber's close() walks the page tree again, and a tree too deep to
    walk (1,000 nested nodes: pdfminer's recursion limit) raised there over the clear error
    already given (hunt 62)."""
    pdf = open_pdf(data, source)
    try:
        yield pdf
    finally:
        try:
            pdf.close()
        except Exception:  # noqa: BLE001  (pdfplumber's close() builds every page again: a page's broken box
            pass  # raises there too) what closing releases is freed with the object; the reading's outcome stands


def open_pdf(data: bytes, source: str):
    if not data.startswith(b"%PDF-"):
        what = "the file is empty" if not data.strip() else f"it starts with {data[:8]!r}"
        raise SourceError(source, f"not a PDF ({what})", "a file starting with %PDF-")
    try:
        return pdfplumber.open(io.BytesIO(data))
    except PdfminerException as exc:
        cause = exc.args[0] if exc.args else exc
        if isinstance(cause, (PDFPasswordIncorrect, PDFEncryptionError)):
            raise SourceError(source, "the PDF is encrypted", "an unencrypted PDF") from None
        raise SourceError(source, f"the PDF cannot be parsed ({type(cause).__name__}: {cause})",
                          "a well-formed PDF") from None
    except PDFSyntaxError as exc:
        raise SourceError(source, f"the PDF cannot be parsed ({exc})", "a well-formed PDF") from None


BOXES = ("MediaBox", "CropBox")  # a page's boxes a viewer draws it by (the others are for printers)


def check_page_boxes(document, source: str) -> None:
    """Every page's MediaBox and CropBox (its own or inherited) is an array of four numbers, and
    the CropBox meets the MediaBox: viewers read other boxes each their way (pdfium ignores a
    CropBox of three or five numbers, mupdf takes the first four, a name is 0 to pdfium), so what
    a reader sees of the page is not told (hunt 125: a CropBox of five numbers hid 20 rows in
    mupdf; three, or one written `5.2e2`, stopped the run with an internal error); a CropBox
    outside the MediaBox shows nothing."""
    pages, number = PDFPage.create_pages(document), 0
    while True:
        number += 1
        try:
            page = next(pages, None)
        except (TypeError, ValueError) as exc:  # pdfminer reads each box as it makes the page: a name in it
            raise SourceError(source, Problem(Place(page=number), f"the page's /MediaBox or /CropBox cannot be read "
                                              f"({exc}): viewers show the page each their own way",
                                              "boxes of four numbers")) from None
        if page is None:
            return
        boxes = {}
        for name_ in BOXES:
            raw = resolve1(page.attrs.get(name_)) if name_ in page.attrs else None
            if raw is None and name_ == "CropBox":
                continue
            values = [resolve1(v) for v in raw] if isinstance(raw, list) else None
            if values is None or len(values) != 4 or not all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
                shown = values if values is not None else raw
                raise SourceError(source, Problem(Place(page=number), f"the page's /{name_} is {shown!r}, not four "
                                                  "numbers: viewers show the page each their own way",
                                                  f"a /{name_} of four numbers"))
            boxes[name_] = (min(values[0], values[2]), min(values[1], values[3]),
                            max(values[0], values[2]), max(values[1], values[3]))
        crop, media = boxes.get("CropBox"), boxes["MediaBox"]
        if crop is not None and not (crop[0] < media[2] and crop[2] > media[0] and crop[1] < media[3]
                                     and crop[3] > media[1]):
            raise SourceError(source, Problem(Place(page=number), f"the page's /CropBox {list(crop)} does not meet its "
                                              f"/MediaBox {list(media)}: a viewer shows nothing of it",
                                              "a /CropBox inside the /MediaBox"))


INFLATE_STEP = 2**20  # bytes of output per inflate call
# Deflate's greatest ratio (RFC 1951: a 258-byte match coded in 2 bits, 4 to a byte): no stream
# of N bytes inflates past MAX_RATIO * N, so one that small need not be inflated to know it.
MAX_RATIO = 1032


STREAM_START = re.compile(rb"(?<!end)stream\r?\n")
FILTERS = re.compile(rb"/Filter\s*(\[[^\]]*\]|/[^\s/\[\]<>()]+)")
FILTER_NAME = re.compile(rb"/([^\s/\[\]<>()]+)")
# Each filter's greatest ratio of output to input: deflate's (above), LZW's (a 12-bit code gives
# up to 4,096 bytes), run-length's (two bytes give 128), ASCII85's (`z`: four zero bytes), hex's
RATIOS = {b"FlateDecode": MAX_RATIO, b"Fl": MAX_RATIO, b"LZWDecode": 2731, b"LZW": 2731, b"RunLengthDecode": 64,
          b"RL": 64, b"ASCII85Decode": 4, b"A85": 4, b"ASCIIHexDecode": 1, b"AHx": 1}


def check_streams(data: bytes, source: str, limits: Limits) -> None:
    """Refuse a compression bomb before pdfminer decodes anything: every stream whose
    dictionary names filters that expand is decoded here, filter after filter, with a cap on
    each output (a Flate stream hex-encoded, or LZW: hunt 65; only Flate was looked at before).
    Streams are found in the raw bytes (a stream never sits inside an object stream), which
    costs a scan rather than a second parse of every object. A stream too short to pass the
    cap at its filters' greatest ratios is not decoded (a real page's streams, all but its
    largest fonts and images, are): what is refused is exactly what decoding all would refuse."""
    for match in STREAM_START.finditer(data):
        end = data.find(b"endstream", match.end())
        end = end if end != -1 else len(data)
        head = data[max(0, match.start() - 2048):match.start()]
        dictionary = head[head.rfind(b"obj"):] if b"obj" in head else head
        found = FILTERS.search(dictionary)
        chain = FILTER_NAME.findall(found[1]) if found else []
        ratio = 1
        for filter_name in chain:
            ratio *= RATIOS.get(filter_name, 1)
        if ratio == 1 or (end - match.end()) * ratio <= limits.max_stream_bytes:
            continue
        if decoded_within(data[match.end():end], chain, limits.max_stream_bytes) is None:
            number = re.findall(rb"(\d+)\s+\d+\s+obj", head)
            which = f"PDF object {int(number[-1])}" if number else f"the stream at byte {match.end()}"
            raise LimitError(source, f"{which} inflates past {limits.max_stream_bytes:,} bytes (a compression "
                             "bomb?)", f"streams of at most {limits.max_stream_bytes:,} bytes (--max-stream-bytes)")


def decoded_within(raw: bytes, chain: list[bytes], cap: int) -> bytes | None:
    """The stream's data through these filters, each output capped: None where one passes `cap`;
    a filter that does not expand, or one this guard does not decode (an image codec), ends it
    (what it holds is pdfminer's to report), as does broken data."""
    for filter_name in chain:
        try:
            if filter_name in (b"FlateDecode", b"Fl"):
                inflater, out, pending = zlib.decompressobj(), [], raw
                total = 0
                while pending and not inflater.eof:
                    piece = inflater.decompress(pending, INFLATE_STEP)
                    out.append(piece)
                    total += len(piece)
                    if total > cap:
                        return None
                    pending = inflater.unconsumed_tail
                raw = b"".join(out)
            elif filter_name in (b"LZWDecode", b"LZW"):
                out, total = [], 0
                for piece in LZWDecoder(io.BytesIO(raw)).run():
                    out.append(piece)
                    total += len(piece)
                    if total > cap:
                        return None
                raw = b"".join(out)
            elif filter_name in (b"ASCIIHexDecode", b"AHx"):
                text = re.sub(rb"\s", b"", raw.split(b">", 1)[0])
                raw = bytes.fromhex((text + b"0" * (len(text) % 2)).decode("ascii"))
            elif filter_name in (b"ASCII85Decode", b"A85"):
                raw = base64.a85decode(raw.strip().removesuffix(b"~>").removeprefix(b"<~"), adobe=False)
            elif filter_name in (b"RunLengthDecode", b"RL"):
                raw = run_length_decoded(raw, cap)
                if raw is None:
                    return None
            else:
                return b""
        except (zlib.error, ValueError, EOFError):
            return b""  # broken data is pdfminer's to report
        if len(raw) > cap:
            return None
    return raw


def run_length_decoded(raw: bytes, cap: int) -> bytes | None:
    out, at = bytearray(), 0
    while at < len(raw) and raw[at] != 128:
        length = raw[at]
        if length < 128:
            out += raw[at + 1:at + 2 + length]
            at += 2 + length
        else:
            out += raw[at + 1:at + 2] * (257 - length)
            at += 2
        if len(out) > cap:
            return None
    return bytes(out)


# Where an object's stream data starts (after its dictionary), and what must follow its last byte
# Forms drawing forms: pdfminer lays out every form drawn as objects of its own, so a page
# drawing a form that draws another ten times, six deep (10^6 forms from a 38 KB file) took 2.5
# GB and minutes before any bound was looked at (hunt 62). Real prints draw a few hundred at most
# (LibreOffice's tiled watermark: 150).
MAX_FORMS_DRAWN = 100_000
MAX_FORM_DEPTH = 32  # forms inside forms counted this deep (pdfminer fails past its own limit)
# Viewers stop drawing forms inside forms at depths of their own (pdfium past 40, others deeper or
# not at all): what lies deeper is drawn by some and not others (hunt 154: an image of a 1 at depth
# 42 before 4*Ascend, drawn by poppler, MuPDF and Ghostscript, not by pdfium, which this reader
# lists images with). Real prints nest one or two; a form drawing itself nests without end. The
# checks of what forms hold (fonts, masks, transfer functions) look as deep (hunt 156: a font drawing
# 8 for the 2 it is read as, held by a form 9 deep, was never looked at while 16 were allowed).
MAX_NESTED_FORMS = NESTING
# `/Fx Do`, white space (NUL too) or comments between (hunt 158: `/Fx %c<newline>Do` hid a chain of 42)
DRAWS = re.compile(rb"/([^" + DELIMITED + rb"]+)(?:[\x00\t\n\x0c\r ]|%[^\r\n]*)+Do(?![^" + DELIMITED + rb"])")
ESCAPED = re.compile(rb"#([0-9A-Fa-f]{2})")


def check_forms_drawn(page, number: int, source: str) -> None:
    """A page draws at most MAX_FORMS_DRAWN forms, counting each time a form is drawn inside
    another, before pdfminer lays it out; and none nested deeper than MAX_NESTED_FORMS."""
    resources = resolve1(page.page_obj.resources)
    counted: dict[int, tuple[int, float]] = {}
    total, deepest = 0, 0.0
    for stream in page.page_obj.contents or ():
        stream = resolve1(stream)
        if isinstance(stream, PDFStream):
            drawn, depth = forms_drawn(stream.get_data(), resources, counted, 0)
            total, deepest = total + drawn, max(deepest, depth)
        if total > MAX_FORMS_DRAWN:
            raise LayoutError(source, Problem(Place(page=number), f"the page draws over {MAX_FORMS_DRAWN:,} forms "
                                              "(forms drawn inside forms, each time counted)",
                                              f"at most {MAX_FORMS_DRAWN:,} forms drawn on a page"))
    if deepest > MAX_NESTED_FORMS:
        nested = "a form drawing itself" if deepest == float("inf") else \
            f"forms inside forms {deepest:.0f}{' or more' if deepest > MAX_FORM_DEPTH else ''} deep"
        raise LayoutError(source, Problem(Place(page=number), f"the page draws {nested}: viewers stop drawing nested "
                                          "forms at depths of their own (pdfium past 40), so what lies deeper is "
                                          "shown by some and not by others",
                                          f"forms nested at most {MAX_NESTED_FORMS} deep"))


def forms_drawn(data: bytes, resources, counted: dict[int, tuple[int, float]], depth: int) -> tuple[int, float]:
    """How many forms a content stream draws (`Do` of a form XObject of these resources),
    those its forms draw included, and how deep they nest (a form drawing itself: without end);
    each form's answer worked out once (`counted`)."""
    held = resolve1(resources.get("XObject")) if isinstance(resources, dict) else None
    if not isinstance(held, dict):
        return 0, 0
    total, deepest = 0, 0.0
    for found in DRAWS.finditer(data):
        form = resolve1(held.get(ESCAPED.sub(lambda m: bytes([int(m[1], 16)]), found[1]).decode("latin-1")))
        if not isinstance(form, PDFStream) or name(form.get("Subtype")) != "Form":
            continue
        if id(form) not in counted:
            counted[id(form)] = (1, float("inf"))  # while it is counted: a form drawing itself adds once, nests ever
            inner = resolve1(form.get("Resources"))
            drawn, below = forms_drawn(form.get_data(), inner if isinstance(inner, dict) else resources,
                                       counted, depth + 1) if depth < MAX_FORM_DEPTH else (0, 0)
            counted[id(form)] = (1 + drawn, 1 + below)
        total, deepest = total + counted[id(form)][0], max(deepest, counted[id(form)][1])
        if total > MAX_FORMS_DRAWN:
            break
    return total, deepest


# A PostScript calculator function (FunctionType 4) of a shading is run by pdfium for every pixel
# it paints, inside one call the time bound cannot stop: a million `0 add`s (45 KB compressed) took
# 265 s to render (hunt 65). Real ones are a few dozen operators.
MAX_CALCULATOR_BYTES = 16 * 1024


def check_calculator_functions(page, number: int, source: str) -> None:
    """No shading or transfer function a page's resources hold (and its forms', and its shading
    patterns') is a calculator function longer than MAX_CALCULATOR_BYTES."""
    for held in resources_within(page.page_obj.resources):
        shadings = list((resolve1(held.get("Shading")) or {}).values())
        for pattern in (resolve1(held.get("Pattern")) or {}).values():
            pattern = resolve1(pattern)
            if isinstance(pattern, (dict, PDFStream)) and pattern.get("Shading") is not None:
                shadings.append(pattern.get("Shading"))
        functions = [resolve1(shading).get("Function") for shading in shadings
                     if isinstance(resolve1(shading), (dict, PDFStream))]
        functions += [resolve1(state).get(key) for state in (resolve1(held.get("ExtGState")) or {}).values()
                      if isinstance(resolve1(state), dict) for key in ("TR", "TR2")]
        size = max((calculator_bytes(f) for f in functions), default=0)
        if size > MAX_CALCULATOR_BYTES:
            raise LayoutError(source, Problem(Place(page=number), f"a shading or transfer function of {size:,} bytes "
                                              "of PostScript, run for every pixel it paints", "calculator functions "
                                              f"of at most {MAX_CALCULATOR_BYTES:,} bytes"))


# A transfer function maps the colours a graphics state paints to others (a white 1 to black):
# pdfium, poppler and Ghostscript apply it, MuPDF ignores it (hunt 154: a white 1 before 4*Ascend
# under `/TR` of all black showed 14 in three viewers and 4 in MuPDF; 14 was published). Overprint
# is simulated by MuPDF and Ghostscript's and Acrobat's previews, not by pdfium or poppler (hunt 158:
# a white CMYK 1 overprinting a black cell under /OPM 1 vanished in MuPDF alone).
NO_TRANSFER = frozenset({"Identity", "Default"})


def check_graphics_states(page, number: int, source: str) -> None:
    """No graphics state of the page's resources (and its forms') sets a transfer function, or
    overprint where another (or the same) sets the nonzero overprint mode: under /OPM 1 a CMYK
    paint's zero components leave what lies below, which MuPDF simulates and pdfium and poppler do
    not (hunt 158); under /OPM 0, the default, every component is painted and the viewers agree."""
    overprinting, nonzero_mode = None, False
    for held in resources_within(page.page_obj.resources):
        for state_name, state in (resolve1(held.get("ExtGState")) or {}).items():
            state = resolve1(state)
            if not isinstance(state, dict):
                continue
            for key in ("TR", "TR2"):
                given = resolve1(state.get(key))
                if given is not None and not identity(given):
                    raise LayoutError(source, Problem(Place(page=number), f"the graphics state /{state_name} sets a "
                                                      f"transfer function (/{key}), which some viewers apply to the "
                                                      "colours painted and others (MuPDF) ignore",
                                                      "colours painted as given (no transfer function)"))
            overprinting = overprinting or next((f"/{state_name} sets overprint (/{key} true)" for key in ("OP", "op")
                                                 if resolve1(state.get(key)) is True), None)
            nonzero_mode = nonzero_mode or resolve1(state.get("OPM")) not in (None, 0)
    if overprinting and nonzero_mode:
        raise LayoutError(source, Problem(Place(page=number), f"the graphics state {overprinting} under the nonzero "
                                          "overprint mode (/OPM), which some viewers simulate (MuPDF, Ghostscript) "
                                          "and others do not (pdfium, poppler)",
                                          "colours painted over what lies below (no overprint, or /OPM 0)"))


def identity(given) -> bool:
    """A transfer function that changes nothing: /Identity, /Default, or four of them."""
    if isinstance(given, list):
        return len(given) == 4 and all(name(resolve1(g)) in NO_TRANSFER for g in given)
    return name(given) in NO_TRANSFER


# Colour spaces that viewers resolve differently (hunt 158): a Separation or DeviceN whose tint
# transform gives too few outputs (pdfium and MuPDF draw black, poppler and Ghostscript nothing), an
# Indexed space whose lookup is short, CalGray at an extreme gamma, and the page's /DefaultGray,
# /DefaultRGB or /DefaultCMYK, which Ghostscript applies to every paint of that family and poppler to
# some. The vendor's prints and the browsers' paint in the device spaces and ICC profiles.
UNRESOLVED_SPACES = frozenset({"Separation", "DeviceN", "Indexed", "I", "CalGray", "CalRGB"})
DEFAULT_SPACES = frozenset({"DefaultGray", "DefaultRGB", "DefaultCMYK"})


def check_colour_spaces(page, number: int, source: str) -> None:
    """No colour space of the page's resources (and its forms') is one viewers resolve differently."""
    for held in resources_within(page.page_obj.resources):
        for space_name, space in (resolve1(held.get("ColorSpace")) or {}).items():
            space = resolve1(space)
            family = name(resolve1(space[0])) if isinstance(space, list) and space else name(space)
            if space_name in DEFAULT_SPACES or family in UNRESOLVED_SPACES:
                raise LayoutError(source, Problem(Place(page=number), f"the colour space /{space_name} ({family}) "
                                                  "is one viewers resolve differently (a default space for a device "
                                                  "family, a separation, an indexed or calibrated space)",
                                                  "colours painted in device colour spaces or ICC profiles"))


def calculator_bytes(function, depth: int = 0) -> int:
    """The size of the longest calculator function in a function (an array of them, a stitching
    function's parts)."""
    function = resolve1(function)
    if isinstance(function, list):
        return max((calculator_bytes(f, depth) for f in function), default=0)
    if isinstance(function, PDFStream) and resolve1(function.get("FunctionType")) == 4:
        return len(function.get_data())
    if isinstance(function, (dict, PDFStream)) and depth < 8:
        return calculator_bytes(function.get("Functions"), depth + 1) if function.get("Functions") is not None else 0
    return 0
