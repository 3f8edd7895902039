"""The file's objects as its cross-reference sections give them, checked before any page is read:
every stream ends where its /Length says, and where viewers could take another copy of an object
than pdfminer does, or none, the file is an error: a damaged table's objects given twice, a
reference or an object's own header naming another generation than its entry, an object an update
marks free, a linearized file updated after."""
from __future__ import annotations

import re
from collections.abc import Iterator

from pdfminer.pdfdocument import PDFXRef, PDFXRefStream
from pdfminer.pdfexceptions import PDFException
from pdfminer.pdftypes import resolve1

from ..errors import Place, Problem, SourceError
from .pdf_tokens import OBJECT_ENDS, OBJECT_START, TRAILER, TRAILER_ENDS, file_tokens, tokens

STREAM_DATA = re.compile(rb">>\s*stream(?:\r\n|\n|\r)")
STREAM_ENDS = re.compile(rb"[\t\n\f\r \x00]*endstream")
DECLARED_LENGTH = re.compile(rb"/Length\s+(\d+)(\s+\d+\s+R)?")


def declared_length(document, number: int, dictionary: bytes) -> int | None:
    """The object's /Length as pdfminer reads it: from its raw dictionary where that says it
    plainly (one `/Length`, no comment, escape or inner dictionary), else from the object as
    pdfminer parses it (`/Length 57 /Length 4` is 4 to it, as `/Len#67th 4` is)."""
    plain = DECLARED_LENGTH.findall(dictionary)
    if len(plain) == 1 and dictionary.count(b"<<") == 1 and not any(c in dictionary for c in (b"%", b"#", b"(")):
        value, reference = plain[0]
        found = int(value) if not reference else resolve1(document.getobj(int(value)))
    else:
        try:
            found = resolve1(getattr(document.getobj(number), "attrs", {}).get("Length"))
        except Exception:  # noqa: BLE001 (an object pdfminer cannot parse: its own error, where it reads it)
            return None
    return found if isinstance(found, int) else None


def object_numbers(xref):
    """The object numbers a cross-reference section gives (`get_objids`), an xref stream's only
    as many as its data holds entries: its /Size or /Index may claim two billion, which pdfminer
    would count out one by one (hunt 65: /Size 2,000,000,000 over 24 entries, never ending)."""
    if not isinstance(xref, PDFXRefStream) or not xref.entlen:
        yield from xref.get_objids()
        return
    yield from (number for number, _ in stream_entries(xref))


def stream_entries(xref: PDFXRefStream) -> Iterator[tuple[int, int]]:
    """(number, type) of each entry of a cross-reference stream (0 free, 1 and 2 in use), numbered
    as get_pos finds them, the ranges' entries in turn, as many as its data holds (object_numbers)."""
    data = xref.data or b""
    entries, index = len(data) // xref.entlen, 0
    for start, count in xref.ranges:
        if not isinstance(start, int) or not isinstance(count, int):
            return
        for number in range(start, start + max(0, min(count, entries - index))):
            at = (index + number - start) * xref.entlen
            yield number, int.from_bytes(data[at:at + xref.fl1], "big") if xref.fl1 else 1  # (no type field: 1)
        index += count
        if index >= entries:
            return


PLACE_ERRORS = (KeyError, PDFException, ValueError, TypeError, AssertionError)  # an entry pdfminer gives up on


def object_places(document) -> Iterator[tuple[int, int | None, int, int]]:
    """(number, the object stream holding it or None, offset, generation) of each entry of the
    cross-reference sections, the newest section first, as objects are looked up."""
    for xref in document.xrefs:
        for number in object_numbers(xref):
            try:
                stream, offset, generation = xref.get_pos(number)
            except PLACE_ERRORS:
                continue
            yield number, stream, offset, generation


def object_tokens(document, data: bytes) -> tuple[tuple[str, bytes], ...]:
    """The tokens of the file's objects and trailers, outside stream data (pdf_tokens)."""
    return file_tokens(data, frozenset(offset for _, stream, offset, _ in object_places(document)
                                       if stream is None and isinstance(offset, int)))


