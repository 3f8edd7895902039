"""What the Unicode bidirectional algorithm does to a text's order, as far as this reader tells it:
one place for the bidirectional classes the page's text is judged by (the cells' text, a hidden
text's, an element's own direction under dir=auto).

Python's unicodedata is Unicode 14 (3.11); Chromium's ICU is newer. A character this Python does
not know (category Cn) may be a right-to-left letter there (U+05FF, U+07BF, Garay U+10D50,
U+10EC2 are in right-to-left blocks, whose unassigned code points default to R or AL): it is
taken as one that may reorder, never as left to right (hunt 122)."""
from __future__ import annotations

import unicodedata

# Characters the algorithm draws out of their order, or that reorder the text around them:
# right-to-left letters (R, AL), Arabic digits (AN: `16/٣٢` is drawn `٣٢/16`), the embeddings,
# overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the right-to-left marks (U+200F,
# U+061C), which a reader never sees but which turn `‮16` into 61.
REORDERING = frozenset({"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
RIGHT_TO_LEFT = frozenset({"R", "AL"})
# Assigned characters whose class changed after Unicode 14 (Python 3.11's unicodedata diffed with
# unicodedata2's Unicode 18): which one Chromium gives depends on its ICU, so neither is assumed (hunt
# 128: a hidden mathematical nabla, L here and ON in Chromium, was taken for the first strong letter).
CHANGED_SINCE_14 = frozenset({0x1B3A, 0x1B3C, 0x1B42, 0x1171E, 0x1D6C1, 0x1D6FB, 0x1D735, 0x1D76F, 0x1D7A9})


def unknown(ch: str) -> bool:
    """A code point this Python's Unicode has not assigned (its bidirectional class is '')."""
    return unicodedata.category(ch) == "Cn"


def reordering(text: str) -> str | None:
    """The first character of the text a browser may not draw in the order it is written."""
    if text.isascii():
        return None
    return next((ch for ch in text if unicodedata.bidirectional(ch) in REORDERING or unknown(ch)), None)


def first_strong(texts) -> str | None:
    """The direction of the first strong letter of the texts, in order: "ltr" (class L), "rtl"
    (R or AL), "unknown" (a code point this Python does not know); None for none."""
    for text in texts:
        if text.isascii():
            found = next((ch for ch in text if ch.isalpha()), None)  # ASCII letters are L, nothing else is strong
            if found is not None:
                return "ltr"
            continue
        for ch in text:
            if ord(ch) in CHANGED_SINCE_14:
                return "unknown"
            kind = unicodedata.bidirectional(ch)
            if kind == "L":
                return "ltr"
            if kind in RIGHT_TO_LEFT:
                return "rtl"
            if unknown(ch):
                return "unknown"
    return None
