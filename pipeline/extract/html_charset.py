"""Page bytes -> the encoding label they declare, found as Chromium finds it.

Chromium (Blink's HTMLMetaCharsetParser and TextResourceDecoder) reads a page without a byte
order mark by the first `<meta>` naming an encoding it knows, found by its HTML tokenizer: a
`<meta>` inside a comment, an attribute value, or the text of `<title>`, `<script>`, `<style>`,
`<textarea>`, `<iframe>`, `<xmp>`, `<noembed>`, `<noframes>` or after `<plaintext>` is no tag;
one naming no encoding it knows is passed over for the next. It stops looking at the first tag
that does not belong in a `<head>` (any end tag but those of the head's own elements, `</head>`
included) once 1,024 characters are read. Only without such a `<meta>` does an XML declaration
count, and only at the very first byte (`<?xml`, in lower case), its label taken as written.
Each of these was checked in Chromium (hunt 130: a regular expression preferring the XML
declaration, and finding a `<meta>` in a `<title>` or after the body's first 1,024 bytes, read
other bytes than Chromium draws). The bytes are read as Latin-1, one character each, as the
prescan reads them.
"""
from __future__ import annotations

import functools
import html
import re

from webencodings import ascii_lower

from .html_files import browser_codec

CHECKED_UNCONDITIONALLY = 1024  # characters read before a tag out of the head ends the search
IN_HEAD = frozenset({"script", "noscript", "style", "link", "meta", "object", "title", "base"})
# Start tags after which the tokenizer reads text up to the element's end tag (Blink's
# HTMLTokenizer::UpdateStateFor, scripting and plugins off, as the prescan runs it; <script>
# has states of its own, <plaintext> runs to the end).
TEXT_UP_TO_END = frozenset({"title", "textarea", "style", "iframe", "xmp", "noembed", "noframes"})
WHITESPACE = "\t\n\f\r "
ENDS_NAME = WHITESPACE + "/>"
TAG_NAME = re.compile(r"[^\t\n\f\r />]*")
BETWEEN_ATTRIBUTES = re.compile(r"[\t\n\f\r /]*")
ATTRIBUTE_NAME = re.compile(r"[^\t\n\f\r />][^\t\n\f\r />=]*")  # (a name may begin with `=`)
UNQUOTED_VALUE = re.compile(r"[^\t\n\f\r >]*")
COMMENT_END = re.compile(r"--!?>")
SPACES = re.compile(r"[\t\n\f\r ]*")
# What changes the state of a script's text: its end tag, `<!--`, `<script` inside it, a `>`
SCRIPT_MARK = re.compile(r"</script(?=[\t\n\f\r />])|<!--|<script(?=[\t\n\f\r />])|>", re.I | re.A)
ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def declared(data: bytes) -> tuple[str, str] | None:
    """The encoding label Chromium decodes the page by (its byte order mark aside), and where it
    is given ("meta" or "xml"): the first `<meta>` naming a label it knows, else the XML
    declaration's; None where neither does."""
    text = data.decode("latin-1")
    label = meta_label(text)
    if label is not None:
        return label, "meta"
    label = xml_label(text)
    return (label, "xml") if label is not None else None


def declared_label(data: bytes) -> str | None:
    found = declared(data)
    return found[0] if found else None


def xml_label(text: str) -> str | None:
    """An XML declaration's label (Blink's FindXMLEncoding): the declaration at the first byte,
    up to its first `>`; the first `encoding` in it, then `=` and a quoted value, white space
    and control characters around the `=` aside. The value is taken as written (`" latin2 "`
    names nothing)."""
    if not text.startswith("<?xml") or len(text) < 8 or (close := text.find(">")) < 0:
        return None
    declaration = text[:close]
    pos = declaration.find("encoding")
    if pos < 0:
        return None
    pos = skip_controls(declaration, pos + 8)
    if not declaration.startswith("=", pos):
        return None
    pos = skip_controls(declaration, pos + 1)
    if pos >= len(declaration) or declaration[pos] not in "\"'":
        return None
    end = declaration.find(declaration[pos], pos + 1)
    label = declaration[pos + 1:end] if end >= 0 else None
    return label if label and label == label.strip(WHITESPACE) and browser_codec(label) is not None else None


def skip_controls(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] <= " ":
        pos += 1
    return pos


def meta_label(text: str) -> str | None:
    in_head = True
    for kind, name, attributes, end in tokens(text):
        if kind == "start" and name == "meta":
            label = meta_attributes_label(attributes)
            if label is not None and browser_codec(label) is not None:
                return label
        if kind in ("start", "end") and name not in IN_HEAD and (kind == "end" or name not in ("html", "head")):
            in_head = False
        if not in_head and end >= CHECKED_UNCONDITIONALLY:
            return None
    return None


def meta_attributes_label(attributes: list[tuple[str, str]]) -> str | None:
    """A <meta>'s encoding label, as Chromium takes it (each checked there, hunts 130 and 132):
    its last `charset`, HTML's white space stripped (a no-break space or a control character is
    part of the label); else, with an http-equiv of exactly "content-type" (ASCII case aside),
    the charset its last content names (a content naming none clears it). A `charset`, even
    empty, stops later contents counting."""
    pragma, mode, label = False, None, ""
    for name, value in attributes:
        if name == "http-equiv":
            pragma = pragma or ascii_lower(value) == "content-type"
        elif name == "charset":
            label, mode = value.strip(WHITESPACE), "charset"
        elif name == "content" and mode != "charset":
            label = content_charset(value)
            mode = "pragma" if label else None
    if mode == "charset" or (mode == "pragma" and pragma):
        return label
    return None


