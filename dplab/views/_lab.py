"""The HTML scaffolding shared by the client-side labs (:mod:`~dplab.views.rr_lab`,
:mod:`~dplab.views.laplace_lab` and :func:`dplab.views.gaussian.gaussian_lab`).

A lab is an object whose ``_repr_html_`` is one ``<section>``: the lab's data as inline
JSON (a page opened from ``file://`` cannot fetch files), a title, a form of labelled
controls, output panels already filled for the initial state (every output an element
with a ``data-show`` key that the lab's script rewrites), ``.dplab-chart`` placeholders
whose named datasets the script refills, a live region for screen readers and, for a lab
that checks its script against the build, a hidden error message.  :class:`LabHtml`
writes these parts the same way for every lab; what a lab shows is its own.  In the
browser the labs' scripts build on ``docs/assets/dplab/lab.js``, and
``docs/assets/dplab/lab.css`` lays them out.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import altair as alt

from dplab.views._labels import label

__all__ = ["LabHtml", "chosen_point", "inline_json", "lab_key"]


def lab_key(state: object, key: str | None = None) -> str:
    """The key that names a lab's element ids: ``key`` if given, else derived from the
    lab's initial ``state`` (so that builds are reproducible).

    >>> lab_key((4, "0.5"), "intro"), len(lab_key((4, "0.5")))
    ('intro', 8)
    """
    key = key or hashlib.sha256(repr(state).encode()).hexdigest()[:8]
    if not re.fullmatch(r"[A-Za-z0-9_-]+", key):
        raise ValueError(f"key must be letters, digits, '-' or '_'; got {key!r}")
    return key


def inline_json(data: object) -> str:
    """``data`` as compact JSON that can stand inside ``<script>``: ``<``, ``>`` and ``&``
    are ``\\u`` escapes, so no ``</script>`` or ``<!--`` can end the element early.

    >>> inline_json({"b": "</script>", "a": 1})
    '{"a":1,"b":"\\\\u003c/script\\\\u003e"}'
    """
    text = json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def chosen_point(
    data: alt.InlineData, *, x: Any, y: Any, colour: Any, tooltip: list, size: int = 170
) -> alt.Chart:
    """The point a reader chose (a claim, the lab's current ε), as the filled diamond every
    privacy-profile chart of the labs draws over its curve."""
    return (
        alt.Chart(data)
        .mark_point(shape="diamond", size=size, filled=True)
        .encode(x=x, y=y, color=colour, tooltip=tooltip)
    )


class LabHtml:
    """The parts of one lab's HTML.

    The parts have the shared classes ``dplab-lab-*`` that ``lab.css`` lays out.  ``prefix``
    names the lab's own classes, which its script, CSS and tests select
    (``dplab-<prefix>-lab`` on the root, ``-lab-data``, ``-controls``, ``-chart``), and its
    element ids (``<prefix>-lab-<key>-<control>``).  ``texts`` are the outputs for the
    initial state by ``data-show`` key, and ``markup`` turns a plain text (an output or a
    label) into HTML.
    """

    def __init__(
        self,
        prefix: str,
        key: str,
        texts: Mapping[str, str],
        markup: Callable[[str], str] = html.escape,
    ) -> None:
        self.prefix = prefix
        self.id = f"{prefix}-lab-{key}"
        self.markup = markup
        self.texts = {name: markup(text) for name, text in texts.items()}

    @staticmethod
    def _class(part: str) -> str:
        return f"dplab-lab-{part}"

    def _own(self, part: str) -> str:
        return f"dplab-{self.prefix}-{part}"

    def words(self, key: str) -> str:
        """The label ``key`` as HTML."""
        return self.markup(label(key))

    def show(self, key: str, tag: str = "span", *, note: bool = False) -> str:
        """The output ``key`` in an element the script rewrites (a ``note`` in small, muted
        type)."""
        cls = f' class="{self._class("note")}"' if note else ""
        return f'<{tag} data-show="{key}"{cls}>{self.texts[key]}</{tag}>'

    def badge(self, key: str, verdict: str) -> str:
        """The output ``key`` as a verdict badge (``data-verdict`` gives its colours)."""
        return (
            f'<span class="{self._class("badge")}" data-show="{key}" data-verdict="{verdict}">'
            f"{self.texts[key]}</span>"
        )

    def note(self, content: str) -> str:
        """A paragraph in small, muted type."""
        return f'<p class="{self._class("note")}">{content}</p>'

    def hint(self, content: str, *, ident: str = "") -> str:
        """A hint under a control; ``ident`` is its id's end (``<id>-<ident>``), for the
        control's ``aria-describedby``."""
        i = f' id="{self.id}-{ident}"' if ident else ""
        return f'<small class="{self._class("hint")}"{i}>{content}</small>'

    def error(self, key: str, label_key: str, *, ident: str = "", alert: bool = False) -> str:
        """A hidden error message (output ``key``) that the script shows when needed;
        ``ident`` is its id's end (``<id>-<ident>``), ``alert`` makes readers announce it."""
        i = f' id="{self.id}-{ident}"' if ident else ""
        role = ' role="alert"' if alert else ""
        return (
            f'<p class="{self._class("error")}"{i} data-show="{key}"{role} hidden>'
            f"{self.words(label_key)}</p>"
        )

    # --- controls ------------------------------------------------------------------------

    def field(self, name: str, label_key: str, *parts: str, wide: bool = False) -> str:
        """A labelled control: its label, then ``parts`` (the control with id
        ``<id>-<name>``, its value, hints)."""
        wide_class = f" {self._class('wide')}" if wide else ""
        return (
            f'<div class="{self._class("field")}{wide_class}">'
            f'<label for="{self.id}-{name}">{self.words(label_key)}</label>{"".join(parts)}</div>'
        )

    def slider(
        self,
        name: str,
        label_key: str,
        *,
        low: object,
        high: object,
        step: object,
        value: object,
        valuetext: str | None = None,
        after: str = "",
    ) -> str:
        """A range input named ``name`` with its value shown beside it (output ``name``)."""
        i = f"{self.id}-{name}"
        aria = "" if valuetext is None else f' aria-valuetext="{valuetext}"'
        return self.field(
            name,
            label_key,
            f'<input id="{i}" name="{name}" type="range" min="{low}" max="{high}" '
            f'step="{step}" value="{value}"{aria}>',
            f'<output for="{i}">{self.show(name)}</output>',
            after,
        )

    def select(
        self, name: str, label_key: str, options: Iterable[tuple[str, str]], chosen: str
    ) -> str:
        """A select named ``name``; ``options`` are ``(value, text as HTML)``."""
        items = "".join(
            f'<option value="{html.escape(value)}"{" selected" if value == chosen else ""}>'
            f"{text}</option>"
            for value, text in options
        )
        return self.field(
            name, label_key, f'<select id="{self.id}-{name}" name="{name}">{items}</select>'
        )

    def group(self, legend_key: str, *fields: str, extra_class: str = "") -> str:
        """A fieldset of controls under a legend."""
        cls = " ".join(filter(None, [self._class("group"), extra_class]))
        return (
            f'<fieldset class="{cls}"><legend>{self.words(legend_key)}</legend>'
            f"{''.join(fields)}</fieldset>"
        )

    # --- outputs -------------------------------------------------------------------------

    def panel(self, part: str, heading_key: str, *items: str, wide: bool = False) -> str:
        """An output panel with a heading; a ``wide`` one takes a whole row.  Labs stand in a
        lesson's second-level section, so the panel headings are third-level."""
        wide_class = f" {self._class('wide')}" if wide else ""
        return (
            f'<section class="{self._class("panel")}{wide_class}" data-part="{part}">'
            f"<h3>{self.words(heading_key)}</h3>{''.join(items)}</section>"
        )

    def chart(self, part: str, chart: str) -> str:
        """A chart (``chart_html``) whose datasets the script refills from its rows[part]."""
        return f'<div class="{self._own("chart")}" data-chart="{part}">{chart}</div>'

    def page(
        self,
        title_key: str,
        data: object,
        controls: Iterable[str],
        outputs: Iterable[str],
        *,
        error_key: str | None = None,
        form_group: bool = False,
    ) -> str:
        """The whole lab: its title, ``data`` inline, the form of ``controls`` (groups, or
        with ``form_group`` fields that the form holds as its one group), the ``outputs``,
        the live region and (with ``error_key``) the message shown when the script
        disagrees with the build."""
        i = self.id
        form = f"{self._class('controls')} {self._own('controls')}"
        if form_group:
            form += f" {self._class('group')}"
        error = "" if error_key is None else self.error("lab-error", error_key, alert=True)
        return "".join(
            [
                f'<section class="dplab-lab {self._own("lab")}" id="{i}" '
                f'aria-labelledby="{i}-title">',
                f'<script type="application/json" class="{self._own("lab-data")}">'
                f"{inline_json(data)}</script>",
                f'<p class="{self._class("title")}" id="{i}-title">{self.words(title_key)}</p>',
                f'<form class="{form}" autocomplete="off">',
                *controls,
                "</form>",
                f'<div class="{self._class("outputs")}">',
                *outputs,
                "</div>",
                f'<p class="{self._class("live")}" data-show="live" aria-live="polite"></p>',
                error,
                "</section>",
            ]
        )
