"""Following the vendor: download the pages listed in raw/sources.toml and file each new
one as a release folder raw/<update date>/ (`mincards fetch`).

What is filed: `page.html`, the bytes as served (after HTTP content decoding, e.g. gzip);
`source.json`, machine-readable (URL, source name, fetched-at, sha256, size, the page's
update date, the HTTP validators ETag / Last-Modified for the next conditional request);
`SOURCE.md`, the same for a person, with the `**Public page:**` line the extractor reads.

A page is accepted only if it is HTML (Content-Type text/html or application/xhtml+xml),
within Limits.max_bytes (enforced while streaming), carries a 更新时间 date and holds the
vendor table, read with the extractor's own code (pipeline.extract.html_page and
html_tables): a login wall or an error page served with 200 is refused. A page that a
browser at its URL would show otherwise than its filed bytes read (a header such as a
charset, Refresh or Content-Security-Policy, or a style sheet served beside it) is refused
too (fetch_served.py).

An unchanged page (304 to the conditional request, or 200 with the bytes of a page already
filed under its date) writes nothing. A page whose date already has a folder with other
bytes is filed as a revision, YYYY-MM-DD.2, .3, ... (pipeline/ids.py), never over the
first. Fetch never writes into an existing folder, so a SOURCE.md written by a person is
never touched. A new folder is built as a hidden temp folder inside raw/ (ignored by
find_releases), every file fsynced, then renamed into place: raw/ holds the whole release
or nothing of it. One fetch at a time files into a raw folder (a lock on the folder
itself, so nothing is written for it); it first removes the temp folders a killed fetch
left. A folder it cannot write in (read-only, no space) is one error naming the folder.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from . import __version__
from .errors import MincardsError, SourceError
from .faults import Steps
from .fetch_body import BodyError, decoded
from .files import atomic_write, current_umask, fsync_folder, json_document, rename_new
from .ids import MAX_REVISION, base_date, is_release_name, release_name, revision
from .limits import DEFAULT
from .units import counted

SOURCES_FILE = "sources.toml"  # at raw/ top level: find_releases only looks at folders
PAGE = "page.html"
STATE = "source.json"
NOTE = "SOURCE.md"
STAGING = ".fetch-"  # a release folder being filed: hidden, so never taken for a release
HTML_TYPES = ("text/html", "application/xhtml+xml")
USER_AGENT = f"mincards/{__version__} (+https://github.com/mincards; vendor-page follower)"
RETRY_STATUS = range(500, 600)


class FetchError(MincardsError):
    kind = "cannot fetch"


@dataclass(frozen=True)
class Source:
    name: str
    url: str


@dataclass(frozen=True)
class Client:
    """How pages are downloaded. `sleep` is the backoff's clock: tests pass a no-op."""

    connect_timeout: float = 10.0
    read_timeout: float = 30.0
    retries: int = 3  # further attempts after the first, on connection errors, timeouts and 5xx
    backoff: float = 1.0  # seconds before the first retry, doubled for each next one
    max_redirects: int = 5
    max_bytes: int = DEFAULT.max_bytes  # of the page as stored (decoded), checked while streaming
    max_seconds: float = 300.0  # one attempt's body at most (read_timeout bounds the gap between bytes only)
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False)
    now: Callable[[], dt.datetime] = field(default=lambda: dt.datetime.now(dt.timezone.utc), compare=False)
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)  # seconds, for max_seconds
    transport: httpx.BaseTransport | None = field(default=None, compare=False)

    def http(self) -> httpx.Client:
        timeout = httpx.Timeout(self.read_timeout, connect=self.connect_timeout)
        # httpx asks for gzip/deflate (Accept-Encoding) and decodes them; no proxies from the environment
        # are needed, but they are honoured as usual (trust_env).
        return httpx.Client(timeout=timeout, follow_redirects=True, max_redirects=self.max_redirects,
                            headers={"User-Agent": USER_AGENT}, transport=self.transport)


@dataclass(frozen=True)
class Download:
    url: str
    final_url: str
    status: int  # 200 or 304
    body: bytes = b""
    etag: str | None = None
    last_modified: str | None = None
    content_type: str | None = None
    content_encoding: str | None = None
    headers: tuple[tuple[str, str], ...] = ()  # every header as sent, for what a browser reads of them


@dataclass(frozen=True)
class Outcome:
    source: Source
    status: str  # "new", "revision", "up to date"
    release: str | None
    message: str

    @property
    def is_new(self) -> bool:
        return self.status in ("new", "revision")


# --- the sources file ----------------------------------------------------------------------

