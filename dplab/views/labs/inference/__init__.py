"""The ``inference`` lab: its Python (``lab.py``),
its core (``core.js``), its wiring (``lab.js``) and its style (``lab.css``).

The lab itself is :mod:`dplab.views.labs.inference.lab`; this package re-exports its
public names.
"""

from dplab.views.labs.inference.lab import *  # noqa: F403  (every name of lab.__all__)
from dplab.views.labs.inference.lab import __all__  # noqa: F401
