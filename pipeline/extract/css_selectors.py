"""Which selectors the modelled browser accepts, and which of those cssselect2 matches as it does.

A selector list holding one selector a browser does not accept is invalid, and the rule is
dropped whole (Selectors 4, "invalid selector"; CSS Syntax: an empty member, as a trailing
comma leaves, is one): `.x, ::-moz-selection {display:none}` hides nothing in Chromium. Only
the forgiving lists of :is() and :where() drop an invalid member alone (cssselect2 reads them
so). A pseudo-class or pseudo-element is accepted when Chromium accepts it: the names below
were probed in Chromium 156 (`document.querySelector` throws on an invalid selector; the test
test_other_hands_round9.test_the_pseudo_lists_are_chromiums re-probes every name against the
system Chromium), and every `::-webkit-…` pseudo-element (Blink keeps them valid, matching
nothing). cssselect2 0.10.1 parses more (`:playing`, `:muted`, `::prefix`) and fewer (`:dir()`,
`:defined`); where it knows fewer, html_cascade routes the selector to the rules it checks.

Of what both accept, cssselect2 matches two things otherwise than a browser: a `:has()` whose
relative selector has a combinator of its own (`tr:has(> td > p)`: it tests `td > p` on the
children) and `:nth-child(An+B of S)` (it requires every selector of S, and leaves S out of the
specificity). The first is inexact (checked, not applied); the second is rewritten to
`:nth-child(An+B of :is(S)):is(S)`, which matches the same elements (nth-child-of-S matches only
elements matching S) with the specificity Selectors 4 gives it (the pseudo-class plus S's most
specific selector). And cssselect2 matches an attribute selector's `i` flag (which html_cascade
also gives HTML's case-insensitive attributes: `type`, `dir`, `lang`, `align`…) by Unicode lower
case, where Selectors says ASCII case-insensitively: the Kelvin sign K matched `[x="k" i]`. Its
compiler is given an ASCII fold for that one kind of selector (ascii_case_insensitive).
"""
from __future__ import annotations

import copy
import re

import tinycss2
from cssselect2 import compiler, parser
from webencodings import ascii_lower

from .css_math import split_commas

_COMPILE_NODE = compiler._compile_node
_ATTRIBUTE_READ = re.compile(r'el\.etree_element\.get\((.*?), ""\)')


def ascii_case_insensitive(selector):
    """cssselect2's test for `selector`, an `i`-flagged attribute selector comparing its value and
    the attribute's lower-cased in ASCII only (cssselect2 would lower-case both in Unicode)."""
    if isinstance(selector, parser.AttributeSelector) and selector.case_sensitive is False \
            and selector.namespace is not None:
        exact = copy.copy(selector)
        exact.case_sensitive, exact.value = None, ascii_lower(selector.value)
        return _ATTRIBUTE_READ.sub(r'ascii_lower(el.etree_element.get(\1, ""))', _COMPILE_NODE(exact))
    return _COMPILE_NODE(selector)


compiler._compile_node = ascii_case_insensitive  # (its compiler looks the function up by name, recursing too)

# Pseudo-classes written without arguments that Chromium 156 accepts in an author sheet.
CHROMIUM_PSEUDO_CLASSES = frozenset("""active active-view-transition any-link autofill checked corner-present current
decrement default defined disabled double-button empty enabled end first-child first-of-type focus focus-visible
focus-within fullscreen future horizontal host hover in-range increment indeterminate interest-source interest-target
invalid last-child last-of-type link modal no-button only-child only-of-type open optional out-of-range past
picture-in-picture placeholder-shown popover-open read-only read-write required root scope single-button start
target target-current user-invalid user-valid valid vertical visited window-inactive xr-overlay -webkit-any-link
-webkit-autofill -webkit-drag -webkit-full-page-media -webkit-full-screen -webkit-full-screen-ancestor""".split())
# Functional pseudo-classes it accepts, and those of them whose arguments are a forgiving list.
CHROMIUM_PSEUDO_CLASS_FUNCTIONS = frozenset("""not is where has nth-child nth-last-child nth-of-type nth-last-of-type
lang dir host host-context state active-view-transition-type -webkit-any""".split())
FORGIVING = frozenset({"is", "where"})
# The legacy single-colon pseudo-elements (CSS 2).
LEGACY_PSEUDO_ELEMENTS = frozenset({"before", "after", "first-line", "first-letter"})
CHROMIUM_PSEUDO_ELEMENTS = frozenset("""after backdrop before checkmark column cue details-content file-selector-button
first-letter first-line grammar-error marker picker-icon placeholder scroll-marker scroll-marker-group search-text
selection spelling-error target-text view-transition""".split())
CHROMIUM_PSEUDO_ELEMENT_FUNCTIONS = frozenset("""cue highlight part picker scroll-button slotted view-transition-group
view-transition-image-pair view-transition-new view-transition-old""".split())
NTH_OF = frozenset({"nth-child", "nth-last-child"})  # the two that take `of S`
COMBINATORS = frozenset({">", "+", "~"})


