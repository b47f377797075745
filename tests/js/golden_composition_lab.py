"""The composition lab's core (``composition-lab-core.js``) against
:mod:`dplab.views.labs.composition`, at every state of the lab's grid.

Python writes the lab's inline data exactly as the lesson embeds it
(``composition_lab(key="lesson")``, through the page's own JSON encoder) and, for **every**
state (3 n × 9 p × 10 k × 25 A × 4 claims = 27,000), the texts the lab shows
(:meth:`~dplab.views.labs.composition.CompositionLab.outputs`) and whether the claim holds
(:attr:`~dplab.views.labs.composition.CompositionLab.passes`, decided on exact fractions), plus
the chart rows of every cell (:func:`~dplab.views.labs.composition.curve_rows`).  Texts travel
as indices into one table of distinct strings, which keeps the file small.

``tests/views/labs/test_composition.py`` reads the same vectors: it checks the data and
the texts against dplab recomputed from the maths, so the grid is computed once per
version of ``dplab``, here.
"""

from __future__ import annotations

import itertools
import json

from dplab.views import LABELS, label
from dplab.views.labs import composition as clab
from dplab.views.labs._shared import inline_json

TEXT_KEYS = (
    *("p", "k", "factor", "eps", "pure", "badge", "verdict"),
    *("exact", "optimal", "optimal-proves", "advanced", "advanced-proves"),
    *("basic", "basic-proves"),
)
"""The ``data-show`` keys of the lab's texts, in the order each state's indices list them."""


def states() -> list[tuple[int, str, int, str, str]]:
    """Every state of the lab ``(n, p, k, factor, claim)``, claims varying fastest."""
    return list(
        itertools.product(
            clab.LAB_SIZES, clab.LAB_PS, clab.LAB_KS, clab.LAB_FACTORS, clab.LAB_CLAIMS
        )
    )


def expected_texts(vectors: dict) -> list[dict[str, str]]:
    """Each state's texts (in the order of :func:`states`) from the vectors' string table."""
    strings = vectors["strings"]
    return [
        {key: strings[i] for key, i in zip(vectors["text_keys"], row, strict=True)}
        for row in vectors["texts"]
    ]


def golden() -> dict[str, object]:
    lesson = clab.composition_lab(key="lesson")  # as the lesson places it
    data = json.loads(inline_json(lesson.data()))
    strings: dict[str, int] = {}
    texts, passes, live = [], [], []
    for state in states():
        lab = clab.composition_lab(*state, key="lesson")
        outputs = lab.outputs()
        assert set(outputs) == set(TEXT_KEYS), sorted(outputs)
        texts.append([strings.setdefault(outputs[key], len(strings)) for key in TEXT_KEYS])
        passes.append(lab.passes)
        # what the page announces after a change
        announcement = label(
            "comp.lab_live", exact=outputs["exact"], claim=lab.claim, badge=outputs["badge"]
        )
        live.append(strings.setdefault(announcement, len(strings)))
    grid = clab.lab_grid()
    cells = [[[clab.curve_rows(cell) for cell in by_k] for by_k in by_p] for by_p in grid["cells"]]
    points = [
        [
            [[clab.point_rows(cell, f) for f in range(len(clab.LAB_FACTORS))] for cell in by_k]
            for by_k in by_p
        ]
        for by_p in grid["cells"]
    ]
    return {
        "labels": {k: v for k, v in LABELS["ko"].items() if k.startswith("comp.")},
        "data": data,
        "text_keys": list(TEXT_KEYS),
        "strings": list(strings),
        "texts": texts,
        "live": live,
        "passes": passes,
        "curves": cells,
        "points": points,
        "claims": [clab.claim_rows(c) for c in clab.LAB_CLAIMS],
    }
