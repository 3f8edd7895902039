"""`mincards fetch` killed at any step, failing while it files, refused a folder it cannot
write in, or started twice: raw/ is as it was, or holds the whole new release.

fetch counts its steps as the publisher does (pipeline/faults.py Steps): the points of a
download (response headers, first bytes of the body, body received) and each
file-system step of filing the release. A forked child fetches with kill_after=N and
SIGKILLs itself right after step N, for every N: no cleanup code runs. The kill after
the first bytes of the body is really mid-body: the test server sends half the page
and, for that kill, sends the rest only once the child is dead. Nothing depends on
timing. The test server is test_fetch.py's (a real HTTP server on 127.0.0.1)."""
from __future__ import annotations

import datetime as dt
import os
import resource
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import RAW
from pipeline.cli import main
from pipeline.faults import FAULT_ENV, Steps
from pipeline.fetch import STAGING, Client, Source, fetch_all, filing_lock
from pipeline.release import find_releases
from processes import in_child, killed_child, reachable_tmp
from test_fetch import OLD_PAGE, PAGE, Server, page, snapshot

NOW = dt.datetime(2025, 10, 23, 8, 0, tzinfo=dt.timezone.utc)  # fixed: every run files the same bytes
CLIENT = Client(retries=0, sleep=lambda seconds: None, now=lambda: NOW)
STEPS = ["response headers received", "first bytes of the body", "body received", "temp folder made",
         "page.html written", "source.json written", "SOURCE.md written", "permissions set",
         "renamed into place", "raw folder synced"]
FILED = STEPS.index("renamed into place") + 1  # from this step on, the release is in raw/


@pytest.fixture(scope="module")
def one_server():
    s = Server()
    yield s
    s.close()


@pytest.fixture
def server(one_server):
    """test_fetch.py's server, started once for this module (each start and stop costs time)."""
    one_server.routes.clear()
    yield one_server


class Halves:
    """Serves the page in two halves and, between them, waits until `go_on` is set: a
    client killed after the first bytes of the body dies with half the page sent."""

    def __init__(self, body: bytes):
        self.body = body
        self.go_on = threading.Event()
        self.finished: list[threading.Event] = []  # one per request: the whole body was sent

    def __call__(self, handler) -> None:
        finished = threading.Event()
        self.finished.append(finished)
        handler.send_response(200)
        handler.send_header("Content-Type", "text/html; charset=utf-8")
        handler.send_header("Content-Length", str(len(self.body)))
        handler.end_headers()
        half = len(self.body) // 2
        handler.wfile.write(self.body[:half])
        self.go_on.wait(timeout=120)  # only turns a hang into a failure
        try:
            handler.wfile.write(self.body[half:])
            finished.set()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client was killed


def make_raw(folder: Path, url: str) -> Path:
    """A raw folder with one release (2025-05-07) and the sources file naming `url`."""
    (folder / "2025-05-07").mkdir(parents=True)
    (folder / "2025-05-07" / "page.html").write_bytes(OLD_PAGE)
    (folder / "2025-05-07" / "SOURCE.md").write_bytes((RAW / "2025-05-07" / "SOURCE.md").read_bytes())
    (folder / "sources.toml").write_text(f'[[source]]\nname = "vendor"\nurl = "{url}"\n', encoding="utf-8")
    return folder


def visible(state: dict[str, bytes | None]) -> dict[str, bytes | None]:
    """What a reader of raw/ sees in a snapshot: every file and folder but the hidden ones."""
    return {name: data for name, data in state.items() if not any(p.startswith(".") for p in Path(name).parts)}


def leftovers(raw: Path) -> list[Path]:
    return sorted(raw.glob(f"{STAGING}*"))


def test_a_fetch_killed_at_every_step_leaves_raw_as_it_was(server, tmp_path):
    halves = Halves(PAGE)
    server.routes["/page.html"] = halves
    source = Source("vendor", server.url("/page.html"))
    halves.go_on.set()
    reference, counter = make_raw(tmp_path / "reference", source.url), Steps()
    before = snapshot(reference)
    (outcome,), errors = fetch_all([source], reference, CLIENT, counter)
    assert not errors and outcome.status == "new" and outcome.release == "2025-10-22"
    after = snapshot(reference)
    assert counter.names == STEPS
    for step, name in enumerate(STEPS, start=1):
        what = f"killed after step {step} ({name})"
        raw = make_raw(tmp_path / f"kill-{step}", source.url)
        assert snapshot(raw) == before
        mid_body = name == "first bytes of the body"
        if mid_body:
            halves.go_on.clear()
        killed_child(lambda: fetch_all([source], raw, CLIENT, Steps(kill_after=step)), what)
        if mid_body:
            assert not halves.finished[-1].is_set(), f"{what}: the whole body had been sent"
            halves.go_on.set()
        expected = after if step >= FILED else before
        assert visible(snapshot(raw)) == visible(expected), f"{what}: raw/ is neither as it was nor the whole new release"
        assert [r.id for r in find_releases(raw)] == [r.id for r in find_releases(reference)][:2 if step >= FILED else 1]
        # A kill while filing leaves the hidden temp folder (proof that the kill came mid-filing) ...
        assert bool(leftovers(raw)) == (STEPS.index("temp folder made") < step < FILED), f"{what}: {leftovers(raw)}"
        # ... which the next fetch removes, then files the release (or finds it filed).
        (outcome,), errors = fetch_all([source], raw, CLIENT)
        assert not errors and outcome.status == ("up to date" if step >= FILED else "new"), f"{what}: {outcome}"
        assert snapshot(raw) == after, f"{what}: the next fetch left {leftovers(raw)} or filed other bytes"


