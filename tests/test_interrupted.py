"""Interrupted and concurrent runs.

The publisher kills itself with SIGKILL right after its N-th file-system step when
MINCARDS_FAULT_KILL_AFTER=N (pipeline/publish.py Steps). The tests kill a publication
at every one of its steps, in a forked child so that no cleanup code runs, and check
that each release folder and each dataset partition is then entirely the old or
entirely the new version; the next run completes and leaves no leftovers. Nothing here
depends on timing: every kill position is reached on every run."""
from __future__ import annotations

import contextlib
import errno
import os
import pickle
import re
import shutil
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import RAW, redated, shared
from pipeline import store
from pipeline.cli import main
from pipeline.errors import SourceError
from pipeline.files import MANIFEST
from pipeline.faults import FAULT_ENOSPC_ENV, FAULT_ENV, KILL_AT_ENV, Steps
from pipeline.publish import STAGING, Staging, output_lock, publish_all, stage_release, swap_release
from pipeline.query import Filters, answer_query
from pipeline.across import build_across
from pipeline.inputs import find_releases
from pipeline.run import render_release
from pipeline.release import extract_all, release_files
from pipeline.store import ReleaseChanged


def snapshot(out):
    """Every published file's bytes, grouped by what is published whole: each release
    folder and each dataset partition. Hidden entries (the lock, staging folders) are the
    writers' own: no reader looks at them."""
    groups: dict[str, dict[str, bytes]] = {}
    for path in sorted(out.rglob("*")):
        parts = path.relative_to(out).parts
        if path.is_file() and not any(part.startswith(".") for part in parts):
            group = "/".join(parts[:2]) if parts[0] == "dataset" else parts[0]
            groups.setdefault(group, {})["/".join(parts)] = path.read_bytes()
    return groups


def leftovers(out):
    return sorted(out.rglob(f"{STAGING}*"))


def make_versions(folder, tmp_path_factory) -> None:
    """Version A: two releases, 2025-05-07 and a copy of it dated 2025-10-22 (the kill tests
    publish each version dozens of times: a release the size of the real 2025-10-22 made them
    the suite's slowest). Version B: 2025-05-07 gone and one value of 2025-10-22 changed.
    Each as rendered releases, the ids a full run keeps, and its complete build: pickled into
    `folder`, B's raw folder beside it."""
    raw_a = tmp_path_factory.mktemp("raw-a") / "raw"
    redated(raw_a, "2025-05-07", "2025-05-07")
    redated(raw_a, "2025-05-07", "2025-10-22")
    raw_b = folder / "raw"
    redated(raw_b, "2025-05-07", "2025-10-22")
    page = raw_b / "2025-10-22" / "page.html"
    page.write_text(page.read_text(encoding="utf-8").replace(">512*Ascend<", ">256*Ascend<", 1), encoding="utf-8")
    files_a = [release_files(r) for r in extract_all(raw_a)]
    files_b = [release_files(r) for r in extract_all(raw_b)]
    built = {}
    for name, files in (("a", files_a), ("b", files_b)):
        out = tmp_path_factory.mktemp(f"build-{name}")
        publish_all(out, files, keep=[f.release for f in files])
        built[name] = snapshot(out)
    # what `mincards extract` writes for B: with the cross-release artifacts (history, site, ...),
    # and in each manifest the inputs a later run compares (pipeline/run.py render_release)
    out = tmp_path_factory.mktemp("build-b-across")
    files_b_run = [render_release(release).files for release in find_releases(raw_b)]
    publish_all(out, files_b_run, keep=[f.release for f in files_b_run], across=build_across)
    built["b_across"] = snapshot(out)
    assert built["a"]["2025-10-22"] != built["b"]["2025-10-22"] and "2025-05-07" not in built["b"]
    versions = {"a": files_a, "b": files_b, "b_run": files_b_run, **{f"built_{k}": v for k, v in built.items()}}
    (folder / "versions.pickle").write_bytes(pickle.dumps(versions))


@pytest.fixture(scope="module")
def versions(tmp_path_factory):
    """The two versions (make_versions), made once per test session and read by every
    pytest-xdist worker that runs a test of this file (each made them again: ~1 s of CPU);
    each worker unpickles its own copy. B's raw folder is only read."""
    folder = shared(tmp_path_factory, "interrupted-versions", lambda folder: make_versions(folder, tmp_path_factory))
    return {**pickle.loads((folder / "versions.pickle").read_bytes()), "raw_b": folder / "raw"}


