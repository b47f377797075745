"""The site build: lesson parsing, execution, cache, rendering, notebooks, MkDocs glue.

Entry point: ``python -m dplab.site build`` (see :mod:`dplab.site.build`).
"""
