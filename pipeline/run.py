"""The whole extract run: every release rendered, in worker processes when asked (`jobs`),
and staged in build/ as each one arrives; all swapped in together once every release
passed, so one bad release leaves build/ untouched. Workers send back bytes and lines (and
the frame of a release's published source, until its other sources were compared with it),
and at most 2 x jobs calls are in flight: the parent's memory stays flat whatever the
number of releases.

A release whose inputs (its files and the pipeline's version, pipeline/inputs.py) are
what its published manifest records is not extracted again; a run in which every
release is so, and none was removed, decides it from the manifests and file hashes
alone, before importing pandas or the extractors, and writes nothing.
"""
from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import MincardsError
from .inputs import Release, find_releases, is_unchanged, pipeline_version, release_inputs
from .limits import DEFAULT, Limits
from .publish import Published, Staging, build_changed, leftovers, removed_releases
from .workers import fault_point, in_order, libraries_settled

if TYPE_CHECKING:  # extraction and the writers (pandas) are imported only when a release is extracted
    from .release import Failure, SourceResult
    from .write import ReleaseFiles, SourceInfo


@dataclass(frozen=True)
class Rendered:
    """What a worker sends back for one release: bytes and lines, never DataFrames."""
    release: str
    files: ReleaseFiles | None  # None once staged: the parent keeps no bytes it has written
    summary: str
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class RenderedSource:
    """What the worker that rendered a release's published source sends back: the release
    rendered, or the error met after the source was read (its notes, --strict), which counts
    only once its other sources are read and agree; and the published source, to compare them with."""
    rendered: Rendered | None
    later: MincardsError | None
    published: SourceResult


def render_published(release: Release, strict: bool, limits: Limits, pipeline: dict | None,
                     source: tuple, sources: list[SourceInfo]) -> RenderedSource:
    """A release's published source (`source`: its path, what the manifest records of it, its
    bytes) extracted, validated (and checked under --strict) and rendered as the release, with
    what its manifest records for a later run to compare: every source, its notes (hashed
    before they are read: a note changed meanwhile is seen as changed next time), the
    pipeline's version and the number of findings."""
    from .release import check_strict, extract_source, published_result, release_files

    fault_point("extracting")
    notes = (release_inputs(release) or {}).get("notes")
    published = extract_source(release, *source, limits)
    try:
        result = published_result(release, published, sources)
        if strict:
            check_strict(result)
    except MincardsError as error:
        return RenderedSource(None, error, published)
    inputs = {"notes": notes, "pipeline": pipeline or pipeline_version(), "findings": len(result.findings)}
    files = replace(release_files(result), inputs=inputs)
    return RenderedSource(Rendered(result.release, files, result.summary(), result.warnings), None, published)


def completed(release: Release, rendered: RenderedSource, others: list) -> Rendered:
    """The release, once its other sources (their results or errors) were compared with its
    published one: the errors in the order a reader of the sources one by one meets them."""
    from .release import check_sources

    check_sources(release.id, rendered.published, others)
    if rendered.later is not None:
        raise rendered.later
    return rendered.rendered


def render_release(release: Release, strict: bool = False, limits: Limits = DEFAULT,
                   pipeline: dict | None = None) -> Rendered:
    """One release rendered in this process: its sources read, the published one rendered,
    the others extracted and compared with it."""
    from .release import extract_source, read_release

    sources = read_release(release, limits)
    infos = [info for _, info, _ in sources]
    rendered = render_published(release, strict, limits, pipeline, sources[0], infos)
    return completed(release, rendered, [extract_source(release, *source, limits) for source in sources[1:]])


def run_call(kind: str, release: Release, last: bool, *args):
    """One call of release_calls, in whichever process runs it."""
    from .release import extract_source

    if kind == "release":
        return render_release(release, *args)
    if kind == "published source":
        return render_published(release, *args)
    if kind == "other source":
        return extract_source(release, *args)
    raise args[0]  # "failed": the error met reading the release


def release_calls(releases: list[Release], strict: bool, limits: Limits, pipeline: dict | None,
                  jobs: int) -> Iterator[tuple]:
    """The calls that render each release, in release order, made as the workers are ready
    for them. With one process, a release is one call. With more, a release's sources are
    calls of their own: its other sources (a PDF beside the page, the longest part of most
    releases) go first, so that they start first, and the page is rendered meanwhile; the
    sources are read here, once, and handed over as bytes. A release whose folder cannot be
    listed or read is a call that fails with its error, in its place."""
    from .release import read_release

    for release in releases:
        if jobs <= 1:
            yield "release", release, True, strict, limits, pipeline
            continue
        try:
            sources = read_release(release, limits)
        except MincardsError as error:
            yield "failed", release, True, error
            continue
        for source in sources[1:]:
            yield "other source", release, False, *source, limits
        infos = [info for _, info, _ in sources]
        yield "published source", release, True, strict, limits, pipeline, sources[0], infos