def test_the_fault_point_reaches_the_fetch_command(server, tmp_path):
    """MINCARDS_FAULT_KILL_AFTER kills the real command mid-filing; the next fetch repairs."""
    server.routes["/page.html"] = page(PAGE)
    raw = make_raw(tmp_path / "raw", server.url("/page.html"))
    before = snapshot(raw)
    command = [sys.executable, "-m", "pipeline", "fetch", "--raw", str(raw), "--retries", "0"]
    step = STEPS.index("source.json written") + 1
    killed = subprocess.run(command, env={**os.environ, FAULT_ENV: str(step)}, capture_output=True, timeout=300)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert visible(snapshot(raw)) == visible(before) and leftovers(raw)
    result = CliRunner().invoke(main, ["fetch", "--raw", str(raw), "--retries", "0"])
    assert result.exit_code == 0, result.output
    assert f"new: vendor: release 2025-10-22 -> {raw / '2025-10-22'}" in result.output
    assert not leftovers(raw) and (raw / "2025-10-22" / "page.html").read_bytes() == PAGE


def test_a_second_fetch_is_refused_and_leaves_the_first_ones_temp_folder(server, tmp_path):
    server.routes["/page.html"] = page(PAGE)
    raw = make_raw(tmp_path / "raw", server.url("/page.html"))
    filing = raw / f"{STAGING}2025-10-22-first"  # what a running fetch is writing
    filing.mkdir()
    (filing / "page.html").write_bytes(PAGE[:1000])
    before = snapshot(raw)
    with filing_lock(raw):  # a first fetch is running
        result = CliRunner().invoke(main, ["fetch", "--raw", str(raw)])
        assert result.exit_code == 1
        assert result.output == (f"error: {raw}: cannot fetch: another mincards fetch is filing releases here "
                                 "(expected one fetch at a time per raw folder; try again when it finishes)\n"
                                 "raw/ was not changed by the failed download\n")
        assert snapshot(raw) == before
    result = CliRunner().invoke(main, ["fetch", "--raw", str(raw)])
    assert result.exit_code == 0, result.output
    assert not leftovers(raw)


def test_a_write_error_while_filing_leaves_raw_as_it_was(server, tmp_path):
    """A real error half-way through filing: the child may write no file over 10 kB
    (RLIMIT_FSIZE), so writing page.html fails with EFBIG after the temp folder exists.
    One error naming the raw folder; the temp folder is removed at once."""
    server.routes["/page.html"] = page(PAGE)
    raw = make_raw(tmp_path / "raw", server.url("/page.html"))
    before = snapshot(raw)
    source = Source("vendor", server.url("/page.html"))

    def fetch_with_small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an error to handle, not a signal that kills
        resource.setrlimit(resource.RLIMIT_FSIZE, (10_000, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
        outcomes, errors = fetch_all([source], raw, CLIENT)
        return [o.message for o in outcomes], [str(e) for e in errors]

    assert len(PAGE) > 10_000
    outcomes, errors = in_child(fetch_with_small_files)
    assert outcomes == []
    assert errors == [f"{raw}: cannot fetch: cannot file release 2025-10-22 in this folder (File too large) "
                      "(expected a raw folder this user can write in, with free space)"]
    assert snapshot(raw) == before


def test_a_raw_folder_that_cannot_be_written_is_one_error_naming_it(server):
    """A real read-only folder: mode 0555, and the fetch runs as a user that cannot
    override it (a test run by root runs it as nobody)."""
    server.routes["/page.html"] = page(PAGE)
    with reachable_tmp() as tmp:
        raw = make_raw(tmp / "raw", server.url("/page.html"))
        raw.chmod(0o555)
        before = snapshot(raw)

        def fetch():
            result = CliRunner().invoke(main, ["fetch", "--raw", str(raw), "--retries", "0"])
            return result.exit_code, result.output

        code, output = in_child(fetch, unprivileged=True)
        assert code == 1
        assert output == (f"error: {raw}: cannot fetch: cannot file release 2025-10-22 in this folder (Permission "
                          "denied) (expected a raw folder this user can write in, with free space)\n"
                          f"1 of 1 page(s) could not be fetched; {raw} was not changed for them\n")
        assert snapshot(raw) == before
