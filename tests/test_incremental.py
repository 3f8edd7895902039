"""Incremental extract: a release is extracted again only when one of its files, the
pipeline's code or an output-deciding library changed (or with --force); a run with
nothing changed prints `unchanged` for each release, imports neither pandas nor the
extractors, and leaves every file of the build as it was (bytes, mtime, inode).

One real build is made per session (conftest.py `extracted`); each test works on a copy of
it (and of raw/ when it changes a file), so a test extracts at most the small release."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import RAW, REPO
from test_notes import uncertain_entry
from pipeline.cli import main
from pipeline.extract import EXTRACTORS
from pipeline.files import MANIFEST
from pipeline.inputs import OUTPUT_DEPENDENCIES, SOURCE_SUFFIXES, dependency_versions, find_releases, is_unchanged, \
    pipeline_version
from pipeline.run import extract_to

SMALL, BIG = "2025-05-07", "2025-10-22"


@pytest.fixture(scope="module")
def built(extracted):
    return extracted[0]  # the session's `extract raw --out DIR`


@pytest.fixture
def build(built, tmp_path):
    """A copy of the module's build (mtimes kept), and of raw/ a test may change."""
    shutil.copytree(built, tmp_path / "build")
    shutil.copytree(RAW, tmp_path / "raw")
    return tmp_path / "build"


def state(folder) -> dict:
    """Every file and folder under `folder` with its bytes, mtime and inode."""
    out = {}
    for path in sorted(folder.rglob("*")):
        info = os.stat(path)
        out[str(path.relative_to(folder))] = (info.st_mtime_ns, info.st_ino, info.st_size,
                                             path.read_bytes() if path.is_file() else None)
    return out


def extract(build, *args):
    result = CliRunner().invoke(main, ["extract", str(build.parent / "raw"), "--out", str(build), "--jobs", "1",
                                       *args])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def unchanged_line(build, release):
    return f"{release}: unchanged -> {build / release}"


def test_nothing_changed_prints_unchanged_and_writes_nothing(build):
    before = state(build)
    assert extract(build) == [unchanged_line(build, SMALL), unchanged_line(build, BIG)]
    assert state(build) == before


def test_a_run_with_nothing_changed_imports_neither_pandas_nor_the_extractors(build):
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "pipeline", "extract",
                             str(build.parent / "raw"), "--out", str(build)], cwd=REPO, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.splitlines() == [unchanged_line(build, SMALL), unchanged_line(build, BIG)]
    modules = {line.rsplit("|", 1)[1].strip() for line in result.stderr.splitlines()
               if line.startswith("import time:")}
    heavy = {"pandas", "numpy", "pyarrow", "lxml", "pdfplumber", "pdfminer", "pandera", "selectolax", "tinycss2",
             "pipeline.release", "pipeline.extract", "pipeline.write", "pipeline.normalize", "schemas.min_cards"}
    assert not {m for m in modules if m in heavy or m.split(".")[0] in heavy}


def rebuilt(build, before, release) -> bool:
    """Whether the release folder was replaced (a new folder, new files) by the run."""
    return os.stat(build / release).st_ino != before[release][1]


def test_a_changed_source_byte_rebuilds_that_release_and_the_package_only(build):
    page = build.parent / "raw" / SMALL / "page.html"
    page.write_bytes(page.read_bytes() + b"\n")  # the same table, other bytes
    before = state(build)
    lines = extract(build)
    assert lines[0].startswith(f"{SMALL}: 124 rows") and lines[1] == unchanged_line(build, BIG)
    after = state(build)
    assert rebuilt(build, before, SMALL) and not rebuilt(build, before, BIG)
    assert {k: v for k, v in after.items() if k.startswith(BIG)} == {k: v for k, v in before.items()
                                                                     if k.startswith(BIG)}
    assert after["datapackage.json"][:2] != before["datapackage.json"][:2]  # written again
    manifest = json.loads((build / SMALL / MANIFEST).read_bytes())
    assert manifest["sources"][0]["sha256"] != json.loads(before[f"{SMALL}/{MANIFEST}"][3])["sources"][0]["sha256"]
    assert extract(build) == [unchanged_line(build, SMALL), unchanged_line(build, BIG)]  # and now it is recorded


def test_a_changed_note_rebuilds_the_release(build):
    note = build.parent / "raw" / SMALL / "SOURCE.md"
    note.write_bytes(note.read_bytes() + b"\nA line of notes.\n")
    before = state(build)
    assert not extract(build, "--release", SMALL)[0].endswith("unchanged -> " + str(build / SMALL))
    assert rebuilt(build, before, SMALL)


NOTE_ON_SMALL = uncertain_entry("qwen2-7b", "lora", 4096, "MindSpeed-LLM", "Snt9b23", "a test's declaration", "4")


