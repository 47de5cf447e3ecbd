#!/usr/bin/env bash
# Go and Node.js are the two tools we do not install: say clearly what is missing.
set -euo pipefail

fail() { echo "toolchain: $*" >&2; exit 1; }

command -v go >/dev/null || fail "Go 1.26 or newer is needed: https://go.dev/dl/"
gov=$(go env GOVERSION | sed 's/^go//')
[ "$(printf '%s\n1.26\n' "$gov" | sort -V | head -1)" = 1.26 ] || fail "Go $gov is too old; 1.26 or newer is needed"

command -v node >/dev/null || fail "Node.js 20.19 or newer (with npm) is needed: https://nodejs.org/"
nodev=$(node --version | sed 's/^v//')
[ "$(printf '%s\n20.19\n' "$nodev" | sort -V | head -1)" = 20.19 ] || fail "Node.js $nodev is too old; 20.19 or newer is needed"
command -v npm >/dev/null || fail "npm is missing (it ships with Node.js)"
