"""The ``inference`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) and its style (``lab.css``).

The lab itself is :mod:`dplab.views.labs.inference.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.inference.lab import (
    DATASETS,
    LAB_ALPHAS,
    LAB_EVENTS,
    LAB_LEVELS,
    LAB_PRIORS,
    LAB_PS,
    LAB_SCALES,
    LAB_SENSITIVITY,
    LAB_SIGMAS,
    LAB_SIZES,
    MECHANISMS,
    InferenceLab,
    Mechanism,
    curve_points,
    inference_lab,
    lab_grid,
    mechanism_delta,
    posterior_rows,
    region_rows,
)

__all__ = [
    "DATASETS",
    "LAB_ALPHAS",
    "LAB_EVENTS",
    "LAB_LEVELS",
    "LAB_PRIORS",
    "LAB_PS",
    "LAB_SCALES",
    "LAB_SENSITIVITY",
    "LAB_SIGMAS",
    "LAB_SIZES",
    "MECHANISMS",
    "InferenceLab",
    "Mechanism",
    "curve_points",
    "inference_lab",
    "lab_grid",
    "mechanism_delta",
    "posterior_rows",
    "region_rows",
]
