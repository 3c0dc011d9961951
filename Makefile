# The two commands of the README:
#   make demo   set everything up, then run the main job on the embedded graph server and serve the web page
#   make test   set everything up, then run the tests (against a real embedded server)
# and, while working: make test-fast   the pure-logic tests only (no graph server, no model): seconds
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test test-fast setup clean

setup: $(VENV)/.installed

# torch first, pinned to the CPU build that lies on disk: anything that pulls torch in later (FlagEmbedding)
# would otherwise fetch a CUDA build of several GB.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

demo: setup
	$(BIN)/toolgraph demo --serve

# The browser test (tests/test_web_e2e.py) drives the system's Chromium; install it where it is missing.
CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

$(CHROMIUM):
	@if command -v apt-get >/dev/null 2>&1; then \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else \
		echo "no apt-get here: install Chromium yourself (the browser test is skipped without it)"; \
	fi

test: setup $(CHROMIUM)
	$(BIN)/python -m pytest

# the fast tier (tests/conftest.py marks it): no graph server starts, no embedding model loads
test-fast: setup
	$(BIN)/python -m pytest -m fast

clean:
	-$(BIN)/toolgraph db stop
	rm -rf $(VENV) .toolgraph
