"""The ``composition`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) (no style of its own).

The lab itself is :mod:`dplab.views.labs.composition.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.composition.lab import (
    DATASETS,
    LAB_CLAIMS,
    LAB_FACTORS,
    LAB_KS,
    LAB_PS,
    LAB_SIZES,
    CompositionLab,
    bound_chart,
    claim_rows,
    composition_lab,
    curve_rows,
    lab_grid,
    point_rows,
)

__all__ = [
    "DATASETS",
    "LAB_CLAIMS",
    "LAB_FACTORS",
    "LAB_KS",
    "LAB_PS",
    "LAB_SIZES",
    "CompositionLab",
    "bound_chart",
    "claim_rows",
    "composition_lab",
    "curve_rows",
    "lab_grid",
    "point_rows",
]
