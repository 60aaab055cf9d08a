# heldenweb: `make run` starts the whole site, `make test` runs every test.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-fast lint bench messages catalogue bootstrap migrate demo clean axe

# A fresh virtualenv installed from the lock file, redone whenever the lock file changes.
$(STAMP): requirements.lock
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "$(PYTHON) is required (Python 3.11)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --require-hashes -r requirements.lock
	touch $(STAMP)

bootstrap: $(STAMP) messages

# Compiled catalogues are committed; make rebuilds one when its .po is newer and msgfmt is available,
# with the flags `manage.py compilemessages` uses (which cost every make target a Django start).
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))

messages: $(CATALOGUES)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po
	@if command -v msgfmt >/dev/null 2>&1; then msgfmt --check-format -o $@ $<; fi

migrate: bootstrap
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py seed_demo

# Mails link to where this server runs (unless SITE_URL is set), e.g. make run PORT=8101.
run: demo
	SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}" $(BIN)/python manage.py runsite --host $(HOST) --port $(PORT)

# Some environments export PYTHONDONTWRITEBYTECODE=1; the tests then recompile every module and redo
# pytest's assertion rewriting in each xdist worker on every run (a worker collects in 17 s cold, 7 s warm, here).
# The caches live in __pycache__ (ignored by git), so the second and every later run start warm.
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest

test: bootstrap
	$(PYTEST) $(PYTEST_ARGS)

# The inner loop: everything but long playouts, property runs, fuzzing and browser/worker tests, spread
# over the machine's cores (pytest-xdist; each worker has its own test database). Each worker builds its
# tables straight from the models (--nomigrations: 0.4 s instead of 4 s on this machine); `make test`
# and CI run every migration, and tests/test_migrations.py fails when a model change lacks its migration.
test-fast: bootstrap
	$(PYTEST) -m "not slow" -n auto --nomigrations $(PYTEST_ARGS)

# The axe-core accessibility scan of the lobby, game, hero-choice and replay pages (needs Chromium).
axe: bootstrap
	$(PYTEST) tests/browser -m axe $(PYTEST_ARGS)

lint: bootstrap
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy

# Write the tests that prove each rule into docs/rules/catalogue.md (from @pytest.mark.rule).
catalogue: bootstrap
	$(BIN)/python -m tools.catalogue

bench: bootstrap
	$(BIN)/python -m bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
