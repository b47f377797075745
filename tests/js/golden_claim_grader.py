"""The exact graders' rules (``claim-grader.js``'s ``Exercise``) against :mod:`dplab.finite`.

The payload is each "break this claim" and "exact δ" exercise of the site as the build
embeds it (:meth:`ClaimExercise.data`), with the page's words in both languages.  For each
answer a reader can give, Python states the verdict, the fields refused and every line the
page must show, from :func:`dplab.finite.certify` and :func:`dplab.finite.check_event` and
the catalogs; the Node test grades the same answers with the page's rules and compares:

* ``claim``: "the claim holds"; every ordered pair with its worst event, with the example
  event and with ``∅``; no pair chosen; an empty event box (refused, not read as ``∅``);
* ``delta``: the exact δ, values on both sides of it (the same hint, whatever the side);
* ``own``: claims of the reader's own, before the exercise is settled (only the verdict)
  and after (the smallest δ, and the pair and event that break a failing claim).
"""

from __future__ import annotations

from fractions import Fraction

from dplab import finite
from dplab.accounting import composition
from dplab.mechanisms import randomized_response as rr
from dplab.views import LANGUAGES, claim_grader, label
from dplab.views import composition as cv
from dplab.views._labels import LABELS
from dplab.views.numbers import fraction_decimal_text as shown

# The site's exercises: (lesson key, exercise), as the lessons call them.
EXERCISES = [
    ("rr-break", claim_grader.claim_exercise(rr.count_channel(4, "9/10"), 3, 0)),
    ("rr-delta", claim_grader.delta_exercise(rr.count_channel(2, "3/4"), 2)),
    (
        "comp-break",
        claim_grader.claim_exercise(
            cv.joined_outputs(composition.product_channel(rr.count_channel(1, "3/4"), 2)), 3, 0
        ),
    ),
    ("inference-break", claim_grader.claim_exercise(rr.count_channel(1, "4/5"), 3, 0)),
]


def event_text(event) -> str:
    return "{" + ", ".join(str(y) for y in event) + "}" if event else "∅"


def breaking(channel, source, target, event, alpha, delta, lang) -> str:
    check = finite.check_event(channel, source, target, event, alpha, 0)
    return label(
        "grader.breaking",
        lang,
        pair=f"{source}→{target}",
        event=event_text(event),
        ps=shown(check.source_probability),
        qs=shown(check.target_probability),
        excess=shown(check.excess),
        delta=shown(delta),
    )


def claim_cases(exercise, lang) -> list:
    channel, cert = exercise.channel, exercise.certificate
    alpha, delta = cert.alpha, cert.delta
    outputs = event_text(channel.outputs)
    right_holds = label(
        "grader.right_holds", lang, required=shown(cert.required_delta), delta=shown(delta)
    )
    cases = [
        [{"choice": None, "pair": "", "event": ""}, "invalid", [], [label("grader.choose", lang)]],
        [
            {"choice": "holds", "pair": "", "event": ""},
            "right" if cert.passes else "wrong",
            [],
            [right_holds]
            if cert.passes
            else [label("grader.wrong_holds", lang), label("grader.search", lang)],
        ],
        [
            {"choice": "breaks", "pair": "", "event": "{" + str(channel.outputs[0]) + "}"},
            "invalid",
            ["pair"],
            [label("grader.no_pair", lang)],
        ],
        [
            {"choice": "breaks", "pair": "0", "event": "  "},
            "invalid",
            ["event"],
            [label("grader.empty_event", lang, outputs=outputs)],
        ],
        [
            {"choice": "breaks", "pair": "", "event": ""},
            "invalid",
            ["pair", "event"],
            [label("grader.no_pair", lang), label("grader.empty_event", lang, outputs=outputs)],
        ],
    ]
    example = exercise.example_event
    worst_events = {(row.source, row.target): row.event for row in cert.pairs}
    for k, (source, target) in enumerate(channel.adjacent_pairs):
        best = worst_events[source, target]
        for event, typed in ((best, event_text(best)), (example, event_text(example)), ((), "∅")):
            check = finite.check_event(channel, source, target, event, alpha, delta)
            answer = {"choice": "breaks", "pair": str(k), "event": typed}
            if not check.passes:
                lines = [
                    label("grader.right_breaks", lang),
                    breaking(channel, source, target, event, alpha, delta, lang),
                ]
                cases.append([answer, "right", [], lines])
            else:
                key = "grader.holds_instead" if cert.passes else "grader.no_break"
                values = {"excess": shown(check.excess), "delta": shown(delta)}
                cases.append([answer, "wrong", [], [label(key, lang, **values)]])
    return cases


def delta_cases(exercise, lang) -> list:
    cert = exercise.certificate
    required = cert.required_delta
    worst = f"{cert.worst_pair[0]}→{cert.worst_pair[1]}"
    right = label(
        "grader.delta_right",
        lang,
        required=shown(required),
        pair=worst,
        event=event_text(cert.worst_event),
    )
    cases = [[text, "right", [], [right]] for text in (str(required), f" {float(required)!r} ")]
    for value in sorted(
        {
            Fraction(0),
            required / 3,
            required - Fraction(1, 10**9),
            required + Fraction(1, 10**9),
            2 * required,
            Fraction(1),
        }
        - {required}
    ):
        if 0 <= value <= 1:
            cases.append(
                [str(value), "wrong", [], [label("grader.delta_wrong", lang, typed=shown(value))]]
            )
    return cases


def own_cases(exercise, lang) -> list:
    channel = exercise.channel
    cases = []
    for alpha in (Fraction(1), Fraction(2), Fraction(3), Fraction(9, 2), Fraction(9), Fraction(20)):
        for delta in (Fraction(0), Fraction(1, 20), Fraction(1, 2), Fraction(1)):
            cert = finite.certify(channel, alpha, delta)
            values = {"required": shown(cert.required_delta), "delta": shown(delta)}
            for settled in (False, True):
                if cert.passes:
                    verdict = "right"
                    lines = (
                        [label("grader.own_holds", lang, **values)]
                        if settled
                        else [
                            label("grader.own_holds_hidden", lang, **values),
                            label("grader.own_hidden", lang),
                        ]
                    )
                else:
                    verdict = "wrong"
                    source, target = cert.worst_pair
                    lines = (
                        [
                            label("grader.own_fails", lang, **values),
                            breaking(channel, source, target, cert.worst_event, alpha, delta, lang),
                        ]
                        if settled
                        else [
                            label("grader.own_fails_hidden", lang, **values),
                            label("grader.own_hidden", lang),
                        ]
                    )
                cases.append([[str(alpha), str(delta), settled], verdict, [], lines])
    return cases


def golden() -> dict[str, object]:
    exercises = {}
    for key, exercise in EXERCISES:
        data = exercise.data()
        exercises[key] = {
            "data": data,
            "cases": {
                lang: (
                    {"delta": delta_cases(exercise, lang)}
                    if exercise.task == "delta"
                    else {"claim": claim_cases(exercise, lang), "own": own_cases(exercise, lang)}
                )
                for lang in LANGUAGES
            },
        }
    return {"labels": {lang: LABELS[lang] for lang in LANGUAGES}, "exercises": exercises}
