# The two contract commands are `make extract` and `make test`; both set up
# the virtualenv from nothing when it is missing or out of date.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup extract test bench clean raw-html

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

extract: $(STAMP)
	$(BIN)/mincards extract raw --out build

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python bench/bench_extract.py

# Regenerate the reconstructed vendor pages in raw/ from ../shared/vendor
# and tools/layouts (only needed when the reconstruction changes).
raw-html: $(STAMP)
	$(BIN)/python tools/reconstruct_html.py

clean:
	rm -rf build
