"""The ``rr`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) and its style (``lab.css``).

The lab itself is :mod:`dplab.views.labs.rr.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.rr.lab import (
    CLAIM_PATTERN,
    RRLab,
    parse_claim,
    required_delta_text,
    rr_lab,
)

__all__ = [
    "CLAIM_PATTERN",
    "RRLab",
    "parse_claim",
    "required_delta_text",
    "rr_lab",
]