def content_charset(value: str) -> str:
    """`charset=x` in a content attribute, as Blink's ExtractCharset finds it ('' for none)."""
    lowered, pos, length = ascii_lower(value), 0, len(value)
    while (pos := lowered.find("charset", pos)) >= 0:
        pos = skip_controls(value, pos + 7)
        if pos >= length or value[pos] != "=":
            continue
        pos = skip_controls(value, pos + 1)
        quote = value[pos] if pos < length and value[pos] in "\"'" else ""
        pos += bool(quote)
        if pos >= length:
            break
        end = pos
        while end < length and (value[end] != quote if quote else value[end] > " " and value[end] not in "\"';"):
            end += 1
        if quote and end >= length:
            break  # no closing quote
        return value[pos:end]
    return ""


def tokens(text: str):
    """The page's tokens as HTML's tokenizer reads them, as far as the prescan asks:
    (kind, tag name, attributes, index after the token), kind one of text, comment, start, end."""
    pos, length = 0, len(text)
    while pos < length:
        lt = text.find("<", pos)
        if lt < 0:
            yield "text", "", [], length
            return
        if lt > pos:
            yield "text", "", [], lt
        after, then = text[lt + 1:lt + 2], text[lt + 2:lt + 3]
        if text.startswith("<!--", lt):
            pos = comment_end(text, lt + 4)
            yield "comment", "", [], pos
        elif after in ("!", "?") or (after == "/" and then not in ASCII_LETTERS and then not in ("", ">")):
            pos = bogus_comment_end(text, lt + 2)
            yield "comment", "", [], pos
        elif after == "/" and then == ">":
            pos = lt + 3  # `</>`: nothing
        elif after in ASCII_LETTERS or (after == "/" and then in ASCII_LETTERS):
            tag = read_tag(text, lt)
            if tag is None:
                return  # the file ends inside the tag: no token
            kind, name, attributes, pos = tag
            yield kind, name, attributes, pos
            if kind == "start":
                pos = text_end(text, name, pos)
                if pos is None:
                    return  # <plaintext>, or an element's text running to the end: no tag after it
        else:
            pos = lt + 1  # a `<` that opens nothing is text
            yield "text", "", [], pos


def comment_end(text: str, pos: int) -> int:
    """The index after a comment whose `<!--` ends before `pos`: `-->` or `--!>`, or `<!-->` and
    `<!--->` closing at once; an unclosed one runs to the end."""
    if text.startswith(">", pos):
        return pos + 1
    if text.startswith("->", pos):
        return pos + 2
    found = COMMENT_END.search(text, pos)  # (one search: the page's comments cost their length once)
    return found.end() if found else len(text)


def bogus_comment_end(text: str, pos: int) -> int:
    found = text.find(">", pos)
    return len(text) if found < 0 else found + 1


def read_tag(text: str, lt: int) -> tuple[str, str, list[tuple[str, str]], int] | None:
    """A start or end tag at `lt`: its kind, name (ASCII lower case), attributes (names in ASCII
    lower case, values with their character references read) and the index after it; None where
    the file ends inside it."""
    end_tag = text[lt + 1] == "/"
    name = TAG_NAME.match(text, lt + 2 if end_tag else lt + 1)
    pos, attributes, length = name.end(), [], len(text)
    while (pos := BETWEEN_ATTRIBUTES.match(text, pos).end()) < length:
        if text[pos] == ">":
            return ("end" if end_tag else "start"), ascii_lower(name.group()), attributes, pos + 1
        attribute = ATTRIBUTE_NAME.match(text, pos)
        pos, value = SPACES.match(text, attribute.end()).end(), ""
        if text.startswith("=", pos):
            pos = SPACES.match(text, pos + 1).end()
            if pos < length and text[pos] in "\"'":
                close = text.find(text[pos], pos + 1)
                if close < 0:
                    return None
                value, pos = text[pos + 1:close], close + 1
            else:
                unquoted = UNQUOTED_VALUE.match(text, pos)
                value, pos = unquoted.group(), unquoted.end()
        attributes.append((ascii_lower(attribute.group()), html.unescape(value)))
    return None


def text_end(text: str, name: str, pos: int) -> int | None:
    """Where the text the tokenizer reads after the start tag `name` ends (at its end tag):
    `pos` for a tag followed by markup; None where it runs to the end of the file."""
    if name == "plaintext":
        return None
    if name == "script":
        return script_end(text, pos)
    if name not in TEXT_UP_TO_END:
        return pos
    found = end_tag_of(name).search(text, pos)
    return found.start() if found else None


@functools.cache
def end_tag_of(name: str) -> re.Pattern:
    return re.compile(r"</%s(?=[\t\n\f\r />])" % name, re.I | re.A)


def script_end(text: str, pos: int) -> int | None:
    """Where a script's text ends: at the first `</script` its states end it at. HTML's script
    data states: after `<!--`, a `<script` makes a `</script` end only that inner one, until
    a `-->`."""
    state = "data"
    while (mark := SCRIPT_MARK.search(text, pos)) is not None:
        found, pos = mark.group(), mark.end()
        if found == ">":
            if state != "data" and text[mark.start() - 2:mark.start()] == "--":
                state = "data"
        elif found.startswith("</"):
            if state != "double":
                return mark.start()
            state, pos = "escaped", pos + 1  # (past the name's end)
        elif found == "<!--":
            state = "escaped" if state == "data" else state
        elif state == "escaped":  # <script
            state, pos = "double", pos + 1
    return None