def selector_list(prelude) -> list[list] | None:
    """A rule's selector list as its selectors' tokens; None when the list is invalid (an empty
    member, or one selector a browser does not accept): the rule is then dropped whole."""
    members = [strip(member) for member in split_commas(prelude)]
    if any(not member or not accepted(member) for member in members):
        return None
    return members


def strip(tokens) -> list:
    tokens = [t for t in tokens if t.type != "comment"]
    while tokens and tokens[0].type == "whitespace":
        tokens.pop(0)
    while tokens and tokens[-1].type == "whitespace":
        tokens.pop()
    return tokens


def pseudos(tokens):
    """(kind, name, function or None) for each pseudo-class ("class") and pseudo-element
    ("element") written at this level of a selector."""
    for i, token in enumerate(tokens):
        if token.type != "literal" or token.value != ":" or (i and is_colon(tokens[i - 1])):
            continue
        double = i + 1 < len(tokens) and is_colon(tokens[i + 1])
        name = tokens[i + 2 if double else i + 1] if i + (2 if double else 1) < len(tokens) else None
        if name is None or name.type not in ("ident", "function"):
            continue  # a syntax error cssselect2 reports
        lower = name.lower_value if name.type == "ident" else name.lower_name
        element = double or (name.type == "ident" and lower in LEGACY_PSEUDO_ELEMENTS)
        yield ("element" if element else "class"), lower, (name if name.type == "function" else None)


def is_colon(token) -> bool:
    return token.type == "literal" and token.value == ":"


def accepted(tokens, inside_has: bool = False, inside_not: bool = False) -> bool:
    """Does Chromium accept this selector (outside a forgiving list)? Each pseudo-class and
    pseudo-element must be one it knows; `:has()` holds no `:has()` nor pseudo-element; only
    :nth-child and :nth-last-child take `of S`; `:lang()` takes one language (Chromium 156 reads
    no list); an attribute selector no `s` flag (it knows `i` only); unforgiving arguments are
    checked the same way."""
    if not all(written_in_selectors(t) for t in tokens):
        return False
    if any(t.type == "[] block" and (case_flag(t.content) == "s" or flags(t.content) > 1) for t in tokens):
        return False
    if not after_pseudo_elements_accepted(tokens):
        return False
    for kind, name, function in pseudos(tokens):
        if name == "lang" and function is not None and not one_language(function.arguments):
            return False
        if kind == "element":
            if inside_has or inside_not or not element_accepted(name, function):
                return False
            continue
        if function is None:
            if name not in CHROMIUM_PSEUDO_CLASSES:
                return False
            continue
        if name not in CHROMIUM_PSEUDO_CLASS_FUNCTIONS or (name == "has" and inside_has):
            return False
        if name in FORGIVING:
            continue
        arguments = selector_arguments(name, function.arguments)
        if arguments is False:
            return False
        for member in arguments:
            member = strip([t for t in member if not (t.type == "literal" and t.value in COMBINATORS)]
                           if name == "has" else member)
            # (no pseudo-element inside :not() or :has(): `:not(::before)`; :nth-child's `of S` takes one;
            # a :has() inside :not() is one: `.x:not(:has(*))`)
            if not member or not accepted(member, inside_has or name == "has", inside_not or name == "not"):
                return False
    return True


