"""What several releases or an observer can learn (lessons 5–6).

- :mod:`~dplab.accounting.composition`: basic, advanced, optimal and exact composition
  (lesson 5);
- :mod:`~dplab.accounting.inference`: posterior odds, likelihood-ratio bounds and
  trade-off curves (lesson 6).

Modules here import the package root and :mod:`dplab.mechanisms`; nothing from
:mod:`dplab.userlevel`, the views or the site.
"""
