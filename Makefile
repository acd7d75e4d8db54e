# Two commands do everything on a fresh machine:
#   make run    build and serve the product at http://127.0.0.1:8000 (SQLite, demo data)
#   make test   lint, types, schema check, backend, frontend and end-to-end tests
# PostgreSQL and Redis are used when DATABASE_URL / REDIS_URL are set (see .env.example).

SHELL := /bin/bash
# Idle keep-alive connections stay open longer than clients and proxies keep them (uvicorn's
# default of 5 s races with a client reusing a connection and ends in a reset). No per-message
# deflate on websockets: live events are a few hundred bytes, and compressing each copy costs
# CPU per socket and a zlib context per connection (docs/architecture.md, "Live events at scale").
UVICORN_OPTS := --timeout-keep-alive 75 --ws-per-message-deflate false
# glibc's per-thread malloc arenas let a long-running worker's RSS creep up after load peaks
# (bench/README.md, "Live events and faults"); the Dockerfile sets the same.
export MALLOC_ARENA_MAX ?= 2
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3.11
HOST ?= 127.0.0.1
PORT ?= 8000
E2E_PORT ?= 8010
# The e2e's local fake calendar feed and trackers (apps/integrations/fake_server.py).
E2E_FAKE_PORT ?= 8019
# `make run` and e2e serve plain http on 127.0.0.1: no HTTPS redirect, HSTS or secure cookies.
HTTPS_ONLY ?= false
# The proxies allowed to name the client in X-Forwarded-For (backend/apps/core/clients.py). Empty:
# none, not even 127.0.0.1 (uvicorn's own default trusts loopback).
FORWARDED_ALLOW_IPS ?=
export FORWARDED_ALLOW_IPS

BACKEND := backend
FRONTEND := frontend
VENV := $(BACKEND)/.venv
PY := $(abspath $(VENV))/bin/python
MANAGE := cd $(BACKEND) && $(PY) manage.py

.PHONY: help run serve worker fake-integrations test lint typecheck schema schema-check test-backend test-frontend bundle-check e2e antd-styles \
        install install-backend install-frontend build clean

help:
	@echo "make run   - install, build, migrate, seed demo data, serve http://$(HOST):$(PORT)"
	@echo "make test  - everything CI runs: lint, types, schema check, unit and end-to-end tests"
	@echo "make lint | typecheck | schema | schema-check | test-backend | test-frontend | bundle-check | e2e | build"

# --- installation (re-runs only when the lock files change) -------------------------------
$(VENV)/.installed: $(BACKEND)/requirements.txt $(BACKEND)/requirements-dev.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r $(BACKEND)/requirements-dev.txt
	@touch $@

$(FRONTEND)/node_modules/.installed: $(FRONTEND)/package-lock.json
	cd $(FRONTEND) && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

install-backend: $(VENV)/.installed
install-frontend: $(FRONTEND)/node_modules/.installed
install: install-backend install-frontend

build: install-frontend
	cd $(FRONTEND) && npm run build

# --- running --------------------------------------------------------------------------------
run: install build
	$(MANAGE) migrate --noinput
	cd $(BACKEND) && DEMO_DATA=true $(PY) manage.py seed_demo
	$(MAKE) --no-print-directory serve

serve:
	@echo "Serving on http://$(HOST):$(PORT)  (sign in as ada@example.com / remote-2026)"
	cd $(BACKEND) && HTTPS_ONLY=$(HTTPS_ONLY) EMBEDDED_SCHEDULER=true $(PY) -m uvicorn config.asgi:application --host $(HOST) --port $(PORT) $(UVICORN_OPTS) \
		$(if $(REDIS_URL),--workers 2,) --proxy-headers --forwarded-allow-ips "$(FORWARDED_ALLOW_IPS)" --no-server-header

