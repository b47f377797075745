"""The client-side earth mover's distance lab: two small datasets on a line, their optimal
matching drawn, and ``d_EM`` as an exact fraction.

:func:`emd_lab` returns an object whose ``_repr_html_`` is the lab: for each of the two user
datasets ``K`` and ``K′`` a size stepper (1 to :data:`LAB_MAX_SIZE` items) and one stepper per item
(locations :data:`LAB_LOCATIONS`), the picture of the optimal coupling (an SVG drawn by the build
for the initial state, redrawn by the script), the coupling's flows with their exact masses and
distances, and ``d_EM`` computed two ways: as the cost of the coupling and as ``∫ |F_K − F_K′| dt``.
Everything comes from :func:`dplab.userlevel.metric.emd_plan` and :func:`dplab.userlevel.metric.emd`
here; the site's script ``dplab/views/labs/emd/lab.js`` computes the same in integers (``L = lcm(m,
m′) ≤ 12`` units of mass) when a control moves.

**Exactness in the browser.**  On a line the monotone (sorted) coupling is optimal; the script walks
the two sorted lists in units of ``1/L`` and gets every mass and the cost as ratios of small
integers, and forms ``∫ |F_K − F_K′|`` from the empirical CDFs separately. Those rules live in the
script's core ``dplab/views/labs/emd/core.js`` (no page), which Node runs on every pair of
multisets the controls can make (``125² = 15,625``) and compares with
:func:`dplab.userlevel.metric.emd_plan`, :func:`dplab.userlevel.metric.emd` and
:meth:`EmdLab.outputs` (``tests/js/golden_emd_lab.py``); on start the script compares its own texts
for the initial state with the ones written here and reports any difference.
"""

from __future__ import annotations

import html
import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, cast

from dplab.userlevel import metric
from dplab.views._labels import label
from dplab.views.labs._shared import LabHtml, LabLinks, lab_key
from dplab.views.numbers import fraction_decimal_text, fraction_text, number_text

__all__ = [
    "LAB_LOCATIONS",
    "LAB_MAX_SIZE",
    "EmdLab",
    "LabValues",
    "emd_lab",
    "lab_values",
    "matching_svg",
]

LAB_LOCATIONS: tuple[int, ...] = (0, 1, 2, 3, 4)
"""The locations an item can take (a line with unit spacing)."""

LAB_MAX_SIZE = 4
"""The largest dataset the lab offers (sizes 1 to 4)."""

# The label key of each dataset's group and slider, by name: every key written out (none
# is built at run time), so a search for a key finds where it is used.
_GROUP_WORDS = {"a": "emd.lab_group_a", "b": "emd.lab_group_b"}
_SIZE_WORDS = {"a": "emd.lab_size_a", "b": "emd.lab_size_b"}
_ITEM_WORDS = {
    "a1": "emd.lab_item_a1",
    "a2": "emd.lab_item_a2",
    "a3": "emd.lab_item_a3",
    "a4": "emd.lab_item_a4",
    "b1": "emd.lab_item_b1",
    "b2": "emd.lab_item_b2",
    "b3": "emd.lab_item_b3",
    "b4": "emd.lab_item_b4",
}

_SIDES = ("a", "b")


@dataclass(frozen=True)
class LabValues:
    """Everything the lab shows for one pair of datasets, from :mod:`dplab.userlevel.metric`."""

    a: tuple[int, ...]
    b: tuple[int, ...]
    distance: Fraction  # emd(a, b): the integral of |F_a − F_b|
    plan: metric.TransportPlan  # the optimal (monotone) coupling
    units: int  # L = lcm(|a|, |b|): masses are multiples of 1/L

    @property
    def unit_cost(self) -> int:
        """The cost of the coupling in units of ``1/L`` (an integer: ``L·d_EM``)."""
        return int(self.plan.cost * self.units)


def lab_values(a: tuple[int, ...], b: tuple[int, ...]) -> LabValues:
    """The exact values of one lab state."""
    return LabValues(
        a=tuple(a),
        b=tuple(b),
        distance=Fraction(metric.emd(a, b)),
        plan=metric.emd_plan(a, b),
        units=math.lcm(len(a), len(b)),
    )


def _set_text(items: tuple[int, ...]) -> str:
    return "{" + ", ".join(str(x) for x in sorted(items)) + "}"


def _flows_text(plan: metric.TransportPlan) -> str:
    return label("emd.lab_flow_sep").join(
        label(
            "emd.lab_flow",
            source=flow.source,
            target=flow.target,
            mass=fraction_text(flow.mass),
            distance=number_text(flow.distance),
        )
        for flow in plan.flows
    )


def _sum_text(plan: metric.TransportPlan) -> str:
    terms = " + ".join(f"{fraction_text(f.mass)}·{number_text(f.distance)}" for f in plan.flows)
    return label("emd.lab_sum", terms=terms, value=fraction_decimal_text(Fraction(plan.cost)))


# --- the picture ---------------------------------------------------------------------------

