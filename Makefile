# Every dependency comes from pyproject.toml; nothing is installed by hand.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-test

.PHONY: demo test bench install clean bytecode

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e '.[test,bench,dask]'
	$(MAKE) --no-print-directory bytecode
	touch $(STAMP)

# The bytecode of every module, as pip compiles a regular install: an editable install otherwise
# compiles each module again at every start where PYTHONDONTWRITEBYTECODE is set (about 90 ms of
# `ludolog validate`'s start-up on the bench machine). Python still checks each file's time and
# compiles an edited module afresh, so a stale file is never run.
bytecode: | $(VENV)/bin/python
	$(PY) -m compileall -q cli etl replayer schema queries

install: $(STAMP)

test: $(STAMP)
	$(PY) -m pytest -q

demo: $(STAMP)
	$(PY) -m ludolog.cli.demo

bench: $(STAMP) bytecode
	$(PY) -m ludolog.cli.bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache demo-out