# With REDIS_URL set, the background jobs go to Redis: run a worker with its beat next to `serve`
# (compose runs them as the `worker` and `beat` services). Without REDIS_URL nothing is needed:
# `serve` runs the jobs in-process (docs/architecture.md, "Background jobs").
worker:
	cd $(BACKEND) && $(PY) -m celery -A config worker --beat --loglevel=INFO --concurrency=2

# A local stand-in for a calendar feed, Toggl Track and Clockify (docs/integrations.md).
fake-integrations:
	cd $(BACKEND) && $(PY) manage.py fake_integrations --port $${FAKE_PORT:-8090}

# --- checks ---------------------------------------------------------------------------------
lint: install
	cd $(BACKEND) && $(PY) -m ruff check . ../bench && $(PY) -m ruff format --check . ../bench
	cd $(FRONTEND) && npm run lint
	cd $(FRONTEND) && node scripts/antd-styles.mjs --check

# antd's first-screen styles made at build time (frontend/scripts/antd-styles.mjs): run after an antd
# upgrade or a change of src/shared/theme.ts, and commit the two generated files.
antd-styles: install-frontend
	cd $(FRONTEND) && node scripts/antd-styles.mjs

typecheck: install
	cd $(FRONTEND) && npm run typecheck

# Regenerate the OpenAPI schema and the SPA's types from it, and the live-event types from the
# backend's event declarations (frontend/src/api/events.gen.ts). The schema is generated on the
# embedded default so it does not depend on the database (integer limits differ by backend).
SCHEMA_ENV := DATABASE_URL= REDIS_URL=
schema: install
	cd $(BACKEND) && $(SCHEMA_ENV) $(PY) manage.py spectacular --file schema.yml --validate --fail-on-warn
	cd $(BACKEND) && $(SCHEMA_ENV) $(PY) manage.py export_event_types --file ../$(FRONTEND)/src/api/events.gen.ts
	cd $(FRONTEND) && npm run gen:api

# Fail when the committed schema or generated types (API or live events) are stale.
schema-check: install
	@tmp=$$(mktemp -d); \
	(cd $(BACKEND) && $(SCHEMA_ENV) $(PY) manage.py spectacular --file $$tmp/schema.yml --validate --fail-on-warn); \
	diff -u $(BACKEND)/schema.yml $$tmp/schema.yml || { echo "backend/schema.yml is stale: run 'make schema'"; exit 1; }; \
	(cd $(FRONTEND) && npx openapi-typescript ../$(BACKEND)/schema.yml -o $$tmp/schema.d.ts >/dev/null); \
	diff -u $(FRONTEND)/src/api/schema.d.ts $$tmp/schema.d.ts || { echo "frontend/src/api/schema.d.ts is stale: run 'make schema'"; exit 1; }; \
	(cd $(BACKEND) && $(SCHEMA_ENV) $(PY) manage.py export_event_types --file $$tmp/events.gen.ts >/dev/null); \
	diff -u $(FRONTEND)/src/api/events.gen.ts $$tmp/events.gen.ts || { echo "frontend/src/api/events.gen.ts is stale: run 'make schema'"; exit 1; }; \
	rm -rf $$tmp; echo "schema, API types and live-event types are up to date"

