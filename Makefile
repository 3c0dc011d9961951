# The two commands of the README:
#   make demo   set everything up, then run the main job on the embedded graph server
#   make test   set everything up, then run the tests (against a real embedded server)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test setup clean

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
	$(BIN)/toolgraph demo

test: setup
	$(BIN)/python -m pytest

clean:
	-$(BIN)/toolgraph db stop
	rm -rf $(VENV) .toolgraph
