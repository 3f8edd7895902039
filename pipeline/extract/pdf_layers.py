"""Optional content (layers) on a table page, drawn alike by every viewer, or an error.

A PDF may put content in layers that viewers show or hide. Plain layers, on or off by the
document's default configuration (/D's /BaseState, /ON and /OFF), are drawn alike by pdfium,
poppler and mupdf, and the reader follows pdfium. Anything else viewers decide each their own
way (hunts 50, 52 and 54): a membership dictionary's visibility policy (`/P /AnyOff`…) or
expression (`/VE`), which pdfium ignores and poppler follows; one naming no layer (an empty or
broken /OCGs: pdfium draws its content, poppler hides it); a layer's /Usage (its view, print or
zoom state: pdfium and mupdf apply it by themselves, poppler only through automatic states), the
configuration's automatic states (/AS), an /Intent other than View. Layers are looked for where
the page's content can name them: its resources' /Properties, its XObjects' /OC, and the same
inside every form it draws and every Type 3 font's glyphs, and its annotations' /OC.
"""
from __future__ import annotations

from pdfminer.pdftypes import resolve1
from pdfplumber.page import Page

from ..errors import LayoutError, Place, Problem

MAX_FORM_DEPTH = 16  # forms drawn inside forms that are looked into; a real print nests one or two
PLAIN_USAGE = frozenset({"CreatorInfo", "PageElement"})  # /Usage entries that set no state


def memberships(resources, depth: int = 0, seen: set | None = None):
    """Every optional-content membership a content stream with these resources can name:
    marked-content properties that are layers or membership dictionaries (other properties, a
    tagged PDF's, are not), and every XObject's /OC, whatever it is; and the same inside each
    form XObject, once each."""
    seen = set() if seen is None else seen
    resources = resolve1(resources)
    if not isinstance(resources, dict) or depth > MAX_FORM_DEPTH:
        return
    for value in (resolve1(resources.get("Properties")) or {}).values():
        found = resolve1(value)
        if isinstance(found, dict) and kind_of(found) in ("OCG", "OCMD"):
            yield found
    for value in (resolve1(resources.get("XObject")) or {}).values():
        xobject = resolve1(value)
        attrs = getattr(xobject, "attrs", None) or {}
        if "OC" in attrs:
            yield resolve1(attrs["OC"])
        if id(xobject) not in seen and getattr(resolve1(attrs.get("Subtype")), "name", None) == "Form":
            seen.add(id(xobject))
            yield from memberships(attrs.get("Resources"), depth + 1, seen)
    for value in (resolve1(resources.get("Font")) or {}).values():  # a Type 3 font's glyphs are content streams
        font = resolve1(value)
        if isinstance(font, dict) and id(font) not in seen and getattr(resolve1(font.get("Subtype")), "name", None) == "Type3":
            seen.add(id(font))
            yield from memberships(font.get("Resources"), depth + 1, seen)


def kind_of(found: dict) -> str | None:
    return getattr(resolve1(found.get("Type")), "name", None)


def check_visibility_policies(page: Page, number: int, source: str) -> None:
    """An error naming the page where its optional content is not plain layers (above)."""
    found = list(memberships(page.page_obj.resources))
    for annotation in resolve1(page.page_obj.attrs.get("Annots")) or []:
        annotation = resolve1(annotation)
        if isinstance(annotation, dict) and "OC" in annotation:
            found.append(resolve1(annotation["OC"]))
    layers = []
    for membership in found:
        kind = kind_of(membership) if isinstance(membership, dict) else None
        if kind == "OCG":
            layers.append(membership)
            continue
        members = resolve1(membership.get("OCGs")) if kind == "OCMD" else None
        members = [resolve1(m) for m in (members if isinstance(members, list) else [members])]
        named = [m for m in members if isinstance(m, dict) and kind_of(m) == "OCG"]
        if kind == "OCMD" and ("VE" in membership or getattr(resolve1(membership.get("P")), "name", "AnyOn") != "AnyOn"):
            why = "an optional-content membership policy (/OCMD /P or /VE)"
        elif not named:
            why = "an optional-content membership naming no layer (an empty or broken /OCGs, or no membership at all)"
        else:
            layers += named
            continue
        raise LayoutError(source, Problem(Place(page=number), f"content shown or hidden by {why}: viewers decide it "
                                          "each their own way", "plain layers, or none"))
    if not layers:
        return
    properties = resolve1(page.pdf.doc.catalog.get("OCProperties")) or {}
    default = resolve1(properties.get("D")) if isinstance(properties, dict) else None
    default = default if isinstance(default, dict) else {}
    usage = next((layer for layer in layers if set(resolve1(layer.get("Usage")) or {}) - PLAIN_USAGE), None)
    why = "automatic states (/AS)" if resolve1(default.get("AS")) else \
        "an /Intent other than View" if not all(for_viewing(owner.get("Intent")) for owner in [default, *layers]) else \
        "a layer's /Usage (its view, print or zoom state)" if usage is not None else None
    if why:
        raise LayoutError(source, Problem(
            Place(page=number), f"optional content whose default state is set by {why}: viewers decide it each "
            "their own way", "plain layers, on or off by the default configuration's /BaseState, /ON and /OFF"))


def for_viewing(intent) -> bool:
    """An optional-content /Intent that is View's (the default where none is given)."""
    intent = resolve1(intent)
    names = intent if isinstance(intent, list) else [intent]
    return all(getattr(resolve1(name), "name", "View") == "View" for name in names if name is not None)
