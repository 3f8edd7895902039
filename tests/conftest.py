"""Shared paths and the real releases, extracted once per test session."""
from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # the pipeline is imported by the fixtures that use it: pytest-xdist's controller
    from pipeline.release import ReleaseResult  # loads this file too, runs no test, and needs no pandas

# pytest keeps each test module it rewrites (for its asserts) as bytecode in tests/__pycache__,
# but not where Python is told to write none (PYTHONDONTWRITEBYTECODE): then every worker of
# every run parsed and rewrote all ~85 test modules again, about half of its collection (measured:
# `pytest --collect-only -p no:xdist` 5.1 -> 2.5 s of CPU). Written inside the clone, as `make
# bytecode` does for the rest; where it cannot be written, the modules are rewritten as before.
# The processes the tests start keep the environment's setting.
sys.dont_write_bytecode = False

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


def tree_digest(folder: Path) -> str:
    """One hash of every path under `folder` and every file's bytes."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        digest.update(str(path.relative_to(folder)).encode() + b"\0")
        if path.is_file():
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


SHARED: dict[Path, str] = {}  # the shared folders this process uses -> their digest when made


def shared(tmp_path_factory, name: str, make: Callable[[Path], object]) -> Path:
    """The folder `name`, filled by make(folder) once per test session: under pytest-xdist the
    first worker to ask makes it while holding a lock, the others wait for it and read the same
    folder (each worker used to build the releases again). For data the tests only read: the
    session ends with a check (`shared_data_unchanged`) that no test wrote into it."""
    root = tmp_path_factory.getbasetemp()
    if "PYTEST_XDIST_WORKER" in os.environ:
        root = root.parent  # the session's folder, above the workers' own
    folder, made = root / f"shared-{name}", root / f"shared-{name}.sha256"
    with open(root / f"shared-{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a failed attempt left
            folder.mkdir()
            make(folder)
            made.write_text(tree_digest(folder))
        SHARED[folder] = made.read_text()
    return folder


@pytest.fixture(scope="session", autouse=True)
def shared_data_unchanged():
    """Fails the session (an error at its last teardown) if a test wrote into shared data."""
    yield
    changed = [str(folder) for folder, digest in SHARED.items() if tree_digest(folder) != digest]
    assert not changed, f"a test wrote into the session's shared data (copy it first): {changed}"


@pytest.fixture(scope="session")
def results(tmp_path_factory) -> dict[str, ReleaseResult]:
    from pipeline.release import extract_all

    def extract(folder: Path) -> None:
        (folder / "results.pickle").write_bytes(pickle.dumps({r.release: r for r in extract_all(RAW)}))

    return pickle.loads((shared(tmp_path_factory, "results", extract) / "results.pickle").read_bytes())


@pytest.fixture(scope="session")
def published(results, tmp_path_factory) -> Path:
    """The real releases published once into a build folder, for tests that only read it
    (copy it before running anything that writes)."""
    from pipeline.release import publish

    return shared(tmp_path_factory, "published", lambda folder: publish(list(results.values()), folder / "build")) \
        / "build"


@pytest.fixture(scope="session")
def extracted(tmp_path_factory) -> tuple[Path, str]:
    """raw/ as `mincards extract raw --out DIR` writes it (click's runner, in this process), made
    once: the build folder and what the command printed. Read only."""
    from click.testing import CliRunner

    from pipeline.cli import main

    def extract(folder: Path) -> None:
        result = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(folder / "build")])
        assert result.exit_code == 0, result.output
        (folder / "output.txt").write_text(result.output, encoding="utf-8")

    folder = shared(tmp_path_factory, "extracted", extract)
    return folder / "build", (folder / "output.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def extracted_pages(tmp_path_factory) -> tuple[Path, Path]:
    """raw/ without its PDFs (each release's page.html alone) and its build by `mincards extract`,
    made once: for tests of what a second run does over a first (copy both before changing
    either; a copied build is up to date for the copied raw/)."""
    from click.testing import CliRunner

    from pipeline.cli import main

    def extract(folder: Path) -> None:
        for release in RELEASES:
            (folder / "raw" / release).mkdir(parents=True)
            shutil.copy(RAW / release / "page.html", folder / "raw" / release / "page.html")
        result = CliRunner().invoke(main, ["extract", str(folder / "raw"), "--out", str(folder / "build")])
        assert result.exit_code == 0, result.output

    folder = shared(tmp_path_factory, "extracted-pages", extract)
    return folder / "raw", folder / "build"


def redated(raw, source: str, date: str) -> None:
    """A copy of release `source` (its page and SOURCE.md, not its PDF) as release `date`."""
    folder = raw / date
    folder.mkdir(parents=True)
    page = (RAW / source / "page.html").read_text(encoding="utf-8")
    page, count = re.subn(r"更新时间：\d{4}-\d{2}-\d{2}", f"更新时间：{date}", page)
    assert count == 1
    (folder / "page.html").write_text(page, encoding="utf-8")
    shutil.copy(RAW / source / "SOURCE.md", folder / "SOURCE.md")


@pytest.fixture(scope="session")
def tidy(results) -> dict:
    return {release: result.frame for release, result in results.items()}


@pytest.fixture(scope="session")
def builds(published, tmp_path_factory) -> dict[str, Path]:
    """Builds with the cross-release artifacts (history, changelog, database, site), made
    once: "real" (the two real releases) and "synthetic" (tests/history_builds.py). Read only."""
    from history_builds import real_build, synthetic_build

    def build(folder: Path) -> None:
        real_build(published, folder / "real" / "build")
        synthetic_build(folder / "synthetic")

    folder = shared(tmp_path_factory, "builds", build)
    return {"real": folder / "real" / "build", "synthetic": folder / "synthetic" / "build"}


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


@pytest.fixture(scope="session")
def printer(browser):
    """The browser, to print the vendor page with: skips where no font draws its Chinese."""
    from chromium import NO_CJK_FONT, has_cjk_font

    if not has_cjk_font():
        pytest.skip(NO_CJK_FONT)
    return browser


# Hypothesis profiles: `ci` (default, `make test`) is deterministic and sized for the suite's
# time; `deep` (`make test-deep`) the same with twice the examples; run
# `pytest --hypothesis-profile=thorough` for a long randomized search.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", max_examples=30, deadline=None, derandomize=True, database=None,
                          print_blob=True)
settings.register_profile("deep", settings.get_profile("ci"), max_examples=60)
settings.register_profile("thorough", max_examples=1500, deadline=None, print_blob=True)
settings.load_profile("ci")
