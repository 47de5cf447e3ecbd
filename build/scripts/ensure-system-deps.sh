#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Clusterdeck needs, only those missing.
# Usage: ensure-system-deps.sh build|test|dist|dist-test
# (test and dist include build; dist-test includes test and dist)
set -euo pipefail

build_pkgs=(pkg-config gcc libgtk-3-dev libwebkit2gtk-4.1-dev)
# Headless window, session bus, keychain, screenshots, the test browsers (WebKitGTK's
# WebKitWebDriver and MiniBrowser, Chromium) and the locale matrix (locales: localedef and
# its sources; a Japanese font (DejaVu, already there, has Arabic); tzdata), and xclip to read
# what the WebKitGTK window copied.
test_pkgs=(xvfb xauth dbus-x11 gnome-keyring libsecret-tools x11-utils xdotool imagemagick
  fonts-noto-color-emoji chromium webkit2gtk-driver libwebkit2gtk-4.1-0 locales tzdata
  fonts-vlgothic xclip)

# make dist: the desktop entry's and AppStream metadata's validators, NSIS for
# the Windows installer and osslsigncode to sign it (nfpm, a Go module, makes
# the .deb and .rpm).
dist_pkgs=(desktop-file-utils appstream nsis osslsigncode)

want=("${build_pkgs[@]}")
case "${1:-build}" in
  build) ;;
  test) want+=("${test_pkgs[@]}") ;;
  dist) want+=("${dist_pkgs[@]}") ;;
  dist-test) want+=("${test_pkgs[@]}" "${dist_pkgs[@]}") ;;
  *) echo "usage: ensure-system-deps.sh build|test|dist|dist-test" >&2; exit 2 ;;
esac

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
