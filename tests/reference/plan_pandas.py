"""pipeline/plan.py as it was with pandas (the reference of tests/test_read_path.py). A capacity planner's two questions over one release.

`fit`: which supported configurations have a minimum within a budget of cards, DIEs
or nodes on one kind of hardware, with what is left over.

`plan`: the vendor's sizing rule for one model ("模型训练时间、集群规模预测" on the
page): N = tokens / (time x TPS), rounded up; where N > 8, rounded up to a multiple of
8; never below the model's minimum; and the training time at that N,
time = tokens / (N x TPS x efficiency).

Units. N and TPS count the table's units: cards on Snt9b, DIEs on Snt9b23, which
the page counts as equivalent (1 DIE ~ 1 Snt9b card). So --tps is tokens per second
per card on Snt9b and per DIE on Snt9b23 (a per-card benchmark figure on Snt9b23 is
halved). On Snt9b23 N is also rounded up to an even number of DIEs: the page gives
2 DIE as the smallest unit of a parallel strategy.

Efficiency. The 2025-10-22 page *multiplies* both formulas by a linear speed-up
ratio (线性加速比, "ideal 1, in practice < 1, typically above 0.9"). That is
dimensionally odd: a ratio below 1 would make training faster and need fewer cards.
We divide instead: efficiency below 1 means more time, or more cards.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from pipeline import store
from reference import query_pandas as query
from pipeline.formats import Answer
from pipeline.plan import Budget, budget, sized  # noqa: F401 - needs no pandas: the pipeline's own
from reference.query_pandas import KEY, Filters, NoMatch, OptionError
from pipeline.units import PLURAL, UNITS_PER_NODE, nodes

FIT_COLUMNS = KEY + ["min_units", "unit", "min_nodes", "certain", "spare_units"]
PLAN_COLUMNS = KEY + ["min_units", "units", "unit", "nodes", "hours", "certain"]


def supported_rows(frame: pd.DataFrame, filters: Filters, source: str) -> pd.DataFrame:
    rows = filters.checked(frame, source).apply(frame)
    return rows[rows["supported"].astype(bool)]


def fit(frame: pd.DataFrame, room: Budget, filters: Filters, source: str) -> list[dict]:
    """Every supported configuration on the budget's hardware whose minimum fits in it."""
    filters = Filters(filters.strategy, filters.seq_len, filters.framework, room.hardware)
    rows = supported_rows(frame, filters, source)
    fits = rows[rows["min_units"] <= room.units]
    if fits.empty:
        smallest = f"; the smallest minimum there is {int(rows['min_units'].min())} {PLURAL[room.unit]}" \
            if not rows.empty else ""
        raise NoMatch(source, f"no configuration fits in {room} ({filters}){smallest}")
    return [{**r, "spare_units": room.units - int(r["min_units"])} for r in fits[FIT_COLUMNS[:-1]].to_dict("records")]


@dataclass(frozen=True)
class Workload:
    tokens: float  # the training data's total tokens (all epochs)
    tps: float  # tokens per second per unit (card on Snt9b, DIE on Snt9b23)
    efficiency: float = 1.0  # the linear speed-up ratio, 0 < e <= 1

    def hours(self, units: int) -> float:
        return self.tokens / (units * self.tps * self.efficiency) / 3600

    def units_for(self, hours: float) -> float:
        return self.tokens / (hours * 3600 * self.tps * self.efficiency)


def plan(rows: pd.DataFrame, work: Workload, source: str, *, hours: float | None = None,
         units: int | None = None) -> tuple[list[dict], list[dict]]:
    """Units, nodes and hours for each supported configuration of `rows`: sized for `hours`,
    or at a given number of `units` (configurations whose minimum is above it are left out,
    and returned second)."""
    if (hours is None) == (units is None):
        raise OptionError(source, "--hours/--units", "give exactly one of --hours, --units")
    planned, left_out = [], []
    for row in rows[rows["supported"].astype(bool)][KEY + ["min_units", "unit", "certain"]].to_dict("records"):
        minimum = int(row["min_units"])
        n = sized(work.units_for(hours), minimum, row["unit"]) if hours is not None else units
        if n < minimum:
            left_out.append(row)
            continue
        planned.append({**row, "units": n, "nodes": nodes(n, row["unit"]), "hours": round(work.hours(n), 3),
                        "certain": row["certain"]})
    if not planned and left_out:
        raise NoMatch(source, f"every matching configuration needs more than {units} units",
                      f"--units of at least {min(int(r['min_units']) for r in left_out)}")
    if not planned:
        raise NoMatch(source, "no matching configuration is supported (every cell is -)")
    return planned, left_out


# --- the commands' answers ------------------------------------------------------------------

PLAN_FOOTER = ("units: cards on Snt9b (8 per node), DIEs on Snt9b23 (16 per node; --tps per DIE). "
               "units = tokens / (hours x 3600 x tps x efficiency), rounded up (to an even number of DIEs; "
               "above 8 to a multiple of 8), never below min_units; hours = tokens / (units x tps x efficiency) / 3600")


def answer_fit(build_dir: Path, release: str | None, hardware: str, filters: Filters, *, cards: int | None,
               dies: int | None, nodes_: int | None) -> Answer:
    """`mincards fit`: the configurations that fit a budget."""
    release_id, folder = store.release_folder(build_dir, release)
    source = str(folder / store.TABLE)
    room = budget(hardware, source, cards=cards, dies=dies, nodes_=nodes_)
    out = fit(store.load(folder), room, filters, source)
    return Answer(out, FIT_COLUMNS, title=f"{len(out)} configurations fit in {room}, release {release_id}",
                  footer=f"min_units and spare_units in {PLURAL[room.unit]}; min_nodes: "
                         f"{UNITS_PER_NODE[room.unit]} {PLURAL[room.unit]} per node"
                         + query.uncertain_note(pd.Series([r["certain"] for r in out], dtype="boolean")))


def left_out_note(left_out: list[dict], units: int) -> str:
    needs = ", ".join(f"{r['strategy']} {r['seq_len']} {r['framework']} {r['hardware']} ({r['min_units']})"
                      for r in left_out)
    return f"left out, their minimum is above {units} units: {needs}"


def answer_plan(build_dir: Path, release: str | None, asked: str, filters: Filters, work: Workload, *,
                hours: float | None, units: int | None) -> Answer:
    """`mincards plan MODEL`: units, nodes and hours per configuration."""
    release_id, folder = store.release_folder(build_dir, release)
    frame, source = store.load(folder), str(folder / store.TABLE)
    resolved = query.find_models(frame, asked, source)
    rows = query.select(frame, resolved.models, filters, source)
    planned, left_out = plan(rows, work, source, hours=hours, units=units)
    goal = f"sized to finish within {hours:g} h" if hours is not None else f"on {units} units"
    title = (f"{', '.join(resolved.models)}, release {release_id}: {work.tokens:,.0f} tokens at {work.tps:g} "
             f"tokens/s per unit, efficiency {work.efficiency:g}, {goal}")
    notes = ([resolved.note] if resolved.note else []) + ([left_out_note(left_out, units)] if left_out else [])
    doubt = query.uncertain_note(pd.Series([r["certain"] for r in planned], dtype="boolean"))
    return Answer(planned, PLAN_COLUMNS, title=title, footer=PLAN_FOOTER + doubt, notes=notes)
