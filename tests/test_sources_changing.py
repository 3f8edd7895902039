"""`mincards extract` while raw/ changes under it, and into a folder it cannot write.

pipeline/release.py lists the raw folder, then each release folder, then reads each source
once and hashes the bytes it parses. The named points of pipeline/faults.py let a test act
at the exact moment that matters: right after a listing (RELEASES_LISTED, SOURCES_LISTED),
right after a source was read (SOURCE_READ). Nothing depends on timing."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

import pipeline.run  # noqa: F401 - imported before a child drops root and may not read the venv
from conftest import RAW
from pipeline.cli import main
from pipeline.faults import acting_at
from pipeline.publish import STAGING
from pipeline.release import RELEASES_LISTED, SOURCE_READ, SOURCES_LISTED
from processes import in_child, reachable_tmp

RELEASE = "2025-05-07"
PAGE_A = (RAW / RELEASE / "page.html").read_bytes()
PAGE_B = PAGE_A.replace(b"512*Ascend", b"256*Ascend")  # DeepSeek-R1's first cell, then another value
PAGE_C = PAGE_A.replace(b"512*Ascend", b"128*Ascend")
assert len({PAGE_A, PAGE_B, PAGE_C}) == 3


def raw_with_page(folder: Path) -> Path:
    """raw/2025-05-07/page.html alone (a PDF beside it would disagree with a changed page)."""
    (folder / "raw" / RELEASE).mkdir(parents=True)
    (folder / "raw" / RELEASE / "page.html").write_bytes(PAGE_A)
    return folder / "raw"


def built(out: Path) -> dict[str, bytes]:
    """Every published file of a build folder with its bytes (hidden entries are the writers' own)."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out).parts)}


def extract(raw: Path, out: Path, *options: str):
    return CliRunner().invoke(main, ["extract", str(raw), "--out", str(out), "--jobs", "1", *options])


@pytest.mark.parametrize("point, removed, message", [
    (SOURCES_LISTED, f"{RELEASE}/page.html",
     f"raw/{RELEASE}/page.html: cannot read source: the file is gone: it was removed after its folder was listed "
     "(expected the release folder left alone while mincards extract reads it)"),
    (RELEASES_LISTED, RELEASE,
     f"raw/{RELEASE}: release: the release folder is gone: it was removed after the raw folder was listed "
     "(expected raw/ left alone while mincards extract reads it)"),
], ids=["file", "release folder"])
def test_a_source_removed_after_the_listing_is_one_error_naming_it(published, tmp_path, point, removed, message):
    raw, out = raw_with_page(tmp_path), tmp_path / "build"
    shutil.copytree(published, out)  # the previous build, both releases
    before = built(out)

    def remove(*_):
        path = raw / removed
        shutil.rmtree(path) if path.is_dir() else path.unlink()

    with acting_at(point, remove):
        result = extract(raw, out)
    assert not (raw / removed).exists()
    assert result.exit_code == 1
    assert result.output == f"error: {message}\nnothing was written; the output folder keeps its previous contents\n"
    assert built(out) == before and not list(out.glob(f"{STAGING}*"))


def test_the_manifest_hashes_the_bytes_that_were_parsed(tmp_path):
    """The page changes after the listing (B is read) and again right after the read (C is
    on disk at the end): the data and every published sha256 are B's, never a re-read's."""
    raw, out = raw_with_page(tmp_path), tmp_path / "build"
    page = raw / RELEASE / "page.html"
    with acting_at(SOURCES_LISTED, lambda paths: page.write_bytes(PAGE_B)), \
            acting_at(SOURCE_READ, lambda path: page.write_bytes(PAGE_C)):
        result = extract(raw, out)
    assert result.exit_code == 0, result.output
    assert page.read_bytes() == PAGE_C
    parsed = hashlib.sha256(PAGE_B).hexdigest()
    manifest = json.loads((out / RELEASE / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["sources"] == [{"path": f"raw/{RELEASE}/page.html", "sha256": parsed}]
    package = json.loads((out / RELEASE / "datapackage.json").read_text(encoding="utf-8"))
    files = [f for resource in package["resources"] for source in resource["sources"] for f in source["files"]]
    assert files and all(f["sha256"] == parsed for f in files)
    table = (out / RELEASE / "min_cards.csv").read_bytes()
    assert b"256*Ascend" in table and b"512*Ascend" not in table and b"128*Ascend" not in table


@pytest.mark.parametrize("make", [os.mkfifo, lambda path: path.symlink_to("/dev/zero")], ids=["pipe", "device"])
def test_a_source_that_is_not_a_regular_file_is_refused_not_read(tmp_path, make):
    """A pipe would block the read for ever, /dev/zero would never end (its size is 0, so
    the size bound checked before the read would not stop it)."""
    (tmp_path / "raw" / RELEASE).mkdir(parents=True)
    make(tmp_path / "raw" / RELEASE / "page.html")

    def hang(*_):
        raise TimeoutError("the read did not return")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(60)  # only turns a hang into a failure
    try:
        result = extract(tmp_path / "raw", tmp_path / "build")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert result.exit_code == 1
    assert result.output.startswith(f"error: raw/{RELEASE}/page.html: cannot read source: is not a regular file "
                                    "(a pipe or a device?) (expected a file)\n")
    assert not (tmp_path / "build").exists()


def test_an_output_folder_that_cannot_be_written_is_one_error_naming_it(published):
    """A real read-only folder: mode 0555, and extract runs as a user that cannot override
    it (a test run by root runs it as nobody). The previous build stays as it was; an
    output folder to be made in a read-only folder is named the same way."""
    with reachable_tmp() as tmp:
        raw, out, missing = raw_with_page(tmp), tmp / "build", tmp / "locked" / "build"
        shutil.copytree(published, out)
        (tmp / "locked").mkdir()
        for folder in (out, tmp / "locked"):
            folder.chmod(0o555)
        before = built(out)

        def extract_into_both():
            return [(r.exit_code, r.output) for r in (extract(raw, out), extract(raw, missing))]

        for (code, output), folder in zip(in_child(extract_into_both, unprivileged=True), (out, missing)):
            assert code == 1
            pattern = (rf"error: {re.escape(str(folder))}: cannot use this folder: Permission denied "
                       rf"\({re.escape(str(folder))}(/[^/ ]+)?\) \(expected a folder this user can read and write "
                       r"in, with free space\)\nnothing was written; the output folder keeps its previous contents\n")
            assert re.fullmatch(pattern, output), output
        assert built(out) == before and not missing.exists()
