"""A capacity planner's two questions over one release.

`fit`: which supported configurations have a minimum within a budget of cards, DIEs
or nodes on one kind of hardware, with what is left over; or, `--by model`, one row per
model with its cheapest configuration per framework (CHEAPEST).

`plan`: the vendor's sizing rule for one model ("模型训练时间、集群规模预测" on the
page): N = tokens / (time x TPS), rounded up; where N > 8, rounded up to a multiple of
8; never below the model's minimum; and the training time at that N,
time = tokens / (N x TPS x efficiency). Given neither a time nor a number of units, the
trade-off: the time at the minimum, then at whole-node steps (1, 2, 4, 8 … nodes).
Configurations with identical results are collapsed into one row naming what it holds
for. TPS is the user's own measurement (the vendor gives none), per hardware.

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

import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from . import query, store
from .formats import Answer
from .query import KEY, Filters, NoMatch, OptionError
from .store import Row
from .units import DIES_PER_CARD, HARDWARE, PLURAL, SINGULAR, UNIT_OF_HARDWARE, UNITS_PER_NODE, amount, count, \
    counted, nodes

FIT_COLUMNS = KEY + ["min_units", "unit", "min_nodes", "certain", "spare_units"]
PLAN_COLUMNS = ["model", "hardware", "min_units", "units", "unit", "nodes", "hours", "configurations", "holds_for",
                "certain"]
STEPS = 4  # whole-node steps shown after the minimum when neither --hours nor --units is given
CHEAPEST = "fewest units, then the shorter sequence length, then lora before full"
STRATEGY_COST = {"lora": 0, "full": 1}  # lora trains a fraction of the weights
ROUND_ABOVE = 8  # "N卡数>8时则需取整为8的倍数"


@dataclass(frozen=True)
class Budget:
    hardware: str
    units: int

    @property
    def unit(self) -> str:
        return UNIT_OF_HARDWARE[self.hardware]

    def __str__(self) -> str:
        return f"{count(self.units, self.unit)} on {self.hardware}"


def budget(hardware: str, source: str, *, cards: int | None = None, dies: int | None = None,
           nodes_: int | None = None) -> Budget:
    """What the machine offers, in the hardware's unit: on Snt9b23 a card is 2 DIE, a node 16 DIE."""
    given = [name for name, value in (("--cards", cards), ("--dies", dies), ("--nodes", nodes_)) if value is not None]
    if len(given) != 1:
        raise OptionError(source, "--cards/--dies/--nodes", "give exactly one of --cards, --dies, --nodes"
                          + (f" (got {', '.join(given)})" if given else ""))
    unit = UNIT_OF_HARDWARE[hardware]
    if dies is not None and unit == "card":
        raise OptionError(source, "--dies", f"{hardware} is counted in cards, not DIEs; use --cards or --nodes")
    if nodes_ is not None:
        return Budget(hardware, nodes_ * UNITS_PER_NODE[unit])
    if cards is not None:
        return Budget(hardware, cards * (DIES_PER_CARD if unit == "die" else 1))
    return Budget(hardware, dies)


def supported_rows(frame: list[Row], filters: Filters, source: str) -> list[Row]:
    return [row for row in filters.checked(frame, source).apply(frame) if row["supported"]]


def fit(frame: list[Row], room: Budget, filters: Filters, source: str) -> list[dict]:
    """Every supported configuration on the budget's hardware whose minimum fits in it."""
    filters = Filters(filters.strategy, filters.seq_len, filters.framework, room.hardware)
    rows = supported_rows(frame, filters, source)
    fits = [row for row in rows if row["min_units"] <= room.units]
    if not fits:
        smallest = f"; the smallest minimum there is {amount(min(row['min_units'] for row in rows), room.unit)}" \
            if rows else ""
        raise NoMatch(source, f"no configuration fits in {room} ({filters}){smallest}")
    return [{**query.records([row], FIT_COLUMNS[:-1])[0], "spare_units": room.units - row["min_units"]}
            for row in fits]


