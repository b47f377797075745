"""Exercises graded exactly in the page: break an (α, δ) claim, or find the exact δ.

A finite channel's whole certificate fits in a few integers, so the page can grade a
reader's answer with the same exact arithmetic as :mod:`dplab.finite`.  The build puts in
the page the channel's integer weights over their common denominator, its ordered
adjacent pairs, the claim, and the verdict that :func:`dplab.finite.certify` reached;
``docs/assets/dplab/claim-grader.js`` recomputes ``max_S P(S) − αQ(S) = Σ_y [P_y − αQ_y]₊``
for every pair with BigInt fractions (never floats), checks that it agrees with the build,
and grades what the reader types.  The exercise is the search for the counterexample, so
the grader never hands it over unasked: a wrong answer is told what is wrong and where to
look, and the worst pair and event appear only when the reader finds a breaking one or
presses "정답 보기".

``task="claim"``
    The reader either says the claim holds or names an ordered pair and an event ``S`` that
    break it, that is, with ``P(S) − αQ(S) > δ``.  A wrong "holds" is told only that the
    claim breaks; a pair and event that do not break it are shown their ``P(S) − αQ(S)``.
    The pair select starts on no pair ("순서쌍을 고르세요"), so that no pair is offered
    before the reader chooses one, and an empty event box is refused, not read as ``∅``.
    Below the exercise the reader can test claims of their own: only whether each holds
    until the exercise is answered right or its answer shown; from then on also the
    smallest δ and the pair and event that break a failing one.
``task="delta"``
    The reader types the smallest δ that makes the claim at ``α`` true, as a fraction or a
    decimal.  A wrong value is told how δ is computed, never whether it is too small or too
    large (which would let the reader halve their way to the answer).

Numbers typed by the reader are read exactly: ``3/8``, ``0.375``, ``1e-3`` (decimal text is
its decimal value, never a binary float).  The example in the event box
(:attr:`ClaimExercise.example_event`) is an event of the channel's own outputs that breaks
no pair, so it shows how to write an event without pointing at the answer.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from dplab import finite
from dplab.finite import FiniteChannel, RationalLike
from dplab.views._labels import label
from dplab.views.labs._shared import inline_json, lab_key, show_outside_site, site_only_bundle

__all__ = ["ClaimExercise", "claim_exercise", "delta_exercise"]

Task = Literal["claim", "delta"]


@dataclass(frozen=True)
class ClaimExercise:
    """One graded exercise on a finite channel; shown in a page through ``_repr_html_``.

    ``certificate`` is the exact verdict of :func:`dplab.finite.certify` on the claim
    ``(alpha, delta)`` (``delta`` is 0 for the task ``"delta"``, whose answer is
    ``certificate.required_delta``).
    """

    channel: FiniteChannel
    task: Task
    certificate: finite.Certificate
    key: str

    @property
    def example_event(self) -> tuple[Hashable, ...]:
        """The event shown as the example in the event box: the first two consecutive outputs
        that break the claim on no ordered pair, else every output (``P(Y) = 1 ≤ α·1 + δ``
        breaks nothing).

        >>> from dplab.mechanisms import randomized_response as rr
        >>> claim_exercise(rr.count_channel(1, "3/4"), 2, 0).example_event
        (0, 1)
        >>> claim_exercise(rr.count_channel(4, "9/10"), 3, 0).example_event
        (0, 1, 2, 3, 4)
        """
        channel, cert = self.channel, self.certificate
        alpha = cert.alpha
        assert alpha is not None  # an exercise's claim has one factor α for every pair
        outputs = channel.outputs
        for event in itertools.pairwise(outputs):
            if all(
                finite.check_event(channel, s, t, event, alpha, cert.delta).passes
                for s, t in channel.adjacent_pairs
            ):
                return event
        return outputs

    @property
    def answer(self) -> Fraction | bool:
        """What a right answer is: the exact δ (task ``"delta"``) or whether the claim holds."""
        return self.certificate.required_delta if self.task == "delta" else self.certificate.passes

    def data(self) -> dict:
        """What the page's grader reads: integers as decimal strings (BigInt in the page)."""
        channel, cert = self.channel, self.certificate
        index = {x: i for i, x in enumerate(channel.inputs)}
        outputs = {y: j for j, y in enumerate(channel.outputs)}
        return {
            "task": self.task,
            "inputs": [str(x) for x in channel.inputs],
            "outputs": [str(y) for y in channel.outputs],
            "denominator": str(channel.denominator),
            "weights": [[str(w) for w in row] for row in channel.weights],
            "pairs": [[index[s], index[t]] for s, t in channel.adjacent_pairs],
            "alpha": str(cert.alpha),
            "delta": str(cert.delta),
            "expected": {
                "required": str(cert.required_delta),
                "passes": cert.passes,
                "pair": [index[x] for x in cert.worst_pair],
                "event": [outputs[y] for y in cert.worst_event],
            },
        }

    def _pair_options(self) -> str:
        """No pair chosen at first (a placeholder the reader cannot choose back), then each
        ordered pair in the channel's order."""
        placeholder = f'<option value="" selected disabled>{label("grader.pick_pair")}</option>'
        return placeholder + "".join(
            f'<option value="{k}">{html.escape(str(s))}→{html.escape(str(t))}</option>'
            for k, (s, t) in enumerate(self.channel.adjacent_pairs)
        )

    @staticmethod
    def _buttons() -> str:
        """The grade button, then the reveal button: unless the reader finds a breaking pair
        and event, revealing is the only way to the worst ones."""
        return (
            f'<button type="submit" class="md-button">{label("grader.grade")}</button>\n'
            f'<button type="button" class="md-button" data-action="reveal">'
            f"{label('grader.reveal')}</button>\n"
        )

    def _claim_form(self, ident: str) -> str:
        cert = self.certificate
        claim = label("grader.claim", alpha=str(cert.alpha), delta=str(cert.delta))
        example = html.escape("{" + ", ".join(str(y) for y in self.example_event) + "}")
        return (
            f'<p class="dplab-grader-claim">{html.escape(claim)}</p>\n'
            f'<form class="dplab-grader-form" data-form="answer" novalidate>\n'
            f"<fieldset><legend>{label('grader.answer')}</legend>\n"
            f'<label><input type="radio" name="{ident}-verdict" value="holds"> '
            f"{label('grader.holds')}</label>\n"
            f'<label><input type="radio" name="{ident}-verdict" value="breaks"> '
            f"{label('grader.breaks')}</label>\n</fieldset>\n"
            f'<div class="dplab-grader-fields">\n'
            f'<label for="{ident}-pair">{label("grader.pair")}</label>\n'
            f'<select id="{ident}-pair" name="pair">{self._pair_options()}</select>\n'
            f'<label for="{ident}-event">{label("grader.event", example=example)}</label>\n'
            f'<input id="{ident}-event" name="event" type="text" inputmode="numeric" '
            f'autocomplete="off" spellcheck="false" placeholder="{example}">\n</div>\n'
            f"{self._buttons()}</form>\n"
            f'<div class="dplab-grader-result" data-result="answer" role="status" '
            f'aria-live="polite"></div>\n'
            f'<details class="dplab-grader-own">\n<summary>{label("grader.own")}</summary>\n'
            f'<form class="dplab-grader-form" data-form="own" novalidate>\n'
            f'<div class="dplab-grader-fields">\n'
            f'<label for="{ident}-alpha">{label("grader.alpha")}</label>\n'
            f'<input id="{ident}-alpha" name="alpha" type="text" autocomplete="off" '
            f'spellcheck="false" value="{cert.alpha!s}">\n'
            f'<label for="{ident}-delta">{label("grader.delta")}</label>\n'
            f'<input id="{ident}-delta" name="delta" type="text" autocomplete="off" '
            f'spellcheck="false" value="{cert.delta!s}">\n</div>\n'
            f'<button type="submit" class="md-button">{label("grader.check")}</button>\n'
            f"</form>\n"
            f'<div class="dplab-grader-result" data-result="own" role="status" '
            f'aria-live="polite"></div>\n</details>'
        )

    def _delta_form(self, ident: str) -> str:
        alpha = str(self.certificate.alpha)
        return (
            f'<form class="dplab-grader-form" data-form="answer" novalidate>\n'
            f'<div class="dplab-grader-fields">\n'
            f'<label for="{ident}-delta">{label("grader.delta_at", alpha=alpha)}</label>\n'
            f'<input id="{ident}-delta" name="delta" type="text" autocomplete="off" '
            f'spellcheck="false" placeholder="3/8">\n</div>\n'
            f"{self._buttons()}</form>\n"
            f'<div class="dplab-grader-result" data-result="answer" role="status" '
            f'aria-live="polite"></div>'
        )

    def _ipython_display_(self) -> None:
        """In Jupyter, where no script grades: the sentence that leads to the site."""
        show_outside_site(self._repr_mimebundle_())

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict:
        """The grader's HTML, and for a notebook the sentence that leads to it on the site."""
        return site_only_bundle(
            self._repr_html_(),
            anchor=f"grader-{self.key}",
            title=label("grader.title"),
            note="notebook.grader_live",
        )

    def _repr_html_(self) -> str:
        ident = f"grader-{self.key}"
        form = self._claim_form(ident) if self.task == "claim" else self._delta_form(ident)
        return (
            f'<section class="dplab-grader" id="{ident}" data-task="{self.task}" '
            f'aria-label="{html.escape(label("grader.title"))}">\n'
            f'<script type="application/json" class="dplab-grader-data">'
            f"{inline_json(self.data())}</script>\n"
            f'<p class="dplab-grader-static">{label("grader.static")}</p>\n'
            f'<div class="dplab-grader-live" hidden>\n{form}\n</div>\n'
            f'<p class="dplab-grader-error" role="alert" hidden>{label("grader.mismatch")}</p>\n'
            f"</section>"
        )