def unchanged(release: Release) -> Rendered:
    return Rendered(release.id, None, f"{release.id}: unchanged", ())


def render_each(releases: list[Release], strict: bool = False, limits: Limits = DEFAULT, jobs: int = 1,
                method: str | None = None,
                pipeline: dict | None = None) -> Iterator[tuple[Release, Rendered | MincardsError]]:
    """Each release rendered, or its error, in release order, as each one is ready. With
    jobs > 1, in that many worker processes, at most 2 x jobs calls in flight (so the
    results waiting for their turn stay few, whatever the number of releases). Stopping
    the iteration cancels the calls not started."""
    calls = release_calls(releases, strict, limits, pipeline, jobs)
    outcomes = in_order(run_call, calls, jobs, method, handed_back=lambda: fault_point("handing-back"))
    others = []
    try:
        for (kind, release, last, *_), outcome in outcomes:
            if not last:
                others.append(outcome)
                continue
            if isinstance(outcome, RenderedSource):
                try:
                    outcome = completed(release, outcome, others)
                except MincardsError as error:
                    outcome = error
            others = []
            yield release, outcome
    finally:
        outcomes.close()


def extract_to(raw_dir: Path, out_dir: Path, only: tuple[str, ...] = (), strict: bool = False,
               limits: Limits = DEFAULT, keep_going: bool = False, jobs: int = 1, method: str | None = None,
               progress=None, wait: bool = False, waiting=None, force: bool = False,
               pipeline: dict | None = None) -> tuple[list[Rendered], list[Failure], Published | None]:
    """The whole extract command: every release rendered (in `jobs` processes) and staged
    in out_dir as it arrives, then all swapped in together. Without keep_going the first
    failing release (in release order) is raised and nothing is swapped in; with it the
    failures are returned and the others published. A full run (no `only`) also removes
    the releases whose folder left raw_dir. The artifacts of every release together (the
    history, changelog, database and site: pipeline/across.py) are then built from the
    releases out_dir will hold, and swapped in with them. `progress(done, total, current)` is told
    before each release is waited for, and once more at the end with current None. With
    `wait`, a run already writing to out_dir is waited for (`waiting(holder)` is told).
    A release unchanged since it was published (`pipeline`: the version to compare,
    default this one's) is not extracted again, unless `force`; its result says so."""
    releases = find_releases(raw_dir, only)
    keep = None if only else [r.id for r in releases]
    pipeline = pipeline or pipeline_version()

    def to_extract() -> list[Release]:
        return [r for r in releases if force or not is_unchanged(r, out_dir, pipeline, strict)]

    # Decided without the lock first, so that a run with nothing to do writes nothing (not
    # even the lock's holder); decided again under the lock before anything is written. What
    # a killed run left is something to do: the next run removes it, whatever else it does.
    if not build_changed(out_dir, to_extract(), removed_releases(out_dir, keep), interrupted=bool(leftovers(out_dir))):
        return [unchanged(r) for r in releases], [], None
    with libraries_settled():  # pandas and the extractors: only once something is to be written
        from .across import build_across
        from .release import Failure
        from schemas.contract import validation_ready

        validation_ready()

    rendered: dict[str, Rendered] = {}
    failures: list[Failure] = []

    across = functools.partial(build_across, jobs=jobs, method=method)
    with Staging(out_dir, wait=wait, waiting=waiting, across=across) as staging:
        todo = to_extract()
        if progress and todo:
            progress(0, len(todo), todo[0].id)
        outcomes = render_each(todo, strict, limits, jobs, method, pipeline)
        try:
            for number, (release, outcome) in enumerate(outcomes, start=1):
                if progress:
                    progress(number, len(todo), todo[number].id if number < len(todo) else None)
                if isinstance(outcome, MincardsError):
                    if not keep_going:
                        raise outcome
                    failures.append(Failure(release.id, outcome))
                    continue
                staging.stage(outcome.files)
                rendered[release.id] = replace(outcome, files=None)  # its bytes are on disk now
                fault_point("between-releases")
        finally:
            outcomes.close()
        published = staging.commit(keep) if rendered or not failures else None
    skipped = {r.id for r in releases} - {r.id for r in todo}
    done = [rendered.get(r.id) or unchanged(r) for r in releases if r.id in rendered or r.id in skipped]
    return done, failures, published
