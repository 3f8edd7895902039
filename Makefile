# The two contract commands are `make extract` and `make test`; both set up
# the virtualenv from nothing when it is missing or out of date.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup extract test bench diff browser clean raw-html raw-pdf fixtures

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

extract: $(STAMP)
	$(BIN)/mincards extract raw --out build

test: $(STAMP) browser
	$(BIN)/python -m pytest -q

# The report pages are tested in a real headless browser. Install Debian's
# chromium when it is missing and we may (root, apt); never fail here: the
# browser tests skip with a clear message when no browser can be had.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1 \
	    && echo "installed chromium for the report tests"; } || \
	  echo "no chromium: the browser tests will be skipped"

# What changed between the two newest releases in build/ (run `make extract` first).
diff: $(STAMP)
	$(BIN)/mincards diff --build build --save build/diff > /dev/null
	@ls build/diff

# Timings of the HTML pipeline, then of PDF extraction against other extractors.
# Installs the optional `bench` and `render` extras and the CJK font the long
# synthetic PDF is rendered with.
bench: $(STAMP)
	@fc-list 2>/dev/null | grep -q wqy-zenhei || { [ "$$(id -u)" = 0 ] && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-zenhei) >/dev/null 2>&1; } || true
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[bench,render]'
	$(BIN)/python bench/bench_extract.py
	$(BIN)/python bench/bench_pdf.py

# Regenerate the reconstructed vendor pages in raw/ from ../shared/vendor
# and tools/layouts (only needed when the reconstruction changes).
raw-html: $(STAMP)
	$(BIN)/python tools/reconstruct_html.py

# Re-render raw/<release>/doc.pdf and the PDF fixtures. Needs the `render` extra
# (reportlab, weasyprint), Debian's fonts-wqy-zenhei and, for the browser
# fixture, chromium. The PDFs are committed: tests do not need any of this.
raw-pdf: $(STAMP)
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[render]'
	$(BIN)/python tools/render_pdf.py --fixtures

# Re-make the PDF fixtures in tests/fixtures/pdf (reportlab, WeasyPrint, Chromium,
# LibreOffice Writer) and their NOTES.md. Checks for the tools and says how to get
# them; installs nothing. The fixtures are committed: tests do not need any of this.
fixtures:
	@missing=""; \
	command -v soffice >/dev/null 2>&1 || missing="$$missing libreoffice-writer-nogui"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	fc-list 2>/dev/null | grep -q wqy-zenhei || missing="$$missing fonts-wqy-zenhei"; \
	[ -z "$$missing" ] || { echo "make fixtures needs Debian packages:$$missing"; \
	  echo "  install them with: sudo apt-get install$$missing"; exit 1; }
	@$(BIN)/python -c "import reportlab, weasyprint" 2>/dev/null || { \
	  echo "make fixtures needs the render extra: $(BIN)/python -m pip install -c constraints.txt -e '.[render]'"; \
	  exit 1; }
	$(BIN)/python tools/render_pdf.py --fixtures --no-raw
	$(BIN)/python tools/print_producers.py

clean:
	rm -rf build
