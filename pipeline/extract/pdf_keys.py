"""Dictionaries that name a key twice. PDF says a key names one value; viewers that meet two take
different ones: Ghostscript the first, pdfium, MuPDF and pdfminer the last, poppler the last in a
small dictionary and either in one of 32 keys or more, which it sorts and searches (hunt 154: a
page with `/Contents` twice, the first drawing 14*Ascend, the second 4*Ascend, showed 14 in poppler
and Ghostscript while 4 was published). The file's objects, its trailers and the objects held in
object streams are read as PDF tokens (outside stream data) and every dictionary's keys compared,
a name's `#xx` escapes decoded (`/Cont#65nts` is `/Contents`).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from pdfminer.pdftypes import PDFStream, resolve1

from ..errors import Place, Problem, SourceError
from .pdf_guards import ESCAPED
from .pdf_xref import object_places, object_tokens
from .pdf_tokens import tokens

VALUE = object()  # a value whose content does not matter here (a string, an array, a dictionary, a reference)


def check_keys_once(document, data: bytes, source: str) -> None:
    """No dictionary of the file names a key twice."""
    for where, key in repeated_keys(object_tokens(document, data)):
        raise twice(source, f"object {where}" if where else "the trailer", key)
    for number in sorted({stream for _, stream, _, _ in object_places(document) if stream is not None}):
        stream = resolve1(document.getobj(number))
        for _, key in repeated_keys(tokens(stream.get_data())) if isinstance(stream, PDFStream) else ():
            raise twice(source, f"an object of the object stream {number}", key)


def twice(source: str, where: str, key: str) -> SourceError:
    return SourceError(source, Problem(Place(), f"the dictionary of PDF {where} holds the key /{key} twice: viewers "
                                       "take different ones (Ghostscript and at times poppler the first, pdfium and "
                                       "MuPDF the last)", "a well-formed PDF: each key of a dictionary given once"))


def repeated_keys(found: Iterable[tuple[str, bytes]]) -> Iterator[tuple[str | None, str]]:
    """(the object's number as written, the key) for each dictionary of these tokens naming a key twice."""
    frames: list[tuple[bool, list]] = []  # (a dictionary?, its items so far)
    recent: list = []  # the last tokens outside any dictionary or array: `12 0 obj` names the object
    number = None
    for kind, text in found:
        item: object = VALUE
        if kind in ("open", "array"):
            frames.append((kind == "open", []))
            continue
        if kind in ("close", "end"):
            if not frames:
                continue
            is_dictionary, items = frames.pop()
            if is_dictionary:
                key = first_repeated(items[0::2])
                if key is not None:
                    yield number, key
        elif kind == "name":
            item = ESCAPED.sub(lambda m: bytes([int(m[1], 16)]), text[1:]).decode("latin-1")  # (a name: str)
        elif kind == "word":
            item = text
            if item == b"R" and frames and len(frames[-1][1]) >= 2:  # `12 0 R`: one value
                del frames[-1][1][-2:]
                item = VALUE
            elif item in (b"obj", b"trailer"):  # an object's or a trailer's tokens begin (pdf_tokens)
                number = recent[-2].decode("latin-1") if item == b"obj" and len(recent) >= 2 and isinstance(
                    recent[-2], bytes) else None
                frames, recent = [], []
                continue
        if frames:
            frames[-1][1].append(item)
        else:
            recent = [*recent[-2:], item]


def first_repeated(keys: list) -> str | None:
    seen = set()
    for key in keys:
        if not isinstance(key, str):
            continue
        if key in seen:
            return key
        seen.add(key)
    return None
