"""Views: Altair charts and pandas tables built from the maths, with labels per language.

Importing this package makes the ``dplab`` chart renderer and theme active.
"""

from dplab.views._display import (
    CHART_THEMES,
    VEGALITE_MIME,
    chart_html,
    enable,
    fit_width,
    mimebundle,
    stacked_on_phones,
)
from dplab.views._labels import LABELS, label

__all__ = [
    "CHART_THEMES",
    "LABELS",
    "VEGALITE_MIME",
    "chart_html",
    "enable",
    "fit_width",
    "label",
    "mimebundle",
    "stacked_on_phones",
]

enable()
