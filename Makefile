# Every dependency comes from pyproject.toml; nothing is installed by hand.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-test

.PHONY: demo test bench install clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e '.[test,bench,dask]'
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(PY) -m pytest -q

demo: $(STAMP)
	$(PY) -m ludolog.cli.demo

bench: $(STAMP)
	$(PY) -m ludolog.cli.bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache demo-out