def test_a_new_or_changed_notes_toml_rebuilds_the_release_with_its_cells_flagged(build):
    """Catches: notes.toml left out of the release's inputs (a release published before its
    notes said a cell is uncertain would stay `certain = true`), or its edits ignored."""
    notes = build.parent / "raw" / SMALL / "notes.toml"
    notes.write_text(NOTE_ON_SMALL, encoding="utf-8")
    before = state(build)
    assert extract(build, "--release", SMALL) != [unchanged_line(build, SMALL)]
    assert rebuilt(build, before, SMALL)
    manifest = json.loads((build / SMALL / MANIFEST).read_bytes())
    assert f"raw/{SMALL}/notes.toml" in [entry["path"] for entry in manifest["notes"]]
    flagged = [line for line in (build / SMALL / "min_cards.csv").read_text(encoding="utf-8").splitlines()
               if ",True,raw/" not in line][1:]  # certain is the column just before source_file
    assert [line.split(",")[1:11:] for line in flagged] == [
        ["qwen2-7b", "qwen2-7b", "qwen2", "7.0", "", "text", "lora", "4096", "MindSpeed-LLM", "Snt9b23"]]
    notes.write_text(NOTE_ON_SMALL.replace("Snt9b23", "Snt9b"), encoding="utf-8")  # the same size, other bytes
    before = state(build)
    assert extract(build, "--release", SMALL) != [unchanged_line(build, SMALL)]
    assert rebuilt(build, before, SMALL)
    assert ",lora,4096,MindSpeed-LLM,Snt9b,True,2,card,1,False," in (build / SMALL / "min_cards.csv").read_text(
        encoding="utf-8")


def changed_code(tmp_path):
    """A copy of the pipeline's code with one byte more in one file."""
    root = tmp_path / "code"
    for package in ("pipeline", "schemas"):
        shutil.copytree(REPO / package, root / package, ignore=shutil.ignore_patterns("__pycache__"))
    with open(root / "pipeline" / "normalize.py", "a", encoding="utf-8") as handle:
        handle.write("\n")
    return root


@pytest.mark.parametrize("change", ["code", "dependency"])
def test_a_changed_pipeline_rebuilds_the_release(build, tmp_path, change):
    raw = build.parent / "raw"
    current = pipeline_version()
    assert pipeline_version(REPO) == current  # the copy of the code hashes as the real one before the change
    other = (pipeline_version(changed_code(tmp_path)) if change == "code" else
             pipeline_version(dependencies={**dependency_versions(), "pdfplumber": "0.0.1"}))
    assert other != current
    before = state(build)
    done, failures, _ = extract_to(raw, build, (SMALL,), pipeline=other)
    assert [r.summary for r in done] != [f"{SMALL}: unchanged"] and not failures
    assert rebuilt(build, before, SMALL)
    assert json.loads((build / SMALL / MANIFEST).read_bytes())["pipeline"] == other
    [release] = find_releases(raw, (SMALL,))
    assert is_unchanged(release, build, other) and not is_unchanged(release, build, current)


def test_force_rebuilds_an_unchanged_release(build):
    before = state(build)
    lines = extract(build, "--force", "--release", SMALL)
    assert lines[0].startswith(f"{SMALL}: 124 rows")
    assert rebuilt(build, before, SMALL) and not rebuilt(build, before, BIG)


def test_a_removed_release_is_removed_and_the_package_rewritten(build):
    shutil.rmtree(build.parent / "raw" / SMALL)
    lines = extract(build)
    assert lines == [unchanged_line(build, BIG), f"{SMALL}: removed from {build} (no longer in {build.parent / 'raw'})"]
    assert not (build / SMALL).exists()
    assert [r["name"] for r in json.loads((build / "datapackage.json").read_bytes())["resources"]] \
        and SMALL not in (build / "datapackage.json").read_text(encoding="utf-8")


def test_an_edited_or_deleted_artifact_or_strict_with_findings_is_not_skipped(build):
    [small, big] = find_releases(build.parent / "raw")
    version = pipeline_version()
    assert is_unchanged(small, build, version) and is_unchanged(big, build, version)
    assert is_unchanged(small, build, version, strict=True)  # no finding: --strict passes it as it is
    assert not is_unchanged(big, build, version, strict=True)  # 6 findings: --strict must fail on them again
    report = build / BIG / "report.md"
    report.write_bytes(report.read_bytes().replace(b"6", b"7", 1))  # an edit that keeps the size
    assert not is_unchanged(big, build, version)
    report.unlink()
    assert not is_unchanged(big, build, version)


def test_the_light_source_suffixes_are_the_extractors():
    assert set(SOURCE_SUFFIXES) == set(EXTRACTORS)


def test_the_dependency_versions_are_those_importlib_metadata_reads():
    """Catches: a .dist-info name parsed wrongly (pdfminer.six is pdfminer_six there)."""
    from importlib import metadata

    versions = dependency_versions()
    assert {name: versions[name] for name in OUTPUT_DEPENDENCIES} == {name: metadata.version(name)
                                                                      for name in OUTPUT_DEPENDENCIES}
