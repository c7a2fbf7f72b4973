# The README's two commands: `make book` and `make test`. Everything they need is installed
# here, from the package registries only, into .venv and node_modules.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
NPM_FLAGS := --ignore-scripts --no-audit --no-fund
BUILD_FLAGS := -W -n --keep-going
# Biome lints the JavaScript and checks its format (biome.json), as ruff does the Python.
BIOME := node_modules/.bin/biome

.PHONY: book test test-lib browser-check lint serve bench clean venv assets widgets instructor grade pdf slides lab student

book: widgets assets
	mkdir -p _build
	rm -f $(BOOK_STAMP)
	# jupyter-cache keys on each notebook's code, Sphinx on each page's source: when the library
	# is newer than the cache, drop both so every notebook runs again against it.
	if [ -n "$$(find src \( -name __pycache__ -o -name '*.egg-info' \) -prune -o -newer _build/.jupyter_cache -print -quit 2>/dev/null)" ]; then rm -rf _build/.jupyter_cache _build/.doctrees; fi
	set -o pipefail; $(BIN)/jupyter-book build . --builder html $(BUILD_FLAGS) 2>&1 | tee _build/build.log
	touch $(BOOK_STAMP)

# The last build, made from these files: `make lab` and `make student` build the book again
# only when one of them is newer (a whole build takes a minute even with nothing to do).
BOOK_STAMP := _build/.stamp-book
BOOK_SOURCES := $(shell find notebooks book src tools course js -type f -not -path '*/__pycache__/*' -not -name '*.pyc' -not -path '*.egg-info/*' 2>/dev/null) _config.yml _toc.yml pyproject.toml requirements.txt package-lock.json

$(BOOK_STAMP): $(BOOK_SOURCES)
	$(MAKE) book

# The quick checks, run before any test so that a failure stops early: ruff's lint and its
# formatting (of the folders below), the library's type annotations (mypy, configured in
# pyproject.toml; some 15 s on 2 cores from cold, under a second once .mypy_cache is warm),
# and Biome's lint and format of the JavaScript (biome.json).
FORMATTED := src tests bench tools
define static-checks
	$(BIN)/ruff check .
	$(BIN)/ruff format --check $(FORMATTED)
	$(BIN)/python -m mypy
	$(BIOME) ci
endef

test: browser-check book $(VENV)/.stamp-dev
	$(static-checks)
	$(BIN)/python -m pytest

# The library's unit, property and conformance tests, without building the book or driving a
# browser: for contributors to the library (a few minutes). Tests that read the built site
# are skipped; `make test` runs everything.
test-lib: widgets $(VENV)/.stamp-dev node_modules/.stamp
	$(static-checks)
	NDCG_WITHOUT_BOOK=1 $(BIN)/python -m pytest -m "not browser" --ignore=tests/browser

# The browser tests drive Debian's Chromium: say so once, before anything is built.
browser-check:
	@test -x /usr/bin/chromium || { echo "make test: the browser tests need Chromium at /usr/bin/chromium: apt-get install -y chromium (or run make test-lib, the library's tests alone)"; exit 1; }

# The whole book as PDFs (tools/print_book.py): Chromium prints the built pages, with page
# numbers, a table of contents and bookmarks. Two editions: the student's, without solutions,
# and the instructor's, with them (keep that one off the website).
pdf: book $(VENV)/.stamp-dev
	$(BIN)/python tools/print_book.py _build/html _build/pdf/book-student.pdf --edition student
	$(BIN)/python tools/print_book.py _build/html _build/pdf/book-instructor.pdf --edition instructor

# The chapters' decks again from their sources in course/slides/ (tools/slides.py), over the
# last build: an edited slide shows without building the book (which writes them too).
slides: $(VENV)/.stamp-runtime
	test -f _build/html/index.html || { echo "slides: build the book first (make book)"; exit 1; }
	$(BIN)/python tools/slides.py _build/html

lint: $(VENV)/.stamp-dev node_modules/.stamp
	$(static-checks)

