"""A PDF file's objects and trailers as PDF tokens, as a parser reads them: each object from its
head (`12 0 obj`) to its `endobj`, or to the `stream` token where a stream's data begins, each
trailer from `trailer` to `startxref`. Nothing of a stream's data is read as tokens: a search of
the bytes for `stream` took one in a comment or a string for a stream's start (hunt 156: `% see
stream` before a page's keys hid them), and one for `endstream` took one inside a stream's data for
its end (hunt 158: an unused stream holding `% endstream (` hid the next object's keys). The
objects are those the cross-reference sections place and every object head written at a line's
start (listed or not: more objects read, never fewer).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator

DELIMITED = rb"\x00\t\n\x0c\r ()<>\[\]{}/%"
TOKEN = re.compile(rb"(?P<space>[\x00\t\n\x0c\r ]+)|(?P<comment>%[^\r\n]*)|(?P<open><<)|(?P<close>>>)"
                   rb"|(?P<hex><[^<>]*>)|(?P<string>\()|(?P<name>/[^" + DELIMITED + rb"]*)|(?P<array>\[)|(?P<end>\])"
                   rb"|(?P<word>[^" + DELIMITED + rb"]+)|(?P<other>[\s\S])")
IN_STRING = re.compile(rb"\\[\s\S]|[()]")
OBJECT_START = re.compile(rb"(?:^|[\r\n])(\d+[\x00\t\n\x0c\r ]+\d+[\x00\t\n\x0c\r ]+obj)(?![^" + DELIMITED + rb"])")
TRAILER = re.compile(rb"trailer(?![^" + DELIMITED + rb"])")
OBJECT_ENDS = frozenset({b"endobj", b"stream"})
TRAILER_ENDS = frozenset({b"startxref"})


def tokens(data: bytes, at: int = 0, ends: frozenset = frozenset()) -> Iterator[tuple[str, bytes]]:
    """(kind, text) of each token from `at` up to a word of `ends`, white space and comments left
    out; a literal string as one token."""
    while at < len(data):
        found = TOKEN.match(data, at)
        kind, at = found.lastgroup, found.end()
        if kind in ("space", "comment"):
            continue
        if kind == "string":
            start, at = found.start(), string_end(data, at)
            yield kind, data[start:at]
            continue
        if kind == "word" and found[0] in ends:
            return
        yield kind, found[0]


@functools.lru_cache(maxsize=2)
def file_tokens(data: bytes, offsets: frozenset[int]) -> tuple[tuple[str, bytes], ...]:
    """The tokens of the file's objects (those at `offsets`, where the cross-reference sections
    place them, and every head at a line's start) and its trailers, outside stream data; read once
    for the checks that ask (pdf_keys, pdf_guards.check_generations)."""
    starts = offsets | {m.start(1) for m in OBJECT_START.finditer(data)}
    out = [token for start in sorted(starts) for token in tokens(data, start, OBJECT_ENDS)]
    out += [token for m in TRAILER.finditer(data) for token in tokens(data, m.start(), TRAILER_ENDS)]
    return tuple(out)


def string_end(data: bytes, at: int) -> int:
    """Where a literal string opened before `at` ends: its balancing `)`, escapes skipped."""
    depth = 1
    for found in IN_STRING.finditer(data, at):
        if found[0] == b"(":
            depth += 1
        elif found[0] == b")":
            depth -= 1
            if depth == 0:
                return found.end()
    return len(data)
