# Clusterdeck. Two commands matter (see README): `make run` and `make test`.
# Every target installs what it needs first, so a fresh clone works.
SHELL := /bin/bash
.DEFAULT_GOAL := run
.DELETE_ON_ERROR:

WAILS_VERSION := v2.15.0
GOBIN         := $(shell go env GOPATH 2>/dev/null)/bin
WAILS         := $(GOBIN)/wails
VERSION       ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
BINARY        := build/bin/clusterdeck
# On macOS Wails builds an .app bundle; the executable sits inside it.
ifeq ($(shell uname -s),Darwin)
BINARY        := build/bin/clusterdeck.app/Contents/MacOS/clusterdeck
endif
# The test build: the release binary plus the loopback bridge and the demo's
# test flags (-tags testbuild, main_testbuild.go); the browser suite and the
# benchmarks run it. Users get $(BINARY), which holds none of it.
TEST_BINARY   := build/bin/clusterdeck-test
ARTIFACTS     := $(CURDIR)/test-artifacts
# Webkit 4.1 is what Debian 12 and current Ubuntu ship.
TAGS          := webkit2_41

GO_SOURCES       := main.go main_release.go main_testbuild.go go.mod go.sum $(shell find app backend bridge -name '*.go' -not -name '*_test.go' 2>/dev/null) bridge/shim.js
FRONTEND_SOURCES := $(shell find frontend/src frontend/tooling frontend/public -type f 2>/dev/null) frontend/index.html frontend/vite.config.ts frontend/tsconfig.json
NODE_MODULES     := frontend/node_modules/.package-lock.json
BINDINGS         := frontend/wailsjs/go/models.ts
PAGE             := frontend/dist/index.html

.PHONY: run build test bench deps test-deps dist-deps toolchain go-test frontend-test e2e desktop-smoke dist dist-test cross-vet clean

## run: install what is missing, build, and open the app (on the Demo workspace).
run: deps $(BINARY)
	./$(BINARY)

## build: the production desktop binary at build/bin/clusterdeck.
build: deps $(BINARY)

## test: everything — go vet, go test -race, type check, unit, browser end-to-end (WebKitGTK and Chromium), desktop smoke.
test: test-deps go-test frontend-test e2e desktop-smoke
	@echo "make test: all suites passed"

## bench: print the speed and memory figures as `BENCH name value` lines (issue 18): Go benchmarks,
## the browser at scale in both engines (WebKitGTK's figures end in _webkit) (10,000 clusters, 1,000 pools and policies, 500 SQL warehouses and 100,000 history entries, 500,000 chart points, workspace
## switch) and the real window beside a minimal Wails app. Figures, not pass/fail: compare runs on
## the same machine. BENCH_LOG keeps the whole output; `grep ^BENCH` it to compare.
BENCH_LOG := $(ARTIFACTS)/bench.log
bench: test-deps $(TEST_BINARY)
	mkdir -p $(ARTIFACTS)
	set -o pipefail; { \
	  go test -run '^$$' -bench . -benchtime $(or $(BENCHTIME),1x) ./backend/... && \
	  for engine in chromium webkit; do \
	    CLUSTERDECK_BINARY=$(CURDIR)/$(TEST_BINARY) CLUSTERDECK_ARTIFACTS=$(ARTIFACTS) build/scripts/e2e.sh $$engine \
	      e2e/clusters-scale.e2e.ts e2e/catalog-scale.e2e.ts e2e/fleet-scale.e2e.ts e2e/warehouses-scale.e2e.ts e2e/metrics.e2e.ts e2e/workspaces.e2e.ts || exit 1; \
	  done && \
	  CLUSTERDECK_BENCH=1 CLUSTERDECK_BINARY=$(CURDIR)/$(TEST_BINARY) CLUSTERDECK_ARTIFACTS=$(ARTIFACTS) \
	    xvfb-run -a -s "-screen 0 1440x900x24" build/scripts/with-keyring.sh \
	    go test -count=1 -v -run TestBenchDesktop ./build/smoke; \
	} 2>&1 | tee $(BENCH_LOG)
	@echo "make bench: the figures"; grep -h '^BENCH' $(BENCH_LOG)

toolchain:
	@build/scripts/check-toolchain.sh

## dist: every release artefact in dist/ (issue 39): the Linux .deb, .rpm and .tar.gz (nfpm;
## desktop entry, hicolor icons and AppStream metadata, validated), the Windows app and its NSIS installer (Wails; signed when
## CLUSTERDECK_SIGN_CERT and CLUSTERDECK_SIGN_KEY are set), and dist/SHA256SUMS.
## Reproducible: the same commit gives the same Linux binary (-trimpath, SOURCE_DATE_EPOCH
## from the commit). No test-only code: it is built without the testbuild tag.
DIST              := $(CURDIR)/dist
NFPM_VERSION      := v2.45.2
# Package versions start with a digit: v1.2.0 → 1.2.0; no tag yet → 0.0.0-dev.g<commit>.
PKG_VERSION       ?= $(shell build/scripts/pkg-version.sh $(VERSION))
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
DIST_ENV          := VERSION=$(VERSION) PKG_VERSION=$(PKG_VERSION) SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) NFPM_VERSION=$(NFPM_VERSION)

dist: dist-deps $(PAGE)
	rm -rf $(DIST) && mkdir -p $(DIST)
	$(DIST_ENV) build/scripts/dist-linux.sh $(DIST)
	$(DIST_ENV) WAILS=$(WAILS) build/scripts/dist-windows.sh $(DIST)
	cd $(DIST) && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS
	@echo "make dist: $(DIST)"; cat $(DIST)/SHA256SUMS

