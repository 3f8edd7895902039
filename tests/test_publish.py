"""Publishing: each release folder comes with a manifest its readers check; build/
mirrors raw/ on a full run; --release runs touch only the releases named."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline import publish as publish_module
from pipeline.publish import LOCK_NAME, publish_all
from pipeline.release import release_files


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def raw_html_only(extracted_pages, tmp_path):
    """Both releases, HTML only (the PDFs add time and nothing to what is tested here)."""
    shutil.copytree(extracted_pages[0], tmp_path / "raw")
    return tmp_path / "raw"


@pytest.fixture
def built(extracted_pages, raw_html_only, tmp_path):
    """raw_html_only's build, as a first `mincards extract` wrote it (a copy of the session's)."""
    shutil.copytree(extracted_pages[1], tmp_path / "build")
    return tmp_path / "build"


def tree(folder):
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_the_manifest_names_every_artifact_with_its_sha256(raw_html_only, built):
    out = built
    manifest = json.loads((out / "2025-10-22" / "manifest.json").read_text(encoding="utf-8"))
    folder = out / "2025-10-22"
    on_disk = {p.name for p in folder.iterdir()} - {"manifest.json"}
    named = set(manifest["artifacts"])
    assert named == on_disk | {"../dataset/2025-10-22/part-0.parquet"}
    for name, entry in manifest["artifacts"].items():
        data = (folder / name).read_bytes()
        assert entry == {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}, name
    page = (raw_html_only / "2025-10-22" / "page.html").read_bytes()
    assert manifest["sources"] == [{"path": "raw/2025-10-22/page.html", "sha256": hashlib.sha256(page).hexdigest()}]
    assert manifest["release"] == "2025-10-22"


def test_a_full_run_removes_releases_no_longer_in_raw(raw_html_only, built):
    out = built
    shutil.rmtree(raw_html_only / "2025-05-07")
    result = run("extract", raw_html_only, "--out", out)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == f"2025-05-07: removed from {out} (no longer in {raw_html_only})"
    assert not (out / "2025-05-07").exists() and not (out / "dataset" / "2025-05-07").exists()
    assert sorted(p.name for p in (out / "dataset").iterdir()) == ["2025-10-22"]
    assert all(not name.startswith(".staging") for name in tree(out))


def test_a_release_run_touches_only_the_releases_named(raw_html_only, built):
    out = built
    before = {name: (out / name).read_bytes() for name in tree(out) if name.startswith(("2025-05-07", "dataset/2025-05-07"))}
    shutil.rmtree(raw_html_only / "2025-05-07")
    (out / "2025-01-01").mkdir()  # not in raw/ either: a --release run leaves it alone
    result = run("extract", raw_html_only, "--out", out, "--release", "2025-10-22")
    assert result.exit_code == 0 and "removed" not in result.output
    assert {name: (out / name).read_bytes() for name in before} == before
    assert (out / "2025-01-01").is_dir()


def test_a_failing_release_with_keep_going_is_not_removed(raw_html_only, built):
    out = built
    page = raw_html_only / "2025-05-07" / "page.html"
    page.write_text(page.read_text(encoding="utf-8").replace(">4*Ascend<", ">4*Ascnd<", 1), encoding="utf-8")
    result = run("extract", raw_html_only, "--out", out, "--keep-going")
    assert result.exit_code == 1
    assert (out / "2025-05-07" / "min_cards.parquet").is_file()  # still in raw/: kept as it was


def test_readers_refuse_a_table_its_manifest_does_not_name(raw_html_only, built):
    out = built
    table = out / "2025-10-22" / "min_cards.parquet"
    frame = pq.read_table(table).to_pandas()
    frame.loc[frame["min_units"] == 512, "min_units"] = 5  # a hand edit after publication
    frame.to_parquet(table)
    for args in (("query", "qwen3_moe-235B_A22B"), ("diff", "2025-05-07", "2025-10-22")):
        result = run(*args, "--build", out)
        assert result.exit_code == 1, args
        assert result.output.startswith(f"error: {table}: cannot read source: the file is not the one its "
                                        "release's manifest names (changed after it was published)")


def test_readers_refuse_an_edit_that_keeps_the_size(published, tmp_path):
    """Catches: the manifest check comparing sizes only. One byte of the table's vendor URL
    (its Parquet metadata, uncompressed) changed in place: same size, a file that still reads."""
    out = tmp_path / "build"
    shutil.copytree(published, out)
    table = out / "2025-10-22" / "min_cards.parquet"
    data = table.read_bytes()
    edited = data.replace(b"support.huaweicloud.com", b"support.huaweic1oud.com", 1)
    assert edited != data and len(edited) == len(data)
    table.write_bytes(edited)
    assert pq.read_metadata(table).metadata[b"mincards.source_url"].startswith(b"https://support.huaweic1oud.com/")
    for args in (("query", "qwen2.5-7b"), ("diff", "2025-05-07", "2025-10-22")):
        result = run(*args, "--build", out)
        assert result.exit_code == 1, (args, result.output)
        assert result.output.startswith(f"error: {table}: cannot read source: the file is not the one its "
                                        "release's manifest names (changed after it was published)")


def test_readers_refuse_a_release_without_a_manifest(raw_html_only, built):
    out = built
    (out / "2025-10-22" / "manifest.json").unlink()
    result = run("query", "qwen2.5-7b", "--build", out)
    assert result.exit_code == 1
    assert "manifest.json: cannot read source: no readable manifest entry for min_cards." in result.output


def test_without_an_atomic_exchange_the_build_is_the_same(results, tmp_path):
    files = [release_files(r) for r in results.values()]
    for atomic in (True, False):
        out = tmp_path / str(atomic)
        publish_all(out, files, keep=list(results))
        publish_all(out, files, keep=list(results), atomic=atomic)  # replaces every folder
    assert tree(tmp_path / "True") == tree(tmp_path / "False")
    assert all((tmp_path / "True" / n).read_bytes() == (tmp_path / "False" / n).read_bytes()
               for n in tree(tmp_path / "True"))


def record_swaps(monkeypatch, events: list, name=Path) -> None:
    """os.rename, os.replace and the atomic exchange wrapped to record ("swap", name(target)) in
    `events`, in the order the real calls, which they still make, happen."""
    def moved(real):
        def move(src, dst, *args, **kwargs):
            events.append(("swap", name(dst)))
            return real(src, dst, *args, **kwargs)
        return move

    for owner, attribute in ((os, "rename"), (os, "replace"), (publish_module, "exchange")):
        monkeypatch.setattr(owner, attribute, moved(getattr(owner, attribute)))


def test_each_staged_file_is_fsynced_before_the_rename_that_publishes_it(results, tmp_path, monkeypatch):
    """Catches: staged files renamed into place unsynced (a crash could then publish empty or
    partial files under a complete-looking release). os.fsync, the renames and the atomic
    exchange are wrapped to record the order of the real calls, which they still make."""
    events = []
    real_fsync = os.fsync

    def fsync(fd):
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode):
            events.append(("fsync", (info.st_dev, info.st_ino)))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    record_swaps(monkeypatch, events)
    out = tmp_path / "build"
    files = [release_files(results["2025-05-07"])]
    for run_number in (1, 2):  # into an empty folder (renames), then over the first (exchanges)
        events.clear()
        publish_all(out, files, keep=None)
        published = [p for p in out.rglob("*") if p.is_file() and p.name != LOCK_NAME]
        assert len(published) > 10
        for path in published:
            info = path.stat()
            synced = [i for i, e in enumerate(events) if e == ("fsync", (info.st_dev, info.st_ino))]
            swapped = [i for i, e in enumerate(events) if e[0] == "swap" and (e[1] == path or e[1] in path.parents)]
            assert synced and swapped and synced[0] < swapped[0], (run_number, str(path.relative_to(out)))


def test_a_broken_release_descriptor_is_named_and_the_build_descriptor_kept(raw_html_only, built):
    """build/datapackage.json is rebuilt from every release folder's descriptor, written
    in pieces: a descriptor someone broke is named, the previous build descriptor stays
    whole (no half-written file, no temporary left), and extracting that release (its
    files no longer those of its manifest) mends it."""
    out = built
    before = (out / "datapackage.json").read_bytes()
    (out / "2025-05-07" / "datapackage.json").write_text("{broken", encoding="utf-8")
    result = run("extract", raw_html_only, "--out", out, "--release", "2025-10-22", "--force")  # rebuilds the package
    assert result.exit_code == 1
    assert "2025-05-07/datapackage.json" in result.output and "extract release 2025-05-07 again" in result.output
    assert (out / "datapackage.json").read_bytes() == before
    assert not [p.name for p in out.iterdir() if p.name.startswith((".datapackage", ".staging"))]
    assert run("extract", raw_html_only, "--out", out, "--release", "2025-05-07").exit_code == 0
    assert json.loads((out / "datapackage.json").read_bytes())["releases"] == ["2025-05-07", "2025-10-22"]


def test_the_cross_release_files_are_made_durable_before_the_renames_that_publish_them(results, tmp_path,
                                                                                        monkeypatch):
    """Catches: the history, database or site renamed into build/ before the disk has them
    (written without a fsync each, they are made durable by one syncfs of the staging
    folder's filesystem, which must come before the first of their renames)."""
    import pipeline.across as across_module
    from pipeline.across import FILES, FOLDERS, build_across

    events = []
    real_sync = across_module.sync_filesystem

    def sync(folder):
        events.append(("sync", None))
        real_sync(folder)

    monkeypatch.setattr(across_module, "sync_filesystem", sync)
    record_swaps(monkeypatch, events, name=lambda dst: Path(dst).name)
    out = tmp_path / "build"
    publish_all(out, [release_files(results["2025-05-07"])], across=build_across)
    swaps = [i for i, (kind, name) in enumerate(events) if kind == "swap" and name in FILES + FOLDERS]
    assert sorted(events[i][1] for i in swaps) == sorted(FILES + FOLDERS)
    assert events.index(("sync", None)) < swaps[0]
    assert sorted(p.name for p in out.iterdir() if p.name in FILES + FOLDERS) == sorted(FILES + FOLDERS)


def test_a_release_that_cannot_be_read_back_fails_the_run_and_keeps_the_build(builds, raw_html_only, tmp_path):
    """Catches: the cross-release artifacts built from a release folder that is not the one
    its manifest names (changed after it was published), or a failure there that leaves
    half a build: the run fails naming the file, and build/ stays exactly as it was."""
    out = tmp_path / "build"
    shutil.copytree(builds["real"], out)  # what `mincards extract raw` writes
    table = out / "2025-05-07" / "min_cards.parquet"
    data = bytearray(table.read_bytes())
    data[-100] ^= 1  # the same size, another byte
    table.write_bytes(bytes(data))
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != LOCK_NAME}
    result = run("extract", raw_html_only, "--out", out, "--release", "2025-10-22")
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {table}: cannot read source: the file is not the one its release's "
                                    "manifest names (changed after it was published)")
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != LOCK_NAME} == before


def test_a_release_folder_linked_in_from_elsewhere_is_replaced_and_its_target_left(raw_html_only, built, tmp_path):
    """Catches (hunt 100): a run replacing a release folder that was a symlink failed removing the
    replaced link (rmtree refuses links) after every swap, and said "nothing was written" though the
    build was all the new run's."""
    elsewhere = tmp_path / "kept-elsewhere"
    (built / "2025-05-07").rename(elsewhere)
    (built / "2025-05-07").symlink_to(elsewhere)
    before = tree(elsewhere)
    result = run("extract", raw_html_only, "--out", built, "--force")
    assert result.exit_code == 0, result.output
    assert (built / "2025-05-07").is_dir() and not (built / "2025-05-07").is_symlink()
    assert tree(elsewhere) == before and tree(built / "2025-05-07") == before