def publish_b_over_a(out, versions, steps: Steps, atomic: bool) -> None:
    publish_all(out, versions["a"], keep=["2025-05-07", "2025-10-22"])
    publish_all(out, versions["b"], keep=["2025-10-22"], steps=steps, atomic=atomic)


def killed_at(step: int, out, versions, atomic: bool) -> None:
    """Publish A, then B in a forked child that kills itself after `step` steps."""
    publish_all(out, versions["a"], keep=["2025-05-07", "2025-10-22"])
    pid = os.fork()
    if pid == 0:  # the child: only file-system work happens here
        code = 3
        try:
            publish_all(out, versions["b"], keep=["2025-10-22"], steps=Steps(kill_after=step), atomic=atomic)
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, f"step {step}: no kill ({status})"


def test_a_run_killed_between_its_swaps_is_completed_by_the_next(versions, tmp_path):
    """Killed (SIGKILL: never held) right after it swapped in its changed release, before the
    history, database, site and build/datapackage.json that describe it: the next run has no
    release to extract and none to remove, and must still rebuild those from the releases
    build/ now holds, because the staging folder the killed run left says it was cut short.
    (It used to find every file present and leave them describing the old release for good.)"""
    changed = versions["b_run"]  # 2025-05-07 kept as it is; 2025-10-22 changed
    expected, out = tmp_path / "expected", tmp_path / "out"
    for folder in (expected, out):
        publish_all(folder, versions["a"], keep=["2025-05-07", "2025-10-22"], across=build_across)
    publish_all(expected, changed, keep=["2025-05-07", "2025-10-22"], across=build_across)
    pid = os.fork()
    if pid == 0:  # the child: killed by its own fault point after the first swap
        try:
            os.environ[KILL_AT_ENV] = "swapping"
            publish_all(out, changed, keep=["2025-05-07", "2025-10-22"], across=build_across)
        finally:
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
    assert leftovers(out) and snapshot(out)["2025-10-22"] == snapshot(expected)["2025-10-22"]
    assert snapshot(out)["datapackage.json"] != snapshot(expected)["datapackage.json"]  # the cut run's state
    publish_all(out, [], keep=["2025-05-07", "2025-10-22"], across=build_across)  # nothing to extract
    assert snapshot(out) == snapshot(expected) and not leftovers(out)


def assert_each_release_whole(state, versions, step, absent_ok: bool = False):
    """Each folder is A's or B's; where the system cannot exchange two folders in one
    step, a folder may also be missing for a moment (between its two renames)."""
    a, b = versions["built_a"], versions["built_b"]
    for group in set(a) | set(b) | set(state):
        allowed = (a.get(group), b.get(group)) + ((None,) if absent_ok else ())
        assert state.get(group) in allowed, f"step {step}: {group} mixes runs"
    # The partition is swapped in before its release folder: a new folder has its new partition.
    if state.get("2025-10-22") == b["2025-10-22"]:
        assert state.get("dataset/2025-10-22") == b["dataset/2025-10-22"], f"step {step}"


@pytest.mark.parametrize("atomic", [True, False], ids=["exchange", "two-renames"])
def test_a_kill_at_every_step_leaves_each_release_whole(versions, tmp_path, atomic):
    counter = Steps()
    publish_b_over_a(tmp_path / "count", versions, counter, atomic)
    assert counter.done >= 20  # partition, 7 files, swaps, folder syncs, the removed release
    for step in range(1, counter.done + 1):
        out = tmp_path / f"kill-{step}"
        killed_at(step, out, versions, atomic)
        assert_each_release_whole(snapshot(out), versions, step, absent_ok=not atomic)
        publish_all(out, versions["b"], keep=["2025-10-22"])  # the next run completes
        assert snapshot(out) == versions["built_b"], f"step {step}: the next run did not complete the build"
        assert not leftovers(out), f"step {step}: the next run left {leftovers(out)}"
        shutil.rmtree(out)
    print(f"{counter.done} kill positions, each release whole after every one")