def newest_tokens(document, data: bytes) -> list[tuple[str, bytes]]:
    """The tokens of the newest copy of each object stored outside object streams, and of the last
    trailer: what a viewer reads (an editor's update leaves the copies it replaced in the file: a
    deleted annotation's old /Annots)."""
    seen, out = set(), []
    for number, stream, offset, _ in object_places(document):
        if number not in seen:
            seen.add(number)
            if stream is None and isinstance(offset, int):
                out.extend(tokens(data, offset, OBJECT_ENDS))
    trailers = list(TRAILER.finditer(data))
    return out + (list(tokens(data, trailers[-1].start(), TRAILER_ENDS)) if trailers else [])


def check_stream_lengths(document, data: bytes, source: str) -> None:
    """Every stream of the file's objects (those its cross-reference table gives, the newest
    copy of each) ends where its /Length says: `endstream` follows its last byte. One whose
    data runs on past the length is read by pdfminer up to the length and by viewers (pdfium,
    poppler) on to `endstream`: what is drawn past it, text or paths on the page, in a form or
    an annotation's appearance (`q Q` with /Length 4, then an 8 over the 3 of 32), the reader
    would never see. So is one whose length runs past its end. An error naming the object."""
    seen: set[int] = set()
    for xref in document.xrefs:  # the newest first
        for number in object_numbers(xref):
            if number in seen:
                continue
            seen.add(number)
            try:
                stream, offset, _ = xref.get_pos(number)
            except KeyError:
                continue
            if stream is not None:
                continue  # in an object stream, which holds no streams
            start = STREAM_DATA.search(data, offset, object_end(data, offset))
            if not start:
                continue  # no stream
            length = declared_length(document, number, data[offset:start.start()])
            if length is None:
                continue  # no length to read by (both engines read to `endstream`)
            if not STREAM_ENDS.match(data, start.end() + length):
                raise SourceError(source, Problem(Place(), f"PDF object {number}'s stream does not end where its "
                                                  f"/Length ({length}) says: viewers read it on to `endstream`, this "
                                                  "reader stops at the length, so what is drawn past it is drawn "
                                                  "for them only", "a well-formed PDF: each stream's /Length "
                                                  "its exact size"))


OBJECT_HEAD = re.compile(rb"(?:^|[\r\n])(\d{1,10})\s+(\d{1,10})\s+obj\b")  # (bounded: int() takes 4,300 digits)


def check_one_copy_each(document, data: bytes, source: str) -> None:
    """Where the cross-reference table is damaged (pdfminer rebuilt it by scanning the file,
    PDFXRefFallback), an object given twice is read from the copy a viewer reads too: the
    last in the file (pdfium and poppler rebuild it the same way, the later copy replacing the
    earlier). An error naming the object where pdfminer took another that says otherwise: a
    link's empty appearance given again after `%%EOF` drawing an 8 over a 3, with `startxref`
    broken."""
    fallback = [xref for xref in document.xrefs if type(xref).__name__ == "PDFXRefFallback"]
    if not fallback:
        return
    last: dict[tuple[int, int], int] = {}  # each object's last copy in the file (where its number starts)
    for head in OBJECT_HEAD.finditer(data):
        last[int(head[1]), int(head[2])] = head.start(1)
    for number in object_numbers(fallback[0]):
        try:
            stream, offset, generation = fallback[0].get_pos(number)
        except KeyError:
            continue
        at = last.get((number, generation))
        if stream is None and at is not None and offset != at and body(data, offset) != body(data, at):
            raise SourceError(source, Problem(Place(), f"PDF object {number} is given more than once and the file's "
                                              "cross-reference table is damaged: viewers read its last copy, this "
                                              "reader another", "a well-formed PDF: a cross-reference table "
                                              "pointing at each object's copy"))


# A linearized file's first object gives the file's length (/L); poppler, finding it equal to the
# file's size, reads the first page by the linearized cross-reference section at the file's head
# and leaves out an update appended after it, which the other viewers apply (hunt 156: 4*Ascend
# made 14*Ascend by an update, /L set to the new size: poppler showed 4, 14 was published)
LINEARIZED_SECTIONS = 2  # a linearized file's `startxref`s: the first page's and the whole file's


