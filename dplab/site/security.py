"""The Content-Security-Policy of every page, and the clean-up it needs.

Every page of the course carries the policy below in a ``<meta http-equiv>`` tag (see
``overrides/main.html``), so that the browser itself refuses to load anything from
another origin, whether the page is opened from disk (``file://``) or served:

* scripts, styles, fonts, images, frames, workers and connections come only from the
  site itself (``'self'``), plus ``data:``/``blob:`` images and workers made in the page
  (vega-embed's PNG export, Material's CSS icons, the search worker);
* ``'unsafe-inline'`` scripts and styles: Material and mkdocs-jupyter write small inline
  scripts and styles into every page; they are part of the built site, not loaded;
* ``'unsafe-eval'``: Vega compiles the expressions of a chart's specification (sliders,
  filters) into JavaScript functions at run time;
* no plugins (``object-src 'none'``), no ``<base>`` to another place, forms submit only
  to the site.

A ``<meta>`` policy cannot express ``frame-ancestors`` or reporting; a static page needs
neither.  The browser tests load every page with the network blocked and fail on any CSP
violation, any request off the site and any remote URL in a script of our own pages.
"""

from __future__ import annotations

import re

__all__ = ["CONTENT_SECURITY_POLICY", "drop_remote_imports"]

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
)

# An inline module script that imports code from another host: mkdocs-jupyter's template
# writes one into every notebook page to load Mermaid from a CDN when a notebook holds a
# diagram (ours never do: the lessons have no Mermaid cells).
_REMOTE_IMPORT = re.compile(
    r'<script type="module">(?:(?!</script>).)*?\bimport\(\s*["\']https?://'
    r"(?:(?!</script>).)*?</script>\s*",
    re.S,
)


def drop_remote_imports(html: str) -> str:
    """Remove every inline module script that imports from another host.

    >>> drop_remote_imports('<p>a</p><script type="module">await import("https://x/m.js")</script>')
    '<p>a</p>'
    >>> drop_remote_imports('<script type="module">import("./local.js")</script>')
    '<script type="module">import("./local.js")</script>'
    """
    return _REMOTE_IMPORT.sub("", html)
