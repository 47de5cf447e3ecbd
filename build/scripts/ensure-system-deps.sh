#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Clusterdeck needs, only those missing.
# Usage: ensure-system-deps.sh build|test   (test includes build)
set -euo pipefail

build_pkgs=(pkg-config gcc libgtk-3-dev libwebkit2gtk-4.1-dev)
# Headless window, session bus, keychain, screenshots, the test browsers (WebKitGTK's
# WebKitWebDriver and MiniBrowser, Chromium) and the locale matrix (locales: localedef and
# its sources; a Japanese font (DejaVu, already there, has Arabic); tzdata), and xclip to read
# what the WebKitGTK window copied.
test_pkgs=(xvfb xauth dbus-x11 gnome-keyring libsecret-tools x11-utils xdotool imagemagick
  fonts-noto-color-emoji chromium webkit2gtk-driver libwebkit2gtk-4.1-0 locales tzdata
  fonts-vlgothic xclip)

want=("${build_pkgs[@]}")
[ "${1:-build}" = test ] && want+=("${test_pkgs[@]}")

if [ "$(uname -s)" != Linux ]; then
  echo "system packages: nothing to install on $(uname -s) (Wails uses the system webview)"
  exit 0
fi
if ! command -v dpkg-query >/dev/null; then
  echo "system packages: not a Debian-based system; install the equivalents of: ${want[*]}" >&2
  exit 0
fi

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "system packages: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
