"""A PDF file's tokens outside its streams' data, as a parser reads them: a `stream` keyword
begins a stream's data only where it is a token (not inside a comment or a string: hunt 156's
`% see stream` before a page's keys hid them from a search that took any `stream` for one),
and its data is passed over to its `endstream`.
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
STREAM_END = re.compile(rb"endstream(?![^" + DELIMITED + rb"])")


def tokens(data: bytes) -> Iterator[tuple[str, bytes]]:
    """(kind, text) of each token outside stream data, white space and comments left out; a
    literal string as one token."""
    at = 0
    while at < len(data):
        found = TOKEN.match(data, at)
        kind, at = found.lastgroup, found.end()
        if kind in ("space", "comment"):
            continue
        if kind == "string":
            start, at = found.start(), string_end(data, at)
            yield kind, data[start:at]
            continue
        yield kind, found[0]
        if kind == "word" and found[0] == b"stream":
            ended = STREAM_END.search(data, at)
            at = ended.end() if ended else len(data)


@functools.lru_cache(maxsize=2)
def file_tokens(data: bytes) -> tuple[tuple[str, bytes], ...]:
    """The tokens of a file, read once for the checks that ask (pdf_keys, pdf_guards)."""
    return tuple(tokens(data))


def outside_streams(data: bytes) -> bytes:
    """The file's tokens outside its streams' data, one space between each."""
    return b" ".join(text for _, text in file_tokens(data))


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
