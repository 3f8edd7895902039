"""Pages made by other hands, round 29 (hunt 93, session 43): CSS as sites write it in 2025-2026.

- **Declarations after a nested rule** (`X { & {display:none} display:table-row }`, the same with a
  nested `@media`): Chromium (since 130, CSSNestedDeclarations) applies them after that rule; the
  cascade put every declaration of a rule before its nested rules, so a row Chromium shows was
  dropped (1,310 rows for 1,350) and one it hides was published.
- **`&` under a selector list** (`#nope, tbody { & > tr {…} }`) is `:is(#nope, tbody)`, with the
  id's specificity wherever it matches; the cascade expanded it member by member, and a rule of
  lower specificity hid a row Chromium shows.
- **`:scope` inside `@scope`** is the scope's root; cssselect2 took it for the document's root, so
  `:scope > tr` matched nothing and the rule was neither applied nor checked: a row or a digit
  Chromium hides was published. An @scope's rules (nested in a style rule too) are now checked as
  applying under any element, `:scope` as any element."""
from __future__ import annotations

import pytest

from chromium import evaluated_on
from page_variants import PAGE_HTML, ROWS, read
from pipeline.errors import SourceError

ROW = "modelarts_llm_train_590804__row0087"  # llama3.2-1b: 40 rows of the 2025-10-22 page
ROW_MODEL_ROWS = 40
assert f'id="{ROW}"' in PAGE_HTML


def styled(css: str) -> str:
    return PAGE_HTML.replace("</head>", f"<style>{css}</style></head>", 1)


# css, does Chromium show the row?
NESTED = {
    "trailing after &": (f"#{ROW} {{ & {{ display: none; }} display: table-row; }}", True),
    "trailing after @media": (f"#{ROW} {{ @media screen {{ display: none; }} display: table-row; }}", True),
    "hidden by trailing": (f"#{ROW} {{ @media screen {{ display: table-row; }} display: none; }}", False),
    "& of a list with an id": ("#nope, tbody { & > tr { display: table-row; } } table tbody tr:nth-child(7) "
                               "{ display: none; }", True),
    # … but declarations after a nested rule keep each member's own specificity, as the rule's first ones do
    "trailing of a list with an id": ("#nope, tbody > tr:nth-child(7) { @media screen { color: red; } display: none; } "
                                      "table tbody tr:nth-child(7) { display: table-row; }", True),
    # hunt 97: `&` is a token, not a character of a quoted string; outside any rule it is the root
    "& in a string": (f".nope {{ tr[id='{ROW}']:not([title='&']) {{ display: none; }} }}", True),
    "& at the top level": (":is(&) tbody tr:nth-child(7) { display: none; }", False),
    "implied & of a list with an id": ("#nope, tbody { > tr { display: table-row; } } table tbody tr:nth-child(7) "
                                       "{ display: none; }", True),
}
ROW_SHOWN = f"() => getComputedStyle(document.getElementById('{ROW}')).display !== 'none'"


@pytest.mark.parametrize("name", NESTED)
def test_chromium_cascades_nested_rules_so(browser, name):
    css, shown = NESTED[name]
    assert evaluated_on(browser, styled(css), ROW_SHOWN, width=1280) is shown


@pytest.mark.parametrize("name", NESTED)
def test_nested_rules_are_cascaded_as_chromium_cascades_them(name):
    """Catches: trailing declarations hoisted before the nested rules, and `&` of a parent list
    expanded member by member (each a row dropped that Chromium shows, or published that it hides)."""
    css, shown = NESTED[name]
    frame = read(styled(css))[2].frame
    assert len(frame) == (ROWS if shown else ROWS - ROW_MODEL_ROWS)
    assert ("llama3.2-1b" in set(frame["model"])) is shown


SCOPED = {
    "a row, :scope >": ("@scope (tbody) { :scope > tr:nth-child(7) { display: none; } }",
                        f"() => getComputedStyle(document.getElementById('{ROW}')).display"),
    "a digit, :scope >": (f"@scope (#{ROW}) {{ :scope > td:nth-child(5) p {{ visibility: hidden; }} }}",
                          f"() => getComputedStyle(document.querySelector('#{ROW} > td:nth-child(5) p')).visibility"),
    "nested in a rule": ("tbody { @scope (tr:nth-child(7)) { :scope { display: none; } } }",
                         f"() => getComputedStyle(document.getElementById('{ROW}')).display"),
    "under two :not()s": ("@scope (tbody) { :not(:not(:scope)) > tr:nth-child(7) { display: none; } }",
                          f"() => getComputedStyle(document.getElementById('{ROW}')).display"),
    "declarations of the root": ("@scope (tbody > tr:nth-child(7)) { display: none; }",
                                 f"() => getComputedStyle(document.getElementById('{ROW}')).display"),
}


@pytest.mark.parametrize("name", SCOPED)
def test_chromium_applies_the_scoped_rule(browser, name):
    css, script = SCOPED[name]
    assert evaluated_on(browser, styled(css), script, width=1280) in ("none", "hidden")


@pytest.mark.parametrize("name", SCOPED)
def test_a_scoped_rule_reaching_the_table_is_an_error(name):
    """Catches: `:scope` matched as the document's root, the rule neither applied nor checked (1,350
    rows published where Chromium hides 40, or a hidden 2*Ascend published)."""
    with pytest.raises(SourceError, match=r"inside @scope .* may hide, mark or add text"):
        read(styled(SCOPED[name][0]))


def test_a_scoped_rule_outside_the_table_is_not_an_error():
    """What must not be refused: an @scope whose rules reach only elements outside the table."""
    css = "@scope (tbody) { :scope > tr > td > p > em { color: white; } }"
    assert len(read(styled(css))[2].frame) == ROWS


# hunt 97: a block in a `style` attribute is no nesting (Chromium drops it with what follows, to the
# next `;`), and a rule on visited links reaches links only
ROW_STYLED = {"a block, then a declaration": "x{} display:none", "a nested rule": "&{color:red} display:none"}


@pytest.mark.parametrize("name", ROW_STYLED)
def test_a_block_in_a_style_attribute_drops_what_follows_it(browser, name):
    """Catches: `<tr style="x{} display:none">` read as hiding the row (1,310 rows published) where
    Chromium shows it."""
    html = PAGE_HTML.replace(f'<tr id="{ROW}"', f'<tr id="{ROW}" style="{ROW_STYLED[name]}"', 1)
    assert evaluated_on(browser, html, ROW_SHOWN, width=1280) is True
    assert len(read(html)[2].frame) == ROWS


def test_a_rule_on_visited_links_is_judged_where_links_are():
    """Catches (Open Props' normalize): `:where(a[href]):where(:visited){color:var(--link-visited)}`
    widened to every element, <html> included, and the page refused; it reaches links only, and the
    table holds none."""
    css = ":root{--link-visited:#800080} :where(a[href]):where(:visited){color:var(--link-visited)}"
    assert len(read(styled(css))[2].frame) == ROWS