# What a selector is written with at its own level: a sign of no selector (`<`, `!`, `-->`, a
# number, a string, a () block) makes it one no browser accepts, as an Office page's conditional
# comment in a sheet (`<![endif]-->\n.old {…}`, hunt 177)
SELECTOR_SIGNS = frozenset({".", ":", ">", "+", "~", "*", "|", "&"})
ATTRIBUTE_MATCHES = frozenset({"=", "~=", "|=", "^=", "$=", "*="})


def written_in_selectors(token) -> bool:
    if token.type == "literal":
        return token.value in SELECTOR_SIGNS
    if token.type == "[] block":
        return attribute_written(strip(token.content))
    return token.type in ("ident", "hash", "function", "whitespace", "comment")


def attribute_written(content) -> bool:
    """`[name]`, `[ns|name]`, `[*|name]`, `[name=value]` with a match and a value (and a flag, i
    or s, after it): no other words (`[if mso]`)."""
    words_ = [t for t in content if t.type not in ("whitespace", "comment")]
    at = next((i for i, t in enumerate(words_) if t.type == "literal" and t.value in ATTRIBUTE_MATCHES), len(words_))
    name, rest = words_[:at], words_[at:]
    named = [t.type for t in name] in (["ident"], ["literal", "ident"], ["ident", "literal", "ident"],
                                       ["literal", "literal", "ident"]) and all(
        t.value in ("|", "*") for t in name if t.type == "literal")
    return named and (not rest or (2 <= len(rest) <= 3 and rest[1].type in ("ident", "string")
                                   and all(t.type == "ident" and t.lower_value in ("i", "s") for t in rest[2:])))


def flags(content) -> int:
    """How many flags close an attribute selector's brackets (`[a="x" i i]`: two, which Chromium
    does not accept): the words after its value."""
    words = [t for t in content if t.type not in ("whitespace", "comment")]
    at = next((i for i, t in enumerate(words) if t.type == "literal" and t.value.endswith("=")), None)
    return 0 if at is None else max(0, len(words) - at - 2)


def one_language(arguments) -> bool:
    """:lang() as Chromium 156 accepts it: one language range written as an identifier (not a
    string, nor empty, nor two words: `:lang("en")` and `:lang(en fr)` drop the rule)."""
    words = [t for t in arguments if t.type not in ("whitespace", "comment")]
    return len(words) == 1 and words[0].type == "ident"


# What Chromium 156 accepts written after a pseudo-element (probed with the system Chromium): a
# pseudo-element of its own (`::before::marker`, anything after ::part()), the forgiving :is() and
# :where(), and, after a pseudo-element of text or of a box in the page, no other pseudo-class
# (`::before:hover`, `::marker:hover`) but `::selection:window-inactive`. Nothing else: a type,
# class, id, attribute or combinator after one drops the selector (`p::before.x`, `::before span`).
PSEUDO_ELEMENTS_AFTER = {"before": {"marker"}, "after": {"marker"}, "slotted": {"before", "after", "marker"},
                         "column": {"scroll-marker"}}
NO_PSEUDO_CLASS_AFTER = frozenset({"before", "after", "first-line", "first-letter", "marker", "placeholder", "backdrop",
                                   "target-text", "slotted", "cue", "highlight", "spelling-error", "grammar-error",
                                   "selection"})
PSEUDO_CLASSES_AFTER = {"selection": {"window-inactive"}}


def after_pseudo_elements_accepted(tokens) -> bool:
    """Is what follows each pseudo-element of the selector (at this level) one Chromium accepts?"""
    after = None  # the pseudo-element written last, once one is
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if not is_colon(token):
            if after is not None:
                return False
            i += 1
            continue
        double = i + 1 < len(tokens) and is_colon(tokens[i + 1])
        i += 2 if double else 1
        name_token = tokens[i] if i < len(tokens) else None
        if name_token is None or name_token.type not in ("ident", "function"):
            return True  # a syntax error cssselect2 reports
        name = name_token.lower_value if name_token.type == "ident" else name_token.lower_name
        element = double or (name_token.type == "ident" and name in LEGACY_PSEUDO_ELEMENTS)
        if after is not None and not followed_by(after, name, element):
            return False
        if element:
            after = name
        i += 1
    return True


def followed_by(before: str, name: str, element: bool) -> bool:
    """May the pseudo-element `before` be followed by this pseudo-element or pseudo-class?"""
    if before == "part":
        return name != "part"
    if element:
        return name in PSEUDO_ELEMENTS_AFTER.get(before, ())
    if name in FORGIVING:
        return True
    return before not in NO_PSEUDO_CLASS_AFTER or name in PSEUDO_CLASSES_AFTER.get(before, ())


