"""Release folders -> validated results -> artifacts. The library entry points.

A release is a folder `raw/<YYYY-MM-DD>/` named by the page's update date and
holding the vendor page. All releases asked for are extracted and validated in
memory before anything is written, so one bad release leaves build/ untouched.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .errors import MincardsError, Place, Problem, ReleaseError, SourceError
from .extract import extract_html
from .normalize import normalize
from .quality import find_issues
from .report import release_html, release_markdown
from .write import SourceInfo, release_artifacts, write_artifacts
from schemas.min_cards import validate_min_cards

RELEASE_NAME = re.compile(r"\d{4}-\d{2}-\d{2}")
HTML_SUFFIXES = (".html", ".htm")


@dataclass(frozen=True)
class Release:
    id: str
    folder: Path
    label: str  # how files in it are named in lineage and messages: <raw folder name>/<id>


@dataclass(frozen=True)
class ReleaseResult:
    release: str
    frame: pd.DataFrame  # validated min_cards rows
    dense: pd.DataFrame  # the table as printed, merged slots filled
    sources: tuple[SourceInfo, ...]
    warnings: tuple[str, ...]
    findings: pd.DataFrame  # data-quality findings (pipeline/quality.py)

    def summary(self) -> str:
        counts = [(len(self.frame), "row"), (self.frame["model"].nunique(), "model"),
                  (self.frame["framework"].nunique(), "framework"), (len(self.warnings), "warning"),
                  (len(self.findings), "finding")]
        return f"{self.release}: " + ", ".join(f"{n} {word}{'s' * (n != 1)}" for n, word in counts)


def is_release_name(name: str) -> bool:
    if not RELEASE_NAME.fullmatch(name):
        return False
    try:
        dt.date.fromisoformat(name)
    except ValueError:
        return False
    return True


def find_releases(raw_dir: Path, only: tuple[str, ...] = ()) -> list[Release]:
    """Every release folder in raw_dir (or just `only`), oldest first."""
    if not raw_dir.is_dir():
        raise ReleaseError(str(raw_dir), "not a folder; expected the folder that holds the release folders")
    label = raw_dir.resolve().name
    folders = sorted(p for p in raw_dir.iterdir() if p.is_dir() and not p.name.startswith("."))
    bad = [p.name for p in folders if not is_release_name(p.name)]
    if bad:
        raise ReleaseError(str(raw_dir), [Problem(Place(), f"folder {name!r} is not a release date",
                                                  "a folder named YYYY-MM-DD") for name in bad])
    releases = [Release(p.name, p, f"{label}/{p.name}") for p in folders]
    if only:
        known = {r.id: r for r in releases}
        missing = [name for name in only if name not in known]
        if missing:
            raise ReleaseError(str(raw_dir), f"no release folder {', '.join(map(repr, missing))}; "
                               f"found {', '.join(known) or 'none'}")
        releases = [known[name] for name in sorted(set(only))]
    if not releases:
        raise ReleaseError(str(raw_dir), "no release folders; expected folders named YYYY-MM-DD")
    return releases


def release_page(release: Release) -> Path:
    pages = sorted(p for p in release.folder.iterdir() if p.suffix.lower() in HTML_SUFFIXES)
    if len(pages) != 1:
        found = ", ".join(p.name for p in pages) or "none"
        raise ReleaseError(release.label, f"{len(pages)} HTML pages ({found}); expected exactly one vendor page")
    return pages[0]


def read_source(path: Path, label: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise SourceError(label, f"cannot read the file ({exc.strerror})") from None


def check_update_date(release: Release, source: str, updated: str | None) -> list[str]:
    if updated is None:
        return [f"{source}: the page has no 更新时间 line; the release date is the folder name"]
    if updated != release.id:
        raise ReleaseError(source, f"the page says 更新时间 {updated} but sits in folder {release.id}",
                           "the release folder named by the page's update date")
    return []


def extract_release(release: Release) -> ReleaseResult:
    page = release_page(release)
    source = f"{release.label}/{page.name}"
    data = read_source(page, source)
    grid, updated = extract_html(data, source)
    warnings = check_update_date(release, source, updated)
    normalized = normalize(grid, release.id)
    frame = validate_min_cards(normalized.frame, source)
    warnings += [f"{source}: {w}" for w in normalized.warnings]
    sources = (SourceInfo(source, hashlib.sha256(data).hexdigest()),)
    return ReleaseResult(release.id, frame, normalized.dense, sources, tuple(warnings), find_issues(frame))


class QualityError(MincardsError):
    kind = "data-quality findings (--strict)"


def check_strict(result: ReleaseResult) -> None:
    if not result.findings.empty:
        problems = [Problem(Place(), f"{f.check}: {f.model} {f.framework} {f.hardware}: {f.detail} [{f.cells}]")
                    for f in result.findings.itertuples(index=False)]
        raise QualityError(result.sources[0].path, problems)


def extract_all(raw_dir: Path, only: tuple[str, ...] = (), strict: bool = False) -> list[ReleaseResult]:
    """Extract and validate; raises the first release's error before anything is written.
    With strict, a data-quality finding is an error too."""
    results = [extract_release(release) for release in find_releases(raw_dir, only)]
    for result in results if strict else ():
        check_strict(result)
    return results


def publish(results: list[ReleaseResult], out_dir: Path) -> list[Path]:
    artifacts: dict[str, bytes] = {}
    for result in results:
        artifacts.update(release_artifacts(result.release, result.frame, result.dense, list(result.sources)))
        sources = [(s.path, s.sha256) for s in result.sources]
        artifacts[f"{result.release}/report.html"] = release_html(
            result.release, result.frame, result.findings, sources).encode("utf-8")
        artifacts[f"{result.release}/report.md"] = release_markdown(
            result.release, result.summary(), result.findings).encode("utf-8")
    return write_artifacts(out_dir, artifacts)
