"""The ``composition`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) (no style of its own).

The lab itself is :mod:`dplab.views.labs.composition.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.composition.lab import *  # noqa: F403  (every name of lab.__all__)
from dplab.views.labs.composition.lab import __all__  # noqa: F401