class Cheapest(dict):
    """One model's cheapest configuration on one framework: a record in JSON, `4 (lora 4096)` as text."""

    def __str__(self) -> str:
        mark = "" if self["certain"] else query.UNCERTAIN_MARK
        return f"{self['min_units']}{mark} ({self['strategy']} {self['seq_len']})"


def cheapest(rows: list[dict]) -> Cheapest:
    """By CHEAPEST."""
    best = min(rows, key=lambda r: (r["min_units"], r["seq_len"], STRATEGY_COST[r["strategy"]]))
    return Cheapest({c: best[c] for c in ("strategy", "seq_len", "min_units", "certain", "spare_units")})


def by_model(fits: list[dict], frameworks: list[str]) -> tuple[list[dict], list[str]]:
    """One record per model: how many of its configurations fit, and the cheapest per framework
    (None where none does); the frameworks in the vendor's order."""
    frameworks = [fw for fw in frameworks if any(row["framework"] == fw for row in fits)]
    out = []
    for model, rows in query.grouped(fits, "model").items():
        per_framework = query.grouped(rows, "framework")
        out.append({"model": model, "configurations": len(rows),
                    **{fw: cheapest(per_framework[fw]) if fw in per_framework else None for fw in frameworks}})
    return out, ["model", "configurations", *frameworks]


@dataclass(frozen=True)
class Workload:
    tokens: float  # the training data's total tokens (all epochs)
    tps: float | dict[str, float]  # tokens per second per unit (card on Snt9b, DIE on Snt9b23), or per hardware
    efficiency: float = 1.0  # the linear speed-up ratio, 0 < e <= 1

    def rate(self, hardware: str) -> float | None:
        """The TPS given for this hardware, None when none was."""
        return self.tps.get(hardware) if isinstance(self.tps, dict) else self.tps

    def hours(self, units: int, hardware: str) -> Fraction:
        """Exactly, from the numbers as given (exact): a half is a half when two_figures rounds it."""
        return exact(self.tokens) / (units * exact(self.rate(hardware)) * exact(self.efficiency)) / 3600

    def units_for(self, hours: float, hardware: str) -> Fraction:
        """Exactly: 8.0000000003 units are more than 8 (sized rounds them up to 16)."""
        return exact(self.tokens) / (exact(hours) * 3600 * exact(self.rate(hardware)) * exact(self.efficiency))


def exact(number: float | int) -> Fraction:
    """The number as written: a float's shortest decimal (repr), which is what was typed."""
    return Fraction(repr(number)) if isinstance(number, float) else Fraction(number)


def decimal_text(number: float | int) -> str:
    """A given number as written, with thousands separators and no float noise: 302.4, 1,000,000."""
    return f"{Decimal(repr(number) if isinstance(number, float) else number).normalize():,f}"


