"""Regenerate tests/fixtures/html/browser_trees.json: malformed vendor-like pages and the tree
Chromium builds from each.

    python tools/browser_trees.py [--count N]

The pages are drawn by tests/browser_trees.py's hypothesis strategy (derandomized, so the
same pages each time for the same code); Chromium (Debian's `chromium`) parses them all in
one headless run. The fixture records Chromium's version.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from hypothesis import HealthCheck, given, settings  # noqa: E402

from browser_trees import BROWSER, FIXTURE, browser_trees, malformed_pages  # noqa: E402


def drawn_pages(count: int) -> list[tuple[str, list | None]]:
    pages: list[tuple[str, list | None]] = []

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(malformed_pages())
    def collect(page):
        pages.append(page)

    collect()
    return list({page: (page, shown) for page, shown in pages}.values())  # hypothesis may draw a page twice


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=120)
    args = parser.parse_args()
    if BROWSER is None:
        print("needs chromium: sudo apt-get install chromium", file=sys.stderr)
        return 1
    pages = drawn_pages(args.count)
    version = subprocess.run([BROWSER, "--version"], capture_output=True, text=True).stdout.strip()
    trees = browser_trees([page for page, _ in pages])
    cases = [{"page": page, "shown": shown, "browser": tree} for (page, shown), tree in zip(pages, trees)]
    FIXTURE.write_text(json.dumps({"browser": version, "cases": cases}, ensure_ascii=False, indent=0) + "\n",
                       encoding="utf-8")
    print(f"{len(cases)} pages and {version}'s trees -> {FIXTURE.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
