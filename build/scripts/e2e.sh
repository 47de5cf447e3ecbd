#!/usr/bin/env bash
# Runs the browser suite (or some of its files) in one engine:
#   e2e.sh chromium|webkit [frontend/e2e files...]
# webkit: WebKitGTK through WebKitWebDriver (MiniBrowser, the window's engine), under
# Xvfb, in the C.UTF-8 locale minimal installs have, unless LANG is set.
# Both run in a private D-Bus session with a temporary unlocked keyring (with-keyring.sh).
set -euo pipefail
engine=${1:?usage: e2e.sh chromium|webkit [files...]}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root/frontend"
export CLUSTERDECK_ENGINE=$engine
case $engine in
  chromium)
    exec ../build/scripts/with-keyring.sh npx vitest run --config vitest.e2e.config.ts "$@" ;;
  webkit)
    export LANG=${E2E_LANG:-C.UTF-8}
    exec xvfb-run -a -s "-screen 0 1440x900x24" ../build/scripts/with-keyring.sh \
      npx vitest run --config vitest.e2e.config.ts "$@" ;;
  *) echo "e2e.sh: unknown engine $engine (chromium or webkit)" >&2; exit 2 ;;
esac
