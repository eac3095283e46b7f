PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

FAST := .venv-fast
GAMES := guardian-realms perfect-tcg phaktionz tgc tgod
# the compiled build's tests: the engine, the games, the bots and the environments (the interfaces above them run the
# same engine through the public API, and the plain build's run covers them)
FAST_TESTS := tests/engine tests/games tests/bots tests/rl tests/test_invariants.py tests/test_scenarios.py

.PHONY: run test lint bench clean fast test-fast

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

# The compiled build (docs/performance.md, "The compiled build"): the same package with the hot path compiled by mypyc,
# installed into its own venv. Needs a C compiler and Python's headers.
$(FAST)/.installed: pyproject.toml setup.py $(shell find src -name '*.py')
	$(PY) -m venv $(FAST)
	$(FAST)/bin/pip install --quiet --upgrade pip
	$(FAST)/bin/pip install --quiet "setuptools>=68" wheel "mypy==2.4.1" '.[dev]'
	TCGKIT_COMPILE=1 $(FAST)/bin/pip install --quiet --no-build-isolation --force-reinstall --no-deps .
	touch $@

fast: $(FAST)/.installed
	@echo "The compiled build is in $(FAST): $(FAST)/bin/tcgkit, $(FAST)/bin/python."

# The compiled build plays the same games move for move as the plain one, and passes the engine's tests.
test-fast: $(STAMP) $(FAST)/.installed
	@for g in $(GAMES); do \
		plain=$$($(BIN)/python scripts/engine_digest.py $$g --games 100 --clone-every 20); \
		fast=$$($(FAST)/bin/python scripts/engine_digest.py $$g --games 100 --clone-every 20); \
		echo "plain: $$plain | compiled: $$fast"; \
		[ "$$plain" = "$$fast" ] || { echo "the compiled build plays $$g differently"; exit 1; }; \
	done
	$(FAST)/bin/python -c "import tcgkit.core.state as m, sys; sys.exit(not m.__file__.endswith('.so'))" \
		|| { echo "$(FAST) holds no compiled modules"; exit 1; }
	$(FAST)/bin/python -m pytest $(FAST_TESTS) -p no:cacheprovider -o addopts="-q"

clean:
	rm -rf $(VENV) $(FAST) build *.egg-info src/*.egg-info
