"""Views: Altair charts and pandas tables built from the maths, with labels per language.

Importing this package changes no global state: :func:`enable` makes the ``dplab`` chart
renderer and theme Altair's active ones (the site build and each notebook's first code cell
call it).
"""

from dplab.views._display import (
    CHART_THEMES,
    SMALLEST_TEXT,
    VEGALITE_MIME,
    chart_html,
    chart_spec,
    enable,
    fit_width,
    mimebundle,
    stacked_on_phones,
)
from dplab.views._labels import (
    LABELS,
    LANGUAGES,
    SOURCE_LANGUAGE,
    current_language,
    label,
    use_language,
)
from dplab.views._notation import NOTATION, notation_html
from dplab.views._particles import fix_particle
from dplab.views._walkthrough import WALKTHROUGH_MIME, Walkthrough
from dplab.views.labs._shared import SITE_ONLY_MIME, site_only_outputs

__all__ = [
    "CHART_THEMES",
    "LABELS",
    "LANGUAGES",
    "NOTATION",
    "SITE_ONLY_MIME",
    "SMALLEST_TEXT",
    "SOURCE_LANGUAGE",
    "VEGALITE_MIME",
    "WALKTHROUGH_MIME",
    "Walkthrough",
    "chart_html",
    "chart_spec",
    "current_language",
    "enable",
    "fit_width",
    "fix_particle",
    "label",
    "mimebundle",
    "notation_html",
    "site_only_outputs",
    "stacked_on_phones",
    "use_language",
]
