# One command starts the shop with demo data (`make start`); one runs every test (`make test`).
# The project brings its own Node (the `node` package in node_modules/.bin) because the machines' Node 20
# is too old for MikroORM 7 and the Nest CLI; putting node_modules/.bin first makes every recipe use it.
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)
PORT ?= 3000
export PORT

SWC := swc src cli migrations -d dist --config-file .swcrc --ignore '**/*.spec.ts'

.PHONY: help install build start dev test test-stress test-unit lint typecheck migrate seed clean bench bench-check bench-web-vitals cluster

help:
	@echo "make start      install, build, migrate, seed demo data and serve on PORT (default 3000)"
	@echo "make dev        serve with hot reload (Vite dev middleware) on PORT"
	@echo "make test       every test: unit, API on PGlite and PostgreSQL, browser journeys"
	@echo "make test-stress  the browser journeys 5 times under a CPU burner (STRESS_RUNS=N); exit 1 on any failure"
	@echo "make lint       eslint and the dependency rule (dependency-cruiser)"
	@echo "make typecheck  tsc --noEmit"
	@echo "make migrate    apply pending database migrations"
	@echo "make bench      production build, generated catalogue on PostgreSQL, load against the shop and its baselines"
	@echo "                (BENCH_PRODUCTS=100000 for the large run, BENCH_QUICK=1 for a 2-second harness check)"
	@echo "make cluster    two instances, a queue worker and nginx on one PostgreSQL database (docs/operations.md)"
	@echo "make bench-web-vitals  LCP, CLS and TBT of six pages in Chromium under Slow 4G and 4x CPU slowdown (ADR 0058)"
	@echo "make bench-check  the budgets of issue 6 against the last bench (exit 1 when any falls short)"

# npm ci fails against this registry (missing optional platform packages); npm install honours the lockfile.
# --include=dev: `make bench` exports NODE_ENV=production, which would otherwise leave out the build tools.
# --loglevel=error: npm runs on the machine's Node 20 before the project's Node 24 is installed and would print a
# hundred EBADENGINE warnings about packages that only ever run on the latter (issue 16, "a quiet start").
node_modules/.installed: package.json package-lock.json $(wildcard patches/*.patch)
	npm install --include=dev --no-audit --no-fund --loglevel=error
	@touch $@

install: node_modules/.installed

# A few lines, not the ~250 of each tool's own report (issue 29, ADR 0038): the steps are not echoed and each tool
# prints only its warnings and errors (swc --quiet, vite.config.ts's logLevel, esbuild's logLevel in bundle.mjs).
# A failing step still prints its error and stops the build.
build: install
	@echo "Building dist/: server, command line and migrations (swc), storefront (vike build, brotli and gzip copies), command-line bundle (esbuild)"
	@started=$$(date +%s); rm -rf dist && $(SWC) --quiet && vike build && node scripts/precompress.mjs && node scripts/bundle.mjs && \
	  echo "Built in $$(( $$(date +%s) - started )) s."

migrate: build
	./bin/shop db:migrate

seed: build
	./bin/shop db:seed --demo

# Not echoed either: each command says what it did.
start: build
	@./bin/shop db:migrate
	@./bin/shop db:seed --demo
	@NODE_ENV=production PAYMENT_PROVIDER=test ./bin/shop serve

dev: install
	rm -rf dist/src dist/cli dist/migrations
	$(SWC)
	./bin/shop db:migrate
	./bin/shop db:seed --demo
	$(SWC) --watch --log-watch-compilation & \
	  NODE_ENV=development node --watch-path=dist/src --watch-preserve-output dist/src/main.js; \
	  kill %1 2>/dev/null || true

test: build
	bash scripts/test.sh

# The browser journeys five times while a CPU burner keeps both cores busy; 0 failures expected (ADR 0037).
# Not part of `make test`: it takes about five browser suites' time.
test-stress: build
	bash scripts/test-stress.sh

# Two shop instances, one queue worker and nginx (Debian's package) on loopback, with the demo data on PostgreSQL
# (DATABASE_URL, default the database shop_cluster on the local server): the shape docs/operations.md deploys.
cluster: build
	node scripts/cluster/start.mjs

test-unit: install
	node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects unit

lint: install
	eslint .
	depcruise src web cli migrations --config .dependency-cruiser.cjs

typecheck: install
	tsc --noEmit -p tsconfig.json

# React and Vike pick their production builds from NODE_ENV, so the build and the shop under test both get it
# (a target-specific variable also reaches the `build` prerequisite). See docs/adr/0013-benchmarks.md.
bench: export NODE_ENV := production
bench: build
	node scripts/bench/bench.mjs

# Core Web Vitals alone (ADR 0058): Chromium, Slow 4G, CPU 4× slower, against the production build; `make bench` runs it too.
bench-web-vitals: export NODE_ENV := production
bench-web-vitals: build
	node scripts/bench/web-vitals.mjs

bench-check:
	node scripts/bench/check.mjs

clean:
	rm -rf dist var/test-results
