"""The vendor table's page tables -> one list of cells in one coordinate system.

The header rows repeated at the top of a page are dropped; a cell cut by a page break
continues in the box below it at the top of the next page; a row cut by the break
continues in the first band of the next page (see `band_continues_row`); each cell
keeps the page it starts on.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import LayoutError, Place, Problem
from ..grid import Cell
from ..header import key_role
from ..tokens import TokenError, parse_model_label, parse_seq_lens, parse_strategies, parse_units, squash
from .cjk import printed_text
from .pdf_cells import PageCell, PageTable
from .text import collapse_lines

# Every vendor row has a key of its own: a row that begins no cell under these headings
# would repeat the key of the row above (its model spans rows, so it is no evidence).
ROW_KEY_ROLES = ("strategy", "seq_len")


def header_depth(table: PageTable) -> int:
    return max(c.rowspan for c in table.cells if c.row == 0)


def drop_repeated_header(table: PageTable, header: list[list[str]]) -> list[PageCell]:
    """The body cells of a continuation page, without the header rows it repeats (if any)."""
    depth = len(header)
    repeated = table.n_rows > depth and all(table.row_texts(r) == header[r] for r in range(depth))
    skip = depth if repeated else 0
    return [replace(c, row=c.row - skip) for c in table.cells if c.row >= skip]


def columns_of(header: list[list[str]], roles: tuple[str, ...]) -> set[int]:
    return {col for row in header for col, text in enumerate(row) if key_role(text) in roles}


def model_goes_on(bottom: list[PageCell], band: list[PageCell], model_cols: set[int]) -> PageCell | None:
    """The model cell above a band that is a row of its own, when the band is still inside
    that model's block: some other box of the band is an empty continuation of a cell above,
    and no cell crosses from one model's rows into the next's. The model box then holds the
    rest of that cell (a name's second paragraph, say) however it was ruled."""
    inside = any(c.empty and continues(p, c) for c in band if c.col not in model_cols for p in bottom) or \
        (not all(p.open_bottom for p in bottom) and any(continues(p, c) for c in band if c.col not in model_cols
                                                         for p in bottom))
    box = next((c for c in band if c.col in model_cols), None)
    return same_columns(bottom, box) if inside and box is not None else None


def continues(prev: PageCell, nxt: PageCell) -> bool:
    """A box at the top of a page continues the cell above it when it sits in the same
    columns and either that cell was left open at the bottom of the previous page (the
    box then holds the rest of its text, if any) or the box is empty (a producer that
    closes every fragment). The vendor table has no empty cells of its own."""
    return (prev.col, prev.colspan) == (nxt.col, nxt.colspan) and nxt.row == 0 and (prev.open_bottom or nxt.empty)


def same_columns(bottom: list[PageCell], cell: PageCell) -> PageCell | None:
    return next((p for p in bottom if (p.col, p.colspan) == (cell.col, cell.colspan)), None)


def continued_by(bottom: list[PageCell], cell: PageCell) -> PageCell | None:
    """The cell of the row cut by the break that a box of its rest continues: the one in the
    same columns; or, for an empty box one row high, the one whose columns hold it (Chromium
    draws the empty rest of a row a few points high under the repeated header, its merged
    cells divided as the header's columns are: nothing of it is text)."""
    found = same_columns(bottom, cell)
    if found is None and cell.empty and cell.rowspan == 1:
        found = next((p for p in bottom if p.col <= cell.col and cell.col + cell.colspan <= p.col + p.colspan), None)
    return found


def wrapped_into(above: PageCell | None, cell: PageCell) -> bool | None:
    """Is `cell`'s text the rest of `above`'s, wrapped over the break? Only when what would
    have come next on `above`'s last line did not fit there: the first word, after a line
    ending where a line may break ('4096/' then '8192'); else the first character (a word
    broken only because the column is too narrow for it: '4096/81' then '92'). None where
    that depends on a padding only guessed: it fits the room the table's padding leaves and
    not the room the cell's own gap leaves (Chromium at scale 1.5: `6/81` with 9.1 pt left
    by the one and 7.8 by the other, and a 9 of 8.1 pt overleaf)."""
    if above is None or above.room is None or cell.first_char is None:
        return False
    first = cell.first_word if above.ends_at_break else cell.first_char
    if first > above.room:
        return True
    return False if above.least_room is None or first <= above.least_room else None


def told_by_keys(bottom: list[PageCell], keys: list[PageCell], wrapped: list[bool | None],
                 key_roles: dict[int, str], source: str, row: int) -> list[bool]:
    """Whether each key overleaf is the rest of the cell above, where the room left there does
    not say it is not (wrapped_into: what fits was never wrapped; what does not fit may be
    wrapped text or a cell of its own): the keys tell, the cell's text joined to the text above
    it or each apart, read as keys as the table prints them (reads_as_key); where exactly one
    reading does, it is taken (`409` `6/81` | `92`: 4096/8192, not 4096/81 and 92; `4096` |
    `8192` under a rule not drawn: two rows, not 40968192). Where both or neither do, text that
    does not fit is taken as wrapped, and text the padding cannot tell is an error naming it."""
    told = []
    for cell, verdict in zip(keys, wrapped):
        above = same_columns(bottom, cell)
        if verdict is not False and above is not None:
            role = key_roles.get(cell.col)
            joined = reads_as_key(role, [*above.lines, *cell.lines])
            apart = reads_as_key(role, above.lines) and reads_as_key(role, cell.lines)
            if joined != apart:
                verdict = joined
            elif verdict is None:
                raise LayoutError(source, Problem(
                    Place(row, cell.col + 1, cell.page),
                    f"whether {cell.lines[0]!r} at the top of the page is the rest of the cell above it, wrapped over "
                    "the break, or a row of its own depends on the cell's padding, which the print does not tell, "
                    f"and it reads as {'a key' if joined else 'no key'} either way",
                    "text overleaf that clearly fits, or clearly does not fit, the room left in the cell above"))
        told.append(verdict)
    return told


def wrapped_over(bottom: list[PageCell], cell: PageCell, role: str | None, source: str = "",
                 row: int = 0) -> PageCell | None:
    """The cell above the break whose text goes on in `cell`, a box at the top of the next page in a
    row of its own, where the producer closed the cell at the break (LibreOffice Writer closes every
    fragment of a merged cell: `4096/819` on one page, `2` overleaf in the lora row's box, hunt 109;
    `8*Asce` and `nd` in a merged value). As for a row cut by the break (told_by_keys): text that
    would have fitted the room left above was never wrapped; text that did not is the rest only
    where it reads whole joined to the text above and not apart (reads_whole, the column's `role`).
    None where the box is a cell of its own. Where the two only differ in how the table prints its
    sequence lengths (`10` and `24` apart, 1024 joined: each a length, neither a power of two) the
    ruled boxes are not outweighed by it: an error naming the box (hunt 115)."""
    above = same_columns(bottom, cell)
    if above is None or above.empty or above.open_bottom or wrapped_into(above, cell) is False:
        return None
    joined = reads_whole(role, [*above.lines, *cell.lines])
    apart = reads_whole(role, above.lines) and reads_whole(role, cell.lines)
    if not joined or apart:
        return None  # both or neither: a cell of its own, as before
    if role == "seq_len" and all(reads_as_key(role, lines, powers=False) for lines in (above.lines, cell.lines)):
        raise LayoutError(source, Problem(
            Place(row, cell.col + 1, cell.page),
            f"whether {cell.lines[0]!r} at the top of the page is the rest of {''.join(above.lines)!r} above the "
            "break, in a cell the print closes there, or a sequence length of its own is not told by the ruling",
            "a sequence length whole on one page, or its rest in the row cut by the break"))
    return above


def begins_a_model(bottom: list[PageCell], band: list[PageCell], model_cols: set[int], model: PageCell | None) -> bool:
    """Does the first row overleaf begin a model of its own (its model box holds a name that is no
    rest of the one above)? No cell of another column then goes on from above the break (hunt 113:
    `102` closed at a foot and `4` overleaf in the next model's row were joined as 1024)."""
    box = next((c for c in band if c.col in model_cols), None)
    if box is None or box.empty or model is not None:
        return False
    return wrapped_over(bottom, box, "model") is None


def reads_whole(role: str | None, lines: list[str]) -> bool:
    """Whether lines of a column, joined as wrapped text is, read as one of its items: a key
    (reads_as_key), a model label, or a unit count (the value columns: role None)."""
    if role in ROW_KEY_ROLES:
        return reads_as_key(role, lines)
    try:
        (parse_model_label if role == "model" else parse_units)("".join(squash(line) for line in lines))
    except TokenError:
        return False
    return True


def reads_as_key(role: str | None, lines: list[str], powers: bool = True) -> bool:
    """Whether lines of a key column, joined as wrapped text is, read as a key as the table prints
    it: strategies of the vocabulary, sequence lengths each a power of two (as every release
    prints them: only a tie the room cannot break is decided by it, no value is refused); any
    lengths where not `powers`."""
    text = "".join(squash(line) for line in lines)
    try:
        if role == "strategy":
            parse_strategies(text)
            return True
        if role == "seq_len":
            return all(n & (n - 1) == 0 or not powers for n in parse_seq_lens(text).value)
    except TokenError:
        return False
    return False


def starts_below_a_rule(bottom: list[PageCell], band: list[PageCell]) -> bool:
    """Does some box of the band hold text below a cell ruled off at the bottom of the page
    before? That text begins a cell of its own, whatever the band's top: collapsed borders
    are drawn once, above the break, so the band's boxes are all open at the top even when
    the row above ended there."""
    return any(not c.empty and (above := same_columns(bottom, c)) is not None and not above.open_bottom
               for c in band)


def band_continues_row(bottom: list[PageCell], band: list[PageCell], key_roles: dict[int, str], source: str,
                       row: int) -> bool:
    """Is the first band of a page (below any repeated header) the rest of the last row of
    the previous page, rather than a row of its own? Yes when the producer left every box
    below the break open at its top, or every box above it open at its bottom and the band
    begins no key of its own (Chromium may leave a whole row's bottom undrawn at a break and
    draw the next row overleaf: the rule between them is drawn once), or when the band begins
    no key of its own: under the strategy and sequence-length headings
    its boxes are empty or hold only the rest of text wrapped over the break (other columns
    may hold anything: the rest of a wrapped value or of a model name's second paragraph).
    A band that begins a key of its own is a row; one that begins none and does not line
    up with the row above is neither, and an error (`row`: its 1-based grid row). A band
    open at its top continues the row only where the cells above it were left open too."""
    keys = [c for c in band if not c.empty and key_roles.keys() & set(range(c.col, c.col + c.colspan))]
    wrapped = told_by_keys(bottom, keys, [wrapped_into(same_columns(bottom, c), c) for c in keys], key_roles,
                           source, row)
    own_keys = not all(wrapped)
    if all(c.open_bottom for c in bottom) and not own_keys:
        return True
    if all(c.open_top for c in band) and not starts_below_a_rule(bottom, band):
        return True
    if own_keys:
        return False  # a strategy or sequence length of its own
    stray = next((c for c in band if same_columns(bottom, c) is None), None)
    if stray is not None:
        raise LayoutError(source, Problem(
            Place(row, stray.col + 1, stray.page),
            "the first row below the header begins no strategy or sequence length of its own, yet its cells "
            "do not line up with the row above it on the previous page",
            "either a row of its own or the rest of the row cut by the page break"))
    return True


def stitch(first: PageTable, continuations: list[PageTable], source: str) -> list[Cell]:
    """All pages' cells in one coordinate system; continued cells merged into their origin."""
    depth = header_depth(first)
    header = [first.row_texts(r) for r in range(depth)]
    key_roles = {col: role for row in header for col, text in enumerate(row)
                 if (role := key_role(text)) in ROW_KEY_ROLES}
    model_cols = columns_of(header, ("model",))
    placed: list[PageCell] = [replace(c, lines=list(c.lines)) for c in first.cells]
    offset = first.n_rows
    for table in continuations:
        body = drop_repeated_header(table, header)
        if not body:
            continue
        last_row = offset - 1
        bottom = [c for c in placed if c.row + c.rowspan - 1 == last_row]
        band = [c for c in body if c.row == 0]
        # the last row goes on in the band; never a header row (a part of the header alone at the
        # foot of a page, the table moved overleaf with its header repeated: the band begins the body)
        split = offset > depth and band_continues_row(bottom, band, key_roles, source, offset + 1)
        shift = offset - (1 if split else 0)
        model = None if split or offset <= depth else model_goes_on(bottom, band, model_cols)
        undrawn = all(p.open_bottom for p in bottom)  # Chromium may draw the rule under a row overleaf only
        new_model = not split and begins_a_model(bottom, band, model_cols, model)
        for cell in body:
            above = None
            if cell.row == 0 and split:
                above = continued_by(bottom, cell)
            elif cell.row == 0:  # (no rule drawn under the whole row above: only an empty box is a cell's rest)
                above = model if model is not None and cell.col in model_cols else next(
                    (p for p in bottom if continues(p, cell) and (cell.empty or not undrawn)), None)
                if above is None and not cell.empty and not (new_model and cell.col not in model_cols):
                    above = wrapped_over(bottom, cell, "model" if cell.col in model_cols else key_roles.get(cell.col),
                                         source, shift + 1)
            if above is None:
                if cell.row == 0 and split:
                    raise LayoutError(source, Problem(Place(shift + 1, cell.col + 1, cell.page),
                                      "a row split by the page break does not continue in the same columns",
                                      "the cells of a split row continued column for column"))
                placed.append(replace(cell, row=cell.row + shift))
                continue
            above.rowspan += cell.rowspan - (1 if split else 0)
            above.lines += cell.lines
            above.open_bottom = cell.open_bottom
            if cell.lines:  # the wrap evidence of the merged cell's last line
                above.room, above.least_room, above.ends_at_break = cell.room, cell.least_room, cell.ends_at_break
        offset = shift + max(c.row + c.rowspan for c in body)
    check_not_hyphenated(placed, source)
    return [Cell(c.row, c.col, c.rowspan, c.colspan, collapse_lines([printed_text(x) for x in c.lines]),
                 "\n".join(c.lines), c.page, layout_breaks=True) for c in placed]  # wraps, not breaks


# The hyphen U+2010 a layout's hyphenation draws where it breaks a word (WeasyPrint's `hyphens:
# auto`: `Deep‐` / `Seek-V3/R1` for DeepSeek-V3/R1), no part of the word; a name's own hyphen written
# U+2010 and broken after prints alike. The vendor's hyphens are hyphen-minus (`qwen2.5-` / `1.5b`).
LAYOUT_HYPHEN = "\u2010"


def check_not_hyphenated(cells: list[PageCell], source: str) -> None:
    """No cell's line, but its last, ends in U+2010 (hunt 178: `Deep-Seek-V3/R1` and
    `mix-tral-8x7b` were published, exit 0, from a print whose words the layout hyphenated)."""
    for cell in cells:
        ends = [at for at, line in enumerate(cell.lines[:-1]) if line.rstrip().endswith(LAYOUT_HYPHEN)]
        if ends and any(line.strip() for line in cell.lines[ends[0] + 1:]):
            raise LayoutError(source, Problem(
                Place(cell.row + 1, cell.col + 1, cell.page),
                f"{chr(10).join(cell.lines)!r}: a line ends in a hyphen (U+2010), which a layout draws where its "
                "hyphenation breaks a word (no part of the word: DeepSeek printed Deep‐ / Seek) as well as where a "
                "name's own hyphen breaks; which one a reader sees is not told",
                "a word wrapped without a hyphen drawn, or broken after a hyphen-minus"))
