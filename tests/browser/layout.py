"""What a reader cannot see: every box of a page measured against the viewport, and the
controls of a lab that something covers (:func:`lab_reach`).

:func:`clipped_boxes` lays out the whole page (sections that skip rendering until the
reader gets there are shown first) and measures every text run (a ``Range`` over each
text node, so a long word or formula inside a narrow box counts, not only the box) and
every graphic or control (``svg``, ``img``, ``canvas``, form controls), wherever it comes
from: lessons, labs, quizzes, Material's own header and drawer.  A box may reach beyond
the viewport or beyond an ancestor that clips its overflow only inside a box that a
reader can scroll and is told scrolls: ``overflow-x: auto|scroll``, focusable
(``tabindex``) and marked scrollable (the class ``dplab-scrolls`` that
``components.js`` gives every box that scrolls).  What such a box shows is then measured
in its place, up to the viewport.

Not measured, by design: what is hidden from everyone (``display: none``,
``visibility: hidden``, ``inert``, zero size), the visually-hidden texts meant for screen
readers (a clipping box of at most 1 px), and Material's drawer while it is closed (it
slides out of the viewport on purpose; :func:`clipped_boxes` measures it open with
``drawer_open=True``).
"""

from __future__ import annotations

from pathlib import Path

from tests.browser.helpers import settle

MEASURE = (Path(__file__).parent / "layout.js").read_text("utf-8")


def clipped_boxes(page, *, drawer_open: bool = False, slack: float = 1.0) -> list[str]:
    """Every text run, graphic or control of ``page`` that reaches more than ``slack`` px
    beyond the viewport or the box that clips it, outside a marked scroll box: one line
    ``box that cuts: largest overflow px (how many cut, e.g. one of them)`` each, or
    ``element beyond the viewport: …``, sorted (empty when nothing is cut)."""
    return settle(
        page,
        MEASURE,
        {"slack": slack, "drawerOpen": drawer_open},
        signal="the page's layout measured",
    )


REACH = (Path(__file__).parent / "lab_reach.js").read_text("utf-8")


def lab_reach(page, blocks: tuple[str, ...] = ("center", "end")) -> dict:
    """Every lab of ``page`` as a reader on a small screen meets it, with its tables and
    ``<details>`` open: ``labs`` (their ids); ``covered``, each visible control (input,
    select, button, summary) that something else covers at its centre once it is scrolled
    to each of ``blocks`` (one line ``lab control (block): under what``); and ``far``, each
    slider scrolled to the centre whose nearest chart that it drives starts more than one
    viewport height below it (a control drives the charts its lab declares for it,
    ``data-drives``, else every chart of its lab)."""
    return settle(page, REACH, {"blocks": list(blocks)}, signal="every lab control hit-tested")
