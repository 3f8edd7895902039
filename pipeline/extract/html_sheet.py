"""The page's own <style> sheets, applied to the elements they match, written into each
element's `style` attribute before its inline style (which still wins).

Editors and CMSs hide a stale row with a class (`.old{display:none}`), and Google Docs writes
footnote marks as `.c7{vertical-align:super}`: html_style.py reads only inline styles, so the
rules are brought to the elements first. What is matched: type, class and id selectors,
compound (`tr.old`) and joined by descendant or child combinators (`table .old`, `tr > td.x`);
rules at the top level or inside an @media that applies to every screen. A selector with
anything else (attributes, pseudo-classes, sibling combinators) is left out, as are external
sheets (never fetched); html_reach.py refuses such a rule when it may change the vendor table. Rules apply in order of specificity, then of position, as in a browser.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from ..errors import Place, Problem, SourceError
from .html_reach import changes_reading, refuse_unapplied, split_list
from .html_media import desktop_applies
from .html_selectors import Compound, chain_matches, compound, element_keys, index_key
from .html_style import IMPORTANT, tag_name

MAX_TESTS = 200_000  # selector tests (element x candidate rule): ~3 s at worst; a real page needs far fewer
# Group at-rules a browser applies whose condition or cascade this reader does not evaluate.
CONDITIONAL = frozenset({"supports", "layer", "container", "scope", "document", "-moz-document"})
MAX_NESTING = 16  # @media blocks inside @media blocks; real sheets nest one or two deep
BRACES = re.compile(r"[{}]")
# Comments and strings, read left to right so that neither hides in the other: a comment is
# dropped; a string keeps its length, its braces and semicolons masked (`content:"}"` must
# not close the rule, nor `content:"/*"` start a comment).
COMMENT_OR_STRING = re.compile(r"""/\*.*?(?:\*/|\Z)|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?""", re.S)
MASK, UNMASK = str.maketrans("{};", "\ue000\ue001\ue002"), str.maketrans("\ue000\ue001\ue002", "{};")
CDO_CDC = re.compile(r"<!--|-->")  # a sheet wrapped in an HTML comment (Word's exports)
COMBINATOR = re.compile(r"\s*>\s*|\s+")
# Only rules that set what html_style.py reads are kept (a Word sheet's fonts and margins are not).
RELEVANT = re.compile(r"display|visibility|vertical-align|text-decoration", re.I)


@dataclass(frozen=True)
class Rule:
    compounds: tuple[Compound, ...]  # left to right
    combinators: tuple[str, ...]  # between them: " " (descendant) or ">" (child)
    specificity: tuple[int, int, int]
    position: int
    declarations: str

    def matches(self, element: etree._Element) -> bool:
        return chain_matches(self.compounds, self.combinators, element)


def selector_rule(selector: str, position: int, declarations: str) -> Rule | None:
    """A Rule for one selector, or None for a selector with anything this reader does not match."""
    selector = selector.strip()
    if not selector:
        return None
    pieces = COMBINATOR.split(selector)
    combinators = tuple(c.strip() or " " for c in COMBINATOR.findall(selector))
    compounds = [compound(p) for p in pieces]
    if any(c is None for c in compounds):
        return None
    specificity = (sum(c.id is not None for c in compounds), sum(len(c.classes) for c in compounds),
                   sum(c.tag is not None for c in compounds))
    return Rule(tuple(compounds), combinators, specificity, position, declarations)  # type: ignore[arg-type]


MODE_OF_ANSWER = {True: "apply", False: "drop", None: "check"}  # html_media.desktop_applies's answers


def block_end(text: str, start: int) -> int:
    """The index after the brace that closes the block opened just before `start` (or the end)."""
    depth = 1
    for match in BRACES.finditer(text, start):
        depth += 1 if match.group() == "{" else -1
        if depth == 0:
            return match.end()
    return len(text)


def inner_mode(head: str, mode: str) -> str:
    """What becomes of the rules in an at-rule's block (see block_rules): an @media that holds
    in every desktop window keeps the mode, one that holds in none drops them (print, phones),
    one that depends on the window is checked (html_media.py); a conditional or layered group
    a browser applies (CONDITIONAL) is checked; any other at-rule's block (@font-face, @page,
    @keyframes, Word's @list) holds no style rules and is dropped."""
    name = re.match(r"@([A-Za-z-]*)", head)[1].lower()
    if mode == "drop":
        return "drop"
    if name == "media":
        inner = MODE_OF_ANSWER[desktop_applies(head[6:])]
        return mode if inner == "apply" else inner
    return "check" if name in CONDITIONAL else "drop"


