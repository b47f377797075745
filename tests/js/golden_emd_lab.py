"""The d_EM lab's core (``emd-lab-core.js``) against :mod:`dplab.userlevel.metric` and
:mod:`dplab.views.labs.emd`, on every pair of multisets the controls can make.

The payload is the lesson's lab data as the build embeds it (:meth:`EmdLab.data`), with the page's
labels.  For each of the 125² pairs (sizes 1 to 4 over the locations 0 to 4), Node checks that the
core's optimal coupling equals :func:`dplab.userlevel.metric.emd_plan`'s flows (source, target,
exact mass) and its cost, that its ``∫ |F_K − F_K′|`` equals :func:`dplab.userlevel.metric.emd`, and
that every text equals :meth:`EmdLab.outputs`.  The picture's changing parts (flows, masses, items)
are compared with :func:`matching_svg`'s on every pair of sizes up to 3.
"""

from __future__ import annotations

import html
import re
from itertools import combinations_with_replacement

from dplab.userlevel import metric
from dplab.views._labels import LABELS
from dplab.views.labs.emd import LAB_LOCATIONS, LAB_MAX_SIZE, EmdLab, emd_lab, matching_svg
from tests.js.golden import ratio_text

START = emd_lab((0, 3), (1, 2), key="lesson")
"""The lab as the lesson builds it (lessons_src/07-user-level-metric.md)."""

DATASETS = [
    dataset
    for size in range(1, LAB_MAX_SIZE + 1)
    for dataset in combinations_with_replacement(LAB_LOCATIONS, size)
]
"""Every dataset the controls can make (sorted items: the lab sorts what it shows)."""

Pair = tuple[tuple[int, ...], tuple[int, ...]]

_PART = re.compile(
    r'<(?P<name>line|text|circle) (?P<attributes>class="dplab-emd-(?:flow|mass|k|k2)"[^>]*)>'
    r"(?P<text>[^<]*)</(?P=name)>"
)
_ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')


def pairs() -> list[Pair]:
    return [(a, b) for a in DATASETS for b in DATASETS]


def padded(items: tuple[int, ...]) -> list[int]:
    """A side's items as the controls hold them: past the size, the items links write (0)."""
    return list(items) + [0] * (LAB_MAX_SIZE - len(items))


def picture_parts(lab: EmdLab) -> list[list]:
    """The changing parts of :func:`matching_svg`: ``[name, attributes, text or None]``."""
    svg = matching_svg(lab.a, lab.b, lab.values().plan)
    parts = []
    for match in _PART.finditer(svg):
        attributes = {
            key: html.unescape(value) for key, value in _ATTRIBUTE.findall(match["attributes"])
        }
        text = html.unescape(match["text"]) if match["name"] == "text" else None
        parts.append([match["name"], attributes, text])
    return parts


def golden() -> dict[str, object]:
    keys = sorted(START.outputs())
    cases, plans, texts = [], [], []
    for a, b in pairs():
        plan = metric.emd_plan(a, b)
        outputs = emd_lab(a, b).outputs()
        assert sorted(outputs) == keys
        cases.append([padded(a), padded(b), len(a), len(b)])
        plans.append(
            [
                [[f.source, f.target, ratio_text(f.mass)] for f in plan.flows],
                ratio_text(plan.cost),
                ratio_text(metric.emd(a, b)),
            ]
        )
        texts.append([outputs[key] for key in keys])
    pictured = [(a, b) for a, b in pairs() if len(a) <= 3 and len(b) <= 3]
    return {
        "labels": LABELS["ko"],
        "payload": START.data(),
        "cases": cases,
        "plans": plans,
        "keys": keys,
        "texts": texts,
        "pictures": [
            [[padded(a), padded(b), len(a), len(b)], picture_parts(emd_lab(a, b))]
            for a, b in pictured
        ],
    }
