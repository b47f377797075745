"""The PrivEMDLinear lab's core (``linear-lab-core.js``) against :mod:`dplab.views.labs.linear`.

At **every** state the lab's controls can make (:func:`~dplab.views.labs.linear.lab_states`,
15,000), the core's texts must be :meth:`~dplab.views.labs.linear.LinearLab.outputs` (whose
values ``tests/views/labs/test_linear.py`` checks against the closed forms of
:mod:`dplab.userlevel.emd_linear` at every state), and its badge's mark must follow the winner.

Encoding: the output keys once, then per state its control values and its texts in that order.
"""

from __future__ import annotations

from dplab.views import LABELS
from dplab.views.labs import linear as lv


def golden() -> dict[str, object]:
    states = lv.lab_states()
    labs = [lv.linear_lab(**state) for state in states]
    keys = list(labs[0].outputs())
    rows = []
    for state, lab in zip(states, labs, strict=True):
        outputs = lab.outputs()
        assert list(outputs) == keys
        mark = "pass" if lab.values().winner == "ours" else "none"
        rows.append(
            [{name: str(value) for name, value in state.items()}, [*outputs.values(), mark]]
        )
    return {"labels": LABELS["ko"], "keys": [*keys, "mark"], "states": rows}
