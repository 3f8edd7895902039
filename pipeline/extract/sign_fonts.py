"""Fonts whose glyphs are signs, not the characters their codes stand for: the two standard
symbol fonts, the free copies systems install and the pictogram fonts of desktop systems.
A digit given such a font is drawn as a dingbat (`8` as ✘ in Zapf Dingbats), so neither a
page (HTML: a font-family that names one) nor a print (PDF: a glyph drawn from one) can be
read by its characters. One list for both readers; names compared as `compact` writes them,
so that a CSS family ("Standard Symbols PS"), a PostScript name ("StandardSymbolsPS") and a
subset font of a print ("CAAAAA+D050000L") are the same name."""
from __future__ import annotations

import functools

SIGN_FONTS = frozenset({"symbol", "standardsymbolsps", "standardsymbolsl", "zapfdingbats", "itczapfdingbats",
                        "d050000l", "dingbats", "webdings", "wingdings", "wingdings2", "wingdings3", "marlett",
                        "mtextra", "bookshelfsymbol7", "msreferencespecialty"})


def compact(name: str) -> str:
    """A font's name as compared: a print's subset tag (`ABCDEF+`) and a TrueType style (`,Bold`)
    left out, lower case, without spaces, hyphens or underscores."""
    name = name.split("+", 1)[1] if len(name) > 7 and name[6] == "+" else name
    return "".join(c for c in name.split(",")[0].lower() if c not in " -_")


@functools.lru_cache(maxsize=1024)  # a document names few fonts, asked of each glyph of a print's table
def of_signs(name: str) -> bool:
    """Is this font (a CSS family or a PDF font's name) one of SIGN_FONTS? A PostScript name's
    style after its last hyphen (`Wingdings-Regular`) is left out too."""
    return bool(name) and (compact(name) in SIGN_FONTS or compact(name.rsplit("-", 1)[0]) in SIGN_FONTS)
