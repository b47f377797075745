"""The ``laplace`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) and its style (``lab.css``).

The lab itself is :mod:`dplab.views.labs.laplace.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.laplace.lab import (
    DATASETS,
    LAB_BOUNDS,
    LAB_EPS,
    LAB_SCALES,
    LAB_SIZES,
    LaplaceLab,
    density_rows,
    event_rows,
    lab_values,
    laplace_lab,
    profile_rows,
)

__all__ = [
    "DATASETS",
    "LAB_BOUNDS",
    "LAB_EPS",
    "LAB_SCALES",
    "LAB_SIZES",
    "LaplaceLab",
    "density_rows",
    "event_rows",
    "lab_values",
    "laplace_lab",
    "profile_rows",
]
