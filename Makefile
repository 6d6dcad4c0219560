PYTHON ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.install

.PHONY: install run test lint

install: $(STAMP)

# Re-installs only when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/daphne -b 127.0.0.1 -p $(PORT) club.asgi:application

test: install
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check .