_LEFT, _STEP = 50, 70  # x of location v: _LEFT + _STEP·v
_ROW_A, _ROW_B, _DOT = 80, 150, 14  # the two axes' y, and the spacing of stacked items
_HEIGHT, _WIDTH = 206, 360


def _x(location: Hashable) -> int:
    return _LEFT + _STEP * cast(int, location)  # the lab's items are its integer locations


def matching_svg(a: tuple[int, ...], b: tuple[int, ...], plan: metric.TransportPlan) -> str:
    """The picture of one state as SVG (the script draws the same elements in the same order).

    Two axes with the locations, ``K``'s items stacked above the top one and ``K′``'s below
    the bottom one, and one line per flow of the coupling from its source to its target,
    as wide as its mass and labelled with it (``data-source``, ``data-target``,
    ``data-mass``: what the browser test reads; the core's ``pictureParts`` are compared
    with these elements in Node).
    """
    parts = [
        f'<svg class="dplab-emd-svg" viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" '
        f'aria-label="{html.escape(label("emd.lab_picture"), quote=True)}">'
    ]
    for row, name in ((_ROW_A, "K"), (_ROW_B, "K′")):
        parts.append(
            f'<line class="dplab-emd-axis" x1="{_x(0) - 20}" y1="{row}" x2="{_x(4) + 20}" '
            f'y2="{row}"></line>'
        )
        parts.append(f'<text class="dplab-emd-row" x="4" y="{row + 5}">{name}</text>')
    for location in LAB_LOCATIONS:
        parts.append(
            f'<text class="dplab-emd-tick" x="{_x(location)}" y="{(_ROW_A + _ROW_B) // 2 + 5}">'
            f"{location}</text>"
        )
    for flow in plan.flows:
        x1, x2 = _x(flow.source), _x(flow.target)
        width = 2 + 8 * flow.mass
        parts.append(
            f'<line class="dplab-emd-flow" data-source="{flow.source}" '
            f'data-target="{flow.target}" data-mass="{flow.mass}" x1="{x1}" y1="{_ROW_A + 8}" '
            f'x2="{x2}" y2="{_ROW_B - 8}" stroke-width="{float(width):g}"></line>'
        )
    for flow in plan.flows:
        x1, x2 = _x(flow.source), _x(flow.target)
        parts.append(
            f'<text class="dplab-emd-mass" x="{(x1 + x2) // 2}" y="{(_ROW_A + _ROW_B) // 2 - 10}">'
            f"{fraction_text(flow.mass)}</text>"
        )
    for items, row, sign, cls in ((a, _ROW_A, -1, "k"), (b, _ROW_B, 1, "k2")):
        seen: dict[int, int] = {}
        for x in sorted(items):
            height = seen.get(x, 0)
            seen[x] = height + 1
            parts.append(
                f'<circle class="dplab-emd-{cls}" cx="{_x(x)}" cy="{row + sign * _DOT * height}" '
                f'r="6"></circle>'
            )
    parts.append("</svg>")
    return "".join(parts)


# --- the lab -------------------------------------------------------------------------------


