# bidscli: make demo (score a bundled example), make test (the test suite), make lint (ruff, layers, types),
# make fuzz (many more generated cases), make bench (scoring against parsing), make catalogs (the
# message catalogs: extract, update, compile; docs/translating.md).
# Each creates the virtual environment .venv and installs the package first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test lint fuzz bench bench-closing bench-serve golden catalogs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --quiet --upgrade pip
	@# -qq: errors only. What -q still shows is not ours to fix: pip's notes on this machine's
	@# index settings and setuptools' generic caution about editable installs (the license
	@# deprecation it also gave is fixed in pyproject.toml: SPDX license = "MIT").
	$(BIN)/python -m pip install --quiet --quiet -e '.[test]'
	$(BIN)/python -m compileall -q bidscli  # bytecode at install, as a wheel install has (start-up)
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/bids score examples/friday-4p.toml
	@echo
	$(BIN)/bids score examples/thief-6p.toml -r italian
	@echo
	$(BIN)/bids score examples/thief-6p.toml -r english

test: $(STAMP)
	$(BIN)/python -m pytest

# ruff is pinned: its default rule set grows between releases (settings: pyproject.toml).
# import-linter checks the layers and that no imports loop (contracts: pyproject.toml,
# docs/developers.md), imports inside functions included.
# mypy checks the types (settings: pyproject.toml; docs/developers.md "Types"); pinned, as its
# checks and the standard library's stubs change between releases.
lint: $(STAMP)
	$(BIN)/python -m pip install --quiet "ruff==0.17.6" "import-linter==2.16" "mypy==2.4.1"
	$(BIN)/ruff check bidscli tests bench tools
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy

fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest tests -k "fuzz or property"

# Whole processes against a parse-only script (docs/performance.md), timing a wheel install of the
# tree in bench/.data/venv-wheel; BENCH_ARGS="--sizes 300 --no-big" for a short run.
bench: $(STAMP)
	$(BIN)/python bench/bench_cli.py $(BENCH_ARGS)

# Issue 33's closing bench (docs/performance.md "Closing bench"): wheel installs of the commit before
# the one path (BEFORE, default ee71f9b^1) and of this tree, interleaved in one run, against the
# parse-only script (600 logs, default jobs) and as study games per second; CLOSING_ARGS="--repeat 3".
BEFORE ?= ee71f9b^1
bench-closing: $(STAMP)
	$(BIN)/python bench/bench_closing.py --before $(BEFORE) $(CLOSING_ARGS)

# bids serve under a table's load (docs/serve.md, docs/performance.md): 100 games recorded through the
# JSON API while 50 watchers hold each game's event stream; SERVE_ARGS=--quick for a sanity run (3 games, 5 watchers).
bench-serve: $(STAMP)
	$(BIN)/python bench/bench_serve.py $(SERVE_ARGS)

# Regenerate tests/golden/cli after a deliberate change of output; read `git diff tests/golden` after.
golden: $(STAMP)
	$(BIN)/python tests/golden_cli.py
	$(BIN)/python tests/golden_record.py

# The message catalogs (bidscli/locale/): extract the messages of bidscli and click into the
# template, update each language's .po from it, compile each .po to the .mo bidscli reads (Babel,
# a development tool: tools/catalogs.py). Commit the .pot, .po and .mo files it changes.
catalogs: $(STAMP)
	$(BIN)/python tools/catalogs.py extract update compile

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache
