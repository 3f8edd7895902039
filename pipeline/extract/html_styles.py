"""The page's styles: every element's computed style (html_style.computed), found from the root
down on demand and shared between elements of one parent style and tag; which elements a sheet
or an attribute styles at all; declarative shadow roots; the ::before and ::after boxes; and
which rules this reader cannot decide would change the reading (html_cascade.check_undecided)."""
from __future__ import annotations

import functools
import re
from dataclasses import replace

from lxml import etree
from webencodings import ascii_lower

from .css_values import scheme_is_dark
from .html_cascade import (AUTHOR, AUTHOR_IMPORTANT, CONTENT_PSEUDO, CONTENTS_BOX_PSEUDO, HINTED_BY_ATTRIBUTES,
                           UNDECIDED_RULE, XHTML, Declaration, Sheets, SYSTEM_FAMILY, cascaded, check_undecided, family_names, matched_rules, namespace_of, page_sheets,
                           pseudo_elements, uses_var, vendor_like_tables)
from .html_files import SavedFiles
from .html_style import (BULLETS, DARK_ROOT, INHERITED, ROOT, Style, as_computed, computed, drawn_over_others, generated_text,
                         value_of)
from .html_tree import SILENT_TAGS, in_quirks_mode


# --- the page's styles ------------------------------------------------------------------------------

def page_schemes(root: etree._Element, matched) -> tuple[bool, bool]:
    """(Is the page drawn in the dark colour scheme (a dark canvas, white text), is the page's
    supported scheme dark): the root element's `color-scheme` as computed (var() substituted;
    css_values.scheme_is_dark), else the page's supported scheme, the first `<meta
    name=color-scheme>` of the document (none in a <template>, <noscript>: not the page's) whose
    content is a valid value, the name matched as HTML matches it (ASCII case-insensitive,
    nothing trimmed). The supported scheme is also `color-scheme: normal`'s (Style.page_dark)."""
    page = False
    for meta in root.iter("meta"):
        if ascii_lower(meta.get("name") or "") == "color-scheme" and meta.get("content") is not None and \
                not any(a.tag in SILENT_TAGS for a in meta.iterancestors()):
            dark = scheme_is_dark(meta.get("content"))
            if dark is not None:
                page = dark
                break
    tag = root.tag if isinstance(root.tag, str) else ""
    declared = value_of(as_computed(cascaded(root, tag, matched), ROOT, root, tag), "color-scheme")
    own = None if declared in (None, "normal", "initial", "unset", "revert", "inherit") else scheme_is_dark(declared)
    return (page if own is None else own), page


# Elements a browser generates no ::before/::after box for (void and replaced elements: checked in
# Chromium; an <object>'s fallback, a broken image's alt text and <hr> do get them).
NO_PSEUDO_BOXES = frozenset({"wbr", "br", "img", "input", "select", "textarea", "progress", "meter", "iframe", "video",
                             "audio", "canvas", "embed", "svg", "col", "colgroup"})


# Form controls: Chromium 156 draws a ::before or ::after of most of them, whatever their look (a
# checkbox's, radio button's, range's, colour, file or date input's, meter's, progress bar's; a
# select's drawn as a plain box), in or over the control's box or beside it; where it goes is not
# laid out here, so its text is taken as undecided (Styles.pseudo_style).
CONTROLS = frozenset({"input", "select", "textarea", "meter", "progress"})


# The elements a shadow root can be attached to (DOM: a valid shadow host name), besides custom
# elements (a lower-case name with a hyphen, not one of the names SVG and MathML reserved).
SHADOW_HOST_TAGS = frozenset({"article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5",
                              "h6", "header", "main", "nav", "p", "section", "span"})
RESERVED_NAMES = frozenset({"annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri",
                            "font-face-format", "font-face-name", "missing-glyph"})
CUSTOM_ELEMENT = re.compile(r"[a-z][^\sA-Z/>]*-[^\sA-Z/>]*")


def shadow_host_name(tag: str) -> bool:
    return tag in SHADOW_HOST_TAGS or (CUSTOM_ELEMENT.fullmatch(tag) is not None and tag not in RESERVED_NAMES)


