"""Checks before any page is read: the bytes are a PDF that opens, and no stream
inflates past the limit (a compression bomb)."""
from __future__ import annotations

import io
import re
import zlib

import pdfplumber
from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdfparser import PDFSyntaxError
from pdfplumber.utils.exceptions import PdfminerException

from ..errors import SourceError
from ..limits import LimitError, Limits


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


INFLATE_STEP = 2**20  # bytes of output per inflate call
# Deflate's greatest ratio (RFC 1951: a 258-byte match coded in 2 bits, 4 to a byte): no stream
# of N bytes inflates past MAX_RATIO * N, so one that small need not be inflated to know it.
MAX_RATIO = 1032


def inflates_past(raw: bytes, cap: int) -> bool:
    """Inflate in bounded steps and stop as soon as the output passes `cap` bytes."""
    inflater, total, pending = zlib.decompressobj(), 0, raw
    while pending and not inflater.eof:
        try:
            total += len(inflater.decompress(pending, INFLATE_STEP))
        except zlib.error:
            return False  # a broken stream is pdfminer's to report
        if total > cap:
            return True
        pending = inflater.unconsumed_tail
    return False


STREAM_START = re.compile(rb"(?<!end)stream\r?\n")
FLATE_FILTER = re.compile(rb"/(?:FlateDecode|Fl)\b")


def check_streams(data: bytes, source: str, limits: Limits) -> None:
    """Refuse a compression bomb before pdfminer inflates anything: every stream whose
    dictionary names the Flate filter is inflated here, with a cap on its output. Streams
    are found in the raw bytes (a stream never sits inside an object stream), which costs
    a scan rather than a second parse of every object. A stream too short to pass the cap
    at deflate's greatest ratio is not inflated (a real page's streams, all but its largest
    fonts and images, are): what is refused is exactly what inflating all would refuse."""
    for match in STREAM_START.finditer(data):
        end = data.find(b"endstream", match.end())
        end = end if end != -1 else len(data)
        if (end - match.end()) * MAX_RATIO <= limits.max_stream_bytes:
            continue
        head = data[max(0, match.start() - 2048):match.start()]
        dictionary = head[head.rfind(b"obj"):] if b"obj" in head else head
        if not FLATE_FILTER.search(dictionary):
            continue
        raw = data[match.end():end]
        if inflates_past(raw, limits.max_stream_bytes):
            number = re.findall(rb"(\d+)\s+\d+\s+obj", head)
            which = f"PDF object {int(number[-1])}" if number else f"the stream at byte {match.end()}"
            raise LimitError(source, f"{which} inflates past {limits.max_stream_bytes:,} bytes (a compression "
                             "bomb?)", f"streams of at most {limits.max_stream_bytes:,} bytes (--max-stream-bytes)")