## cross-vet: the Windows and macOS code paths compile: go vet for Windows with Wails' desktop
## tags (no cgo there); for macOS without them, since Wails' macOS window needs cgo and a Mac
## (our own macOS code, keychain and paths, is still checked); and every package's tests build for
## Windows (go test -c). CI runs it before make dist-test.
cross-vet:
	GOOS=windows CGO_ENABLED=0 go vet -tags desktop,production ./...
	@# Every package's tests build for Windows (run there, not here); one package at a time,
	@# since go test -c writes one binary per package.
	@set -e; for p in $$(go list ./...); do GOOS=windows CGO_ENABLED=0 go test -tags desktop,production -c -o /dev/null $$p >/dev/null; done
	@echo "cross-vet: the tests of every package build for Windows"
	GOOS=darwin CGO_ENABLED=0 go vet ./...

## dist-test: installs dist/'s .deb on this machine with apt-get (as root, else with sudo), opens
## /usr/bin/clusterdeck under Xvfb to the Demo workspace's first rows, purges it and checks that no
## file of it is left and the user's data is untouched. CI runs it after `make test`.
dist-test: dist
	@build/scripts/ensure-system-deps.sh dist-test
	mkdir -p $(ARTIFACTS)
	CLUSTERDECK_DEB=$$(ls $(DIST)/clusterdeck_*_amd64.deb) CLUSTERDECK_ARTIFACTS=$(ARTIFACTS) \
	  xvfb-run -a -s "-screen 0 1440x900x24" build/scripts/with-keyring.sh \
	  go test -count=1 -v -run TestDistPackageInstallLaunchPurge ./build/smoke

dist-deps: deps
	@build/scripts/ensure-system-deps.sh dist

deps: toolchain
	@build/scripts/ensure-system-deps.sh build
	@build/scripts/ensure-wails.sh $(WAILS_VERSION)
	@go mod download

test-deps: deps
	@build/scripts/ensure-system-deps.sh test

$(NODE_MODULES): frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

# The TypeScript bindings are generated from the Go structs the app binds.
# Wails builds and runs main with the "bindings" tag for this; main then
# builds nothing else (app.BindingsOnly). As a second guard it runs with a
# throwaway HOME and XDG folders, keeping Go's own caches where they are.
$(BINDINGS): $(GO_SOURCES)
	@scratch=$$(mktemp -d) && trap 'rm -rf "$$scratch"' EXIT && \
	  env HOME="$$scratch" XDG_CONFIG_HOME="$$scratch/config" XDG_DATA_HOME="$$scratch/data" \
	    XDG_CACHE_HOME="$$scratch/cache" XDG_STATE_HOME="$$scratch/state" \
	    GOPATH="$$(go env GOPATH)" GOCACHE="$$(go env GOCACHE)" GOMODCACHE="$$(go env GOMODCACHE)" \
	    GOENV="$$(go env GOENV)" $(WAILS) generate module -tags $(TAGS)
	@touch $@

$(PAGE): $(NODE_MODULES) $(BINDINGS) $(FRONTEND_SOURCES)
	cd frontend && npm run build

$(BINARY): $(PAGE) $(GO_SOURCES)
	$(WAILS) build -s -skipbindings -m -tags $(TAGS) -ldflags "-X main.version=$(VERSION)"

$(TEST_BINARY): $(PAGE) $(GO_SOURCES)
	go build -tags $(TAGS),desktop,production,testbuild -ldflags "-w -s -X main.version=$(VERSION)" -o $@ .

go-test: test-deps $(PAGE)
	go vet ./...
	go vet -tags testbuild .
	go test -race -count=1 ./...

frontend-test: $(NODE_MODULES) $(BINDINGS)
	cd frontend && npm run lint && npm run typecheck && npm test

## e2e: the built page against the real backend over the loopback bridge, with a real (temporary,
## unlocked) gnome-keyring so secrets are really stored, in both engines: WebKitGTK (the Linux window's,
## through WebKitWebDriver, under LANG=C.UTF-8) and Debian's Chromium; then the locale and time-zone
## matrix in WebKitGTK. One engine: E2E_ENGINES=webkit; some files: E2E_FILES=e2e/pools.e2e.ts.
E2E_ENGINES ?= webkit chromium
e2e: test-deps $(TEST_BINARY)
	mkdir -p $(ARTIFACTS)
	set -e; for engine in $(E2E_ENGINES); do \
	  echo "e2e: $$engine"; \
	  CLUSTERDECK_BINARY=$(CURDIR)/$(TEST_BINARY) CLUSTERDECK_ARTIFACTS=$(ARTIFACTS) build/scripts/e2e.sh $$engine $(E2E_FILES); \
	done
	$(if $(E2E_FILES),,CLUSTERDECK_BINARY=$(CURDIR)/$(TEST_BINARY) CLUSTERDECK_ARTIFACTS=$(ARTIFACTS) build/scripts/e2e-locales.sh)

## desktop-smoke: the production binary in a real window under Xvfb, with a private
## D-Bus session and an unlocked temporary keyring (nothing lands in the user's home).
desktop-smoke: test-deps $(BINARY)
	mkdir -p $(ARTIFACTS)
	CLUSTERDECK_BINARY=$(CURDIR)/$(BINARY) CLUSTERDECK_ARTIFACTS=$(ARTIFACTS) \
	  xvfb-run -a -s "-screen 0 1440x900x24" build/scripts/with-keyring.sh \
	  go test -count=1 -v -run TestDesktopSmoke ./build/smoke

clean:
	rm -rf build/bin build/stage dist frontend/dist/assets frontend/dist/index.html frontend/wailsjs $(ARTIFACTS)