def read_sources(path: Path) -> list[Source]:
    """[[source]] tables with a name and an https URL each; names and URLs unique."""
    label = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FetchError(label, "no sources file", "a TOML file of [[source]] tables (name, url); "
                         "or give the URLs on the command line") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as exc:
        raise FetchError(label, f"cannot read the sources file ({exc})", "TOML: [[source]] name = …, url = …") \
            from None
    entries = data.get("source")
    if not isinstance(entries, list) or not entries:
        raise FetchError(label, "no [[source]] entries", "at least one [[source]] with name and url")
    sources = []
    for number, entry in enumerate(entries, 1):
        name, url = (entry.get("name"), entry.get("url")) if isinstance(entry, dict) else (None, None)
        if not isinstance(name, str) or not name.strip() or not isinstance(url, str) \
                or not url.startswith(("https://", "http://")):
            raise FetchError(label, f"[[source]] number {number} is not a name and an http(s) url",
                             'name = "…" and url = "https://…"')
        sources.append(Source(name.strip(), url.strip()))
    for attr in ("name", "url"):
        values = [getattr(s, attr) for s in sources]
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            raise FetchError(label, f"the {attr} {twice[0]!r} is listed twice", f"each {attr} once")
    return sources


def sources_for(urls: tuple[str, ...], sources_path: Path) -> list[Source]:
    """The URLs given (named as in the sources file when listed there), or every source."""
    if not urls:
        return read_sources(sources_path)
    known = {s.url: s for s in read_sources(sources_path)} if sources_path.is_file() else {}
    for url in urls:
        if not url.startswith(("https://", "http://")):
            raise FetchError(url, "not an http(s) URL", "https://…")
    return [known.get(url, Source(url, url)) for url in urls]


# --- what raw/ already holds -----------------------------------------------------------------

def release_folders(raw_dir: Path) -> list[Path]:
    return sorted(p for p in raw_dir.iterdir() if p.is_dir() and is_release_name(p.name))


