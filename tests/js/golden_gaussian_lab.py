"""The Gaussian lab's core (``gaussian-lab-core.js``) against :mod:`dplab.views.labs.gaussian`.

Python writes the lab's inline data exactly as the lesson embeds it
(``gaussian_lab(key="lesson")``, through the page's own JSON encoder) and what the panel
must show.  The script only looks values up in that data, so its verdicts are checked
against the data, not against a second :func:`dplab.mechanisms.gaussian.certify`:
``tests/views/labs/test_gaussian.py`` proves the embedded grid equals dplab (δ, log₁₀ δ,
certify) at every state.

The texts are :func:`~dplab.views.labs.gaussian.panel_texts` of the state's values as the grid
holds them.  Each text depends on a few of the six controls only, so it is written once
per value of those (:data:`GROUPS`) and Node checks every text at **every** state
(4 kinds × 3 n × 3 B × 12 σ × 25 ε × 6 claims = 64,800) against its group's entry; whole
panels at every 97th state (computed per state, not by group) prove the grouping.  Chart
rows: :func:`~dplab.views.gaussian.density_rows` for every Δ of the grid, σ and five ε,
:func:`~dplab.views.labs.gaussian.profile_rows` for every Δ, σ, three ε and every claim, and
both charts at the states the browser test moves the controls to.
"""

from __future__ import annotations

import functools
import itertools
import json
import math

from dplab.views import LABELS, label
from dplab.views import gaussian as gv
from dplab.views.labs import gaussian as glab
from dplab.views.labs._shared import inline_json

KINDS, SIZES, BOUNDS = glab.QUERY_KINDS, glab.LAB_SIZES, glab.LAB_BOUNDS
SIGMAS, EPS, CLAIMS = glab.LAB_SIGMAS, glab.LAB_EPS, glab.LAB_CLAIMS
VERDICTS = {"p": "pass", "f": "fail", "u": "undecided"}
DENSITY_EPS = ("0", "0.5", "1", "3", "10")  # ε of the density rows' cases
PROFILE_EPS = (0, 10, 24)  # indices of ε of the profile rows' cases: first, 1 and last

GROUPS = {
    "query": ("query", "pair", "sensitivity"),  # per (kind, n, B)
    "point": ("delta", "log", "underflow", "edge", "edge-note"),  # per (Δ, σ, ε)
    "claim": ("claim", "badge", "verdict", "profile-note"),  # per (Δ = 0?, verdict, claim)
    "sigma": ("mse", "mae", "sigma"),  # per (kind, σ)
    "eps": ("eps",),  # per ε
}
"""Which panel texts depend on what: the keys of each group of the vectors' texts."""

# The states tests/browser/test_gaussian_lab.py moves the controls to, in its order (the
# lesson's initial state, then one control at a time, then the presets).
CONTROL_WALK = [
    ("sum", 4, 1, "1", "1", "0.13"),
    ("sum", 4, 1, "1.5", "1", "0.13"),
    ("sum", 4, 1, "1.5", "0.9", "0.13"),
    ("sum", 4, 1, "1.5", "10", "0.13"),
    ("sum", 4, 1, "0.1", "10", "0.13"),
    ("mean", 4, 1, "0.1", "10", "0.13"),
    ("mean", 16, 1, "0.1", "10", "0.13"),
    ("mean", 16, 4, "0.1", "10", "0.13"),
    ("mean", 16, 4, "0.1", "10", "1e-10"),
    ("constant", 16, 4, "0.1", "10", "1e-10"),
    *glab.PRESETS.values(),
]


def indices(kind, n, bound, sigma, eps, claim) -> dict[str, object]:
    """A state as the script holds it: the kind, and indices into the grid."""
    return {
        "kind": kind,
        "n": SIZES.index(n),
        "bound": BOUNDS.index(bound),
        "sigma": SIGMAS.index(sigma),
        "eps": EPS.index(eps),
        "claim": CLAIMS.index(claim),
    }


@functools.cache
def sensitivity_index(kind: str, n: int, bound: int) -> int:
    return glab.lab_grid()["state_sens"][kind][SIZES.index(n)][BOUNDS.index(bound)]


def grid_verdict(kind, n, bound, sigma, eps, claim) -> str:
    """The verdict the build embedded for a state."""
    line = glab.lab_grid()["verdicts"][sensitivity_index(kind, n, bound)][SIGMAS.index(sigma)]
    return VERDICTS[line[EPS.index(eps) * len(CLAIMS) + CLAIMS.index(claim)]]


def panel(kind, n, bound, sigma, eps, claim) -> dict[str, str]:
    """:func:`~dplab.views.labs.gaussian.panel_texts` at a state, its values read from the grid."""
    grid = glab.lab_grid()
    d, s, e = sensitivity_index(kind, n, bound), SIGMAS.index(sigma), EPS.index(eps)
    if grid["log10"][d] is None:  # Δ = 0
        delta, log10 = 0.0, -math.inf
    else:
        delta, log10 = grid["delta"][d][s][e], grid["log10"][d][s][e]
    verdict = grid_verdict(kind, n, bound, sigma, eps, claim)
    sensitivity = glab.lab_query(kind, n, bound).sensitivity
    values = glab.PanelValues(kind, n, bound, sigma, eps, claim, sensitivity, delta, log10, verdict)
    return glab.panel_texts(values)


