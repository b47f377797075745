"""The mechanisms (lessons 2–4): each one's exact privacy certificate and calibration.

- :mod:`~dplab.mechanisms.randomized_response`: randomized response and its count channel,
  exact (α, δ) certificates (lesson 2); :mod:`~dplab.mechanisms.rr_lab_grid`, the grid and
  integer encoding that lesson's lab computes in the page;
- :mod:`~dplab.mechanisms.queries`: bounded queries and their sensitivities (lesson 3);
- :mod:`~dplab.mechanisms.laplace`: Laplace noise, pure ε and its exact δ(ε) (lesson 3);
- :mod:`~dplab.mechanisms.gaussian`: Gaussian noise, δ(ε) in log space, certified
  verdicts and calibration (lesson 4).

Modules here import the package root (:mod:`dplab.finite` and the private helpers) and one
another; nothing from :mod:`dplab.accounting`, :mod:`dplab.userlevel`, the views or the site.
"""