def case_flag(content) -> str:
    """The flag closing an attribute selector's brackets (`[a="x" i]`: i), lower case; "" for none."""
    words = [t for t in content if t.type not in ("whitespace", "comment")]
    return words[-1].lower_value if len(words) >= 4 and words[-1].type == "ident" and \
        words[-2].type in ("string", "ident") else ""


def element_accepted(name: str, function) -> bool:
    if function is not None:
        return name in CHROMIUM_PSEUDO_ELEMENT_FUNCTIONS and arguments_accepted(name, function.arguments)
    return name in CHROMIUM_PSEUDO_ELEMENTS or name.startswith("-webkit-")


SCROLL_BUTTONS = frozenset({"*", "up", "down", "left", "right", "block-start", "block-end", "inline-start", "inline-end"})


def arguments_accepted(name: str, arguments) -> bool:
    """A functional pseudo-element's arguments as Chromium 156 accepts them (probed): none is
    empty; ::part() takes identifiers, ::highlight() one, ::picker() `select`, ::scroll-button() a
    direction or `*`, a view transition's one name (or `*`, or classes) written without spaces,
    ::slotted() one compound selector."""
    words = strip(arguments)
    solid = [t for t in words if t.type != "whitespace"]
    if not solid:
        return False
    if name == "part":
        return all(t.type == "ident" for t in solid)
    if name == "highlight":
        return len(solid) == 1 and solid[0].type == "ident"
    if name == "picker":
        return len(solid) == 1 and solid[0].type == "ident" and solid[0].lower_value == "select"
    if name == "scroll-button":
        return len(solid) == 1 and tinycss2.serialize(solid).lower() in SCROLL_BUTTONS
    if name.startswith("view-transition-"):
        return len(solid) == len(words)
    if name == "slotted":  # one compound selector: `::slotted(a b)` and `::slotted(a, b)` drop the list (hunt 165)
        return len(solid) == len(words) and not any(t.type == "literal" and t.value in (*COMBINATORS, ",")
                                                    for t in solid)
    return True


def selector_arguments(name: str, arguments) -> list[list] | bool:
    """The selector list a functional pseudo-class holds, as members ([] for one holding none,
    like :lang() or :nth-child(2n)); False where `of S` is written where it is not allowed."""
    if name in ("not", "has", "host", "host-context", "-webkit-any"):
        return [strip(m) for m in split_commas(arguments)]
    if name.startswith("nth-"):
        of = next((i for i, t in enumerate(arguments) if t.type == "ident" and t.lower_value == "of"), None)
        if of is None:
            return []
        return [strip(m) for m in split_commas(arguments[of + 1:])] if name in NTH_OF else False
    return []


# Pseudo-classes of an element's state that cssselect2 reads from its attributes alone, where a
# browser keeps the state as the HTML Standard sets it (checked in Chromium 156): one radio of a
# group checked (the last that says so), a single <select>'s first option selected when none says
# so (the last when several do), an option in a disabled <optgroup> disabled, a link never
# :enabled. Selectors using them are checked, not applied. So are those of a visited link: that
# state is the reader's history's (Chromium counts a link to the page itself, `href=""`, as visited).
STATE_PSEUDO_CLASSES = frozenset({"checked", "enabled", "disabled", "visited"})
# :link and :any-link match an <a> or <area> with an href in a browser (cssselect2: a <link> too).
LINKS = frozenset({"link", "any-link", "-webkit-any-link"})
# The focus: cssselect2 matches no element, as a page just loaded has none focused, unless an
# element asks for it (autofocus; html_cascade.Sheets.focused): then selectors using it are checked.
FOCUS = frozenset({"focus", "focus-within", "focus-visible"})
LINK_SELECTOR = tinycss2.parse_component_value_list(":where(a, area)[href]")  # a pseudo-class's specificity