@dataclass(frozen=True)
class EmdLab(LabLinks):
    """One lab on a page; its ``_repr_html_`` is the whole lab (module docstring).

    Its state as a link (:class:`~dplab.views.labs._shared.LabLinks`): ``na`` and ``a1``…``a4``
    (the size of ``K`` and its items; items past the size are kept but unused), the same
    for ``K′`` with ``b``.

    >>> emd_lab((0, 3), (1, 2), key="lesson").href(b=(0, 0, 3))
    '#emd-lab-lesson?na=2&a1=0&a2=3&a3=0&a4=0&nb=3&b1=0&b2=0&b3=3&b4=0'
    """

    prefix: ClassVar[str] = "emd"
    symbols: ClassVar[dict[str, str]] = {"a": "K", "b": "K′"}
    a: tuple[int, ...]
    b: tuple[int, ...]
    key: str

    def values(self) -> LabValues:
        return lab_values(self.a, self.b)

    def params(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for side in _SIDES:
            items = getattr(self, side)
            out[f"n{side}"] = str(len(items))
            padded = list(items) + [0] * (LAB_MAX_SIZE - len(items))
            out.update({f"{side}{i + 1}": str(x) for i, x in enumerate(padded)})
        return out

    def state_text(self, name: str, value: str) -> str:
        """``K = {0, 3}`` for a dataset (a "things to try" button names what changes)."""
        if name in _SIDES:
            return f"{self.symbols[name]} = {value}"
        return super().state_text(name, value)

    def try_button(self, text: str | None = None, page: str = "", **changes: object) -> str:
        if text is None:
            lab = self.with_state(**changes)
            parts = [
                self.state_text(side, _set_text(getattr(lab, side)))
                for side in _SIDES
                if getattr(lab, side) != getattr(self, side)
            ]
            text = label("lab.try_state").format(state=", ".join(parts)) if parts else None
        return super().try_button(text or label("lab.try"), page, **changes)

    def with_state(self, **changes: object) -> EmdLab:
        return self.remake({"a": self.a, "b": self.b}, changes, emd_lab)

    def data(self) -> dict[str, object]:
        """The inline JSON: the locations and the largest size."""
        return {"locations": list(LAB_LOCATIONS), "max_size": LAB_MAX_SIZE}

    def outputs(self) -> dict[str, str]:
        """The text of every output, keyed by its ``data-show`` name (the script writes the
        same keys from its own arithmetic)."""
        v = self.values()
        texts: dict[str, str] = {}
        for side in _SIDES:
            for name, value in self.params().items():
                if name.startswith(side) or name == f"n{side}":
                    texts[name] = value
        same = len(self.a) == len(self.b)
        texts.update(
            {
                "datasets": label(
                    "emd.lab_datasets",
                    a=_set_text(self.a),
                    m=len(self.a),
                    b=_set_text(self.b),
                    m2=len(self.b),
                ),
                "distance": label("emd.lab_distance", value=fraction_decimal_text(v.distance)),
                "rule": label(
                    "emd.lab_rule_equal" if same else "emd.lab_rule_unequal",
                    m=len(self.a),
                    m2=len(self.b),
                    units=v.units,
                    copies_a=v.units // len(self.a),
                    copies_b=v.units // len(self.b),
                    cost=v.unit_cost,
                    value=fraction_decimal_text(v.distance),
                ),
                "flows": _flows_text(v.plan),
                "sum": _sum_text(v.plan),
                "cdf": label("emd.lab_cdf", value=fraction_decimal_text(v.distance)),
            }
        )
        return texts

    def _repr_html_(self) -> str:
        h = LabHtml("emd", self.key, self.outputs())
        v = self.values()
        locations = [str(x) for x in LAB_LOCATIONS]
        sizes = [str(m) for m in range(1, LAB_MAX_SIZE + 1)]

        def dataset(side: str) -> str:
            items = getattr(self, side)
            padded = list(items) + [0] * (LAB_MAX_SIZE - len(items))
            fields = [
                h.slider(
                    f"n{side}",
                    _SIZE_WORDS[side],
                    texts=sizes,
                    position=len(items) - 1,
                    low=1,
                    valuetext=h.texts[f"n{side}"],
                )
            ]
            for i, x in enumerate(padded):
                name = f"{side}{i + 1}"
                field = h.slider(
                    name,
                    _ITEM_WORDS[name],
                    texts=locations,
                    position=x,
                    valuetext=h.texts[name],
                )
                hidden = " hidden" if i >= len(items) else ""  # past the size: kept, not shown
                fields.append(field.replace("<div ", f'<div data-item="{i + 1}"{hidden} ', 1))
            return h.group(_GROUP_WORDS[side], *fields, extra_class="dplab-emd-group")

        chip = h.chip(f'<span class="dplab-lab-chip-item">{h.show("distance")}</span>')
        outputs = [
            h.panel(
                "picture",
                "emd.lab_picture_heading",
                '<div class="dplab-emd-picture" data-picture>'
                f"{matching_svg(self.a, self.b, v.plan)}</div>",
                h.show("datasets", "p"),
                wide=True,
            ),
            h.panel(
                "value",
                "emd.lab_value_heading",
                f'<p class="dplab-emd-key">{h.show("distance")}</p>',
                h.show("rule", "p"),
                h.show("flows", "p"),
                h.show("sum", "p"),
                h.show("cdf", "p"),
                wide=True,
            ),
        ]
        return h.page(
            "emd.lab_title",
            self.data(),
            [dataset("a"), dataset("b")],
            outputs,
            chip=chip,
            error_key="emd.lab_error",
        )


def _dataset(name: str, items: object) -> tuple[int, ...]:
    try:
        values = tuple(cast(Iterable[object], items))  # not iterable: a TypeError, caught
    except TypeError:
        raise TypeError(f"{name} must be a sequence of locations; got {items!r}") from None
    if not 1 <= len(values) <= LAB_MAX_SIZE:
        raise ValueError(f"{name} must hold 1 to {LAB_MAX_SIZE} items; got {len(values)}")
    locations: list[int] = []
    for x in values:
        if isinstance(x, bool) or not isinstance(x, int) or x not in LAB_LOCATIONS:
            raise ValueError(
                f"{name} must hold locations {LAB_LOCATIONS[0]}..{LAB_LOCATIONS[-1]} "
                f"(integers); got {x!r}"
            )
        locations.append(x)
    return tuple(locations)


def emd_lab(a: object = (0, 3), b: object = (1, 2), *, key: str | None = None) -> EmdLab:
    """The lab, starting at datasets ``a`` (``K``) and ``b`` (``K′``): 1 to 4 items each, at
    locations 0 to 4.  ``key`` names the lab's element ids (default: derived from the
    state, so that builds are reproducible).

    >>> emd_lab((0,), (0, 3)).outputs()["distance"]
    'd_EM(K, K′) = 3/2 = 1.5'
    """
    a, b = _dataset("a", a), _dataset("b", b)
    return EmdLab(a, b, lab_key((a, b), key))