@pytest.mark.parametrize("atomic", [True, False], ids=["exchange", "two-renames"])
def test_a_kill_while_releases_stream_in_changes_nothing_until_all_are_staged(versions, tmp_path, atomic):
    """A run stages each release as it arrives (extract --jobs streams them) and swaps
    them in only once all are staged. Publish A (two releases) over B: a kill at any
    step of the staging leaves B exactly; a kill later leaves each release whole."""
    keep_a = ["2025-05-07", "2025-10-22"]
    counter = Steps()
    publish_all(tmp_path / "count", versions["b"], keep=["2025-10-22"])
    with Staging(tmp_path / "count", counter, atomic) as staging:
        for files in versions["a"]:
            staging.stage(files)
        staged = counter.done
        staging.commit(keep_a)
    assert staged >= 2 * 4 and counter.done > staged
    a, b = versions["built_a"], versions["built_b"]
    for step in range(1, counter.done + 1):
        out = tmp_path / f"kill-{step}"
        publish_all(out, versions["b"], keep=["2025-10-22"])
        pid = os.fork()
        if pid == 0:
            code = 3
            try:
                publish_all(out, versions["a"], keep=keep_a, steps=Steps(kill_after=step), atomic=atomic)
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status), f"step {step}: no kill"
        state = snapshot(out)
        if step <= staged:
            assert state == b, f"step {step}: a release was swapped in before all were staged"
        for group in set(a) | set(b) | set(state):
            allowed = (a.get(group), b.get(group)) + ((None,) if not atomic else ())
            assert state.get(group) in allowed, f"step {step}: {group} mixes runs"
        for release in keep_a:  # a release folder from A has A's partition beside it
            if state.get(release) == a[release]:
                assert state.get(f"dataset/{release}") == a[f"dataset/{release}"], f"step {step}"
        publish_all(out, versions["a"], keep=keep_a)
        assert snapshot(out) == a and not leftovers(out), f"step {step}: the next run did not complete"
        shutil.rmtree(out)
    print(f"{counter.done} kill positions ({staged} while staging)")


def test_the_fault_point_reaches_the_cli(versions, tmp_path):
    """MINCARDS_FAULT_KILL_AFTER kills the real command at that step; the next run repairs."""
    out = tmp_path / "build"
    publish_all(out, versions["a"], keep=["2025-05-07", "2025-10-22"])
    command = [sys.executable, "-m", "pipeline", "extract", str(versions["raw_b"]), "--out", str(out)]
    killed = subprocess.run(command, env={**os.environ, FAULT_ENV: "9"}, capture_output=True)
    assert killed.returncode == -signal.SIGKILL
    assert_each_release_whole(snapshot(out), versions, 9)
    assert leftovers(out)  # the kill came mid-publication: staging folders are left
    finished = subprocess.run(command, capture_output=True, text=True)
    assert finished.returncode == 0, finished.stderr
    assert snapshot(out) == versions["built_b_across"] and not leftovers(out)


def test_a_second_writer_is_refused_while_the_first_holds_the_lock(tmp_path):
    out = tmp_path / "build"
    with output_lock(out):
        result = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(out), "--release", "2025-05-07"])
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {out}: output folder busy: another mincards run (pid {os.getpid()}) is "
                                    "writing here (expected one run at a time per output folder; try again when it "
                                    "finishes, or give --wait)")
    again = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(out), "--release", "2025-05-07"])
    assert again.exit_code == 0  # lock released


def test_two_runs_at_once_do_not_corrupt_each_other(versions, tmp_path):
    out = tmp_path / "build"
    command = [sys.executable, "-m", "pipeline", "extract", str(versions["raw_b"]), "--out", str(out)]
    procs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outcomes = [(p.wait(), p.stderr.read()) for p in procs]
    for code, stderr in outcomes:
        assert code == 0 or (code == 1 and "output folder busy" in stderr), stderr
    assert any(code == 0 for code, _ in outcomes)
    assert snapshot(out) == versions["built_b_across"]


def test_a_full_disk_at_any_file_fails_the_run_and_changes_nothing(versions, tmp_path):
    """MINCARDS_FAULT_ENOSPC_AT=N: the N-th file the run writes fails as a full disk does.
    Every byte of a run is written before the first swap, so whichever file it is, the
    build stays exactly as it was and nothing of the run is left behind."""
    counter = Steps()
    publish_b_over_a(tmp_path / "count", versions, counter, atomic=True)
    assert counter.writes >= 8  # a partition, the release's files, the manifest, build/datapackage.json
    for n in range(1, counter.writes + 1):
        out = tmp_path / f"full-{n}"
        publish_all(out, versions["a"], keep=["2025-05-07", "2025-10-22"])
        with pytest.raises(OSError) as caught:
            publish_all(out, versions["b"], keep=["2025-10-22"], steps=Steps(full_at=n))
        assert caught.value.errno == errno.ENOSPC and caught.value.filename.startswith(str(out))
        assert snapshot(out) == versions["built_a"] and not leftovers(out), f"write {n}"
        shutil.rmtree(out)