def sized(needed: Fraction, min_units: int, unit: str) -> int:
    """The page's rounding: whole units (even DIEs), a multiple of 8 above 8, never below the minimum."""
    units = max(math.ceil(needed), 1)
    if unit == "die":
        units += units % DIES_PER_CARD
    if units > ROUND_ABOVE:
        units = -(-units // ROUND_ABOVE) * ROUND_ABOVE
    return max(units, min_units)


def node_steps(min_units: int, unit: str) -> list[int]:
    """The minimum, then the first STEPS whole-node counts of 1, 2, 4, 8 … nodes above it."""
    steps, machines = [min_units], 1
    while len(steps) <= STEPS:
        if machines * UNITS_PER_NODE[unit] > min_units:
            steps.append(machines * UNITS_PER_NODE[unit])
        machines *= 2
    return steps


def two_figures(hours: Fraction) -> float:
    """Two significant figures, halves rounded up, never 0: 23.148 -> 23, 0.625 -> 0.63,
    0.00011574 -> 0.00012, 123.4 -> 120; 0.0105 -> 0.011 (rounded from the exact value: from
    the nearest float, 0.010499999…, it went down)."""
    hours = Fraction(hours)
    # digits after the point that keep two figures, first from the sizes of its numerator and
    # denominator (exact at any size, where log10 of a float is 0 or overflows), then set right
    places = 1 - math.floor((hours.numerator.bit_length() - hours.denominator.bit_length()) * math.log10(2))
    while hours * Fraction(10) ** places >= 100:
        places -= 1
    while hours * Fraction(10) ** places < 10:
        places += 1
    rounded = float(Fraction(math.floor(hours * Fraction(10) ** places + Fraction(1, 2))) / Fraction(10) ** places)
    if rounded == 0:  # (a float overflowing raises OverflowError by itself)
        raise OverflowError("hours too small to print as a float")
    return rounded


def unit_counts(row: dict, work: Workload, hours: float | None, units: int | None) -> list[int]:
    """The units a configuration is planned on: sized for `hours`, the given `units`, or the trade-off."""
    minimum, unit = int(row["min_units"]), row["unit"]
    if hours is not None:
        return [sized(work.units_for(hours, row["hardware"]), minimum, unit)]
    if units is not None:
        return [units] if units >= minimum else []
    return node_steps(minimum, unit)


def phrase(strategies: dict[str, list[int]]) -> str:
    """`full/lora 4096/8192`, or `full 4096/8192, lora 4096` when the sequence lengths differ."""
    by_lengths: dict[tuple, list[str]] = {}
    for strategy in sorted(strategies):
        by_lengths.setdefault(tuple(strategies[strategy]), []).append(strategy)
    return ", ".join(f"{'/'.join(names)} {'/'.join(map(str, lengths))}" for lengths, names in by_lengths.items())


def holds_for(configs: list[dict], frameworks: list[str]) -> str:
    """What one collapsed row holds for, frameworks in the vendor's order; frameworks with the
    same strategies and sequence lengths share one phrase: `MindSpeed-LLM/Llama-Factory: lora 4096`."""
    by_phrase: dict[str, list[str]] = {}
    for framework in frameworks:
        mine = [c for c in configs if c["framework"] == framework]
        if mine:
            strategies = {s: sorted({c["seq_len"] for c in rows}) for s, rows in query.grouped(mine, "strategy").items()}
            by_phrase.setdefault(phrase(strategies), []).append(framework)
    return "; ".join(f"{'/'.join(fws)}: {text}" for text, fws in by_phrase.items())


@dataclass
class Group:
    """Configurations of one model on one hardware whose plans are identical."""
    model: str
    hardware: str
    min_units: int  # the largest minimum among them (with no --hours or --units, the minimum of them all)
    unit: str
    steps: list[tuple[int, int, float]]  # (units, nodes, hours)
    configs: list[dict]

    @property
    def certain(self) -> bool:
        """Every minimum read from a cell the release does not declare uncertain (a group is
        all certain or all uncertain: plan() keys groups by it)."""
        return all(c["certain"] for c in self.configs)


def plan(rows: list[Row], work: Workload, source: str, *, hours: float | None = None,
         units: int | None = None) -> tuple[list[Group], list[dict]]:
    """The plans of each supported configuration of `rows` (sized for `hours`, at `units`, or the
    trade-off), identical ones collapsed into groups; and the configurations left out (their
    minimum above `units`, or no TPS for their hardware)."""
    if hours is not None and units is not None:
        raise OptionError(source, "--hours/--units", "give at most one of --hours, --units")
    columns = KEY + ["min_units", "unit", "certain", "source_file", "source_row", "source_col"]
    # (with --hours or --units the minimum is an input, not a result: rows that differ in it alone are one row)
    groups: dict[tuple, Group] = {}
    left_out = []
    for row in query.records([row for row in rows if row["supported"]], columns):
        counts = unit_counts(row, work, hours, units) if work.rate(row["hardware"]) else []
        if not counts:
            left_out.append(row)
            continue
        steps = [(n, nodes(n, row["unit"]), two_figures(work.hours(n, row["hardware"]))) for n in counts]
        # a row holds configurations whose minimums are all certain, or all uncertain
        key = (row["model"], HARDWARE.index(row["hardware"]), not row["certain"], tuple(steps))
        group = groups.setdefault(key, Group(row["model"], row["hardware"], 0, row["unit"], steps, []))
        group.min_units = max(group.min_units, int(row["min_units"]))
        group.configs.append(row)
    if not groups and left_out and units is not None:
        raise NoMatch(source, f"every matching configuration needs more than {counted(units, 'unit')}",
                      f"--units of at least {min(int(r['min_units']) for r in left_out)}")
    if not groups and left_out:
        raise NoMatch(source, f"no --tps for the hardware of the matching configurations "
                      f"({', '.join(sorted({r['hardware'] for r in left_out}))})", "--tps HARDWARE=TPS for it")
    if not groups:
        raise NoMatch(source, "no matching configuration is supported (every cell is -)")
    return [groups[key] for key in sorted(groups)], left_out


def plan_records(groups: list[Group], frameworks: list[str]) -> list[dict]:
    return [{"model": g.model, "hardware": g.hardware, "min_units": g.min_units, "units": n, "unit": g.unit,
             "nodes": machines, "hours": h, "configurations": len(g.configs), "holds_for": holds_for(g.configs, frameworks),
             "certain": g.certain}
            for g in groups for n, machines, h in g.steps]


# --- the commands' answers ------------------------------------------------------------------

def answer_fit(build_dir: Path, release: str | None, hardware: str, filters: Filters, *, cards: int | None,
               dies: int | None, nodes_: int | None, by: str | None = None) -> Answer:
    """`mincards fit`: the configurations that fit a budget; `by="model"`: one row per model."""
    release_id, folder = store.release_folder(build_dir, release)
    source = str(folder / store.TABLE)
    room = budget(hardware, source, cards=cards, dies=dies, nodes_=nodes_)
    frame = store.load_records(folder)
    out = fit(frame, room, filters, source)
    units = f"min_units and spare_units in {PLURAL[room.unit]}; min_nodes: " \
            f"{UNITS_PER_NODE[room.unit]} {PLURAL[room.unit]} per node"
    if by == "model":
        order = query.in_column_order([row for row in frame if row["hardware"] == room.hardware], "framework")
        models, columns = by_model(out, order)
        return Answer(models, columns, title=f"{counted(len(models), 'model')} with a configuration that fits in "
                      f"{room}, release {release_id}; per framework the cheapest ({CHEAPEST})",
                      footer=f"configurations: how many of the model's fit; a framework's cell: min_units "
                             f"(strategy seq_len), min_units in {PLURAL[room.unit]}; empty: none fits"
                             + query.uncertain_note([cell for model in models for cell in model.values()
                                                     if isinstance(cell, Cheapest)]))
    return Answer(out, FIT_COLUMNS, title=f"{counted(len(out), 'configuration')} {'fits' if len(out) == 1 else 'fit'} in {room}, "
                  f"release {release_id}",
                  footer=units + query.uncertain_note(out))


def left_out_note(left_out: list[dict], work: Workload, units: int | None) -> list[str]:
    notes = []
    no_rate = sorted({r["hardware"] for r in left_out if not work.rate(r["hardware"])}, key=HARDWARE.index)
    if no_rate:
        notes.append(f"left out, no --tps for {', '.join(no_rate)}: give --tps HARDWARE=TPS")
    above = [r for r in left_out if work.rate(r["hardware"])]
    if above:
        needs = ", ".join(f"{r['strategy']} {r['seq_len']} {r['framework']} {r['hardware']} ({r['min_units']})"
                          for r in above)
        notes.append(f"left out, their minimum is above {units}: {needs}")
    return notes


def rate_text(work: Workload) -> str:
    """`1500 tokens/s per card on Snt9b, 800 tokens/s per DIE on Snt9b23`."""
    given = [h for h in HARDWARE if work.rate(h)]
    return ", ".join(f"{work.rate(h):g} tokens/s per {SINGULAR[UNIT_OF_HARDWARE[h]]} on {h}" for h in given)


PLAN_FOOTER = ("units: cards on Snt9b (8 per node), DIEs on Snt9b23 (16 per node); TPS per card on Snt9b, per DIE "
               "on Snt9b23. units = tokens / (hours x 3600 x tps x efficiency), rounded up (to an even number of "
               "DIEs; above 8 to a multiple of 8), never below min_units; hours = tokens / (units x tps x "
               "efficiency) / 3600, to two significant figures. Configurations with identical results share a "
               "row (holds_for; min_units: the largest of their minimums); --explain shows the arithmetic")


def answer_plan(build_dir: Path, release: str | None, asked: str, filters: Filters, work: Workload, *,
                hours: float | None, units: int | None, explain: bool = False) -> Answer:
    """`mincards plan MODEL`: units, nodes and hours, identical configurations collapsed."""
    release_id, folder = store.release_folder(build_dir, release)
    frame, source = store.load_records(folder), str(folder / store.TABLE)
    resolved = query.find_models(frame, asked, f"release {release_id}")
    rows = query.select(frame, resolved.models, filters, source)
    groups, left_out = plan(rows, work, source, hours=hours, units=units)
    goal = f"sized to finish within {hours:g} h" if hours is not None else f"on {units} units" \
        if units is not None else f"the minimum, then {STEPS} whole-node steps (1, 2, 4, 8 … nodes)"
    title = (f"{', '.join(resolved.models)}, release {release_id}: {decimal_text(work.tokens)} tokens; TPS (your "
             f"measurement): {rate_text(work)}; efficiency {work.efficiency:g}; {goal}")
    notes = ([resolved.note] if resolved.note else []) + left_out_note(left_out, work, units)
    records = plan_records(groups, query.in_column_order(frame, "framework"))
    footer = PLAN_FOOTER + query.uncertain_note(records) \
        + ("\n\n" + "\n".join(explanation(groups, work, hours, units)) if explain else "")
    return Answer(records, PLAN_COLUMNS, title=title, footer=footer, notes=notes)


# --- --explain -------------------------------------------------------------------------------

def explanation(groups: list[Group], work: Workload, hours: float | None, units: int | None) -> list[str]:
    """The vendor's formula with the numbers filled in, and where each number comes from, for the
    first row of each hardware."""
    lines = ["How the numbers are computed (the vendor's rule, 模型训练时间、集群规模预测 on its page):",
             "  N = tokens / (time x TPS x efficiency)    time = tokens / (N x TPS x efficiency)",
             f"  tokens = {decimal_text(work.tokens)}: --tokens, your training data (all epochs)",
             f"  efficiency = {work.efficiency:g}: --efficiency (the vendor: ideal 1, typically above 0.9; "
             "below 1 means more time or more units)"]
    for hardware in HARDWARE:
        group = next((g for g in groups if g.hardware == hardware), None)
        if group is None:
            continue
        unit = SINGULAR[group.unit]
        row = next(c for c in group.configs if int(c["min_units"]) == group.min_units)
        rate = work.rate(hardware)
        lines += [f"On {hardware}, its first row ({row['model']} {row['strategy']} {row['seq_len']} "
                  f"{row['framework']}: the row's largest minimum):",
                  f"  TPS = {rate:g} tokens/s per {unit}: --tps, your own measurement on {hardware} (the vendor "
                  "publishes none)",
                  f"  minimum = {count(group.min_units, group.unit)}: the vendor's table, {row['source_file']} row "
                  f"{row['source_row']}, column {row['source_col']}"]
        if hours is not None:
            exact = work.units_for(hours, hardware)
            lines.append(f"  N = {decimal_text(work.tokens)} / ({hours:g} h x 3600 s x {rate:g} x {work.efficiency:g}) = "
                         f"{float(exact):.3g}, rounded up{', to an even number of DIEs' if group.unit == 'die' else ''}, "
                         f"above 8 to a multiple of 8, never below the minimum: {count(group.steps[0][0], group.unit)}")
        for n, _, h in group.steps:
            lines.append(f"  time at {n} {PLURAL[group.unit] if n != 1 else unit} = {decimal_text(work.tokens)} / ({n} x "
                         f"{rate:g} x {work.efficiency:g}) / 3600 s = {h:g} h")
    return lines