def _exercise(
    channel: FiniteChannel, task: Task, alpha: RationalLike, delta: RationalLike, key: str | None
) -> ClaimExercise:
    certificate = finite.certify(channel, alpha, delta)
    state: tuple[Hashable, ...] = (
        task,
        channel.weights,
        channel.adjacent_pairs,
        certificate.alpha,
        certificate.delta,
    )
    return ClaimExercise(channel, task, certificate, lab_key(state, key))


def claim_exercise(
    channel: FiniteChannel, alpha: RationalLike, delta: RationalLike, *, key: str | None = None
) -> ClaimExercise:
    """ "Break this claim or confirm it": the claim ``P(S) ≤ αQ(S) + δ`` for every ordered
    adjacent pair of ``channel`` and every event.  ``key`` names the element ids (default:
    derived from the exercise, so builds are reproducible).

    >>> from dplab.mechanisms import randomized_response as rr
    >>> exercise = claim_exercise(rr.count_channel(4, "9/10"), 3, 0)
    >>> exercise.answer, exercise.data()["expected"]
    (False, {'required': '2187/5000', 'passes': False, 'pair': [0, 1], 'event': [0]})
    """
    return _exercise(channel, "claim", alpha, delta, key)


def delta_exercise(
    channel: FiniteChannel, alpha: RationalLike, *, key: str | None = None
) -> ClaimExercise:
    """ "Type the exact δ at α": the answer is :func:`dplab.finite.required_delta`.

    >>> from dplab.mechanisms import randomized_response as rr
    >>> delta_exercise(rr.count_channel(2, "3/4"), 2).answer
    Fraction(3, 16)
    """
    return _exercise(channel, "delta", alpha, 0, key)