def attaches(template: etree._Element) -> bool:
    """Does an HTML parser attach this <template> as its parent's declarative shadow root? Its
    `shadowrootmode` is open or closed (ASCII case-insensitive) and its parent, an HTML element,
    may host one; otherwise it is a plain template, its content never drawn (the older
    `shadowroot` attribute is no longer read by Chromium)."""
    host = template.getparent()
    return ((template.get("shadowrootmode") or "").lower() in ("open", "closed") and host is not None
            and isinstance(host.tag, str) and shadow_host_name(host.tag) and namespace_of(template) == XHTML)


def passes_through(host: etree._Element, template: etree._Element) -> bool:
    """A shadow tree that is one <slot> without attributes and nothing else (whitespace aside),
    on a host no child of which names a slot, draws the host's children as if it had none: no
    sheet of its own, no element that hides, styles or reorders them. The slot's own content is
    a fallback, drawn only when the host has no child node (text or element) to assign to it.
    With manual slot assignment nothing is assigned by the parser: not passed through."""
    if ascii_lower(template.get("shadowrootslotassignment") or "") == "manual":
        return False  # nothing is slotted until a script assigns it: the slot draws its fallback (hunt 59)
    slot = template[0] if len(template) == 1 else None
    if slot is None or slot.tag != "slot" or slot.attrib or (template.text or "").strip() or (slot.tail or "").strip():
        return False
    if len(slot) or (slot.text or "").strip():  # its fallback, drawn only when nothing is assigned to it
        if not (host.text or template.tail or any(child is not template for child in host)):
            return False
    return not any(child.get("slot") for child in host if isinstance(child.tag, str))


# The family Chromium draws text in where no rule names one (its standard font setting's default, on
# every platform but macOS): an @font-face of that name draws all such text (checked in Chromium 156)
INITIAL_FAMILY = "times new roman"
FORM_CONTROLS = frozenset({"button", "input", "select", "textarea"})


def in_unmodelled_font(style: Style, declared: dict[str, Declaration], fonts: dict[str, str],
                       parent: Style, element: etree._Element, tag: str) -> Style:
    """The style of an element whose font-family names a family an @font-face draws otherwise
    than its characters (Sheets.unmodelled_fonts: a size-adjust, a symbol font, a font file), with
    that named as what this reader does not model (inherited: the text inside is drawn in it
    too); as it is otherwise. The family as CSS reads it: var() substituted, escapes and comments
    read (html_cascade.family_names)."""
    if not fonts or style.unmodelled:
        return style
    family = value_of(declared, "font-family")
    if (family is None or "(" in family) and any("(" in d.value for name, d in declared.items()
                                                 if name in ("font", "font-family")):
        family = value_of(as_computed(declared, parent, element, tag), "font-family")  # var(), env(), attr() worked out
    if family is None and tag in FORM_CONTROLS:
        family = SYSTEM_FAMILY  # a control's text is drawn in the system font (its UA sheet's -webkit-small-control)
    for name in family_names(family or ""):
        words = name.split()
        found = next((fonts[n] for i in range(len(words)) if (n := " ".join(words[i:])) in fonts), None)
        if found:
            return replace(style, unmodelled=f"font-family: {family} ({found})")
    return style


def shadow_hosts(root: etree._Element) -> frozenset[etree._Element]:
    """The elements a browser draws from their declarative shadow root (the first <template
    shadowrootmode> that attaches to them; a later one is a plain template) rather than from
    their children: found once, so that the text of every other element is read without looking
    through its children for one. A root that passes the children through unchanged is not one."""
    first: dict[etree._Element, etree._Element] = {}
    for template in root.iter("template"):
        if template.get("shadowrootmode") is not None and attaches(template):
            first.setdefault(template.getparent(), template)
    return frozenset(host for host, template in first.items() if not passes_through(host, template))


def holding(elements: set[etree._Element]) -> set[etree._Element]:
    """Every element with one of these inside it (their ancestors)."""
    found: set[etree._Element] = set()
    for element in elements:
        for ancestor in element.iterancestors():
            if ancestor in found:
                break  # and so are its ancestors
            found.add(ancestor)
    return found


# The attributes that style an element beyond its tag's defaults (`text` on <body> is a hint too,
# but there is one <body>, and its style is computed from its own attributes: Styles.compute).
STYLING_ATTRIBUTES = ("style", "hidden", "bgcolor", "color", "dir", "popover", "face", "background",
                      "href")  # a link's colour is the UA's (html_cascade.LINK_COLOUR) or <body link>'s
BEARING = {name: etree.XPath(f"//@{name}") for name in STYLING_ATTRIBUTES}  # every such attribute of the page
BEARING["type"] = etree.XPath("//ol/@type | //ul/@type | //li/@type")  # a list's marker (html_cascade.LIST_TYPE_HINTS)


def styled_elements(root: etree._Element, matched) -> set[etree._Element]:
    """The page's elements styled beyond their tag's defaults over their parent's style: those
    a sheet rule matches, those with a styling attribute, those whose browser defaults depend on
    their attributes (HINTED_BY_ATTRIBUTES) and the children of a <details> (shown or not by
    their place). Found once for the page (libxml2 finds the attributes), so that each
    element's question is one set lookup (Styles.plain); every other element is plain."""
    found = set(matched)
    for attributes in BEARING.values():
        found.update(attribute.getparent() for attribute in attributes(root))
    found.update(root.iter(*HINTED_BY_ATTRIBUTES))
    found.update(root.iter("bdi"))  # its direction is its text's (html_style.auto_direction)
    for details in root.iter("details"):
        found.update(details)  # its children (comments and processing instructions too)
    return found


class Styles:
    """The computed style of every element of a page, computed on demand from the root down."""

    def __init__(self, root: etree._Element, source: str, files: SavedFiles | None = None):
        self.source = source
        sheets: Sheets = page_sheets(root, files, source)
        self.matched = matched_rules(root, sheets, source)
        self.unmodelled_fonts = sheets.unmodelled_fonts
        self.lines_styled = sheets.lines_styled  # reached by a ::first-line or ::first-letter rule
        self.metrics_overridden = sheets.metrics_overridden  # an @font-face sets a family's line metrics
        self.computed: dict[etree._Element, Style] = {}
        self._declared_px: dict[etree._Element, dict] = {}  # declared_px's, asked again and again up the tree
        self.shared: dict[tuple[int, str], tuple[Style, Style]] = {}  # (parent style, tag) -> style
        self.frames: dict[tuple[int, str], tuple[str, str, bool]] = {}  # (an element's style, tag) -> text.frame
        dark, page_dark = page_schemes(root, self.matched)
        self.root = DARK_ROOT if dark else ROOT
        if INITIAL_FAMILY in self.unmodelled_fonts:  # text no rule gives a family is drawn in the face of that name
            self.root = replace(self.root, unmodelled=f"the initial font-family, {INITIAL_FAMILY} "
                                                      f"({self.unmodelled_fonts[INITIAL_FAMILY]})")
        if page_dark:
            self.root = replace(self.root, page_dark=True)
        if in_quirks_mode(root):
            self.root = replace(self.root, quirks=True)
        if sheets.registrations:  # @property: the page's registered custom properties, at their initial values
            self.root = replace(self.root, registered=sheets.registrations, custom={
                name: list(r.initial) for name, r in sheets.registrations.items() if r.initial is not None})
        self.shadow_hosts = shadow_hosts(root)
        self.styled = styled_elements(root, self.matched)
        self.holding_styled = holding(self.styled)
        self.undecided_on = sheets.undecided_on  # (filled by check_undecided)
        self.tree = root
        self._sizes_matter: bool | None = None
        check_undecided(root, sheets, self.matched, changes_reading, hides_around, moves_over, source, self.changed_by,
                        self.sizes_matter)

    def sizes_matter(self, declarations) -> bool:
        """Whether these declarations (a rule this reader cannot decide, on an element around a
        vendor table) set a size (SIZES_AROUND) where sizes change what a reader sees of the
        table: a box around it cuts off what overflows it sideways, or its layout is fixed
        (html_columns); the latter told once for the page."""
        if not sets_sizes(declarations):
            return False
        if self._sizes_matter is None:
            from .html_columns import fixed_layout  # (they read styles: this module's)
            from .html_placement import sideways_boxes
            self._sizes_matter = any(fixed_layout(table, self) or any(not scrolls for *_, scrolls in
                                                                      sideways_boxes(table, self))
                                     for table in vendor_like_tables(self.tree))
        return self._sizes_matter

    def changed_by(self, element: etree._Element, declarations, pseudo: str | None = None, inside: bool = True) -> bool:
        """Whether what a reader sees of the element changes where these declarations (a rule this
        reader cannot decide) win over the page's rules on it, in its place: over its parent's
        style and the rules it has (hunt 55: `color: #000` under an applied black background
        hides the table; `display: inline` over an applied `display: none` shows a value). The
        rule's own worst case, judged alone, is changes_reading's and hides_around's."""
        tag = element.tag if isinstance(element.tag, str) else ""
        if not tag:
            return False
        if pseudo in ("before", "after"):  # a generated text the applied rules give it, removed or hidden
            given = value_of(cascaded(element, tag, self.matched, pseudo), "content")
            return given not in (None, "none", "normal") and bool({"content", "display", "visibility"} &
                                                                  {d.name for d in declarations})
        if pseudo is not None:
            return False
        parent = element.getparent()
        parent_style = self.of(parent) if parent is not None else self.root
        declared = cascaded(element, tag, {element: [*self.matched.get(element, ()), *winning(declarations)]})
        applied = self.style_from(declared, parent_style, element, tag)
        if seen_as(applied, inside) != seen_as(self.of(element), inside):
            return True
        # what its descendants inherit (a custom property, a font size their `em` or var() read: hunt 57)
        return self.inherited_changes(element, applied, inside)

    def inherited_changes(self, element: etree._Element, applied: Style, inside: bool) -> bool:
        """Whether a descendant of the element is seen otherwise when the element's style is
        `applied`: each computed again below it, down to MAX_RESTYLED elements (past that, taken
        as changed: undecided)."""
        todo, done = [(child, applied) for child in element], 0
        while todo:
            child, parent_style = todo.pop()
            tag = child.tag if isinstance(child.tag, str) else ""
            if not tag or tag in SILENT_TAGS:
                continue
            done += 1
            if done > MAX_RESTYLED:
                return True
            declared = cascaded(child, tag, self.matched)
            style = self.style_from(declared, parent_style, child, tag)
            if seen_as(style, inside) != seen_as(self.of(child), inside):
                return True
            todo += [(grandchild, style) for grandchild in child]
        return False

    def style_from(self, declared: dict[str, Declaration], parent: Style, element: etree._Element, tag: str) -> Style:
        """The style of an element (tag '' for a generated box) with these winning declarations over
        its parent's style, a font it names checked (in_unmodelled_font)."""
        return in_unmodelled_font(computed(declared, parent, element, tag), declared, self.unmodelled_fonts,
                                  parent, element, tag)

    def of(self, element: etree._Element) -> Style:
        found = self.computed.get(element)
        if found is None:
            parent = element.getparent()
            found = self.child_of(element, self.of(parent) if parent is not None else self.root)
        return found

    def child_of(self, element: etree._Element, parent: Style, tag: str | None = None) -> Style:
        """The element's style, given its parent's (a walk from the root down knows it, and
        the element's tag name: '' for a comment). A plain element's is its tag's defaults
        over its parent's style, computed once for all its siblings of that tag."""
        found = self.computed.get(element)
        if found is not None:
            return found
        if tag is None:
            tag = element.tag if isinstance(element.tag, str) else ""
        if element in self.styled:
            declared = self.declared(element, tag)
            found = self.style_from(declared, parent, element, tag)
        else:
            key = (id(parent), tag)  # the parent style is kept with it (self.shared), so its id is not reused
            shared = self.shared.get(key)
            if shared is None:
                shared = self.shared[key] = (parent, computed(cascaded(element, tag, self.matched), parent, element, tag))
            found = shared[1]
        if tag == "table" and self.root.quirks and "color" not in cascaded(element, tag, self.matched):
            found = replace(found, color=self.body_colour(element))  # quirks.css: `color: -internal-quirk-inherit`
        self.computed[element] = found
        return found

    def body_colour(self, element: etree._Element) -> tuple:
        """The colour of the page's <body> (a quirks mode table's text colour where no rule
        sets one: Chromium's quirks sheet takes it from the body, not from the table's parent)."""
        body = next(iter(element.getroottree().getroot().iterchildren("body")), None)
        return self.of(body).color if body is not None else self.root.color

    def declared(self, element: etree._Element, tag: str) -> dict[str, Declaration]:
        """The element's winning declarations (the cascade's, before they are computed), a
        property that is not inherited but declared `inherit` taking its parent's (inheriting)."""
        return self.inheriting(cascaded(element, tag, self.matched), element)

    def inheriting(self, declared: dict[str, Declaration], element: etree._Element) -> dict[str, Declaration]:
        """`inherit` on a property that is not inherited (overflow, height, clip-path, contain…) is
        the parent's value: its declaration as computed, or none (the initial value) where it has
        none. Read as nothing before, it let a cell's clip reach its value's box unseen (hunt 140:
        `td{container-type: size} p{container-type: inherit; overflow: hidden}` erased 128*Ascend,
        and 128 was published). Inherited properties take their parent's style as they are read."""
        parent = element.getparent()
        if parent is None or not any(d.value == "inherit" and name not in INHERITED for name, d in declared.items()):
            return declared
        above = self.declared_px(parent)
        return {name: (replace(above[name], written="inherit", named=d.named) if d.value == "inherit" and
                       name not in INHERITED else d)  # (named in messages as declared here)
                for name, d in declared.items()
                if not (d.value == "inherit" and name not in INHERITED and name not in above)}

    def declared_px(self, element: etree._Element) -> dict[str, Declaration]:
        """The element's declarations as its style was computed from them: custom properties
        substituted, lengths in px (html_style.as_computed)."""
        found = self._declared_px.get(element)
        if found is None:
            parent, tag = element.getparent(), element.tag
            found = self._declared_px[element] = as_computed(
                self.declared(element, tag), self.of(parent) if parent is not None else self.root, element, tag)
        return found

    def plain_inside(self, element: etree._Element) -> bool:
        """Whether every element inside this one is plain (so no check of styled elements
        finds anything there)."""
        return element not in self.holding_styled

    def plain(self, element: etree._Element) -> bool:
        """Styled by the browser's defaults for its tag alone (no sheet rule, style or styling
        attribute): most elements. The defaults never move, turn or float an element."""
        return element not in self.styled

    def may_have_box(self, element: etree._Element, which: str) -> bool:
        """Does a rule give the element a ::before/::after, on an element a browser may make one
        for (a form control's among them: CONTROLS)?"""
        if which not in pseudo_elements(element, self.matched):
            return False
        return element.tag not in NO_PSEUDO_BOXES or element.tag in CONTROLS

    def pseudo_box(self, element: etree._Element, which: str) -> Style | None:
        """The style of the ::before or ::after box the element has (`content` not none or
        normal, an empty string included); None without one."""
        if not self.may_have_box(element, which):
            return None
        declared = cascaded(element, "", self.matched, which)
        if value_of(declared, "content") in (None, "none", "normal", "initial", "unset"):
            return None
        style = self.pseudo_style(element, declared)
        return None if style.removed else style

    def pseudo_style(self, element: etree._Element, declared: dict[str, Declaration]) -> Style:
        """The style of a ::before or ::after box of the element, from its declarations (a font
        it names checked as an element's is: in_unmodelled_font). A form control's is not placed
        here (CONTROLS): its text is taken as undecided."""
        style = self.style_from(declared, self.of(element), element, "")
        if element.tag in CONTROLS and not style.unmodelled:
            style = replace(style, unmodelled=f"content: {value_of(declared, 'content')}")  # (html.not_modelled)
        return style

    def generated(self, element: etree._Element, which: str) -> tuple[str, Style] | None:
        """The text ::before or ::after adds to the element, with its style (a box painting an
        image adds none, but is one, as is a box shown as a list item: its marker); None for none."""
        if element not in self.matched or not self.may_have_box(element, which):
            return None
        declared = cascaded(element, "", self.matched, which)
        style = self.pseudo_style(element, declared)
        text = generated_text(declared, element, self.source)
        drawn = text or style.image or style.display.endswith("list-item")  # (a list item draws its marker)
        return (text, style) if drawn and not style.removed else None


