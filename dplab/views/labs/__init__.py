"""The client-side labs, one folder each: ``dplab/views/labs/<topic>/``.

A lab folder holds everything of one lab:

* ``lab.py``: its Python (the HTML with the lab's data inline, its grid, states and texts),
  whose public names the folder's ``__init__.py`` re-exports (``from dplab.views.labs.rr
  import rr_lab``);
* ``core.js``: its pure core (states, numbers, texts and verdicts, no page), which Node checks
  against Python's golden vectors (``tests/js``);
* ``lab.js``: its wiring to the page (controls, charts, links), which starts the labs named
  ``<topic>-lab`` (``DPLAB_LAB.start(prefix, "<topic>-lab", …)``);
* ``lab.css``, if the lab needs a style of its own.

Beside the folders: ``_shared.py``, the Python scaffolding every lab builds on
(:class:`~dplab.views.labs._shared.LabHtml`, :class:`~dplab.views.labs._shared.LabLinks`),
and ``lab.js`` and ``lab.css``, what every lab's script and style share (the exact graders,
``docs/assets/dplab/claim-grader.js``, use ``lab.js`` too).

**The rule.**  A folder is a lab: the build finds the labs by their folders
(:mod:`dplab.site.lab_scripts`), serves a lab's scripts under the names the pages know,
``assets/generated/labs/<topic>-lab-core.js`` and ``<topic>-lab.js``, adds its style to the
one style sheet (:func:`dplab.site.prebuild.site_style_sheet`), and lets a page load only the
scripts of the labs it holds; adding a lab is adding a folder.  A lab may import the views of
its topic (``dplab/views/<topic>.py``, the charts and tables the lesson shows too), never the
reverse: no module outside ``dplab/views/labs/`` imports a lab (``_shared``'s scaffolding
is no lab; ``tests/test_layers.py`` checks both).  A lab's tests mirror the tree
(``tests/views/labs/test_<topic>.py``).
"""
