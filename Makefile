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
	@echo "Open http://127.0.0.1:8000/ in a browser (Ctrl-C stops the server; 'tcgkit play' is the terminal game)."
	$(BIN)/tcgkit serve

test: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests

bench: $(STAMP)
	$(BIN)/tcgkit bench all

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