# --- what a rule this reader cannot decide would change -------------------------------------------

def changes_reading(declarations, pseudo: str | None, tag: str = "span") -> bool:
    """Whether declarations on an element (or its pseudo-element) could change what a reader sees
    of its text: hide it, set it apart or out of sight, give it a box of its own, add text. Judged
    on an inline box, but that a padding or border sets apart only an element shown inline: a
    <td>'s or a <p>'s text is apart from its neighbours' anyway (`tag`: the element's)."""
    declared = {d.name: d for d in declarations}
    if any(uses_var(d.tokens) for d in declarations if not d.name.startswith("--")):
        return True  # its value depends on custom properties the element inherits: not decided here
    if pseudo in CONTENTS_BOX_PSEUDO:
        return bool(declarations)  # the box of the element's content: shown or hidden, whatever it declares
    if pseudo in ("before", "after") or pseudo in CONTENT_PSEUDO:  # text, or a box shown as a list item (its marker)
        return value_of(declared, "content") not in (None, '""', "''", "none", "normal") \
            or "list-item" in (value_of(declared, "display") or "")
    if names_a_marker(declared):  # on a list item (hunt 105: `@layer a { .q { list-style: inside "1" } }`)
        return True
    if pseudo is None and tag != "span" and shown_as_block(tag):
        declared = {name: d for name, d in declared.items() if not EDGES.fullmatch(name)}
    probe = computed(declared, ROOT, etree.Element("span"), "span")
    if pseudo in ("first-letter", "first-line"):  # (a first letter with a margin, padding or float is set apart;
        # a font named here may be an @font-face's, drawing other characters)
        return probe.mark or probe.unseen or not probe.shown or bool(probe.unmodelled) or probe.own_box \
            or "font-family" in declared or bool(probe.paints_over)  # (an underline moved into it: hunt 157)
    if pseudo is not None:
        return False
    return (probe.display != "inline" or not probe.shown or probe.unseen or probe.own_box or probe.mark or probe.unmodelled
            or probe.paints_over or value_of(declared, "content") not in (None, '""', "''", "none", "normal"))


