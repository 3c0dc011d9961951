# The two commands of the README:
#   make demo   set everything up, then run the main job on the embedded graph server and serve the web page
#   make test   set everything up, then run the tests (against a real embedded server)
# and, while working: make test-fast   the pure-logic tests only (no graph server, no model): seconds
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test test-fast test-neo4j browser-screenshot setup clean

setup: $(VENV)/.installed

# torch first, so that nothing installed later (FlagEmbedding) pulls in another build: where a CPU wheel lies on
# disk (pip's find-links) pip takes it; elsewhere PyPI's build (about 3.5 GB of CUDA libraries, run on the CPU).
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

# The tests run on the embedded server and, where Java 17+ and Maven are present, on a Neo4j 5.26 with APOC Core,
# APOC Extended and GDS 2.13 built from Maven Central (artifacts cached in ~/.m2; started once for the session and
# stopped at its end; without Java or Maven those tests skip, saying why). Opt out: make test TOOLGRAPH_TEST_NEO4J=off
TOOLGRAPH_TEST_NEO4J ?= on
test: setup $(CHROMIUM)
	TOOLGRAPH_TEST_NEO4J=$(TOOLGRAPH_TEST_NEO4J) $(BIN)/python -m pytest

# only the tests that run on Neo4j (the same server)
test-neo4j: setup
	$(BIN)/python -m pytest -m neo4j

# Neo4j Browser (served by the project's Neo4j at /browser/) drawing a query of docs/browser-guide.md in headless
# Chromium: tests/test_neo4j_browser.py, which also saves the screenshot into the docs
browser-screenshot: setup $(CHROMIUM)
	TOOLGRAPH_BROWSER_SCREENSHOT=docs/img/neo4j-browser-guide-query.png $(BIN)/python -m pytest -m neo4j \
		tests/test_neo4j_browser.py

# the fast tier (tests/conftest.py marks it): no graph server starts, no embedding model loads
test-fast: setup
	$(BIN)/python -m pytest -m fast

clean:
	-$(BIN)/toolgraph db stop
	-$(BIN)/toolgraph db neo4j stop
	rm -rf $(VENV) .toolgraph
