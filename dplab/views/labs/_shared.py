"""The HTML scaffolding shared by the client-side labs, one folder each under
``dplab/views/labs/`` (:mod:`dplab.views.labs`; :mod:`~dplab.views.labs.rr`,
:mod:`~dplab.views.labs.laplace`, :mod:`~dplab.views.labs.gaussian`, …).

A lab is an object whose ``_repr_html_`` is one ``<section>``: the lab's data as inline
JSON (a page opened from ``file://`` cannot fetch files), a title, a form of labelled
controls, output panels already filled for the initial state (every output an element
with a ``data-show`` key that the lab's script rewrites), ``.dplab-chart`` placeholders
whose named datasets the script refills, a live region for screen readers and, for a lab
that checks its script against the build, a hidden error message.  :class:`LabHtml`
writes these parts the same way for every lab; what a lab shows is its own.  In the
browser the labs' scripts build on ``dplab/views/labs/lab.js``, and
``dplab/views/labs/lab.css`` lays them out.

**Cause and effect on one screen.**  The form and a *verdict chip* (the key verdicts and
values as text, and a link to the current state) make the lab's side column: on a wide
screen it stays in view beside the outputs; on a phone nothing sticks (nothing may cover a
control): the chip follows the form, and the panels with a chart come first among the
outputs, so that the picture is near the slider that moves it.  A control may declare the
charts it drives (``drives``: :meth:`LabHtml.field`); a group of controls that drives only
a later chart then stands, on a phone, just before that chart (:meth:`LabHtml.group`).

Every slider is a stepper (:meth:`LabHtml.slider`): a range over integer positions whose
values are a list of texts, a box that takes a typed value (read by ``readNumber`` in
``lab.js``, the graders' reader too; only one of those texts, compared exactly) and − / +
buttons; the texts increase, so "+" always moves toward larger values.

**Outside the site.**  A lab's MIME bundle (:meth:`LabLinks._repr_mimebundle_`) carries,
beside its HTML, a static view under :data:`SITE_ONLY_MIME`: the output panels for the
initial state, each chart as a bundle Jupyter draws, and no control.  A notebook has no
script to run the lab, so the notebook shows that view with a link to the live lab
(:mod:`dplab.site.notebook`); the exact graders (:mod:`~dplab.views.claim_grader`) do the
same.

**States as links.**  A lab's state is the values of its named controls;
:class:`LabLinks` writes the address of any state (``#<lab id>?n=4&p=0.9…``), which
``lab.js`` loads when the page opens or a link is followed, and the lab keeps the address
up to date once the reader moves a control.
"""

from __future__ import annotations

import hashlib
import html
import itertools
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from numbers import Rational
from typing import Any, ClassVar
from urllib.parse import quote

import altair as alt

from dplab.views._display import chart_bundle
from dplab.views._labels import label

__all__ = [
    "SITE_ONLY_MIME",
    "LabHtml",
    "LabLinks",
    "LabPage",
    "check_on_grid",
    "chosen_point",
    "inline_json",
    "lab_key",
    "site_only_bundle",
    "site_only_outputs",
    "state_query",
]

# The MIME type of what a page's scripts run and a notebook cannot: the anchor of the live
# element on its lesson page, its title, the label key of the sentence that leads there,
# and a static view (MIME bundles) for the notebook.
SITE_ONLY_MIME = "application/vnd.dplab.site-only+json"


def site_only_bundle(
    page: str, *, anchor: str, title: str, note: str, view: Sequence[dict] = ()
) -> dict[str, Any]:
    """The MIME bundle of an element that only the site's scripts run: ``page`` (its HTML)
    for the site, and under :data:`SITE_ONLY_MIME` what a notebook shows instead."""
    return {
        "text/html": page,
        SITE_ONLY_MIME: {"anchor": anchor, "title": title, "note": note, "view": list(view)},
        "text/plain": title,
    }


def site_only_outputs(bundle: dict[str, Any], href: str | None = None) -> list[dict]:
    """What stands outside the site for an element that only the site's scripts run (its
    MIME bundle, :func:`site_only_bundle`): the sentence that leads to it (linked to
    ``href``, its address on the lesson page, when known), then its static view.

    >>> note, *view = site_only_outputs(site_only_bundle(
    ...     "<form></form>", anchor="x-lab-k", title="실험실", note="notebook.lab_live"
    ... ), "../lessons/a.html#x-lab-k")
    >>> note["text/html"][:65], view
    ('<p class="dplab-site-only">이 실험은 사이트에서 직접 움직여 볼 수 있습니다: <a href="', [])
    """
    site = bundle[SITE_ONLY_MIME]
    title = html.escape(site["title"])
    link = f'<a href="{html.escape(href)}">{title}</a>' if href else title
    note = {
        "text/html": f'<p class="dplab-site-only">{label(site["note"], link=link)}</p>',
        "text/plain": label(site["note"], link=f"{site['title']} ({href})" if href else title),
    }
    return [note, *site["view"]]