# A box's padding and border (not its border image, which paints): they set an inline box apart
EDGES = re.compile(r"padding(-\w+)*|border(-(left|right|top|bottom|inline|block)(-start|-end)?)?(-(width|style|color))?")


@functools.cache
def shown_as_block(tag: str) -> bool:
    """Whether the browser's sheet draws an element of this tag as a block or a table's part."""
    element = etree.Element(tag)
    return computed(cascaded(element, tag, {}), ROOT, element, tag).block


def winning(declarations) -> list:
    """A rule this reader cannot decide as cascade entries winning over every rule applied."""
    return [((AUTHOR_IMPORTANT if d.important else AUTHOR, UNDECIDED_RULE, 1 << 40), None, d) for d in declarations]


def names_a_marker(declared) -> bool:
    """Whether declarations give a list item's marker a type that draws text or an image."""
    kind, image = value_of(declared, "list-style-type"), value_of(declared, "list-style-image")
    return (kind is not None and kind not in BULLETS) or (image is not None and image != "none")


MAX_RESTYLED = 20_000  # descendants computed again for one rule this reader cannot decide (a table of 1,350 rows: ~12,000)


def seen_as(style: Style, inside: bool) -> tuple:
    """What decides how a reader sees an element's text, of its style: whether it is there and in
    sight (its colours against what is behind it: `unseen`), drawn as written, and inside the
    table whether it is a word or a line of its own or set apart as a mark."""
    seen = (style.removed, style.shown, style.unseen, style.unmodelled, style.flipped, style.direction, style.writing_mode)
    return (*seen, style.block, style.own_box and not style.block, style.mark) if inside else seen


