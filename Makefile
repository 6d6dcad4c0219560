PYTHON ?= python3
ADDRESS ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.install

# The settings read both: the names the club answers to follow from where it listens.
export ADDRESS PORT WORKERS

.PHONY: install run run-https serve-prod test lint screenshots

install: $(STAMP)

# Re-installs only when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The club's laptop: one daphne process, SQLite, the static files served by WhiteNoise.
# daphne's own access lines are off: the club logs each request with its user and duration.
# Beside it, the ratings' catching-up process (games/ratings.py), stopped when daphne stops.
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v 0
	$(BIN)/python manage.py catch_up_ratings --follow & \
	trap "kill $$! 2>/dev/null" EXIT; trap "exit 130" INT TERM; \
	$(BIN)/daphne --access-log /dev/null $(LISTEN) server.asgi:application

# Where run's daphne listens: plain http on ADDRESS:PORT.
LISTEN = -b $(ADDRESS) -p $(PORT)

# The laptop over https (docs/operations.md): run, with daphne speaking TLS itself on PORT and
# showing the certificate CERT (mkcert's) with its key KEY; TLS=1 tells the settings so.
TLS_ENDPOINT = ssl:$(PORT):interface=$(subst :,\:,$(ADDRESS)):certKey=$(CERT):privateKey=$(KEY)
run-https: LISTEN = $(if $(and $(wildcard $(CERT)),$(wildcard $(KEY))),-e '$(TLS_ENDPOINT)',\
	$(error CERT and KEY must name the certificate and its key: docs/operations.md))
run-https: export TLS = 1
run-https: run

# A server: WORKERS daphne processes from PORT on, behind nginx (docs/operations.md).
serve-prod: install
	$(BIN)/python deploy/serve.py

# The whole suite, in two processes, each taking whole files (pytest-xdist), the longest first
# (tests/conftest.py orders them); PYTEST_ARGS narrows it, e.g. PYTEST_ARGS="-m backend", or
# "-n 0" for one process (docs/testing.md). The browser tests keep no pictures unless
# SCREENSHOTS=1 (then in tests/artifacts/, to look at after changing the pages).
test: install
	SCREENSHOTS=$${SCREENSHOTS:-0} $(BIN)/pytest -n 2 --dist loadfile --no-loadscope-reorder \
		$(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .

# The README's pictures, docs/screenshots/*.png: a real evening in the browser
# (tests/browser/test_face.py), on a 390 px phone and a 1920x1080 projector.
screenshots: install
	FACE=docs/screenshots BROWSER_TESTS=required $(BIN)/pytest -q tests/browser/test_face.py
