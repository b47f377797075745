"""DP Lab: exact and certified differential-privacy calculations for an executable course.

**Layers.**  The package has three layers; a module imports only from its own layer and the
layers before it (``tests/test_layers.py`` checks this from the source):

1. the maths: pure functions and frozen dataclasses, exact where promised; no I/O, no
   Altair, no pandas.  The root holds what every topic uses (:mod:`dplab.finite`, the
   exact (α, δ) certificate of a finite channel, and the private helpers ``_validation``,
   ``_exact``, ``_errors``); the topics are grouped as the course is, each group importing
   only the root, itself and the groups before it:

   - :mod:`dplab.mechanisms` (lessons 2–4): randomized response, bounded queries,
     Laplace, Gaussian;
   - :mod:`dplab.accounting` (lessons 5–6): composition, an observer's inference;
   - :mod:`dplab.userlevel` (lessons 7–9): user-level metric privacy under d_EM;

2. the views (:mod:`dplab.views`): Altair charts, pandas tables, the labs' HTML and every
   word per language, built from the maths;
3. the site build (:mod:`dplab.site`): lesson parsing, execution, cache, rendering,
   notebooks.

No module uses another module's private (``_name``) name; a helper two topics share is public
in its module, or lives in a private module whose plain names are its interface.

**Names** (one notation across the course and the code):

- ``eps`` / ε: the privacy parameter; ``alpha`` / α = e^ε, the factor that bounds
  P(S) ≤ α·Q(S) + δ (lesson 2).  Functions take α where the lessons think in factors
  and ε where they think in logarithms; each docstring says which.
- ``delta`` / δ: the additive slack of (ε, δ)-DP, a probability; ``log_delta`` is ln δ.
- ``sensitivity`` / Δ: how far one neighbouring change moves a query.
- ``scale`` / b: the Laplace scale; ``sigma`` / σ: the Gaussian standard deviation.
"""

__version__ = "0.1.0"

# The maths groups in course order (each imports the root, itself and the groups before it).
MATHS_GROUPS = ("mechanisms", "accounting", "userlevel")