def moves_over(declarations, pseudo: str | None) -> bool:
    """Whether declarations on an element outside the vendor table (or its ::before/::after)
    could draw it over the table (html_style.drawn_over_others), as a block or as an inline box."""
    declarations = [d for d in declarations if not (uses_var(d.tokens) and only_colours(d.name))]
    if any(uses_var(d.tokens) for d in declarations if not d.name.startswith("--")):
        return True  # its value depends on custom properties the element inherits: not decided here
    if pseudo not in (None, "before", "after"):
        return False
    declared = {d.name: d for d in declarations}
    for tag in ("div", "span"):
        probe = etree.Element(tag)
        if drawn_over_others(computed(declared, ROOT, probe, tag), as_computed(declared, ROOT, probe, tag)):
            return True
    return False


def only_colours(name: str) -> bool:
    """A property that only colours what the box draws anyway, whatever its value: it never moves
    a box outside the table over it (Jupyter's `a:visited { color: var(--jp-content-link-color) }`)."""
    return name == "color" or name.endswith("-color")


# What sets how wide a box around the table is, or where the table starts in it, and how wide its
# text is (inherited): the room a box clipping it sideways leaves it, and a fixed table's columns
# (html_columns), whatever the value; nothing else a reader sees of the table.
SIZES_AROUND = frozenset({
    *(f"{prefix}{name}" for prefix in ("", "min-", "max-") for name in ("width", "inline-size")),
    *(f"{edge}{side}" for edge in ("margin", "padding") for side in ("", "-left", "-right", "-inline",
                                                                     "-inline-start", "-inline-end")),
    *(f"border{side}{part}" for side in ("", "-left", "-right", "-inline", "-inline-start", "-inline-end")
      for part in ("", "-width")),
    "box-sizing", "font-size", "font", "letter-spacing", "word-spacing", "flex", "flex-basis", "flex-grow",
    "flex-shrink", "grid-template-columns", "grid-column", "columns", "column-count", "column-width", "zoom"})
