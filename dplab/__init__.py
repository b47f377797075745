"""DP Lab: exact and certified differential-privacy calculations for an executable course.

The package has three layers, each importing only the ones before it:

1. the maths (:mod:`dplab.laplace`, ...): pure functions and frozen dataclasses, no I/O;
2. the views (:mod:`dplab.views`): Altair charts and pandas tables built from the maths;
3. the site build (:mod:`dplab.site`): lesson parsing, execution, cache, rendering.
"""

__version__ = "0.1.0"
