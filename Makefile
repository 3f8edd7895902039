# The two contract commands are `make extract` and `make test`; both set up
# the virtualenv from nothing when it is missing or out of date.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup bytecode extract test test-deep stress bench diff site browser font clean raw-html raw-pdf fixtures update

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

# The pipeline's bytecode, compiled ahead (only what changed): a run imports ~75 modules of
# ours, and compiling them from source costs ~0.15 s a process wherever Python writes no
# bytecode of its own (PYTHONDONTWRITEBYTECODE). Only a speed-up: where it cannot be
# written (a read-only clone) everything runs as before. The tests' helper modules and the
# tools they import too (~1.8 s of each pytest worker's start); not the test files, which
# pytest compiles its own way.
bytecode: $(STAMP)
	@$(BIN)/python -m compileall -q pipeline schemas >/dev/null 2>&1 || true
	@$(BIN)/python -m compileall -q -x '/(test_[^/]*|conftest)\.py$$' tests tools >/dev/null 2>&1 || true

extract: bytecode
	$(BIN)/mincards extract raw --out build

# Changes nothing outside the clone: without chromium the browser tests are
# skipped with a message naming `make browser`.
# One test worker more than CPUs: many tests wait on a subprocess or a browser part of the
# time; worksteal evens out the end of the run (measured: docs/testing.md).
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 1)")
test: bytecode
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist worksteal

# The same suite with the property tests' deeper profile (tests/conftest.py `deep`: twice the
# examples of `make test`'s `ci`).
test-deep: bytecode
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist worksteal --hypothesis-profile=deep

# The reading commands (query, fit, models, plan, diff; answers and errors) run
# STRESS_RUNS times against a fresh build, two at a time, the second half next to one
# CPU hog per core; fails on any exit status but the expected one (an abort at exit
# included). Then STRESS_KILLS runs of `extract --jobs 2` killed, terminated or
# interrupted at every fault point (tests/test_killed_runs.py, marked soak): no process
# of a killed run may survive, and the next run must succeed. Not part of `make test`
# (about half an hour); CI runs a short one.
STRESS_RUNS ?= 2000
STRESS_KILLS ?= 30
stress: bytecode
	$(BIN)/python bench/stress.py --runs $(STRESS_RUNS)
	@if [ "$(STRESS_KILLS)" -gt 0 ]; then MINCARDS_SOAK_KILLS=$(STRESS_KILLS) $(BIN)/python -m pytest -q -s -p no:xdist -m soak tests/test_killed_runs.py; fi

# Asked for explicitly (CI does): install Debian's chromium for the report-page
# tests, with the CJK fonts it prints the vendor page's Chinese in (fonts-noto-cjk; the print
# tests skip without it) and that `make bench` renders PDFs in (fonts-wqy-zenhei). Needs root
# and apt; says what to do otherwise.
browser:
	@if { command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; } && test -f $(FONT) && \
	   fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then \
	  echo "chromium and the CJK fonts are installed"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk fonts-wqy-zenhei >/dev/null && \
	  echo "installed Debian's chromium, fonts-noto-cjk and fonts-wqy-zenhei"; \
	else \
	  echo "cannot install chromium here: run 'sudo apt-get install chromium fonts-noto-cjk fonts-wqy-zenhei' (Debian) and 'make test' again" >&2; \
	  exit 1; \
	fi

# What changed between the two newest releases in build/ (run `make extract` first).
diff: bytecode
	$(BIN)/mincards diff --build build --save build/diff > /dev/null
	@ls build/diff

# The static site of build/ (extracted first when there is none): prints its path, opens nothing.
site: bytecode
	@test -f build/site/index.html || $(BIN)/mincards extract raw --out build
	@echo "$(CURDIR)/build/site/index.html"

