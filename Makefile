PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tcgkit play

test: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests

bench: $(STAMP)
	$(BIN)/tcgkit bench all

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
