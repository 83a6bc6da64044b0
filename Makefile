# The only entry points for humans and CI. `make dev` runs the product; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Every recipe, script and child process runs on the pinned Node.js (.nvmrc): deploy/scripts/ensure-node.sh fetches
# it once into .cache/node through the npm registry and checks it against deploy/node/integrity; npm is the
# system's, running on it. Make refuses to go on when `node` on the recipes' PATH is another version.
NODE_VERSION := $(shell tr -d ' \r\n' < .nvmrc)
ifneq ($(filter-out help clean,$(or $(MAKECMDGOALS),help)),)
NODE_BIN := $(shell bash deploy/scripts/ensure-node.sh)
ifeq ($(NODE_BIN),)
$(error the pinned Node.js $(NODE_VERSION) could not be obtained: deploy/scripts/ensure-node.sh says why above)
endif
export PATH := $(NODE_BIN):$(subst $(NODE_BIN):,,$(PATH))
ifneq ($(shell PATH='$(PATH)' node -v),v$(NODE_VERSION))
$(error `node` on the recipes' PATH is $(shell PATH='$(PATH)' node -v), not the pinned v$(NODE_VERSION) (.nvmrc))
endif
endif
# Every Node process of a recipe keeps the code V8 compiled for each module file in the repository's cache and reuses
# it at its next start (Node's module compile cache, keyed by each file's contents): the test runners, the walk files'
# processes and the deployables they start load the same modules again and again.
export NODE_COMPILE_CACHE ?= $(CURDIR)/.cache/node-compile-cache
NODE_TS := node --import ./deploy/scripts/register-ts.mjs
# TypeScript 7's native compiler builds and type-checks; `typescript` (6) stays for typescript-eslint's typed rules,
# which need the compiler's JavaScript API (TypeScript 7 has no stable one). Both read the same tsconfig files.
TSC := node node_modules/typescript-7/bin/tsc
JEST := node --experimental-vm-modules --no-warnings=ExperimentalWarning node_modules/jest/bin/jest.js

.PHONY: help install lock dev up down build lint eslint format-check typecheck test test-fast test-unit test-int e2e bench migrate gen check-generated release-contracts browser web-server kafka-up kafka-down replay-projections chaos clean

help:
	@echo "make dev              run the whole product locally (embedded PostgreSQL, in-process bus, fakes of the outside providers; KAFKA_BROKERS for Kafka)"
	@echo "make test             lint, typecheck, build, generated-file check, unit and integration tests (real PostgreSQL + Kafka)"
	@echo "make install          npm ci when the lockfile changed (make lock after changing dependencies)"
	@echo "make build            compile every backend package (tsc -b), bundle each deployable and the one-machine shape, build the web client (vite)"
	@echo "make lint | typecheck | test-fast | test-unit | test-int | gen | check-generated | migrate"
	@echo "make release-contracts       snapshot the Kafka contracts a release publishes (proto/released)"
	@echo "make e2e              browser tests: the whole stack as separate processes + Chromium (web/e2e)"
	@echo "make bench            every benchmark (bench/README.md): tables on screen, JSON in bench/results (< 30 min)"
	@echo "make kafka-up | kafka-down   the local Apache Kafka broker (KRaft, from Maven Central jars)"
	@echo "make replay-projections      republish companies, users and connections so every projection is rebuilt"
	@echo "make chaos            the fault suite under inbound load, on a private Kafka broker (bench/README.md)"
	@echo "make up | down        docker compose (production shape; needs a Docker engine)"

# --prefer-offline: the lockfile pins every tarball by its integrity, so npm's cache answers without asking the
# registry whether it is fresh; what the cache lacks is still fetched
node_modules/.install-stamp: package-lock.json package.json .nvmrc
	npm ci --no-audit --no-fund --prefer-offline
	@touch $@

install: node_modules/.install-stamp

# after changing dependencies: resolve, then drop optional binaries the registry mirror lacks (see the script)
lock:
	npm install --no-audit --no-fund
	node deploy/scripts/fix-lockfile.mjs
	@touch node_modules/.install-stamp

dev: install
	$(NODE_TS) deploy/scripts/dev.mjs

# each package checked as the image builds it (its own `types`: the typecheck target's one program over sources and
# tests sees declarations that a package's build does not)
build: install
	$(TSC) -b tsconfig.build.json
	node deploy/scripts/bundle.mjs
	npm run build --silent -w @cs/web
	node web/scripts/check-bundle.mjs

typecheck: install
	$(TSC) -p tsconfig.json
	$(TSC) -p web/tsconfig.json

lint: eslint format-check

eslint: install
	npx eslint --max-warnings 0 .

format-check: install
	npx prettier --check . --log-level warn

gen: install
	npm run gen --silent

# a release publishes the topics: their contracts become the snapshot `make test` guards (proto/released; it refuses
# a breaking change; RETIRE=<topic>,... drops topics retired by ADR)
release-contracts: install
	cd proto && node --import ../deploy/scripts/register-ts.mjs tools/release-contracts.ts

check-generated: gen
	@if [ -n "$$(git status --porcelain -- proto/generated web/src/api/generated deploy/kafka/topics.yaml)" ]; then \
	  echo "generated files are stale; run 'make gen' and commit:"; git status --porcelain -- proto/generated web/src/api/generated deploy/kafka/topics.yaml; exit 1; \
	else echo "generated files are up to date"; fi

test-unit: install
	$(JEST) --selectProjects unit

test-int: install web-server
	bash deploy/scripts/with-kafka.sh $(JEST) --selectProjects integration --maxWorkers=$${TEST_WORKERS:-4}

# the checks and the tests that need neither a build nor a broker side by side while the broker starts, then the
# integration and browser tiers under that broker, ending with every runner's summary. ESLint and Prettier are two
# jobs, so neither waits for the other (where the time goes: bench/README.md, make test)
test: install
	bash deploy/scripts/with-kafka.sh --early \
	  $(MAKE) --no-print-directory -j3 --output-sync=target eslint test-fast typecheck build check-generated browser web-server format-check \
	  -- bash deploy/scripts/run-tests.sh --kafka-tiers

test-fast: install
	bash deploy/scripts/run-tests.sh --fast

# Debian's Chromium for the browser tests, installed when missing
browser:
	bash deploy/scripts/ensure-chromium.sh

# Debian's nginx for the web deployable's tests (deploy/test/web-server.ts), installed when missing; after `browser`,
# whose apt-get would otherwise meet this one's at dpkg's lock
web-server: browser
	bash deploy/scripts/ensure-nginx.sh

# browser tests (Playwright on Debian's Chromium) against every deployable as its own process, the client behind the
# web deployable's nginx
e2e: install browser web-server
	npm run e2e --silent -w @cs/web

# benchmarks, not tests: they measure and report, never fail on timing (bench/README.md); real PostgreSQL
# (TEST_DATABASE_URL) and the shared Kafka broker, which is started when nothing answers and never stopped here
bench: install build
	@bash deploy/kafka/kafka.sh status >/dev/null 2>&1 || bash deploy/kafka/kafka.sh start
	BENCH_COMPILED=1 $(NODE_TS) bench/all.mjs

migrate: install
	$(NODE_TS) deploy/scripts/migrate.mjs

# rebuilds the projections of companies, users and connections (COMPANY_ID=<id> for one company; README)
replay-projections: install
	$(NODE_TS) deploy/scripts/replay-projections.mjs

# the fault suite (bench/README.md): kills, broker restart, a frozen connector and billing down during payments under
# inbound load, with an agent's socket open; not part of `make test`; it starts and restarts a broker of its own on
# CHAOS_KAFKA_PORT (never the shared 19092). Not under `nice`: its recovery limits count the CPU the stack got
chaos: install
	$(NODE_TS) bench/chaos.mjs --kafka-port $${CHAOS_KAFKA_PORT:-19192} --rate $${CHAOS_RATE:-20}

kafka-up:
	bash deploy/kafka/kafka.sh start

kafka-down:
	bash deploy/kafka/kafka.sh stop

up:
	docker compose up -d --build

down:
	docker compose down

clean:
	rm -rf proto/dist services/*/dist gateway/dist web/dist deploy/one-machine/dist .cache/tsc
	find proto services gateway -name '*.tsbuildinfo' -not -path '*/node_modules/*' -delete
