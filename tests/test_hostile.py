"""Hostile input: nothing is fetched or executed, entities are not expanded, and every
size or time bound gives a clear error instead of a hang or an out-of-memory kill."""
from __future__ import annotations

import http.server
import re
import threading
import zlib

import pytest
from click.testing import CliRunner

from conftest import RAW
from pipeline.cli import main
from pipeline.errors import SourceError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.extract.pdf_guards import MAX_RATIO
from pipeline.limits import LimitError, Limits, MiB
from pipeline.normalize import normalize

PAGE_HTML = (RAW / "2025-10-22" / "page.html").read_text(encoding="utf-8")
PDF_BYTES = (RAW / "2025-10-22" / "doc.pdf").read_bytes()


@pytest.fixture
def listener():
    """A web server on the loopback that records every request it receives: any fetch
    by the parser (C code included) would show up here."""
    requests: list[str] = []

    class Recorder(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the stdlib's name
            requests.append(self.path)
            body = b'<!ENTITY remote "FETCHED">'
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", requests
    server.shutdown()
    server.server_close()


def hostile_page(base: str) -> str:
    doctype = (f'<!DOCTYPE html SYSTEM "{base}/x.dtd" [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n'
               f'<!ENTITY remote SYSTEM "{base}/entity">\n<!ENTITY % p SYSTEM "{base}/param"> %p;\n]>')
    page = re.sub(r"<!DOCTYPE html>", doctype, PAGE_HTML)
    page = page.replace("</head>", f'<link rel="stylesheet" href="{base}/style.css"><script src="{base}/a.js">'
                                   f'</script><meta http-equiv="refresh" content="3600">'
                                   f'<base href="{base}/"></head>')
    page = page.replace("<h1", f'<img src="{base}/pixel.png"><iframe src="{base}/frame"></iframe>'
                               f'<object data="{base}/object"></object><p>&xxe; &remote;</p>'
                               f'<script>document.write("{base}/w")</script><h1', 1)
    # inside a cell too: an image (of no size: one drawn in a cell is an error, round 10), an entity;
    # the cell must still read 4*Ascend
    return page.replace(">4*Ascend<", f'><img src="{base}/c.png" width="0" height="0">4*Ascend<', 1)


def test_nothing_is_fetched_executed_or_expanded(listener):
    base, requests = listener
    grid, _ = extract_html(hostile_page(base).encode("utf-8"), "hostile.html")
    frame = normalize(grid, "2025-10-22").frame
    assert requests == []
    texts = " ".join(c.raw_text for c in grid.cells)
    assert "root:" not in texts and "FETCHED" not in texts and "document.write" not in texts
    assert len(frame) == 1350 and frame.iloc[0].release == "2025-10-22"
    row = frame[(frame.model == "llama3.1-8b") & (frame.strategy == "full") & (frame.seq_len == 4096)
                & (frame.framework == "MindSpeed-LLM")].iloc[0]
    assert row.min_units == 4
    # a script inside the table, which a browser runs there (its document.write adds to the cell), is
    # refused, not run (session 41)
    with pytest.raises(SourceError, match="a <script> inside the vendor table"):
        extract_html(hostile_page(base).replace(">4*Ascend<", f'><script>document.write("{base}/w")</script>4*Ascend<',
                                                1).encode("utf-8"), "hostile.html")
    # a refresh that would replace the page by a URL is refused (a reader sees that page), not followed
    with pytest.raises(SourceError, match="replaces the page by"):
        extract_html(hostile_page(base).replace('content="3600"', f'content="0;url={base}/refresh"').encode("utf-8"),
                     "hostile.html")
    assert requests == []


def test_entity_in_a_cell_is_not_expanded_and_is_an_error(listener):
    base, requests = listener
    page = hostile_page(base).replace(">8*Ascend<", ">&xxe;<", 1)
    grid, _ = extract_html(page.encode("utf-8"), "hostile.html")
    with pytest.raises(Exception) as info:
        normalize(grid, "2025-10-22")
    assert "'&xxe;' is not a unit count" in str(info.value)
    assert requests == []


def test_a_50_mb_page_is_refused_by_default_and_read_when_allowed(tmp_path):
    padding = ("<div hidden>" + "x" * MiB + "</div>\n") * 50
    folder = tmp_path / "raw" / "2025-10-22"
    folder.mkdir(parents=True)
    (folder / "page.html").write_text(PAGE_HTML.replace("<body>", "<body>" + padding), encoding="utf-8")
    size = (folder / "page.html").stat().st_size
    result = CliRunner().invoke(main, ["extract", str(tmp_path / "raw"), "--out", str(tmp_path / "b")])
    assert result.exit_code == 1
    assert (f"raw/2025-10-22/page.html: over a limit: the file is {size:,} bytes (expected at most 20,971,520 "
            "(--max-bytes))") in result.output
    allowed = CliRunner().invoke(main, ["extract", str(tmp_path / "raw"), "--out", str(tmp_path / "b"),
                                        "--max-bytes", str(64 * MiB)])
    assert allowed.exit_code == 0, allowed.output


def many_pages_pdf(pages: int) -> bytes:
    """A valid PDF of empty A4 pages, written object by object."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               f"<< /Type /Pages /Kids [{' '.join(f'{i + 3} 0 R' for i in range(pages))}] /Count {pages} >>".encode()]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"] * pages
    return assemble(objects)


def assemble(objects: list[bytes]) -> bytes:
    out, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    return out + f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()


def test_a_2000_page_pdf_is_refused_before_reading_pages():
    with pytest.raises(LimitError, match=r"big.pdf: over a limit: the PDF has 2,000 pages \(expected at most 200 "
                                         r"\(--max-pages\)\)"):
        extract_pdf(many_pages_pdf(2000), "big.pdf")


def bomb_pdf(inflated_mib: int) -> bytes:
    """One page whose content stream inflates to `inflated_mib` MiB of spaces."""
    compressor = zlib.compressobj(9)
    chunk = b" " * MiB
    return flate_page(b"".join(compressor.compress(chunk) for _ in range(inflated_mib)) + compressor.flush())


def flate_page(stream: bytes) -> bytes:
    """One page whose content is `stream` (Flate-compressed)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
               f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode() + stream + b"\nendstream"]
    return assemble(objects)