# The browser assets the site serves itself, from node_modules and the venv, into _vendor/
# (tools/vendor_assets.py). The build runs Node.js too: KaTeX typesets the math while the
# pages are written (sphinxcontrib-katex, tools/katex_site.py). The evaluation page's script
# embeds the measures' records from ndcg.widgets, which needs the widgets' bundles.
assets: $(VENV)/.stamp-runtime node_modules/.stamp widgets
	$(BIN)/python tools/vendor_assets.py

# The widgets' front ends: each widget's modules in js/ bundled by esbuild into one minified ES
# module and one stylesheet in src/ndcg/widgets/static/ (tools/widget_bundles.py), which the
# widget classes read and the wheel ships. Always run: it takes a second, and rewrites only
# the bundles whose text changed (so `make book` does not run every notebook again).
widgets: node_modules/.stamp
	$(PY) tools/widget_bundles.py

# The instructor bundle (quiz answer key, assignments with solutions and autograders, exam),
# kept out of the website: _build/instructor/, never _build/html. Not for students.
# COURSE_TERM=2027-spring builds that term's into _build/instructor-2027-spring/, its numbers
# drawn from a secret the first build writes there (term-secret.txt) and later builds reuse;
# COURSE_SECRET=path/to/term-secret.txt rebuilds the term from a kept copy. (Not TERM: every
# terminal sets that one.)
instructor: $(VENV)/.stamp-dev
	$(BIN)/python tools/instructor.py $(if $(COURSE_TERM),--term "$(COURSE_TERM)") $(if $(COURSE_SECRET),--secret-file "$(COURSE_SECRET)")

# Grade a folder of student notebooks: make grade AUTOGRADER=path/to/NAME-autograder.zip SUBMISSIONS=folder
# [HAND_GRADED=marks.csv] [TIME_LIMIT=seconds per sandboxed run, default 300] [JOBS=2]
# [COLUMN="gradebook column"]. Each notebook runs in a bubblewrap sandbox (apt-get install bubblewrap).
grade: $(VENV)/.stamp-dev
	$(BIN)/python tools/grade.py "$(AUTOGRADER)" "$(SUBMISSIONS)" -o "$(or $(GRADES),grades.csv)" $(if $(HAND_GRADED),--hand-graded "$(HAND_GRADED)") $(if $(TIME_LIMIT),--time-limit $(TIME_LIMIT)) $(if $(JOBS),--jobs $(JOBS)) $(if $(COLUMN),--column "$(COLUMN)")

# JupyterLab on lab/, the learner's copies of the chapters from the last build (figures in the
# prose filled in, no raw MyST), its kernel the venv's Python with the library (tools/lab.py).
# Builds the book first only when a source changed. Options for JupyterLab in LAB_ARGS:
# make lab LAB_ARGS="--port 8899 --no-browser --IdentityProvider.token=secret"
lab: widgets $(BOOK_STAMP)
	$(BIN)/python tools/lab.py $(LAB_ARGS)

# The chapters without their solutions, answer checks kept, and the library's wheel, in one
# zip (tools/learner_downloads.py); `make book` puts the same files on the site, in downloads/.
student: widgets $(BOOK_STAMP)
	$(BIN)/python tools/learner_downloads.py _build/student

serve: book
	$(BIN)/python -m http.server --directory _build/html 8000

bench: book $(VENV)/.stamp-bench
	$(BIN)/python -m bench

venv: $(VENV)/.stamp-runtime

$(VENV)/.stamp-runtime: requirements.txt pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip==25.3
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

$(VENV)/.stamp-dev: $(VENV)/.stamp-runtime requirements-dev.txt
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

$(VENV)/.stamp-bench: $(VENV)/.stamp-dev requirements-bench.txt
	$(BIN)/python -m pip install --quiet -r requirements-bench.txt
	touch $@

node_modules/.stamp: package.json package-lock.json
	npm ci $(NPM_FLAGS)
	touch $@

clean:
	rm -rf _build _vendor

SHELL := /bin/bash