SIDEWAYS_CLIPS = {"overflow": ("hidden", "clip"), "overflow-x": ("hidden", "clip"), "overflow-inline": ("hidden", "clip"),
                  "contain": ("paint", "content", "strict"), "content-visibility": ("auto",)}


# What places a box across the window other than its container does: moves, alignment, floats,
# columns, clips (html_placement); a rule this reader does not decide setting one around the table
# (Tailwind v4's utilities in @layer) may put part of it where no reader scrolls.
PLACING = frozenset({"position", "left", "right", "inset", "inset-inline", "inset-inline-start", "inset-inline-end",
                     "transform", "translate", "scale", "rotate", "float", "direction", "justify-content",
                     "justify-items", "justify-self", "place-content", "place-items", "place-self", "align-items",
                     "align-content", "align-self", "flex-direction", "flex-flow", "flex-wrap", "columns",
                     "column-count", "column-width", "clip-path", "clip", "contain", "transform-origin",
                     "offset-path", "offset"})


def places(declarations) -> bool:
    """Declarations that may place a box across the window otherwise than its container does
    (PLACING: any value but the initial one), or pull it left (a negative margin)."""
    for d in declarations:
        value = (d.value or "").strip()
        if d.name in PLACING and value not in ("", "none", "auto", "normal", "static", "initial", "unset", "ltr",
                                                 "0", "visible", "nowrap", "row", "start", "flex-start", "left"):
            return True
        if d.name.startswith("margin") and d.name not in ("margin-top", "margin-bottom", "margin-block",
                                                          "margin-block-start", "margin-block-end") and \
                (value.startswith("-") or " -" in value or "calc" in value or "var(" in value):
            return True
    return False


def sets_sizes(declarations) -> bool:
    return any(d.name in SIZES_AROUND for d in declarations)


def clips_sideways(declarations) -> bool:
    """Declarations cutting off what overflows a box sideways (any value: a box around the table
    doing so in some windows only, its room not told)."""
    return any(set(words) & set((d.value or "").split()) for d in declarations
               for name, words in SIDEWAYS_CLIPS.items() if d.name == name)


def hides_around(declarations, pseudo: str | None) -> bool:
    """Whether declarations on an element around the vendor table (or its pseudo-element) could
    keep a reader from seeing the table as read: remove or hide it, set it out of sight, cut it off
    sideways, draw it with what this reader does not model, mirror, turn or reorder its columns, or
    style the content box of a <details> holding it. Sizes (SIZES_AROUND) are judged apart, in
    their place (Styles.sizes_matter): whatever custom properties give them."""
    if pseudo in CONTENTS_BOX_PSEUDO:
        return bool(declarations)
    if pseudo is not None:
        return False  # a box before or after the table (or a scrollbar's part) adds no text to its cells
    if clips_sideways(declarations) or places(declarations):
        return True
    declarations = [d for d in declarations if not (uses_var(d.tokens) and d.name in SIZES_AROUND)]
    if any(uses_var(d.tokens) for d in declarations if not d.name.startswith("--")):
        return True  # its value depends on custom properties the element inherits: not decided here
    probe = computed({d.name: d for d in declarations}, ROOT, etree.Element("div"), "div")
    return (probe.removed or not probe.shown or probe.unseen or bool(probe.unmodelled) or bool(probe.flipped)
            or probe.direction != "ltr" or probe.writing_mode != "horizontal-tb")