def block_rules(text: str, start: int, rules: list[Rule], unapplied: list[tuple[str, str]], mode: str,
                depth: int = 0, within: str = "") -> int:
    """Read rules from `start` up to the closing brace of the block (or the end); returns the
    index after it. `mode` says what becomes of them: "apply"; "check" (a block whose condition
    this reader does not evaluate but a browser applies: @supports, @layer, @container, @scope:
    not applied, and an error where they may change the vendor table, html_reach.py); "drop" (an
    @media print or window-size block). An at-rule nested deeper than MAX_NESTING is skipped
    whole (a hostile sheet would exhaust the stack). `within` names the enclosing at-rules."""
    i = start
    while i < len(text):
        brace, close = text.find("{", i), text.find("}", i)
        if close != -1 and (brace == -1 or close < brace):
            return close + 1
        if brace == -1:
            return len(text)
        head = text[i:brace].strip()
        if head.startswith("@"):
            semi = text.find(";", i, brace)
            if semi != -1:  # @import …; @charset …;
                i = semi + 1
                continue
            if depth >= MAX_NESTING:
                i = block_end(text, brace + 1)
                continue
            i = block_rules(text, brace + 1, rules, unapplied, inner_mode(head, mode), depth + 1,
                            f"{within} {' '.join(head.split())}".strip())
            continue
        end = text.find("}", brace)
        end = len(text) if end == -1 else end
        body = text[brace + 1:end]
        if mode != "drop" and (RELEVANT.search(body) or changes_reading(body)):
            for selector in split_list(head.translate(UNMASK)):  # [title="a;b"] as written
                applied = mode == "apply" and RELEVANT.search(body)
                rule = selector_rule(selector, len(rules), body) if applied else None
                if rule is not None:
                    rules.append(rule)
                elif selector.strip() and changes_reading(body, selector):
                    unapplied.append((selector.strip(), within))
        i = end + 1
    return i


def without_comments(match: re.Match) -> str:
    return " " if match.group().startswith("/*") else match.group().translate(MASK)


def page_rules(root: etree._Element) -> tuple[list[Rule], list[tuple[str, str]]]:
    """The rules of every <style> a reader's browser applies (not one in a template or noscript),
    and the selectors of those that hide, mark or add text but that this reader cannot match."""
    rules: list[Rule] = []
    unapplied: list[tuple[str, str]] = []
    for style in root.iter("style"):
        if any(tag_name(a) in ("template", "noscript") for a in style.iterancestors()):
            continue
        css = (style.get("type") or "text/css").strip().lower() == "text/css"
        mode = MODE_OF_ANSWER[desktop_applies(style.get("media") or "")]
        if not css or mode == "drop":
            continue  # a template in a <style type=…>, or a sheet for print or phones only
        text = CDO_CDC.sub(" ", COMMENT_OR_STRING.sub(without_comments, "".join(style.itertext())))
        block_rules(text, 0, rules, unapplied, mode)
    return rules, unapplied


def apply_sheets(root: etree._Element, source: str) -> None:
    """Write the matching rules' declarations into each element's style, ahead of its own. A
    sheet that would take more than MAX_TESTS selector tests (a hostile page: thousands of
    `.x td` rules) is an error naming the file, not minutes of work."""
    rules, unapplied = page_rules(root)
    refuse_unapplied(root, unapplied, source, MAX_TESTS)
    if not rules:
        return
    by_key: dict[tuple[str, str], list[Rule]] = {}
    for rule in rules:  # indexed by what the rightmost compound requires, to test few rules per element
        by_key.setdefault(index_key(rule.compounds[-1]), []).append(rule)
    tests = 0
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        candidates = {id(r): r for k in element_keys(element) for r in by_key.get(k, ())}.values()
        tests += len(candidates)
        if tests > MAX_TESTS:
            raise SourceError(source, Problem(Place(), f"the page's <style> rules need over {MAX_TESTS:,} selector "
                                              "tests to apply", "style sheets of a real page (a few hundred rules)"))
        matched = sorted((r for r in candidates if r.matches(element)), key=lambda r: (r.specificity, r.position))
        if matched:  # the sheet's declarations, then the element's own, then the sheet's !important ones
            normal = [d for r in matched for d in r.declarations.split(";") if d.strip() and not IMPORTANT.search(d)]
            important = [d for r in matched for d in r.declarations.split(";") if IMPORTANT.search(d)]
            element.set("style", "; ".join(normal + [element.get("style") or ""] + important))
