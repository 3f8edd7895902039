"""Release folders -> validated results -> artifacts. The library entry points.

A release is a folder `raw/<YYYY-MM-DD>/` named by the page's update date and
holding the vendor page (HTML and/or PDF). Here a release is found, each of its sources
extracted, tidied and validated, the sources checked to agree, and its artifacts
rendered; pipeline/run.py runs every release of the extract command.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .errors import MincardsError, Place, Problem, ReleaseError, SourceError
from .diff import diff_releases
from .extract import EXTRACTORS, SavedFiles, check_kind
from .faults import point
from .ids import base_date
from .inputs import RELEASES_LISTED, Release, find_releases, read_source  # noqa: F401 - the tests import them from here
from .limits import DEFAULT, LimitError, Limits
from .normalize import Normalized, normalize
from .notes import NOTES_FILE, Uncertain, mark_uncertain, read_notes
from .quality import all_findings, finding_rows, findings_frame
from .report import release_html, release_markdown
from .stages import stage
from .publish import Published, publish_all
from .units import counted
from .workers import fault_point
from .write import ReleaseFiles, SourceInfo, release_artifacts
from schemas.findings import validate_findings
from schemas.min_cards import source_place, validate_min_cards


# Where a test can act in the middle of a run (pipeline/faults.py): raw/ may change under it.
SOURCES_LISTED = "sources listed"  # a release folder has been listed; its sources are read next
SOURCE_READ = "source read"  # a source's bytes are in hand: everything after uses them, never the file


@dataclass(frozen=True)
class ReleaseResult:
    release: str
    frame: pd.DataFrame  # validated min_cards rows
    dense: pd.DataFrame  # the table as printed, merged slots filled
    sources: tuple[SourceInfo, ...]
    warnings: tuple[str, ...]
    findings: pd.DataFrame  # data-quality findings (pipeline/quality.py)
    source_url: str | None = None  # the vendor's public page, from raw/<release>/SOURCE.md
    finding_table: pd.DataFrame | None = None  # the findings as data, validated (findings.csv)
    uncertain: tuple[Uncertain, ...] = ()  # the cells notes.toml declares uncertain (pipeline/notes.py)

    def summary(self) -> str:
        counts = [(len(self.frame), "row"), (self.frame["model"].nunique(), "model"),
                  (self.frame["framework"].nunique(), "framework"), (len(self.warnings), "warning"),
                  (len(self.findings), "finding")]
        text = f"{self.release}: " + ", ".join(counted(n, word) for n, word in counts)
        names = [Path(s.path).name for s in self.sources]
        return text + (f"; {' and '.join(names)} agree" if len(names) > 1 else "")


SOURCE_NOTE = "SOURCE.md"
# The line of SOURCE.md that gives the vendor's public page: `- **Public page:** https://…`
PUBLIC_PAGE = re.compile(r"^[-*]?\s*\*\*Public page:\*\*\s+<?(https?://[^\s<>]+)>?", re.MULTILINE)


def source_url(release: Release) -> str | None:
    """The vendor page's URL from the release's SOURCE.md ("**Public page:**" line); None
    without a SOURCE.md. A SOURCE.md without that line is an error: the URL is published
    in the Parquet metadata and the data package, and would be silently missing."""
    note = release.folder / SOURCE_NOTE
    if not note.is_file():
        return None
    try:
        text = note.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(f"{release.label}/{SOURCE_NOTE}", f"cannot read the file ({exc})",
                          "a readable UTF-8 text file") from None
    found = PUBLIC_PAGE.search(text)
    if found is None:
        raise ReleaseError(f"{release.label}/{SOURCE_NOTE}", "no public page line",
                          "a line '- **Public page:** https://…' giving the vendor page's URL")
    return found[1]


def release_sources(release: Release) -> list[Path]:
    """The release's vendor page and/or PDF, HTML first (HTML is what gets published)."""
    try:
        listed = list(release.folder.iterdir())
    except FileNotFoundError:
        raise ReleaseError(release.label, "the release folder is gone: it was removed after the raw folder was "
                           "listed", "raw/ left alone while mincards extract reads it") from None
    except OSError as exc:
        raise ReleaseError(release.label, f"cannot list the folder ({exc.strerror})", "a readable folder") from None
    files = sorted((p for p in listed if p.suffix.lower() in EXTRACTORS),
                   key=lambda p: (EXTRACTORS[p.suffix.lower()][0] != "html", p.name))
    kinds = [EXTRACTORS[p.suffix.lower()][0] for p in files]
    if not files:
        raise ReleaseError(release.label, "no vendor page in the folder",
                           "one HTML page (.html/.htm) and/or one PDF (.pdf)")
    for kind in set(kinds):
        if kinds.count(kind) > 1:
            names = ", ".join(p.name for p, k in zip(files, kinds) if k == kind)
            raise ReleaseError(release.label, f"{kinds.count(kind)} {kind.upper()} files ({names})",
                               f"at most one {kind.upper()} file per release")
    return files


def check_update_date(release: Release, source: str, updated: str | None) -> list[str]:
    if updated is None:
        return [f"{source}: the page has no 更新时间 line; the release date is the folder name"]
    if updated != base_date(release.id):  # a revision folder 2025-10-22.2 holds a page dated 2025-10-22
        raise ReleaseError(source, f"the page says 更新时间 {updated} but sits in folder {release.id}",
                           "the release folder named by the page's update date (or a revision of it, "
                           "<date>.2 to <date>.9)")
    return []


@dataclass(frozen=True)
class SourceResult:
    """One source file of a release, extracted, tidied and validated."""
    info: SourceInfo
    normalized: Normalized
    frame: pd.DataFrame
    warnings: list[str]


def read_release_source(release: Release, path: Path, limits: Limits = DEFAULT) -> tuple[SourceInfo, bytes]:
    """A source's bytes, read once within the bounds, and what the manifest records of them:
    everything after uses these bytes, never the file."""
    source = f"{release.label}/{path.name}"
    data = read_source(path, source, limits)
    point(SOURCE_READ, path)
    return SourceInfo(source, hashlib.sha256(data).hexdigest()), data


def extract_source(release: Release, path: Path, info: SourceInfo, data: bytes,
                   limits: Limits = DEFAULT) -> SourceResult:
    source = info.path
    fault_point("reading-sources")  # with jobs > 1, each source of the release is in a worker by now
    kind, extractor = EXTRACTORS[path.suffix.lower()]
    with stage(f"extract {kind}"):
        check_kind(data, kind, source)
        # a page reads the sheets saved beside it in the release folder (a browser's "save complete")
        saved = {"files": SavedFiles.beside(path, release.label, limits)} if kind == "html" else {}
        grid, updated = extractor(data, source, limits, **saved)  # each call starts its own clock
        warnings = check_update_date(release, source, updated) + [f"{source}: {w}" for w in grid.warnings]
    with stage("normalize"):
        normalized = normalize(grid, release.id)
    with stage("contract"):
        frame = validate_min_cards(normalized.frame, source)
    warnings += [f"{source}: {w}" for w in normalized.warnings]
    return SourceResult(info, normalized, frame, warnings)


class DisagreementError(MincardsError):
    kind = "sources disagree"


def side_text(row: pd.Series, side: str) -> str:
    if pd.isna(row[f"{side}_supported"]):
        return "missing"
    value = int(row[f"{side}_min_units"]) if row[f"{side}_supported"] else "-"
    prefix = f"{side}_"
    return f"{value} ({row[f'{prefix}source_file']} {source_place(row, prefix)}: {row[f'{prefix}raw_text']!r})"


def check_agreement(release: str, published: SourceResult, other: SourceResult) -> None:
    """Every configuration must have the same value in both sources; else one report
    listing each differing cell from both sides with its lineage."""
    differences = diff_releases(release, published.frame, release, other.frame).rows
    differences = differences[differences["change"] != "unchanged"]
    if differences.empty:
        return
    problems = [Problem(Place(), f"{r.model} / {r.strategy} / {r.seq_len} / {r.framework} / {r.hardware}: "
                        f"{side_text(r, 'old')} vs {side_text(r, 'new')}")
                for _, r in differences.iterrows()]
    raise DisagreementError(f"{published.info.path} and {other.info.path}", problems)


def read_release(release: Release, limits: Limits = DEFAULT) -> list[tuple[Path, SourceInfo, bytes]]:
    """The release's sources, listed (the published one first) and each read once."""
    paths = release_sources(release)
    point(SOURCES_LISTED, paths)
    return [(path, *read_release_source(release, path, limits)) for path in paths]


