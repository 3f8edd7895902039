"""`mincards fetch` against a real HTTP server on 127.0.0.1 started here (no test touches
the internet), serving the pages in raw/. No test depends on wall-clock time: the backoff's
sleep is a parameter (recorded, never slept), and the timeout test's handler waits on an
Event that is only set at teardown, so the 0.2 s read timeout always fires."""
from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline import __version__
from pipeline.cli import main
from pipeline.errors import ReleaseError
from pipeline.fetch import Client, FetchError, Source, fetch_all, fetch_one, read_sources
from pipeline.ids import base_date, is_release_name, release_name, revision
from pipeline.release import Release, check_update_date

REPO = Path(__file__).resolve().parent.parent
RAW = REPO / "raw"
PAGE = (RAW / "2025-10-22" / "page.html").read_bytes()
OLD_PAGE = (RAW / "2025-05-07" / "page.html").read_bytes()
# The same date, one value changed: qwen2.5-7b's first LF cell of the page.
CHANGED = PAGE.replace(b"8*Ascend", b"16*Ascend", 1)
assert CHANGED != PAGE
NO_SLEEP = Client(retries=2, backoff=0.5, sleep=lambda seconds: None)


# --- the test server ----------------------------------------------------------------------------

class Handler(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - the stdlib's name
        server = self.server
        server.requests.append((self.path, dict(self.headers)))
        route = server.routes.get(self.path.split("?")[0])
        if route is None:
            self.respond(404, b"<html><body>Not Found</body></html>")
            return
        route(self)

    def respond(self, status: int, body: bytes = b"", headers: dict[str, str] | None = None,
                content_type: str = "text/html; charset=utf-8", length: bool = True):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if length:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading: what the size bound is for

    def log_message(self, *args):
        pass


class Server:
    def __init__(self):
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.httpd.routes = {}
        self.httpd.requests = []
        self.never = threading.Event()  # set only at teardown, to free a handler that waits on it
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
        self.thread.start()

    @property
    def routes(self):
        return self.httpd.routes

    @property
    def requests(self):
        return self.httpd.requests

    def url(self, path: str) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}{path}"

    def close(self):
        self.never.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    s = Server()
    yield s
    s.close()


