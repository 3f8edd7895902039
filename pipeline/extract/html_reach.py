"""Rules of the page's sheets that html_sheet.py does not apply (attribute tests, pseudo-classes
and -elements, sibling combinators) but that would change what a reader sees of the vendor
table: an error naming the rule, never ignored.

What such a rule may reach is over-estimated, never under-estimated: its selector is matched
with its pseudo-classes and -elements left out (`td:not(.x)` may reach any td), the compound
before a sibling combinator left out (`h2 + table` may reach any table), and its attribute
tests, `:root` and `:empty` tested as written (`[hidden]` reaches only elements with that
attribute). So `tr:nth-child(40){display:none}` on the table is an error, while the
`[hidden]{display:none}` of normalize.css, Tailwind's `::before{--tw-content:''}`, or a
`details:not([open]) > *` rule of a site's sheet is not. A rule whose declarations change
nothing a reader sees of the text (`content:""` or `none`, a custom
property such as `--tw-content`) is harmless wherever it applies.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from ..errors import Place, Problem, SourceError
from .html_selectors import ANY, Compound, chain_matches, compound, element_keys, index_key, top_level
from .html_style import IMPORTANT, tag_name

ATTRIBUTE_TEST = re.compile(r"""\[\s*([^\s~|^$*=\]]+)\s*(?:([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))"""
                            r"""\s*(?:[iIsS]\s*)?)?\]""")
PSEUDO_NAME = re.compile(r"::?([A-Za-z-]+)")


@dataclass(frozen=True)
class Reach:
    """One compound of a selector, as much of it as is tested: type, id, classes (`plain`),
    attribute tests and the pseudo-classes :root and :empty; the rest is assumed to match."""
    plain: Compound
    attributes: tuple[tuple[str, str | None, str], ...]  # (name, operator or None, value)
    pseudo: frozenset[str]

    def matches(self, element: etree._Element) -> bool:
        if not self.plain.matches(element):
            return False
        if "root" in self.pseudo and element.getparent() is not None:
            return False
        if "empty" in self.pseudo and (len(element) or (element.text or "")):
            return False
        return all(attribute_matches(element.get(name), op, value) for name, op, value in self.attributes)


def attribute_matches(found: str | None, op: str | None, value: str) -> bool:
    """CSS attribute tests, case-insensitively (over-estimating a case-sensitive one)."""
    if found is None:
        return False
    found, value = found.lower(), value.lower()
    return {None: True, "=": found == value, "~=": value in found.split(), "|=": found == value
            or found.startswith(value + "-"), "^=": bool(value) and found.startswith(value),
            "$=": bool(value) and found.endswith(value), "*=": bool(value) and value in found}[op]


def split_selector(selector: str) -> tuple[list[str], list[str]] | None:
    """The selector's compounds and the combinators between them, brackets, parentheses and
    quotes respected (`:not(a b)`, `[title="a b"]` are one compound); None when malformed."""
    compounds, combinators, current, pending, outside = [], [], "", "", True
    for char, outside in top_level(selector.strip() + " "):
        if outside and (char.isspace() or char in ">+~"):
            if current:
                compounds.append(current)
                combinators.append(pending or " ")
                current, pending = "", ""
            if char in ">+~":
                pending = char
            continue
        current += char
    if not outside or not compounds or pending:  # a bracket or a quote left open
        return None
    return compounds, combinators[1:]


def reach_compound(text: str) -> Reach | None:
    attributes = tuple((m[1].lower(), m[2], m[3] if m[3] is not None else m[4] if m[4] is not None else m[5] or "")
                       for m in ATTRIBUTE_TEST.finditer(text))
    rest = ATTRIBUTE_TEST.sub("", text)
    pseudo = frozenset(m[1].lower() for m in PSEUDO_NAME.finditer(rest))
    cut = rest.find(":")
    plain = compound((rest if cut == -1 else rest[:cut]) or "*")
    if plain is None:
        return None
    return Reach(plain, attributes, pseudo & {"root", "empty"})


def reach(selector: str) -> tuple[list[Reach], list[str]] | None:
    """The selector as far as it is tested (see the module's doc): compounds joined by " " or
    ">" only; None when it cannot be read at all (then it is assumed to reach everything)."""
    split = split_selector(selector)
    if split is None:
        return None
    texts, combinators = split
    compounds = [reach_compound(t) for t in texts]
    if any(c is None for c in compounds):
        return None
    kept, joins = [compounds[-1]], []
    for index in range(len(compounds) - 2, -1, -1):  # right to left: `a + b` keeps b's ancestors' tests
        join = combinators[index]
        if join in "+~":
            continue  # the sibling: dropped; what is left of it still holds of the kept one's parent
        kept.append(compounds[index])
        joins.append(join)
    return list(reversed(kept)), list(reversed(joins))  # type: ignore[arg-type]


def reaches(chain: tuple[list[Reach], list[str]] | None, element: etree._Element) -> bool:
    return chain is None or chain_matches(*chain, element)


# --- what a rule does, and whether it touches the vendor table ------------------------------

HARMLESS_CONTENT = frozenset({'""', "''", "none", "normal"})


# The pseudo-element a selector ends in (::before, or the old one-colon :before, :after,
# :first-letter, :first-line) and what a rule on it can do to the text a reader sees.
PSEUDO_ELEMENT = re.compile(r"(?:::|:(?=(?:before|after|first-letter|first-line)\b))([A-Za-z-]+)", re.I)
ALL_EFFECTS = frozenset({"hide", "mark", "text"})
PSEUDO_EFFECTS = {"before": {"text"}, "after": {"text"}, "marker": {"text"},
                  "first-letter": {"mark"}, "first-line": {"mark"}}


def effects(selector: str) -> frozenset[str]:
    """What a rule by this selector may do to the text: an element may be hidden, marked (a
    footnote, a line-through) or given text; ::before/::after/::marker only give text
    (display:none there hides only the generated box); ::first-letter/::first-line only mark;
    any other pseudo-element (::-webkit-scrollbar, ::selection, ::placeholder) nothing."""
    split = split_selector(selector)
    found = [m[1].lower() for m in PSEUDO_ELEMENT.finditer(split[0][-1] if split else selector)]
    return frozenset(PSEUDO_EFFECTS.get(found[-1], set())) if found else ALL_EFFECTS


def changes_reading(body: str, selector: str = "") -> bool:
    """The declarations, on what `selector` selects, hide an element (display:none,
    visibility:hidden|collapse), set its text apart (vertical-align:super|sub, a line-through)
    or add text (content other than an empty string, none or normal). Custom properties
    (`--tw-content:''`) do none of that."""
    may = effects(selector) if selector else ALL_EFFECTS
    for declaration in body.split(";"):
        name, _, value = declaration.partition(":")
        name, value = name.strip().lower(), IMPORTANT.sub("", value).strip().lower()
        if (("hide" in may and ((name == "display" and value == "none")
                                or (name == "visibility" and value in ("hidden", "collapse"))))
                or ("mark" in may and ((name == "vertical-align" and value in ("super", "sub"))
                                       or (name.startswith("text-decoration") and "line-through" in value)))
                or ("text" in may and name == "content" and value not in HARMLESS_CONTENT)):
            return True
    return False


def vendor_like_tables(root: etree._Element) -> list[etree._Element]:
    """Tables whose own cells hold a framework heading (规格卡数): the vendor table, not a
    layout table around it."""
    return [table for table in root.iter("table")
            if any("规格卡数" in "".join(cell.itertext()) for cell in table.xpath("./tr/*|./*/tr/*"))]


def key_of(last: Reach | None) -> tuple[str, str]:
    """html_selectors.index_key, and an attribute test's name where that is all the compound requires."""
    key = index_key(last.plain) if last is not None else ANY
    return ("attribute", last.attributes[0][0]) if key == ANY and last is not None and last.attributes else key


def refuse_unapplied(root: etree._Element, selectors: list[tuple[str, str]], source: str, max_tests: int) -> None:
    """A rule that hides, marks or adds text by a selector this reader cannot match
    (`tr:nth-child(3){display:none}`, `td.x::after{content:"1"}`) and that may reach the vendor
    table or an element in it: an error naming it, since what a reader sees there may not be
    what we read; `selectors` are (selector, the at-rules it is inside). Over max_tests
    selector tests is an error too, never a check left undone."""
    if not selectors:
        return
    by_key: dict[tuple[str, str], list] = {}
    for selector, within in selectors:  # indexed by what the rightmost compound requires: few tests per element
        chain = reach(selector)
        label = f"{selector!r} (inside {within})" if within else repr(selector)
        by_key.setdefault(key_of(chain[0][-1] if chain else None), []).append((label, chain))
    tests = 0
    for table in vendor_like_tables(root):
        for element in table.iter():
            if not isinstance(element.tag, str):
                continue
            keys = element_keys(element) + [("attribute", name.lower()) for name in element.keys()]
            for selector, chain in (candidate for k in keys for candidate in by_key.get(k, ())):
                tests += 1
                if tests > max_tests:
                    raise SourceError(source, Problem(Place(), f"the page's <style> rules need over {max_tests:,} "
                                                      "selector tests to check", "style sheets of a real page "
                                                      "(a few hundred rules)"))
                if reaches(chain, element):
                    raise SourceError(source, Problem(
                        Place(), f"the page's <style> rule {selector} may hide, mark or add text to the table's "
                        f"<{tag_name(element)}> elements, by a selector or inside an at-rule this reader does not "
                        "apply",
                        "rules by type, class or id (with descendant or child combinators); save the page as a "
                        "browser shows it"))


def split_list(selectors: str) -> list[str]:
    """A selector list split at its top-level commas (`:is(ul, ol) > li, td` is two)."""
    parts, current = [], ""
    for char, outside in top_level(selectors):
        if char == "," and outside:
            parts.append(current)
            current = ""
            continue
        current += char
    return parts + [current]