def previous_state(raw_dir: Path, url: str) -> dict | None:
    """The newest source.json in raw/ that was fetched from `url` (its HTTP validators)."""
    found = []
    for folder in release_folders(raw_dir):
        try:
            state = json_document((folder / STATE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(state, dict) and state.get("url") == url and (folder / PAGE).is_file():
            found.append((str(state.get("fetched_at", "")), folder.name, state))
    return max(found, key=lambda item: item[:2])[2] if found else None


def same_date(raw_dir: Path, date: str) -> list[Path]:
    """The folders of one update date, first copy then revisions."""
    return sorted((p for p in release_folders(raw_dir) if base_date(p.name) == date), key=lambda p: revision(p.name))


# --- downloading ------------------------------------------------------------------------------

def read_body(response: httpx.Response, url: str, client: Client, steps: Steps) -> bytes:
    """The decoded body (fetch_body: a compressed stream must reach its end), refused as soon as
    it passes the client's max_bytes (never read whole first) or takes longer than its max_seconds."""
    max_bytes, max_seconds, started = client.max_bytes, client.max_seconds, client.clock()
    declared = response.headers.get("content-length")
    if declared and declared.isdigit() and not response.headers.get("content-encoding") \
            and int(declared) > max_bytes:
        raise FetchError(url, f"the server announces {int(declared):,} bytes", f"at most {max_bytes:,} (--max-bytes)")
    chunks, size = [], 0
    try:
        for chunk in decoded(response.iter_raw(), response.headers.get("content-encoding")):
            size += len(chunk)
            if size > max_bytes:
                raise FetchError(url, f"the page passed {max_bytes:,} bytes while downloading; stopped",
                                 f"at most {max_bytes:,} (--max-bytes)")
            chunks.append(chunk)
            if len(chunks) == 1:
                steps.step("first bytes of the body")
            if client.clock() - started > max_seconds:  # a server dripping a byte a second never trips the
                # read timeout (hunt 124)
                raise FetchError(url, f"the page took over {max_seconds:g} s to arrive; stopped",
                                 f"a page sent within {max_seconds:g} s (--max-seconds)")
    except BodyError as exc:
        raise FetchError(url, exc.what, exc.expected) from None
    steps.step("body received")
    return b"".join(chunks)


# The page's end tag (the HTML tokenizer takes `</html x>` and `</html/>` for it), and what may follow it
# at the end of a whole page: white space and comments.
PAGE_END = re.compile(rb"</html(?:[\t\n\f\r /][^>]*)?>", re.I)
AFTER_THE_END = re.compile(rb"(?:[\t\n\f\r ]|<!--.*?-->)*", re.S)
UTF16 = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}


def ends_whole(body: bytes) -> bool:
    """Whether the page ends with its `</html>`, nothing after it but white space and comments
    (ASCII in every encoding a page may be in but UTF-16, read by its byte order mark). The last
    end tag counts: a `</html>` in a script's string or a comment earlier in a page cut off is no
    end of it (hunt 126)."""
    if body[:2] in UTF16:
        body = body.decode(UTF16[body[:2]], errors="ignore").encode("ascii", errors="ignore")
    last = None
    for last in PAGE_END.finditer(body):
        pass
    return last is not None and AFTER_THE_END.fullmatch(body, last.end()) is not None


def attempts(client: Client) -> Iterator[int]:
    """Attempt numbers 0..retries, sleeping the backoff before each retry."""
    for attempt in range(client.retries + 1):
        if attempt:
            client.sleep(client.backoff * 2 ** (attempt - 1))
        yield attempt


def download(client: Client, url: str, previous: dict | None, steps: Steps) -> Download:
    """GET the page, conditionally when a previous fetch left validators; retries with
    backoff on connection errors, timeouts and 5xx; one FetchError naming the URL otherwise."""
    headers = {}
    validators = (previous or {}).get("http", {})
    if validators.get("etag"):
        headers["If-None-Match"] = validators["etag"]
    if validators.get("last_modified"):
        headers["If-Modified-Since"] = validators["last_modified"]
    last = "no attempt"
    with client.http() as http:
        for attempt in attempts(client):
            try:
                with http.stream("GET", url, headers=headers) as response:
                    steps.step("response headers received")
                    if response.status_code in RETRY_STATUS:
                        last = f"HTTP {response.status_code} {response.reason_phrase}"
                        continue
                    return finish(response, url, client, steps)
            except httpx.TooManyRedirects:
                raise FetchError(url, f"more than {client.max_redirects} redirects (a redirect loop?)",
                                 "the page, or a few redirects to it") from None
            except (httpx.InvalidURL, httpx.UnsupportedProtocol) as exc:  # a redirect to what is no http(s) URL
                # (data:, file:, ftp:, a malformed one): no retry reaches it (hunt 124)
                raise FetchError(url, f"the server redirects to a URL that cannot be fetched ({exc})",
                                 "a redirect to an http(s) URL") from None
            except httpx.TimeoutException as exc:
                last = f"timed out ({type(exc).__name__}: no answer within "
                last += f"{client.connect_timeout if isinstance(exc, httpx.ConnectTimeout) else client.read_timeout:g} s)"
            except httpx.TransportError as exc:
                last = f"connection failed ({type(exc).__name__}: {exc})"
    tries = client.retries + 1
    raise FetchError(url, f"{last}, after {counted(tries, 'attempt')}", "an answer from the server")


def finish(response: httpx.Response, url: str, client: Client, steps: Steps) -> Download:
    final = str(response.url)
    etag, modified = response.headers.get("etag"), response.headers.get("last-modified")
    if response.status_code == 304:
        return Download(url, final, 304, etag=etag, last_modified=modified)
    if response.status_code != 200:
        raise FetchError(url, f"HTTP {response.status_code} {response.reason_phrase}"
                         + (f" (from {final})" if final != url else ""), "200 OK and the vendor page")
    from .fetch_served import served_type  # the extractor's code: loaded when needed

    headers = tuple(response.headers.multi_items())
    kind = served_type(headers)[0]  # as a browser takes it from every header
    if kind is not None and kind not in HTML_TYPES:
        raise FetchError(url, f"the server sent {kind}, not a web page", " or ".join(HTML_TYPES))
    body = read_body(response, url, client, steps)
    return Download(url, final, 200, body, etag, modified, response.headers.get("content-type"),
                    response.headers.get("content-encoding"), headers)


# --- checking and filing ---------------------------------------------------------------------

def page_date(got: Download, url: str) -> str:
    """The page's 更新时间 date, after checking that a browser at its URL shows what its bytes
    alone show (fetch_served) and that it holds the vendor table: the extractor's code, on the
    page parsed once."""
    from .extract.html_page import parse_document, read_page, update_date
    from .extract.html_tables import find_vendor_table
    from .fetch_served import ServedOtherwise, check_headers, check_page

    try:
        check_headers(got.headers, got.body)
        try:
            root = parse_document(got.body, url)
        except SourceError as exc:
            raise not_the_vendor_page(url, exc) from None
        check_page(got.headers, root, got.final_url)
    except ServedOtherwise as exc:
        raise FetchError(url, exc.what, exc.expected) from None
    try:
        reading = read_page(root, url)
        find_vendor_table(root, reading, url)
    except SourceError as exc:
        raise not_the_vendor_page(url, exc) from None
    try:
        date = update_date(reading, url)
    except SourceError as exc:
        raise FetchError(url, "; ".join(str(p) for p in exc.problems), "a line 更新时间：YYYY-MM-DD") from None
    if date is None:
        raise FetchError(url, "the page holds the table but no 更新时间 line, so it cannot be filed by date",
                         "a line 更新时间：YYYY-MM-DD")
    return date


def not_the_vendor_page(url: str, exc: SourceError) -> FetchError:
    problem = "; ".join(str(p) for p in exc.problems)
    return FetchError(url, f"the server answered 200 but this is not the vendor page ({problem}); a login wall or "
                      "an error page?", "the page holding 表1 模型最小卡数配置")


def state_of(source: Source, got: Download, date: str, release: str, fetched_at: str, sha: str) -> dict:
    return {
        "name": source.name, "url": source.url, "final_url": got.final_url, "release": release,
        "update_date": date, "fetched_at": fetched_at, "file": PAGE, "sha256": sha, "bytes": len(got.body),
        "http": {"status": got.status, "etag": got.etag, "last_modified": got.last_modified,
                 "content_type": got.content_type, "content_encoding": got.content_encoding},
        "fetched_by": f"mincards {__version__}",
    }


def note_of(state: dict, first: str | None) -> str:
    lines = [f"# Release {state['release']}", "",
             f"- **Public page:** {state['url']}",
             f"  (source `{state['name']}`), update line `更新时间：{state['update_date']}`.",
             f"- **File:** `{PAGE}`, downloaded by `mincards fetch` ({state['fetched_by']}) at {state['fetched_at']}, "
             f"stored byte for byte as served ({state['bytes']:,} bytes, sha256 `{state['sha256']}`).",
             f"- **Machine-readable:** `{STATE}` (the same, with the HTTP validators for the next fetch)."]
    if state["final_url"] != state["url"]:
        lines.append(f"- **Redirected to:** {state['final_url']}")
    if first:
        lines += ["", f"**Revision.** The vendor changed the page without changing its update date: the first "
                  f"copy of {state['update_date']} is `../{first}/`. `mincards diff {first} {state['release']}` "
                  "shows what changed."]
    return "\n".join(lines) + "\n"


def file_release(raw_dir: Path, release: str, files: dict[str, bytes], steps: Steps) -> Path:
    """A new folder raw/<release>/ holding `files`, all or nothing: built in a hidden temp
    folder inside raw/ (find_releases skips dot folders), every file fsynced, renamed into
    place. A kill at any step leaves raw/ as it was but for that temp folder, which the
    next fetch removes; an error removes it at once."""
    target = raw_dir / release
    try:
        staging = Path(tempfile.mkdtemp(prefix=f"{STAGING}{release}-", dir=raw_dir))
    except OSError as exc:
        raise cannot_file(raw_dir, release, exc) from None
    steps.step("temp folder made")
    try:
        for name, data in files.items():
            atomic_write(staging / name, data)
            steps.step(f"{name} written")
        os.chmod(staging, 0o777 & ~current_umask())
        steps.step("permissions set")
        try:
            rename_new(staging, target)  # never over a folder that appeared meanwhile
        except FileExistsError:
            raise FetchError(str(target), "appeared while downloading",
                             "a release folder that does not exist yet") from None
        steps.step("renamed into place")
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(exc, OSError):
            raise cannot_file(raw_dir, release, exc) from None
        raise
    fsync_folder(raw_dir)
    steps.step("raw folder synced")
    return target


def cannot_file(raw_dir: Path, release: str, exc: OSError) -> FetchError:
    """A folder that cannot be written in (read-only, not ours, full) is named, not the temp
    file the system complained about."""
    return FetchError(str(raw_dir), f"cannot file release {release} in this folder ({exc.strerror or exc})",
                      "a raw folder this user can write in, with free space")


@contextlib.contextmanager
def filing_lock(raw_dir: Path) -> Iterator[None]:
    """One fetch at a time per raw folder, so that one never removes the temp folder of
    another. The lock is on the folder itself: nothing is written into raw/ for it."""
    fd = os.open(raw_dir, os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise FetchError(str(raw_dir), "another mincards fetch is filing releases here",
                             "one fetch at a time per raw folder; try again when it finishes") from None
        yield
    finally:
        os.close(fd)  # closing releases the lock


def remove_leftovers(raw_dir: Path) -> None:
    """The temp folders of killed fetches (we hold the lock: no fetch is filing them)."""
    for path in sorted(raw_dir.glob(f"{STAGING}*")):
        try:
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
        except OSError as exc:
            raise FetchError(str(path), f"cannot remove what a killed fetch left ({exc.strerror or exc})",
                             "a raw folder this user can write in") from None


def fetch_one(source: Source, raw_dir: Path, client: Client, steps: Steps | None = None) -> Outcome:
    steps = steps or Steps.from_env()
    previous = previous_state(raw_dir, source.url)
    got = download(client, source.url, previous, steps)
    if got.status == 304:
        validators = (previous or {}).get("http", {})
        if not (validators.get("etag") or validators.get("last_modified")):  # nothing was asked conditionally
            # (hunt 124: a previous fetch without validators): a 304 says nothing about raw/
            raise FetchError(source.url, "304 Not Modified to a request that was not conditional",
                             "200 OK and the vendor page")
        where = previous.get("release")
        return Outcome(source, "up to date", where, f"up to date: {source.name}: 304 Not Modified"
                       + (f" (as {raw_dir / where})" if where else ""))
    date = page_date(got, source.url)
    if not ends_whole(got.body):  # (the vendor's page ends so; a page cut off, whatever its framing, holds
        # part of the table, which extract reads as a whole smaller one: hunt 124)
        raise FetchError(source.url, "the page ends before </html>: the transfer was cut short, or the server sent "
                         "part of the page", "the whole page, ending in </html>")
    sha = hashlib.sha256(got.body).hexdigest()
    folders = same_date(raw_dir, date)
    for folder in folders:
        page = folder / PAGE
        if page.is_file() and hashlib.sha256(page.read_bytes()).hexdigest() == sha:
            return Outcome(source, "up to date", folder.name,
                           f"up to date: {source.name}: the page is unchanged (same bytes as {page})")
    number = max((revision(f.name) for f in folders), default=0) + 1
    if number > MAX_REVISION:
        raise FetchError(source.url, f"the page dated {date} changed again, but {len(folders)} copies of that "
                         "date are already kept", f"at most {MAX_REVISION} copies of one date (the date, then .2 to "
                         f".{MAX_REVISION}); move old ones out of the raw folder")
    release = release_name(date, number)
    fetched_at = client.now().astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    state = state_of(source, got, date, release, fetched_at, sha)
    first = folders[0].name if folders else None
    files = {PAGE: got.body,
             STATE: (json.dumps(state, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode("utf-8"),
             NOTE: note_of(state, first).encode("utf-8")}
    target = file_release(raw_dir, release, files, steps)
    if first:
        return Outcome(source, "revision", release,
                       f"REVISED IN PLACE: {source.name}: the page still says 更新时间 {date} but its content "
                       f"changed; kept as a new revision {target} beside {raw_dir / first} (left untouched)")
    return Outcome(source, "new", release, f"new: {source.name}: release {date} -> {target}")


def make_raw_folder(raw_dir: Path) -> None:
    """A raw folder that does not exist yet is created (the first fetch starts one); its parent
    must exist, so that a mistyped path is not silently made."""
    if raw_dir.is_dir():
        return
    if raw_dir.exists():
        raise FetchError(str(raw_dir), "not a folder", "the raw folder that holds the release folders")
    if not raw_dir.parent.is_dir():
        raise FetchError(str(raw_dir.parent), f"no such folder to create the raw folder {raw_dir.name!r} in",
                         "an existing folder: create it first, or file elsewhere")
    try:
        raw_dir.mkdir()
    except FileExistsError:  # another fetch made it meanwhile
        pass
    except OSError as exc:
        raise FetchError(str(raw_dir), f"cannot create the raw folder ({exc.strerror or exc})",
                         "a folder this user can write in") from None


def fetch_all(sources: list[Source], raw_dir: Path, client: Client,
              steps: Steps | None = None) -> tuple[list[Outcome], list[FetchError]]:
    """Each source in turn, under the raw folder's lock, after removing what killed fetches
    left; one failing does not stop the others."""
    make_raw_folder(raw_dir)
    steps = steps or Steps.from_env()
    outcomes, errors = [], []
    with filing_lock(raw_dir):
        remove_leftovers(raw_dir)
        for source in sources:
            try:
                outcomes.append(fetch_one(source, raw_dir, client, steps))
            except FetchError as exc:
                errors.append(exc)
    return outcomes, errors
