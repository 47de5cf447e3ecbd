#!/usr/bin/env bash
# The Windows artefacts of `make dist`, cross-built here: the app with Wails
# (no cgo on Windows) and its NSIS installer (Start menu entry, uninstaller,
# the WebView2 bootstrapper Wails ships), from build/windows/. Both are
# signed with osslsigncode when CLUSTERDECK_SIGN_CERT and CLUSTERDECK_SIGN_KEY
# name a certificate and its key (PEM or DER; CLUSTERDECK_SIGN_PASS for a
# protected key, CLUSTERDECK_SIGN_TIMESTAMP_URL for a timestamp), unsigned
# with a warning otherwise.
# Usage: VERSION=… PKG_VERSION=… WAILS=… dist-windows.sh OUT_DIR
set -euo pipefail
out=${1:?usage: dist-windows.sh OUT_DIR}
: "${VERSION:?}" "${PKG_VERSION:?}" "${WAILS:?}"
name=clusterdeck_${PKG_VERSION}_windows_amd64

CGO_ENABLED=0 "$WAILS" build -platform windows/amd64 -nsis -s -skipbindings -m -trimpath \
  -ldflags "-X main.version=$VERSION" -o clusterdeck.exe
mkdir -p "$out"
cp build/bin/clusterdeck.exe "$out/$name.exe"
cp build/bin/clusterdeck-amd64-installer.exe "$out/${name}_setup.exe"

if [[ -n "${CLUSTERDECK_SIGN_CERT:-}" && -n "${CLUSTERDECK_SIGN_KEY:-}" ]]; then
  for f in "$out/$name.exe" "$out/${name}_setup.exe"; do
    args=(sign -certs "$CLUSTERDECK_SIGN_CERT" -key "$CLUSTERDECK_SIGN_KEY" -h sha256
      -n Clusterdeck -i https://github.com/clusterdeck/clusterdeck -in "$f" -out "$f.signed")
    [[ -n "${CLUSTERDECK_SIGN_PASS:-}" ]] && args+=(-pass "$CLUSTERDECK_SIGN_PASS")
    [[ -n "${CLUSTERDECK_SIGN_TIMESTAMP_URL:-}" ]] && args+=(-ts "$CLUSTERDECK_SIGN_TIMESTAMP_URL")
    osslsigncode "${args[@]}"
    mv "$f.signed" "$f"
    osslsigncode verify -in "$f" >/dev/null || echo "dist: warning: $f is signed but does not verify against this machine's CAs" >&2
  done
  echo "dist: Windows app and installer signed"
else
  echo "dist: WARNING: the Windows app and installer are NOT signed (set CLUSTERDECK_SIGN_CERT and CLUSTERDECK_SIGN_KEY to sign them); Windows SmartScreen will warn users" >&2
fi