def test_a_full_disk_is_one_clear_error_from_the_command(versions, tmp_path):
    out = tmp_path / "build"
    publish_all(out, versions["a"], keep=["2025-05-07", "2025-10-22"])
    result = CliRunner().invoke(main, ["extract", str(versions["raw_b"]), "--out", str(out)],
                                env={FAULT_ENOSPC_ENV: "2"})
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert re.fullmatch(rf"error: {re.escape(str(out))}: cannot use this folder: No space left on device "
                        rf"\({re.escape(str(out))}/\.staging-\d+/2025-10-22/\S+\) \(expected a folder this user can "
                        r"read and write in, with free space\)", lines[0]), lines[0]
    assert lines[1:] == ["nothing was written; the output folder keeps its previous contents"]
    assert snapshot(out) == versions["built_a"] and not leftovers(out)


def test_a_full_disk_found_by_a_write_names_the_output_folder(versions, tmp_path):
    """Catches (hunt 96): a write's (or fsync's) error names no file, and the run said
    `error: : No space left on device`, naming no place."""
    out = tmp_path / "build"
    publish_all(out, versions["a"], keep=["2025-05-07", "2025-10-22"])
    result = CliRunner().invoke(main, ["extract", str(versions["raw_b"]), "--out", str(out)],
                                env={FAULT_ENOSPC_ENV: "2:write"})
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (f"error: {out}: cannot use this folder: No space left on device (expected "
                                             "a folder this user can read and write in, with free space)")
    assert snapshot(out) == versions["built_a"] and not leftovers(out)


# --- readers while releases are published --------------------------------------------------

KEEP = {"a": ["2025-05-07", "2025-10-22"], "b": ["2025-10-22"]}
CHANGED_MODEL = "DeepSeek-R1"  # version B changes one of its values


def answer(build) -> str:
    return answer_query(build, None, CHANGED_MODEL, Filters()).render("json")


def test_a_reader_looping_over_query_while_releases_are_published_sees_whole_releases(versions, tmp_path):
    """A forked child publishes B, A, B, … over A while this process answers the query,
    one query during each publication. Every answer is exactly version A's or version
    B's, or the clear "release changed while reading" error. Hand-offs through pipes:
    the reader says "go", then queries while the publisher runs that publication, then
    waits for its "done"; both loops are counted, nothing depends on timing."""
    rounds = 10
    expected = {}
    for name in ("a", "b"):
        publish_all(tmp_path / name, versions[name], keep=KEEP[name])
        expected[answer(tmp_path / name)] = name
    assert len(expected) == 2
    out = tmp_path / "build"
    publish_all(out, versions["a"], keep=KEEP["a"])
    (go_r, go_w), (done_r, done_w) = os.pipe(), os.pipe()
    pid = os.fork()
    if pid == 0:  # the publisher: only file-system work happens here
        code = 3
        try:
            os.close(go_w), os.close(done_r)  # a reader gone ends the loop (end of file)
            for i in range(rounds):
                if os.read(go_r, 1) != b"g":
                    break
                name = "b" if i % 2 == 0 else "a"
                publish_all(out, versions[name], keep=KEEP[name])
                os.write(done_w, b"d")
            code = 0
        finally:
            os._exit(code)
    os.close(go_r), os.close(done_w)  # a publisher gone is an end of file, not a hang
    seen = []
    try:
        for i in range(rounds):
            os.write(go_w, b"g")
            try:
                text = answer(out)
            except ReleaseChanged:
                text = "changed"
            assert text in expected or text == "changed", f"query {i + 1} mixes versions:\n{text[:2000]}"
            seen.append(expected.get(text, text))
            assert os.read(done_r, 1) == b"d", f"publication {i + 1} did not finish"
    finally:
        os.close(go_w), os.close(done_r)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    print(f"answers during each publication: {seen}")


def test_files_opened_before_a_publication_are_read_from_that_publication(versions, tmp_path):
    """The reader's files come from the folder it opened, even once a publication has
    swapped a new folder in and deleted the old one (a read by path would mix them)."""
    out = tmp_path / "build"
    publish_all(out, versions["a"], keep=KEEP["a"])
    with store.opened_whole(out / "2025-10-22", [MANIFEST, store.TABLE]) as handles:
        publish_all(out, versions["b"], keep=KEEP["b"])
        manifest, table = (handle.read() for handle in handles)
    a = versions["built_a"]["2025-10-22"]
    assert manifest == a[f"2025-10-22/{MANIFEST}"] and table == a[f"2025-10-22/{store.TABLE}"]
    assert snapshot(out) == versions["built_b"]  # B did replace A meanwhile


