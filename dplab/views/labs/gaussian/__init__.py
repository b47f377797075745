"""The ``gaussian`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) and its style (``lab.css``).

The lab itself is :mod:`dplab.views.labs.gaussian.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.gaussian.lab import (
    BADGE_WORDS,
    KIND_WORDS,
    LAB_BOUNDS,
    LAB_CLAIMS,
    LAB_EPS,
    LAB_SIGMAS,
    LAB_SIZES,
    PRESETS,
    QUERY_KINDS,
    GaussianLab,
    PanelValues,
    claim_text,
    gaussian_lab,
    lab_grid,
    lab_query,
    panel_texts,
    panel_values,
    preset_state,
    profile_rows,
)

__all__ = [
    "BADGE_WORDS",
    "KIND_WORDS",
    "LAB_BOUNDS",
    "LAB_CLAIMS",
    "LAB_EPS",
    "LAB_SIGMAS",
    "LAB_SIZES",
    "PRESETS",
    "QUERY_KINDS",
    "GaussianLab",
    "PanelValues",
    "claim_text",
    "gaussian_lab",
    "lab_grid",
    "lab_query",
    "panel_texts",
    "panel_values",
    "preset_state",
    "profile_rows",
]
