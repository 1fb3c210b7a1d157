# Every dependency comes from pyproject.toml; nothing is installed by hand. What `make install`,
# `make test` and `make demo` install is pinned by constraints.txt (exact versions of every package,
# refreshed on purpose with `make constraints`: docs/development.md), so a new release of duckdb,
# polars, pyarrow or orjson cannot change behaviour between two runs of the same commit.
# `make test-latest` runs the suite against the newest releases, in a venv of its own.
PYTHON      ?= python3
VENV        := .venv
PY          := $(VENV)/bin/python
CONSTRAINTS := constraints.txt
STAMP       := $(VENV)/.installed-test
DEMO_STAMP  := $(VENV)/.installed-core
# the extras `make test` installs: the report's rendering, the test tools, the bench, Dask
EXTRAS      := report,test,bench,dask
LATEST      := .venv-latest

.PHONY: demo test test-latest bench install constraints clean bytecode

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml $(CONSTRAINTS) | $(VENV)/bin/python
	$(PY) -m pip install --quiet -c $(CONSTRAINTS) -e '.[$(EXTRAS)]'
	$(MAKE) --no-print-directory bytecode
	touch $(STAMP) $(DEMO_STAMP)

# ludolog alone (no extra): what the demo uses
$(DEMO_STAMP): pyproject.toml $(CONSTRAINTS) | $(VENV)/bin/python
	$(PY) -m pip install --quiet -c $(CONSTRAINTS) -e .
	$(MAKE) --no-print-directory bytecode
	touch $(DEMO_STAMP)

# The bytecode of every module, as pip compiles a regular install: an editable install otherwise
# compiles each module again at every start where PYTHONDONTWRITEBYTECODE is set (about 90 ms of
# `ludolog validate`'s start-up on the bench machine). Python still checks each file's time and
# compiles an edited module afresh, so a stale file is never run.
bytecode: | $(VENV)/bin/python
	$(PY) -m compileall -q cli etl replayer schema queries

install: $(STAMP)

test: $(STAMP)
	$(PY) -m pytest -q

# The suite against the newest releases of every dependency (no constraints, --upgrade), in its own
# venv so that .venv keeps the pinned set. Green here and in `make test`: both sets work.
# PYTEST_ARGS narrows the run (e.g. PYTEST_ARGS='-x tests/test_etl.py').
test-latest:
	test -x $(LATEST)/bin/python || $(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -m pip install --quiet --upgrade --upgrade-strategy eager -e '.[$(EXTRAS)]'
	$(LATEST)/bin/python -m pip list --format=freeze | grep -iE '^(duckdb|polars|pyarrow|orjson|jsonschema|typer)='
	$(LATEST)/bin/python -m pytest -q -p no:cacheprovider $(PYTEST_ARGS)

# Writes constraints.txt afresh: the newest releases, installed in a new venv, frozen (ludolog
# itself left out). Run `make test` and `make test-latest` after it, then commit the file.
constraints:
	rm -rf .venv-constraints
	$(PYTHON) -m venv .venv-constraints
	.venv-constraints/bin/python -m pip install --quiet --upgrade pip
	.venv-constraints/bin/python -m pip install --quiet -e '.[$(EXTRAS)]'
	{ echo "# Exact versions of every package make install/test/demo installs (pip install -c $(CONSTRAINTS))."; \
	  echo "# Written by 'make constraints' with Python $$(.venv-constraints/bin/python -c 'import platform; print(platform.python_version())'); refresh on purpose: docs/development.md"; \
	  .venv-constraints/bin/python -m pip freeze --exclude-editable | grep -v '^#'; } > $(CONSTRAINTS)
	rm -rf .venv-constraints

demo: $(DEMO_STAMP)
	$(PY) -m ludolog.cli.demo

bench: $(STAMP) bytecode
	$(PY) -m ludolog.cli.bench

clean:
	rm -rf $(VENV) $(LATEST) .venv-constraints build *.egg-info .pytest_cache demo-out
