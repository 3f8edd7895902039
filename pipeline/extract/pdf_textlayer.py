"""Whether a PDF's text can be read at all, said once for the whole file.

Three ways a PDF shows text a reader sees but that has no readable text layer:
- page images only (a scan, a photo of a print): no characters, images;
- glyphs drawn as outlines (fonts converted to paths: `gs -dNoOutputFonts`, "text to
  curves" in a print driver): no characters, thousands of small filled shapes;
- glyphs without a Unicode map (a font with neither a ToUnicode map nor an encoding
  pdfminer can read): characters whose text is `(cid:N)`.
Each is one error naming the pages, rather than a layout error from the outlines' shapes
or an error for every cell holding `(cid:N)` text.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import SourceError

OUTLINE_SHAPES = 100  # curves on a page without text: more than any ruling draws, fewer than one page of glyphs


def unmapped(char: dict) -> bool:
    """pdfminer's text for a glyph it cannot map to Unicode."""
    return char["text"].startswith("(cid:")


def without_text(page) -> str:
    """What a page without characters shows instead: 'outlines', 'images' or 'nothing'."""
    if len(page.curves) > OUTLINE_SHAPES:
        return "outlines"
    return "images" if page.images else "nothing"


def pages_text(pages: list[int]) -> str:
    return f"page {pages[0]}" if len(pages) == 1 else f"pages {', '.join(map(str, pages[:8]))}" + (
        ", ..." if len(pages) > 8 else "")


@dataclass
class TextLayer:
    """What the pages read so far showed of their text layer."""
    without: dict[int, str] = field(default_factory=dict)  # page -> what it shows instead of text
    unmapped: dict[int, int] = field(default_factory=dict)  # page -> glyphs without a Unicode map

    def read(self, number: int, page) -> bool:
        """Note the page's text layer; is there any text on it to look for a table in?"""
        if not page.chars:
            self.without[number] = without_text(page)
            return False
        count = sum(1 for ch in page.chars if unmapped(ch))
        if count:
            self.unmapped[number] = count
        return True

    def check_unmapped(self, source: str, counts: dict[int, int] | None = None) -> None:
        """One error when glyphs have no Unicode map: `counts` per page (those of the
        document's pages when None)."""
        counts = self.unmapped if counts is None else {p: n for p, n in counts.items() if n}
        if counts:
            raise SourceError(source, f"{sum(counts.values()):,} glyphs on {pages_text(sorted(counts))} have no "
                              "Unicode map (read as (cid:N)): the text cannot be read",
                              "fonts that map their glyphs to Unicode (a ToUnicode map)")

    def check_some_text(self, source: str, total: int) -> None:
        """One error when no page has a text layer, naming what the pages show instead."""
        if len(self.without) < total:
            return
        kinds = set(self.without.values())
        if "outlines" in kinds:
            pages = sorted(p for p, kind in self.without.items() if kind == "outlines")
            raise SourceError(source, f"no text layer on any of its {total} page(s): the glyphs are drawn as "
                              f"outlines on {pages_text(pages)} (text converted to paths), which cannot be read",
                              "a PDF with text")
        raise SourceError(source, f"no text layer on any of its {total} page(s) (an image-only PDF?)",
                          "a PDF with text")
