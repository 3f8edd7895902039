"""A page's Content-Security-Policy, as far as it decides which of its styles a browser applies.

A `<meta http-equiv="Content-Security-Policy">` in the <head> (elsewhere, and Report-Only, a
browser ignores it) governs the style elements and links after it (CSP 3, "style-src-elem",
"style-src-attr", falling back to "style-src", then "default-src"; directive names in any case,
the first of a name counts; every policy must allow). This reader does not run a CSP engine. It
decides a source list only where Chromium's answer is plain (each checked in Chromium 156 from
file://): inline styles (<style>, style attributes) are allowed by 'unsafe-inline' and blocked
by a list without it, a nonce or a hash; a data: sheet is allowed by `data:` alone; a saved
sheet (file://) by `*`, 'self' or `file:`, and blocked by others. A list with a nonce or a hash
is undecided (which elements carry them is not checked here): the rules it governs are checked
where they would change the table, and a style attribute it governs in or around the vendor table
is an error naming the meta element. A `base-uri` directive before the page's <base href> may
make the browser ignore the base (relative sheets then load from beside the page): a base that
moves where sheets load from is then an error naming both (hunt 108: `base-uri 'none'`).
"""
from __future__ import annotations

from dataclasses import dataclass

from lxml import etree
from webencodings import ascii_lower

from .html_fetch import ascii_tokens

APPLY, BLOCK, UNDECIDED = "apply", "block", "undecided"
FALLBACKS = {"element": ("style-src-elem", "style-src", "default-src"),
             "attribute": ("style-src-attr", "style-src", "default-src")}
ALLOWING = {"inline": {"'unsafe-inline'"}, "data": {"data:"}, "file": {"*", "'self'", "file:"}}


@dataclass(frozen=True)
class Policy:
    meta: etree._Element
    directives: dict[str, tuple[str, ...]]  # name (lower case) -> its source list (keywords lower case)

    @property
    def label(self) -> str:
        return f"<meta http-equiv={self.meta.get('http-equiv')!r} content={self.meta.get('content')!r}>"


def page_policies(root: etree._Element) -> list[Policy]:
    """The policies of the page's <meta http-equiv=Content-Security-Policy> in its <head>: each
    content a list of policies separated by commas, as Chromium reads it (hunt 163: `img-src *,
    style-src 'none'` blocks the page's <style>), each of which must allow."""
    return [policy(m, text) for m in root.iter("meta")
            if ascii_lower(m.get("http-equiv") or "") == "content-security-policy"  # as written: no stripping
            and m.getparent() is not None and m.getparent().tag == "head" and m.get("content") is not None
            for text in m.get("content").split(",")]


def policy(meta: etree._Element, text: str) -> Policy:
    directives: dict[str, tuple[str, ...]] = {}
    for directive in text.split(";"):
        words = ascii_tokens(directive)
        if words:
            directives.setdefault(ascii_lower(words[0]), tuple(ascii_lower(w) for w in words[1:]))
    return Policy(meta, directives)


def source_list(found: Policy, context: str) -> tuple[str, ...] | None:
    """The list governing this context (element or attribute), None where none does."""
    return next((found.directives[name] for name in FALLBACKS[context] if name in found.directives), None)


def list_verdict(sources: tuple[str, ...] | None, kind: str) -> str:
    """APPLY, BLOCK or UNDECIDED for a style of this kind (inline, data, file) under one list."""
    if sources is None:
        return APPLY
    if kind == "inline" and any(s.startswith(("'nonce-", "'sha256-", "'sha384-", "'sha512-")) for s in sources):
        return UNDECIDED
    return APPLY if ALLOWING[kind] & set(sources) else BLOCK


def verdict(policies: list[Policy], kind: str, context: str = "element") -> tuple[str, Policy | None]:
    """What the page's policies make of a style of this kind: BLOCK where one blocks it, else
    UNDECIDED where one may, else APPLY; with the policy that decided."""
    found = [(list_verdict(source_list(p, context), kind), p) for p in policies]
    for wanted in (BLOCK, UNDECIDED):
        deciding = next((p for v, p in found if v == wanted), None)
        if deciding is not None:
            return wanted, deciding
    return APPLY, None


def after(policies: list[Policy], element: etree._Element, order: dict) -> list[Policy]:
    """The policies in force when the element is parsed (a meta applies from where it stands)."""
    return [p for p in policies if order[p.meta] < order[element]]


def governing_base(policies: list[Policy], base: etree._Element, order: dict) -> Policy | None:
    """The first policy in force where the <base> is parsed that restricts base URLs (a browser
    checks the base once, when it is inserted: a policy after it does not)."""
    return next((p for p in after(policies, base, order) if "base-uri" in p.directives), None)
