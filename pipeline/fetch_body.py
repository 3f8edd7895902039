"""A response's body decoded as a browser decodes it, and refused where it is not whole.

httpx decodes gzip and deflate, but never says whether a compressed stream ended: a gzip stream
cut short (no final block, no trailer), sent over a connection the server closed, was filed as the
vendor's page with 600 of its 1,350 rows (hunt 124). The raw bytes are inflated here instead, as
Chromium does (gzip: the first member, bytes after it ignored; deflate: zlib-wrapped, or raw where
that fails), each step bounded, and a stream that has not reached its end is an error. An encoding a
browser decodes and this reader cannot (br, zstd) is refused: its bytes are no page a reader sees.
A list naming anything else (`identity`, an unknown name, an empty item) is not decoded at all, as
Chromium then shows the bytes as sent (hunt 126: `gzip, identity` shows gzip's bytes)."""
from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator

GZIP, ZLIB, RAW = 16 + zlib.MAX_WBITS, zlib.MAX_WBITS, -zlib.MAX_WBITS
INFLATED = {"gzip": GZIP, "x-gzip": GZIP, "deflate": ZLIB}
NOT_DECODED = frozenset({"br", "zstd", "compress", "x-compress"})  # a browser's, not this reader's
STEP = 2**20  # bytes of output per inflate call: a bomb is stopped by max_bytes, never inflated at once


class BodyError(Exception):
    """What is wrong with the body (FetchError names the URL)."""

    def __init__(self, what: str, expected: str):
        super().__init__(what)
        self.what, self.expected = what, expected


def encodings(header: str | None) -> list[str]:
    """The Content-Encoding's codings in the order the server applied them; none where one of them
    is no coding a browser decodes (Chromium then decodes nothing)."""
    if header is None:
        return []
    names = [part.strip().lower() for part in header.split(",")]
    return names if all(name in INFLATED or name in NOT_DECODED for name in names) else []


class Inflater:
    """One coding undone, chunk by chunk."""

    def __init__(self, name: str):
        self.name, self.wbits = name, INFLATED[name]
        self.stream = zlib.decompressobj(self.wbits)
        self.started = False
        self.fed = b""  # what went in before the first output: a raw deflate stream is fed it again

    def feed(self, data: bytes) -> Iterator[bytes]:
        while data and not self.stream.eof:
            try:
                out = self.stream.decompress(data, STEP)
            except zlib.error as exc:
                if self.wbits == ZLIB and not self.started:  # deflate sent without its zlib wrapping
                    self.wbits, self.stream, data = RAW, zlib.decompressobj(RAW), self.fed + data
                    continue
                raise BodyError(f"the body cannot be decoded as {self.name} ({exc})",
                                "a body in the Content-Encoding the server names") from None
            if not self.started:
                self.fed += data[:len(data) - len(self.stream.unconsumed_tail)]
            data = self.stream.unconsumed_tail
            if out:
                self.started = True
                yield out
        # (after the stream's end, bytes are ignored: Chromium reads one gzip member)

    def finish(self) -> Iterator[bytes]:
        if not self.stream.eof:
            out = self.stream.flush()
            if out:
                yield out
        if not self.stream.eof:
            raise BodyError(f"the body cannot be decoded: its {self.name} stream ends before its end (the transfer "
                            "was cut short)", f"a whole {self.name} stream (its final block and trailer)")


def decoded(raw: Iterable[bytes], header: str | None) -> Iterator[bytes]:
    """The body's bytes with every coding of the Content-Encoding header undone, last applied first."""
    names = encodings(header)
    refused = next((name for name in names if name in NOT_DECODED), None)
    if refused is not None:
        raise BodyError(f"the server sent the page in the {refused} encoding, which this reader does not decode",
                        "gzip, deflate or no Content-Encoding (what this reader asks for)")
    layers = [Inflater(name) for name in reversed(names) if name in INFLATED]
    for chunk in raw:
        yield from through(layers, chunk)
    for at, layer in enumerate(layers):
        for out in layer.finish():  # each layer's rest goes through the layers after it, which finish next
            yield from through(layers[at + 1:], out)


def through(layers: list[Inflater], chunk: bytes) -> Iterator[bytes]:
    if not layers:
        yield chunk
        return
    for out in layers[0].feed(chunk):
        yield from through(layers[1:], out)