def test_a_compression_bomb_is_refused_before_it_is_inflated():
    data = bomb_pdf(200)
    assert len(data) < 1 * MiB
    with pytest.raises(LimitError, match=r"bomb.pdf: over a limit: PDF object 4 inflates past 67,108,864 bytes "
                                         r"\(a compression bomb\?\)"):
        extract_pdf(data, "bomb.pdf")


def test_the_densest_stream_just_past_the_bound_is_still_refused():
    """The guard does not inflate a stream too short to pass the bound at deflate's greatest
    ratio (1032:1); the densest stream zlib writes (spaces at level 9) that inflates one byte past
    a bound is longer than that, so it is still inflated, and refused."""
    bound = MiB
    stream = zlib.compress(b" " * (bound + 1), 9)
    assert len(stream) * 1000 < bound + 1 < len(stream) * MAX_RATIO  # a bomb of over 1000:1, yet not skipped
    with pytest.raises(LimitError, match=r"dense.pdf: over a limit: PDF object 4 inflates past 1,048,576 bytes"):
        extract_pdf(flate_page(stream), "dense.pdf", Limits(max_stream_bytes=bound))
    with pytest.raises(Exception, match="no text layer"):  # at the bound: nothing over it
        extract_pdf(flate_page(zlib.compress(b" " * bound, 9)), "dense.pdf", Limits(max_stream_bytes=bound))


def test_a_small_stream_under_the_bound_is_fine():
    with pytest.raises(Exception) as info:  # no table in it, but nothing over a bound
        extract_pdf(bomb_pdf(2), "small.pdf")
    assert "no text layer" in str(info.value)


@pytest.mark.parametrize("where", ["around the table", "inside a cell", "just past the limit"])
def test_deeply_nested_page_is_a_clear_error(tmp_path, where):
    """100,000 levels: refused before lexbor reads it (quadratic in depth); 300 levels in a
    page of few tags, which lexbor reads at once: refused when libxml2 reads lexbor's tree."""
    depth = {"around the table": 100_000, "inside a cell": 5000, "just past the limit": 300}[where]
    if where != "inside a cell":
        page = PAGE_HTML.replace("<body>", "<body>" + "<div>" * depth).replace("</body>", "</div>" * depth + "</body>")
    else:
        page = PAGE_HTML.replace(">4*Ascend<", ">" + "<span>" * depth + "4*Ascend" + "</span>" * depth + "<", 1)
    folder = tmp_path / "raw" / "2025-10-22"
    folder.mkdir(parents=True)
    (folder / "page.html").write_text(page, encoding="utf-8")
    result = CliRunner().invoke(main, ["extract", str(tmp_path / "raw"), "--out", str(tmp_path / "b")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.startswith("error: raw/2025-10-22/page.html: cannot read source: elements nested deeper "
                                    "than the parser's limit (line ")


def test_one_huge_text_node_is_a_clear_error():
    page = PAGE_HTML.replace("<body>", "<body><!-- " + "x" * (12 * MiB) + " -->")
    with pytest.raises(Exception, match=r"huge.html: cannot read source: the parser's resource limit was reached"):
        extract_html(page.encode("utf-8"), "huge.html")


def test_too_many_grid_slots():
    page = PAGE_HTML.replace('rowspan="2"><p', 'rowspan="1000" colspan="1000"><p', 1)
    with pytest.raises(LimitError, match=r"huge.html: over a limit: the table would have 1,0\d\d,\d\d\d grid slots "
                                         r"\(expected at most 100,000 \(--max-cells\)\)"):
        extract_html(page.encode("utf-8"), "huge.html")


def test_time_bound():
    with pytest.raises(LimitError, match=r"slow.pdf: over a limit: extraction ran 0 s and was stopped at page 1 "
                                         r"\(expected at most 0 s \(--max-seconds\)\)"):
        extract_pdf(PDF_BYTES, "slow.pdf", Limits(max_seconds=0))