def check_linearized_whole(data: bytes, source: str) -> None:
    """A linearized file whose /L claims its whole length holds no update after its linearized
    part (more `startxref`s than its own two). Its first object is read as PDF tokens (hunt 158: a
    pattern missed `/L %c<newline>N`, `/L +N`, `/L` before `/Linearized`)."""
    claimed = linearized_length(data)
    if claimed == len(data) and data.count(b"startxref") > LINEARIZED_SECTIONS:
        raise SourceError(source, Problem(Place(), "a linearized PDF updated after it was linearized, its /L saying "
                                          "the update is part of it: poppler reads the first page as linearized, "
                                          "without the update, and other viewers with it",
                                          "a linearized PDF as written, or one whose /L gives its length before "
                                          "the update"))


def linearized_length(data: bytes) -> int | None:
    """The /L of the linearization dictionary, the file's first object (in its first 1,024 bytes)."""
    head = OBJECT_START.search(data, 0, 1024)
    if head is None:
        return None
    found = list(tokens(data, head.start(1), OBJECT_ENDS))
    names = [text for kind, text in found if kind == "name"]
    if b"/Linearized" not in names:
        return None
    at = next((i for i, (kind, text) in enumerate(found) if kind == "name" and text == b"/L"), None)
    value = found[at + 1][1] if at is not None and at + 1 < len(found) else b""
    try:
        return int(value)
    except ValueError:
        return None


# An indirect reference (`12 0 R`) outside stream data (a stream's bytes may hold anything; pdf_tokens): its
# numbers signed or not, white space or comments between its tokens (hunt 151: `18 %c\n0 R`, `18 +0 R`)
BETWEEN = rb"(?:\s|%[^\r\n]*)+"
REFERENCE = re.compile(rb"(?<![\d.+-])[+-]?(\d{1,10})" + BETWEEN + rb"[+-]?(\d{1,10})" + BETWEEN + rb"R(?![^\s/\[\]()<>{}%])")


def check_generations(document, data: bytes, source: str) -> None:
    """Every object the file refers to is referred to with the generation number its cross-reference
    entry gives it, and headed with it where the entry points (`12 1 obj`). Viewers differ where it
    is not: poppler takes the reference for a missing object and draws nothing of it, pdfium and
    MuPDF take the object whatever its generation (hunt 143: a form drawing a 3 before 2*Ascend,
    stored as generation 1 and referred to as 0, showed 2 in one viewer and 32 in the others; a
    page's content so stored drew a blank page in poppler); poppler, finding another header than
    the entry says, rebuilds the table by scanning the file and may take another copy (hunt 172:
    an update pointing at `45 0 obj` for object 45 of generation 1 drew 4 in pdfium and MuPDF, 14 in
    poppler, from an older copy). References inside compressed object streams are not looked at:
    their objects are all of generation 0."""
    generations: dict[int, int] = {}
    for number, stream, offset, generation in object_places(document):  # the newest copy's
        if number in generations:
            continue
        generations[number] = 0 if stream is not None else generation
        head = OBJECT_HEADER.match(data, offset) if stream is None and isinstance(offset, int) else None
        if head is not None and (int(head[1]), int(head[2])) != (number, generation):
            raise SourceError(source, Problem(Place(), f"PDF object {number}'s cross-reference entry gives it generation "
                                              f"{generation} and points at an object headed `{int(head[1])} "
                                              f"{int(head[2])} obj`: poppler then rebuilds the table and may draw "
                                              "another copy than the other viewers", "a well-formed PDF: each "
                                              "entry pointing at its own object"))
    for found in REFERENCE.finditer(b" ".join(text for _, text in object_tokens(document, data))):
        number, generation = int(found[1]), int(found[2])
        given = generations.get(number)
        if given is not None and given != generation:
            raise SourceError(source, Problem(Place(), f"PDF object {number} is referred to as generation {generation} "
                                              f"but the cross-reference table gives it generation {given}: some "
                                              "viewers draw it, others take it for missing and draw nothing of it",
                                              "a well-formed PDF: each object referred to by its own generation"))