def show_outside_site(bundle: dict[str, Any]) -> None:
    """Show in IPython (a reader running the notebook) what a notebook shows."""
    from IPython.display import display

    for output in site_only_outputs(bundle):
        display(output, raw=True)


class LabPage(str):
    """A lab's HTML (:meth:`LabHtml.page`), with ``static``: the MIME bundles of its output
    panels for the initial state, without the controls."""

    static: tuple[dict, ...]
    title: str  # type: ignore[assignment]  # the lab's title, shadowing str.title on purpose


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


def check_on_grid(name: str, value: object, grid: Sequence[object]) -> None:
    """Refuse a lab state that its control cannot reach: ``value`` must be one of ``grid``
    and of the type of the grid's values (``"1"`` for a text grid, not ``1``).

    >>> check_on_grid("k", 2, (1, 2, 3))
    >>> check_on_grid("k", True, (1, 2, 3))
    Traceback (most recent call last):
    ...
    ValueError: k must be one of the lab's values 1, 2, 3; got True
    """
    if value not in grid or type(value) is not type(grid[0]):
        shown = ", ".join(repr(g) for g in grid)
        raise ValueError(f"{name} must be one of the lab's values {shown}; got {value!r}")


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
        self._charts: dict[str, tuple[str, str]] = {}  # what chart() wrote: (part, chart)
        self._static: list[dict] = []  # the panels' bundles, in order (see panel())
        # what field() and group() wrote: the charts it declares it drives (empty: every one)
        self._drives: dict[str, frozenset[str]] = {}

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

    def field(
        self,
        name: str,
        label_key: str,
        *parts: str,
        wide: bool = False,
        extra_class: str = "",
        drives: Sequence[str] = (),
    ) -> str:
        """A labelled control: its label, then ``parts`` (the control with id
        ``<id>-<name>``, its value, hints).  ``drives`` names the charts (their
        :meth:`chart` parts) that the control changes, when not every chart of the lab:
        ``data-drives``, which :meth:`page` checks and ``tests/browser/lab_reach.js``
        measures the control against."""
        wide_class = f" {self._class('wide')}" if wide else ""
        if extra_class:
            wide_class += f" {extra_class}"
        declared = ""
        if drives:
            declared = f' data-drives="{html.escape(" ".join(drives), quote=True)}"'
        field = (
            f'<div class="{self._class("field")}{wide_class}"{declared}>'
            f'<label for="{self.id}-{name}">{self.words(label_key)}</label>{"".join(parts)}</div>'
        )
        self._drives[field] = frozenset(drives)
        return field

    def slider(
        self,
        name: str,
        label_key: str,
        *,
        texts: Sequence[str],
        position: int,
        low: int = 0,
        valuetext: str | None = None,
        after: str = "",
        probability: bool = False,
        drives: Sequence[str] = (),
    ) -> str:
        """A stepper named ``name``: a range over the integer positions ``low``,
        ``low + 1``, … whose values are ``texts`` (at ``position``, counted from 0), a box
        that takes a typed value (output ``name``; ``lab.js`` reads it with ``readNumber``,
        accepts only one of ``texts``, compared exactly, and explains a refusal under it)
        and − / + buttons. ``texts`` must increase, so that "+" always moves toward larger
        values; a ``probability`` stepper refuses a typed value outside [0, 1] as such.
        ``drives``: the charts it changes, as for :meth:`field`.

        >>> LabHtml("x", "k", {"q": "1"}).slider("q", "lab.open", texts=["1", "0.5"], position=0)
        Traceback (most recent call last):
        ...
        ValueError: the values of stepper q must increase; got 1, 0.5
        """
        exact = [Fraction(text) for text in texts]
        if any(b <= a for a, b in itertools.pairwise(exact)):
            raise ValueError(f"the values of stepper {name} must increase; got {', '.join(texts)}")
        i = f"{self.id}-{name}"
        aria = "" if valuetext is None else f' aria-valuetext="{valuetext}"'
        if probability:
            aria += ' data-domain="probability"'
        label_text = self.words(label_key)
        high = low + len(texts) - 1
        data = html.escape(json.dumps(list(texts), ensure_ascii=False), quote=True)

        def step(sign: int, symbol: str, words_key: str) -> str:
            return (
                f'<button type="button" class="{self._class("step")}" data-step="{sign}" '
                f'data-for="{name}" aria-controls="{i}" '
                f'aria-label="{html.escape(label(words_key, name=label_text), quote=True)}">'
                f"{symbol}</button>"
            )

        return self.field(
            name,
            label_key,
            f'<span class="{self._class("steps")}">',
            step(-1, "−", "lab.step_down"),
            f'<input id="{i}" name="{name}" type="range" min="{low}" max="{high}" step="1" '
            f'value="{low + position}" data-texts="{data}"{aria}>',
            step(1, "+", "lab.step_up"),
            f'<label class="{self._class("typed-label")}">'
            f'<span class="{self._class("sr")}">{self.words("lab.typed_label")}</span>'
            f'<input class="{self._class("typed")}" type="text" inputmode="decimal" '
            f'spellcheck="false" data-for="{name}" data-show="{name}" '
            f'value="{self.texts[name]}" aria-describedby="{i}-error"></label>',
            "</span>",
            f'<p class="{self._class("error")} {self._class("typed-error")}" id="{i}-error" '
            f'aria-live="polite" hidden></p>',
            after,
            extra_class=self._class("stepper"),
            drives=drives,
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
        """A fieldset of controls under a legend.  It drives the charts its fields drive
        (every chart if one of them declares none, or is not a :meth:`field`): on a phone
        it stands just before the first of them (:meth:`page`)."""
        cls = " ".join(filter(None, [self._class("group"), extra_class]))
        group = (
            f'<fieldset class="{cls}"><legend>{self.words(legend_key)}</legend>'
            f"{''.join(fields)}</fieldset>"
        )
        declared = [self._drives.get(field, frozenset()) for field in fields]
        self._drives[group] = frozenset().union(*declared) if all(declared) else frozenset()
        return group

    # --- outputs -------------------------------------------------------------------------

    def panel(self, part: str, heading_key: str, *items: str, wide: bool = False) -> str:
        """An output panel with a heading; a ``wide`` one takes a whole row.  Labs stand in a
        lesson's second-level section, so the panel headings are third-level."""
        wide_class = f" {self._class('wide')}" if wide else ""
        self._static.extend(self._static_panel(heading_key, items))
        return (
            f'<section class="{self._class("panel")}{wide_class}" data-part="{part}">'
            f"<h3>{self.words(heading_key)}</h3>{''.join(items)}</section>"
        )

    def _static_panel(self, heading_key: str, items: Sequence[str]) -> list[dict]:
        """A panel as MIME bundles: its heading and texts as HTML, each chart of its own
        (:meth:`chart`) as a chart's bundle, in order."""
        bundles: list[dict] = []
        run = [f"<h3>{self.words(heading_key)}</h3>"]
        for item in items:
            if item not in self._charts:
                run.append(item)
                continue
            if run:
                bundles.append(self._static_html(run))
                run = []
            bundles.append(chart_bundle(self._charts[item][1]))
        if run:
            bundles.append(self._static_html(run))
        return bundles

    def _static_html(self, parts: Sequence[str]) -> dict:
        text = "".join(parts)
        return {
            "text/html": f'<div class="{self._class("static")}">{text}</div>',
            "text/plain": html.unescape(re.sub(r"<[^>]*>", " ", text)).strip(),
        }

    def chart(self, part: str, chart: str) -> str:
        """A chart (``chart_html``) whose datasets the script refills from its rows[part]."""
        wrapped = f'<div class="{self._own("chart")}" data-chart="{part}">{chart}</div>'
        self._charts[wrapped] = (part, chart)
        return wrapped

    def chip(self, *items: str) -> str:
        """The verdict chip: ``items`` (badges and key values, readable as text) and a link
        to the current state.  It stays in view in the sticky control column on a wide
        screen, and follows the form on a phone (``lab.css``)."""
        return (
            f'<div class="{self._class("chip")}" role="group" '
            f'aria-label="{html.escape(label("lab.chip_label"), quote=True)}">'
            f'<p class="{self._class("chip-items")}">{" ".join(items)}</p>'
            f'<p class="{self._class("chip-link")}"><a class="{self._class("permalink")}" '
            f'href="#{self.id}">{self.words("lab.permalink")}</a></p></div>'
        )

    def _phone_order(
        self, controls: list[str], outputs: list[str]
    ) -> tuple[list[str], list[str], str]:
        """``controls`` and ``outputs`` with their places on a phone, where the lab is one
        column (``lab.css``), and the root's class for it: each group of controls stands
        just before the first panel of a chart it drives (:meth:`group`), the chip after
        the groups that drive the first chart, the chart panels in order, then the other
        panels.  A place is ``--dplab-lab-place`` in the part's ``style``; when every group
        drives the first chart, the form stays whole and nothing is placed.
        """
        charts = [
            [part for wrapped, (part, _) in self._charts.items() if wrapped in item]
            for item in outputs
        ]
        first: dict[str, int] = {}
        for k, parts in enumerate(parts for parts in charts if parts):
            for part in parts:
                first.setdefault(part, k)
        unknown = sorted(set().union(*self._drives.values()) - set(first))
        if unknown:
            raise ValueError(
                f"{self.id}: a control drives no chart of the lab: {', '.join(unknown)}"
            )
        places = [
            2 * min((first[part] for part in self._drives.get(c, ())), default=0) for c in controls
        ]
        if not any(places):
            return controls, outputs, ""
        panels = itertools.count()
        after = 2 * len([parts for parts in charts if parts]) + 1
        out_places = [2 * next(panels) + 1 if parts else after for parts in charts]

        def placed(part: str, place: int) -> str:
            if not place:
                return part
            return re.sub(r"^<(\w+)", rf'<\1 style="--dplab-lab-place: {place}"', part, count=1)

        return (
            [placed(c, n) for c, n in zip(controls, places, strict=True)],
            [placed(o, n) for o, n in zip(outputs, out_places, strict=True)],
            f" {self._class('split')}",
        )

    def page(
        self,
        title_key: str,
        data: object,
        controls: Iterable[str],
        outputs: Iterable[str],
        *,
        chip: str = "",
        error_key: str | None = None,
        form_group: bool = False,
    ) -> str:
        """The whole lab: its title, ``data`` inline, the side column (the form of
        ``controls`` – groups, or with ``form_group`` fields that the form holds as its one
        group – and the ``chip``), the ``outputs``, the live region and (with
        ``error_key``) the message shown when the script disagrees with the build.  Its
        ``static`` view holds the panels made by :meth:`panel`."""
        controls, outputs, split = self._phone_order(list(controls), list(outputs))
        i = self.id
        form = f"{self._class('controls')} {self._own('controls')}"
        if form_group:
            form += f" {self._class('group')}"
        error = "" if error_key is None else self.error("lab-error", error_key, alert=True)
        page = LabPage(
            "".join(
                [
                    f'<section class="dplab-lab {self._own("lab")}{split}" id="{i}" '
                    f'aria-labelledby="{i}-title">',
                    f'<script type="application/json" class="{self._own("lab-data")}">'
                    f"{inline_json(data)}</script>",
                    f'<p class="{self._class("title")}" id="{i}-title">{self.words(title_key)}</p>',
                    f'<p class="{self._class("error")}" data-show="link-note" role="status" hidden>'
                    "</p>",
                    f'<div class="{self._class("body")}">',
                    f'<div class="{self._class("side")}">',
                    f'<form class="{form}" autocomplete="off">',
                    *controls,
                    "</form>",
                    chip,
                    "</div>",
                    f'<div class="{self._class("outputs")}">',
                    *outputs,
                    "</div>",
                    "</div>",
                    f'<p class="{self._class("live")}" data-show="live" aria-live="polite"></p>',
                    error,
                    "</section>",
                ]
            )
        )
        page.static = tuple(self._static)
        page.title = label(title_key)
        return page


def state_query(params: Mapping[str, str]) -> str:
    """A lab state as the query of a link, the way ``lab.js`` writes it (``stateQuery``):
    names and values percent-encoded, commas kept.

    >>> state_query({"n": "4", "p": "0.9", "event": "0,1", "delta": "1e-5"})
    'n=4&p=0.9&event=0,1&delta=1e-5'
    """
    return "&".join(f"{quote(k, safe='')}={quote(v, safe=',')}" for k, v in params.items())


class LabLinks:
    """Links that open a lab in a given state, for the lesson's text.

    A link's fragment is ``#<lab id>?<state>`` (on the lab's own page) or
    ``<page>#lab-<prefix>?<state>`` (from another page: the first lab of that kind there);
    ``lab.js`` loads the state, so a link can be shared and bookmarked.  A lab class
    provides :meth:`params` (its state, by control name) and :meth:`with_state` (the same
    lab in another state, validated as the lab's constructor does: a link to a state the
    lab cannot reach stops the build).
    """

    prefix: ClassVar[str]
    key: str
    symbols: ClassVar[Mapping[str, str]] = {}
    # The label key of each value of a "kind" control (a lab that has one sets it).
    kind_words: ClassVar[Mapping[str, str]] = {}

    def _repr_html_(self) -> str:  # pragma: no cover - every lab defines it
        raise NotImplementedError

    def _ipython_display_(self) -> None:
        """In Jupyter, where no script runs the lab: its static view."""
        show_outside_site(self._repr_mimebundle_())

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """The lab's HTML, and for a notebook its static view (:data:`SITE_ONLY_MIME`)."""
        page = self._repr_html_()
        assert isinstance(page, LabPage), "a lab's HTML is LabHtml.page()"
        return site_only_bundle(
            page,
            anchor=self.element_id,
            title=page.title,
            note="notebook.lab_live",
            view=page.static,
        )

    def params(self) -> dict[str, str]:  # pragma: no cover - every lab defines it
        raise NotImplementedError

    def with_state(self, **changes: Any) -> LabLinks:  # pragma: no cover
        raise NotImplementedError

    def remake(
        self, state: Mapping[str, object], changes: Mapping[str, object], make: Callable
    ) -> Any:
        """``make(**state, **changes, key=…)``: ``state`` is this lab's, by the names of
        ``make``'s arguments; a name that is not among them is an error."""
        unknown = sorted(set(changes) - set(state))
        if unknown:
            raise ValueError(f"unknown lab state {', '.join(unknown)}; known: {', '.join(state)}")
        return make(**{**state, **changes}, key=self.key)

    @property
    def element_id(self) -> str:
        return f"{self.prefix}-lab-{self.key}"

    def href(self, page: str = "", **changes: Any) -> str:
        """The address of this lab in the state with ``changes`` (``page``: the lesson
        page that holds the lab, e.g. ``"randomized-response.html"``, when linking from
        another page)."""
        lab = self.with_state(**changes) if changes else self
        target = f"lab-{self.prefix}" if page else self.element_id
        return f"{page}#{target}?{state_query(lab.params())}"

    def open_link(self, page: str = "", **changes: Any) -> str:
        """An inline "open in the lab" link (HTML) to the state with ``changes``."""
        return (
            f'<a class="dplab-lab-open" href="{html.escape(self.href(page, **changes))}">'
            f"{html.escape(label('lab.open'))}</a>"
        )

    def state_text(self, name: str, value: str) -> str:
        """One part of a state as the reader reads it (``α = 3.0``, a query's name)."""
        if name == "kind":
            return label(self.kind_words[value])
        return f"{self.symbols.get(name, name)} = {value}"

    def try_button(self, text: str | None = None, page: str = "", **changes: Any) -> str:
        """A button-like link (HTML) that loads the state with ``changes`` into the lab and
        brings it into view: for the "things to try" after a lab.  Without ``text`` it
        names the values that differ from this lab's (``실험실에서 해 보기: p = 0.9``)."""
        lab = self.with_state(**changes)
        if text is None:
            mine, theirs = self.params(), lab.params()
            parts = [self.state_text(k, v) for k, v in theirs.items() if mine.get(k) != v]
            text = label("lab.try_state").format(state=", ".join(parts)) if parts else None
        return (
            f'<a class="md-button dplab-lab-try" href="{html.escape(lab.href(page))}">'
            f"{html.escape(text or label('lab.try'))}</a>"
        )


def exact_number(value: object) -> Fraction | None:
    """``value`` as an exact fraction, or ``None`` if it is not a number: a float by its
    shortest decimal text (``0.1`` is 1/10, the number written, not the binary double near
    it); a rational, a ``Decimal`` or a numeric string exactly.

    >>> exact_number(0.1), exact_number("3/4"), exact_number(2), exact_number("abc")
    (Fraction(1, 10), Fraction(3, 4), Fraction(2, 1), None)
    """
    try:
        if isinstance(value, float):
            return Fraction(str(value))
        if isinstance(value, Rational | Decimal | str):  # what Fraction() takes
            return Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        return None
    return None
