"""The page words: ready.js's ``words()`` against :func:`dplab.views.label`.

Every catalog template that has placeholders, in every language, filled with values that
rotate through the kinds the particle rules tell apart (a number ending in a vowel, one
ending in a consonant, a fraction, a Greek letter, a word): ``words(key, values)`` in the
page must give what ``label(key, lang, **values)`` gives at build time.  The Node test also
checks that a key the page lacks is reported on the console (``missing``: keys that no
catalog has).
"""

from __future__ import annotations

import string

from dplab.views import LABELS, LANGUAGES, label

VALUES = ("2", "1", "3", "1/8", "ε", "합성", "0.25", "d", "10⁴")


def placeholders(template: str) -> list[str]:
    """The names of ``template``'s ``{placeholders}``, once each, in order."""
    names = [name for _, name, _, _ in string.Formatter().parse(template) if name]
    return list(dict.fromkeys(names))


def golden() -> dict[str, object]:
    cases: dict[str, list] = {}
    for lang in LANGUAGES:
        rows = []
        for number, (key, template) in enumerate(sorted(LABELS[lang].items())):
            names = placeholders(template)
            if not names:
                continue
            values = {name: VALUES[(number + i) % len(VALUES)] for i, name in enumerate(names)}
            rows.append([key, values, label(key, lang, **values)])
        cases[lang] = rows
    return {
        "labels": {lang: LABELS[lang] for lang in LANGUAGES},
        "cases": cases,
        "missing": ["gauss.kind_", "no.such_label"],
    }
