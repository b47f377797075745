"""The ``linear`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) (no style of its own).

The lab itself is :mod:`dplab.views.labs.linear.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.linear.lab import *  # noqa: F403  (every name of lab.__all__)
from dplab.views.labs.linear.lab import __all__  # noqa: F401
