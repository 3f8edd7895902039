"""The whole extract run: every release rendered, in worker processes when asked (`jobs`),
and staged in build/ as each one arrives; all swapped in together once every release
passed, so one bad release leaves build/ untouched. Workers send back bytes and lines,
never DataFrames, and at most 2 x jobs releases are in flight: the parent's memory stays
flat whatever the number of releases.

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
    from .release import Failure
    from .write import ReleaseFiles


@dataclass(frozen=True)
class Rendered:
    """What a worker sends back for one release: bytes and lines, never DataFrames."""
    release: str
    files: ReleaseFiles | None  # None once staged: the parent keeps no bytes it has written
    summary: str
    warnings: tuple[str, ...]


def render_release(release: Release, strict: bool = False, limits: Limits = DEFAULT,
                   pipeline: dict | None = None) -> Rendered:
    """One release extracted, validated (and checked under --strict) and rendered, with
    what its manifest records for a later run to compare: its notes (hashed before they
    are read: a note changed meanwhile is seen as changed next time), the pipeline's
    version and the number of findings."""
    from .release import check_strict, extract_release, release_files

    fault_point("extracting")
    notes = (release_inputs(release) or {}).get("notes")
    result = extract_release(release, limits)
    if strict:
        check_strict(result)
    inputs = {"notes": notes, "pipeline": pipeline or pipeline_version(), "findings": len(result.findings)}
    files = replace(release_files(result), inputs=inputs)
    return Rendered(result.release, files, result.summary(), result.warnings)


def unchanged(release: Release) -> Rendered:
    return Rendered(release.id, None, f"{release.id}: unchanged", ())


def render_each(releases: list[Release], strict: bool = False, limits: Limits = DEFAULT, jobs: int = 1,
                method: str | None = None,
                pipeline: dict | None = None) -> Iterator[tuple[Release, Rendered | MincardsError]]:
    """Each release rendered, or its error, in release order, as each one is ready. With
    jobs > 1, in that many worker processes, at most 2 x jobs releases in flight (so the
    results waiting for their turn stay few, whatever the number of releases). Stopping
    the iteration cancels the releases not started."""
    calls = [(release, strict, limits, pipeline) for release in releases]
    outcomes = in_order(render_release, calls, jobs, method, handed_back=lambda: fault_point("handing-back"))
    try:
        for (release, *_), outcome in outcomes:
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
