"""The ``linear`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) (no style of its own).

The lab itself is :mod:`dplab.views.labs.linear.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.linear.lab import (
    LAB_DIAMETERS,
    LAB_DIMENSIONS,
    LAB_EPS,
    LAB_LIPSCHITZ,
    LAB_USER_EPS,
    LAB_USERS,
    LabValues,
    LinearLab,
    SensitivityCheck,
    crossover_chart,
    error_check_table,
    frequency_table,
    lab_states,
    lab_values,
    linear_lab,
    sensitivity_check,
)

__all__ = [
    "LAB_DIAMETERS",
    "LAB_DIMENSIONS",
    "LAB_EPS",
    "LAB_LIPSCHITZ",
    "LAB_USERS",
    "LAB_USER_EPS",
    "LabValues",
    "LinearLab",
    "SensitivityCheck",
    "crossover_chart",
    "error_check_table",
    "frequency_table",
    "lab_states",
    "lab_values",
    "linear_lab",
    "sensitivity_check",
]