def check_sources(release: str, published: SourceResult, others: list[SourceResult | MincardsError]) -> None:
    """The other sources of a release against its published one: their own errors first, in
    their order, then any disagreement."""
    for other in others:
        if isinstance(other, MincardsError):
            raise other
    with stage("agreement"):
        for other in others:
            check_agreement(release, published, other)


def extract_release(release: Release, limits: Limits = DEFAULT) -> ReleaseResult:
    """Extract every source of the release; with HTML and PDF both, they must agree, and
    the HTML is published. In one process; pipeline/run.py spreads the sources of its
    releases over the run's workers."""
    sources = read_release(release, limits)
    published = extract_source(release, *sources[0], limits)
    check_sources(release.id, published, [extract_source(release, *source, limits) for source in sources[1:]])
    return published_result(release, published, [info for _, info, _ in sources])


def published_result(release: Release, published: SourceResult, sources: list[SourceInfo]) -> ReleaseResult:
    """The release as its published source gives it (the notes' uncertain cells marked, the
    data-quality findings), with every source it was read from."""
    # the notes name cells of the published table; sources that agree give it the same cells
    notes = read_notes(release.folder, release.label)
    frame = mark_uncertain(published.frame, notes, f"{release.label}/{NOTES_FILE}", published.info.path)
    with stage("quality"):
        found = all_findings(frame)  # once: the report's table and the findings data share it
        table = validate_findings(finding_rows(frame, found), f"{release.id} findings")
    return ReleaseResult(release.id, frame, published.normalized.dense, tuple(sources),
                         tuple(published.warnings), findings_frame(found), source_url(release), table, tuple(notes))


class QualityError(MincardsError):
    kind = "data-quality findings (--strict)"


def check_strict(result: ReleaseResult) -> None:
    if not result.findings.empty:
        problems = [Problem(Place(), f"{f.rule}: {f.model} {f.framework} {f.hardware}: {f.detail} [{f.cells}]")
                    for f in result.findings.itertuples(index=False)]
        raise QualityError(result.sources[0].path, problems)


def extract_all(raw_dir: Path, only: tuple[str, ...] = (), strict: bool = False,
                limits: Limits = DEFAULT) -> list[ReleaseResult]:
    """Extract and validate; raises the first release's error before anything is written.
    With strict, a data-quality finding is an error too."""
    return extract_each(raw_dir, only, strict, limits, stop_at_first=True)[0]


@dataclass(frozen=True)
class Failure:
    release: str
    error: MincardsError


def extract_each(raw_dir: Path, only: tuple[str, ...] = (), strict: bool = False, limits: Limits = DEFAULT,
                 stop_at_first: bool = False) -> tuple[list[ReleaseResult], list[Failure]]:
    """Every release, each failing on its own (--keep-going): the results that passed and
    the failures with their errors. With stop_at_first, the first error is raised."""
    results, failures = [], []
    for release in find_releases(raw_dir, only):
        try:
            result = extract_release(release, limits)
            if strict:
                check_strict(result)
            results.append(result)
        except MincardsError as error:
            if stop_at_first:
                raise
            failures.append(Failure(release.id, error))
    return results, failures


def release_files(result: ReleaseResult) -> ReleaseFiles:
    """Every artifact of one release, rendered: the tables and the reports."""
    with stage("write (render)"):
        # release_artifacts builds the findings table itself when the result does not carry it
        files = release_artifacts(result.release, result.frame, result.dense, list(result.sources),
                                  result.source_url, result.finding_table)
    with stage("report"):
        sources = [(s.path, s.sha256) for s in result.sources]
        table = result.finding_table if result.finding_table is not None else finding_rows(result.frame)
        files.files["report.html"] = release_html(result.release, result.frame, result.findings, sources,
                                                  result.source_url, table).encode("utf-8")
        files.files["report.md"] = release_markdown(result.release, result.summary(), result.findings,
                                                    result.uncertain).encode("utf-8")
    return files


def publish(results: list[ReleaseResult], out_dir: Path, mirror: Path | None = None) -> Published:
    """Publish each release whole (pipeline/publish.py). With `mirror` (the raw folder of a
    full run), releases whose folder is no longer in it are removed from out_dir."""
    keep = [r.id for r in find_releases(mirror)] if mirror is not None else None
    return publish_all(out_dir, [release_files(r) for r in results], keep)
