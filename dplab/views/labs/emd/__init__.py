"""The ``emd`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) and its style (``lab.css``).

The lab itself is :mod:`dplab.views.labs.emd.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.emd.lab import (
    LAB_LOCATIONS,
    LAB_MAX_SIZE,
    EmdLab,
    LabValues,
    emd_lab,
    lab_values,
    matching_svg,
)

__all__ = [
    "LAB_LOCATIONS",
    "LAB_MAX_SIZE",
    "EmdLab",
    "LabValues",
    "emd_lab",
    "lab_values",
    "matching_svg",
]
