#!/usr/bin/env bash
# The locale and time-zone matrix: frontend/e2e/locale.e2e.ts in WebKitGTK under
# each system locale users run, each with a time zone far from UTC. The locales
# are compiled into a temporary folder (LOCPATH) for this run only: nothing is
# generated system-wide, and the folder is gone afterwards.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
locpath=$(mktemp -d)
trap 'rm -rf "$locpath"' EXIT
for l in de_DE ja_JP ar_EG; do
  # -c: Debian's sources carry warnings that are not errors for our use.
  localedef -c -i "$l" -f UTF-8 "$locpath/$l.UTF-8" 2>/dev/null || [ -d "$locpath/$l.UTF-8" ] || {
    echo "e2e-locales: could not compile $l.UTF-8 (is the locales package installed?)" >&2
    exit 1
  }
done
export LOCPATH=$locpath
# LANG and TZ pairs: a minimal install (C.UTF-8), a decimal comma, a CJK script and a
# right-to-left one, each in a time zone on the other side of UTC from the last.
for pair in C.UTF-8:Pacific/Auckland de_DE.UTF-8:America/Los_Angeles ja_JP.UTF-8:Pacific/Auckland ar_EG.UTF-8:America/Los_Angeles; do
  echo "e2e-locales: LANG=${pair%%:*} TZ=${pair#*:}"
  E2E_LANG=${pair%%:*} TZ=${pair#*:} "$root/build/scripts/e2e.sh" webkit e2e/locale.e2e.ts
done