# Where a cross-reference entry points: an object's header, white space before it tolerated
OBJECT_HEADER = re.compile(rb"[\x00\t\n\x0c\r ]*(\d{1,10})[\x00\t\n\x0c\r ]+(\d{1,10})[\x00\t\n\x0c\r ]+obj(?![^\x00\t\n\x0c\r /<\[(%])")
# A classic cross-reference section: `xref`, then subsections of a first number and a count and
# their entries (offset, generation, n or f)
SUBSECTION = re.compile(rb"[\t\n\x0c\r ]*(\d{1,10})[ \t]+(\d{1,10})[ \t]*(?:\r\n|\r|\n)")
ENTRY = re.compile(rb"[\t\n\x0c\r ]*(\d{1,10})[ \t]+(\d{1,5})[ \t]+([nf])")
CLASSIC_XREF = re.compile(rb"(?<![A-Za-z])xref(?=[\t\n\x0c\r ])")


def check_freed(document, data: bytes, source: str) -> None:
    """No object the file refers to is marked free by the newest cross-reference section listing
    it while an older one gives it in use. pdfminer skips free entries and reads the older copy,
    as pdfium and poppler draw it; MuPDF takes the object for null (hunt 172: an update freeing the
    content stream that drew a 1 before 4*Ascend: 14 published, 4 drawn by MuPDF). So does MuPDF
    where a hybrid file's table marks free an object its cross-reference stream (/XRefStm) gives in
    use: the table is the newer section."""
    if len(document.xrefs) < 2:
        return  # one section: nothing older to read instead
    sections = sections_newest_first(document, data)
    if sections is None:
        return
    in_use: dict[int, bool] = {}  # by the newest section listing the number
    for used, freed in sections:
        for number in used:
            in_use.setdefault(number, True)
        for number in freed - used:
            in_use.setdefault(number, False)
    revived = {number for number, _, _, _ in object_places(document) if in_use.get(number) is False}
    if not revived:
        return
    for found in REFERENCE.finditer(b" ".join(text for _, text in newest_tokens(document, data))):
        if int(found[1]) in revived:
            raise SourceError(source, Problem(Place(), f"PDF object {int(found[1])} is marked free by the newest "
                                              "cross-reference section listing it and in use by an older one: "
                                              "MuPDF draws nothing of it, pdfium and poppler draw the older copy",
                                              "a well-formed PDF: objects an update frees referred to no more"))


def sections_newest_first(document, data: bytes) -> list[tuple[set[int], set[int]]] | None:
    """(numbers in use, numbers marked free) of each cross-reference section, the newest first, as
    pdfminer found them (from the last `startxref`, each trailer's /XRefStm then /Prev); None where
    a table cannot be found in the file as pdfminer read it (one it rebuilt by scanning the file)."""
    tables = classic_sections(data)
    sections: list[tuple[set[int], set[int]]] = []
    for xref in document.xrefs:
        if isinstance(xref, PDFXRefStream):
            entries = list(stream_entries(xref)) if xref.entlen else []
            sections.append(({number for number, kind in entries if kind in (1, 2)},
                             {number for number, kind in entries if kind == 0}))
            continue
        if type(xref) is not PDFXRef:
            return None
        in_use = {number: (offset, generation) for number, (_, offset, generation) in xref.offsets.items()}
        found = next((freed for entries, freed in tables if entries == in_use), None)
        if found is None:
            return None
        sections.append((set(in_use), found))
    return sections


def classic_sections(data: bytes) -> list[tuple[dict[int, tuple[int, int]], set[int]]]:
    """Each classic cross-reference table in the file: (number -> (offset, generation) of its
    entries in use, the numbers it marks free)."""
    sections = []
    for keyword in CLASSIC_XREF.finditer(data):
        in_use, freed, at = {}, set(), keyword.end()
        while (subsection := SUBSECTION.match(data, at)) is not None:
            first, count, at = int(subsection[1]), int(subsection[2]), subsection.end()
            for number in range(first, first + count):
                entry = ENTRY.match(data, at)
                if entry is None:
                    break
                at = entry.end()
                if entry[3] == b"n":
                    in_use[number] = (int(entry[1]), int(entry[2]))
                else:
                    freed.add(number)
        sections.append((in_use, freed))
    return sections


def object_end(data: bytes, offset: int) -> int:
    """Where the object starting at `offset` ends: its `endobj` (the file's end without one)."""
    end = data.find(b"endobj", offset)
    return end if end != -1 else len(data)


def body(data: bytes, offset: int) -> bytes:
    """An object's copy from its number to its `endobj` (the same bytes: the same object)."""
    return data[offset:object_end(data, offset)]
