"""Pages made by other hands, round 28 (hunt 87, session 42): the newest rules by other routes.

- A frame inside the vendor table runs code as the page loads: an `<iframe srcdoc>` holds a
  document of the page's own origin, and an iframe's `javascript:` URL runs in the page. A hidden
  one whose script sets a cell to 64*Ascend drew 64 where 32 was published. Such a frame is now
  an error, as a `<script>` in the table is (html.runs_script).
- A box outside the table that its resting style hides (opacity 0, visibility hidden) but an
  animation shows as the page loads (a CSS animation of 0s, forwards; an SVG `<set begin=0s>`):
  a white one over the 3 of 32*Ascend showed 2*Ascend where 32 was published. Such a box is now
  judged as a shown one (html_tables.animated_into_sight)."""
from __future__ import annotations

import pytest

from chromium import evaluated_on
from conftest import RAW
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.html import extract_html
from pipeline.normalize import normalize

PAGE = (RAW / "2025-05-07" / "page.html").read_text(encoding="utf-8")
CELL_ID = "modelarts_llm_train_5902044__p0021"  # llama3.1-70b, full, 4096, MindSpeed-LLM: 32*Ascend
CELL = f'<p id="{CELL_ID}">32*Ascend</p>'
WRITE_64 = f"parent.document.getElementById('{CELL_ID}').textContent='64*Ascend'"
assert CELL in PAGE


def with_frame(frame: str) -> str:
    return PAGE.replace(CELL, CELL[:-4] + frame + "</p>", 1)


def frame_writing(how: str) -> str:
    return {"srcdoc": f'<iframe hidden srcdoc="<script>{WRITE_64}</script>"></iframe>',
            "javascript": '<iframe hidden src=" Java\tScript:' + WRITE_64.replace("'", "&quot;") + '"></iframe>'}[how]


@pytest.mark.parametrize("how", ["srcdoc", "javascript"])
def test_chromium_shows_what_a_hidden_frames_script_writes_in_the_cell(browser, how):
    shown = evaluated_on(browser, with_frame(frame_writing(how)),
                         f"() => document.getElementById('{CELL_ID}').innerText", width=1280)
    assert shown == "64*Ascend"


@pytest.mark.parametrize("how, what", [("srcdoc", "an <iframe srcdoc> holding a script"), ("javascript", "<iframe src=javascript:…>")])
def test_a_frame_running_code_inside_the_table_is_an_error(how, what):
    """Catches: the cell read as served (32) where the frame's script makes it 64."""
    with pytest.raises(SourceError, match=f"{what} inside the vendor table .* scripts are not run here"):
        extract_html(with_frame(frame_writing(how)).encode("utf-8"), "page.html")


def test_a_frame_with_a_plain_url_inside_the_table_is_not_a_script():
    """What must not be refused for running code: an iframe loading an ordinary URL (hidden)."""
    grid, _ = extract_html(with_frame('<iframe hidden src="https://example.com/x"></iframe>').encode("utf-8"),
                           "page.html")
    assert len(normalize(grid, "2025-05-07").frame) == 124


BOX = "position:absolute;left:385px;top:298px;width:10px;height:34px;"
OVERLAYS = {
    "css opacity": ("@keyframes show{to{opacity:1}} .cover{opacity:0;background:white;animation:show 0s forwards}",
                    f'<div class="cover" style="{BOX}"></div>'),
    "css visibility": ("@keyframes show{to{visibility:visible}} "
                       ".cover{visibility:hidden;background:white;animation:show 0s forwards}",
                       f'<div class="cover" style="{BOX}"></div>'),
    "svg set": ("", f'<svg class="cover" style="{BOX}visibility:hidden"><rect width="10" height="34" fill="white"/>'
                    '<set attributeName="visibility" to="visible" begin="0s"/></svg>'),
}


def with_overlay(name: str, animated: bool = True) -> str:
    css, box = OVERLAYS[name]
    if not animated:
        css, box = css.replace("animation:show 0s forwards", ""), box.replace('<set attributeName="visibility" '
                                                                               'to="visible" begin="0s"/>', "")
    page = PAGE.replace("</head>", f"<style>{css}</style></head>", 1) if css else PAGE
    page = page.replace('<div class="tablenoborder">', '<div class="tablenoborder" style="position:relative">', 1)
    return page.replace("</table>", "</table>" + box, 1)


SHOWN = """async () => {
  await Promise.all(document.getAnimations().map(a => a.finished));
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const cover = document.querySelector('.cover'), style = getComputedStyle(cover);
  const at = cover.getBoundingClientRect(), hit = document.elementFromPoint(at.left + 5, at.top + 17);
  const digit = document.getElementById('%s').getBoundingClientRect();
  return [style.opacity === '1' && (hit === cover || cover.contains(hit)),
          at.left < digit.right && digit.left < at.right && at.top < digit.bottom && digit.top < at.bottom];
}""" % CELL_ID


@pytest.mark.parametrize("name", OVERLAYS)
def test_chromium_shows_the_animated_box_over_the_value(browser, name):
    """The premise: once its animation ran the box is shown (opaque, and hit where it lies, which a
    hidden box is not) over the cell's text; without the animation it stays hidden."""
    assert evaluated_on(browser, with_overlay(name), SHOWN, width=1280) == [True, True]
    assert evaluated_on(browser, with_overlay(name, animated=False), SHOWN, width=1280)[0] is False


@pytest.mark.parametrize("name", OVERLAYS)
def test_a_hidden_box_an_animation_shows_over_the_table_is_an_error(name):
    """Catches: the box skipped as hidden, 32 published where Chromium shows 2*Ascend."""
    with pytest.raises(LayoutError, match="outside the vendor table may be drawn over it"):
        extract_html(with_overlay(name).encode("utf-8"), "page.html")


@pytest.mark.parametrize("name", OVERLAYS)
def test_the_same_box_hidden_without_an_animation_is_read(name):
    """What must not be refused: the box hidden for good draws nothing."""
    grid, _ = extract_html(with_overlay(name, animated=False).encode("utf-8"), "page.html")
    frame = normalize(grid, "2025-05-07").frame
    assert len(frame) == 124 and 32 in set(frame.min_units.dropna())
