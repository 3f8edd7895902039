"""Every bad input has one clear outcome through the CLI: a non-zero exit, one message
naming the file, the place and what was expected, no traceback, and the previous
build untouched. Each case writes a real release folder made from the real pages."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import FIXTURES, RAW
from pipeline.cli import main

NEWEST = "2025-10-22"
PAGE_HTML = (RAW / NEWEST / "page.html").read_text(encoding="utf-8")
PDF_BYTES = (RAW / NEWEST / "doc.pdf").read_bytes()
PNG_BYTES = b"\x89PNG\r\n\x1a\n" + bytes(64)


def snapshot(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".mincards.lock"}


@pytest.fixture(scope="module")
def good_build(published):
    return published  # copied by each test before it runs the command


def release_with(tmp_path, files: dict[str, bytes | str | None]):
    """raw/2025-10-22/ holding exactly these files (None: a folder of that name)."""
    folder = tmp_path / "raw" / NEWEST
    folder.mkdir(parents=True)
    for name, content in files.items():
        if content is None:
            (folder / name).mkdir()
        elif isinstance(content, str):
            (folder / name).write_text(content, encoding="utf-8")
        else:
            (folder / name).write_bytes(content)
    return tmp_path / "raw"


def html_with(old: str, new: str, count: int = 1) -> str:
    assert old in PAGE_HTML, old
    return PAGE_HTML.replace(old, new, count)


FIRST_BODY_ROW = re.search(r"<tbody>\s*(<tr.*?</tr>)", PAGE_HTML, flags=re.S).group(1)
GEMMA_CELL = re.search(r'rowspan="3">(<p id="[^"]*">gemma3-27b)', PAGE_HTML).group(0)


def first_row_of(model: str) -> str:
    return re.search(rf'<tr id="[^"]*"><td[^>]*><p[^>]*>{re.escape(model)}</p>.*?</tr>', PAGE_HTML).group(0)


CASES = {
    "empty file": ({"page.html": b""}, "raw/2025-10-22/page.html: cannot read source: the file is empty "
                                      "(expected an HTML page)"),
    "a folder where a file is expected": ({"page.html": None}, "raw/2025-10-22/page.html: cannot read source: "
                                                               "is a folder (expected a file)"),
    "a PNG named .pdf": ({"doc.pdf": PNG_BYTES}, "raw/2025-10-22/doc.pdf: cannot read source: the file is a PNG "
                                                 "image, not what its name says (expected a PDF)"),
    "a PDF named .html": ({"page.html": PDF_BYTES}, "raw/2025-10-22/page.html: cannot read source: the file is a "
                                                    "PDF, not what its name says (expected an HTML page)"),
    "binary garbage": ({"page.html": bytes(range(256)) * 8}, "raw/2025-10-22/page.html: cannot read source: the "
                                                             "file is binary data, not utf-8 text (byte 128) (expected an HTML page)"),
    "truncated PDF": ({"doc.pdf": PDF_BYTES[: len(PDF_BYTES) // 3]}, "raw/2025-10-22/doc.pdf: cannot read source: "
                                                                    "the PDF cannot be"),
    "encrypted PDF": ({"doc.pdf": (FIXTURES / "pdf" / "bad" / "encrypted.pdf").read_bytes()},
                      "raw/2025-10-22/doc.pdf: cannot read source: the PDF is encrypted (expected an unencrypted PDF)"),
    "image-only PDF": ({"doc.pdf": (FIXTURES / "pdf" / "bad" / "image-only.pdf").read_bytes()},
                       "raw/2025-10-22/doc.pdf: cannot read source: no text layer on any of its 1 page(s)"),
    "PDF without the table": ({"doc.pdf": (FIXTURES / "pdf" / "bad" / "no-table.pdf").read_bytes()},
                              "raw/2025-10-22/doc.pdf: cannot read source: no vendor table on any of its 1 page(s)"),
    "HTML without the table": ({"page.html": re.sub(r"<table.*</table>", "", PAGE_HTML, flags=re.S)},
                               "raw/2025-10-22/page.html: cannot read source: no vendor table among the page's "
                               "0 table(s)"),
    "a renamed key column": ({"page.html": html_with(">训练策略类型<", ">训练方法<")},
                             "raw/2025-10-22/page.html: table header: row 1, column 2: unrecognised heading '训练方法'"),
    "a removed hardware column": ({"page.html": html_with(">Snt9b23</p></th></tr>", ">Snt9c</p></th></tr>")},
                                  "raw/2025-10-22/page.html: table header: row 2, column 13: unrecognised heading "
                                  "'MindSpeed-MM规格卡数/DIE' / 'Snt9c'"),
    "a nonsense extra column": ({"page.html": html_with(">MindSpeed-MM规格卡数/DIE<", ">备注<")},
                                "raw/2025-10-22/page.html: table header: row 2, column 12: unrecognised heading "
                                "'备注' / 'Snt9b'"),
    "4*Ascnd": ({"page.html": html_with(">4*Ascend<", ">4*Ascnd<")},
                "raw/2025-10-22/page.html: cell value: row 3, column 4: '4*Ascnd' is not a unit count (expected "
                "N*Ascend with N ≥ 1, or - for not supported)"),
    "abc": ({"page.html": html_with(">4*Ascend<", ">abc<")}, "row 3, column 4: 'abc' is not a unit count"),
    "4096/": ({"page.html": html_with(">4096/8192<", ">4096/<")},
              "raw/2025-10-22/page.html: cell value: row 3, column 3: '4096/' is not a sequence length (expected "
              "positive whole numbers joined by /)"),
    "0*Ascend": ({"page.html": html_with(">4*Ascend<", ">0*Ascend<")}, "row 3, column 4: '0*Ascend' asks for 0 units"),
    "a negative number": ({"page.html": html_with(">4*Ascend<", ">-4*Ascend<")},
                          "row 3, column 4: '-4*Ascend' is not a unit count"),
    "a row with too many cells": ({"page.html": html_with(FIRST_BODY_ROW, FIRST_BODY_ROW.replace(
        "</tr>", "<td><p>-</p></td></tr>"))},
        "raw/2025-10-22/page.html: table layout: row 3, column 14: cell '-' reaches column 14, past the header's "
        "13 columns"),
    "a row with too few cells": ({"page.html": html_with(FIRST_BODY_ROW, re.sub(r"<td[^>]*><p[^>]*>-</p></td></tr>$",
                                                                               "</tr>", FIRST_BODY_ROW))},
                                 "raw/2025-10-22/page.html: table layout: row 3: the row fills 12 of 13 columns "
                                 "(nothing at column 13)"),
    "a span past the table's end": ({"page.html": html_with(GEMMA_CELL, GEMMA_CELL.replace('rowspan="3"',
                                                                                           'rowspan="9"'))},
                                    "raw/2025-10-22/page.html: table layout: row 80, column 1: cell 'gemma3-27b' has "
                                    "rowspan=9 but the table ends 2 row(s) below it"),
    "a duplicate key": ({"page.html": html_with(first_row_of("mixtral-8x7b"),
                                                first_row_of("mixtral-8x7b") + first_row_of("mixtral-8x7b").replace(
                                                    ">16*Ascend<", ">32*Ascend<"))},
                        "raw/2025-10-22/page.html: cell value: 8 problems\n  - row 70, column 4: mixtral-8x7b / "
                        "full / 4096, 8192 / MindSpeed-LLM / Snt9b, Snt9b23 is listed 2 times: row 70, column 4 "
                        "('16*Ascend'); row 71, column 4 ('32*Ascend')"),
    "HTML and PDF that disagree": ({"page.html": html_with(">512*Ascend<", ">256*Ascend<"), "doc.pdf": PDF_BYTES},
                                   "raw/2025-10-22/page.html and raw/2025-10-22/doc.pdf: sources disagree: 2 problems"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_release_folder(name, tmp_path, good_build):
    files, message = CASES[name]
    raw = release_with(tmp_path, files)
    out = tmp_path / "build"
    shutil.copytree(good_build, out)
    before = snapshot(out)
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(out)])
    assert result.exit_code == 1
    assert message in result.output, result.output
    assert result.output.startswith("error: ") and "Traceback" not in result.output
    assert snapshot(out) == before


@pytest.mark.parametrize("args, message", [
    (["extract", "{tmp}/missing"], "{tmp}/missing: release: not a folder (expected the folder that holds the "
                                   "release folders)"),
    (["extract", "{raw}", "--release", "../x"], "release: --release '../x' is not a release id (expected a date "
                                                "YYYY-MM-DD, or a revision YYYY-MM-DD.2 to .9, naming a folder in the raw folder)"),
])
def test_bad_paths_and_release_ids(args, message, tmp_path):
    result = CliRunner().invoke(main, [a.format(tmp=tmp_path, raw=RAW) for a in args] + ["--out", str(tmp_path / "b")])
    assert result.exit_code == 1 and message.format(tmp=tmp_path) in result.output
    assert not (tmp_path / "b").exists()


def test_folder_names_that_are_not_dates_or_escape(tmp_path):
    for name in ("latest", "2025-13-01", "x y"):
        (tmp_path / "raw" / name).mkdir(parents=True)
    result = CliRunner().invoke(main, ["extract", str(tmp_path / "raw"), "--out", str(tmp_path / "b")])
    assert result.exit_code == 1
    assert "3 problems" in result.output and "folder 'x y' is not a release date" in result.output


def test_keep_going_writes_the_good_releases_and_names_the_bad(tmp_path):
    raw = tmp_path / "raw"
    shutil.copytree(RAW, raw)
    (raw / NEWEST / "page.html").write_text(html_with(">4*Ascend<", ">4*Ascnd<"), encoding="utf-8")
    out = tmp_path / "build"
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(out), "--keep-going"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0].startswith("2025-05-07: 124 rows")
    assert ("2025-10-22: FAILED: raw/2025-10-22/page.html: cell value: row 3, column 4: '4*Ascnd' is not a unit "
            "count") in result.output
    assert "1 of 2 releases failed; the others were written" in result.output
    assert sorted(p.name for p in out.iterdir()) == [
        ".mincards.lock", "2025-05-07", "CHANGELOG.md", "datapackage.json", "dataset", "datasette.json",
        "history.csv", "history.parquet", "mincards.sqlite", "releases.csv", "site"]


def test_debug_shows_the_traceback(tmp_path):
    raw = release_with(tmp_path, {"page.html": b""})
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(tmp_path / "b"), "--debug"])
    assert type(result.exception).__name__ == "SourceError"


def test_unreadable_file(tmp_path):
    raw = release_with(tmp_path, {"page.html": PAGE_HTML})
    page = raw / NEWEST / "page.html"
    page.chmod(0)
    cmd = [sys.executable, "-m", "pipeline", "extract", str(raw), "--out", str(tmp_path / "b")]
    if os.access(page, os.R_OK):  # root reads anything: run it as root without the power to override permissions
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: no way to make a file unreadable to this process")
        cmd = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", *cmd]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    assert "raw/2025-10-22/page.html: cannot read source: cannot read the file (Permission denied)" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_broken_cross_reference_table_is_recovered(tmp_path):
    """pdfminer rebuilds a broken xref by scanning the objects: the values still come out right."""
    broken = re.sub(rb"startxref\s+\d+", b"startxref\n123", PDF_BYTES)
    assert broken != PDF_BYTES
    raw = release_with(tmp_path, {"doc.pdf": broken})
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("2025-10-22: 1350 rows, 37 models, 5 frameworks")
