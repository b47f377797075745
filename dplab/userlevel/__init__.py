"""User-level metric privacy under the earth mover's distance d_EM (lessons 7–9), after
Imola, Roy Chowdhury and Chaudhuri, CCS 2024 (``imola2024metric`` in
``lessons_src/references.bib``).

- :mod:`~dplab.userlevel.metric`: d_EM between user datasets and the certified solver,
  item-level privacy of a channel (lesson 7);
- :mod:`~dplab.userlevel.emd_linear`: PrivEMDLinear, the K-norm mechanism for linear
  queries (lesson 8); :mod:`~dplab.userlevel.frequency`: frequency estimation by k-RR;
- :mod:`~dplab.userlevel.itemwise`: PrivEMDItemWise, ordered and shuffled releases (lesson 9);
  :mod:`~dplab.userlevel.amplification`: shuffling bounds for binary randomized response;
  :mod:`~dplab.userlevel.sampling`: resampling to a fixed size.

Modules here import the package root, the groups before them (:mod:`dplab.mechanisms`,
:mod:`dplab.accounting`) and one another; nothing from the views or the site.
"""