# Follow the vendor: fetch every page of raw/sources.toml; only when a new release (or a
# same-date revision) was filed, extract and show what changed between the two newest
# releases (also written to build/diff/). Exit status 0 when new data was extracted or
# everything is up to date (the last line says which); non-zero on any failure.
# Nothing new from the vendor (fetch's exit 4) is no proof that build/ holds what raw/ holds (a
# fetch stopped after filing, an extract that failed: hunt 124): extract runs either way, writing
# nothing when nothing changed, and the diff is made when it published something.
update: bytecode
	@status=0; $(BIN)/mincards fetch --raw raw --exit-code || status=$$?; \
	[ $$status -eq 0 ] || [ $$status -eq 4 ] || exit $$status; \
	out=$$($(BIN)/mincards extract raw --out build); rc=$$?; echo "$$out"; [ $$rc -eq 0 ] || exit $$rc; \
	if [ $$status -eq 4 ] && ! echo "$$out" | grep -qv ': unchanged -> '; then \
		echo "update: up to date, nothing to extract"; exit 0; fi; \
	$(BIN)/mincards diff --build build --save build/diff && \
	echo "update: new data extracted into build/; the diff is in build/diff/"

# The CJK font reportlab embeds in the PDFs it renders (raw/*/doc.pdf, the long
# synthetic PDF of the benchmark). Checked, never installed behind the user's back.
FONT := /usr/share/fonts/truetype/wqy/wqy-zenhei.ttc
font:
	@test -f $(FONT) || { echo "missing $(FONT): run 'sudo apt-get install fonts-wqy-zenhei' (Debian)" >&2; exit 1; }

# Timings of the HTML pipeline, then of PDF extraction against other extractors,
# then the reading commands' start-up against the imports they cannot avoid, then
# the whole extract run against its floor, by stage, and over 16 releases with
# --jobs 1 and 2 (`bench/bench_run.py --full` adds 128 releases and a 10x table).
# Installs the optional `bench` and `render` extras into .venv.
bench: bytecode font
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[bench,render]'
	$(BIN)/python bench/bench_extract.py
	$(BIN)/python bench/bench_pdf.py
	$(BIN)/python bench/bench_startup.py
	$(BIN)/python bench/bench_run.py

# Regenerate the reconstructed vendor pages in raw/ from tests/fixtures/vendor
# and tools/pages (only needed when the reconstruction changes).
raw-html: $(STAMP)
	$(BIN)/python tools/reconstruct_html.py

# Re-render raw/<release>/doc.pdf (not the test fixtures: `make fixtures`). Needs
# the `render` extra (installed into .venv) and Debian's fonts-wqy-zenhei. The PDFs
# are committed: tests do not need any of this.
raw-pdf: $(STAMP) font
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[render]'
	$(BIN)/python tools/render_pdf.py

# Re-make the PDF fixtures in tests/fixtures/pdf (reportlab, WeasyPrint, Chromium,
# LibreOffice Writer; Chromium prints with breaks inside merged cells, a long guide,
# unreadable text) and their NOTES.md. Checks for the tools and says how to get
# them; installs nothing. The fixtures are committed: tests do not need any of this.
fixtures: $(STAMP)
	@missing=""; \
	command -v soffice >/dev/null 2>&1 || missing="$$missing libreoffice-writer-nogui"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	for tool in pdftoppm:poppler-utils img2pdf:img2pdf gs:ghostscript qpdf:qpdf mutool:mupdf-tools; do \
	  command -v $${tool%%:*} >/dev/null 2>&1 || missing="$$missing $${tool#*:}"; done; \
	fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing="$$missing fonts-noto-cjk"; \
	fc-list 2>/dev/null | grep -q wqy-zenhei || missing="$$missing fonts-wqy-zenhei"; \
	[ -z "$$missing" ] || { echo "make fixtures needs Debian packages:$$missing"; \
	  echo "  install them with: sudo apt-get install$$missing"; exit 1; }
	@$(BIN)/python -c "import reportlab, weasyprint" 2>/dev/null || { \
	  echo "make fixtures needs the render extra: $(BIN)/python -m pip install -c constraints.txt -e '.[render]'"; \
	  exit 1; }
	$(BIN)/python tools/render_pdf.py --fixtures --no-raw
	$(BIN)/python tools/print_breaks.py
	$(BIN)/python tools/print_guide.py
	$(BIN)/python tools/print_unreadable.py
	$(BIN)/python tools/print_hidden.py
	$(BIN)/python tools/print_producers.py

clean:
	rm -rf build