def test_a_swap_between_opening_the_manifest_and_the_table_does_not_mix_them(versions, tmp_path):
    """The old reader's window: the manifest read, then B swapped in (the publisher's own
    functions; the replaced folder kept, as until the end of a run), then the table. Files
    opened through the folder's handle both come from A; by path, the table would be B's."""
    out = tmp_path / "build"
    publish_all(out, versions["a"], keep=KEEP["a"])
    folder, work = out / "2025-10-22", tmp_path / "work"
    work.mkdir()
    with contextlib.ExitStack() as stack:
        folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        stack.callback(os.close, folder_fd)
        manifest = store.open_in(folder, folder_fd, MANIFEST, stack)
        assert not store.swapped_out(folder, folder_fd)
        stage_release(versions["b"][0], work, Steps())
        swap_release(out, "2025-10-22", work, Steps())
        assert store.swapped_out(folder, folder_fd)
        table = store.open_in(folder, folder_fd, store.TABLE, stack)
        read = {MANIFEST: manifest.read(), store.TABLE: table.read()}
    a, b = versions["built_a"]["2025-10-22"], versions["built_b"]["2025-10-22"]
    assert read == {name: a[f"2025-10-22/{name}"] for name in read}
    assert store.read_whole(folder, list(read)) == [b[f"2025-10-22/{name}"] for name in read]


def test_a_release_gone_while_read_is_a_clear_error_and_a_missing_file_is_not(published, tmp_path):
    with pytest.raises(ReleaseChanged, match="replaced or removed by a publication while being read"):
        store.load(tmp_path / "2025-10-22")
    folder = tmp_path / "copy"
    shutil.copytree(published / "2025-10-22", folder)
    (folder / store.TABLE).unlink()
    with pytest.raises(SourceError, match="min_cards.parquet: cannot read source: missing, though its release's "
                                          "manifest names it"):
        store.load(folder)


def test_questions_across_releases_refuse_a_build_left_between_two_runs(tmp_path):
    """Catches (hunt 96): a run killed (SIGKILL, never held) between its releases' swaps leaves one
    release of the new run beside one of the old until the next run; `query --all-releases` and
    `diff` answered from that mix with exit 0, showing a change (512 -> 256) that neither run's
    pages hold. They are errors naming the interrupted run now, and answer again once a run
    completes the build."""
    raws = {}
    for name, value in (("a", "512"), ("b", "256")):  # B: the vendor revises one value in both releases
        raws[name] = tmp_path / f"raw-{name}"
        for date in ("2025-05-07", "2025-10-22"):
            redated(raws[name], "2025-05-07", date)
            page = raws[name] / date / "page.html"
            page.write_text(page.read_text(encoding="utf-8").replace(">512*Ascend<", f">{value}*Ascend<", 1),
                            encoding="utf-8")
    out = tmp_path / "build"
    def extract(raw, **env):
        return subprocess.run([sys.executable, "-m", "pipeline", "extract", str(raw), "--out", str(out), "--jobs", "1",
                               "-q"], capture_output=True, env={**os.environ, **env})

    assert extract(raws["a"]).returncode == 0
    killed = extract(raws["b"], **{KILL_AT_ENV: "swapping"})
    assert killed.returncode == -signal.SIGKILL and any(p.name.startswith(STAGING) for p in out.iterdir())
    questions = {"query": ["query", "DeepSeek-V3", "--all-releases", "--strategy", "full", "--seq-len", "4096",
                           "--framework", "MindSpeed-LLM", "--hardware", "Snt9b", "--format", "csv"],
                 "diff": ["diff", "--format", "csv"]}
    for argv in questions.values():
        result = CliRunner().invoke(main, [*argv, "--build", str(out)])
        assert result.exit_code == 1 and "its releases are not all from one run (a run stopped while publishing " \
            f"left {STAGING}" in result.stderr, result.output
    assert extract(raws["b"]).returncode == 0
    answer = CliRunner().invoke(main, [*questions["query"], "--build", str(out)])
    assert answer.exit_code == 0 and answer.stdout.splitlines()[1].split(",")[-3:] == ["256", "256", ""]