def live(texts: dict[str, str]) -> str:
    """What the page announces after a change, from the panel's texts."""
    words = label(
        "gauss.lab_live", delta=texts["delta"], claim=texts["claim"], badge=texts["badge"]
    )
    return gv.plain_text(words)


def pick(texts: dict[str, str], group: str) -> dict[str, str]:
    return {key: texts[key] for key in GROUPS[group]}


def grouped_texts() -> dict[str, object]:
    """Every text, once per value of what it depends on (:data:`GROUPS`)."""
    grid = glab.lab_grid()
    first = {}  # one query per Δ
    for kind, n, bound in itertools.product(KINDS, SIZES, BOUNDS):
        first.setdefault(sensitivity_index(kind, n, bound), (kind, n, bound))
    point = [
        [[pick(panel(*first[d], sigma, eps, "0"), "point") for eps in EPS] for sigma in SIGMAS]
        for d in range(len(grid["sens_value"]))
    ]
    # the claim's texts: per (Δ = 0 or not, verdict, claim); a query of each Δ kind and a
    # (σ, ε) with each verdict the grid holds for that claim
    claim: dict[str, list] = {}
    for zero in (True, False):
        queries = [q for d, q in first.items() if (grid["sens_value"][d] == 0) == zero]
        for c, value in enumerate(CLAIMS):
            for state in itertools.product(queries, SIGMAS, EPS):
                (kind, n, bound), sigma, eps = state
                verdict = grid_verdict(kind, n, bound, sigma, eps, value)
                entry = claim.setdefault(f"{int(zero)}{verdict}", [None] * len(CLAIMS))
                if entry[c] is None:
                    entry[c] = pick(panel(kind, n, bound, sigma, eps, value), "claim")
    return {
        "query": {
            kind: [
                [pick(panel(kind, n, b, "1", "1", "0.13"), "query") for b in BOUNDS] for n in SIZES
            ]
            for kind in KINDS
        },
        "point": point,
        "claim": claim,
        "sigma": {
            kind: [pick(panel(kind, 4, 1, s, "1", "0"), "sigma") for s in SIGMAS] for kind in KINDS
        },
        "eps": [pick(panel("sum", 4, 1, "1", e, "0"), "eps") for e in EPS],
    }


def chart_rows(kind, n, bound, sigma, eps, claim) -> dict[str, dict]:
    """Both charts' rows at a state (what the browser test read from the charts)."""
    i = indices(kind, n, bound, sigma, eps, claim)
    d = sensitivity_index(kind, n, bound)
    sensitivity = glab.lab_grid()["sens_value"][d]
    return {
        "density": gv.density_rows(sensitivity, float(sigma), float(eps)),
        "profile": glab.profile_rows(d, i["sigma"], i["eps"], i["claim"]),
    }


def distinct_rows(cases: list[list], rows_of) -> dict[str, list]:
    """``rows_of(*case)`` for each case, each dataset's rows as an index into a table of
    the distinct row lists (many cases share them: the densities do not depend on ε)."""
    table: list[list[dict]] = []
    index: dict[str, int] = {}
    refs = []
    for case in cases:
        datasets = {}
        for name, rows in rows_of(*case).items():
            key = json.dumps(rows, sort_keys=True)
            datasets[name] = index.setdefault(key, len(table))
            if datasets[name] == len(table):
                table.append(rows)
        refs.append([case, datasets])
    return {"cases": refs, "rows": table}


def golden() -> dict[str, object]:
    grid = glab.lab_grid()
    every = list(itertools.product(KINDS, SIZES, BOUNDS, SIGMAS, EPS, CLAIMS))
    sample = every[::97]
    density_cases = [
        [sensitivity, float(sigma), float(eps)]
        for sensitivity in grid["sens_value"]
        for sigma in SIGMAS
        for eps in DENSITY_EPS
    ]
    profile_cases = [
        [d, s, e, c]
        for d in range(len(grid["sens_value"]))
        for s in range(len(SIGMAS))
        for e in PROFILE_EPS
        for c in range(len(CLAIMS))
    ]
    return {
        "labels": {k: v for k, v in LABELS["ko"].items() if k.startswith("gauss.")},
        "data": json.loads(inline_json(glab.gaussian_lab(key="lesson").data())),
        "groups": GROUPS,
        "verdicts": {
            kind: [
                "".join(
                    grid_verdict(kind, n, b, *rest)[0]
                    for rest in itertools.product(SIGMAS, EPS, CLAIMS)
                )
                for n, b in itertools.product(SIZES, BOUNDS)
            ]
            for kind in KINDS
        },
        "texts": grouped_texts(),
        "panels": [[indices(*s), texts, live(texts)] for s in sample for texts in [panel(*s)]],
        "density": distinct_rows(density_cases, gv.density_rows),
        "profile": distinct_rows(profile_cases, glab.profile_rows),
        "charts": [[indices(*s), chart_rows(*s)] for s in CONTROL_WALK],
    }