# `make test` runs what production runs: the backend tests and the end-to-end stack use this
# machine's PostgreSQL and Redis whenever they answer on 127.0.0.1 (and no *_URL says otherwise).
# Where they do not, one line says so and the tests run on the embedded default (SQLite, local
# memory), where the PostgreSQL-only tests are skipped. `make run` always stays embedded.
LOCAL_PG_UP := $(shell (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && echo yes)
LOCAL_REDIS_UP := $(shell (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && echo yes)
TEST_DATABASE_URL := $(or $(DATABASE_URL),$(if $(LOCAL_PG_UP),postgres://postgres@127.0.0.1:5432/remote_office))
TEST_REDIS_URL := $(or $(REDIS_URL),$(if $(LOCAL_REDIS_UP),redis://127.0.0.1:6379/1))
E2E_DATABASE_URL := $(or $(E2E_DATABASE_URL),$(if $(LOCAL_PG_UP),postgres://postgres@127.0.0.1:5432/remote_office_e2e))
E2E_REDIS_URL := $(or $(E2E_REDIS_URL),$(if $(LOCAL_REDIS_UP),redis://127.0.0.1:6379/2))

test-backend: install-backend
	@$(if $(and $(TEST_DATABASE_URL),$(TEST_REDIS_URL)),,echo "make test: $(if $(TEST_DATABASE_URL),,PostgreSQL )$(if $(TEST_REDIS_URL),,Redis )not reachable on 127.0.0.1: the backend tests run on the embedded default and skip the tests that need $(if $(TEST_DATABASE_URL),Redis,PostgreSQL)")
	cd $(BACKEND) && DATABASE_URL="$(TEST_DATABASE_URL)" REDIS_URL="$(TEST_REDIS_URL)" $(PY) -m pytest

test-frontend: install-frontend
	cd $(FRONTEND) && npm test

# The bundle budget (bench/bundle/budget.json): builds the SPA into bench/.out/dist, serves it as
# `make run` does (uvicorn, SQLite, demo data) on a free port, loads each route cold in headless
# Chromium and exits 1 when the JS + CSS it fetched (gzip -9, deterministic) grows past the budget,
# a file came uncompressed, or draft-js reached a route's first load (about 20-40 s).
bundle-check: install
	@test -x /usr/bin/chromium || { echo "Chromium missing: apt-get install chromium"; exit 1; }
	node bench/bundle/sizes.mjs --build --check

# End to end: a freshly reset database, the built SPA and the real ASGI server, driven by
# Playwright in Debian's Chromium. E2E_DATABASE_URL / E2E_REDIS_URL pick PostgreSQL and Redis;
# E2E_ARGS passes Playwright arguments (one spec: E2E_ARGS=e2e/checkout.spec.ts).
# Real presence in seconds, not minutes, for the test server only (docs/presence.md): a beat a
# second, idle after 20 s without activity, 'last seen' 10 s later; the sweep runs in the server.
# The shift guardian too (docs/guardian.md): 'Still working?' after 40 s without activity, checked
# every second; no answer in 10 minutes: the workspace's policy (longer than any spec waits). The
# demo workspace's policy is 'off' for every spec (e2e/globalSetup.ts, through Ada's admin API):
# otherwise it would ask every member a long spec left idle in the office, and its dialog would
# cover their pages in later specs. e2e/guardian.spec.ts turns it on for its story and off again.
E2E_PRESENCE = PRESENCE_HEARTBEAT_SECONDS=1 PRESENCE_WRITE_SECONDS=1 PRESENCE_SWEEP_SECONDS=1 \
	PRESENCE_IDLE_SECONDS=20 PRESENCE_AWAY_AFTER_IDLE_SECONDS=10 \
	GUARDIAN_EVERY=1 GUARDIAN_QUIET_SECONDS=40 GUARDIAN_ANSWER_SECONDS=600 \
	EMBEDDED_JOBS=presence-sweep,shift-guardian \
	MAX_QUEUED_REQUESTS=64 REQUEST_QUEUE_SECONDS=10
# The last line: a page's burst of reads waits for a slot on the e2e server instead of a 503 (the
# jobs above run every second beside one browser on a loaded CI machine; a shed read showed the
# error banner in the middle of an accessibility check). Shedding itself is tested in
# apps/core/tests and measured by bench/soak.

e2e: install build
	@test -x /usr/bin/chromium || { echo "Chromium missing: apt-get install chromium"; exit 1; }
	@mkdir -p .run; rm -rf .run/e2e-mail; \
	export DATABASE_URL="$(E2E_DATABASE_URL)" REDIS_URL="$(E2E_REDIS_URL)" \
	       EMAIL_BACKEND=django.core.mail.backends.filebased.EmailBackend EMAIL_FILE_PATH="$(abspath .run/e2e-mail)" \
	       INVITATION_THROTTLE_RATE=1000/min \
	       SQLITE_PATH="$(abspath .run/e2e.sqlite3)" MEDIA_ROOT="$(abspath .run/e2e-media)" \
	       SIGN_IN_THROTTLE_RATE=1000/min PASSWORD_RESET_THROTTLE_RATE=1000/min HTTPS_ONLY=$(HTTPS_ONLY) DEMO_DATA=true \
	       INTEGRATIONS_ALLOW_PRIVATE_HOSTS=true E2E_FAKE_URL=http://127.0.0.1:$(E2E_FAKE_PORT); \
	cd $(BACKEND); \
	$(PY) scripts/reset_database.py; \
	$(PY) manage.py migrate --noinput >/dev/null; \
	$(PY) manage.py seed_demo; \
	$(E2E_PRESENCE) $(PY) -m uvicorn config.asgi:application --host 127.0.0.1 --port $(E2E_PORT) $(UVICORN_OPTS) \
		$$( [ -n "$$REDIS_URL" ] && echo --workers 2 ) > ../.run/e2e-server.log 2>&1 & \
	server=$$!; \
	$(PY) manage.py fake_integrations --port $(E2E_FAKE_PORT) > ../.run/e2e-fake.log 2>&1 & \
	fake=$$!; \
	trap 'kill $$server $$fake 2>/dev/null; wait $$server $$fake 2>/dev/null || true' EXIT; \
	for _ in $$(seq 1 60); do curl -sf http://127.0.0.1:$(E2E_PORT)/api/health/ >/dev/null && break; sleep 0.5; done; \
	curl -sf http://127.0.0.1:$(E2E_PORT)/api/health/ >/dev/null || { cat ../.run/e2e-server.log; exit 1; }; \
	cd ../$(FRONTEND) && E2E_BASE_URL=http://127.0.0.1:$(E2E_PORT) E2E_MAIL_DIR="$(abspath .run/e2e-mail)" npm run e2e -- $(E2E_ARGS)

test: lint typecheck schema-check test-backend test-frontend bundle-check e2e
	@echo "All checks passed."

clean:
	rm -rf $(VENV) $(FRONTEND)/node_modules $(FRONTEND)/dist .run $(BACKEND)/db.sqlite3

# --- benchmarks (bench/README.md): loopback, bounded, never part of `make test` (the bundle budget is) -
# Each starts its own server (ports 8020-8029) on the bench's databases (ro_bench*) and Redis DB 10.
.PHONY: bench-http bench-http-production bench-scale bench-fanout bench-faults bench-soak bench-overload bench-bundle bench-bundle-check

bench/bundle/node_modules/.installed: bench/bundle/package-lock.json
	cd bench/bundle && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

bench-http: install-backend
	$(PY) -m bench.http --wsgi

# /api served as docker compose serves it (gunicorn gthread), with the gunicorn reference and
# `make run`'s uvicorn side by side.
bench-http-production: install-backend
	$(PY) -m bench.http --production --wsgi

bench-scale: install-backend
	$(PY) -m bench.scale --reset --compare-demo

bench-fanout: install-backend
	$(PY) -m bench.fanout

# PostgreSQL and Redis cut through a loopback proxy under 200 sockets + 20 req/s; 7 minutes.
bench-faults: install-backend
	$(PY) -m bench.faults

# The mixed soak (issue 33): 200 members and sockets, six reads and three writes at 20 req/s,
# 15 minutes, worker RSS per minute; then the ramp past the sustainable rate on the same data.
bench-soak: install-backend
	$(PY) -m bench.soak --duration 900

bench-overload: install-backend
	$(PY) -m bench.soak --skip-generate --ramp 10 20 30 40 60 80 120 160

bench-bundle: install bench/bundle/node_modules/.installed
	$(PY) -m bench.bundle

# The same check as `make bundle-check` (part of `make test`).
bench-bundle-check: bundle-check