def test_a_publication_landing_while_releases_are_read_is_read_again(versions, tmp_path):
    """Catches (hunt 100): the releases checked to be of one run before they were read, not after;
    a publication landing between two releases' reads gave one release of each run, a change
    neither run holds (`query --all-releases`, `diff`), with exit 0. They are read again now."""
    from pipeline.faults import acting_at
    from pipeline.store import READING_RELEASES, load_all_records

    out = tmp_path / "build"
    publish_all(out, versions["a"], keep=KEEP["a"])
    landed = []

    def publish_b_once(release):
        if release == "2025-10-22" and not landed:  # 2025-05-07 read from A, the rest not yet; B removes it
            publish_all(out, versions["b"], keep=KEEP["b"])
            landed.append(release)

    with acting_at(READING_RELEASES, publish_b_once):
        records = load_all_records(out)
    assert landed and list(records) == ["2025-10-22"] and records == load_all_records(out)  # B's alone



@pytest.fixture
def between_two_runs(versions, tmp_path):
    """A build a run was killed in between its releases' swaps (the first swapped, the rest not),
    and the build that run would have written."""
    out = tmp_path / "build"
    publish_all(out, versions["a"], keep=KEEP["a"], across=build_across)
    pid = os.fork()
    if pid == 0:  # the child: killed by its own fault point after the first swap
        try:
            os.environ[KILL_AT_ENV] = "swapping"
            publish_all(out, versions["b_run"], keep=KEEP["a"], across=build_across)
        finally:
            os._exit(3)
    os.waitpid(pid, 0)
    return out


@pytest.fixture
def live_process():
    """A live process other than this one, holding no lock (a pid reused after a run was killed)."""
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    yield sleeper.pid
    sleeper.kill()
    sleeper.wait()


HOLD_THE_LOCK = """import sys, time
from pathlib import Path
from pipeline.publish import output_lock
with output_lock(Path(sys.argv[1])):
    print("held", flush=True)
    time.sleep(600)
"""


@pytest.fixture
def run_holding_lock(between_two_runs):
    """A process holding build/'s lock as a run publishing there does (publish.output_lock, its pid
    written), told by its first line that it holds it."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK, str(between_two_runs)], stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout.readline() == "held\n"
    yield holder
    holder.kill()
    holder.wait()
    holder.stdout.close()


def test_a_question_asked_while_a_live_run_swaps_its_releases_waits_for_it(versions, between_two_runs, run_holding_lock):
    """Catches (hunt 100): during a healthy publication's swaps (milliseconds), 1-3 % of questions
    across releases failed, saying a run had stopped there. While a live run holds the lock, the
    question waits for the build to be one run's again (here that run ends, and its swaps are
    ended as the question looks), then answers."""
    from pipeline.faults import acting_at
    from pipeline.store import WAITING_FOR_RUN, load_all_records

    out = between_two_runs
    looked = []

    def run_ends_its_swaps(writer):
        looked.append(writer)
        run_holding_lock.kill()
        run_holding_lock.wait()
        publish_all(out, versions["b_run"], keep=KEEP["a"], across=build_across)

    with acting_at(WAITING_FOR_RUN, run_ends_its_swaps):
        records = load_all_records(out)
    assert looked == [f"pid {run_holding_lock.pid}"] and records == load_all_records(out)


def test_a_live_run_that_does_not_end_its_swaps_is_named(between_two_runs, run_holding_lock, monkeypatch):
    monkeypatch.setattr(store, "PUBLISHING_WAIT", 0.0)  # the bound, not the waiting, is what is tested here
    with pytest.raises(store.ReleaseError, match=f"its releases are not all from one run: a run \\(pid "
                                                 f"{run_holding_lock.pid}\\) is publishing here"):
        store.load_all_records(between_two_runs)


def test_a_killed_runs_pid_naming_a_live_process_is_no_run(between_two_runs, live_process):
    """Catches (hunt 106): a killed run's pid, left in the lock file, reused by a live process that
    holds no lock: every question waited 10 s for "a run (pid N)" and then named it. No process
    holds the lock, so no run is publishing: the question fails at once, naming the stopped run."""
    from pipeline.faults import acting_at
    from pipeline.publish import LOCK_NAME
    from pipeline.store import WAITING_FOR_RUN

    (between_two_runs / LOCK_NAME).write_text(f"pid {live_process}")
    looked = []
    with acting_at(WAITING_FOR_RUN, looked.append), pytest.raises(store.ReleaseError) as raised:
        store.load_all_records(between_two_runs)
    assert looked == [] and "its releases are not all from one run" in str(raised.value)
    assert f"pid {live_process}" not in str(raised.value)