def page(body: bytes, etag: str | None = None, content_type: str = "text/html; charset=utf-8",
         compress: bool = False):
    """A route serving `body`, answering 304 to a matching If-None-Match."""
    def route(handler: Handler):
        if etag and handler.headers.get("If-None-Match") == etag:
            handler.respond(304, headers={"ETag": etag}, content_type="", length=False)
            return
        headers = {"ETag": etag} if etag else {}
        data = body
        if compress:
            assert "gzip" in handler.headers.get("Accept-Encoding", "")
            data, headers["Content-Encoding"] = gzip.compress(body, mtime=0), "gzip"
        handler.respond(200, data, headers, content_type)
    return route


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every entry under folder, hidden ones included: files with their bytes, folders as None."""
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
            for p in sorted(folder.rglob("*"))}


@pytest.fixture
def raw(tmp_path):
    folder = tmp_path / "raw"
    folder.mkdir()
    return folder


def fetch(server: Server, raw: Path, path: str = "/page.html", client: Client = NO_SLEEP):
    return fetch_one(Source("test", server.url(path)), raw, client)


# --- a new release, unchanged pages ----------------------------------------------------------------

def test_a_new_page_is_filed_by_its_date_byte_for_byte(server, raw):
    server.routes["/page.html"] = page(PAGE, etag='"v1"')
    outcome = fetch(server, raw)
    assert outcome.status == "new" and outcome.release == "2025-10-22"
    assert sorted(os.listdir(raw)) == ["2025-10-22"]  # no temp folder left behind
    folder = raw / "2025-10-22"
    assert (folder / "page.html").read_bytes() == PAGE
    state = json.loads((folder / "source.json").read_text(encoding="utf-8"))
    assert state["url"] == server.url("/page.html") and state["name"] == "test"
    assert state["sha256"] == hashlib.sha256(PAGE).hexdigest() and state["bytes"] == len(PAGE)
    assert state["update_date"] == "2025-10-22" and state["http"]["etag"] == '"v1"'
    assert state["fetched_at"].endswith("Z")
    note = (folder / "SOURCE.md").read_text(encoding="utf-8")
    assert f"- **Public page:** {server.url('/page.html')}" in note
    # ordinary permissions, not mkdtemp's private 0700
    assert stat.S_IMODE(folder.stat().st_mode) & 0o055
    _, headers = server.requests[0]
    assert headers["User-Agent"].startswith(f"mincards/{__version__}")
    assert "If-None-Match" not in headers


def test_a_filed_page_is_a_release_the_extractor_accepts(server, raw):
    """SOURCE.md's Public page line is read back; the page's date matches the folder."""
    from pipeline.release import extract_all

    server.routes["/page.html"] = page(OLD_PAGE)
    fetch(server, raw)
    (result,) = extract_all(raw)
    assert result.release == "2025-05-07" and result.source_url == server.url("/page.html")


def test_unchanged_304_writes_nothing(server, raw):
    server.routes["/page.html"] = page(PAGE, etag='"v1"')
    fetch(server, raw)
    before = snapshot(raw)
    outcome = fetch(server, raw)
    assert outcome.status == "up to date" and "304" in outcome.message
    assert server.requests[-1][1]["If-None-Match"] == '"v1"'  # the validator kept in source.json
    assert snapshot(raw) == before


def test_unchanged_200_with_the_same_bytes_writes_nothing(server, raw):
    server.routes["/page.html"] = page(PAGE)  # no validators: the server always sends the page
    fetch(server, raw)
    before = snapshot(raw)
    outcome = fetch(server, raw)
    assert outcome.status == "up to date" and "unchanged" in outcome.message
    assert snapshot(raw) == before


def test_a_304_to_a_request_without_validators_is_refused(server, raw):
    """Catches (hunt 124): a first fetch whose server sent no ETag or Last-Modified, then a 304 to the
    next, unconditional request, taken for 'up to date': the 304 says nothing about raw/."""
    server.routes["/page.html"] = page(PAGE)
    fetch(server, raw)
    server.routes["/page.html"] = lambda h: h.respond(304, content_type="", length=False)
    with pytest.raises(FetchError, match="304 Not Modified to a request that was not conditional"):
        fetch(server, raw)


def test_last_modified_is_sent_back(server, raw):
    def route(handler):
        if handler.headers.get("If-Modified-Since") == "Wed, 22 Oct 2025 08:00:00 GMT":
            handler.respond(304, content_type="", length=False)
        else:
            handler.respond(200, PAGE, {"Last-Modified": "Wed, 22 Oct 2025 08:00:00 GMT"})
    server.routes["/page.html"] = route
    fetch(server, raw)
    assert fetch(server, raw).status == "up to date"


# --- a page changed in place -------------------------------------------------------------------------

def test_same_date_new_content_is_a_revision_beside_the_first(server, raw):
    server.routes["/page.html"] = page(PAGE, etag='"v1"')
    fetch(server, raw)
    first = snapshot(raw)
    server.routes["/page.html"] = page(CHANGED, etag='"v2"')
    outcome = fetch(server, raw)
    assert outcome.status == "revision" and outcome.release == "2025-10-22.2"
    assert "REVISED IN PLACE" in outcome.message
    assert {k: v for k, v in snapshot(raw).items() if k in first} == first  # the first copy untouched
    assert (raw / "2025-10-22.2" / "page.html").read_bytes() == CHANGED
    assert "../2025-10-22/" in (raw / "2025-10-22.2" / "SOURCE.md").read_text(encoding="utf-8")
    # the next fetch asks with the newest validators; the old bytes again are "up to date" too
    assert fetch(server, raw).status == "up to date"
    assert server.requests[-1][1]["If-None-Match"] == '"v2"'
    server.routes["/page.html"] = page(PAGE)
    assert fetch(server, raw).status == "up to date"
    server.routes["/page.html"] = page(CHANGED.replace(b"16*Ascend", b"32*Ascend", 1))
    assert fetch(server, raw).release == "2025-10-22.3"


def test_revision_ids_sort_as_strings_and_stay_in_range():
    ids = ["2025-10-23", "2025-10-22.9", "2025-10-22", "2025-10-22.2", "2025-05-07"]
    assert sorted(ids) == ["2025-05-07", "2025-10-22", "2025-10-22.2", "2025-10-22.9", "2025-10-23"]
    assert all(is_release_name(i) for i in ids)
    for bad in ("2025-10-22.1", "2025-10-22.0", "2025-10-22.10", "2025-10-22r2", "2025-02-30.2", "2025-10-22."):
        assert not is_release_name(bad), bad
    assert base_date("2025-10-22.2") == "2025-10-22" and revision("2025-10-22.2") == 2 and revision("2025-10-22") == 1
    assert release_name("2025-10-22", 1) == "2025-10-22" and release_name("2025-10-22", 3) == "2025-10-22.3"
    with pytest.raises(ValueError):
        release_name("2025-10-22", 10)


def test_a_revision_folder_must_hold_a_page_of_its_base_date(tmp_path):
    assert check_update_date(Release("2025-10-22.2", tmp_path, "raw/2025-10-22.2"), "p", "2025-10-22") == []
    with pytest.raises(ReleaseError, match="2025-10-21"):
        check_update_date(Release("2025-10-22.2", tmp_path, "raw/2025-10-22.2"), "p", "2025-10-21")


def test_a_ninth_copy_of_one_date_is_filed_as_dot_9_and_a_tenth_refused(server, raw):
    """Catches: the ninth copy (.9, the last id there is) refused, or a tenth filed."""
    for number in range(1, 9):  # the date and .2 to .8
        (raw / release_name("2025-10-22", number)).mkdir()
    server.routes["/page.html"] = page(PAGE)
    outcome = fetch(server, raw)
    assert (outcome.status, outcome.release) == ("revision", "2025-10-22.9")
    assert (raw / "2025-10-22.9" / "page.html").read_bytes() == PAGE
    before = snapshot(raw)
    server.routes["/page.html"] = page(CHANGED)
    with pytest.raises(FetchError, match=r"the page dated 2025-10-22 changed again, but 9 copies of that date are "
                                         r"already kept \(expected at most 9 copies"):
        fetch(server, raw)
    assert snapshot(raw) == before


@pytest.mark.parametrize("holding_a_page", [True, False], ids=["with-a-page", "empty"])
def test_a_folder_that_appears_just_before_the_rename_is_refused_and_kept(server, raw, holding_a_page):
    """Catches: the release folder not checked again just before the rename, or checked
    apart from it (an empty folder made in between was silently replaced by a plain
    rename). The clock is read once, after the folder's name is chosen and before the
    folder is filed: the test's clock creates that folder there (a second fetch, a
    person), so the race happens every time. The fetch must refuse clearly, and leave
    their folder whole and nothing of its own (no hidden staging folder)."""
    theirs = {"2025-10-22": None, **({"2025-10-22/page.html": OLD_PAGE} if holding_a_page else {})}

    def clock_that_races():
        (raw / "2025-10-22").mkdir()
        if holding_a_page:
            (raw / "2025-10-22" / "page.html").write_bytes(OLD_PAGE)
        return dt.datetime(2025, 10, 23, 8, 0, tzinfo=dt.timezone.utc)

    server.routes["/page.html"] = page(PAGE)
    with pytest.raises(FetchError, match=r"2025-10-22: .*appeared while downloading"):
        fetch(server, raw, client=Client(retries=0, sleep=lambda seconds: None, now=clock_that_races))
    assert snapshot(raw) == theirs


# --- refusals: raw/ untouched ------------------------------------------------------------------------

def refused(server: Server, raw: Path, match: str, path: str = "/page.html", client: Client = NO_SLEEP):
    (raw / "2025-05-07").mkdir()
    (raw / "2025-05-07" / "page.html").write_bytes(OLD_PAGE)
    before = snapshot(raw)
    with pytest.raises(FetchError, match=match) as caught:
        fetch(server, raw, path, client)
    assert snapshot(raw) == before, "raw/ changed on a refused download"
    assert server.url(path) in str(caught.value)  # the message names the URL
    return caught.value


def test_404_is_one_clear_error(server, raw):
    error = refused(server, raw, "HTTP 404", "/gone.html")
    assert len(error.problems) == 1
    assert len(server.requests) == 1  # a 4xx is not retried


def test_500_then_success_is_retried_with_backoff(server, raw):
    answers = iter([500, 503])

    def route(handler):
        status = next(answers, 200)
        handler.respond(status, PAGE if status == 200 else b"busy")
    server.routes["/page.html"] = route
    slept = []
    outcome = fetch(server, raw, client=Client(retries=3, backoff=0.5, sleep=slept.append))
    assert outcome.status == "new" and (raw / "2025-10-22" / "page.html").read_bytes() == PAGE
    assert slept == [0.5, 1.0] and len(server.requests) == 3


def test_5xx_every_time_gives_up_after_the_retries(server, raw):
    server.routes["/page.html"] = lambda h: h.respond(502, b"bad gateway")
    slept = []
    refused(server, raw, r"HTTP 502.*after 3 attempts", client=Client(retries=2, backoff=1, sleep=slept.append))
    assert slept == [1, 2]


def test_a_read_timeout(server, raw):
    def route(handler):
        server.never.wait()  # never set while the test runs: the client's timeout must end it
    server.routes["/page.html"] = route
    client = Client(read_timeout=0.2, connect_timeout=5, retries=1, sleep=lambda s: None)
    refused(server, raw, r"timed out.*0.2 s.*after 2 attempts", client=client)


def test_a_connection_refused_is_retried_then_reported(raw):
    import socket

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    slept = []
    with pytest.raises(FetchError, match="connection failed.*after 3 attempts"):
        fetch_one(Source("x", f"http://127.0.0.1:{port}/page.html"), raw, Client(retries=2, sleep=slept.append))
    assert len(slept) == 2 and os.listdir(raw) == []


def test_a_redirect_loop(server, raw):
    server.routes["/loop"] = lambda h: h.respond(302, b"", {"Location": "/loop"})
    refused(server, raw, "more than 3 redirects", "/loop", Client(max_redirects=3, sleep=lambda s: None))


def test_a_redirect_is_followed_and_recorded(server, raw):
    server.routes["/old.html"] = lambda h: h.respond(301, b"", {"Location": "/page.html"})
    server.routes["/page.html"] = page(PAGE)
    fetch(server, raw, "/old.html")
    state = json.loads((raw / "2025-10-22" / "source.json").read_text(encoding="utf-8"))
    assert state["url"].endswith("/old.html") and state["final_url"].endswith("/page.html")


def test_an_oversize_body_announced_is_refused(server, raw):
    server.routes["/page.html"] = page(PAGE)
    refused(server, raw, "announces", client=Client(max_bytes=len(PAGE) - 1, sleep=lambda s: None))


def test_an_oversize_body_is_refused_while_streaming(server, raw):
    """No Content-Length (read until close): the bound is counted on the bytes as they come."""
    def route(handler):
        handler.respond(200, PAGE * 40, length=False)  # 4.5 MB
    server.routes["/page.html"] = route
    refused(server, raw, "passed 1,000,000 bytes while downloading",
            client=Client(max_bytes=1_000_000, sleep=lambda s: None))


def test_a_gzip_bomb_is_refused_on_its_decoded_size(server, raw):
    """A small compressed body with an honest Content-Length whose decoded size is far over the bound."""
    bomb = gzip.compress(PAGE + b" " * 50_000_000, compresslevel=9)
    assert len(bomb) < 1_000_000
    server.routes["/page.html"] = lambda h: h.respond(200, bomb, {"Content-Encoding": "gzip"})
    refused(server, raw, "while downloading", client=Client(max_bytes=1_000_000, sleep=lambda s: None))


def test_gzip_is_decoded_and_the_page_stored_as_served(server, raw):
    server.routes["/page.html"] = page(PAGE, compress=True)
    fetch(server, raw)
    assert (raw / "2025-10-22" / "page.html").read_bytes() == PAGE
    state = json.loads((raw / "2025-10-22" / "source.json").read_text(encoding="utf-8"))
    assert state["http"]["content_encoding"] == "gzip" and state["sha256"] == hashlib.sha256(PAGE).hexdigest()


@pytest.mark.parametrize("content_type, body", [
    ("application/pdf", (RAW / "2025-10-22" / "doc.pdf").read_bytes()),
    ("image/png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64),
])
def test_a_wrong_content_type_is_refused(server, raw, content_type, body):
    server.routes["/page.html"] = page(body, content_type=content_type)
    refused(server, raw, f"sent {content_type}, not a web page")


def test_a_page_without_the_table_is_refused(server, raw):
    login = "<html><body><h1>登录</h1><p>更新时间：2025-10-22 GMT+08:00</p><p>请先登录</p></body></html>"
    server.routes["/page.html"] = page(login.encode("utf-8"))
    refused(server, raw, "not the vendor page.*login wall")


def test_a_binary_body_labelled_html_is_refused(server, raw):
    server.routes["/page.html"] = page(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)
    refused(server, raw, "not the vendor page")


def test_a_page_with_the_table_but_no_date_is_refused(server, raw):
    server.routes["/page.html"] = page(PAGE.replace("更新时间".encode(), "Updated".encode()))
    refused(server, raw, "no 更新时间 line")


def test_a_page_whose_date_does_not_read_is_refused(server, raw):
    """Catches: an update line whose date is not YYYY-MM-DD taken for no line at all (the page
    then filed by nothing it says)."""
    server.routes["/page.html"] = page(PAGE.replace("更新时间：2025-10-22".encode(), "更新时间：2025/10/22".encode()))
    refused(server, raw, "the update line reads '更新时间.2025/10/22")


# --- the sources file and the command ------------------------------------------------------------

def test_the_sources_file_follows_the_vendor_pages():
    sources = read_sources(RAW / "sources.toml")
    urls = [s.url for s in sources]
    assert "https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_590804.html" in urls
    assert "https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_5902044.html" in urls
    assert len({s.name for s in sources}) == len(sources)
    # it sits beside the release folders without disturbing them
    from pipeline.release import find_releases
    assert [r.id for r in find_releases(RAW)] == ["2025-05-07", "2025-10-22"]


def test_a_bad_sources_file_is_refused(tmp_path):
    bad = tmp_path / "sources.toml"
    bad.write_text('[[source]]\nname = "a"\nurl = "ftp://x"\n', encoding="utf-8")
    with pytest.raises(FetchError, match="number 1"):
        read_sources(bad)
    bad.write_text('[[source]]\nname = "a"\nurl = "https://x/1"\n[[source]]\nname = "a"\nurl = "https://x/2"\n')
    with pytest.raises(FetchError, match="listed twice"):
        read_sources(bad)


def write_sources(raw: Path, server: Server, *paths: str) -> None:
    text = "".join(f'[[source]]\nname = "s{i}"\nurl = "{server.url(p)}"\n' for i, p in enumerate(paths))
    (raw / "sources.toml").write_text(text, encoding="utf-8")


def test_the_command_says_new_then_up_to_date(server, raw):
    server.routes["/a.html"] = page(OLD_PAGE, etag='"a"')
    server.routes["/b.html"] = page(PAGE)
    write_sources(raw, server, "/a.html", "/b.html")
    runner = CliRunner()
    first = runner.invoke(main, ["fetch", "--raw", str(raw)])
    assert first.exit_code == 0, first.output
    assert "new: s0: release 2025-05-07" in first.output and "new: s1: release 2025-10-22" in first.output
    assert first.output.rstrip().endswith("fetch: new: 2025-05-07, 2025-10-22")
    again = runner.invoke(main, ["fetch", "--raw", str(raw)])
    assert again.exit_code == 0 and again.output.count("up to date") == 3
    assert runner.invoke(main, ["fetch", "--raw", str(raw), "--exit-code"]).exit_code == 4
    one = runner.invoke(main, ["fetch", "--raw", str(raw), server.url("/b.html")])
    assert one.exit_code == 0 and "up to date: s1" in one.output  # named as in the sources file


def test_the_command_creates_a_raw_folder_that_does_not_exist_yet(server, tmp_path):
    """Catches: `fetch URL --raw DIR` refusing a DIR that does not exist yet (issue 19). A missing
    parent is still an error naming it, and nothing is created."""
    server.routes["/b.html"] = page(PAGE)
    raw = tmp_path / "new-raw"
    result = CliRunner().invoke(main, ["fetch", "--raw", str(raw), server.url("/b.html")])
    assert result.exit_code == 0, result.output
    assert (raw / "2025-10-22" / "page.html").read_bytes() == PAGE
    deeper = tmp_path / "missing" / "raw"
    refused = CliRunner().invoke(main, ["fetch", "--raw", str(deeper), server.url("/b.html")])
    assert refused.exit_code == 1 and f"error: {tmp_path / 'missing'}: " in refused.output
    assert not (tmp_path / "missing").exists()


def test_the_command_exits_1_on_an_error_and_files_the_others(server, raw):
    server.routes["/b.html"] = page(PAGE)
    write_sources(raw, server, "/missing.html", "/b.html")
    result = CliRunner().invoke(main, ["fetch", "--raw", str(raw), "--retries", "0"])
    assert result.exit_code == 1
    assert "HTTP 404" in result.output and server.url("/missing.html") in result.output
    assert (raw / "2025-10-22" / "page.html").read_bytes() == PAGE
    assert "run `mincards extract`" in result.output


def test_fetch_then_extract_then_diff_a_revision(server, raw, tmp_path):
    """The update sequence through the CLI: a revision is extracted and diffed against the first copy."""
    server.routes["/page.html"] = page(PAGE)
    write_sources(raw, server, "/page.html")
    runner, build = CliRunner(), tmp_path / "build"
    assert runner.invoke(main, ["fetch", "--raw", str(raw)]).exit_code == 0
    server.routes["/page.html"] = page(CHANGED)
    revised = runner.invoke(main, ["fetch", "--raw", str(raw)])
    assert revised.exit_code == 0 and "REVISED IN PLACE" in revised.output
    extracted = runner.invoke(main, ["extract", str(raw), "--out", str(build)])
    assert extracted.exit_code == 0, extracted.output
    assert "2025-10-22.2: 1350 rows" in extracted.output
    assert (build / "dataset" / "2025-10-22.2" / "part-0.parquet").is_file()
    diff = runner.invoke(main, ["diff", "--build", str(build), "2025-10-22", "2025-10-22.2", "--format", "json"])
    assert diff.exit_code == 0, diff.output
    changes = json.loads(diff.output)
    assert changes["old"] == "2025-10-22" and changes["new"] == "2025-10-22.2"
    assert "16" in diff.output
    newest = runner.invoke(main, ["diff", "--build", str(build), "--exit-code"])
    assert newest.exit_code == 1  # the two newest are the date and its revision, and they differ
    query = runner.invoke(main, ["models", "--build", str(build), "--release", "2025-10-22.2"])
    assert query.exit_code == 0, query.output


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_update_end_to_end(server, tmp_path):
    """`make update` in a scratch folder: its raw/sources.toml points at the local server; the
    Makefile's mincards is this checkout's (a shim), its setup stamp already up to date."""
    work = tmp_path / "work"
    (work / "raw").mkdir(parents=True)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "mincards"
    shim.write_text(f'#!/bin/sh\nPYTHONPATH="{REPO}" exec "{sys.executable}" -m pipeline "$@"\n')
    shim.chmod(0o755)
    for name in ("pyproject.toml", "constraints.txt"):  # what the setup stamp depends on, older than it
        shutil.copy(REPO / name, work / name)
        os.utime(work / name, (1e9, 1e9))
    stamp = tmp_path / "stamp"
    stamp.touch()  # up to date: the Makefile's setup (venv, pip) does not run
    (work / "raw" / "2025-05-07").mkdir()
    (work / "raw" / "2025-05-07" / "page.html").write_bytes(OLD_PAGE)
    shutil.copy(RAW / "2025-05-07" / "SOURCE.md", work / "raw" / "2025-05-07")
    server.routes["/page.html"] = page(PAGE, etag='"v1"')
    write_sources(work / "raw", server, "/page.html")

    def make():
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        return subprocess.run(["make", "-s", "-f", str(REPO / "Makefile"), "-C", str(work), "update",
                               f"BIN={bin_dir}", f"STAMP={stamp}"], capture_output=True, text=True, env=env,
                              timeout=600)

    first = make()
    assert first.returncode == 0, first.stdout + first.stderr
    assert "fetch: new: 2025-10-22" in first.stdout
    assert (work / "build" / "2025-10-22" / "min_cards.parquet").is_file()
    assert (work / "build" / "diff" / "2025-05-07..2025-10-22.md").is_file()
    assert "update: new data extracted" in first.stdout
    second = make()
    assert second.returncode == 0, second.stdout + second.stderr
    assert "update: up to date, nothing to extract" in second.stdout
    # nothing new from the vendor, but build/ behind raw/ (a fetch stopped after filing, an extract that
    # failed: hunt 124): the run extracts what raw/ holds all the same
    shutil.rmtree(work / "build" / "2025-10-22")
    behind = make()
    assert behind.returncode == 0, behind.stdout + behind.stderr
    assert "update: new data extracted" in behind.stdout
    assert (work / "build" / "2025-10-22" / "min_cards.parquet").is_file()
    server.routes["/page.html"] = lambda h: h.respond(404, b"gone")
    third = make()
    assert third.returncode != 0 and "HTTP 404" in third.stderr
