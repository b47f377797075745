"""A figure in steps: one chart per step of a lesson's walkthrough.

A walkthrough (``::: walkthrough`` in a lesson) explains a figure one step at a time.  Each
step has its own panel, drawn at full strength: the page shows the current step's panel
beside its text, and a notebook, a printout or a page without scripts shows every step's
panel with its text.  :class:`Walkthrough` holds the panels; its MIME bundle carries each
panel's own bundle under :data:`WALKTHROUGH_MIME`, which the site places into the steps,
and, for any other Jupyter front end, every panel stacked under its step number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import altair as alt

from dplab.views._labels import label

__all__ = ["WALKTHROUGH_MIME", "Walkthrough"]

WALKTHROUGH_MIME = "application/vnd.dplab.walkthrough+json"


@dataclass(frozen=True)
class Walkthrough:
    """The panels of a walkthrough, ``panels[k − 1]`` for step ``k``.

    Every panel is a chart with its own text description (for screen readers).
    """

    panels: tuple[alt.TopLevelMixin, ...]

    def __post_init__(self) -> None:
        if not self.panels:
            raise ValueError("a walkthrough needs at least one panel")

    @property
    def steps(self) -> int:
        return len(self.panels)

    def panel(self, step: int) -> alt.TopLevelMixin:
        """The chart of step ``step`` (1 to :attr:`steps`)."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"step must be an int; got {type(step).__name__}")
        if not 1 <= step <= self.steps:
            raise ValueError(f"step must be between 1 and {self.steps}; got {step}")
        return self.panels[step - 1]

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        from dplab.views._display import chart_bundle_of_spec, chart_spec, in_column

        # A step's panel stands in a narrow column beside its text.
        bundles = [chart_bundle_of_spec(in_column(chart_spec(panel))) for panel in self.panels]
        stacked = "".join(
            f'<figure class="dplab-walkthrough-panel">'
            f"<figcaption>{label('walkthrough.step', number=k)}</figcaption>"
            f"{bundle['text/html']}</figure>"
            for k, bundle in enumerate(bundles, 1)
        )
        return {
            WALKTHROUGH_MIME: {"panels": bundles},
            "text/html": stacked,
            "text/plain": f"<Walkthrough: {self.steps} steps>",
        }
