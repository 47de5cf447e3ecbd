#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked
# gnome-keyring (Secret Service), so the app under test really stores its
# secrets in a keychain. The keyring lives in a temporary folder and is gone
# afterwards; nothing touches the user's own keyring.
set -euo pipefail
if [[ -z "${CLUSTERDECK_KEYRING_SESSION:-}" ]]; then
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  # dbus-run-session ends the bus (and the keyring daemon with it) on exit.
  CLUSTERDECK_KEYRING_SESSION=1 XDG_RUNTIME_DIR="$dir" XDG_DATA_HOME="$dir/data" \
    dbus-run-session -- "$0" "$@"
  exit $?
fi
printf 'clusterdeck-e2e' | gnome-keyring-daemon --unlock --components=secrets >/dev/null
exec "$@"
