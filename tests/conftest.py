"""Shared paths and the real releases, extracted once per test session."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from pipeline.release import ReleaseResult, extract_all, publish

REPO = Path(__file__).resolve().parents[1]
RAW = REPO / "raw"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
RELEASES = ("2025-05-07", "2025-10-22")
# The vendor evidence the releases were reconstructed from, with its provenance.
VENDOR = FIXTURES / "vendor"

# `extract` without --jobs runs in this process: from a test process (not a `mincards` command)
# workers start by forkserver and import the pipeline again, over a second per run. The tests of
# --jobs name it, and test_jobs.py checks the default (the number of CPUs) with this unset.
os.environ["MINCARDS_JOBS"] = "1"


@pytest.fixture(scope="session")
def vendor_dir() -> Path:
    return VENDOR


@pytest.fixture(scope="session")
def results() -> dict[str, ReleaseResult]:
    return {r.release: r for r in extract_all(RAW)}


@pytest.fixture(scope="session")
def published(results, tmp_path_factory) -> Path:
    """The real releases published once into a build folder, for tests that only read it
    (copy it before running anything that writes)."""
    out = tmp_path_factory.mktemp("published") / "build"
    publish(list(results.values()), out)
    return out


@pytest.fixture(scope="session")
def tidy(results) -> dict:
    return {release: result.frame for release, result in results.items()}


@pytest.fixture(scope="session")
def builds(published, tmp_path_factory) -> dict[str, Path]:
    """Builds with the cross-release artifacts (history, changelog, database, site), made
    once: "real" (the two real releases) and "synthetic" (tests/history_builds.py). Read only."""
    from history_builds import real_build, synthetic_build

    return {"real": real_build(published, tmp_path_factory.mktemp("real") / "build"),
            "synthetic": synthetic_build(tmp_path_factory.mktemp("synthetic"))}


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """One headless system Chromium for the session (tests/chromium.py), driven by Playwright,
    with its profile and config in a temp folder; the page tests skip without it."""
    from chromium import BROWSER, FLAGS, MISSING, home_env

    if BROWSER is None:
        pytest.skip(MISSING)
    from playwright.sync_api import sync_playwright

    home = tmp_path_factory.mktemp("chromium-home")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=BROWSER, args=[f for f in FLAGS if f != "--headless"],
                                              env=home_env(home))
        yield chromium
        chromium.close()


# Hypothesis profiles: `ci` (default) is deterministic and CI-sized; run
# `pytest --hypothesis-profile=thorough` for a long randomized search.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True, database=None,
                          print_blob=True)
settings.register_profile("thorough", max_examples=1500, deadline=None, print_blob=True)
settings.load_profile("ci")
