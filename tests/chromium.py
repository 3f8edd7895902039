"""The system Chromium (`make browser`), driven by Playwright for the page tests
(tests/test_report.py, tests/test_site.py); never a downloaded browser. One browser per
test session: the `browser` fixture of tests/conftest.py."""
from __future__ import annotations

import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-smooth-scrolling",
         "--enable-logging=stderr", "--v=0"]
MISSING = "no chromium on this machine: `make browser` installs it (Debian, root), then run `make test` again"
NO_CJK_FONT = ("no Noto Sans CJK on this machine for Chromium to print the vendor page's Chinese in: `make browser` "
               "installs fonts-noto-cjk (Debian, root), then run `make test` again")


def has_cjk_font() -> bool:
    """Does fontconfig know Noto Sans CJK, the font Chromium prints the vendor page's Chinese
    in? Without a CJK font it prints empty boxes, and the print is not the vendor's table;
    with another one (WenQuanYi) the lines wrap and the pages break elsewhere than the tests
    that print it were written for."""
    try:
        listed = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return "Noto Sans CJK" in listed.stdout


def home_env(home: Path) -> dict[str, str]:
    """Chromium's profile, config and cache under `home`: it writes crash-report settings and
    dconf files under $HOME and the XDG folders even with --user-data-dir, and the tests
    change nothing outside their folders."""
    return {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_CACHE_HOME": str(home / ".cache"), "XDG_RUNTIME_DIR": str(home / "run")}


TABS: dict[int, object] = {}  # id(browser) -> the page its looks are taken in


@contextmanager
def tab(browser, width: int = 1280, height: int = 720):
    """A page to take one look at a document in (Playwright's default window unless sized): the
    worker's one page, emptied first by a navigation to about:blank (a new document and window:
    nothing of the look before is left, its scripts' globals and timers included) and sized. A
    new page for each look cost Chromium a renderer process, ~0.2 s of CPU: ~45 s of the suite's.
    A look that fails closes the page (it may be stuck in a script); the next opens another.
    Not for looks that move the mouse or listen to the page's events: those open their own."""
    page = TABS.get(id(browser))
    if page is None or page.is_closed():
        page = TABS[id(browser)] = browser.new_page()
    done = False
    try:
        page.goto("about:blank")
        page.set_viewport_size({"width": width, "height": height})
        yield page
        done = True
    finally:
        if not done:
            TABS.pop(id(browser), None)
            page.close()


def open_page(browser, path: Path, width: int = 420):
    """A page loaded in a window `width` px wide, and the list its console errors go to."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri())
    return page, errors


def overflow(page) -> int:
    """How far the page is wider than the window (0: nothing to scroll sideways)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def evaluated_on(browser, html: str, script: str, width: int = 1024, height: int = 768):
    """What a script (a JavaScript function, perhaps async) returns on `html` drawn by Chromium in
    a window of that size (the narrowest desktop window by default)."""
    with tab(browser, width, height) as page:
        page.set_content(html)
        return page.evaluate(script)


def inner_texts(browser, html: str, ids: list[str]) -> list[str]:
    """What Chromium draws as the text of each element of `html` named by id (its innerText)."""
    with tab(browser) as page:
        page.set_content(html)
        return [page.inner_text(f"#{name}") for name in ids]
