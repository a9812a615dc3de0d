# finsynth — the two set-up commands are `make build-dataset` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.finsynth-installed
CONFIG ?= configs/default.yaml
OUT ?= build
NUM_PROC ?= 2
CODE := finsynth tests benchmarks

.PHONY: install build-dataset test lint typecheck pytest bench clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)  ## create .venv and install finsynth with its dev tools

build-dataset: $(STAMP)  ## build configs/default.yaml into build/<name>/<version>
	$(BIN)/finsynth build $(CONFIG) --out $(OUT) --num-proc $(NUM_PROC) --overwrite

test: lint typecheck pytest  ## lint + type check + the test suite

lint: $(STAMP)
	$(BIN)/ruff check $(CODE)
	$(BIN)/ruff format --check $(CODE)

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)  ## throughput and memory benchmarks, reported as ratios to in-run baselines
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(OUT) .pytest_cache .mypy_cache .ruff_cache .hypothesis