def exactly_matched(tokens) -> bool:
    """Does cssselect2 match this (accepted) selector as a browser does? Not a `:has()` whose
    relative selector has a combinator past its first (it tests the last compound alone), nor a
    state pseudo-class (STATE_PSEUDO_CLASSES)."""
    if uses(tokens, STATE_PSEUDO_CLASSES):
        return False
    for kind, name, function in pseudos(tokens):
        if function is None or kind == "element":
            continue
        if name == "has" and any(complex_relative(strip(m)) for m in split_commas(function.arguments)):
            return False
        if not all(exactly_matched(m) for m in split_commas(function.arguments)):
            return False
    return True


def complex_relative(tokens) -> bool:
    """A relative selector with more than one compound (`> td > p`, `td p`)."""
    if tokens and tokens[0].type == "literal" and tokens[0].value in COMBINATORS:
        tokens = strip(tokens[1:])
    return any(t.type == "whitespace" or (t.type == "literal" and t.value in COMBINATORS) for t in tokens)


def functions_rewritten(tokens, rewrite) -> list:
    """The selector with each function rewritten, at every depth, innermost first:
    `rewrite(token, arguments, named)` gives the tokens in its place, `named` where a colon
    stands before it (a pseudo-class, not a function inside one's argument)."""
    out = []
    for i, token in enumerate(tokens):
        if token.type != "function":
            out.append(token)
            continue
        out += rewrite(token, functions_rewritten(token.arguments, rewrite), bool(i) and is_colon(tokens[i - 1]))
    return out


def forgiven(tokens) -> list:
    """The selector with the members of every :is() and :where() a browser does not accept
    left out, as their forgiving lists drop them (`:is(.x, :-moz-focusring)` is `:is(.x)` in
    Chromium; cssselect2 refuses the whole selector); one left with none matches nothing."""
    return functions_rewritten(tokens, forgiving_list)


def every_element(line: int, column: int, name: str = "is") -> tinycss2.ast.FunctionBlock:
    """`:is(*)`, a pseudo-class matching any element (`:not(*)` with name "not": none), placed at
    the token it stands for."""
    return tinycss2.ast.FunctionBlock(line, column, name, [tinycss2.ast.LiteralToken(line, column, "*")])


def forgiving_list(token, arguments, named: bool) -> list:
    line, column = token.source_line, token.source_column
    if named and token.lower_name in FORGIVING:
        members = [strip(m) for m in split_commas(arguments)]
        kept = [m for m in members if m and accepted(m)]
        if len(kept) != len(members):
            if not kept:  # nothing to match: an element matching nothing
                return [every_element(line, column, "not")]
            arguments = kept[0]
            for member in kept[1:]:
                arguments = [*arguments, tinycss2.ast.LiteralToken(line, column, ","), *member]
    return [tinycss2.ast.FunctionBlock(line, column, token.name, arguments)]


def nth_of_rewritten(tokens) -> list:
    """`:nth-child(An+B of S)` (and :nth-last-child) as `:nth-child(An+B of :is(S)):is(S)`, at
    every depth, so that cssselect2 matches any selector of S and counts S's specificity."""
    return functions_rewritten(tokens, nth_of)


def nth_of(token, arguments, named: bool) -> list:
    line, column = token.source_line, token.source_column
    of = next((k for k, t in enumerate(arguments) if t.type == "ident" and t.lower_value == "of"), None)
    if not named or token.lower_name not in NTH_OF or of is None:
        return [tinycss2.ast.FunctionBlock(line, column, token.name, arguments)]
    s = arguments[of + 1:]
    return [tinycss2.ast.FunctionBlock(line, column, token.name, [
                *arguments[:of + 1], tinycss2.ast.WhitespaceToken(line, column, " "),
                tinycss2.ast.LiteralToken(line, column, ":"), tinycss2.ast.FunctionBlock(line, column, "is", s)]),
            tinycss2.ast.LiteralToken(line, column, ":"), tinycss2.ast.FunctionBlock(line, column, "is", s)]


# States no element of a page just loaded, with no script run, is in: nothing is full screen, in
# picture-in-picture or an XR overlay, no dialog modal, no popover shown, no field autofilled, no
# view transition running. Matched as no element (`:where(:not(*))`: a pseudo-class's specificity is
# not kept, which no element's cascade then needs): Dark Reader's `:fullscreen { filter: none }` and
# its like were "not decided" and refused the page (hunt 138).
NEVER_ON_A_LOADED_PAGE = frozenset({"fullscreen", "-webkit-full-screen", "-webkit-full-screen-ancestor", "modal",
                                    "popover-open", "picture-in-picture", "xr-overlay", "autofill", "-webkit-autofill",
                                    "active-view-transition", "-webkit-drag"})
NO_ELEMENT = tinycss2.parse_component_value_list(":where(:not(*))")


def links_rewritten(tokens) -> list:
    """The selector with each :link and :any-link (LINKS) written as the elements a browser
    matches, `:where(a, area)[href]` (a pseudo-class's specificity, as `[href]` has), and each
    state no element of a loaded page is in (NEVER_ON_A_LOADED_PAGE) as no element, at every
    depth."""
    out = []
    for i, token in enumerate(tokens):
        if token.type == "function":
            out.append(tinycss2.ast.FunctionBlock(token.source_line, token.source_column, token.name,
                                                  links_rewritten(token.arguments)))
        elif (token.type == "ident" and token.lower_value in LINKS | NEVER_ON_A_LOADED_PAGE and i
              and is_colon(tokens[i - 1]) and not (i > 1 and is_colon(tokens[i - 2]))):
            out[-1:] = LINK_SELECTOR if token.lower_value in LINKS else NO_ELEMENT  # the colon before it, with the name
        else:
            out.append(token)
    return out


def scope_relaxed(tokens, negated: bool = False) -> list:
    """Tokens (a selector, or an @scope's whole content) with each `:scope` written as any element
    (`:is(*)`), at every depth: inside @scope it is the scope's root, any element for a rule this
    reader checks (cssselect2 takes it for the document's root, so `:scope > tr` would match
    nothing). Inside an odd number of :not()s, as no element (`:not(*)`), so that what the :not()
    matches is at least what it matches under any root (`:not(:not(:scope))`, `:not(tr:not(:scope))`)."""
    out = []
    for i, token in enumerate(tokens):
        line, column = token.source_line, token.source_column
        if token.type == "function":
            inner = negated != (token.lower_name == "not")
            out.append(tinycss2.ast.FunctionBlock(line, column, token.name, scope_relaxed(token.arguments, inner)))
        elif token.type in ("{} block", "[] block", "() block"):
            out.append(type(token)(line, column, scope_relaxed(token.content, negated)))
        elif (token.type == "ident" and token.lower_value == "scope" and i and is_colon(tokens[i - 1])
              and not (i > 1 and is_colon(tokens[i - 2]))):
            out.append(every_element(line, column, "not" if negated else "is"))
        else:
            out.append(token)
    return out


GROUPING = frozenset({"is", "where", "matches", "-webkit-any"})  # selector lists that match any of theirs


def widened(tokens) -> list:
    """A selector with every pseudo-class and pseudo-element written `:is(*)` (matching any element),
    but for :is() and :where(), whose arguments are widened alike: what it may reach, over-estimated
    (`:where(a[href]):where(:visited)` reaches links, not every element as the selector stripped of
    all its pseudo-classes did)."""
    out, at = [], 0
    while at < len(tokens):
        token = tokens[at]
        if not is_colon(token):
            out.append(token)
            at += 1
            continue
        after = at + 1 + (at + 1 < len(tokens) and is_colon(tokens[at + 1]))  # `::` of a pseudo-element
        named = tokens[after] if after < len(tokens) and tokens[after].type in ("ident", "function") else None
        line, column = token.source_line, token.source_column
        if named is None:
            out.append(token)
            at += 1
            continue
        if after == at + 1 and named.type == "function" and named.lower_name in GROUPING:
            members = [widened(strip(m)) or [tinycss2.ast.LiteralToken(line, column, "*")]
                       for m in split_commas(named.arguments)]
            arguments = [t for i, m in enumerate(members)
                         for t in ([tinycss2.ast.LiteralToken(line, column, ",")] if i else []) + m]
            out += [token, tinycss2.ast.FunctionBlock(line, column, "is", arguments)]  # (cssselect2: no -webkit-any)
        else:
            out += [token, every_element(line, column)]
        at = after + 1
    return out


def uses(tokens, names: frozenset) -> bool:
    """Does the selector use one of these pseudo-classes, at any depth?"""
    return any((kind == "class" and function is None and name in names)
               or (function is not None and uses(function.arguments, names)) for kind, name, function in pseudos(tokens))
